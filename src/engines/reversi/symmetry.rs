//! The eight symmetries of the board as bitboard transforms (bit `y * 8 + x`).
//!
//! Symmetry `k` (0..8) maps the square `(x, y)` by: swapping `x` and `y` if
//! bit 2 of `k` is set, then `x -> 7 - x` if bit 0 is set, then `y -> 7 - y`
//! if bit 1 is set. Symmetry 0 is the identity.

/// The square `square` (0..64) moved by symmetry `k`.
pub const fn transform_square(k: usize, square: usize) -> usize {
    let (mut x, mut y) = (square % 8, square / 8);
    if k & 4 != 0 {
        (x, y) = (y, x);
    }
    if k & 1 != 0 {
        x = 7 - x;
    }
    if k & 2 != 0 {
        y = 7 - y;
    }
    y * 8 + x
}

/// The symmetry that undoes symmetry `k`.
pub const fn inverse(k: usize) -> usize {
    let mut candidate = 0;
    while candidate < 8 {
        let mut square = 0;
        let mut undoes = true;
        while square < 64 {
            if transform_square(candidate, transform_square(k, square)) != square {
                undoes = false;
            }
            square += 1;
        }
        if undoes {
            return candidate;
        }
        candidate += 1;
    }
    panic!("every symmetry has an inverse")
}

/// `x -> 7 - x` for every disc.
#[inline(always)]
fn mirror_columns(mut b: u64) -> u64 {
    b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((b & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// `(x, y) -> (y, x)` for every disc (three delta swaps).
#[inline(always)]
fn transpose(mut b: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// The bitboard `b` with every disc moved by symmetry `k`.
#[inline(always)]
pub fn transform_board(k: usize, mut b: u64) -> u64 {
    if k & 4 != 0 {
        b = transpose(b);
    }
    if k & 1 != 0 {
        b = mirror_columns(b);
    }
    if k & 2 != 0 {
        b = b.swap_bytes();
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_transforms_move_each_square_like_transform_square() {
        for k in 0..8 {
            for square in 0..64 {
                assert_eq!(
                    transform_board(k, 1 << square),
                    1 << transform_square(k, square),
                    "symmetry {k} square {square}"
                );
            }
            assert_eq!(transform_square(inverse(k), transform_square(k, 19)), 19);
        }
    }
}
