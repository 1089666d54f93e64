//! The `alphabeta` Gomoku engine. At the root, in order: take a five; play a
//! VCF, then a VCT, if one is found; drop the root moves after which the
//! opponent has a VCF or VCT (as far as time allows checking). Then the generic
//! iterative-deepening alpha-beta over [`ThreatPosition`]s, with
//! [`ThreatEvaluator`] supplying evaluation, ordering and VCF probes.
//!
//! Why a wrapper position: the generic search clones positions instead of
//! undoing moves, so the incremental threat board travels inside the
//! position it describes ([`ThreatPosition`]), and this engine translates a
//! rules position into one at the root.

use std::time::Instant;

use super::evaluator::{ThreatEvaluator, ThreatEvaluatorConfig};
use super::movegen::generate;
use super::position::ThreatPosition;
use super::pvs::{PvsConfig, PvsSearch};
use super::threat::Threat;
use super::threat_board::to_move;
use super::vcf::VcfSolver;
use super::vct::VctSolver;
use crate::game::{Game, MoveList, Player};
use crate::games::{Gomoku, GomokuMove};
use crate::search::score::win_in;
use crate::search::{AlphaBeta, AlphaBetaConfig, Limits, SearchResult, Searcher, StopSignal};

/// Tuning of [`ThreatSearch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatSearchConfig {
    pub main: MainSearch,
    /// Evaluation and move limits of the generic main search; its
    /// `root_branch_limit` also bounds the root defence checks.
    pub evaluator: ThreatEvaluatorConfig,
    /// Node cap of the root VCF for the side to move.
    pub root_vcf_nodes: u64,
    /// Node cap of each VCF check for the opponent at the root.
    pub defence_vcf_nodes: u64,
    /// Node cap of the root VCT for the side to move (0: no VCT at all).
    pub root_vct_nodes: u64,
    /// Node cap of each VCT check for the opponent at the root.
    pub defence_vct_nodes: u64,
    /// Most threat moves (threes and fours) in a VCT line.
    pub vct_max_threats: u32,
    /// Look for a VCT of 2 threat moves, then 3, ..., within one budget
    /// (else straight away with the most).
    pub vct_deepening: bool,
    /// Share of the remaining time the root checks may use, in percent.
    pub root_time_percent: u32,
    /// Transposition table of the main search, in bytes.
    pub tt_bytes: usize,
}

/// The search that runs after the root checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MainSearch {
    /// The generic alpha-beta over copied [`ThreatPosition`]s, tuned by
    /// `evaluator` (the `alphabeta-v1` engine).
    Generic,
    /// [`PvsSearch`] on one board walked in place, tuned by the given config.
    Pvs(PvsConfig),
}

impl ThreatSearchConfig {
    /// The `alphabeta-v1` baseline: the generic main search and the root
    /// budgets it was tuned with.
    pub fn generic() -> Self {
        ThreatSearchConfig {
            main: MainSearch::Generic,
            evaluator: ThreatEvaluatorConfig::default(),
            root_vcf_nodes: 300_000,
            defence_vcf_nodes: 20_000,
            root_vct_nodes: 60_000,
            defence_vct_nodes: 4_000,
            vct_max_threats: 6,
            vct_deepening: false,
            root_time_percent: 30,
            tt_bytes: 32 << 20,
        }
    }

    /// The `alphabeta-v2` baseline: [`PvsSearch`] as first built, after the
    /// same root checks as `alphabeta-v1` with the shortest VCT first.
    pub fn v2() -> Self {
        ThreatSearchConfig {
            main: MainSearch::Pvs(PvsConfig::v2()),
            vct_deepening: true,
            ..Self::generic()
        }
    }

    /// The `alphabeta-v3` baseline: [`PvsConfig::v3`] after the `v2` root checks.
    pub fn v3() -> Self {
        ThreatSearchConfig {
            main: MainSearch::Pvs(PvsConfig::v3()),
            ..Self::v2()
        }
    }

    /// The `alphabeta-v4` baseline: [`PvsConfig::v4`] after the `v2` root checks.
    pub fn v4() -> Self {
        ThreatSearchConfig {
            main: MainSearch::Pvs(PvsConfig::v4()),
            ..Self::v2()
        }
    }

    /// The `alphabeta-v5` baseline: [`PvsConfig::v5`] after the `v2` root checks.
    pub fn v5() -> Self {
        ThreatSearchConfig {
            main: MainSearch::Pvs(PvsConfig::v5()),
            ..Self::v2()
        }
    }
}

impl Default for ThreatSearchConfig {
    /// [`PvsSearch`] after the same root checks as the baseline (larger
    /// root budgets measured 17-13 against 20-10 at 0.2 s: no gain seen).
    fn default() -> Self {
        ThreatSearchConfig {
            main: MainSearch::Pvs(PvsConfig::default()),
            ..Self::v3()
        }
    }
}

/// The main search, built for the configured [`MainSearch`].
enum Backend {
    Generic(Box<AlphaBeta<ThreatPosition, ThreatEvaluator>>),
    Pvs(Box<PvsSearch>),
}

/// Threat-space alpha-beta for Gomoku.
pub struct ThreatSearch {
    config: ThreatSearchConfig,
    search: Backend,
    /// Lazy SMP helpers of a [`PvsSearch`] main search, one per extra thread
    /// (the root checks run on one thread).
    helpers: Vec<PvsSearch>,
    stop: StopSignal,
    vcf: VcfSolver,
    vct: VctSolver,
}

impl Default for ThreatSearch {
    fn default() -> Self {
        Self::new(ThreatSearchConfig::default())
    }
}

impl ThreatSearch {
    pub fn new(config: ThreatSearchConfig) -> Self {
        let search = match config.main {
            MainSearch::Generic => Backend::Generic(Box::new(AlphaBeta::new(
                ThreatEvaluator::new(config.evaluator),
                AlphaBetaConfig {
                    tt_bytes: config.tt_bytes,
                    // The threat ordering already ranks moves well; history
                    // from other branches mostly reshuffles good orders.
                    history: false,
                    // A node may run a VCF probe and defence checks: read
                    // the clock often so the deadline holds.
                    time_check_interval: 32,
                    ..AlphaBetaConfig::default()
                },
            ))),
            MainSearch::Pvs(pvs) => Backend::Pvs(Box::new(PvsSearch::new(PvsConfig {
                tt_bytes: config.tt_bytes,
                ..pvs
            }))),
        };
        ThreatSearch {
            config,
            search,
            helpers: Vec::new(),
            stop: StopSignal::default(),
            vcf: VcfSolver::new(18),
            vct: VctSolver::new(18),
        }
    }

    /// The engine with its main search on `threads` threads (lazy SMP) if
    /// it is a [`PvsSearch`]; the generic one stays on one.
    pub fn with_threads(config: ThreatSearchConfig, threads: usize) -> Self {
        let mut engine = Self::new(config);
        if let Backend::Pvs(search) = &engine.search {
            engine.helpers = (0..threads.saturating_sub(1))
                .map(|i| search.helper(i, engine.stop.clone()))
                .collect();
        }
        engine
    }

    /// Threads the main search runs on.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// The main search alone on `pos`, root moves generated as usual: no
    /// root VCF, VCT or defence checks (for benchmarks).
    pub fn main_search(&mut self, pos: &Gomoku, limits: &Limits) -> SearchResult<GomokuMove> {
        let root = ThreatPosition::new(*pos);
        self.run_main(&root, None, limits)
    }

    fn run_main(
        &mut self,
        root: &ThreatPosition,
        root_moves: Option<MoveList<GomokuMove>>,
        limits: &Limits,
    ) -> SearchResult<GomokuMove> {
        match &mut self.search {
            Backend::Generic(search) => {
                search.evaluator_mut().set_root(root.hash(), root_moves);
                search.choose_move(root, limits)
            }
            Backend::Pvs(search) => search.search_with_helpers(
                &mut self.helpers,
                &self.stop,
                root.threats(),
                root.side_to_move(),
                root_moves.as_ref(),
                limits,
            ),
        }
    }

    /// Limits for the root checks: their node cap, and a deadline that
    /// leaves most of the turn to the main search.
    fn root_limits(&self, limits: &Limits, nodes: u64) -> Limits {
        let mut sub = Limits::nodes(nodes);
        if let Some(remaining) = limits.remaining() {
            sub.deadline = Some(Instant::now() + remaining * self.config.root_time_percent / 100);
        }
        if let Some(cap) = limits.max_nodes {
            sub.max_nodes = Some(nodes.min(cap));
        }
        sub
    }

    /// The root moves that do not hand the opponent a VCF or VCT, if some
    /// move does: each candidate (best first) is played and the opponent's
    /// threats searched within the check budgets, until the root's share of
    /// the time is spent. Unchecked moves and our own fours (they gain a
    /// tempo) are kept. `None` when nothing was excluded, when everything
    /// would be, or when the reply is forced anyway.
    fn safe_root_moves(
        &mut self,
        root: &ThreatPosition,
        limits: &Limits,
    ) -> Option<MoveList<GomokuMove>> {
        let board = root.threats();
        let me = root.side_to_move();
        let opponent = me.opponent();
        if board.count(opponent, Threat::Five) > 0 || board.count(opponent, Threat::FlexFour) > 0 {
            // The move generator already restricts the reply.
            return None;
        }
        let check = self.root_limits(limits, u64::MAX);
        let vcf_check = Limits {
            max_nodes: Some(self.config.defence_vcf_nodes),
            ..check
        };
        let vct_check = Limits {
            max_nodes: Some(self.config.defence_vct_nodes),
            ..check
        };
        let mut candidates = MoveList::new();
        generate(
            board,
            me,
            self.config.evaluator.root_branch_limit,
            &mut candidates,
        );
        let mut safe = MoveList::new();
        for (i, &m) in candidates.iter().enumerate() {
            if check.out_of_time() {
                for &unchecked in &candidates.as_slice()[i..] {
                    safe.push(unchecked);
                }
                break;
            }
            if board.threat(me, m.index()).makes_four() {
                safe.push(m);
                continue;
            }
            let mut after = board.clone();
            after.place(m.index(), me);
            let loses = self.vcf.solve(&after, opponent, &vcf_check).is_some()
                || (self.config.root_vct_nodes > 0
                    && self
                        .vct
                        .solve(&after, opponent, self.config.vct_max_threats, &vct_check)
                        .is_some());
            if !loses {
                safe.push(m);
            }
        }
        (!safe.is_empty() && safe.len() < candidates.len()).then_some(safe)
    }
}

impl Searcher<Gomoku> for ThreatSearch {
    fn choose_move(&mut self, pos: &Gomoku, limits: &Limits) -> SearchResult<GomokuMove> {
        assert!(
            pos.outcome().is_none(),
            "choose_move called on a finished game"
        );
        let root = ThreatPosition::new(*pos);
        let board = root.threats();
        let me: Player = root.side_to_move();
        if board.stone_count() == 0 {
            return SearchResult::just(to_move(Gomoku::POINTS / 2), "opening");
        }
        if let Some(five) = board.first_point_with(me, Threat::Five) {
            let mut result = SearchResult::just(to_move(five), "five");
            result.value = 1.0;
            result.score = Some(win_in(1));
            return result;
        }
        let vcf_limits = self.root_limits(limits, self.config.root_vcf_nodes);
        if let Some(line) = self.vcf.solve(board, me, &vcf_limits).map(<[_]>::to_vec) {
            return SearchResult {
                best_move: line[0],
                value: 1.0,
                score: Some(win_in(line.len() as u32)),
                depth: line.len() as u32,
                pv: line,
                nodes: self.vcf.nodes(),
                playouts: 0,
                method: "vcf",
            };
        }
        if self.config.root_vct_nodes > 0 && board.count(me.opponent(), Threat::Five) == 0 {
            let max = self.config.vct_max_threats;
            // Deepening: the shortest win found is the surest to play out.
            let first = if self.config.vct_deepening {
                2.min(max)
            } else {
                max
            };
            let mut budget = self.config.root_vct_nodes;
            for threats in first..=max {
                let vct_limits = self.root_limits(limits, budget);
                let found = self.vct.solve(board, me, threats, &vct_limits);
                budget = budget.saturating_sub(self.vct.nodes());
                if let Some(m) = found {
                    let mut result = SearchResult::just(m, "vct");
                    result.value = 1.0;
                    result.nodes = self.vct.nodes();
                    result.depth = threats;
                    return result;
                }
                if !self.vct.last_search_complete() || budget == 0 {
                    break;
                }
            }
        }
        let defences = self.safe_root_moves(&root, limits);
        self.run_main(&root, defences, limits)
    }
}
