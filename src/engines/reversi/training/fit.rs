//! Fitting one stage's weights to labelled positions: least squares over
//! the sparse features by full-batch gradient steps, each weight's step
//! normalised by how often its feature occurs (so rare and common features
//! learn at the same pace), with an L2 pull towards the starting weights
//! (the neighbouring stage's), and early stopping on a validation split.

use super::selfplay::Position;
use crate::engines::reversi::features::{feature_indices, ACTIVE_FEATURES, STAGE_WEIGHTS};

/// A position and its label (final disc difference for the side to move).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub position: Position,
    pub label: f32,
}

/// Fitting parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    pub epochs: usize,
    /// Step size (shrinks when the training loss goes up).
    pub rate: f64,
    /// Strength of the pull towards the starting weights, in samples.
    pub regularisation: f64,
    /// One sample in this many goes to validation.
    pub validation_one_in: usize,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            epochs: 300,
            rate: 0.5,
            regularisation: 2.0,
            validation_one_in: 10,
        }
    }
}

/// What a fit achieved (losses are mean squared errors in discs², MAE in discs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitReport {
    pub train_samples: usize,
    pub validation_samples: usize,
    pub initial_train_loss: f64,
    pub final_train_loss: f64,
    pub initial_validation_loss: f64,
    pub final_validation_loss: f64,
    pub validation_mae: f64,
    pub best_epoch: usize,
}

/// The canonical feature indices of each sample.
fn indexed(samples: &[Sample], canonical: &[u32]) -> Vec<[u32; ACTIVE_FEATURES]> {
    samples
        .iter()
        .map(|s| {
            let mut out = [0u32; ACTIVE_FEATURES];
            feature_indices(s.position.player, s.position.opponent, &mut out);
            for i in out.iter_mut() {
                *i = canonical[*i as usize];
            }
            out
        })
        .collect()
}

fn predict(weights: &[f64], features: &[u32; ACTIVE_FEATURES]) -> f64 {
    features.iter().map(|&i| weights[i as usize]).sum()
}

/// (mean squared error, mean absolute error) of `weights` on `set`.
fn losses(weights: &[f64], set: &[([u32; ACTIVE_FEATURES], f32)]) -> (f64, f64) {
    if set.is_empty() {
        return (0.0, 0.0);
    }
    let (mut squared, mut absolute) = (0.0, 0.0);
    for (features, label) in set {
        let err = predict(weights, features) - *label as f64;
        squared += err * err;
        absolute += err.abs();
    }
    (squared / set.len() as f64, absolute / set.len() as f64)
}

/// Fits a stage's weights (canonical indices only; `canonical` maps each
/// weight to its representative) starting from `start`, and returns the
/// weights with the best validation loss.
pub fn fit_stage(
    samples: &[Sample],
    canonical: &[u32],
    start: &[f64],
    config: &FitConfig,
) -> (Vec<f64>, FitReport) {
    assert_eq!(start.len(), STAGE_WEIGHTS);
    let features = indexed(samples, canonical);
    let (mut train, mut validation) = (Vec::new(), Vec::new());
    for (n, (f, s)) in features.into_iter().zip(samples).enumerate() {
        if n % config.validation_one_in.max(1) == config.validation_one_in.max(1) - 1 {
            validation.push((f, s.label));
        } else {
            train.push((f, s.label));
        }
    }
    let mut counts = vec![0.0f64; STAGE_WEIGHTS];
    for (f, _) in &train {
        for &i in f {
            counts[i as usize] += 1.0;
        }
    }
    let mut weights = start.to_vec();
    let (initial_train_loss, _) = losses(&weights, &train);
    let (initial_validation_loss, _) = losses(&weights, &validation);
    let mut best = (weights.clone(), initial_validation_loss, 0usize);
    let mut previous_train = initial_train_loss;
    let mut rate = config.rate;
    let mut gradient = vec![0.0f64; STAGE_WEIGHTS];
    for epoch in 1..=config.epochs {
        gradient.fill(0.0);
        for (f, label) in &train {
            let err = *label as f64 - predict(&weights, f);
            for &i in f {
                gradient[i as usize] += err;
            }
        }
        let before = weights.clone();
        for i in 0..STAGE_WEIGHTS {
            if counts[i] > 0.0 {
                let pull = config.regularisation * (weights[i] - start[i]);
                weights[i] += rate * (gradient[i] - pull) / (counts[i] + config.regularisation);
            }
        }
        let (train_loss, _) = losses(&weights, &train);
        if train_loss > previous_train {
            // Overshot: undo and take smaller steps.
            weights = before;
            rate *= 0.5;
            if rate < 1e-3 {
                break;
            }
            continue;
        }
        previous_train = train_loss;
        let (validation_loss, _) = losses(&weights, &validation);
        if validation.is_empty() || validation_loss < best.1 {
            best = (weights.clone(), validation_loss, epoch);
        }
    }
    let (weights, _, best_epoch) = best;
    let (final_train_loss, _) = losses(&weights, &train);
    let (final_validation_loss, validation_mae) = losses(&weights, &validation);
    let report = FitReport {
        train_samples: train.len(),
        validation_samples: validation.len(),
        initial_train_loss,
        final_train_loss,
        initial_validation_loss,
        final_validation_loss,
        validation_mae,
        best_epoch,
    };
    (weights, report)
}
