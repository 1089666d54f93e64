//! Freestyle Gomoku on 15x15, as Botzone's "Gomoku" judge plays it: a stone
//! on any empty point, five or more in a row wins for the mover, a full board
//! without five is a draw, and there is no pass.

use crate::game::{zobrist_keys, Game, IllegalMove, IllegalReason, MoveList, Outcome, Player};

/// Side length of the board.
const SIZE: usize = 15;
/// Number of points on the board.
const POINTS: usize = SIZE * SIZE;
/// The bits of one row that are on the board.
const ROW_MASK: u16 = (1 << SIZE) - 1;

/// Key `[player * 225 + point]`, and the last key for "White to move".
const KEYS: [u64; 2 * POINTS + 1] = zobrist_keys(0x607E_C0F1_5EED_0002);
const WHITE_TO_MOVE_KEY: u64 = KEYS[2 * POINTS];

/// A Gomoku move: the point index `y * 15 + x`, 0..225.
pub type GomokuMove = super::point::Point<SIZE>;

/// A Gomoku position: one bit per point and colour, kept row by row, plus
/// everything search asks for often (the outcome, the stone count, the last
/// move) cached so no query scans the board.
///
/// Equality compares the whole state, the last move included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gomoku {
    /// `stones[player][y]` has bit `x` set where `player` has a stone.
    stones: [[u16; SIZE]; 2],
    hash: u64,
    to_move: Player,
    stone_count: u8,
    last_move: Option<GomokuMove>,
    /// Set by the move that made five (or filled the board), so only the
    /// last stone's lines are ever examined.
    outcome: Option<Outcome>,
}

impl Gomoku {
    /// Side length of the board.
    pub const SIZE: usize = SIZE;
    /// Number of points on the board.
    pub const POINTS: usize = POINTS;

    /// The stone played last, `None` on the empty board.
    #[inline]
    pub fn last_move(&self) -> Option<GomokuMove> {
        self.last_move
    }

    /// How many stones are on the board (both colours).
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.stone_count as usize
    }

    /// `true` if no stone stands on `point`.
    #[inline]
    pub fn is_empty_point(&self, point: GomokuMove) -> bool {
        let (x, y) = (point.x() as usize, point.y() as usize);
        (self.stones[0][y] | self.stones[1][y]) & (1 << x) == 0
    }

    /// `player`'s stones on row `y` (0..15) as a bit mask, bit `x` for column `x`:
    /// for pattern code that reads lines a row at a time.
    #[inline]
    pub fn row_bits(&self, player: Player, y: usize) -> u16 {
        self.stones[player.index()][y]
    }

    #[inline]
    fn has_stone(&self, player: Player, x: i32, y: i32) -> bool {
        self.stones[player.index()][y as usize] & (1 << x) != 0
    }

    /// `true` if the stone `player` just put on `m` completes five or more in a row.
    ///
    /// Bit-parallel: the nine rows around `m` are shifted so that each line
    /// direction becomes a column, then five consecutive rows are ANDed. Any
    /// five found near `m` must run through `m`, because the game would have
    /// ended before this move had `player` owned five already; so no mask for
    /// `m`'s own column is needed.
    #[inline]
    fn makes_five(&self, player: Player, m: GomokuMove) -> bool {
        let rows = &self.stones[player.index()];
        let y = m.y();
        let row = rows[y as usize];
        let horizontal_pairs = row & (row >> 1);
        if horizontal_pairs & (horizontal_pairs >> 2) & (row >> 4) != 0 {
            return true;
        }
        // Three directions packed in 21-bit lanes of one word: vertical in the
        // low lane, the (1,1) diagonal in the middle one, the (1,-1) one on top.
        // Rows are pre-shifted by 4 so the per-row shifts below stay non-negative;
        // ANDs never carry bits between lanes.
        let mut lanes = [0u64; 9];
        for (i, lane) in lanes.iter_mut().enumerate() {
            let k = y + i as i32 - 4;
            if (0..SIZE as i32).contains(&k) {
                let padded = (rows[k as usize] as u64) << 4;
                *lane = padded | (padded >> i) << 21 | (padded >> (8 - i)) << 42;
            }
        }
        let mut fives = 0;
        for window in lanes.windows(5) {
            fives |= window[0] & window[1] & window[2] & window[3] & window[4];
        }
        fives != 0
    }

    #[inline]
    fn empty_bits(&self, y: usize) -> u16 {
        ROW_MASK & !(self.stones[0][y] | self.stones[1][y])
    }
}

impl Game for Gomoku {
    type Move = GomokuMove;
    const NAME: &'static str = "gomoku";
    const WIDTH: i32 = SIZE as i32;
    const HEIGHT: i32 = SIZE as i32;

    fn start() -> Self {
        Gomoku {
            stones: [[0; SIZE]; 2],
            hash: 0,
            to_move: Player::Black,
            stone_count: 0,
            last_move: None,
            outcome: None,
        }
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut MoveList<GomokuMove>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        for y in 0..SIZE {
            let mut empty = self.empty_bits(y);
            while empty != 0 {
                out.push(GomokuMove::from_index_unchecked(
                    y * SIZE + empty.trailing_zeros() as usize,
                ));
                empty &= empty - 1;
            }
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            0
        } else {
            POINTS - self.stone_count()
        }
    }

    fn check_move(&self, m: GomokuMove) -> Result<(), IllegalMove> {
        let (x, y) = Self::move_to_xy(m);
        let illegal = |reason| Err(IllegalMove { x, y, reason });
        if m.index() >= POINTS {
            return illegal(IllegalReason::OffBoard);
        }
        if self.outcome.is_some() {
            return illegal(IllegalReason::GameOver);
        }
        if !self.is_empty_point(m) {
            return illegal(IllegalReason::Occupied);
        }
        Ok(())
    }

    fn play_unchecked(&mut self, m: GomokuMove) {
        let mover = self.to_move;
        let (x, y) = (m.x() as usize, m.y() as usize);
        self.stones[mover.index()][y] |= 1 << x;
        self.hash ^= KEYS[mover.index() * POINTS + m.index()] ^ WHITE_TO_MOVE_KEY;
        self.stone_count += 1;
        self.last_move = Some(m);
        self.to_move = mover.opponent();
        if self.makes_five(mover, m) {
            self.outcome = Some(Outcome::Win(mover));
        } else if self.stone_count() == POINTS {
            self.outcome = Some(Outcome::Draw);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (player, rows) in self.stones.iter().enumerate() {
            for (y, &row) in rows.iter().enumerate() {
                for x in 0..SIZE {
                    if row & (1 << x) != 0 {
                        h ^= KEYS[player * POINTS + y * SIZE + x];
                    }
                }
            }
        }
        if self.to_move == Player::White {
            h ^= WHITE_TO_MOVE_KEY;
        }
        h
    }

    fn stone_at(&self, x: i32, y: i32) -> Option<Player> {
        if self.has_stone(Player::Black, x, y) {
            Some(Player::Black)
        } else if self.has_stone(Player::White, x, y) {
            Some(Player::White)
        } else {
            None
        }
    }

    fn move_to_xy(m: GomokuMove) -> (i32, i32) {
        (m.x(), m.y())
    }

    fn move_from_xy(x: i32, y: i32) -> Option<GomokuMove> {
        GomokuMove::new(x, y)
    }
}
