//! Branch-free Reversi kernels on `u64` bitboards: where a player may place
//! a disc, and which discs a placement flips.
//!
//! Bit `y * 8 + x` is the square at column `x`, row `y` (row 0 at the top), so
//! shifting left by 1 steps one column right, by 8 one row down, by 7 one row
//! down and one column left, by 9 one row down and one column right.

/// Squares of columns 1..=6. A line that runs sideways or diagonally can only
/// pass *through* these squares; masking the opponent's discs with it keeps a
/// shift from wrapping round from one edge of the board to the other.
const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Placements that close a line running towards higher bit indices.
///
/// `jumpable` is the opponent's discs a line may pass through in this
/// direction. Six discs at most lie between a placement and its anchor, so the
/// fill doubles its reach (1, 2, 4, 6) instead of stepping six times.
#[inline(always)]
fn placements_towards_higher(player: u64, jumpable: u64, shift: u32) -> u64 {
    let mut line = jumpable & (player << shift);
    line |= jumpable & (line << shift);
    let two_in_a_row = jumpable & (jumpable << shift);
    line |= two_in_a_row & (line << (2 * shift));
    line |= two_in_a_row & (line << (2 * shift));
    line << shift
}

/// The mirror image of [`placements_towards_higher`].
#[inline(always)]
fn placements_towards_lower(player: u64, jumpable: u64, shift: u32) -> u64 {
    let mut line = jumpable & (player >> shift);
    line |= jumpable & (line >> shift);
    let two_in_a_row = jumpable & (jumpable >> shift);
    line |= two_in_a_row & (line >> (2 * shift));
    line |= two_in_a_row & (line >> (2 * shift));
    line >> shift
}

/// Every empty square where `player` may place a disc against `opponent`
/// (the two masks must not overlap).
#[inline(always)]
pub fn legal_placements(player: u64, opponent: u64) -> u64 {
    let sideways = opponent & INNER_COLUMNS;
    let placements = placements_towards_higher(player, sideways, 1)
        | placements_towards_lower(player, sideways, 1)
        | placements_towards_higher(player, opponent, 8)
        | placements_towards_lower(player, opponent, 8)
        | placements_towards_higher(player, sideways, 7)
        | placements_towards_lower(player, sideways, 7)
        | placements_towards_higher(player, sideways, 9)
        | placements_towards_lower(player, sideways, 9);
    placements & !(player | opponent)
}

/// The eight rays leaving one square, each without the square itself. The
/// first four run towards higher bit indices (east, south-west, south,
/// south-east), the last four towards lower ones. One square's rays fill
/// exactly one cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Rays([u64; 8]);

/// Column and row steps of the eight directions, in the order of [`Rays`].
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

const fn build_rays() -> [Rays; 64] {
    let mut table = [Rays([0; 8]); 64];
    let mut square = 0;
    while square < 64 {
        let mut direction = 0;
        while direction < 8 {
            let (dx, dy) = DIRECTIONS[direction];
            let mut x = (square % 8) as i32 + dx;
            let mut y = (square / 8) as i32 + dy;
            let mut ray = 0u64;
            while x >= 0 && x < 8 && y >= 0 && y < 8 {
                ray |= 1 << (y * 8 + x);
                x += dx;
                y += dy;
            }
            table[square].0[direction] = ray;
            direction += 1;
        }
        square += 1;
    }
    table
}

static RAYS: [Rays; 64] = build_rays();

/// The opponent discs that `player` flips by placing a disc on `square`
/// (0..64), assuming the square is empty. Zero means the placement is illegal.
#[inline]
pub fn flipped_discs(player: u64, opponent: u64, square: usize) -> u64 {
    let rays = &RAYS[square].0;
    let mut flipped = 0;
    for &ray in &rays[..4] {
        // The first square along the ray that is not the opponent's is the
        // lowest such bit; if it is ours, everything before it flips.
        let stoppers = !opponent & ray;
        let anchor = stoppers & stoppers.wrapping_neg() & player;
        flipped |= anchor.wrapping_sub((anchor != 0) as u64) & ray;
    }
    for &ray in &rays[4..] {
        // Towards lower indices the first stopper is the highest bit. When
        // there is none the shift wraps to bit 63, which `stoppers` masks off.
        let stoppers = !opponent & ray;
        let anchor = (1u64 << 63).wrapping_shr(stoppers.leading_zeros()) & stoppers & player;
        flipped |= anchor.wrapping_neg().wrapping_shl(1) & ray;
    }
    flipped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(x: i32, y: i32) -> u64 {
        1 << (y * 8 + x)
    }

    #[test]
    fn rays_stop_at_the_edges() {
        // From a1 (square 0) east is the rest of row 0; west is empty.
        assert_eq!(RAYS[0].0[0], 0xFE);
        assert_eq!(RAYS[0].0[4], 0);
        // From h1 (square 7) south-west is the long anti-diagonal.
        assert_eq!(RAYS[7].0[1].count_ones(), 7);
        assert_eq!(RAYS[7].0[3], 0);
    }

    #[test]
    fn start_position_placements_and_flips() {
        let black = bit(3, 4) | bit(4, 3);
        let white = bit(3, 3) | bit(4, 4);
        let expected = bit(2, 3) | bit(3, 2) | bit(4, 5) | bit(5, 4);
        assert_eq!(legal_placements(black, white), expected);
        assert_eq!(flipped_discs(black, white, 3 * 8 + 2), bit(3, 3));
        assert_eq!(flipped_discs(black, white, 0), 0);
    }

    #[test]
    fn lines_do_not_wrap_round_the_board() {
        // Player on h1, opponent on a2: sideways adjacency in bit order only.
        let player = bit(7, 0);
        let opponent = bit(0, 1);
        assert_eq!(legal_placements(player, opponent), 0);
        assert_eq!(flipped_discs(player, opponent, 9), 0);
    }

    #[test]
    fn a_six_disc_line_flips_entirely() {
        let player = bit(0, 0);
        let opponent = (1..7).map(|i| bit(i, i)).fold(0, |a, b| a | b);
        assert_eq!(legal_placements(player, opponent), bit(7, 7));
        assert_eq!(flipped_discs(player, opponent, 63), opponent);
    }
}
