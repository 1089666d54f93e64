//! Who plays: a player as named on the command line.

use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::protocol::BotGame;

use super::bot_io::IoMode;
use super::bot_process::BotProcessOptions;
use super::builtin::BuiltinBot;
use super::contestant::Contestant;
use super::external::ExternalBot;
use super::foreign_engine::ForeignEngine;
use super::gomocup_player::GomocupProtocol;
use super::gtp_player::GtpProtocol;
use super::human::HumanPlayer;
use super::nboard_player::NboardProtocol;
use super::web::WebPlayer;

/// A player spec: `builtin:NAME` (`builtin:NAME,threads=N` on N threads, as
/// a bot's `--threads N`), `human`, `web` (a person on the web board),
/// `gomocup:CMD`, `gtp:CMD`, `nboard:CMD` (engines of other protocols), or
/// any other text, a shell command speaking the Botzone protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// An engine of the game's registry; `threads` is the thread count, or
    /// what is wrong with the options that gave it.
    Builtin {
        name: String,
        threads: Result<usize, String>,
    },
    Human,
    /// A person clicking on the web board.
    Web,
    Command(String),
    /// A Gomocup (Piskvork pbrain) brain, for Gomoku.
    Gomocup(String),
    /// A GTP engine, for Reversi (Edax, Egaroucid).
    Gtp(String),
    /// An NBoard engine, for Reversi (Edax).
    Nboard(String),
}

/// A player that cannot take part in this match.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error(transparent)]
    UnknownEngine(#[from] UnknownEngine),
    #[error("builtin:{name}: {problem}")]
    BadOption { name: String, problem: String },
    #[error("{protocol}: players are for {for_game} only, not {game}")]
    WrongGame {
        protocol: &'static str,
        for_game: &'static str,
        game: &'static str,
    },
}

/// A `builtin:` name the game does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no built-in engine {name:?} (known: {known})")]
pub struct UnknownEngine {
    pub game: &'static str,
    pub name: String,
    pub known: String,
}

impl PlayerSpec {
    pub fn parse(text: &str) -> Self {
        if let Some(rest) = text.strip_prefix("builtin:") {
            let (name, options) = rest.split_once(',').unwrap_or((rest, ""));
            PlayerSpec::Builtin {
                name: name.to_string(),
                threads: builtin_threads(options),
            }
        } else if let Some(command) = text.strip_prefix("gomocup:") {
            PlayerSpec::Gomocup(command.to_string())
        } else if let Some(command) = text.strip_prefix("gtp:") {
            PlayerSpec::Gtp(command.to_string())
        } else if let Some(command) = text.strip_prefix("nboard:") {
            PlayerSpec::Nboard(command.to_string())
        } else if text == "human" {
            PlayerSpec::Human
        } else if text == "web" {
            PlayerSpec::Web
        } else {
            PlayerSpec::Command(text.to_string())
        }
    }

    /// A person plays (at the terminal or in the browser): one game at a time.
    pub fn is_person(&self) -> bool {
        matches!(self, PlayerSpec::Human | PlayerSpec::Web)
    }

    /// Checks that a built-in name exists for `G`, and that an engine of
    /// another protocol plays `G`.
    pub fn check<G: BotGame>(&self) -> Result<(), SpecError> {
        let (protocol, for_game) = match self {
            PlayerSpec::Builtin { name, .. } if !G::engine_names().contains(&name.as_str()) => {
                return Err(SpecError::UnknownEngine(UnknownEngine {
                    game: G::NAME,
                    name: name.clone(),
                    known: G::engine_names().join(", "),
                }))
            }
            PlayerSpec::Builtin {
                name,
                threads: Err(problem),
            } => {
                return Err(SpecError::BadOption {
                    name: name.clone(),
                    problem: problem.clone(),
                })
            }
            PlayerSpec::Gomocup(_) => ("gomocup", "gomoku"),
            PlayerSpec::Gtp(_) => ("gtp", "reversi"),
            PlayerSpec::Nboard(_) => ("nboard", "reversi"),
            _ => return Ok(()),
        };
        if G::NAME == for_game {
            Ok(())
        } else {
            Err(SpecError::WrongGame {
                protocol,
                for_game,
                game: G::NAME,
            })
        }
    }

    /// A fresh player for one game. `seed` seeds a built-in engine;
    /// `process` says how an external bot is started; `globaldata` is this
    /// player's memory across games (external bots).
    pub fn contestant<G: BotGame>(
        &self,
        io: IoMode,
        seed: u64,
        process: &BotProcessOptions,
        globaldata: &Arc<Mutex<Value>>,
    ) -> Result<Box<dyn Contestant<G>>, SpecError> {
        self.check::<G>()?;
        Ok(match self {
            PlayerSpec::Builtin { name, threads } => Box::new(BuiltinBot::new(
                G::engine_on_threads(name, seed, *threads.as_ref().expect("checked"))
                    .expect("the name was checked"),
            )),
            PlayerSpec::Human => Box::new(HumanPlayer),
            // Seated by the match runner when a web board runs.
            PlayerSpec::Web => Box::new(WebPlayer::unseated()),
            PlayerSpec::Command(command) => Box::new(ExternalBot::new(
                command,
                io,
                process.clone(),
                Arc::clone(globaldata),
            )),
            PlayerSpec::Gomocup(command) => Box::new(ForeignEngine::new(
                command,
                process.clone(),
                GomocupProtocol::new(),
            )),
            PlayerSpec::Gtp(command) => Box::new(ForeignEngine::new(
                command,
                process.clone(),
                GtpProtocol::new(),
            )),
            PlayerSpec::Nboard(command) => Box::new(ForeignEngine::new(
                command,
                process.clone(),
                NboardProtocol::new(),
            )),
        })
    }
}

/// Most threads a built-in engine may be given (as a bot's `--threads`).
const MAX_THREADS: usize = 64;

/// The thread count in a built-in player's options (`threads=N`, or none: 1).
fn builtin_threads(options: &str) -> Result<usize, String> {
    if options.is_empty() {
        return Ok(1);
    }
    let value = options
        .strip_prefix("threads=")
        .ok_or_else(|| format!("unknown option {options:?} (known: threads=N)"))?;
    match value.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "threads={value}: expected a whole number from 1 to {MAX_THREADS}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Reversi;

    #[test]
    fn builtin_players_take_a_thread_count() {
        let spec = PlayerSpec::parse("builtin:pattern,threads=2");
        assert_eq!(
            spec,
            PlayerSpec::Builtin {
                name: "pattern".into(),
                threads: Ok(2)
            }
        );
        assert_eq!(spec.check::<Reversi>(), Ok(()));
        assert_eq!(
            PlayerSpec::parse("builtin:mcts"),
            PlayerSpec::Builtin {
                name: "mcts".into(),
                threads: Ok(1)
            }
        );
        for bad in [
            "builtin:pattern,threads=0",
            "builtin:pattern,threads=x",
            "builtin:pattern,threads=65",
            "builtin:pattern,thread=2",
        ] {
            let error = PlayerSpec::parse(bad).check::<Reversi>().unwrap_err();
            assert!(
                matches!(error, SpecError::BadOption { .. }),
                "{bad}: {error}"
            );
        }
        assert!(matches!(
            PlayerSpec::parse("builtin:nonsense,threads=2").check::<Reversi>(),
            Err(SpecError::UnknownEngine(_))
        ));
    }
}
