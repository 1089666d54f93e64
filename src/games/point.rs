//! A point of a square `SIZE` x `SIZE` board without a pass: the move type of
//! Gomoku (15) and NoGo (9).

use crate::game::MoveCode;

/// A board point `y * SIZE + x`. Every value is on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point<const SIZE: usize>(u8);

impl<const SIZE: usize> Point<SIZE> {
    /// The number of points on the board.
    pub const POINTS: usize = SIZE * SIZE;

    /// The point at column `x`, row `y`; `None` off the board.
    #[inline]
    pub fn new(x: i32, y: i32) -> Option<Self> {
        let on_board = |c: i32| (0..SIZE as i32).contains(&c);
        (on_board(x) && on_board(y)).then(|| Point((y * SIZE as i32 + x) as u8))
    }

    /// The point with index `y * SIZE + x`; `None` for an index past the board.
    #[inline]
    pub fn from_index(index: usize) -> Option<Self> {
        (index < Self::POINTS).then_some(Point(index as u8))
    }

    /// The point with index `index`, which the caller guarantees is below
    /// `POINTS` (move generators that iterate board bits).
    #[inline]
    pub(crate) fn from_index_unchecked(index: usize) -> Self {
        debug_assert!(index < Self::POINTS);
        Point(index as u8)
    }

    /// The point index `y * SIZE + x`, also the point's bit in board masks.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The column.
    #[inline]
    pub fn x(self) -> i32 {
        self.0 as i32 % SIZE as i32
    }

    /// The row.
    #[inline]
    pub fn y(self) -> i32 {
        self.0 as i32 / SIZE as i32
    }
}

impl<const SIZE: usize> MoveCode for Point<SIZE> {
    #[inline]
    fn code(self) -> u16 {
        self.0 as u16
    }

    #[inline]
    fn from_code(code: u16) -> Self {
        Self::from_index(code as usize).unwrap_or_default()
    }
}
