//! Reversi on 8x8, exactly as Botzone's "Reversi" judge plays it: Black
//! first, a placement must flip at least one line, a player with no placement
//! passes explicitly, and the game ends when neither side can place a disc.

mod bitboard;
mod board_text;
mod position;
mod reversi_move;

// The raw kernels, for engines that search on bare bitboards (no hash).
pub(crate) use bitboard::{after_placement, flipped_discs, legal_placements};
pub use board_text::ParseBoardError;
pub use position::Reversi;
pub use reversi_move::{parse_move_sequence, ParseReversiMoveError, ReversiMove};
