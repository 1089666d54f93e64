//! Monte-Carlo tree search: UCT over a memory-capped node arena, with an
//! MCTS-solver and subtree reuse between turns.

mod config;
mod proof;
mod root_parallel;
mod searcher;
mod tree;

pub use config::MctsConfig;
pub use proof::Proof;
pub use root_parallel::{merge_results, root_children, RootChild, RootParallel};
pub use searcher::Mcts;
pub use tree::{Node, NodeId, Tree};
