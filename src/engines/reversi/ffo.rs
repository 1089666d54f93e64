//! The FFO endgame test positions shipped in `data/ffo-endgame.txt`.

use crate::game::Game;
use crate::games::{Reversi, ReversiMove};

/// One FFO position with its published answer.
#[derive(Clone, Debug)]
pub struct FfoPosition {
    /// The FFO number (40..=49).
    pub id: u32,
    pub position: Reversi,
    /// Exact final disc difference for the side to move (empties to the winner).
    pub score: i32,
    /// Every move reaching `score`.
    pub best_moves: Vec<ReversiMove>,
}

const FFO_TEXT: &str = include_str!("../../../data/ffo-endgame.txt");

/// Every position of the file, in order. The file is part of the crate, so
/// a malformed line is a build defect and panics.
pub fn ffo_positions() -> Vec<FfoPosition> {
    FFO_TEXT
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [id, board, side, score, best_moves] = fields[..] else {
                panic!("malformed FFO line {line:?}");
            };
            let side = Reversi::parse_side(side).expect("FFO side");
            let position = Reversi::from_board_str(board, side).expect("FFO board");
            debug_assert!(position.outcome().is_none());
            FfoPosition {
                id: id.parse().expect("FFO id"),
                position,
                score: score.parse().expect("FFO score"),
                best_moves: best_moves
                    .split(',')
                    .map(|m| m.parse().expect("FFO move"))
                    .collect(),
            }
        })
        .collect()
}
