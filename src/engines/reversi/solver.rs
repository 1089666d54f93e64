//! The exact Reversi endgame solver: negamax on the final disc difference
//! (empty squares go to the winner, the FFO convention), with alpha-beta.
//!
//! Three kinds of node, by the number of empty squares:
//! - from [`ORDERED_MIN_EMPTIES`] up: transposition table (its move tried
//!   first), stability and enhanced transposition cut-offs, fastest-first
//!   ordering (fewest opponent replies first, corners weighted) and PVS;
//!   from [`EVAL_ORDER_MIN_EMPTIES`] up the moves are ordered by a shallow
//!   search on the pattern evaluation plus the opponent's mobility instead;
//! - from 3 empties up to that: no table, no move list; the empty squares
//!   are tried straight from the bitboard, those in quadrants with an odd
//!   number of empties first (parity), corners before X-squares;
//! - two empties: both tries of each side spelt out; one empty: the final
//!   score is counted directly.
//!
//! An exact solve closes in on the score with null-window searches from the
//! score of a midgame search (MTD(f)); a win/loss/draw solve is one search with the window `(-1, 1)`.
//! The solver checks its [`Limits`] every few thousand nodes and gives up
//! cleanly when they are reached.

use super::evaluator::evaluate;
use super::last_flip::last_flip_count;
use super::midgame::{MidgameSearch, SCORE_SCALE};
use super::solver_table::{SolverTable, NO_SQUARE};
use super::stability::stable_discs;
use super::weights::{Weights, WEIGHT_SCALE};
use crate::games::{after_placement, flipped_discs, legal_placements, Reversi, ReversiMove};
use crate::search::{Budget, Limits, SearchResult};

/// From this many empty squares up, nodes use the table and sort their moves.
/// (Measured with the table prefetch, FFO #46-#47: from 7, 88.4M nodes in
/// 5.7 s of CPU; from 6, 72.2M in 4.7 s; from 5, 62.9M in 7.1 s. FFO #48:
/// from 7, 305.6M in 19.2 s; from 6, 240.8M in 16.9 s.)
const ORDERED_MIN_EMPTIES: u32 = 6;
/// From this many empty squares up, nodes look their children up in the
/// table before searching any of them. (Measured with the prefetch, FFO
/// #40-#44 / #46-#47 nodes: from 8, 105.9M / 70.6M; from 10, 108.0M /
/// 72.2M; from 12, 110.4M / 73.9M; the 2% fewer nodes from 8 did not show
/// as less CPU.)
const ETC_MIN_EMPTIES: u32 = 10;
/// From this many empty squares up, nodes order their moves by a shallow
/// search on the pattern evaluation (plus the opponent's mobility) instead
/// of by mobility alone. (Measured on FFO #46-#47, with the depths of
/// [`eval_order_depth`] and four discs per reply: 88.6M nodes from 12,
/// 92.4M from 10; with 18/21/22 as the depth steps and two discs per reply,
/// 140.7M from 12, 144.8M from 14, 157.5M from 16.)
const EVAL_ORDER_MIN_EMPTIES: u32 = 12;
/// The opponent's weighted reply count's weight in the evaluation ordering,
/// in 1/WEIGHT_SCALE of a disc per reply. (Measured on FFO #40-#44, with
/// the other settings of the first version: nodes 220.9M with 0, 196.2M
/// with half a disc, 182.7M with one, 175.5M with two, 174.4M with four;
/// on FFO #46-#47 with the final depths and threshold: 97.0M with three,
/// 90.3M with four, 117.3M with six.)
const EVAL_ORDER_MOBILITY: i32 = 4 * WEIGHT_SCALE;
/// The exact solve's first null window is set at the score of a midgame
/// search this many placements shallower than the empties (at most
/// [`GUESS_MAX_DEPTH`]): each null-window step at the root costs a whole
/// proof, and a guess 2 discs out costs one more step. (Measured errors of
/// the guess on FFO #40-#49 against the exact scores, in discs: depth 8:
/// 0 2 8 2 4 6 6 2 14 6; depth 12: 4 4 4 2 0 0 2 2 10 6; depth 14:
/// 2 2 4 2 2 0 2 0 8 2, at up to 4 s of CPU for #45.)
const GUESS_DEPTH_BELOW_EMPTIES: u32 = 10;
/// The deepest guess search: depth 16 was no better than 14 on FFO #40-#49
/// and took 3 to 5 times as long.
const GUESS_MAX_DEPTH: u32 = 14;
/// The guess search's own transposition table.
const GUESS_TABLE_BYTES: usize = 1 << 20;
/// Beyond any final score.
const INFINITY: i32 = 65;
/// Nodes between two reads of the clock.
const CHECK_INTERVAL: u64 = 1 << 12;
/// Largest number of legal moves a node can hold (one per empty square).
const MAX_MOVES: usize = 64;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The squares diagonally next to a corner (b2, g2, b7, g7).
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// The edge squares next to a corner (b1, g1, a2, h2, a7, h7, b8, g8).
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// The order in which shallow nodes try squares of equal parity: corners,
/// then ordinary squares, then the squares that tend to give a corner away.
const SQUARE_CLASSES: [u64; 4] = [
    CORNERS,
    !(CORNERS | X_SQUARES | C_SQUARES),
    C_SQUARES,
    X_SQUARES,
];
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Beyond any value of [`EndgameSolver::eval_search`].
const EVAL_INFINITY: i32 = 1 << 20;

/// The depth of the evaluation search that orders the moves of a node with
/// `empties` empty squares (see [`EVAL_ORDER_MIN_EMPTIES`]): deeper near
/// the root, where nodes are few and their order decides the most. (Measured
/// on FFO #46-#47 with four discs per reply from 12 empties: steps to depth
/// 1/2/3 at 17/19/20 empties 88.6M nodes, at 16/18/20 89.0M, at 17/19/21
/// 90.3M, at 17/19/22 100.2M; at 18/21/none, 157.5M.)
#[inline]
fn eval_order_depth(empties: u32) -> u32 {
    match empties {
        0..=16 => 0,
        17..=18 => 1,
        19 => 2,
        _ => 3,
    }
}

/// What the solver proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveMode {
    /// The exact final disc difference.
    Exact,
    /// Only whether the side to move wins, draws or loses (faster).
    WinLossDraw,
}

/// A solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// For the side to move under perfect play: the final disc difference
    /// ([`SolveMode::Exact`]) or 1 / 0 / -1 for a win / draw / loss
    /// ([`SolveMode::WinLossDraw`]).
    pub score: i32,
    /// A move that achieves `score` (the pass if the side must pass).
    pub best_move: ReversiMove,
    /// Nodes searched.
    pub nodes: u64,
}

impl Solution {
    /// The solution as a bot's answer, or `None` when it only proves that
    /// every move loses (mode [`SolveMode::WinLossDraw`]): then a heuristic
    /// search may still find the line that tricks a fallible opponent.
    pub fn playable_result(
        &self,
        mode: SolveMode,
        empties: u32,
    ) -> Option<SearchResult<ReversiMove>> {
        if mode == SolveMode::WinLossDraw && self.score < 0 {
            return None;
        }
        Some(SearchResult {
            best_move: self.best_move,
            value: self.score.signum() as f64,
            score: Some(self.score),
            pv: vec![self.best_move],
            nodes: self.nodes,
            playouts: 0,
            depth: empties,
            method: match mode {
                SolveMode::Exact => "solver",
                SolveMode::WinLossDraw => "solver-wld",
            },
        })
    }
}

/// Why the solver gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("the game is already over")]
    GameOver,
    #[error("the limits stopped the solver after {nodes} nodes, before it proved the result")]
    Aborted { nodes: u64 },
}

/// The solver and its transposition table, which it keeps between solves.
pub struct EndgameSolver {
    table: SolverTable,
    /// The pattern evaluation, for move ordering at many empties.
    weights: &'static Weights,
    /// The midgame search that guesses the score of an exact solve.
    guess_search: MidgameSearch<'static>,
    /// Nodes and limits of the current solve.
    budget: Budget,
}

/// The final score from the view of the player with discs `player`, when
/// neither side can move and `empties` squares are left (they go to the winner).
#[inline]
fn final_score(player: u64, empties: u32) -> i32 {
    let mine = player.count_ones() as i32;
    let difference = 2 * mine + empties as i32 - 64;
    match difference.signum() {
        1 => difference + empties as i32,
        -1 => difference - empties as i32,
        _ => 0,
    }
}

/// Bit `q` set when quadrant `q` holds an odd number of the `empties`.
/// Playing in such a quadrant first tends to leave the last move of each
/// region to us.
#[inline]
fn quadrant_parity(empties: u64) -> u32 {
    QUADRANTS
        .iter()
        .enumerate()
        .map(|(q, &quadrant)| ((empties & quadrant).count_ones() & 1) << q)
        .fold(0, |parity, bit| parity | bit)
}

/// The parity bit of the quadrant holding `square`, so that a move updates
/// the parity with one XOR instead of four population counts.
#[inline]
fn quadrant_bit(square: usize) -> u32 {
    1 << ((square >> 2 & 1) | (square >> 4 & 2))
}

/// The squares of the quadrants whose bits are set in `parity`.
const SQUARES_BY_PARITY: [u64; 16] = {
    let mut table = [0u64; 16];
    let mut parity = 0;
    while parity < 16 {
        let mut q = 0;
        while q < 4 {
            if parity >> q & 1 == 1 {
                table[parity] |= QUADRANTS[q];
            }
            q += 1;
        }
        parity += 1;
    }
    table
};

/// The squares next to (in any of the eight directions) a square of `discs`.
#[inline]
fn neighbours(discs: u64) -> u64 {
    const NOT_COLUMN_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_COLUMN_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let sideways = (discs << 1 & NOT_COLUMN_A) | (discs >> 1 & NOT_COLUMN_H) | discs;
    (sideways << 8) | (sideways >> 8) | sideways
}

/// A bound outside the window `(alpha, beta)` proven by stable discs, if any:
/// the opponent's stable discs cap our score, ours floor it.
#[inline]
fn stability_cutoff(player: u64, opponent: u64, alpha: i32, beta: i32) -> Option<i32> {
    let occupied = player | opponent;
    // Cheap necessary conditions first: every disc of a colour being stable.
    if 64 - 2 * opponent.count_ones() as i32 <= alpha {
        let ceiling = 64 - 2 * stable_discs(opponent, occupied).count_ones() as i32;
        if ceiling <= alpha {
            return Some(ceiling);
        }
    }
    if 2 * player.count_ones() as i32 - 64 >= beta {
        let floor = 2 * stable_discs(player, occupied).count_ones() as i32 - 64;
        if floor >= beta {
            return Some(floor);
        }
    }
    None
}

impl EndgameSolver {
    /// A solver whose table takes at most `table_bytes`.
    pub fn new(table_bytes: usize) -> Self {
        EndgameSolver {
            table: SolverTable::new(table_bytes),
            weights: Weights::embedded(),
            guess_search: MidgameSearch::new(Weights::embedded(), GUESS_TABLE_BYTES, None),
            budget: Budget::new(CHECK_INTERVAL),
        }
    }

    /// Bytes the transposition table occupies.
    pub fn table_bytes(&self) -> usize {
        self.table.allocated_bytes()
    }

    /// Forgets everything the table learnt (for timing a cold solve).
    pub fn clear_table(&mut self) {
        self.table.clear();
        self.guess_search.clear_table();
    }

    /// Solves `pos` within `limits` (a deadline and/or a node cap; with
    /// neither it runs to the end).
    ///
    /// Errors: [`SolveError::GameOver`] for a finished game,
    /// [`SolveError::Aborted`] if a limit was reached first.
    pub fn solve(
        &mut self,
        pos: &Reversi,
        mode: SolveMode,
        limits: &Limits,
    ) -> Result<Solution, SolveError> {
        self.budget.start(limits);
        let (player, opponent) = (pos.player_bits(), pos.opponent_bits());
        let (alpha, beta) = match mode {
            SolveMode::Exact => (-INFINITY, INFINITY),
            SolveMode::WinLossDraw => (-1, 1),
        };
        let empties = pos.empty_count();
        let moves = legal_placements(player, opponent);
        let (score, best_move) = if moves == 0 {
            let replies = legal_placements(opponent, player);
            if replies == 0 {
                return Err(SolveError::GameOver);
            }
            let score = -self.ordered(opponent, player, -beta, -alpha, replies, empties);
            (score, ReversiMove::PASS)
        } else {
            let (score, square) = if mode == SolveMode::Exact {
                self.root_by_null_windows(player, opponent, moves, empties, limits)
            } else {
                self.ordered_with_move(player, opponent, alpha, beta, moves, empties, true)
            };
            if self.budget.spent() {
                return Err(SolveError::Aborted {
                    nodes: self.budget.nodes(),
                });
            }
            (score, ReversiMove::from_index(square as usize))
        };
        if self.budget.spent() {
            return Err(SolveError::Aborted {
                nodes: self.budget.nodes(),
            });
        }
        let score = match mode {
            SolveMode::Exact => score,
            SolveMode::WinLossDraw => score.signum(),
        };
        Ok(Solution {
            score,
            best_move,
            nodes: self.budget.nodes(),
        })
    }

    /// The exact root value and a best square by a sequence of null-window
    /// searches closing in on the value from a guess (MTD(f)), the score of
    /// a midgame search within `limits`: cheaper than one
    /// wide-window search, because each null-window search cuts more and the
    /// table carries what it learnt into the next. (Measured on FFO #40-#44:
    /// 30% fewer nodes than PVS at the root with a full window; bigger
    /// strides towards the value did worse than these small steps.)
    fn root_by_null_windows(
        &mut self,
        player: u64,
        opponent: u64,
        moves: u64,
        empties: u32,
        limits: &Limits,
    ) -> (i32, u8) {
        let (mut lower, mut upper) = (-64, 64);
        let depth = empties
            .saturating_sub(GUESS_DEPTH_BELOW_EMPTIES)
            .clamp(1, GUESS_MAX_DEPTH);
        let guess_limits = Limits {
            max_depth: Some(depth),
            ..*limits
        };
        let found = self
            .guess_search
            .search(player, opponent, &guess_limits, None)
            .expect("the root has placements");
        self.budget.add(found.nodes);
        // Exact scores are even: the nearest even disc count.
        let mut guess =
            (2 * (found.score as f64 / (2 * SCORE_SCALE) as f64).round() as i32).clamp(-64, 64);
        let mut best_square = NO_SQUARE;
        while lower < upper {
            let beta = guess.max(lower + 1);
            let (value, square) =
                self.ordered_with_move(player, opponent, beta - 1, beta, moves, empties, true);
            if self.budget.spent() {
                return (0, NO_SQUARE);
            }
            if value >= beta {
                lower = value;
                best_square = square;
            } else {
                upper = value;
                if best_square == NO_SQUARE {
                    // Kept only if no move ever reaches more: then all are equal.
                    best_square = square;
                }
            }
            guess = value;
        }
        (lower, best_square)
    }

    /// The value of a position with `empties` empty squares, by the node
    /// kind its size calls for. `moves` is the side to move's placements.
    #[inline]
    fn child(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        moves: u64,
        empties: u32,
    ) -> i32 {
        if empties >= ORDERED_MIN_EMPTIES {
            self.ordered(player, opponent, alpha, beta, moves, empties)
        } else if empties > 2 {
            let parity = quadrant_parity(!(player | opponent));
            self.unordered(player, opponent, alpha, beta, empties, parity, false)
        } else if empties == 2 {
            self.last_two(player, opponent, alpha, beta)
        } else if empties == 1 {
            self.last_square(player, opponent)
        } else {
            self.budget.add(1);
            final_score(player, 0)
        }
    }

    /// A node with the table and sorted moves, below the root.
    fn ordered(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        moves: u64,
        empties: u32,
    ) -> i32 {
        self.ordered_with_move(player, opponent, alpha, beta, moves, empties, false)
            .0
    }

    /// A node with the table and sorted moves; returns the fail-soft value
    /// and the best square ([`NO_SQUARE`] after a pass or a table cut-off).
    /// The root takes no cut-off from the table, so it always has a move.
    #[allow(clippy::too_many_arguments)]
    fn ordered_with_move(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        mut beta: i32,
        moves: u64,
        empties: u32,
        is_root: bool,
    ) -> (i32, u8) {
        if self.budget.count() {
            return (0, NO_SQUARE);
        }
        if moves == 0 {
            let replies = legal_placements(opponent, player);
            if replies == 0 {
                return (final_score(player, empties), NO_SQUARE);
            }
            let value = -self.ordered(opponent, player, -beta, -alpha, replies, empties);
            return (value, NO_SQUARE);
        }

        if !is_root {
            if let Some(bound) = stability_cutoff(player, opponent, alpha, beta) {
                return (bound, NO_SQUARE);
            }
        }

        let mut table_square = NO_SQUARE;
        if let Some(entry) = self.table.probe(player, opponent) {
            if !is_root {
                if entry.lower >= beta || entry.lower == entry.upper {
                    return (entry.lower, NO_SQUARE);
                }
                if entry.upper <= alpha {
                    return (entry.upper, NO_SQUARE);
                }
                alpha = alpha.max(entry.lower);
                beta = beta.min(entry.upper);
            }
            table_square = entry.best_square;
        }

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_square = NO_SQUARE;
        let mut unsearched = moves;
        // The table's move first, before the others are even generated: it
        // often settles the node alone.
        if table_square < 64 && moves >> table_square & 1 == 1 {
            let square = table_square as usize;
            let flipped = flipped_discs(player, opponent, square);
            let (next_player, next_opponent) = after_placement(player, opponent, square, flipped);
            let replies = legal_placements(next_player, next_opponent);
            best = -self.child(
                next_player,
                next_opponent,
                -beta,
                -alpha,
                replies,
                empties - 1,
            );
            if self.budget.spent() {
                return (0, NO_SQUARE);
            }
            best_square = table_square;
            alpha = alpha.max(best);
            unsearched &= !(1 << square);
        }

        // Fastest first: the reply count of the opponent, a corner counting
        // four times (measured on FFO #40-#41: 9% fewer nodes than twice;
        // potential mobility and a parity bonus did not help).
        let mut squares = [0u8; MAX_MOVES];
        let mut keys = [0i32; MAX_MOVES];
        let mut replies_after = [0u64; MAX_MOVES];
        let mut flips = [0u64; MAX_MOVES];
        let mut count = 0;
        let mut remaining = if best >= beta { 0 } else { unsearched };
        while remaining != 0 {
            let square = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flipped = flipped_discs(player, opponent, square);
            // The children's table lines, fetched all at once: the probes
            // below (and the children's own) then mostly hit the cache.
            let (next_player, next_opponent) = after_placement(player, opponent, square, flipped);
            self.table.prefetch(next_player, next_opponent);
            squares[count] = square as u8;
            flips[count] = flipped;
            count += 1;
        }
        if empties >= ETC_MIN_EMPTIES && !is_root {
            for i in 0..count {
                let (square, flipped) = (squares[i] as usize, flips[i]);
                // Enhanced transposition cut-off: a child already known to
                // be bad enough for the opponent settles this node at once.
                let (next_player, next_opponent) =
                    after_placement(player, opponent, square, flipped);
                if let Some(entry) = self.table.probe(next_player, next_opponent) {
                    if -entry.upper >= beta {
                        return (-entry.upper, square as u8);
                    }
                }
            }
        }
        for i in 0..count {
            let (square, flipped) = (squares[i] as usize, flips[i]);
            let (next_player, next_opponent) = after_placement(player, opponent, square, flipped);
            let replies = legal_placements(next_player, next_opponent);
            replies_after[i] = replies;
            let mobility = (replies.count_ones() + 3 * (replies & CORNERS).count_ones()) as i32;
            keys[i] = if empties >= EVAL_ORDER_MIN_EMPTIES {
                let depth = eval_order_depth(empties);
                self.eval_search(
                    next_player,
                    next_opponent,
                    depth,
                    -EVAL_INFINITY,
                    EVAL_INFINITY,
                ) + EVAL_ORDER_MOBILITY * mobility
            } else {
                mobility
            };
        }

        for i in 0..count {
            let mut pick = i;
            for j in i + 1..count {
                if keys[j] < keys[pick] {
                    pick = j;
                }
            }
            squares.swap(i, pick);
            keys.swap(i, pick);
            replies_after.swap(i, pick);
            flips.swap(i, pick);

            let square = squares[i] as usize;
            let flipped = flips[i];
            let (next_player, next_opponent) = after_placement(player, opponent, square, flipped);
            let replies = replies_after[i];
            let value = if best == -INFINITY {
                -self.child(
                    next_player,
                    next_opponent,
                    -beta,
                    -alpha,
                    replies,
                    empties - 1,
                )
            } else {
                let scout = -self.child(
                    next_player,
                    next_opponent,
                    -alpha - 1,
                    -alpha,
                    replies,
                    empties - 1,
                );
                if scout > alpha && scout < beta {
                    -self.child(
                        next_player,
                        next_opponent,
                        -beta,
                        -alpha,
                        replies,
                        empties - 1,
                    )
                } else {
                    scout
                }
            };
            if self.budget.spent() {
                return (0, NO_SQUARE);
            }
            if value > best {
                best = value;
                best_square = square as u8;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }

        let (lower, upper) = if best >= beta {
            (best, INFINITY)
        } else if best <= original_alpha {
            (-INFINITY, best)
        } else {
            (best, best)
        };
        self.table
            .store(player, opponent, empties, lower, upper, best_square);
        (best, best_square)
    }

    /// The negamax value in 1/WEIGHT_SCALE of a disc of a search `depth`
    /// placements deep on the pattern evaluation, in `(alpha, beta)`
    /// (fail-soft; a pass takes no depth). For move ordering only.
    fn eval_search(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.budget.add(1);
        if depth == 0 {
            return evaluate(self.weights, player, opponent);
        }
        let moves = legal_placements(player, opponent);
        if moves == 0 {
            if legal_placements(opponent, player) == 0 {
                let empties = (!(player | opponent)).count_ones();
                return final_score(player, empties) * WEIGHT_SCALE;
            }
            return -self.eval_search(opponent, player, depth, -beta, -alpha);
        }
        let mut best = -EVAL_INFINITY;
        let mut remaining = moves;
        while remaining != 0 {
            let square = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flipped = flipped_discs(player, opponent, square);
            let (next_player, next_opponent) = after_placement(player, opponent, square, flipped);
            let value = -self.eval_search(next_player, next_opponent, depth - 1, -beta, -alpha);
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A node with few empties: no table, no list; the empty squares in odd
    /// quadrants (`parity`, see [`quadrant_parity`]) are tried first.
    /// `passed` says the opponent just passed.
    #[allow(clippy::too_many_arguments)]
    fn unordered(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        parity: u32,
        passed: bool,
    ) -> i32 {
        self.budget.add(1);
        let empty_squares = !(player | opponent);
        // A placement must touch an opponent disc; skip the squares that cannot.
        let candidates = empty_squares & neighbours(opponent);
        let odd = SQUARES_BY_PARITY[parity as usize];
        let mut best = -INFINITY;
        let groups = SQUARE_CLASSES
            .iter()
            .map(|&class| odd & class)
            .chain(SQUARE_CLASSES.iter().map(|&class| !odd & class));
        for group in groups {
            let mut remaining = group & candidates;
            while remaining != 0 {
                let square = remaining.trailing_zeros() as usize;
                remaining &= remaining - 1;
                let flipped = flipped_discs(player, opponent, square);
                if flipped == 0 {
                    continue;
                }
                let (next_player, next_opponent) =
                    after_placement(player, opponent, square, flipped);
                let value = if empties == 3 {
                    -self.last_two(next_player, next_opponent, -beta, -alpha)
                } else {
                    -self.unordered(
                        next_player,
                        next_opponent,
                        -beta,
                        -alpha,
                        empties - 1,
                        parity ^ quadrant_bit(square),
                        false,
                    )
                };
                if value > best {
                    best = value;
                    if value > alpha {
                        alpha = value;
                        if value >= beta {
                            return value;
                        }
                    }
                }
            }
        }
        if best == -INFINITY {
            return if passed {
                final_score(player, empties)
            } else {
                -self.unordered(opponent, player, -beta, -alpha, empties, parity, true)
            };
        }
        best
    }

    /// Two empty squares left: each side's two tries spelt out, without the
    /// bookkeeping of [`EndgameSolver::unordered`].
    #[inline]
    fn last_two(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32) -> i32 {
        self.budget.add(1);
        let empty = !(player | opponent);
        let first = empty.trailing_zeros() as usize;
        let second = (empty & (empty - 1)).trailing_zeros() as usize;
        let mut best = -INFINITY;
        for (square, other) in [(first, second), (second, first)] {
            let flipped = flipped_discs(player, opponent, square);
            if flipped != 0 {
                let (next_player, next_opponent) =
                    after_placement(player, opponent, square, flipped);
                let value = -self.last_square_at(next_player, next_opponent, other);
                best = best.max(value);
                if best >= beta {
                    return best;
                }
            }
        }
        if best > -INFINITY {
            return best;
        }
        // We must pass; the opponent tries both squares, minimising our score.
        let mut worst = INFINITY;
        for (square, other) in [(first, second), (second, first)] {
            let flipped = flipped_discs(opponent, player, square);
            if flipped != 0 {
                let (us, them) = after_placement(opponent, player, square, flipped);
                let value = self.last_square_at(us, them, other);
                worst = worst.min(value);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if worst < INFINITY {
            worst
        } else {
            final_score(player, 2)
        }
    }

    /// The exact final score with one empty square left: whoever can play
    /// there does (the side to move first), then the game is over.
    #[inline]
    fn last_square(&mut self, player: u64, opponent: u64) -> i32 {
        let empty = !(player | opponent);
        self.last_square_at(player, opponent, empty.trailing_zeros() as usize)
    }

    /// [`EndgameSolver::last_square`] with the empty square known. The
    /// flips are counted by table ([`last_flip_count`]), not generated by
    /// rays (FFO #40-#47: 41.5 s of CPU against 44.0 s, same nodes).
    #[inline]
    fn last_square_at(&mut self, player: u64, opponent: u64, square: usize) -> i32 {
        self.budget.add(1);
        let flips = last_flip_count(player, square);
        if flips != 0 {
            return 2 * (player.count_ones() + flips + 1) as i32 - 64;
        }
        let flips = last_flip_count(opponent, square);
        if flips != 0 {
            return 64 - 2 * (opponent.count_ones() + flips + 1) as i32;
        }
        final_score(player, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_scores_give_the_empties_to_the_winner() {
        // 40 discs of ours, 20 theirs, 4 empty.
        let ours = (1u64 << 40) - 1;
        assert_eq!(final_score(ours, 4), 24);
        // 20 ours, 40 theirs.
        assert_eq!(final_score((1u64 << 20) - 1, 4), -24);
        // 30 each.
        assert_eq!(final_score((1u64 << 30) - 1, 4), 0);
    }

    #[test]
    fn quadrant_parity_is_kept_by_single_bits() {
        // One empty in the top-left quadrant, two in the bottom-right.
        let empties = 1 | 1 << 63 | 1 << 62;
        assert_eq!(quadrant_parity(empties), 0b0001);
        assert_eq!(SQUARES_BY_PARITY[0b0001], QUADRANTS[0]);
        for square in 0..64 {
            let toggled = empties ^ 1u64 << square;
            assert_eq!(
                quadrant_parity(toggled),
                quadrant_parity(empties) ^ quadrant_bit(square),
                "square {square}"
            );
        }
    }
}
