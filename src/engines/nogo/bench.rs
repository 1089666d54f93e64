//! `nogo bench`: playout and search speeds from the empty board.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{NoGoPlayout, PlayoutStyle, RaveConfig, RaveMcts};
use crate::game::Game;
use crate::games::NoGo;
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

/// Prints the engine's speed figures: uniform and policy playouts per second
/// from the empty board (one core), and the bot's MCTS playouts per second
/// in a one-second search of the empty board.
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
    )
}
