//! `<bot> bench --threads N`: what lazy SMP buys, on the engine's fixed
//! bench positions. Per position, from a cold table each time: the depth
//! and nodes reached in a fixed time on 1 thread and on N, then the wall
//! time to the depth the single thread reached, on 1 thread and on N.
//!
//! Wall-clock figures: they mean something only on a machine with N idle
//! cores (print the load next to them). Two figures depend less on the
//! load, as the scheduler shares a process's CPU time fairly among its
//! threads: the main search's own CPU time to the depth (on N idle cores,
//! its wall time), and the nodes every thread searched to reach it (N
//! times the single thread's count over the N threads' is the speed-up if
//! each thread ran at the single thread's speed). Both are upper bounds of
//! the idle machine's speed-up: threads running at once share memory
//! bandwidth and caches.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::search::{thread_cpu_seconds, Limits, SearchResult};

/// One search's figures.
struct Run {
    depth: u32,
    nodes: u64,
    secs: f64,
    /// CPU seconds of the calling thread (the main search's); wall seconds
    /// where unknown.
    main_cpu_secs: f64,
}

fn run<G: Game, E>(
    engine: &mut E,
    search: &impl Fn(&mut E, &G, &Limits) -> SearchResult<G::Move>,
    pos: &G,
    limits: &Limits,
) -> Run {
    let started = Instant::now();
    let cpu_before = thread_cpu_seconds();
    let result = search(engine, pos, limits);
    let secs = started.elapsed().as_secs_f64();
    Run {
        depth: result.depth,
        nodes: result.nodes,
        secs,
        main_cpu_secs: cpu_before
            .zip(thread_cpu_seconds())
            .map_or(secs, |(before, after)| after - before),
    }
}

/// Compares `make(1)` with `make(threads)` on `positions` (see the module
/// documentation); `search` runs an engine's search within limits. Writes
/// a line per position and a summary to `out`.
pub fn threads_bench<G: Game, E>(
    out: &mut dyn Write,
    label: &str,
    positions: &[G],
    threads: usize,
    time: Duration,
    make: impl Fn(usize) -> E,
    search: impl Fn(&mut E, &G, &Limits) -> SearchResult<G::Move>,
) -> io::Result<()> {
    writeln!(
        out,
        "{label}: {threads} threads against 1, {} positions, {:.1} s each, cold table per search",
        positions.len(),
        time.as_secs_f64()
    )?;
    let (mut depth_sum, mut nodes_sum, mut secs_sum) = ([0u32; 2], [0u64; 2], [0.0f64; 2]);
    let (mut ttd_sum, mut ttd_cpu_sum, mut ttd_nodes_sum) = ([0.0f64; 2], [0.0f64; 2], [0u64; 2]);
    let mut log_ratio_sum = 0.0;
    for (i, pos) in positions.iter().enumerate() {
        let timed = [1, threads].map(|t| run(&mut make(t), &search, pos, &Limits::time(time)));
        let target = Limits::depth(timed[0].depth.max(1));
        let to_depth = [1, threads].map(|t| run(&mut make(t), &search, pos, &target));
        writeln!(
            out,
            "position {}: in {:.1} s depth {} -> {}, nodes {} -> {}; to depth {}: {:.3} s -> {:.3} s (main thread CPU {:.3} s -> {:.3} s), nodes {} -> {}",
            i + 1,
            time.as_secs_f64(),
            timed[0].depth,
            timed[1].depth,
            timed[0].nodes,
            timed[1].nodes,
            timed[0].depth,
            to_depth[0].secs,
            to_depth[1].secs,
            to_depth[0].main_cpu_secs,
            to_depth[1].main_cpu_secs,
            to_depth[0].nodes,
            to_depth[1].nodes
        )?;
        for k in 0..2 {
            depth_sum[k] += timed[k].depth;
            nodes_sum[k] += timed[k].nodes;
            secs_sum[k] += timed[k].secs;
            ttd_sum[k] += to_depth[k].secs;
            ttd_nodes_sum[k] += to_depth[k].nodes;
            ttd_cpu_sum[k] += to_depth[k].main_cpu_secs;
        }
        log_ratio_sum += (to_depth[0].secs.max(1e-6) / to_depth[1].secs.max(1e-6)).ln();
    }
    let n = positions.len().max(1) as f64;
    writeln!(
        out,
        "{label} summary: depth in {:.1} s mean {:.2} -> {:.2}; nodes/s {:.0} -> {:.0} ({:.2}x); \
         time to the 1-thread depth {:.3} s -> {:.3} s: speed-up {:.2} (geometric mean per position {:.2}); \
         main thread CPU to that depth {:.3} s -> {:.3} s: {:.2}; \
         nodes to that depth, all threads {} -> {}: {threads} x {} / {} = {:.2} if every thread ran at the single thread's speed",
        time.as_secs_f64(),
        depth_sum[0] as f64 / n,
        depth_sum[1] as f64 / n,
        nodes_sum[0] as f64 / secs_sum[0].max(1e-9),
        nodes_sum[1] as f64 / secs_sum[1].max(1e-9),
        (nodes_sum[1] as f64 / secs_sum[1].max(1e-9)) / (nodes_sum[0] as f64 / secs_sum[0].max(1e-9)),
        ttd_sum[0],
        ttd_sum[1],
        ttd_sum[0] / ttd_sum[1].max(1e-9),
        (log_ratio_sum / n).exp(),
        ttd_cpu_sum[0],
        ttd_cpu_sum[1],
        ttd_cpu_sum[0] / ttd_cpu_sum[1].max(1e-9),
        ttd_nodes_sum[0],
        ttd_nodes_sum[1],
        ttd_nodes_sum[0],
        ttd_nodes_sum[1],
        threads as f64 * ttd_nodes_sum[0] as f64 / ttd_nodes_sum[1].max(1) as f64
    )
}
