//! The TicTacToe engines against an independent plain minimax: at every one
//! of our turns, on every line the opponent can choose, the chosen move keeps
//! the game-theoretic value.

use std::collections::HashMap;

use boardbots::{Engines, Game, Limits, MoveList, Player, Searcher, TicTacToe};

mod tictactoe_oracle;
use tictactoe_oracle::minimax;

struct Walk<'a> {
    engine: &'a mut dyn Searcher<TicTacToe>,
    limits: Limits,
    us: Player,
    memo: HashMap<TicTacToe, i32>,
    our_turns: usize,
}

impl Walk<'_> {
    /// Visits every line from `pos`: our chosen move at our turns, every reply at theirs.
    fn visit(&mut self, pos: &TicTacToe) {
        if pos.outcome().is_some() {
            return;
        }
        if pos.side_to_move() == self.us {
            let result = self.engine.choose_move(pos, &self.limits);
            let m = result.best_move;
            assert!(pos.is_legal(m), "illegal {m:?} at {pos:?}");
            let mut child = *pos;
            child.play_unchecked(m);
            let before = minimax(pos, &mut self.memo);
            let after = -minimax(&child, &mut self.memo);
            assert_eq!(after, before, "{m:?} drops the value at {pos:?}");
            self.our_turns += 1;
            self.visit(&child);
        } else {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            for &m in moves.iter() {
                let mut child = *pos;
                child.play_unchecked(m);
                self.visit(&child);
            }
        }
    }
}

/// Walks every line as Black and as White; returns the number of our turns checked.
fn check_engine_keeps_value(name: &str, limits: Limits) -> usize {
    let mut total = 0;
    for us in [Player::Black, Player::White] {
        let mut engine = TicTacToe::engine(name, 11).expect("engine exists");
        let mut walk = Walk {
            engine: engine.as_mut(),
            limits,
            us,
            memo: HashMap::new(),
            our_turns: 0,
        };
        walk.visit(&TicTacToe::start());
        assert!(walk.our_turns > 0);
        total += walk.our_turns;
    }
    total
}

#[test]
fn perfect_keeps_the_game_value_on_every_line() {
    let turns = check_engine_keeps_value("perfect", Limits::unlimited());
    // As Black: 1 + 8*... turns; as White many more. Just make sure the walk branched.
    assert!(turns > 500, "only {turns} turns checked");
}

#[test]
fn perfect_keeps_the_game_value_under_a_node_cap_large_enough_to_solve() {
    check_engine_keeps_value("perfect", Limits::nodes(1_000_000));
}

#[test]
fn mcts_solver_keeps_the_game_value_on_every_line() {
    check_engine_keeps_value("mcts", Limits::iterations(300_000));
}

#[test]
fn perfect_versus_perfect_draws() {
    for (seed_black, seed_white) in [(1, 2), (3, 4)] {
        let mut black = TicTacToe::engine("perfect", seed_black).unwrap();
        let mut white = TicTacToe::engine("perfect", seed_white).unwrap();
        let mut pos = TicTacToe::start();
        while pos.outcome().is_none() {
            let engine = match pos.side_to_move() {
                Player::Black => black.as_mut(),
                Player::White => white.as_mut(),
            };
            let result = engine.choose_move(&pos, &Limits::unlimited());
            assert_eq!(
                result.value, 0.0,
                "perfect play values every position a draw"
            );
            pos.try_play(result.best_move).expect("legal move");
        }
        assert_eq!(pos.outcome(), Some(boardbots::Outcome::Draw));
    }
}

#[test]
fn engine_names_resolve_and_perfect_is_the_default() {
    assert_eq!(TicTacToe::engine_names()[0], "perfect");
    for &name in TicTacToe::engine_names() {
        let mut engine = TicTacToe::engine(name, 5).expect("listed name resolves");
        let result = engine.choose_move(&TicTacToe::start(), &Limits::iterations(200));
        assert!(TicTacToe::start().is_legal(result.best_move), "{name}");
    }
    assert!(TicTacToe::engine("no-such-engine", 0).is_none());
}

/// The bench signature is a node count that no clock enters: the same on a
/// second run, and larger when the searches go deeper.
#[test]
fn bench_signature_is_deterministic_and_grows_with_depth() {
    use boardbots::engines::tictactoe::tictactoe_signature;
    let shallow = tictactoe_signature(3);
    assert!(shallow > 0);
    assert_eq!(tictactoe_signature(3), shallow, "a second run");
    assert!(tictactoe_signature(5) > shallow);
}
