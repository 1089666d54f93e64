//! Alpha-beta (table, ordering, PVS, deepening) against a plain fixed-depth
//! negamax written here, plus win-distance and table-entry checks.
//!
//! `check_against_negamax` is generic: a game is added by one line calling
//! it with that game's random positions and evaluator.

use std::collections::HashMap;

use boardbots::search::score::{is_proven, loss_in, win_in, EVAL_LIMIT, WIN_SCORE};
use boardbots::search::tt::TranspositionTable;
use boardbots::search::{AlphaBeta, AlphaBetaConfig, Evaluator, NullEvaluator};
use boardbots::{
    Engines, Game, Gomoku, GomokuMove, Limits, MoveCode, MoveList, NoGo, NoGoMove, Reversi,
    ReversiMove, Searcher, TicTacToe, TicTacToeMove,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plain negamax to `depth` plies, with the evaluator's moves, evaluation and
/// proofs, and the same distance-to-win scoring (measured from the root).
fn negamax<G: Game, E: Evaluator<G>>(pos: &G, depth: u32, ply: u32, evaluator: &mut E) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return match outcome.value_for(pos.side_to_move()) {
            1 => win_in(ply),
            0 => 0,
            _ => loss_in(ply),
        };
    }
    if let Some(proven) = evaluator.probe_win(pos) {
        return proven.signum() * (proven.abs() - ply as i32);
    }
    if depth == 0 {
        return evaluator.evaluate(pos).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    }
    let mut moves = MoveList::new();
    evaluator.generate_moves(pos, &mut moves);
    let mut best = -WIN_SCORE - 1;
    for &m in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        best = best.max(-negamax(&child, depth - 1, ply + 1, evaluator));
    }
    best
}

/// Positions reached by `count` random games stopped at a random unfinished ply.
fn random_positions<G: Game>(count: usize, max_plies: usize, seed: u64) -> Vec<G> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut pos = G::start();
        let plies = rng.gen_range(0..=max_plies);
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
        if pos.outcome().is_none() {
            positions.push(pos);
        }
    }
    positions
}

/// For every position and every depth in `depths`: a fresh `AlphaBeta`
/// searching to that depth returns the plain negamax value, and its move
/// achieves that value. A fresh searcher per case, because entries deeper
/// than asked (left by earlier searches) legitimately change the value.
fn check_against_negamax<G: Game, E: Evaluator<G> + Clone>(
    positions: &[G],
    depths: std::ops::RangeInclusive<u32>,
    evaluator: E,
) {
    for (i, pos) in positions.iter().enumerate() {
        for depth in depths.clone() {
            let mut oracle_eval = evaluator.clone();
            let expected = negamax(pos, depth, 0, &mut oracle_eval);
            let mut search = AlphaBeta::new(
                evaluator.clone(),
                AlphaBetaConfig {
                    tt_bytes: 1 << 16,
                    // The oracle does not shortcut single moves.
                    instant_single_move: false,
                    ..AlphaBetaConfig::default()
                },
            );
            let result = search.choose_move(pos, &Limits::depth(depth));
            let ctx = format!("{} position {i} depth {depth}: {pos:?}", G::NAME);
            assert_eq!(result.score, Some(expected), "root value: {ctx}");
            assert!(pos.is_legal(result.best_move), "illegal move: {ctx}");
            let mut child = pos.clone();
            child.play_unchecked(result.best_move);
            let achieved = -negamax(&child, depth - 1, 1, &mut oracle_eval);
            assert_eq!(
                achieved, expected,
                "the move does not achieve the value: {ctx}"
            );
            assert_eq!(result.pv.first(), Some(&result.best_move), "{ctx}");
        }
    }
}

/// A deterministic pseudo-random evaluation, so heuristic scores (not just
/// 0 and wins) flow through the table and the bounds.
#[derive(Clone, Copy, Default)]
struct HashNoise;

impl<G: Game> Evaluator<G> for HashNoise {
    fn evaluate(&mut self, pos: &G) -> i32 {
        let h = pos.hash().wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 40) as i32 % 201 - 100
    }
}

#[test]
fn tictactoe_null_evaluator_matches_negamax() {
    let positions = random_positions::<TicTacToe>(300, 6, 1);
    check_against_negamax(&positions, 1..=9, NullEvaluator);
}

#[test]
fn tictactoe_noisy_evaluator_matches_negamax() {
    let positions = random_positions::<TicTacToe>(300, 6, 2);
    check_against_negamax(&positions, 1..=6, HashNoise);
}

#[test]
fn reversi_noisy_evaluator_matches_negamax() {
    // Up to 60 random plies, so some positions sit next to passes and game ends.
    let positions = random_positions::<Reversi>(200, 60, 3);
    check_against_negamax(&positions, 1..=4, HashNoise);
}

#[test]
fn nogo_noisy_evaluator_matches_negamax() {
    let positions = random_positions::<NoGo>(200, 70, 4);
    check_against_negamax(&positions, 1..=2, HashNoise);
    // Late positions (few legal moves, game ends in reach) one ply deeper.
    let late: Vec<NoGo> = random_positions::<NoGo>(400, 80, 5)
        .into_iter()
        .filter(|p| p.count_legal_moves() <= 12)
        .take(60)
        .collect();
    assert!(
        late.len() >= 20,
        "too few late NoGo positions: {}",
        late.len()
    );
    check_against_negamax(&late, 3..=3, HashNoise);
}

#[test]
fn gomoku_noisy_evaluator_matches_negamax() {
    let positions = random_positions::<Gomoku>(100, 40, 6);
    check_against_negamax(&positions, 1..=2, HashNoise);
}

/// Every reachable TicTacToe position, keyed by itself.
fn all_positions() -> Vec<TicTacToe> {
    fn walk(pos: TicTacToe, seen: &mut HashMap<TicTacToe, ()>) {
        if seen.insert(pos, ()).is_some() {
            return;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &m in moves.iter() {
            let mut child = pos;
            child.play_unchecked(m);
            walk(child, seen);
        }
    }
    let mut seen = HashMap::new();
    walk(TicTacToe::start(), &mut seen);
    seen.into_keys().collect()
}

#[test]
fn reachable_position_count_is_known() {
    assert_eq!(all_positions().len(), 5478);
}

#[test]
fn prefers_the_win_in_one_over_a_win_in_three() {
    let mut checked = 0;
    // One searcher for all: its table must not let a slower win leak in.
    let mut search = AlphaBeta::with_evaluator(NullEvaluator);
    for pos in all_positions() {
        if pos.outcome().is_some() {
            continue;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let wins_at_once = |m: TicTacToeMove| {
            let mut child = pos;
            child.play_unchecked(m);
            child
                .outcome()
                .is_some_and(|o| o.value_for(pos.side_to_move()) == 1)
        };
        let slower_win = moves.iter().any(|&m| {
            let mut child = pos;
            child.play_unchecked(m);
            !wins_at_once(m) && -negamax(&child, 9, 1, &mut NullEvaluator) == win_in(3)
        });
        if !moves.iter().any(|&m| wins_at_once(m)) || !slower_win {
            continue;
        }
        let result = search.choose_move(&pos, &Limits::unlimited());
        assert!(wins_at_once(result.best_move), "slow win chosen at {pos:?}");
        assert_eq!(result.score, Some(win_in(1)));
        assert_eq!(result.value, 1.0);
        checked += 1;
    }
    assert!(checked > 10, "only {checked} positions with both wins");
}

/// `search` (without a depth limit) gives `pos` its exact negamax value,
/// win distance included, and a move that keeps it.
fn assert_solved_exactly(search: &mut impl Searcher<TicTacToe>, pos: &TicTacToe) {
    let result = search.choose_move(pos, &Limits::unlimited());
    let exact = negamax(pos, 9, 0, &mut NullEvaluator);
    assert_eq!(result.score, Some(exact), "at {pos:?}");
    let mut child = *pos;
    child.play_unchecked(result.best_move);
    assert_eq!(
        -negamax(&child, 9, 1, &mut NullEvaluator),
        exact,
        "at {pos:?}"
    );
}

#[test]
fn shared_searcher_solves_every_position_exactly() {
    // Table entries from earlier searches, stored at other plies, must come
    // back with their win distances adjusted to the new root.
    let mut search = AlphaBeta::with_evaluator(NullEvaluator);
    let mut positions = all_positions();
    positions.sort_by_key(|p| std::cmp::Reverse(p.hash()));
    for pos in positions.iter().filter(|p| p.outcome().is_none()) {
        assert_solved_exactly(&mut search, pos);
    }
}

#[test]
fn two_threads_solve_every_position_exactly() {
    // Lazy SMP: a helper one or two plies ahead shares the table; the
    // answer must stay exact, win distances included.
    let mut search = AlphaBeta::with_evaluator(NullEvaluator).with_helpers([NullEvaluator]);
    assert_eq!(search.threads(), 2);
    for pos in all_positions().iter().filter(|p| p.outcome().is_none()) {
        assert_solved_exactly(&mut search, pos);
    }
}

#[test]
fn without_helpers_the_searcher_is_unchanged_by_threads_support() {
    // `with_helpers` of nothing: the same nodes, move and score as the plain search.
    let pos = NoGo::start();
    let limits = Limits::depth(3);
    let plain = AlphaBeta::with_evaluator(HashNoise).choose_move(&pos, &limits);
    let mut none = AlphaBeta::with_evaluator(HashNoise).with_helpers([]);
    assert_eq!(none.threads(), 1);
    let result = none.choose_move(&pos, &limits);
    assert_eq!(
        (result.best_move, result.score, result.nodes),
        (plain.best_move, plain.score, plain.nodes)
    );
    // NoGo's `minimax` on two threads answers legally within its depth.
    let mut two = NoGo::engine_on_threads("minimax", 1, 2).expect("known engine");
    let result = two.choose_move(&pos, &limits);
    assert!(pos.is_legal(result.best_move));
    assert_eq!(result.depth, 3);
}

#[test]
fn losing_side_delays_the_loss() {
    // Whatever it plays loses; the engine must pick a move that loses as late as possible.
    let mut checked = 0;
    let mut search = AlphaBeta::with_evaluator(NullEvaluator);
    for pos in all_positions() {
        if pos.outcome().is_some() {
            continue;
        }
        let exact = negamax(&pos, 9, 0, &mut NullEvaluator);
        if !(is_proven(exact) && exact < 0) {
            continue;
        }
        let result = search.choose_move(&pos, &Limits::unlimited());
        assert_eq!(result.score, Some(exact), "at {pos:?}");
        let mut child = pos;
        child.play_unchecked(result.best_move);
        assert_eq!(
            -negamax(&child, 9, 1, &mut NullEvaluator),
            exact,
            "at {pos:?}"
        );
        checked += 1;
    }
    assert!(checked > 10);
}

#[test]
fn stops_at_the_node_cap_with_a_legal_move() {
    let mut search = AlphaBeta::with_evaluator(HashNoise);
    for cap in [1, 2, 5, 50] {
        let result = search.choose_move(&TicTacToe::start(), &Limits::nodes(cap));
        assert!(TicTacToe::start().is_legal(result.best_move));
        assert!(result.nodes <= cap, "{} nodes over cap {cap}", result.nodes);
    }
    let result = search.choose_move(&TicTacToe::start(), &Limits::nodes(1));
    assert_eq!(result.depth, 0, "no iteration can complete in one node");
}

#[test]
fn table_entries_are_compact() {
    // Two words: the data and the hash XOR the data (lockless sharing).
    assert_eq!(TranspositionTable::<TicTacToeMove>::entry_bytes(), 16);
    assert_eq!(TranspositionTable::<ReversiMove>::entry_bytes(), 16);
    assert_eq!(TranspositionTable::<GomokuMove>::entry_bytes(), 16);
    assert_eq!(TranspositionTable::<NoGoMove>::entry_bytes(), 16);
}

/// Every move of `G` (every point, and a pass where it exists) survives the
/// 16-bit code a table entry stores it as.
fn assert_move_codes_round_trip<G: Game>() {
    let mut moves: Vec<G::Move> = (0..G::HEIGHT)
        .flat_map(|y| (0..G::WIDTH).map(move |x| (x, y)))
        .map(|(x, y)| G::move_from_xy(x, y).expect("on the board"))
        .collect();
    moves.extend(G::move_from_xy(-1, -1));
    let mut codes = std::collections::HashSet::new();
    for m in moves {
        assert_eq!(G::Move::from_code(m.code()), m, "{}", G::NAME);
        assert!(
            codes.insert(m.code()),
            "{}: two moves share a code",
            G::NAME
        );
    }
}

#[test]
fn move_codes_round_trip() {
    assert_move_codes_round_trip::<TicTacToe>();
    assert_move_codes_round_trip::<Reversi>();
    assert_move_codes_round_trip::<Gomoku>();
    assert_move_codes_round_trip::<NoGo>();
}

#[test]
fn an_interrupted_search_returns_the_last_completed_iteration() {
    // The node cap stands in for the clock (same unwinding path, but
    // deterministic): the interrupted search must answer exactly what a
    // search capped at its last completed depth answers.
    let config = AlphaBetaConfig {
        tt_bytes: 1 << 16,
        ..AlphaBetaConfig::default()
    };
    let positions = random_positions::<TicTacToe>(40, 3, 7);
    let mut interrupted_runs = 0;
    for pos in &positions {
        for cap in [20, 60, 150, 400, 1_000, 3_000] {
            let capped = AlphaBeta::new(HashNoise, config).choose_move(pos, &Limits::nodes(cap));
            assert!(pos.is_legal(capped.best_move));
            if capped.depth == 0 {
                continue;
            }
            let full =
                AlphaBeta::new(HashNoise, config).choose_move(pos, &Limits::depth(capped.depth));
            assert_eq!(capped.best_move, full.best_move, "cap {cap} at {pos:?}");
            assert_eq!(capped.score, full.score, "cap {cap} at {pos:?}");
            if capped.nodes >= cap {
                interrupted_runs += 1;
            }
        }
    }
    assert!(
        interrupted_runs > 50,
        "only {interrupted_runs} searches were interrupted"
    );
}
