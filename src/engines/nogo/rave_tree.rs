//! The RAVE search tree: one arena of nodes carrying both the ordinary
//! statistics and the AMAF ("all moves as first") ones, each node's children
//! stored contiguously.

use crate::games::NoGoMove;

/// Index of a node in its [`RaveTree`]; the root is 0.
pub type RaveNodeId = u32;

/// What the solver proved about a node, from the view of the player who made
/// the move into it. NoGo has no draws, so a proof is a win or a loss.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Solved {
    #[default]
    Unknown,
    Win,
    Loss,
}

/// One node (28 bytes). Rewards are in `[0, 1]` for the player who made `mv`.
#[derive(Clone, Copy, Debug)]
pub struct RaveNode {
    first_child: u32,
    pub visits: u32,
    pub wins: f32,
    pub amaf_visits: u32,
    pub amaf_wins: f32,
    child_count: u8,
    pub solved: Solved,
    mv: NoGoMove,
}

impl RaveNode {
    fn new(mv: NoGoMove) -> Self {
        RaveNode {
            first_child: 0,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            child_count: 0,
            solved: Solved::Unknown,
            mv,
        }
    }

    /// The move from the parent into this node (meaningless for the root).
    #[inline]
    pub fn mv(&self) -> NoGoMove {
        self.mv
    }

    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.child_count > 0
    }

    #[inline]
    pub fn children(&self) -> std::ops::Range<RaveNodeId> {
        self.first_child..self.first_child + self.child_count as u32
    }

    /// Mean reward in `[0, 1]`; the proven value once solved; 0.5 unvisited.
    #[inline]
    pub fn mean(&self) -> f32 {
        match self.solved {
            Solved::Win => 1.0,
            Solved::Loss => 0.0,
            Solved::Unknown if self.visits == 0 => 0.5,
            Solved::Unknown => self.wins / self.visits as f32,
        }
    }
}

/// The node arena, capped at a memory budget: when full, the tree stops
/// growing and playouts start from its leaves.
pub struct RaveTree {
    nodes: Vec<RaveNode>,
    /// The other half of the double buffer used to keep a subtree.
    spare: Vec<RaveNode>,
    max_nodes: usize,
}

impl RaveTree {
    pub const ROOT: RaveNodeId = 0;

    /// A tree holding only a root, whose two arenas together stay within
    /// `budget_bytes` (at least one node each).
    pub fn new(budget_bytes: usize) -> Self {
        let max_nodes =
            (budget_bytes / 2 / std::mem::size_of::<RaveNode>()).clamp(1, u32::MAX as usize);
        let mut tree = RaveTree {
            nodes: Vec::new(),
            spare: Vec::new(),
            max_nodes,
        };
        tree.reset();
        tree
    }

    /// Drops every node but a fresh root.
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.nodes.push(RaveNode::new(NoGoMove::default()));
    }

    #[inline]
    pub fn node(&self, id: RaveNodeId) -> &RaveNode {
        &self.nodes[id as usize]
    }

    #[inline]
    pub fn node_mut(&mut self, id: RaveNodeId) -> &mut RaveNode {
        &mut self.nodes[id as usize]
    }

    /// Number of nodes, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: the root always exists.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Gives the unexpanded node `parent` one child per move, or returns
    /// `false` (changing nothing) if the budget has no room.
    pub fn expand(&mut self, parent: RaveNodeId, moves: &[NoGoMove]) -> bool {
        debug_assert!(!self.node(parent).is_expanded());
        if moves.is_empty()
            || moves.len() > u8::MAX as usize
            || self.nodes.len() + moves.len() > self.max_nodes
        {
            return false;
        }
        if self.nodes.capacity() < self.nodes.len() + moves.len() {
            // Geometric growth, never past the cap.
            let target = (self.nodes.capacity() * 2)
                .max(4096)
                .clamp(self.nodes.len() + moves.len(), self.max_nodes);
            self.nodes.reserve_exact(target - self.nodes.len());
        }
        let first = self.nodes.len() as u32;
        self.nodes.extend(moves.iter().map(|&m| RaveNode::new(m)));
        let node = self.node_mut(parent);
        node.first_child = first;
        node.child_count = moves.len() as u8;
        true
    }

    /// Makes the subtree under `new_root` the whole tree, `new_root` becoming
    /// node 0. Copies breadth-first into the spare arena, which keeps every
    /// sibling block contiguous, then swaps the arenas.
    pub fn keep_subtree(&mut self, new_root: RaveNodeId) {
        if new_root == Self::ROOT {
            return;
        }
        let mut kept = std::mem::take(&mut self.spare);
        kept.clear();
        // Exactly what the subtree can need, so the spare never outgrows the cap.
        kept.reserve_exact(self.nodes.len());
        kept.push(self.nodes[new_root as usize]);
        let mut next = 0;
        while next < kept.len() {
            let node = kept[next];
            if node.is_expanded() {
                let first = kept.len() as u32;
                kept.extend_from_slice(
                    &self.nodes[node.children().start as usize..node.children().end as usize],
                );
                kept[next].first_child = first;
            }
            next += 1;
        }
        self.spare = std::mem::replace(&mut self.nodes, kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(indices: &[usize]) -> Vec<NoGoMove> {
        indices
            .iter()
            .map(|&i| NoGoMove::from_index(i).unwrap())
            .collect()
    }

    #[test]
    fn keep_subtree_keeps_shape_and_statistics() {
        let mut tree = RaveTree::new(1 << 20);
        assert!(tree.expand(0, &moves(&[1, 2])));
        assert!(tree.expand(2, &moves(&[3, 4, 5])));
        assert!(tree.expand(1, &moves(&[6])));
        assert!(tree.expand(5, &moves(&[7, 8])));
        tree.node_mut(5).visits = 9;
        tree.keep_subtree(2);
        assert_eq!(
            tree.len(),
            6,
            "node 2, its three children, two grandchildren"
        );
        assert_eq!(tree.node(0).mv().index(), 2);
        let children: Vec<usize> = tree
            .node(0)
            .children()
            .map(|c| tree.node(c).mv().index())
            .collect();
        assert_eq!(children, vec![3, 4, 5]);
        let five = tree.node(0).children().last().unwrap();
        assert_eq!(tree.node(five).visits, 9);
        let grandchildren: Vec<usize> = tree
            .node(five)
            .children()
            .map(|c| tree.node(c).mv().index())
            .collect();
        assert_eq!(grandchildren, vec![7, 8]);
    }

    #[test]
    fn expansion_respects_the_budget() {
        let node = std::mem::size_of::<RaveNode>();
        let mut tree = RaveTree::new(2 * 3 * node);
        assert!(!tree.expand(0, &moves(&[1, 2, 3])), "root + 3 > 3 nodes");
        assert!(tree.expand(0, &moves(&[1, 2])));
        assert!(!tree.expand(1, &moves(&[4])));
    }
}
