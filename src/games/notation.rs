//! The one move notation of the project, for moves typed by people, opening
//! files, test positions and engine benches: `f5` style (column letter
//! `a` = x 0, then the 1-based row number from the top: `f5` is x 5, y 4),
//! numeric `x y` / `x,y`, and `pass`.

use crate::game::Game;

/// Why a move or opening text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("cannot read {0:?} as moves (expected e.g. `f5d6`, `2,3 4,5` or `2 3;4 5`)")]
    Unreadable(String),
    #[error("an odd number of coordinates in {0:?}")]
    OddCoordinates(String),
    #[error("{name} in {text:?} is not a move of this game")]
    NotAMove { name: String, text: String },
}

/// Parses a sequence of moves in either notation:
/// letter-number squares (`f5d6c4`, spaces allowed, `pass` / `pa` for a pass),
/// or integers taken two by two as `x y` (separated by spaces, commas or
/// semicolons: `2,3 4,5` and `2 3;4 5` both work).
/// Points are returned as Botzone coordinates, a pass as `(-1, -1)`; nothing is
/// checked against a board (see [`parse_game_moves`] for that).
pub fn parse_moves(text: &str) -> Result<Vec<(i32, i32)>, NotationError> {
    let trimmed = text.trim();
    let starts_with_letter = trimmed
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic());
    if starts_with_letter {
        parse_squares(trimmed)
    } else {
        parse_numbers(trimmed)
    }
}

/// [`parse_moves`], each point then turned into a move of `G` (on its board;
/// a pass only where `G` has one). Legality in a position is not checked.
pub fn parse_game_moves<G: Game>(text: &str) -> Result<Vec<G::Move>, NotationError> {
    parse_moves(text)?
        .into_iter()
        .map(|(x, y)| {
            G::move_from_xy(x, y).ok_or_else(|| NotationError::NotAMove {
                name: square_name(x, y),
                text: text.to_string(),
            })
        })
        .collect()
}

/// The openings of an openings file's text (`data/*-openings.txt`): one
/// move sequence a line, in [`parse_game_moves`]'s notation; blank lines and
/// lines starting with `#` are skipped. Nothing is checked against a board.
pub fn parse_openings<G: Game>(text: &str) -> Result<Vec<Vec<G::Move>>, String> {
    opening_lines(text)
        .map(|(number, line)| {
            parse_game_moves::<G>(line).map_err(|e| format!("opening line {number}: {e}"))
        })
        .collect()
}

/// The move lines of an openings file's text, trimmed, with their line
/// numbers (from 1): blank lines and lines starting with `#` left out.
pub fn opening_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

fn parse_numbers(text: &str) -> Result<Vec<(i32, i32)>, NotationError> {
    let numbers: Vec<i32> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|part| !part.is_empty())
        .map(|part| part.parse::<i32>())
        .collect::<Result<_, _>>()
        .map_err(|_| NotationError::Unreadable(text.to_string()))?;
    if !numbers.len().is_multiple_of(2) {
        return Err(NotationError::OddCoordinates(text.to_string()));
    }
    Ok(numbers.chunks(2).map(|p| (p[0], p[1])).collect())
}

fn parse_squares(text: &str) -> Result<Vec<(i32, i32)>, NotationError> {
    let unreadable = || NotationError::Unreadable(text.to_string());
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() || c == b',' || c == b';' {
            i += 1;
            continue;
        }
        if lower[i..].starts_with("pass") {
            moves.push((-1, -1));
            i += 4;
            continue;
        }
        if lower[i..].starts_with("pa") {
            moves.push((-1, -1));
            i += 2;
            continue;
        }
        if !c.is_ascii_lowercase() {
            return Err(unreadable());
        }
        let x = (c - b'a') as i32;
        i += 1;
        let digits_start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let row: i32 = lower[digits_start..i].parse().map_err(|_| unreadable())?;
        if row < 1 {
            return Err(unreadable());
        }
        moves.push((x, row - 1));
    }
    Ok(moves)
}

/// Writes a point as column letter + 1-based row (`(5, 4)` is `f5`), `pass` for `(-1, -1)`.
pub fn square_name(x: i32, y: i32) -> String {
    if (x, y) == (-1, -1) {
        return "pass".to_string();
    }
    match u8::try_from(x).ok().filter(|&x| x < 26) {
        Some(x) => format!("{}{}", (b'a' + x) as char, y + 1),
        None => format!("({x},{y})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Comments and blank lines are skipped; a bad line is named by its
    /// number in the file.
    #[test]
    fn openings_skip_comments_and_name_bad_lines() {
        use crate::games::{Gomoku, Reversi};
        let text = "# two openings\n\nh8 i9\n  # indented comment\nh8 j10 g7\n";
        let openings = parse_openings::<Gomoku>(text).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[1].len(), 3);
        let reversi = parse_openings::<Reversi>("f5d6\nc4c3\n").unwrap();
        assert_eq!(
            reversi,
            vec![
                parse_game_moves::<Reversi>("f5d6").unwrap(),
                parse_game_moves::<Reversi>("c4c3").unwrap()
            ]
        );
        let error = parse_openings::<Gomoku>("h8\n# note\nzz9\n").unwrap_err();
        assert!(error.starts_with("opening line 3:"), "{error}");
    }

    #[test]
    fn letter_number_squares() {
        assert_eq!(
            parse_moves("f5d6c4d3").unwrap(),
            vec![(5, 4), (3, 5), (2, 3), (3, 2)]
        );
        assert_eq!(parse_moves("A1 o15").unwrap(), vec![(0, 0), (14, 14)]);
        assert_eq!(parse_moves("f5 pass").unwrap(), vec![(5, 4), (-1, -1)]);
        assert!(parse_moves("f0").is_err());
        assert!(parse_moves("f5?").is_err());
    }

    #[test]
    fn numeric_pairs() {
        assert_eq!(parse_moves("1,2 3,4").unwrap(), vec![(1, 2), (3, 4)]);
        assert_eq!(parse_moves("1 2;3 4").unwrap(), vec![(1, 2), (3, 4)]);
        assert_eq!(parse_moves(" 0 0 ").unwrap(), vec![(0, 0)]);
        assert_eq!(parse_moves("-1 -1").unwrap(), vec![(-1, -1)]);
        assert!(parse_moves("1 2 3").is_err());
        assert!(parse_moves("1 x").is_err());
    }

    #[test]
    fn game_moves_are_checked_against_the_board() {
        use crate::games::{Gomoku, Reversi, ReversiMove, TicTacToe};
        assert_eq!(
            parse_game_moves::<Reversi>("f5 pass").unwrap(),
            vec![ReversiMove::square(5, 4).unwrap(), ReversiMove::PASS]
        );
        assert!(parse_game_moves::<Reversi>("i1").is_err());
        assert!(parse_game_moves::<Gomoku>("pass").is_err());
        assert_eq!(parse_game_moves::<Gomoku>("o15, h8").unwrap().len(), 2);
        assert!(parse_game_moves::<Gomoku>("p1").is_err());
        assert!(parse_game_moves::<TicTacToe>("d1").is_err());
    }

    #[test]
    fn square_names_round_trip() {
        assert_eq!(square_name(5, 4), "f5");
        assert_eq!(square_name(-1, -1), "pass");
        assert_eq!(parse_moves(&square_name(14, 14)).unwrap(), vec![(14, 14)]);
    }
}
