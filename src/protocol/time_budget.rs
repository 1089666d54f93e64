//! How long a turn may think: Botzone's native limits minus a measured safety margin.

use std::time::{Duration, Instant};

/// Botzone's per-turn limit for native bots (keep-running later turns included).
pub const TURN_LIMIT: Duration = Duration::from_millis(1000);
/// Botzone's limit on a bot's first turn of a game.
pub const FIRST_TURN_LIMIT: Duration = Duration::from_millis(2000);
/// Time kept back from the limit of a later turn. It must cover what our
/// clock cannot see or control: the exec of the process before `main` runs,
/// an engine noticing its deadline late, writing the answer, and a slower,
/// busier judge machine. On our 2-core machine the worst of 1,553 Gomoku
/// turns with a 900 ms budget under a load of 4-5 took 918 ms, and of 1,828
/// under a load of 9-10 (six busy loops beside two games) 943 ms
/// (docs/measurements.md, "Turn timing"): 100 ms keeps every turn inside the
/// limit, with room on a judge core of its own.
pub const SAFETY_MARGIN: Duration = Duration::from_millis(100);
/// Time kept back from the limit of a bot's first turn of a game: more than
/// [`SAFETY_MARGIN`], as that turn also loads the process (its first turns
/// under a load of 10 ended up to 51 ms after a 900 ms deadline), and one
/// turn's extra thought is worth little.
pub const FIRST_TURN_SAFETY_MARGIN: Duration = Duration::from_millis(200);

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
/// default budget of limit minus its margin ([`FIRST_TURN_SAFETY_MARGIN`] or
/// [`SAFETY_MARGIN`]).
pub fn turn_deadline(
    clock_start: Instant,
    first_turn_of_game: bool,
    explicit: Option<Duration>,
) -> Instant {
    let budget = if first_turn_of_game {
        FIRST_TURN_LIMIT - FIRST_TURN_SAFETY_MARGIN
    } else {
        TURN_LIMIT - SAFETY_MARGIN
    };
    clock_start + explicit.unwrap_or(budget)
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
            Duration::from_millis(900)
        );
        let explicit = Duration::from_millis(50);
        assert_eq!(turn_deadline(start, true, Some(explicit)) - start, explicit);
    }
}
