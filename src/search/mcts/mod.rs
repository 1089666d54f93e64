//! Monte-Carlo tree search over a memory-capped node arena, with an
//! MCTS-solver and subtree reuse between turns; UCT selection by default,
//! or an engine's own formula with its own per-node statistics (RAVE).

mod config;
mod proof;
mod root_parallel;
mod searcher;
mod selection;
mod tree;

pub use config::MctsConfig;
pub use proof::Proof;
pub use root_parallel::{merge_results, root_children, RootChild, RootParallel};
pub use searcher::Mcts;
pub use selection::{ParentVisits, Selection, Uct};
pub use tree::{Node, NodeId, Tree};
