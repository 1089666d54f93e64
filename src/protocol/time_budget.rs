//! How long a turn may think: Botzone's native limits minus a measured safety margin.

use std::time::{Duration, Instant};

/// Botzone's per-turn limit for native bots (keep-running later turns included).
pub const TURN_LIMIT: Duration = Duration::from_millis(1000);
/// Botzone's limit on a bot's first turn of a game.
pub const FIRST_TURN_LIMIT: Duration = Duration::from_millis(2000);
/// Time kept back from the limit. It must cover what our clock cannot see or
/// control: the exec of the process before `main` runs, an engine noticing
/// its deadline late, writing the answer, and a slower, busier judge machine.
/// On our 2-core machine, heavily oversubscribed, the process overhead
/// (start, replay of a 100-ply history, output) was 1.5 ms median and 23 ms
/// worst, and the worst of 300 full turns ended 72 ms after its deadline
/// (docs/measurements.md, "Turn timing"): 200 ms keeps every turn inside the limit
/// with room to spare on a judge core of its own.
pub const SAFETY_MARGIN: Duration = Duration::from_millis(200);

/// The longest per-turn time a command line accepts (a day): far beyond any
/// real use, and small enough that deadlines computed from it never overflow.
pub const MAX_TURN_SECONDS: f64 = 86_400.0;

/// Reads a `--time SECS` argument: a number of seconds from 0 to
/// [`MAX_TURN_SECONDS`]. The error says what is wrong, for the command line.
pub fn parse_turn_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.0..=MAX_TURN_SECONDS).contains(&seconds) {
        return Err(format!(
            "`{text}` is out of range: seconds per turn go from 0 to {MAX_TURN_SECONDS}"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// When the turn must stop thinking. `clock_start` is when the turn's clock
/// started (process start for the first turn a process answers, the moment
/// its request was read for later keep-running turns). `first_turn_of_game`
/// gives the double first-turn limit. `explicit` (from `--time`) replaces the
/// default budget of limit minus `SAFETY_MARGIN`.
pub fn turn_deadline(
    clock_start: Instant,
    first_turn_of_game: bool,
    explicit: Option<Duration>,
) -> Instant {
    let limit = if first_turn_of_game {
        FIRST_TURN_LIMIT
    } else {
        TURN_LIMIT
    };
    clock_start + explicit.unwrap_or(limit - SAFETY_MARGIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_seconds_are_bounded() {
        assert_eq!(parse_turn_seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_turn_seconds("0"), Ok(Duration::ZERO));
        for bad in ["-1", "1e19", "1e20", "inf", "NaN", "x", ""] {
            assert!(parse_turn_seconds(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn default_budgets_stay_under_the_limits() {
        let start = Instant::now();
        assert_eq!(
            turn_deadline(start, true, None) - start,
            Duration::from_millis(1800)
        );
        assert_eq!(
            turn_deadline(start, false, None) - start,
            Duration::from_millis(800)
        );
        let explicit = Duration::from_millis(50);
        assert_eq!(turn_deadline(start, true, Some(explicit)) - start, explicit);
    }
}
