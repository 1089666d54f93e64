//! A person at the terminal as a player: the board is shown on stderr and
//! moves are typed on stdin as `x y` or `d3`, re-asked until legal.

use std::io::{BufRead, Write};
use std::time::Instant;

use crate::game::Game;

use super::board_text::render_board;
use super::contestant::{Contestant, Fault, Turn, TurnReport};
use super::record::Termination;
use crate::games::notation::parse_moves;

/// A human player (no time limit).
#[derive(Default)]
pub struct HumanPlayer;

impl<G: Game> Contestant<G> for HumanPlayer {
    fn play_turn(&mut self, turn: &Turn<'_, G>) -> TurnReport {
        let start = Instant::now();
        let mut stderr = std::io::stderr();
        let _ = write!(
            stderr,
            "\n{}",
            render_board(turn.position, turn.moves.last().copied())
        );
        let stdin = std::io::stdin();
        loop {
            let _ = write!(
                stderr,
                "{} to move; type `x y`, a square like `d3`, or `pass`: ",
                turn.colour
            );
            let _ = stderr.flush();
            let mut line = String::new();
            match stdin.lock().read_line(&mut line) {
                Ok(0) | Err(_) => {
                    return TurnReport {
                        answer: Err(Fault {
                            termination: Termination::Crash,
                            detail: "the human player's input ended".into(),
                        }),
                        elapsed: start.elapsed(),
                        debug: String::new(),
                    }
                }
                Ok(_) => {}
            }
            let (x, y) = match parse_moves(&line).as_deref() {
                Ok([single]) => *single,
                Ok(_) => {
                    let _ = writeln!(stderr, "one move, please");
                    continue;
                }
                Err(e) => {
                    let _ = writeln!(stderr, "{e}");
                    continue;
                }
            };
            let verdict = match G::move_from_xy(x, y) {
                None => Err(format!("({x},{y}) is not a move of {}", G::NAME)),
                Some(m) => turn.position.check_move(m).map_err(|e| e.to_string()),
            };
            match verdict {
                Ok(()) => {
                    return TurnReport {
                        answer: Ok((x, y)),
                        elapsed: start.elapsed(),
                        debug: String::new(),
                    }
                }
                Err(why) => {
                    let _ = writeln!(stderr, "{why}; try again");
                }
            }
        }
    }

    fn game_over(&mut self) {}
}
