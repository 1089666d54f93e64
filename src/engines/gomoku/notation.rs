//! Move lists written as text: `h8 i9 j10`, column letter `a`..`o` (x = 0..14)
//! then row number `1`..`15` (y = 0..14), separated by spaces or commas.

use crate::games::GomokuMove;

/// A move list that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad Gomoku move {token:?}: expected a column letter a-o and a row number 1-15")]
pub struct NotationError {
    pub token: String,
}

/// Parses one move such as `h8`.
pub fn parse_move(token: &str) -> Result<GomokuMove, NotationError> {
    let bad = || NotationError {
        token: token.to_string(),
    };
    let mut chars = token.chars();
    let column = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    if !column.is_ascii_lowercase() {
        return Err(bad());
    }
    let row: i32 = chars.as_str().parse().map_err(|_| bad())?;
    GomokuMove::new(column as i32 - 'a' as i32, row - 1).ok_or_else(bad)
}

/// Parses a list of moves separated by spaces or commas.
pub fn parse_moves(text: &str) -> Result<Vec<GomokuMove>, NotationError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(parse_move)
        .collect()
}

/// Writes a move as `h8`.
pub fn format_move(m: GomokuMove) -> String {
    format!("{}{}", (b'a' + m.x() as u8) as char, m.y() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let moves = parse_moves("a1, h8 o15").unwrap();
        assert_eq!(moves[0], GomokuMove::new(0, 0).unwrap());
        assert_eq!(moves[1], GomokuMove::new(7, 7).unwrap());
        assert_eq!(format_move(moves[2]), "o15");
        assert!(parse_move("p1").is_err());
        assert!(parse_move("a16").is_err());
        assert!(parse_move("a").is_err());
    }
}
