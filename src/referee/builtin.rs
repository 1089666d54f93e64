//! A built-in engine as a player, run in-process with a deadline. It answers
//! exactly as the bot executable with that engine would: through the
//! protocol's [`decide`] (forced moves unsearched, an illegal engine move
//! replaced by the first legal one, forbidden openings avoided, the same
//! debug line).

use std::time::Instant;

use crate::protocol::{decide, BotGame};
use crate::search::{Limits, Searcher};

use super::contestant::{Contestant, Fault, Turn, TurnReport};
use super::record::Termination;

/// Share of the turn's limit an engine is told to use; the rest absorbs the
/// overshoot of a search that checks the clock only now and then.
const DEADLINE_SHARE: f64 = 0.9;
/// A built-in engine loses on time only past this multiple of its limit: it
/// is trusted to stop near its deadline, and the scheduling hiccups of a
/// loaded machine (a few milliseconds at short limits) should not lose games.
const TIMEOUT_FACTOR: f64 = 1.5;

/// An engine from the `Engines` registry.
pub struct BuiltinBot<G: BotGame> {
    engine: Box<dyn Searcher<G>>,
}

impl<G: BotGame> BuiltinBot<G> {
    pub fn new(engine: Box<dyn Searcher<G>>) -> Self {
        BuiltinBot { engine }
    }
}

impl<G: BotGame> Contestant<G> for BuiltinBot<G> {
    fn play_turn(&mut self, turn: &Turn<'_, G>) -> TurnReport {
        let start = Instant::now();
        let limits = Limits::until(start + turn.limit.mul_f64(DEADLINE_SHARE));
        let (chosen, answer) = decide(turn.position, &mut *self.engine, &limits, start);
        let elapsed = start.elapsed();
        let debug = answer.debug;
        let answer = if elapsed > turn.limit.mul_f64(TIMEOUT_FACTOR) {
            Err(Fault {
                termination: Termination::Timeout,
                detail: format!("the engine took {elapsed:?}"),
            })
        } else {
            Ok(G::move_to_xy(chosen))
        };
        TurnReport {
            answer,
            elapsed,
            debug,
        }
    }

    fn game_over(&mut self) {}
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::game::{Game, Player};
    use crate::games::{NoGo, TicTacToe};
    use crate::search::{RandomSearcher, SearchResult};

    fn first_turn<G: Game>(position: &G) -> Turn<'_, G> {
        Turn {
            position,
            moves: &[],
            colour: Player::Black,
            limit: Duration::from_secs(1),
        }
    }

    #[test]
    fn nogo_builtin_never_opens_on_the_centre() {
        let start = NoGo::start();
        let mut avoided = 0;
        for seed in 0..400 {
            let mut bot = BuiltinBot::<NoGo>::new(Box::new(RandomSearcher::new(seed)));
            let report = bot.play_turn(&first_turn(&start));
            assert_ne!(report.answer, Ok((4, 4)), "seed {seed}");
            avoided += usize::from(report.debug.contains("avoided-opening=(4,4)"));
        }
        // A uniform engine picks the centre about 400/81 times: the rule was exercised.
        assert!(avoided > 0);
    }

    /// Always answers the top-left corner, legal or not.
    struct CornerOnly;

    impl Searcher<TicTacToe> for CornerOnly {
        fn choose_move(
            &mut self,
            _: &TicTacToe,
            _: &Limits,
        ) -> SearchResult<<TicTacToe as Game>::Move> {
            SearchResult::just(TicTacToe::move_from_xy(0, 0).unwrap(), "corner")
        }
    }

    #[test]
    fn an_illegal_engine_move_is_replaced_as_in_the_bots() {
        let mut position = TicTacToe::start();
        position.play_unchecked(TicTacToe::move_from_xy(0, 0).unwrap());
        let mut bot = BuiltinBot::new(Box::new(CornerOnly));
        let report = bot.play_turn(&first_turn(&position));
        let (x, y) = report.answer.expect("an answer");
        assert!(position.is_legal(TicTacToe::move_from_xy(x, y).unwrap()));
        assert!(report.debug.starts_with("corner "), "{}", report.debug);
        assert!(
            report.debug.contains("engine-move-illegal"),
            "{}",
            report.debug
        );
    }
}
