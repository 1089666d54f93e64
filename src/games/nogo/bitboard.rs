//! The 9x9 board as bits of a `u128`: bit `y * 9 + x` is the point `(x, y)`;
//! bits 81..128 are always zero.

/// Board width and height.
pub const SIZE: usize = 9;
/// Number of points.
pub const POINTS: usize = SIZE * SIZE;
/// Every point of the board.
pub const BOARD: u128 = (1u128 << POINTS) - 1;

const fn column_mask(x: usize) -> u128 {
    let mut mask = 0u128;
    let mut y = 0;
    while y < SIZE {
        mask |= 1u128 << (y * SIZE + x);
        y += 1;
    }
    mask
}

const LEFT_COLUMN: u128 = column_mask(0);
const RIGHT_COLUMN: u128 = column_mask(SIZE - 1);

/// Every point orthogonally next to some point of `mask` (points of `mask`
/// itself are included only when they have a neighbour in `mask`).
#[inline(always)]
pub const fn adjacent(mask: u128) -> u128 {
    // Horizontal shifts would wrap a row's edge onto the next row; the column
    // masks cut those bits off. Vertical shifts fall off the board on their own
    // except for the top bits pushed past bit 80, which BOARD removes.
    let east = (mask << 1) & !LEFT_COLUMN;
    let west = (mask >> 1) & !RIGHT_COLUMN;
    let south = mask << SIZE;
    let north = mask >> SIZE;
    (east | west | south | north) & BOARD
}

const fn neighbour_table() -> [u128; POINTS] {
    let mut table = [0u128; POINTS];
    let mut point = 0;
    while point < POINTS {
        table[point] = adjacent(1u128 << point);
        point += 1;
    }
    table
}

/// `NEIGHBOURS[point]`: the two to four points orthogonally next to `point`.
pub const NEIGHBOURS: [u128; POINTS] = neighbour_table();

/// The connected part of `stones` that contains `seed` (a subset of `stones`).
#[inline]
pub fn flood_fill(seed: u128, stones: u128) -> u128 {
    let mut region = seed;
    let mut frontier = seed;
    while frontier != 0 {
        frontier = adjacent(frontier) & stones & !region;
        region |= frontier;
    }
    region
}

/// The group of `stones` that contains `seed`, if that group has at most one
/// liberty in `empty`; `None` as soon as two liberties are seen, so that a
/// well-breathing group costs only a step or two of the fill.
#[inline]
pub fn group_with_at_most_one_liberty(seed: u128, stones: u128, empty: u128) -> Option<u128> {
    let mut group = seed;
    let mut frontier = seed;
    let mut liberties = 0u128;
    loop {
        let around = adjacent(frontier);
        liberties |= around & empty;
        if liberties & liberties.wrapping_sub(1) != 0 {
            return None;
        }
        frontier = around & stones & !group;
        if frontier == 0 {
            return Some(group);
        }
        group |= frontier;
    }
}

/// The index of the `n`-th set bit of `mask`, counting from bit 0 and from
/// `n = 0`. Precondition: `n < mask.count_ones()`.
#[inline]
pub fn nth_set_bit(mask: u128, n: u32) -> usize {
    let low = mask as u64;
    let low_count = low.count_ones();
    if n < low_count {
        nth_set_bit_u64(low, n) as usize
    } else {
        64 + nth_set_bit_u64((mask >> 64) as u64, n - low_count) as usize
    }
}

#[inline]
fn nth_set_bit_u64(mut bits: u64, mut n: u32) -> u32 {
    // Halve the search window with popcounts, then finish bit by bit within a byte.
    let mut base = 0;
    for width in [32u32, 16, 8] {
        let low = bits & ((1u64 << width) - 1);
        let count = low.count_ones();
        if n >= count {
            n -= count;
            bits >>= width;
            base += width;
        } else {
            bits = low;
        }
    }
    for _ in 0..n {
        bits &= bits - 1;
    }
    base + bits.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_edge_and_centre_neighbours() {
        assert_eq!(NEIGHBOURS[0], (1 << 1) | (1 << 9));
        assert_eq!(NEIGHBOURS[8], (1 << 7) | (1 << 17));
        assert_eq!(NEIGHBOURS[80], (1 << 79) | (1 << 71));
        assert_eq!(NEIGHBOURS[9].count_ones(), 3);
        assert_eq!(
            NEIGHBOURS[40],
            (1 << 39) | (1 << 41) | (1 << 31) | (1 << 49)
        );
        let total: u32 = NEIGHBOURS.iter().map(|n| n.count_ones()).sum();
        assert_eq!(
            total,
            2 * 2 * 9 * 8,
            "each of the 144 edges counted from both ends"
        );
    }

    #[test]
    fn nth_set_bit_matches_a_plain_scan() {
        let masks = [
            BOARD,
            1,
            1 << 80,
            0x5555_5555_5555_5555_5555u128,
            BOARD & !(1 << 63),
        ];
        for mask in masks {
            let plain: Vec<usize> = (0..128).filter(|&i| mask >> i & 1 == 1).collect();
            for (n, &bit) in plain.iter().enumerate() {
                assert_eq!(nth_set_bit(mask, n as u32), bit, "mask {mask:#x} n {n}");
            }
        }
    }

    #[test]
    fn group_scan_stops_at_two_liberties() {
        // A two-stone chain along the top edge: (0,0),(1,0); liberties (2,0),(0,1),(1,1).
        let chain = 0b11u128;
        let empty = BOARD & !chain;
        assert_eq!(group_with_at_most_one_liberty(1, chain, empty), None);
        // Only (2,0) left empty next to it.
        let empty = 1 << 2;
        assert_eq!(group_with_at_most_one_liberty(1, chain, empty), Some(chain));
        assert_eq!(
            flood_fill(1, chain | (1 << 11)),
            chain,
            "(2,1) only touches diagonally"
        );
        assert_eq!(flood_fill(1, chain | (1 << 10)), chain | (1 << 10));
    }
}
