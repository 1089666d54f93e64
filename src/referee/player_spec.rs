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

/// A player spec: `builtin:NAME`, `human`, `web` (a person on the web board),
/// `gomocup:CMD`, `gtp:CMD`, `nboard:CMD` (engines of other protocols), or
/// any other text, a shell command speaking the Botzone protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Builtin(String),
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
        if let Some(name) = text.strip_prefix("builtin:") {
            PlayerSpec::Builtin(name.to_string())
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
            PlayerSpec::Builtin(name) if !G::engine_names().contains(&name.as_str()) => {
                return Err(SpecError::UnknownEngine(UnknownEngine {
                    game: G::NAME,
                    name: name.clone(),
                    known: G::engine_names().join(", "),
                }))
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
            PlayerSpec::Builtin(name) => Box::new(BuiltinBot::new(
                G::engine(name, seed).expect("the name was checked"),
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
