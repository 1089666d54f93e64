//! Victory by continuous fours: the attacker makes a four with every move,
//! the defender's only reply is the block, until the attacker has two five
//! points or makes five. A defender four in between must be blocked by a
//! move that is itself a four.

use super::threat::Threat;
use super::threat_board::{to_move, ThreatBoard};
use crate::game::{MoveList, Player};
use crate::games::GomokuMove;
use crate::search::Limits;

/// The most fours one line may use; bounds the recursion (and its stack).
pub const MAX_VCF_FOURS: u32 = 40;

/// Read the clock once every this many nodes.
const TIME_CHECK_INTERVAL: u64 = 1024;

/// Mixed into the table key so the two attackers' results never meet.
const ATTACKER_SALT: [u64; 2] = [0x2545_F491_4F6C_DD1D, 0x9E37_79B9_7F4A_7C15];

/// A position proven to have no VCF with at most `fours` fours.
#[derive(Clone, Copy, Default)]
struct Refuted {
    key: u64,
    fours: u32,
}

/// A VCF solver with its own table of refuted positions, kept between solves
/// (a refutation depends only on the stones and the attacker).
pub struct VcfSolver {
    refuted: Vec<Refuted>,
    mask: usize,
    limits: Limits,
    nodes: u64,
    stopped: bool,
    /// The winning line, built backwards while the recursion unwinds.
    line: Vec<GomokuMove>,
}

impl VcfSolver {
    /// A solver whose table holds `2^table_bits` refutations.
    pub fn new(table_bits: u32) -> Self {
        VcfSolver {
            refuted: vec![Refuted::default(); 1 << table_bits],
            mask: (1 << table_bits) - 1,
            limits: Limits::default(),
            nodes: 0,
            stopped: false,
            line: Vec::with_capacity(2 * MAX_VCF_FOURS as usize + 2),
        }
    }

    /// Forgets every stored refutation.
    pub fn clear(&mut self) {
        self.refuted.fill(Refuted::default());
    }

    /// Looks for a VCF for `attacker` on `board`, as if `attacker` were to
    /// move, within `limits` (its node cap and deadline).
    ///
    /// Returns the winning line: the attacker's four, the defender's forced
    /// block, ..., and last the attacker's five; `None` if there is none or
    /// the limits stopped the search first (see [`Self::last_search_complete`]).
    pub fn solve(
        &mut self,
        board: &ThreatBoard,
        attacker: Player,
        limits: &Limits,
    ) -> Option<&[GomokuMove]> {
        self.limits = *limits;
        self.nodes = 0;
        self.stopped = false;
        self.line.clear();
        if self.attack(board, attacker, MAX_VCF_FOURS) {
            self.line.reverse();
            Some(&self.line)
        } else {
            None
        }
    }

    /// Nodes visited by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// `false` if the last solve was cut short by its limits, so a `None`
    /// from it proves nothing.
    pub fn last_search_complete(&self) -> bool {
        !self.stopped
    }

    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.nodes_exhausted(self.nodes)
            || (self.nodes.is_multiple_of(TIME_CHECK_INTERVAL) && self.limits.out_of_time())
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// `true` if `attacker`, to move, wins by fours using at most `fours`.
    fn attack(&mut self, board: &ThreatBoard, attacker: Player, fours: u32) -> bool {
        if self.out_of_budget() {
            return false;
        }
        if let Some(five) = board.first_point_with(attacker, Threat::Five) {
            self.line.push(to_move(five));
            return true;
        }
        let defender = attacker.opponent();
        if fours == 0 || board.count(defender, Threat::Five) >= 2 {
            return false;
        }
        let key = board.hash() ^ ATTACKER_SALT[attacker.index()];
        let slot = key as usize & self.mask;
        let entry = self.refuted[slot];
        if entry.key == key && entry.fours >= fours {
            return false;
        }

        let mut candidates = MoveList::new();
        if let Some(block) = board.first_point_with(defender, Threat::Five) {
            // The defender's four must be blocked, and the block must keep
            // the initiative by being a four itself.
            if board.threat(attacker, block).makes_four() {
                candidates.push(to_move(block));
            }
        } else {
            board.points_with(attacker, Threat::Four, &mut candidates);
            sort_strongest_first(board, attacker, &mut candidates);
        }

        for &m in candidates.iter() {
            let mut after = board.clone();
            after.place(m.index(), attacker);
            let block = after
                .first_point_with(attacker, Threat::Five)
                .expect("a four leaves a five point");
            after.place(block, defender);
            if self.attack(&after, attacker, fours - 1) {
                self.line.push(to_move(block));
                self.line.push(m);
                return true;
            }
            if self.stopped {
                return false;
            }
        }
        self.refuted[slot] = Refuted { key, fours };
        false
    }
}

/// Open and double fours first, then four-threes, then plain fours; ties by
/// the point's value.
fn sort_strongest_first(board: &ThreatBoard, attacker: Player, moves: &mut MoveList<GomokuMove>) {
    moves.as_mut_slice().sort_unstable_by_key(|m| {
        let p = m.index();
        (
            std::cmp::Reverse(board.threat(attacker, p)),
            std::cmp::Reverse(board.value(attacker, p)),
            p,
        )
    });
}
