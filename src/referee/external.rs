//! An external bot program as a player, spoken to by the Botzone protocol:
//! a fresh process per turn with the full history, or one kept-running
//! process fed one request per turn once it printed the keep-running marker.

use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::game::Game;

use super::bot_io::{full_input, parse_answer, request_line, IoMode};
use super::bot_process::{BotProcess, BotProcessOptions, TurnOutput};
use super::contestant::{Contestant, Fault, Turn, TurnReport};
use super::record::Termination;

/// A bot run as `sh -c COMMAND`.
pub struct ExternalBot {
    command: String,
    io: IoMode,
    process: BotProcessOptions,
    kept_running: Option<BotProcess>,
    data: Value,
    globaldata: Arc<Mutex<Value>>,
}

impl ExternalBot {
    /// `globaldata` is shared by every game of this player in the match.
    pub fn new(
        command: &str,
        io: IoMode,
        process: BotProcessOptions,
        globaldata: Arc<Mutex<Value>>,
    ) -> Self {
        ExternalBot {
            command: command.to_string(),
            io,
            process,
            kept_running: None,
            data: Value::Null,
            globaldata,
        }
    }
}

fn failed(termination: Termination, detail: String) -> Result<(i32, i32), Fault> {
    Err(Fault {
        termination,
        detail,
    })
}

impl<G: Game> Contestant<G> for ExternalBot {
    fn play_turn(&mut self, turn: &Turn<'_, G>) -> TurnReport {
        let limit_ms = turn.limit.as_millis() as u64;
        let (mut process, input) = match self.kept_running.take() {
            Some(process) => {
                let last = *turn.moves.last().expect("a kept bot has seen a reply");
                (process, request_line(self.io, last))
            }
            None => {
                let process = match BotProcess::spawn(&self.command, &self.process) {
                    Ok(process) => process,
                    Err(e) => {
                        return TurnReport {
                            answer: failed(Termination::Crash, format!("cannot start: {e}")),
                            elapsed: Default::default(),
                            debug: String::new(),
                        }
                    }
                };
                let globaldata = self.globaldata.lock().expect("globaldata lock").clone();
                let input = full_input(
                    self.io,
                    turn.moves,
                    turn.colour,
                    &self.data,
                    &globaldata,
                    limit_ms,
                );
                (process, input)
            }
        };
        let (output, elapsed) = process.exchange(input, turn.limit);
        let (text, keep_running) = match output {
            TurnOutput::Answer { text, keep_running } => (text, keep_running),
            TurnOutput::Fault {
                termination,
                detail,
            } => {
                process.kill();
                return TurnReport {
                    answer: failed(termination, detail),
                    elapsed,
                    debug: String::new(),
                };
            }
        };
        if keep_running {
            self.kept_running = Some(process);
        } else {
            process.kill();
        }
        match parse_answer(self.io, &text) {
            Ok(answer) => {
                if !keep_running {
                    self.data = answer.data;
                }
                if let Some(globaldata) = answer.globaldata {
                    *self.globaldata.lock().expect("globaldata lock") = globaldata;
                }
                TurnReport {
                    answer: Ok((answer.x, answer.y)),
                    elapsed,
                    debug: answer.debug,
                }
            }
            Err(e) => TurnReport {
                answer: failed(Termination::BadOutput, e.to_string()),
                elapsed,
                debug: String::new(),
            },
        }
    }

    fn game_over(&mut self) {
        if let Some(process) = self.kept_running.take() {
            process.shut_down();
        }
    }
}
