//! `nogo bench`: playout and search speeds from the empty board.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{NoGoPlayout, PlayoutStyle, RaveConfig, RaveMcts};
use crate::game::Game;
use crate::games::NoGo;
use crate::search::{Limits, Searcher};

/// How long each playout measurement runs.
const PLAYOUT_SECONDS: f64 = 1.0;

/// Playouts per second of `style` from the empty board, over about `seconds`.
pub fn playouts_per_second(style: PlayoutStyle, seconds: f64, seed: u64) -> (u64, f64) {
    let policy = NoGoPlayout::new(style);
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = NoGo::start();
    let clock = Instant::now();
    let mut playouts = 0u64;
    while clock.elapsed().as_secs_f64() < seconds {
        // Batches keep the clock out of the measurement.
        for _ in 0..1000 {
            let mut pos = start;
            std::hint::black_box(policy.play_out(&mut pos, &mut rng));
        }
        playouts += 1000;
    }
    (playouts, playouts as f64 / clock.elapsed().as_secs_f64())
}

/// Prints the engine's speed figures: uniform and policy playouts per second
/// from the empty board (one core), and the bot's MCTS playouts per second
/// in a one-second search of the empty board.
pub fn nogo_bench(out: &mut dyn Write) -> io::Result<()> {
    for (name, style) in [
        ("uniform random", PlayoutStyle::Uniform),
        ("policy (contested first)", PlayoutStyle::ContestedFirst),
        ("policy (eye making)", PlayoutStyle::EyeMaking),
    ] {
        let (playouts, rate) = playouts_per_second(style, PLAYOUT_SECONDS, 1);
        writeln!(
            out,
            "{name} playouts: {rate:.0}/s ({playouts} from the empty board)"
        )?;
    }
    let mut mcts = RaveMcts::new(RaveConfig::default(), 1);
    let clock = Instant::now();
    let result = mcts.choose_move(&NoGo::start(), &Limits::time(Duration::from_secs(1)));
    let secs = clock.elapsed().as_secs_f64();
    writeln!(
        out,
        "mcts (rave) 1 s: {:.0} playouts/s ({} playouts, {} nodes, depth {}, best ({},{}))",
        result.playouts as f64 / secs,
        result.playouts,
        mcts.tree().len(),
        result.depth,
        result.best_move.x(),
        result.best_move.y()
    )
}
