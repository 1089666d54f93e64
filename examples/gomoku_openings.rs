//! Writes Gomoku opening files: openings that are even, by one of two
//! measures.
//!
//! **`judge` (the file matches are measured on, `data/gomoku-openings.txt`):**
//! openings a strong engine finds even, in two stages.
//!
//! 1. Evaluation. Candidates are 3 to 5 stones, Black first on the centre,
//!    the others random within the central 7x7 (seeded, one per symmetry
//!    class). Each is given to a Gomocup engine (for example Rapfi, built
//!    locally: `gomocup:CMD` as the referee seats it), which searches it for
//!    `--judge-ms`; its last reported evaluation (Rapfi's `MESSAGE ... | Eval
//!    V |`, from the side to move's view, turned to Black's) is cached. The
//!    `--count` candidates with Black's evaluation in `--min-eval ..=
//!    --max-eval`, closest to 0 first, are written.
//! 2. Play (with `--played LOG`). An evaluation near 0 does not make an
//!    opening even in play: Rapfi against itself at 0.1 s a move won 82% of
//!    its games with Black from openings it evaluated between -300 and +150
//!    (Black's view) after 1 s. So the stage-1 file is played by the judge
//!    against itself, both colours per opening (`referee play gomoku
//!    gomocup:CMD gomocup:CMD --openings STAGE1 --games 2N --log LOG`), and
//!    the openings whose two games split are kept first; if too few, those
//!    both colours won for Black and for White in equal numbers, so the
//!    judge's own Black score over the file is near half.
//!
//! **`selfplay` (the earlier file, now `data/gomoku-openings-selfplay.txt`):**
//! freestyle Gomoku favours Black so much that natural openings are not
//! even in games, whatever an evaluation says: over 530 games between our
//! engines (0.2-1 s a move) from 99 openings of 2-4 stones close together
//! in the central 5x5, Black scored 79%, and 70-93% in every tenth of those
//! openings ranked by the search score. So the candidates give White
//! something back, and they are kept by the games they give:
//!
//! 1. Candidates: Black on the centre, White within two cells of it, and
//!    Black's second stone three or four cells from the centre (a slow move
//!    that hands White the initiative), one per symmetry class.
//! 2. Self-play: each candidate is played out by `alphabeta` against itself
//!    at every node budget of `--nodes` (a node cap makes the games
//!    independent of the machine's speed and load, so the file can be remade
//!    exactly). Openings where Black scores half of those games are kept; if
//!    too few, those one game off half, Black-favoured and White-favoured in
//!    equal numbers.
//!
//! Results (judged evaluations, self-play scores) are appended to `--cache`
//! as they come, so an interrupted run resumes where it stopped.
//!
//! ```sh
//! # Rapfi's config.toml is read from its working directory.
//! cargo run --release --example gomoku_openings -- judge --count 100 --candidates 600 \
//!     --seed 24 --judge "cd /path/to/rapfi && exec ./pbrain-rapfi" --cache /tmp/judged.cache \
//!     > data/gomoku-openings.txt
//! cargo run --release --example gomoku_openings -- selfplay --count 60 --cache /tmp/openings.cache \
//!     > data/gomoku-openings-selfplay.txt
//! ```

use std::collections::{HashMap, HashSet};
use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Context, Result};
use boardbots::engines::gomoku::{format_move, parse_moves, ThreatSearch, ThreatSearchConfig};
use boardbots::referee::{
    read_records, BotProcessOptions, Contestant, ForeignEngine, GameResult, GomocupProtocol,
    Termination, Turn,
};
use boardbots::search::Searcher;
use boardbots::{Game, Gomoku, GomokuMove, Limits, Outcome, Player};
use clap::{Parser, Subcommand};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

#[derive(Parser)]
#[command(about = "Gomoku openings that are even, judged by a strong engine or by self-play")]
struct Args {
    #[command(subcommand)]
    method: Method,
}

#[derive(Subcommand)]
enum Method {
    /// Openings a Gomocup engine evaluates as even after a search.
    Judge(JudgeArgs),
    /// Openings even in our engine's self-play (the earlier method).
    Selfplay(SelfplayArgs),
}

#[derive(clap::Args)]
struct JudgeArgs {
    /// Openings written.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// Candidates drawn (one per symmetry class) and judged.
    #[arg(long, default_value_t = 600)]
    candidates: usize,
    /// Seed of the candidates.
    #[arg(long, default_value_t = 24)]
    seed: u64,
    /// The judge: a shell command starting a Gomocup engine.
    #[arg(long)]
    judge: String,
    /// The judge's search time per candidate, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    judge_ms: u64,
    /// Smallest evaluation kept, Black's view, in the judge's units (Rapfi
    /// reads its evaluation as a winning chance of sigmoid(eval / 200): 50
    /// is 56%).
    #[arg(long, default_value_t = -50, allow_hyphen_values = true)]
    min_eval: i32,
    /// Largest evaluation kept, Black's view.
    #[arg(long, default_value_t = 50, allow_hyphen_values = true)]
    max_eval: i32,
    /// A referee log of the judge against itself on the stage-1 openings:
    /// keep openings by their games (stage 2).
    #[arg(long)]
    played: Option<PathBuf>,
    /// File of finished judgements (appended; read back to resume).
    #[arg(long)]
    cache: PathBuf,
}

#[derive(clap::Args)]
struct SelfplayArgs {
    /// Openings written.
    #[arg(long, default_value_t = 60)]
    count: usize,
    /// Node budgets per move of the self-play games, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "5000,15000")]
    nodes: Vec<u64>,
    /// Seed of the final sample.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Threads playing games.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// File of finished self-play results (appended; read back to resume).
    #[arg(long)]
    cache: PathBuf,
}

/// The engine that plays each candidate against itself. The file
/// data/gomoku-openings-selfplay.txt was made by the default of ee3f23c (the
/// first PVS search's settings, named `alphabeta-v2` from 0ad3d18 to
/// 5d87c81): run this example at that commit to make it again
/// (docs/gomoku.md, history).
const ENGINE: &str = "alphabeta";

fn main() -> Result<()> {
    match Args::parse().method {
        Method::Judge(args) => judge_main(&args),
        Method::Selfplay(args) => selfplay_main(&args),
    }
}

/// Stones of a judged candidate, fewest and most.
const JUDGED_STONES: std::ops::RangeInclusive<usize> = 3..=5;
/// Candidate stones lie at most this many cells from the centre on each axis
/// (the central 7x7).
const JUDGED_RADIUS: i32 = 3;

fn judge_main(args: &JudgeArgs) -> Result<()> {
    anyhow::ensure!(args.count > 0, "--count must be at least 1");
    let candidates = random_candidates(args.candidates, args.seed);
    let mut done: HashMap<String, i32> = read_cache(&args.cache, &args.judge_ms.to_string())?;
    let todo: Vec<&Vec<GomokuMove>> = candidates
        .iter()
        .filter(|line| !done.contains_key(&key(line)))
        .collect();
    eprintln!(
        "{} candidates: {} already judged, {} to judge",
        candidates.len(),
        candidates.len() - todo.len(),
        todo.len()
    );
    let mut cache = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.cache)
        .with_context(|| format!("cannot open {}", args.cache.display()))?;
    for (i, line) in todo.iter().enumerate() {
        // A judge that overran its time on a loaded machine gets another
        // chance; three failures in a row end the run (resumable).
        let eval = judge(&args.judge, line, args.judge_ms)
            .or_else(|_| judge(&args.judge, line, args.judge_ms))
            .or_else(|_| judge(&args.judge, line, args.judge_ms))
            .with_context(|| format!("judging {}", key(line)))?;
        // A failed cache write only costs a judgement after a restart.
        let _ = writeln!(cache, "{}\t{}\t{eval}", args.judge_ms, key(line));
        let _ = cache.flush();
        eprintln!("{}/{}: {} eval {eval}", i + 1, todo.len(), key(line));
        done.insert(key(line), eval);
    }

    // Black's view: the judge speaks for the side to move.
    let mut judged: Vec<Judged> = candidates
        .iter()
        .map(|line| {
            let eval = done[&key(line)];
            let black_view = if line.len() % 2 == 0 { eval } else { -eval };
            (line.clone(), black_view)
        })
        .collect();
    let histogram = eval_histogram(&judged);
    judged.sort_by_key(|(line, eval)| (eval.abs(), line.clone()));
    judged.retain(|(_, eval)| (args.min_eval..=args.max_eval).contains(eval));
    let played = match &args.played {
        None => {
            judged.truncate(args.count);
            None
        }
        Some(log) => {
            let (kept, summary) = keep_even_in_play(&judged, log, args.count)?;
            judged = kept;
            Some(summary)
        }
    };
    let mean = judged.iter().map(|(_, e)| *e as f64).sum::<f64>() / judged.len().max(1) as f64;
    judged.sort_by_key(|(line, _)| (line.len(), line.clone()));

    println!("# Gomoku openings a strong engine calls even (see examples/gomoku_openings.rs):");
    println!(
        "# {}-{} stones, Black first on h8, the rest random in the central {}x{}, one per symmetry class.",
        JUDGED_STONES.start(),
        JUDGED_STONES.end(),
        2 * JUDGED_RADIUS + 1,
        2 * JUDGED_RADIUS + 1
    );
    println!(
        "# Judge: `{}`, {} ms a candidate; its evaluation, Black's view, above each line.",
        args.judge, args.judge_ms
    );
    println!(
        "# Evaluations of the {} candidates (Black's view), by bands of 100 from -500 to 500: {histogram:?}.",
        candidates.len()
    );
    println!(
        "# Kept {} with Black's evaluation in {}..={} (mean {mean:.1}).",
        judged.len(),
        args.min_eval,
        args.max_eval
    );
    if let Some(summary) = played {
        println!("# {summary}");
    }
    println!("# Made by:");
    println!(
        "#   cargo run --release --example gomoku_openings -- judge --count {} --candidates {} --seed {} --judge-ms {} --min-eval {} --max-eval {} --judge CMD --cache FILE{}",
        args.count,
        args.candidates,
        args.seed,
        args.judge_ms,
        args.min_eval,
        args.max_eval,
        if args.played.is_some() { " --played LOG" } else { "" }
    );
    for (line, eval) in judged {
        println!("# {eval}\n{}", key(&line));
    }
    Ok(())
}

/// A candidate opening and the judge's evaluation of it, Black's view.
type Judged = (Vec<GomokuMove>, i32);

/// Stage 2: of `judged` (closest to 0 first), the `count` most even in the
/// judge's games against itself in `log` (openings with a fault or fewer
/// than two games are left out), and a line saying what they scored.
fn keep_even_in_play(judged: &[Judged], log: &Path, count: usize) -> Result<(Vec<Judged>, String)> {
    // Per opening: Black's half points and games, or None after a fault.
    let mut scores: HashMap<String, Option<(u32, u32)>> = HashMap::new();
    for record in read_records(log)? {
        let opening: Vec<GomokuMove> = record
            .opening
            .iter()
            .map(|&[x, y]| GomokuMove::new(x, y).context("opening off the board"))
            .collect::<Result<_>>()?;
        let entry = scores.entry(key(&opening)).or_insert(Some((0, 0)));
        *entry = match (*entry, record.termination) {
            (Some((points, games)), Termination::Normal) => Some((
                points
                    + match record.result {
                        GameResult::Black => 2,
                        GameResult::Draw => 1,
                        GameResult::White => 0,
                    },
                games + 1,
            )),
            _ => None,
        };
    }
    let played: Vec<(&Judged, u32, u32)> = judged
        .iter()
        .filter_map(|opening| match scores.get(&key(&opening.0)) {
            Some(Some((points, games))) if *games >= 2 => Some((opening, *points, *games)),
            _ => None,
        })
        .collect();
    let split: Vec<_> = played.iter().filter(|p| p.1 == p.2).collect();
    let black: Vec<_> = played.iter().filter(|p| p.1 > p.2).collect();
    let white: Vec<_> = played.iter().filter(|p| p.1 < p.2).collect();
    let mut kept: Vec<_> = split.iter().take(count).copied().collect();
    let pairs = ((count - kept.len()) / 2).min(black.len()).min(white.len());
    kept.extend(black.iter().take(pairs).copied());
    kept.extend(white.iter().take(pairs).copied());
    let (points, games) = kept.iter().fold((0, 0), |(p, g), k| (p + k.1, g + k.2));
    let summary = format!(
        "Judge against itself ({} openings played without a fault: {} split, {} won by Black, {} by White): kept {} split and {pairs} of each other kind; Black scores {:.1}% of their {games} games.",
        played.len(),
        split.len(),
        black.len(),
        white.len(),
        kept.len() - 2 * pairs,
        50.0 * points as f64 / games.max(1) as f64
    );
    Ok((kept.into_iter().map(|k| k.0.clone()).collect(), summary))
}

/// `count` random candidate openings, one per symmetry class, reproducible
/// from `seed`: Black on the centre, then 2 to 4 more stones (colours
/// alternating) on distinct points of the central square.
fn random_candidates(count: usize, seed: u64) -> Vec<Vec<GomokuMove>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let centre = GomokuMove::new(7, 7).expect("centre");
    let square: Vec<GomokuMove> = (7 - JUDGED_RADIUS..=7 + JUDGED_RADIUS)
        .flat_map(|y| {
            (7 - JUDGED_RADIUS..=7 + JUDGED_RADIUS)
                .map(move |x| GomokuMove::new(x, y).expect("on the board"))
        })
        .filter(|&m| m != centre)
        .collect();
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    // Far more draws than classes would need; a small square could run out.
    for _ in 0..count * 1000 {
        if openings.len() == count {
            break;
        }
        let stones = rng.gen_range(JUDGED_STONES);
        let mut line = vec![centre];
        line.extend(square.choose_multiple(&mut rng, stones - 1).copied());
        if seen.insert(canonical(&line)) {
            openings.push(line);
        }
    }
    openings
}

/// The judge's evaluation of `line` (side to move's view): a fresh engine
/// is given the position, searches `ms` and answers; the last `Eval` it
/// reported counts.
fn judge(command: &str, line: &[GomokuMove], ms: u64) -> Result<i32> {
    let pos = position(line);
    let moves: Vec<(i32, i32)> = line.iter().map(|m| (m.x(), m.y())).collect();
    let options = BotProcessOptions {
        memory_mb: Some(256),
        ..BotProcessOptions::default()
    };
    let mut engine = ForeignEngine::<Gomoku, _>::new(
        command,
        options.clone(),
        GomocupProtocol::new(options.memory_mb),
    );
    let report = engine.play_turn(&Turn {
        position: &pos,
        moves: &moves,
        colour: pos.side_to_move(),
        limit: Duration::from_millis(ms),
    });
    engine.game_over();
    if let Err(fault) = report.answer {
        anyhow::bail!("the judge failed: {:?} {}", fault.termination, fault.detail);
    }
    last_eval(&report.debug)
        .with_context(|| format!("the judge reported no `| Eval V |`: {:?}", report.debug))
}

/// The last `Eval V` of a Rapfi-style `MESSAGE ... | Eval V | ...` report.
fn last_eval(debug: &str) -> Option<i32> {
    debug.lines().rev().find_map(|line| {
        let rest = &line[line.find("| Eval ")? + "| Eval ".len()..];
        rest.split_whitespace().next()?.parse().ok()
    })
}

/// Candidates per band of 100 evaluation units from -500 to 500 (the
/// outer bands take everything beyond).
fn eval_histogram(judged: &[Judged]) -> Vec<usize> {
    let mut bands = vec![0; 10];
    for (_, eval) in judged {
        bands[((eval + 500).div_euclid(100)).clamp(0, 9) as usize] += 1;
    }
    bands
}

fn selfplay_main(args: &SelfplayArgs) -> Result<()> {
    anyhow::ensure!(!args.nodes.is_empty(), "--nodes needs at least one budget");
    anyhow::ensure!(args.threads > 0, "--threads must be at least 1");

    let candidates = candidates();
    let filtered = candidates;
    eprintln!("{} candidates", filtered.len());

    let budgets = args
        .nodes
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let mut done: HashMap<String, u32> = read_cache(&args.cache, &budgets)?;
    let todo: Vec<&Vec<GomokuMove>> = filtered
        .iter()
        .filter(|line| !done.contains_key(&key(line)))
        .collect();
    eprintln!(
        "{} already played, {} to play",
        filtered.len() - todo.len(),
        todo.len()
    );
    let cache = Mutex::new(
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(&args.cache)
            .with_context(|| format!("cannot open {}", args.cache.display()))?,
    );
    let next = AtomicUsize::new(0);
    let played = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(line) = todo.get(i) else { break };
                let black = black_points(line, &args.nodes);
                let mut file = cache.lock().expect("cache lock");
                // A failed cache write only costs a replay after a restart.
                let _ = writeln!(file, "{budgets}\t{}\t{black}", key(line));
                let _ = file.flush();
                played
                    .lock()
                    .expect("results lock")
                    .push((key(line), black));
                eprintln!("{}/{}: {} black {black}", i + 1, todo.len(), key(line));
            });
        }
    });
    done.extend(played.into_inner().expect("results lock"));

    let games = args.nodes.len() as u32;
    let results: Vec<(Vec<GomokuMove>, u32)> = filtered
        .iter()
        .map(|line| (line.clone(), done[&key(line)]))
        .collect();
    let chosen = choose(&results, games, args.count, args.seed);
    let black_total: u32 = chosen.iter().map(|(_, b)| b).sum();
    let histogram: Vec<usize> = (0..=2 * games)
        .map(|b| results.iter().filter(|r| r.1 == b).count())
        .collect();

    println!("# Gomoku openings even in self-play: Black on h8, White within two cells of it,");
    println!(
        "# Black's second stone three or four cells from h8 (see examples/gomoku_openings.rs)."
    );
    println!(
        "# Each line was played {games} times: {ENGINE} against itself at {:?} nodes a move.",
        args.nodes
    );
    println!(
        "# Black's points in those games (in half points, 0..={}) over the {} candidates played: {histogram:?}.",
        2 * games,
        results.len()
    );
    println!(
        "# Kept {}: Black scores {:.1}% of their self-play games (comment above each line, half points).",
        chosen.len(),
        50.0 * black_total as f64 / (games as f64 * chosen.len().max(1) as f64)
    );
    println!("# Made by:");
    println!(
        "#   cargo run --release --example gomoku_openings -- selfplay --count {} --nodes {budgets} --seed {} --cache FILE",
        args.count, args.seed
    );
    for (line, black) in chosen {
        println!("# {black}\n{}", key(&line));
    }
    Ok(())
}

/// Every candidate opening, one per symmetry class, in a fixed order.
fn candidates() -> Vec<Vec<GomokuMove>> {
    let centre = GomokuMove::new(7, 7).expect("centre");
    let at_distance = |range: std::ops::RangeInclusive<i32>| -> Vec<GomokuMove> {
        (3..12)
            .flat_map(|y| (3..12).map(move |x| GomokuMove::new(x, y).expect("on the board")))
            .filter(|m| range.contains(&(m.x() - 7).abs().max((m.y() - 7).abs())))
            .collect()
    };
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    for &white in &at_distance(1..=2) {
        for &black in &at_distance(3..=4) {
            let line = vec![centre, white, black];
            if seen.insert(canonical(&line)) {
                openings.push(line);
            }
        }
    }
    openings.sort();
    openings
}

/// Black's points (2 a win, 1 a draw) in the self-play games of `line`.
fn black_points(line: &[GomokuMove], budgets: &[u64]) -> u32 {
    budgets
        .iter()
        .map(|&nodes| match self_play(line, nodes) {
            Outcome::Win(Player::Black) => 2,
            Outcome::Win(Player::White) => 0,
            Outcome::Draw => 1,
        })
        .sum()
}

/// Plays `line` out with [`ENGINE`] on both sides at `nodes` a move.
fn self_play(line: &[GomokuMove], nodes: u64) -> Outcome {
    let mut pos = position(line);
    // One engine instance per side, as two separate bots would be.
    let mut sides = [
        ThreatSearch::new(ThreatSearchConfig::default()),
        ThreatSearch::new(ThreatSearchConfig::default()),
    ];
    loop {
        if let Some(outcome) = pos.outcome() {
            return outcome;
        }
        let side = pos.side_to_move() as usize;
        let m = sides[side]
            .choose_move(&pos, &Limits::nodes(nodes))
            .best_move;
        pos.try_play(m).expect("the engine plays legal moves");
    }
}

/// The kept openings: those where Black scores half, then pairs one game
/// either side of half (so the file stays even), sampled with `seed`.
fn choose(
    results: &[(Vec<GomokuMove>, u32)],
    games: u32,
    count: usize,
    seed: u64,
) -> Vec<(Vec<GomokuMove>, u32)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let with = |points: u32, rng: &mut SmallRng| {
        let mut lines: Vec<_> = results.iter().filter(|r| r.1 == points).cloned().collect();
        lines.shuffle(rng);
        lines
    };
    let mut chosen = with(games, &mut rng);
    chosen.truncate(count);
    if chosen.len() < count {
        let more_black = with(games + 2, &mut rng);
        let more_white = games
            .checked_sub(2)
            .map_or_else(Vec::new, |p| with(p, &mut rng));
        let pairs = ((count - chosen.len()) / 2)
            .min(more_black.len())
            .min(more_white.len());
        chosen.extend(more_black.into_iter().take(pairs));
        chosen.extend(more_white.into_iter().take(pairs));
    }
    chosen.sort_by_key(|(line, _)| (line.len(), line.clone()));
    chosen
}

fn position(line: &[GomokuMove]) -> Gomoku {
    let mut pos = Gomoku::start();
    for &m in line {
        pos.try_play(m).expect("candidate openings are legal");
    }
    pos
}

/// An opening as written in the file and the cache: `h8 h9 i8`.
fn key(line: &[GomokuMove]) -> String {
    line.iter()
        .map(|&m| format_move(m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A results cache: lines `TAG<tab>MOVES<tab>RESULT` (the self-play node
/// budgets and Black's points, or the judge's milliseconds and its
/// evaluation); only lines made with `tag` count.
fn read_cache<T: std::str::FromStr>(path: &PathBuf, tag: &str) -> Result<HashMap<String, T>> {
    let mut done = HashMap::new();
    let Ok(file) = std::fs::File::open(path) else {
        return Ok(done);
    };
    for line in BufReader::new(file).lines() {
        let line = line?;
        let fields: Vec<&str> = line.split('\t').collect();
        // A line cut short by an interrupted run is played again.
        if let [made_with, moves, result] = fields[..] {
            if let (true, Ok(result), Ok(_)) =
                (made_with == tag, result.parse::<T>(), parse_moves(moves))
            {
                done.insert(moves.to_string(), result);
            }
        }
    }
    Ok(done)
}

/// The smallest image of the opening under the board's eight symmetries
/// (about the centre), stones listed per colour in sorted order.
fn canonical(line: &[GomokuMove]) -> Vec<(u8, u8, u8)> {
    (0..8)
        .map(|symmetry| {
            let mut stones: Vec<(u8, u8, u8)> = line
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let (mut x, mut y) = (m.x() - 7, m.y() - 7);
                    if symmetry & 1 != 0 {
                        x = -x;
                    }
                    if symmetry & 2 != 0 {
                        y = -y;
                    }
                    if symmetry & 4 != 0 {
                        std::mem::swap(&mut x, &mut y);
                    }
                    ((i % 2) as u8, (x + 7) as u8, (y + 7) as u8)
                })
                .collect();
            stones.sort();
            stones
        })
        .min()
        .expect("eight symmetries")
}
