//! Layer 2, search: game-agnostic algorithms generic over [`Game`].
//! Search never prints and reads the clock only through [`Limits`].
//!
//! The scaffold every alpha-beta search and solver is built on, one of each:
//! [`Budget`] (nodes, clock, stop signal), [`Killers`] and [`History`] (move
//! ordering memory), [`iterative_deepening`] with an [`AspirationWindow`]
//! (the engine supplies its root iteration as a [`RootSearch`]), and
//! [`LazySmp`] (helper threads on a shared table, [`SmpSearch`]). The
//! node functions stay with their engines.

mod alphabeta;
mod budget;
mod cpu_time;
mod deepening;
mod huge_pages;
mod lazy_smp;
mod limits;
mod mcts;
mod playout;
mod prefetch;
mod random;
pub mod tt;

pub use alphabeta::score;
pub use alphabeta::{
    pick_next, AlphaBeta, AlphaBetaConfig, Evaluator, History, Killers, NullEvaluator,
    FIRST_KILLER_KEY, SECOND_KILLER_KEY, TT_MOVE_KEY,
};
pub use budget::Budget;
pub use cpu_time::thread_cpu_seconds;
pub use deepening::{iterative_deepening, AspirationWindow, Completed, FullWindow, RootSearch};
pub use huge_pages::advise_huge_pages;
pub use lazy_smp::{helper_depth_offset, LazySmp, SmpSearch, StopSignal};
pub use limits::Limits;
pub use mcts::{
    merge_results, root_children, Mcts, MctsConfig, Node, NodeId, ParentVisits, Proof, RootChild,
    RootParallel, Selection, Tree, Uct,
};
pub use playout::{PlayoutPolicy, Prior, UniformPlayout};
pub use prefetch::prefetch;
pub use random::RandomSearcher;

use crate::game::Game;

/// What a search found. The protocol layer turns it into the `debug` line.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play.
    pub best_move: M,
    /// Expected result for the side to move, in `[-1, 1]` (1 = certain win).
    pub value: f64,
    /// An exact or heuristic score in the engine's own units, if it has one
    /// (alpha-beta score, exact disc difference from a solver).
    pub score: Option<i32>,
    /// Principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// Nodes visited (alpha-beta) or created (MCTS).
    pub nodes: u64,
    /// MCTS playouts run.
    pub playouts: u64,
    /// Deepest completed iteration (alpha-beta) or deepest tree level (MCTS).
    pub depth: u32,
    /// Which algorithm chose the move, e.g. `"mcts"`, `"solver"`, `"vcf"`, `"random"`.
    pub method: &'static str,
}

impl<M: Copy> SearchResult<M> {
    /// A result that only carries a move (for trivial choices).
    pub fn just(best_move: M, method: &'static str) -> Self {
        SearchResult {
            best_move,
            value: 0.0,
            score: None,
            pv: vec![best_move],
            nodes: 0,
            playouts: 0,
            depth: 0,
            method,
        }
    }
}

/// Anything that picks a move: a search engine or a baseline player.
///
/// A `Searcher` may keep state between calls (an MCTS tree for reuse on the
/// next turn); it must still answer correctly for any position it is given.
pub trait Searcher<G: Game>: Send {
    /// Chooses a legal move for `pos` within `limits`.
    ///
    /// Precondition: `pos` is not finished (it has a legal move).
    /// Postcondition: `best_move` is legal in `pos`. Never prints.
    fn choose_move(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move>;

    /// The root children's statistics of the last search, if it was a tree
    /// search of `pos` (root parallelisation merges them); `None` otherwise.
    fn root_statistics(&self, _pos: &G) -> Option<Vec<RootChild<G::Move>>> {
        None
    }
}
