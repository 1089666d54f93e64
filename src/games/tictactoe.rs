//! TicTacToe on 3x3, as Botzone's "TicTacToe" judge plays it: Black (X)
//! first, three in a row wins, a full board without a line is a draw.

use crate::game::{
    zobrist_keys, Game, IllegalMove, IllegalReason, MoveCode, MoveList, Outcome, Player,
};

/// A TicTacToe move: the point index `y * 3 + x`, 0..9.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TicTacToeMove(u8);

impl TicTacToeMove {
    /// The move at column `x`, row `y`; `None` off the board.
    pub fn new(x: i32, y: i32) -> Option<Self> {
        ((0..3).contains(&x) && (0..3).contains(&y)).then(|| TicTacToeMove((y * 3 + x) as u8))
    }

    /// The point index `y * 3 + x`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl MoveCode for TicTacToeMove {
    #[inline]
    fn code(self) -> u16 {
        self.0 as u16
    }

    #[inline]
    fn from_code(code: u16) -> Self {
        if code < 9 {
            TicTacToeMove(code as u8)
        } else {
            TicTacToeMove::default()
        }
    }
}

/// Bit masks (bit `y * 3 + x`) of the eight winning lines.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;

/// Key `[player * 9 + point]`, and the last key for "White to move".
const KEYS: [u64; 19] = zobrist_keys(0x7177_7AC7_0E00_0001);
const WHITE_TO_MOVE_KEY: u64 = KEYS[18];

/// A TicTacToe position: one 9-bit mask per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    stones: [u16; 2],
    to_move: Player,
    hash: u64,
}

impl TicTacToe {
    fn has_line(mask: u16) -> bool {
        for line in LINES {
            if mask & line == line {
                return true;
            }
        }
        false
    }

    fn empty_mask(&self) -> u16 {
        FULL & !(self.stones[0] | self.stones[1])
    }
}

impl Game for TicTacToe {
    type Move = TicTacToeMove;
    const NAME: &'static str = "tictactoe";
    const WIDTH: i32 = 3;
    const HEIGHT: i32 = 3;

    fn start() -> Self {
        TicTacToe {
            stones: [0, 0],
            to_move: Player::Black,
            hash: 0,
        }
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut MoveList<TicTacToeMove>) {
        out.clear();
        if self.outcome().is_some() {
            return;
        }
        let mut empty = self.empty_mask();
        while empty != 0 {
            out.push(TicTacToeMove(empty.trailing_zeros() as u8));
            empty &= empty - 1;
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome().is_some() {
            0
        } else {
            self.empty_mask().count_ones() as usize
        }
    }

    fn check_move(&self, m: TicTacToeMove) -> Result<(), IllegalMove> {
        let (x, y) = Self::move_to_xy(m);
        let illegal = |reason| Err(IllegalMove { x, y, reason });
        if m.index() >= 9 {
            return illegal(IllegalReason::OffBoard);
        }
        if self.outcome().is_some() {
            return illegal(IllegalReason::GameOver);
        }
        if self.empty_mask() & (1 << m.index()) == 0 {
            return illegal(IllegalReason::Occupied);
        }
        Ok(())
    }

    fn play_unchecked(&mut self, m: TicTacToeMove) {
        let me = self.to_move.index();
        self.stones[me] |= 1 << m.index();
        self.hash ^= KEYS[me * 9 + m.index()] ^ WHITE_TO_MOVE_KEY;
        self.to_move = self.to_move.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        if Self::has_line(self.stones[0]) {
            Some(Outcome::Win(Player::Black))
        } else if Self::has_line(self.stones[1]) {
            Some(Outcome::Win(Player::White))
        } else if self.empty_mask() == 0 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (player, &mask) in self.stones.iter().enumerate() {
            for point in 0..9 {
                if mask & (1 << point) != 0 {
                    h ^= KEYS[player * 9 + point];
                }
            }
        }
        if self.to_move == Player::White {
            h ^= WHITE_TO_MOVE_KEY;
        }
        h
    }

    fn stone_at(&self, x: i32, y: i32) -> Option<Player> {
        let bit = 1u16 << (y * 3 + x);
        if self.stones[0] & bit != 0 {
            Some(Player::Black)
        } else if self.stones[1] & bit != 0 {
            Some(Player::White)
        } else {
            None
        }
    }

    fn move_to_xy(m: TicTacToeMove) -> (i32, i32) {
        (m.0 as i32 % 3, m.0 as i32 / 3)
    }

    fn move_from_xy(x: i32, y: i32) -> Option<TicTacToeMove> {
        TicTacToeMove::new(x, y)
    }
}
