//! Layer 1, the rules: one module per game, all behind the [`Game`](crate::Game) trait.

mod gomoku;
mod nogo;
mod reversi;
mod tictactoe;

pub use gomoku::{Gomoku, GomokuMove};
pub use nogo::{NoGo, NoGoBoardError, NoGoMove};
pub use reversi::{
    parse_move_sequence, ParseBoardError, ParseReversiMoveError, Reversi, ReversiMove,
};
pub use tictactoe::{TicTacToe, TicTacToeMove};
