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

/// Which fours the solver tries after the attacker's first one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VcfScope {
    /// Every four on the board: complete within the node budget.
    Full,
    /// Only fours near the attacker's previous four (on its lines within four
    /// cells, or within two cells king-wise), where follow-ups nearly always
    /// are: much faster, may miss a VCF. For probes inside the main search.
    Local,
}

/// A VCF solver with its own table of refuted positions, kept between solves
/// (a refutation depends only on the stones and the attacker).
pub struct VcfSolver {
    refuted: Vec<Refuted>,
    mask: usize,
    limits: Limits,
    scope: VcfScope,
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
            scope: VcfScope::Full,
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
    /// move, within `limits` (its node cap and deadline), trying every four.
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
        self.solve_in_scope(board, attacker, limits, VcfScope::Full)
    }

    /// As [`Self::solve`], with the fours after the first limited by `scope`.
    /// Refutations found in the `Local` scope are not stored (they may be
    /// false in the full one).
    pub fn solve_in_scope(
        &mut self,
        board: &ThreatBoard,
        attacker: Player,
        limits: &Limits,
        scope: VcfScope,
    ) -> Option<&[GomokuMove]> {
        self.scope = scope;
        self.limits = *limits;
        self.nodes = 0;
        self.stopped = false;
        self.line.clear();
        if self.attack(board, attacker, MAX_VCF_FOURS, None) {
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

    /// `true` if `attacker`, to move, wins by fours using at most `fours`;
    /// `previous` is the attacker's last four, if any.
    fn attack(
        &mut self,
        board: &ThreatBoard,
        attacker: Player,
        fours: u32,
        previous: Option<usize>,
    ) -> bool {
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
        let local = self.scope == VcfScope::Local && previous.is_some();
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
            if let Some(previous) = previous.filter(|_| local) {
                retain_near(&mut candidates, previous);
            }
            sort_strongest_first(board, attacker, &mut candidates);
        }

        for &m in candidates.iter() {
            let mut after = board.clone();
            after.place(m.index(), attacker);
            let block = after
                .first_point_with(attacker, Threat::Five)
                .expect("a four leaves a five point");
            after.place(block, defender);
            if self.attack(&after, attacker, fours - 1, Some(m.index())) {
                self.line.push(to_move(block));
                self.line.push(m);
                return true;
            }
            if self.stopped {
                return false;
            }
        }
        if !local {
            self.refuted[slot] = Refuted { key, fours };
        }
        false
    }
}

/// Keeps the points on a line through `centre` within four cells of it, or
/// within two cells of it in any direction.
fn retain_near(moves: &mut MoveList<GomokuMove>, centre: usize) {
    let c = to_move(centre);
    let mut i = 0;
    while i < moves.len() {
        let (dx, dy) = ((moves[i].x() - c.x()).abs(), (moves[i].y() - c.y()).abs());
        let on_line = (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 4;
        if on_line || dx.max(dy) <= 2 {
            i += 1;
        } else {
            moves.swap_remove(i);
        }
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
