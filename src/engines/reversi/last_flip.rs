//! How many discs the last placement of a game flips, by table lookups.
//!
//! With one empty square left, every other square holds a disc, so a line
//! through that square is known from one side's discs alone: a square that
//! is not the player's is the opponent's. The flips along a line then depend
//! only on the player's bits of that line and the empty square's place in
//! it, and four lookups (row, column and both diagonals) count them, where
//! [`flipped_discs`](crate::games::flipped_discs) walks eight rays. The
//! solver's last ply is the most frequent node of an endgame solve.

use super::stability::{DOWN_LEFT_DIAGONALS, DOWN_RIGHT_DIAGONALS};

/// `FLIPS_IN_LINE[i][line]`: the discs flipped in both directions by a
/// placement at place `i` of an 8-square line whose set bits are the
/// player's and whose clear bits (other than `i`) are the opponent's.
///
/// A diagonal shorter than 8 squares is read as 8 bits with the squares off
/// the board clear, as if the opponent's: a run of the opponent's discs
/// that reaches them finds no disc of the player's beyond and flips nothing,
/// as on the board.
static FLIPS_IN_LINE: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut place = 0;
    while place < 8 {
        let mut line = 0;
        while line < 256 {
            let mut flips = 0;
            // Towards higher places, then towards lower ones.
            let mut i = place + 1;
            while i < 8 && line >> i & 1 == 0 {
                i += 1;
            }
            if i < 8 {
                flips += i - place - 1;
            }
            let mut i = place as i32 - 1;
            while i >= 0 && line >> i & 1 == 0 {
                i -= 1;
            }
            if i >= 0 {
                flips += place - i as usize - 1;
            }
            table[place][line] = flips as u8;
            line += 1;
        }
        place += 1;
    }
    table
};

/// The column bits of `discs` within `mask` (at most one square a column)
/// as one byte, bit `x` for column `x`: the product stacks the columns
/// into the top byte without carries.
#[inline(always)]
fn columns_of(discs: u64, mask: u64) -> usize {
    ((discs & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// The discs `player` flips by placing on `square` when `square` is the
/// only empty square of the board (every other square not `player`'s is
/// the opponent's). Zero means the placement is illegal.
#[inline]
pub fn last_flip_count(player: u64, square: usize) -> u32 {
    let (x, y) = (square % 8, square / 8);
    let row = (player >> (8 * y)) as usize & 0xFF;
    // Column x moved to column 0, then its rows turned into the bits of
    // one byte (row r to bit r), by the same carry-free product trick.
    let column = (((player >> x) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56)
        as usize;
    let down = DOWN_RIGHT_DIAGONALS[x + 7 - y];
    let up = DOWN_LEFT_DIAGONALS[x + y];
    u32::from(FLIPS_IN_LINE[x][row])
        + u32::from(FLIPS_IN_LINE[y][column])
        + u32::from(FLIPS_IN_LINE[x][columns_of(player, down)])
        + u32::from(FLIPS_IN_LINE[x][columns_of(player, up)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::flipped_discs;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn counts_match_the_flip_masks_on_full_boards() {
        let mut rng = SmallRng::seed_from_u64(0x2545_F491_4F6C_DD1D);
        let mut next = || rng.gen::<u64>();
        for _ in 0..20_000 {
            let discs = next();
            for square in 0..64 {
                let player = discs & !(1u64 << square);
                let opponent = !player & !(1u64 << square);
                assert_eq!(
                    last_flip_count(player, square),
                    flipped_discs(player, opponent, square).count_ones(),
                    "player {player:#x}, square {square}"
                );
            }
        }
    }

    #[test]
    fn whole_lines_flip_up_to_the_player_discs() {
        // Empty a4, the player on a1 and a8, every other square the
        // opponent's: a3-a2 and a5-a7 flip, nothing along row 4 or the
        // diagonals (no disc of the player's there).
        let player = 1u64 | 1 << 56;
        assert_eq!(last_flip_count(player, 24), 5);
        // Empty a1, the player on h8 only: the long diagonal b2-g7 flips.
        assert_eq!(last_flip_count(1u64 << 63, 0), 6);
        // No disc of the player's in any line through the square.
        assert_eq!(last_flip_count(1u64 << 63, 1), 0);
    }
}
