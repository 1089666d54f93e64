//! The `referee` command line: `referee play ...` and `referee replay ...`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::{Parser, Subcommand, ValueEnum};

use crate::games::{Gomoku, NoGo, Reversi, TicTacToe};
use crate::protocol::parse_turn_seconds;

use super::bot_io::IoMode;
use super::match_runner::{run_match, MatchConfig, OpeningPlan};
use super::player_spec::PlayerSpec;
use super::replay::{find_game, read_log, replay_html};
use super::stats::Sprt;

#[derive(Parser, Debug)]
#[command(
    name = "referee",
    about = "Plays Botzone bots against each other and judges them with the rules library",
    long_about = "Plays Botzone bots against each other and judges them with the rules library.\n\n\
A PLAYER is `builtin:NAME` (an engine run in-process), `human` (moves typed on the terminal), \
or any other text, run as a shell command (`sh -c`) speaking the Botzone protocol, turn by turn \
or kept running."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a match between players A and B and print the score.
    Play(PlayArgs),
    /// Write a logged game as a self-contained HTML replay.
    Replay(ReplayArgs),
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum GameName {
    Reversi,
    Gomoku,
    Nogo,
    Tictactoe,
}

#[derive(clap::Args, Debug)]
struct PlayArgs {
    /// The game.
    #[arg(value_enum)]
    game: GameName,
    /// Player A, Black in games 1, 3, 5, ...: `builtin:NAME`, `human`, or a shell command.
    player_a: String,
    /// Player B, Black in games 2, 4, 6, ...: `builtin:NAME`, `human`, or a shell command.
    player_b: String,
    /// Number of games (colours alternate in pairs with the same opening).
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// Seconds per turn; each player's first turn of a game gets double.
    #[arg(long, value_name = "SECS", default_value = "1", allow_hyphen_values = true,
        value_parser = positive_turn_seconds)]
    time: Duration,
    /// I/O of external bots (gomoku: json only).
    #[arg(long, value_enum, default_value = "json")]
    io: IoMode,
    /// I/O of player A, overriding --io.
    #[arg(long, value_enum)]
    io_a: Option<IoMode>,
    /// I/O of player B, overriding --io.
    #[arg(long, value_enum)]
    io_b: Option<IoMode>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Seed of openings and built-in engines.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Start every pair with this many random legal plies.
    #[arg(long, conflicts_with = "openings")]
    random_plies: Option<usize>,
    /// Openings file, one line of moves per pair (`f5d6c4`, `x,y x,y` or `x y;x y`).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Write one JSON line per finished game here.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Show the board after every move (default for a single game on a terminal).
    #[arg(long, conflicts_with = "no_show")]
    show: bool,
    /// Never show the board.
    #[arg(long)]
    no_show: bool,
    /// Stop early on a decision of this SPRT on normalized Elo: ELO0,ELO1[,ALPHA,BETA].
    #[arg(long)]
    sprt: Option<Sprt>,
    /// Let the bots' stderr through (discarded by default).
    #[arg(long)]
    bot_stderr: bool,
}

#[derive(clap::Args, Debug)]
struct ReplayArgs {
    /// A log written by `referee play --log`.
    log: PathBuf,
    /// The game number (as logged, 1-based).
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// The HTML file to write.
    #[arg(long)]
    out: PathBuf,
}

/// `--time`: the bots' parser of turn seconds, zero refused.
fn positive_turn_seconds(text: &str) -> Result<Duration, String> {
    match parse_turn_seconds(text)? {
        Duration::ZERO => Err("the time per turn must be positive".to_string()),
        time => Ok(time),
    }
}

/// Runs the referee with the process arguments; returns the exit code.
pub fn referee_main() -> i32 {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Play(args) => play(args),
        Command::Replay(args) => replay(args),
    };
    match outcome {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("referee: {e:#}");
            2
        }
    }
}

fn play(args: PlayArgs) -> anyhow::Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let io = [args.io_a.unwrap_or(args.io), args.io_b.unwrap_or(args.io)];
    let players = [args.player_a.clone(), args.player_b.clone()];
    if args.game == GameName::Gomoku {
        for (spec, mode) in players.iter().zip(io) {
            let external = matches!(PlayerSpec::parse(spec), PlayerSpec::Command(_));
            if external && mode == IoMode::Simple {
                bail!("gomoku has no simple I/O on Botzone; use --io json for {spec:?}");
            }
        }
    }
    let stderr_is_terminal = std::io::stderr().is_terminal();
    let show = args.show || (!args.no_show && args.games == 1 && stderr_is_terminal);
    let openings = match (args.random_plies, args.openings) {
        (Some(plies), _) => OpeningPlan::RandomPlies(plies),
        (None, Some(path)) => OpeningPlan::File(path),
        (None, None) => OpeningPlan::StartPosition,
    };
    let config = MatchConfig {
        players,
        io,
        games: args.games,
        time: args.time,
        concurrency: args.concurrency,
        seed: args.seed,
        openings,
        log: args.log,
        show,
        sprt: args.sprt,
        progress: stderr_is_terminal && !show,
        bot_stderr: args.bot_stderr,
    };
    let summary = match args.game {
        GameName::Reversi => run_match::<Reversi>(&config),
        GameName::Gomoku => run_match::<Gomoku>(&config),
        GameName::Nogo => run_match::<NoGo>(&config),
        GameName::Tictactoe => run_match::<TicTacToe>(&config),
    }?;
    print!("{}", summary.report(&args.player_a, &args.player_b));
    Ok(())
}

fn replay(args: ReplayArgs) -> anyhow::Result<()> {
    let records = read_log(&args.log)?;
    let record = find_game(&records, args.game)?;
    let html = replay_html(record)?;
    std::fs::write(&args.out, html)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    eprintln!(
        "referee: wrote game {} ({} moves) to {}",
        record.number,
        record.moves.len(),
        args.out.display()
    );
    Ok(())
}
