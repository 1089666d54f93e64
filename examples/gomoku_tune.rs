//! Fits the weights of the Gomoku evaluation ([`EvalWeights`]) to game
//! outcomes: logistic regression of "the side to move won" on the
//! evaluation's five features, over every undecided position of the games
//! in referee logs (`referee play ... --log FILE`, JSON lines).
//!
//! Games are split by number (every fifth game held out), so positions of
//! one game never sit on both sides. Prints the fitted weights scaled to the
//! evaluation's units (mover weight fixed at 6 fifths, as now), and the
//! log-loss on the held-out games of the fit and of the current weights
//! (the latter with its best single scale, so only the shape is compared).
//!
//! ```sh
//! cargo run --release --example gomoku_tune -- games1.jsonl games2.jsonl
//! ```
//!
//! Measured (2026-11-30) on 430 referee games (200 of `alphabeta` against
//! `alphabeta-v1` at 1 s a move, 110 of the same at 0.1-0.2 s, 120 of
//! `alphabeta-v1` against itself at 0.2 s; openings `data/gomoku-openings.txt`
//! and its earlier versions): 8708 training and 2603 held-out positions;
//! held-out log-loss 0.6920 for a constant, 0.6308 for the current weights
//! (best scale), 0.6173 fitted. Fitted, in evaluation units: mover 6,
//! opponent 4.3, mover double three 2248, opponent four-three 103, opponent
//! double three -271 (a bonus: confounded with the mover's own attacks). Not
//! adopted: no match has validated it yet. Superseded by
//! `examples/gomoku_train.rs` (self-play games, the trained evaluation now
//! in use).

use boardbots::engines::gomoku::{EvalWeights, Threat, ThreatBoard};
use boardbots::{Game, Gomoku, GomokuMove, Player};

/// Features from the side to move's view, in the order of [`EvalWeights`]:
/// own value total, opponent value total (as a negative term), own double
/// three the opponent cannot answer with fours, opponent four-three (or
/// better) point, opponent double three.
const FEATURES: usize = 5;

fn features(board: &ThreatBoard, me: Player) -> [f64; FEATURES] {
    let them = me.opponent();
    let their_fours = board.count_at_least(them, Threat::Four) > 0;
    let four_three = board.count_at_least(them, Threat::FourThree) > 0;
    [
        board.value_total(me) as f64,
        -board.value_total(them) as f64,
        (board.count(me, Threat::DoubleThree) > 0 && !their_fours) as u8 as f64,
        -(four_three as u8 as f64),
        -((!four_three && board.count(them, Threat::DoubleThree) > 0) as u8 as f64),
    ]
}

/// The current evaluation as a feature weighting (before the integer /5).
fn current(weights: &EvalWeights) -> [f64; FEATURES] {
    [
        weights.mover as f64 / 5.0,
        weights.opponent as f64 / 5.0,
        weights.mover_double_three as f64,
        weights.opponent_four_three as f64,
        weights.opponent_double_three as f64,
    ]
}

struct Sample {
    x: [f64; FEATURES],
    won: f64,
    held_out: bool,
}

fn load(paths: &[String]) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut game_index = 0usize;
    for path in paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(1);
        });
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let record: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| {
                eprintln!("{path}: not a JSON game record: {e}");
                std::process::exit(1);
            });
            let winner = match record["result"].as_str() {
                Some("black") => Player::Black,
                Some("white") => Player::White,
                _ => continue,
            };
            let opening = record["opening"].as_array().map_or(0, Vec::len);
            let moves: Vec<GomokuMove> = record["moves"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| {
                    let x = m[0].as_i64()? as i32;
                    let y = m[1].as_i64()? as i32;
                    Gomoku::move_from_xy(x, y)
                })
                .collect();
            game_index += 1;
            let held_out = game_index.is_multiple_of(5);
            let mut pos = Gomoku::start();
            let mut board = ThreatBoard::new();
            for (ply, &m) in moves.iter().enumerate() {
                let me = pos.side_to_move();
                let decided = board.count_at_least(me, Threat::FlexFour) > 0
                    || board.count(me.opponent(), Threat::Five) > 0;
                if ply >= opening && !decided {
                    samples.push(Sample {
                        x: features(&board, me),
                        won: (me == winner) as u8 as f64,
                        held_out,
                    });
                }
                if pos.try_play(m).is_err() {
                    break;
                }
                board.place(m.index(), me);
            }
        }
    }
    samples
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean log-loss of `P(win) = sigmoid(scale * w.x + bias)`.
fn log_loss<'a>(
    samples: impl Iterator<Item = &'a Sample>,
    w: &[f64; FEATURES],
    scale: f64,
    bias: f64,
) -> f64 {
    let (mut total, mut n) = (0.0, 0usize);
    for s in samples {
        let z: f64 = scale * s.x.iter().zip(w).map(|(x, w)| x * w).sum::<f64>() + bias;
        let p = sigmoid(z).clamp(1e-9, 1.0 - 1e-9);
        total -= s.won * p.ln() + (1.0 - s.won) * (1.0 - p).ln();
        n += 1;
    }
    total / n.max(1) as f64
}

/// Logistic regression by gradient descent on standardised inputs:
/// returns weights and bias in the inputs' own units.
fn logistic<const N: usize>(inputs: &[[f64; N]], won: &[f64]) -> ([f64; N], f64) {
    let n = inputs.len() as f64;
    let mut mean = [0.0; N];
    let mut sd = [0.0; N];
    for f in 0..N {
        mean[f] = inputs.iter().map(|x| x[f]).sum::<f64>() / n;
        let var = inputs.iter().map(|x| (x[f] - mean[f]).powi(2)).sum::<f64>() / n;
        sd[f] = var.sqrt().max(1e-9);
    }
    let (mut w, mut b) = ([0.0; N], 0.0);
    for _ in 0..3000 {
        let (mut grad, mut grad_b) = ([0.0; N], 0.0);
        for (x, &y) in inputs.iter().zip(won) {
            let z: f64 = (0..N).map(|f| w[f] * (x[f] - mean[f]) / sd[f]).sum::<f64>() + b;
            let err = sigmoid(z) - y;
            for f in 0..N {
                grad[f] += err * (x[f] - mean[f]) / sd[f];
            }
            grad_b += err;
        }
        for f in 0..N {
            // A little L2 keeps rare binary features from running away.
            w[f] -= 0.5 * (grad[f] / n + 1e-3 * w[f]);
        }
        b -= 0.5 * grad_b / n;
    }
    let weights: [f64; N] = std::array::from_fn(|f| w[f] / sd[f]);
    let bias = b - (0..N).map(|f| w[f] * mean[f] / sd[f]).sum::<f64>();
    (weights, bias)
}

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: gomoku_tune LOG.jsonl [LOG.jsonl ...]");
        std::process::exit(2);
    }
    let samples = load(&paths);
    let train: Vec<&Sample> = samples.iter().filter(|s| !s.held_out).collect();
    let test: Vec<&Sample> = samples.iter().filter(|s| s.held_out).collect();
    if train.is_empty() || test.is_empty() {
        eprintln!("too few decided games in the logs");
        std::process::exit(1);
    }
    println!(
        "positions: {} training, {} held out",
        train.len(),
        test.len()
    );

    let won: Vec<f64> = train.iter().map(|s| s.won).collect();
    let now = current(&EvalWeights::default());
    // The current evaluation as one input: only its scale and bias are fitted.
    let scores: Vec<[f64; 1]> = train
        .iter()
        .map(|s| [s.x.iter().zip(&now).map(|(x, w)| x * w).sum::<f64>()])
        .collect();
    let ([scale], bias) = logistic(&scores, &won);
    let loss_now = log_loss(test.iter().copied(), &now, scale, bias);
    let train_now = log_loss(train.iter().copied(), &now, scale, bias);

    let inputs: Vec<[f64; FEATURES]> = train.iter().map(|s| s.x).collect();
    let (fitted, fitted_bias) = logistic(&inputs, &won);
    let loss_fit = log_loss(test.iter().copied(), &fitted, 1.0, fitted_bias);
    let train_fit = log_loss(train.iter().copied(), &fitted, 1.0, fitted_bias);
    let base = {
        let p = train.iter().map(|s| s.won).sum::<f64>() / train.len() as f64;
        test.iter()
            .map(|s| -(s.won * p.ln() + (1.0 - s.won) * (1.0 - p).ln()))
            .sum::<f64>()
            / test.len() as f64
    };
    println!("held-out log-loss: constant {base:.4}, current weights {loss_now:.4} (train {train_now:.4}), fitted {loss_fit:.4} (train {train_fit:.4})");
    // In evaluation units: the mover's weight stays 6 fifths.
    let unit = fitted[0] / 1.2;
    println!(
        "fitted EvalWeights: mover 6, opponent {:.1}, mover_double_three {:.0}, opponent_four_three {:.0}, opponent_double_three {:.0}",
        fitted[1] / unit * 5.0,
        fitted[2] / unit,
        fitted[3] / unit,
        fitted[4] / unit
    );
}
