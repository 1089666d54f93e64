//! The midgame search: negamax alpha-beta with principal-variation search
//! on the pattern evaluation, a transposition table, move ordering (table
//! move, then shallow evaluation or the opponent's mobility), ProbCut, and
//! iterative deepening with aspiration windows at the root.
//!
//! Scores are in 1/[`SCORE_SCALE`] of a disc from the view of the side to
//! move; a finished game scores its exact disc difference (empties to the
//! winner). A pass does not use up depth, so a search of depth `d` looks
//! `d` placements ahead.

use super::evaluator::evaluate;
use super::midgame_table::{position_key, MidgameTable, NO_MOVE};
use super::weights::{Weights, WEIGHT_SCALE};
use crate::games::{after_placement, flipped_discs, legal_placements};
use crate::search::{
    helper_depth_offset, iterative_deepening, AspirationWindow, Budget, FullWindow, Limits,
    RootSearch, SmpSearch, StopSignal,
};

/// Search units per disc.
pub const SCORE_SCALE: i32 = 8;
/// Beyond any score.
const INFINITY: i32 = 65 * SCORE_SCALE;
/// The largest score an evaluation may claim (short of a proven wipe-out).
const EVAL_LIMIT: i32 = 64 * SCORE_SCALE - 1;
/// Nodes between two reads of the clock.
const CHECK_INTERVAL: u64 = 1 << 11;
/// Half-width of the first aspiration window, in search units.
const ASPIRATION: i32 = 3 * SCORE_SCALE;
/// From depth 4 a window of ASPIRATION either side of the last score; a
/// failed side widens by twice ASPIRATION, then doubling, never opened at once.
const WINDOW: AspirationWindow = AspirationWindow {
    half_width: ASPIRATION,
    first_widening: 2 * ASPIRATION,
    growth: 2,
    open_beyond: i32::MAX,
};
/// Depth from which iterations search in the aspiration window.
const FIRST_WINDOWED_DEPTH: u32 = 4;
const CORNERS: u64 = 0x8100_0000_0000_0081;
const X_SQUARES: u64 = 0x0042_0000_0000_4200;

/// ProbCut: a null-window search at a reduced depth predicts the deep
/// result; when it clears the bound by `PROBCUT_T` standard deviations of
/// that prediction, the node is cut without the deep search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbCut {
    /// Smallest depth where ProbCut is tried.
    pub min_depth: i32,
    /// Standard deviation of (deep - shallow) in discs.
    pub sigma_discs: f64,
    /// Number of standard deviations the shallow result must clear the bound by.
    pub t: f64,
}

/// The depth of ProbCut's shallow search for a node of `depth`: about half,
/// of the same parity (evaluations after an odd and an even number of
/// placements are biased differently).
#[inline(always)]
pub fn probcut_shallow_depth(depth: i32) -> i32 {
    let shallow = depth / 2;
    shallow - ((depth - shallow) & 1)
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MidgameResult {
    /// The best square (`None`: the side to move must pass).
    pub best_square: Option<usize>,
    /// Its score, in search units.
    pub score: i32,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// The search and its transposition table (kept between searches).
///
/// Lazy SMP: [`MidgameSearch::helper`] makes a search on the same table for
/// another thread, which deepens a ply or two ahead of this one and stops
/// when told to.
pub struct MidgameSearch<'w> {
    weights: &'w Weights,
    table: MidgameTable,
    probcut: Option<ProbCut>,
    /// Nodes, limits and, for a helper, the signal raised when the main
    /// search is done.
    budget: Budget,
    /// Plies a helper's iterations start ahead of the main search's.
    depth_offset: u32,
}

/// Exact final score (search units) for `player` when neither side can move.
#[inline]
fn final_score(player: u64, opponent: u64) -> i32 {
    let mine = player.count_ones() as i32;
    let theirs = opponent.count_ones() as i32;
    let empties = 64 - mine - theirs;
    let difference = mine - theirs;
    SCORE_SCALE
        * match difference.signum() {
            1 => difference + empties,
            -1 => difference - empties,
            _ => 0,
        }
}

/// A move of a node's list: square, flips and ordering key.
#[derive(Clone, Copy, Default)]
struct Candidate {
    square: u8,
    flips: u64,
    key: i32,
}

impl<'w> MidgameSearch<'w> {
    pub fn new(weights: &'w Weights, table_bytes: usize, probcut: Option<ProbCut>) -> Self {
        MidgameSearch {
            weights,
            table: MidgameTable::new(table_bytes),
            probcut,
            budget: Budget::new(CHECK_INTERVAL),
            depth_offset: 0,
        }
    }

    /// Helper number `index` (0-based) of this search for lazy SMP: the
    /// same weights and pruning on this search's table, stopping when
    /// `stop` is raised.
    pub fn helper(&self, index: usize, stop: StopSignal) -> MidgameSearch<'w> {
        MidgameSearch {
            table: self.table.share(),
            budget: Budget::new(CHECK_INTERVAL).with_stop(stop),
            depth_offset: helper_depth_offset(index),
            ..MidgameSearch::new(self.weights, 0, self.probcut)
        }
    }

    pub fn clear_table(&mut self) {
        self.table.clear();
    }

    /// Whether this is a lazy SMP helper ([`MidgameSearch::helper`]).
    pub fn is_helper(&self) -> bool {
        self.budget.is_helper()
    }

    /// The static evaluation in search units.
    #[inline(always)]
    pub fn eval(&self, player: u64, opponent: u64) -> i32 {
        const PER_UNIT: i32 = WEIGHT_SCALE / SCORE_SCALE;
        let raw = evaluate(self.weights, player, opponent);
        (raw.div_euclid(PER_UNIT) + (raw.rem_euclid(PER_UNIT) >= PER_UNIT / 2) as i32)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// A horizon node's value: exact on a full board, else the evaluation.
    #[inline(always)]
    fn leaf(&self, player: u64, opponent: u64) -> i32 {
        if player | opponent == u64::MAX {
            final_score(player, opponent)
        } else {
            self.eval(player, opponent)
        }
    }

    /// The value of `player` to move against `opponent` searched `depth`
    /// placements deep with a full window (no time limit), by iterative
    /// deepening. Used to label training positions.
    pub fn value_at_depth(&mut self, player: u64, opponent: u64, depth: u32) -> i32 {
        self.budget.start(&Limits::unlimited());
        let mut value = 0;
        for d in 1..=depth as i32 {
            value = self.pvs(player, opponent, -INFINITY, INFINITY, d, true);
        }
        value
    }

    /// Nodes searched since the last [`MidgameSearch::search`] or [`MidgameSearch::value_at_depth`] began.
    pub fn nodes(&self) -> u64 {
        self.budget.nodes()
    }

    /// Iterative deepening from depth 1 until `limits` (deadline, node cap,
    /// depth cap) stop it or the game's end is reached; `soft_deadline`, if
    /// given, is when no new iteration starts. Returns the best move of the
    /// last finished iteration, or of the unfinished one when a move of it
    /// already proved better. `None` if the side to move has no placement.
    pub fn search(
        &mut self,
        player: u64,
        opponent: u64,
        limits: &Limits,
        soft_deadline: Option<std::time::Instant>,
    ) -> Option<MidgameResult> {
        self.budget.start(limits);
        let moves = legal_placements(player, opponent);
        if moves == 0 {
            return None;
        }
        let mut root: Vec<Candidate> = Vec::with_capacity(moves.count_ones() as usize);
        let mut remaining = moves;
        while remaining != 0 {
            let square = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flips = flipped_discs(player, opponent, square);
            let (child_player, child_opponent) = after_placement(player, opponent, square, flips);
            let key = -self.eval(child_player, child_opponent);
            root.push(Candidate {
                square: square as u8,
                flips,
                key,
            });
        }
        root.sort_by_key(|c| -c.key);
        let empties = (!(player | opponent)).count_ones();
        let max_depth = limits.max_depth.unwrap_or(64).min(empties).max(1);
        let mut best = MidgameResult {
            best_square: Some(root[0].square as usize),
            score: root[0].key,
            depth: 0,
            nodes: 0,
        };
        let first_depth = (1 + self.depth_offset).min(max_depth);
        let mut iterations = MidgameRoot {
            search: self,
            root: &mut root,
            player,
            opponent,
            soft_deadline,
            partial_best: None,
        };
        let full = FullWindow {
            alpha: -INFINITY,
            beta: INFINITY,
        };
        let completed = iterative_deepening(
            &mut iterations,
            first_depth,
            max_depth,
            Some(WINDOW),
            full,
            best.score,
        );
        let partial_best = iterations.partial_best;
        if let Some(completed) = completed {
            best = MidgameResult {
                best_square: Some(completed.best as usize),
                score: completed.score,
                depth: completed.depth,
                nodes: 0,
            };
        }
        if let Some(square) = partial_best {
            best.best_square = Some(square as usize);
        }
        best.nodes = self.budget.nodes();
        Some(best)
    }

    /// One root iteration in `(alpha, beta)`: moves the best move to the
    /// front of `root`. Returns (score, position the best move had,
    /// finished without being stopped).
    fn root_iteration(
        &mut self,
        root: &mut [Candidate],
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        depth: i32,
    ) -> (i32, usize, bool) {
        let mut best_score = -INFINITY;
        let mut best_index = 0;
        let mut alpha = alpha;
        for i in 0..root.len() {
            let c = root[i];
            let (child_player, child_opponent) =
                after_placement(player, opponent, c.square as usize, c.flips);
            let score = if i == 0 {
                -self.pvs(child_player, child_opponent, -beta, -alpha, depth - 1, true)
            } else {
                let probe = -self.pvs(
                    child_player,
                    child_opponent,
                    -alpha - 1,
                    -alpha,
                    depth - 1,
                    false,
                );
                if probe > alpha && probe < beta && !self.budget.spent() {
                    -self.pvs(child_player, child_opponent, -beta, -alpha, depth - 1, true)
                } else {
                    probe
                }
            };
            if self.budget.spent() {
                if best_index > 0 {
                    root[..=best_index].rotate_right(1);
                }
                return (best_score, best_index, false);
            }
            if score > best_score {
                best_score = score;
                best_index = i;
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        if best_index > 0 {
            // Keep the others in their order: the best goes to the front.
            root[..=best_index].rotate_right(1);
        }
        (best_score, best_index, true)
    }

    /// The negamax value of a node in `(alpha, beta)`, `depth` placements deep.
    fn pvs(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        depth: i32,
        pv: bool,
    ) -> i32 {
        if self.budget.count() {
            return 0;
        }
        if depth <= 0 {
            return self.leaf(player, opponent);
        }
        let moves = legal_placements(player, opponent);
        if moves == 0 {
            if legal_placements(opponent, player) == 0 {
                return final_score(player, opponent);
            }
            return -self.pvs(opponent, player, -beta, -alpha, depth, pv);
        }
        if depth == 1 {
            return self.depth_one(player, opponent, moves, beta);
        }
        let key = position_key(player, opponent);
        let mut table_move = NO_MOVE;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if entry.depth as i32 >= depth {
                let (lower, upper) = (entry.lower as i32, entry.upper as i32);
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
            }
        }
        if !pv {
            if let Some(cut) = self.probcut(player, opponent, alpha, beta, depth) {
                return cut;
            }
        }

        let mut list = [Candidate::default(); 32];
        let mut count = 0;
        let mut remaining = moves;
        while remaining != 0 && count < 32 {
            let square = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flips = flipped_discs(player, opponent, square);
            let (child_player, child_opponent) = after_placement(player, opponent, square, flips);
            let key = if square as u8 == table_move {
                1 << 24
            } else if depth >= 3 {
                -self.eval(child_player, child_opponent)
                    - 4 * SCORE_SCALE
                        * legal_placements(child_player, child_opponent).count_ones() as i32
            } else {
                let bonus = if CORNERS >> square & 1 == 1 {
                    64
                } else if X_SQUARES >> square & 1 == 1 {
                    -64
                } else {
                    0
                };
                bonus - 16 * legal_placements(child_player, child_opponent).count_ones() as i32
            };
            list[count] = Candidate {
                square: square as u8,
                flips,
                key,
            };
            count += 1;
        }

        let mut best_score = -INFINITY;
        let mut best_move = NO_MOVE;
        let mut alpha_now = alpha;
        for i in 0..count {
            // Selection sort, lazily: cut-offs usually come early.
            let mut top = i;
            for j in i + 1..count {
                if list[j].key > list[top].key {
                    top = j;
                }
            }
            list.swap(i, top);
            let c = list[i];
            let (child_player, child_opponent) =
                after_placement(player, opponent, c.square as usize, c.flips);
            let score = if i == 0 {
                -self.pvs(
                    child_player,
                    child_opponent,
                    -beta,
                    -alpha_now,
                    depth - 1,
                    pv,
                )
            } else {
                let probe = -self.pvs(
                    child_player,
                    child_opponent,
                    -alpha_now - 1,
                    -alpha_now,
                    depth - 1,
                    false,
                );
                if pv && probe > alpha_now && probe < beta {
                    -self.pvs(
                        child_player,
                        child_opponent,
                        -beta,
                        -alpha_now,
                        depth - 1,
                        true,
                    )
                } else {
                    probe
                }
            };
            if self.budget.spent() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = c.square;
                if score > alpha_now {
                    alpha_now = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best_score >= beta {
            (best_score, INFINITY)
        } else if best_score > alpha {
            (best_score, best_score)
        } else {
            (-INFINITY, best_score)
        };
        self.table.store(key, depth as u32, lower, upper, best_move);
        best_score
    }

    /// A node one placement from the horizon: the best child evaluation.
    #[inline]
    fn depth_one(&mut self, player: u64, opponent: u64, moves: u64, beta: i32) -> i32 {
        let mut best = -INFINITY;
        let mut remaining = moves;
        let mut leaves = 0;
        while remaining != 0 {
            let square = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flips = flipped_discs(player, opponent, square);
            leaves += 1;
            let (child_player, child_opponent) = after_placement(player, opponent, square, flips);
            let score = -self.leaf(child_player, child_opponent);
            if score > best {
                best = score;
                if score >= beta {
                    break;
                }
            }
        }
        // The leaves are counted, not checked: this node's value is whole,
        // and a spent budget stops the search at its next node.
        self.budget.add(leaves);
        best
    }

    /// ProbCut's verdict: a bound outside `(alpha, beta)` if a shallow
    /// null-window search predicts one with enough confidence.
    #[inline]
    fn probcut(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        depth: i32,
    ) -> Option<i32> {
        let probcut = self.probcut?;
        if depth < probcut.min_depth {
            return None;
        }
        let margin = (probcut.t * probcut.sigma_discs * SCORE_SCALE as f64) as i32;
        let shallow = probcut_shallow_depth(depth);
        let high = beta + margin;
        if high < INFINITY {
            let value = self.pvs(player, opponent, high - 1, high, shallow, false);
            if value >= high {
                return Some(beta);
            }
        }
        let low = alpha - margin;
        if low > -INFINITY {
            let value = self.pvs(player, opponent, low, low + 1, shallow, false);
            if value <= low {
                return Some(alpha);
            }
        }
        None
    }
}

/// The iterations of one [`MidgameSearch::search`], for the scaffold's
/// [`iterative_deepening`]: the root's moves (best first) and the move that
/// an unfinished iteration proved better than the last iteration's choice.
struct MidgameRoot<'a, 'w> {
    search: &'a mut MidgameSearch<'w>,
    root: &'a mut [Candidate],
    player: u64,
    opponent: u64,
    /// When no new iteration starts.
    soft_deadline: Option<std::time::Instant>,
    partial_best: Option<u8>,
}

impl RootSearch for MidgameRoot<'_, '_> {
    type Move = u8;

    fn search_root(&mut self, depth: u32, alpha: i32, beta: i32) -> Option<(i32, u8)> {
        let (score, index, finished) = self.search.root_iteration(
            self.root,
            self.player,
            self.opponent,
            alpha,
            beta,
            depth as i32,
        );
        if !finished {
            // A move that beat the first one within this window is better
            // than the last iteration's choice.
            if index > 0 && score > alpha {
                self.partial_best = Some(self.root[0].square);
            }
            return None;
        }
        Some((score, self.root[0].square))
    }

    fn use_window(&self, depth: u32, _previous: i32) -> bool {
        depth >= FIRST_WINDOWED_DEPTH
    }

    fn keep_deepening(&mut self, _depth: u32, _score: i32, _best: u8) -> bool {
        self.soft_deadline
            .is_none_or(|soft| std::time::Instant::now() < soft)
    }
}

impl SmpSearch for MidgameSearch<'_> {
    fn share_table_of(&mut self, main: &Self) {
        self.table = main.table.share();
    }

    fn nodes(&self) -> u64 {
        self.budget.nodes()
    }
}
