//! Uniform random NoGo playouts from the empty board, to measure the rules'
//! speed: `cargo run --release --example nogo_playouts [PLAYOUTS] [SEED]`.

use std::time::Instant;

use boardbots::{Game, NoGo, NoGoMove, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn main() {
    let mut args = std::env::args().skip(1);
    let playouts: u64 = args
        .next()
        .map_or(200_000, |a| a.parse().expect("PLAYOUTS"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = NoGo::start();
    let mut plies = 0u64;
    let mut black_wins = 0u64;
    let clock = Instant::now();
    for _ in 0..playouts {
        let mut pos = start;
        loop {
            let legal = pos.legal_mask(pos.side_to_move());
            if legal == 0 {
                break;
            }
            let point = NoGo::nth_point(legal, rng.gen_range(0..legal.count_ones()));
            pos.play_unchecked(NoGoMove::from_index(point).expect("legal points are on the board"));
            plies += 1;
        }
        if pos.outcome() == Some(Outcome::Win(Player::Black)) {
            black_wins += 1;
        }
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "{playouts} playouts in {secs:.3}s: {:.0} playouts/s, {:.1} plies/playout, {:.1} M plies/s, black wins {:.1}%",
        playouts as f64 / secs,
        plies as f64 / playouts as f64,
        plies as f64 / secs / 1e6,
        100.0 * black_wins as f64 / playouts as f64
    );
}
