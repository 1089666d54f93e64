//! The Gomoku engines by name.

use super::engine::{MainSearch, ThreatSearch, ThreatSearchConfig};
use super::evaluator::Evaluation;
use super::greedy::GreedyThreats;
use super::pvs::PvsConfig;
use crate::engines::Engines;
use crate::games::Gomoku;
use crate::search::{Mcts, RandomSearcher, Searcher};

impl Engines for Gomoku {
    fn engine_names() -> &'static [&'static str] {
        &[
            "alphabeta",
            "alphabeta-v1",
            "alphabeta-v2",
            "alphabeta-v3",
            "alphabeta-trained",
            "alphabeta-hand",
            "greedy",
            "random",
            "uct-plain",
        ]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            "alphabeta" => Some(Box::new(ThreatSearch::default())),
            "alphabeta-v1" => Some(Box::new(ThreatSearch::generic())),
            "alphabeta-v2" => Some(Box::new(ThreatSearch::v2())),
            "alphabeta-v3" => Some(Box::new(ThreatSearch::v3())),
            "alphabeta-trained" => Some(Box::new(ThreatSearch::new(trained_v3()))),
            "alphabeta-hand" => Some(Box::new(ThreatSearch::new(hand_default()))),
            "greedy" => Some(Box::new(GreedyThreats::new(seed))),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            "uct-plain" => Some(Box::new(Mcts::<Gomoku, _>::plain(seed))),
            _ => None,
        }
    }

    /// "alphabeta" runs its main search with lazy SMP.
    fn lazy_smp_engine(name: &str, threads: usize) -> Option<Box<dyn Searcher<Self>>> {
        (name == "alphabeta").then(|| {
            Box::new(ThreatSearch::with_threads(
                ThreatSearchConfig::default(),
                threads,
            )) as Box<dyn Searcher<Self>>
        })
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        super::gomoku_bench(out)
    }

    fn threads_bench(out: &mut dyn std::io::Write, threads: usize) -> std::io::Result<()> {
        super::gomoku_threads_bench(out, threads)
    }
}

/// `alphabeta-v3` with the trained evaluation instead of the hand one: the
/// search unchanged, so a match against `alphabeta-v3` measures the
/// evaluation alone.
fn trained_v3() -> ThreatSearchConfig {
    ThreatSearchConfig {
        main: MainSearch::Pvs(PvsConfig {
            evaluation: Evaluation::trained(),
            ..PvsConfig::v3()
        }),
        ..ThreatSearchConfig::v3()
    }
}

/// The default engine with the hand evaluation instead of the trained one:
/// a match against `alphabeta` measures the trained evaluation on today's
/// search.
fn hand_default() -> ThreatSearchConfig {
    let mut config = ThreatSearchConfig::default();
    if let MainSearch::Pvs(pvs) = &mut config.main {
        pvs.evaluation = Evaluation::Hand;
    }
    config
}
