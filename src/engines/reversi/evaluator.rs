//! The pattern evaluation: the sum of the weights of a position's features
//! in the table of its stage, in 1/[`WEIGHT_SCALE`] of a disc, from the view
//! of the side to move (a predicted final disc difference).

use super::features::{feature_indices, stage_of, ACTIVE_FEATURES};
use super::weights::Weights;
#[cfg(doc)]
use super::weights::WEIGHT_SCALE;

/// The predicted final disc difference for `player` (to move) against
/// `opponent`, in 1/[`WEIGHT_SCALE`] of a disc.
#[inline]
pub fn evaluate(weights: &Weights, player: u64, opponent: u64) -> i32 {
    let mut indices = [0u32; ACTIVE_FEATURES];
    feature_indices(player, opponent, &mut indices);
    let empties = (!(player | opponent)).count_ones();
    let table = weights.stage(stage_of(empties));
    indices.iter().map(|&i| table[i as usize] as i32).sum()
}
