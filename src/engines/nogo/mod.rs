//! NoGo engines: playouts driven by the rules' incremental legal masks, a
//! RAVE MCTS with a solver and tree reuse (the bot), a mobility minimax for
//! comparison, the speed bench, and the registry of named engines.

mod bench;
mod mobility;
mod options;
mod playout;
mod rave;
mod rave_config;
mod registry;

pub use bench::{nogo_bench, nogo_signature, playouts_per_second, SIGNATURE_ITERATIONS};
pub use mobility::MobilityEvaluator;
pub use playout::{eye_closing_points, NoGoPlayout, PlayoutStyle};
pub use rave::{Amaf, RaveMcts, RaveSelection};
pub use rave_config::RaveConfig;
