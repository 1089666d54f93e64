//! The selection formula of the MCTS: which child a descent follows.

use super::Node;
use crate::game::{Game, Player};

/// The parent's side of a selection: its visit count and that count's
/// logarithm (computed once per node, not once per child).
#[derive(Clone, Copy, Debug)]
pub struct ParentVisits {
    pub visits: u32,
    /// `ln(max(visits, 1))`.
    pub ln_visits: f64,
}

/// How a descent chooses among the children of a node, and the extra
/// per-node statistics that choice needs.
///
/// [`Uct`] is the generic formula. An engine supplies its own for game
/// knowledge such as RAVE (NoGo): extra statistics in every node (`Stats`),
/// filled after each playout by [`Selection::record_playout`], and read by
/// [`Selection::score`].
pub trait Selection<G: Game>: Send {
    /// Extra statistics carried by every tree node; `()` for none.
    type Stats: Copy + Default + Send + Sync + std::fmt::Debug;

    /// How much the descent wants `child` (higher is better) at a parent
    /// with `parent` visits. Child statistics are from the view of the side
    /// to move at the parent: `child.value_sum()` sums rewards in `[-1, 1]`.
    ///
    /// Contract: deterministic; `f64::INFINITY` means "take this child now"
    /// (the first such child is followed without scoring the rest). Children
    /// the solver has ruled out are never scored.
    fn score(&self, parent: ParentVisits, child: &Node<G::Move, Self::Stats>) -> f64;

    /// Called once per playout for every expanded node on the descent path,
    /// root first, with that node's `children`, the side `to_move` at the
    /// node, the position `end` where the simulation stopped, and the reward
    /// in `[-1, 1]` for `to_move`. The default records nothing.
    ///
    /// Contract: updates only `Stats`; allocates nothing.
    #[inline]
    fn record_playout(
        &mut self,
        _children: &mut [Node<G::Move, Self::Stats>],
        _to_move: Player,
        _end: &G,
        _reward: f32,
    ) {
    }
}

/// UCT: `mean + C * sqrt(ln(parent visits) / visits)` on rewards scaled to
/// `[0, 1]`; unvisited children first, in their order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Uct {
    /// The exploration constant `C`.
    pub exploration: f64,
}

impl<G: Game> Selection<G> for Uct {
    type Stats = ();

    #[inline]
    fn score(&self, parent: ParentVisits, child: &Node<G::Move>) -> f64 {
        if child.visits() == 0 {
            return f64::INFINITY;
        }
        let mean01 = (child.mean() as f64 + 1.0) * 0.5;
        mean01 + self.exploration * (parent.ln_visits / child.visits() as f64).sqrt()
    }
}
