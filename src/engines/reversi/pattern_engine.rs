//! The pattern-evaluation bot: alpha-beta midgame search on the trained
//! pattern weights, and the exact endgame solver as soon as the end is in
//! reach (the same reach as the MCTS bot's). On several threads the
//! midgame search runs lazy SMP (helpers on a shared table); the solver
//! stays on one.

use std::time::Instant;

use super::engine::{forced_or_solved, solver_limits};
use super::midgame::{MidgameSearch, ProbCut, SCORE_SCALE};
use super::solver::EndgameSolver;
use super::weights::Weights;
use crate::game::MoveList;
use crate::games::{Reversi, ReversiMove};
use crate::search::{LazySmp, Limits, SearchResult, Searcher};

/// Depth when the limits give neither time, nodes nor depth.
const DEFAULT_DEPTH: u32 = 6;

/// How the bot searches (`builtin:pattern,KEY=VALUE`: one option per field,
/// `docs/reversi.md`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatternSettings {
    /// Selective pruning of the midgame search (`None`: full width).
    pub probcut: Option<ProbCut>,
    /// Hand the endgame to the exact solver once it is in reach.
    pub use_solver: bool,
    /// The midgame search's transposition table, in bytes (16 per entry).
    pub midgame_table_bytes: usize,
    /// The endgame solver's table, in bytes.
    pub solver_table_bytes: usize,
    /// Share of the remaining time the solver may use before the midgame
    /// search takes over.
    pub solver_time_share: f64,
    /// No new iteration starts after this share of the time.
    pub soft_time_share: f64,
}

impl Default for PatternSettings {
    /// The bot, `builtin:pattern`.
    fn default() -> Self {
        PatternSettings {
            // Measured by `examples/train_reversi.rs --measure-probcut`;
            // stronger than full width at equal time.
            probcut: Some(ProbCut {
                min_depth: 4,
                sigma_discs: 4.0,
                t: 1.5,
            }),
            // A solved endgame is exact, where the evaluation guesses.
            use_solver: true,
            // 1M entries: deep enough for a move's search, small for Botzone.
            midgame_table_bytes: 16 << 20,
            // As the MCTS bot's; both tables stay well under 256 MB.
            solver_table_bytes: 32 << 20,
            // The worst solve in reach fits in 60% (see `solver_reach`),
            // leaving the midgame search the rest if it times out.
            solver_time_share: 0.6,
            // An iteration started late is cut at the deadline, but a root
            // move it proves better is still played: 0.6 against 0.45 scored
            // 191-158-51 over 400 games (+29 +/- 32 Elo, docs/reversi.md).
            soft_time_share: 0.6,
        }
    }
}

/// See the module documentation.
pub struct PatternEngine {
    settings: PatternSettings,
    search: MidgameSearch<'static>,
    /// Lazy SMP helpers of `search`, one per extra thread.
    smp: LazySmp<MidgameSearch<'static>>,
    solver: EndgameSolver,
    moves: MoveList<ReversiMove>,
}

impl PatternEngine {
    pub fn new(settings: PatternSettings) -> Self {
        Self::with_threads(settings, 1)
    }

    /// The engine searching the midgame on `threads` threads (at least 1).
    pub fn with_threads(settings: PatternSettings, threads: usize) -> Self {
        let search = MidgameSearch::new(
            Weights::embedded(),
            settings.midgame_table_bytes,
            settings.probcut,
        );
        let smp = LazySmp::new(threads, |index, stop| search.helper(index, stop));
        PatternEngine {
            settings,
            search,
            smp,
            solver: EndgameSolver::new(if settings.use_solver {
                settings.solver_table_bytes
            } else {
                0
            }),
            moves: MoveList::new(),
        }
    }

    /// Threads the midgame search runs on.
    pub fn threads(&self) -> usize {
        self.smp.threads()
    }

    /// The solver's share of `limits` ([`solver_limits`]), or `None` when
    /// the solver should not run: turned off, or no limit at all beyond 14
    /// empties.
    fn solver_share(&self, pos: &Reversi, limits: &Limits) -> Option<Limits> {
        if !self.settings.use_solver {
            return None;
        }
        let share = solver_limits(limits, self.settings.solver_time_share);
        let unbounded = share.deadline.is_none() && share.max_nodes.is_none();
        (!unbounded || pos.empty_count() <= 14).then_some(share)
    }
}

impl Searcher<Reversi> for PatternEngine {
    fn choose_move(&mut self, pos: &Reversi, limits: &Limits) -> SearchResult<ReversiMove> {
        let solver = self
            .solver_share(pos, limits)
            .map(|share| (&mut self.solver, share));
        if let Some(result) = forced_or_solved(pos, &mut self.moves, limits, solver) {
            return result;
        }
        let mut limits = *limits;
        if limits.deadline.is_none() && limits.max_nodes.is_none() && limits.max_depth.is_none() {
            limits.max_depth = Some(DEFAULT_DEPTH);
        }
        let soft_deadline = limits
            .remaining()
            .map(|left| Instant::now() + left.mul_f64(self.settings.soft_time_share));
        let (player, opponent) = (pos.player_bits(), pos.opponent_bits());
        // Helpers start iterations until the main search is done; only the
        // main search keeps the soft deadline.
        let (found, nodes) = self.smp.run(&mut self.search, |search| {
            let soft_deadline = if search.is_helper() {
                None
            } else {
                soft_deadline
            };
            search.search(player, opponent, &limits, soft_deadline)
        });
        let mut result = found.expect("a position with two or more legal moves has a placement");
        result.nodes = nodes;
        let best_move = ReversiMove::from_index(result.best_square.expect("placements exist"));
        let discs = result.score as f64 / SCORE_SCALE as f64;
        SearchResult {
            best_move,
            value: (discs / 16.0).tanh(),
            score: Some((discs).round() as i32),
            pv: vec![best_move],
            nodes: result.nodes,
            playouts: 0,
            depth: result.depth,
            method: "pattern-alphabeta",
        }
    }
}
