//! Victory by continuous threats: like VCF, but the attacker may also make
//! open threes (a point to make an open or double four). Against a three the
//! defender may answer with any point that leaves no such point, or with a
//! four of its own (which the attacker must block before going on).
//!
//! Answers that ignore the threat (counter-threes, quiet moves) lose to the
//! open four, so they are not searched. Used at the root only: the AND-OR
//! tree is far larger than a VCF's.

use super::movegen::push_fours_and_defences;
use super::threat::Threat;
use super::threat_board::{to_move, ThreatBoard};
use crate::game::{MoveList, Player};
use crate::games::GomokuMove;
use crate::search::Limits;

/// Read the clock once every this many nodes.
const TIME_CHECK_INTERVAL: u64 = 256;
/// Threat moves tried per attacker node, strongest first.
const ATTACKER_BRANCHING: usize = 12;
/// Mixed into the table key so the two attackers' results never meet.
const ATTACKER_SALT: [u64; 2] = [0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B];

/// An attacker-to-move position refuted with at most `threats` threat moves.
#[derive(Clone, Copy, Default)]
struct Refuted {
    key: u64,
    threats: u32,
}

/// A VCT solver with its own table of refuted positions.
pub struct VctSolver {
    refuted: Vec<Refuted>,
    mask: usize,
    limits: Limits,
    nodes: u64,
    stopped: bool,
}

impl VctSolver {
    /// A solver whose table holds `2^table_bits` refutations.
    pub fn new(table_bits: u32) -> Self {
        VctSolver {
            refuted: vec![Refuted::default(); 1 << table_bits],
            mask: (1 << table_bits) - 1,
            limits: Limits::default(),
            nodes: 0,
            stopped: false,
        }
    }

    /// The first move of a win by threats for `attacker` on `board`, as if
    /// `attacker` were to move, with at most `max_threats` threat moves (fours
    /// and threes), within `limits`. `None` if there is none or the limits
    /// stopped the search (see [`Self::last_search_complete`]).
    pub fn solve(
        &mut self,
        board: &ThreatBoard,
        attacker: Player,
        max_threats: u32,
        limits: &Limits,
    ) -> Option<GomokuMove> {
        self.limits = *limits;
        self.nodes = 0;
        self.stopped = false;
        let mut first = None;
        self.attack(board, attacker, max_threats, Some(&mut first))
            .then_some(first)
            .flatten()
    }

    /// Nodes visited by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// `false` if the last solve was cut short by its limits.
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

    /// `true` if `attacker`, to move, wins by threats using at most `threats`
    /// threat moves. At the root, `first` receives the winning move.
    fn attack(
        &mut self,
        board: &ThreatBoard,
        attacker: Player,
        threats: u32,
        first: Option<&mut Option<GomokuMove>>,
    ) -> bool {
        if self.out_of_budget() {
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
                let mut after = board.clone();
                after.place(block, attacker);
                let wins = self.defend(&after, attacker, threats);
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
        let key = board.hash() ^ ATTACKER_SALT[attacker.index()];
        let slot = key as usize & self.mask;
        let entry = self.refuted[slot];
        if entry.key == key && entry.threats >= threats {
            return false;
        }

        let mut candidates = MoveList::new();
        board.points_with(attacker, Threat::Three, &mut candidates);
        candidates.as_mut_slice().sort_unstable_by_key(|m| {
            let p = m.index();
            (
                std::cmp::Reverse(board.threat(attacker, p)),
                std::cmp::Reverse(board.value(attacker, p)),
                p,
            )
        });
        let mut winner = None;
        for &m in candidates.iter().take(ATTACKER_BRANCHING) {
            let mut after = board.clone();
            after.place(m.index(), attacker);
            if self.defend(&after, attacker, threats - 1) {
                winner = Some(m);
                break;
            }
            if self.stopped {
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
                self.refuted[slot] = Refuted { key, threats };
                false
            }
        }
    }

    /// `true` if the attacker wins against every answer of the defender, who
    /// is to move.
    fn defend(&mut self, board: &ThreatBoard, attacker: Player, threats: u32) -> bool {
        if self.out_of_budget() {
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
            let mut after = board.clone();
            after.place(r.index(), defender);
            let attacker_wins = if after.count(attacker, Threat::Five) > 0 {
                true
            } else if after.count(defender, Threat::Five) > 0 {
                // The defender's four: block it, and the defender moves again.
                if after.count(defender, Threat::Five) >= 2 {
                    return false;
                }
                let block = after
                    .first_point_with(defender, Threat::Five)
                    .expect("counted");
                after.place(block, attacker);
                self.defend(&after, attacker, threats)
            } else {
                self.attack(&after, attacker, threats, None)
            };
            if !attacker_wins {
                return false;
            }
        }
        !self.stopped
    }
}
