//! The Reversi engines by name: `pattern` (the default) and `mcts`, whose
//! variants are engine options ([`super::options`]), and the `greedy`,
//! `random` and `uct-plain` baselines.

use super::bench::{pattern_threads_bench, reversi_bench};
use super::engine::{EngineSettings, ReversiEngine};
use super::greedy::GreedyPlayer;
use super::pattern_engine::{PatternEngine, PatternSettings};
use crate::engines::{
    no_options, side_by_side, EngineOption, EngineOptionError, Engines, TunedEngine,
};
use crate::games::Reversi;
use crate::search::{Mcts, RandomSearcher, Searcher};

/// The engines that take options.
const PATTERN: &str = "pattern";
const MCTS: &str = "mcts";

impl Engines for Reversi {
    /// `pattern` is the bot: alpha-beta on the trained pattern evaluation.
    /// `mcts` is the previous bot, kept as the baseline; `uct-plain` is the
    /// generic UCT (uniform playouts, no solver), what the Reversi
    /// knowledge of `mcts` adds to the generic search.
    fn engine_names() -> &'static [&'static str] {
        &[PATTERN, MCTS, "greedy", "random", "uct-plain"]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            PATTERN => Some(Box::new(PatternEngine::new(PatternSettings::default()))),
            MCTS => Some(Box::new(ReversiEngine::new(
                EngineSettings::default(),
                seed,
            ))),
            "greedy" => Some(Box::new(GreedyPlayer::new(seed))),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            "uct-plain" => Some(Box::new(Mcts::<Reversi, _>::plain(seed))),
            _ => None,
        }
    }

    /// `pattern` searches the midgame with lazy SMP.
    fn lazy_smp_engine(name: &str, threads: usize) -> Option<Box<dyn Searcher<Self>>> {
        (name == PATTERN).then(|| {
            Box::new(PatternEngine::with_threads(
                PatternSettings::default(),
                threads,
            )) as Box<dyn Searcher<Self>>
        })
    }

    /// `pattern` and `mcts` take the options of `options.rs`
    /// (`docs/reversi.md`); on several threads, tuned `pattern` runs lazy
    /// SMP and tuned `mcts` copies side by side, as they do by name.
    fn tuned_engine(
        name: &str,
        options: &[EngineOption],
    ) -> Result<Option<TunedEngine<Self>>, EngineOptionError> {
        match name {
            PATTERN => {
                let settings = PatternSettings::with_options(options)?;
                Ok(Some(Box::new(move |_, threads| {
                    Box::new(PatternEngine::with_threads(settings, threads.max(1)))
                })))
            }
            MCTS => {
                let settings = EngineSettings::with_options(options)?;
                Ok(Some(Box::new(move |seed, threads| {
                    side_by_side(seed, threads, |seed| {
                        Box::new(ReversiEngine::new(settings, seed))
                    })
                })))
            }
            _ => no_options::<Self>(name, options).map(|()| None),
        }
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        reversi_bench(out)
    }

    fn threads_bench(out: &mut dyn std::io::Write, threads: usize) -> std::io::Result<()> {
        pattern_threads_bench(out, threads)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::options::{assert_engines_take_no_options_as_by_name, options};
    use crate::search::Limits;
    use crate::Game;

    #[test]
    fn pattern_and_mcts_take_options_on_any_threads() {
        let limits = Limits::nodes(2_000);
        let start = Reversi::start();
        for (name, tuned) in [
            (PATTERN, options(&["probcut=false", "use_solver=false"])),
            (MCTS, options(&["playout=uniform", "use_solver=false"])),
        ] {
            for threads in [1, 2] {
                let mut engine =
                    Reversi::engine_with_options(name, 1, threads, &tuned).expect("built");
                let m = engine.choose_move(&start, &limits).best_move;
                assert!(start.is_legal(m), "{name} on {threads}: {m:?}");
            }
            for &other in Reversi::engine_names() {
                let taken = Reversi::check_engine_options(other, &tuned).is_ok();
                assert_eq!(taken, other == name, "{other} with options of {name}");
            }
        }
    }

    #[test]
    fn tuned_pattern_searches_as_its_settings() {
        // The same settings by name and by options search the same nodes:
        // the options reach the engine.
        let pos = Reversi::start();
        let limits = Limits::depth(5);
        let nodes =
            |mut engine: Box<dyn Searcher<Reversi>>| engine.choose_move(&pos, &limits).nodes;
        let by_name = nodes(Reversi::engine(PATTERN, 1).unwrap());
        let default = nodes(Reversi::engine_with_options(PATTERN, 1, 1, &[]).unwrap());
        let full_width = nodes(
            Reversi::engine_with_options(PATTERN, 1, 1, &options(&["probcut=false"])).unwrap(),
        );
        assert_eq!(default, by_name);
        assert_ne!(full_width, by_name, "probcut=false prunes nothing");
    }

    #[test]
    fn without_options_every_engine_is_built_as_by_name() {
        assert_engines_take_no_options_as_by_name::<Reversi>("greedy", "probcut=false");
        for removed in ["pattern-noprobcut", "mcts-uniform", "mcts-nosolver"] {
            assert_eq!(
                Reversi::check_engine_options(removed, &[]),
                Err(EngineOptionError::UnknownEngine(removed.into()))
            );
        }
    }
}
