//! The NoGo engines by name.

use super::{MobilityEvaluator, RaveConfig, RaveMcts};
use crate::engines::Engines;
use crate::games::NoGo;
use crate::search::{AlphaBeta, Mcts, RandomSearcher, Searcher};

impl Engines for NoGo {
    /// `mcts` (the bot: RAVE, solver, tree reuse, NoGo playouts), `minimax`
    /// (alpha-beta on mobility), and the baselines `random` and `uct-plain`
    /// (generic UCT, uniform playouts, no solver).
    fn engine_names() -> &'static [&'static str] {
        &["mcts", "minimax", "random", "uct-plain"]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            "mcts" => Some(Box::new(RaveMcts::new(RaveConfig::default(), seed))),
            "minimax" => Some(Box::new(AlphaBeta::with_evaluator(MobilityEvaluator))),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            "uct-plain" => Some(Box::new(Mcts::<NoGo, _>::plain(seed))),
            _ => None,
        }
    }
}
