//! NoGo playouts that never build a move list: the rules keep both colours'
//! legal points as masks, so a random move is the k-th set bit of a mask
//! for a random k, and "no legal move" is a zero test.

use rand::rngs::SmallRng;
use rand::RngCore;

use crate::game::{Game, MoveList, Outcome, Player};
use crate::games::{NoGo, NoGoMove};
use crate::search::PlayoutPolicy;

/// Which NoGo knowledge a playout uses when picking among the legal points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutStyle {
    /// Every legal point equally likely.
    Uniform,
    /// Points the opponent could also play ("contested") first. A point only
    /// we can play is our reserve: it stays ours whenever we need a move, so
    /// spending it early throws a tempo away. Reserves are played only when
    /// nothing is contested.
    ContestedFirst,
    /// As `ContestedFirst`, but among contested points those that close an
    /// eye first: a move that leaves an empty neighbour surrounded by our
    /// stones (or the edge) takes that neighbour from the opponent too and
    /// adds it to our reserve.
    EyeMaking,
    /// As `ContestedFirst`, but a move after which we lose some other legal
    /// point (a self-inflicted atari or a filled liberty of our own) is
    /// redrawn, up to a few times.
    SelfHarmAverse,
}

/// A playout policy for NoGo; also picks the order in which a new tree node
/// tries its children (contested points first for the knowledge styles).
#[derive(Clone, Copy, Debug)]
pub struct NoGoPlayout {
    style: PlayoutStyle,
}

impl NoGoPlayout {
    pub fn new(style: PlayoutStyle) -> Self {
        NoGoPlayout { style }
    }

    pub fn style(&self) -> PlayoutStyle {
        self.style
    }

    /// Plays `pos` to the end and returns the winner; `pos` is left at the
    /// final position (the RAVE search reads the final stones from it).
    /// A finished position is returned as is. Allocates nothing.
    #[inline]
    pub fn play_out(&self, pos: &mut NoGo, rng: &mut SmallRng) -> Player {
        loop {
            let mover = pos.side_to_move();
            let mine = pos.legal_mask(mover);
            if mine == 0 {
                return mover.opponent();
            }
            let candidates = match self.style {
                PlayoutStyle::Uniform => mine,
                PlayoutStyle::ContestedFirst => {
                    contested_or_all(mine, pos.legal_mask(mover.opponent()))
                }
                PlayoutStyle::EyeMaking => {
                    let contested = mine & pos.legal_mask(mover.opponent());
                    if contested == 0 {
                        mine
                    } else {
                        let closing = contested & eye_closing_points(pos, mover);
                        if closing != 0 {
                            closing
                        } else {
                            contested
                        }
                    }
                }
                PlayoutStyle::SelfHarmAverse => {
                    let candidates = contested_or_all(mine, pos.legal_mask(mover.opponent()));
                    *pos = play_avoiding_self_harm(pos, candidates, rng);
                    continue;
                }
            };
            pos.play_unchecked(random_point(candidates, rng));
        }
    }
}

/// Tries up to this many random candidates for one not costing us legal points.
const SELF_HARM_TRIES: u32 = 3;

/// The position after a random move from `candidates` that leaves every
/// other point we could play still playable, if one is found within a few
/// tries (otherwise after the last one tried). Playing on a copy makes the
/// check free for the move that is kept.
#[inline]
fn play_avoiding_self_harm(pos: &NoGo, mut candidates: u128, rng: &mut SmallRng) -> NoGo {
    let mover = pos.side_to_move();
    let mine = pos.legal_mask(mover);
    let mut tries = 0;
    loop {
        let m = random_point(candidates, rng);
        let bit = 1u128 << m.index();
        let mut after = *pos;
        after.play_unchecked(m);
        tries += 1;
        candidates &= !bit;
        let kept_ours = after.legal_mask(mover) & mine == mine & !bit;
        if kept_ours || candidates == 0 || tries == SELF_HARM_TRIES {
            return after;
        }
    }
}

/// The contested points if any, else every legal point of ours.
#[inline(always)]
fn contested_or_all(mine: u128, theirs: u128) -> u128 {
    let contested = mine & theirs;
    if contested != 0 {
        contested
    } else {
        mine
    }
}

/// A uniformly chosen point of the non-empty `mask`, as a move.
#[inline(always)]
pub(super) fn random_point(mask: u128, rng: &mut SmallRng) -> NoGoMove {
    let count = mask.count_ones();
    // Multiply-shift maps 32 random bits onto 0..count without a division;
    // the bias (below count / 2^32) is irrelevant for playouts.
    let k = ((rng.next_u32() as u64 * count as u64) >> 32) as u32;
    NoGoMove::from_index(NoGo::nth_point(mask, k)).expect("board masks hold board points")
}

const SIZE: u32 = 9;
const fn column(x: u32) -> u128 {
    let mut mask = 0;
    let mut y = 0;
    while y < SIZE {
        mask |= 1u128 << (y * SIZE + x);
        y += 1;
    }
    mask
}
const LEFT: u128 = column(0);
const RIGHT: u128 = column(SIZE - 1);
const BOARD: u128 = NoGo::BOARD_MASK;

/// Bit q set iff q's neighbour to the east (x + 1) is in `mask`.
#[inline(always)]
fn east_neighbour_in(mask: u128) -> u128 {
    (mask >> 1) & !RIGHT
}
#[inline(always)]
fn west_neighbour_in(mask: u128) -> u128 {
    (mask << 1) & !LEFT & BOARD
}
#[inline(always)]
fn south_neighbour_in(mask: u128) -> u128 {
    mask >> SIZE
}
#[inline(always)]
fn north_neighbour_in(mask: u128) -> u128 {
    (mask << SIZE) & BOARD
}

/// Empty points `mover` could play that would leave an adjacent empty point
/// (still playable by the opponent) with every neighbour held by `mover`:
/// the opponent can never play there afterwards, `mover` still can.
#[inline]
pub fn eye_closing_points(pos: &NoGo, mover: Player) -> u128 {
    let empty = pos.empty_mask();
    let foreign = BOARD & !pos.stones(mover);
    let east = east_neighbour_in(foreign);
    let west = west_neighbour_in(foreign);
    let south = south_neighbour_in(foreign);
    let north = north_neighbour_in(foreign);
    let two_or_more = (east & west)
        | (east & south)
        | (east & north)
        | (west & south)
        | (west & north)
        | (south & north);
    let exactly_one = (east | west | south | north) & !two_or_more;
    // Eyes-to-be: empty, opponent may still play there, one foreign
    // neighbour, which is empty (the closing point).
    let open_eyes = empty & exactly_one & pos.legal_mask(mover.opponent());
    let closers_of = |direction_mask: u128| open_eyes & direction_mask;
    // Move each eye onto its closing neighbour.
    let closing = ((closers_of(east & east_neighbour_in(empty)) << 1) & !LEFT)
        | (closers_of(west & west_neighbour_in(empty)) >> 1)
        | ((closers_of(south & south_neighbour_in(empty)) << SIZE) & BOARD)
        | (closers_of(north & north_neighbour_in(empty)) >> SIZE);
    closing & empty
}

impl PlayoutPolicy<NoGo> for NoGoPlayout {
    fn playout(&mut self, pos: &mut NoGo, rng: &mut SmallRng) -> Outcome {
        Outcome::Win(self.play_out(pos, rng))
    }

    /// Every legal move in a random order; for the knowledge styles the
    /// contested points come first, since reserves are better kept.
    fn tree_moves(&mut self, pos: &NoGo, out: &mut MoveList<NoGoMove>, rng: &mut SmallRng) {
        let mover = pos.side_to_move();
        let mine = pos.legal_mask(mover);
        out.clear();
        let tiers = match self.style {
            PlayoutStyle::Uniform => [mine, 0],
            _ => {
                let contested = mine & pos.legal_mask(mover.opponent());
                [contested, mine & !contested]
            }
        };
        for mut tier in tiers {
            while tier != 0 {
                let m = random_point(tier, rng);
                tier &= !(1u128 << m.index());
                out.push(m);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eye_closing_points_on_a_small_shape() {
        // Black at (1,0) alone: the corner (0,0) is closed by (0,1).
        let board = "\
.X.......
.........
.........
.........
.........
.........
.........
.........
.........";
        let pos = NoGo::from_board_str(board, Player::Black).unwrap();
        let closing = eye_closing_points(&pos, Player::Black);
        let point = |x: usize, y: usize| 1u128 << (y * 9 + x);
        assert_eq!(closing & point(0, 1), point(0, 1), "(0,1) closes (0,0)");
        assert_eq!(
            closing & point(2, 1),
            0,
            "no point next to (2,1) is one stone from being closed"
        );
        let mut after = pos;
        after.play_unchecked(NoGoMove::new(0, 1).unwrap());
        assert!(!after.is_legal_for(Player::White, 0));
        assert!(after.is_legal_for(Player::Black, 0));
    }

    #[test]
    fn every_style_plays_legal_moves_to_the_end() {
        use rand::SeedableRng;
        for style in [
            PlayoutStyle::Uniform,
            PlayoutStyle::ContestedFirst,
            PlayoutStyle::EyeMaking,
            PlayoutStyle::SelfHarmAverse,
        ] {
            let policy = NoGoPlayout::new(style);
            let mut rng = SmallRng::seed_from_u64(3);
            for _ in 0..50 {
                let mut pos = NoGo::start();
                let winner = policy.play_out(&mut pos, &mut rng);
                assert_eq!(pos.outcome(), Some(Outcome::Win(winner)));
            }
        }
    }
}
