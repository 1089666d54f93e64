//! The fit of the network evaluation (`net.rs`, the engine option
//! `net=PATH`; the default evaluation, embedded from
//! `data/gomoku-net.bin`): a small network over the pattern-code counts,
//! which predicts the game's result better than the linear table does
//! (`docs/gomoku.md`, "A network over the pattern codes").
//!
//! The inputs are the table evaluation's (each side's count of empty points
//! per pattern code, [`code_counts`]) plus the threat-mask bits, the
//! combination indicators and the count of empty points per joint pair of
//! the two sides' point classes ([`point_class`]), all sparse. They are
//! summed, times their weights, into an accumulator of `hidden + 2`
//! values: the same sum a board could keep incrementally, as it keeps the
//! table's. Two of the values are the table's linear evaluation (an
//! opening and an endgame one, tapered by the stones); the others pass,
//! with a bias and a phase slope each, through a ReLU to one output weight
//! each. With `hidden = 0` it is the linear table fitted by the same
//! optimiser, the control that separates what the non-linearity adds from
//! what the optimiser does.
//!
//! Logistic loss against the outcome (or the blended target), plus, with a
//! comparison weight, the cross-entropy of the searched move among its
//! siblings ([`ComparisonSample`]); minibatch Adam, seeded; every epoch's
//! train and held-out log-loss (and comparison figures) reported.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::engines::gomoku::codes::{joint_pair, point_class, JOINT_CLASSES};
use crate::engines::gomoku::evaluator::{EvalWeights, Evaluation};
use crate::engines::gomoku::movegen::ordering_key;
use crate::engines::gomoku::net::{
    net_phase, net_to_bytes, ACCUMULATOR_QUANTISATION, COMBINATION_INPUTS_START,
    JOINT_INPUTS_START, NET_COLUMNS, NET_HIDDEN, NET_INPUTS, THREAT_MASK_INPUTS_START,
};
use crate::engines::gomoku::threat_board::ThreatBoard;
use crate::engines::gomoku::threat_mask::{threat_mask, THREAT_MASK_BITS};
use crate::game::Player;
use crate::games::Gomoku;

use super::fit::{
    for_undecided_positions, is_held_out, log_loss, logistic, losses, sigmoid, FitConfig, Losses,
    Sample,
};
use super::selfplay::GameRecord;
use super::table_fit::code_counts;

/// Inputs are counts of up to a few hundred: scaled down so that the
/// accumulator starts small whatever the count.
const INPUT_SCALE: f32 = 1.0 / 8.0;

/// One position's inputs and, for comparison, the `trained` evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct NetFeatures {
    /// `(input, count)`, each input once.
    pub inputs: Vec<(u16, u8)>,
    /// The `trained` evaluation (`trained3` plus the threat mask; the
    /// default until the network replaced it) for the side to move: the
    /// baseline, and the unit of the net file.
    pub trained_eval: i32,
}

/// The [`NetFeatures`] of `board` for `me` to move.
pub fn net_features(board: &ThreatBoard, me: Player) -> NetFeatures {
    let counts = code_counts(board, me);
    let mut inputs = counts.counts;
    let mask = threat_mask(board, me);
    for bit in 0..THREAT_MASK_BITS {
        if mask >> bit & 1 == 1 {
            inputs.push(((THREAT_MASK_INPUTS_START + bit) as u16, 1));
        }
    }
    for (i, &present) in counts.combinations.iter().enumerate() {
        if present {
            inputs.push(((COMBINATION_INPUTS_START + i) as u16, 1));
        }
    }
    let mut joint = [0u8; JOINT_CLASSES];
    for point in (0..Gomoku::POINTS).filter(|&p| board.is_empty(p)) {
        let mine = point_class(board.patterns(me, point));
        let theirs = point_class(board.patterns(me.opponent(), point));
        if let Some(j) = joint_pair(mine, theirs).checked_sub(1) {
            joint[j] += 1;
        }
    }
    for (j, &count) in joint.iter().enumerate() {
        if count > 0 {
            inputs.push(((JOINT_INPUTS_START + j) as u16, count));
        }
    }
    NetFeatures {
        inputs,
        trained_eval: Evaluation::trained().evaluate(board, me, &EvalWeights::default()),
    }
}

/// Candidates compared per position by the comparison loss: the best of
/// the hand ranking (the moves a search looks at first), plus the move
/// played if it is not among them.
pub const COMPARISON_CANDIDATES: usize = 12;

/// One searched move, for the comparison loss: the positions after each
/// candidate move (the opponent to move in each), and which one the search
/// chose. The search only ever compares siblings, so this is the part of
/// the evaluation it uses; the outcome loss mostly rewards the side to
/// move's and the phase's odds, which every sibling shares.
#[derive(Clone, Debug, PartialEq)]
pub struct ComparisonSample {
    pub children: Vec<NetFeatures>,
    /// Index in `children` of the move the search chose.
    pub played: usize,
    /// Stones in each child.
    pub stones: i32,
    pub held_out: bool,
}

/// The [`ComparisonSample`]s of `games`: every undecided position whose
/// move a search chose (a move with a score: random plies, and in a game
/// from a referee log the other player's moves, have none), with the
/// [`COMPARISON_CANDIDATES`] best candidate points by the hand ranking.
pub fn comparison_samples_of(games: &[GameRecord]) -> Vec<ComparisonSample> {
    let mut samples = Vec::new();
    for_undecided_positions(games, |game, board, me, ply| {
        if game.scores[ply].is_none() {
            return;
        }
        let played = game.moves[ply].index();
        let mut points: Vec<(i32, usize)> = (0..Gomoku::POINTS)
            .filter(|&p| board.is_candidate(p))
            .map(|p| (-ordering_key(board, me, p), p))
            .collect();
        points.sort_unstable();
        points.truncate(COMPARISON_CANDIDATES);
        if !points.iter().any(|&(_, p)| p == played) {
            if !board.is_candidate(played) {
                return;
            }
            points.push((0, played));
        }
        let children = points
            .iter()
            .map(|&(_, p)| {
                let mut child = board.clone();
                child.place(p, me);
                net_features(&child, me.opponent())
            })
            .collect();
        samples.push(ComparisonSample {
            children,
            played: points
                .iter()
                .position(|&(_, p)| p == played)
                .expect("added"),
            stones: board.stone_count() as i32 + 1,
            held_out: is_held_out(game.index),
        });
    });
    samples
}

/// How well a model picks the searched move among its siblings: the mean
/// cross-entropy of the softmax over the children's negated logits, and
/// how often the played move has the best value (top-1).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ComparisonFigures {
    pub cross_entropy: f64,
    pub top1: f64,
}

/// [`ComparisonFigures`] of `logits` (each child's logit for its side to
/// move) over `samples`.
fn comparison_figures_of<'a>(
    samples: impl Iterator<Item = &'a ComparisonSample>,
    logits: impl Fn(&ComparisonSample) -> Vec<f64>,
) -> ComparisonFigures {
    let (mut sum, mut count) = (ComparisonFigures::default(), 0usize);
    for sample in samples {
        let values: Vec<f64> = logits(sample).iter().map(|l| -l).collect();
        let best = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let log_sum = best + values.iter().map(|v| (v - best).exp()).sum::<f64>().ln();
        sum.cross_entropy += log_sum - values[sample.played];
        sum.top1 += (values[sample.played] >= best) as u8 as f64;
        count += 1;
    }
    let n = count.max(1) as f64;
    ComparisonFigures {
        cross_entropy: sum.cross_entropy / n,
        top1: sum.top1 / n,
    }
}

/// [`comparison_figures_of`] the training and the held-out `samples`.
fn comparison_figures(
    samples: &[ComparisonSample],
    logits: impl Fn(&ComparisonSample) -> Vec<f64>,
) -> [ComparisonFigures; 2] {
    [false, true].map(|held_out| {
        comparison_figures_of(samples.iter().filter(|x| x.held_out == held_out), &logits)
    })
}

/// The children's logits under the `trained` evaluation at `logit_per_unit`.
fn trained_child_logits(logit_per_unit: f64, sample: &ComparisonSample) -> Vec<f64> {
    sample
        .children
        .iter()
        .map(|child| logit_per_unit * child.trained_eval as f64)
        .collect()
}

/// Tuning of [`fit_net`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetFitConfig {
    /// ReLU units (0: the linear table alone).
    pub hidden: usize,
    pub epochs: usize,
    pub batch: usize,
    pub learning_rate: f32,
    /// Decoupled weight decay on the input weights, per step.
    pub weight_decay: f32,
    pub seed: u64,
    /// Weight of the comparison loss (cross-entropy of the searched move
    /// among its siblings, per position) beside the outcome loss; 0: the
    /// outcome alone.
    pub comparison_weight: f32,
    /// The fitted net is the mean of the weights after every step of the
    /// last this many epochs (0: the weights after the last step). Even at
    /// a tenth of the rate the held-out loss moves by several thousandths
    /// from one epoch to the next; the mean sits nearer the minimum those
    /// steps circle.
    pub average_last_epochs: usize,
}

impl Default for NetFitConfig {
    fn default() -> Self {
        NetFitConfig {
            hidden: NET_HIDDEN,
            epochs: 12,
            batch: 256,
            learning_rate: 1e-3,
            weight_decay: 1e-5,
            seed: 1,
            comparison_weight: 0.0,
            average_last_epochs: 0,
        }
    }
}

/// The network's parameters, one flat vector (so one Adam serves all).
#[derive(Clone, Debug)]
pub struct Net {
    hidden: usize,
    params: Vec<f32>,
}

impl Net {
    fn columns(&self) -> usize {
        self.hidden + 2
    }

    fn len(hidden: usize) -> usize {
        NET_INPUTS * (hidden + 2) + 3 * hidden + 2
    }

    /// Offsets of the unit biases, phase slopes, output weights and the
    /// tapered constant.
    fn offsets(&self) -> (usize, usize, usize, usize) {
        let b = NET_INPUTS * self.columns();
        (b, b + self.hidden, b + 2 * self.hidden, b + 3 * self.hidden)
    }

    fn new(hidden: usize, rng: &mut SmallRng) -> Net {
        let mut net = Net {
            hidden,
            params: vec![0.0; Net::len(hidden)],
        };
        let columns = net.columns();
        let (b, _, v, _) = net.offsets();
        for input in 0..NET_INPUTS {
            for k in 0..hidden {
                net.params[input * columns + k] = rng.gen_range(-0.05..0.05);
            }
        }
        for j in 0..hidden {
            net.params[b + j] = 0.1;
            net.params[v + j] = rng.gen_range(-0.1..0.1);
        }
        net
    }

    /// The logit for the side to move; `z` is scratch (the accumulator,
    /// left holding each unit's pre-activation for [`Self::backward`]).
    fn forward(&self, x: &NetFeatures, stones: i32, z: &mut [f32]) -> f32 {
        let columns = self.columns();
        z.fill(0.0);
        for &(input, count) in &x.inputs {
            let row = &self.params[input as usize * columns..][..columns];
            let c = count as f32 * INPUT_SCALE;
            for (zk, &w) in z.iter_mut().zip(row) {
                *zk += c * w;
            }
        }
        let phase = net_phase(stones);
        let (b, u, v, c) = self.offsets();
        let h = self.hidden;
        let p = &self.params;
        let mut out = (1.0 - phase) * (z[h] + p[c]) + phase * (z[h + 1] + p[c + 1]);
        for j in 0..h {
            z[j] += p[b + j] + phase * p[u + j];
            out += p[v + j] * z[j].max(0.0);
        }
        out
    }

    /// Adds the gradient of the loss, whose derivative by the logit is `g`,
    /// to `grad`; `z` as [`Self::forward`] left it.
    fn backward(&self, x: &NetFeatures, stones: i32, z: &[f32], g: f32, grad: &mut [f32]) {
        let phase = net_phase(stones);
        let (b, u, v, c) = self.offsets();
        let h = self.hidden;
        let columns = self.columns();
        let mut dz = [0.0f32; 258];
        let dz = &mut dz[..columns];
        grad[c] += g * (1.0 - phase);
        grad[c + 1] += g * phase;
        dz[h] = g * (1.0 - phase);
        dz[h + 1] = g * phase;
        for j in 0..h {
            grad[v + j] += g * z[j].max(0.0);
            if z[j] > 0.0 {
                let d = g * self.params[v + j];
                grad[b + j] += d;
                grad[u + j] += d * phase;
                dz[j] = d;
            }
        }
        for &(input, count) in &x.inputs {
            let row = &mut grad[input as usize * columns..][..columns];
            let c = count as f32 * INPUT_SCALE;
            for (gk, &d) in row.iter_mut().zip(dz.iter()) {
                *gk += c * d;
            }
        }
    }

    /// Each child's logit (for its side to move).
    fn child_logits(&self, sample: &ComparisonSample) -> Vec<f64> {
        let mut z = vec![0.0; self.columns()];
        sample
            .children
            .iter()
            .map(|child| self.forward(child, sample.stones, &mut z) as f64)
            .collect()
    }

    /// Adds `scale` times the gradient of `sample`'s comparison loss (the
    /// cross-entropy of the played child under the softmax of the negated
    /// child logits) to `grad`; `z` is scratch.
    fn add_comparison_gradient(
        &self,
        sample: &ComparisonSample,
        scale: f32,
        z: &mut Vec<f32>,
        grad: &mut [f32],
    ) {
        let columns = self.columns();
        let n = sample.children.len();
        z.resize(n * columns, 0.0);
        let values: Vec<f32> = sample
            .children
            .iter()
            .zip(z.chunks_mut(columns))
            .map(|(child, zc)| -self.forward(child, sample.stones, zc))
            .collect();
        let best = values.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let weights: Vec<f32> = values.iter().map(|v| (v - best).exp()).collect();
        let total: f32 = weights.iter().sum();
        for (i, (child, zc)) in sample.children.iter().zip(z.chunks(columns)).enumerate() {
            // d loss / d value_i = p_i - [i played]; value = -logit.
            let played = (i == sample.played) as u8 as f32;
            let g = scale * (played - weights[i] / total);
            self.backward(child, sample.stones, zc, g, grad);
        }
    }

    /// The predicted probability that the side to move wins.
    pub fn predict(&self, x: &NetFeatures, stones: i32) -> f64 {
        let mut z = vec![0.0; self.columns()];
        sigmoid(self.forward(x, stones, &mut z) as f64)
    }
}

/// What [`fit_net`] found.
#[derive(Clone, Debug)]
pub struct NetFitReport {
    pub config: NetFitConfig,
    /// The `trained` evaluation, its scale and bias fitted on the training
    /// positions.
    pub trained_eval: Losses,
    /// The `trained` evaluation's fitted logit per evaluation unit: the net
    /// file's unit, so the net speaks the units the search is tuned to.
    pub logit_per_unit: f64,
    /// The `trained` evaluation's fitted bias (logit at evaluation 0).
    pub trained_bias: f64,
    /// Train and held-out log-loss after each epoch.
    pub epochs: Vec<Losses>,
    /// With [`NetFitConfig::average_last_epochs`]: the averaged net's
    /// log-losses and comparison figures (the net returned).
    pub averaged: Option<(Losses, [ComparisonFigures; 2])>,
    /// The `trained` evaluation's (at the fitted logit per unit) and, after
    /// each epoch, the net's [`ComparisonFigures`], train and held out.
    pub trained_comparison: [ComparisonFigures; 2],
    pub comparison_epochs: Vec<[ComparisonFigures; 2]>,
    /// Comparison samples given (train and held out).
    pub comparisons: usize,
    pub net: Net,
}

/// Fits the network of `config` to `samples` (trained on the training
/// positions' targets, losses against the outcomes).
/// `comparisons` (may be empty) enter with [`NetFitConfig::comparison_weight`]:
/// every epoch passes over them once, a share with each minibatch.
pub fn fit_net(
    samples: &[Sample<NetFeatures>],
    comparisons: &[ComparisonSample],
    config: &NetFitConfig,
) -> NetFitReport {
    assert!(config.hidden <= 256, "at most 256 hidden units");
    let mut rng = SmallRng::seed_from_u64(config.seed);
    let mut net = Net::new(config.hidden, &mut rng);
    let n = net.params.len();
    let (mut m, mut s, mut grad) = (vec![0.0f32; n], vec![0.0f32; n], vec![0.0f32; n]);
    let weights_end = NET_INPUTS * net.columns();
    let mut order: Vec<usize> = (0..samples.len())
        .filter(|&i| !samples[i].held_out)
        .collect();
    let mut z = vec![0.0f32; net.columns()];
    let mut compared: Vec<usize> = (0..comparisons.len())
        .filter(|&i| !comparisons[i].held_out)
        .collect();
    let compared_per_batch = compared
        .len()
        .div_ceil(order.len().div_ceil(config.batch).max(1));
    let mut child_z: Vec<f32> = Vec::new();
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut step = 0i32;
    let averaged_from = config.epochs.saturating_sub(config.average_last_epochs);
    let (mut mean, mut averaged_steps) = (vec![0.0f64; n], 0u64);
    let mut epochs = Vec::new();
    let mut comparison_epochs = Vec::new();
    for epoch in 0..config.epochs {
        // The rate falls linearly to a tenth over the epochs: the last
        // ones settle instead of jumping between minibatches.
        let rate = config.learning_rate
            * (1.0 - 0.9 * epoch as f32 / config.epochs.saturating_sub(1).max(1) as f32);
        order.shuffle(&mut rng);
        compared.shuffle(&mut rng);
        let mut compared_batches = compared.chunks(compared_per_batch.max(1));
        for batch in order.chunks(config.batch) {
            grad.fill(0.0);
            for &i in batch {
                let sample = &samples[i];
                let logit = net.forward(&sample.features, sample.stones, &mut z);
                let g = (sigmoid(logit as f64) - sample.target) as f32 / batch.len() as f32;
                net.backward(&sample.features, sample.stones, &z, g, &mut grad);
            }
            let compared_batch = compared_batches.next().unwrap_or(&[]);
            if config.comparison_weight > 0.0 {
                let scale = config.comparison_weight / compared_batch.len().max(1) as f32;
                for &i in compared_batch {
                    net.add_comparison_gradient(&comparisons[i], scale, &mut child_z, &mut grad);
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for k in 0..n {
                let gk = grad[k];
                m[k] = beta1 * m[k] + (1.0 - beta1) * gk;
                s[k] = beta2 * s[k] + (1.0 - beta2) * gk * gk;
                let update = rate * (m[k] / c1) / ((s[k] / c2).sqrt() + eps);
                net.params[k] -= update;
                if k < weights_end {
                    net.params[k] *= 1.0 - config.weight_decay;
                }
            }
            if config.average_last_epochs > 0 && epoch >= averaged_from {
                averaged_steps += 1;
                let w = 1.0 / averaged_steps as f64;
                for (mean, &p) in mean.iter_mut().zip(&net.params) {
                    *mean += (p as f64 - *mean) * w;
                }
            }
        }
        epochs.push(losses(samples, |x| net.predict(&x.features, x.stones)));
        comparison_epochs.push(comparison_figures(comparisons, |x| net.child_logits(x)));
    }
    let averaged = (averaged_steps > 0).then(|| {
        for (p, &mean) in net.params.iter_mut().zip(&mean) {
            *p = mean as f32;
        }
        (
            losses(samples, |x| net.predict(&x.features, x.stones)),
            comparison_figures(comparisons, |x| net.child_logits(x)),
        )
    });
    let (trained_eval, logit_per_unit, trained_bias) = trained_eval_losses(samples);
    let trained_comparison =
        comparison_figures(comparisons, |x| trained_child_logits(logit_per_unit, x));
    NetFitReport {
        config: *config,
        trained_eval,
        logit_per_unit,
        trained_bias,
        epochs,
        averaged,
        trained_comparison,
        comparison_epochs,
        comparisons: comparisons.len(),
        net,
    }
}

/// The `trained` evaluation's log-losses, `sigmoid(a * eval + b)` with `a`
/// and `b` fitted on the training positions as every fit's baselines are
/// ([`logistic`]); then `a` and `b`.
fn trained_eval_losses(samples: &[Sample<NetFeatures>]) -> (Losses, f64, f64) {
    let train: Vec<&Sample<NetFeatures>> = samples.iter().filter(|x| !x.held_out).collect();
    let inputs: Vec<Vec<f64>> = train
        .iter()
        .map(|x| vec![x.features.trained_eval as f64])
        .collect();
    let won: Vec<f64> = train.iter().map(|x| x.won).collect();
    let (weights, b) = logistic(&inputs, &won, &FitConfig::default());
    let a = weights[0];
    let fitted = losses(samples, |x| sigmoid(a * x.features.trained_eval as f64 + b));
    (fitted, a, b)
}

/// The mean log-loss against the outcomes of other games' positions
/// (`samples`, whatever their split): the network's, and the `trained`
/// evaluation's under the scale and bias fitted with it.
pub fn test_losses(report: &NetFitReport, samples: &[Sample<NetFeatures>]) -> (f64, f64) {
    let n = samples.len().max(1) as f64;
    let mean = |predict: &dyn Fn(&Sample<NetFeatures>) -> f64| {
        samples
            .iter()
            .map(|x| log_loss(predict(x), x.won))
            .sum::<f64>()
            / n
    };
    let net = mean(&|x| report.net.predict(&x.features, x.stones));
    let trained = mean(&|x| {
        sigmoid(report.logit_per_unit * x.features.trained_eval as f64 + report.trained_bias)
    });
    (net, trained)
}

/// [`ComparisonFigures`] over other games' positions (`samples`, whatever
/// their split): the network's, and the `trained` evaluation's at the logit
/// per unit fitted with it.
pub fn test_comparisons(
    report: &NetFitReport,
    samples: &[ComparisonSample],
) -> (ComparisonFigures, ComparisonFigures) {
    let net = comparison_figures_of(samples.iter(), |x| report.net.child_logits(x));
    let trained = comparison_figures_of(samples.iter(), |x| {
        trained_child_logits(report.logit_per_unit, x)
    });
    (net, trained)
}

/// The fitted network as a net file (the engine option `net=PATH`), its input weights
/// rounded to integers; `None` unless it has the engine's [`NET_HIDDEN`]
/// units.
pub fn net_file(report: &NetFitReport) -> Option<Vec<u8>> {
    let net = &report.net;
    if net.hidden != NET_HIDDEN {
        return None;
    }
    let columns = net.columns();
    let weights_end = NET_INPUTS * columns;
    let largest = net.params[..weights_end]
        .iter()
        .fold(0.0f32, |m, &w| m.max((w * INPUT_SCALE).abs()));
    // As fine as i16 allows, and no finer than the board's i16 sums allow.
    let quantisation = (32_000.0 / largest.max(1e-6)).min(ACCUMULATOR_QUANTISATION);
    let rows: Vec<[i16; NET_COLUMNS]> = (0..NET_INPUTS)
        .map(|input| {
            std::array::from_fn(|k| {
                (net.params[input * columns + k] * INPUT_SCALE * quantisation).round() as i16
            })
        })
        .collect();
    let head: Vec<f32> = net.params[weights_end..].to_vec();
    Some(net_to_bytes(
        &rows,
        quantisation,
        report.logit_per_unit as f32,
        head.as_slice().try_into().expect("the head's values"),
    ))
}

/// The report as text lines.
pub fn describe_net(report: &NetFitReport) -> String {
    let c = &report.config;
    let mut out = format!(
        "net: {} hidden, {} epochs, batch {}, learning rate {}, weight decay {}, seed {}\n\
         log-loss `trained` evaluation (trained3 + threat mask, best scale): train {:.4}, held-out {:.4}\n",
        c.hidden,
        c.epochs,
        c.batch,
        c.learning_rate,
        c.weight_decay,
        c.seed,
        report.trained_eval.train,
        report.trained_eval.held_out,
    );
    let comparison = |f: &[ComparisonFigures; 2]| {
        format!(
            "searched move among {} candidates: cross-entropy {:.4} / {:.4}, top-1 {:.3} / {:.3}",
            COMPARISON_CANDIDATES, f[0].cross_entropy, f[1].cross_entropy, f[0].top1, f[1].top1
        )
    };
    let compared = report.comparisons > 0;
    if compared {
        out += &format!(
            "{} positions compared, weight {}; `trained` evaluation {} (train / held out)\n",
            report.comparisons,
            c.comparison_weight,
            comparison(&report.trained_comparison)
        );
    }
    // One line's losses, and the comparison figures when there are any.
    let figures = |e: &Losses, f: &[ComparisonFigures; 2]| {
        let mut line = format!("train {:.4}, held-out {:.4}", e.train, e.held_out);
        if compared {
            line += &format!("; {}", comparison(f));
        }
        line
    };
    for (i, e) in report.epochs.iter().enumerate() {
        let line = figures(e, &report.comparison_epochs[i]);
        out += &format!("epoch {:2}: {line}\n", i + 1);
    }
    if let Some((e, f)) = &report.averaged {
        let line = figures(e, f);
        out += &format!(
            "mean of the last {} epochs' weights: {line}\n",
            c.average_last_epochs
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::gomoku::codes::CODES;

    /// A fresh net's small random weights predict about even.
    #[test]
    fn a_fresh_net_predicts_near_even() {
        let mut rng = SmallRng::seed_from_u64(1);
        let net = Net::new(8, &mut rng);
        let x = NetFeatures {
            inputs: vec![(3, 10), (CODES as u16 + 5, 4)],
            trained_eval: 0,
        };
        let p = net.predict(&x, 20);
        assert!((0.3..0.7).contains(&p), "{p}");
    }

    /// The comparison loss's gradient is its derivative: each parameter a
    /// child uses, nudged both ways, moves the loss (the held-out figure's
    /// cross-entropy, computed separately) by the gradient times the nudge.
    #[test]
    fn comparison_gradient_matches_finite_differences() {
        let mut rng = SmallRng::seed_from_u64(2);
        let net = Net::new(4, &mut rng);
        let child = |inputs: Vec<(u16, u8)>| NetFeatures {
            inputs,
            trained_eval: 0,
        };
        let sample = ComparisonSample {
            children: vec![
                child(vec![(3, 10), (CODES as u16 + 5, 4)]),
                child(vec![
                    (3, 8),
                    (40, 6),
                    (THREAT_MASK_INPUTS_START as u16 + 1, 1),
                ]),
                child(vec![(40, 12), (CODES as u16 + 5, 2)]),
            ],
            played: 1,
            stones: 30,
            held_out: true,
        };
        let loss = |net: &Net| {
            comparison_figures(std::slice::from_ref(&sample), |x| net.child_logits(x))[1]
                .cross_entropy
        };
        let mut grad = vec![0.0f32; net.params.len()];
        net.add_comparison_gradient(&sample, 1.0, &mut Vec::new(), &mut grad);
        let columns = net.columns();
        let (b, u, v, c) = net.offsets();
        let mut checked = 0;
        let touched = [3, 40, CODES + 5, THREAT_MASK_INPUTS_START + 1]
            .iter()
            .flat_map(|&input| input * columns..(input + 1) * columns)
            .chain(b..c + 2);
        for k in touched {
            let h = 1e-2f32;
            let (mut plus, mut minus) = (net.clone(), net.clone());
            plus.params[k] += h;
            minus.params[k] -= h;
            let numeric = (loss(&plus) - loss(&minus)) / (2.0 * h as f64);
            let analytic = grad[k] as f64;
            assert!(
                (numeric - analytic).abs() <= 1e-3 + 0.02 * analytic.abs(),
                "parameter {k} (unit biases at {b}, slopes {u}, outputs {v}): {numeric} by differences, {analytic} by the gradient"
            );
            checked += (analytic != 0.0) as usize;
        }
        assert!(checked > 20, "only {checked} parameters with a gradient");
    }
}
