//! The incremental threat board: for every empty point, the threat and value
//! a stone there would have for each side, kept up to date stone by stone.

use super::patterns::{neighbour_bit, pattern_table, window_key, Pattern};
use super::threat::{combination_key, summary_table, Threat};
use crate::game::{zobrist_keys, Game, MoveList, Player};
use crate::games::{Gomoku, GomokuMove};

const SIZE: usize = Gomoku::SIZE;
const POINTS: usize = Gomoku::POINTS;

/// The four line directions `(dx, dy)`: horizontal, vertical and both diagonals.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Own Zobrist keys (`[colour * 225 + point]`), so solvers can key their tables
/// without the rules module's private ones.
const KEYS: [u64; 2 * POINTS] = zobrist_keys(0x7A12_EA7B_0A4D_0001);

/// `WALLS[point][direction]`: neighbour bits of the cells off the board.
static WALLS: [[u8; 4]; POINTS] = compute_walls();

const fn compute_walls() -> [[u8; 4]; POINTS] {
    let mut walls = [[0u8; 4]; POINTS];
    let mut point = 0;
    while point < POINTS {
        let (x, y) = ((point % SIZE) as i32, (point / SIZE) as i32);
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = DIRECTIONS[d];
            let mut offset = -4;
            while offset <= 4 {
                let (nx, ny) = (x + offset * dx, y + offset * dy);
                if offset != 0 && (nx < 0 || ny < 0 || nx >= SIZE as i32 || ny >= SIZE as i32) {
                    walls[point][d] |= neighbour_bit(offset);
                }
                offset += 1;
            }
            d += 1;
        }
        point += 1;
    }
    walls
}

/// Per-point threat summaries for both sides, updated incrementally by
/// [`ThreatBoard::place`]. Occupied points carry no threat and no value.
///
/// The board does not know whose turn it is: solvers place stones of either
/// colour in any order (the rules module keeps the turn).
#[derive(Clone, PartialEq, Eq)]
pub struct ThreatBoard {
    cells: [Option<Player>; POINTS],
    /// `neighbours[colour][point][direction]`: that colour's stones within
    /// four cells of `point` along `direction`, as neighbour bits.
    neighbours: [[[u8; 4]; POINTS]; 2],
    /// `lines[side][point][direction]`: the pattern a `side` stone on the
    /// empty `point` would make along `direction`.
    lines: [[[Pattern; 4]; POINTS]; 2],
    threats: [[Threat; POINTS]; 2],
    values: [[u16; POINTS]; 2],
    /// Empty points per side and threat class.
    threat_counts: [[u16; Threat::COUNT]; 2],
    /// Sum of `values` over the empty points, per side.
    value_totals: [i32; 2],
    /// Stones within the 5x5 square around each point.
    stones_near: [u8; POINTS],
    stone_count: u16,
    hash: u64,
}

impl std::fmt::Debug for ThreatBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreatBoard")
            .field("stones", &self.stone_count)
            .field("hash", &format_args!("{:016x}", self.hash))
            .field("value_totals", &self.value_totals)
            .finish()
    }
}

impl Default for ThreatBoard {
    fn default() -> Self {
        Self::new()
    }
}

impl ThreatBoard {
    /// The empty board.
    pub fn new() -> Self {
        let mut board = ThreatBoard {
            cells: [None; POINTS],
            neighbours: [[[0; 4]; POINTS]; 2],
            lines: [[[Pattern::Dead; 4]; POINTS]; 2],
            threats: [[Threat::None; POINTS]; 2],
            values: [[0; POINTS]; 2],
            threat_counts: [[0; Threat::COUNT]; 2],
            value_totals: [0; 2],
            stones_near: [0; POINTS],
            stone_count: 0,
            hash: 0,
        };
        board.threat_counts = [[POINTS as u16, 0, 0, 0, 0, 0, 0]; 2];
        for point in 0..POINTS {
            for d in 0..4 {
                board.refresh(point, d);
            }
        }
        board
    }

    /// The threat board of a rules position.
    pub fn from_game(game: &Gomoku) -> Self {
        let mut board = Self::new();
        for point in 0..POINTS {
            let m = GomokuMove::from_index(point).expect("on the board");
            if let Some(colour) = game.stone_at(m.x(), m.y()) {
                board.place(point, colour);
            }
        }
        board
    }

    /// Puts a `colour` stone on the empty `point` and updates every summary
    /// it changes: the points within four cells along its four lines.
    pub fn place(&mut self, point: usize, colour: Player) {
        debug_assert!(self.cells[point].is_none(), "place on an occupied point");
        self.set_summary(point, [(Threat::None, 0); 2]);
        // Occupied points keep no lines, so the board is a function of its stones.
        self.lines[0][point] = [Pattern::Dead; 4];
        self.lines[1][point] = [Pattern::Dead; 4];
        self.cells[point] = Some(colour);
        self.hash ^= KEYS[colour.index() * POINTS + point];
        self.stone_count += 1;
        let (x, y) = ((point % SIZE) as i32, (point / SIZE) as i32);
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for sign in [-1, 1] {
                for k in 1..=4 {
                    let (qx, qy) = (x + sign * k * dx, y + sign * k * dy);
                    if !on_board(qx, qy) {
                        break;
                    }
                    let q = qy as usize * SIZE + qx as usize;
                    // Seen from q, the new stone lies `-sign * k` cells along the line.
                    self.neighbours[colour.index()][q][d] |= neighbour_bit(-sign * k);
                    if self.cells[q].is_none() {
                        self.refresh(q, d);
                    }
                }
            }
        }
        for qy in (y - 2).max(0)..=(y + 2).min(SIZE as i32 - 1) {
            for qx in (x - 2).max(0)..=(x + 2).min(SIZE as i32 - 1) {
                self.stones_near[qy as usize * SIZE + qx as usize] += 1;
            }
        }
    }

    /// Takes the stone off `point`, undoing [`Self::place`] exactly: search
    /// walks one board with place/remove instead of copying it per node.
    pub fn remove(&mut self, point: usize) {
        let colour = self.cells[point]
            .take()
            .expect("remove from an empty point");
        self.hash ^= KEYS[colour.index() * POINTS + point];
        self.stone_count -= 1;
        let (x, y) = ((point % SIZE) as i32, (point / SIZE) as i32);
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for sign in [-1, 1] {
                for k in 1..=4 {
                    let (qx, qy) = (x + sign * k * dx, y + sign * k * dy);
                    if !on_board(qx, qy) {
                        break;
                    }
                    let q = qy as usize * SIZE + qx as usize;
                    self.neighbours[colour.index()][q][d] &= !neighbour_bit(-sign * k);
                    if self.cells[q].is_none() {
                        self.refresh(q, d);
                    }
                }
            }
        }
        for qy in (y - 2).max(0)..=(y + 2).min(SIZE as i32 - 1) {
            for qx in (x - 2).max(0)..=(x + 2).min(SIZE as i32 - 1) {
                self.stones_near[qy as usize * SIZE + qx as usize] -= 1;
            }
        }
        self.refresh_point(point);
    }

    /// Recomputes all four line patterns of the empty `point` and its summaries.
    fn refresh_point(&mut self, point: usize) {
        let table = pattern_table();
        for d in 0..4 {
            let black = self.neighbours[0][point][d];
            let white = self.neighbours[1][point][d];
            let walls = WALLS[point][d];
            self.lines[0][point][d] = table[window_key(black, white | walls)];
            self.lines[1][point][d] = table[window_key(white, black | walls)];
        }
        self.refresh_summaries(point);
    }

    /// Recomputes the line patterns of the empty `point` along `direction`,
    /// and its summaries, for both sides.
    #[inline]
    fn refresh(&mut self, point: usize, direction: usize) {
        let table = pattern_table();
        let black = self.neighbours[0][point][direction];
        let white = self.neighbours[1][point][direction];
        let walls = WALLS[point][direction];
        self.lines[0][point][direction] = table[window_key(black, white | walls)];
        self.lines[1][point][direction] = table[window_key(white, black | walls)];
        self.refresh_summaries(point);
    }

    /// Recomputes both sides' summaries of the empty `point` from its lines.
    #[inline]
    fn refresh_summaries(&mut self, point: usize) {
        let summaries = summary_table();
        let black = summaries[combination_key(self.lines[0][point])];
        let white = summaries[combination_key(self.lines[1][point])];
        let black = (black.threat(), black.value());
        let white = (white.threat(), white.value());
        self.set_summary(point, [black, white]);
    }

    #[inline]
    fn set_summary(&mut self, point: usize, summaries: [(Threat, u16); 2]) {
        for (side, (threat, value)) in summaries.into_iter().enumerate() {
            let old = self.threats[side][point];
            self.threat_counts[side][old as usize] -= 1;
            self.threat_counts[side][threat as usize] += 1;
            self.threats[side][point] = threat;
            self.value_totals[side] += value as i32 - self.values[side][point] as i32;
            self.values[side][point] = value;
        }
    }

    /// The line patterns a `side` stone on the empty `point` would make, one
    /// per direction: horizontal, vertical, diagonal (1,1), diagonal (1,-1).
    #[inline]
    pub fn patterns(&self, side: Player, point: usize) -> [Pattern; 4] {
        self.lines[side.index()][point]
    }

    /// Who has a stone on `point`.
    #[inline]
    pub fn stone(&self, point: usize) -> Option<Player> {
        self.cells[point]
    }

    /// `true` if `point` is empty.
    #[inline]
    pub fn is_empty(&self, point: usize) -> bool {
        self.cells[point].is_none()
    }

    /// `true` if `point` is empty and within two cells (king-wise) of a stone:
    /// where search looks for moves.
    #[inline]
    pub fn is_candidate(&self, point: usize) -> bool {
        self.cells[point].is_none() && self.stones_near[point] > 0
    }

    /// The threat a `side` stone on `point` would make (`None` if occupied).
    #[inline]
    pub fn threat(&self, side: Player, point: usize) -> Threat {
        self.threats[side.index()][point]
    }

    /// The heuristic value of `point` for `side` (0 if occupied).
    #[inline]
    pub fn value(&self, side: Player, point: usize) -> i32 {
        self.values[side.index()][point] as i32
    }

    /// How many empty points have exactly the threat `threat` for `side`.
    #[inline]
    pub fn count(&self, side: Player, threat: Threat) -> usize {
        self.threat_counts[side.index()][threat as usize] as usize
    }

    /// How many empty points have a threat of at least `threat` for `side`.
    #[inline]
    pub fn count_at_least(&self, side: Player, threat: Threat) -> usize {
        self.threat_counts[side.index()][threat as usize..]
            .iter()
            .map(|&c| c as usize)
            .sum()
    }

    /// The sum of the values of all empty points for `side`.
    #[inline]
    pub fn value_total(&self, side: Player) -> i32 {
        self.value_totals[side.index()]
    }

    /// Clears `out` and lists the empty points where `side` has a threat of
    /// at least `at_least`, in point order.
    pub fn points_with(&self, side: Player, at_least: Threat, out: &mut MoveList<GomokuMove>) {
        out.clear();
        if self.count_at_least(side, at_least) == 0 {
            return;
        }
        for (point, &threat) in self.threats[side.index()].iter().enumerate() {
            if threat >= at_least {
                out.push(to_move(point));
            }
        }
    }

    /// The first empty point (in point order) where `side` has `threat` or
    /// better, if any.
    pub fn first_point_with(&self, side: Player, at_least: Threat) -> Option<usize> {
        if self.count_at_least(side, at_least) == 0 {
            return None;
        }
        self.threats[side.index()]
            .iter()
            .position(|&threat| threat >= at_least)
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.stone_count as usize
    }

    /// Zobrist hash of the stones (no side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

/// The move on `point`.
#[inline]
pub fn to_move(point: usize) -> GomokuMove {
    GomokuMove::from_index(point).expect("a point index of the board")
}

#[inline]
fn on_board(x: i32, y: i32) -> bool {
    (0..SIZE as i32).contains(&x) && (0..SIZE as i32).contains(&y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Incremental summaries equal those of a board rebuilt from scratch, and
    /// the five points agree with the rules module, along random games.
    #[test]
    fn incremental_matches_rebuilt_and_rules() {
        let mut rng = SmallRng::seed_from_u64(11);
        let mut moves = MoveList::new();
        for _ in 0..20 {
            let mut game = Gomoku::start();
            let mut board = ThreatBoard::new();
            while game.outcome().is_none() {
                let mover = game.side_to_move();
                game.legal_moves(&mut moves);
                // Mostly near the centre so real shapes arise.
                let m = loop {
                    let m = moves[rng.gen_range(0..moves.len())];
                    if (m.x() - 7).abs() <= 4 && (m.y() - 7).abs() <= 4 || rng.gen_bool(0.05) {
                        break m;
                    }
                };
                let should_win = board.threat(mover, m.index()) == Threat::Five;
                game.play_unchecked(m);
                board.place(m.index(), mover);
                assert_eq!(matches!(game.outcome(), Some(Outcome::Win(_))), should_win);
                let rebuilt = ThreatBoard::from_game(&game);
                assert!(rebuilt.threats == board.threats);
                assert!(rebuilt.values == board.values);
                assert_eq!(rebuilt.threat_counts, board.threat_counts);
                assert_eq!(rebuilt.value_totals, board.value_totals);
                assert_eq!(rebuilt.stones_near, board.stones_near);
            }
        }
    }

    /// Remove undoes place exactly (every field, the hash included), along
    /// random sequences of places and removes.
    #[test]
    fn remove_restores_the_board_exactly() {
        let mut rng = SmallRng::seed_from_u64(12);
        for _ in 0..30 {
            let mut board = ThreatBoard::new();
            let mut placed: Vec<usize> = Vec::new();
            for _ in 0..120 {
                if !placed.is_empty() && rng.gen_bool(0.35) {
                    let i = rng.gen_range(0..placed.len());
                    let point = placed.swap_remove(i);
                    board.remove(point);
                } else {
                    let point = loop {
                        let p = rng.gen_range(0..POINTS);
                        if board.is_empty(p) {
                            break p;
                        }
                    };
                    let colour = if rng.gen_bool(0.5) {
                        Player::Black
                    } else {
                        Player::White
                    };
                    let before = board.clone();
                    board.place(point, colour);
                    board.remove(point);
                    assert!(board == before, "place + remove changed the board");
                    board.place(point, colour);
                    placed.push(point);
                }
                let mut rebuilt = ThreatBoard::new();
                for p in 0..POINTS {
                    if let Some(c) = board.stone(p) {
                        rebuilt.place(p, c);
                    }
                }
                assert!(rebuilt == board, "incremental board differs from a rebuilt one");
            }
        }
    }
}
