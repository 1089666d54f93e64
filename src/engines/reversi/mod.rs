//! Reversi engines: an exact endgame solver, Reversi playouts for MCTS, the
//! bot that combines them, and the baseline players.

mod bench;
mod engine;
mod evaluator;
mod features;
mod ffo;
mod greedy;
mod midgame;
mod midgame_table;
mod pattern_engine;
mod playout;
mod solver;
mod solver_table;
mod stability;
mod symmetry;
pub mod training;
mod weights;

pub use bench::{
    ffo_bench, mcts_bench, middle_game_positions, pattern_bench, pattern_threads_bench,
    playout_bench, reversi_bench, reversi_signature, solver_reach_bench, SIGNATURE_DEPTH,
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

use super::Engines;
use crate::games::Reversi;
use crate::search::{Mcts, RandomSearcher, Searcher};

/// The bot with one playout style (and everything else as in "mcts").
fn engine_with_playout(playout: PlayoutStyle, seed: u64) -> Box<dyn Searcher<Reversi>> {
    Box::new(ReversiEngine::new(
        EngineSettings {
            playout,
            ..EngineSettings::default()
        },
        seed,
    ))
}

impl Engines for Reversi {
    /// "pattern" is the bot: alpha-beta on the trained pattern evaluation
    /// ("pattern-noprobcut" without selective pruning). "mcts" is the
    /// previous bot, kept as the baseline; the `mcts-*` variants differ from
    /// it in one respect each ("mcts-mobility" is its own playout style,
    /// kept as a name for comparisons).
    fn engine_names() -> &'static [&'static str] {
        &[
            "pattern",
            "mcts",
            "pattern-noprobcut",
            "random",
            "greedy",
            "uct-plain",
            "mcts-uniform",
            "mcts-corners",
            "mcts-mobility",
            "mcts-nosolver",
        ]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            "mcts" => Some(Box::new(ReversiEngine::new(
                EngineSettings::default(),
                seed,
            ))),
            "pattern" => Some(Box::new(PatternEngine::new(PatternSettings::default()))),
            "pattern-noprobcut" => Some(Box::new(PatternEngine::new(PatternSettings {
                probcut: None,
                ..PatternSettings::default()
            }))),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            "greedy" => Some(Box::new(GreedyPlayer::new(seed))),
            "uct-plain" => Some(Box::new(Mcts::<Reversi, _>::plain(seed))),
            "mcts-uniform" => Some(engine_with_playout(PlayoutStyle::UNIFORM, seed)),
            "mcts-corners" => Some(engine_with_playout(PlayoutStyle::CORNER_AWARE, seed)),
            "mcts-mobility" => Some(engine_with_playout(PlayoutStyle::MOBILITY, seed)),
            "mcts-nosolver" => Some(Box::new(ReversiEngine::new(
                EngineSettings {
                    use_solver: false,
                    ..EngineSettings::default()
                },
                seed,
            ))),
            _ => None,
        }
    }

    /// "pattern" and "pattern-noprobcut" search the midgame with lazy SMP.
    fn lazy_smp_engine(name: &str, threads: usize) -> Option<Box<dyn Searcher<Self>>> {
        let settings = match name {
            "pattern" => PatternSettings::default(),
            "pattern-noprobcut" => PatternSettings {
                probcut: None,
                ..PatternSettings::default()
            },
            _ => return None,
        };
        Some(Box::new(PatternEngine::with_threads(settings, threads)))
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        reversi_bench(out)
    }

    fn threads_bench(out: &mut dyn std::io::Write, threads: usize) -> std::io::Result<()> {
        pattern_threads_bench(out, threads)
    }
}
