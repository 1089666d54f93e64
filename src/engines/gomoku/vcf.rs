//! Victory by continuous fours: the attacker makes a four with every move,
//! the defender's only reply is the block, until the attacker has two five
//! points or makes five. A defender four in between must be blocked by a
//! move that is itself a four.

use super::solver::{sort_strongest_first, SolverCore};
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
    core: SolverCore,
    scope: VcfScope,
    /// The winning line, built backwards while the recursion unwinds.
    line: Vec<GomokuMove>,
}

impl VcfSolver {
    /// A solver whose table holds `2^table_bits` refutations.
    pub fn new(table_bits: u32) -> Self {
        VcfSolver {
            // Two stones per four of the line: the four and its block.
            core: SolverCore::new(
                table_bits,
                ATTACKER_SALT,
                TIME_CHECK_INTERVAL,
                2 * MAX_VCF_FOURS as usize,
            ),
            scope: VcfScope::Full,
            line: Vec::with_capacity(2 * MAX_VCF_FOURS as usize + 2),
        }
    }

    /// Looks for a VCF for `attacker` on `board`, as if `attacker` were to
    /// move, within `limits` (its node cap and deadline), trying every four.
    ///
    /// Returns the winning line: the attacker's four, the defender's forced
    /// block, ..., and last the attacker's five; `None` if there is none or
    /// the limits stopped the search first (see [`SolverCore::last_search_complete`]).
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
        let mut scratch = self.core.scratch.take_copy_of(board);
        let found = self.search(&mut scratch, attacker, limits, scope);
        self.core.scratch.put_back(scratch);
        found.then_some(self.line.as_slice())
    }

    /// As [`Self::solve_in_scope`] on the caller's own board, which is walked
    /// in place and left as it was: no copy, for probes inside a search.
    pub fn solve_in_place(
        &mut self,
        board: &mut ThreatBoard,
        attacker: Player,
        limits: &Limits,
        scope: VcfScope,
    ) -> Option<&[GomokuMove]> {
        self.search(board, attacker, limits, scope)
            .then_some(self.line.as_slice())
    }

    fn search(
        &mut self,
        board: &mut ThreatBoard,
        attacker: Player,
        limits: &Limits,
        scope: VcfScope,
    ) -> bool {
        self.scope = scope;
        self.core.budget.start(limits);
        self.line.clear();
        let found = self.attack(board, attacker, MAX_VCF_FOURS, None);
        self.line.reverse();
        found
    }

    /// `true` if `attacker`, to move, wins by fours using at most `fours`;
    /// `previous` is the attacker's last four, if any. `board` is restored.
    fn attack(
        &mut self,
        board: &mut ThreatBoard,
        attacker: Player,
        fours: u32,
        previous: Option<usize>,
    ) -> bool {
        if self.core.budget.count() {
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
        let key = self.core.refuted.key(board, attacker);
        let local = self.scope == VcfScope::Local && previous.is_some();
        if self.core.refuted.is_refuted(key, fours) {
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
            self.core.undos.place_tactical(board, m.index(), attacker);
            let block = board
                .five_point_near(attacker, m.index())
                .expect("a four leaves a five point on its line");
            self.core.undos.place_tactical(board, block, defender);
            let wins = self.attack(board, attacker, fours - 1, Some(m.index()));
            self.core.undos.take_back(board);
            self.core.undos.take_back(board);
            if wins {
                self.line.push(to_move(block));
                self.line.push(m);
                return true;
            }
            if self.core.budget.spent() {
                return false;
            }
        }
        if !local {
            self.core.refuted.store(key, fours);
        }
        false
    }
}

/// [`SolverCore::clear`], [`SolverCore::nodes`] and
/// [`SolverCore::last_search_complete`] on this solver.
impl std::ops::Deref for VcfSolver {
    type Target = SolverCore;

    fn deref(&self) -> &SolverCore {
        &self.core
    }
}

impl std::ops::DerefMut for VcfSolver {
    fn deref_mut(&mut self) -> &mut SolverCore {
        &mut self.core
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
