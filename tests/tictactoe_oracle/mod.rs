//! An independent TicTacToe oracle for the tests: plain minimax over the
//! rules library's moves, sharing no code with the searches it checks.

use std::collections::HashMap;

use boardbots::{Game, MoveList, TicTacToe};

/// Game-theoretic value for the side to move (1 win, 0 draw, -1 loss), memoised.
pub fn minimax(pos: &TicTacToe, memo: &mut HashMap<TicTacToe, i32>) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return outcome.value_for(pos.side_to_move());
    }
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best = -1;
    for &m in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        best = best.max(-minimax(&child, memo));
    }
    memo.insert(*pos, best);
    best
}
