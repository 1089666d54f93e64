//! The first NoGo RAVE search (its own tree and loop), kept under the name
//! `mcts-v1` as the baseline the RAVE on the generic MCTS is measured against.
//!
//! In NoGo a stone never leaves the board, so "the moves `player` made after
//! this node" is simply `player`'s stones at the end of the simulation that
//! were empty at the node: AMAF needs no move history, only the final
//! position the playout leaves behind.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::rave_tree::{RaveNodeId, RaveTree, Solved};
use super::{NoGoPlayout, RaveConfig};
use crate::game::{Game, MoveList, Player};
use crate::games::{NoGo, NoGoMove};
use crate::search::{Limits, PlayoutPolicy, SearchResult, Searcher};

const ROOT: RaveNodeId = RaveTree::ROOT;

/// The NoGo bot's search. Each iteration descends from the root by the RAVE
/// value, expands a leaf that has enough visits, plays out with the NoGo
/// policy, and backs up both the real and the AMAF statistics.
pub struct RaveMctsV1 {
    config: RaveConfig,
    policy: NoGoPlayout,
    rng: SmallRng,
    tree: RaveTree,
    /// The position the tree's root stands for, if the tree is meaningful.
    root_position: Option<NoGo>,
    // Scratch reused by every iteration.
    path: Vec<RaveNodeId>,
    moves: MoveList<NoGoMove>,
}

impl RaveMctsV1 {
    pub fn new(config: RaveConfig, seed: u64) -> Self {
        RaveMctsV1 {
            config,
            policy: NoGoPlayout::new(config.playout),
            rng: SmallRng::seed_from_u64(seed),
            tree: RaveTree::new(config.memory_budget_bytes),
            root_position: None,
            path: Vec::with_capacity(96),
            moves: MoveList::new(),
        }
    }

    pub fn config(&self) -> &RaveConfig {
        &self.config
    }

    /// The tree as the last search left it (root = the last searched position).
    pub fn tree(&self) -> &RaveTree {
        &self.tree
    }

    /// Makes the root stand for `pos`, keeping the old subtree when `pos` is
    /// the previous root, a child or a grandchild of it (and reuse is on).
    fn set_root(&mut self, pos: &NoGo) {
        let reused = match (&self.root_position, self.config.reuse_tree) {
            (Some(previous), true) => self.find_descendant(previous, pos),
            _ => None,
        };
        match reused {
            Some(id) => self.tree.keep_subtree(id),
            None => self.tree.reset(),
        }
        self.root_position = Some(*pos);
    }

    fn find_descendant(&self, root_pos: &NoGo, pos: &NoGo) -> Option<RaveNodeId> {
        if root_pos == pos {
            return Some(ROOT);
        }
        for child in self.tree.node(ROOT).children() {
            let mut child_pos = *root_pos;
            child_pos.play_unchecked(self.tree.node(child).mv());
            if child_pos == *pos {
                return Some(child);
            }
            for grandchild in self.tree.node(child).children() {
                let mut grandchild_pos = child_pos;
                grandchild_pos.play_unchecked(self.tree.node(grandchild).mv());
                if grandchild_pos == *pos {
                    return Some(grandchild);
                }
            }
        }
        None
    }

    fn expand(&mut self, id: RaveNodeId, pos: &NoGo) -> bool {
        if self.tree.node(id).is_expanded() {
            return true;
        }
        self.policy.tree_moves(pos, &mut self.moves, &mut self.rng);
        self.tree.expand(id, self.moves.as_slice())
    }

    /// The child of the expanded node `id` with the best RAVE value (plus
    /// exploration), skipping children proven lost for the side to move.
    fn select_child(&self, id: RaveNodeId) -> RaveNodeId {
        let parent = self.tree.node(id);
        let explore = self.config.exploration > 0.0;
        let log_parent = (parent.visits.max(1) as f32).ln();
        let k = self.config.rave_equivalence;
        let mut best = parent.children().start;
        let mut best_score = f32::NEG_INFINITY;
        for child_id in parent.children() {
            let child = self.tree.node(child_id);
            if child.solved == Solved::Loss {
                continue;
            }
            let visits = child.visits as f32;
            let mut score = if self.config.rave && child.amaf_visits > 0 {
                let amaf = child.amaf_wins / child.amaf_visits as f32;
                if child.visits == 0 {
                    amaf
                } else {
                    let beta = (k / (3.0 * visits + k)).sqrt();
                    (1.0 - beta) * (child.wins / visits) + beta * amaf
                }
            } else if child.visits == 0 {
                self.config.first_play_urgency
            } else {
                child.wins / visits
            };
            if explore {
                score += self.config.exploration * (log_parent / (visits + 1.0)).sqrt();
            }
            if score > best_score {
                best_score = score;
                best = child_id;
            }
        }
        best
    }

    /// One descent, expansion, playout and backup; returns the path length.
    fn iterate(&mut self, root: &NoGo) -> usize {
        let mut pos = *root;
        self.path.clear();
        let mut id = ROOT;
        self.path.push(id);
        let winner = loop {
            let node = self.tree.node(id);
            let to_move = pos.side_to_move();
            match node.solved {
                Solved::Win => break to_move.opponent(),
                Solved::Loss => break to_move,
                Solved::Unknown => {}
            }
            if pos.legal_mask(to_move) == 0 {
                self.mark_finished(id);
                break to_move.opponent();
            }
            if !node.is_expanded() {
                let ripe = id == ROOT || node.visits >= self.config.expand_after_visits;
                if !(ripe && self.expand(id, &pos)) {
                    break self.policy.play_out(&mut pos, &mut self.rng);
                }
            }
            id = self.select_child(id);
            pos.play_unchecked(self.tree.node(id).mv());
            self.path.push(id);
        };
        self.back_up(winner, &pos, root.side_to_move());
        self.path.len()
    }

    /// The side to move at `id` has no legal move: the mover into it won.
    fn mark_finished(&mut self, id: RaveNodeId) {
        if self.config.solver {
            self.tree.node_mut(id).solved = Solved::Win;
        }
    }

    /// Records the result along the path, updates the AMAF statistics of the
    /// children of every path node from the stones on `end` (where the
    /// simulation stopped), then propagates proofs upwards.
    fn back_up(&mut self, winner: Player, end: &NoGo, root_to_move: Player) {
        let stones = [end.stones(Player::Black), end.stones(Player::White)];
        let mut to_move = root_to_move;
        for &id in &self.path {
            let node = self.tree.node_mut(id);
            node.visits += 1;
            if winner != to_move {
                // The mover into this node is the other player.
                node.wins += 1.0;
            }
            if self.config.rave && node.is_expanded() {
                let played = stones[to_move.index()];
                let reward = if winner == to_move { 1.0 } else { 0.0 };
                for child_id in node.children() {
                    let child = self.tree.node_mut(child_id);
                    if played >> child.mv().index() & 1 != 0 {
                        child.amaf_visits += 1;
                        child.amaf_wins += reward;
                    }
                }
            }
            to_move = to_move.opponent();
        }
        if self.config.solver {
            for i in (0..self.path.len().saturating_sub(1)).rev() {
                if !self.update_proof(self.path[i]) {
                    break;
                }
            }
        }
    }

    /// Derives the expanded node `id`'s proof from its children's; `true`
    /// if it became proven. A child proven won for the side to move makes
    /// `id` lost for its mover; all children lost makes it won.
    fn update_proof(&mut self, id: RaveNodeId) -> bool {
        let node = self.tree.node(id);
        if node.solved != Solved::Unknown {
            return false;
        }
        let mut all_lost = true;
        for child_id in node.children() {
            match self.tree.node(child_id).solved {
                Solved::Win => {
                    self.tree.node_mut(id).solved = Solved::Loss;
                    return true;
                }
                Solved::Loss => {}
                Solved::Unknown => all_lost = false,
            }
        }
        if all_lost {
            self.tree.node_mut(id).solved = Solved::Win;
        }
        all_lost
    }

    /// The root child to play: a proven win at once, else the most visited
    /// child not proven lost (the better mean breaks ties).
    fn best_root_child(&self) -> RaveNodeId {
        let rank = |id: RaveNodeId| {
            let n = self.tree.node(id);
            let class = match n.solved {
                Solved::Win => 2,
                Solved::Unknown => 1,
                Solved::Loss => 0,
            };
            (class, n.visits, n.mean())
        };
        self.tree
            .node(ROOT)
            .children()
            .max_by(|&a, &b| {
                rank(a)
                    .partial_cmp(&rank(b))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .expect("the root is expanded")
    }

    /// The most visited line below `first`.
    fn principal_variation(&self, first: RaveNodeId) -> Vec<NoGoMove> {
        let mut pv = vec![self.tree.node(first).mv()];
        let mut id = first;
        while self.tree.node(id).is_expanded() && pv.len() < 32 {
            id = self
                .tree
                .node(id)
                .children()
                .max_by_key(|&c| self.tree.node(c).visits)
                .expect("an expanded node has children");
            if self.tree.node(id).visits == 0 {
                break;
            }
            pv.push(self.tree.node(id).mv());
        }
        pv
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

impl Searcher<NoGo> for RaveMctsV1 {
    fn choose_move(&mut self, pos: &NoGo, limits: &Limits) -> SearchResult<NoGoMove> {
        if let Some(m) = immediate_win(pos) {
            // Ends the game now; the tree may not even have seen it yet.
            self.root_position = None;
            let mut result = SearchResult::just(m, "mcts-solved");
            result.value = 1.0;
            return result;
        }
        self.set_root(pos);
        let nodes_before = self.tree.len() as u64;
        let no_limit = limits.deadline.is_none()
            && limits.max_nodes.is_none()
            && limits.max_iterations.is_none();
        let iteration_cap = if no_limit {
            Some(self.config.fallback_iterations)
        } else {
            limits.max_iterations
        };
        let check_every = self.config.time_check_interval.max(1) as u64;
        if !self.expand(ROOT, pos) {
            // Not even the root's children fit: any legal move.
            pos.legal_moves(&mut self.moves);
            return SearchResult::just(self.moves[0], "mcts");
        }
        let mut iterations = 0u64;
        let mut max_path = 0;
        loop {
            let root_proven = self.config.solver && self.tree.node(ROOT).solved != Solved::Unknown;
            if root_proven
                || matches!(iteration_cap, Some(cap) if iterations >= cap)
                || limits.nodes_exhausted(self.tree.len() as u64)
                || (iterations.is_multiple_of(check_every) && limits.out_of_time())
            {
                break;
            }
            max_path = max_path.max(self.iterate(pos));
            iterations += 1;
        }
        let best = self.best_root_child();
        let chosen = self.tree.node(best);
        let solved = self.config.solver
            && chosen.solved != Solved::Unknown
            && self.tree.node(ROOT).solved != Solved::Unknown;
        SearchResult {
            best_move: chosen.mv(),
            value: 2.0 * chosen.mean() as f64 - 1.0,
            score: None,
            pv: self.principal_variation(best),
            nodes: (self.tree.len() as u64).saturating_sub(nodes_before),
            playouts: iterations,
            depth: max_path.saturating_sub(1) as u32,
            method: if solved { "mcts-solved" } else { "mcts" },
        }
    }
}
