//! Layer 3, engines: per-game knowledge (evaluations, playout policies,
//! solvers) plugged into the generic search, and the registry of named
//! engines that bots and the referee pick from.
//!
//! One module per game (`engines::reversi`, `engines::gomoku`, ...), each
//! implementing [`Engines`] for its game.

pub mod gomoku;
pub mod nogo;
mod options;
pub mod reversi;
mod threads_bench;
pub mod tictactoe;

pub(crate) use options::{choice, flag, number, real, tuned_default, Expected, Tunable};
pub use options::{EngineOption, EngineOptionError};
pub use threads_bench::threads_bench;

use crate::game::Game;
use crate::search::{RootParallel, Searcher};

/// The engines compiled in for one game, by name.
///
/// Names are what `--engine NAME` on a bot and `builtin:NAME` in the referee
/// accept. Every game offers at least `random`.
pub trait Engines: Game {
    /// Every engine name `engine` accepts. The first is the bot's default.
    fn engine_names() -> &'static [&'static str];

    /// A fresh engine seeded with `seed`, or `None` for an unknown name.
    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>>;

    /// Runs the engine's speed benchmark on fixed positions and writes its
    /// figures (playouts/s, nodes/s) to `out`, one human-readable line each.
    /// This is `<game> bench`. Deterministic work: fixed positions, fixed
    /// seeds, iteration or node caps rather than only a clock.
    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()>;

    /// `<game> bench --threads N`: the lazy SMP engines on `threads`
    /// threads against one ([`threads_bench`]). An error for a game
    /// without them.
    fn threads_bench(_out: &mut dyn std::io::Write, _threads: usize) -> std::io::Result<()> {
        Err(std::io::Error::other(format!(
            "{} has no multi-threaded bench (--threads 1 only)",
            Self::NAME
        )))
    }

    /// The default engine (the first name). Never overridden.
    fn default_engine(seed: u64) -> Box<dyn Searcher<Self>> {
        Self::engine(Self::engine_names()[0], seed).expect("the first engine name is valid")
    }

    /// The engine `name` as one search on `threads` (2 or more) threads
    /// sharing its transposition table (lazy SMP), if it is an alpha-beta
    /// engine that can; `None` otherwise (also for an unknown name).
    fn lazy_smp_engine(_name: &str, _threads: usize) -> Option<Box<dyn Searcher<Self>>> {
        None
    }

    /// The engine `name` on `threads` threads (`--threads`): itself for 1;
    /// its lazy SMP form if it has one; else `threads` copies seeded `seed`,
    /// `seed + 1`, ... searching side by side ([`RootParallel`]). `None` for
    /// an unknown name. Never overridden.
    fn engine_on_threads(name: &str, seed: u64, threads: usize) -> Option<Box<dyn Searcher<Self>>> {
        on_threads(
            seed,
            threads,
            || Self::lazy_smp_engine(name, threads),
            |seed| Self::engine(name, seed),
        )
    }

    /// How to build the engine `name` tuned by `options` (its tuning,
    /// `KEY=VALUE`), if it takes options: a builder from the seed and the
    /// threads; `Ok(None)` for an engine that takes none, given none. An
    /// error for an unknown name, key or value. The default: no engine
    /// takes options. A game whose engines do overrides only this.
    fn tuned_engine(
        name: &str,
        options: &[EngineOption],
    ) -> Result<Option<TunedEngine<Self>>, EngineOptionError> {
        no_options::<Self>(name, options).map(|()| None)
    }

    /// Checks that engine `name` takes `options` without building it: `Ok`
    /// exactly when [`Engines::engine_with_options`] would build it. Never
    /// overridden.
    fn check_engine_options(name: &str, options: &[EngineOption]) -> Result<(), EngineOptionError> {
        Self::tuned_engine(name, options).map(drop)
    }

    /// The engine `name` tuned by `options`, on `threads` threads as
    /// [`Engines::engine_on_threads`] (which it is, without options). Never
    /// overridden.
    fn engine_with_options(
        name: &str,
        seed: u64,
        threads: usize,
        options: &[EngineOption],
    ) -> Result<Box<dyn Searcher<Self>>, EngineOptionError> {
        match Self::tuned_engine(name, options)? {
            Some(build) => Ok(build(seed, threads)),
            None => Self::engine_on_threads(name, seed, threads)
                .ok_or_else(|| EngineOptionError::UnknownEngine(name.to_string())),
        }
    }
}

/// What [`Engines::tuned_engine`] gives: the tuned engine from its seed and
/// its threads.
pub type TunedEngine<G> = Box<dyn FnOnce(u64, usize) -> Box<dyn Searcher<G>>>;

/// `Ok` if `name` is one of `G`'s engines and `options` is empty: the
/// options check of an engine that takes none.
fn no_options<G: Engines>(name: &str, options: &[EngineOption]) -> Result<(), EngineOptionError> {
    if !G::engine_names().contains(&name) {
        return Err(EngineOptionError::UnknownEngine(name.to_string()));
    }
    match options.first() {
        None => Ok(()),
        Some(option) => Err(EngineOptionError::TakesNoOptions {
            engine: name.to_string(),
            key: option.key.clone(),
        }),
    }
}

/// How [`Engines::engine_on_threads`] puts engines on threads, shared with
/// the engines built with options: `single(seed)` for 1 thread; else
/// `lazy_smp()` if it builds one; else `threads` engines from `single`
/// seeded `seed`, `seed + 1`, ... side by side. `None` if `single` gives none.
fn on_threads<G: Game>(
    seed: u64,
    threads: usize,
    lazy_smp: impl FnOnce() -> Option<Box<dyn Searcher<G>>>,
    mut single: impl FnMut(u64) -> Option<Box<dyn Searcher<G>>>,
) -> Option<Box<dyn Searcher<G>>> {
    if threads <= 1 {
        return single(seed);
    }
    if let Some(engine) = lazy_smp() {
        return Some(engine);
    }
    let workers = (0..threads as u64)
        .map(|worker| single(seed.wrapping_add(worker)))
        .collect::<Option<Vec<_>>>()?;
    Some(Box::new(RootParallel::new(workers)))
}

/// A tuned engine that has no lazy SMP form: itself on 1 thread, else
/// `threads` copies from `single` seeded `seed`, `seed + 1`, ... side by
/// side, as [`Engines::engine_on_threads`] puts such an engine by name.
fn side_by_side<G: Game>(
    seed: u64,
    threads: usize,
    mut single: impl FnMut(u64) -> Box<dyn Searcher<G>>,
) -> Box<dyn Searcher<G>> {
    on_threads(seed, threads, || None, |seed| Some(single(seed))).expect("every copy is built")
}
