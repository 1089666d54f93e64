//! The Gomoku engines by name.

use super::engine::{MainSearch, ThreatSearch, ThreatSearchConfig};
use super::evaluator::Evaluation;
use super::greedy::GreedyThreats;
use super::options::apply_options;
use super::pvs::PvsConfig;
use crate::engines::{no_options, on_threads, EngineOption, EngineOptionError, Engines};
use crate::games::Gomoku;
use crate::search::{Mcts, RandomSearcher, Searcher};

impl Engines for Gomoku {
    fn engine_names() -> &'static [&'static str] {
        &[
            "alphabeta",
            "alphabeta-v1",
            "alphabeta-v2",
            "alphabeta-v3",
            "alphabeta-v4",
            "alphabeta-v5",
            "alphabeta-trained",
            "alphabeta-hand",
            "greedy",
            "random",
            "uct-plain",
        ]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        if let Some(config) = alphabeta_config(name) {
            return Some(Box::new(ThreatSearch::new(config)));
        }
        match name {
            "greedy" => Some(Box::new(GreedyThreats::new(seed))),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            "uct-plain" => Some(Box::new(Mcts::<Gomoku, _>::plain(seed))),
            _ => None,
        }
    }

    fn lazy_smp_engine(name: &str, threads: usize) -> Option<Box<dyn Searcher<Self>>> {
        lazy_smp(name, alphabeta_config(name)?, threads)
    }

    /// The alpha-beta engines take the options of [`super::options`].
    fn check_engine_options(name: &str, options: &[EngineOption]) -> Result<(), EngineOptionError> {
        tuned_config(name, options).map(drop)
    }

    fn engine_with_options(
        name: &str,
        seed: u64,
        threads: usize,
        options: &[EngineOption],
    ) -> Result<Box<dyn Searcher<Self>>, EngineOptionError> {
        let Some(config) = tuned_config(name, options)? else {
            return Self::engine_on_threads(name, seed, threads)
                .ok_or_else(|| EngineOptionError::UnknownEngine(name.to_string()));
        };
        Ok(on_threads(
            seed,
            threads,
            || lazy_smp(name, config, threads),
            |_| Some(Box::new(ThreatSearch::new(config))),
        )
        .expect("an alpha-beta engine is always built"))
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        super::gomoku_bench(out)
    }

    fn threads_bench(out: &mut dyn std::io::Write, threads: usize) -> std::io::Result<()> {
        super::gomoku_threads_bench(out, threads)
    }
}

/// The configuration of the alpha-beta engine `name` (on one thread);
/// `None` for the others.
pub fn alphabeta_config(name: &str) -> Option<ThreatSearchConfig> {
    Some(match name {
        "alphabeta" => ThreatSearchConfig::default(),
        "alphabeta-v1" => ThreatSearchConfig::generic(),
        "alphabeta-v2" => ThreatSearchConfig::v2(),
        "alphabeta-v3" => ThreatSearchConfig::v3(),
        "alphabeta-v4" => ThreatSearchConfig::v4(),
        "alphabeta-v5" => ThreatSearchConfig::v5(),
        "alphabeta-trained" => trained_v3(),
        "alphabeta-hand" => hand_default(),
        _ => return None,
    })
}

/// "alphabeta" runs its main search with lazy SMP; the baselines stay as
/// they were measured (copies side by side).
fn lazy_smp(
    name: &str,
    config: ThreatSearchConfig,
    threads: usize,
) -> Option<Box<dyn Searcher<Gomoku>>> {
    (name == "alphabeta")
        .then(|| Box::new(ThreatSearch::with_threads(config, threads)) as Box<dyn Searcher<Gomoku>>)
}

/// The alpha-beta engine `name` tuned by `options`; `None` for another
/// engine given no options (an error with some).
fn tuned_config(
    name: &str,
    options: &[EngineOption],
) -> Result<Option<ThreatSearchConfig>, EngineOptionError> {
    let Some(mut config) = alphabeta_config(name) else {
        return no_options::<Gomoku>(name, options).map(|()| None);
    };
    apply_options(name, &mut config, options)?;
    Ok(Some(config))
}

/// `alphabeta-v3` with the first trained evaluation (`trained1`) instead
/// of the hand one: the search unchanged, so a match against
/// `alphabeta-v3` measures the evaluation alone.
fn trained_v3() -> ThreatSearchConfig {
    ThreatSearchConfig {
        main: MainSearch::Pvs(PvsConfig {
            evaluation: Evaluation::trained1(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;
    use crate::Game;

    fn options(items: &[&str]) -> Vec<EngineOption> {
        EngineOption::parse_list(items.iter().copied()).expect("well-formed")
    }

    #[test]
    fn every_alphabeta_engine_takes_root_options_on_any_threads() {
        let limits = Limits::nodes(2_000);
        for &name in Gomoku::engine_names() {
            let tuned = options(&["root_vct_nodes=0", "defence_vcf_nodes=100"]);
            let expected = alphabeta_config(name).map(|base| ThreatSearchConfig {
                root_vct_nodes: 0,
                defence_vcf_nodes: 100,
                ..base
            });
            assert_eq!(
                tuned_config(name, &tuned).ok(),
                expected.map(Some),
                "{name}"
            );
            for threads in [1, 2] {
                let engine = Gomoku::engine_with_options(name, 1, threads, &tuned);
                assert_eq!(engine.is_ok(), expected.is_some(), "{name} on {threads}");
                if let Ok(mut engine) = engine {
                    let start = Gomoku::start();
                    let m = engine.choose_move(&start, &limits).best_move;
                    assert!(start.is_legal(m), "{name}: {m:?}");
                }
            }
        }
    }

    #[test]
    fn without_options_every_engine_is_built_as_by_name() {
        for &name in Gomoku::engine_names() {
            assert_eq!(Gomoku::check_engine_options(name, &[]), Ok(()), "{name}");
            assert!(
                Gomoku::engine_with_options(name, 1, 1, &[]).is_ok(),
                "{name}"
            );
        }
        assert_eq!(
            Gomoku::check_engine_options("nonsense", &[]),
            Err(EngineOptionError::UnknownEngine("nonsense".into()))
        );
        assert_eq!(
            Gomoku::check_engine_options("greedy", &options(&["lmp_base=4"])),
            Err(EngineOptionError::TakesNoOptions {
                engine: "greedy".into(),
                key: "lmp_base".into()
            })
        );
    }
}
