//! The NoGo engines: legal answers everywhere, reproducible with a seed, the
//! solver against an independent brute force.
//!
//! Speed figures: `nogo bench`. Equal-time matches between the bot and a
//! one-option change of it: `referee play nogo builtin:mcts
//! builtin:mcts,rave=false,exploration=0.7 --games 200 --time 0.1
//! --random-plies 2` (the options in `docs/nogo.md`).

use std::collections::HashMap;

use boardbots::engines::nogo::{RaveConfig, RaveMcts};
use boardbots::{Engines, Game, Limits, MoveList, NoGo, NoGoMove, Outcome, Player, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A position after `plies` seeded uniformly random moves, or `None` if the
/// game ended first.
fn random_position(plies: usize, rng: &mut SmallRng) -> Option<NoGo> {
    let mut pos = NoGo::start();
    let mut moves = MoveList::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    pos.outcome().is_none().then_some(pos)
}

#[test]
fn engines_are_listed_with_mcts_first() {
    assert_eq!(
        NoGo::engine_names()[..4],
        ["mcts", "minimax", "random", "uct-plain"]
    );
    for name in NoGo::engine_names() {
        assert!(NoGo::engine(name, 1).is_some(), "{name}");
    }
    assert!(NoGo::engine("no-such-engine", 1).is_none());
}

#[test]
fn every_engine_answers_legally_in_many_seeded_positions() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut checked = 0;
    for round in 0..60 {
        let plies = rng.gen_range(0..70);
        let Some(pos) = random_position(plies, &mut rng) else {
            continue;
        };
        for name in NoGo::engine_names() {
            let mut engine = NoGo::engine(name, round).unwrap();
            let limits = Limits {
                max_iterations: Some(200),
                max_nodes: Some(3000),
                max_depth: Some(2),
                ..Limits::default()
            };
            let result = engine.choose_move(&pos, &limits);
            assert!(
                pos.is_legal(result.best_move),
                "{name} chose {:?} in\n{pos}",
                result.best_move
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}

/// The bot keeps one searcher for a whole game (keep-running), so tree reuse
/// meets every kind of opponent reply.
#[test]
fn a_kept_mcts_answers_legally_through_whole_games() {
    for seed in 0..6 {
        let mut rng = SmallRng::seed_from_u64(100 + seed);
        let mut bot = NoGo::engine("mcts", seed).unwrap();
        let mut pos = NoGo::start();
        let mut moves = MoveList::new();
        let bot_side = if seed % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        while pos.outcome().is_none() {
            let m = if pos.side_to_move() == bot_side {
                let m = bot.choose_move(&pos, &Limits::iterations(300)).best_move;
                assert!(pos.is_legal(m), "{m:?} in\n{pos}");
                m
            } else {
                pos.legal_moves(&mut moves);
                moves[rng.gen_range(0..moves.len())]
            };
            pos.play_unchecked(m);
        }
    }
}

#[test]
fn same_seed_and_iteration_cap_give_the_same_move() {
    let mut rng = SmallRng::seed_from_u64(5);
    let positions: Vec<NoGo> = (0..6)
        .filter_map(|i| random_position(4 * i, &mut rng))
        .collect();
    for name in ["mcts", "uct-plain", "random"] {
        for pos in &positions {
            let run = |seed| {
                let mut engine = NoGo::engine(name, seed).unwrap();
                let result = engine.choose_move(pos, &Limits::iterations(2000));
                (result.best_move, result.playouts, result.nodes)
            };
            assert_eq!(run(9), run(9), "{name} at\n{pos}");
        }
    }
}

/// Game-theoretic value for the side to move (true = win), by plain search.
fn side_to_move_wins(pos: &NoGo, memo: &mut HashMap<NoGo, bool>) -> bool {
    if pos.outcome().is_some() {
        return false;
    }
    if let Some(&win) = memo.get(pos) {
        return win;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let win = moves.iter().any(|&m| {
        let mut child = *pos;
        child.play_unchecked(m);
        !side_to_move_wins(&child, memo)
    });
    memo.insert(*pos, win);
    win
}

/// Endgames from seeded random games, with few legal moves left, that the
/// side to move wins but not with every move (so the choice matters).
fn won_endgames(count: usize) -> Vec<(NoGo, HashMap<NoGo, bool>)> {
    let mut rng = SmallRng::seed_from_u64(77);
    let mut found = Vec::new();
    let mut moves = MoveList::new();
    while found.len() < count {
        let mut pos = NoGo::start();
        let mut history = vec![pos];
        while pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            history.push(pos);
        }
        // The last position with enough moves left on both sides to make a
        // real endgame, yet small enough for the brute force.
        let Some(candidate) = history.iter().rev().find(|p| {
            let n = p.count_legal_moves();
            let m = p.legal_mask(p.side_to_move().opponent()).count_ones();
            (5..=9).contains(&n) && (4..=9).contains(&m)
        }) else {
            continue;
        };
        let mut memo = HashMap::new();
        if !side_to_move_wins(candidate, &mut memo) {
            continue;
        }
        candidate.legal_moves(&mut moves);
        let losing_moves = moves
            .iter()
            .filter(|&&m| {
                let mut child = *candidate;
                child.play_unchecked(m);
                side_to_move_wins(&child, &mut memo)
            })
            .count();
        if losing_moves > 0 {
            found.push((*candidate, memo));
        }
    }
    found
}

#[test]
fn the_solver_proves_and_plays_forced_wins_in_small_endgames() {
    for (i, (pos, mut memo)) in won_endgames(8).into_iter().enumerate() {
        let mut engine = RaveMcts::new(RaveConfig::default(), i as u64);
        let result = engine.choose_move(&pos, &Limits::iterations(200_000));
        assert_eq!(result.method, "mcts-solved", "not proven:\n{pos}");
        assert_eq!(result.value, 1.0, "proven, but not as a win:\n{pos}");
        let mut child = pos;
        child.play_unchecked(result.best_move);
        assert!(
            !side_to_move_wins(&child, &mut memo),
            "{:?} lets the opponent win:\n{pos}",
            result.best_move
        );
    }
}

#[test]
fn the_solver_proves_a_lost_endgame_lost_and_still_answers_legally() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut moves = MoveList::new();
    let mut tested = 0;
    while tested < 4 {
        let mut pos = NoGo::start();
        let small = |p: &NoGo| {
            p.count_legal_moves() <= 6
                && p.legal_mask(p.side_to_move().opponent()).count_ones() <= 8
        };
        while pos.outcome().is_none() && !small(&pos) {
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
        if pos.outcome().is_some() || side_to_move_wins(&pos, &mut HashMap::new()) {
            continue;
        }
        let mut engine = RaveMcts::new(RaveConfig::default(), 1);
        let result = engine.choose_move(&pos, &Limits::iterations(200_000));
        assert!(pos.is_legal(result.best_move));
        assert_eq!(result.method, "mcts-solved", "not proven:\n{pos}");
        assert_eq!(result.value, -1.0);
        tested += 1;
    }
}

#[test]
fn mcts_takes_an_immediate_win() {
    // Find positions where one move leaves the opponent without a legal move.
    let mut rng = SmallRng::seed_from_u64(21);
    let mut moves = MoveList::new();
    let mut tested = 0;
    while tested < 5 {
        let mut pos = NoGo::start();
        loop {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let winning = moves.iter().copied().find(|&m| {
                let mut child = pos;
                child.play_unchecked(m);
                child.outcome().is_some()
            });
            if winning.is_some() && moves.len() > 1 {
                let mut engine = RaveMcts::new(RaveConfig::default(), 4);
                let chosen = engine
                    .choose_move(&pos, &Limits::iterations(5000))
                    .best_move;
                let mut child = pos;
                child.play_unchecked(chosen);
                assert_eq!(
                    child.outcome(),
                    Some(Outcome::Win(pos.side_to_move())),
                    "missed the win {winning:?} with {chosen:?} in\n{pos}"
                );
                tested += 1;
                break;
            }
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
    }
}

#[test]
fn a_reused_tree_keeps_its_statistics_for_the_replied_position() {
    let mut engine = RaveMcts::new(RaveConfig::default(), 2);
    let start = NoGo::start();
    let first = engine.choose_move(&start, &Limits::iterations(3000));
    let reply = first.pv.get(1).copied().unwrap_or_else(|| {
        let mut moves = MoveList::new();
        let mut after = start;
        after.play_unchecked(first.best_move);
        after.legal_moves(&mut moves);
        moves[0]
    });
    let mut pos = start;
    pos.play_unchecked(first.best_move);
    pos.play_unchecked(reply);
    let kept_visits = {
        let second = engine.choose_move(&pos, &Limits::iterations(0));
        assert!(pos.is_legal(second.best_move));
        engine.tree().node(0).visits()
    };
    assert!(kept_visits > 0, "the grandchild's visits were thrown away");
    let mut fresh = RaveMcts::new(
        RaveConfig {
            reuse_tree: false,
            ..RaveConfig::default()
        },
        2,
    );
    fresh.choose_move(&start, &Limits::iterations(3000));
    fresh.choose_move(&pos, &Limits::iterations(0));
    assert_eq!(fresh.tree().node(0).visits(), 0, "reuse off starts afresh");
}

#[test]
fn mobility_counts_legal_points_and_orders_contested_points_first() {
    use boardbots::engines::nogo::MobilityEvaluator;
    use boardbots::search::Evaluator;
    let mut rng = SmallRng::seed_from_u64(8);
    let mut evaluator = MobilityEvaluator;
    let mut listed = MoveList::new();
    let mut legal = MoveList::new();
    for plies in [0, 10, 30, 50] {
        let Some(pos) = random_position(plies, &mut rng) else {
            continue;
        };
        let us = pos.side_to_move();
        let ours = pos.legal_mask_from_scratch(us).count_ones() as i32;
        let theirs = pos.legal_mask_from_scratch(us.opponent()).count_ones() as i32;
        assert_eq!(evaluator.evaluate(&pos), 100 * (ours - theirs));
        evaluator.generate_moves(&pos, &mut listed);
        pos.legal_moves(&mut legal);
        let mut sorted = listed.as_slice().to_vec();
        sorted.sort();
        assert_eq!(sorted, legal.as_slice(), "a permutation of the legal moves");
        let contested = |m: &NoGoMove| pos.is_legal_for(us.opponent(), m.index());
        let first_reserve = listed
            .iter()
            .position(|m| !contested(m))
            .unwrap_or(listed.len());
        assert!(
            listed.as_slice()[first_reserve..]
                .iter()
                .all(|m| !contested(m)),
            "contested points come first"
        );
    }
}

#[test]
fn eye_closing_points_match_a_point_by_point_check() {
    use boardbots::engines::nogo::eye_closing_points;
    let mut rng = SmallRng::seed_from_u64(31);
    for plies in (0..60).step_by(3) {
        let Some(pos) = random_position(plies, &mut rng) else {
            continue;
        };
        let mover = pos.side_to_move();
        let mut expected = 0u128;
        for p in 0..81 {
            if pos.empty_mask() >> p & 1 == 0 {
                continue;
            }
            let closes_an_eye = (0..81).any(|q| {
                NoGo::neighbours(p) >> q & 1 == 1
                    && pos.empty_mask() >> q & 1 == 1
                    && pos.is_legal_for(mover.opponent(), q)
                    && (NoGo::neighbours(q) & !(1u128 << p)) & !pos.stones(mover) == 0
            });
            if closes_an_eye {
                expected |= 1 << p;
            }
        }
        assert_eq!(eye_closing_points(&pos, mover), expected, "at\n{pos}");
    }
}
