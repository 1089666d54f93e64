//! Gomoku engines: incremental line patterns and per-point threats, VCF and
//! VCT solvers, and a threat-space principal-variation search (`alphabeta`,
//! tuned by engine options); plus the `greedy` and `random` baselines.
//! `docs/gomoku.md` is the reference: the default, every option, and the
//! commits of the former defaults.
//!
//! Layers, each using the ones above: [`Pattern`] (one line) → [`Threat`]
//! (one point) → [`ThreatBoard`] (every point, incrementally) → move
//! generation, [`VcfSolver`], [`VctSolver`], [`PvsSearch`] →
//! [`ThreatSearch`] (the `alphabeta` engine). The main search's static
//! evaluation is the hand-set [`evaluate`], the trained
//! [`evaluate_trained`] plus the [`threat_mask_value`], the pattern-code
//! table [`evaluate_table`], or the network over the same codes
//! [`evaluate_net`] ([`Evaluation`]), the last three trained by
//! [`training`].

mod bench;
mod codes;
mod engine;
mod evaluator;
mod greedy;
mod movegen;
mod net;
mod notation;
mod options;
mod patterns;
mod policy;
mod policy_file;
mod pvs;
mod registry;
mod shape;
mod solver;
mod table;
mod table_file;
mod threat;
mod threat_board;
mod threat_mask;
mod trained;
pub mod training;
mod vcf;
mod vct;

pub use bench::{gomoku_bench, gomoku_signature, gomoku_threads_bench, SIGNATURE_DEPTH};
pub use codes::{code_of, CODES};
pub use engine::{ThreatSearch, ThreatSearchConfig};
pub use evaluator::{evaluate, EvalWeights, Evaluation};
pub use greedy::GreedyThreats;
pub use movegen::{generate as generate_moves, ordering_key};
pub use net::{
    evaluate_net, load_net, net_to_bytes, parse_net, NetFileError, NetWeights, HEAD_VALUES,
    NET_COLUMNS, NET_HIDDEN, NET_INPUTS,
};
pub use notation::{format_move, parse_move, parse_moves, NotationError};
pub use patterns::{pattern_of, Pattern};
pub use policy::{policy_score, score_of_codes, MoveOrder, PolicyWeights, POLICY_SCALE};
pub use policy_file::{
    embedded_policy, load_policy, parse_policy, policy_to_bytes, PolicyFileError,
};
pub use pvs::{PvsConfig, PvsSearch};
pub use shape::Shape;
pub use solver::SolverCore;
pub use table::{
    evaluate_table, tapered_value, TableWeights, COLUMNS, EXTRAS, MOVER_ENDGAME, MOVER_OPENING,
    OPPONENT_ENDGAME, OPPONENT_OPENING, TABLE_PHASE_STONES, TABLE_SCALE,
};
pub use table_file::{
    embedded_table, load_table, parse_table, table_to_bytes, TableFileError, FILE_BYTES,
};
pub use threat::Threat;
pub use threat_board::{ThreatBoard, UndoStack};
pub use threat_mask::{
    threat_mask, threat_mask_value, ThreatMaskValues, THREAT_MASKS, THREAT_MASK_BITS,
    THREAT_MASK_VALUES,
};
pub use trained::{
    evaluate_trained, feature_names, features, linear_value, TrainedWeights, EMBEDDED_WEIGHTS,
    FEATURES, PHASE_STONES, TRAINED3_WEIGHTS, WEIGHT_SCALE,
};
pub use vcf::{VcfScope, VcfSolver, MAX_VCF_FOURS};
pub use vct::VctSolver;

/// The eight symmetries of the board, as maps of (x, y): the evaluations'
/// and the policy's symmetry tests place their stones through it.
#[cfg(test)]
fn symmetric(symmetry: usize, (x, y): (i32, i32)) -> (i32, i32) {
    const SIZE: i32 = crate::games::Gomoku::SIZE as i32;
    let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
    let x = if symmetry & 1 != 0 { SIZE - 1 - x } else { x };
    let y = if symmetry & 2 != 0 { SIZE - 1 - y } else { y };
    (x, y)
}
