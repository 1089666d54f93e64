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

/// The group of `stones` that contains the stone on `seed_point`, if that
/// group has at most one liberty in `empty`; `None` as soon as two liberties
/// are seen, so that a well-breathing group costs a table look-up or a step
/// or two of the fill.
#[inline]
pub fn group_with_at_most_one_liberty(
    seed_point: usize,
    stones: u128,
    empty: u128,
) -> Option<u128> {
    let mut liberties = NEIGHBOURS[seed_point] & empty;
    if has_two_or_more_bits(liberties) {
        return None;
    }
    let mut group = 1u128 << seed_point;
    let mut frontier = NEIGHBOURS[seed_point] & stones;
    while frontier != 0 {
        group |= frontier;
        let around = adjacent(frontier);
        liberties |= around & empty;
        if has_two_or_more_bits(liberties) {
            return None;
        }
        frontier = around & stones & !group;
    }
    Some(group)
}

#[inline(always)]
fn has_two_or_more_bits(mask: u128) -> bool {
    mask & mask.wrapping_sub(1) != 0
}

/// The index of the `n`-th set bit of `mask`, counting from bit 0 and from
/// `n = 0`. Precondition: `n < mask.count_ones()`.
#[inline]
pub fn nth_set_bit(mask: u128, n: u32) -> usize {
    let low = mask as u64;
    let low_count = low.count_ones();
    let (half, rank, base) = if n < low_count {
        (low, n, 0)
    } else {
        ((mask >> 64) as u64, n - low_count, 64)
    };
    base + nth_set_bit_u64(half, rank) as usize
}

const BYTES_ONE: u64 = 0x0101_0101_0101_0101;
const BYTES_HIGH_BIT: u64 = 0x8080_8080_8080_8080;

/// Branch-free select within a word: the byte holding the bit is found by
/// comparing `n` with the running bit counts of all eight bytes at once, the
/// bit within that byte by table. Random move choice feeds this random `n`,
/// so branches here would mostly be mispredicted.
#[inline]
fn nth_set_bit_u64(bits: u64, n: u32) -> u32 {
    let mut counts = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i of `running` is the number of set bits in bytes 0..=i (at most 64).
    let running = counts.wrapping_mul(BYTES_ONE);
    // High bit of byte i set iff running_i <= n; no borrow crosses bytes since
    // both sides stay below 128.
    let at_or_below =
        ((n as u64 * BYTES_ONE) | BYTES_HIGH_BIT).wrapping_sub(running) & BYTES_HIGH_BIT;
    let byte = ((at_or_below >> 7).wrapping_mul(BYTES_ONE) >> 56) as u32;
    let bits_before = ((running << 8) >> (8 * byte)) as u32 & 0xFF;
    let byte_value = (bits >> (8 * byte)) as usize & 0xFF;
    8 * byte + SELECT_IN_BYTE[byte_value][(n - bits_before) as usize] as u32
}

const fn select_in_byte_table() -> [[u8; 8]; 256] {
    let mut table = [[0u8; 8]; 256];
    let mut value = 0;
    while value < 256 {
        let mut rank = 0;
        let mut bit = 0;
        while bit < 8 {
            if value >> bit & 1 == 1 {
                table[value][rank] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        value += 1;
    }
    table
}

/// `SELECT_IN_BYTE[byte][n]`: the position of the `n`-th set bit of `byte`.
const SELECT_IN_BYTE: [[u8; 8]; 256] = select_in_byte_table();

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
        assert_eq!(group_with_at_most_one_liberty(0, chain, empty), None);
        // Only (2,0) left empty next to it.
        let empty = 1 << 2;
        assert_eq!(group_with_at_most_one_liberty(1, chain, empty), Some(chain));
        assert_eq!(group_with_at_most_one_liberty(0, chain, empty), Some(chain));
        assert_eq!(group_with_at_most_one_liberty(0, chain, 0), Some(chain));
        assert_eq!(
            flood_fill(1, chain | (1 << 11)),
            chain,
            "(2,1) only touches diagonally"
        );
        assert_eq!(flood_fill(1, chain | (1 << 10)), chain | (1 << 10));
    }
}
