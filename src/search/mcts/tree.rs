//! The MCTS tree: compact nodes in one arena `Vec`, addressed by index,
//! each node's children stored contiguously.
//!
//! The arena never reserves more than its memory budget. Each node carries,
//! besides the statistics every search uses, the extra statistics `X` of the
//! engine's selection formula ([`Selection::Stats`](super::Selection::Stats):
//! `()` for UCT, AMAF counts for NoGo's RAVE), so they move with the node
//! when a subtree is kept.

use std::ops::Range;

use super::Proof;

/// Index of a node in its [`Tree`]. The root is always 0.
pub type NodeId = u32;

/// One tree node (16 bytes for one-byte moves and no extra statistics).
///
/// Statistics are from the view of the player who made `mv`, i.e. the side
/// to move at the parent, so a parent maximises over its children directly.
#[derive(Clone, Copy, Debug)]
pub struct Node<M, X = ()> {
    first_child: u32,
    visits: u32,
    value_sum: f32,
    child_count: u16,
    /// Proven bounds on the game value, packed: bits 0-1 `lower + 1`,
    /// bits 2-3 `upper + 1`, each bound in {-1, 0, 1}.
    bounds: u8,
    mv: M,
    stats: X,
}

const UNBOUNDED: u8 = pack_bounds(-1, 1);

const fn pack_bounds(lower: i8, upper: i8) -> u8 {
    (lower + 1) as u8 | (((upper + 1) as u8) << 2)
}

impl<M: Copy, X: Copy + Default> Node<M, X> {
    fn new(mv: M) -> Self {
        Node {
            first_child: 0,
            visits: 0,
            value_sum: 0.0,
            child_count: 0,
            bounds: UNBOUNDED,
            mv,
            stats: X::default(),
        }
    }

    /// The selection formula's extra statistics of this node.
    #[inline]
    pub fn stats(&self) -> &X {
        &self.stats
    }

    #[inline]
    pub fn stats_mut(&mut self) -> &mut X {
        &mut self.stats
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

    /// Mean reward in `[-1, 1]` (0 when unvisited), clamped into the proven
    /// bounds, so it is the exact value once proven.
    #[inline]
    pub fn mean(&self) -> f32 {
        let (lower, upper) = self.bounds();
        let mean = if self.visits == 0 {
            0.0
        } else {
            self.value_sum / self.visits as f32
        };
        mean.clamp(lower as f32, upper as f32)
    }

    /// Proven `(lower, upper)` bounds on the game value (each -1, 0 or 1);
    /// `(-1, 1)` when nothing is known.
    #[inline]
    pub fn bounds(&self) -> (i8, i8) {
        ((self.bounds & 0b11) as i8 - 1, (self.bounds >> 2) as i8 - 1)
    }

    /// The exact value if the bounds meet.
    #[inline]
    pub fn proof(&self) -> Proof {
        match self.bounds() {
            (lower, upper) if lower == upper => Proof::from_value(lower as i32),
            _ => Proof::Unknown,
        }
    }

    /// Sets the bounds; `lower <= upper`, both in {-1, 0, 1}.
    #[inline]
    pub fn set_bounds(&mut self, lower: i8, upper: i8) {
        debug_assert!((-1..=1).contains(&lower) && lower <= upper && upper <= 1);
        self.bounds = pack_bounds(lower, upper);
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

    /// Adds `visits` rewards of `mean` each (virtual visits from a prior).
    #[inline]
    pub fn record_many(&mut self, visits: u32, mean: f32) {
        self.visits += visits;
        self.value_sum += visits as f32 * mean;
    }

    /// Adds one reward to the statistics.
    #[inline]
    pub fn record(&mut self, reward: f32) {
        self.visits += 1;
        self.value_sum += reward;
    }

    /// Sets both bounds to the proven value (`Unknown` clears them).
    #[inline]
    pub fn set_proof(&mut self, proof: Proof) {
        match proof.value() {
            Some(v) => self.set_bounds(v as i8, v as i8),
            None => self.bounds = UNBOUNDED,
        }
    }
}

/// The arena. Nodes are only appended; children are always stored after
/// their parent, which the subtree compaction relies on.
pub struct Tree<M, X = ()> {
    nodes: Vec<Node<M, X>>,
    max_nodes: usize,
}

impl<M: Copy + Default, X: Copy + Default> Tree<M, X> {
    /// An empty tree (only a root) whose arena never exceeds `budget_bytes`
    /// (it holds at least the root).
    pub fn new(budget_bytes: usize) -> Self {
        let max_nodes =
            (budget_bytes / std::mem::size_of::<Node<M, X>>()).clamp(1, u32::MAX as usize);
        let mut tree = Tree {
            nodes: Vec::new(),
            max_nodes,
        };
        tree.reset();
        tree
    }

    /// Bytes one node takes.
    pub const fn node_bytes() -> usize {
        std::mem::size_of::<Node<M, X>>()
    }

    /// Drops every node but a fresh root (keeps the allocation).
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.reserve_for(1);
        self.nodes.push(Node::new(M::default()));
    }

    pub const ROOT: NodeId = 0;

    #[inline]
    pub fn node(&self, id: NodeId) -> &Node<M, X> {
        &self.nodes[id as usize]
    }

    #[inline]
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<M, X> {
        &mut self.nodes[id as usize]
    }

    /// The children of `id`, contiguous (empty while unexpanded).
    #[inline]
    pub fn children_mut(&mut self, id: NodeId) -> &mut [Node<M, X>] {
        let range = self.nodes[id as usize].children();
        &mut self.nodes[range.start as usize..range.end as usize]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves are the nodes' original ids, so the shape can be checked after compaction.
    fn expand_with_ids(tree: &mut Tree<u8>, parent: NodeId, count: u8) {
        let first = tree.len() as u8;
        let moves: Vec<u8> = (first..first + count).collect();
        assert!(tree.expand(parent, &moves));
    }

    fn child_moves(tree: &Tree<u8>, id: NodeId) -> Vec<u8> {
        tree.node(id)
            .children()
            .map(|c| tree.node(c).mv())
            .collect()
    }

    #[test]
    fn keep_subtree_compacts_interleaved_blocks() {
        let mut tree = Tree::<u8>::new(1 << 10);
        expand_with_ids(&mut tree, 0, 2); // 1, 2
        expand_with_ids(&mut tree, 1, 2); // 3, 4
        expand_with_ids(&mut tree, 2, 2); // 5, 6 (dead after the cut)
        expand_with_ids(&mut tree, 3, 2); // 7, 8
        expand_with_ids(&mut tree, 5, 2); // 9, 10 (dead)
        expand_with_ids(&mut tree, 4, 3); // 11, 12, 13
        for id in 0..tree.len() as NodeId {
            for _ in 0..id {
                tree.node_mut(id).record(1.0);
            }
        }
        tree.keep_subtree(1);
        assert_eq!(tree.len(), 8);
        assert_eq!(tree.node(0).visits(), 1, "old node 1 is the root");
        assert_eq!(child_moves(&tree, 0), vec![3, 4]);
        let [three, four]: [NodeId; 2] = tree
            .node(0)
            .children()
            .collect::<Vec<_>>()
            .try_into()
            .unwrap();
        assert_eq!(child_moves(&tree, three), vec![7, 8]);
        assert_eq!(child_moves(&tree, four), vec![11, 12, 13]);
        for id in 0..tree.len() as NodeId {
            let n = tree.node(id);
            if id > 0 {
                assert_eq!(n.visits(), n.mv() as u32, "statistics moved with the node");
            }
        }
    }

    #[test]
    fn expansion_refuses_to_pass_the_budget() {
        let node = Tree::<u8>::node_bytes();
        let mut tree = Tree::<u8>::new(4 * node);
        assert!(!tree.expand(0, &[1, 2, 3, 4]), "root + 4 > 4 nodes");
        assert!(tree.expand(0, &[1, 2, 3]));
        assert!(!tree.expand(1, &[4]));
        assert!(tree.allocated_bytes() <= 4 * node);
    }
}
