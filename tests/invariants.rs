//! One generic random-playout invariant test, run over every game.
//!
//! At every ply of many seeded random games it checks: clone equality, the
//! incremental hash against one recomputed from scratch, "finished iff no
//! legal move", `count_legal_moves` against the list, and that `try_play` /
//! `check_move` accept exactly the listed moves at every point of the board
//! (plus the pass where it exists).

use boardbots::{Game, Gomoku, MoveList, NoGo, Reversi, TicTacToe};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Every move this game's coordinate codec can express: every point, and the pass if any.
fn every_expressible_move<G: Game>() -> Vec<G::Move> {
    let mut all = Vec::new();
    for y in 0..G::HEIGHT {
        for x in 0..G::WIDTH {
            let m = G::move_from_xy(x, y).expect("every on-board point is a move");
            assert_eq!(G::move_to_xy(m), (x, y), "coordinate round trip");
            all.push(m);
        }
    }
    if let Some(pass) = G::move_from_xy(-1, -1) {
        assert_eq!(G::move_to_xy(pass), (-1, -1));
        all.push(pass);
    }
    for (x, y) in [(G::WIDTH, 0), (0, G::HEIGHT), (-1, 0), (0, -1), (-2, -2)] {
        assert!(
            G::move_from_xy(x, y).is_none(),
            "({x},{y}) is off the board"
        );
    }
    all
}

fn check_random_playouts<G: Game>(games: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let all_moves = every_expressible_move::<G>();
    let mut moves = MoveList::new();
    for game in 0..games {
        let mut pos = G::start();
        let mut ply = 0;
        loop {
            let ctx = format!("{} seed {seed} game {game} ply {ply}", G::NAME);
            assert_eq!(pos.hash(), pos.hash_from_scratch(), "hash drift: {ctx}");
            let copy = pos.clone();
            assert_eq!(copy, pos, "clone equality: {ctx}");
            assert_eq!(copy.hash(), pos.hash(), "{ctx}");
            pos.legal_moves(&mut moves);
            assert_eq!(
                moves.len(),
                pos.count_legal_moves(),
                "count_legal_moves: {ctx}"
            );
            assert_eq!(
                pos.outcome().is_some(),
                moves.is_empty(),
                "finished iff no legal move: {ctx}"
            );
            let mut sorted = moves.as_slice().to_vec();
            sorted.dedup();
            assert_eq!(sorted.len(), moves.len(), "duplicate legal moves: {ctx}");
            for &m in &all_moves {
                let listed = moves.contains(m);
                assert_eq!(pos.is_legal(m), listed, "is_legal({m:?}) vs list: {ctx}");
                let mut tried = pos.clone();
                match tried.try_play(m) {
                    Ok(()) => {
                        assert!(listed, "try_play accepted unlisted {m:?}: {ctx}");
                        let mut unchecked = pos.clone();
                        unchecked.play_unchecked(m);
                        assert_eq!(tried, unchecked, "try_play == play_unchecked: {ctx}");
                    }
                    Err(e) => {
                        assert!(!listed, "try_play refused listed {m:?} ({e}): {ctx}");
                        assert_eq!(tried, pos, "a refused move changed the position: {ctx}");
                        assert_eq!((e.x, e.y), G::move_to_xy(m), "{ctx}");
                    }
                }
            }
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            pos.play_unchecked(m);
            ply += 1;
        }
    }
}

#[test]
fn tictactoe_random_playout_invariants() {
    check_random_playouts::<TicTacToe>(2000, 1);
}

#[test]
fn gomoku_random_playout_invariants() {
    check_random_playouts::<Gomoku>(50, 2);
}

#[test]
fn reversi_random_playout_invariants() {
    check_random_playouts::<Reversi>(300, 2);
}

#[test]
fn nogo_random_playout_invariants() {
    check_random_playouts::<NoGo>(300, 3);
}
