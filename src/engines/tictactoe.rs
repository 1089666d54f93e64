//! TicTacToe engines. The whole game tree is tiny, so "perfect" is a full
//! alpha-beta search to the end of the game.

use std::time::Instant;

use super::Engines;
use crate::game::{Game, MoveList};
use crate::games::TicTacToe;
use crate::search::{
    thread_cpu_seconds, AlphaBeta, AlphaBetaConfig, Evaluator, Limits, Mcts, MctsConfig,
    NullEvaluator, RandomSearcher, Searcher, UniformPlayout,
};

/// Perfect play: alpha-beta with no evaluation, deepening until the tree is
/// exhausted (at most 9 plies), so every score is game-theoretic and faster
/// wins are preferred.
pub fn perfect_engine() -> AlphaBeta<TicTacToe, NullEvaluator> {
    AlphaBeta::new(
        NullEvaluator,
        AlphaBetaConfig {
            // 5,478 positions fit easily.
            tt_bytes: 1 << 20,
            ..AlphaBetaConfig::default()
        },
    )
}

impl Engines for TicTacToe {
    fn engine_names() -> &'static [&'static str] {
        &["perfect", "random", "uct-plain", "mcts"]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            "perfect" => Some(Box::new(perfect_engine())),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            "uct-plain" => Some(Box::new(Mcts::<TicTacToe, _>::plain(seed))),
            "mcts" => Some(Box::new(Mcts::new(
                MctsConfig {
                    // A full TicTacToe tree is a few hundred kilobytes.
                    memory_budget_bytes: 16 << 20,
                    ..MctsConfig::default()
                },
                UniformPlayout::new(),
                seed,
            ))),
            _ => None,
        }
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        tictactoe_bench(out)
    }
}

/// A deterministic pseudo-random evaluation, so that alpha-beta searches a
/// full-width tree instead of being cut short by exact scores.
#[derive(Clone, Copy)]
struct HashNoise;

impl Evaluator<TicTacToe> for HashNoise {
    fn evaluate(&mut self, pos: &TicTacToe) -> i32 {
        (pos.hash().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as i32 % 201 - 100
    }
}

/// Wall and CPU seconds of `work`, with its result.
fn timed<T>(work: impl FnOnce() -> T) -> (T, f64, Option<f64>) {
    let cpu_before = thread_cpu_seconds();
    let clock = Instant::now();
    let result = work();
    let wall = clock.elapsed().as_secs_f64().max(1e-9);
    let cpu = cpu_before
        .zip(thread_cpu_seconds())
        .map(|(before, after)| (after - before).max(1e-9));
    (result, wall, cpu)
}

/// `"<n>/s wall, <m>/s CPU"` for `count` events.
fn rates(count: f64, wall: f64, cpu: Option<f64>) -> String {
    match cpu {
        Some(cpu) => format!("{:.0}/s wall, {:.0}/s CPU", count / wall, count / cpu),
        None => format!("{:.0}/s wall", count / wall),
    }
}

/// Depth of the default engine's searches in the bench signature: the whole game.
pub const SIGNATURE_DEPTH: u32 = 9;

/// The bench signature: the nodes of the default engine (`perfect`, a fresh
/// one per search) at `depth` from the empty board and from each first move.
/// No clock enters it: the same on every run and machine, and it changes
/// when the search does.
pub fn tictactoe_signature(depth: u32) -> u64 {
    let start = TicTacToe::start();
    let mut first_moves = MoveList::new();
    start.legal_moves(&mut first_moves);
    let mut positions = vec![start];
    for &m in first_moves.iter() {
        let mut pos = start;
        pos.play_unchecked(m);
        positions.push(pos);
    }
    positions
        .iter()
        .map(|pos| {
            perfect_engine()
                .choose_move(pos, &Limits::depth(depth))
                .nodes
        })
        .sum()
}

/// `tictactoe bench`: the generic searches' speeds on the smallest game, from
/// the empty board with fixed seeds and fixed work: MCTS iterations, the
/// MCTS-solver's time to prove the draw, and alpha-beta nodes; last the
/// signature.
pub fn tictactoe_bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let start = TicTacToe::start();
    const ITERATIONS: u64 = 1_000_000;
    for (name, config) in [
        ("uct-plain", MctsConfig::plain()),
        (
            "mcts (solver off)",
            MctsConfig {
                solver: false,
                ..MctsConfig::default()
            },
        ),
    ] {
        let mut mcts = Mcts::new(config, UniformPlayout::new(), 1);
        let (result, wall, cpu) =
            timed(|| mcts.choose_move(&start, &Limits::iterations(ITERATIONS)));
        writeln!(
            out,
            "{name}: {} iterations: {} ({} nodes)",
            result.playouts,
            rates(result.playouts as f64, wall, cpu),
            mcts.tree().len()
        )?;
    }
    let mut solver = Mcts::new(MctsConfig::default(), UniformPlayout::new(), 1);
    let (result, wall, cpu) =
        timed(|| solver.choose_move(&start, &Limits::iterations(10 * ITERATIONS)));
    writeln!(
        out,
        "mcts solver: {} after {} iterations, {:.3} s wall, {} CPU ({} nodes)",
        result.method,
        result.playouts,
        wall,
        cpu.map_or_else(|| "unknown".to_string(), |c| format!("{c:.3} s")),
        solver.tree().len()
    )?;
    // A fresh small table per search, so the table does not answer everything.
    let (nodes, wall, cpu) = timed(|| {
        (0..200)
            .map(|_| {
                let mut ab = AlphaBeta::new(
                    HashNoise,
                    AlphaBetaConfig {
                        tt_bytes: 1 << 16,
                        ..AlphaBetaConfig::default()
                    },
                );
                ab.choose_move(&start, &Limits::depth(9)).nodes
            })
            .sum::<u64>()
    });
    writeln!(
        out,
        "alphabeta (noise evaluation, depth 9, 200 searches): {nodes} nodes: {}",
        rates(nodes as f64, wall, cpu)
    )?;
    writeln!(out, "signature {}", tictactoe_signature(SIGNATURE_DEPTH))
}
