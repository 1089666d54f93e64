//! Pattern codes: an empty point classed, for one side, by the multiset of
//! its four line patterns (which line holds which pattern does not matter,
//! so the eight board symmetries keep a point's code). Ten patterns make
//! C(13, 4) = 715 codes, few enough for a table of values per code
//! ([`TableWeights`](super::TableWeights)).
//!
//! The threat board keeps a direction-weighted key per point,
//! `sum_d pattern_d * 10^d` (one decimal digit per line), by the same add
//! per line change as its threat and shape keys; [`code_of_key`] maps the
//! key to the code by one look-up in a table built at compile time.

use super::patterns::Pattern;

/// Number of codes: multisets of four patterns out of ten.
pub const CODES: usize = 715;

/// Number of code keys: four decimal digits.
const CODE_KEYS: usize = 10_000;

/// `10^d`: the weight of direction `d`'s digit in a code key.
const DIGIT: [u16; 4] = [1, 10, 100, 1000];

/// A line's share of its point's code key: its pattern as the digit of its
/// direction.
#[inline]
pub const fn code_key_part(direction: usize, pattern: Pattern) -> u16 {
    pattern as u16 * DIGIT[direction]
}

/// `CODE_OF_KEY[key]`: the code of a point with that key.
static CODE_OF_KEY: [u16; CODE_KEYS] = codes_of_keys();

/// The four digits of `key`, sorted ascending: the multiset's one spelling.
const fn sorted_digits(key: usize) -> [usize; 4] {
    let mut d = [key % 10, key / 10 % 10, key / 100 % 10, key / 1000];
    // Insertion sort: four elements, compile time.
    let mut i = 1;
    while i < 4 {
        let mut j = i;
        while j > 0 && d[j - 1] > d[j] {
            let t = d[j];
            d[j] = d[j - 1];
            d[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    d
}

const fn codes_of_keys() -> [u16; CODE_KEYS] {
    // First number the sorted keys (a <= b <= c <= d) in lexicographic
    // order, then give every key its sorted key's number.
    let mut table = [0u16; CODE_KEYS];
    let mut code = 0u16;
    let mut a = 0;
    while a < Pattern::COUNT {
        let mut b = a;
        while b < Pattern::COUNT {
            let mut c = b;
            while c < Pattern::COUNT {
                let mut d = c;
                while d < Pattern::COUNT {
                    table[a + 10 * b + 100 * c + 1000 * d] = code;
                    code += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    assert!(code as usize == CODES);
    let mut key = 0;
    while key < CODE_KEYS {
        let [a, b, c, d] = sorted_digits(key);
        table[key] = table[a + 10 * b + 100 * c + 1000 * d];
        key += 1;
    }
    table
}

/// The code of a point with code key `key` (the sum of [`code_key_part`]
/// over its lines).
#[inline]
pub fn code_of_key(key: u16) -> u16 {
    CODE_OF_KEY[key as usize]
}

/// The code of a point with these four lines.
#[inline]
pub fn code_of(lines: [Pattern; 4]) -> u16 {
    let mut key = 0;
    for (d, &pattern) in lines.iter().enumerate() {
        key += code_key_part(d, pattern);
    }
    code_of_key(key)
}

/// Classes of what one stone on a point makes for one side, from its four
/// lines: 0 nothing that grows, 1 one open two or three, 2 two or more of
/// them, 3 an open three, 4 a four, 5 two open threes, 6 a four and an
/// open three, 7 an open four or two fours, 8 a five. The network pairs the
/// two sides' classes at each point ([`joint_pair`]): a point both sides
/// want is worth more than the sum of what each wants alone.
pub const POINT_CLASSES: usize = 9;

/// Pairs of the two sides' [`POINT_CLASSES`] at a point, the first the
/// side to move's: `mine * POINT_CLASSES + theirs`. Pair 0 (nothing for
/// either side, most of the board, and every occupied point) has no input.
pub const JOINT_PAIRS: usize = POINT_CLASSES * POINT_CLASSES;

/// Joint classes with an input: every pair but 0.
pub const JOINT_CLASSES: usize = JOINT_PAIRS - 1;

/// The class of a point whose four lines are the patterns `digits` (as
/// `Pattern as usize`, in any order).
const fn class_of_digits(digits: [usize; 4]) -> u8 {
    let (mut fives, mut open_fours, mut fours, mut open_threes, mut growing) = (0, 0, 0, 0, 0);
    let mut i = 0;
    while i < 4 {
        let d = digits[i];
        if d == Pattern::Five as usize {
            fives += 1;
        } else if d == Pattern::OpenFour as usize {
            open_fours += 1;
        } else if d == Pattern::Four as usize {
            fours += 1;
        } else if d == Pattern::OpenThree as usize {
            open_threes += 1;
        } else if d == Pattern::OpenTwo as usize || d == Pattern::Three as usize {
            growing += 1;
        }
        i += 1;
    }
    if fives > 0 {
        8
    } else if open_fours > 0 || fours >= 2 {
        7
    } else if fours == 1 && open_threes > 0 {
        6
    } else if open_threes >= 2 {
        5
    } else if fours == 1 {
        4
    } else if open_threes == 1 {
        3
    } else if growing >= 2 {
        2
    } else if growing == 1 {
        1
    } else {
        0
    }
}

/// `CLASS_OF_KEY[key]`: the class of a point with that code key, in one
/// look-up (the threat board reads both sides' classes at every point a
/// stone changes).
static CLASS_OF_KEY: [u8; CODE_KEYS] = classes_of_keys();

const fn classes_of_keys() -> [u8; CODE_KEYS] {
    let mut table = [0u8; CODE_KEYS];
    let mut key = 0;
    while key < CODE_KEYS {
        table[key] = class_of_digits(sorted_digits(key));
        key += 1;
    }
    table
}

/// The [`POINT_CLASSES`] class of a point with code key `key` (the sum of
/// [`code_key_part`] over its lines).
#[inline]
pub fn class_of_key(key: u16) -> u8 {
    CLASS_OF_KEY[key as usize]
}

/// The [`POINT_CLASSES`] class of a point with these four lines.
pub fn point_class(lines: [Pattern; 4]) -> u8 {
    class_of_digits(lines.map(|p| p as usize))
}

/// The pair of a point whose classes are `mine` and `theirs` (see
/// [`JOINT_PAIRS`]).
#[inline]
pub fn joint_pair(mine: u8, theirs: u8) -> usize {
    mine as usize * POINT_CLASSES + theirs as usize
}

/// The same pair from the other side's view.
#[inline]
pub fn swapped_pair(pair: usize) -> usize {
    pair % POINT_CLASSES * POINT_CLASSES + pair / POINT_CLASSES
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every choice of four lines' patterns, in every order.
    fn every_four_lines() -> impl Iterator<Item = [Pattern; 4]> {
        (0..Pattern::COUNT.pow(4)).map(|i| {
            std::array::from_fn(|d| Pattern::ALL[i / Pattern::COUNT.pow(d as u32) % Pattern::COUNT])
        })
    }

    /// Every ordering of four patterns has one code, different multisets
    /// have different codes, and there are exactly [`CODES`] of them.
    #[test]
    fn codes_are_the_multisets_of_four_patterns() {
        let mut code_of_multiset = std::collections::HashMap::new();
        for lines in every_four_lines() {
            let code = code_of(lines);
            assert!((code as usize) < CODES);
            let mut multiset = lines;
            multiset.sort_unstable();
            let first = *code_of_multiset.entry(multiset).or_insert(code);
            assert_eq!(first, code, "{lines:?}");
        }
        assert_eq!(code_of_multiset.len(), CODES);
        let mut codes: Vec<u16> = code_of_multiset.values().copied().collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), CODES, "distinct multisets, distinct codes");
    }

    /// A code key's class is the class of its four lines, whatever their order;
    /// every class occurs; a pair swapped twice is itself.
    #[test]
    fn a_code_has_the_class_of_its_lines() {
        let mut seen = [false; POINT_CLASSES];
        for lines in every_four_lines() {
            let class = point_class(lines);
            let key = (0..4).map(|d| code_key_part(d, lines[d])).sum();
            assert_eq!(class_of_key(key), class, "{lines:?}");
            seen[class as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(
            point_class([
                Pattern::Four,
                Pattern::OpenThree,
                Pattern::Dead,
                Pattern::One
            ]),
            6
        );
        assert_eq!(
            point_class([Pattern::OpenTwo, Pattern::Three, Pattern::Two, Pattern::One]),
            2
        );
        for pair in 0..JOINT_PAIRS {
            assert_eq!(swapped_pair(swapped_pair(pair)), pair);
        }
        assert_eq!(swapped_pair(joint_pair(3, 5)), joint_pair(5, 3));
    }
}
