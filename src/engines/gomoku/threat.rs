//! The threat a stone on an empty point would make for one side, from the
//! patterns of its four lines, and the point's heuristic value.

use super::patterns::Pattern;

/// What one stone on an empty point achieves for one side, weakest first.
/// The classes are those that force or nearly force the other side's reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Threat {
    #[default]
    None,
    /// One open three.
    Three,
    /// Two open threes (wins unless the defender has fours or blocks both).
    DoubleThree,
    /// One four, nothing else of note.
    Four,
    /// A four and an open three: the forced block leaves the three to grow.
    FourThree,
    /// An open four or two fours: wins next move unless the defender has five.
    FlexFour,
    /// Five in a row: wins at once.
    Five,
}

impl Threat {
    /// Number of classes, for per-class counters.
    pub const COUNT: usize = 7;

    /// Every class, weakest first.
    pub const ALL: [Threat; Threat::COUNT] = [
        Threat::None,
        Threat::Three,
        Threat::DoubleThree,
        Threat::Four,
        Threat::FourThree,
        Threat::FlexFour,
        Threat::Five,
    ];

    /// `true` for the classes whose stone makes at least a four.
    #[inline]
    pub fn makes_four(self) -> bool {
        self >= Threat::Four
    }
}

/// Heuristic worth of each line pattern for the side that would play it.
const PATTERN_VALUE: [u16; 10] = [0, 1, 3, 4, 12, 10, 40, 45, 200, 1000];
/// Extra worth of each combined threat on top of its lines.
const THREAT_BONUS: [u16; Threat::COUNT] = [0, 0, 80, 0, 150, 300, 0];

/// The worth of one line pattern, summed over a point's four lines.
#[inline]
pub const fn pattern_value(pattern: Pattern) -> u16 {
    PATTERN_VALUE[pattern as usize]
}

/// The worth a point gains from its combined threat.
#[inline]
pub fn threat_bonus(threat: Threat) -> u16 {
    THREAT_BONUS[threat as usize]
}

/// A pattern's share of a point's threat key: the lines that decide the
/// threat (open threes, fours, open fours, fives) counted in base 5, one
/// digit per class. A point's key is the sum over its four lines, so it is
/// updated by adding and subtracting as lines change (no table of every
/// four-line combination: small tables stay in the first-level cache).
#[inline]
pub const fn threat_key_part(pattern: Pattern) -> u16 {
    match pattern {
        Pattern::OpenThree => 1,
        Pattern::Four => 5,
        Pattern::OpenFour => 25,
        Pattern::Five => 125,
        _ => 0,
    }
}

/// Number of distinct threat keys (four lines, each digit at most 4).
const THREAT_KEYS: usize = 625;

/// `THREAT_OF_KEY[key]`: the threat of a point with that threat key.
static THREAT_OF_KEY: [Threat; THREAT_KEYS] = threats_of_keys();

const fn threats_of_keys() -> [Threat; THREAT_KEYS] {
    let mut table = [Threat::None; THREAT_KEYS];
    let mut key = 0;
    while key < THREAT_KEYS {
        let (open_threes, fours) = (key % 5, key / 5 % 5);
        let (open_fours, fives) = (key / 25 % 5, key / 125);
        table[key] = if fives > 0 {
            Threat::Five
        } else if open_fours > 0 || fours >= 2 {
            Threat::FlexFour
        } else if fours == 1 && open_threes > 0 {
            Threat::FourThree
        } else if fours == 1 {
            Threat::Four
        } else if open_threes >= 2 {
            Threat::DoubleThree
        } else if open_threes == 1 {
            Threat::Three
        } else {
            Threat::None
        };
        key += 1;
    }
    table
}

/// The threat of a point with threat key `key` (the sum of
/// [`threat_key_part`] over its lines).
#[inline]
pub fn threat_of_key(key: u16) -> Threat {
    THREAT_OF_KEY[key as usize]
}

/// The threat and the value of a point for one side, from its four line patterns.
pub fn summarize(patterns: [Pattern; 4]) -> (Threat, u16) {
    let key = patterns.iter().map(|&p| threat_key_part(p)).sum();
    let threat = threat_of_key(key);
    let value: u16 = patterns.iter().map(|&p| pattern_value(p)).sum();
    (threat, value + threat_bonus(threat))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations() {
        use Pattern::*;
        assert_eq!(summarize([Four, Four, Dead, Dead]).0, Threat::FlexFour);
        assert_eq!(
            summarize([Four, OpenThree, Dead, Dead]).0,
            Threat::FourThree
        );
        assert_eq!(
            summarize([OpenThree, OpenThree, Two, Dead]).0,
            Threat::DoubleThree
        );
        assert_eq!(summarize([Five, Four, Dead, Dead]).0, Threat::Five);
        assert_eq!(summarize([OpenTwo, Three, Dead, Dead]).0, Threat::None);
        assert!(summarize([OpenFour, Dead, Dead, Dead]).1 > summarize([Four, Dead, Dead, Dead]).1);
    }

    /// The threat keys classify like the rules of the threat classes,
    /// counted directly, for every combination of four line patterns.
    #[test]
    fn threat_keys_match_direct_counts() {
        use Pattern::*;
        let all = [
            Dead, One, OpenOne, Two, OpenTwo, Three, OpenThree, Four, OpenFour, Five,
        ];
        for a in all {
            for b in all {
                for c in all {
                    for d in all {
                        let lines = [a, b, c, d];
                        let count = |p: Pattern| lines.iter().filter(|&&l| l == p).count();
                        let expected = if count(Five) > 0 {
                            Threat::Five
                        } else if count(OpenFour) > 0 || count(Four) >= 2 {
                            Threat::FlexFour
                        } else if count(Four) == 1 && count(OpenThree) > 0 {
                            Threat::FourThree
                        } else if count(Four) == 1 {
                            Threat::Four
                        } else if count(OpenThree) >= 2 {
                            Threat::DoubleThree
                        } else if count(OpenThree) == 1 {
                            Threat::Three
                        } else {
                            Threat::None
                        };
                        assert_eq!(summarize(lines).0, expected, "{lines:?}");
                    }
                }
            }
        }
    }
}
