//! Who plays: a player as named on the command line.

use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::engines::EngineOption;
use crate::game::Game;
use crate::protocol::BotGame;

use super::bot_io::IoMode;
use super::bot_process::BotProcessOptions;
use super::builtin::BuiltinBot;
use super::contestant::{Contestant, Fault, Turn, TurnReport};
use super::external::ExternalBot;
use super::foreign_engine::ForeignEngine;
use super::gomocup_player::GomocupProtocol;
use super::gtp_player::GtpProtocol;
use super::human::HumanPlayer;
use super::nboard_player::NboardProtocol;
use super::record::Termination;

/// A player spec: `builtin:NAME` (`builtin:NAME,threads=N` on N threads, as
/// a bot's `--threads N`; `builtin:NAME,KEY=VALUE,...` tuned, as a bot's
/// `--engine-option KEY=VALUE`), `human`, `web` (a person on the web board),
/// `gomocup:CMD`, `gtp:CMD`, `nboard:CMD` (engines of other protocols), or
/// any other text, a shell command speaking the Botzone protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// An engine of the game's registry, as typed (`spec`), with its
    /// options or what is wrong with them.
    Builtin {
        spec: String,
        name: String,
        options: Result<BuiltinOptions, String>,
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

/// The options after `builtin:NAME,`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltinOptions {
    /// `threads=N`, or 1.
    pub threads: usize,
    /// Every other `KEY=VALUE`: the engine's tuning.
    pub tuning: Vec<EngineOption>,
}

/// A player that cannot take part in this match.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error(transparent)]
    UnknownEngine(#[from] UnknownEngine),
    #[error("{spec}: {problem}")]
    BadOption { spec: String, problem: String },
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
                spec: text.to_string(),
                name: name.to_string(),
                options: builtin_options(options),
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

    /// Checks that a built-in name exists for `G` and takes its options, and
    /// that an engine of another protocol plays `G`.
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
                spec,
                name,
                options,
            } => {
                let checked = match options {
                    Ok(options) => G::check_engine_options(name, &options.tuning)
                        .map_err(|error| error.to_string()),
                    Err(problem) => Err(problem.clone()),
                };
                return checked.map_err(|problem| SpecError::BadOption {
                    spec: spec.clone(),
                    problem,
                });
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
            PlayerSpec::Builtin { name, options, .. } => {
                let options = options.as_ref().expect("checked");
                Box::new(BuiltinBot::new(
                    G::engine_with_options(name, seed, options.threads, &options.tuning)
                        .expect("the name and options were checked"),
                ))
            }
            PlayerSpec::Human => Box::new(HumanPlayer),
            // Seated by the match runner's seat provider when a web board runs.
            PlayerSpec::Web => Box::new(UnseatedPerson),
            PlayerSpec::Command(command) => Box::new(ExternalBot::new(
                command,
                io,
                process.clone(),
                Arc::clone(globaldata),
            )),
            PlayerSpec::Gomocup(command) => Box::new(ForeignEngine::new(
                command,
                process.clone(),
                GomocupProtocol::new(process.memory_mb),
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

/// A `web` player in a match without a web board: it loses its first turn.
struct UnseatedPerson;

impl<G: Game> Contestant<G> for UnseatedPerson {
    fn play_turn(&mut self, _turn: &Turn<'_, G>) -> TurnReport {
        TurnReport {
            answer: Err(Fault {
                termination: Termination::Crash,
                detail: "no web board is running for the web player (use --web)".into(),
            }),
            elapsed: Default::default(),
            debug: String::new(),
        }
    }

    fn game_over(&mut self) {}
}

/// Most threads a built-in engine may be given (as a bot's `--threads`).
const MAX_THREADS: usize = 64;

/// The options after `builtin:NAME,` (`KEY=VALUE,...`, or none).
fn builtin_options(text: &str) -> Result<BuiltinOptions, String> {
    if text.is_empty() {
        return Ok(BuiltinOptions {
            threads: 1,
            tuning: Vec::new(),
        });
    }
    let mut tuning = EngineOption::parse_list(text.split(',')).map_err(|e| e.to_string())?;
    let threads = match tuning.iter().position(|option| option.key == "threads") {
        None => 1,
        Some(at) => {
            let value = tuning.remove(at).value;
            match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => n,
                _ => {
                    return Err(format!(
                        "threads={value}: expected a whole number from 1 to {MAX_THREADS}"
                    ))
                }
            }
        }
    };
    Ok(BuiltinOptions { threads, tuning })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Gomoku, Reversi};

    fn options(spec: &str) -> Result<BuiltinOptions, String> {
        match PlayerSpec::parse(spec) {
            PlayerSpec::Builtin { options, .. } => options,
            other => panic!("{spec}: {other:?}"),
        }
    }

    fn option(key: &str, value: &str) -> EngineOption {
        EngineOption {
            key: key.into(),
            value: value.into(),
        }
    }

    #[test]
    fn builtin_players_take_a_thread_count() {
        let spec = PlayerSpec::parse("builtin:pattern,threads=2");
        assert_eq!(
            spec,
            PlayerSpec::Builtin {
                spec: "builtin:pattern,threads=2".into(),
                name: "pattern".into(),
                options: Ok(BuiltinOptions {
                    threads: 2,
                    tuning: Vec::new()
                })
            }
        );
        assert_eq!(spec.check::<Reversi>(), Ok(()));
        assert_eq!(
            options("builtin:mcts"),
            Ok(BuiltinOptions {
                threads: 1,
                tuning: Vec::new()
            })
        );
        for bad in [
            "builtin:pattern,threads=0",
            "builtin:pattern,threads=x",
            "builtin:pattern,threads=65",
            "builtin:pattern,thread=2",
            "builtin:pattern,threads=2,threads=3",
            "builtin:pattern,threads",
        ] {
            let error = PlayerSpec::parse(bad).check::<Reversi>().unwrap_err();
            assert!(
                matches!(&error, SpecError::BadOption { spec, .. } if spec == bad),
                "{bad}: {error}"
            );
            assert!(
                error.to_string().starts_with(&format!("{bad}: ")),
                "{error}"
            );
        }
        assert!(matches!(
            PlayerSpec::parse("builtin:nonsense,threads=2").check::<Reversi>(),
            Err(SpecError::UnknownEngine(_))
        ));
    }

    #[test]
    fn builtin_players_take_tuning_options_with_threads() {
        let spec = PlayerSpec::parse("builtin:alphabeta,threads=2,lmp_base=4");
        assert_eq!(
            options("builtin:alphabeta,threads=2,lmp_base=4"),
            Ok(BuiltinOptions {
                threads: 2,
                tuning: vec![option("lmp_base", "4")]
            })
        );
        assert_eq!(
            options("builtin:alphabeta,lmp_base=4,threads=2,evaluation=hand"),
            Ok(BuiltinOptions {
                threads: 2,
                tuning: vec![option("lmp_base", "4"), option("evaluation", "hand")]
            })
        );
        assert_eq!(spec.check::<Gomoku>(), Ok(()));
        let process = BotProcessOptions::default();
        let globaldata = Arc::new(Mutex::new(Value::Null));
        assert!(spec
            .contestant::<Gomoku>(IoMode::Json, 1, &process, &globaldata)
            .is_ok());
    }

    #[test]
    fn an_unseated_web_player_loses_its_first_turn() {
        let process = BotProcessOptions::default();
        let globaldata = Arc::new(Mutex::new(Value::Null));
        let mut player = PlayerSpec::Web
            .contestant::<Reversi>(IoMode::Json, 1, &process, &globaldata)
            .unwrap();
        let turn = Turn {
            position: &Reversi::start(),
            moves: &[],
            colour: crate::game::Player::Black,
            limit: std::time::Duration::from_secs(1),
        };
        let fault = player.play_turn(&turn).answer.unwrap_err();
        assert!(fault.detail.contains("--web"), "{}", fault.detail);
    }

    #[test]
    fn bad_tuning_options_are_refused_naming_the_spec() {
        for (spec, problem) in [
            (
                "builtin:alphabeta,lmp=4",
                "alphabeta has no option \"lmp\" (known: ",
            ),
            (
                "builtin:alphabeta,threads=2,lmp_base=x",
                "lmp_base=x: expected a whole number from 0 to 225",
            ),
            (
                "builtin:greedy,lmp_base=4",
                "greedy takes no tuning options (got lmp_base)",
            ),
        ] {
            let error = PlayerSpec::parse(spec).check::<Gomoku>().unwrap_err();
            assert!(
                error.to_string().starts_with(&format!("{spec}: {problem}")),
                "{error}"
            );
        }
        // A former variant's name is no engine.
        let error = PlayerSpec::parse("builtin:alphabeta-v1,lmp_base=4")
            .check::<Gomoku>()
            .unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("gomoku has no built-in engine \"alphabeta-v1\""),
            "{error}"
        );
        assert_eq!(
            PlayerSpec::parse("builtin:pattern,probcut=false").check::<Reversi>(),
            Ok(())
        );
        let error = PlayerSpec::parse("builtin:pattern,probcut=off")
            .check::<Reversi>()
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "builtin:pattern,probcut=off: probcut=off: expected true or false"
        );
        let error = PlayerSpec::parse("builtin:greedy,probcut=false")
            .check::<Reversi>()
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "builtin:greedy,probcut=false: greedy takes no tuning options (got probcut)"
        );
    }
}
