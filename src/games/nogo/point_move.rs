//! The NoGo move: one point of the 9x9 board.

use super::bitboard::{POINTS, SIZE};

/// A NoGo move: the point index `y * 9 + x`, 0..81. NoGo has no pass, so
/// every value of this type is a placement on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoGoMove(u8);

impl NoGoMove {
    /// The move at column `x`, row `y`; `None` off the board.
    #[inline]
    pub fn new(x: i32, y: i32) -> Option<Self> {
        let on_board = |c: i32| (0..SIZE as i32).contains(&c);
        (on_board(x) && on_board(y)).then(|| NoGoMove((y * SIZE as i32 + x) as u8))
    }

    /// The move at point index `y * 9 + x`; `None` unless `index < 81`.
    #[inline]
    pub fn from_index(index: usize) -> Option<Self> {
        (index < POINTS).then_some(NoGoMove(index as u8))
    }

    /// The point index `y * 9 + x`, also the move's bit in the board masks.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column `x`.
    #[inline]
    pub fn x(self) -> i32 {
        self.0 as i32 % SIZE as i32
    }

    /// Row `y`.
    #[inline]
    pub fn y(self) -> i32 {
        self.0 as i32 / SIZE as i32
    }
}
