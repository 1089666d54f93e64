//! Logistic regression of "the side to move wins" on the trained
//! evaluation's features, and the comparison with the hand evaluation.

use crate::engines::gomoku::evaluator::{evaluate, EvalWeights};
use crate::engines::gomoku::threat::Threat;
use crate::engines::gomoku::threat_board::ThreatBoard;
use crate::engines::gomoku::trained::{
    evaluate_trained, features, linear_value, EMBEDDED_WEIGHTS, FEATURES, PHASE_STONES,
    WEIGHT_SCALE,
};
use crate::game::{Game, Outcome, Player};
use crate::games::Gomoku;

use super::selfplay::{mix, GameRecord};

/// One training position, with the features `F` of the model being fitted
/// (by default the trained evaluation's, [`features`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample<F = Vec<i32>> {
    /// The features of the model being fitted.
    pub features: F,
    /// Stones on the board (for the phase terms).
    pub stones: i32,
    /// The hand evaluation ([`evaluate`] with the default weights).
    pub hand: i32,
    /// The embedded trained evaluations, one per [`EMBEDDED_WEIGHTS`]: the
    /// baselines a new fit must beat.
    pub embedded: Vec<i32>,
    /// 1 if the side to move won, 0 if it lost, 0.5 for a draw.
    pub won: f64,
    /// The score of the search that chose the move played here, for the
    /// side to move, if the games file kept it.
    pub search: Option<i32>,
    /// What the fit is fitted to: `won`, or with [`label_by_search`] a
    /// blend of `won` and what the search score predicts. Every reported
    /// loss is against `won`, the outcome.
    pub target: f64,
    /// From a held-out game.
    pub held_out: bool,
}

/// `true` if game `index` is held out: one game in five, by a hash of its
/// number (so every opening has games on both sides of the split).
pub fn is_held_out(index: u64) -> bool {
    mix(index ^ 0x4845_4C44).is_multiple_of(5)
}

/// The positions of `games` the evaluation can meet, with the trained
/// evaluation's features: see [`samples_with`].
pub fn samples_of(games: &[GameRecord]) -> Vec<Sample> {
    samples_with(games, |board, me| features(board, me).to_vec())
}

/// The positions of `games` the evaluation can meet, with the features
/// `features` computes from the board and the side to move: every position
/// after the opening that is not already decided (the side to move has a
/// five or an open four, or must block a five: the search settles those
/// itself).
pub fn samples_with<F>(
    games: &[GameRecord],
    features: impl Fn(&ThreatBoard, Player) -> F,
) -> Vec<Sample<F>> {
    let hand_weights = EvalWeights::default();
    let mut samples = Vec::new();
    for_undecided_positions(games, |game, board, me, ply| {
        let won = match game.outcome {
            Outcome::Win(winner) => (winner == me) as u8 as f64,
            Outcome::Draw => 0.5,
        };
        samples.push(Sample {
            features: features(board, me),
            stones: board.stone_count() as i32,
            hand: evaluate(board, me, &hand_weights),
            embedded: EMBEDDED_WEIGHTS
                .iter()
                .map(|(_, weights)| evaluate_trained(board, me, weights))
                .collect(),
            won,
            search: game.scores[ply],
            target: won,
            held_out: is_held_out(game.index),
        });
    });
    samples
}

/// Search scores beyond this many units (proven wins and losses among
/// them) count as this many in [`label_by_search`]: past it the outcome is
/// all but certain, and an unclamped proof (a million units) would set the
/// scale.
pub const SEARCH_LABEL_CLAMP: i32 = 4000;

/// How the search scores were turned into labels ([`label_by_search`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchLabels {
    /// `sigmoid(scale * score + bias)` predicts the outcome (both fitted on
    /// the training positions, the score clamped to
    /// [`SEARCH_LABEL_CLAMP`]).
    pub scale: f64,
    pub bias: f64,
    /// That prediction's log-loss against the outcomes: how much the
    /// search knows beyond the static evaluations (the baselines).
    pub losses: Losses,
    /// Positions with a search score (the others keep the outcome).
    pub labelled: usize,
}

/// Sets each sample's target to `(1 - weight) * won + weight * p`, where
/// `p` is the outcome its search score predicts (a logistic fit of the
/// outcomes on the clamped scores of the training positions); samples
/// without a score keep `won`. The search saw deeper than any static
/// evaluation, and each position gets its own label rather than its
/// game's one result. `None` if no training position has a score.
pub fn label_by_search<F>(
    samples: &mut [Sample<F>],
    weight: f64,
    config: &FitConfig,
) -> Option<SearchLabels> {
    let clamped = |s: &Sample<F>| {
        s.search
            .map(|x| x.clamp(-SEARCH_LABEL_CLAMP, SEARCH_LABEL_CLAMP) as f64)
    };
    let (inputs, won): (Vec<Vec<f64>>, Vec<f64>) = samples
        .iter()
        .filter(|s| !s.held_out)
        .filter_map(|s| clamped(s).map(|x| (vec![x], s.won)))
        .unzip();
    if inputs.is_empty() {
        return None;
    }
    let (w, bias) = logistic(&inputs, &won, config);
    let scale = w[0];
    let predict = |s: &Sample<F>| clamped(s).map(|x| sigmoid(scale * x + bias));
    let with_scores: Vec<&Sample<F>> = samples.iter().filter(|s| s.search.is_some()).collect();
    let losses = losses(&with_scores, |s| predict(s).expect("has a score"));
    let mut labelled = 0;
    for s in samples.iter_mut() {
        if let Some(p) = predict(s) {
            s.target = (1.0 - weight) * s.won + weight * p;
            labelled += 1;
        }
    }
    Some(SearchLabels {
        scale,
        bias,
        losses,
        labelled,
    })
}

/// Replays `games` and calls `visit(game, board, mover, ply)` (the move
/// played is `game.moves[ply]`) at
/// every position after the opening that is not already decided: the mover
/// has a five or an open four, or must block a five (the search settles
/// those itself). Every fit's positions come from here.
pub fn for_undecided_positions(
    games: &[GameRecord],
    mut visit: impl FnMut(&GameRecord, &ThreatBoard, Player, usize),
) {
    for game in games {
        let mut pos = Gomoku::start();
        let mut board = ThreatBoard::new();
        for (ply, &m) in game.moves.iter().enumerate() {
            let me = pos.side_to_move();
            let decided = board.count_at_least(me, Threat::FlexFour) > 0
                || board.count(me.opponent(), Threat::Five) > 0;
            if ply >= game.opening_len && !decided {
                visit(game, &board, me, ply);
            }
            board.place(m.index(), me);
            pos.try_play(m).expect("games files hold legal games");
        }
    }
}

/// Tuning of [`fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// L2 penalty on the standardised weights (summed loss, not mean).
    pub ridge: f64,
    /// Newton steps at most.
    pub iterations: usize,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            ridge: 1.0,
            iterations: 50,
        }
    }
}

/// Mean log-losses of one model on the training and held-out positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Losses {
    pub train: f64,
    pub held_out: f64,
}

/// Fitted weights as [`fit`] returns them: a [`TrainedWeights`] that owns
/// its tables (written out by `weights_source` to be embedded).
///
/// [`TrainedWeights`]: crate::engines::gomoku::trained::TrainedWeights
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FittedWeights {
    pub bias: i32,
    pub weights: Vec<i32>,
    pub phase_weights: Vec<i32>,
}

impl FittedWeights {
    /// The trained evaluation of a sample under these weights.
    pub fn value(&self, sample: &Sample) -> i32 {
        linear_value(
            &sample.features,
            sample.stones,
            self.bias,
            &self.weights,
            &self.phase_weights,
        )
    }
}

/// The models every fit is compared with, on its samples' split.
#[derive(Clone, Debug, PartialEq)]
pub struct Baselines {
    pub train_positions: usize,
    pub held_out_positions: usize,
    /// Predicting the training positions' mean result everywhere.
    pub constant: Losses,
    /// `sigmoid(hand_scale * hand + hand_bias)`, both fitted.
    pub hand: Losses,
    /// The logit per evaluation unit: fitted models are divided by it to
    /// speak the hand evaluation's units (the search's margins assume them).
    pub hand_scale: f64,
    pub hand_bias: f64,
    /// Each embedded trained evaluation by name ([`EMBEDDED_WEIGHTS`]): its
    /// losses and its scale (logit per unit), the scale and a bias fitted
    /// as the hand evaluation's.
    pub embedded: Vec<(&'static str, Losses, f64)>,
}

/// The [`Baselines`] of `samples`: each baseline's scale and bias fitted on
/// the training positions.
pub fn baselines<F>(samples: &[Sample<F>], config: &FitConfig) -> Baselines {
    let train: Vec<&Sample<F>> = samples.iter().filter(|s| !s.held_out).collect();
    let won: Vec<f64> = train.iter().map(|s| s.won).collect();
    let mean_won = won.iter().sum::<f64>() / won.len().max(1) as f64;
    let constant = losses(samples, |_| mean_won);

    let hand_inputs: Vec<Vec<f64>> = train.iter().map(|s| vec![s.hand as f64]).collect();
    let (hand_w, hand_bias) = logistic(&hand_inputs, &won, config);
    let hand_scale = hand_w[0];
    let hand = losses(samples, |s| sigmoid(hand_scale * s.hand as f64 + hand_bias));

    let embedded = EMBEDDED_WEIGHTS
        .iter()
        .enumerate()
        .map(|(i, &(name, _))| {
            let inputs: Vec<Vec<f64>> = train.iter().map(|s| vec![s.embedded[i] as f64]).collect();
            let (w, bias) = logistic(&inputs, &won, config);
            let fitted = losses(samples, |s| sigmoid(w[0] * s.embedded[i] as f64 + bias));
            (name, fitted, w[0])
        })
        .collect();
    Baselines {
        train_positions: train.len(),
        held_out_positions: samples.len() - train.len(),
        constant,
        hand,
        hand_scale,
        hand_bias,
        embedded,
    }
}

/// What [`fit`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    pub baselines: Baselines,
    /// The fitted model as fitted (floating point).
    pub trained: Losses,
    /// The fitted model as embedded: integer weights in evaluation units,
    /// read through `hand_scale`.
    pub trained_rounded: Losses,
    pub weights: FittedWeights,
}

pub(super) fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

pub(super) fn log_loss(p: f64, won: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    -(won * p.ln() + (1.0 - won) * (1.0 - p).ln())
}

/// Mean log-loss of `predict` over the training and the held-out samples.
pub(super) fn losses<F, S: std::borrow::Borrow<Sample<F>>>(
    samples: &[S],
    predict: impl Fn(&Sample<F>) -> f64,
) -> Losses {
    indexed_losses(samples, |_, s| predict(s))
}

/// [`losses`] of a prediction that also reads each sample's index in
/// `samples`.
fn indexed_losses<F, S: std::borrow::Borrow<Sample<F>>>(
    samples: &[S],
    predict: impl Fn(usize, &Sample<F>) -> f64,
) -> Losses {
    let mut sums = [(0.0, 0usize); 2];
    for (i, s) in samples.iter().enumerate() {
        let s = s.borrow();
        let sum = &mut sums[s.held_out as usize];
        sum.0 += log_loss(predict(i, s), s.won);
        sum.1 += 1;
    }
    let mean = |(total, n): (f64, usize)| if n == 0 { f64::NAN } else { total / n as f64 };
    Losses {
        train: mean(sums[0]),
        held_out: mean(sums[1]),
    }
}

/// The model's inputs of a sample: its features, then their phase terms,
/// as [`linear_value`] weighs them.
fn inputs_of(sample: &Sample) -> Vec<f64> {
    let mut row: Vec<f64> = sample.features.iter().map(|&x| x as f64).collect();
    let phase = sample.stones as f64 / PHASE_STONES as f64;
    row.extend(sample.features.iter().map(|&x| x as f64 * phase));
    row
}

/// Fits the trained evaluation on the training samples and compares it with a constant, the hand evaluation and the
/// embedded trained evaluations on both splits. The fitted weights are divided by
/// the hand evaluation's fitted scale, so the trained evaluation speaks the
/// hand evaluation's units (the search's margins assume them).
pub fn fit(samples: &[Sample], config: &FitConfig) -> FitReport {
    fit_with_offsets(samples, None, config)
}

/// As [`fit`], with `offsets[i]` (one per sample, in logits) added to the
/// prediction of `samples[i]` and held fixed: the share of a model fitted
/// beside this one ([`fit_jointly`](super::fit_jointly)). Its reported
/// losses include the offsets.
pub fn fit_with_offsets(
    samples: &[Sample],
    offsets: Option<&[f64]>,
    config: &FitConfig,
) -> FitReport {
    let baselines = baselines(samples, config);
    let hand_scale = baselines.hand_scale;
    let offset = |i: usize| offsets.map_or(0.0, |o| o[i]);
    let train: Vec<usize> = (0..samples.len())
        .filter(|&i| !samples[i].held_out)
        .collect();
    let targets: Vec<f64> = train.iter().map(|&i| samples[i].target).collect();
    let inputs: Vec<Vec<f64>> = train.iter().map(|&i| inputs_of(&samples[i])).collect();
    let train_offsets: Vec<f64> = train.iter().map(|&i| offset(i)).collect();
    let (w, bias) = logistic_with_offsets(&inputs, &targets, Some(&train_offsets), config);
    let trained = indexed_losses(samples, |i, s| {
        sigmoid(dot(&inputs_of(s), &w) + bias + offset(i))
    });

    // In evaluation units: one unit moves the logit by `hand_scale`.
    let units = WEIGHT_SCALE as f64 / hand_scale;
    let to_units =
        |w: &[f64]| -> Vec<i32> { w.iter().map(|w| (w * units).round() as i32).collect() };
    let n = FEATURES;
    let weights = FittedWeights {
        bias: (bias * units).round() as i32,
        weights: to_units(&w[..n]),
        phase_weights: to_units(&w[n..]),
    };
    let trained_rounded = indexed_losses(samples, |i, s| {
        sigmoid(hand_scale * weights.value(s) as f64 + offset(i))
    });
    FitReport {
        baselines,
        trained,
        trained_rounded,
        weights,
    }
}

/// Logistic regression by Newton's method on standardised inputs, with an
/// L2 penalty on the weights (not the bias); inputs that never vary get
/// weight 0. Returns the weights and bias in the inputs' own units.
pub(super) fn logistic(inputs: &[Vec<f64>], won: &[f64], config: &FitConfig) -> (Vec<f64>, f64) {
    logistic_with_offsets(inputs, won, None, config)
}

/// As [`logistic`], each row's logit shifted by its fixed `offsets` entry
/// (another model's share of the prediction, held fixed).
fn logistic_with_offsets(
    inputs: &[Vec<f64>],
    won: &[f64],
    offsets: Option<&[f64]>,
    config: &FitConfig,
) -> (Vec<f64>, f64) {
    let offset = |i: usize| offsets.map_or(0.0, |o| o[i]);
    let dims = inputs.first().map_or(0, Vec::len);
    let n = inputs.len().max(1) as f64;
    let mut mean = vec![0.0; dims];
    let mut sd = vec![0.0; dims];
    for f in 0..dims {
        mean[f] = inputs.iter().map(|x| x[f]).sum::<f64>() / n;
        let var = inputs.iter().map(|x| (x[f] - mean[f]).powi(2)).sum::<f64>() / n;
        sd[f] = var.sqrt();
    }
    let live: Vec<usize> = (0..dims).filter(|&f| sd[f] > 1e-12).collect();
    // Standardised design rows, the bias last.
    let k = live.len() + 1;
    let rows: Vec<Vec<f64>> = inputs
        .iter()
        .map(|x| {
            let mut row: Vec<f64> = live.iter().map(|&f| (x[f] - mean[f]) / sd[f]).collect();
            row.push(1.0);
            row
        })
        .collect();
    let penalty = |beta: &[f64]| -> f64 {
        0.5 * config.ridge * beta[..k - 1].iter().map(|b| b * b).sum::<f64>()
    };
    let objective = |beta: &[f64]| -> f64 {
        rows.iter()
            .zip(won)
            .enumerate()
            .map(|(i, (row, &y))| log_loss(sigmoid(dot(row, beta) + offset(i)), y))
            .sum::<f64>()
            + penalty(beta)
    };
    let mut beta = vec![0.0; k];
    let mut current = objective(&beta);
    for _ in 0..config.iterations {
        let mut gradient = vec![0.0; k];
        let mut hessian = vec![vec![0.0; k]; k];
        for (index, (row, &y)) in rows.iter().zip(won).enumerate() {
            let p = sigmoid(dot(row, &beta) + offset(index));
            let curvature = (p * (1.0 - p)).max(1e-9);
            for i in 0..k {
                gradient[i] += (p - y) * row[i];
                let weighted = curvature * row[i];
                for (h, &r) in hessian[i][..=i].iter_mut().zip(row) {
                    *h += weighted * r;
                }
            }
        }
        // Only the lower triangle was summed; mirror it.
        for i in 1..k {
            let (upper, lower) = hessian.split_at_mut(i);
            for (j, row) in upper.iter_mut().enumerate() {
                row[i] = lower[0][j];
            }
        }
        for i in 0..k {
            if i < k - 1 {
                gradient[i] += config.ridge * beta[i];
                hessian[i][i] += config.ridge;
            }
        }
        let Some(step) = solve(hessian, gradient) else {
            break;
        };
        // Damped Newton: halve the step until the objective drops.
        let mut scale = 1.0;
        let mut improved = false;
        for _ in 0..30 {
            let candidate: Vec<f64> = beta.iter().zip(&step).map(|(b, s)| b - scale * s).collect();
            let value = objective(&candidate);
            if value < current {
                improved = current - value > 1e-10 * current.abs().max(1.0);
                beta = candidate;
                current = value;
                break;
            }
            scale /= 2.0;
        }
        if !improved {
            break;
        }
    }
    let mut weights = vec![0.0; dims];
    let mut bias = beta[k - 1];
    for (i, &f) in live.iter().enumerate() {
        weights[f] = beta[i] / sd[f];
        bias -= beta[i] * mean[f] / sd[f];
    }
    (weights, bias)
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Solves `matrix * x = rhs` for a symmetric positive definite `matrix`
/// (Cholesky); `None` if it is not.
fn solve(mut matrix: Vec<Vec<f64>>, rhs: Vec<f64>) -> Option<Vec<f64>> {
    let k = rhs.len();
    for j in 0..k {
        let diagonal = matrix[j][j] - (0..j).map(|m| matrix[j][m] * matrix[j][m]).sum::<f64>();
        if diagonal <= 0.0 {
            return None;
        }
        matrix[j][j] = diagonal.sqrt();
        for i in j + 1..k {
            let s = matrix[i][j] - (0..j).map(|m| matrix[i][m] * matrix[j][m]).sum::<f64>();
            matrix[i][j] = s / matrix[j][j];
        }
    }
    let mut y = vec![0.0; k];
    for i in 0..k {
        y[i] = (rhs[i] - (0..i).map(|m| matrix[i][m] * y[m]).sum::<f64>()) / matrix[i][i];
    }
    let mut x = vec![0.0; k];
    for i in (0..k).rev() {
        x[i] = (y[i] - (i + 1..k).map(|m| matrix[m][i] * x[m]).sum::<f64>()) / matrix[i][i];
    }
    Some(x)
}
