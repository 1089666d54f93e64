//! The NoGo engines by name.

use super::{nogo_bench, MobilityEvaluator, PlayoutStyle, RaveConfig, RaveMcts};
use crate::engines::Engines;
use crate::games::NoGo;
use crate::search::{AlphaBeta, Mcts, RandomSearcher, Searcher};

/// The configuration of the bot (`mcts`) or of one of its one-change variants,
/// for equal-time comparisons through the referee, e.g.
/// `referee play nogo builtin:mcts builtin:mcts-norave --games 200 --time 0.1 --random-plies 2`.
fn rave_config(name: &str) -> Option<RaveConfig> {
    let bot = RaveConfig::default();
    Some(match name {
        "mcts" => bot,
        "mcts-uniform" => RaveConfig {
            playout: PlayoutStyle::Uniform,
            ..bot
        },
        "mcts-eyemaking" => RaveConfig {
            playout: PlayoutStyle::EyeMaking,
            ..bot
        },
        "mcts-selfharm" => RaveConfig {
            playout: PlayoutStyle::SelfHarmAverse,
            ..bot
        },
        "mcts-norave" => RaveConfig {
            rave: false,
            exploration: 0.7,
            ..bot
        },
        "mcts-expand8" => RaveConfig {
            expand_after_visits: 8,
            ..bot
        },
        "mcts-rave300" => RaveConfig {
            rave_equivalence: 300.0,
            ..bot
        },
        "mcts-rave3000" => RaveConfig {
            rave_equivalence: 3000.0,
            ..bot
        },
        "mcts-explore0.2" => RaveConfig {
            exploration: 0.2,
            ..bot
        },
        "mcts-noreuse" => RaveConfig {
            reuse_tree: false,
            ..bot
        },
        "mcts-nosolver" => RaveConfig {
            solver: false,
            ..bot
        },
        _ => return None,
    })
}

impl Engines for NoGo {
    /// `mcts` (the bot: RAVE, solver, tree reuse, NoGo playouts), `minimax`
    /// (alpha-beta on mobility), the baselines `random` and `uct-plain`
    /// (generic UCT, uniform playouts, no solver), then the bot's one-change
    /// variants `mcts-*` (uniform / eye-making / self-harm-averse playouts, no
    /// RAVE with UCT exploration 0.7, expansion after 8 visits, RAVE
    /// equivalence 300 / 3000, exploration 0.2, no tree reuse, no solver).
    fn engine_names() -> &'static [&'static str] {
        const NAMES: [&str; 14] = [
            "mcts",
            "minimax",
            "random",
            "uct-plain",
            "mcts-uniform",
            "mcts-eyemaking",
            "mcts-selfharm",
            "mcts-norave",
            "mcts-expand8",
            "mcts-rave300",
            "mcts-rave3000",
            "mcts-explore0.2",
            "mcts-noreuse",
            "mcts-nosolver",
        ];
        &NAMES
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        if let Some(config) = rave_config(name) {
            return Some(Box::new(RaveMcts::new(config, seed)));
        }
        match name {
            "minimax" => Some(Box::new(AlphaBeta::with_evaluator(MobilityEvaluator))),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            "uct-plain" => Some(Box::new(Mcts::<NoGo, _>::plain(seed))),
            _ => None,
        }
    }

    /// "minimax" (the generic alpha-beta) runs lazy SMP.
    fn lazy_smp_engine(name: &str, threads: usize) -> Option<Box<dyn Searcher<Self>>> {
        (name == "minimax").then(|| {
            Box::new(
                AlphaBeta::with_evaluator(MobilityEvaluator)
                    .with_helpers(vec![MobilityEvaluator; threads - 1]),
            ) as Box<dyn Searcher<Self>>
        })
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        nogo_bench(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mcts_name_is_a_distinct_configuration() {
        let mut configs = Vec::new();
        for name in NoGo::engine_names()
            .iter()
            .filter(|n| n.starts_with("mcts"))
        {
            let config = rave_config(name).expect("a configuration");
            assert!(!configs.contains(&config), "{name} repeats a configuration");
            configs.push(config);
        }
        for name in NoGo::engine_names() {
            assert!(NoGo::engine(name, 1).is_some(), "{name}");
        }
    }
}
