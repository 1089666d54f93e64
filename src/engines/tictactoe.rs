//! TicTacToe engines. The whole game tree is tiny, so "perfect" is a full
//! alpha-beta search to the end of the game.

use super::Engines;
use crate::games::TicTacToe;
use crate::search::{
    AlphaBeta, AlphaBetaConfig, Mcts, MctsConfig, NullEvaluator, RandomSearcher, Searcher,
    UniformPlayout,
};

/// Perfect play: alpha-beta with no evaluation, deepening until the tree is
/// exhausted (at most 9 plies), so every score is game-theoretic and faster
/// wins are preferred.
pub fn perfect_engine() -> AlphaBeta<TicTacToe, NullEvaluator> {
    AlphaBeta::new(
        NullEvaluator,
        AlphaBetaConfig {
            // 5,478 positions fit easily.
            tt_bytes: 1 << 20,
            ..AlphaBetaConfig::default()
        },
    )
}

impl Engines for TicTacToe {
    fn engine_names() -> &'static [&'static str] {
        &["perfect", "random", "uct-plain", "mcts"]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            "perfect" => Some(Box::new(perfect_engine())),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            "uct-plain" => Some(Box::new(Mcts::<TicTacToe, _>::plain(seed))),
            "mcts" => Some(Box::new(Mcts::new(
                MctsConfig {
                    // A full TicTacToe tree is a few hundred kilobytes.
                    memory_budget_bytes: 16 << 20,
                    ..MctsConfig::default()
                },
                UniformPlayout::new(),
                seed,
            ))),
            _ => None,
        }
    }
}
