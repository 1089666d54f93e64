//! The trained evaluation: a linear function of counts the threat board
//! keeps incrementally, with weights fitted to self-play game results
//! (`training`) and embedded in the binary (`trained_weights.rs`).
//!
//! Features, from the side to move's view (mover and opponent weighted
//! separately, so the worth of having the move is learned):
//! - per side, how many (empty point, direction) pairs carry each line
//!   pattern but `Dead` ([`ThreatBoard::pattern_count`]);
//! - per side, how many empty points carry each threat class but `None`
//!   ([`ThreatBoard::count`]);
//! - the hand evaluation's three combination indicators ([`evaluate`](super::evaluate));
//! - the number of stones (the game's phase).
//!
//! The hand evaluation is one point of this family (its point values are
//! sums of per-pattern and per-threat values), so the fit can only match or
//! improve on it on its training positions.

use super::patterns::Pattern;
use super::threat::Threat;
use super::threat_board::ThreatBoard;
use crate::game::Player;

/// Line patterns counted per side (all but `Dead`).
const PATTERN_FEATURES: usize = Pattern::COUNT - 1;
/// Threat classes counted per side (all but `None`).
const THREAT_FEATURES: usize = Threat::COUNT - 1;
/// Features per side.
const SIDE_FEATURES: usize = PATTERN_FEATURES + THREAT_FEATURES;
/// Index of the first feature after the two sides' counts.
const COMBINATIONS: usize = 2 * SIDE_FEATURES;

/// Number of features.
pub const FEATURES: usize = COMBINATIONS + 4;

/// The feature names, in order (for reports and the weight file).
pub fn feature_names() -> [String; FEATURES] {
    let mut names: [String; FEATURES] = std::array::from_fn(|_| String::new());
    for (s, side) in ["mover", "opponent"].iter().enumerate() {
        for (i, pattern) in Pattern::ALL[1..].iter().enumerate() {
            names[s * SIDE_FEATURES + i] = format!("{side} line {pattern:?}");
        }
        for (i, threat) in Threat::ALL[1..].iter().enumerate() {
            names[s * SIDE_FEATURES + PATTERN_FEATURES + i] = format!("{side} point {threat:?}");
        }
    }
    names[COMBINATIONS] = "mover double three, opponent without fours".into();
    names[COMBINATIONS + 1] = "opponent four-three or better".into();
    names[COMBINATIONS + 2] = "opponent double three (no four-three)".into();
    names[COMBINATIONS + 3] = "stones".into();
    names
}

/// The features of `board` for `me` to move; see the module documentation.
#[inline]
pub fn features(board: &ThreatBoard, me: Player) -> [i32; FEATURES] {
    let them = me.opponent();
    let mut f = [0i32; FEATURES];
    for (s, side) in [me, them].into_iter().enumerate() {
        let base = s * SIDE_FEATURES;
        for (i, &pattern) in Pattern::ALL[1..].iter().enumerate() {
            f[base + i] = board.pattern_count(side, pattern) as i32;
        }
        for (i, &threat) in Threat::ALL[1..].iter().enumerate() {
            f[base + PATTERN_FEATURES + i] = board.count(side, threat) as i32;
        }
    }
    let their_fours = board.count_at_least(them, Threat::Four) > 0;
    let their_four_three = board.count_at_least(them, Threat::FourThree) > 0;
    f[COMBINATIONS] = (board.count(me, Threat::DoubleThree) > 0 && !their_fours) as i32;
    f[COMBINATIONS + 1] = their_four_three as i32;
    f[COMBINATIONS + 2] = (!their_four_three && board.count(them, Threat::DoubleThree) > 0) as i32;
    f[COMBINATIONS + 3] = board.stone_count() as i32;
    f
}

/// Weights are stored in `1 / WEIGHT_SCALE` evaluation units.
pub const WEIGHT_SCALE: i32 = 64;

/// The weights of [`evaluate_trained`], in `1 / WEIGHT_SCALE` evaluation
/// units (about 1000 units: a clear advantage, as for the hand evaluation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainedWeights {
    /// The side to move's constant share.
    pub bias: i32,
    pub weights: [i32; FEATURES],
}

/// The weights fitted by `examples/gomoku_train.rs`, embedded.
pub static TRAINED_WEIGHTS: TrainedWeights = include!("trained_weights.rs");

/// The trained evaluation of `board` for `me` to move: `weights` against
/// [`features`], rounded down to evaluation units.
#[inline]
pub fn evaluate_trained(board: &ThreatBoard, me: Player, weights: &TrainedWeights) -> i32 {
    let f = features(board, me);
    let sum: i32 = f
        .iter()
        .zip(&weights.weights)
        .map(|(&x, &w)| x * w)
        .sum::<i32>()
        + weights.bias;
    sum.div_euclid(WEIGHT_SCALE)
}
