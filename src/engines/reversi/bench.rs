//! `reversi bench`: the engine's speed figures on fixed positions.

use std::io::{self, Write};
use std::time::Instant;

use super::ffo::ffo_positions;
use super::solver::{EndgameSolver, SolveMode};
use crate::search::Limits;

/// Solver table size used by the bench (and the bot).
const BENCH_TABLE_BYTES: usize = 64 << 20;

/// Solves the FFO positions numbered `ids` from a cold table each, printing
/// one line per position and a total; returns the total seconds.
pub fn ffo_bench(out: &mut dyn Write, ids: std::ops::RangeInclusive<u32>) -> io::Result<f64> {
    let mut solver = EndgameSolver::new(BENCH_TABLE_BYTES);
    let (mut total_secs, mut total_nodes) = (0.0, 0u64);
    for ffo in ffo_positions().into_iter().filter(|p| ids.contains(&p.id)) {
        solver.clear_table();
        let started = Instant::now();
        let solved = solver.solve(&ffo.position, SolveMode::Exact, &Limits::unlimited());
        let secs = started.elapsed().as_secs_f64();
        let solution = solved.expect("an FFO position is unfinished and the solve unlimited");
        total_secs += secs;
        total_nodes += solution.nodes;
        let verdict = if solution.score == ffo.score && ffo.best_moves.contains(&solution.best_move)
        {
            "ok"
        } else {
            "WRONG"
        };
        writeln!(
            out,
            "ffo #{}: score {} best {} nodes {} time {secs:.3}s ({:.1} M nodes/s) {verdict}",
            ffo.id,
            solution.score,
            solution.best_move,
            solution.nodes,
            solution.nodes as f64 / secs.max(1e-9) / 1e6
        )?;
    }
    writeln!(
        out,
        "ffo #{}-#{}: nodes {total_nodes} time {total_secs:.3}s ({:.1} M nodes/s)",
        ids.start(),
        ids.end(),
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    )?;
    Ok(total_secs)
}

/// Prints every speed figure of the Reversi engines.
pub fn reversi_bench(out: &mut dyn Write) -> io::Result<()> {
    ffo_bench(out, 40..=44)?;
    Ok(())
}
