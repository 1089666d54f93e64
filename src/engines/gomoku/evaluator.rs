//! The static evaluations of the main search: the hand-set [`evaluate`],
//! the trained linear one ([`evaluate_trained`], plus the threat-mask
//! values [`threat_mask_value`]) and the pattern-code table
//! ([`evaluate_table`]), chosen by [`Evaluation`].

use super::net::{embedded_net, evaluate_net, NetWeights};
use super::table::{evaluate_table, TableWeights};
use super::table_file::embedded_table;
use super::threat::Threat;
use super::threat_board::ThreatBoard;
use super::threat_mask::{threat_mask_value, ThreatMaskValues, THREAT_MASK_VALUES};
use super::trained::{evaluate_trained, TrainedWeights, TRAINED3_WEIGHTS};
use crate::game::Player;

/// The weights of [`evaluate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Weight of the mover's summed point values, in fifths.
    pub mover: i32,
    /// Weight of the opponent's summed point values, in fifths.
    pub opponent: i32,
    /// Bonus for a mover's double three the opponent cannot answer with fours.
    pub mover_double_three: i32,
    /// Penalty for an opponent four-three (or better) point.
    pub opponent_four_three: i32,
    /// Penalty for an opponent double-three point.
    pub opponent_double_three: i32,
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights {
            mover: 6,
            opponent: 5,
            mover_double_three: 1500,
            opponent_four_three: 500,
            opponent_double_three: 300,
        }
    }
}

/// The static evaluation of `board` for `me` to move: my threat values
/// against the opponent's, over all empty points (mine count a little
/// more, since I play first), plus the combination threats: my double
/// three wins unless the opponent has fours, and the opponent's four-three
/// or double three costs me my next move.
#[inline]
pub fn evaluate(board: &ThreatBoard, me: Player, weights: &EvalWeights) -> i32 {
    let them = me.opponent();
    let mine = weights.mover * board.value_total(me);
    let score = (mine - weights.opponent * board.value_total(them)) / 5;
    let [mover_double_three, opponent_four_three, opponent_double_three] =
        combination_threats(board, me);
    score + weights.mover_double_three * mover_double_three as i32
        - weights.opponent_four_three * opponent_four_three as i32
        - weights.opponent_double_three * opponent_double_three as i32
}

/// How many indicators [`combination_threats`] returns.
pub const COMBINATION_THREATS: usize = 3;

/// The combination threats of `board` for `me` to move, the terms both
/// evaluations weigh: my double three with no opponent four to answer it;
/// an opponent four-three (or better) point; else an opponent double three.
#[inline]
pub fn combination_threats(board: &ThreatBoard, me: Player) -> [bool; COMBINATION_THREATS] {
    let them = me.opponent();
    let their_fours = board.count_at_least(them, Threat::Four) > 0;
    let their_four_three = board.count_at_least(them, Threat::FourThree) > 0;
    [
        board.count(me, Threat::DoubleThree) > 0 && !their_fours,
        their_four_three,
        !their_four_three && board.count(them, Threat::DoubleThree) > 0,
    ]
}

/// Which static evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Evaluation {
    /// [`evaluate`] with the search's hand-set [`EvalWeights`] (the first
    /// engines' evaluation; `evaluation=hand`).
    #[default]
    Hand,
    /// [`evaluate_trained`] with the given weights plus the
    /// [`threat_mask_value`] under the given values (fitted on top of them).
    Trained(&'static TrainedWeights, &'static ThreatMaskValues),
    /// [`evaluate_table`] with the given table (`evaluation=table`: the
    /// embedded one; `weights=PATH`: a file's).
    Table(&'static TableWeights),
    /// [`evaluate_net`] with the given weights (`evaluation=net`: the
    /// embedded one; `net=PATH`: a file's).
    Net(&'static NetWeights),
}

impl Evaluation {
    /// The default engine's trained evaluation (`trained3` and the
    /// threat-mask values fitted on top of it, `evaluation=trained`).
    pub fn trained() -> Self {
        Evaluation::Trained(&TRAINED3_WEIGHTS, &THREAT_MASK_VALUES)
    }

    /// The embedded table evaluation (`evaluation=table`).
    pub fn table() -> Self {
        Evaluation::Table(embedded_table())
    }

    /// The embedded network evaluation (`evaluation=net`).
    pub fn net() -> Self {
        Evaluation::Net(embedded_net())
    }

    /// The table a board must keep sums for ([`ThreatBoard::set_table`])
    /// to be evaluated by this.
    pub fn table_weights(self) -> Option<&'static TableWeights> {
        match self {
            Evaluation::Table(table) => Some(table),
            _ => None,
        }
    }

    /// The net a board must keep sums for ([`ThreatBoard::set_net`]) to be
    /// evaluated by this.
    pub fn net_weights(self) -> Option<&'static NetWeights> {
        match self {
            Evaluation::Net(net) => Some(net),
            _ => None,
        }
    }

    /// Whether this reads the board's pattern and shape counts or value
    /// totals (`hand` and `trained` do; `table` and `net` read only their
    /// code sums, so a search with them may place stones without counts,
    /// [`UndoStack::place_without_counts`](super::threat_board::UndoStack::place_without_counts)).
    pub fn reads_counts(self) -> bool {
        matches!(self, Evaluation::Hand | Evaluation::Trained(..))
    }

    /// The static evaluation of `board` for `me` to move; `hand` weights
    /// apply to [`Evaluation::Hand`] only.
    ///
    /// Precondition: `board` keeps the sums of [`Self::table_weights`].
    #[inline]
    pub fn evaluate(self, board: &ThreatBoard, me: Player, hand: &EvalWeights) -> i32 {
        match self {
            Evaluation::Hand => evaluate(board, me, hand),
            Evaluation::Trained(weights, threats) => {
                evaluate_trained(board, me, weights) + threat_mask_value(board, me, threats)
            }
            Evaluation::Table(table) => {
                debug_assert!(board.table().is_some_and(|t| std::ptr::eq(t, table)));
                evaluate_table(board, me)
            }
            Evaluation::Net(net) => {
                debug_assert!(board.net().is_some_and(|n| std::ptr::eq(n, net)));
                evaluate_net(board, me)
            }
        }
    }
}
