//! Gomoku engines. (Until the engine issue lands: only the random baseline.)

use super::Engines;
use crate::games::Gomoku;
use crate::search::{RandomSearcher, Searcher};

impl Engines for Gomoku {
    fn engine_names() -> &'static [&'static str] {
        &["random"]
    }

    fn engine(name: &str, seed: u64) -> Option<Box<dyn Searcher<Self>>> {
        match name {
            "random" => Some(Box::new(RandomSearcher::new(seed))),
            _ => None,
        }
    }

    fn bench(out: &mut dyn std::io::Write) -> std::io::Result<()> {
        writeln!(out, "no engine benchmark yet")
    }
}
