//! The `alphabeta` Gomoku engine. At the root, in order: take a five; play a
//! VCF, then a VCT, if one is found; drop the root moves after which the
//! opponent has a VCF or VCT (as far as time allows checking). Then the
//! principal-variation search [`PvsSearch`] over the remaining root moves,
//! on one thread or with lazy SMP helpers.

use std::time::Instant;

use super::movegen::generate_ordered;
use super::pvs::{PvsConfig, PvsSearch};
use super::threat::Threat;
use super::threat_board::{to_move, ThreatBoard};
use super::vcf::VcfSolver;
use super::vct::VctSolver;
use crate::game::{Game, MoveList, Player};
use crate::games::{Gomoku, GomokuMove};
use crate::search::score::win_in;
use crate::search::{LazySmp, Limits, SearchResult, Searcher};

/// Tuning of [`ThreatSearch`]: the root checks, then the main search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatSearchConfig {
    /// The main search after the root checks; its `root_branch_limit` also
    /// bounds the moves the root defence checks look at.
    pub main: PvsConfig,
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
}

impl Default for ThreatSearchConfig {
    /// The root checks of the default engine, every field spelled out
    /// (history and measurements: `docs/gomoku.md`).
    fn default() -> Self {
        ThreatSearchConfig {
            main: PvsConfig::default(),
            // Tuned with the first (generic) alpha-beta and kept since:
            // larger root budgets measured 17-13 against 20-10 at 0.2 s a
            // move, no gain seen.
            root_vcf_nodes: 300_000,
            defence_vcf_nodes: 20_000,
            root_vct_nodes: 60_000,
            defence_vct_nodes: 4_000,
            // Longer VCT lines rarely finish within the node cap.
            vct_max_threats: 6,
            // The shortest win found is the surest to play out.
            vct_deepening: true,
            // Most of the turn stays with the main search.
            root_time_percent: 30,
        }
    }
}

/// Threat-space alpha-beta for Gomoku.
pub struct ThreatSearch {
    config: ThreatSearchConfig,
    search: PvsSearch,
    /// Lazy SMP helpers of the main search, one per extra thread (the root
    /// checks run on one thread).
    smp: LazySmp<PvsSearch>,
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
        ThreatSearch {
            config,
            search: PvsSearch::new(config.main),
            smp: LazySmp::default(),
            vcf: VcfSolver::new(18),
            vct: VctSolver::new(18),
        }
    }

    /// The engine with its main search on `threads` threads (lazy SMP).
    pub fn with_threads(config: ThreatSearchConfig, threads: usize) -> Self {
        let mut engine = Self::new(config);
        engine.smp = LazySmp::new(threads, |i, stop| engine.search.helper(i, stop));
        engine
    }

    /// Threads the main search runs on.
    pub fn threads(&self) -> usize {
        self.smp.threads()
    }

    /// The main search alone on `pos`, root moves generated as usual: no
    /// root VCF, VCT or defence checks (for benchmarks).
    pub fn main_search(&mut self, pos: &Gomoku, limits: &Limits) -> SearchResult<GomokuMove> {
        let board = ThreatBoard::from_game(pos);
        self.run_main(&board, pos.side_to_move(), None, limits)
    }

    fn run_main(
        &mut self,
        board: &ThreatBoard,
        side: Player,
        root_moves: Option<MoveList<GomokuMove>>,
        limits: &Limits,
    ) -> SearchResult<GomokuMove> {
        let root_moves = root_moves.as_ref();
        let (mut result, nodes) = self.smp.run(&mut self.search, |search| {
            search.search(board, side, root_moves, limits)
        });
        // Every thread's nodes.
        result.nodes = nodes;
        result
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
        board: &ThreatBoard,
        me: Player,
        limits: &Limits,
    ) -> Option<MoveList<GomokuMove>> {
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
        generate_ordered(
            board,
            me,
            self.config.main.root_branch_limit,
            self.config.main.policy,
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
        let board = &ThreatBoard::from_game(pos);
        let me = pos.side_to_move();
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
        let defences = self.safe_root_moves(board, me, limits);
        self.run_main(board, me, defences, limits)
    }
}
