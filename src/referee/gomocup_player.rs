//! The referee's side of the Gomocup (Piskvork "pbrain") protocol, for
//! `gomocup:CMD` players. The set-up, answered under the start-up limit, is
//! `START` (its `OK` awaited, as Piskvork and c-gomoku-cli do), the game's
//! `INFO` keys, and `ABOUT`, whose answer shows that the brain has read
//! them: brains size their tables on `INFO max_memory` (Rapfi allocates and
//! clears its transposition table there), which belongs to start-up, not to
//! the first move. Then each turn is `INFO timeout_turn` (when it changes) and
//! `BEGIN`, `TURN x,y` or a `BOARD` of the game so far (opening included);
//! `END` at the end.

use std::time::Duration;

use crate::game::Game;

use super::contestant::Turn;
use super::foreign_engine::{complete_lines, ForeignProtocol};

/// See [`GomocupProtocol`]'s `settle_time`: 30 ms ends the lost commands and
/// costs a game of 60 moves under 2 s of wall time.
const GOMOCUP_SETTLE_TIME: Duration = Duration::from_millis(30);

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

/// The end of the `count`-th answer line (diagnostics skipped) in `output`,
/// or of an earlier refusal.
fn answer_lines_end(output: &[u8], count: usize) -> Option<usize> {
    complete_lines(output)
        .filter(|(line, _)| !(line.trim().is_empty() || is_diagnostic(line)))
        .enumerate()
        .find(|(index, (line, _))| index + 1 == count || is_refusal(line))
        .map(|(_, (_, end))| end)
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

/// The share of the memory limit announced as `INFO max_memory`, in
/// eighths: the rest is room for the program itself (code, stacks, buffers).
/// Brains size their tables to the announced figure: Rapfi, with its example
/// configuration (`memory_reserved_mb = 0`), fills all of it with its hash
/// table and then peaked at 270 MiB under a 256 MiB announcement, so the
/// whole limit announced is a limit it cannot keep.
const ANNOUNCED_EIGHTHS: u64 = 7;

/// One game's conversation with a brain.
pub struct GomocupProtocol {
    /// `INFO max_memory`: seven eighths of the referee's memory limit in
    /// bytes ([`ANNOUNCED_EIGHTHS`]), 0 for none.
    max_memory_bytes: u64,
    /// The first move was asked for (`BEGIN` or `BOARD`); later ones are `TURN`s.
    started: bool,
    /// The `timeout_turn` last announced.
    announced_limit: Option<Duration>,
}

impl GomocupProtocol {
    /// `memory_mb`: the limit the brain runs under (`--memory`), announced
    /// less the room for the program ([`ANNOUNCED_EIGHTHS`]).
    pub fn new(memory_mb: Option<u64>) -> Self {
        GomocupProtocol {
            max_memory_bytes: memory_mb
                .map_or(0, |mb| mb.saturating_mul(1 << 20) / 8 * ANNOUNCED_EIGHTHS),
            started: false,
            announced_limit: None,
        }
    }
}

impl<G: Game> ForeignProtocol<G> for GomocupProtocol {
    fn setup_input(&mut self) -> String {
        format!(
            "START {}\nINFO timeout_match 0\nINFO max_memory {}\nINFO game_type 1\nINFO rule 0\n\
             ABOUT\n",
            G::WIDTH,
            self.max_memory_bytes
        )
    }

    fn setup_end(&mut self, output: &[u8]) -> Option<usize> {
        // `OK`, then the answer to `ABOUT` (any line, `UNKNOWN` included); a
        // refused `START` ends the set-up at once.
        answer_lines_end(output, 2)
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
        let first = !self.started;
        self.started = true;
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
        answer_lines_end(output, 1)
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

    /// Rapfi (upstream, 2026) loses the `TURN` word of a command that
    /// arrives within a few milliseconds of its answer, while its search
    /// thread winds down, and answers `ERROR Unknown command: x,y` (seen in
    /// about one game in ten of Rapfi against itself, always after an
    /// instant reply). Real managers rarely answer that fast.
    fn settle_time(&self) -> Duration {
        GOMOCUP_SETTLE_TIME
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
    fn the_set_up_informs_the_brain_then_turns_follow() {
        let mut black = GomocupProtocol::new(Some(256));
        let setup = ForeignProtocol::<Gomoku>::setup_input(&mut black);
        // 7/8 of 256 MiB: 224 MiB.
        assert!(setup.starts_with("START 15\nINFO timeout_match 0\nINFO max_memory 234881024\n"));
        assert!(setup.ends_with("INFO rule 0\nABOUT\n"), "{setup}");
        let first = turn_input(&mut black, &[], 2000);
        assert_eq!(first, "INFO timeout_turn 2000\nBEGIN\n");
        let second = turn_input(&mut black, &[(7, 7), (8, 8)], 1000);
        assert_eq!(second, "INFO timeout_turn 1000\nTURN 8,8\n");
        let mut white = GomocupProtocol::new(None);
        let setup = ForeignProtocol::<Gomoku>::setup_input(&mut white);
        assert!(setup.contains("INFO max_memory 0\n"), "{setup}");
        assert!(turn_input(&mut white, &[(7, 7)], 2000).ends_with("TURN 7,7\n"));
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
        let text = b"MESSAGE hi\nOK\nDEBUG x\nname=\"x\"\n7,8\n";
        let setup_end =
            |p: &mut GomocupProtocol, out: &[u8]| ForeignProtocol::<Gomoku>::setup_end(p, out);
        assert_eq!(setup_end(&mut p, &text[..22]), None);
        assert_eq!(setup_end(&mut p, text), Some(31));
        assert_eq!(setup_end(&mut p, b"ERROR size\n"), Some(11));
        assert_eq!(setup_end(&mut p, b"OK\nUNKNOWN ABOUT\n"), Some(17));
        assert_eq!(
            ForeignProtocol::<Gomoku>::read_setup(&mut p, "MESSAGE hi\nOK\nname=\"x\"\n"),
            Ok(())
        );
        assert!(
            ForeignProtocol::<Gomoku>::read_setup(&mut p, "ERROR size\n")
                .unwrap_err()
                .contains("START 15 refused")
        );
        assert_eq!(
            ForeignProtocol::<Gomoku>::answer_end(&mut p, b"DEBUG\n7,8\n"),
            Some(10)
        );
        let read = ForeignProtocol::<Gomoku>::read_answer(&mut p, "MESSAGE hi\n7,8\n");
        assert_eq!(read, Ok(((7, 8), "MESSAGE hi".to_string())));
        assert!(ForeignProtocol::<Gomoku>::read_answer(&mut p, "7 8\n").is_err());
    }
}
