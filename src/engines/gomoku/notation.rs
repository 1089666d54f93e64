//! Gomoku move lists in the project's one notation ([`crate::games::notation`]):
//! `h8 i9 j10`, column letter `a`..`o` (x = 0..14) then row number `1`..`15`.

use crate::games::notation::{parse_game_moves, square_name};
use crate::games::{Gomoku, GomokuMove};

pub use crate::games::notation::NotationError;

/// Parses one move such as `h8`.
pub fn parse_move(token: &str) -> Result<GomokuMove, NotationError> {
    match parse_moves(token)?.as_slice() {
        [m] => Ok(*m),
        _ => Err(NotationError::Unreadable(token.to_string())),
    }
}

/// Parses a list of moves such as `h8 i9, j10`.
pub fn parse_moves(text: &str) -> Result<Vec<GomokuMove>, NotationError> {
    parse_game_moves::<Gomoku>(text)
}

/// Writes a move as `h8`.
pub fn format_move(m: GomokuMove) -> String {
    square_name(m.x(), m.y())
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
        assert!(parse_move("h8h9").is_err());
    }
}
