//! boardbots: Botzone judge-protocol bots for Reversi, Gomoku, NoGo and
//! TicTacToe, and a referee that plays them against each other.
//!
//! Five layers, each using only the ones above it:
//! 1. [`games`] — the rules, behind the [`Game`] trait;
//! 2. [`search`] — generic MCTS and alpha-beta;
//! 3. [`engines`] — per-game evaluations, playout policies and solvers;
//! 4. [`protocol`] — Botzone I/O and the bots' command lines;
//! 5. [`referee`] — matches between any two bots.

mod game;

pub mod engines;
pub mod games;
pub mod protocol;
pub mod referee;
pub mod search;

pub use engines::Engines;
pub use game::{
    zobrist_keys, Game, IllegalMove, IllegalReason, MoveCode, MoveList, Outcome, Player, MAX_MOVES,
};
pub use games::{
    Gomoku, GomokuMove, NoGo, NoGoBoardError, NoGoMove, Reversi, ReversiMove, TicTacToe,
    TicTacToeMove,
};
pub use search::{Limits, SearchResult, Searcher};
