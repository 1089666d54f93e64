//! Victory by continuous threats: like VCF, but the attacker may also make
//! open threes (a point to make an open or double four). Against a three the
//! defender may answer with any point that leaves no such point, or with a
//! four of its own (which the attacker must block before going on).
//!
//! Answers that ignore the threat (counter-threes, quiet moves) lose to the
//! open four, so they are not searched. Used at the root only: the AND-OR
//! tree is far larger than a VCF's.

use super::movegen::push_fours_and_defences;
use super::solver::{sort_strongest_first, SolverCore};
use super::threat::Threat;
use super::threat_board::{to_move, ThreatBoard};
use crate::game::{MoveList, Player};
use crate::games::GomokuMove;
use crate::search::Limits;

/// Read the clock once every this many nodes.
const TIME_CHECK_INTERVAL: u64 = 256;
/// Threat moves tried per attacker node, strongest first.
const ATTACKER_BRANCHING: usize = 12;
/// Stones a line is expected to need at most (a longer one grows the stack).
const UNDO_CAPACITY: usize = 64;
/// Mixed into the table key so the two attackers' results never meet.
const ATTACKER_SALT: [u64; 2] = [0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B];

/// A VCT solver with its own table of refuted positions.
pub struct VctSolver {
    core: SolverCore,
}

impl VctSolver {
    /// A solver whose table holds `2^table_bits` refutations.
    pub fn new(table_bits: u32) -> Self {
        VctSolver {
            core: SolverCore::new(
                table_bits,
                ATTACKER_SALT,
                TIME_CHECK_INTERVAL,
                UNDO_CAPACITY,
            ),
        }
    }

    /// The first move of a win by threats for `attacker` on `board`, as if
    /// `attacker` were to move, with at most `max_threats` threat moves (fours
    /// and threes), within `limits`. `None` if there is none or the limits
    /// stopped the search (see [`SolverCore::last_search_complete`]).
    pub fn solve(
        &mut self,
        board: &ThreatBoard,
        attacker: Player,
        max_threats: u32,
        limits: &Limits,
    ) -> Option<GomokuMove> {
        self.core.budget.start(limits);
        let mut scratch = self.core.scratch.take_copy_of(board);
        let mut first = None;
        let wins = self.attack(&mut scratch, attacker, max_threats, Some(&mut first));
        self.core.scratch.put_back(scratch);
        wins.then_some(first).flatten()
    }

    /// `true` if `attacker`, to move, wins by threats using at most `threats`
    /// threat moves. At the root, `first` receives the winning move.
    /// `board` is restored.
    fn attack(
        &mut self,
        board: &mut ThreatBoard,
        attacker: Player,
        threats: u32,
        first: Option<&mut Option<GomokuMove>>,
    ) -> bool {
        if self.core.budget.count() {
            return false;
        }
        let defender = attacker.opponent();
        if let Some(five) = board.first_point_with(attacker, Threat::Five) {
            if let Some(first) = first {
                *first = Some(to_move(five));
            }
            return true;
        }
        match board.count(defender, Threat::Five) {
            0 => {}
            1 => {
                // Forced block; then the defender moves again.
                let block = board
                    .first_point_with(defender, Threat::Five)
                    .expect("counted");
                self.core.undos.place_tactical(board, block, attacker);
                let wins = self.defend(board, attacker, threats);
                self.core.undos.take_back(board);
                if wins {
                    if let Some(first) = first {
                        *first = Some(to_move(block));
                    }
                }
                return wins;
            }
            _ => return false,
        }
        if let Some(flex) = board.first_point_with(attacker, Threat::FlexFour) {
            if let Some(first) = first {
                *first = Some(to_move(flex));
            }
            return true;
        }
        if threats == 0 {
            return false;
        }
        let key = self.core.refuted.key(board, attacker);
        if self.core.refuted.is_refuted(key, threats) {
            return false;
        }

        let mut candidates = MoveList::new();
        board.points_with(attacker, Threat::Three, &mut candidates);
        sort_strongest_first(board, attacker, &mut candidates);
        let mut winner = None;
        for &m in candidates.iter().take(ATTACKER_BRANCHING) {
            self.core.undos.place_tactical(board, m.index(), attacker);
            let wins = self.defend(board, attacker, threats - 1);
            self.core.undos.take_back(board);
            if wins {
                winner = Some(m);
                break;
            }
            if self.core.budget.spent() {
                return false;
            }
        }
        match winner {
            Some(m) => {
                if let Some(first) = first {
                    *first = Some(m);
                }
                true
            }
            None => {
                self.core.refuted.store(key, threats);
                false
            }
        }
    }

    /// `true` if the attacker wins against every answer of the defender, who
    /// is to move. `board` is restored.
    fn defend(&mut self, board: &mut ThreatBoard, attacker: Player, threats: u32) -> bool {
        if self.core.budget.count() {
            return false;
        }
        let defender = attacker.opponent();
        if board.count(defender, Threat::Five) > 0 {
            return false;
        }
        let mut replies = MoveList::new();
        match board.count(attacker, Threat::Five) {
            0 if board.count(attacker, Threat::FlexFour) > 0 => {
                push_fours_and_defences(board, defender, Threat::FlexFour, &mut replies);
            }
            // No threat left: the defender has a free move.
            0 => return false,
            1 => {
                let block = board
                    .first_point_with(attacker, Threat::Five)
                    .expect("counted");
                replies.push(to_move(block));
            }
            _ => return true,
        }
        for &r in replies.iter() {
            self.core.undos.place_tactical(board, r.index(), defender);
            let attacker_wins = self.answer(board, attacker, threats);
            self.core.undos.take_back(board);
            if !attacker_wins {
                return false;
            }
        }
        !self.core.budget.spent()
    }

    /// After the defender's reply: `true` if the attacker still wins.
    fn answer(&mut self, board: &mut ThreatBoard, attacker: Player, threats: u32) -> bool {
        let defender = attacker.opponent();
        if board.count(attacker, Threat::Five) > 0 {
            return true;
        }
        match board.count(defender, Threat::Five) {
            0 => self.attack(board, attacker, threats, None),
            // The defender's four: block it, and the defender moves again.
            1 => {
                let block = board
                    .first_point_with(defender, Threat::Five)
                    .expect("counted");
                self.core.undos.place_tactical(board, block, attacker);
                let wins = self.defend(board, attacker, threats);
                self.core.undos.take_back(board);
                wins
            }
            _ => false,
        }
    }
}

/// [`SolverCore::clear`], [`SolverCore::nodes`] and
/// [`SolverCore::last_search_complete`] on this solver.
impl std::ops::Deref for VctSolver {
    type Target = SolverCore;

    fn deref(&self) -> &SolverCore {
        &self.core
    }
}

impl std::ops::DerefMut for VctSolver {
    fn deref_mut(&mut self) -> &mut SolverCore {
        &mut self.core
    }
}
