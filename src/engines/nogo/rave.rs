//! MCTS with RAVE for NoGo: the generic MCTS (solver, subtree reuse, memory
//! cap) with NoGo playouts and a RAVE selection formula.
//!
//! In NoGo a stone never leaves the board, so "the moves `player` made after
//! this node" is simply `player`'s stones at the end of the simulation that
//! were empty at the node: AMAF needs no move history, only the final
//! position the simulation leaves behind.

use super::{NoGoPlayout, RaveConfig};
use crate::game::{Game, Player};
use crate::games::{NoGo, NoGoMove};
use crate::search::{
    Limits, Mcts, MctsConfig, Node, ParentVisits, RootChild, SearchResult, Searcher, Selection,
    Tree,
};

/// AMAF ("all moves as first") statistics of a node: the simulations through
/// its parent in which the node's mover played the node's point at any
/// later time, and their rewards (in `[-1, 1]`, for that mover).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Amaf {
    pub visits: u32,
    pub value_sum: f32,
}

/// The RAVE selection formula: a child's value blends its real mean with its
/// AMAF mean, the AMAF weight `sqrt(k / (3 n + k))` fading with its `n`
/// real visits; plus an optional UCT term. Values are scaled to `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaveSelection {
    /// Blend in the AMAF statistics (off: the real mean, and first-play
    /// urgency for unvisited children).
    pub rave: bool,
    /// The equivalence parameter `k`.
    pub equivalence: f32,
    /// UCT exploration constant (0 skips the term).
    pub exploration: f32,
    /// Value of a child with neither visits nor AMAF data.
    pub first_play_urgency: f32,
}

impl RaveSelection {
    pub fn new(config: &RaveConfig) -> Self {
        RaveSelection {
            rave: config.rave,
            equivalence: config.rave_equivalence,
            exploration: config.exploration,
            first_play_urgency: config.first_play_urgency,
        }
    }
}

/// A mean reward in `[-1, 1]` as a value in `[0, 1]`.
#[inline]
fn to_unit(sum: f32, visits: u32) -> f32 {
    (sum / visits as f32 + 1.0) * 0.5
}

impl Selection<NoGo> for RaveSelection {
    type Stats = Amaf;

    /// Computed in `f32`: the formula runs for every child at every level of
    /// every descent, and single precision is ample for its comparisons.
    #[inline]
    fn score(&self, parent: ParentVisits, child: &Node<NoGoMove, Amaf>) -> f64 {
        let visits = child.visits();
        let amaf = child.stats();
        let mut score = if self.rave && amaf.visits > 0 {
            let amaf_value = to_unit(amaf.value_sum, amaf.visits);
            if visits == 0 {
                amaf_value
            } else {
                let k = self.equivalence;
                let beta = (k / (3.0 * visits as f32 + k)).sqrt();
                (1.0 - beta) * to_unit(child.value_sum(), visits) + beta * amaf_value
            }
        } else if visits == 0 {
            self.first_play_urgency
        } else {
            to_unit(child.value_sum(), visits)
        };
        if self.exploration > 0.0 {
            score += self.exploration * (parent.ln_visits as f32 / (visits as f32 + 1.0)).sqrt();
        }
        score as f64
    }

    /// Every child whose point `to_move` holds at the end of the simulation
    /// was played by `to_move` later on: it gets the simulation's reward.
    #[inline]
    fn record_playout(
        &mut self,
        children: &mut [Node<NoGoMove, Amaf>],
        to_move: Player,
        end: &NoGo,
        reward: f32,
    ) {
        if !self.rave {
            return;
        }
        let played = end.stones(to_move);
        for child in children {
            if played >> child.mv().index() & 1 != 0 {
                let amaf = child.stats_mut();
                amaf.visits += 1;
                amaf.value_sum += reward;
            }
        }
    }
}

/// The NoGo bot's search: an immediate win is played at once; otherwise the
/// generic MCTS with NoGo playouts and [`RaveSelection`].
pub struct RaveMcts {
    config: RaveConfig,
    mcts: Mcts<NoGo, NoGoPlayout, RaveSelection>,
}

impl RaveMcts {
    pub fn new(config: RaveConfig, seed: u64) -> Self {
        let mcts_config = MctsConfig {
            exploration: config.exploration as f64,
            memory_budget_bytes: config.memory_budget_bytes,
            solver: config.solver,
            reuse_tree: config.reuse_tree,
            expand_after_visits: config.expand_after_visits,
            time_check_interval: config.time_check_interval,
            fallback_iterations: config.fallback_iterations,
        };
        RaveMcts {
            config,
            mcts: Mcts::with_selection(
                mcts_config,
                NoGoPlayout::new(config.playout),
                RaveSelection::new(&config),
                seed,
            ),
        }
    }

    pub fn config(&self) -> &RaveConfig {
        &self.config
    }

    /// The tree as the last search left it (root = the last searched position).
    pub fn tree(&self) -> &Tree<NoGoMove, Amaf> {
        self.mcts.tree()
    }
}

/// A move after which the opponent has no legal move, if there is one.
fn immediate_win(pos: &NoGo) -> Option<NoGoMove> {
    let mut legal = pos.legal_mask(pos.side_to_move());
    while legal != 0 {
        let m = NoGoMove::from_index(legal.trailing_zeros() as usize).expect("on board");
        let mut child = *pos;
        child.play_unchecked(m);
        if child.outcome().is_some() {
            return Some(m);
        }
        legal &= legal - 1;
    }
    None
}

impl Searcher<NoGo> for RaveMcts {
    fn choose_move(&mut self, pos: &NoGo, limits: &Limits) -> SearchResult<NoGoMove> {
        if let Some(m) = immediate_win(pos) {
            // Ends the game now; the tree may not even have seen it yet.
            let mut result = SearchResult::just(m, "mcts-solved");
            result.value = 1.0;
            return result;
        }
        self.mcts.choose_move(pos, limits)
    }

    fn root_statistics(&self, pos: &NoGo) -> Option<Vec<RootChild<NoGoMove>>> {
        self.mcts.root_statistics(pos)
    }
}
