//! The trained evaluation: a linear function of counts the threat board
//! keeps incrementally, with weights fitted to self-play game results
//! (`training`) and embedded in the binary (`trained3_weights.rs`).
//!
//! The [`FEATURES`] features, from the side to move's view (mover and
//! opponent weighted separately, so the worth of having the move is learned):
//! - per side, how many (empty point, direction) pairs carry each line
//!   pattern but `Dead` ([`ThreatBoard::pattern_count`]);
//! - per side, how many empty points carry each threat class but `None`
//!   ([`ThreatBoard::count`]);
//! - the hand evaluation's three combination indicators ([`evaluate`](super::evaluate));
//! - the number of stones (the game's phase);
//! - per side, how many empty points have each [`Shape`] but the weakest
//!   ([`ThreatBoard::shape_counts`]).
//!
//! Every feature also enters a second time multiplied by the stones on the
//! board over [`PHASE_STONES`], so a feature's worth can change over the
//! game (a tapered evaluation). (The first table, `trained1`, read the
//! features before the shapes, without phase terms; it is in the commits
//! `docs/gomoku.md` names.)
//!
//! The hand evaluation is one point of this family (its point values are
//! sums of per-pattern and per-threat values), so the fit can only match or
//! improve on it on its training positions.

use super::evaluator::combination_threats;
use super::patterns::Pattern;
use super::shape::Shape;
use super::threat::{summarize, Threat};
use super::threat_board::ThreatBoard;
use crate::game::Player;

/// Line patterns counted per side (all but `Dead`).
const PATTERN_FEATURES: usize = Pattern::COUNT - 1;
/// Threat classes counted per side (all but `None`).
const THREAT_FEATURES: usize = Threat::COUNT - 1;
/// Line features per side.
const SIDE_FEATURES: usize = PATTERN_FEATURES + THREAT_FEATURES;
/// Index of the first feature after the two sides' line counts.
const COMBINATIONS: usize = 2 * SIDE_FEATURES;
/// Index of the first shape count, after the combinations and the stones.
const SHAPES: usize = COMBINATIONS + 4;
/// Shapes counted per side (all but the weakest).
const SHAPE_SIDE_FEATURES: usize = Shape::COUNT - 1;

/// Number of features (phase terms not counted).
pub const FEATURES: usize = SHAPES + 2 * SHAPE_SIDE_FEATURES;
/// The first of the three combination indicators' features.
pub const COMBINATION_FEATURES: usize = COMBINATIONS;
/// The stones' feature.
pub const STONES_FEATURE: usize = COMBINATIONS + 3;

/// A phase term is its feature times the stones on the board divided by
/// this.
pub const PHASE_STONES: i64 = 100;

/// The feature names, in order (for reports and the weight file).
pub fn feature_names() -> Vec<String> {
    let mut names = vec![String::new(); SHAPES];
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
    for side in ["mover", "opponent"] {
        // In shape number order, shape 0 (nothing) left out.
        for best in 1..super::shape::LEVELS {
            for second in 0..=best {
                names.push(format!("{side} shape {best}+{second}"));
            }
        }
    }
    names
}

/// The features of `board` for `me` to move (their phase terms are
/// computed by the weights); see the module documentation.
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
    for (i, present) in combination_threats(board, me).into_iter().enumerate() {
        f[COMBINATIONS + i] = present as i32;
    }
    f[COMBINATIONS + 3] = board.stone_count() as i32;
    for (s, side) in [me, them].into_iter().enumerate() {
        let counts = board.shape_counts(side);
        let base = SHAPES + s * SHAPE_SIDE_FEATURES;
        for (out, &count) in f[base..base + SHAPE_SIDE_FEATURES]
            .iter_mut()
            .zip(&counts[1..])
        {
            *out = count as i32;
        }
    }
    f
}

/// The features one empty point adds, with these four lines for the mover
/// (`slot` 0) or for the opponent (`slot` 1): its lines but `Dead`, its
/// threat class but `None`, its shape but the weakest (a feature once per
/// line or point it counts). Every feature but the combinations and the
/// stones is a sum of these over the empty points.
pub fn point_features(slot: usize, lines: [Pattern; 4]) -> impl Iterator<Item = usize> {
    let base = slot * SIDE_FEATURES;
    let threat = summarize(lines).0;
    let shape = Shape::of(lines);
    let line_features = lines
        .into_iter()
        .filter(|&p| p != Pattern::Dead)
        .map(move |p| base + p as usize - 1);
    let threat_feature =
        (threat != Threat::None).then(|| base + PATTERN_FEATURES + threat as usize - 1);
    let shape_feature =
        (shape.index() > 0).then(|| SHAPES + slot * SHAPE_SIDE_FEATURES + shape.index() - 1);
    line_features.chain(threat_feature).chain(shape_feature)
}

/// Weights are stored in `1 / WEIGHT_SCALE` evaluation units.
pub const WEIGHT_SCALE: i32 = 64;

/// The weights of [`evaluate_trained`], in `1 / WEIGHT_SCALE` evaluation
/// units (about 1000 units: a clear advantage, as for the hand evaluation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainedWeights {
    /// The side to move's constant share.
    pub bias: i32,
    /// One per feature.
    pub weights: &'static [i32],
    /// One per feature, for its phase term.
    pub phase_weights: &'static [i32],
}

/// The weights of the `trained3` evaluation, the default's (fitted by `examples/gomoku_train.rs`; how, in
/// `data/README.md`), embedded.
pub static TRAINED3_WEIGHTS: TrainedWeights = include!("trained3_weights.rs");

/// Every embedded weight table under its name; the fit reports each on its
/// split, the baselines a new fit must beat. (The earlier `trained1` and
/// `trained2` tables are in the commits `docs/gomoku.md` names.)
pub static EMBEDDED_WEIGHTS: [(&str, &TrainedWeights); 1] = [("trained3", &TRAINED3_WEIGHTS)];

/// The linear value of `features` (`stones` on the board) under `bias`,
/// `weights` and `phase_weights`, rounded down to
/// evaluation units: the trained evaluation, shared with the fit's check of
/// its rounded weights.
#[inline]
pub fn linear_value(
    features: &[i32],
    stones: i32,
    bias: i32,
    weights: &[i32],
    phase_weights: &[i32],
) -> i32 {
    let sum: i32 = features
        .iter()
        .zip(weights)
        .map(|(&x, &w)| x * w)
        .sum::<i32>()
        + bias;
    let phase_sum: i32 = features
        .iter()
        .zip(phase_weights)
        .map(|(&x, &w)| x * w)
        .sum();
    let phase = (phase_sum as i64 * stones as i64).div_euclid(PHASE_STONES) as i32;
    (sum + phase).div_euclid(WEIGHT_SCALE)
}

/// The trained evaluation of `board` for `me` to move: `weights` against
/// the features, rounded down to evaluation units.
#[inline]
pub fn evaluate_trained(board: &ThreatBoard, me: Player, weights: &TrainedWeights) -> i32 {
    linear_value(
        &features(board, me),
        board.stone_count() as i32,
        weights.bias,
        weights.weights,
        weights.phase_weights,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::gomoku::notation::parse_moves;
    use crate::engines::gomoku::patterns::pattern_from_stones;
    use crate::engines::gomoku::threat::summarize;
    use crate::engines::gomoku::threat_board::DIRECTIONS;
    use crate::game::Game;
    use crate::games::Gomoku;

    const SIZE: i32 = Gomoku::SIZE as i32;

    /// The features of `pos` for its side to move, from the rules position
    /// and the feature definition, without the threat board.
    fn features_from_scratch(pos: &Gomoku) -> Vec<i32> {
        let me = pos.side_to_move();
        let mut lines = [[0i32; Pattern::COUNT]; 2];
        let mut threats = [[0i32; Threat::COUNT]; 2];
        let mut shapes = [[0i32; Shape::COUNT]; 2];
        let mut stones = 0;
        for y in 0..SIZE {
            for x in 0..SIZE {
                if pos.stone_at(x, y).is_some() {
                    stones += 1;
                    continue;
                }
                for (s, colour) in [me, me.opponent()].into_iter().enumerate() {
                    let patterns = DIRECTIONS.map(|d| {
                        pattern_from_stones(|qx, qy| pos.stone_at(qx, qy), colour, (x, y), d)
                    });
                    for p in patterns {
                        lines[s][p as usize] += 1;
                    }
                    threats[s][summarize(patterns).0 as usize] += 1;
                    let mut levels = patterns.map(crate::engines::gomoku::shape::level);
                    levels.sort_unstable();
                    shapes[s][Shape::from_levels(levels[3], levels[2]).index()] += 1;
                }
            }
        }
        let mut f = Vec::new();
        for s in 0..2 {
            f.extend_from_slice(&lines[s][1..]);
            f.extend_from_slice(&threats[s][1..]);
        }
        let at_least = |s: usize, t: Threat| threats[s][t as usize..].iter().sum::<i32>() > 0;
        let double_three = |s: usize| threats[s][Threat::DoubleThree as usize] > 0;
        f.push((double_three(0) && !at_least(1, Threat::Four)) as i32);
        f.push(at_least(1, Threat::FourThree) as i32);
        f.push((!at_least(1, Threat::FourThree) && double_three(1)) as i32);
        f.push(stones);
        for side_shapes in &shapes {
            f.extend_from_slice(&side_shapes[1..]);
        }
        f
    }

    /// Every embedded weight table is loaded (not an all-zero placeholder)
    /// and has a weight and a phase weight per feature, and the trained
    /// evaluation of fixed positions equals the weights applied to features
    /// counted from the stones alone.
    #[test]
    fn embedded_weights_evaluate_fixed_positions() {
        let games = [
            "h8 f6 e4 h6 i6 g5 i7 h4 e7 h5 h7 i5 j5",
            "h8 f6 g4 e6 h6 h9 h5 f7 g8 d6 c6 f8 f9 h7 i6 j7 d7 i7",
            "h8 g8 i9 g9 g10 h10 j10 j11 f7 e6 f9 f8",
        ];
        assert_eq!(feature_names().len(), FEATURES);
        for (name, weights) in &EMBEDDED_WEIGHTS {
            assert_eq!(weights.weights.len(), FEATURES, "{name}");
            assert_eq!(weights.phase_weights.len(), FEATURES, "{name}");
            assert!(
                weights.weights.iter().filter(|&&w| w != 0).count() >= FEATURES / 2,
                "{name}"
            );
            // No sum can overflow: each feature at its largest (a line
            // count at most 4 per empty point, a point count 1 per point,
            // an indicator 1, the stones 225).
            let largest = |i: usize| match i {
                _ if i < COMBINATIONS => 4 * 225,
                _ if (COMBINATIONS..COMBINATIONS + 3).contains(&i) => 1,
                _ => 225,
            };
            for table in [weights.weights, weights.phase_weights] {
                let bound: i64 = table
                    .iter()
                    .enumerate()
                    .map(|(i, &w)| (w as i64).abs() * largest(i))
                    .sum::<i64>()
                    + (weights.bias as i64).abs();
                assert!(bound < i32::MAX as i64, "{name}: {bound}");
            }
            for moves in games {
                let mut pos = Gomoku::start();
                for m in parse_moves(moves).unwrap() {
                    pos.try_play(m).unwrap();
                }
                let board = ThreatBoard::from_game(&pos);
                let me = pos.side_to_move();
                let expected_features = features_from_scratch(&pos);
                assert_eq!(features(&board, me).to_vec(), expected_features, "{moves}");
                // The point features add up to the counted ones.
                let mut summed = expected_features.clone();
                summed[..COMBINATIONS].fill(0);
                summed[SHAPES..].fill(0);
                for point in (0..Gomoku::POINTS).filter(|&p| board.is_empty(p)) {
                    for (slot, side) in [me, me.opponent()].into_iter().enumerate() {
                        for f in point_features(slot, board.patterns(side, point)) {
                            summed[f] += 1;
                        }
                    }
                }
                assert_eq!(summed, expected_features, "{moves}");
                let dot = |w: &[i32]| -> i64 {
                    expected_features
                        .iter()
                        .zip(w)
                        .map(|(&x, &w)| x as i64 * w as i64)
                        .sum()
                };
                let stones = board.stone_count() as i64;
                let phase = (dot(weights.phase_weights) * stones).div_euclid(PHASE_STONES);
                let sum = dot(weights.weights) + weights.bias as i64 + phase;
                let expected = sum.div_euclid(WEIGHT_SCALE as i64) as i32;
                assert_eq!(evaluate_trained(&board, me, weights), expected, "{moves}");
            }
        }
    }
}
