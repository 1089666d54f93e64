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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ordering of four patterns has one code, different multisets
    /// have different codes, and there are exactly [`CODES`] of them.
    #[test]
    fn codes_are_the_multisets_of_four_patterns() {
        let mut code_of_multiset = std::collections::HashMap::new();
        for a in Pattern::ALL {
            for b in Pattern::ALL {
                for c in Pattern::ALL {
                    for d in Pattern::ALL {
                        let lines = [a, b, c, d];
                        let code = code_of(lines);
                        assert!((code as usize) < CODES);
                        let mut multiset = lines;
                        multiset.sort_unstable();
                        let first = *code_of_multiset.entry(multiset).or_insert(code);
                        assert_eq!(first, code, "{lines:?}");
                    }
                }
            }
        }
        assert_eq!(code_of_multiset.len(), CODES);
        let mut codes: Vec<u16> = code_of_multiset.values().copied().collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), CODES, "distinct multisets, distinct codes");
    }
}
