//! NoGo on 9x9. (Stub: the rules issue fills this in.)

use crate::game::{Game, IllegalMove, MoveList, Outcome, Player};

/// A move of this game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoGoMove(u8);

/// A position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoGo {
    to_move: Player,
}

impl Game for NoGo {
    type Move = NoGoMove;
    const NAME: &'static str = "nogo";
    const WIDTH: i32 = 9;
    const HEIGHT: i32 = 9;

    fn start() -> Self {
        todo!()
    }
    fn side_to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, _out: &mut MoveList<NoGoMove>) {
        todo!()
    }
    fn count_legal_moves(&self) -> usize {
        todo!()
    }
    fn check_move(&self, _m: NoGoMove) -> Result<(), IllegalMove> {
        todo!()
    }
    fn play_unchecked(&mut self, _m: NoGoMove) {
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
    fn move_to_xy(_m: NoGoMove) -> (i32, i32) {
        todo!()
    }
    fn move_from_xy(_x: i32, _y: i32) -> Option<NoGoMove> {
        todo!()
    }
}
