//! In-process match runner for tuning engines: plays two built-in engines of
//! one game against each other in colour-swapped pairs and prints W/D/L.
//!
//! ```sh
//! cargo run --release --example arena -- reversi mcts greedy --games 50 --time 0.25 \
//!     --openings data/reversi-xot-openings.txt
//! cargo run --release --example arena -- nogo mcts uct-plain --games 50 --iterations 20000
//! ```
//!
//! Openings: `--random-plies K` (random legal moves, the same for both games of a
//! pair) or `--openings FILE` (lines of moves like `f5d6c4`; `#` lines skipped).
//! The referee (`referee play`) is the full tool; this one is small and has no
//! process overhead, so engine authors can run it anywhere.

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use boardbots::games::notation::parse_game_moves;
use boardbots::{
    Engines, Game, Gomoku, Limits, MoveList, NoGo, Outcome, Player, Reversi, TicTacToe,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

struct Options {
    engine_a: String,
    engine_b: String,
    games: usize,
    time: Option<f64>,
    iterations: Option<u64>,
    random_plies: usize,
    openings: Vec<String>,
    seed: u64,
}

fn parse_options(args: &[String]) -> Result<(String, Options)> {
    if args.len() < 3 {
        bail!("usage: arena GAME ENGINE_A ENGINE_B [--games N] [--time SECS | --iterations N] [--random-plies K | --openings FILE] [--seed S]");
    }
    let mut opts = Options {
        engine_a: args[1].clone(),
        engine_b: args[2].clone(),
        games: 2,
        time: None,
        iterations: None,
        random_plies: 0,
        openings: Vec::new(),
        seed: 1,
    };
    let mut i = 3;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .with_context(|| format!("{} needs a value", args[i]))?;
        match args[i].as_str() {
            "--games" => opts.games = value.parse()?,
            "--time" => opts.time = Some(value.parse()?),
            "--iterations" => opts.iterations = Some(value.parse()?),
            "--random-plies" => opts.random_plies = value.parse()?,
            "--seed" => opts.seed = value.parse()?,
            "--openings" => {
                let text =
                    std::fs::read_to_string(value).with_context(|| format!("reading {value}"))?;
                opts.openings = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(String::from)
                    .collect();
            }
            other => bail!("unknown option {other}"),
        }
        i += 2;
    }
    if opts.time.is_none() && opts.iterations.is_none() {
        opts.time = Some(0.25);
    }
    Ok((args[0].clone(), opts))
}

fn opening_for_pair<G: Game>(opts: &Options, pair: usize, rng: &mut SmallRng) -> Result<G> {
    let mut pos = G::start();
    if !opts.openings.is_empty() {
        let line = &opts.openings[pair % opts.openings.len()];
        for m in parse_game_moves::<G>(line)? {
            pos.try_play(m).with_context(|| format!("opening {line}"))?;
        }
        return Ok(pos);
    }
    let mut moves = MoveList::new();
    for _ in 0..opts.random_plies {
        pos.legal_moves(&mut moves);
        if moves.len() <= 1 {
            break;
        }
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    if pos.outcome().is_some() {
        bail!("a random opening finished the game; use fewer plies");
    }
    Ok(pos)
}

struct GameRecord {
    outcome: Outcome,
    max_turn_ms: f64,
}

fn play_one<G: Engines>(opts: &Options, opening: &G, a_is_black: bool, seed: u64) -> GameRecord {
    let mut a = G::engine(&opts.engine_a, seed).expect("engine A");
    let mut b = G::engine(&opts.engine_b, seed ^ 0x5EED).expect("engine B");
    let mut pos = opening.clone();
    let mut max_turn_ms: f64 = 0.0;
    while pos.outcome().is_none() {
        let a_to_move = (pos.side_to_move() == Player::Black) == a_is_black;
        let engine = if a_to_move { &mut a } else { &mut b };
        let mut limits = match opts.time {
            Some(secs) => Limits::time(Duration::from_secs_f64(secs)),
            None => Limits::default(),
        };
        limits.max_iterations = opts.iterations;
        if opts.time.is_none() {
            limits.max_nodes = opts.iterations;
        }
        let started = Instant::now();
        let result = engine.choose_move(&pos, &limits);
        max_turn_ms = max_turn_ms.max(started.elapsed().as_secs_f64() * 1e3);
        if let Err(e) = pos.try_play(result.best_move) {
            eprintln!(
                "engine {} played an illegal move: {e}",
                if a_to_move {
                    &opts.engine_a
                } else {
                    &opts.engine_b
                }
            );
            let loser = pos.side_to_move();
            return GameRecord {
                outcome: Outcome::Win(loser.opponent()),
                max_turn_ms,
            };
        }
    }
    GameRecord {
        outcome: pos.outcome().expect("finished"),
        max_turn_ms,
    }
}

fn run<G: Engines>(opts: &Options) -> Result<()> {
    for name in [&opts.engine_a, &opts.engine_b] {
        if G::engine(name, 0).is_none() {
            bail!(
                "unknown {} engine {name}; known: {:?}",
                G::NAME,
                G::engine_names()
            );
        }
    }
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut worst_ms: f64 = 0.0;
    for game in 0..opts.games {
        let pair = game / 2;
        // Both games of a pair start from the same opening.
        let mut pair_rng =
            SmallRng::seed_from_u64(opts.seed ^ (pair as u64).wrapping_mul(0x9E37_79B9));
        let opening = opening_for_pair::<G>(opts, pair, &mut pair_rng)?;
        let a_is_black = game % 2 == 0;
        let record = play_one::<G>(
            opts,
            &opening,
            a_is_black,
            opts.seed.wrapping_add(game as u64),
        );
        worst_ms = worst_ms.max(record.max_turn_ms);
        let a_colour = if a_is_black {
            Player::Black
        } else {
            Player::White
        };
        match record.outcome.value_for(a_colour) {
            1 => wins += 1,
            0 => draws += 1,
            _ => losses += 1,
        }
        eprintln!(
            "game {}: A ({}) as {}: {:?}   running W-D-L {wins}-{draws}-{losses}",
            game + 1,
            opts.engine_a,
            a_colour,
            record.outcome
        );
    }
    let n = (wins + draws + losses) as f64;
    println!(
        "{} {} vs {}: W {wins} D {draws} L {losses} of {} games, score {:.1}%, worst turn {worst_ms:.0} ms",
        G::NAME,
        opts.engine_a,
        opts.engine_b,
        wins + draws + losses,
        100.0 * (wins as f64 + 0.5 * draws as f64) / n
    );
    Ok(())
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, opts) = parse_options(&args)?;
    match game.as_str() {
        "reversi" => run::<Reversi>(&opts),
        "gomoku" => run::<Gomoku>(&opts),
        "nogo" => run::<NoGo>(&opts),
        "tictactoe" => run::<TicTacToe>(&opts),
        other => bail!("unknown game {other}"),
    }
}
