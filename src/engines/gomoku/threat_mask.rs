//! The threat mask: which threat classes each side has anywhere on the
//! board, from the side to move's view, as [`THREAT_MASK_BITS`] bits, and a
//! value per mask that the default evaluation adds to the trained one.
//!
//! Why: the trained evaluation is linear in counts, but what a threat is
//! worth depends on what else is on the board. My double three wins if the
//! opponent has no four to gain a tempo with, and means little if he has a
//! four-three; his open three must be answered unless I have a four of my
//! own. One value per combination (2048 of them, most never met) learns
//! these interactions from game results. The strongest classical engines
//! evaluate the same way: a sum of per-point pattern values plus a table
//! over which threats each side holds.
//!
//! The values are fitted to self-play results with the trained evaluation's
//! weights held fixed (`training::fit_threat_mask`) and embedded from
//! `threat_mask_values.rs`.

use super::threat::Threat;
use super::threat_board::ThreatBoard;
use crate::game::Player;

/// Bits of a threat mask. For `me` to move, bit by bit (a "`T` point" is an
/// empty point where a stone of that side makes threat class `T`):
/// - 0: the opponent has a flex-four point (an open three on the board:
///   it must be answered unless I have a four);
/// - 1, 2, 3, 4: I have a four-three, a four, a double-three, a three point;
/// - 5, 6, 7, 8: the opponent has a four-three, a four, a double-three, a
///   three point;
/// - 9, 10: I, the opponent, have three or more three and double-three
///   points together (several twos that can grow into open threes).
///
/// My own flex-four and five points and the opponent's five points are
/// left out: the search settles such positions before it evaluates them.
pub const THREAT_MASK_BITS: usize = 11;

/// The bits of [`THREAT_MASK_BITS`] by name, in bit order, as the values
/// file spells each mask out.
pub const THREAT_MASK_BIT_NAMES: [&str; THREAT_MASK_BITS] = [
    "them:flex-four",
    "me:four-three",
    "me:four",
    "me:double-three",
    "me:three",
    "them:four-three",
    "them:four",
    "them:double-three",
    "them:three",
    "me:3+threes",
    "them:3+threes",
];

/// Number of threat masks.
pub const THREAT_MASKS: usize = 1 << THREAT_MASK_BITS;

/// Three and double-three points from this many on set bits 9 and 10.
const MANY_THREES: usize = 3;

/// The threat mask of `board` for `me` to move (bits as
/// [`THREAT_MASK_BITS`] lists them).
#[inline]
pub fn threat_mask(board: &ThreatBoard, me: Player) -> usize {
    let them = me.opponent();
    let has = |side, threat| board.count(side, threat) > 0;
    let threes = |side| board.count(side, Threat::Three) + board.count(side, Threat::DoubleThree);
    let bits = [
        has(them, Threat::FlexFour),
        has(me, Threat::FourThree),
        has(me, Threat::Four),
        has(me, Threat::DoubleThree),
        has(me, Threat::Three),
        has(them, Threat::FourThree),
        has(them, Threat::Four),
        has(them, Threat::DoubleThree),
        has(them, Threat::Three),
        threes(me) >= MANY_THREES,
        threes(them) >= MANY_THREES,
    ];
    bits.iter()
        .enumerate()
        .fold(0, |mask, (bit, &set)| mask | (set as usize) << bit)
}

/// The phase runs from 0 on the empty board to 1 at this many stones and
/// stays there (as the table evaluation's).
pub const THREAT_PHASE_STONES: i32 = 100;

/// Per threat mask, its value for the side to move in evaluation units at
/// the opening (no stones) and from [`THREAT_PHASE_STONES`] on, linear in
/// between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreatMaskValues {
    pub values: &'static [[i32; 2]],
}

/// The embedded values (fitted by `examples/gomoku_train.rs fit-threats`;
/// how, in `data/README.md`), the default evaluation's.
pub static THREAT_MASK_VALUES: ThreatMaskValues = include!("threat_mask_values.rs");

/// The value of `mask` with `stones` on the board under `values`, rounded
/// down: shared with the fit's check of its rounded values.
#[inline]
pub fn mask_value(values: &[[i32; 2]], mask: usize, stones: i32) -> i32 {
    let [opening, endgame] = values[mask];
    let t = stones.min(THREAT_PHASE_STONES);
    (opening * (THREAT_PHASE_STONES - t) + endgame * t).div_euclid(THREAT_PHASE_STONES)
}

/// The threat mask's value of `board` for `me` to move under `values`.
#[inline]
pub fn threat_mask_value(board: &ThreatBoard, me: Player, values: &ThreatMaskValues) -> i32 {
    mask_value(
        values.values,
        threat_mask(board, me),
        board.stone_count() as i32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::gomoku::patterns::pattern_from_stones;
    use crate::engines::gomoku::threat::summarize;
    use crate::engines::gomoku::threat_board::DIRECTIONS;
    use crate::game::{Game, MoveList};
    use crate::games::Gomoku;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The embedded values load: one pair per mask, each within what an
    /// evaluation can add without overflow, and the table is not empty.
    #[test]
    fn the_embedded_values_load() {
        let values = THREAT_MASK_VALUES.values;
        assert_eq!(values.len(), THREAT_MASKS);
        assert!(values.iter().flatten().all(|v| v.abs() <= 100_000));
        assert!(values.iter().flatten().filter(|&&v| v != 0).count() >= 100);
    }

    /// Each bit of the mask against the threat classes read from the stones
    /// alone: each empty point's four line patterns by `pattern_from_stones`
    /// (not the board's windows), summarized, over seeded random games.
    #[test]
    fn the_mask_matches_threats_counted_from_the_stones() {
        const SIZE: i32 = Gomoku::SIZE as i32;
        let mut rng = SmallRng::seed_from_u64(41);
        let mut set_bits = [0usize; THREAT_MASK_BITS];
        for _ in 0..30 {
            let mut pos = Gomoku::start();
            let mut board = ThreatBoard::new();
            for _ in 0..rng.gen_range(20..90) {
                if pos.outcome().is_some() {
                    break;
                }
                let me = pos.side_to_move();
                let them = me.opponent();
                // counts[side][threat] from the stones; side 0 is `me`.
                let mut counts = [[0usize; Threat::COUNT]; 2];
                for (x, y) in (0..SIZE * SIZE).map(|p| (p % SIZE, p / SIZE)) {
                    if pos.stone_at(x, y).is_some() {
                        continue;
                    }
                    for (side, colour) in [me, them].into_iter().enumerate() {
                        let stone_at = |qx, qy| pos.stone_at(qx, qy);
                        let lines =
                            DIRECTIONS.map(|d| pattern_from_stones(stone_at, colour, (x, y), d));
                        counts[side][summarize(lines).0 as usize] += 1;
                    }
                }
                let has = |side: usize, t: Threat| counts[side][t as usize] > 0;
                let threes = |side: usize| {
                    counts[side][Threat::Three as usize]
                        + counts[side][Threat::DoubleThree as usize]
                };
                let expected = [
                    has(1, Threat::FlexFour),
                    has(0, Threat::FourThree),
                    has(0, Threat::Four),
                    has(0, Threat::DoubleThree),
                    has(0, Threat::Three),
                    has(1, Threat::FourThree),
                    has(1, Threat::Four),
                    has(1, Threat::DoubleThree),
                    has(1, Threat::Three),
                    threes(0) >= MANY_THREES,
                    threes(1) >= MANY_THREES,
                ];
                let mask = threat_mask(&board, me);
                for (bit, &set) in expected.iter().enumerate() {
                    assert_eq!(mask >> bit & 1 == 1, set, "bit {bit}");
                    set_bits[bit] += set as usize;
                }
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                let m = moves[rng.gen_range(0..moves.len())];
                board.place(m.index(), me);
                pos.try_play(m).unwrap();
            }
        }
        assert!(
            set_bits.iter().all(|&n| n > 0),
            "every bit was met: {set_bits:?}"
        );
    }

    /// The taper: the opening value with no stones, the endgame value from
    /// the phase's end on, rounded down in between.
    #[test]
    fn mask_values_taper_and_round_down() {
        let values = [[100, -100], [-1, 0]];
        assert_eq!(mask_value(&values, 0, 0), 100);
        assert_eq!(mask_value(&values, 0, THREAT_PHASE_STONES), -100);
        assert_eq!(mask_value(&values, 0, 200), -100);
        assert_eq!(mask_value(&values, 0, THREAT_PHASE_STONES / 2), 0);
        assert_eq!(mask_value(&values, 1, 1), -1);
    }
}
