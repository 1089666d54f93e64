//! The fit of the threat-mask values ([`threat_mask`](crate::engines::gomoku::threat_mask)):
//! with the embedded trained evaluation `e` held fixed, a logistic
//! regression `a * e + b[m] + c[m] * phase` of the result on the position's
//! threat mask `m`, then written in evaluation units as the values
//! `b / a` (opening) and `(b + c) / a` (endgame) that the evaluation adds
//! to `e`.

use crate::engines::gomoku::threat_mask::{
    mask_value, THREAT_MASKS, THREAT_MASK_BITS, THREAT_MASK_BIT_NAMES, THREAT_MASK_VALUES,
    THREAT_PHASE_STONES,
};

use super::fit::{
    baselines, fit_with_offsets, log_loss, losses, sigmoid, Baselines, FitConfig, FitReport,
    Losses, Sample,
};

/// Tuning of [`fit_threat_mask`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThreatFitConfig {
    /// L2 penalty on each mask's opening value and on its phase slope, in
    /// logits, against the summed loss: a mask met in few positions stays
    /// near 0 (most of the 2048 never occur).
    pub ridge: f64,
    /// Rounds of the alternating Newton steps (the scale, then every mask's
    /// value, then every mask's slope).
    pub rounds: usize,
}

impl Default for ThreatFitConfig {
    fn default() -> Self {
        ThreatFitConfig {
            ridge: 1.0,
            rounds: 40,
        }
    }
}

/// What [`fit_threat_mask`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreatFitReport {
    pub baselines: Baselines,
    /// The embedded trained evaluation's logit per unit in this fit (its
    /// scale without the masks is in the baselines).
    pub scale: f64,
    /// The fitted model as fitted (floating point).
    pub fitted: Losses,
    /// The model as embedded: `scale * (e + value)` with the integer values.
    pub rounded: Losses,
    /// Per mask, the opening and endgame values in evaluation units.
    pub values: Vec<[i32; 2]>,
    /// Per mask, its training positions.
    pub positions: Vec<usize>,
    /// The summed objective (loss plus penalty) after each round, for the
    /// check that the fit descends.
    pub objective: Vec<f64>,
}

fn phase_of(stones: i32) -> f64 {
    stones.min(THREAT_PHASE_STONES) as f64 / THREAT_PHASE_STONES as f64
}

/// Fits the threat-mask values to `samples` (their features: the mask) on
/// top of the first embedded trained evaluation.
pub fn fit_threat_mask(samples: &[Sample<usize>], config: &ThreatFitConfig) -> ThreatFitReport {
    let baselines = baselines(samples, &FitConfig::default());
    let train: Vec<&Sample<usize>> = samples.iter().filter(|s| !s.held_out).collect();
    let evaluation = |s: &Sample<usize>| s.embedded[0] as f64;
    // Start from the embedded evaluation's own scale.
    let mut a = baselines.embedded[0].2;
    let mut b = vec![0.0; THREAT_MASKS];
    let mut c = vec![0.0; THREAT_MASKS];
    let logit = |a: f64, b: &[f64], c: &[f64], s: &Sample<usize>| {
        a * evaluation(s) + b[s.features] + c[s.features] * phase_of(s.stones)
    };
    let mut objective = Vec::new();
    for _ in 0..config.rounds {
        // The scale: one Newton step.
        let (mut g, mut h) = (0.0, 0.0);
        for s in &train {
            let p = sigmoid(logit(a, &b, &c, s));
            let e = evaluation(s);
            g += (p - s.target) * e;
            h += (p * (1.0 - p)).max(1e-9) * e * e;
        }
        if h > 0.0 {
            a -= g / h;
        }
        // Each mask's value, then its slope: the masks are disjoint, so
        // each is its own one-dimensional Newton step.
        for slope in [false, true] {
            let mut g = vec![0.0; THREAT_MASKS];
            let mut h = vec![config.ridge; THREAT_MASKS];
            for s in &train {
                let p = sigmoid(logit(a, &b, &c, s));
                let x = if slope { phase_of(s.stones) } else { 1.0 };
                g[s.features] += (p - s.target) * x;
                h[s.features] += (p * (1.0 - p)).max(1e-9) * x * x;
            }
            let w = if slope { &mut c } else { &mut b };
            for m in 0..THREAT_MASKS {
                w[m] -= (g[m] + config.ridge * w[m]) / h[m];
            }
        }
        let loss: f64 = train
            .iter()
            .map(|s| log_loss(sigmoid(logit(a, &b, &c, s)), s.target))
            .sum();
        let penalty: f64 = b.iter().chain(&c).map(|w| w * w).sum::<f64>() * config.ridge / 2.0;
        objective.push(loss + penalty);
    }
    let fitted = losses(samples, |s| sigmoid(logit(a, &b, &c, s)));
    let values: Vec<[i32; 2]> = (0..THREAT_MASKS)
        .map(|m| [b[m] / a, (b[m] + c[m]) / a].map(|v| v.round() as i32))
        .collect();
    let rounded = losses(samples, |s| {
        sigmoid(a * (evaluation(s) + mask_value(&values, s.features, s.stones) as f64))
    });
    let mut positions = vec![0; THREAT_MASKS];
    for s in &train {
        positions[s.features] += 1;
    }
    ThreatFitReport {
        baselines,
        scale: a,
        fitted,
        rounded,
        values,
        positions,
        objective,
    }
}

/// The embedded values file (`threat_mask_values.rs`): a Rust expression,
/// the masks met in training one a line with their bits spelled out, and
/// `provenance` as comments on top.
pub fn threat_values_source(report: &ThreatFitReport, provenance: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for line in provenance.lines() {
        let _ = writeln!(out, "// {line}");
    }
    let _ = writeln!(
        out,
        "// Per threat mask [opening, endgame] in evaluation units, with its training positions."
    );
    let _ = writeln!(out, "ThreatMaskValues {{\n    values: &[");
    // A mask never met in training keeps the value 0; runs of them go
    // sixteen a line, so the file lists what was learnt.
    let unmet = |m: usize| report.positions[m] == 0 && report.values[m] == [0, 0];
    let mut m = 0;
    while m < THREAT_MASKS {
        if unmet(m) {
            let end = (m..THREAT_MASKS)
                .find(|&k| !unmet(k))
                .unwrap_or(THREAT_MASKS);
            for start in (m..end).step_by(16) {
                let stop = (start + 16).min(end);
                let _ = writeln!(
                    out,
                    "        {} // {start}-{}: never met",
                    "[0, 0], ".repeat(stop - start).trim_end(),
                    stop - 1
                );
            }
            m = end;
            continue;
        }
        let bits: Vec<&str> = (0..THREAT_MASK_BITS)
            .filter(|b| m >> b & 1 == 1)
            .map(|b| THREAT_MASK_BIT_NAMES[b])
            .collect();
        let value = report.values[m];
        let _ = writeln!(
            out,
            "        [{}, {}], // {m}: {} ({})",
            value[0],
            value[1],
            if bits.is_empty() {
                "none".to_string()
            } else {
                bits.join(" ")
            },
            report.positions[m]
        );
        m += 1;
    }
    let _ = writeln!(out, "    ],\n}}");
    out
}

/// The report as text lines.
pub fn describe_threat_fit(report: &ThreatFitReport) -> String {
    let b = &report.baselines;
    let (name, embedded, embedded_scale) = b.embedded[0];
    let met = report.positions.iter().filter(|&&n| n > 0).count();
    format!(
        "positions: {} training, {} held out; masks met: {met} of {THREAT_MASKS}\n\
         log-loss constant: train {:.4}, held-out {:.4}\n\
         log-loss embedded {name} (scale {embedded_scale:.6}/unit): train {:.4}, held-out {:.4}\n\
         log-loss {name} + threat masks (scale {:.6}/unit): train {:.4}, held-out {:.4}\n\
         log-loss the same as embedded (integer values): train {:.4}, held-out {:.4}",
        b.train_positions,
        b.held_out_positions,
        b.constant.train,
        b.constant.held_out,
        embedded.train,
        embedded.held_out,
        report.scale,
        report.fitted.train,
        report.fitted.held_out,
        report.rounded.train,
        report.rounded.held_out,
    )
}

/// What [`fit_jointly`] found: the linear weights and the mask values fitted
/// in turn, each with the other held fixed.
#[derive(Clone, Debug, PartialEq)]
pub struct JointFitReport {
    /// The last linear fit (its losses include the masks' share).
    pub linear: FitReport,
    /// The last mask fit, on top of the last linear weights (its baselines
    /// are those weights, not the embedded evaluation).
    pub masks: ThreatFitReport,
    /// The embedded evaluation as it plays (trained3 plus the embedded
    /// mask values), its scale fitted: the model to beat.
    pub embedded: Losses,
    /// The rounded joint model's losses after each round.
    pub rounds: Vec<Losses>,
}

/// Refits the trained evaluation's weights and the threat-mask values
/// together: starting from the embedded evaluation, fit the masks with the
/// linear part fixed, then the linear weights with the masks' logits as
/// fixed offsets, `rounds` times. `linear` and `masks` are the same
/// positions in the same order (two [`samples_with`](super::samples_with)
/// over the same games).
pub fn fit_jointly(
    linear: &[Sample],
    masks: &[Sample<usize>],
    rounds: usize,
    fit_config: &FitConfig,
    mask_config: &ThreatFitConfig,
) -> JointFitReport {
    assert_eq!(linear.len(), masks.len(), "the same positions");
    let playing: Vec<f64> = masks
        .iter()
        .map(|s| {
            (s.embedded[0] + mask_value(THREAT_MASK_VALUES.values, s.features, s.stones)) as f64
        })
        .collect();
    let embedded = scaled_losses(masks, &playing);
    let mut current: Vec<Sample<usize>> = masks.to_vec();
    let mut history = Vec::new();
    let mut last = None;
    for _ in 0..rounds.max(1) {
        let mask_fit = fit_threat_mask(&current, mask_config);
        // The masks' share of the logit, in the mask fit's own scale.
        let offsets: Vec<f64> = current
            .iter()
            .map(|s| mask_fit.scale * mask_value(&mask_fit.values, s.features, s.stones) as f64)
            .collect();
        let linear_fit = fit_with_offsets(linear, Some(&offsets), fit_config);
        for (m, l) in current.iter_mut().zip(linear) {
            m.embedded[0] = linear_fit.weights.value(l);
        }
        let masks_after = fit_threat_mask(&current, mask_config);
        let total: Vec<f64> = current
            .iter()
            .map(|s| (s.embedded[0] + mask_value(&masks_after.values, s.features, s.stones)) as f64)
            .collect();
        history.push(scaled_losses(&current, &total));
        last = Some((linear_fit, masks_after));
    }
    let (linear, masks) = last.expect("at least one round");
    JointFitReport {
        linear,
        masks,
        embedded,
        rounds: history,
    }
}

/// Losses of `sigmoid(a * value + b)`, `a` and `b` fitted on the training
/// positions.
fn scaled_losses(samples: &[Sample<usize>], values: &[f64]) -> Losses {
    let mut scaled: Vec<Sample<usize>> = samples.to_vec();
    for (s, &v) in scaled.iter_mut().zip(values) {
        s.embedded[0] = v.round() as i32;
    }
    baselines(&scaled, &FitConfig::default()).embedded[0].1
}

/// The joint fit's report as text lines.
pub fn describe_joint_fit(report: &JointFitReport) -> String {
    let mut out = format!(
        "log-loss embedded (trained3 + embedded masks, scale fitted): train {:.4}, held-out {:.4}\n",
        report.embedded.train, report.embedded.held_out
    );
    for (round, l) in report.rounds.iter().enumerate() {
        out.push_str(&format!(
            "round {}: joint model as embedded (integer weights and values): train {:.4}, held-out {:.4}\n",
            round + 1,
            l.train,
            l.held_out
        ));
    }
    out.push_str(&format!(
        "last mask fit, scale {:.6}/unit: train {:.4}, held-out {:.4}",
        report.masks.scale, report.masks.rounded.train, report.masks.rounded.held_out
    ));
    out
}
