//! Trains the Reversi pattern weights (resumable; see
//! `boardbots::engines::reversi::training`), then reports the held-out error.
//!
//! ```text
//! cargo run --release --example train_reversi -- --dir train-run --seed 4 --games 120000 \
//!     --search-depth 4 --random-one-in 8 --positions-per-stage 300000 --heldout-per-empties 0
//! cp train-run/reversi-weights.bin data/reversi-weights.bin
//! # held-out error (exact solves at 20-24 empties: up to a minute each at 23-24), on the policy's
//! # games, then on games a depth-4 search played
//! cargo run --release --example train_reversi -- --dir train-run --evaluate data/reversi-weights.bin
//! cargo run --release --example train_reversi -- --dir train-run --evaluate data/reversi-weights.bin \
//!     --heldout-search-depth 4 --heldout-per-empties 48
//! # the same error on the positions of real games: every one at 20-24 empties in a referee log
//! xz -dc data/matches/reversi-egaroucid18-451.jsonl.xz > games.jsonl
//! cargo run --release --example train_reversi -- --dir train-run --evaluate data/reversi-weights.bin \
//!     --heldout-log games.jsonl
//! ```
//!
//! The first command is that of the committed weights, run at the commit data/README.md
//! names (the search plays with the weights embedded then). The flags' defaults are the
//! settings of the first trained weights.

use std::path::PathBuf;

use clap::Parser;

use boardbots::engines::reversi::training::{
    exact_samples, fixed_depth_error, heldout_samples, mean_absolute_error, probcut_statistics,
    read_samples, search_label_error, train, FitConfig, Position, Sample, SelfPlayMoves,
    TrainConfig,
};
use boardbots::engines::reversi::{Weights, STAGES};
use boardbots::referee::read_records;
use boardbots::{Game, Reversi};

#[derive(Parser)]
struct Args {
    /// Working directory: intermediate files, logs and the weight file.
    #[arg(long)]
    dir: PathBuf,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    #[arg(long, default_value_t = 5)]
    random_one_in: u32,
    /// Depth of the search that plays the training games' other moves (0:
    /// the mobility-and-corners policy).
    #[arg(long, default_value_t = 0)]
    search_depth: u32,
    /// A position file of an earlier run (its `positions.bin`) to add to
    /// this run's self-play positions (repeatable).
    #[arg(long)]
    more_positions: Vec<PathBuf>,
    #[arg(long, default_value_t = 40_000)]
    positions_per_stage: usize,
    /// Most positions per stage labelled by the exact solver (default: as
    /// `--positions-per-stage`).
    #[arg(long)]
    exact_positions_per_stage: Option<usize>,
    #[arg(long, default_value_t = 14)]
    exact_max_empties: u32,
    #[arg(long, default_value_t = 1)]
    extra_depth: u32,
    #[arg(long, default_value_t = STAGES)]
    stages: usize,
    /// The stages after `--stages` from this weight file (e.g. to retrain
    /// only the endgame stages), instead of copies of the last trained one.
    #[arg(long)]
    later_stages_from: Option<PathBuf>,
    /// Threads that label a stage (search labels are reproducible for a
    /// given count: each thread's table carries over between its positions).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 200)]
    epochs: usize,
    /// Pull towards the previous stage's weights, in samples.
    #[arg(long, default_value_t = 5.0)]
    regularisation: f64,
    /// Held-out positions per empties count 20..=24 (0: skip the held-out test).
    #[arg(long, default_value_t = 16)]
    heldout_per_empties: usize,
    /// Seed of the held-out games.
    #[arg(long, default_value_t = 1_000_003)]
    heldout_seed: u64,
    /// Depth of the search that plays the held-out games (0: the policy).
    #[arg(long, default_value_t = 0)]
    heldout_search_depth: u32,
    /// Only measure the held-out error of this weight file.
    #[arg(long)]
    evaluate: Option<PathBuf>,
    /// Only measure ProbCut's statistics (deep minus shallow search) on
    /// this many middle-game positions, with the weights of `--evaluate`.
    #[arg(long)]
    measure_probcut: Option<usize>,
    /// Deepest search depth `--measure-probcut` measures (from 3).
    #[arg(long, default_value_t = 9)]
    probcut_max_depth: u32,
    /// Only measure, on the held-out set, the error of the labels a
    /// search-labelled stage would get with `--extra-depth` 0 up to this,
    /// searching on the weights of `--evaluate`.
    #[arg(long)]
    measure_labels: Option<u32>,
    /// Only measure, on the held-out set, the error of plain searches of
    /// depth 1 up to this on the weights of `--evaluate` (table cleared
    /// before each search).
    #[arg(long)]
    measure_depths: Option<u32>,
    /// Held-out samples from this file (e.g. the partial file of an
    /// interrupted held-out run) instead of building the set.
    #[arg(long)]
    heldout_file: Option<PathBuf>,
    /// Held-out positions from the games of this referee log instead
    /// (repeatable; plain JSON lines, `xz -dc` a compressed one first):
    /// every distinct position with 20-24 empties, solved exactly.
    #[arg(long)]
    heldout_log: Vec<PathBuf>,
    /// Only build the held-out set.
    #[arg(long)]
    heldout_only: bool,
}

/// Every distinct position with 20-24 empties, side to move first, in the
/// Reversi games of the referee logs at `paths`, in the order met.
fn logged_positions(paths: &[PathBuf]) -> anyhow::Result<Vec<Position>> {
    let mut positions = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for path in paths {
        for record in read_records(path)? {
            if record.game != "reversi" {
                anyhow::bail!(
                    "{}: game {} is {}, not reversi",
                    path.display(),
                    record.number,
                    record.game
                );
            }
            let mut game = Reversi::start();
            for &[x, y] in &record.moves {
                let p = Position {
                    player: game.player_bits(),
                    opponent: game.opponent_bits(),
                };
                if (20..=24).contains(&p.empties()) && seen.insert((p.player, p.opponent)) {
                    positions.push(p);
                }
                let m = Reversi::move_from_xy(x, y).ok_or_else(|| {
                    anyhow::anyhow!(
                        "{}: game {}: no move ({x}, {y})",
                        path.display(),
                        record.number
                    )
                })?;
                game.try_play(m).map_err(|e| {
                    anyhow::anyhow!(
                        "{}: game {}: ({x}, {y}): {e}",
                        path.display(),
                        record.number
                    )
                })?;
            }
        }
    }
    Ok(positions)
}

/// The logged positions of `paths` solved exactly, cached in the run's
/// directory under a name that follows from the positions themselves.
fn logged_heldout_samples(
    config: &TrainConfig,
    paths: &[PathBuf],
    log: &mut dyn std::io::Write,
) -> anyhow::Result<Vec<Sample>> {
    let positions = logged_positions(paths)?;
    // FNV-1a over the positions: another set of games gets another file.
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for p in &positions {
        for byte in p
            .player
            .to_le_bytes()
            .into_iter()
            .chain(p.opponent.to_le_bytes())
        {
            hash = (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let name = format!("heldout-logs-{}-{hash:016x}", positions.len());
    exact_samples(&config.dir, &name, &positions, log)
}

/// The held-out set the flags name, built or read from the run's directory:
/// the positions of `--heldout-log`, or else the self-play set.
fn build_heldout(
    args: &Args,
    config: &TrainConfig,
    log: &mut dyn std::io::Write,
) -> anyhow::Result<Vec<Sample>> {
    if args.heldout_log.is_empty() {
        heldout_samples(
            config,
            args.heldout_seed,
            moves_of(args.heldout_search_depth),
            log,
        )
    } else {
        logged_heldout_samples(config, &args.heldout_log, log)
    }
}

fn moves_of(search_depth: u32) -> SelfPlayMoves {
    match search_depth {
        0 => SelfPlayMoves::Policy,
        depth => SelfPlayMoves::Search(depth),
    }
}

fn main() {
    let args = Args::parse();
    if let Err(e) = run(args) {
        eprintln!("train_reversi: {e:#}");
        std::process::exit(2);
    }
}

fn read_weights(path: &std::path::Path) -> anyhow::Result<Weights> {
    let bytes =
        std::fs::read(path).map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?;
    Weights::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

fn run(args: Args) -> anyhow::Result<()> {
    let config = TrainConfig {
        dir: args.dir.clone(),
        seed: args.seed,
        games: args.games,
        random_one_in: args.random_one_in,
        self_play: moves_of(args.search_depth),
        more_positions: args.more_positions.clone(),
        positions_per_stage: args.positions_per_stage,
        exact_positions_per_stage: args
            .exact_positions_per_stage
            .unwrap_or(args.positions_per_stage),
        exact_max_empties: args.exact_max_empties,
        extra_depth: args.extra_depth,
        stages: args.stages,
        later_stages_from: args
            .later_stages_from
            .as_deref()
            .map(read_weights)
            .transpose()?,
        threads: args.threads,
        heldout_per_empties: args.heldout_per_empties,
        fit: FitConfig {
            epochs: args.epochs,
            regularisation: args.regularisation,
            ..FitConfig::default()
        },
    };
    let mut log = std::io::stdout();
    if args.heldout_only {
        build_heldout(&args, &config, &mut log)?;
        return Ok(());
    }
    let weights = match &args.evaluate {
        Some(path) => read_weights(path)?,
        None => {
            train(&config, &mut log)?;
            let path = config.dir.join("reversi-weights.bin");
            Weights::from_bytes(&std::fs::read(&path)?)?
        }
    };
    if let Some(count) = args.measure_probcut {
        let positions: Vec<_> = boardbots::engines::reversi::middle_game_positions(count, 17)
            .iter()
            .map(|p| Position {
                player: p.player_bits(),
                opponent: p.opponent_bits(),
            })
            .collect();
        for (deep, shallow, mean, sigma) in
            probcut_statistics(&weights, &positions, 3..=args.probcut_max_depth)
        {
            println!(
                "probcut: depth {deep} vs {shallow}, {} positions: mean {mean:+.2} sigma {sigma:.2} discs",
                positions.len()
            );
        }
        return Ok(());
    }
    if args.heldout_per_empties > 0 {
        let samples = match &args.heldout_file {
            Some(path) => read_samples(path)?,
            None => build_heldout(&args, &config, &mut log)?,
        };
        let print_errors = |setting: &str, rows: Vec<(u32, f64, f64)>| {
            for (value, mae, seconds) in rows {
                println!(
                    "{setting} {value}, {} positions, MAE {mae:.2} discs, {seconds:.2}s",
                    samples.len()
                );
            }
        };
        if let Some(max_extra) = args.measure_labels {
            print_errors(
                "labels: extra depth",
                search_label_error(&weights, &samples, 0..=max_extra),
            );
            return Ok(());
        }
        if let Some(max_depth) = args.measure_depths {
            print_errors(
                "searches: depth",
                fixed_depth_error(&weights, &samples, 1..=max_depth),
            );
            return Ok(());
        }
        let mut total = (0usize, 0.0f64);
        for (empties, n, mae) in mean_absolute_error(&weights, &samples) {
            println!("held-out: {empties} empties, {n} positions, MAE {mae:.2} discs");
            total.0 += n;
            total.1 += mae * n as f64;
        }
        println!(
            "held-out: 20-24 empties, {} positions, MAE {:.2} discs",
            total.0,
            total.1 / total.0.max(1) as f64
        );
    }
    Ok(())
}
