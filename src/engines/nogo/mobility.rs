//! The minimax alternative's evaluation: mobility, our legal points minus
//! theirs. In NoGo the side left without a legal move loses, so legal
//! points are the material.

use crate::game::{Game, MoveList};
use crate::games::{NoGo, NoGoMove};
use crate::search::Evaluator;

/// Scores a position by `(our legal points - their legal points)`, scaled
/// so one point is worth 100.
#[derive(Clone, Copy, Debug, Default)]
pub struct MobilityEvaluator;

impl Evaluator<NoGo> for MobilityEvaluator {
    fn evaluate(&mut self, pos: &NoGo) -> i32 {
        let us = pos.side_to_move();
        let ours = pos.legal_mask(us).count_ones() as i32;
        let theirs = pos.legal_mask(us.opponent()).count_ones() as i32;
        100 * (ours - theirs)
    }

    /// Contested points (legal for both) first: a point only we can play is
    /// a reserve kept for later, and taking a point from the opponent is
    /// what usually gains mobility.
    fn generate_moves(&mut self, pos: &NoGo, out: &mut MoveList<NoGoMove>) {
        let us = pos.side_to_move();
        let mine = pos.legal_mask(us);
        let contested = mine & pos.legal_mask(us.opponent());
        out.clear();
        for mut tier in [contested, mine & !contested] {
            while tier != 0 {
                out.push(NoGoMove::from_index(tier.trailing_zeros() as usize).expect("on board"));
                tier &= tier - 1;
            }
        }
        debug_assert_eq!(out.len(), pos.count_legal_moves());
    }
}
