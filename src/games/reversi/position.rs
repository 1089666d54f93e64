//! The Reversi position and its rules behind the [`Game`] trait.

use super::bitboard::{flipped_discs, legal_placements};
use super::ReversiMove;
use crate::game::{zobrist_keys, Game, IllegalMove, IllegalReason, MoveList, Outcome, Player};

/// Keys `[colour * 64 + square]` (Black 0, White 1), then "White to move".
const KEYS: [u64; 129] = zobrist_keys(0x2EE7_E251_0000_0001);
const WHITE_TO_MOVE_KEY: u64 = KEYS[128];

/// Flipping a disc changes its colour whichever colour it had, so its hash
/// changes by `KEYS[Black][square] ^ KEYS[White][square]`. This table holds,
/// for each byte (row) of a flip mask and each value of that byte, the XOR of
/// those keys over the set bits: eight lookups and no branch per move.
static FLIP_KEYS_BY_ROW: [[u64; 256]; 8] = {
    let mut table = [[0u64; 256]; 8];
    let mut row = 0;
    while row < 8 {
        let mut pattern = 0;
        while pattern < 256 {
            let mut column = 0;
            while column < 8 {
                if pattern & (1 << column) != 0 {
                    let square = row * 8 + column;
                    table[row][pattern] ^= KEYS[square] ^ KEYS[64 + square];
                }
                column += 1;
            }
            pattern += 1;
        }
        row += 1;
    }
    table
};

/// The hash change caused by flipping the discs of `flipped`.
#[inline(always)]
fn flip_key(flipped: u64) -> u64 {
    let mut key = 0;
    for (row, keys) in FLIP_KEYS_BY_ROW.iter().enumerate() {
        key ^= keys[(flipped >> (row * 8)) as usize & 0xFF];
    }
    key
}

/// A Reversi position: the discs of the side to move and of its opponent as
/// bitboards (bit `y * 8 + x`), whose turn it is, and the Zobrist hash.
///
/// Keeping the boards relative to the side to move makes playing a move a
/// swap instead of a branch on the colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reversi {
    player: u64,
    opponent: u64,
    to_move: Player,
    hash: u64,
}

impl Reversi {
    /// The position with `black` and `white` discs (non-overlapping masks) and
    /// `to_move` to move. Any such position is accepted, reachable or not.
    /// Panics if a square is in both masks.
    pub fn from_bitboards(black: u64, white: u64, to_move: Player) -> Reversi {
        assert_eq!(black & white, 0, "a square holds both colours");
        let (player, opponent) = match to_move {
            Player::Black => (black, white),
            Player::White => (white, black),
        };
        let mut position = Reversi {
            player,
            opponent,
            to_move,
            hash: 0,
        };
        position.hash = position.hash_from_scratch();
        position
    }

    /// Discs of the side to move.
    #[inline]
    pub fn player_bits(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    #[inline]
    pub fn opponent_bits(&self) -> u64 {
        self.opponent
    }

    /// Discs of `colour`.
    #[inline]
    pub fn bits_of(&self, colour: Player) -> u64 {
        if colour == self.to_move {
            self.player
        } else {
            self.opponent
        }
    }

    /// The empty squares.
    #[inline]
    pub fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The number of empty squares.
    #[inline]
    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// The number of discs of `colour`.
    #[inline]
    pub fn disc_count(&self, colour: Player) -> u32 {
        self.bits_of(colour).count_ones()
    }

    /// The squares where the side to move may place a disc (no pass here).
    #[inline]
    pub fn legal_moves_mask(&self) -> u64 {
        legal_placements(self.player, self.opponent)
    }

    /// The squares where the side *not* to move could place a disc if it were
    /// its turn; zero for both players means the game is over.
    #[inline]
    pub fn opponent_moves_mask(&self) -> u64 {
        legal_placements(self.opponent, self.player)
    }

    /// The discs the side to move flips by placing on `square` (0..64).
    /// Zero if that placement is illegal; meaningless for an occupied square.
    #[inline]
    pub fn flips(&self, square: usize) -> u64 {
        flipped_discs(self.player, self.opponent, square)
    }

    /// `true` if neither side can place a disc.
    #[inline]
    pub fn is_game_over(&self) -> bool {
        self.legal_moves_mask() == 0 && self.opponent_moves_mask() == 0
    }

    /// Disc difference from the side to move's point of view, with the empty
    /// squares going to whoever has more discs (the endgame convention of
    /// `data/ffo-endgame.txt`; the judge itself awards empties to no one, but
    /// the winner is the same). Meant for finished games.
    #[inline]
    pub fn final_score(&self) -> i32 {
        let mine = self.player.count_ones() as i32;
        let theirs = self.opponent.count_ones() as i32;
        let empties = 64 - mine - theirs;
        let difference = mine - theirs;
        match difference.signum() {
            1 => difference + empties,
            -1 => difference - empties,
            _ => 0,
        }
    }

    /// Places a disc on `square` for the side to move, flipping `flipped`
    /// (which must be `self.flips(square)`, nonzero), and hands the turn over.
    /// Lets a caller that already computed the flips avoid doing it twice.
    #[inline]
    pub fn play_flips(&mut self, square: usize, flipped: u64) {
        let placed = 1u64 << square;
        let hash = self.hash
            ^ WHITE_TO_MOVE_KEY
            ^ KEYS[self.to_move.index() * 64 + square]
            ^ flip_key(flipped);
        let mover = self.player | placed | flipped;
        self.player = self.opponent ^ flipped;
        self.opponent = mover;
        self.to_move = self.to_move.opponent();
        self.hash = hash;
    }

    /// Hands the turn over without placing a disc.
    #[inline]
    fn play_pass(&mut self) {
        std::mem::swap(&mut self.player, &mut self.opponent);
        self.to_move = self.to_move.opponent();
        self.hash ^= WHITE_TO_MOVE_KEY;
    }

    fn illegal(m: ReversiMove, reason: IllegalReason) -> Result<(), IllegalMove> {
        let (x, y) = Self::move_to_xy(m);
        Err(IllegalMove { x, y, reason })
    }
}

impl Game for Reversi {
    type Move = ReversiMove;
    const NAME: &'static str = "reversi";
    const WIDTH: i32 = 8;
    const HEIGHT: i32 = 8;

    fn start() -> Self {
        let bit = |x: i32, y: i32| 1u64 << (y * 8 + x);
        Reversi::from_bitboards(bit(3, 4) | bit(4, 3), bit(3, 3) | bit(4, 4), Player::Black)
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// Placements in increasing square order, or the single pass.
    fn legal_moves(&self, out: &mut MoveList<ReversiMove>) {
        out.clear();
        let mut placements = self.legal_moves_mask();
        if placements == 0 {
            if self.opponent_moves_mask() != 0 {
                out.push(ReversiMove::PASS);
            }
            return;
        }
        while placements != 0 {
            out.push(ReversiMove::from_index(placements.trailing_zeros() as usize));
            placements &= placements - 1;
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        let placements = self.legal_moves_mask();
        if placements != 0 {
            placements.count_ones() as usize
        } else {
            (self.opponent_moves_mask() != 0) as usize
        }
    }

    fn check_move(&self, m: ReversiMove) -> Result<(), IllegalMove> {
        if m.index() > ReversiMove::PASS.index() {
            return Self::illegal(m, IllegalReason::OffBoard);
        }
        let placements = self.legal_moves_mask();
        if placements == 0 && self.opponent_moves_mask() == 0 {
            return Self::illegal(m, IllegalReason::GameOver);
        }
        if m.is_pass() {
            return if placements == 0 {
                Ok(())
            } else {
                Self::illegal(m, IllegalReason::PassWithMovesLeft)
            };
        }
        if self.empties() & m.bit() == 0 {
            return Self::illegal(m, IllegalReason::Occupied);
        }
        if placements == 0 {
            return Self::illegal(m, IllegalReason::MustPass);
        }
        if placements & m.bit() == 0 {
            return Self::illegal(m, IllegalReason::NoFlips);
        }
        Ok(())
    }

    #[inline]
    fn play_unchecked(&mut self, m: ReversiMove) {
        if m.is_pass() {
            self.play_pass();
        } else {
            let square = m.index();
            self.play_flips(square, self.flips(square));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_game_over() {
            return None;
        }
        let black = self.disc_count(Player::Black);
        let white = self.disc_count(Player::White);
        Some(match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::Black),
            std::cmp::Ordering::Less => Outcome::Win(Player::White),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for colour in [Player::Black, Player::White] {
            let mut discs = self.bits_of(colour);
            while discs != 0 {
                hash ^= KEYS[colour.index() * 64 + discs.trailing_zeros() as usize];
                discs &= discs - 1;
            }
        }
        if self.to_move == Player::White {
            hash ^= WHITE_TO_MOVE_KEY;
        }
        hash
    }

    fn stone_at(&self, x: i32, y: i32) -> Option<Player> {
        let bit = 1u64 << (y * 8 + x);
        if self.player & bit != 0 {
            Some(self.to_move)
        } else if self.opponent & bit != 0 {
            Some(self.to_move.opponent())
        } else {
            None
        }
    }

    fn move_to_xy(m: ReversiMove) -> (i32, i32) {
        m.xy().unwrap_or((-1, -1))
    }

    fn move_from_xy(x: i32, y: i32) -> Option<ReversiMove> {
        if (x, y) == (-1, -1) {
            Some(ReversiMove::PASS)
        } else {
            ReversiMove::square(x, y)
        }
    }
}
