//! The text form of a NoGo board: 81 cells, row by row from the top-left
//! corner (`y = 0` first, `x = 0..9` within a row), `X` for Black, `O` for
//! White and `.` for an empty point. Whitespace is ignored, so a board may be
//! written as nine lines or as one 81-character string.

use std::fmt;

use super::bitboard::{POINTS, SIZE};

/// Why a board string was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoGoBoardError {
    #[error("a NoGo board has 81 cells, this text has {found}")]
    CellCount { found: usize },
    #[error(
        "unknown cell {character:?} (use X or B for Black, O or W for White, . or - for empty)"
    )]
    UnknownCell { character: char },
    #[error("the group at ({x},{y}) has no liberty, which no NoGo game can reach")]
    GroupWithoutLiberty { x: i32, y: i32 },
}

/// Reads the stones of each colour, `[black, white]`, from a board string.
/// Accepts `X`/`B` for Black, `O`/`W` for White, `.`/`-`/`+` for empty.
pub fn parse_stones(text: &str) -> Result<[u128; 2], NoGoBoardError> {
    let mut stones = [0u128; 2];
    let mut point = 0;
    for character in text.chars().filter(|c| !c.is_whitespace()) {
        let colour = match character {
            'X' | 'x' | 'B' | 'b' => Some(0),
            'O' | 'o' | 'W' | 'w' => Some(1),
            '.' | '-' | '+' => None,
            _ => return Err(NoGoBoardError::UnknownCell { character }),
        };
        if point < POINTS {
            if let Some(colour) = colour {
                stones[colour] |= 1u128 << point;
            }
        }
        point += 1;
    }
    if point != POINTS {
        return Err(NoGoBoardError::CellCount { found: point });
    }
    Ok(stones)
}

/// Writes the stones as nine lines of `X`, `O` and `.`, each ending in a newline.
pub fn write_board(f: &mut fmt::Formatter<'_>, black: u128, white: u128) -> fmt::Result {
    for y in 0..SIZE {
        for x in 0..SIZE {
            let bit = 1u128 << (y * SIZE + x);
            let cell = if black & bit != 0 {
                'X'
            } else if white & bit != 0 {
                'O'
            } else {
                '.'
            };
            write!(f, "{cell}")?;
        }
        writeln!(f)?;
    }
    Ok(())
}
