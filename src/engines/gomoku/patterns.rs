//! Line patterns: what one stone on an empty point would make along one line,
//! for one side, read from the eight neighbouring cells of that line.
//!
//! A line window is given as two bytes, one bit per neighbour (offsets -4..-1
//! then +1..+4 from the point): the side's own stones, and the cells that block
//! it (the other side's stones and the board edge). Its table index reads the
//! eight cells as base-3 digits (empty 0, own 1, blocked 2), so the table of
//! every window's pattern, computed once at first use, has 3^8 = 6561 entries
//! and stays in the first-level cache.

use std::sync::OnceLock;

/// The shape a stone placed on an empty point makes along one line for one
/// side, weakest first. "Open" shapes can still grow into a shape two ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever pass through the point along this line.
    #[default]
    Dead,
    /// One more stone here could lead to a two.
    One,
    OpenOne,
    /// Two more stones make a four.
    Two,
    /// Two more stones can make an open four.
    OpenTwo,
    /// One more stone makes a four.
    Three,
    /// One more stone makes an open four.
    OpenThree,
    /// The stone makes a four: one point left to make five.
    Four,
    /// The stone makes two distinct five points on the line: unstoppable.
    OpenFour,
    /// The stone makes five or more in a row.
    Five,
}

impl Pattern {
    /// Number of patterns, for per-pattern counters.
    pub const COUNT: usize = 10;

    /// Every pattern, weakest first.
    pub const ALL: [Pattern; Pattern::COUNT] = [
        Pattern::Dead,
        Pattern::One,
        Pattern::OpenOne,
        Pattern::Two,
        Pattern::OpenTwo,
        Pattern::Three,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::Five,
    ];

    /// The pattern one stone weaker: what a point has when a further stone
    /// on the same line would give it `self`.
    fn one_stone_weaker(self) -> Pattern {
        match self {
            Pattern::OpenFour => Pattern::OpenThree,
            Pattern::Four => Pattern::Three,
            Pattern::OpenThree => Pattern::OpenTwo,
            Pattern::Three => Pattern::Two,
            Pattern::OpenTwo => Pattern::OpenOne,
            Pattern::Two => Pattern::One,
            _ => Pattern::Dead,
        }
    }
}

/// The neighbour bit of the cell `offset` steps along a line (`offset` in
/// `-4..=4`, not 0): bits 0..3 for offsets -4..-1, bits 4..7 for +1..+4.
#[inline]
pub const fn neighbour_bit(offset: i32) -> u8 {
    let index = if offset < 0 { offset + 4 } else { offset + 3 };
    1 << index
}

/// Number of distinct line windows.
const WINDOWS: usize = 6561;

/// `TERNARY[bits]`: the sum of `3^i` over the set bits `i`.
static TERNARY: [u16; 256] = ternary_digits();

const fn ternary_digits() -> [u16; 256] {
    let mut table = [0u16; 256];
    let mut bits = 0;
    while bits < 256 {
        let (mut value, mut power, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if bits & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
}

/// The table index of a line window; `own` and `blocked` share no bit.
#[inline]
pub fn window_key(own: u8, blocked: u8) -> usize {
    TERNARY[own as usize] as usize + 2 * TERNARY[blocked as usize] as usize
}

/// The pattern of the window (`own`, `blocked`), by table look-up.
#[inline]
pub fn pattern_of(own: u8, blocked: u8) -> Pattern {
    pattern_table()[window_key(own, blocked)]
}

/// The pattern of every line window, indexed by [`window_key`].
pub fn pattern_table() -> &'static [Pattern] {
    static TABLE: OnceLock<Vec<Pattern>> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

/// Length of the run of own stones through the centre, the centre counted.
fn run_through_centre(own: u8) -> u32 {
    // Left neighbours are bits 3, 2, 1, 0 going outwards; right ones 4..7.
    let left = (own.reverse_bits() >> 4).trailing_ones();
    let right = (own >> 4).trailing_ones();
    left + right + 1
}

/// Windows with more own stones are classified first, because a window's
/// pattern is derived from the windows one stone stronger.
fn build_table() -> Vec<Pattern> {
    let mut table = vec![Pattern::Dead; WINDOWS];
    let mut owns: Vec<u8> = (0..=255).collect();
    owns.sort_by_key(|own| std::cmp::Reverse(own.count_ones()));
    for own in owns {
        for blocked in 0..=255u8 {
            if own & blocked == 0 {
                table[window_key(own, blocked)] = classify(own, blocked, &table);
            }
        }
    }
    table
}

fn classify(own: u8, blocked: u8, stronger: &[Pattern]) -> Pattern {
    if run_through_centre(own) >= 5 {
        return Pattern::Five;
    }
    let empty = !(own | blocked);
    let mut five_points = 0;
    let mut best = Pattern::Dead;
    for bit in (0..8).map(|i| 1u8 << i).filter(|b| empty & b != 0) {
        if run_through_centre(own | bit) >= 5 {
            five_points += 1;
        } else {
            best = best.max(stronger[window_key(own | bit, blocked)].one_stone_weaker());
        }
    }
    match five_points {
        0 => best,
        1 => Pattern::Four,
        _ => Pattern::OpenFour,
    }
}

/// The line pattern a `colour` stone on the empty (x, y) would make along
/// (dx, dy), read from the stones (`stone_at`, asked only for on-board
/// cells) rather than from a threat board's windows: the tests' independent
/// count.
#[cfg(test)]
pub(crate) fn pattern_from_stones(
    stone_at: impl Fn(i32, i32) -> Option<crate::game::Player>,
    colour: crate::game::Player,
    (x, y): (i32, i32),
    (dx, dy): (i32, i32),
) -> Pattern {
    let size = crate::games::Gomoku::SIZE as i32;
    let (mut own, mut blocked) = (0u8, 0u8);
    for offset in (-4..=4).filter(|&o| o != 0) {
        let (qx, qy) = (x + offset * dx, y + offset * dy);
        let on_board = (0..size).contains(&qx) && (0..size).contains(&qy);
        match on_board.then(|| stone_at(qx, qy)).flatten() {
            Some(c) if c == colour => own |= neighbour_bit(offset),
            None if on_board => {}
            _ => blocked |= neighbour_bit(offset),
        }
    }
    pattern_of(own, blocked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses a nine-cell window like `"_XX.XO..#"`: `X` own, `O` or `#`
    /// blocked, anything else empty; the centre (index 4) must be `.`.
    fn window(text: &str) -> Pattern {
        let cells: Vec<char> = text.chars().collect();
        assert_eq!(cells.len(), 9);
        assert_eq!(cells[4], '.');
        let (mut own, mut blocked) = (0u8, 0u8);
        for (i, &c) in cells.iter().enumerate().filter(|&(i, _)| i != 4) {
            let bit = neighbour_bit(i as i32 - 4);
            match c {
                'X' => own |= bit,
                'O' | '#' => blocked |= bit,
                _ => {}
            }
        }
        pattern_of(own, blocked)
    }

    #[test]
    fn window_keys_are_distinct_and_in_range() {
        let mut seen = vec![false; WINDOWS];
        for own in 0..=255u8 {
            for blocked in (0..=255u8).filter(|b| b & own == 0) {
                let key = window_key(own, blocked);
                assert!(!seen[key]);
                seen[key] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn fives_and_overlines() {
        assert_eq!(window("XXXX....."), Pattern::Five);
        assert_eq!(window("..XX.XX.."), Pattern::Five);
        assert_eq!(window("XXXX.XXXX"), Pattern::Five);
        assert_eq!(window("OXXX.O..."), Pattern::Dead);
    }

    #[test]
    fn fours() {
        assert_eq!(window("..XX.X..."), Pattern::OpenFour);
        assert_eq!(window(".OXX.X..."), Pattern::Four);
        assert_eq!(window("..OX.XX.#"), Pattern::Four);
        assert_eq!(window("...X.XX.#"), Pattern::OpenFour);
        // Two five points on one line, far apart: as good as an open four.
        assert_eq!(window("XX.X.X.XX"), Pattern::OpenFour);
    }

    #[test]
    fn threes_and_twos() {
        assert_eq!(window("...X.X..."), Pattern::OpenThree);
        assert_eq!(window("..X..X..."), Pattern::OpenThree);
        assert_eq!(window("..OX.X..."), Pattern::Three);
        assert_eq!(window("...#.XX.."), Pattern::Three);
        assert_eq!(window("X.X..X..."), Pattern::OpenThree);
        assert_eq!(window("...X....."), Pattern::OpenTwo);
        assert_eq!(window("..OX..O.."), Pattern::Dead);
        assert_eq!(window("#..X..O.."), Pattern::Two);
        assert_eq!(window("#..X...O."), Pattern::OpenTwo);
    }
}
