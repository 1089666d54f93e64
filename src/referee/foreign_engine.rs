//! An engine of another world (Gomocup, GTP, NBoard) as a player: one
//! process per game, started and killed like a Botzone bot (`BotProcess`:
//! its own process group, output cap, memory limit, the turn's clock from
//! writing the input to reading the complete answer), spoken to by a line
//! protocol.
//!
//! As the managers of those engines do, start-up is not a move: the engine
//! first answers its protocol's set-up (`START`, `boardsize`, ...) under a
//! separate, generous limit (`--startup-time`), and only then does its first
//! move's clock start. The time the set-up took is noted in that turn's debug
//! text, not in the move's time.

use std::marker::PhantomData;
use std::time::{Duration, Instant};

use crate::game::{Game, MoveList};

use super::bot_process::{BotProcess, BotProcessOptions, TurnOutput};
use super::contestant::{Contestant, Fault, Turn, TurnReport};
use super::record::Termination;

/// One line protocol, as the referee speaks it to an engine. A fresh value
/// serves one game.
pub trait ForeignProtocol<G: Game>: Send {
    /// The set-up written once the engine has started, answered before its
    /// first move (a board size, a greeting and a ping, ...).
    fn setup_input(&mut self) -> String;

    /// The length of the set-up's complete answer at the start of `output`,
    /// once it is all there.
    fn setup_end(&mut self, output: &[u8]) -> Option<usize>;

    /// Whether the complete answer to the set-up accepts it (why not otherwise).
    fn read_setup(&mut self, text: &str) -> Result<(), String>;

    /// What to write at the start of `turn`.
    fn turn_input(&mut self, turn: &Turn<'_, G>) -> String;

    /// The length of the complete answer at the start of `output`, once it
    /// is all there.
    fn answer_end(&mut self, output: &[u8]) -> Option<usize>;

    /// The move (`(-1, -1)` for a pass) and the debug text in a complete
    /// answer, or why the answer is not one.
    fn read_answer(&mut self, text: &str) -> Result<((i32, i32), String), String>;

    /// The line(s) that end the engine at the end of the game.
    fn farewell(&self) -> &'static str;

    /// How long after its last answer the engine is left alone before the
    /// next command is written (not on its clock). None by default.
    fn settle_time(&self) -> Duration {
        Duration::ZERO
    }
}

/// Complete lines of `output` with the byte offset just past each one.
pub(super) fn complete_lines(output: &[u8]) -> impl Iterator<Item = (&str, usize)> {
    let mut start = 0;
    std::iter::from_fn(move || {
        let newline = output[start..].iter().position(|&b| b == b'\n')?;
        let end = start + newline + 1;
        let line = std::str::from_utf8(&output[start..end - 1]).unwrap_or("");
        start = end;
        Some((line.trim_end_matches('\r'), end))
    })
}

/// A player run as `sh -c COMMAND` and spoken to by protocol `P`.
pub struct ForeignEngine<G: Game, P: ForeignProtocol<G>> {
    command: String,
    options: BotProcessOptions,
    process: Option<BotProcess>,
    protocol: P,
    /// When the last answer was read, for the protocol's settle time.
    answered_at: Option<Instant>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, P: ForeignProtocol<G>> ForeignEngine<G, P> {
    pub fn new(command: &str, options: BotProcessOptions, protocol: P) -> Self {
        ForeignEngine {
            command: command.to_string(),
            options,
            process: None,
            protocol,
            answered_at: None,
            game: PhantomData,
        }
    }

    /// Starts the engine and has it answer its set-up within the start-up
    /// limit; returns how long that took.
    fn start(&mut self) -> Result<Duration, Fault> {
        let mut process = BotProcess::spawn(&self.command, &self.options).map_err(|e| Fault {
            termination: Termination::Crash,
            detail: format!("cannot start: {e}"),
        })?;
        let limit = self.options.startup_time;
        let setup = self.protocol.setup_input();
        let protocol = &mut self.protocol;
        let (output, took) =
            process.exchange_until(setup, limit, &mut |out| protocol.setup_end(out));
        let failure = match output {
            TurnOutput::Answer {
                text,
                keep_running: true,
            } => match self.protocol.read_setup(&text) {
                Ok(()) => {
                    self.process = Some(process);
                    return Ok(took);
                }
                Err(why) => (Termination::BadOutput, why),
            },
            TurnOutput::Answer { .. } => (
                Termination::Crash,
                "the engine exited before answering its set-up".into(),
            ),
            TurnOutput::Fault {
                termination: Termination::Timeout,
                ..
            } => (
                Termination::StartupTimeout,
                format!(
                    "no complete answer to the set-up within the start-up limit of {:.1} s",
                    limit.as_secs_f64()
                ),
            ),
            TurnOutput::Fault {
                termination,
                detail,
            } => (termination, format!("during the set-up: {detail}")),
        };
        process.kill();
        Err(Fault {
            termination: failure.0,
            detail: failure.1,
        })
    }

    fn fail(&mut self, termination: Termination, detail: String) -> Result<(i32, i32), Fault> {
        if let Some(mut process) = self.process.take() {
            process.kill();
        }
        Err(Fault {
            termination,
            detail,
        })
    }
}

/// `(-1, -1)` when passing is the only legal move (Reversi): such a turn is
/// answered without asking the engine, which, like Edax, passes by itself
/// when the other colour moves next.
fn forced_pass<G: Game>(position: &G) -> bool {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves.len() == 1 && G::move_to_xy(moves[0]) == (-1, -1)
}

impl<G: Game, P: ForeignProtocol<G>> Contestant<G> for ForeignEngine<G, P> {
    fn play_turn(&mut self, turn: &Turn<'_, G>) -> TurnReport {
        if forced_pass(turn.position) {
            return TurnReport {
                answer: Ok((-1, -1)),
                elapsed: Default::default(),
                debug: "forced pass (answered by the referee)".into(),
            };
        }
        let mut startup = None;
        if self.process.is_none() {
            match self.start() {
                Ok(took) => startup = Some(took),
                Err(fault) => {
                    return TurnReport {
                        answer: Err(fault),
                        elapsed: Duration::ZERO,
                        debug: String::new(),
                    }
                }
            }
        }
        if let Some(answered) = self.answered_at {
            let settled = answered + self.protocol.settle_time();
            std::thread::sleep(settled.saturating_duration_since(Instant::now()));
        }
        let input = self.protocol.turn_input(turn);
        let process = self.process.as_mut().expect("started above");
        let protocol = &mut self.protocol;
        let (output, elapsed) =
            process.exchange_until(input, turn.limit, &mut |out| protocol.answer_end(out));
        self.answered_at = Some(Instant::now());
        let answer = match output {
            TurnOutput::Answer {
                text,
                keep_running: true,
            } => match self.protocol.read_answer(&text) {
                Ok((xy, debug)) => {
                    let debug = match startup {
                        Some(took) => startup_note(took, &debug),
                        None => debug,
                    };
                    return TurnReport {
                        answer: Ok(xy),
                        elapsed,
                        debug,
                    };
                }
                Err(why) => self.fail(Termination::BadOutput, why),
            },
            TurnOutput::Answer { .. } => self.fail(
                Termination::Crash,
                "the engine exited before a complete answer".into(),
            ),
            TurnOutput::Fault {
                termination,
                detail,
            } => self.fail(termination, detail),
        };
        TurnReport {
            answer,
            elapsed,
            debug: String::new(),
        }
    }

    fn game_over(&mut self) {
        if let Some(process) = self.process.take() {
            process.shut_down_with(self.protocol.farewell());
        }
    }
}

/// The first turn's debug text with the time the set-up took before it.
fn startup_note(took: Duration, debug: &str) -> String {
    let note = format!("start-up {} ms", took.as_millis());
    if debug.is_empty() {
        note
    } else {
        format!("{note} | {debug}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_lines_stop_at_the_unfinished_one() {
        let lines: Vec<(&str, usize)> = complete_lines(b"OK\r\n7,7\nhalf").collect();
        assert_eq!(lines, vec![("OK", 4), ("7,7", 8)]);
    }
}
