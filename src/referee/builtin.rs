//! A built-in engine as a player, run in-process with a deadline.

use std::time::Instant;

use crate::game::Game;
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
pub struct BuiltinBot<G: Game> {
    engine: Box<dyn Searcher<G>>,
}

impl<G: Game> BuiltinBot<G> {
    pub fn new(engine: Box<dyn Searcher<G>>) -> Self {
        BuiltinBot { engine }
    }
}

impl<G: Game> Contestant<G> for BuiltinBot<G> {
    fn play_turn(&mut self, turn: &Turn<'_, G>) -> TurnReport {
        let start = Instant::now();
        let limits = Limits::until(start + turn.limit.mul_f64(DEADLINE_SHARE));
        let result = self.engine.choose_move(turn.position, &limits);
        let elapsed = start.elapsed();
        let debug = format!(
            "{} value {:.3} depth {} nodes {} playouts {}",
            result.method, result.value, result.depth, result.nodes, result.playouts
        );
        let answer = if elapsed > turn.limit.mul_f64(TIMEOUT_FACTOR) {
            Err(Fault {
                termination: Termination::Timeout,
                detail: format!("the engine took {elapsed:?}"),
            })
        } else {
            Ok(G::move_to_xy(result.best_move))
        };
        TurnReport {
            answer,
            elapsed,
            debug,
        }
    }

    fn game_over(&mut self) {}
}
