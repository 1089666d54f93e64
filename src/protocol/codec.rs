//! The move codec: raw Botzone coordinates <-> a game's moves, through
//! `Game::move_from_xy` / `Game::move_to_xy`.

use super::error::{Location, ProtocolError};
use super::input::RawMove;
use crate::game::{Game, IllegalMove, IllegalReason};

/// The move `raw` stands for in game `G`. A pass marker (`x == -1`) is the
/// game's pass if it has one, else an `UnexpectedPass`; a point off the board
/// is an `Illegal` move with reason `OffBoard`.
pub fn decode_move<G: Game>(raw: RawMove, at: Location) -> Result<G::Move, ProtocolError> {
    if raw.is_pass_marker() {
        return G::move_from_xy(RawMove::PASS.x, RawMove::PASS.y)
            .ok_or(ProtocolError::UnexpectedPass { at, game: G::NAME });
    }
    G::move_from_xy(raw.x, raw.y).ok_or(ProtocolError::Illegal {
        at,
        illegal: IllegalMove {
            x: raw.x,
            y: raw.y,
            reason: IllegalReason::OffBoard,
        },
    })
}

/// The coordinates a move is written with (a pass is `(-1, -1)`).
pub fn encode_move<G: Game>(m: G::Move) -> RawMove {
    let (x, y) = G::move_to_xy(m);
    RawMove { x, y }
}
