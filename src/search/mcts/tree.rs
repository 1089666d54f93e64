//! The MCTS tree: compact nodes in one arena `Vec`, addressed by index,
//! each node's children stored contiguously.
//!
//! The arena never reserves more than its memory budget. It is public so that
//! a game-specific MCTS (e.g. NoGo with RAVE) can reuse it and keep its own
//! per-node data in parallel vectors indexed by [`NodeId`].

use std::ops::Range;

use super::Proof;

/// Index of a node in its [`Tree`]. The root is always 0.
pub type NodeId = u32;

/// One tree node (16 bytes for one-byte moves).
///
/// Statistics are from the view of the player who made `mv`, i.e. the side
/// to move at the parent, so a parent maximises over its children directly.
#[derive(Clone, Copy, Debug)]
pub struct Node<M> {
    first_child: u32,
    visits: u32,
    value_sum: f32,
    child_count: u16,
    proof: Proof,
    mv: M,
}

impl<M: Copy> Node<M> {
    fn new(mv: M) -> Self {
        Node {
            first_child: 0,
            visits: 0,
            value_sum: 0.0,
            child_count: 0,
            proof: Proof::Unknown,
            mv,
        }
    }

    /// The move from the parent to this node (meaningless for the root).
    #[inline]
    pub fn mv(&self) -> M {
        self.mv
    }

    #[inline]
    pub fn visits(&self) -> u32 {
        self.visits
    }

    /// Sum of the rewards (each in `[-1, 1]`) backed up through this node.
    #[inline]
    pub fn value_sum(&self) -> f32 {
        self.value_sum
    }

    /// Mean reward in `[-1, 1]`; the exact value when proven; 0 when unvisited.
    #[inline]
    pub fn mean(&self) -> f32 {
        match self.proof.value() {
            Some(v) => v,
            None if self.visits == 0 => 0.0,
            None => self.value_sum / self.visits as f32,
        }
    }

    #[inline]
    pub fn proof(&self) -> Proof {
        self.proof
    }

    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.child_count > 0
    }

    /// The ids of this node's children (empty while unexpanded).
    #[inline]
    pub fn children(&self) -> Range<NodeId> {
        self.first_child..self.first_child + self.child_count as u32
    }

    /// Adds one reward to the statistics.
    #[inline]
    pub fn record(&mut self, reward: f32) {
        self.visits += 1;
        self.value_sum += reward;
    }

    #[inline]
    pub fn set_proof(&mut self, proof: Proof) {
        self.proof = proof;
    }
}

/// The arena. Nodes are only appended; children are always stored after
/// their parent, which the subtree compaction relies on.
pub struct Tree<M> {
    nodes: Vec<Node<M>>,
    max_nodes: usize,
}

impl<M: Copy + Default> Tree<M> {
    /// An empty tree (only a root) whose arena never exceeds `budget_bytes`
    /// (it holds at least the root).
    pub fn new(budget_bytes: usize) -> Self {
        let max_nodes = (budget_bytes / std::mem::size_of::<Node<M>>()).clamp(1, u32::MAX as usize);
        let mut tree = Tree {
            nodes: Vec::new(),
            max_nodes,
        };
        tree.reset();
        tree
    }

    /// Bytes one node takes.
    pub const fn node_bytes() -> usize {
        std::mem::size_of::<Node<M>>()
    }

    /// Drops every node but a fresh root (keeps the allocation).
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.reserve_for(1);
        self.nodes.push(Node::new(M::default()));
    }

    pub const ROOT: NodeId = 0;

    #[inline]
    pub fn node(&self, id: NodeId) -> &Node<M> {
        &self.nodes[id as usize]
    }

    #[inline]
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<M> {
        &mut self.nodes[id as usize]
    }

    /// Number of nodes, the root included.
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: the root always exists.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The most nodes the budget allows.
    pub fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    /// Bytes currently reserved by the arena; never above the budget
    /// (beyond the single root a zero budget still needs).
    pub fn allocated_bytes(&self) -> usize {
        self.nodes.capacity() * Self::node_bytes()
    }

    /// `true` if `count` more nodes fit in the budget.
    #[inline]
    pub fn has_room_for(&self, count: usize) -> bool {
        self.nodes.len() + count <= self.max_nodes
    }

    /// Gives the unexpanded node `parent` one child per move, or returns
    /// `false` (changing nothing) if the budget has no room for them.
    pub fn expand(&mut self, parent: NodeId, moves: &[M]) -> bool {
        debug_assert!(!self.node(parent).is_expanded());
        if moves.is_empty() || moves.len() > u16::MAX as usize || !self.has_room_for(moves.len()) {
            return false;
        }
        self.reserve_for(moves.len());
        let first = self.nodes.len() as u32;
        self.nodes.extend(moves.iter().map(|&m| Node::new(m)));
        let node = self.node_mut(parent);
        node.first_child = first;
        node.child_count = moves.len() as u16;
        true
    }

    /// Grows capacity geometrically, but never past `max_nodes`, so the
    /// arena's reservation stays within the budget.
    fn reserve_for(&mut self, additional: usize) {
        let needed = self.nodes.len() + additional;
        if needed <= self.nodes.capacity() {
            return;
        }
        let target = (self.nodes.capacity() * 2)
            .max(needed)
            .max(1024)
            .min(self.max_nodes.max(needed));
        self.nodes.reserve_exact(target - self.nodes.len());
    }

    /// Makes the subtree under `new_root` the whole tree, with `new_root`
    /// as node 0, in place: live nodes slide down in their old order, which
    /// keeps sibling blocks contiguous, and every live node's new index is
    /// the number of live nodes before it.
    pub fn keep_subtree(&mut self, new_root: NodeId) {
        if new_root == Self::ROOT {
            return;
        }
        let len = self.nodes.len();
        let words = len.div_ceil(64);
        let mut live = vec![0u64; words];
        let is_live = |live: &[u64], i: usize| live[i / 64] >> (i % 64) & 1 == 1;
        live[new_root as usize / 64] |= 1 << (new_root % 64);
        // Children come after their parent, so one forward sweep marks the subtree.
        for i in new_root as usize..len {
            if is_live(&live, i) {
                for c in self.nodes[i].children() {
                    live[c as usize / 64] |= 1 << (c % 64);
                }
            }
        }
        let mut live_before_word = vec![0u32; words];
        let mut count = 0u32;
        for (w, bits) in live.iter().enumerate() {
            live_before_word[w] = count;
            count += bits.count_ones();
        }
        let rank = |i: u32| {
            let (w, b) = (i as usize / 64, i % 64);
            live_before_word[w] + (live[w] & ((1u64 << b) - 1)).count_ones()
        };
        for i in new_root as usize..len {
            if is_live(&live, i) {
                let mut node = self.nodes[i];
                if node.is_expanded() {
                    node.first_child = rank(node.first_child);
                }
                self.nodes[rank(i as u32) as usize] = node;
            }
        }
        self.nodes.truncate(count as usize);
    }
}
