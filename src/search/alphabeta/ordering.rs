//! Move-ordering memory shared across the nodes of a search: killer moves
//! per ply and the history heuristic per side and point. The one such table
//! of every alpha-beta search (the generic one and the engines' own).

use crate::game::{Game, MoveList, Player, MAX_MOVES};

use super::score::MAX_PLY;

/// The table move, then killers, then history: the sort key of each tier.
pub const TT_MOVE_KEY: i64 = i64::MAX;
pub const FIRST_KILLER_KEY: i64 = i64::MAX - 1;
pub const SECOND_KILLER_KEY: i64 = i64::MAX - 2;

/// Brings the highest-keyed move among `i..` to index `i`, shifting the
/// others right so equal keys keep their generated order (selection sort
/// one move at a time: a cut-off usually comes before the list is sorted).
#[inline]
pub fn pick_next<M: Copy + Default>(
    moves: &mut MoveList<M>,
    keys: &mut [i64; MAX_MOVES],
    i: usize,
) {
    let n = moves.len();
    let mut best = i;
    for j in i + 1..n {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    if best != i {
        moves.as_mut_slice()[i..=best].rotate_right(1);
        keys[i..=best].rotate_right(1);
    }
}

/// Two killer moves per ply: the latest moves that caused a beta cut-off there.
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + PartialEq> Killers<M> {
    /// Slots for the plies of the generic search (up to [`MAX_PLY`]).
    pub fn new() -> Self {
        Self::with_plies(MAX_PLY as usize + 1)
    }

    /// Slots for plies `0..plies` (a search with extensions needs more).
    pub fn with_plies(plies: usize) -> Self {
        Killers {
            slots: vec![[None, None]; plies],
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill([None, None]);
    }

    #[inline]
    pub fn record(&mut self, ply: u32, m: M) {
        let slot = &mut self.slots[ply as usize];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
    }

    /// The sort key bonus of `m` at `ply`, if it is a killer there.
    #[inline]
    pub fn key(&self, ply: u32, m: M) -> Option<i64> {
        let slot = &self.slots[ply as usize];
        if slot[0] == Some(m) {
            Some(FIRST_KILLER_KEY)
        } else if slot[1] == Some(m) {
            Some(SECOND_KILLER_KEY)
        } else {
            None
        }
    }
}

impl<M: Copy + PartialEq> Default for Killers<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// Cut-off counts per side and move, indexed through the move's Botzone
/// coordinates so any game's moves fit (the pass `(-1,-1)` included).
pub struct History {
    counts: Vec<u32>,
    points_per_side: usize,
    width: usize,
}

impl History {
    pub fn new<G: Game>() -> Self {
        let width = G::WIDTH as usize + 1;
        let points_per_side = width * (G::HEIGHT as usize + 1);
        History {
            counts: vec![0; 2 * points_per_side],
            points_per_side,
            width,
        }
    }

    #[inline]
    fn index<G: Game>(&self, side: Player, m: G::Move) -> usize {
        let (x, y) = G::move_to_xy(m);
        side.index() * self.points_per_side + (y + 1) as usize * self.width + (x + 1) as usize
    }

    #[inline]
    pub fn key<G: Game>(&self, side: Player, m: G::Move) -> i64 {
        self.counts[self.index::<G>(side, m)] as i64
    }

    /// Credits `m` with a cut-off found `depth` plies above the horizon.
    #[inline]
    pub fn record<G: Game>(&mut self, side: Player, m: G::Move, depth: u32) {
        let i = self.index::<G>(side, m);
        self.counts[i] = self.counts[i].saturating_add(depth * depth);
    }

    /// Divides every count by `divisor`, so older searches weigh less.
    pub fn age(&mut self, divisor: u32) {
        for c in &mut self.counts {
            *c /= divisor;
        }
    }
}
