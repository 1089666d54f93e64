//! The referee's side of the Gomocup (Piskvork "pbrain") protocol, for
//! `gomocup:CMD` players: `START` (its `OK` awaited under the start-up limit,
//! as Piskvork and c-gomoku-cli do), then with the first move the `INFO`
//! keys, and `BEGIN`, `TURN x,y` or a `BOARD` of the game so far (opening
//! included); `END` at the end.

use std::time::Duration;

use crate::game::Game;

use super::contestant::Turn;
use super::foreign_engine::{complete_lines, ForeignProtocol};

/// Lines a brain may write at any time besides its answers.
fn is_diagnostic(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    ["MESSAGE", "DEBUG", "SUGGEST"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

/// The end of the first answer line (diagnostics skipped) in `output`.
fn first_answer_end(output: &[u8]) -> Option<usize> {
    complete_lines(output)
        .find(|(line, _)| !(line.trim().is_empty() || is_diagnostic(line)))
        .map(|(_, end)| end)
}

/// The answer lines of `text` and its diagnostics joined as debug text.
fn split_answer(text: &str) -> (Vec<&str>, String) {
    let mut debug = Vec::new();
    let mut answers = Vec::new();
    for line in text.lines().map(str::trim) {
        if is_diagnostic(line) {
            debug.push(line);
        } else if !line.is_empty() {
            answers.push(line);
        }
    }
    (answers, debug.join(" | "))
}

fn short(text: &str) -> String {
    text.chars().take(120).collect()
}

/// One game's conversation with a brain.
pub struct GomocupProtocol {
    /// `INFO max_memory`: the referee's memory limit in bytes, 0 for none.
    max_memory_bytes: u64,
    /// The game information was sent (with the first move).
    informed: bool,
    /// The `timeout_turn` last announced.
    announced_limit: Option<Duration>,
}

impl GomocupProtocol {
    /// `memory_mb`: the limit the brain runs under (`--memory`), announced.
    pub fn new(memory_mb: Option<u64>) -> Self {
        GomocupProtocol {
            max_memory_bytes: memory_mb.map_or(0, |mb| mb.saturating_mul(1 << 20)),
            informed: false,
            announced_limit: None,
        }
    }
}

impl<G: Game> ForeignProtocol<G> for GomocupProtocol {
    fn setup_input(&mut self) -> String {
        format!("START {}\n", G::WIDTH)
    }

    fn setup_end(&mut self, output: &[u8]) -> Option<usize> {
        first_answer_end(output)
    }

    fn read_setup(&mut self, text: &str) -> Result<(), String> {
        match split_answer(text).0.first() {
            Some(ok) if ok.eq_ignore_ascii_case("OK") => Ok(()),
            other => Err(format!(
                "START {} refused: {:?}",
                G::WIDTH,
                short(other.copied().unwrap_or(""))
            )),
        }
    }

    fn turn_input(&mut self, turn: &Turn<'_, G>) -> String {
        let mut input = String::new();
        let first = !self.informed;
        if first {
            input.push_str("INFO timeout_match 0\n");
            input.push_str(&format!("INFO max_memory {}\n", self.max_memory_bytes));
            input.push_str("INFO game_type 1\nINFO rule 0\n");
            self.informed = true;
        }
        if self.announced_limit != Some(turn.limit) {
            input.push_str(&format!("INFO timeout_turn {}\n", turn.limit.as_millis()));
            self.announced_limit = Some(turn.limit);
        }
        match (first, turn.moves) {
            (true, []) => input.push_str("BEGIN\n"),
            (true, [(x, y)]) | (false, [.., (x, y)]) => input.push_str(&format!("TURN {x},{y}\n")),
            (true, moves) => {
                // An opening: the brain owns the stones of its colour.
                input.push_str("BOARD\n");
                let own_parity = moves.len() % 2;
                for (ply, (x, y)) in moves.iter().enumerate() {
                    let field = if ply % 2 == own_parity { 1 } else { 2 };
                    input.push_str(&format!("{x},{y},{field}\n"));
                }
                input.push_str("DONE\n");
            }
            (false, []) => unreachable!("a started brain has moved before"),
        }
        input
    }

    fn answer_end(&mut self, output: &[u8]) -> Option<usize> {
        first_answer_end(output)
    }

    fn read_answer(&mut self, text: &str) -> Result<((i32, i32), String), String> {
        let (answers, debug) = split_answer(text);
        let line = answers.first().copied().unwrap_or("");
        let point = line.split_once(',').and_then(|(x, y)| {
            Some((x.trim().parse::<i32>().ok()?, y.trim().parse::<i32>().ok()?))
        });
        match point {
            Some(xy) => Ok((xy, debug)),
            None => Err(format!("expected a move `x,y`, got {:?}", short(line))),
        }
    }

    fn farewell(&self) -> &'static str {
        "END\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Gomoku;

    fn turn_input(protocol: &mut GomocupProtocol, moves: &[(i32, i32)], limit_ms: u64) -> String {
        let position: Gomoku = crate::referee::play_from_start(moves).unwrap();
        let turn = Turn {
            position: &position,
            moves,
            colour: position.side_to_move(),
            limit: Duration::from_millis(limit_ms),
        };
        ForeignProtocol::<Gomoku>::turn_input(protocol, &turn)
    }

    #[test]
    fn the_first_turn_informs_the_brain_then_turns_follow() {
        let mut black = GomocupProtocol::new(Some(256));
        assert_eq!(
            ForeignProtocol::<Gomoku>::setup_input(&mut black),
            "START 15\n"
        );
        let first = turn_input(&mut black, &[], 2000);
        assert!(first.starts_with("INFO timeout_match 0\nINFO max_memory 268435456\n"));
        assert!(
            first.contains("INFO rule 0\n") && first.ends_with("INFO timeout_turn 2000\nBEGIN\n")
        );
        let second = turn_input(&mut black, &[(7, 7), (8, 8)], 1000);
        assert_eq!(second, "INFO timeout_turn 1000\nTURN 8,8\n");
        let mut white = GomocupProtocol::new(None);
        let first = turn_input(&mut white, &[(7, 7)], 2000);
        assert!(first.contains("INFO max_memory 0\n") && first.ends_with("TURN 7,7\n"));
        let mut after_opening = GomocupProtocol::new(None);
        let board = turn_input(&mut after_opening, &[(7, 7), (8, 8), (9, 9)], 2000);
        assert!(
            board.ends_with("BOARD\n7,7,2\n8,8,1\n9,9,2\nDONE\n"),
            "{board}"
        );
    }

    #[test]
    fn answers_skip_diagnostics_and_start_needs_ok() {
        let mut p = GomocupProtocol::new(None);
        let text = b"MESSAGE hi\nOK\nDEBUG x\n7,8\n";
        assert_eq!(
            ForeignProtocol::<Gomoku>::setup_end(&mut p, &text[..11]),
            None
        );
        assert_eq!(ForeignProtocol::<Gomoku>::setup_end(&mut p, text), Some(14));
        assert_eq!(
            ForeignProtocol::<Gomoku>::read_setup(&mut p, "MESSAGE hi\nOK\n"),
            Ok(())
        );
        assert!(
            ForeignProtocol::<Gomoku>::read_setup(&mut p, "ERROR size\n")
                .unwrap_err()
                .contains("START 15 refused")
        );
        let read = ForeignProtocol::<Gomoku>::read_answer(&mut p, "MESSAGE hi\n7,8\n");
        assert_eq!(read, Ok(((7, 8), "MESSAGE hi".to_string())));
        assert!(ForeignProtocol::<Gomoku>::read_answer(&mut p, "7 8\n").is_err());
    }
}
