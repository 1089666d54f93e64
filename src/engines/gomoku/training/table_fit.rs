//! The fit of the table evaluation ([`TableWeights`]): a logistic regression
//! of "the side to move wins" on sparse features, the number of empty
//! points of each pattern code per side (mover, opponent) and the
//! combination indicators, each weighted by the phase's opening and endgame
//! share as [`evaluate_table`](crate::engines::gomoku::evaluate_table)
//! tapers them; full-batch L-BFGS over the sparse rows (deterministic: no
//! seed needed).
//!
//! A code's value is fitted as a structured part plus its own residual:
//! the structured part sums weights of what the code is made of, the
//! trained evaluation's point features (its four line patterns, its threat
//! class, its shape), shared by every code with that part. The residuals
//! carry a much larger L2 penalty, so a code seen in few games stays near
//! its structure's value instead of fitting those games' results (a game's
//! positions all share its result: a few thousand games are few labels for
//! 2860 free values). A trained evaluation (by default `trained3`) written
//! as a table ([`fold_trained`]) is one more input, its weight fitted: the
//! table starts from what that evaluation learnt from its own games. All
//! of it folds into one table, so the evaluation pays nothing for it.

use std::collections::VecDeque;

use crate::engines::gomoku::codes::{code_of, CODES};
use crate::engines::gomoku::evaluator::{combination_threats, COMBINATION_THREATS};
use crate::engines::gomoku::patterns::Pattern;
use crate::engines::gomoku::shape::Shape;
use crate::engines::gomoku::table::{
    tapered_value, TableWeights, EXTRAS, TABLE_PHASE_STONES, TABLE_SCALE,
};
use crate::engines::gomoku::table_file::{CODE_VALUE_LIMIT, EXTRA_VALUE_LIMIT};
use crate::engines::gomoku::threat::{summarize, Threat};
use crate::engines::gomoku::threat_board::ThreatBoard;
use crate::engines::gomoku::trained::{
    point_features, TrainedWeights, COMBINATION_FEATURES, PHASE_STONES, STONES_FEATURE,
    TRAINED3_WEIGHTS, WEIGHT_SCALE,
};
use crate::game::Player;
use crate::games::Gomoku;

use super::fit::{baselines, log_loss, losses, sigmoid, Baselines, FitConfig, Losses, Sample};

/// Code features: the mover's codes, then the opponent's.
const CODE_FEATURES: usize = 2 * CODES;
/// Features: the codes', then the constant and the three combination
/// indicators (the table's extras, in order).
const FEATURES: usize = CODE_FEATURES + EXTRAS;
/// Weights: an opening and an endgame one per feature.
const WEIGHTS: usize = 2 * FEATURES;
/// Structured parts per side: line patterns, threat classes, shapes.
const PARTS: usize = Pattern::COUNT + Threat::COUNT + Shape::COUNT;
/// Fitted parameters: the [`WEIGHTS`] (code residuals, extras), then an
/// opening and an endgame weight per structured part and side.
const PARAMETERS: usize = WEIGHTS + 2 * 2 * PARTS;

/// The four lines of each code (one spelling, ascending).
fn code_lines() -> Vec<[Pattern; 4]> {
    let mut lines = vec![[Pattern::Dead; 4]; CODES];
    for (a, &pa) in Pattern::ALL.iter().enumerate() {
        for (b, &pb) in Pattern::ALL.iter().enumerate().skip(a) {
            for (c, &pc) in Pattern::ALL.iter().enumerate().skip(b) {
                for &pd in &Pattern::ALL[c..] {
                    let four = [pa, pb, pc, pd];
                    lines[code_of(four) as usize] = four;
                }
            }
        }
    }
    lines
}

/// `trained` as table weights in evaluation units (the fit's layout: per
/// feature an opening and an endgame weight). Exact for positions of at
/// most [`TABLE_PHASE_STONES`] stones but for rounding: a trained feature
/// is a sum over the empty points of what each point adds, so its weight
/// goes to every code by what the code adds; the stones are 225 less the
/// empty points (the mover's codes count each once); a phase term adds to
/// the endgame weight only, as the taper `(1 - phase) * opening + phase *
/// endgame` is `opening + phase * (endgame - opening)`.
pub fn fold_trained(trained: &TrainedWeights) -> Vec<f64> {
    const _: () = assert!(PHASE_STONES == TABLE_PHASE_STONES as i64, "the same taper");
    let unit = 1.0 / WEIGHT_SCALE as f64;
    let (w, pw) = (trained.weights, trained.phase_weights);
    let mut out = vec![0.0; WEIGHTS];
    let mut add = |feature: usize, opening: f64, phase: f64| {
        out[2 * feature] += opening * unit;
        out[2 * feature + 1] += (opening + phase) * unit;
    };
    let points = Gomoku::POINTS as f64;
    let stones = STONES_FEATURE;
    add(CODE_FEATURES, trained.bias as f64, 0.0);
    add(
        CODE_FEATURES,
        points * w[stones] as f64,
        points * pw[stones] as f64,
    );
    for (code, &lines) in code_lines().iter().enumerate() {
        for slot in 0..2 {
            let f = slot * CODES + code;
            for t in point_features(slot, lines) {
                add(f, w[t] as f64, pw[t] as f64);
            }
        }
        add(code, -w[stones] as f64, -pw[stones] as f64);
    }
    for i in 0..3 {
        let t = COMBINATION_FEATURES + i;
        add(CODE_FEATURES + 1 + i, w[t] as f64, pw[t] as f64);
    }
    out
}

/// `parts[code]`: the structured parts of a code (one side's), with their
/// multiplicity: each distinct line pattern, its threat class, its shape.
fn code_parts() -> Vec<Vec<(usize, f64)>> {
    code_lines()
        .into_iter()
        .map(|lines| {
            let mut own: Vec<(usize, f64)> = Vec::new();
            for p in lines {
                match own.iter_mut().find(|(i, _)| *i == p as usize) {
                    Some((_, m)) => *m += 1.0,
                    None => own.push((p as usize, 1.0)),
                }
            }
            own.push((Pattern::COUNT + summarize(lines).0 as usize, 1.0));
            own.push((
                Pattern::COUNT + Threat::COUNT + Shape::of(lines).index(),
                1.0,
            ));
            own
        })
        .collect()
}

/// The weights (code values and extras) of `parameters`: each code's
/// residual plus its structured parts' weights.
fn effective_weights(parameters: &[f64], parts: &[Vec<(usize, f64)>]) -> Vec<f64> {
    let mut w = parameters[..WEIGHTS].to_vec();
    let structure = &parameters[WEIGHTS..];
    for f in 0..CODE_FEATURES {
        let (side, code) = (f / CODES, f % CODES);
        for &(part, m) in &parts[code] {
            for k in 0..2 {
                w[2 * f + k] += m * structure[2 * (side * PARTS + part) + k];
            }
        }
    }
    w
}

/// The gradient over the parameters of a gradient over the weights
/// ([`effective_weights`] is linear).
fn parameter_gradient(gradient: &[f64], parts: &[Vec<(usize, f64)>]) -> Vec<f64> {
    let mut out = gradient.to_vec();
    out.resize(PARAMETERS, 0.0);
    for f in 0..CODE_FEATURES {
        let (side, code) = (f / CODES, f % CODES);
        for &(part, m) in &parts[code] {
            for k in 0..2 {
                out[WEIGHTS + 2 * (side * PARTS + part) + k] += m * gradient[2 * f + k];
            }
        }
    }
    out
}

/// A position's table features: how many empty points have each code, for
/// the mover (`code`) and the opponent (`CODES + code`), and the three
/// combination indicators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeCounts {
    /// `(feature, count)`, features ascending, counts above 0.
    pub counts: Vec<(u16, u8)>,
    pub combinations: [bool; COMBINATION_THREATS],
}

/// The table features of `board` for `me` to move, counted point by point
/// from the four line patterns (not from the board's incremental codes or
/// sums).
pub fn code_counts(board: &ThreatBoard, me: Player) -> CodeCounts {
    let mut counts = [0u8; CODE_FEATURES];
    for point in (0..Gomoku::POINTS).filter(|&p| board.is_empty(p)) {
        for (s, side) in [me, me.opponent()].into_iter().enumerate() {
            counts[s * CODES + code_of(board.patterns(side, point)) as usize] += 1;
        }
    }
    CodeCounts {
        counts: (0..CODE_FEATURES)
            .filter(|&f| counts[f] > 0)
            .map(|f| (f as u16, counts[f]))
            .collect(),
        combinations: combination_threats(board, me),
    }
}

/// The table evaluation of a position with features `x` and `stones`
/// stones under `table`, in evaluation units: what
/// [`evaluate_table`](crate::engines::gomoku::evaluate_table) computes from
/// the board's sums.
pub fn table_value(table: &TableWeights, x: &CodeCounts, stones: i32) -> i32 {
    let (mut opening, mut endgame) = (table.extras[0][0], table.extras[0][1]);
    for &(f, count) in &x.counts {
        let (side, code) = (f as usize / CODES, f as usize % CODES);
        let entry = &table.codes[code];
        opening += count as i32 * entry[2 * side] as i32;
        endgame += count as i32 * entry[2 * side + 1] as i32;
    }
    for (extra, &present) in table.extras[1..].iter().zip(&x.combinations) {
        if present {
            opening += extra[0];
            endgame += extra[1];
        }
    }
    tapered_value(opening, endgame, stones)
}

/// Tuning of [`fit_table`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableFitConfig {
    /// L2 penalty on each code's residual (standardised), against the mean
    /// log-loss.
    pub ridge: f64,
    /// L2 penalty on the structured parts' weights and the extra terms'
    /// (standardised; the intercept has none).
    pub structure_ridge: f64,
    /// L-BFGS iterations at most.
    pub iterations: usize,
    /// The baselines' fit (scales and biases of the embedded evaluations).
    pub baseline: FitConfig,
    /// A trained evaluation the table starts from: its values enter the fit
    /// as one more input ([`fold_trained`] writes them as a table), whose
    /// weight is fitted with the rest and folded into the table. So the
    /// table keeps what that evaluation learnt from its own games, and the
    /// codes fit what it could not express.
    pub prior: Option<&'static TrainedWeights>,
}

impl Default for TableFitConfig {
    fn default() -> Self {
        TableFitConfig {
            // On the first 691 seed 5 games (with the trained3 prior),
            // held-out log-loss at ridge 0.1 / 1 / 10 / 100: 0.5825 /
            // 0.5809 / 0.5823 / 0.5828 (structure ridge 0.01), and at
            // structure ridge 0.1 / 1: 0.5811 / 0.5832 (ridge 1).
            ridge: 1.0,
            structure_ridge: 0.01,
            iterations: 1000,
            baseline: FitConfig::default(),
            prior: Some(&TRAINED3_WEIGHTS),
        }
    }
}

/// What [`fit_table`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFitReport {
    pub baselines: Baselines,
    /// The fitted model as fitted (floating point).
    pub table: Losses,
    /// The fitted model as embedded: the integer table, read through the
    /// hand evaluation's scale.
    pub table_rounded: Losses,
    /// Values beyond the file's range, clamped.
    pub clamped: usize,
    /// L-BFGS iterations run.
    pub iterations: usize,
    pub weights: TableWeights,
}

/// Calls `visit(feature, value)` for each input of `x` that is not 0.
#[inline]
fn inputs(x: &CodeCounts, mut visit: impl FnMut(usize, f64)) {
    for &(f, count) in &x.counts {
        visit(f as usize, count as f64);
    }
    visit(CODE_FEATURES, 1.0);
    for (i, &present) in x.combinations.iter().enumerate() {
        if present {
            visit(CODE_FEATURES + 1 + i, 1.0);
        }
    }
}

/// The logit of a sample under weights `w`: each input weighs its opening
/// weight by `1 - phase` and its endgame weight by `phase`.
fn logit(s: &Sample<CodeCounts>, w: &[f64]) -> f64 {
    let phi = phase_of(s.stones);
    let mut z = 0.0;
    inputs(&s.features, |f, x| {
        z += x * ((1.0 - phi) * w[2 * f] + phi * w[2 * f + 1]);
    });
    z
}

/// The mean log-loss of `train` under `w`, and its gradient.
fn loss_and_gradient(train: &[&Sample<CodeCounts>], w: &[f64]) -> (f64, Vec<f64>) {
    let n = train.len().max(1) as f64;
    let mut gradient = vec![0.0; WEIGHTS];
    let mut loss = 0.0;
    for s in train {
        let p = sigmoid(logit(s, w));
        loss += log_loss(p, s.target);
        let (g, phi) = ((p - s.target) / n, phase_of(s.stones));
        inputs(&s.features, |f, x| {
            gradient[2 * f] += g * x * (1.0 - phi);
            gradient[2 * f + 1] += g * x * phi;
        });
    }
    (loss / n, gradient)
}

/// Calls `visit(parameter, input)` for what each parameter multiplies in
/// the logit of `s` (a parameter may come more than once: add them up).
fn parameter_inputs(
    s: &Sample<CodeCounts>,
    parts: &[Vec<(usize, f64)>],
    mut visit: impl FnMut(usize, f64),
) {
    let phi = phase_of(s.stones);
    inputs(&s.features, |f, x| {
        let (opening, endgame) = (x * (1.0 - phi), x * phi);
        visit(2 * f, opening);
        visit(2 * f + 1, endgame);
        if f < CODE_FEATURES {
            let (side, code) = (f / CODES, f % CODES);
            for &(part, m) in &parts[code] {
                let k = WEIGHTS + 2 * (side * PARTS + part);
                visit(k, m * opening);
                visit(k + 1, m * endgame);
            }
        }
    });
}

/// The mean and the variance of each parameter's input over `train`.
fn input_moments(
    train: &[&Sample<CodeCounts>],
    parts: &[Vec<(usize, f64)>],
) -> (Vec<f64>, Vec<f64>) {
    let (mut sum, mut squares) = (vec![0.0; PARAMETERS], vec![0.0; PARAMETERS]);
    let mut row = vec![0.0; PARAMETERS];
    let mut touched = Vec::new();
    for s in train {
        parameter_inputs(s, parts, |k, x| {
            if row[k] == 0.0 {
                touched.push(k);
            }
            row[k] += x;
        });
        for &k in &touched {
            sum[k] += row[k];
            squares[k] += row[k] * row[k];
            row[k] = 0.0;
        }
        touched.clear();
    }
    let n = train.len().max(1) as f64;
    let mean: Vec<f64> = sum.iter().map(|s| s / n).collect();
    let variance = squares
        .iter()
        .zip(&mean)
        .map(|(q, m)| (q / n - m * m).max(0.0))
        .collect();
    (mean, variance)
}

/// The L2 penalty of parameter `k` (in its own units) whose input has
/// variance `variance`: a code's residual by `ridge` as it is (so a rare
/// code stays near its structure's value), the structured parts and extra
/// terms by `structure_ridge` on their standardised weight (their inputs'
/// scales differ a hundredfold).
fn penalty_of(k: usize, variance: f64, config: &TableFitConfig) -> f64 {
    if k < 2 * CODE_FEATURES {
        config.ridge
    } else {
        config.structure_ridge * variance
    }
}

/// The weights of preconditioned parameters `u` (the intercept last): each
/// parameter unscaled, the centring folded into the constant's opening and
/// endgame weights (their inputs add up to 1).
fn weights_of(u: &[f64], mean: &[f64], scale: &[f64], parts: &[Vec<(usize, f64)>]) -> Vec<f64> {
    let theta: Vec<f64> = u[..PARAMETERS]
        .iter()
        .zip(scale)
        .map(|(u, s)| u * s)
        .collect();
    let offset = u[PARAMETERS] - dot(&theta, mean);
    let mut w = effective_weights(&theta, parts);
    w[2 * CODE_FEATURES] += offset;
    w[2 * CODE_FEATURES + 1] += offset;
    w
}

fn phase_of(stones: i32) -> f64 {
    stones.min(TABLE_PHASE_STONES) as f64 / TABLE_PHASE_STONES as f64
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Minimises `objective` from `w` by L-BFGS (ten pairs of history, a
/// backtracking line search); returns the iterations run.
fn lbfgs(
    w: &mut [f64],
    iterations: usize,
    mut objective: impl FnMut(&[f64]) -> (f64, Vec<f64>),
) -> usize {
    const HISTORY: usize = 10;
    let (mut value, mut gradient) = objective(w);
    let mut pairs: VecDeque<(Vec<f64>, Vec<f64>, f64)> = VecDeque::new();
    for iteration in 0..iterations {
        // The two-loop recursion: direction = -H * gradient.
        let mut q = gradient.clone();
        let mut alphas = Vec::with_capacity(pairs.len());
        for (s, y, rho) in pairs.iter().rev() {
            let a = rho * dot(s, &q);
            q.iter_mut().zip(y).for_each(|(qi, yi)| *qi -= a * yi);
            alphas.push(a);
        }
        let gamma = pairs.back().map_or(
            1.0 / dot(&gradient, &gradient).sqrt().max(1e-12),
            |(s, y, _)| dot(s, y) / dot(y, y),
        );
        q.iter_mut().for_each(|qi| *qi *= gamma);
        for ((s, y, rho), a) in pairs.iter().zip(alphas.iter().rev()) {
            let b = rho * dot(y, &q);
            q.iter_mut().zip(s).for_each(|(qi, si)| *qi += (a - b) * si);
        }
        let mut direction: Vec<f64> = q.iter().map(|x| -x).collect();
        let mut slope = dot(&gradient, &direction);
        if slope >= 0.0 {
            // Not a descent direction: start the history afresh.
            pairs.clear();
            direction = gradient.iter().map(|g| -g).collect();
            slope = -dot(&gradient, &gradient);
        }
        let mut step = 1.0;
        let accepted = loop {
            let candidate: Vec<f64> = w
                .iter()
                .zip(&direction)
                .map(|(x, d)| x + step * d)
                .collect();
            let (v, g) = objective(&candidate);
            if v <= value + 1e-4 * step * slope {
                break Some((candidate, v, g));
            }
            step /= 2.0;
            if step < 1e-10 {
                break None;
            }
        };
        let Some((candidate, new_value, new_gradient)) = accepted else {
            return iteration;
        };
        let s: Vec<f64> = candidate.iter().zip(w.iter()).map(|(a, b)| a - b).collect();
        let y: Vec<f64> = new_gradient
            .iter()
            .zip(&gradient)
            .map(|(a, b)| a - b)
            .collect();
        let sy = dot(&s, &y);
        if sy > 1e-20 {
            pairs.push_back((s, y, 1.0 / sy));
            if pairs.len() > HISTORY {
                pairs.pop_front();
            }
        }
        w.copy_from_slice(&candidate);
        let improvement = value - new_value;
        value = new_value;
        gradient = new_gradient;
        if improvement < 1e-10 * value.abs().max(1.0) {
            return iteration + 1;
        }
    }
    iterations
}

/// Fits the table on the training samples and compares it with the
/// baselines on both splits. The weights are divided by the hand
/// evaluation's fitted scale (so the table speaks its units) and stored in
/// `1 / TABLE_SCALE` units, clamped to the file's range.
pub fn fit_table(samples: &[Sample<CodeCounts>], config: &TableFitConfig) -> TableFitReport {
    let baselines = baselines(samples, &config.baseline);
    let train: Vec<&Sample<CodeCounts>> = samples.iter().filter(|s| !s.held_out).collect();
    let parts = code_parts();
    let (mean, variance) = input_moments(&train, &parts);
    let penalty: Vec<f64> = (0..PARAMETERS)
        .map(|k| penalty_of(k, variance[k], config))
        .collect();
    // L-BFGS runs on centred inputs, each parameter scaled by the root of
    // its curvature at 0 (a logistic loss curves by at most 1/4 per unit
    // of input variance): on raw counts (a far point's code counts ~150, a
    // rare code's 1) it does not converge.
    let scale: Vec<f64> = (0..PARAMETERS)
        .map(|k| {
            let curvature = variance[k] / 4.0 + penalty[k];
            if curvature > 1e-12 {
                1.0 / curvature.sqrt()
            } else {
                0.0
            }
        })
        .collect();
    // The prior's values (in logit units per evaluation unit: 1), its
    // weight centred and scaled as the parameters are.
    let prior = config
        .prior
        .map(fold_trained)
        .unwrap_or_else(|| vec![0.0; WEIGHTS]);
    let prior_values: Vec<f64> = train.iter().map(|s| logit(s, &prior)).collect();
    let n = train.len().max(1) as f64;
    let prior_mean = prior_values.iter().sum::<f64>() / n;
    let prior_variance = prior_values
        .iter()
        .map(|v| (v - prior_mean).powi(2))
        .sum::<f64>()
        / n;
    let prior_scale = if prior_variance > 1e-12 {
        2.0 / prior_variance.sqrt()
    } else {
        0.0
    };
    // The scaled parameters, then the intercept, then the prior's weight.
    let (intercept, prior_weight) = (PARAMETERS, PARAMETERS + 1);
    let weights_at = |u: &[f64]| {
        let mut w = weights_of(&u[..=intercept], &mean, &scale, &parts);
        let alpha = u[prior_weight] * prior_scale;
        for (wk, pk) in w.iter_mut().zip(&prior) {
            *wk += alpha * pk;
        }
        w[2 * CODE_FEATURES] -= alpha * prior_mean;
        w[2 * CODE_FEATURES + 1] -= alpha * prior_mean;
        w
    };
    let mut u = vec![0.0; PARAMETERS + 2];
    let iterations = lbfgs(&mut u, config.iterations, |u| {
        let w = weights_at(u);
        let (mut loss, gradient) = loss_and_gradient(&train, &w);
        let offset = gradient[2 * CODE_FEATURES] + gradient[2 * CODE_FEATURES + 1];
        let theta = parameter_gradient(&gradient, &parts);
        let mut out = vec![0.0; PARAMETERS + 2];
        for k in 0..PARAMETERS {
            let weight = u[k] * scale[k];
            loss += 0.5 * penalty[k] * weight * weight;
            out[k] = (theta[k] - mean[k] * offset + penalty[k] * weight) * scale[k];
        }
        out[intercept] = offset;
        out[prior_weight] = (dot(&gradient, &prior) - prior_mean * offset) * prior_scale;
        (loss, out)
    });
    let w = weights_at(&u);
    let table = losses(samples, |s| sigmoid(logit(s, &w)));

    let units = TABLE_SCALE as f64 / baselines.hand_scale;
    let mut clamped = 0;
    let mut to_units = |x: f64, limit: i32| -> i32 {
        let v = (x * units).round();
        if v.abs() > limit as f64 {
            clamped += 1;
        }
        v.clamp(-limit as f64, limit as f64) as i32
    };
    let mut weights = TableWeights::zero();
    for f in 0..CODE_FEATURES {
        let (side, code) = (f / CODES, f % CODES);
        for k in 0..2 {
            // Clamped to i16's range.
            weights.codes[code][2 * side + k] = to_units(w[2 * f + k], CODE_VALUE_LIMIT) as i16;
        }
    }
    for e in 0..EXTRAS {
        for k in 0..2 {
            weights.extras[e][k] = to_units(w[2 * (CODE_FEATURES + e) + k], EXTRA_VALUE_LIMIT);
        }
    }
    let hand_scale = baselines.hand_scale;
    let table_rounded = losses(samples, |s| {
        sigmoid(hand_scale * table_value(&weights, &s.features, s.stones) as f64)
    });
    TableFitReport {
        baselines,
        table,
        table_rounded,
        clamped,
        iterations,
        weights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::gomoku::notation::parse_moves;
    use crate::engines::gomoku::trained::evaluate_trained;
    use crate::game::Game;

    /// The trained3 table folded into the table's layout gives trained3's
    /// value on positions of up to [`TABLE_PHASE_STONES`] stones, but for
    /// the rounding of trained3 (down to whole units, one each for the sum
    /// and the phase term).
    #[test]
    fn a_folded_trained_table_evaluates_as_the_trained_one() {
        let folded = fold_trained(&TRAINED3_WEIGHTS);
        let moves = "h8 f6 e4 h6 i6 g5 i7 h4 e7 h5 h7 i5 j5 k4 g8 f9 e6 e5 f5 h3 h2 i3 j2 g6 f7 g7";
        let mut pos = Gomoku::start();
        for m in parse_moves(moves).unwrap() {
            pos.try_play(m).unwrap();
            let board = ThreatBoard::from_game(&pos);
            for me in [Player::Black, Player::White] {
                let sample = Sample {
                    features: code_counts(&board, me),
                    stones: board.stone_count() as i32,
                    hand: 0,
                    embedded: Vec::new(),
                    won: 0.0,
                    search: None,
                    target: 0.0,
                    held_out: false,
                };
                let trained = evaluate_trained(&board, me, &TRAINED3_WEIGHTS) as f64;
                let table = logit(&sample, &folded);
                assert!(
                    (table - trained).abs() < 2.0,
                    "{moves}: {table} vs {trained}"
                );
            }
        }
    }
}
