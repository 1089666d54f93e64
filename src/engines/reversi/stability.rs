//! Stable discs: discs that no sequence of moves can ever flip. Their count
//! bounds the final score, which lets the solver cut a node off unsearched.

const COLUMN_A: u64 = 0x0101_0101_0101_0101;
const COLUMN_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0x0000_0000_0000_00FF;
const ROW_8: u64 = 0xFF00_0000_0000_0000;
const BORDER: u64 = COLUMN_A | COLUMN_H | ROW_1 | ROW_8;

/// The squares of each of the 15 diagonals running down-right (bit step 9)
/// or down-left (bit step 7): the down-right one through column `x`, row
/// `y` is number `x - y + 7`, the down-left one number `x + y`.
const fn diagonals(step: i32) -> [u64; 15] {
    let mut lines = [0u64; 15];
    let mut square = 0;
    while square < 64 {
        let (x, y) = (square % 8, square / 8);
        // Squares of one down-right diagonal share x - y; of a down-left one, x + y.
        let line = if step == 9 { x - y + 7 } else { x + y };
        lines[line as usize] |= 1 << square;
        square += 1;
    }
    lines
}

pub(super) const DOWN_RIGHT_DIAGONALS: [u64; 15] = diagonals(9);
pub(super) const DOWN_LEFT_DIAGONALS: [u64; 15] = diagonals(7);

/// The squares of `lines` that lie on a completely filled line.
#[inline]
fn on_full_lines(occupied: u64, lines: &[u64; 15]) -> u64 {
    lines
        .iter()
        .filter(|&&line| occupied & line == line)
        .fold(0, |full, &line| full | line)
}

/// The discs of `discs` that can never be flipped, given the occupied
/// squares `occupied` (a subset is found, not necessarily all of them).
///
/// A disc is safe along one of the four lines through it when that line is
/// full, when it sits on the border across that line, or when its
/// neighbour along the line is a stable disc of the same colour; it is
/// stable when it is safe along all four. Growing the set from nothing to a
/// fixed point finds the corners first, then what leans on them.
pub fn stable_discs(discs: u64, occupied: u64) -> u64 {
    let mut rows = occupied & (occupied >> 1);
    rows &= rows >> 2;
    rows &= rows >> 4;
    let full_rows = (rows & COLUMN_A).wrapping_mul(0xFF);
    let mut columns = occupied & (occupied >> 8);
    columns &= columns >> 16;
    columns &= columns >> 32;
    let full_columns = (columns & ROW_1).wrapping_mul(COLUMN_A);
    let full_down_right = on_full_lines(occupied, &DOWN_RIGHT_DIAGONALS);
    let full_down_left = on_full_lines(occupied, &DOWN_LEFT_DIAGONALS);

    let safe_sideways = full_rows | COLUMN_A | COLUMN_H;
    let safe_vertically = full_columns | ROW_1 | ROW_8;
    let safe_down_right = full_down_right | BORDER;
    let safe_down_left = full_down_left | BORDER;

    let mut stable = 0u64;
    loop {
        let sideways = safe_sideways | (stable << 1 & !COLUMN_A) | (stable >> 1 & !COLUMN_H);
        let vertically = safe_vertically | stable << 8 | stable >> 8;
        let down_right = safe_down_right | (stable << 9 & !COLUMN_A) | (stable >> 9 & !COLUMN_H);
        let down_left = safe_down_left | (stable << 7 & !COLUMN_H) | (stable >> 7 & !COLUMN_A);
        let grown = discs & sideways & vertically & down_right & down_left;
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_corner_is_stable_and_a_lone_centre_disc_is_not() {
        let corner = 1u64;
        let centre = 1u64 << 27;
        assert_eq!(stable_discs(corner | centre, corner | centre), corner);
    }

    #[test]
    fn an_edge_run_from_a_corner_is_stable_up_to_its_first_gap() {
        // a1, b1, c1 ours; e1 ours after a gap on d1.
        let ours = 0b1_0111;
        assert_eq!(stable_discs(ours, ours), 0b111);
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let ours = 0x0123_4567_89AB_CDEF;
        assert_eq!(stable_discs(ours, u64::MAX), ours);
    }

    #[test]
    fn diagonals_cover_the_board_once() {
        for lines in [DOWN_RIGHT_DIAGONALS, DOWN_LEFT_DIAGONALS] {
            assert_eq!(lines.iter().fold(0, |a, &l| a | l), u64::MAX);
            assert_eq!(lines.iter().map(|l| l.count_ones()).sum::<u32>(), 64);
        }
    }
}
