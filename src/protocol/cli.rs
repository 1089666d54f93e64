//! The bot executables' command line (clap derive), with room for
//! game-specific extra subcommands supplied by a bin.

use std::io::Write;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

use super::bot_game::BotGame;
use super::time_budget::parse_turn_seconds;

/// The seed used when `--seed` is not given: fixed, so a turn can be replayed exactly.
pub const DEFAULT_SEED: u64 = 1;

/// Environment variable that turns keep-running on for uploads that take no arguments.
pub const KEEP_RUNNING_ENV: &str = "BOARDBOTS_KEEP_RUNNING";

/// The same variable's value when the executable was compiled: an upload
/// built with `BOARDBOTS_KEEP_RUNNING=1 cargo build ...` keeps running by
/// default, since Botzone starts bots with neither arguments nor environment.
pub const KEEP_RUNNING_BUILD_DEFAULT: Option<&str> = option_env!("BOARDBOTS_KEEP_RUNNING");

const AFTER_HELP: &str = "\
Without a subcommand the bot plays Botzone turns: it reads the judge's input on
stdin and prints one move.

Input, detected from its first character:
  JSON        one line {\"requests\":[...],\"responses\":[...],...}; requests and
              responses are {\"x\":X,\"y\":Y} objects or strings holding them;
              data, globaldata, time_limit, memory_limit and unknown fields are
              ignored.
  simple I/O  the turn number n, then 2n-1 lines request, response, ...,
              request, each `x y` (not offered for gomoku).
Output, in the input's format: {\"response\":{\"x\":X,\"y\":Y},\"debug\":\"...\"}, or
the line `X Y` followed by a debug line. x is the column, y the row, from 0 at
the top-left; (-1,-1) is a Reversi pass.

Keep-running (--keep-running, or BOARDBOTS_KEEP_RUNNING=1 at run time, or at
build time for a bot that keeps running by default; reversi and gomoku keep
running unless given --turn-by-turn or BOARDBOTS_KEEP_RUNNING=0): after every answer
the bot prints >>>BOTZONE_REQUEST_KEEP_RUNNING<<< and waits for the next
request: a bare move ({\"x\":X,\"y\":Y} or `x y`) or a full JSON history. It
exits 0 on >>>BOTZONE_CONTROLLER_KILL<<< or at end of input.

Time: by default a turn thinks until 1.8 s after the process started on the
bot's first turn of a game and 0.9 s otherwise (Botzone allows 2 s and 1 s);
later keep-running turns count from when their request was read. A
keep-running process's first answer is the bot's first turn of the game
(Botzone starts it there), whatever the history holds. --time replaces that
budget, counted from the same instants.

Errors in the input: one line on stderr, nothing on stdout, exit code 2.";

/// Options and subcommands shared by every bot executable.
#[derive(Parser, Debug, Clone, PartialEq)]
#[command(after_help = AFTER_HELP)]
pub struct BotArgs {
    #[command(subcommand)]
    pub command: Option<BotCommand>,

    /// Keep running between turns (Botzone's long-running mode); also turned
    /// on by the environment variable BOARDBOTS_KEEP_RUNNING=1 (reversi and
    /// gomoku: the default)
    #[arg(long)]
    pub keep_running: bool,

    /// Answer one turn and exit (a fresh process per turn); also turned on
    /// by BOARDBOTS_KEEP_RUNNING=0 (the default of nogo and tictactoe)
    #[arg(long, conflicts_with = "keep_running")]
    pub turn_by_turn: bool,

    /// Thinking budget per turn, in seconds (default: Botzone's limit minus a
    /// safety margin; see below)
    #[arg(long, value_name = "SECS", allow_hyphen_values = true, value_parser = parse_turn_seconds)]
    pub time: Option<Duration>,

    /// Seed of the engine's random numbers, for reproducible runs
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEED)]
    pub seed: u64,

    /// Engine to play with (default: the first one listed)
    #[arg(long, value_name = "NAME")]
    pub engine: Option<String>,

    /// Tune the engine: one field of its configuration, by name (repeatable;
    /// the engines that take options and their keys are in docs/GAME.md; an
    /// unknown key lists the known ones)
    #[arg(long = "engine-option", value_name = "KEY=VALUE")]
    pub engine_options: Vec<String>,

    /// Search threads for local use (Botzone gives one core): alpha-beta
    /// engines share one transposition table (lazy SMP); others run N
    /// differently seeded copies whose MCTS root statistics are merged (or
    /// that vote). With `bench`: lazy SMP against one thread
    #[arg(long, global = true, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,

    /// Speak the Gomocup (Piskvork pbrain) protocol instead of Botzone's; also
    /// on when the executable's name starts with `pbrain-`
    #[arg(long)]
    pub gomocup: bool,
}

/// Subcommands every bot has.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum BotCommand {
    /// Count the leaves of the game tree DEPTH plies deep from the start
    /// (prints the count alone on the first line, then the speed)
    Perft {
        /// Plies to search (a forced pass counts as one)
        depth: u32,
    },
    /// Print the engine's speed figures on fixed positions (with --threads
    /// N: the alpha-beta engine's lazy SMP speed-up)
    Bench,
}

/// A game-specific subcommand supplied by a bin (e.g. `reversi solve`).
#[derive(Clone, Copy, Debug)]
pub struct ExtraCommand {
    pub name: &'static str,
    /// One line for `--help`.
    pub about: &'static str,
    /// Its positional arguments, all required: `(NAME, help)`.
    pub args: &'static [(&'static str, &'static str)],
    /// Runs it with the arguments in order, printing to `out`; `Err` holds a
    /// one-line message (the bot then prints it on stderr and exits 2).
    pub run: fn(args: &[String], out: &mut dyn Write) -> Result<(), String>,
}

/// What the command line asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Invocation {
    /// Play (with the options) or run a shared subcommand.
    Bot(BotArgs),
    /// Run the extra subcommand at this index of the `extra` list, with its arguments.
    Extra { index: usize, args: Vec<String> },
}

/// Parses `args` (program name first) for game `G` with `extra` subcommands.
/// `--help` and usage errors come back as the `clap::Error` to print and exit with.
pub fn parse_command_line<G: BotGame>(
    args: impl IntoIterator<Item = String>,
    extra: &[ExtraCommand],
) -> Result<Invocation, clap::Error> {
    let mut command = BotArgs::command()
        .name(G::NAME)
        .bin_name(G::NAME)
        .about(format!("Botzone bot for {} (boardbots)", G::NAME))
        .mut_arg("engine", |arg| {
            arg.value_parser(PossibleValuesParser::new(G::engine_names()))
        });
    if !G::GOMOCUP {
        command = command.mut_arg("gomocup", |arg| arg.hide(true));
    }
    for e in extra {
        let args = e
            .args
            .iter()
            // Boards such as `--X-O...` start with a hyphen: values, not options.
            .map(|&(name, help)| {
                Arg::new(name)
                    .required(true)
                    .allow_hyphen_values(true)
                    .help(help)
            });
        command = command.subcommand(clap::Command::new(e.name).about(e.about).args(args));
    }
    let matches = command.try_get_matches_from(args)?;
    if let Some((name, sub)) = matches.subcommand() {
        if let Some(index) = extra.iter().position(|e| e.name == name) {
            return Ok(Invocation::Extra {
                index,
                args: positional_values(sub, extra[index].args),
            });
        }
    }
    BotArgs::from_arg_matches(&matches).map(Invocation::Bot)
}

/// Whether the bot keeps running between turns, from the first of these
/// that says: the flags (`Some(true)` for `--keep-running`, `Some(false)`
/// for `--turn-by-turn`), `BOARDBOTS_KEEP_RUNNING` at run time
/// (`runtime_env`), the same variable at build time (`build_default`), the
/// game's own default (`game_default`, [`BotGame::KEEP_RUNNING`]). The
/// variable means on when it is 1 / true / yes, off otherwise, so
/// `BOARDBOTS_KEEP_RUNNING=0` at run time turns a keep-running build or game
/// back to turn-by-turn.
pub fn keep_running_requested(
    flag: Option<bool>,
    runtime_env: Option<&str>,
    build_default: Option<&str>,
    game_default: bool,
) -> bool {
    if let Some(on) = flag {
        return on;
    }
    match runtime_env.or(build_default) {
        Some(v) => {
            let v = v.trim().to_ascii_lowercase();
            v == "1" || v == "true" || v == "yes"
        }
        None => game_default,
    }
}

impl BotArgs {
    /// The keep-running flags: `Some(true)` for `--keep-running`,
    /// `Some(false)` for `--turn-by-turn`, `None` for neither.
    pub fn keep_running_flag(&self) -> Option<bool> {
        match (self.keep_running, self.turn_by_turn) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }
}

fn positional_values(matches: &ArgMatches, args: &[(&str, &str)]) -> Vec<String> {
    args.iter()
        .filter_map(|&(name, _)| matches.get_one::<String>(name).cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TicTacToe;

    fn parse(line: &str, extra: &[ExtraCommand]) -> Result<Invocation, clap::Error> {
        parse_command_line::<TicTacToe>(line.split_whitespace().map(String::from), extra)
    }

    #[test]
    fn options_and_subcommands() {
        let Ok(Invocation::Bot(args)) = parse("tictactoe --time 0.25 --seed 7 --keep-running", &[])
        else {
            panic!("should parse")
        };
        assert_eq!(args.time, Some(Duration::from_millis(250)));
        assert_eq!(args.seed, 7);
        assert!(args.keep_running);
        assert_eq!(args.command, None);
        let Ok(Invocation::Bot(args)) = parse("tictactoe perft 3", &[]) else {
            panic!("should parse")
        };
        assert_eq!(args.command, Some(BotCommand::Perft { depth: 3 }));
        assert!(parse("tictactoe --time -1", &[]).is_err());
        assert!(parse("tictactoe --time 1e19", &[]).is_err());
        assert!(parse("tictactoe --engine nonsense", &[]).is_err());
        let Ok(Invocation::Bot(args)) = parse(
            "tictactoe --engine-option lmp_base=4 --engine-option evaluation=hand",
            &[],
        ) else {
            panic!("should parse")
        };
        assert_eq!(args.engine_options, ["lmp_base=4", "evaluation=hand"]);
    }

    #[test]
    fn extra_subcommands_get_their_arguments() {
        let extra = [ExtraCommand {
            name: "solve",
            about: "solve",
            args: &[("BOARD", "board"), ("SIDE", "side")],
            run: |_, _| Ok(()),
        }];
        match parse("tictactoe solve --X-O X", &extra) {
            Ok(Invocation::Extra { index, args }) => {
                assert_eq!(index, 0);
                assert_eq!(args, vec!["--X-O".to_string(), "X".to_string()]);
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(parse("tictactoe solve abc", &extra).is_err());
    }

    #[test]
    fn keep_running_from_flags_env_and_game() {
        assert!(keep_running_requested(None, Some("1"), None, false));
        assert!(keep_running_requested(None, Some("TRUE"), None, false));
        assert!(!keep_running_requested(None, Some("0"), None, false));
        assert!(!keep_running_requested(None, None, None, false));
        assert!(keep_running_requested(Some(true), None, None, false));
        assert!(keep_running_requested(None, None, Some("1"), false));
        assert!(!keep_running_requested(None, Some("0"), Some("1"), false));
        // The game's default, overridden by the variable and by the flags.
        assert!(keep_running_requested(None, None, None, true));
        assert!(!keep_running_requested(None, Some("0"), None, true));
        assert!(!keep_running_requested(None, None, Some("0"), true));
        assert!(!keep_running_requested(Some(false), None, None, true));
        assert!(!keep_running_requested(
            Some(false),
            Some("1"),
            Some("1"),
            true
        ));
        assert!(keep_running_requested(Some(true), Some("0"), None, false));
    }

    #[test]
    fn turn_by_turn_and_keep_running_flags() {
        let flag = |line: &str| match parse(line, &[]) {
            Ok(Invocation::Bot(args)) => args.keep_running_flag(),
            other => panic!("unexpected {other:?}"),
        };
        assert_eq!(flag("tictactoe"), None);
        assert_eq!(flag("tictactoe --keep-running"), Some(true));
        assert_eq!(flag("tictactoe --turn-by-turn"), Some(false));
        assert!(parse("tictactoe --keep-running --turn-by-turn", &[]).is_err());
    }
}
