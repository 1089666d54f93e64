//! Reversi engines: an exact endgame solver, Reversi playouts for MCTS, the
//! bot that combines them, and the baseline players.

mod bench;
mod engine;
mod evaluator;
mod features;
mod ffo;
mod greedy;
mod last_flip;
mod midgame;
mod midgame_table;
mod options;
mod pattern_engine;
mod playout;
mod registry;
mod solver;
mod solver_table;
mod stability;
mod symmetry;
pub mod training;
mod weights;

pub use bench::{
    ffo_bench, mcts_bench, middle_game_positions, pattern_bench, pattern_depth_bench,
    pattern_threads_bench, playout_bench, reversi_bench, reversi_signature, solver_reach_bench,
    SIGNATURE_DEPTH,
};
pub use engine::{solver_reach, EngineSettings, ReversiEngine};
pub use evaluator::evaluate;
pub use features::{
    canonical_weights, feature_indices, instance_index_by_squares, stage_of, Family,
    ACTIVE_FEATURES, FAMILIES, INSTANCE_COUNT, STAGES, STAGE_WEIGHTS,
};
pub use ffo::{ffo_positions, FfoPosition};
pub use greedy::GreedyPlayer;
pub use midgame::{MidgameResult, MidgameSearch, ProbCut, SCORE_SCALE};
pub use pattern_engine::{PatternEngine, PatternSettings};
pub use playout::{PlayoutStyle, ReversiPlayout};
pub use solver::{EndgameSolver, Solution, SolveError, SolveMode};
pub use symmetry::{transform_board, transform_square};
pub use weights::{Weights, WeightsError, WEIGHT_SCALE};
