//! The NoGo engines by name: `mcts` (the default; its variants are engine
//! options, [`super::options`]), `minimax`, and the `random` and
//! `uct-plain` baselines.

use super::{nogo_bench, MobilityEvaluator, RaveConfig, RaveMcts};
use crate::engines::{
    no_options, side_by_side, EngineOption, EngineOptionError, Engines, TunedEngine,
};
use crate::games::NoGo;
use crate::search::{AlphaBeta, Mcts, RandomSearcher, Searcher};

/// The one engine that takes options.
const MCTS: &str = "mcts";

impl Engines for NoGo {
    /// `mcts` (the bot: RAVE, solver, tree reuse, NoGo playouts), `minimax`
    /// (alpha-beta on mobility), and the baselines `random` and `uct-plain`
    /// (the generic UCT with uniform playouts and no solver: what the NoGo
    /// knowledge of `mcts` adds to the generic search).
    fn engine_names() -> &'static [&'static str] {
        &[MCTS, "minimax", "random", "uct-plain"]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            MCTS => Some(Box::new(RaveMcts::new(RaveConfig::default(), seed))),
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

    /// `mcts` takes the options of `options.rs` (`docs/nogo.md`); on
    /// several threads, tuned copies side by side, as `mcts` by name.
    fn tuned_engine(
        name: &str,
        options: &[EngineOption],
    ) -> Result<Option<TunedEngine<Self>>, EngineOptionError> {
        if name != MCTS {
            return no_options::<Self>(name, options).map(|()| None);
        }
        let config = RaveConfig::with_options(options)?;
        Ok(Some(Box::new(move |seed, threads| {
            side_by_side(seed, threads, |seed| Box::new(RaveMcts::new(config, seed)))
        })))
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        nogo_bench(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::options::{assert_engines_take_no_options_as_by_name, options};
    use crate::search::Limits;
    use crate::Game;

    /// The former one-change engines `mcts-*`, as options: each is a
    /// configuration of its own, none the default.
    #[test]
    fn the_former_variants_are_distinct_configurations() {
        let variants = [
            &["playout=uniform"][..],
            &["playout=eye_making"],
            &["playout=self_harm_averse"],
            &["rave=false", "exploration=0.7"],
            &["expand_after_visits=8"],
            &["rave_equivalence=300"],
            &["rave_equivalence=3000"],
            &["exploration=0.2"],
            &["reuse_tree=false"],
            &["solver=false"],
        ];
        let mut configs = vec![RaveConfig::default()];
        for items in variants {
            let config = RaveConfig::with_options(&options(items)).expect("valid options");
            assert!(
                !configs.contains(&config),
                "{items:?} repeats a configuration"
            );
            configs.push(config);
        }
    }

    #[test]
    fn mcts_takes_options_on_any_threads() {
        let tuned = options(&["playout=uniform", "rave=false"]);
        for threads in [1, 2] {
            let mut engine = NoGo::engine_with_options(MCTS, 1, threads, &tuned).expect("built");
            let start = NoGo::start();
            let m = engine
                .choose_move(&start, &Limits::iterations(200))
                .best_move;
            assert!(start.is_legal(m), "on {threads}: {m:?}");
        }
        for &name in NoGo::engine_names() {
            let taken = NoGo::engine_with_options(name, 1, 1, &tuned).is_ok();
            assert_eq!(taken, name == MCTS, "{name}");
            assert!(NoGo::engine(name, 1).is_some(), "{name}");
        }
        assert_engines_take_no_options_as_by_name::<NoGo>("minimax", "rave=false");
        assert_eq!(
            NoGo::check_engine_options("mcts-uniform", &[]),
            Err(EngineOptionError::UnknownEngine("mcts-uniform".into()))
        );
    }
}
