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

/// The threat and the value of a point for one side, from its four line patterns.
#[inline]
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
}
