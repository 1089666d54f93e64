//! Reversi playouts for MCTS, run on bare bitboards (no hash, no move list).

use rand::rngs::SmallRng;
use rand::{Rng, RngCore};

use crate::game::{Game, Outcome, Player};
use crate::games::{after_placement, flipped_discs, legal_placements, Reversi};
use crate::search::PlayoutPolicy;

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// How a playout picks its moves. Every style is random at heart; the
/// knobs only bias it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutStyle {
    /// Take a corner whenever one is available.
    pub take_corners: bool,
    /// How many times to redraw a random move that would let the opponent
    /// take a corner next (0: never look).
    pub corner_guard_redraws: u32,
    /// In 256ths: how often to play the move leaving the opponent the fewest
    /// replies instead of a random one (0: never; costs one mobility count
    /// per legal move).
    pub mobility_greed: u32,
}

impl PlayoutStyle {
    /// Uniformly random placements: the fastest playout.
    pub const UNIFORM: PlayoutStyle = PlayoutStyle {
        take_corners: false,
        corner_guard_redraws: 0,
        mobility_greed: 0,
    };

    /// Corners taken at once, and a few redraws of moves that give a corner away.
    pub const CORNER_AWARE: PlayoutStyle = PlayoutStyle {
        take_corners: true,
        corner_guard_redraws: 2,
        mobility_greed: 0,
    };

    /// [`PlayoutStyle::CORNER_AWARE`] plus an occasional mobility-greedy move.
    pub const MOBILITY: PlayoutStyle = PlayoutStyle {
        take_corners: true,
        corner_guard_redraws: 2,
        mobility_greed: 64,
    };
}

/// The Reversi playout policy for [`Mcts`](crate::search::Mcts).
#[derive(Clone, Copy, Debug)]
pub struct ReversiPlayout {
    style: PlayoutStyle,
}

impl ReversiPlayout {
    pub fn new(style: PlayoutStyle) -> Self {
        ReversiPlayout { style }
    }

    pub fn style(&self) -> PlayoutStyle {
        self.style
    }

    /// The square to play among `moves` (nonempty) of `player`, and the
    /// position after it: the discs of the opponent (now to move), of the
    /// player, and the opponent's placements.
    #[inline]
    fn pick(&self, player: u64, opponent: u64, moves: u64, rng: &mut SmallRng) -> (usize, Child) {
        let style = self.style;
        let replies_after = |square: usize| {
            let flipped = flipped_discs(player, opponent, square);
            let (next_player, next_opponent) = after_placement(player, opponent, square, flipped);
            Child {
                player: next_player,
                opponent: next_opponent,
                moves: legal_placements(next_player, next_opponent),
            }
        };
        if style.take_corners && moves & CORNERS != 0 {
            let square = random_square(moves & CORNERS, rng);
            return (square, replies_after(square));
        }
        if style.mobility_greed > 0 && rng.gen_range(0..256) < style.mobility_greed {
            return fewest_replies(moves, replies_after);
        }
        let mut candidates = moves;
        let mut redraws = style.corner_guard_redraws;
        loop {
            let square = random_square(candidates, rng);
            let child = replies_after(square);
            candidates &= !(1 << square);
            if redraws == 0 || child.moves & CORNERS == 0 || candidates == 0 {
                return (square, child);
            }
            redraws -= 1;
        }
    }
}

/// A position reached in a playout, from the view of its side to move.
#[derive(Clone, Copy)]
struct Child {
    player: u64,
    opponent: u64,
    moves: u64,
}

/// A uniformly random square of the nonempty mask `squares`.
#[inline]
fn random_square(squares: u64, rng: &mut SmallRng) -> usize {
    let mut remaining = squares;
    // Multiply-shift maps 32 random bits onto 0..count (Lemire), without
    // the rejection step: the bias, under 2^-26, is far below any effect.
    let skip = (rng.next_u32() as u64 * squares.count_ones() as u64) >> 32;
    for _ in 0..skip {
        remaining &= remaining - 1;
    }
    remaining.trailing_zeros() as usize
}

/// The square of `moves` after which the opponent has the fewest replies
/// (corners counted twice), with the position after it; the lowest square
/// on ties.
#[inline]
fn fewest_replies(moves: u64, child_after: impl Fn(usize) -> Child) -> (usize, Child) {
    let mut remaining = moves;
    let first = remaining.trailing_zeros() as usize;
    let mut best = (first, child_after(first), u32::MAX);
    while remaining != 0 {
        let square = remaining.trailing_zeros() as usize;
        remaining &= remaining - 1;
        let child = child_after(square);
        let weight = child.moves.count_ones() + (child.moves & CORNERS).count_ones();
        if weight < best.2 {
            best = (square, child, weight);
        }
    }
    (best.0, best.1)
}

impl PlayoutPolicy<Reversi> for ReversiPlayout {
    fn playout(&mut self, pos: &mut Reversi, rng: &mut SmallRng) -> Outcome {
        let mut to_move = pos.side_to_move();
        let (mut player, mut opponent) = (pos.player_bits(), pos.opponent_bits());
        let mut moves = legal_placements(player, opponent);
        loop {
            if moves == 0 {
                let replies = legal_placements(opponent, player);
                if replies == 0 {
                    break;
                }
                std::mem::swap(&mut player, &mut opponent);
                to_move = to_move.opponent();
                moves = replies;
                continue;
            }
            let (_, child) = self.pick(player, opponent, moves, rng);
            (player, opponent, moves) = (child.player, child.opponent, child.moves);
            to_move = to_move.opponent();
        }
        let (black, white) = match to_move {
            Player::Black => (player, opponent),
            Player::White => (opponent, player),
        };
        *pos = Reversi::from_bitboards(black, white, to_move);
        pos.outcome()
            .expect("neither side can move, so the game is over")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_style_plays_legal_games_to_the_end() {
        let mut rng = SmallRng::seed_from_u64(3);
        for style in [
            PlayoutStyle::UNIFORM,
            PlayoutStyle::CORNER_AWARE,
            PlayoutStyle::MOBILITY,
        ] {
            let mut policy = ReversiPlayout::new(style);
            for _ in 0..200 {
                let mut pos = Reversi::start();
                let outcome = policy.playout(&mut pos, &mut rng);
                assert!(pos.is_game_over());
                assert_eq!(pos.outcome(), Some(outcome));
                assert_eq!(pos.hash(), pos.hash_from_scratch());
            }
        }
    }

    #[test]
    fn random_squares_cover_the_mask_uniformly_enough() {
        let mut rng = SmallRng::seed_from_u64(9);
        let mask = 1 << 3 | 1 << 40 | 1 << 63;
        let mut seen = [0u32; 64];
        for _ in 0..3000 {
            seen[random_square(mask, &mut rng)] += 1;
        }
        for square in [3, 40, 63] {
            assert!((800..1200).contains(&seen[square]), "{seen:?}");
        }
        assert_eq!(seen.iter().sum::<u32>(), 3000);
    }

    #[test]
    fn a_corner_is_taken_when_offered() {
        // Black a1 empty, white b2, black c3: black can take a1... only via
        // the diagonal, alongside other moves.
        let black = 1u64 << 18 | 1 << 3;
        let white = 1u64 << 9 | 1 << 11;
        let pos = Reversi::from_bitboards(black, white, Player::Black);
        assert_ne!(pos.legal_moves_mask() & 1, 0);
        assert_ne!(pos.legal_moves_mask() & !1, 0);
        let policy = ReversiPlayout::new(PlayoutStyle::CORNER_AWARE);
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..20 {
            let (square, _) = policy.pick(black, white, pos.legal_moves_mask(), &mut rng);
            assert_eq!(square, 0);
        }
    }
}
