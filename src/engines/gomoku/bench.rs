//! `gomoku bench`: main-search nodes per second and VCF solves per second on
//! a fixed set of positions, with node caps so every run does the same work.

use std::io::{self, Write};
use std::time::Instant;

use super::engine::ThreatSearch;
use super::notation::parse_moves;
use super::threat_board::ThreatBoard;
use super::vcf::VcfSolver;
use crate::game::Game;
use crate::games::Gomoku;
use crate::search::{Limits, Searcher};

/// Quiet middle-game positions for the main search (no VCF for either side).
const SEARCH_POSITIONS: [&str; 4] = [
    "h8 i9 i8 g8 j7 k6 h9 h7",
    "h8 h9 i9 g7 j10 k11 i10 i8",
    "h8 i7 g7 i9 i8 j8 g9 g8 f8",
    "h8 j8 i9 g7 h10 h9 j10 i10",
];

/// Node cap of each main search.
const SEARCH_NODES: u64 = 200_000;

/// Positions where the side to move has a VCF (from the tactics suite).
const VCF_POSITIONS: [&str; 4] = [
    "h8 a1 i8 a3 k8 a5 h9 a7 h10 a9 g11 a11",
    "h8 a1 i9 a3 h10 a5 j8 a7 g10 a9 j10 a11 f11 a13",
    "h8 a1 h9 a3 i10 a5 j11 a7 g9 a9 f9 a11",
    "h8 a1 h9 a3 h10 a5 j8 a7 k8 a9 i11 a11 j12 a13",
];

/// Solves of each VCF position.
const VCF_REPEATS: u32 = 50;

fn position(moves: &str) -> Gomoku {
    let mut pos = Gomoku::start();
    for m in parse_moves(moves).expect("bench positions parse") {
        pos.try_play(m).expect("bench positions are legal");
    }
    pos
}

/// Runs the benchmark and writes a short report to `out`.
pub fn gomoku_bench(out: &mut dyn Write) -> io::Result<()> {
    let mut nodes = 0;
    let started = Instant::now();
    for (i, moves) in SEARCH_POSITIONS.iter().enumerate() {
        let mut engine = ThreatSearch::default();
        let result = engine.choose_move(&position(moves), &Limits::nodes(SEARCH_NODES));
        writeln!(
            out,
            "search {}: depth {} nodes {} method {}",
            i + 1,
            result.depth,
            result.nodes,
            result.method
        )?;
        nodes += result.nodes;
    }
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "main search: {nodes} nodes in {seconds:.3} s = {:.0} nodes/s",
        nodes as f64 / seconds
    )?;

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
    Ok(())
}
