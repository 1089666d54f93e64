//! The NoGo position and its rules.
//!
//! Stones never leave the board, so groups only grow and merge, and a group's
//! liberties change only when a stone lands next to it. The position keeps,
//! per colour, the stones of groups down to their last liberty ("in atari").
//! A move rescans at most the mover's new group and the opponent groups next
//! to it, and only until each shows two liberties; from the two atari masks
//! every point's legality for both colours follows in a few whole-board
//! bit operations:
//!
//! - not suicide: the point has an empty neighbour, or a friendly neighbour
//!   whose group has a second liberty (so is not in atari);
//! - no capture: no opponent neighbour is in atari (its last liberty would be
//!   this very point).

use std::fmt;

use super::bitboard::{
    adjacent, flood_fill, group_with_at_most_one_liberty, nth_set_bit, BOARD, NEIGHBOURS, POINTS,
    SIZE,
};
use super::board_text::{parse_stones, write_board, NoGoBoardError};
use super::point_move::NoGoMove;
use crate::game::{zobrist_keys, Game, IllegalMove, IllegalReason, MoveList, Outcome, Player};

/// Key `[colour * 81 + point]`, then one for "White to move".
const KEYS: [u64; 2 * POINTS + 1] = zobrist_keys(0x0900_6000_0000_0081);
const WHITE_TO_MOVE_KEY: u64 = KEYS[2 * POINTS];

/// A 9x9 NoGo position: `u128` bitboards (bit `y * 9 + x`) and the derived
/// masks that make legality a bit test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoGo {
    /// Stones per colour, indexed by `Player::index()`.
    stones: [u128; 2],
    /// Per colour, the stones of groups that have exactly one liberty.
    in_atari: [u128; 2],
    /// Per colour, the empty points that colour may legally play now.
    legal: [u128; 2],
    to_move: Player,
    hash: u64,
}

impl NoGo {
    /// Every point of the board as a mask.
    pub const BOARD_MASK: u128 = BOARD;

    /// The position with these stones and `to_move` to play, read from 81
    /// cells row by row from the top-left (`y = 0` first): `X` or `B` for
    /// Black, `O` or `W` for White, `.`, `-` or `+` for empty; whitespace is
    /// ignored, so nine lines or one 81-character string both work. This is
    /// the text `Display` writes. Refuses boards with a group that has no
    /// liberty, since no game reaches one.
    pub fn from_board_str(text: &str, to_move: Player) -> Result<Self, NoGoBoardError> {
        let stones = parse_stones(text)?;
        let empty = BOARD & !(stones[0] | stones[1]);
        let mut in_atari = [0u128; 2];
        for colour in 0..2 {
            let mut unvisited = stones[colour];
            while unvisited != 0 {
                let seed = unvisited & unvisited.wrapping_neg();
                let group = flood_fill(seed, stones[colour]);
                let liberties = adjacent(group) & empty;
                if liberties == 0 {
                    let point = seed.trailing_zeros() as i32;
                    return Err(NoGoBoardError::GroupWithoutLiberty {
                        x: point % SIZE as i32,
                        y: point / SIZE as i32,
                    });
                }
                if liberties.count_ones() == 1 {
                    in_atari[colour] |= group;
                }
                unvisited &= !group;
            }
        }
        let mut position = NoGo {
            stones,
            in_atari,
            legal: [0; 2],
            to_move,
            hash: 0,
        };
        position.refresh_legal();
        position.hash = position.hash_from_scratch();
        Ok(position)
    }

    /// The stones of `player`.
    #[inline]
    pub fn stones(&self, player: Player) -> u128 {
        self.stones[player.index()]
    }

    /// The empty points.
    #[inline]
    pub fn empty_mask(&self) -> u128 {
        BOARD & !(self.stones[0] | self.stones[1])
    }

    /// The points `player` may legally play in this position, whoever is to
    /// move (for the side not to move: the points it could play if it were).
    #[inline]
    pub fn legal_mask(&self, player: Player) -> u128 {
        self.legal[player.index()]
    }

    /// Whether `player` may legally play `point` (`y * 9 + x`, below 81).
    #[inline]
    pub fn is_legal_for(&self, player: Player, point: usize) -> bool {
        self.legal[player.index()] >> point & 1 != 0
    }

    /// The stones of `player` whose group has exactly one liberty left.
    #[inline]
    pub fn stones_in_atari(&self, player: Player) -> u128 {
        self.in_atari[player.index()]
    }

    /// The points orthogonally next to `point` (`y * 9 + x`, below 81).
    #[inline]
    pub fn neighbours(point: usize) -> u128 {
        NEIGHBOURS[point]
    }

    /// The index of the `n`-th set bit of `mask` (from bit 0, `n` from 0), e.g.
    /// to pick the `n`-th legal point. Precondition: `n < mask.count_ones()`.
    #[inline]
    pub fn nth_point(mask: u128, n: u32) -> usize {
        nth_set_bit(mask, n)
    }

    /// The legal points of `player`, found the slow and obvious way: for every
    /// empty point, place the stone and flood-fill the groups it touches. A
    /// test oracle for `legal_mask`.
    pub fn legal_mask_from_scratch(&self, player: Player) -> u128 {
        (0..POINTS)
            .filter(|&point| self.illegal_reason_from_scratch(player, point).is_none())
            .fold(0, |mask, point| mask | 1u128 << point)
    }

    /// Why `player` may not play `point`, judged from the stones alone; `None`
    /// if the move is legal. Suicide is checked before capture, in the order
    /// of the rules in games.md, so a move breaking both is called suicide.
    fn illegal_reason_from_scratch(&self, player: Player, point: usize) -> Option<IllegalReason> {
        let bit = 1u128 << point;
        if (self.stones[0] | self.stones[1]) & bit != 0 {
            return Some(IllegalReason::Occupied);
        }
        let mut after = self.stones;
        after[player.index()] |= bit;
        let empty = BOARD & !(after[0] | after[1]);
        let own_group = flood_fill(bit, after[player.index()]);
        if adjacent(own_group) & empty == 0 {
            return Some(IllegalReason::Suicide);
        }
        let theirs = after[player.opponent().index()];
        let mut touched = NEIGHBOURS[point] & theirs;
        while touched != 0 {
            let group = flood_fill(touched & touched.wrapping_neg(), theirs);
            if adjacent(group) & empty == 0 {
                return Some(IllegalReason::Capture);
            }
            touched &= !group;
        }
        None
    }

    /// Recomputes both legal masks from the stones and the atari masks.
    #[inline]
    fn refresh_legal(&mut self) {
        let empty = self.empty_mask();
        for colour in 0..2 {
            let breathing = adjacent(empty | (self.stones[colour] & !self.in_atari[colour]));
            let capturing = adjacent(self.in_atari[1 - colour]);
            self.legal[colour] = empty & breathing & !capturing;
        }
    }

    /// The reason an empty point that is not in `legal` is illegal for
    /// `player`, read from the atari masks (suicide first, as in
    /// `illegal_reason_from_scratch`).
    fn reason_point_is_illegal(&self, player: Player, point: usize) -> IllegalReason {
        let colour = player.index();
        let breathing =
            adjacent(self.empty_mask() | (self.stones[colour] & !self.in_atari[colour]));
        if breathing >> point & 1 == 0 {
            IllegalReason::Suicide
        } else {
            IllegalReason::Capture
        }
    }
}

impl fmt::Display for NoGo {
    /// Nine lines of `X` (Black), `O` (White) and `.`, the text form
    /// `from_board_str` reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, self.stones[0], self.stones[1])
    }
}

impl Game for NoGo {
    type Move = NoGoMove;
    const NAME: &'static str = "nogo";
    const WIDTH: i32 = SIZE as i32;
    const HEIGHT: i32 = SIZE as i32;

    fn start() -> Self {
        NoGo {
            stones: [0; 2],
            in_atari: [0; 2],
            legal: [BOARD; 2],
            to_move: Player::Black,
            hash: 0,
        }
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut MoveList<NoGoMove>) {
        out.clear();
        let mut legal = self.legal[self.to_move.index()];
        while legal != 0 {
            out.push(NoGoMove::from_index(legal.trailing_zeros() as usize).expect("on board"));
            legal &= legal - 1;
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.legal[self.to_move.index()].count_ones() as usize
    }

    /// A move that breaks both rules at once (no liberty of its own, and the
    /// last liberty of an opponent group) is refused as `Suicide`: rule (a)
    /// of games.md is checked first.
    fn check_move(&self, m: NoGoMove) -> Result<(), IllegalMove> {
        let point = m.index();
        let reason = if self.outcome().is_some() {
            IllegalReason::GameOver
        } else if self.is_legal_for(self.to_move, point) {
            return Ok(());
        } else if self.empty_mask() >> point & 1 == 0 {
            IllegalReason::Occupied
        } else {
            self.reason_point_is_illegal(self.to_move, point)
        };
        Err(IllegalMove {
            x: m.x(),
            y: m.y(),
            reason,
        })
    }

    #[inline]
    fn play_unchecked(&mut self, m: NoGoMove) {
        let point = m.index();
        let bit = 1u128 << point;
        let mine = self.to_move.index();
        let theirs = 1 - mine;
        self.stones[mine] |= bit;
        let empty = self.empty_mask();

        // The new stone's group contains every friendly group it touched.
        match group_with_at_most_one_liberty(point, self.stones[mine], empty) {
            Some(group) => self.in_atari[mine] |= group,
            None => {
                // Touched groups that were in atari are now part of a group with
                // two liberties. Distinct groups of one colour never touch, so
                // filling within the atari stones recovers exactly those groups.
                // (Left stale they would not change legality, having no empty
                // neighbour any more, but `stones_in_atari` promises exact groups.)
                let rescued = NEIGHBOURS[point] & self.in_atari[mine];
                if rescued != 0 {
                    self.in_atari[mine] &= !flood_fill(rescued, self.in_atari[mine]);
                }
            }
        }

        // Opponent groups next to the stone lost one liberty. One already in
        // atari would have lost its last, which a legal move never does.
        let mut touched = NEIGHBOURS[point] & self.stones[theirs] & !self.in_atari[theirs];
        while touched != 0 {
            let seed = touched.trailing_zeros() as usize;
            match group_with_at_most_one_liberty(seed, self.stones[theirs], empty) {
                Some(group) => {
                    self.in_atari[theirs] |= group;
                    touched &= !group;
                }
                None => touched &= touched - 1,
            }
        }

        self.refresh_legal();
        self.hash ^= KEYS[mine * POINTS + point] ^ WHITE_TO_MOVE_KEY;
        self.to_move = self.to_move.opponent();
    }

    /// The side to move with no legal move has lost: the player who just
    /// moved wins (NoGo has neither pass nor draw).
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        (self.legal[self.to_move.index()] == 0).then(|| Outcome::Win(self.to_move.opponent()))
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (colour, &stones) in self.stones.iter().enumerate() {
            for point in 0..POINTS {
                if stones >> point & 1 != 0 {
                    hash ^= KEYS[colour * POINTS + point];
                }
            }
        }
        if self.to_move == Player::White {
            hash ^= WHITE_TO_MOVE_KEY;
        }
        hash
    }

    fn stone_at(&self, x: i32, y: i32) -> Option<Player> {
        let bit = 1u128 << (y * SIZE as i32 + x);
        if self.stones[0] & bit != 0 {
            Some(Player::Black)
        } else if self.stones[1] & bit != 0 {
            Some(Player::White)
        } else {
            None
        }
    }

    fn move_to_xy(m: NoGoMove) -> (i32, i32) {
        (m.x(), m.y())
    }

    /// `None` off the board, and for `(-1, -1)`: NoGo has no pass.
    fn move_from_xy(x: i32, y: i32) -> Option<NoGoMove> {
        NoGoMove::new(x, y)
    }
}
