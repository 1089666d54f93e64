//! The threat a stone on an empty point would make for one side, from the
//! patterns of its four lines, and the point's heuristic value.

use std::sync::OnceLock;

use super::patterns::Pattern;

/// Number of line patterns, the base of [`combination_key`].
const PATTERNS: usize = 10;

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

/// The index of four line patterns in the summary table.
#[inline]
pub fn combination_key(patterns: [Pattern; 4]) -> usize {
    patterns
        .iter()
        .rev()
        .fold(0, |key, &p| key * PATTERNS + p as usize)
}

/// A point's threat and value packed in 16 bits (threat in the top three),
/// so the summary table stays small enough for the first-level cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedSummary(u16);

impl PackedSummary {
    const VALUE_BITS: u32 = 13;

    /// No threat, no value: an occupied point.
    pub const NONE: PackedSummary = PackedSummary(0);

    fn new((threat, value): (Threat, u16)) -> Self {
        assert!(value < 1 << Self::VALUE_BITS, "point values fit in 13 bits");
        PackedSummary((threat as u16) << Self::VALUE_BITS | value)
    }

    #[inline]
    pub fn threat(self) -> Threat {
        Threat::ALL[(self.0 >> Self::VALUE_BITS) as usize]
    }

    #[inline]
    pub fn value(self) -> u16 {
        self.0 & ((1 << Self::VALUE_BITS) - 1)
    }
}

/// The threat and value of every combination of four line patterns, indexed
/// by [`combination_key`]; computed once, at first use.
pub fn summary_table() -> &'static [PackedSummary] {
    static TABLE: OnceLock<Vec<PackedSummary>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..PATTERNS.pow(4))
            .map(|mut key| {
                let patterns = std::array::from_fn(|_| {
                    let p = PATTERN_ORDER[key % PATTERNS];
                    key /= PATTERNS;
                    p
                });
                PackedSummary::new(summarize(patterns))
            })
            .collect()
    })
}

/// Every pattern, by its discriminant.
const PATTERN_ORDER: [Pattern; PATTERNS] = [
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

/// The threat and the value of a point for one side, from its four line patterns.
pub fn summarize(patterns: [Pattern; 4]) -> (Threat, u16) {
    let (mut fives, mut open_fours, mut fours, mut open_threes) = (0, 0, 0, 0);
    let mut value = 0;
    for p in patterns {
        value += PATTERN_VALUE[p as usize];
        match p {
            Pattern::Five => fives += 1,
            Pattern::OpenFour => open_fours += 1,
            Pattern::Four => fours += 1,
            Pattern::OpenThree => open_threes += 1,
            _ => {}
        }
    }
    let threat = if fives > 0 {
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
    (threat, value + THREAT_BONUS[threat as usize])
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

    #[test]
    fn table_matches_direct_summary() {
        let patterns = [
            Pattern::Three,
            Pattern::Dead,
            Pattern::OpenThree,
            Pattern::Four,
        ];
        assert_eq!(
            summary_table()[combination_key(patterns)],
            PackedSummary::new(summarize(patterns))
        );
        let packed = PackedSummary::new(summarize(patterns));
        assert_eq!((packed.threat(), packed.value()), summarize(patterns));
        for (i, &p) in PATTERN_ORDER.iter().enumerate() {
            assert_eq!(p as usize, i);
        }
    }
}
