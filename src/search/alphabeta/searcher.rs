//! Iterative-deepening negamax with PVS, a transposition table, killers and
//! history, generic over the game and its evaluator.

use super::ordering::{pick_next, History, Killers, TT_MOVE_KEY};
use super::score::{
    is_proven, loss_in, node_to_root, plies_to_end, root_to_node, EVAL_LIMIT, MAX_PLY, WIN_SCORE,
};
use super::{AlphaBetaConfig, Evaluator};
use crate::game::{Game, MoveList, Outcome, MAX_MOVES};
use crate::search::tt::{Bound, TranspositionTable};
use crate::search::{
    helper_depth_offset, iterative_deepening, Budget, FullWindow, LazySmp, Limits, RootSearch,
    SearchResult, Searcher, SmpSearch, StopSignal,
};

/// Each search divides the history counts of the earlier ones by this.
const HISTORY_AGING: u32 = 2;

/// Alpha-beta search.
///
/// Stopping: the clock (checked every `time_check_interval` nodes), the node
/// cap and the depth cap all come from [`Limits`]. An interrupted iteration
/// unwinds through `Option` (`None` = stopped) and is discarded: the result
/// is the best move of the last completed iteration, or the first ordered
/// move if none completed. Deepening also ends once an iteration reached no
/// horizon (the tree was searched to its end) or found a proven result
/// within its depth.
///
/// Lazy SMP: with helpers ([`AlphaBeta::with_helpers`]) each search also
/// runs on one more thread per helper, on the same table, a ply or two
/// deeper; this search's answer is the answer.
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    config: AlphaBetaConfig,
    evaluator: E,
    tt: TranspositionTable<G::Move>,
    killers: Killers<G::Move>,
    history: History,
    /// Nodes, clock and (for a helper) the stop signal of the current search.
    budget: Budget,
    /// Set when the search below the current node hit the depth horizon.
    reached_horizon: bool,
    /// Lazy SMP helpers.
    smp: LazySmp<AlphaBeta<G, E>>,
    /// Plies a helper's iterations start ahead of the main search's.
    depth_offset: u32,
}

/// Result of one root iteration.
struct Iteration<M> {
    score: i32,
    best_move: M,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    pub fn new(evaluator: E, config: AlphaBetaConfig) -> Self {
        AlphaBeta {
            config,
            evaluator,
            tt: TranspositionTable::new(config.tt_bytes),
            killers: Killers::new(),
            history: History::new::<G>(),
            budget: Budget::new(config.time_check_interval),
            reached_horizon: false,
            smp: LazySmp::default(),
            depth_offset: 0,
        }
    }

    /// This search with one helper thread per evaluator in `evaluators`
    /// (lazy SMP; see the type's documentation).
    pub fn with_helpers(mut self, evaluators: impl IntoIterator<Item = E>) -> Self {
        let mut evaluators: Vec<E> = evaluators.into_iter().collect();
        evaluators.reverse();
        let threads = 1 + evaluators.len();
        self.smp = LazySmp::new(threads, |index, stop| {
            let evaluator = evaluators.pop().expect("one evaluator per helper");
            self.helper(evaluator, index, stop)
        });
        self
    }

    /// Helper number `index` of this search: its tuning on its table, with
    /// `evaluator`, stopping when `stop` is raised.
    fn helper(&self, evaluator: E, index: usize, stop: StopSignal) -> Self {
        let mut helper = AlphaBeta::new(
            evaluator,
            AlphaBetaConfig {
                tt_bytes: 0,
                ..self.config
            },
        );
        helper.tt = self.tt.share();
        helper.budget = Budget::new(self.config.time_check_interval).with_stop(stop);
        helper.depth_offset = helper_depth_offset(index);
        helper
    }

    /// Threads a search runs on.
    pub fn threads(&self) -> usize {
        self.smp.threads()
    }

    /// With the default configuration.
    pub fn with_evaluator(evaluator: E) -> Self {
        Self::new(evaluator, AlphaBetaConfig::default())
    }

    pub fn evaluator_mut(&mut self) -> &mut E {
        &mut self.evaluator
    }

    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// Forgets everything learnt in earlier searches (table, killers, history).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.clear();
        self.history = History::new::<G>();
    }

    /// Counts a node; `None` once a limit says stop.
    #[inline]
    fn count_node(&mut self) -> Option<()> {
        (!self.budget.count()).then_some(())
    }

    /// The moves to search at `pos`, from the evaluator (or every legal move
    /// if it breaks its contract by giving none).
    fn generate(&mut self, pos: &G, out: &mut MoveList<G::Move>) {
        self.evaluator.generate_moves(pos, out);
        if out.is_empty() {
            pos.legal_moves(out);
        }
    }

    /// Sort keys: table move, killers, then history (0 without it).
    fn order_keys(
        &self,
        pos: &G,
        ply: u32,
        tt_move: Option<G::Move>,
        moves: &MoveList<G::Move>,
        keys: &mut [i64; MAX_MOVES],
    ) {
        let side = pos.side_to_move();
        for (key, &m) in keys.iter_mut().zip(moves.iter()) {
            *key = if Some(m) == tt_move {
                TT_MOVE_KEY
            } else if let Some(k) = self.killers.key(ply, m).filter(|_| self.config.killers) {
                k
            } else if self.config.history {
                self.history.key::<G>(side, m)
            } else {
                0
            };
        }
    }

    /// The score of a finished game for the side to move at `pos`, `ply`
    /// plies below the root.
    fn finished_score(pos: &G, outcome: Outcome, ply: u32) -> i32 {
        match outcome.value_for(pos.side_to_move()) {
            1 => WIN_SCORE - ply as i32,
            0 => 0,
            _ => loss_in(ply),
        }
    }

    /// Negamax value of `pos` searched `depth` plies, within `(alpha, beta)`;
    /// proven scores are measured from the root. `None` if stopped.
    fn negamax(&mut self, pos: &G, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> Option<i32> {
        self.count_node()?;
        if let Some(outcome) = pos.outcome() {
            return Some(Self::finished_score(pos, outcome, ply));
        }
        if let Some(proven) = self.evaluator.probe_win(pos) {
            return Some(node_to_root(proven, ply));
        }
        if depth == 0 || ply >= MAX_PLY {
            self.reached_horizon = true;
            return Some(self.evaluator.evaluate(pos).clamp(-EVAL_LIMIT, EVAL_LIMIT));
        }

        let hash = pos.hash();
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(hash) {
            tt_move = hit.best_move;
            if hit.depth >= depth {
                let score = node_to_root(hit.score, ply);
                if hit.bound.settles(score, alpha, beta) {
                    if !hit.exhaustive {
                        self.reached_horizon = true;
                    }
                    return Some(score);
                }
            }
        }

        let mut moves = MoveList::new();
        self.generate(pos, &mut moves);
        let mut keys = [0i64; MAX_MOVES];
        self.order_keys(pos, ply, tt_move, &moves, &mut keys);

        let horizon_above = std::mem::replace(&mut self.reached_horizon, false);
        let alpha_before = alpha;
        let mut best_score = -WIN_SCORE - 1;
        let mut best_move = None;
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut keys, i);
            let m = moves[i];
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)?
            } else {
                let probe = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha)?;
                if probe > alpha && probe < beta {
                    -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)?
                } else {
                    probe
                }
            };
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if self.config.killers {
                            self.killers.record(ply, m);
                        }
                        if self.config.history {
                            self.history.record::<G>(pos.side_to_move(), m, depth);
                        }
                        break;
                    }
                }
            }
        }

        let bound = Bound::of_search(best_score, alpha_before, beta);
        let exhaustive = !self.reached_horizon;
        self.tt.store(
            hash,
            depth,
            root_to_node(best_score, ply),
            bound,
            best_move,
            exhaustive,
        );
        self.reached_horizon |= horizon_above;
        Some(best_score)
    }

    /// One full-window iteration over the root moves, which are searched in
    /// the given order (previous best first). `None` if stopped.
    fn search_root(
        &mut self,
        pos: &G,
        depth: u32,
        root_moves: &MoveList<G::Move>,
    ) -> Option<Iteration<G::Move>> {
        self.count_node()?;
        let mut alpha = -WIN_SCORE - 1;
        let beta = WIN_SCORE + 1;
        let mut best = Iteration {
            score: alpha,
            best_move: root_moves[0],
        };
        for (i, &m) in root_moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha)?
            } else {
                let probe = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha)?;
                if probe > alpha {
                    -self.negamax(&child, depth - 1, 1, -beta, -alpha)?
                } else {
                    probe
                }
            };
            if score > best.score {
                best = Iteration {
                    score,
                    best_move: m,
                };
                alpha = score;
            }
        }
        self.tt.store(
            pos.hash(),
            depth,
            best.score,
            Bound::Exact,
            Some(best.best_move),
            !self.reached_horizon,
        );
        Some(best)
    }

    /// The principal variation: `first`, then table moves while they are legal.
    fn principal_variation(&self, pos: &G, first: G::Move, max_len: u32) -> Vec<G::Move> {
        let mut pv = vec![first];
        let mut p = pos.clone();
        p.play_unchecked(first);
        while (pv.len() as u32) < max_len.max(1) {
            let Some(m) = self.tt.probe(p.hash()).and_then(|hit| hit.best_move) else {
                break;
            };
            if !p.is_legal(m) {
                break;
            }
            p.play_unchecked(m);
            pv.push(m);
        }
        pv
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G> for AlphaBeta<G, E> {
    fn choose_move(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        let mut smp = std::mem::take(&mut self.smp);
        let (mut result, nodes) = smp.run(self, |search| search.search(pos, limits));
        result.nodes = nodes;
        self.smp = smp;
        result
    }
}

impl<G: Game, E: Evaluator<G>> SmpSearch for AlphaBeta<G, E> {
    fn share_table_of(&mut self, main: &Self) {
        self.tt = main.tt.share();
    }

    fn nodes(&self) -> u64 {
        self.budget.nodes()
    }
}

/// The root of one search, as [`iterative_deepening`] drives it: the
/// moves in their order (the previous iteration's best first).
struct Root<'a, G: Game, E: Evaluator<G>> {
    search: &'a mut AlphaBeta<G, E>,
    pos: &'a G,
    moves: MoveList<G::Move>,
}

impl<G: Game, E: Evaluator<G>> RootSearch for Root<'_, G, E> {
    type Move = G::Move;

    fn search_root(&mut self, depth: u32, _alpha: i32, _beta: i32) -> Option<(i32, G::Move)> {
        self.search.reached_horizon = false;
        let iteration = self.search.search_root(self.pos, depth, &self.moves)?;
        Some((iteration.score, iteration.best_move))
    }

    /// Always the full window: the generic search has no aspiration.
    fn use_window(&self, _depth: u32, _previous: i32) -> bool {
        false
    }

    /// Moves the best move to the front; ends once the tree was searched to
    /// its end, a proven result lies within the depth, or time is up.
    fn keep_deepening(&mut self, depth: u32, score: i32, best: G::Move) -> bool {
        let index = self
            .moves
            .iter()
            .position(|&m| m == best)
            .expect("the best move is a root move");
        self.moves.as_mut_slice()[..=index].rotate_right(1);
        let solved = !self.search.reached_horizon
            || matches!(plies_to_end(score), Some(plies) if plies <= depth);
        !solved && !self.search.budget.limits().out_of_time()
    }
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// Iterative deepening on this thread; see the type's documentation.
    fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        self.budget.start(limits);
        self.tt.new_search();
        self.history.age(HISTORY_AGING);
        self.killers.clear();

        let mut root_moves = MoveList::new();
        self.generate(pos, &mut root_moves);
        assert!(
            !root_moves.is_empty(),
            "choose_move called on a finished game"
        );
        let tt_move = self.tt.probe(pos.hash()).and_then(|hit| hit.best_move);
        let mut keys = [0i64; MAX_MOVES];
        self.order_keys(pos, 0, tt_move, &root_moves, &mut keys);
        for i in 0..root_moves.len() {
            pick_next(&mut root_moves, &mut keys, i);
        }

        let first_ordered = root_moves[0];
        let mut max_depth = limits.max_depth.unwrap_or(MAX_PLY).min(MAX_PLY);
        if self.config.instant_single_move && root_moves.len() == 1 {
            // Nothing to choose: one ply only, for an honest score.
            max_depth = max_depth.min(1);
        }
        // (No iteration at all for a depth cap of 0, as without helpers.)
        let first_depth = (1 + self.depth_offset).min(max_depth).max(1);
        let full = FullWindow {
            alpha: -WIN_SCORE - 1,
            beta: WIN_SCORE + 1,
        };
        let mut root = Root {
            search: self,
            pos,
            moves: root_moves,
        };
        let completed = iterative_deepening(&mut root, first_depth, max_depth, None, full, 0);
        let (best_move, score, completed_depth) =
            completed.map_or((first_ordered, 0, 0), |c| (c.best, c.score, c.depth));

        let value = if is_proven(score) {
            score.signum() as f64
        } else {
            self.evaluator.score_to_value(score)
        };
        SearchResult {
            best_move,
            value,
            // No completed iteration: no score worth reporting.
            score: (completed_depth > 0).then_some(score),
            pv: self.principal_variation(pos, best_move, completed_depth),
            nodes: self.budget.nodes(),
            playouts: 0,
            depth: completed_depth,
            method: "alphabeta",
        }
    }
}
