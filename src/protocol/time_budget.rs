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
/// (README, "Running the bots"): 200 ms keeps every turn inside the limit
/// with room to spare on a judge core of its own.
pub const SAFETY_MARGIN: Duration = Duration::from_millis(200);

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
