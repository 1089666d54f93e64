//! Freestyle Gomoku on 15x15. (Stub: the rules issue fills this in.)

use crate::game::{Game, IllegalMove, MoveList, Outcome, Player};

/// A move of this game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GomokuMove(u8);

/// A position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gomoku {
    to_move: Player,
}

impl Game for Gomoku {
    type Move = GomokuMove;
    const NAME: &'static str = "gomoku";
    const WIDTH: i32 = 15;
    const HEIGHT: i32 = 15;

    fn start() -> Self {
        todo!()
    }
    fn side_to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, _out: &mut MoveList<GomokuMove>) {
        todo!()
    }
    fn count_legal_moves(&self) -> usize {
        todo!()
    }
    fn check_move(&self, _m: GomokuMove) -> Result<(), IllegalMove> {
        todo!()
    }
    fn play_unchecked(&mut self, _m: GomokuMove) {
        todo!()
    }
    fn outcome(&self) -> Option<Outcome> {
        todo!()
    }
    fn hash(&self) -> u64 {
        todo!()
    }
    fn hash_from_scratch(&self) -> u64 {
        todo!()
    }
    fn stone_at(&self, _x: i32, _y: i32) -> Option<Player> {
        todo!()
    }
    fn move_to_xy(_m: GomokuMove) -> (i32, i32) {
        todo!()
    }
    fn move_from_xy(_x: i32, _y: i32) -> Option<GomokuMove> {
        todo!()
    }
}
