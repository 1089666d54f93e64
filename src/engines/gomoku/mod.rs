//! Gomoku engines: incremental line patterns and per-point threats, VCF and
//! VCT solvers, and a threat-space alpha-beta built on the generic search;
//! plus the `greedy`, `random` and `uct-plain` baselines.
//!
//! Layers, each using the ones above: [`Pattern`] (one line) → [`Threat`]
//! (one point) → [`ThreatBoard`] (every point, incrementally) → move
//! generation, [`VcfSolver`], [`VctSolver`], [`ThreatEvaluator`] →
//! [`ThreatSearch`] (the `alphabeta` engine). The main search's static
//! evaluation is the hand-set [`evaluate`] or the trained
//! [`evaluate_trained`] ([`Evaluation`]), trained by [`training`].

mod bench;
mod engine;
mod evaluator;
mod greedy;
mod movegen;
mod notation;
mod options;
mod patterns;
mod position;
mod pvs;
mod registry;
mod shape;
mod solver;
mod threat;
mod threat_board;
mod trained;
pub mod training;
mod vcf;
mod vct;

pub use bench::{gomoku_bench, gomoku_signature, gomoku_threads_bench, SIGNATURE_DEPTH};
pub use engine::{MainSearch, ThreatSearch, ThreatSearchConfig};
pub use evaluator::{evaluate, EvalWeights, Evaluation, ThreatEvaluator, ThreatEvaluatorConfig};
pub use greedy::GreedyThreats;
pub use movegen::{generate as generate_moves, ordering_key};
pub use notation::{format_move, parse_move, parse_moves, NotationError};
pub use patterns::{pattern_of, Pattern};
pub use position::ThreatPosition;
pub use pvs::{PvsConfig, PvsSearch};
pub use registry::alphabeta_config;
pub use shape::Shape;
pub use threat::Threat;
pub use threat_board::{ThreatBoard, UndoStack};
pub use trained::{
    evaluate_trained, line_features, linear_value, shape_features, FeatureSet, TrainedWeights,
    EMBEDDED_WEIGHTS, LINE_FEATURES, PHASE_STONES, SHAPE_FEATURES, TRAINED1_WEIGHTS,
    TRAINED2_WEIGHTS, TRAINED3_WEIGHTS, WEIGHT_SCALE,
};
pub use vcf::{VcfScope, VcfSolver, MAX_VCF_FOURS};
pub use vct::VctSolver;
