//! The `referee` command line: `referee play ...`, `tournament ...`,
//! `stats ...`, `replay ...`, `openings ...`, `compare ...` and
//! `botzone-local ...` (the shared run options are in `cli_run`).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};

use super::bot_io::IoMode;
use super::botzone_local::{run_local, LocalConfig};
use super::cli_run::{
    positive_turn_seconds, run_and_report, stats, tournament, RunOptions, StatsArgs, TournamentArgs,
};
use super::game_log::read_records;
use super::record::GameRecord;
use super::replay::{find_game, read_log, replay_html};
use super::schedule::Format;
use super::stats::Sprt;

#[derive(Parser, Debug)]
#[command(
    name = "referee",
    about = "Plays Botzone bots against each other and judges them with the rules library",
    long_about = "Plays Botzone bots against each other and judges them with the rules library.\n\n\
A PLAYER is `builtin:NAME` (an engine run in-process; `builtin:NAME,threads=N` searches on N \
threads, as a bot's `--threads N`), `human` (moves typed on the terminal), \
`web` (moves clicked on the web board, see `play --web`), or any other text, run as a shell \
command (`sh -c`) speaking the Botzone protocol, turn by turn or kept running; `gomocup:CMD` (a \
Gomocup/Piskvork brain, gomoku), `gtp:CMD` or `nboard:CMD` (an Othello engine such as Edax, \
reversi) seat engines of other protocols. `NAME=SPEC` gives a player a short name (NAME: \
letters, digits, `_.+-`).\n\n\
SIGINT and SIGTERM kill every bot's process group before the referee exits; the log keeps every \
finished game, and the same command with --resume plays the rest."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a match between players A and B and print the score.
    Play(PlayArgs),
    /// Play a round-robin or gauntlet tournament; print ratings and a crosstable.
    Tournament(TournamentArgs),
    /// Print the report of logged games (the shards of one run merged).
    Stats(StatsArgs),
    /// Write a logged game as a self-contained HTML replay.
    Replay(ReplayArgs),
    /// Print, as an openings file, the openings of logged matches whose
    /// pairs one player won on points (not the colour both games).
    Openings(OpeningsArgs),
    /// Compare two runs of player A against the same opponent game by game
    /// (paired by opening and A's colour), with a sign test.
    Compare(CompareArgs),
    /// Play live Botzone matches as a "local AI": poll the platform and answer
    /// every match's requests with PLAYER, until interrupted.
    BotzoneLocal(LocalArgs),
}

#[derive(clap::Args, Debug)]
struct LocalArgs {
    /// The local-AI address copied from Botzone: https://.../api/<user>/<secret>/localai
    /// (http:// accepted too).
    url: String,
    /// The player, as in `referee play`: `builtin:NAME`, a shell command, `gomocup:CMD`, ...
    player: String,
    /// The game of the matches (the platform's requests do not say).
    #[arg(long, value_enum)]
    game: GameName,
    /// Seconds per turn given to the player; its first turn of a match gets double.
    #[arg(long, default_value_t = 1.0)]
    time: f64,
    /// I/O of an external Botzone bot (gomoku: json only).
    #[arg(long, value_enum, default_value = "json")]
    io: IoMode,
    /// Seed of built-in engines (each match gets the next one).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Let the bot's stderr through (discarded by default).
    #[arg(long)]
    bot_stderr: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GameName {
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
    /// Player A, Black in games 1, 3, 5, ...: `builtin:NAME[,threads=N]`, `human`, `gomocup:CMD`,
    /// `gtp:CMD`, `nboard:CMD`, or a shell command, optionally named as `NAME=SPEC`.
    player_a: String,
    /// Player B, Black in games 2, 4, 6, ...: like player A.
    player_b: String,
    /// I/O of player A, overriding --io.
    #[arg(long, value_enum)]
    io_a: Option<IoMode>,
    /// I/O of player B, overriding --io.
    #[arg(long, value_enum)]
    io_b: Option<IoMode>,
    /// Seconds per turn of player A, overriding --time (for example an
    /// engine given less time than a bot at Botzone's limits).
    #[arg(long, value_name = "SECS", allow_hyphen_values = true, value_parser = positive_turn_seconds)]
    time_a: Option<Duration>,
    /// Seconds per turn of player B, overriding --time.
    #[arg(long, value_name = "SECS", allow_hyphen_values = true, value_parser = positive_turn_seconds)]
    time_b: Option<Duration>,
    /// Show the board after every move (default for a single game on a terminal).
    #[arg(long, conflicts_with = "no_show")]
    show: bool,
    /// Never show the board.
    #[arg(long)]
    no_show: bool,
    /// Stop early on a decision of this SPRT on normalized Elo: ELO0,ELO1[,ALPHA,BETA].
    #[arg(long)]
    sprt: Option<Sprt>,
    #[command(flatten)]
    run: RunOptions,
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

#[derive(clap::Args, Debug)]
struct OpeningsArgs {
    /// Logs of earlier matches of one game (any players, any openings).
    #[arg(required = true)]
    logs: Vec<PathBuf>,
    /// Keep the openings with at least this many decisive pairs.
    #[arg(long, default_value_t = 1)]
    min_decisive: u64,
}

#[derive(clap::Args, Debug)]
struct CompareArgs {
    /// `FIRST SECOND`, once per seed: the log of a baseline run, then the
    /// log of the candidate's run with the same seed and openings. A's
    /// games in SECOND are compared with A's games of the same opening and
    /// colour in FIRST; the counts of every pair of logs add up.
    #[arg(required = true, value_name = "FIRST SECOND")]
    logs: Vec<PathBuf>,
    /// Count only pairs whose two games both ended by the rules: leave out
    /// every game that a time loss, crash or other fault of either player
    /// ended in either run (a loaded machine's time losses are not moves).
    #[arg(long)]
    ended_by_rules: bool,
}

/// Runs the referee with the process arguments; returns the exit code.
pub fn referee_main() -> i32 {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Play(args) => play(args),
        Command::Tournament(args) => tournament(args),
        Command::Stats(args) => stats(args),
        Command::Replay(args) => replay(args),
        Command::Openings(args) => openings(args),
        Command::Compare(args) => compare(args),
        Command::BotzoneLocal(args) => botzone_local(args),
    };
    let code = match outcome {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("referee: {}", error_line(&e));
            2
        }
    };
    super::shutdown::exit_code(code)
}

/// An error and its causes on one line, `: `-separated, leaving out a
/// cause the message already quotes (many of our errors name their
/// source in their own text).
fn error_line(error: &anyhow::Error) -> String {
    let mut line = error.to_string();
    for cause in error.chain().skip(1) {
        let cause = cause.to_string();
        if !line.contains(&cause) {
            line.push_str(": ");
            line.push_str(&cause);
        }
    }
    line
}

fn play(args: PlayArgs) -> anyhow::Result<()> {
    let io = vec![
        args.io_a.unwrap_or(args.run.io),
        args.io_b.unwrap_or(args.run.io),
    ];
    let times = vec![
        args.time_a.unwrap_or(args.run.time),
        args.time_b.unwrap_or(args.run.time),
    ];
    let players = vec![args.player_a.clone(), args.player_b.clone()];
    let mut config = args
        .run
        .config(args.game, Format::Match, players, io, times)?;
    let stderr_is_terminal = std::io::stderr().is_terminal();
    config.show = args.show || (!args.no_show && args.run.games == 1 && stderr_is_terminal);
    config.progress = stderr_is_terminal && !config.show;
    config.sprt = args.sprt;
    run_and_report(args.game, &config, args.run.web.clone())
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

fn openings(args: OpeningsArgs) -> anyhow::Result<()> {
    use super::decisive::tally_openings;
    use crate::games::notation::square_name;

    let mut logs = Vec::new();
    for path in &args.logs {
        logs.push(read_records(path)?);
    }
    game_of_logs(&logs)?;
    let tallies = tally_openings(&logs)?;
    let kept: Vec<_> = tallies
        .iter()
        .filter(|t| t.decisive() >= args.min_decisive)
        .collect();
    let (pairs, decisive) = tallies
        .iter()
        .fold((0, 0), |(p, d), t| (p + t.pairs.pairs(), d + t.decisive()));
    let kept_pairs: u64 = kept.iter().map(|t| t.pairs.pairs()).sum();
    let kept_decisive: u64 = kept.iter().map(|t| t.decisive()).sum();
    println!(
        "# Openings with at least {} decisive pairs (one player scoring more over both colours) in {} logs.",
        args.min_decisive,
        args.logs.len()
    );
    println!(
        "# All {} openings: {decisive} of {pairs} pairs decisive; the {} kept: {kept_decisive} of {kept_pairs}.",
        tallies.len(),
        kept.len()
    );
    println!("# Above each: decisive pairs / pairs.");
    for tally in kept {
        let moves: Vec<String> = tally
            .opening
            .iter()
            .map(|&[x, y]| square_name(x, y))
            .collect();
        println!("# {}/{}", tally.decisive(), tally.pairs.pairs());
        println!("{}", moves.join(" "));
    }
    Ok(())
}

/// The one game all `logs` hold; an error if they hold none or several.
fn game_of_logs(logs: &[Vec<GameRecord>]) -> anyhow::Result<&str> {
    let mut games = logs.iter().flatten().map(|r| r.game.as_str());
    let Some(first) = games.next() else {
        anyhow::bail!("the logs hold no games");
    };
    if let Some(other) = games.find(|&game| game != first) {
        anyhow::bail!("the logs mix {first} and {other} games: logs of one game only");
    }
    Ok(first)
}

/// ", N more left out (...)" when `--ended-by-rules`
/// dropped games, else nothing.
fn left_out_note(left_out: usize) -> String {
    if left_out == 0 {
        String::new()
    } else {
        format!(", {left_out} more left out (not ended by the rules in both runs)")
    }
}

fn compare(args: CompareArgs) -> anyhow::Result<()> {
    use super::compare::{compare_runs, PairedGames, RunComparison};

    if !args.logs.len().is_multiple_of(2) {
        anyhow::bail!(
            "compare takes logs in pairs (FIRST SECOND ...); {} given",
            args.logs.len()
        );
    }
    let mut logs = Vec::new();
    for path in &args.logs {
        logs.push(read_records(path)?);
    }
    game_of_logs(&logs)?;
    let counted = if args.ended_by_rules {
        PairedGames::EndedByRules
    } else {
        PairedGames::All
    };
    let mut total = RunComparison::default();
    for (paths, runs) in args.logs.chunks(2).zip(logs.chunks(2)) {
        let c = compare_runs(&runs[0], &runs[1], counted)?;
        if c.common == 0 && c.left_out == 0 {
            anyhow::bail!(
                "{} and {} have no game in common (same opening with A on the same colour)",
                paths[0].display(),
                paths[1].display()
            );
        }
        println!(
            "{} -> {}: {} common games{}, A scored {} then {}; better in {}, worse in {} (p = {:.3})",
            paths[0].display(),
            paths[1].display(),
            c.common,
            left_out_note(c.left_out),
            c.points[0],
            c.points[1],
            c.better,
            c.worse,
            c.p_value()
        );
        total.add(&c);
    }
    println!(
        "all: {} common games (same opening, A on the same colour){}, A scored {} then {}; \
second runs better in {} games, worse in {}; sign test p = {:.3} (two-sided, over the {} games that differ)",
        total.common,
        left_out_note(total.left_out),
        total.points[0],
        total.points[1],
        total.better,
        total.worse,
        total.p_value(),
        total.better + total.worse
    );
    Ok(())
}

fn botzone_local(args: LocalArgs) -> anyhow::Result<()> {
    use crate::games::{Gomoku, NoGo, Reversi, TicTacToe};
    use anyhow::bail;
    use std::time::Duration;

    if !(args.time.is_finite() && args.time > 0.0) {
        bail!("--time must be a positive number of seconds");
    }
    if args.game == GameName::Gomoku && args.io == IoMode::Simple {
        bail!("gomoku has no simple I/O on Botzone; use --io json");
    }
    let config = LocalConfig {
        url: args.url,
        player: args.player,
        io: args.io,
        time: Duration::from_secs_f64(args.time),
        seed: args.seed,
        bot_stderr: args.bot_stderr,
    };
    match args.game {
        GameName::Reversi => run_local::<Reversi>(&config),
        GameName::Gomoku => run_local::<Gomoku>(&config),
        GameName::Nogo => run_local::<NoGo>(&config),
        GameName::Tictactoe => run_local::<TicTacToe>(&config),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cause the message already quotes is not repeated; one it does
    /// not is added.
    #[test]
    fn error_line_names_each_cause_once() {
        let missing = std::fs::read_to_string("/no/such/log.jsonl").unwrap_err();
        let text = missing.to_string();
        let quoted = anyhow::Error::new(crate::referee::LogError::Read {
            path: "log.jsonl".to_string(),
            source: missing,
        });
        assert_eq!(
            error_line(&quoted),
            format!("cannot read log.jsonl: {text}")
        );
        let wrapped = anyhow::anyhow!("low level").context("high level");
        assert_eq!(error_line(&wrapped), "high level: low level");
    }
}
