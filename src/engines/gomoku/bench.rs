//! `gomoku bench`: for the main search of `alphabeta`, the depth reached and
//! the nodes per second in 0.8 s on fixed positions, with the default
//! evaluation and then with `evaluation=table`; then VCF solves per second
//! and VCT nodes per second (node-capped, the same work every run); last the
//! time the signature's fixed work takes and the line `signature N`
//! ([`gomoku_signature`], the default's alone).

use std::io::{self, Write};
use std::time::{Duration, Instant};

use super::engine::{ThreatSearch, ThreatSearchConfig};
use super::evaluator::Evaluation;
use super::notation::parse_moves;
use super::threat_board::ThreatBoard;
use super::vcf::VcfSolver;
use super::vct::VctSolver;
use crate::game::Game;
use crate::games::Gomoku;
use crate::search::{thread_cpu_seconds, Limits};

/// Middle-game positions where the side to move has no VCF (the first three
/// from the tactics suite, the last an early fight).
const SEARCH_POSITIONS: [&str; 4] = [
    "i7 k8 i10 i8 h8 k5 j5 k6 k7 j7 h9 i6 h5",
    "g6 j10 g7 g9 g4 g5 k6 i7 j9 h8 j6 h6 j8",
    "g6 j10 g7 g9 g4 g5 k6 i7 j9 h8 j6 h6 j8 k7 j7 g10 f7 j5 h5",
    "h8 i9 g7 i7 i8 g8 j9",
];

/// Thinking time of each main search.
const SEARCH_TIME: Duration = Duration::from_millis(800);

/// Positions where the side to move has a VCF (from the tactics suite).
const VCF_POSITIONS: [&str; 4] = [
    "g9 j11 g11 g8 h9 j6 e9 f9 f10 d8 e11 h8 g6 f7 e10 e8 f8 f6",
    "e9 k8 e7 e6 g9 k7 f8 h10 g7 h6 g6 g8 f7 h7",
    "k7 j7 k6 k8 i6 j6 j5 f10 i4 l7 k4 h7",
    "e9 j10 g7 g11 h6 f8 f11 e11 g9 g6 h9 f9 f10 h7 i8 g10 h5 i5 i6 e10 j7 k8",
];

/// Solves of each VCF position.
const VCF_REPEATS: u32 = 50;

/// Node cap and threat limit of the VCT solves on the search positions (the
/// root check's cap and the engine's threat limit).
const VCT_NODES: u64 = 60_000;
const VCT_MAX_THREATS: u32 = 6;
/// Solves of each search position, for either side.
const VCT_REPEATS: u32 = 5;

/// Depth of the default engine's main searches in the bench signature.
pub const SIGNATURE_DEPTH: u32 = 14;

fn position(moves: &str) -> Gomoku {
    let mut pos = Gomoku::start();
    for m in parse_moves(moves).expect("bench positions parse") {
        pos.try_play(m).expect("bench positions are legal");
    }
    pos
}

/// Runs the benchmark and writes a short report to `out`.
pub fn gomoku_bench(out: &mut dyn Write) -> io::Result<()> {
    main_search_speed(out, "alphabeta", ThreatSearchConfig::default())?;
    let mut table = ThreatSearchConfig::default();
    table.main.evaluation = Evaluation::table();
    main_search_speed(out, "alphabeta evaluation=table", table)?;
    solver_speed(out)?;
    // The signature's work is fixed (no clock enters it), so its time is
    // the steadiest speed figure: a change that keeps the signature and
    // takes less time here made the same search faster.
    let (signature, elapsed, cpu) = timed(|| gomoku_signature(SIGNATURE_DEPTH));
    writeln!(
        out,
        "signature work: {signature} nodes in {elapsed:.3} s ({cpu:.2} s CPU)"
    )?;
    writeln!(out, "signature {signature}")
}

/// What `work` returns, with the wall-clock seconds it took and this
/// thread's CPU seconds (the wall clock where the CPU clock cannot be read).
fn timed<T>(work: impl FnOnce() -> T) -> (T, f64, f64) {
    let cpu_before = thread_cpu_seconds();
    let started = Instant::now();
    let value = work();
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_before
        .zip(thread_cpu_seconds())
        .map_or(elapsed, |(a, b)| b - a);
    (value, elapsed, cpu)
}

/// The main search of `config` for [`SEARCH_TIME`] on each search
/// position: depth, nodes, and the nodes per second of all.
fn main_search_speed(
    out: &mut dyn Write,
    name: &str,
    config: ThreatSearchConfig,
) -> io::Result<()> {
    let (mut nodes, mut depths, mut seconds, mut cpu_seconds) = (0, Vec::new(), 0.0, 0.0);
    for (i, moves) in SEARCH_POSITIONS.iter().enumerate() {
        let mut engine = ThreatSearch::new(config);
        let (result, elapsed, cpu) =
            timed(|| engine.main_search(&position(moves), &Limits::time(SEARCH_TIME)));
        writeln!(
            out,
            "{name} search {}: depth {} nodes {} in {elapsed:.3} s ({cpu:.2} s CPU)",
            i + 1,
            result.depth,
            result.nodes,
        )?;
        nodes += result.nodes;
        seconds += elapsed;
        cpu_seconds += cpu;
        depths.push(result.depth);
    }
    let mean_depth = depths.iter().sum::<u32>() as f64 / depths.len() as f64;
    writeln!(
        out,
        "{name} main search: {:.0} nodes/s ({:.0} per CPU second), depth in {:.1} s: min {} mean {mean_depth:.1}",
        nodes as f64 / seconds,
        nodes as f64 / cpu_seconds.max(1e-3),
        SEARCH_TIME.as_secs_f64(),
        depths.iter().min().expect("positions"),
    )
}

/// VCF solves per second on the VCF positions and VCT nodes per second on
/// the search positions.
fn solver_speed(out: &mut dyn Write) -> io::Result<()> {
    let mut solver = VcfSolver::new(16);
    let mut solves = 0u32;
    let mut vcf_nodes = 0;
    let started = Instant::now();
    for moves in VCF_POSITIONS {
        let pos = position(moves);
        let board = ThreatBoard::from_game(&pos);
        for _ in 0..VCF_REPEATS {
            solver.clear();
            let found = solver
                .solve(&board, pos.side_to_move(), &Limits::nodes(1_000_000))
                .is_some();
            assert!(found, "bench VCF position without a VCF: {moves}");
            vcf_nodes += solver.nodes();
            solves += 1;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "vcf: {solves} solves ({vcf_nodes} nodes) in {seconds:.3} s = {:.0} solves/s, {:.0} nodes/s",
        solves as f64 / seconds,
        vcf_nodes as f64 / seconds
    )?;

    let mut vct = VctSolver::new(16);
    let (mut vct_solves, mut vct_nodes) = (0u32, 0);
    let started = Instant::now();
    for moves in SEARCH_POSITIONS {
        let pos = position(moves);
        let board = ThreatBoard::from_game(&pos);
        for attacker in [pos.side_to_move(), pos.side_to_move().opponent()] {
            for _ in 0..VCT_REPEATS {
                vct.clear();
                vct.solve(&board, attacker, VCT_MAX_THREATS, &Limits::nodes(VCT_NODES));
                vct_nodes += vct.nodes();
                vct_solves += 1;
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "vct: {vct_solves} solves ({vct_nodes} nodes) in {seconds:.3} s = {:.0} nodes/s",
        vct_nodes as f64 / seconds
    )
}

/// The bench signature: the nodes of the default engine's main search to
/// `depth` on each search position (a fresh engine each, one thread), plus
/// those of one VCF solve of each VCF position and of one node-capped VCT
/// solve of each search position for either side. No clock enters it, so it
/// is the same on every run and machine, and changes only when the search
/// does (as Stockfish's `bench`): a refactor that claims "same nodes" quotes it.
pub fn gomoku_signature(depth: u32) -> u64 {
    let mut nodes = 0;
    for moves in SEARCH_POSITIONS {
        let mut engine = ThreatSearch::default();
        nodes += engine
            .main_search(&position(moves), &Limits::depth(depth))
            .nodes;
    }
    let mut vcf = VcfSolver::new(16);
    for moves in VCF_POSITIONS {
        let pos = position(moves);
        let board = ThreatBoard::from_game(&pos);
        vcf.clear();
        vcf.solve(&board, pos.side_to_move(), &Limits::nodes(1_000_000));
        nodes += vcf.nodes();
    }
    let mut vct = VctSolver::new(16);
    for moves in SEARCH_POSITIONS {
        let pos = position(moves);
        let board = ThreatBoard::from_game(&pos);
        for attacker in [pos.side_to_move(), pos.side_to_move().opponent()] {
            vct.clear();
            vct.solve(&board, attacker, VCT_MAX_THREATS, &Limits::nodes(VCT_NODES));
            nodes += vct.nodes();
        }
    }
    nodes
}

/// `gomoku bench --threads N`: the main search of `alphabeta` on `threads`
/// threads (lazy SMP) against one, 0.8 s per search, on the
/// search positions above.
pub fn gomoku_threads_bench(out: &mut dyn Write, threads: usize) -> io::Result<()> {
    let positions: Vec<Gomoku> = SEARCH_POSITIONS.iter().map(|m| position(m)).collect();
    crate::engines::threads_bench(
        out,
        "alphabeta main search (lazy smp)",
        &positions,
        threads,
        SEARCH_TIME,
        |t| ThreatSearch::with_threads(ThreatSearchConfig::default(), t),
        |engine, pos, limits| engine.main_search(pos, limits),
    )
}
