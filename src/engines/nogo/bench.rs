//! `nogo bench`: playout and search speeds from the empty board, then the
//! line `signature N` ([`nogo_signature`]).

use std::io::{self, Write};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{NoGoPlayout, PlayoutStyle, RaveConfig, RaveMcts};
use crate::game::Game;
use crate::games::{NoGo, NoGoMove};
use crate::search::{thread_cpu_seconds, Limits, Searcher};

/// Playouts per measurement: a fixed amount of work, so runs compare.
const BENCH_PLAYOUTS: u64 = 100_000;

/// Runs `playouts` playouts of `style` from the empty board and returns
/// `(per wall second, per CPU second)`, the latter `None` where CPU time is
/// unknown.
pub fn playouts_per_second(style: PlayoutStyle, playouts: u64, seed: u64) -> (f64, Option<f64>) {
    let policy = NoGoPlayout::new(style);
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = NoGo::start();
    let cpu_before = thread_cpu_seconds();
    let clock = Instant::now();
    for _ in 0..playouts {
        let mut pos = start;
        std::hint::black_box(policy.play_out(&mut pos, &mut rng));
    }
    let wall = clock.elapsed().as_secs_f64();
    let cpu = cpu_before
        .zip(thread_cpu_seconds())
        .map(|(a, b)| b - a)
        .filter(|&t| t > 0.0);
    (playouts as f64 / wall, cpu.map(|t| playouts as f64 / t))
}

fn per_cpu_second(rate: Option<f64>) -> String {
    rate.map_or_else(|| "unknown".into(), |r| format!("{r:.0}/s"))
}

/// Iterations of the default engine's searches in the bench signature.
pub const SIGNATURE_ITERATIONS: u64 = 20_000;

/// Openings of the signature's searches, as (x, y) points played in turn:
/// the empty board, a centre stone, and a few stones of each side.
const SIGNATURE_OPENINGS: [&[(i32, i32)]; 3] =
    [&[], &[(4, 4)], &[(4, 4), (2, 6), (6, 2), (3, 3), (5, 6)]];

/// The bench signature: for each of the openings above, the tree nodes plus
/// the playouts of the default engine (`mcts`, a fresh one seeded 1) after
/// `iterations` iterations. No clock enters it: the same on every run and
/// machine, and it changes when the search does.
pub fn nogo_signature(iterations: u64) -> u64 {
    let mut total = 0;
    for opening in SIGNATURE_OPENINGS {
        let mut pos = NoGo::start();
        for &(x, y) in opening {
            let point = NoGoMove::new(x, y).expect("the signature openings are on the board");
            pos.try_play(point)
                .expect("the signature openings are legal");
        }
        let mut mcts = RaveMcts::new(RaveConfig::default(), 1);
        let result = mcts.choose_move(&pos, &Limits::iterations(iterations));
        total += result.playouts + mcts.tree().len() as u64;
    }
    total
}

/// Prints the engine's speed figures: uniform and policy playouts per second
/// from the empty board (one core), and the bot's MCTS playouts per second
/// in a one-second search of the empty board; last the signature.
pub fn nogo_bench(out: &mut dyn Write) -> io::Result<()> {
    for (name, style) in [
        ("uniform random", PlayoutStyle::Uniform),
        ("policy (contested first)", PlayoutStyle::ContestedFirst),
        ("policy (eye making)", PlayoutStyle::EyeMaking),
        ("policy (self-harm averse)", PlayoutStyle::SelfHarmAverse),
    ] {
        let (rate, cpu_rate) = playouts_per_second(style, BENCH_PLAYOUTS, 1);
        writeln!(
            out,
            "{name} playouts: {rate:.0}/s wall, {} per CPU second ({BENCH_PLAYOUTS} from the empty board)",
            per_cpu_second(cpu_rate)
        )?;
    }
    let mut mcts = RaveMcts::new(RaveConfig::default(), 1);
    let cpu_before = thread_cpu_seconds();
    let clock = Instant::now();
    let result = mcts.choose_move(&NoGo::start(), &Limits::time(Duration::from_secs(1)));
    let secs = clock.elapsed().as_secs_f64();
    let cpu = cpu_before
        .zip(thread_cpu_seconds())
        .map(|(a, b)| b - a)
        .filter(|&t| t > 0.0);
    writeln!(
        out,
        "mcts (rave) 1 s: {:.0} playouts/s wall, {} per CPU second ({} playouts, {} nodes, depth {}, best ({},{}))",
        result.playouts as f64 / secs,
        per_cpu_second(cpu.map(|t| result.playouts as f64 / t)),
        result.playouts,
        mcts.tree().len(),
        result.depth,
        result.best_move.x(),
        result.best_move.y()
    )?;
    writeln!(out, "signature {}", nogo_signature(SIGNATURE_ITERATIONS))
}

#[cfg(test)]
mod tests {
    use super::nogo_signature;

    /// The signature is a node count that no clock enters: the same on a
    /// second run, and larger with more iterations.
    #[test]
    fn signature_is_deterministic_and_grows_with_iterations() {
        let small = nogo_signature(300);
        assert!(small > 0);
        assert_eq!(nogo_signature(300), small, "a second run");
        assert!(nogo_signature(600) > small);
    }
}
