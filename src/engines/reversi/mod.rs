//! Reversi engines: an exact endgame solver, informed playouts for MCTS,
//! and the baseline players.

mod bench;
mod ffo;
mod solver;
mod solver_table;
mod stability;

pub use bench::{ffo_bench, reversi_bench};
pub use ffo::{ffo_positions, FfoPosition};
pub use solver::{EndgameSolver, SolveError, SolveMode, Solution};

use super::Engines;
use crate::games::Reversi;
use crate::search::{RandomSearcher, Searcher};

impl Engines for Reversi {
    fn engine_names() -> &'static [&'static str] {
        &["random"]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            _ => None,
        }
    }
}
