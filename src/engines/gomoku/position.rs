//! The position the Gomoku search works on: the rules position plus its
//! threat board, travelling together so every clone the generic search makes
//! carries the incremental pattern state with it.

use super::threat_board::ThreatBoard;
use crate::game::{Game, IllegalMove, MoveList, Outcome, Player};
use crate::games::{Gomoku, GomokuMove};

/// A [`Gomoku`] position with its [`ThreatBoard`]. Implements [`Game`] by
/// delegating the rules to `Gomoku`; playing a move also updates the threats.
///
/// Equality and hash are the rules position's: the threat board is a
/// function of the stones.
#[derive(Clone, Debug)]
pub struct ThreatPosition {
    game: Gomoku,
    threats: ThreatBoard,
}

impl ThreatPosition {
    /// Builds the threat board of `game` from scratch.
    pub fn new(game: Gomoku) -> Self {
        ThreatPosition {
            threats: ThreatBoard::from_game(&game),
            game,
        }
    }

    /// The rules position.
    #[inline]
    pub fn game(&self) -> &Gomoku {
        &self.game
    }

    /// The threat summaries of the current stones.
    #[inline]
    pub fn threats(&self) -> &ThreatBoard {
        &self.threats
    }
}

impl PartialEq for ThreatPosition {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game
    }
}

impl Eq for ThreatPosition {}

impl Game for ThreatPosition {
    type Move = GomokuMove;
    const NAME: &'static str = Gomoku::NAME;
    const WIDTH: i32 = Gomoku::WIDTH;
    const HEIGHT: i32 = Gomoku::HEIGHT;

    fn start() -> Self {
        Self::new(Gomoku::start())
    }

    fn side_to_move(&self) -> Player {
        self.game.side_to_move()
    }

    fn legal_moves(&self, out: &mut MoveList<GomokuMove>) {
        self.game.legal_moves(out)
    }

    fn count_legal_moves(&self) -> usize {
        self.game.count_legal_moves()
    }

    fn check_move(&self, m: GomokuMove) -> Result<(), IllegalMove> {
        self.game.check_move(m)
    }

    fn play_unchecked(&mut self, m: GomokuMove) {
        let mover = self.game.side_to_move();
        self.game.play_unchecked(m);
        self.threats.place(m.index(), mover);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn hash(&self) -> u64 {
        self.game.hash()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.game.hash_from_scratch()
    }

    fn stone_at(&self, x: i32, y: i32) -> Option<Player> {
        self.game.stone_at(x, y)
    }

    fn move_to_xy(m: GomokuMove) -> (i32, i32) {
        Gomoku::move_to_xy(m)
    }

    fn move_from_xy(x: i32, y: i32) -> Option<GomokuMove> {
        Gomoku::move_from_xy(x, y)
    }
}
