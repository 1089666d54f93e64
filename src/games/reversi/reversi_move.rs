//! The Reversi move: a square or the pass, and its `d3` notation.

use std::fmt;
use std::str::FromStr;

use super::Reversi;
use crate::game::MoveCode;
use crate::games::notation::parse_game_moves;

/// A Reversi move: the square index `y * 8 + x` (0..64), or 64 for the pass.
///
/// Written as column letter `a`..`h` (x) and row number `1`..`8` (y + 1, row 1
/// at the top), e.g. `d3` is (3, 2); the pass is written `pass`.
/// `Default` is the square a1, only used to fill unused list slots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReversiMove(u8);

const PASS_INDEX: u8 = 64;

impl ReversiMove {
    /// The pass: the only legal move of a player with no placement while the
    /// opponent still has one. Botzone writes it `(-1, -1)`.
    pub const PASS: ReversiMove = ReversiMove(PASS_INDEX);

    /// The placement at column `x`, row `y`; `None` off the board.
    #[inline]
    pub fn square(x: i32, y: i32) -> Option<ReversiMove> {
        ((0..8).contains(&x) && (0..8).contains(&y)).then(|| ReversiMove((y * 8 + x) as u8))
    }

    /// The placement on square index `y * 8 + x`. Panics unless `index < 64`.
    #[inline]
    pub fn from_index(index: usize) -> ReversiMove {
        assert!(index < 64, "square index {index} is off the board");
        ReversiMove(index as u8)
    }

    /// `true` for the pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.0 == PASS_INDEX
    }

    /// The square index `y * 8 + x`, or 64 for the pass.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The square as a one-bit mask; 0 for the pass.
    #[inline]
    pub fn bit(self) -> u64 {
        // A shift by 64 wraps to 0 places, so mask the pass out explicitly.
        (1u64 << (self.0 & 63)) & 0u64.wrapping_sub((self.0 < PASS_INDEX) as u64)
    }

    /// `(x, y)` of a placement; `None` for the pass.
    #[inline]
    pub fn xy(self) -> Option<(i32, i32)> {
        (!self.is_pass()).then_some((self.0 as i32 % 8, self.0 as i32 / 8))
    }
}

impl MoveCode for ReversiMove {
    #[inline]
    fn code(self) -> u16 {
        self.0 as u16
    }

    #[inline]
    fn from_code(code: u16) -> Self {
        if code <= PASS_INDEX as u16 {
            ReversiMove(code as u8)
        } else {
            ReversiMove::default()
        }
    }
}

impl fmt::Display for ReversiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.xy() {
            None => f.write_str("pass"),
            Some((x, y)) => write!(f, "{}{}", (b'a' + x as u8) as char, y + 1),
        }
    }
}

/// Text that is neither a square like `d3` nor `pass`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Reversi move: {text:?} (expected a square a1..h8 or \"pass\")")]
pub struct ParseReversiMoveError {
    pub text: String,
}

impl FromStr for ReversiMove {
    type Err = ParseReversiMoveError;

    /// Accepts one move in the project's notation ([`crate::games::notation`]):
    /// `a1`..`h8` (the column letter in either case), `x y`, or `pass`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match parse_move_sequence(text)?.as_slice() {
            [m] => Ok(*m),
            _ => Err(ParseReversiMoveError {
                text: text.to_owned(),
            }),
        }
    }
}

/// Parses a move sequence such as an XOT opening `f5d6c4d3`: squares written
/// back to back or separated by whitespace or commas, and `pass` tokens
/// (the project's one notation, [`crate::games::notation`]).
pub fn parse_move_sequence(text: &str) -> Result<Vec<ReversiMove>, ParseReversiMoveError> {
    parse_game_moves::<Reversi>(text).map_err(|_| ParseReversiMoveError {
        text: text.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_every_move() {
        for index in 0..64 {
            let m = ReversiMove::from_index(index);
            assert_eq!(m.to_string().parse::<ReversiMove>(), Ok(m));
            assert_eq!(m.bit(), 1 << index);
        }
        assert_eq!("pass".parse::<ReversiMove>(), Ok(ReversiMove::PASS));
        assert_eq!(ReversiMove::PASS.to_string(), "pass");
        assert_eq!(ReversiMove::PASS.bit(), 0);
    }

    #[test]
    fn notation_is_column_letter_then_row_number() {
        let m: ReversiMove = "d3".parse().unwrap();
        assert_eq!(m.xy(), Some((3, 2)));
        assert_eq!("F5".parse::<ReversiMove>().unwrap().xy(), Some((5, 4)));
        for bad in ["", "i1", "a0", "a9", "d", "d33", "3d", "pas"] {
            assert!(bad.parse::<ReversiMove>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn sequences_parse_back_to_back_and_with_passes() {
        let moves = parse_move_sequence("f5d6 c4, pass h8").unwrap();
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(text, ["f5", "d6", "c4", "pass", "h8"]);
        assert!(parse_move_sequence("f5d").is_err());
    }
}
