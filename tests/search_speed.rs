//! Speed figures, printed only (no wall-clock assertion). Run with:
//! `cargo test --release --test search_speed -- --ignored --nocapture`

use std::time::Instant;

use boardbots::search::{AlphaBeta, AlphaBetaConfig, Evaluator, Mcts, MctsConfig, UniformPlayout};
use boardbots::{Game, Limits, Searcher, TicTacToe};

#[derive(Clone, Copy)]
struct HashNoise;

impl<G: Game> Evaluator<G> for HashNoise {
    fn evaluate(&mut self, pos: &G) -> i32 {
        (pos.hash().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as i32 % 201 - 100
    }
}

#[test]
#[ignore = "prints speed figures; run explicitly"]
fn print_search_speeds() {
    let start = TicTacToe::start();
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
        let iterations = 2_000_000;
        let t = Instant::now();
        let r = mcts.choose_move(&start, &Limits::iterations(iterations));
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{name}: {} iterations from the empty board in {secs:.3}s = {:.0} iterations/s ({} nodes)",
            r.playouts,
            r.playouts as f64 / secs,
            mcts.tree().len()
        );
    }
    let mut solver = Mcts::new(MctsConfig::default(), UniformPlayout::new(), 1);
    let t = Instant::now();
    let r = solver.choose_move(&start, &Limits::iterations(10_000_000));
    println!(
        "mcts solver: {} from the empty board after {} iterations, {:.3}s, {} nodes",
        r.method,
        r.playouts,
        t.elapsed().as_secs_f64(),
        solver.tree().len()
    );
    // Alpha-beta without the table shortcutting everything: fixed depth
    // with a noisy evaluation, fresh table each run, summed over many positions.
    let mut nodes = 0;
    let t = Instant::now();
    for _ in 0..200 {
        let mut ab = AlphaBeta::new(
            HashNoise,
            AlphaBetaConfig {
                tt_bytes: 1 << 16,
                ..AlphaBetaConfig::default()
            },
        );
        nodes += ab.choose_move(&start, &Limits::depth(9)).nodes;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "alphabeta: {nodes} nodes in {secs:.3}s = {:.0} nodes/s",
        nodes as f64 / secs
    );
}
