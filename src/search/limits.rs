//! When a search must stop. Search reads the clock only through [`Limits`].

use std::time::{Duration, Instant};

/// The budget of one search: an optional wall-clock deadline plus optional
/// caps on nodes, iterations (MCTS playouts) and depth. A search stops at the
/// first limit reached; with no limit at all it runs to its natural end
/// (a full game tree), so callers always set at least one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop thinking at this instant.
    pub deadline: Option<Instant>,
    /// Stop after this many nodes (alpha-beta) or tree nodes (MCTS).
    pub max_nodes: Option<u64>,
    /// Stop after this many MCTS iterations (playouts).
    pub max_iterations: Option<u64>,
    /// Stop iterative deepening after this depth.
    pub max_depth: Option<u32>,
}

impl Limits {
    /// No limit at all (only for searches that end by themselves, e.g. solving TicTacToe).
    pub fn unlimited() -> Self {
        Limits::default()
    }

    /// Think for `budget` from now.
    pub fn time(budget: Duration) -> Self {
        Limits {
            deadline: Some(Instant::now() + budget),
            ..Limits::default()
        }
    }

    /// Stop at `deadline`.
    pub fn until(deadline: Instant) -> Self {
        Limits {
            deadline: Some(deadline),
            ..Limits::default()
        }
    }

    /// At most `n` MCTS iterations; deterministic for a fixed seed.
    pub fn iterations(n: u64) -> Self {
        Limits {
            max_iterations: Some(n),
            ..Limits::default()
        }
    }

    /// At most `n` nodes; deterministic for a fixed seed.
    pub fn nodes(n: u64) -> Self {
        Limits {
            max_nodes: Some(n),
            ..Limits::default()
        }
    }

    /// Iterative deepening up to `depth` plies.
    pub fn depth(depth: u32) -> Self {
        Limits {
            max_depth: Some(depth),
            ..Limits::default()
        }
    }

    /// `true` once the deadline has passed. This is the only place search reads the clock.
    #[inline]
    pub fn out_of_time(&self) -> bool {
        match self.deadline {
            Some(deadline) => Instant::now() >= deadline,
            None => false,
        }
    }

    /// Time left before the deadline (`None` without a deadline).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// `true` if `nodes` reaches the node cap.
    #[inline]
    pub fn nodes_exhausted(&self, nodes: u64) -> bool {
        matches!(self.max_nodes, Some(cap) if nodes >= cap)
    }

    /// `true` if `iterations` reaches the iteration cap.
    #[inline]
    pub fn iterations_exhausted(&self, iterations: u64) -> bool {
        matches!(self.max_iterations, Some(cap) if iterations >= cap)
    }
}
