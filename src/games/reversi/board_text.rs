//! The text form of a Reversi position used by `reversi solve` and the FFO
//! data: 64 characters row-major from a1 (x 0, y 0) to h8, `X` for Black,
//! `O` for White, `-` for empty, and the side to move as `X` or `O`.

use std::fmt;

use super::Reversi;
use crate::game::{Game, Player};

/// A board or side string that is not in the `X`/`O`/`-` format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseBoardError {
    #[error("a board has 64 squares, this one has {found} characters")]
    WrongLength { found: usize },
    #[error("square {index} is {found:?}; expected 'X' (black), 'O' (white) or '-' (empty)")]
    BadSquare { index: usize, found: char },
    #[error("the side to move is {found:?}; expected \"X\" (black) or \"O\" (white)")]
    BadSide { found: String },
}

impl Reversi {
    /// The position described by a 64-character board string with `side` to
    /// move. Unreachable positions are accepted as they are.
    pub fn from_board_str(board: &str, side: Player) -> Result<Reversi, ParseBoardError> {
        let found = board.chars().count();
        if found != 64 {
            return Err(ParseBoardError::WrongLength { found });
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (index, square) in board.chars().enumerate() {
            match square {
                'X' => black |= 1 << index,
                'O' => white |= 1 << index,
                '-' => {}
                found => return Err(ParseBoardError::BadSquare { index, found }),
            }
        }
        Ok(Reversi::from_bitboards(black, white, side))
    }

    /// Parses the side-to-move letter: `X` is Black, `O` is White.
    pub fn parse_side(side: &str) -> Result<Player, ParseBoardError> {
        match side {
            "X" => Ok(Player::Black),
            "O" => Ok(Player::White),
            found => Err(ParseBoardError::BadSide {
                found: found.to_owned(),
            }),
        }
    }

    /// The side-to-move letter of `colour`: `X` for Black, `O` for White.
    pub fn side_letter(colour: Player) -> char {
        match colour {
            Player::Black => 'X',
            Player::White => 'O',
        }
    }

    /// The 64-character board string that [`Reversi::from_board_str`] reads.
    pub fn to_board_string(&self) -> String {
        (0..64)
            .map(|index| match self.stone_at(index % 8, index / 8) {
                Some(colour) => Self::side_letter(colour),
                None => '-',
            })
            .collect()
    }
}

/// Eight rows of eight characters, row 1 on top, then the side to move.
impl fmt::Display for Reversi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.to_board_string();
        for row in 0..8 {
            writeln!(f, "{} {}", row + 1, &board[row * 8..row * 8 + 8])?;
        }
        write!(
            f,
            "  abcdefgh  {} to move",
            Self::side_letter(self.side_to_move())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_string_round_trips_the_start_position() {
        let start = Reversi::start();
        let text = start.to_board_string();
        assert_eq!(&text[24..40], "---OX------XO---");
        assert_eq!(Reversi::from_board_str(&text, Player::Black), Ok(start));
    }

    #[test]
    fn malformed_boards_and_sides_are_refused() {
        assert_eq!(
            Reversi::from_board_str("X-O", Player::Black),
            Err(ParseBoardError::WrongLength { found: 3 })
        );
        let mut bad = "-".repeat(64);
        bad.replace_range(5..6, "x");
        assert_eq!(
            Reversi::from_board_str(&bad, Player::Black),
            Err(ParseBoardError::BadSquare {
                index: 5,
                found: 'x'
            })
        );
        assert_eq!(Reversi::parse_side("O"), Ok(Player::White));
        assert!(Reversi::parse_side("black").is_err());
    }
}
