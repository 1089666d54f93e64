//! The Gomoku engines by name: `alphabeta` (the default; its variants are
//! engine options, [`super::options`]), and the `greedy` and `random`
//! baselines.

use super::engine::{ThreatSearch, ThreatSearchConfig};
use super::greedy::GreedyThreats;
use crate::engines::{
    no_options, on_threads, EngineOption, EngineOptionError, Engines, TunedEngine,
};
use crate::games::Gomoku;
use crate::search::{RandomSearcher, Searcher};

/// The one engine that takes options.
const ALPHABETA: &str = "alphabeta";

impl Engines for Gomoku {
    fn engine_names() -> &'static [&'static str] {
        &[ALPHABETA, "greedy", "random"]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            ALPHABETA => Some(Box::new(ThreatSearch::default())),
            "greedy" => Some(Box::new(GreedyThreats::new(seed))),
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            _ => None,
        }
    }

    /// `alphabeta` runs its main search with lazy SMP.
    fn lazy_smp_engine(name: &str, threads: usize) -> Option<Box<dyn Searcher<Self>>> {
        (name == ALPHABETA).then(|| lazy_smp(ThreatSearchConfig::default(), threads))
    }

    /// `alphabeta` takes the options of `options.rs` (`docs/gomoku.md`).
    fn tuned_engine(
        name: &str,
        options: &[EngineOption],
    ) -> Result<Option<TunedEngine<Self>>, EngineOptionError> {
        if name != ALPHABETA {
            return no_options::<Self>(name, options).map(|()| None);
        }
        let config = ThreatSearchConfig::with_options(options)?;
        Ok(Some(Box::new(move |seed, threads| {
            on_threads(
                seed,
                threads,
                || Some(lazy_smp(config, threads)),
                |_| Some(Box::new(ThreatSearch::new(config))),
            )
            .expect("an alpha-beta engine is always built")
        })))
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        super::gomoku_bench(out)
    }

    fn threads_bench(out: &mut dyn std::io::Write, threads: usize) -> std::io::Result<()> {
        super::gomoku_threads_bench(out, threads)
    }
}

fn lazy_smp(config: ThreatSearchConfig, threads: usize) -> Box<dyn Searcher<Gomoku>> {
    Box::new(ThreatSearch::with_threads(config, threads))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::options::{assert_engines_take_no_options_as_by_name, options};
    use crate::search::Limits;
    use crate::Game;

    #[test]
    fn alphabeta_takes_root_options_on_any_threads() {
        let limits = Limits::nodes(2_000);
        let tuned = options(&["root_vct_nodes=0", "defence_vcf_nodes=100"]);
        let expected = ThreatSearchConfig {
            root_vct_nodes: 0,
            defence_vcf_nodes: 100,
            ..ThreatSearchConfig::default()
        };
        assert_eq!(ThreatSearchConfig::with_options(&tuned), Ok(expected));
        for threads in [1, 2] {
            let mut engine =
                Gomoku::engine_with_options(ALPHABETA, 1, threads, &tuned).expect("built");
            let start = Gomoku::start();
            let m = engine.choose_move(&start, &limits).best_move;
            assert!(start.is_legal(m), "on {threads}: {m:?}");
        }
        for &name in Gomoku::engine_names() {
            let taken = Gomoku::engine_with_options(name, 1, 1, &tuned).is_ok();
            assert_eq!(taken, name == ALPHABETA, "{name}");
        }
    }

    /// The table evaluation plays (its search gives the board the table it
    /// evaluates with), on one thread and with lazy SMP helpers.
    #[test]
    fn alphabeta_plays_with_the_table_evaluation() {
        let tuned = options(&["evaluation=table"]);
        let mut pos = Gomoku::start();
        for m in crate::engines::gomoku::parse_moves("h8 i9 g7 i7 i8 g8 j9").unwrap() {
            pos.try_play(m).unwrap();
        }
        for threads in [1, 2] {
            let mut engine =
                Gomoku::engine_with_options(ALPHABETA, 1, threads, &tuned).expect("built");
            let m = engine.choose_move(&pos, &Limits::nodes(3_000)).best_move;
            assert!(pos.is_legal(m), "on {threads}: {m:?}");
        }
    }

    #[test]
    fn without_options_every_engine_is_built_as_by_name() {
        assert_engines_take_no_options_as_by_name::<Gomoku>("greedy", "lmp_base=4");
    }
}
