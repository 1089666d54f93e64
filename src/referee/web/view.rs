//! What the board pages draw, computed with the rules library: the look of
//! each game's board, the stones after a ply, the winning line and the
//! result text. The live board and `referee replay` both draw from these
//! (with `assets/board.js`).

use serde::Serialize;

use crate::game::{Game, Player};

use super::super::game_facts::{result_text, winning_line, RefereeGame};
use super::super::record::{GameResult, Termination};
use crate::games::notation::square_name;

/// How a game's board is drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Look {
    pub game: &'static str,
    pub width: i32,
    pub height: i32,
    /// Stones sit on the intersections of a grid (Go-like games) rather
    /// than in cells.
    pub on_points: bool,
    /// Few legal moves: mark them for a person to move.
    pub hint_legal: bool,
}

impl Look {
    pub fn of<G: RefereeGame>() -> Look {
        Look {
            game: G::NAME,
            width: G::WIDTH,
            height: G::HEIGHT,
            on_points: G::STONES_ON_POINTS,
            hint_legal: G::HINT_LEGAL_MOVES,
        }
    }
}

/// The board after some ply: one character per point, row by row from the
/// top (`b` Black, `w` White, `.` empty), and the move that made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardView {
    pub cells: String,
    pub last: Option<[i32; 2]>,
}

pub fn board_view<G: Game>(position: &G, last: Option<(i32, i32)>) -> BoardView {
    let mut cells = String::with_capacity((G::WIDTH * G::HEIGHT) as usize);
    for y in 0..G::HEIGHT {
        for x in 0..G::WIDTH {
            cells.push(match position.stone_at(x, y) {
                Some(Player::Black) => 'b',
                Some(Player::White) => 'w',
                None => '.',
            });
        }
    }
    BoardView {
        cells,
        last: last.filter(|&(x, y)| x >= 0 && y >= 0).map(|(x, y)| [x, y]),
    }
}

/// One ply as the move lists show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyView {
    pub colour: &'static str,
    pub x: i32,
    pub y: i32,
    /// The referee's notation (`f5`, `pass`).
    pub square: String,
    /// Milliseconds the turn took (`None` for opening moves).
    pub ms: Option<u64>,
    pub debug: String,
    pub opening: bool,
}

impl PlyView {
    pub fn new(ply: usize, (x, y): (i32, i32)) -> PlyView {
        PlyView {
            colour: if ply.is_multiple_of(2) {
                "black"
            } else {
                "white"
            },
            x,
            y,
            square: square_name(x, y),
            ms: None,
            debug: String::new(),
            opening: false,
        }
    }
}

/// How a finished game is shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FinishView {
    /// `black`, `white`, or `None` for a draw.
    pub winner: Option<&'static str>,
    pub termination: &'static str,
    /// The result in the game's own terms.
    pub text: String,
    /// The winning row of Gomoku or TicTacToe, in order along the row.
    pub line: Vec<[i32; 2]>,
}

/// The finish of a game ending in `position` after `last_move`. A normal end
/// is described from the position itself (old logs carry older texts).
pub fn finish_view<G: RefereeGame>(
    position: &G,
    last_move: Option<(i32, i32)>,
    result: GameResult,
    termination: Termination,
    detail: &str,
) -> FinishView {
    let winner = result.winner();
    let (text, line) = match (termination, position.outcome()) {
        (Termination::Normal, Some(outcome)) => (
            result_text(position, outcome),
            winning_line(position, outcome, last_move),
        ),
        _ => {
            let what = match winner {
                Some(p) => format!("{p} wins"),
                None => "draw".to_string(),
            };
            (
                format!("{what} ({}): {detail}", termination.name()),
                Vec::new(),
            )
        }
    };
    FinishView {
        winner: winner.map(Player::name),
        termination: termination.name(),
        text,
        line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Gomoku, NoGo, Reversi, TicTacToe};
    use crate::referee::play_from_start;

    #[test]
    fn looks_put_go_like_stones_on_points() {
        assert!(Look::of::<Gomoku>().on_points);
        assert!(Look::of::<NoGo>().on_points);
        assert!(!Look::of::<Reversi>().on_points);
        assert!(!Look::of::<TicTacToe>().on_points);
        assert_eq!(
            (Look::of::<NoGo>().width, Look::of::<NoGo>().height),
            (9, 9)
        );
    }

    #[test]
    fn a_normal_end_shows_the_winning_row() {
        // Black takes the top row.
        let moves = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)];
        let position: TicTacToe = play_from_start(&moves).unwrap();
        let finish = finish_view(
            &position,
            Some((2, 0)),
            GameResult::Black,
            Termination::Normal,
            "old text",
        );
        assert_eq!(finish.line, vec![[0, 0], [1, 0], [2, 0]]);
        assert_eq!(finish.text, "black wins: three in a row");
        assert_eq!(finish.winner, Some("black"));
    }

    #[test]
    fn faults_are_described_by_the_referee_detail() {
        let position: TicTacToe = play_from_start(&[(1, 1)]).unwrap();
        let finish = finish_view(
            &position,
            Some((1, 1)),
            GameResult::Black,
            Termination::IllegalMove,
            "white: illegal move (1,1): the point is occupied",
        );
        assert!(finish.line.is_empty());
        assert_eq!(
            finish.text,
            "black wins (illegal-move): white: illegal move (1,1): the point is occupied"
        );
    }

    #[test]
    fn board_view_rows_from_the_top() {
        let position: TicTacToe = play_from_start(&[(2, 0), (0, 1)]).unwrap();
        let view = board_view(&position, Some((0, 1)));
        assert_eq!(view.cells, "..bw.....");
        assert_eq!(view.last, Some([0, 1]));
        assert_eq!(board_view(&position, Some((-1, -1))).last, None);
    }
}
