//! The `Game` trait every rules module implements, and the small types around it.

use std::fmt;
use std::hash::Hash;

/// One of the two players. Black is Botzone's player 0 and always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    Black,
    White,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// Botzone's player index: 0 for Black, 1 for White.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lower-case colour name, as used in logs (`"black"`, `"white"`).
    pub fn name(self) -> &'static str {
        match self {
            Player::Black => "black",
            Player::White => "white",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Player),
    Draw,
}

impl Outcome {
    /// The result from `player`'s point of view: 1 for a win, 0 for a draw, -1 for a loss.
    #[inline]
    pub fn value_for(self, player: Player) -> i32 {
        match self {
            Outcome::Win(p) if p == player => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        }
    }
}

/// Why a move was refused by [`Game::try_play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The game is already over.
    GameOver,
    /// The point is not on the board.
    OffBoard,
    /// The point already holds a stone or disc.
    Occupied,
    /// Reversi: the disc would flip nothing.
    NoFlips,
    /// Reversi: a pass while a placing move exists.
    PassWithMovesLeft,
    /// A pass in a game (or a position) where passing does not exist.
    PassNotAllowed,
    /// Reversi: a placing move when the only legal move is to pass.
    MustPass,
    /// NoGo: the new stone's own group would have no liberty.
    Suicide,
    /// NoGo: an adjacent opponent group would lose its last liberty.
    Capture,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::GameOver => "the game is already over",
            IllegalReason::OffBoard => "the point is off the board",
            IllegalReason::Occupied => "the point is occupied",
            IllegalReason::NoFlips => "the disc would flip nothing",
            IllegalReason::PassWithMovesLeft => "passing while a legal move exists",
            IllegalReason::PassNotAllowed => "passing is not allowed here",
            IllegalReason::MustPass => "the side to move has no legal placement and must pass",
            IllegalReason::Suicide => "the stone's group would have no liberty (suicide)",
            IllegalReason::Capture => "the move would capture an opponent group",
        })
    }
}

/// A move refused by [`Game::try_play`], with its Botzone coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move ({x},{y}): {reason}")]
pub struct IllegalMove {
    pub x: i32,
    pub y: i32,
    pub reason: IllegalReason,
}

/// Upper bound on the number of legal moves in any position of any game here
/// (Gomoku's empty 15x15 board has 225).
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves that lives on the stack, so move generation
/// allocates nothing. Reuse one list across calls.
#[derive(Clone)]
pub struct MoveList<M> {
    len: usize,
    moves: [M; MAX_MOVES],
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy + Default> MoveList<M> {
    pub fn new() -> Self {
        MoveList {
            len: 0,
            moves: [M::default(); MAX_MOVES],
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move. Panics if the list is full, which no game here can cause.
    #[inline]
    pub fn push(&mut self, m: M) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }

    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }

    /// Removes the move at `index` by swapping the last one into its place.
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> M {
        let m = self.moves[index];
        self.len -= 1;
        self.moves[index] = self.moves[self.len];
        m
    }
}

impl<M: Copy + Default + PartialEq> MoveList<M> {
    pub fn contains(&self, m: M) -> bool {
        self.as_slice().contains(&m)
    }
}

impl<M> std::ops::Index<usize> for MoveList<M> {
    type Output = M;
    #[inline]
    fn index(&self, i: usize) -> &M {
        &self.moves[..self.len][i]
    }
}

impl<'a, M: Copy + Default> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: fmt::Debug + Copy + Default> fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A move as a small number, so that tables can pack it into a few bits
/// (a transposition table entry keeps its move in 16).
pub trait MoveCode: Copy {
    /// The move's number; `from_code(m.code()) == m` for every move `m`.
    fn code(self) -> u16;
    /// The move numbered `code`; some valid move (no panic) for a number no
    /// move has.
    fn from_code(code: u16) -> Self;
}

/// The rules of one two-player, perfect-information board game, exactly as
/// Botzone's judge plays it (see `docs/games.md`).
///
/// Coordinates are Botzone's: `x` is the column, `y` the row, both 0-based
/// from the top-left corner.
///
/// Implementations keep every position a small value that is cheap to clone;
/// search clones positions instead of undoing moves.
pub trait Game: Clone + PartialEq + Eq + fmt::Debug + Send + Sync + 'static {
    /// A move of this game. `Default` is only used to fill unused list slots.
    type Move: Copy + Eq + Hash + fmt::Debug + Default + MoveCode + Send + Sync + 'static;

    /// Lower-case name as used on the command line: `reversi`, `gomoku`, `nogo`, `tictactoe`.
    const NAME: &'static str;
    /// Board width (number of columns, the range of `x`).
    const WIDTH: i32;
    /// Board height (number of rows, the range of `y`).
    const HEIGHT: i32;

    /// The position the Botzone judge starts from, Black to move.
    fn start() -> Self;

    /// The player whose turn it is. Defined for finished games too (the player
    /// who would move next).
    fn side_to_move(&self) -> Player;

    /// Clears `out` and fills it with every legal move, each exactly once, in
    /// an order that is deterministic for a given position.
    ///
    /// Contract: the list is empty if and only if `outcome()` is `Some`. A
    /// Reversi player with no placement but an unfinished game gets exactly
    /// one move, the pass.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// The number of legal moves; equal to the length of the list
    /// `legal_moves` produces, but may be computed faster (bulk perft counting).
    fn count_legal_moves(&self) -> usize;

    /// `Ok` if `m` is legal in this position, otherwise the reason it is not.
    /// Contract: `check_move(m).is_ok()` iff `legal_moves` contains `m`.
    fn check_move(&self, m: Self::Move) -> Result<(), IllegalMove>;

    /// Plays `m`, which the caller guarantees is legal (search uses this).
    /// Playing an illegal move leaves the position in an unspecified but
    /// memory-safe state.
    fn play_unchecked(&mut self, m: Self::Move);

    /// The result if the game is over, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// Zobrist hash of the position (stones and side to move), maintained
    /// incrementally by `play_unchecked`.
    fn hash(&self) -> u64;

    /// The same hash recomputed from scratch; used to test `hash`.
    fn hash_from_scratch(&self) -> u64;

    /// Who occupies the point `(x, y)`, which must be on the board.
    fn stone_at(&self, x: i32, y: i32) -> Option<Player>;

    /// Botzone coordinates of a move. A pass is `(-1, -1)`.
    fn move_to_xy(m: Self::Move) -> (i32, i32);

    /// Parses Botzone coordinates into a move of this game without looking at
    /// any position: `None` if no move of this game has these coordinates
    /// (off the board, or `(-1, -1)` where the game has no pass).
    fn move_from_xy(x: i32, y: i32) -> Option<Self::Move>;

    /// `true` if `m` is legal here. Never overridden: see `check_move`.
    #[inline]
    fn is_legal(&self, m: Self::Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Plays `m` if it is legal, otherwise leaves the position unchanged and
    /// says why not. This is how histories and referees play moves.
    /// Never overridden.
    fn try_play(&mut self, m: Self::Move) -> Result<(), IllegalMove> {
        self.check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Leaf count of the game tree `depth` plies deep. A forced pass is one
    /// ply; a finished game reached before `depth` counts as one leaf.
    /// The last ply is bulk-counted with `count_legal_moves`. Never overridden.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let n = self.count_legal_moves();
        if n == 0 {
            return 1;
        }
        if depth == 1 {
            return n as u64;
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let mut total = 0;
        for &m in moves.iter() {
            let mut child = self.clone();
            child.play_unchecked(m);
            total += child.perft(depth - 1);
        }
        total
    }
}

/// A table of pseudo-random Zobrist keys, computed at compile time with
/// SplitMix64 so every build and every run hashes alike.
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_list_push_remove_contains() {
        let mut list: MoveList<u8> = MoveList::new();
        assert!(list.is_empty());
        for m in 0..10 {
            list.push(m);
        }
        assert_eq!(list.len(), 10);
        assert_eq!(list.swap_remove(2), 2);
        assert_eq!(list[2], 9);
        assert!(!list.contains(2));
        assert!(list.contains(9));
        list.clear();
        assert!(list.is_empty());
    }

    #[test]
    fn zobrist_keys_are_distinct() {
        const KEYS: [u64; 512] = zobrist_keys(7);
        let mut sorted = KEYS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), KEYS.len());
    }

    #[test]
    fn outcome_values() {
        assert_eq!(Outcome::Win(Player::Black).value_for(Player::Black), 1);
        assert_eq!(Outcome::Win(Player::Black).value_for(Player::White), -1);
        assert_eq!(Outcome::Draw.value_for(Player::White), 0);
    }
}
