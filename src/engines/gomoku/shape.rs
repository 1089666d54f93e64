//! Point shapes: an empty point classed, for one side, by its two strongest
//! lines. Threat classes only name the points that force a reply; shapes
//! also tell the points where one more stone makes such a threat (two open
//! twos: a double three next move), which the trained evaluation weighs.

use super::patterns::Pattern;

/// Line strengths a shape distinguishes (`Dead`, `One` and `OpenOne` are
/// all level 0; `Four` and better are level 5).
pub const LEVELS: usize = 6;

/// The level of a line pattern in a shape (the definition the tests check
/// [`shape_key_part`] and the shapes against).
#[cfg(test)]
pub const fn level(pattern: Pattern) -> usize {
    match pattern {
        Pattern::Dead | Pattern::One | Pattern::OpenOne => 0,
        Pattern::Two => 1,
        Pattern::OpenTwo => 2,
        Pattern::Three => 3,
        Pattern::OpenThree => 4,
        Pattern::Four | Pattern::OpenFour | Pattern::Five => 5,
    }
}

/// The class of a point by the levels of its strongest and second
/// strongest lines, `(best, second)` with `best >= second`, numbered
/// `best * (best + 1) / 2 + second`; 0 is "nothing above level 0" (and
/// every occupied point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Shape(u8);

impl Shape {
    /// Number of shapes.
    pub const COUNT: usize = LEVELS * (LEVELS + 1) / 2;

    /// The shape of a point with these four lines.
    #[inline]
    pub fn of(lines: [Pattern; 4]) -> Shape {
        shape_of_key(lines.iter().map(|&p| shape_key_part(p)).sum())
    }

    /// The shape `(best, second)`; `second <= best < LEVELS`.
    #[inline]
    pub const fn from_levels(best: usize, second: usize) -> Shape {
        Shape((best * (best + 1) / 2 + second) as u8)
    }

    /// The levels `(best, second)` of this shape.
    pub fn levels(self) -> (usize, usize) {
        let index = self.0 as usize;
        let best = (0..LEVELS)
            .rev()
            .find(|&b| b * (b + 1) / 2 <= index)
            .expect("level 0 starts at 0");
        (best, index - best * (best + 1) / 2)
    }

    /// The shape's number, `0..Shape::COUNT`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A pattern's share of a point's shape key: the point's lines counted per
/// level above 0, one base-5 digit per level. A point's key is the sum over
/// its four lines, so the board updates it by adding and subtracting as
/// lines change, as it does the threat key.
#[inline]
pub const fn shape_key_part(pattern: Pattern) -> u16 {
    // Spelled out per pattern (not 5^(level - 1)): this runs for every line
    // change in the threat board's hottest loop.
    match pattern {
        Pattern::Dead | Pattern::One | Pattern::OpenOne => 0,
        Pattern::Two => 1,
        Pattern::OpenTwo => 5,
        Pattern::Three => 25,
        Pattern::OpenThree => 125,
        Pattern::Four | Pattern::OpenFour | Pattern::Five => 625,
    }
}

/// Number of distinct shape keys (five digits, each at most 4).
const SHAPE_KEYS: usize = 3125;

/// `SHAPE_OF_KEY[key]`: the shape of a point with that shape key.
static SHAPE_OF_KEY: [Shape; SHAPE_KEYS] = shapes_of_keys();

const fn shapes_of_keys() -> [Shape; SHAPE_KEYS] {
    let mut table = [Shape(0); SHAPE_KEYS];
    let mut key = 0;
    while key < SHAPE_KEYS {
        // Lines per level, level 1 in the lowest digit.
        let mut counts = [0usize; LEVELS];
        let (mut rest, mut l) = (key, 1);
        while l < LEVELS {
            counts[l] = rest % 5;
            rest /= 5;
            l += 1;
        }
        let mut best = LEVELS - 1;
        while best > 0 && counts[best] == 0 {
            best -= 1;
        }
        let mut second = if counts[best] >= 2 {
            best
        } else {
            best.saturating_sub(1)
        };
        while second > 0 && counts[second] == 0 {
            second -= 1;
        }
        table[key] = Shape::from_levels(best, second);
        key += 1;
    }
    table
}

/// The shape of a point with shape key `key` (the sum of
/// [`shape_key_part`] over its lines).
#[inline]
pub fn shape_of_key(key: u16) -> Shape {
    SHAPE_OF_KEY[key as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of four lines gets the shape of its two strongest
    /// levels, found by sorting.
    #[test]
    fn shape_key_parts_are_level_digits() {
        for pattern in Pattern::ALL {
            let expected = match level(pattern) {
                0 => 0,
                l => 5u16.pow(l as u32 - 1),
            };
            assert_eq!(shape_key_part(pattern), expected, "{pattern:?}");
        }
    }

    #[test]
    fn shapes_are_the_two_strongest_levels() {
        let mut seen = [false; Shape::COUNT];
        for a in Pattern::ALL {
            for b in Pattern::ALL {
                for c in Pattern::ALL {
                    for d in Pattern::ALL {
                        let mut levels = [a, b, c, d].map(level);
                        levels.sort_unstable_by(|x, y| y.cmp(x));
                        let shape = Shape::of([a, b, c, d]);
                        assert_eq!(shape.levels(), (levels[0], levels[1]));
                        assert_eq!(Shape::from_levels(levels[0], levels[1]), shape);
                        seen[shape.index()] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s), "every shape occurs");
    }
}
