//! Layer 3, engines: per-game knowledge (evaluations, playout policies,
//! solvers) plugged into the generic search, and the registry of named
//! engines that bots and the referee pick from.
//!
//! One module per game (`engines::reversi`, `engines::gomoku`, ...), each
//! implementing [`Engines`] for its game.

pub mod gomoku;
pub mod nogo;
pub mod reversi;
mod threads_bench;
pub mod tictactoe;

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
        if threads <= 1 {
            return Self::engine(name, seed);
        }
        if let Some(engine) = Self::lazy_smp_engine(name, threads) {
            return Some(engine);
        }
        let workers = (0..threads as u64)
            .map(|worker| Self::engine(name, seed.wrapping_add(worker)))
            .collect::<Option<Vec<_>>>()?;
        Some(Box::new(RootParallel::new(workers)))
    }
}
