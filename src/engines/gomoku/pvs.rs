//! The Gomoku main search: principal-variation alpha-beta over one
//! [`ThreatBoard`] walked with place/remove (no position copy per node).
//!
//! Iterative deepening with aspiration windows, a transposition table,
//! killer and history ordering on top of the pattern-table move scores,
//! late-move reductions for quiet moves, futility pruning near the horizon,
//! VCF as the quiescence search at the leaves (not where the static value
//! already fails high and nothing threatens), and a threat extension: a
//! four's forced block costs no depth, so four sequences are read to their
//! end; a side facing an open three at the horizon has its answers searched
//! (by default one ply: reading three sequences to their end cost more depth
//! than it found). Forced defences (fives, open fours, four-threes) come
//! from the move generator, as in the generic engine. Moves making a winning
//! threat (a double three, a four-three, an open four) are never reduced or
//! pruned; by default plain fours and single threes are, like quiet moves.
//! Every default is in [`PvsConfig::default`].
//!
//! Why not the generic [`AlphaBeta`](crate::search::AlphaBeta): its nodes
//! are positions it copies, and its hooks cannot express threat-aware
//! reductions and extensions; the board here is ~5 KB, so copying it per
//! node cost more than the search itself.

use std::time::Instant;

use super::evaluator::{EvalWeights, Evaluation};
use super::movegen::{generate_ordered, generate_quiet};
use super::policy::MoveOrder;
use super::threat::Threat;
use super::threat_board::{ThreatBoard, UndoStack};
use super::vcf::{VcfScope, VcfSolver};
use crate::game::{MoveList, Player, MAX_MOVES};
use crate::games::{Gomoku, GomokuMove};
use crate::search::score::{
    is_proven, loss_in, node_to_root, plies_to_end, root_to_node, win_in, EVAL_LIMIT, MAX_PLY,
    PROVEN_SCORE, WIN_SCORE,
};
use crate::search::tt::{Bound, TranspositionTable};
use crate::search::{
    iterative_deepening, pick_next, AspirationWindow, Budget, FullWindow, History, Killers, Limits,
    RootSearch, SearchResult, SECOND_KILLER_KEY, TT_MOVE_KEY,
};

mod helpers;

/// Tuning of [`PvsSearch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PvsConfig {
    /// The static evaluation; `weights` tune [`Evaluation::Hand`].
    pub evaluation: Evaluation,
    pub weights: EvalWeights,
    /// How quiet moves are ranked (which the branch limits keep, and the
    /// order after the table move and killers).
    pub policy: MoveOrder,
    /// Moves searched at an unforced interior node.
    pub branch_limit: usize,
    /// Moves searched at the root when nothing is forced.
    pub root_branch_limit: usize,
    /// Node budget of the VCF probe (quiescence and interior); 0: none.
    pub probe_vcf_nodes: u64,
    /// Transposition table size in bytes.
    pub tt_bytes: usize,
    /// Half-width of the first aspiration window.
    pub aspiration: i32,
    /// Futility margin per ply of remaining depth.
    pub futility_margin: i32,
    /// Deepest remaining depth where futility pruning applies: past the
    /// first move, quiet moves are skipped at a node whose static value is
    /// `futility_margin * depth` or more below alpha.
    pub futility_depth: i32,
    /// Deepest remaining depth where reverse futility pruning applies: a
    /// node whose static value clears beta by `futility_margin * depth`
    /// returns it unsearched.
    pub reverse_futility_depth: i32,
    /// Internal iterative reduction: a node at least this many plies from
    /// the horizon that the transposition table gives no move is searched
    /// a ply shallower; 0: off.
    pub iir_depth: i32,
    /// Shallowest remaining depth where late moves are reduced.
    pub lmr_depth: i32,
    /// Moves searched unreduced before reductions start.
    pub lmr_moves: usize,
    /// Late-move reductions are `ln(depth) * ln(move number)` divided by
    /// this, in tenths.
    pub lmr_divisor_tenths: i32,
    /// Late-move pruning: at a non-PV node `depth` plies from the horizon
    /// where the opponent threatens nothing that needs an answer, quiet
    /// moves after the first `lmp_base + depth * depth` are skipped; 0: off.
    pub lmp_base: usize,
    /// Late-move pruning at a node whose static value is no better than
    /// at the same side's previous node (two plies up): the move count
    /// `lmp_base + depth * depth` is scaled to this percentage (100: the
    /// same as elsewhere). A position that is not improving rarely needs
    /// its late moves.
    pub lmp_not_improving_percent: usize,
    /// At the horizon, facing an open three or a four-three point, search
    /// the answers one ply instead of evaluating: `None` at every such node
    /// below the horizon too (threat sequences read to their end), `Some(n)`
    /// for at most `n` plies below the horizon (`Some(0)`: never).
    pub threat_extension_plies: Option<u32>,
    /// The threat classes (bit `Threat as u8`) whose moves are never
    /// reduced or pruned when the mover makes them.
    pub tactical_threats: u8,
    /// A new iteration starts only while less than this share of the time
    /// to the deadline is gone, in percent.
    pub soft_limit_percent: u32,
    /// When time runs out mid-iteration, play a root move that already
    /// proved better than the last iteration's best, instead of dropping the
    /// iteration.
    pub partial_iterations: bool,
    /// At the horizon, a side not facing a threat whose static value
    /// already reaches beta stands pat without its VCF probe: a win by
    /// fours would only fail high the same way.
    pub stand_pat_before_probe: bool,
    /// Keep a lost-looking node's proof sound: no move is pruned while every
    /// move searched so far loses by force, and when all `branch_limit`
    /// moves (or all forced replies to a four-three or an open three) lose,
    /// the other candidates are searched too: past the limit, or quiet moves
    /// that defend by making the coming block a counter-four. Without
    /// it the search "proves" wins the opponent can parry with a move it
    /// never looked at, and stops thinking on them.
    pub sound_losses: bool,
}

impl Default for PvsConfig {
    /// The default engine's main search, every field spelled out; the
    /// commits that set each value and their matches are in
    /// `docs/gomoku.md`.
    fn default() -> Self {
        PvsConfig {
            // The embedded network, fitted to outcomes and to rank the
            // searched move's child above its siblings: against Rapfi at
            // 0.2 s it scored 177-181-4 where `trained` (`trained3` plus the
            // threat-mask values) scored 166-193-3, better in 33 games and
            // worse in 18 (docs/gomoku.md, "Comparison training").
            evaluation: Evaluation::net(),
            // Used only with `evaluation=hand`.
            weights: EvalWeights::default(),
            // The hand ranking until the trained policy measures better.
            policy: MoveOrder::Hand,
            // Against Rapfi at 0.2 s a move (our bot at Botzone's 0.8 s),
            // 20 against the former 12 scored 371.5 points of 760 against
            // 345 on the same four seeds, better in 65 games and worse in
            // 37 of those that differ (sign test p = 0.007); level in
            // self-play (docs/gomoku.md, the two "Wider nodes" sections).
            branch_limit: 20,
            root_branch_limit: 40,
            // Enough for the short local VCFs that decide a leaf.
            probe_vcf_nodes: 40,
            tt_bytes: 32 << 20,
            aspiration: 60,
            futility_margin: 250,
            futility_depth: 2,
            reverse_futility_depth: 2,
            // A node without a table move is ordered by its pattern keys
            // alone, so its full depth is mostly wasted; a ply less finds
            // the move to store for the next visit. Self-play at 0.1 s:
            // 309-258-33 over 600 games (+30 +/- 27 Elo); against Rapfi at
            // 0.2 s 178-177-7 on the s26 file, its best score there
            // (docs/gomoku.md, "Internal iterative reduction").
            iir_depth: 4,
            lmr_depth: 2,
            lmr_moves: 2,
            // 20 at first, 15 then 10 in self-play (10 came in a bundle
            // that scored 216-177-7 over 400 games); back to 15 against
            // Rapfi at 0.2 s: better in 87 and worse in 64 of 934 distinct
            // games over three opening files, 28 / 24 on the fresh
            // gomoku-openings-s26.txt (docs/gomoku.md, "Shallower
            // reductions, on fresh openings").
            lmr_divisor_tenths: 15,
            // Late-move pruning arrived with partial iterations (the v3
            // search) and has stayed at 3.
            lmp_base: 3,
            // Half the late moves where the position did not improve:
            // +23 +/- 34 over 400 games on gomoku-openings.txt and +18 +/-
            // 34 over 382 on gomoku-openings-s25.txt at 0.2 s a move
            // (together 400-354-28, +20 +/- 24 Elo).
            lmp_not_improving_percent: 50,
            // Reading every threat sequence to its end below the horizon
            // cost 3-8x the nodes at depth 10 on the bench positions; one
            // ply measured 121-76-3 against that at 0.2 s.
            threat_extension_plies: Some(1),
            // The winning threats stay exempt; a plain four or a single
            // three is often a wasted forcing move, and the VCF probes at
            // the leaves still read four sequences (with the reductions
            // above: +34 Elo).
            tactical_threats: threat_set(&[
                Threat::DoubleThree,
                Threat::FourThree,
                Threat::FlexFour,
                Threat::Five,
            ]),
            // With partial iterations an unfinished iteration still informs
            // the move, so the whole turn is searched.
            soft_limit_percent: 100,
            partial_iterations: true,
            // A third fewer nodes to the same depth; 212-160-27 over 399
            // games against the search without it at 0.2 s a move, +45 Elo.
            stand_pat_before_probe: true,
            // Against Rapfi (0.2 s a move; us at Botzone's limits, 190
            // games on data/gomoku-openings.txt): no false win claim in 190
            // games, against 16 without it, and 80-110 against 75-114.
            sound_losses: true,
        }
    }
}

/// Read the clock once every this many nodes.
const TIME_CHECK_INTERVAL: u64 = 512;
/// log2 of the VCF probe cache and the probe solver's table.
const PROBE_TABLE_BITS: u32 = 16;
/// Deepest ply the tree may reach (extensions included).
const MAX_SEARCH_PLY: u32 = 120;

/// A remembered VCF probe: the board's hash with the attacker mixed in, and
/// the VCF length found (0: none within the budget).
#[derive(Clone, Copy, Default)]
struct ProbeEntry {
    key: u64,
    plies: u32,
}

/// Mixed into the probe cache key per attacker.
const PROBE_SALT: [u64; 2] = [0x5851_F42D_4C95_7F2D, 0x1405_7B7E_F767_814F];

/// The root of one [`PvsSearch::search`], deepened by the scaffold's
/// [`iterative_deepening`].
struct Root<'a> {
    pvs: &'a mut PvsSearch,
    moves: &'a mut MoveList<GomokuMove>,
    side: Player,
    started: Instant,
}

impl RootSearch for Root<'_> {
    type Move = GomokuMove;

    fn search_root(&mut self, depth: u32, alpha: i32, beta: i32) -> Option<(i32, GomokuMove)> {
        self.pvs
            .search_root(self.moves, self.side, depth as i32, alpha, beta)
    }

    /// Shallow iterations and proven scores search the full window.
    fn use_window(&self, depth: u32, previous: i32) -> bool {
        depth >= 4 && !is_proven(previous)
    }

    fn keep_deepening(&mut self, depth: u32, score: i32, _best: GomokuMove) -> bool {
        // A partial move counts only from an iteration cut short.
        self.pvs.partial_best = None;
        let solved = matches!(plies_to_end(score), Some(plies) if plies <= depth);
        // One root move (a sound loss may have widened it): the first
        // iteration is the answer.
        let single = self.moves.len() == 1;
        // A helper runs on until the main search is done.
        let soft_stop = !self.pvs.budget.is_helper() && self.pvs.past_soft_limit(self.started);
        !(solved || single || self.pvs.budget.limits().out_of_time() || soft_stop)
    }
}

/// The principal-variation search; see the module documentation.
pub struct PvsSearch {
    config: PvsConfig,
    board: ThreatBoard,
    /// What the moves of the line being searched changed on the board.
    undos: UndoStack,
    tt: TranspositionTable<GomokuMove>,
    killers: Killers<GomokuMove>,
    history: History,
    vcf: VcfSolver,
    probe_cache: Vec<ProbeEntry>,
    /// Nodes, node cap, clock, and a lazy SMP helper's stop signal (see
    /// `helpers`: raised when the main search is done).
    budget: Budget,
    /// The best root move of an unfinished iteration, once one beat the
    /// previous iteration's choice.
    partial_best: Option<GomokuMove>,
    /// Plies a helper's iterations start ahead of the main search's.
    depth_offset: i32,
    /// Per ply: the static value of the node there, `NO_EVAL` until the
    /// node has one (a forced block or a decided node has none).
    static_evals: Vec<i32>,
}

/// No static value at this ply (see `PvsSearch::static_evals`).
const NO_EVAL: i32 = i32::MIN;

impl Default for PvsSearch {
    fn default() -> Self {
        Self::new(PvsConfig::default())
    }
}

impl PvsSearch {
    pub fn new(config: PvsConfig) -> Self {
        PvsSearch {
            config,
            board: ThreatBoard::new(),
            // Forced blocks are searched before the ply limit applies, so a
            // line may run past `MAX_SEARCH_PLY`; it can never hold more
            // stones than the board has points.
            undos: UndoStack::with_capacity(Gomoku::POINTS),
            tt: TranspositionTable::new(config.tt_bytes),
            killers: Killers::with_plies(MAX_SEARCH_PLY as usize + 2),
            history: History::new::<Gomoku>(),
            vcf: VcfSolver::new(PROBE_TABLE_BITS),
            probe_cache: vec![ProbeEntry::default(); 1 << PROBE_TABLE_BITS],
            budget: Budget::new(TIME_CHECK_INTERVAL),
            partial_best: None,
            depth_offset: 0,
            static_evals: vec![NO_EVAL; MAX_SEARCH_PLY as usize + 2],
        }
    }

    pub fn config(&self) -> &PvsConfig {
        &self.config
    }

    /// Searches `board` for `side` to move within `limits`, over
    /// `root_moves` if given (in that order), else over the generated ones.
    ///
    /// Precondition: the game is not over and a point is empty.
    pub fn search(
        &mut self,
        board: &ThreatBoard,
        side: Player,
        root_moves: Option<&MoveList<GomokuMove>>,
        limits: &Limits,
    ) -> SearchResult<GomokuMove> {
        self.board.clone_from(board);
        // Only the table evaluation needs the board's table sums.
        self.board.set_table(self.config.evaluation.table_weights());
        self.board.set_net(self.config.evaluation.net_weights());
        self.budget.start(limits);
        self.tt.new_search();
        self.killers.clear();
        self.history.age(4);

        let mut moves = MoveList::new();
        match root_moves {
            Some(given) => moves.clone_from(given),
            None => generate_ordered(
                &self.board,
                side,
                self.config.root_branch_limit,
                self.config.policy,
                &mut moves,
            ),
        }
        assert!(!moves.is_empty(), "search called without a move");
        let first_move = moves[0];
        let max_depth = limits.max_depth.unwrap_or(MAX_PLY).min(MAX_SEARCH_PLY - 8);
        let first_depth = (1 + self.depth_offset).clamp(1, max_depth.max(1) as i32) as u32;
        // A failed side moves `aspiration` past the score, then 4x as far
        // each time, and opens fully past 1000 (about a clear advantage).
        let window = AspirationWindow {
            half_width: self.config.aspiration,
            first_widening: self.config.aspiration,
            growth: 4,
            open_beyond: 1000,
        };
        let full = FullWindow {
            alpha: -WIN_SCORE - 1,
            beta: WIN_SCORE + 1,
        };
        self.partial_best = None;
        let mut root = Root {
            pvs: self,
            moves: &mut moves,
            side,
            started: Instant::now(),
        };
        let last = iterative_deepening(&mut root, first_depth, max_depth, Some(window), full, 0);
        let (mut best_move, score, completed) =
            last.map_or((first_move, 0, 0), |c| (c.best, c.score, c.depth));
        if let Some(partial_move) = self.partial_best {
            // Set only by an iteration the budget cut short.
            if self.config.partial_iterations && completed > 0 {
                best_move = partial_move;
            }
        }
        let value = if is_proven(score) {
            score.signum() as f64
        } else {
            (score as f64 / 1000.0).tanh() * (1.0 - 1.0 / WIN_SCORE as f64)
        };
        SearchResult {
            best_move,
            value,
            score: (completed > 0).then_some(score),
            pv: self.principal_variation(board, side, best_move, completed),
            nodes: self.budget.nodes(),
            playouts: 0,
            depth: completed,
            method: "alphabeta",
        }
    }

    /// `true` once the next iteration would likely not finish: more than
    /// the configured share of the time to the deadline is gone.
    fn past_soft_limit(&self, started: Instant) -> bool {
        match self.budget.limits().deadline {
            Some(deadline) => {
                let total = deadline.saturating_duration_since(started);
                started.elapsed() * 100 > total * self.config.soft_limit_percent
            }
            None => false,
        }
    }

    /// Searches the root moves in order; the best moves to the front.
    fn search_root(
        &mut self,
        moves: &mut MoveList<GomokuMove>,
        side: Player,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, GomokuMove)> {
        let alpha_before = alpha;
        let mut best_score = -WIN_SCORE - 1;
        let mut best_index = 0;
        let mut widened = false;
        let mut i = 0;
        loop {
            if i == moves.len() {
                // Every root move loses: as in `pvs`, a sound proof needs
                // the quiet moves too (they stay for later iterations).
                if !self.must_widen(widened, best_score) {
                    break;
                }
                widened = true;
                self.append_quiet(side, moves);
                if i == moves.len() {
                    break;
                }
            }
            let index = i;
            let m = moves[index];
            i += 1;
            let tactical = self.is_tactical(side, m.index());
            let reduction = if index >= 2 * self.config.lmr_moves && depth >= 3 && !tactical {
                (self.late_move_reduction(depth, index) - 1).clamp(0, depth - 2)
            } else {
                0
            };
            let score = self.search_move(m, side, depth, 0, alpha, beta, index == 0, reduction)?;
            if score > best_score {
                best_score = score;
                best_index = index;
                if score > alpha {
                    if index > 0 {
                        // Searched after the previous best and found better.
                        self.partial_best = Some(m);
                    }
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if best_score > alpha_before {
            moves.as_mut_slice()[..=best_index].rotate_right(1);
        }
        let best_move = moves[0];
        let bound = Bound::of_search(best_score, alpha_before, beta);
        self.tt.store(
            self.board.hash() ^ side_key(side),
            depth as u32,
            best_score,
            bound,
            Some(best_move),
            false,
        );
        Some((best_score, best_move))
    }

    /// Plays `m` for `side`, searches the child (null window first unless
    /// `full_window`, with `reduction` plies less, re-searching as PVS
    /// needs), takes `m` back, and returns the score for `side`.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        m: GomokuMove,
        side: Player,
        depth: i32,
        ply: u32,
        alpha: i32,
        beta: i32,
        full_window: bool,
        reduction: i32,
    ) -> Option<i32> {
        let opponent = side.opponent();
        if depth > 1 {
            // Below the horizon the child probes the table: start loading
            // its bucket now, while the stone is placed.
            let child_hash = self.board.hash_after(m.index(), side) ^ side_key(opponent);
            self.tt.prefetch(child_hash);
        }
        if self.config.evaluation.reads_counts() {
            self.undos.place(&mut self.board, m.index(), side);
        } else {
            self.undos
                .place_without_counts(&mut self.board, m.index(), side);
        }
        let child = depth - 1;
        let score = if full_window {
            self.pvs(child, ply + 1, -beta, -alpha, opponent)
                .map(|s| -s)
        } else {
            let mut score = self
                .pvs(child - reduction, ply + 1, -alpha - 1, -alpha, opponent)
                .map(|s| -s);
            if reduction > 0 && matches!(score, Some(s) if s > alpha) {
                score = self
                    .pvs(child, ply + 1, -alpha - 1, -alpha, opponent)
                    .map(|s| -s);
            }
            if matches!(score, Some(s) if s > alpha && s < beta) {
                score = self
                    .pvs(child, ply + 1, -beta, -alpha, opponent)
                    .map(|s| -s);
            }
            score
        };
        self.undos.take_back(&mut self.board);
        score
    }

    /// Counts a node; `None` once the budget says stop.
    #[inline]
    fn count_node(&mut self) -> Option<()> {
        (!self.budget.count()).then_some(())
    }

    /// The length in plies of a VCF for `side` (to move) within the probe
    /// budget, cached by position; 0 if none was found.
    fn probe_vcf(&mut self, side: Player) -> u32 {
        if self.config.probe_vcf_nodes == 0 || self.board.count_at_least(side, Threat::Four) == 0 {
            return 0;
        }
        let key = self.board.hash() ^ PROBE_SALT[side.index()];
        let slot = key as usize & (self.probe_cache.len() - 1);
        let cached = self.probe_cache[slot];
        if cached.key == key {
            return cached.plies;
        }
        let limits = Limits::nodes(self.config.probe_vcf_nodes);
        let plies = self
            .vcf
            .solve_in_place(&mut self.board, side, &limits, VcfScope::Local)
            .map_or(0, |line| line.len() as u32);
        // Quiescence nodes count as nodes, as in other engines' figures; a
        // budget they spend stops the search at its next node.
        self.budget.add(self.vcf.nodes());
        self.probe_cache[slot] = ProbeEntry { key, plies };
        plies
    }

    /// Negamax value of the current board for `side` to move, searched
    /// `depth` plies within `(alpha, beta)`; proven scores measured from the
    /// root. `None` if stopped (the board is restored either way).
    fn pvs(
        &mut self,
        depth: i32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
        side: Player,
    ) -> Option<i32> {
        self.count_node()?;
        let opponent = side.opponent();
        let board = &self.board;
        if board.count(side, Threat::Five) > 0 {
            return Some(node_to_root(win_in(1), ply));
        }
        let their_fives = board.count(opponent, Threat::Five);
        if their_fives >= 2 {
            return Some(node_to_root(loss_in(2), ply));
        }
        if their_fives == 0 && board.count(side, Threat::FlexFour) > 0 {
            return Some(node_to_root(win_in(3), ply));
        }
        if board.stone_count() >= Gomoku::POINTS - 1 {
            return Some(0);
        }
        // Mate-distance pruning: nothing here beats a win at the next move.
        alpha = alpha.max(node_to_root(loss_in(2), ply));
        beta = beta.min(node_to_root(win_in(1), ply));
        if alpha >= beta {
            return Some(alpha);
        }
        if their_fives == 1 {
            // The forced block costs no depth: fours are read to their end.
            let block = board
                .first_point_with(opponent, Threat::Five)
                .expect("counted");
            let m = GomokuMove::from_index(block).expect("on the board");
            if let Some(slot) = self.static_evals.get_mut(ply as usize) {
                *slot = NO_EVAL;
            }
            return self.search_move(m, side, depth + 1, ply, alpha, beta, true, 0);
        }
        let static_eval = self
            .config
            .evaluation
            .evaluate(&self.board, side, &self.config.weights);
        let mut depth = depth;
        if depth <= 0 || ply >= MAX_SEARCH_PLY {
            // Quiescence: a win by fours, else the static value.
            let threatened = self.board.count_at_least(opponent, Threat::FourThree) > 0;
            if self.config.stand_pat_before_probe && !threatened && static_eval >= beta {
                return Some(static_eval.clamp(-EVAL_LIMIT, EVAL_LIMIT));
            }
            let vcf = self.probe_vcf(side);
            if vcf > 0 {
                return Some(node_to_root(win_in(vcf), ply));
            }
            // Facing an open three or a four-three point, the static value
            // means little: search the few answers one ply (threat extension).
            let extend = match self.config.threat_extension_plies {
                None => Some(1),
                // Searched at its own depth, so the answers sit a ply lower.
                Some(plies) => (depth > -(plies as i32)).then_some(depth),
            };
            match extend {
                Some(extended) if threatened && ply < MAX_SEARCH_PLY => depth = extended,
                _ => return Some(static_eval.clamp(-EVAL_LIMIT, EVAL_LIMIT)),
            }
        }

        // Past the quiescence return, `ply < MAX_SEARCH_PLY`.
        self.static_evals[ply as usize] = static_eval;
        let improving = match ply.checked_sub(2) {
            Some(earlier) => {
                let before = self.static_evals[earlier as usize];
                before == NO_EVAL || static_eval > before
            }
            None => true,
        };
        let depth_squared = (depth.max(0) * depth.max(0)) as usize;
        let mut lmp_moves = self.config.lmp_base + depth_squared;
        if !improving {
            lmp_moves = lmp_moves * self.config.lmp_not_improving_percent / 100;
        }
        let pv_node = beta - alpha > 1;
        let hash = self.board.hash() ^ side_key(side);
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(hash) {
            tt_move = hit.best_move;
            if !pv_node && hit.depth >= depth.max(0) as u32 {
                let score = node_to_root(hit.score, ply);
                if hit.bound.settles(score, alpha, beta) {
                    return Some(score);
                }
            }
        }

        // Internal iterative reduction: without a table move the order is
        // the pattern keys' guess, so a ply less buys the move first.
        if tt_move.is_none() && self.config.iir_depth > 0 && depth >= self.config.iir_depth {
            depth -= 1;
        }

        // The opponent has no double threat that needs an answer now.
        let quiet = self.board.count(opponent, Threat::DoubleThree) == 0
            && self.board.count_at_least(opponent, Threat::FourThree) == 0;
        if !pv_node
            && quiet
            && depth <= self.config.reverse_futility_depth
            && static_eval - self.config.futility_margin * depth >= beta
            && !is_proven(beta)
        {
            return Some(static_eval);
        }
        let mut moves = MoveList::new();
        generate_ordered(
            &self.board,
            side,
            self.config.branch_limit,
            self.config.policy,
            &mut moves,
        );
        let mut keys = [0i64; MAX_MOVES];
        self.order_keys(side, ply, tt_move, &moves, &mut keys);

        let alpha_before = alpha;
        let mut best_score = -WIN_SCORE - 1;
        let mut best_move = None;
        let futile = !pv_node
            && quiet
            && depth <= self.config.futility_depth
            && static_eval + self.config.futility_margin * depth <= alpha
            && !is_proven(alpha);
        let mut widened = false;
        let mut i = 0;
        loop {
            if i == moves.len() {
                // Every move searched loses: a proof needs those past the
                // branch limit too.
                if !self.must_widen(widened, best_score) {
                    break;
                }
                widened = true;
                self.append_unsearched(side, &mut moves, &mut keys);
                if i == moves.len() {
                    break;
                }
            }
            pick_next(&mut moves, &mut keys, i);
            let m = moves[i];
            let index = i;
            i += 1;
            let tactical = self.is_tactical(side, m.index());
            // While every move so far loses, none may be skipped.
            let keep_searching = self.config.sound_losses && is_loss(best_score);
            let may_prune = !tactical && !keep_searching;
            if index > 0 && futile && may_prune {
                continue;
            }
            if self.config.lmp_base > 0
                && !pv_node
                && quiet
                && may_prune
                && index >= lmp_moves
                && keys[index] < SECOND_KILLER_KEY
            {
                continue;
            }
            let late = if index >= self.config.lmr_moves
                && depth >= self.config.lmr_depth
                && !tactical
                && keys[index] < SECOND_KILLER_KEY
            {
                self.late_move_reduction(depth, index) - pv_node as i32
            } else {
                0
            };
            let reduction = late.clamp(0, (depth - 1).max(0));
            let score =
                self.search_move(m, side, depth, ply, alpha, beta, index == 0, reduction)?;
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.record_cutoff(side, ply, m, depth);
                        break;
                    }
                }
            }
        }
        let bound = Bound::of_search(best_score, alpha_before, beta);
        self.tt.store(
            hash,
            depth.max(0) as u32,
            root_to_node(best_score, ply),
            bound,
            best_move,
            false,
        );
        Some(best_score)
    }

    /// Sort keys: table move, killers, then the pattern-table key with the
    /// history count as tie-break.
    fn order_keys(
        &self,
        side: Player,
        ply: u32,
        tt_move: Option<GomokuMove>,
        moves: &MoveList<GomokuMove>,
        keys: &mut [i64; MAX_MOVES],
    ) {
        for (key, &m) in keys.iter_mut().zip(moves.iter()) {
            *key = if Some(m) == tt_move {
                TT_MOVE_KEY
            } else if let Some(killer) = self.killers.key(ply, m) {
                killer
            } else {
                let pattern = self.config.policy.key(&self.board, side, m.index()) as i64;
                let history = self.history.key::<Gomoku>(side, m);
                (pattern << 20) + history.min((1 << 20) - 1)
            };
        }
    }

    /// Whether a move list in which every move lost (`best_score`) is
    /// widened before the loss is reported: once, with `sound_losses`.
    fn must_widen(&self, widened: bool, best_score: i32) -> bool {
        self.config.sound_losses && !widened && is_loss(best_score)
    }

    /// Appends to `moves` the quiet candidates the branch limit or the
    /// forced replies left out, best first (keys below every key already
    /// there).
    fn append_unsearched(
        &self,
        side: Player,
        moves: &mut MoveList<GomokuMove>,
        keys: &mut [i64; MAX_MOVES],
    ) {
        let first_new = moves.len();
        self.append_quiet(side, moves);
        // Best first, below every key already there.
        let lowest = i64::MIN / 2;
        let count = moves.len() - first_new;
        for (k, key) in keys[first_new..moves.len()].iter_mut().enumerate() {
            *key = lowest + (count - k) as i64;
        }
    }

    /// Appends to `moves`, best first, the quiet candidates it lacks.
    fn append_quiet(&self, side: Player, moves: &mut MoveList<GomokuMove>) {
        let mut all = MoveList::new();
        generate_quiet(&self.board, side, MAX_MOVES, self.config.policy, &mut all);
        for &m in all.iter() {
            if !moves.contains(m) {
                moves.push(m);
            }
        }
    }

    /// `true` for a move never reduced or pruned: it makes one of the
    /// `tactical_threats` for `side`, or takes the opponent's double threat.
    #[inline]
    fn is_tactical(&self, side: Player, point: usize) -> bool {
        self.config.tactical_threats & (1 << self.board.threat(side, point) as u8) != 0
            || self.board.threat(side.opponent(), point) >= Threat::DoubleThree
    }

    /// Plies to cut from a quiet late move: grows with the log of the depth
    /// and of the move's rank, as in chess engines' late-move reductions.
    #[inline]
    fn late_move_reduction(&self, depth: i32, index: usize) -> i32 {
        let (d, i) = (depth.max(1) as f32, index.max(1) as f32);
        (0.5 + d.ln() * i.ln() * 10.0 / self.config.lmr_divisor_tenths as f32) as i32
    }

    fn record_cutoff(&mut self, side: Player, ply: u32, m: GomokuMove, depth: i32) {
        self.killers.record(ply, m);
        // Extended nodes below the horizon have depth 0 or less; the
        // square credits them as before.
        self.history.record::<Gomoku>(side, m, depth.unsigned_abs());
    }

    /// `first`, then table moves while they are empty points.
    fn principal_variation(
        &self,
        board: &ThreatBoard,
        side: Player,
        first: GomokuMove,
        max_len: u32,
    ) -> Vec<GomokuMove> {
        let mut pv = vec![first];
        let mut walk = board.clone();
        let mut mover = side;
        walk.place(first.index(), mover);
        mover = mover.opponent();
        while (pv.len() as u32) < max_len.max(1) {
            let Some(m) = self
                .tt
                .probe(walk.hash() ^ side_key(mover))
                .and_then(|hit| hit.best_move)
            else {
                break;
            };
            if !walk.is_empty(m.index()) {
                break;
            }
            pv.push(m);
            if walk.threat(mover, m.index()) == Threat::Five {
                break;
            }
            walk.place(m.index(), mover);
            mover = mover.opponent();
        }
        pv
    }
}

/// The bit set of `threats`, bit `Threat as u8` each.
pub const fn threat_set(threats: &[Threat]) -> u8 {
    let mut set = 0;
    let mut i = 0;
    while i < threats.len() {
        set |= 1 << threats[i] as u8;
        i += 1;
    }
    set
}

/// `true` for a proven loss (or no move searched yet).
#[inline]
fn is_loss(score: i32) -> bool {
    score <= -PROVEN_SCORE
}

/// Mixed into the table key when White is to move.
#[inline]
fn side_key(side: Player) -> u64 {
    match side {
        Player::Black => 0,
        Player::White => 0xD6E8_FEB8_6659_FD93,
    }
}
