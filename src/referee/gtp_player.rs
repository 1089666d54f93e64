//! The referee's side of the Go Text Protocol as Othello engines speak it
//! (Edax `-gtp`, Egaroucid `-gtp`), for `gtp:CMD` players.
//!
//! The set-up, `boardsize` and `clear_board`, is answered under the start-up
//! limit before the first move's clock starts. Each turn then sends the moves
//! the engine has not seen as `play b d3` (square
//! names as in Othello: column letter, row number from the top), the time as
//! `time_left`, and `genmove b|w`; every command's response (`= ...` or
//! `? ...`, ended by an empty line) is read before the turn is over.
//! Passes are never sent: these engines pass by themselves when the other
//! colour is asked to move, and a forced pass of the engine's own is answered
//! by the referee without asking it.

use crate::game::Game;

use super::contestant::Turn;
use super::foreign_engine::{complete_lines, ForeignProtocol};
use crate::games::notation::square_name;

/// Whether a failed response to a command loses the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnFailure {
    /// The engine's board would be wrong.
    Fatal,
    /// Optional commands (time settings).
    Ignore,
}

/// One game's conversation with a GTP engine.
#[derive(Default)]
pub struct GtpProtocol {
    /// Moves of the game the engine knows (sent, or its own answers).
    known_moves: usize,
    /// The commands awaiting responses, in order: the set-up, or this
    /// turn's (the last is `genmove`).
    commands: Vec<(String, OnFailure)>,
}

impl GtpProtocol {
    /// Writes `commands` (they await responses) as input.
    fn send(&mut self, commands: Vec<(String, OnFailure)>) -> String {
        self.commands = commands;
        self.commands
            .iter()
            .map(|(command, _)| format!("{command}\n"))
            .collect()
    }

    /// The end of the response to the last command awaited.
    fn responses_end(&self, output: &[u8]) -> Option<usize> {
        let mut responses = 0;
        let mut in_response = false;
        for (line, end) in complete_lines(output) {
            if !in_response && (line.starts_with('=') || line.starts_with('?')) {
                in_response = true;
            } else if in_response && line.trim().is_empty() {
                in_response = false;
                responses += 1;
                if responses == self.commands.len() {
                    return Some(end);
                }
            }
        }
        None
    }

    /// The responses in `text`, one per command awaited, and the optional
    /// commands the engine refused; an error if it refused a required one.
    fn read_responses(&self, text: &str) -> Result<(Vec<String>, Vec<String>), String> {
        let mut responses: Vec<String> = Vec::new();
        let mut current: Option<String> = None;
        for line in text.lines() {
            match &mut current {
                None if line.starts_with('=') || line.starts_with('?') => {
                    current = Some(line.to_string())
                }
                None => {}
                Some(_) if line.trim().is_empty() => responses.extend(current.take()),
                Some(response) => {
                    response.push(' ');
                    response.push_str(line);
                }
            }
        }
        let mut ignored = Vec::new();
        for ((command, on_failure), response) in self.commands.iter().zip(&responses) {
            if response.starts_with('?') {
                match on_failure {
                    OnFailure::Fatal => {
                        return Err(format!(
                            "the engine refused `{command}`: {}",
                            short(response)
                        ))
                    }
                    OnFailure::Ignore => ignored.push(command.clone()),
                }
            }
        }
        Ok((responses, ignored))
    }
}

fn short(text: &str) -> String {
    text.chars().take(120).collect()
}

impl GtpProtocol {
    pub fn new() -> Self {
        Self::default()
    }
}

fn colour_letter(ply: usize) -> &'static str {
    if ply.is_multiple_of(2) {
        "b"
    } else {
        "w"
    }
}

/// Parses a GTP vertex as Othello engines write it: `d3` / `D3`, or a pass.
fn parse_vertex(text: &str) -> Option<(i32, i32)> {
    let text = text.trim().to_ascii_lowercase();
    if matches!(text.as_str(), "pass" | "pa" | "ps") {
        return Some((-1, -1));
    }
    let mut chars = text.chars();
    let column = chars.next()?;
    let row: i32 = chars.as_str().parse().ok()?;
    if !column.is_ascii_lowercase() {
        return None;
    }
    Some((column as i32 - 'a' as i32, row - 1))
}

impl<G: Game> ForeignProtocol<G> for GtpProtocol {
    fn setup_input(&mut self) -> String {
        self.send(vec![
            (format!("boardsize {}", G::WIDTH), OnFailure::Fatal),
            ("clear_board".to_string(), OnFailure::Fatal),
        ])
    }

    fn setup_end(&mut self, output: &[u8]) -> Option<usize> {
        self.responses_end(output)
    }

    fn read_setup(&mut self, text: &str) -> Result<(), String> {
        self.read_responses(text).map(|_| ())
    }

    fn turn_input(&mut self, turn: &Turn<'_, G>) -> String {
        let mut commands = Vec::new();
        for (ply, &(x, y)) in turn.moves.iter().enumerate().skip(self.known_moves) {
            if (x, y) != (-1, -1) {
                let command = format!("play {} {}", colour_letter(ply), square_name(x, y));
                commands.push((command, OnFailure::Fatal));
            }
        }
        let colour = colour_letter(turn.moves.len());
        // GTP counts whole seconds: the turn's limit, rounded down, at least 1,
        // as byo-yomi of one move per period.
        let seconds = turn.limit.as_secs().max(1);
        if self.known_moves == 0 {
            commands.push((format!("time_settings 0 {seconds} 1"), OnFailure::Ignore));
        }
        commands.push((format!("time_left {colour} {seconds} 1"), OnFailure::Ignore));
        commands.push((format!("genmove {colour}"), OnFailure::Fatal));
        // After this turn the engine has played its own move too.
        self.known_moves = turn.moves.len() + 1;
        self.send(commands)
    }

    fn answer_end(&mut self, output: &[u8]) -> Option<usize> {
        self.responses_end(output)
    }

    fn read_answer(&mut self, text: &str) -> Result<((i32, i32), String), String> {
        let (responses, ignored) = self.read_responses(text)?;
        let answer = responses.last().map(String::as_str).unwrap_or("");
        // `=` or `=ID`, then the vertex.
        let vertex = answer
            .trim_start_matches('=')
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim();
        let xy = parse_vertex(vertex)
            .ok_or_else(|| format!("genmove answered {:?}, not a move", short(answer)))?;
        let debug = if ignored.is_empty() {
            String::new()
        } else {
            format!("not understood: {}", ignored.join(", "))
        };
        Ok((xy, debug))
    }

    fn farewell(&self) -> &'static str {
        "quit\n"
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::games::Reversi;

    fn input(protocol: &mut GtpProtocol, moves: &[(i32, i32)]) -> String {
        let position: Reversi = crate::referee::play_from_start(moves).unwrap();
        let turn = Turn {
            position: &position,
            moves,
            colour: position.side_to_move(),
            limit: Duration::from_millis(1500),
        };
        ForeignProtocol::<Reversi>::turn_input(protocol, &turn)
    }

    #[test]
    fn sends_unseen_moves_then_genmove() {
        let mut p = GtpProtocol::new();
        let setup = ForeignProtocol::<Reversi>::setup_input(&mut p);
        assert_eq!(setup, "boardsize 8\nclear_board\n");
        let answered = "=\n\n=\n\n";
        assert_eq!(
            ForeignProtocol::<Reversi>::setup_end(&mut p, answered.as_bytes()),
            Some(answered.len())
        );
        assert_eq!(
            ForeignProtocol::<Reversi>::read_setup(&mut p, answered),
            Ok(())
        );
        assert!(ForeignProtocol::<Reversi>::read_setup(&mut p, "=\n\n? no\n\n").is_err());
        let first = input(&mut p, &[(3, 2)]);
        assert_eq!(
            first,
            "play b d3\ntime_settings 0 1 1\ntime_left w 1 1\ngenmove w\n"
        );
        // The engine answered c3 itself; Black replied b3: only b3 is new.
        let second = input(&mut p, &[(3, 2), (2, 2), (1, 2)]);
        assert_eq!(second, "play b b3\ntime_left w 1 1\ngenmove w\n");
    }

    #[test]
    fn responses_are_counted_and_read() {
        let mut p = GtpProtocol::new();
        input(&mut p, &[(3, 2)]);
        let text = "=\n\n? unknown command\n\n=\n\n= C3\n\n";
        assert_eq!(
            ForeignProtocol::<Reversi>::answer_end(&mut p, &text.as_bytes()[..text.len() - 1]),
            None
        );
        assert_eq!(
            ForeignProtocol::<Reversi>::answer_end(&mut p, text.as_bytes()),
            Some(text.len())
        );
        let (xy, debug) = ForeignProtocol::<Reversi>::read_answer(&mut p, text).unwrap();
        assert_eq!(xy, (2, 2));
        assert!(debug.contains("time_settings"), "{debug}");
        let refused = "? illegal move\n\n=\n\n=\n\n= c3\n\n";
        assert!(ForeignProtocol::<Reversi>::read_answer(&mut p, refused)
            .unwrap_err()
            .contains("refused `play b d3`"));
        assert_eq!(parse_vertex("PASS"), Some((-1, -1)));
        assert_eq!(parse_vertex("h8"), Some((7, 7)));
        assert_eq!(parse_vertex("banana"), None);
    }
}
