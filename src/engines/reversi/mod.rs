//! Reversi engines: an exact endgame solver, Reversi playouts for MCTS, the
//! bot that combines them, and the baseline players.

mod bench;
mod engine;
mod ffo;
mod greedy;
mod playout;
mod solve_command;
mod solver;
mod solver_table;
mod stability;

pub use bench::{ffo_bench, mcts_bench, playout_bench, reversi_bench, solver_reach_bench};
pub use engine::{solver_reach, EngineSettings, ReversiEngine};
pub use ffo::{ffo_positions, FfoPosition};
pub use greedy::GreedyPlayer;
pub use playout::{PlayoutStyle, ReversiPlayout};
pub use solve_command::reversi_solve_command;
pub use solver::{EndgameSolver, Solution, SolveError, SolveMode};

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
    /// "mcts" is the bot; the `mcts-*` variants differ from it in one
    /// respect each, for arena comparisons ("mcts-mobility" is the bot's
    /// own playout style, kept as a name for comparisons).
    fn engine_names() -> &'static [&'static str] {
        &[
            "mcts",
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

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        reversi_bench(out)
    }
}
