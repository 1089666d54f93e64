//! Who plays: a player as named on the command line.

use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::protocol::BotGame;

use super::bot_io::IoMode;
use super::bot_process::BotProcessOptions;
use super::builtin::BuiltinBot;
use super::contestant::Contestant;
use super::external::ExternalBot;
use super::human::HumanPlayer;

/// A player spec: `builtin:NAME`, `human`, or any other text, a shell command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Builtin(String),
    Human,
    Command(String),
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
        } else if text == "human" {
            PlayerSpec::Human
        } else {
            PlayerSpec::Command(text.to_string())
        }
    }

    /// Checks that a built-in name exists for `G`.
    pub fn check<G: BotGame>(&self) -> Result<(), UnknownEngine> {
        match self {
            PlayerSpec::Builtin(name) if !G::engine_names().contains(&name.as_str()) => {
                Err(UnknownEngine {
                    game: G::NAME,
                    name: name.clone(),
                    known: G::engine_names().join(", "),
                })
            }
            _ => Ok(()),
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
    ) -> Result<Box<dyn Contestant<G>>, UnknownEngine> {
        self.check::<G>()?;
        Ok(match self {
            PlayerSpec::Builtin(name) => Box::new(BuiltinBot::new(
                G::engine(name, seed).expect("the name was checked"),
            )),
            PlayerSpec::Human => Box::new(HumanPlayer),
            PlayerSpec::Command(command) => Box::new(ExternalBot::new(
                command,
                io,
                process.clone(),
                Arc::clone(globaldata),
            )),
        })
    }
}
