//! The Reversi bot: MCTS with Reversi playouts through the opening and the
//! middle game, and the exact endgame solver as soon as the end is in reach.

use std::time::Duration;

use super::playout::{PlayoutStyle, ReversiPlayout};
use super::solver::{EndgameSolver, SolveMode};
use crate::game::{Game, MoveList};
use crate::games::{Reversi, ReversiMove};
use crate::search::{Limits, Mcts, MctsConfig, RootChild, SearchResult, Searcher};

/// Solver nodes allowed per MCTS iteration of the budget when the limits
/// carry no deadline, so capped searches stay bounded and deterministic.
const SOLVER_NODES_PER_ITERATION: u64 = 200;

/// How the bot is put together (`builtin:mcts,KEY=VALUE`: one option per
/// field, `docs/reversi.md`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineSettings {
    pub playout: PlayoutStyle,
    /// Hand the endgame to the solver.
    pub use_solver: bool,
    pub solver_table_bytes: usize,
    pub mcts: MctsConfig,
    /// Share of the remaining time the solver may use before MCTS takes over.
    pub solver_time_share: f64,
}

impl Default for EngineSettings {
    /// `builtin:mcts`, the bot before `pattern`.
    fn default() -> Self {
        EngineSettings {
            // Arena, 0.1 s a move, 50 XOT games: mobility-greedy playouts
            // beat corner-aware ones 30-0-20, which beat uniform ones 50-0-0.
            playout: PlayoutStyle {
                take_corners: true,
                corner_guard_redraws: 2,
                mobility_greed: 64,
            },
            // A solved endgame is exact, where playouts only sample it.
            use_solver: true,
            // Tree and table together stay well under Botzone's 256 MB.
            solver_table_bytes: 32 << 20,
            mcts: MctsConfig {
                // The generic search's constant, for rewards in [0, 1].
                exploration: 1.0,
                // With the solver's table, under 256 MB.
                memory_budget_bytes: 128 << 20,
                // Proven wins and losses in the tree are exact.
                solver: true,
                // Keep-running bots keep the tree of the last move.
                reuse_tree: true,
                // Every visited leaf grows: the tree fits in the budget.
                expand_after_visits: 1,
                // Playouts are long enough for a clock read per 16.
                time_check_interval: 16,
                // A search without any limit still ends.
                fallback_iterations: 100_000,
            },
            // The worst solve in reach fits in 60% (see `solver_reach`).
            solver_time_share: 0.6,
        }
    }
}

/// The most empty squares the solver takes on, exactly and for
/// win/loss/draw only, with `budget` of thinking time (`None`: no deadline,
/// the solver is capped by nodes instead).
///
/// Botzone scores a game win/draw/loss, not by discs, so the reach that
/// counts is the win/loss/draw one: a proven win or draw is played at once,
/// and an exact score adds nothing to it. The exact solve is kept where it
/// is cheap (it plays the narrowest loss in a lost position).
///
/// Chosen from measured solve times (`reversi_bench 0 16`, cold table, CPU
/// seconds, mean / worst of 16 positions from self-play, a73feb1):
/// win/loss/draw 0.029 / 0.33 s at 19 empties, 0.055 / 0.53 s at 20,
/// 0.086 / 0.54 s at 21, 0.125 / 0.85 s at 22, 0.128 / 0.49 s at 23,
/// 0.47 / 4.2 s at 24; exact 0.017 / 0.063 s at 16, 0.068 / 0.34 s at 18,
/// 0.25 / 0.81 s at 20. The mean must sit well inside the solver's share
/// of the budget (60%) and the worst case near it: a solve that runs out
/// of time hands the rest of the turn to the midgame search (MCTS for the
/// MCTS bot), and its table speeds up the next turn's solve.
pub fn solver_reach(budget: Option<Duration>) -> (u32, u32) {
    match budget.map(|b| b.as_secs_f64()) {
        None => (14, 16),
        Some(secs) if secs >= 0.8 => (16, 22),
        Some(secs) if secs >= 0.3 => (15, 20),
        Some(secs) if secs >= 0.1 => (14, 19),
        Some(_) => (12, 15),
    }
}

/// How the solver should take a position with `empties` empty squares given
/// the time left (see [`solver_reach`]), or `None` beyond its reach.
pub fn solve_mode_within_reach(empties: u32, budget: Option<Duration>) -> Option<SolveMode> {
    let (exact_reach, wld_reach) = solver_reach(budget);
    if empties <= exact_reach {
        Some(SolveMode::Exact)
    } else if empties <= wld_reach {
        Some(SolveMode::WinLossDraw)
    } else {
        None
    }
}

/// What every Reversi engine answers before its own search: the only legal
/// move when there is one, else the endgame solver's answer when the
/// position is within its reach ([`solve_mode_within_reach`]) and the answer
/// is worth playing (an exact score, or a proven win or draw). `solver` is
/// the engine's solver with the limits of its share, `None` if the engine
/// does not solve this position.
pub(super) fn forced_or_solved(
    pos: &Reversi,
    moves: &mut MoveList<ReversiMove>,
    limits: &Limits,
    solver: Option<(&mut EndgameSolver, Limits)>,
) -> Option<SearchResult<ReversiMove>> {
    pos.legal_moves(moves);
    assert!(!moves.is_empty(), "choose_move called on a finished game");
    if moves.len() == 1 {
        return Some(SearchResult::just(moves[0], "forced"));
    }
    let (solver, solver_limits) = solver?;
    let empties = pos.empty_count();
    let mode = solve_mode_within_reach(empties, limits.remaining())?;
    let solution = solver.solve(pos, mode, &solver_limits).ok()?;
    solution.playable_result(mode, empties)
}

/// MCTS plus the endgame solver; see the module documentation.
pub struct ReversiEngine {
    settings: EngineSettings,
    mcts: Mcts<Reversi, ReversiPlayout>,
    solver: EndgameSolver,
    moves: MoveList<ReversiMove>,
}

impl ReversiEngine {
    pub fn new(settings: EngineSettings, seed: u64) -> Self {
        ReversiEngine {
            settings,
            mcts: Mcts::new(settings.mcts, ReversiPlayout::new(settings.playout), seed),
            solver: EndgameSolver::new(if settings.use_solver {
                settings.solver_table_bytes
            } else {
                0
            }),
            moves: MoveList::new(),
        }
    }

    pub fn settings(&self) -> &EngineSettings {
        &self.settings
    }
}

/// The solver's share of `limits`: `time_share` of the time left, and a node
/// cap derived from the iteration cap (else the node cap), if any.
pub(super) fn solver_limits(limits: &Limits, time_share: f64) -> Limits {
    Limits {
        deadline: limits
            .remaining()
            .map(|left| Limits::time(left.mul_f64(time_share)))
            .and_then(|share| share.deadline),
        // An MCTS node cap counts tree nodes, far costlier than solver
        // nodes, so an iteration cap is the better measure when given.
        max_nodes: limits
            .max_iterations
            .map(|n| n.saturating_mul(SOLVER_NODES_PER_ITERATION))
            .or(limits.max_nodes),
        max_iterations: None,
        max_depth: None,
    }
}

impl Searcher<Reversi> for ReversiEngine {
    fn choose_move(&mut self, pos: &Reversi, limits: &Limits) -> SearchResult<ReversiMove> {
        let solver_limits = self
            .settings
            .use_solver
            .then(|| solver_limits(limits, self.settings.solver_time_share));
        let solver = solver_limits.map(|share| (&mut self.solver, share));
        if let Some(result) = forced_or_solved(pos, &mut self.moves, limits, solver) {
            return result;
        }
        self.mcts.choose_move(pos, limits)
    }

    fn root_statistics(&self, pos: &Reversi) -> Option<Vec<RootChild<ReversiMove>>> {
        self.mcts.root_statistics(pos)
    }
}
