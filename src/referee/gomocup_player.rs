//! The referee's side of the Gomocup (Piskvork "pbrain") protocol, for
//! `gomocup:CMD` players: `START`, the `INFO` keys, then `BEGIN`, `TURN x,y`
//! or a `BOARD` of the game so far (opening included), and `END`.

use std::time::Duration;

use crate::game::Game;

use super::contestant::Turn;
use super::foreign_engine::{complete_lines, ForeignProtocol};

/// The memory Botzone gives a bot, announced as `INFO max_memory`.
const MAX_MEMORY_BYTES: u64 = 256 << 20;

/// Lines a brain may write at any time besides its answers.
fn is_diagnostic(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    ["MESSAGE", "DEBUG", "SUGGEST"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

fn is_refusal(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    word.eq_ignore_ascii_case("ERROR") || word.eq_ignore_ascii_case("UNKNOWN")
}

/// One game's conversation with a brain.
#[derive(Default)]
pub struct GomocupProtocol {
    started: bool,
    /// This turn's answer begins with `START`'s `OK`.
    expect_ok: bool,
    /// The `timeout_turn` last announced.
    announced_limit: Option<Duration>,
}

impl GomocupProtocol {
    pub fn new() -> Self {
        Self::default()
    }
}

impl<G: Game> ForeignProtocol<G> for GomocupProtocol {
    fn turn_input(&mut self, turn: &Turn<'_, G>) -> String {
        let mut input = String::new();
        self.expect_ok = !self.started;
        if !self.started {
            input.push_str(&format!("START {}\n", G::WIDTH));
            input.push_str("INFO timeout_match 0\n");
            input.push_str(&format!("INFO max_memory {MAX_MEMORY_BYTES}\n"));
            input.push_str("INFO game_type 1\nINFO rule 0\n");
        }
        if self.announced_limit != Some(turn.limit) {
            input.push_str(&format!("INFO timeout_turn {}\n", turn.limit.as_millis()));
            self.announced_limit = Some(turn.limit);
        }
        match (self.started, turn.moves) {
            (false, []) => input.push_str("BEGIN\n"),
            (false, [(x, y)]) | (true, [.., (x, y)]) => input.push_str(&format!("TURN {x},{y}\n")),
            (false, moves) => {
                // An opening: the brain owns the stones of its colour.
                input.push_str("BOARD\n");
                let own_parity = moves.len() % 2;
                for (ply, (x, y)) in moves.iter().enumerate() {
                    let field = if ply % 2 == own_parity { 1 } else { 2 };
                    input.push_str(&format!("{x},{y},{field}\n"));
                }
                input.push_str("DONE\n");
            }
            (true, []) => unreachable!("a started brain has moved before"),
        }
        self.started = true;
        input
    }

    fn answer_end(&mut self, output: &[u8]) -> Option<usize> {
        let mut needed = if self.expect_ok { 2 } else { 1 };
        for (line, end) in complete_lines(output) {
            if line.trim().is_empty() || is_diagnostic(line) {
                continue;
            }
            needed -= 1;
            if needed == 0 || is_refusal(line) {
                return Some(end);
            }
        }
        None
    }

    fn read_answer(&mut self, text: &str) -> Result<((i32, i32), String), String> {
        let mut debug = Vec::new();
        let mut answers = Vec::new();
        for line in text.lines().map(str::trim) {
            if is_diagnostic(line) {
                debug.push(line.to_string());
            } else if !line.is_empty() {
                answers.push(line);
            }
        }
        let short = |s: &str| s.chars().take(120).collect::<String>();
        let mut answers = answers.into_iter();
        if self.expect_ok {
            match answers.next() {
                Some(ok) if ok.eq_ignore_ascii_case("OK") => {}
                other => {
                    return Err(format!(
                        "START {} refused: {:?}",
                        G::WIDTH,
                        short(other.unwrap_or(""))
                    ))
                }
            }
        }
        let line = answers.next().unwrap_or("");
        let point = line.split_once(',').and_then(|(x, y)| {
            Some((x.trim().parse::<i32>().ok()?, y.trim().parse::<i32>().ok()?))
        });
        match point {
            Some(xy) => Ok((xy, debug.join(" | "))),
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
    fn first_turns_start_the_brain_then_turns_follow() {
        let mut black = GomocupProtocol::new();
        let first = turn_input(&mut black, &[], 2000);
        assert!(first.starts_with("START 15\n"));
        assert!(
            first.contains("INFO rule 0\n") && first.ends_with("INFO timeout_turn 2000\nBEGIN\n")
        );
        let second = turn_input(&mut black, &[(7, 7), (8, 8)], 1000);
        assert_eq!(second, "INFO timeout_turn 1000\nTURN 8,8\n");
        let mut white = GomocupProtocol::new();
        assert!(turn_input(&mut white, &[(7, 7)], 2000).ends_with("TURN 7,7\n"));
        let mut after_opening = GomocupProtocol::new();
        let board = turn_input(&mut after_opening, &[(7, 7), (8, 8), (9, 9)], 2000);
        assert!(
            board.ends_with("BOARD\n7,7,2\n8,8,1\n9,9,2\nDONE\n"),
            "{board}"
        );
    }

    #[test]
    fn answers_skip_diagnostics_and_need_ok_first() {
        let mut p = GomocupProtocol {
            expect_ok: true,
            ..GomocupProtocol::default()
        };
        let text = b"MESSAGE hi\nOK\nDEBUG x\n7,8\n";
        assert_eq!(
            ForeignProtocol::<Gomoku>::answer_end(&mut p, &text[..12]),
            None
        );
        assert_eq!(
            ForeignProtocol::<Gomoku>::answer_end(&mut p, text),
            Some(text.len())
        );
        let read = ForeignProtocol::<Gomoku>::read_answer(&mut p, "MESSAGE hi\nOK\n7,8\n");
        assert_eq!(read, Ok(((7, 8), "MESSAGE hi".to_string())));
        assert_eq!(
            ForeignProtocol::<Gomoku>::answer_end(&mut p, b"ERROR size\n"),
            Some(11)
        );
        assert!(
            ForeignProtocol::<Gomoku>::read_answer(&mut p, "ERROR size\n")
                .unwrap_err()
                .contains("START 15 refused")
        );
        p.expect_ok = false;
        assert!(ForeignProtocol::<Gomoku>::read_answer(&mut p, "7 8\n").is_err());
    }
}
