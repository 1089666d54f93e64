//! Training the Gomoku evaluation ([`TrainedWeights`]):
//!
//! 1. self-play games ([`play_game`]) appended one line each to a games
//!    file, so an interrupted run resumes with the games it lacks;
//! 2. every undecided position after the opening, labelled by the game's
//!    result, split by game into training and held-out ([`samples_of`]);
//! 3. a logistic regression of the result on the features, scaled into the
//!    hand evaluation's units ([`fit`]), written as the embedded weight file
//!    ([`weights_source`]).
//!
//! `examples/gomoku_train.rs` runs the steps from the command line.

mod fit;
mod selfplay;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;

pub use fit::{fit, is_held_out, samples_of, FitConfig, FitReport, Losses, Sample};
pub use selfplay::{mix, parse_openings, play_game, GameRecord, SelfPlayConfig};

use super::trained::{feature_names, TrainedWeights, WEIGHT_SCALE};

/// The games of a games file by index (a later line wins over an earlier
/// one; malformed lines, e.g. one cut short by an interrupted run, are
/// skipped). A missing file has no games.
pub fn read_games(path: &Path) -> anyhow::Result<BTreeMap<u64, GameRecord>> {
    let mut games = BTreeMap::new();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(games),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    for record in text.lines().filter_map(GameRecord::parse_line) {
        games.insert(record.index, record);
    }
    Ok(games)
}

/// The weight file embedded by the evaluation (`trained_weights.rs`): a
/// Rust expression, one weight a line with its feature's name, and
/// `provenance` (how it was made, its losses) as comments on top.
pub fn weights_source(weights: &TrainedWeights, provenance: &str) -> String {
    let mut out = String::new();
    for line in provenance.lines() {
        let _ = writeln!(out, "// {line}");
    }
    let _ = writeln!(
        out,
        "// Weights in 1/{WEIGHT_SCALE} evaluation units (1000 units: a clear advantage)."
    );
    let _ = writeln!(out, "TrainedWeights {{");
    let _ = writeln!(out, "    bias: {},", weights.bias);
    let _ = writeln!(out, "    weights: [");
    for (w, name) in weights.weights.iter().zip(feature_names()) {
        let _ = writeln!(out, "        {w}, // {name}");
    }
    let _ = writeln!(out, "    ],");
    let _ = writeln!(out, "}}");
    out
}

/// The report's figures as text lines (for the terminal and the weight file).
pub fn describe(report: &FitReport) -> String {
    let l = |x: &Losses| format!("train {:.4}, held-out {:.4}", x.train, x.held_out);
    format!(
        "positions: {} training, {} held out\n\
         log-loss constant: {}\n\
         log-loss hand evaluation (best scale {:.6}/unit, bias {:.3}): {}\n\
         log-loss trained: {}\n\
         log-loss trained as embedded (integer units): {}",
        report.train_positions,
        report.held_out_positions,
        l(&report.constant),
        report.hand_scale,
        report.hand_bias,
        l(&report.hand),
        l(&report.trained),
        l(&report.trained_rounded),
    )
}
