//! MCTS with an optional MCTS-solver and subtree reuse, generic over the
//! game, the playout policy and the selection formula (UCT by default).

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{MctsConfig, NodeId, ParentVisits, Proof, Selection, Tree, Uct};
use crate::game::{Game, MoveList, Outcome, Player};
use crate::search::{Limits, PlayoutPolicy, SearchResult, Searcher, UniformPlayout};

/// Monte-Carlo tree search.
///
/// Each iteration descends from the root by the selection formula `S`,
/// replaying moves on a clone of the root position (nodes store no
/// positions), expands the leaf it reaches once that leaf has
/// `expand_after_visits` visits (all children at once, in the policy's
/// `tree_moves` order; unvisited children are tried in that order), runs one
/// playout and backs the reward up the path (and lets the selection formula
/// record the playout at every expanded node of the path).
pub struct Mcts<G: Game, P: PlayoutPolicy<G>, S: Selection<G> = Uct> {
    config: MctsConfig,
    policy: P,
    selection: S,
    rng: SmallRng,
    tree: Tree<G::Move, S::Stats>,
    /// The position the tree's root stands for, if the tree is meaningful.
    root_position: Option<G>,
    // Scratch buffers reused by every iteration.
    path: Vec<NodeId>,
    moves: MoveList<G::Move>,
}

impl<G: Game> Mcts<G, UniformPlayout<G>> {
    /// The `uct-plain` baseline: uniform playouts, `C = sqrt(2)`, no solver,
    /// no tree reuse.
    pub fn plain(seed: u64) -> Self {
        Mcts::new(MctsConfig::plain(), UniformPlayout::new(), seed)
    }
}

impl<G: Game, P: PlayoutPolicy<G>> Mcts<G, P> {
    /// UCT with `config.exploration`.
    pub fn new(config: MctsConfig, policy: P, seed: u64) -> Self {
        let uct = Uct {
            exploration: config.exploration,
        };
        Mcts::with_selection(config, policy, uct, seed)
    }
}

impl<G: Game, P: PlayoutPolicy<G>, S: Selection<G>> Mcts<G, P, S> {
    /// A search with the engine's own selection formula (`config.exploration`
    /// is then the formula's business, not read here).
    pub fn with_selection(config: MctsConfig, policy: P, selection: S, seed: u64) -> Self {
        Mcts {
            config,
            policy,
            selection,
            rng: SmallRng::seed_from_u64(seed),
            tree: Tree::new(config.memory_budget_bytes),
            root_position: None,
            path: Vec::with_capacity(128),
            moves: MoveList::new(),
        }
    }

    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The tree as the last search left it (root = the last searched position).
    pub fn tree(&self) -> &Tree<G::Move, S::Stats> {
        &self.tree
    }

    pub fn policy_mut(&mut self) -> &mut P {
        &mut self.policy
    }

    /// Makes the tree's root stand for `pos`: keeps the matching subtree if
    /// `pos` is the previous root, a child or a grandchild of it (and reuse
    /// is on), otherwise starts afresh.
    fn set_root(&mut self, pos: &G) {
        let reused = if self.config.reuse_tree {
            self.root_position
                .as_ref()
                .and_then(|previous| self.find_descendant(previous, pos))
        } else {
            None
        };
        match reused {
            Some(id) => self.tree.keep_subtree(id),
            None => self.tree.reset(),
        }
        self.root_position = Some(pos.clone());
    }

    /// The node two plies or fewer below the root whose position is `target`.
    fn find_descendant(&self, root_pos: &G, target: &G) -> Option<NodeId> {
        let same = |p: &G| p.hash() == target.hash() && p == target;
        if same(root_pos) {
            return Some(Tree::<G::Move>::ROOT);
        }
        for child in self.tree.node(Tree::<G::Move>::ROOT).children() {
            let mut child_pos = root_pos.clone();
            child_pos.play_unchecked(self.tree.node(child).mv());
            if same(&child_pos) {
                return Some(child);
            }
            for grandchild in self.tree.node(child).children() {
                let mut grandchild_pos = child_pos.clone();
                grandchild_pos.play_unchecked(self.tree.node(grandchild).mv());
                if same(&grandchild_pos) {
                    return Some(grandchild);
                }
            }
        }
        None
    }

    /// Expands `id` (at position `pos`) if the budget allows; `true` on success.
    fn expand(&mut self, id: NodeId, pos: &G) -> bool {
        if self.tree.node(id).is_expanded() {
            return true;
        }
        self.policy.tree_moves(pos, &mut self.moves, &mut self.rng);
        if !self.tree.expand(id, self.moves.as_slice()) {
            return false;
        }
        for child in self.tree.node(id).children() {
            let prior = self.policy.prior(pos, self.tree.node(child).mv());
            if prior.visits > 0 {
                let mean = prior.mean.clamp(-1.0, 1.0);
                self.tree.node_mut(child).record_many(prior.visits, mean);
            }
        }
        true
    }

    /// The selection formula's choice among the children of the expanded node `id`.
    ///
    /// With the solver, children that cannot beat the value the mover is
    /// already guaranteed (upper bound <= the best lower bound: proven
    /// losses, and proven results already matched) are skipped: exploring
    /// them could not change the node's value.
    fn select_child(&self, id: NodeId) -> NodeId {
        let parent = self.tree.node(id);
        let guaranteed = if self.config.solver {
            // The best lower bound among the children, kept by `update_bounds`
            // as the negated upper bound of the parent (no pass over the children).
            let guaranteed = -parent.bounds().1;
            debug_assert_eq!(
                Some(guaranteed),
                parent
                    .children()
                    .map(|c| self.tree.node(c).bounds().0)
                    .max()
            );
            guaranteed
        } else {
            -2
        };
        let parent_visits = ParentVisits {
            visits: parent.visits(),
            ln_visits: (parent.visits().max(1) as f64).ln(),
        };
        let mut best = parent.children().start;
        let mut best_score = f64::NEG_INFINITY;
        for child_id in parent.children() {
            let child = self.tree.node(child_id);
            if child.bounds().1 <= guaranteed {
                continue;
            }
            let score = self.selection.score(parent_visits, child);
            if score == f64::INFINITY {
                return child_id;
            }
            if score > best_score {
                best_score = score;
                best = child_id;
            }
        }
        best
    }

    /// One selection-expansion-playout-backup cycle; returns the path length.
    fn iterate(&mut self, root: &G) -> usize {
        let mut pos = root.clone();
        self.path.clear();
        let mut id = Tree::<G::Move>::ROOT;
        self.path.push(id);
        let leaf_value = loop {
            let node = self.tree.node(id);
            if let Some(v) = node.proof().value().filter(|_| self.config.solver) {
                break v;
            }
            if !node.is_expanded() {
                if let Some(outcome) = pos.outcome() {
                    break self.finished(id, outcome, &pos);
                }
                let ripe =
                    id == Tree::<G::Move>::ROOT || node.visits() >= self.config.expand_after_visits;
                if ripe && self.expand(id, &pos) {
                    id = self.tree.node(id).children().start;
                    pos.play_unchecked(self.tree.node(id).mv());
                    self.path.push(id);
                    if let Some(outcome) = pos.outcome() {
                        break self.finished(id, outcome, &pos);
                    }
                }
                let mover = pos.side_to_move().opponent();
                break self
                    .policy
                    .playout(&mut pos, &mut self.rng)
                    .value_for(mover) as f32;
            }
            id = self.select_child(id);
            pos.play_unchecked(self.tree.node(id).mv());
            self.path.push(id);
        };
        self.back_up(leaf_value, &pos, root.side_to_move());
        self.path.len()
    }

    /// The reward of the finished node `id` for its mover, recorded as a proof
    /// when the solver is on.
    fn finished(&mut self, id: NodeId, outcome: Outcome, pos: &G) -> f32 {
        let mover: Player = pos.side_to_move().opponent();
        let value = outcome.value_for(mover);
        if self.config.solver {
            self.tree.node_mut(id).set_proof(Proof::from_value(value));
        }
        value as f32
    }

    /// Records `leaf_value` (for the mover into the last node of the path)
    /// along the path, sign alternating each ply, and tightens the proven
    /// bounds of each node on the way up while they keep changing; then lets
    /// the selection formula record the simulation that ended at `end`.
    fn back_up(&mut self, leaf_value: f32, end: &G, root_to_move: Player) {
        let mut value = leaf_value;
        let mut bounds_changed = self.config.solver;
        for i in (0..self.path.len()).rev() {
            let id = self.path[i];
            if bounds_changed && i + 1 < self.path.len() {
                bounds_changed = self.update_bounds(id);
            }
            self.tree.node_mut(id).record(value);
            value = -value;
        }
        if std::mem::size_of::<S::Stats>() == 0 {
            // A formula without statistics (UCT) has nothing to record.
            return;
        }
        // `value` is now the reward for the side to move at the root.
        let mut to_move = root_to_move;
        for &id in &self.path {
            if self.tree.node(id).is_expanded() {
                let children = self.tree.children_mut(id);
                self.selection.record_playout(children, to_move, end, value);
            }
            to_move = to_move.opponent();
            value = -value;
        }
    }

    /// Recomputes the bounds of the expanded node `id` from its children
    /// (negamax over bounds: unexpanded children count as `(-1, 1)`);
    /// `true` if they changed.
    fn update_bounds(&mut self, id: NodeId) -> bool {
        // Children's bounds are from the view of the side to move at `id`.
        let mut best_lower = -1;
        let mut best_upper = -1;
        for child in self.tree.node(id).children() {
            let (lower, upper) = self.tree.node(child).bounds();
            best_lower = best_lower.max(lower);
            best_upper = best_upper.max(upper);
        }
        let bounds = (-best_upper, -best_lower);
        let node = self.tree.node_mut(id);
        if node.bounds() == bounds {
            return false;
        }
        node.set_bounds(bounds.0, bounds.1);
        true
    }

    /// The child of the root to play: a proven win at once, else the most
    /// visited child that is not a proven loss (higher mean breaks ties).
    fn best_root_child(&self) -> Option<NodeId> {
        let rank = |id: NodeId| {
            let n = self.tree.node(id);
            let class = match n.proof() {
                Proof::Win => 3,
                Proof::Loss => 0,
                Proof::Draw if self.tree.node(Tree::<G::Move>::ROOT).proof().is_proven() => 2,
                _ => 1,
            };
            (class, n.visits(), n.mean())
        };
        let root = self.tree.node(Tree::<G::Move>::ROOT);
        root.children().max_by(|&a, &b| {
            rank(a)
                .partial_cmp(&rank(b))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    }

    /// The most visited path below `first`.
    fn principal_variation(&self, first: NodeId) -> Vec<G::Move> {
        let mut pv = vec![self.tree.node(first).mv()];
        let mut id = first;
        while self.tree.node(id).is_expanded() && pv.len() < 64 {
            id = self
                .tree
                .node(id)
                .children()
                .max_by_key(|&c| self.tree.node(c).visits())
                .expect("an expanded node has children");
            if self.tree.node(id).visits() == 0 {
                break;
            }
            pv.push(self.tree.node(id).mv());
        }
        pv
    }

    fn root_proven(&self) -> bool {
        self.config.solver && self.tree.node(Tree::<G::Move>::ROOT).proof().is_proven()
    }
}

impl<G: Game, P: PlayoutPolicy<G>, S: Selection<G>> Searcher<G> for Mcts<G, P, S> {
    fn choose_move(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
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
        let mut iterations = 0u64;
        let mut max_depth = 0usize;
        // The root's children exist before any limit is checked, so a legal
        // choice exists even with a zero budget (if memory allows).
        self.expand(Tree::<G::Move>::ROOT, pos);
        loop {
            if self.root_proven()
                || matches!(iteration_cap, Some(cap) if iterations >= cap)
                || limits.nodes_exhausted(self.tree.len() as u64)
                || (iterations.is_multiple_of(check_every) && limits.out_of_time())
            {
                break;
            }
            max_depth = max_depth.max(self.iterate(pos));
            iterations += 1;
        }
        let created = self.tree.len() as u64 - nodes_before.min(self.tree.len() as u64);
        let Some(best) = self.best_root_child() else {
            // The budget cannot even hold the root's children: play the first legal move.
            pos.legal_moves(&mut self.moves);
            let mut result = SearchResult::just(self.moves[0], "mcts");
            result.playouts = iterations;
            return result;
        };
        let chosen = self.tree.node(best);
        let solved = self.config.solver && chosen.proof().is_proven() && self.root_proven();
        SearchResult {
            best_move: chosen.mv(),
            value: chosen.mean() as f64,
            score: None,
            pv: self.principal_variation(best),
            nodes: created,
            playouts: iterations,
            depth: max_depth.saturating_sub(1) as u32,
            method: if solved { "mcts-solved" } else { "mcts" },
        }
    }

    fn root_statistics(&self, pos: &G) -> Option<Vec<super::RootChild<G::Move>>> {
        (self.root_position.as_ref() == Some(pos)).then(|| super::root_children(&self.tree))
    }
}
