//! What the referee knows of each game beyond its rules, as typed constants
//! (the way `protocol::BotGame` gives the protocol its per-game facts): how
//! its board is drawn and how a finished game is described.

use crate::game::Outcome;
use crate::games::{Gomoku, NoGo, Reversi, TicTacToe};
use crate::protocol::BotGame;

/// How a game is won, for the result's text and the winning line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinRule {
    /// More discs than the opponent once neither side can move (Reversi).
    MostDiscs,
    /// A straight row of this many stones (Gomoku 5, TicTacToe 3); a full
    /// board without one is a draw.
    Row(usize),
    /// The opponent has no legal move left (NoGo).
    OpponentStuck,
}

/// A game the referee plays, shows and describes.
pub trait RefereeGame: BotGame {
    /// Stones sit on the intersections of a grid (Go-like boards) rather
    /// than in cells.
    const STONES_ON_POINTS: bool;
    /// Few legal moves at a time: the web board marks them for a person.
    const HINT_LEGAL_MOVES: bool;
    const WIN: WinRule;
}

impl RefereeGame for Reversi {
    const STONES_ON_POINTS: bool = false;
    const HINT_LEGAL_MOVES: bool = true;
    const WIN: WinRule = WinRule::MostDiscs;
}

impl RefereeGame for Gomoku {
    const STONES_ON_POINTS: bool = true;
    const HINT_LEGAL_MOVES: bool = false;
    const WIN: WinRule = WinRule::Row(5);
}

impl RefereeGame for NoGo {
    const STONES_ON_POINTS: bool = true;
    const HINT_LEGAL_MOVES: bool = false;
    const WIN: WinRule = WinRule::OpponentStuck;
}

impl RefereeGame for TicTacToe {
    const STONES_ON_POINTS: bool = false;
    const HINT_LEGAL_MOVES: bool = false;
    const WIN: WinRule = WinRule::Row(3);
}

/// A row length in words, as the result texts say it.
fn row_words(length: usize) -> String {
    match length {
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}

/// The result of a finished game in that game's terms: the disc count for
/// Reversi, the row for Gomoku and TicTacToe, the stalemate for NoGo.
pub fn result_text<G: RefereeGame>(position: &G, outcome: Outcome) -> String {
    let what = match outcome {
        Outcome::Win(p) => format!("{p} wins"),
        Outcome::Draw => "draw".to_string(),
    };
    match (G::WIN, outcome) {
        (WinRule::MostDiscs, _) => {
            let mut discs = [0; 2];
            for y in 0..G::HEIGHT {
                for x in 0..G::WIDTH {
                    if let Some(p) = position.stone_at(x, y) {
                        discs[p.index()] += 1;
                    }
                }
            }
            format!("{what}, discs {}-{} (black-white)", discs[0], discs[1])
        }
        (WinRule::Row(length), Outcome::Win(_)) => {
            format!("{what}: {} in a row", row_words(length))
        }
        (WinRule::Row(_), Outcome::Draw) => format!("{what}: the board is full"),
        (WinRule::OpponentStuck, Outcome::Win(p)) => {
            format!("{what}: {} has no legal move", p.opponent())
        }
        (WinRule::OpponentStuck, Outcome::Draw) => what,
    }
}

/// The row that won a game of rows (Gomoku, TicTacToe): the longest
/// straight run of the winner's stones through the last move, if it is long
/// enough; empty for other games and other ends.
pub fn winning_line<G: RefereeGame>(
    position: &G,
    outcome: Outcome,
    last_move: Option<(i32, i32)>,
) -> Vec<[i32; 2]> {
    let WinRule::Row(needed) = G::WIN else {
        return Vec::new();
    };
    let (Outcome::Win(winner), Some((x, y))) = (outcome, last_move) else {
        return Vec::new();
    };
    let on_board = |x: i32, y: i32| (0..G::WIDTH).contains(&x) && (0..G::HEIGHT).contains(&y);
    if !on_board(x, y) || position.stone_at(x, y) != Some(winner) {
        return Vec::new();
    }
    let is_winner = |x: i32, y: i32| on_board(x, y) && position.stone_at(x, y) == Some(winner);
    let mut best = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let mut start = (x, y);
        while is_winner(start.0 - dx, start.1 - dy) {
            start = (start.0 - dx, start.1 - dy);
        }
        let mut run = Vec::new();
        let mut point = start;
        while is_winner(point.0, point.1) {
            run.push([point.0, point.1]);
            point = (point.0 + dx, point.1 + dy);
        }
        if run.len() >= needed && run.len() > best.len() {
            best = run;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::referee::play_from_start;

    #[test]
    fn tictactoe_diagonal_is_the_winning_line() {
        let moves = [(0, 0), (1, 0), (1, 1), (2, 0), (2, 2)];
        let position: TicTacToe = play_from_start(&moves).unwrap();
        let outcome = position.outcome().unwrap();
        assert_eq!(
            winning_line(&position, outcome, Some((2, 2))),
            vec![[0, 0], [1, 1], [2, 2]]
        );
        assert_eq!(
            result_text(&position, outcome),
            "black wins: three in a row"
        );
    }

    #[test]
    fn gomoku_five_is_found_through_a_middle_stone() {
        // Black fills (2..7, 7) ending in the middle at (4, 7); White plays row 0.
        let moves = [
            (2, 7),
            (0, 0),
            (3, 7),
            (1, 0),
            (5, 7),
            (2, 0),
            (6, 7),
            (3, 0),
            (4, 7),
        ];
        let position: Gomoku = play_from_start(&moves).unwrap();
        let outcome = position.outcome().unwrap();
        let line = winning_line(&position, outcome, Some((4, 7)));
        assert_eq!(line, (2..7).map(|x| [x, 7]).collect::<Vec<_>>());
        assert_eq!(result_text(&position, outcome), "black wins: five in a row");
    }
}
