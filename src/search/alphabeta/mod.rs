//! Alpha-beta: iterative-deepening negamax with PVS, a transposition table,
//! killer and history move ordering, and distance-to-win scores.

mod config;
mod evaluator;
mod ordering;
pub mod score;
mod searcher;

pub use config::AlphaBetaConfig;
pub use evaluator::{Evaluator, NullEvaluator};
pub use ordering::{pick_next, History, Killers, FIRST_KILLER_KEY, SECOND_KILLER_KEY, TT_MOVE_KEY};
pub use searcher::AlphaBeta;
