//! What the VCF and VCT solvers share ([`SolverCore`]): the node budget (the
//! search layer's [`Budget`]), the
//! table of refuted attacker positions, a scratch board each solve walks with
//! place/remove instead of copying it, the undo stack of the line being read,
//! and what a caller asks after a solve; and the order in which threat moves
//! are tried.

use super::threat_board::{ThreatBoard, UndoStack};
use crate::game::{MoveList, Player};
use crate::games::GomokuMove;
use crate::search::Budget;

/// The state either solver keeps between and during solves; each solver
/// dereferences to its core, so [`Self::clear`], [`Self::nodes`] and
/// [`Self::last_search_complete`] serve both.
pub struct SolverCore {
    pub(super) refuted: RefutationTable,
    pub(super) budget: Budget,
    pub(super) scratch: Scratch,
    /// What the stones of the line being read changed on the board.
    pub(super) undos: UndoStack,
}

impl SolverCore {
    /// A table of `2^table_bits` refutations keyed with `salt` per
    /// attacker, the clock read every `check_interval` nodes, room for
    /// `line_stones` stones before the undo stack grows.
    pub(super) fn new(
        table_bits: u32,
        salt: [u64; 2],
        check_interval: u64,
        line_stones: usize,
    ) -> Self {
        SolverCore {
            refuted: RefutationTable::new(table_bits, salt),
            budget: Budget::new(check_interval),
            scratch: Scratch::new(),
            undos: UndoStack::with_capacity(line_stones),
        }
    }

    /// Forgets every stored refutation.
    pub fn clear(&mut self) {
        self.refuted.clear();
    }

    /// Nodes visited by the last solve.
    pub fn nodes(&self) -> u64 {
        self.budget.nodes()
    }

    /// `false` if the last solve was cut short by its limits, so a `None`
    /// from it proves nothing.
    pub fn last_search_complete(&self) -> bool {
        !self.budget.spent()
    }
}

/// An attacker-to-move position proven to have no win within `depth`
/// threat moves.
#[derive(Clone, Copy, Default)]
struct Refuted {
    key: u64,
    depth: u32,
}

/// Refuted positions by stones and attacker, kept between solves (a
/// refutation depends only on them).
pub(super) struct RefutationTable {
    entries: Vec<Refuted>,
    mask: usize,
    /// Mixed into the key so the two attackers' results never meet.
    salt: [u64; 2],
}

impl RefutationTable {
    pub(super) fn new(table_bits: u32, salt: [u64; 2]) -> Self {
        RefutationTable {
            entries: vec![Refuted::default(); 1 << table_bits],
            mask: (1 << table_bits) - 1,
            salt,
        }
    }

    pub(super) fn clear(&mut self) {
        self.entries.fill(Refuted::default());
    }

    #[inline]
    pub(super) fn key(&self, board: &ThreatBoard, attacker: Player) -> u64 {
        board.hash() ^ self.salt[attacker.index()]
    }

    /// `true` if `key` is known to have no win within `depth`.
    #[inline]
    pub(super) fn is_refuted(&self, key: u64, depth: u32) -> bool {
        let entry = self.entries[key as usize & self.mask];
        entry.key == key && entry.depth >= depth
    }

    #[inline]
    pub(super) fn store(&mut self, key: u64, depth: u32) {
        self.entries[key as usize & self.mask] = Refuted { key, depth };
    }
}

/// The solvers' scratch board: one copy of the caller's board per solve,
/// walked in place.
pub(super) struct Scratch(Option<Box<ThreatBoard>>);

impl Scratch {
    pub(super) fn new() -> Self {
        Scratch(None)
    }

    /// Takes the scratch board out, loaded with `board`; give it back with
    /// [`Self::put_back`].
    pub(super) fn take_copy_of(&mut self, board: &ThreatBoard) -> Box<ThreatBoard> {
        match self.0.take() {
            Some(mut scratch) => {
                (*scratch).clone_from(board);
                scratch
            }
            None => Box::new(board.clone()),
        }
    }

    pub(super) fn put_back(&mut self, board: Box<ThreatBoard>) {
        self.0 = Some(board);
    }
}

/// Strongest threats first (open and double fours, then four-threes, ...),
/// ties by the point's value for `attacker`, then by point.
pub(super) fn sort_strongest_first(
    board: &ThreatBoard,
    attacker: Player,
    moves: &mut MoveList<GomokuMove>,
) {
    moves.as_mut_slice().sort_unstable_by_key(|m| {
        let p = m.index();
        (
            std::cmp::Reverse(board.threat(attacker, p)),
            std::cmp::Reverse(board.value(attacker, p)),
            p,
        )
    });
}
