//! Layer 1, the rules: one module per game, all behind the [`Game`](crate::Game) trait.

mod gomoku;
mod nogo;
pub mod notation;
mod point;
mod reversi;
mod tictactoe;

pub use gomoku::{Gomoku, GomokuMove};
pub use nogo::{NoGo, NoGoBoardError, NoGoMove};
pub use point::Point;
pub use reversi::{
    parse_move_sequence, ParseBoardError, ParseReversiMoveError, Reversi, ReversiMove,
};
pub use tictactoe::{TicTacToe, TicTacToeMove};

pub(crate) use reversi::{after_placement, flipped_discs, legal_placements};
