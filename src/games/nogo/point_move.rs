//! The NoGo move: one point of the 9x9 board.

use super::bitboard::SIZE;

/// A NoGo move: the point index `y * 9 + x`, 0..81. NoGo has no pass, so
/// every value of this type is a placement on the board.
pub type NoGoMove = crate::games::point::Point<SIZE>;
