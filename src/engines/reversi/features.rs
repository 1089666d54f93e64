//! The features of the pattern evaluation: which squares each pattern
//! reads, where each feature's weight lives in a stage's table, and the
//! indices of a position's features computed from its bitboards.
//!
//! A pattern family is one set of squares (its *canonical instance*, listed
//! in digit order); its instances are the distinct images of that set under
//! the eight board symmetries, and all instances share one table. A
//! configuration's index is `sum(cell_i * 3^i)` with cell 0 empty, 1 the side
//! to move, 2 the opponent. Instances are read by moving the board with the
//! symmetry that brings the instance onto the canonical squares, so one
//! branch-free gather per family serves every instance.
//!
//! After the patterns come scalar features, one-hot by value: the mobility
//! and potential mobility of each side and the parity of the empties.

use super::symmetry::{inverse, transform_board, transform_square};
use crate::games::legal_placements;

/// A pattern family: its name and canonical squares in digit order.
pub struct Family {
    pub name: &'static str,
    pub squares: &'static [usize],
}

const fn sq(x: usize, y: usize) -> usize {
    y * 8 + x
}

/// Number of pattern families.
pub const FAMILY_COUNT: usize = 11;

/// The pattern families (the classic set of Logistello and Edax). A family
/// added here needs a branch in `gather` and its instance count in the
/// counts test; [`INSTANCE_COUNT`] follows by itself.
pub const FAMILIES: [Family; FAMILY_COUNT] = [
    Family {
        name: "corner 3x3",
        squares: &[
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(0, 1),
            sq(1, 1),
            sq(2, 1),
            sq(0, 2),
            sq(1, 2),
            sq(2, 2),
        ],
    },
    Family {
        name: "corner 2x5",
        squares: &[
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(3, 0),
            sq(4, 0),
            sq(0, 1),
            sq(1, 1),
            sq(2, 1),
            sq(3, 1),
            sq(4, 1),
        ],
    },
    Family {
        name: "edge + 2X",
        squares: &[
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(3, 0),
            sq(4, 0),
            sq(5, 0),
            sq(6, 0),
            sq(7, 0),
            sq(1, 1),
            sq(6, 1),
        ],
    },
    Family {
        name: "line 2",
        squares: &[8, 9, 10, 11, 12, 13, 14, 15],
    },
    Family {
        name: "line 3",
        squares: &[16, 17, 18, 19, 20, 21, 22, 23],
    },
    Family {
        name: "line 4",
        squares: &[24, 25, 26, 27, 28, 29, 30, 31],
    },
    Family {
        name: "diagonal 8",
        squares: &[
            sq(0, 0),
            sq(1, 1),
            sq(2, 2),
            sq(3, 3),
            sq(4, 4),
            sq(5, 5),
            sq(6, 6),
            sq(7, 7),
        ],
    },
    Family {
        name: "diagonal 7",
        squares: &[
            sq(1, 0),
            sq(2, 1),
            sq(3, 2),
            sq(4, 3),
            sq(5, 4),
            sq(6, 5),
            sq(7, 6),
        ],
    },
    Family {
        name: "diagonal 6",
        squares: &[sq(2, 0), sq(3, 1), sq(4, 2), sq(5, 3), sq(6, 4), sq(7, 5)],
    },
    Family {
        name: "diagonal 5",
        squares: &[sq(3, 0), sq(4, 1), sq(5, 2), sq(6, 3), sq(7, 4)],
    },
    Family {
        name: "diagonal 4",
        squares: &[sq(4, 0), sq(5, 1), sq(6, 2), sq(7, 3)],
    },
];

const fn pow3(n: usize) -> usize {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 3;
        i += 1;
    }
    p
}

const fn square_set(squares: &[usize], symmetry: usize) -> u64 {
    let mut set = 0u64;
    let mut i = 0;
    while i < squares.len() {
        set |= 1 << transform_square(symmetry, squares[i]);
        i += 1;
    }
    set
}

/// Whether symmetry `g` maps `squares` onto a set no smaller symmetry
/// reaches: each distinct image of a family is one instance.
const fn first_image(squares: &[usize], g: usize) -> bool {
    let image = square_set(squares, g);
    let mut h = 0;
    while h < g {
        if square_set(squares, h) == image {
            return false;
        }
        h += 1;
    }
    true
}

/// Number of pattern instances on the board: the distinct images of every
/// family under the 8 symmetries.
pub const INSTANCE_COUNT: usize = {
    let mut n = 0;
    let mut family = 0;
    while family < FAMILY_COUNT {
        let mut g = 0;
        while g < 8 {
            n += first_image(FAMILIES[family].squares, g) as usize;
            g += 1;
        }
        family += 1;
    }
    n
};

/// Each instance as (family, symmetry applied to the board before the
/// family's canonical gather).
pub const INSTANCES: [(usize, usize); INSTANCE_COUNT] = {
    let mut instances = [(0, 0); INSTANCE_COUNT];
    let mut n = 0;
    let mut family = 0;
    while family < FAMILY_COUNT {
        let mut g = 0;
        while g < 8 {
            if first_image(FAMILIES[family].squares, g) {
                // Reading the image squares of board b is reading the
                // canonical squares of b moved by the inverse symmetry.
                instances[n] = (family, inverse(g));
                n += 1;
            }
            g += 1;
        }
        family += 1;
    }
    instances
};

/// Table size (3^squares) of each family.
pub const FAMILY_SIZES: [usize; FAMILY_COUNT] = {
    let mut sizes = [0; FAMILY_COUNT];
    let mut f = 0;
    while f < FAMILY_COUNT {
        sizes[f] = pow3(FAMILIES[f].squares.len());
        f += 1;
    }
    sizes
};

/// Where each family's table starts within a stage's weights.
pub const FAMILY_OFFSETS: [usize; FAMILY_COUNT] = {
    let mut offsets = [0; FAMILY_COUNT];
    let mut f = 1;
    while f < FAMILY_COUNT {
        offsets[f] = offsets[f - 1] + FAMILY_SIZES[f - 1];
        f += 1;
    }
    offsets
};

/// Weights of all pattern tables of one stage.
pub const PATTERN_WEIGHTS: usize =
    FAMILY_OFFSETS[FAMILY_COUNT - 1] + FAMILY_SIZES[FAMILY_COUNT - 1];

/// Largest mobility told apart (more counts as this).
pub const MAX_MOBILITY: usize = 30;
/// Largest potential mobility told apart.
pub const MAX_POTENTIAL: usize = 40;
const MOBILITY_OFFSET: usize = PATTERN_WEIGHTS;
const OPPONENT_MOBILITY_OFFSET: usize = MOBILITY_OFFSET + MAX_MOBILITY + 1;
const POTENTIAL_OFFSET: usize = OPPONENT_MOBILITY_OFFSET + MAX_MOBILITY + 1;
const OPPONENT_POTENTIAL_OFFSET: usize = POTENTIAL_OFFSET + MAX_POTENTIAL + 1;
const PARITY_OFFSET: usize = OPPONENT_POTENTIAL_OFFSET + MAX_POTENTIAL + 1;

/// Weights of one stage: pattern tables then the scalar features.
pub const STAGE_WEIGHTS: usize = PARITY_OFFSET + 2;

/// Features active in every position (one weight each).
pub const ACTIVE_FEATURES: usize = INSTANCE_COUNT + 5;

/// Game stages, by the number of empty squares.
pub const STAGES: usize = 12;
/// Empty squares per stage.
pub const EMPTIES_PER_STAGE: u32 = 5;

/// The stage of a position with `empties` empty squares.
#[inline(always)]
pub fn stage_of(empties: u32) -> usize {
    ((empties / EMPTIES_PER_STAGE) as usize).min(STAGES - 1)
}

/// `TERNARY[m]`: the index of a pattern whose digits are 1 where bit `i`
/// of `m` is set (`3^i` summed over the set bits).
static TERNARY: [u32; 1024] = {
    let mut table = [0u32; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut i = 0;
        while i < 10 {
            if m >> i & 1 == 1 {
                table[m] += pow3(i) as u32;
            }
            i += 1;
        }
        m += 1;
    }
    table
};

/// The canonical squares of each family as a bitboard.
const FAMILY_MASKS: [u64; FAMILY_COUNT] = {
    let mut masks = [0; FAMILY_COUNT];
    let mut f = 0;
    while f < FAMILY_COUNT {
        masks[f] = square_set(FAMILIES[f].squares, 0);
        f += 1;
    }
    masks
};

/// The number of squares of each family.
const FAMILY_LENGTHS: [u32; FAMILY_COUNT] = {
    let mut lengths = [0; FAMILY_COUNT];
    let mut f = 0;
    while f < FAMILY_COUNT {
        lengths[f] = FAMILIES[f].squares.len() as u32;
        f += 1;
    }
    lengths
};

/// The canonical squares of `family` in board `b`, bit `i` for digit `i`.
#[inline(always)]
fn gather(family: usize, b: u64) -> usize {
    const COLUMNS_TO_TOP_BYTE: u64 = 0x0101_0101_0101_0101;
    // Each square of a diagonal lies in its own column, so the product
    // stacks the columns into the top byte without carries; the diagonal of
    // length n ends in column h, so its n bits are the top n of the product.
    let diagonal = |family: usize| -> usize {
        let (mask, length) = (FAMILY_MASKS[family], FAMILY_LENGTHS[family]);
        ((b & mask).wrapping_mul(COLUMNS_TO_TOP_BYTE) >> (64 - length)) as usize
    };
    match family {
        0 => ((b & 7) | (b >> 5 & 0x38) | (b >> 10 & 0x1C0)) as usize,
        1 => ((b & 0x1F) | (b >> 3 & 0x3E0)) as usize,
        2 => ((b & 0xFF) | (b >> 1 & 0x100) | (b >> 5 & 0x200)) as usize,
        3 => (b >> 8 & 0xFF) as usize,
        4 => (b >> 16 & 0xFF) as usize,
        5 => (b >> 24 & 0xFF) as usize,
        _ => diagonal(family),
    }
}

/// The empty squares next to a disc of `discs`.
#[inline(always)]
fn potential_moves(discs: u64, empties: u64) -> u64 {
    const NOT_COLUMN_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_COLUMN_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let sideways = (discs << 1 & NOT_COLUMN_A) | (discs >> 1 & NOT_COLUMN_H);
    let around = sideways | discs;
    (sideways | around << 8 | around >> 8) & empties
}

/// The weight indices (within a stage's table) of the features of the
/// position with `player` to move against `opponent`.
#[inline]
pub fn feature_indices(player: u64, opponent: u64, out: &mut [u32; ACTIVE_FEATURES]) {
    let mut players = [0u64; 8];
    let mut opponents = [0u64; 8];
    for k in 0..8 {
        players[k] = transform_board(k, player);
        opponents[k] = transform_board(k, opponent);
    }
    for (slot, &(family, symmetry)) in out.iter_mut().zip(INSTANCES.iter()) {
        let mine = gather(family, players[symmetry]);
        let theirs = gather(family, opponents[symmetry]);
        *slot = FAMILY_OFFSETS[family] as u32 + TERNARY[mine] + 2 * TERNARY[theirs];
    }
    let empties = !(player | opponent);
    let mobility = legal_placements(player, opponent).count_ones() as usize;
    let opponent_mobility = legal_placements(opponent, player).count_ones() as usize;
    let potential = potential_moves(opponent, empties).count_ones() as usize;
    let opponent_potential = potential_moves(player, empties).count_ones() as usize;
    out[INSTANCE_COUNT] = (MOBILITY_OFFSET + mobility.min(MAX_MOBILITY)) as u32;
    out[INSTANCE_COUNT + 1] =
        (OPPONENT_MOBILITY_OFFSET + opponent_mobility.min(MAX_MOBILITY)) as u32;
    out[INSTANCE_COUNT + 2] = (POTENTIAL_OFFSET + potential.min(MAX_POTENTIAL)) as u32;
    out[INSTANCE_COUNT + 3] =
        (OPPONENT_POTENTIAL_OFFSET + opponent_potential.min(MAX_POTENTIAL)) as u32;
    out[INSTANCE_COUNT + 4] = (PARITY_OFFSET + (empties.count_ones() & 1) as usize) as u32;
}

/// The index of instance `instance` read square by square (the slow,
/// obviously right way; a test oracle for [`feature_indices`]).
pub fn instance_index_by_squares(player: u64, opponent: u64, instance: usize) -> u32 {
    let (family, board_symmetry) = INSTANCES[instance];
    let image = inverse(board_symmetry);
    let mut index = 0u32;
    for (digit, &square) in FAMILIES[family].squares.iter().enumerate() {
        let at = 1u64 << transform_square(image, square);
        let cell = if player & at != 0 {
            1
        } else if opponent & at != 0 {
            2
        } else {
            0
        };
        index += cell * pow3(digit) as u32;
    }
    FAMILY_OFFSETS[family] as u32 + index
}

/// For each weight of a stage, the weight that stands for it: the smallest
/// index among the readings of the same configuration by the symmetries
/// that map a family's canonical squares onto themselves (a line read from
/// either end). Training fits only these; the written tables repeat them,
/// so the evaluation is the same under all eight board symmetries.
pub fn canonical_weights() -> Vec<u32> {
    let mut canonical: Vec<u32> = (0..STAGE_WEIGHTS as u32).collect();
    for (family, spec) in FAMILIES.iter().enumerate() {
        let squares = spec.squares;
        let own = square_set(squares, 0);
        // Digit permutations of the self-symmetries.
        let permutations: Vec<Vec<usize>> = (1..8)
            .filter(|&g| square_set(squares, g) == own)
            .map(|g| {
                squares
                    .iter()
                    .map(|&s| {
                        let moved = transform_square(g, s);
                        squares.iter().position(|&t| t == moved).unwrap()
                    })
                    .collect()
            })
            .collect();
        let mut digits = vec![0u32; squares.len()];
        for index in 0..FAMILY_SIZES[family] {
            let mut rest = index;
            for d in digits.iter_mut() {
                *d = (rest % 3) as u32;
                rest /= 3;
            }
            let mut best = index;
            for permutation in &permutations {
                let other: usize = permutation
                    .iter()
                    .enumerate()
                    .map(|(i, &from)| digits[from] as usize * pow3(i))
                    .sum();
                best = best.min(other);
            }
            canonical[FAMILY_OFFSETS[family] + index] = (FAMILY_OFFSETS[family] + best) as u32;
        }
    }
    canonical
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn families_cover_the_expected_instances() {
        let mut counts = [0; FAMILY_COUNT];
        for &(family, _) in INSTANCES.iter() {
            counts[family] += 1;
        }
        assert_eq!(counts, [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4]);
    }

    #[test]
    fn gathered_indices_match_square_by_square_reading() {
        let mut rng = SmallRng::seed_from_u64(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.gen::<u64>();
        let mut out = [0; ACTIVE_FEATURES];
        for _ in 0..2000 {
            let occupied = next() | next();
            let player = occupied & next();
            let opponent = occupied & !player;
            feature_indices(player, opponent, &mut out);
            for (instance, &index) in out[..INSTANCE_COUNT].iter().enumerate() {
                assert_eq!(
                    index,
                    instance_index_by_squares(player, opponent, instance),
                    "instance {instance} of {player:#x} {opponent:#x}"
                );
            }
        }
    }
}
