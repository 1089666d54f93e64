//! `reversi bench`: the engine's speed figures on fixed positions, then the
//! line `signature N` ([`reversi_signature`]).

use std::io::{self, Write};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::engine::{EngineSettings, ReversiEngine};
use super::evaluator::evaluate;
use super::ffo::ffo_positions;
use super::midgame::MidgameSearch;
use super::pattern_engine::{PatternEngine, PatternSettings};
use super::playout::{PlayoutStyle, ReversiPlayout};
use super::solver::{EndgameSolver, SolveMode};
use super::training::{self_play_positions, SelfPlayMoves};
use super::weights::Weights;
use crate::engines::threads_bench;
use crate::game::{Game, Outcome, Player};
use crate::games::notation::parse_openings;
use crate::games::Reversi;
use crate::search::{thread_cpu_seconds, Limits, PlayoutPolicy, Searcher};

/// Solver table size used by the bench (and the bot).
const BENCH_TABLE_BYTES: usize = 64 << 20;

/// Solves the FFO positions numbered `ids` from a cold table each, printing
/// one line per position and a total; returns the total CPU seconds (wall
/// seconds where CPU time is unknown).
pub fn ffo_bench(out: &mut dyn Write, ids: std::ops::RangeInclusive<u32>) -> io::Result<f64> {
    let mut solver = EndgameSolver::new(BENCH_TABLE_BYTES);
    let (mut total_secs, mut total_cpu_secs, mut total_nodes) = (0.0, 0.0, 0u64);
    for ffo in ffo_positions().into_iter().filter(|p| ids.contains(&p.id)) {
        solver.clear_table();
        let watch = Stopwatch::start();
        let solved = solver.solve(&ffo.position, SolveMode::Exact, &Limits::unlimited());
        let secs = watch.wall_secs();
        let cpu_secs = watch.cpu_secs().unwrap_or(secs);
        let solution = solved.expect("an FFO position is unfinished and the solve unlimited");
        total_secs += secs;
        total_cpu_secs += cpu_secs;
        total_nodes += solution.nodes;
        let verdict = if solution.score == ffo.score && ffo.best_moves.contains(&solution.best_move)
        {
            "ok"
        } else {
            "WRONG"
        };
        writeln!(
            out,
            "ffo #{}: score {} best {} nodes {} time {secs:.3}s cpu {cpu_secs:.3}s ({:.1} M nodes/s of CPU) {verdict}",
            ffo.id,
            solution.score,
            solution.best_move,
            solution.nodes,
            solution.nodes as f64 / cpu_secs.max(1e-9) / 1e6
        )?;
    }
    writeln!(
        out,
        "ffo #{}-#{}: nodes {total_nodes} time {total_secs:.3}s cpu {total_cpu_secs:.3}s ({:.1} M nodes/s of CPU)",
        ids.start(),
        ids.end(),
        total_nodes as f64 / total_cpu_secs.max(1e-9) / 1e6
    )?;
    Ok(total_cpu_secs)
}

/// Seconds of wall clock and of CPU between two readings, as text.
struct Stopwatch {
    wall: Instant,
    cpu: Option<f64>,
}

impl Stopwatch {
    fn start() -> Self {
        Stopwatch {
            wall: Instant::now(),
            cpu: thread_cpu_seconds(),
        }
    }

    fn wall_secs(&self) -> f64 {
        self.wall.elapsed().as_secs_f64()
    }

    fn cpu_secs(&self) -> Option<f64> {
        Some(thread_cpu_seconds()? - self.cpu?)
    }

    /// `"<n>/s (<m>/s of CPU)"` for `count` events.
    fn rate(&self, count: f64) -> String {
        let wall = format!("{:.0}/s", count / self.wall_secs().max(1e-9));
        match self.cpu_secs() {
            Some(cpu) => format!("{wall} ({:.0}/s of CPU)", count / cpu.max(1e-9)),
            None => wall,
        }
    }
}

/// Playouts from the start position in each style for about `secs`.
pub fn playout_bench(out: &mut dyn Write, secs: f64) -> io::Result<()> {
    for (name, style) in [
        ("uniform", PlayoutStyle::UNIFORM),
        ("corner-aware", PlayoutStyle::CORNER_AWARE),
        ("mobility", PlayoutStyle::MOBILITY),
    ] {
        let mut policy = ReversiPlayout::new(style);
        let mut rng = SmallRng::seed_from_u64(1);
        let start = Reversi::start();
        let (mut playouts, mut black_wins) = (0u64, 0u64);
        let watch = Stopwatch::start();
        while watch.wall_secs() < secs {
            // Read the clock once per batch: it costs as much as a playout.
            for _ in 0..1000 {
                let mut pos = start;
                black_wins +=
                    (policy.playout(&mut pos, &mut rng) == Outcome::Win(Player::Black)) as u64;
            }
            playouts += 1000;
        }
        writeln!(
            out,
            "playouts ({name}) from the start: {playouts} in {:.2}s = {} (black wins {:.1}%)",
            watch.wall_secs(),
            watch.rate(playouts as f64),
            100.0 * black_wins as f64 / playouts as f64
        )?;
    }
    Ok(())
}

/// One MCTS search of `secs` from the start position with the bot's settings.
pub fn mcts_bench(out: &mut dyn Write, secs: f64) -> io::Result<()> {
    let mut engine = ReversiEngine::new(EngineSettings::default(), 1);
    let limits = Limits::time(Duration::from_secs_f64(secs));
    let watch = Stopwatch::start();
    let result = engine.choose_move(&Reversi::start(), &limits);
    writeln!(
        out,
        "mcts from the start, {secs}s: {} playouts = {}, {} nodes, move {} value {:.3}",
        result.playouts,
        watch.rate(result.playouts as f64),
        result.nodes,
        result.best_move,
        result.value
    )
}

/// Solve times by number of empties, to choose [`solver_reach`]: plays
/// `games` games of the bot against itself (500 iterations a move, solver
/// off, seeded) and times an exact and a win/loss/draw solve, each with a
/// cold table, of the position at every count of empties from 24 down to
/// 12. Prints the mean and worst CPU seconds per count.
///
/// [`solver_reach`]: super::engine::solver_reach
pub fn solver_reach_bench(out: &mut dyn Write, games: u64) -> io::Result<()> {
    const MOST_EMPTIES: u32 = 24;
    const FEWEST_EMPTIES: u32 = 12;
    let rows = (MOST_EMPTIES - FEWEST_EMPTIES + 1) as usize;
    // [empties][mode] -> (sum, worst, count)
    let mut stats = vec![[(0.0f64, 0.0f64, 0u32); 2]; rows];
    let mut solver = EndgameSolver::new(BENCH_TABLE_BYTES);
    let settings = EngineSettings {
        use_solver: false,
        ..EngineSettings::default()
    };
    for game in 0..games {
        let mut players = [
            ReversiEngine::new(settings, 2 * game),
            ReversiEngine::new(settings, 2 * game + 1),
        ];
        let mut pos = Reversi::start();
        while !pos.is_game_over() && pos.empty_count() >= FEWEST_EMPTIES {
            let empties = pos.empty_count();
            if empties <= MOST_EMPTIES {
                for (column, mode) in [SolveMode::Exact, SolveMode::WinLossDraw]
                    .into_iter()
                    .enumerate()
                {
                    solver.clear_table();
                    let watch = Stopwatch::start();
                    solver
                        .solve(&pos, mode, &Limits::unlimited())
                        .expect("an unfinished position");
                    let secs = watch.cpu_secs().unwrap_or_else(|| watch.wall_secs());
                    let cell = &mut stats[(MOST_EMPTIES - empties) as usize][column];
                    *cell = (cell.0 + secs, cell.1.max(secs), cell.2 + 1);
                }
            }
            let mover = pos.side_to_move().index();
            let choice = players[mover].choose_move(&pos, &Limits::iterations(500));
            pos.play_unchecked(choice.best_move);
        }
    }
    writeln!(
        out,
        "empties  exact mean/worst (s)   wld mean/worst (s)   positions"
    )?;
    for (row, cells) in stats.iter().enumerate() {
        let [(exact_sum, exact_worst, n), (wld_sum, wld_worst, _)] = *cells;
        if n > 0 {
            writeln!(
                out,
                "{:>7}  {:>8.3} / {:>7.3}      {:>8.3} / {:>7.3}   {n}",
                MOST_EMPTIES - row as u32,
                exact_sum / n as f64,
                exact_worst,
                wld_sum / n as f64,
                wld_worst
            )?;
        }
    }
    Ok(())
}

/// Middle-game positions (`count`, at 24 to 40 empties) from the seeded
/// self-play games of the training pipeline.
pub fn middle_game_positions(count: usize, seed: u64) -> Vec<Reversi> {
    let openings =
        parse_openings::<Reversi>(include_str!("../../../data/reversi-xot-openings.txt"))
            .expect("the committed openings parse");
    self_play_positions(&openings, count, seed, 5, SelfPlayMoves::Policy)
        .chunks(1)
        .filter(|c| (24..=40).contains(&c[0].empties()) && c[0].player.count_ones() % 3 == 0)
        .map(|c| Reversi::from_bitboards(c[0].player, c[0].opponent, Player::Black))
        .filter(|pos| pos.legal_moves_mask().count_ones() > 1)
        .step_by(3)
        .take(count)
        .collect()
}

/// The pattern engine's speed: evaluations per second, and the depth and
/// nodes per second of its midgame search in `secs` from middle-game positions.
pub fn pattern_bench(out: &mut dyn Write, secs: f64) -> io::Result<()> {
    let decoding = Instant::now();
    let weights = Weights::embedded();
    writeln!(
        out,
        "pattern weights: decoded in {:.2} ms (0 if an earlier call did it)",
        decoding.elapsed().as_secs_f64() * 1e3
    )?;
    let positions = middle_game_positions(12, 3);
    let watch = Stopwatch::start();
    let (mut evaluations, mut checksum) = (0u64, 0i64);
    while watch.wall_secs() < 1.0 {
        for pos in &positions {
            checksum += evaluate(weights, pos.player_bits(), pos.opponent_bits()) as i64;
        }
        evaluations += positions.len() as u64;
    }
    writeln!(
        out,
        "pattern evaluation: {evaluations} evaluations = {} (checksum {checksum})",
        watch.rate(evaluations as f64)
    )?;
    for (name, probcut) in [
        ("probcut", PatternSettings::default().probcut),
        ("no probcut", None),
    ] {
        let mut search = MidgameSearch::new(weights, 16 << 20, probcut);
        let (mut depths, mut nodes, mut cpu) = (Vec::new(), 0u64, 0.0);
        for pos in &positions {
            search.clear_table();
            let watch = Stopwatch::start();
            let limits = Limits::time(Duration::from_secs_f64(secs));
            let result = search
                .search(pos.player_bits(), pos.opponent_bits(), &limits, None)
                .expect("the positions have placements");
            cpu += watch.cpu_secs().unwrap_or(watch.wall_secs());
            nodes += result.nodes;
            depths.push(result.depth);
        }
        writeln!(
            out,
            "pattern search ({name}), {secs}s from {} positions at 24-40 empties: depths {:?} (mean {:.1}), {:.0} nodes/s of CPU",
            positions.len(),
            depths,
            depths.iter().sum::<u32>() as f64 / depths.len() as f64,
            nodes as f64 / cpu.max(1e-9)
        )?;
    }
    Ok(())
}

/// Nodes and CPU seconds of the default engine's midgame search (a fresh
/// engine per position, solver off) to a fixed `depth` on the middle-game
/// positions of [`pattern_bench`]: what a change of move ordering or
/// pruning saves, one line per position and a total.
pub fn pattern_depth_bench(out: &mut dyn Write, depth: u32) -> io::Result<()> {
    let settings = PatternSettings {
        use_solver: false,
        ..PatternSettings::default()
    };
    let (mut nodes, mut cpu) = (0u64, 0.0);
    for (i, pos) in middle_game_positions(12, 3).iter().enumerate() {
        let mut engine = PatternEngine::new(settings);
        let watch = Stopwatch::start();
        let result = engine.choose_move(pos, &Limits::depth(depth));
        let secs = watch.cpu_secs().unwrap_or(watch.wall_secs());
        writeln!(
            out,
            "position {i}: depth {depth}, {} nodes, {secs:.2}s of CPU, move {:?}",
            result.nodes, result.best_move
        )?;
        nodes += result.nodes;
        cpu += secs;
    }
    writeln!(
        out,
        "pattern search to depth {depth}: {nodes} nodes, {cpu:.2}s of CPU ({:.0} nodes/s)",
        nodes as f64 / cpu.max(1e-9)
    )
}

/// `reversi bench --threads N`: the pattern engine (solver off) on
/// `threads` threads against one, 0.8 s per search, on the middle-game
/// positions of [`pattern_bench`].
pub fn pattern_threads_bench(out: &mut dyn Write, threads: usize) -> io::Result<()> {
    let settings = PatternSettings {
        use_solver: false,
        ..PatternSettings::default()
    };
    threads_bench(
        out,
        "pattern (lazy smp)",
        &middle_game_positions(12, 3),
        threads,
        Duration::from_millis(800),
        |t| PatternEngine::with_threads(settings, t),
        |engine, pos, limits| engine.choose_move(pos, limits),
    )
}

/// Depth of the default engine's midgame searches in the bench signature.
pub const SIGNATURE_DEPTH: u32 = 11;

/// Positions at `empties` empties (side to move with two or more moves) from
/// the seeded self-play games of the training pipeline.
fn endgame_positions(count: usize, empties: u32, seed: u64) -> Vec<Reversi> {
    let openings =
        parse_openings::<Reversi>(include_str!("../../../data/reversi-xot-openings.txt"))
            .expect("the committed openings parse");
    self_play_positions(&openings, 4 * count, seed, 5, SelfPlayMoves::Policy)
        .into_iter()
        .filter(|p| p.empties() == empties)
        .map(|p| Reversi::from_bitboards(p.player, p.opponent, Player::Black))
        .filter(|pos| pos.legal_moves_mask().count_ones() > 1)
        .take(count)
        .collect()
}

/// The bench signature: the nodes of the default engine (`pattern`, a fresh
/// one per position) at `depth` on the middle-game positions of
/// [`pattern_bench`], plus the nodes of exact solves (cold table) of four
/// fixed positions at 20 empties. No clock enters it: the same on every run
/// and machine, and it changes when the search does.
pub fn reversi_signature(depth: u32) -> u64 {
    let mut nodes = 0;
    for pos in middle_game_positions(12, 3) {
        let mut engine = PatternEngine::new(PatternSettings::default());
        nodes += engine.choose_move(&pos, &Limits::depth(depth)).nodes;
    }
    let mut solver = EndgameSolver::new(16 << 20);
    for pos in endgame_positions(4, 20, 7) {
        solver.clear_table();
        nodes += solver
            .solve(&pos, SolveMode::Exact, &Limits::unlimited())
            .expect("an unfinished position and an unlimited solve")
            .nodes;
    }
    nodes
}

/// Prints every speed figure of the Reversi engines: the pattern
/// evaluation and search, playouts, MCTS, and the solver on FFO #40-#44;
/// last the signature.
pub fn reversi_bench(out: &mut dyn Write) -> io::Result<()> {
    pattern_bench(out, 0.8)?;
    playout_bench(out, 1.0)?;
    mcts_bench(out, 1.0)?;
    ffo_bench(out, 40..=44)?;
    writeln!(out, "signature {}", reversi_signature(SIGNATURE_DEPTH))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The signature is a node count that no clock enters: the same on a
    /// second run, and larger when the midgame searches go deeper.
    #[test]
    fn signature_is_deterministic_and_grows_with_depth() {
        let shallow = reversi_signature(3);
        assert!(shallow > 0);
        assert_eq!(reversi_signature(3), shallow, "a second run");
        assert!(reversi_signature(5) > shallow);
    }
}
