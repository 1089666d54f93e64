//! Point shapes: an empty point classed, for one side, by its two strongest
//! lines. Threat classes only name the points that force a reply; shapes
//! also tell the points where one more stone makes such a threat (two open
//! twos: a double three next move), which the trained evaluation weighs.

use super::patterns::Pattern;

/// Line strengths a shape distinguishes (`Dead`, `One` and `OpenOne` are
/// all level 0; `Four` and better are level 5).
pub const LEVELS: usize = 6;

/// The level of a line pattern in a shape.
#[inline]
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
        let [a, b, c, d] = lines.map(level);
        let (high1, low1) = (a.max(b), a.min(b));
        let (high2, low2) = (c.max(d), c.min(d));
        let best = high1.max(high2);
        let second = high1.min(high2).max(low1.max(low2));
        Shape::from_levels(best, second)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of four lines gets the shape of its two strongest
    /// levels, found by sorting.
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
