//! The game knowledge alpha-beta needs: a static evaluation, the moves to
//! search (and their order), and an optional proof hook.

use super::score::{is_proven, WIN_SCORE};
use crate::game::{Game, MoveList};

/// Game-specific knowledge plugged into [`AlphaBeta`](super::AlphaBeta).
pub trait Evaluator<G: Game>: Send {
    /// The heuristic value of the unfinished position `pos`, from the side to
    /// move's point of view (positive = good for the side to move).
    ///
    /// Contract: bounded well inside the win scores, i.e. within
    /// `±EVAL_LIMIT` (the search clamps anything outside). Deterministic.
    fn evaluate(&mut self, pos: &G) -> i32;

    /// Fills `out` (cleared first) with the moves to search at `pos`,
    /// best first as far as the engine knows.
    ///
    /// Contract: `pos` is not finished; every move is legal, each appears
    /// once, and the list is non-empty. The default is every legal move in
    /// generation order. An engine may restrict the list (e.g. Gomoku: points
    /// near stones, or only forced defences). The search then lifts the
    /// table move, killers and history above this order, keeping it among
    /// equals.
    fn generate_moves(&mut self, pos: &G, out: &mut MoveList<G::Move>) {
        pos.legal_moves(out);
    }

    /// A result proven by game knowledge (e.g. a VCF search in Gomoku), or
    /// `None` (the default) when nothing is proven.
    ///
    /// Contract: `pos` is not finished; a returned score is a proven score
    /// relative to `pos` for its side to move, i.e. `win_in(n)` or
    /// `loss_in(n)` where `n` is the number of plies to the end. Called at
    /// every interior node and leaf, so it must be cheap or self-limiting.
    fn probe_win(&mut self, _pos: &G) -> Option<i32> {
        None
    }

    /// Maps a heuristic score to an expected result in `(-1, 1)` for
    /// reports. Proven scores map to ±1 before this is called. The default
    /// treats ±1000 as a clear advantage.
    fn score_to_value(&self, score: i32) -> f64 {
        if is_proven(score) {
            score.signum() as f64
        } else {
            (score as f64 / 1000.0).tanh().clamp(-1.0, 1.0) * (1.0 - 1.0 / WIN_SCORE as f64)
        }
    }
}

/// Knows nothing: every unfinished position evaluates to 0. Enough for games
/// searched to the end (TicTacToe) and for testing the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NullEvaluator;

impl<G: Game> Evaluator<G> for NullEvaluator {
    fn evaluate(&mut self, _pos: &G) -> i32 {
        0
    }
}
