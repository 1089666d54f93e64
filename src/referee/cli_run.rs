//! The command-line parts that `referee play` and `referee tournament` share
//! (how games are run, logged, resumed and sharded), the `tournament` and
//! `stats` subcommands themselves.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::bail;
use clap::ValueEnum;

use crate::games::{Gomoku, NoGo, Reversi, TicTacToe};
use crate::protocol::parse_turn_seconds;

use super::bot_io::IoMode;
use super::bot_process::BotProcessOptions;
use super::cli::GameName;
use super::game_log::{merge_logs, LogsAre};
use super::match_runner::{run_match, MatchConfig, MatchResults, OpeningPlan};
use super::player_spec::PlayerSpec;
use super::schedule::{Entrant, Format, Shard};
use super::shutdown;
use super::stats::Sprt;
use super::summary::render_report;
use super::web::{linger, run_match_on_web, DEFAULT_ADDRESS};

/// Botzone's memory limit, in MiB.
const BOTZONE_MEMORY_MB: u64 = 256;

/// `--time`, `--startup-time`: the bots' parser of turn seconds, zero refused.
pub(super) fn positive_turn_seconds(text: &str) -> Result<Duration, String> {
    match parse_turn_seconds(text)? {
        Duration::ZERO => Err("the time must be positive".to_string()),
        time => Ok(time),
    }
}

/// Options of every run of games.
#[derive(clap::Args, Debug)]
pub struct RunOptions {
    /// Number of games (of every pairing in a tournament); colours alternate in
    /// pairs with the same opening.
    #[arg(long, default_value_t = 1)]
    pub games: usize,
    /// Seconds per turn; each player's first turn of a game gets double.
    #[arg(long, value_name = "SECS", default_value = "1", allow_hyphen_values = true,
        value_parser = positive_turn_seconds)]
    pub time: Duration,
    /// I/O of external bots (gomoku: json only).
    #[arg(long, value_enum, default_value = "json")]
    pub io: IoMode,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of openings and built-in engines.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Start every pair with this many random legal plies.
    #[arg(long, conflicts_with = "openings")]
    pub random_plies: Option<usize>,
    /// Openings file, one line of moves per pair (`f5d6c4`, `x,y x,y` or `x y;x y`), every line
    /// once per cycle: from the top with seed 0, in an order shuffled by any other seed.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Append one JSON line per finished game to this file (which must be new
    /// or empty unless --resume).
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Keep the games the log holds and play only the missing ones (same
    /// command, same log); the summary covers them all.
    #[arg(long, requires = "log")]
    pub resume: bool,
    /// Play only the pairs whose number is I modulo N (0 <= I < N); merge the
    /// shards' logs with `referee stats`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Limit in MiB on the resident memory of each external bot's whole process
    /// group, sampled every 10 ms and at its exit (Botzone's limit is 256); a bot
    /// over it is killed and loses by `memory`. 0 turns it off. Announced to
    /// Gomocup brains as `INFO max_memory`. Reserved but untouched address
    /// space does not count. Built-in (in-process) players are not subject to it.
    #[arg(long, value_name = "MB", default_value_t = BOTZONE_MEMORY_MB)]
    pub memory: u64,
    /// Seconds an engine of another protocol (gomocup:, gtp:, nboard:) may take
    /// to answer its set-up (`START`, `boardsize`, ...) before its first move's
    /// clock starts; one that takes longer loses by `startup-timeout`. Botzone
    /// bots have no separate start-up: their first turn gets double time.
    #[arg(long, value_name = "SECS", default_value = "10", allow_hyphen_values = true,
        value_parser = positive_turn_seconds)]
    pub startup_time: Duration,
    /// Let the bots' stderr through (discarded by default).
    #[arg(long)]
    pub bot_stderr: bool,
    /// Watch every game live in a browser at this address, with the score (or a
    /// tournament's ratings and crosstable) after each (default 127.0.0.1:8080;
    /// a bare port means 127.0.0.1). Implied by a `web` player.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = DEFAULT_ADDRESS)]
    pub web: Option<String>,
}

impl RunOptions {
    /// The configuration of a run of `players` with these options.
    pub fn config(
        &self,
        game: GameName,
        format: Format,
        players: Vec<String>,
        io: Vec<IoMode>,
        times: Vec<Duration>,
    ) -> anyhow::Result<MatchConfig> {
        if self.games == 0 {
            bail!("--games must be at least 1");
        }
        if game == GameName::Gomoku {
            for (player, &mode) in players.iter().zip(&io) {
                let spec = Entrant::parse(player).spec;
                let external = matches!(PlayerSpec::parse(&spec), PlayerSpec::Command(_));
                if external && mode == IoMode::Simple {
                    bail!("gomoku has no simple I/O on Botzone; use --io json for {spec:?}");
                }
            }
        }
        let openings = match (self.random_plies, &self.openings) {
            (Some(plies), _) => OpeningPlan::RandomPlies(plies),
            (None, Some(path)) => OpeningPlan::File(path.clone()),
            (None, None) => OpeningPlan::StartPosition,
        };
        Ok(MatchConfig {
            players,
            io,
            format,
            games: self.games,
            times,
            concurrency: self.concurrency,
            seed: self.seed,
            openings,
            log: self.log.clone(),
            resume: self.resume,
            shard: self.shard,
            show: false,
            sprt: None,
            progress: std::io::stderr().is_terminal(),
            process: BotProcessOptions {
                show_stderr: self.bot_stderr,
                memory_mb: (self.memory > 0).then_some(self.memory),
                startup_time: self.startup_time,
            },
            observer: None,
        })
    }
}

/// Runs `config` for `game` and prints its report; on a web board at `web`
/// (or the default address if a player is `web`), which then stays up until
/// Enter.
pub fn run_and_report(
    game: GameName,
    config: &MatchConfig,
    web: Option<String>,
) -> anyhow::Result<()> {
    let has_web_player = config
        .players
        .iter()
        .any(|p| PlayerSpec::parse(&Entrant::parse(p).spec) == PlayerSpec::Web);
    let web = web.or_else(|| has_web_player.then(|| DEFAULT_ADDRESS.to_string()));
    let Some(address) = web else {
        let results = run_game(game, config)?;
        print!("{}", results.report(config.sprt));
        return Ok(());
    };
    let web_time = config
        .players
        .iter()
        .zip(&config.times)
        .find(|(p, _)| PlayerSpec::parse(&Entrant::parse(p).spec) == PlayerSpec::Web)
        .map(|(_, &time)| time);
    if let Some(time) = web_time.filter(|&time| time < Duration::from_secs(10)) {
        eprintln!(
            "referee: the web player has {} s a move like any player; give more with --time",
            time.as_secs_f64()
        );
    }
    shutdown::install()?;
    let (results, server) = match game {
        GameName::Reversi => run_match_on_web::<Reversi>(config, &address),
        GameName::Gomoku => run_match_on_web::<Gomoku>(config, &address),
        GameName::Nogo => run_match_on_web::<NoGo>(config, &address),
        GameName::Tictactoe => run_match_on_web::<TicTacToe>(config, &address),
    }?;
    print!("{}", results.report(config.sprt));
    std::io::Write::flush(&mut std::io::stdout())?;
    linger(&server);
    Ok(())
}

/// Runs `config` for `game`, with SIGINT and SIGTERM killing every bot first.
pub fn run_game(game: GameName, config: &MatchConfig) -> anyhow::Result<MatchResults> {
    shutdown::install()?;
    match game {
        GameName::Reversi => run_match::<Reversi>(config),
        GameName::Gomoku => run_match::<Gomoku>(config),
        GameName::Nogo => run_match::<NoGo>(config),
        GameName::Tictactoe => run_match::<TicTacToe>(config),
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentFormat {
    RoundRobin,
    Gauntlet,
}

#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// The game.
    #[arg(value_enum)]
    game: GameName,
    /// Two or more players: `NAME=SPEC` or a spec (`builtin:NAME`, `human`, a
    /// shell command), which is then its own name.
    #[arg(num_args = 2.., required = true, value_name = "PLAYER")]
    players: Vec<String>,
    /// round-robin: everyone against everyone; gauntlet: the first player
    /// against each of the others.
    #[arg(long, value_enum, default_value = "round-robin")]
    format: TournamentFormat,
    #[command(flatten)]
    run: RunOptions,
}

/// `referee tournament`.
pub fn tournament(args: TournamentArgs) -> anyhow::Result<()> {
    let format = match args.format {
        TournamentFormat::RoundRobin => Format::RoundRobin,
        TournamentFormat::Gauntlet => Format::Gauntlet,
    };
    let io = vec![args.run.io; args.players.len()];
    let times = vec![args.run.time; args.players.len()];
    let config = args
        .run
        .config(args.game, format, args.players, io, times)?;
    run_and_report(args.game, &config, args.run.web.clone())
}

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Logs of one match or tournament (its shards, resumed parts, ...).
    #[arg(required = true)]
    logs: Vec<PathBuf>,
    /// Also evaluate this SPRT on a match: ELO0,ELO1[,ALPHA,BETA].
    #[arg(long)]
    sprt: Option<Sprt>,
    /// The logs are separate runs of the same players (other seeds or
    /// openings), not parts of one: every game counts, and games pair only
    /// within their own log.
    #[arg(long)]
    separate_runs: bool,
}

/// `referee stats`: the report of the games in the logs: the parts of one
/// run, each game id counted once, exactly as the run that played them all
/// would print it; or (`--separate-runs`) separate runs, added up.
pub fn stats(args: StatsArgs) -> anyhow::Result<()> {
    let logs_are = if args.separate_runs {
        LogsAre::SeparateRuns
    } else {
        LogsAre::OneRun
    };
    let (outcomes, duplicates) = merge_logs(&args.logs, logs_are)?;
    let Some(first) = outcomes.first() else {
        bail!("the logs hold no games");
    };
    if args.sprt.is_some() && first.format != Format::Match {
        bail!("--sprt tests a match, and these logs are of a tournament");
    }
    eprintln!(
        "referee: {} games from {} logs ({duplicates} duplicates counted once)",
        outcomes.len(),
        args.logs.len()
    );
    let names = first.a_and_b();
    print!(
        "{}",
        render_report(first.format, names, &outcomes, args.sprt)
    );
    Ok(())
}
