//! NoGo on 9x9, as Botzone's "NoGo" judge plays it: a stone may neither be
//! left without a liberty nor take an adjacent group's last liberty; no pass,
//! no draw; the side to move with no legal move loses.

mod bitboard;
mod board_text;
mod point_move;
mod position;

pub use board_text::NoGoBoardError;
pub use point_move::NoGoMove;
pub use position::NoGo;
