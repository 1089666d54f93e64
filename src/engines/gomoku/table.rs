//! The table evaluation: a value per pattern code ([`codes`](super::codes))
//! of every empty point, for the side to move and for the opponent, each
//! tapered between an opening and an endgame value by the stones on the
//! board; plus the side to move's constant and the hand evaluation's three
//! combination indicators, tapered the same way. The threat board keeps the
//! per-side sums of each table column incrementally
//! ([`ThreatBoard::with_table`]), so an evaluation is a few additions.
//!
//! Weights are fitted to self-play results (`training::fit_table`) and
//! embedded from `data/gomoku-table.bin` ([`table_file`](super::table_file)).

use super::codes::CODES;
use super::evaluator::combination_threats;
use super::threat_board::ThreatBoard;
use crate::game::Player;

/// Table values are stored in `1 / TABLE_SCALE` evaluation units: a code's
/// value is small (a few units for most), so whole units would lose it.
pub const TABLE_SCALE: i32 = 8;

/// The phase runs from 0 on the empty board to 1 at this many stones and
/// stays there: most self-play games end between 20 and 60 stones.
pub const TABLE_PHASE_STONES: i32 = 100;

/// The columns of a code's entry, in order.
pub const MOVER_OPENING: usize = 0;
pub const MOVER_ENDGAME: usize = 1;
pub const OPPONENT_OPENING: usize = 2;
pub const OPPONENT_ENDGAME: usize = 3;
/// Columns per code.
pub const COLUMNS: usize = 4;

/// Extra terms: the side to move's constant, then the three
/// [`combination_threats`] indicators.
pub const EXTRAS: usize = 4;

/// The weights of [`evaluate_table`], in `1 / TABLE_SCALE` evaluation units
/// (about 1000 units: a clear advantage, as for the hand evaluation).
#[derive(Clone, PartialEq, Eq)]
pub struct TableWeights {
    /// Per code, the columns [`MOVER_OPENING`] .. [`OPPONENT_ENDGAME`].
    pub codes: [[i16; COLUMNS]; CODES],
    /// Per extra term, its opening and endgame value (wider than a code's:
    /// one term may be worth a won game).
    pub extras: [[i32; 2]; EXTRAS],
}

impl std::fmt::Debug for TableWeights {
    /// A summary (engine configurations print their evaluation's weights):
    /// the file's checksum names the table.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "TableWeights {{ checksum: {:016x} }}",
            super::table_file::checksum_of(self)
        )
    }
}

impl TableWeights {
    /// Every value 0 (the evaluation is 0 everywhere).
    pub fn zero() -> Self {
        TableWeights {
            codes: [[0; COLUMNS]; CODES],
            extras: [[0; 2]; EXTRAS],
        }
    }
}

/// The tapered value, rounded down to evaluation units, of `opening` and
/// `endgame` sums (in table units) with `stones` on the board: the table
/// evaluation, shared with the fit's check of its rounded weights.
#[inline]
pub fn tapered_value(opening: i32, endgame: i32, stones: i32) -> i32 {
    let t = stones.min(TABLE_PHASE_STONES) as i64;
    // 225 points of i16 values reach 2^23 and the extras 2^22: the product
    // needs 64 bits.
    let sum = opening as i64 * (TABLE_PHASE_STONES as i64 - t) + endgame as i64 * t;
    sum.div_euclid(TABLE_PHASE_STONES as i64 * TABLE_SCALE as i64) as i32
}

/// The opening and endgame sums of the extra terms for `me` to move.
#[inline]
fn extra_sums(board: &ThreatBoard, me: Player, table: &TableWeights) -> (i32, i32) {
    let mut sums = (table.extras[0][0], table.extras[0][1]);
    for (extra, present) in table.extras[1..].iter().zip(combination_threats(board, me)) {
        if present {
            sums.0 += extra[0];
            sums.1 += extra[1];
        }
    }
    sums
}

/// The table evaluation of `board` for `me` to move, under the table the
/// board keeps its sums for.
///
/// Precondition: `board` was given a table ([`ThreatBoard::with_table`]).
#[inline]
pub fn evaluate_table(board: &ThreatBoard, me: Player) -> i32 {
    let table = board
        .table()
        .expect("the table evaluation on a board without a table");
    let mine = board.table_sums(me);
    let theirs = board.table_sums(me.opponent());
    let (extra_opening, extra_endgame) = extra_sums(board, me, table);
    tapered_value(
        mine[MOVER_OPENING] + theirs[OPPONENT_OPENING] + extra_opening,
        mine[MOVER_ENDGAME] + theirs[OPPONENT_ENDGAME] + extra_endgame,
        board.stone_count() as i32,
    )
}

#[cfg(test)]
mod tests {
    use super::super::symmetric;
    use super::*;
    use crate::games::Gomoku;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    const SIZE: i32 = Gomoku::SIZE as i32;

    /// A table of seeded random values (every code its own), with extras.
    fn random_table(seed: u64) -> &'static TableWeights {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut table = TableWeights::zero();
        for v in table.codes.iter_mut().flatten() {
            *v = rng.gen_range(-2000..=2000);
        }
        for v in table.extras.iter_mut().flatten() {
            *v = rng.gen_range(-20000..=20000);
        }
        Box::leak(Box::new(table))
    }

    /// The table evaluation of random positions is the same in all eight
    /// orientations of the board, for either side to move: a code depends
    /// on a point's lines as a multiset, and a symmetry only permutes and
    /// reverses the lines.
    #[test]
    fn the_table_evaluation_is_invariant_under_symmetries() {
        let mut rng = SmallRng::seed_from_u64(21);
        let table = random_table(22);
        for _ in 0..40 {
            let stones = rng.gen_range(1..60);
            let mut placed = Vec::new();
            let mut occupied = [false; Gomoku::POINTS];
            while placed.len() < stones {
                let (x, y) = (rng.gen_range(3..12), rng.gen_range(3..12));
                let point = (y * SIZE + x) as usize;
                if !occupied[point] {
                    occupied[point] = true;
                    let colour = [Player::Black, Player::White][placed.len() % 2];
                    placed.push(((x, y), colour));
                }
            }
            let mut values = Vec::new();
            for symmetry in 0..8 {
                let mut board = ThreatBoard::new();
                board.set_table(Some(table));
                for &(xy, colour) in &placed {
                    let (x, y) = symmetric(symmetry, xy);
                    board.place((y * SIZE + x) as usize, colour);
                }
                values.push([Player::Black, Player::White].map(|me| evaluate_table(&board, me)));
            }
            assert!(values.iter().all(|v| *v == values[0]), "{values:?}");
            assert_ne!(values[0][0], 0, "the table reaches the value");
        }
    }

    /// The taper: the opening value on the empty board, the endgame value
    /// from the phase's end on, rounded down in between.
    #[test]
    fn tapered_values_interpolate_and_round_down() {
        let s = TABLE_SCALE;
        assert_eq!(tapered_value(100 * s, -100 * s, 0), 100);
        assert_eq!(tapered_value(100 * s, -100 * s, TABLE_PHASE_STONES), -100);
        assert_eq!(tapered_value(100 * s, -100 * s, 225), -100);
        assert_eq!(tapered_value(100 * s, -100 * s, TABLE_PHASE_STONES / 2), 0);
        assert_eq!(tapered_value(-1, -1, 10), -1);
    }
}
