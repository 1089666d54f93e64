//! The incremental threat board: for every empty point, the threat and value
//! a stone there would have for each side, kept up to date stone by stone.

use super::codes::{class_of_key, code_key_part, code_of_key, joint_pair};
use super::net::{NetWeights, CODE_ROWS, NET_COLUMNS, NET_SIDE_COLUMNS};
use super::patterns::{neighbour_bit, pattern_table, window_key, Pattern};
use super::shape::{shape_key_part, shape_of_key, Shape};
use super::table::{TableWeights, COLUMNS};
use super::threat::{
    pattern_value, summarize, threat_bonus, threat_key_part, threat_of_key, Threat,
};
use crate::game::{zobrist_keys, Game, MoveList, Player};
use crate::games::{Gomoku, GomokuMove};

const SIZE: usize = Gomoku::SIZE;
const POINTS: usize = Gomoku::POINTS;

/// The four line directions `(dx, dy)`: horizontal, vertical and both diagonals.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Own Zobrist keys (`[colour * 225 + point]`), so solvers can key their tables
/// without the rules module's private ones.
const KEYS: [u64; 2 * POINTS] = zobrist_keys(0x7A12_EA7B_0A4D_0001);

/// `3^i`: the weight of neighbour bit `i` in a window key.
const POW3: [u16; 8] = [1, 3, 9, 27, 81, 243, 729, 2187];

/// Where a packed window keeps White's key (Black's is the low half).
const WHITE_WINDOW_SHIFT: u32 = 16;

/// `STONE_WINDOW_DELTAS[colour][bit]`: what a `colour` stone at neighbour
/// bit `bit` adds to a packed window: a stone counts 1 in its own side's
/// key and 2 in the other's, so one add updates both sides' windows.
const STONE_WINDOW_DELTAS: [[u32; 8]; 2] = stone_window_deltas();

const fn stone_window_deltas() -> [[u32; 8]; 2] {
    let mut deltas = [[0; 8]; 2];
    let mut bit = 0;
    while bit < 8 {
        let w = POW3[bit] as u32;
        deltas[0][bit] = w | ((2 * w) << WHITE_WINDOW_SHIFT);
        deltas[1][bit] = (2 * w) | (w << WHITE_WINDOW_SHIFT);
        bit += 1;
    }
    deltas
}

/// `side`'s window key in a packed window.
#[inline(always)]
fn window_of(packed: u32, side: usize) -> usize {
    (packed >> (WHITE_WINDOW_SHIFT * side as u32)) as usize & 0xFFFF
}

/// One cell whose window a stone changes: the cell, the direction of the
/// shared line, and the stone's neighbour-bit index as seen from the cell.
#[derive(Clone, Copy)]
struct Touch {
    cell: u8,
    direction: u8,
    bit: u8,
}

/// `NEIGHBOURHOOD[point]`: the on-board cells within four steps of `point`
/// along its four lines (at most 32), and how many there are.
static NEIGHBOURHOOD: [([Touch; 32], u8); POINTS] = compute_neighbourhood();

const fn compute_neighbourhood() -> [([Touch; 32], u8); POINTS] {
    let none = Touch {
        cell: 0,
        direction: 0,
        bit: 0,
    };
    let mut table = [([none; 32], 0u8); POINTS];
    let mut point = 0;
    while point < POINTS {
        let (x, y) = ((point % SIZE) as i32, (point / SIZE) as i32);
        let mut n = 0;
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = DIRECTIONS[d];
            let mut offset = -4;
            while offset <= 4 {
                let (qx, qy) = (x + offset * dx, y + offset * dy);
                if offset != 0 && qx >= 0 && qy >= 0 && qx < SIZE as i32 && qy < SIZE as i32 {
                    // Seen from q, the stone lies `-offset` cells along the line.
                    table[point].0[n] = Touch {
                        cell: (qy as usize * SIZE + qx as usize) as u8,
                        direction: d as u8,
                        bit: neighbour_bit(-offset).trailing_zeros() as u8,
                    };
                    n += 1;
                }
                offset += 1;
            }
            d += 1;
        }
        table[point].1 = n as u8;
        point += 1;
    }
    table
}

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

/// Where a point key keeps its shape key (its threat key is the low 16
/// bits).
const SHAPE_KEY_SHIFT: u32 = 16;
/// Where a point key keeps its line value (the sum of [`pattern_value`]).
const LINE_VALUE_SHIFT: u32 = 32;
/// Where a point key keeps its code key (the sum of [`code_key_part`]).
const CODE_KEY_SHIFT: u32 = 48;

/// `POINT_KEY_PARTS[direction][pattern]`: see [`point_key_part`].
static POINT_KEY_PARTS: [[u64; Pattern::COUNT]; 4] = point_key_parts();

const fn point_key_parts() -> [[u64; Pattern::COUNT]; 4] {
    let mut parts = [[0; Pattern::COUNT]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < Pattern::COUNT {
            let p = Pattern::ALL[i];
            parts[d][i] = threat_key_part(p) as u64
                | (shape_key_part(p) as u64) << SHAPE_KEY_SHIFT
                | (pattern_value(p) as u64) << LINE_VALUE_SHIFT
                | (code_key_part(d, p) as u64) << CODE_KEY_SHIFT;
            i += 1;
        }
        d += 1;
    }
    parts
}

/// A line's share of its point's key: its threat key part, shape key part,
/// value and code key part in separate fields, so one sum over the four
/// lines, updated by add and subtract as lines change, keeps all four (no
/// field can carry into the next: four lines stay below 2^16 in each).
/// Only the code key depends on the line's direction.
#[inline]
fn point_key_part(direction: usize, pattern: Pattern) -> u64 {
    POINT_KEY_PARTS[direction][pattern as usize]
}

/// The pattern code of a point with key `key`.
#[inline]
fn code_of_point_key(key: u64) -> u16 {
    code_of_key((key >> CODE_KEY_SHIFT) as u16)
}

#[inline(always)]
fn add_entry<const N: usize>(sums: &mut [i32; N], entry: &[i16; N]) {
    for (sum, &value) in sums.iter_mut().zip(entry) {
        *sum += value as i32;
    }
}

#[inline(always)]
fn subtract_entry<const N: usize>(sums: &mut [i32; N], entry: &[i16; N]) {
    for (sum, &value) in sums.iter_mut().zip(entry) {
        *sum -= value as i32;
    }
}

/// Adds a net row to net sums. The sums are i16 and wrap: a wrapped sum
/// is still right modulo 2^16, and the evaluation's total of the parts
/// lies within i16 (the net's quantisation keeps it there,
/// [`ACCUMULATOR_QUANTISATION`](super::net::ACCUMULATOR_QUANTISATION)),
/// so the total comes out exact.
#[inline(always)]
fn add_net_row<const N: usize>(sums: &mut [i16; N], row: &[i16; N]) {
    for (sum, &value) in sums.iter_mut().zip(row) {
        *sum = sum.wrapping_add(value);
    }
}

/// No code: the side of a code move with nothing on it (a point that
/// stops or starts being empty). Masked as a code, it reads a zero row of
/// the net's ([`CODE_ROWS`]).
const NO_CODE: u16 = u16::MAX;

/// The code changes of one place or remove, per side, as (code left, code
/// entered) pairs: collected while the lines change and applied to the
/// table and net sums in one pass at the end ([`ThreatBoard::apply_code_moves`]),
/// so the sums go through registers once per stone instead of once per
/// changed line.
struct CodeMoves {
    /// A stone changes one line of each of the (at most 32) points around
    /// it, and empties or fills its own point.
    moves: [[(u16, u16); 33]; 2],
    len: [usize; 2],
    /// The points whose code changed for either side, each once: their
    /// joint pairs ([`ThreatBoard::joint_sums`]) are read again.
    points: [u8; 33],
    points_len: usize,
}

impl CodeMoves {
    #[inline(always)]
    fn new() -> Self {
        CodeMoves {
            moves: [[(NO_CODE, NO_CODE); 33]; 2],
            len: [0; 2],
            points: [0; 33],
            points_len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, side: usize, left: u16, entered: u16) {
        self.moves[side][self.len[side]] = (left, entered);
        self.len[side] += 1;
    }

    /// Notes that `point`'s code changed.
    #[inline(always)]
    fn touch(&mut self, point: usize) {
        self.points[self.points_len] = point as u8;
        self.points_len += 1;
    }
}

/// The shape of a point with key `key`.
#[inline]
fn shape_of_point_key(key: u64) -> Shape {
    shape_of_key((key >> SHAPE_KEY_SHIFT) as u16)
}

/// The board-wide counts and sums over the empty points, kept together so
/// [`Undo`] saves and restores them in one copy.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Totals {
    /// Empty points per side and threat class.
    threat_counts: [[u16; Threat::COUNT]; 2],
    /// `pattern_counts[side][pattern]`: the (empty point, direction) pairs
    /// where a `side` stone would make `pattern`; occupied points count for
    /// nothing.
    pattern_counts: [[u16; Pattern::COUNT]; 2],
    /// `shape_counts[side][shape]`: the empty points of each shape for
    /// `side`; occupied points count for nothing.
    shape_counts: [[u16; Shape::COUNT]; 2],
    /// Sum of `values` over the empty points, per side.
    value_totals: [i32; 2],
    /// `table_sums[side][column]`: the sum over the empty points of the
    /// board's table at the point's code for `side` (all 0 without a table).
    table_sums: [[i32; COLUMNS]; 2],
    /// Tactical places not yet undone: while any is, the evaluation's
    /// counts and sums above (all but `threat_counts`) are stale.
    stale: u8,
    /// Places without counts not yet undone: while any is,
    /// `pattern_counts`, `shape_counts` and `value_totals` are stale (the
    /// code sums are not).
    counts_stale: u8,
}

/// One line of one empty point that a stone changed for one side, with what
/// the point held before.
#[derive(Clone, Copy)]
struct Change {
    /// `side * POINTS + point`: the index into the flattened per-side arrays.
    slot: u16,
    direction: u8,
    pattern: Pattern,
    threat: Threat,
    value: u16,
    key: u64,
}

const NO_CHANGE: Change = Change {
    slot: 0,
    direction: 0,
    pattern: Pattern::Dead,
    threat: Threat::None,
    value: 0,
    key: 0,
};

/// What one [`ThreatBoard::place_undoable`] changed, so that
/// [`ThreatBoard::undo`] puts it back by copying instead of recomputing the
/// line patterns (recomputing made removal as dear as placing). An
/// [`UndoStack`] keeps one per stone of a line.
#[derive(Clone)]
struct Undo {
    point: u8,
    totals: Totals,
    /// The placed point's own lines, key, threat and value per side.
    lines: [[Pattern; 4]; 2],
    keys: [u64; 2],
    threats: [Threat; 2],
    values: [u16; 2],
    /// A stone changes at most one line of each of the (at most 32) points
    /// around it, per side.
    changes: [Change; 64],
    len: u8,
}

impl Undo {
    fn new() -> Self {
        Undo {
            point: 0,
            // Overwritten by every place that fills it.
            totals: Totals {
                threat_counts: [[0; Threat::COUNT]; 2],
                pattern_counts: [[0; Pattern::COUNT]; 2],
                shape_counts: [[0; Shape::COUNT]; 2],
                value_totals: [0; 2],
                table_sums: [[0; COLUMNS]; 2],
                stale: 0,
                counts_stale: 0,
            },
            lines: [[Pattern::Dead; 4]; 2],
            keys: [0; 2],
            threats: [Threat::None; 2],
            values: [0; 2],
            changes: [NO_CHANGE; 64],
            len: 0,
        }
    }
}

/// The [`Undo`]s of one line of play, last stone on top: searches make and
/// unmake moves through it, so stones come off in the reverse order they
/// went on and each is taken back by copying.
pub struct UndoStack {
    undos: Vec<Undo>,
    /// The board's net sums before each place, kept apart from [`Undo`]
    /// (only a board with a net needs them, and a larger `Undo` slowed
    /// every search).
    net_sums: Vec<[[i16; NET_SIDE_COLUMNS]; 2]>,
    /// The board's joint sums before each place, likewise.
    joint_sums: Vec<[i16; NET_SIDE_COLUMNS]>,
    /// The board's joint pairs before each place, likewise: copying the
    /// 225 bytes there and back takes about an eighth of the instructions
    /// of reading the pairs of the changed points again (cachegrind).
    joints: Vec<[u8; POINTS]>,
    len: usize,
}

impl UndoStack {
    /// Ready for lines of `capacity` stones; a longer line grows it.
    pub fn with_capacity(capacity: usize) -> Self {
        UndoStack {
            undos: vec![Undo::new(); capacity],
            net_sums: vec![[[0; NET_SIDE_COLUMNS]; 2]; capacity],
            joint_sums: vec![[0; NET_SIDE_COLUMNS]; capacity],
            joints: vec![[0; POINTS]; capacity],
            len: 0,
        }
    }

    /// [`ThreatBoard::place`] that [`Self::take_back`] undoes.
    #[inline]
    pub fn place(&mut self, board: &mut ThreatBoard, point: usize, colour: Player) {
        board.place_undoable(point, colour, self.push(board, true));
    }

    /// [`ThreatBoard::place_without_counts`] that [`Self::take_back`]
    /// undoes.
    #[inline]
    pub fn place_without_counts(&mut self, board: &mut ThreatBoard, point: usize, colour: Player) {
        board.place_without_counts(point, colour, self.push(board, true));
    }

    /// [`ThreatBoard::place_tactical`] that [`Self::take_back`] undoes.
    #[inline]
    pub fn place_tactical(&mut self, board: &mut ThreatBoard, point: usize, colour: Player) {
        board.place_tactical(point, colour, self.push(board, false));
    }

    /// Takes the last stone placed through the stack off `board`.
    #[inline]
    pub fn take_back(&mut self, board: &mut ThreatBoard) {
        self.len -= 1;
        let undo = &self.undos[self.len];
        // A tactical place left the sums and pairs as they were (stale).
        let tactical = board.totals.stale != undo.totals.stale;
        board.undo(undo);
        if board.net.is_some() && !tactical {
            board.net_sums = self.net_sums[self.len];
            board.joint_sums = self.joint_sums[self.len];
            board.joint = self.joints[self.len];
        }
    }

    /// The next slot, for a place on `board`: its net sums and pairs, if it
    /// keeps them and the place will change them (`updates_sums`; a
    /// tactical place does not), saved there for [`Self::take_back`] to
    /// restore.
    #[inline]
    fn push(&mut self, board: &ThreatBoard, updates_sums: bool) -> &mut Undo {
        if self.len == self.undos.len() {
            self.undos.push(Undo::new());
            self.net_sums.push([[0; NET_SIDE_COLUMNS]; 2]);
            self.joint_sums.push([0; NET_SIDE_COLUMNS]);
            self.joints.push([0; POINTS]);
        }
        if board.net.is_some() && updates_sums {
            self.net_sums[self.len] = board.net_sums;
            self.joint_sums[self.len] = board.joint_sums;
            self.joints[self.len] = board.joint;
        }
        self.len += 1;
        &mut self.undos[self.len - 1]
    }
}

/// Where [`ThreatBoard::place`] reports what it changes: nowhere, or an
/// [`Undo`]. Monomorphised, so plain placing pays nothing for it.
trait ChangeLog {
    /// `false`: the pattern and shape counts and the value totals (what only
    /// the hand and trained evaluations read) are left stale, for the undo
    /// to restore.
    const COUNTS: bool = true;
    /// `false`: the table and net sums (what only the table and net
    /// evaluations read) are left stale, for the undo to restore.
    const CODE_SUMS: bool = true;
    /// Called before `point` is touched.
    fn begin(&mut self, board: &ThreatBoard, point: usize);
    /// Called before a line of an empty point changes.
    fn record(&mut self, change: Change);
}

impl ChangeLog for () {
    #[inline(always)]
    fn begin(&mut self, _: &ThreatBoard, _: usize) {}
    #[inline(always)]
    fn record(&mut self, _: Change) {}
}

/// An [`Undo`] filled by a place that keeps the counts only if `COUNTS`
/// and the code sums only if `CODE_SUMS` ([`ChangeLog`]'s constants):
/// `<false, true>` for [`ThreatBoard::place_without_counts`],
/// `<false, false>` for [`ThreatBoard::place_tactical`].
struct PartialUndo<'a, const COUNTS: bool, const CODE_SUMS: bool>(&'a mut Undo);

impl<const COUNTS: bool, const CODE_SUMS: bool> ChangeLog for PartialUndo<'_, COUNTS, CODE_SUMS> {
    const COUNTS: bool = COUNTS;
    const CODE_SUMS: bool = CODE_SUMS;
    #[inline(always)]
    fn begin(&mut self, board: &ThreatBoard, point: usize) {
        self.0.begin(board, point);
    }
    #[inline(always)]
    fn record(&mut self, change: Change) {
        self.0.record(change);
    }
}

impl ChangeLog for Undo {
    #[inline(always)]
    fn begin(&mut self, board: &ThreatBoard, point: usize) {
        self.point = point as u8;
        self.totals = board.totals;
        for side in 0..2 {
            self.lines[side] = board.lines[side][point];
            self.keys[side] = board.point_keys[side][point];
            self.threats[side] = board.threats[side][point];
            self.values[side] = board.values[side][point];
        }
        self.len = 0;
    }

    #[inline(always)]
    fn record(&mut self, change: Change) {
        self.changes[self.len as usize] = change;
        self.len += 1;
    }
}

/// Per-point threat summaries for both sides, updated incrementally by
/// [`ThreatBoard::place`] and undone by [`ThreatBoard::remove`] (any stone)
/// or [`ThreatBoard::undo`] (the last one, by copying). Occupied
/// points carry no line, threat or value; everything is a function of the
/// stones, whatever order they came in.
///
/// The board does not know whose turn it is: solvers place stones of either
/// colour in any order (the rules module keeps the turn).
#[derive(Clone, PartialEq, Eq)]
pub struct ThreatBoard {
    cells: [Option<Player>; POINTS],
    /// `windows[point][direction]`: the pattern-table indices
    /// ([`window_key`]) of the line window each side sees from `point`
    /// (Black's in the low half, White's in the high), kept
    /// for every point, occupied or not.
    windows: [[u32; 4]; POINTS],
    /// `lines[side][point][direction]`: the pattern a `side` stone on the
    /// empty `point` would make along `direction`.
    lines: [[[Pattern; 4]; POINTS]; 2],
    /// `point_keys[side][point]`: the sum of [`point_key_part`] over the
    /// point's four lines (0 on occupied points), which holds its threat
    /// key, shape key, line value and code key.
    point_keys: [[u64; POINTS]; 2],
    threats: [[Threat; POINTS]; 2],
    values: [[u16; POINTS]; 2],
    totals: Totals,
    /// The table whose sums `totals` keeps, if any (only the table
    /// evaluation reads them; without one, a changed line costs nothing
    /// more).
    table: Option<&'static TableWeights>,
    /// The net whose sums `net_sums` keeps, if any (as `table`).
    net: Option<&'static NetWeights>,
    /// `table` or `net` is set: one test on the line updates' path.
    keeps_code_sums: bool,
    /// `net_sums[side]`: the sum over the empty points of the net's row
    /// for the point's code for `side` (all 0 without a net), wrapping
    /// ([`add_net_row`]): half the width of i32 sums, so every stone's
    /// update and every undo's copy moves half the bytes.
    net_sums: [[i16; NET_SIDE_COLUMNS]; 2],
    /// `joint[point]`: the point's joint pair from Black's view
    /// ([`JOINT_PAIRS`](super::codes::JOINT_PAIRS); 0 on occupied points),
    /// kept only with a net (else all 0).
    joint: [u8; POINTS],
    /// The sum over the empty points of the net's rows for the point's
    /// joint pair ([`NetWeights::joint_rows`]): Black's view, then White's.
    joint_sums: [i16; NET_SIDE_COLUMNS],
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
            .field("value_totals", &self.totals.value_totals)
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
            windows: [[0; 4]; POINTS],
            lines: [[[Pattern::Dead; 4]; POINTS]; 2],
            point_keys: [[0; POINTS]; 2],
            threats: [[Threat::None; POINTS]; 2],
            values: [[0; POINTS]; 2],
            totals: Totals {
                threat_counts: [[POINTS as u16, 0, 0, 0, 0, 0, 0]; 2],
                pattern_counts: [[0; Pattern::COUNT]; 2],
                shape_counts: [[0; Shape::COUNT]; 2],
                value_totals: [0; 2],
                table_sums: [[0; COLUMNS]; 2],
                stale: 0,
                counts_stale: 0,
            },
            table: None,
            net: None,
            keeps_code_sums: false,
            net_sums: [[0; NET_SIDE_COLUMNS]; 2],
            joint: [0; POINTS],
            joint_sums: [0; NET_SIDE_COLUMNS],
            stones_near: [0; POINTS],
            stone_count: 0,
            hash: 0,
        };
        for (point, walls) in WALLS.iter().enumerate() {
            board.windows[point] = walls.map(|w| {
                let key = window_key(0, w) as u32;
                key | key << WHITE_WINDOW_SHIFT
            });
            // The new board keeps no code sums: nothing to apply.
            board.refresh_point(point, &mut CodeMoves::new());
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
        self.place_logged(point, colour, &mut ());
    }

    /// As [`Self::place`], saving in `undo` what [`Self::undo`] needs to
    /// take the stone back quickly.
    fn place_undoable(&mut self, point: usize, colour: Player, undo: &mut Undo) {
        self.place_logged(point, colour, undo);
    }

    /// As [`Self::place_undoable`], keeping only what solvers read (stones,
    /// hash, threats, values and threat counts): the evaluation's pattern
    /// and shape counts, value totals and code sums stay stale until the
    /// matching [`Self::undo`]. About a third less work per changed line,
    /// for the VCF solver's many places.
    fn place_tactical(&mut self, point: usize, colour: Player, undo: &mut Undo) {
        self.place_logged(point, colour, &mut PartialUndo::<false, false>(undo));
        self.totals.stale += 1;
    }

    /// As [`Self::place_undoable`], keeping the table and net sums but not
    /// the counts and totals only the hand and trained evaluations read
    /// (pattern and shape counts, value totals): they stay stale until the
    /// matching [`Self::undo`]. For a search whose evaluation reads only the
    /// code sums: the default's took 6-10% less time for the same nodes
    /// (`docs/gomoku.md`, "Places without counts").
    fn place_without_counts(&mut self, point: usize, colour: Player, undo: &mut Undo) {
        self.place_logged(point, colour, &mut PartialUndo::<false, true>(undo));
        self.totals.counts_stale += 1;
    }

    #[inline(always)]
    fn place_logged<L: ChangeLog>(&mut self, point: usize, colour: Player, log: &mut L) {
        debug_assert!(self.cells[point].is_none(), "place on an occupied point");
        log.begin(self, point);
        let mut code_moves = CodeMoves::new();
        for side in 0..2 {
            self.set_summary(point, side, Threat::None, 0, L::COUNTS);
            let key = std::mem::take(&mut self.point_keys[side][point]);
            if L::COUNTS {
                // Wrapping: the counts may be stale here (inside a tactical
                // place or a place without counts), and the undo restores
                // them whatever they became.
                for pattern in self.lines[side][point] {
                    let count = &mut self.totals.pattern_counts[side][pattern as usize];
                    *count = count.wrapping_sub(1);
                }
                let count = &mut self.totals.shape_counts[side][shape_of_point_key(key).index()];
                *count = count.wrapping_sub(1);
            }
            if L::CODE_SUMS && self.keeps_code_sums {
                code_moves.push(side, code_of_point_key(key), NO_CODE);
            }
            self.lines[side][point] = [Pattern::Dead; 4];
        }
        if L::CODE_SUMS && self.keeps_code_sums {
            code_moves.touch(point);
        }
        self.cells[point] = Some(colour);
        self.hash ^= KEYS[colour.index() * POINTS + point];
        self.stone_count += 1;
        let deltas = &STONE_WINDOW_DELTAS[colour.index()];
        let (touches, n) = &NEIGHBOURHOOD[point];
        let patterns = pattern_table();
        for t in &touches[..*n as usize] {
            let (q, d) = (t.cell as usize, t.direction as usize);
            self.windows[q][d] += deltas[t.bit as usize];
            if self.cells[q].is_none() {
                self.refresh(patterns, q, d, log, &mut code_moves);
            }
        }
        if L::CODE_SUMS && self.keeps_code_sums {
            self.apply_code_moves(&code_moves);
        }
        self.update_near(point, 1);
    }

    /// Takes back the stone of the [`Self::place_undoable`] that filled
    /// `undo`, restoring the board exactly. Stones must come off in the
    /// reverse order they went on (a search's make/unmake); [`Self::remove`]
    /// takes any stone off.
    fn undo(&mut self, undo: &Undo) {
        let point = undo.point as usize;
        let colour = self.cells[point].take().expect("undo of an empty point");
        self.hash ^= KEYS[colour.index() * POINTS + point];
        self.stone_count -= 1;
        let deltas = &STONE_WINDOW_DELTAS[colour.index()];
        let (touches, n) = &NEIGHBOURHOOD[point];
        for t in &touches[..*n as usize] {
            self.windows[t.cell as usize][t.direction as usize] -= deltas[t.bit as usize];
        }
        // Through the flattened arrays: one index for all four, no
        // multiply per side.
        let lines = self.lines.as_flattened_mut();
        let keys = self.point_keys.as_flattened_mut();
        let threats = self.threats.as_flattened_mut();
        let values = self.values.as_flattened_mut();
        for c in &undo.changes[..undo.len as usize] {
            let slot = c.slot as usize;
            lines[slot][c.direction as usize] = c.pattern;
            keys[slot] = c.key;
            threats[slot] = c.threat;
            values[slot] = c.value;
        }
        for side in 0..2 {
            self.lines[side][point] = undo.lines[side];
            self.point_keys[side][point] = undo.keys[side];
            self.threats[side][point] = undo.threats[side];
            self.values[side][point] = undo.values[side];
        }
        self.totals = undo.totals;
        self.update_near(point, -1);
    }

    /// Takes the stone off `point`, undoing [`Self::place`] exactly: search
    /// walks one board with place/remove instead of copying it per node.
    pub fn remove(&mut self, point: usize) {
        let colour = self.cells[point]
            .take()
            .expect("remove from an empty point");
        self.hash ^= KEYS[colour.index() * POINTS + point];
        self.stone_count -= 1;
        let deltas = &STONE_WINDOW_DELTAS[colour.index()];
        let (touches, n) = &NEIGHBOURHOOD[point];
        let patterns = pattern_table();
        let mut code_moves = CodeMoves::new();
        for t in &touches[..*n as usize] {
            let (q, d) = (t.cell as usize, t.direction as usize);
            self.windows[q][d] -= deltas[t.bit as usize];
            if self.cells[q].is_none() {
                self.refresh(patterns, q, d, &mut (), &mut code_moves);
            }
        }
        self.update_near(point, -1);
        self.refresh_point(point, &mut code_moves);
        if self.keeps_code_sums {
            self.apply_code_moves(&code_moves);
        }
    }

    /// Adds `delta` to the stone counts of the 5x5 square around `point`.
    #[inline]
    fn update_near(&mut self, point: usize, delta: i8) {
        let (x, y) = (point % SIZE, point / SIZE);
        for qy in y.saturating_sub(2)..=(y + 2).min(SIZE - 1) {
            let row = qy * SIZE;
            for near in
                &mut self.stones_near[row + x.saturating_sub(2)..=row + (x + 2).min(SIZE - 1)]
            {
                *near = near.wrapping_add_signed(delta);
            }
        }
    }

    /// Recomputes all four line patterns of the `point` just emptied (or of
    /// the new board) and its summaries; its lines were not counted before.
    /// Its codes go to `code_moves` (for the caller to apply) if the board
    /// keeps code sums.
    fn refresh_point(&mut self, point: usize, code_moves: &mut CodeMoves) {
        let patterns = pattern_table();
        for side in 0..2 {
            let lines = self.windows[point].map(|w| patterns[window_of(w, side)]);
            for pattern in lines {
                self.totals.pattern_counts[side][pattern as usize] += 1;
            }
            self.lines[side][point] = lines;
            let key = (0..4).map(|d| point_key_part(d, lines[d])).sum();
            self.point_keys[side][point] = key;
            self.totals.shape_counts[side][shape_of_point_key(key).index()] += 1;
            if self.keeps_code_sums {
                code_moves.push(side, NO_CODE, code_of_point_key(key));
            }
            let (threat, value) = summarize(lines);
            self.set_summary(point, side, threat, value, true);
        }
        if self.keeps_code_sums {
            code_moves.touch(point);
        }
    }

    /// Recomputes the line patterns of the empty `point` along `direction`,
    /// and the summaries of the sides whose pattern changed; code changes
    /// go to `code_moves` (for the caller to apply) if the board keeps code
    /// sums.
    #[inline(always)]
    fn refresh<L: ChangeLog>(
        &mut self,
        patterns: &[Pattern],
        point: usize,
        direction: usize,
        log: &mut L,
        code_moves: &mut CodeMoves,
    ) {
        let mut touched = false;
        for side in 0..2 {
            let new = patterns[window_of(self.windows[point][direction], side)];
            let old = std::mem::replace(&mut self.lines[side][point][direction], new);
            if new != old {
                log.record(Change {
                    slot: (side * POINTS + point) as u16,
                    direction: direction as u8,
                    pattern: old,
                    threat: self.threats[side][point],
                    value: self.values[side][point],
                    key: self.point_keys[side][point],
                });
                if L::COUNTS {
                    // Wrapping, as in `place_logged`: the counts may be stale.
                    let counts = &mut self.totals.pattern_counts[side];
                    counts[old as usize] = counts[old as usize].wrapping_sub(1);
                    counts[new as usize] = counts[new as usize].wrapping_add(1);
                }
                // Threat, shape and value from the point's key, not from its
                // four lines: reading them back right after the one-byte
                // write above stalls the store forwarding (measured: half
                // the search speed).
                let key = &mut self.point_keys[side][point];
                let old_key = *key;
                *key = old_key + point_key_part(direction, new) - point_key_part(direction, old);
                let key = *key;
                if L::COUNTS {
                    let (old_shape, shape) = (shape_of_point_key(old_key), shape_of_point_key(key));
                    let counts = &mut self.totals.shape_counts[side];
                    counts[old_shape.index()] = counts[old_shape.index()].wrapping_sub(1);
                    counts[shape.index()] = counts[shape.index()].wrapping_add(1);
                }
                if L::CODE_SUMS && self.keeps_code_sums {
                    // A changed line always changes the multiset, so the
                    // code.
                    code_moves.push(side, code_of_point_key(old_key), code_of_point_key(key));
                    if !touched {
                        code_moves.touch(point);
                        touched = true;
                    }
                }
                let threat = threat_of_key(key as u16);
                let value = (key >> LINE_VALUE_SHIFT) as u16 + threat_bonus(threat);
                self.set_summary(point, side, threat, value, L::COUNTS);
            }
        }
    }

    /// Applies `code_moves` to the table and net sums: each pair's code
    /// left is subtracted, its code entered added. Out of line: only boards
    /// that keep such sums call it, and the line updates stay small.
    #[inline(never)]
    fn apply_code_moves(&mut self, code_moves: &CodeMoves) {
        for side in 0..2 {
            let moves = &code_moves.moves[side][..code_moves.len[side]];
            if let Some(table) = self.table {
                let sums = &mut self.totals.table_sums[side];
                for &(left, entered) in moves {
                    if left != NO_CODE {
                        subtract_entry(sums, &table.codes[left as usize]);
                    }
                    if entered != NO_CODE {
                        add_entry(sums, &table.codes[entered as usize]);
                    }
                }
            }
            if let Some(net) = self.net {
                // No code masks to a zero row.
                let row = |code: u16| &net.code_rows[code as usize & (CODE_ROWS - 1)];
                // The sums stay in registers over the whole list: updated in
                // place, the compiler wrote 72 scalar read-modify-writes per
                // changed line (a quarter of the search's time).
                let mut sums = self.net_sums[side];
                for &(left, entered) in moves {
                    let (old, new) = (row(left), row(entered));
                    for ((sum, &o), &n) in sums.iter_mut().zip(old).zip(new) {
                        *sum = sum.wrapping_add(n).wrapping_sub(o);
                    }
                }
                self.net_sums[side] = sums;
            }
        }
        if let Some(net) = self.net {
            // In registers over the whole list, as the code sums above.
            let mut sums = self.joint_sums;
            for &point in &code_moves.points[..code_moves.points_len] {
                let point = point as usize;
                let (old, new) = (self.joint[point], self.pair_of(point));
                if old != new {
                    self.joint[point] = new;
                    let (old, new) = (&net.joint_rows[old as usize], &net.joint_rows[new as usize]);
                    for ((sum, &o), &n) in sums.iter_mut().zip(old).zip(new) {
                        *sum = sum.wrapping_add(n).wrapping_sub(o);
                    }
                }
            }
            self.joint_sums = sums;
        }
    }

    /// The joint pair of `point` from Black's view (0 on an occupied point).
    #[inline]
    fn pair_of(&self, point: usize) -> u8 {
        if self.cells[point].is_some() {
            return 0;
        }
        let class =
            |side: usize| class_of_key((self.point_keys[side][point] >> CODE_KEY_SHIFT) as u16);
        joint_pair(class(0), class(1)) as u8
    }

    /// Sets a point's threat and value for `side`, and the totals over
    /// points (the value totals only with `counts`).
    #[inline(always)]
    fn set_summary(&mut self, point: usize, side: usize, threat: Threat, value: u16, counts: bool) {
        let old = self.threats[side][point];
        // Most changed lines leave the threat as it was (mostly none).
        if threat != old {
            self.totals.threat_counts[side][old as usize] -= 1;
            self.totals.threat_counts[side][threat as usize] += 1;
            self.threats[side][point] = threat;
        }
        if counts {
            let total = &mut self.totals.value_totals[side];
            *total = total.wrapping_add(value as i32 - self.values[side][point] as i32);
        }
        self.values[side][point] = value;
    }

    /// The threat `side` would have on the empty `point` if the empty
    /// `blocked` point held the other side's stone, computed without placing
    /// it. (A blocking stone can only weaken `side`'s other points, so this
    /// tells exactly whether a block removes a threat point.)
    pub fn threat_if_blocked(&self, side: Player, point: usize, blocked: usize) -> Threat {
        if point == blocked {
            return Threat::None;
        }
        let s = side.index();
        let (px, py) = ((point % SIZE) as i32, (point / SIZE) as i32);
        let (dx, dy) = ((blocked % SIZE) as i32 - px, (blocked / SIZE) as i32 - py);
        let (d, offset) = if dy == 0 {
            (0, dx)
        } else if dx == 0 {
            (1, dy)
        } else if dx == dy {
            (2, dx)
        } else if dx == -dy {
            (3, dx)
        } else {
            return self.threats[s][point];
        };
        if offset.abs() > 4 {
            return self.threats[s][point];
        }
        let bit = neighbour_bit(offset).trailing_zeros() as usize;
        let mut lines = self.lines[s][point];
        lines[d] = pattern_table()[window_of(self.windows[point][d], s) + 2 * POW3[bit] as usize];
        summarize(lines).0
    }

    /// The line patterns a `side` stone on the empty `point` would make, one
    /// per direction: horizontal, vertical, diagonal (1,1), diagonal (1,-1).
    #[inline]
    pub fn patterns(&self, side: Player, point: usize) -> [Pattern; 4] {
        self.lines[side.index()][point]
    }

    /// The pattern code ([`code_of`](super::codes::code_of) of its four
    /// lines) of the empty `point` for `side`; `None` if it is occupied.
    #[inline]
    pub fn code(&self, side: Player, point: usize) -> Option<u16> {
        self.is_empty(point)
            .then(|| code_of_point_key(self.point_keys[side.index()][point]))
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
        self.totals.threat_counts[side.index()][threat as usize] as usize
    }

    /// How many empty points have a threat of at least `threat` for `side`.
    #[inline]
    pub fn count_at_least(&self, side: Player, threat: Threat) -> usize {
        self.totals.threat_counts[side.index()][threat as usize..]
            .iter()
            .map(|&c| c as usize)
            .sum()
    }

    /// How many (empty point, direction) pairs have the line pattern
    /// `pattern` for `side`: a stone there would make it along that line.
    #[inline]
    pub fn pattern_count(&self, side: Player, pattern: Pattern) -> usize {
        self.debug_assert_counts_fresh();
        self.totals.pattern_counts[side.index()][pattern as usize] as usize
    }

    /// The empty points of every shape for `side`, by [`Shape::index`].
    #[inline]
    pub fn shape_counts(&self, side: Player) -> &[u16; Shape::COUNT] {
        self.debug_assert_counts_fresh();
        &self.totals.shape_counts[side.index()]
    }

    /// Panics in debug builds inside a tactical place or a place without
    /// counts, where the counts and value totals are stale.
    #[inline]
    fn debug_assert_counts_fresh(&self) {
        debug_assert_eq!(self.totals.stale, 0, "counts read inside a tactical place");
        debug_assert_eq!(
            self.totals.counts_stale, 0,
            "counts read inside a place without counts"
        );
    }

    /// Keeps the sums of `table` from now on (`None`: no sums), starting
    /// from this board's points: the table evaluation needs them.
    pub fn set_table(&mut self, table: Option<&'static TableWeights>) {
        self.table = table;
        self.keeps_code_sums = self.table.is_some() || self.net.is_some();
        self.totals.table_sums = [[0; COLUMNS]; 2];
        let Some(table) = table else { return };
        for side in 0..2 {
            for point in 0..POINTS {
                if self.cells[point].is_none() {
                    let code = code_of_point_key(self.point_keys[side][point]);
                    add_entry(
                        &mut self.totals.table_sums[side],
                        &table.codes[code as usize],
                    );
                }
            }
        }
    }

    /// Keeps the sums of `net` from now on (`None`: no sums), starting from
    /// this board's points: the net evaluation needs them.
    pub fn set_net(&mut self, net: Option<&'static NetWeights>) {
        self.net = net;
        self.keeps_code_sums = self.table.is_some() || self.net.is_some();
        self.net_sums = [[0; NET_SIDE_COLUMNS]; 2];
        self.joint = [0; POINTS];
        self.joint_sums = [0; NET_SIDE_COLUMNS];
        let Some(net) = net else { return };
        for side in 0..2 {
            for point in 0..POINTS {
                if self.cells[point].is_none() {
                    let code = code_of_point_key(self.point_keys[side][point]);
                    add_net_row(&mut self.net_sums[side], &net.code_rows[code as usize]);
                }
            }
        }
        for point in 0..POINTS {
            let pair = self.pair_of(point);
            self.joint[point] = pair;
            add_net_row(&mut self.joint_sums, &net.joint_rows[pair as usize]);
        }
    }

    /// The net whose sums the board keeps, if any.
    #[inline]
    pub fn net(&self) -> Option<&'static NetWeights> {
        self.net
    }

    /// The sums over the empty points of the board's net rows at the
    /// point's code for `side` (all 0 without a net).
    #[inline]
    pub fn net_sums(&self, side: Player) -> &[i16; NET_SIDE_COLUMNS] {
        debug_assert_eq!(self.totals.stale, 0, "sums read inside a tactical place");
        &self.net_sums[side.index()]
    }

    /// The sum over the empty points of the net's rows at the point's
    /// joint pair, `side`'s class first (all 0 without a net).
    #[inline]
    pub fn joint_sums(&self, side: Player) -> &[i16; NET_COLUMNS] {
        debug_assert_eq!(self.totals.stale, 0, "sums read inside a tactical place");
        self.joint_sums[side.index() * NET_COLUMNS..][..NET_COLUMNS]
            .try_into()
            .expect("a side's half")
    }

    /// The table whose sums the board keeps, if any.
    #[inline]
    pub fn table(&self) -> Option<&'static TableWeights> {
        self.table
    }

    /// The sums over the empty points of each column of the board's table
    /// at the point's code for `side` (all 0 without a table).
    #[inline]
    pub fn table_sums(&self, side: Player) -> [i32; COLUMNS] {
        debug_assert_eq!(self.totals.stale, 0, "sums read inside a tactical place");
        self.totals.table_sums[side.index()]
    }

    /// The sum of the values of all empty points for `side`.
    #[inline]
    pub fn value_total(&self, side: Player) -> i32 {
        self.debug_assert_counts_fresh();
        self.totals.value_totals[side.index()]
    }

    /// Clears `out` and lists the empty points where `side` has a threat of
    /// at least `at_least`, in point order.
    pub fn points_with(&self, side: Player, at_least: Threat, out: &mut MoveList<GomokuMove>) {
        out.clear();
        // The counts say how many there are: stop at the last one.
        let mut left = self.count_at_least(side, at_least);
        for (point, &threat) in self.threats[side.index()].iter().enumerate() {
            if left == 0 {
                break;
            }
            if threat >= at_least {
                out.push(to_move(point));
                left -= 1;
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

    /// An empty point where `side` makes five, among those on the lines
    /// through `point` within four cells: after `side` just made a four
    /// on `point`, where the block must go. Faster than scanning the board.
    #[inline]
    pub fn five_point_near(&self, side: Player, point: usize) -> Option<usize> {
        let (touches, n) = &NEIGHBOURHOOD[point];
        touches[..*n as usize]
            .iter()
            .map(|t| t.cell as usize)
            .find(|&q| self.threats[side.index()][q] == Threat::Five)
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.stone_count as usize
    }

    /// The [`Self::hash`] after a `colour` stone on `point`, without placing it.
    #[inline]
    pub fn hash_after(&self, point: usize, colour: Player) -> u64 {
        self.hash ^ KEYS[colour.index() * POINTS + point]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::gomoku::codes::{
        code_of, point_class, swapped_pair, CODES, JOINT_PAIRS, POINT_CLASSES,
    };
    use crate::engines::gomoku::net::{zero_code_rows, NET_HIDDEN};
    use crate::engines::gomoku::patterns::pattern_from_stones;
    use crate::game::Outcome;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The pattern counts from scratch: every empty point's four line
    /// patterns read from the stones by [`pattern_of`], independently of the
    /// board's windows.
    fn counted_patterns(board: &ThreatBoard) -> [[u16; Pattern::COUNT]; 2] {
        let mut counts = [[0; Pattern::COUNT]; 2];
        for point in (0..POINTS).filter(|&p| board.is_empty(p)) {
            let (x, y) = ((point % SIZE) as i32, (point / SIZE) as i32);
            for (side, colour) in [Player::Black, Player::White].into_iter().enumerate() {
                for direction in DIRECTIONS {
                    let stone_at = |qx: i32, qy: i32| board.stone(qy as usize * SIZE + qx as usize);
                    let pattern = pattern_from_stones(stone_at, colour, (x, y), direction);
                    counts[side][pattern as usize] += 1;
                }
            }
        }
        counts
    }

    /// The line patterns a `colour` stone on the empty `point` would make,
    /// read from the stones.
    fn lines_from_stones(board: &ThreatBoard, colour: Player, point: usize) -> [Pattern; 4] {
        let (x, y) = ((point % SIZE) as i32, (point / SIZE) as i32);
        let stone_at = |qx: i32, qy: i32| board.stone(qy as usize * SIZE + qx as usize);
        DIRECTIONS.map(|d| pattern_from_stones(stone_at, colour, (x, y), d))
    }

    /// A table of seeded random values, for the sums to differ per code.
    fn random_table(seed: u64) -> &'static TableWeights {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut table = TableWeights::zero();
        for v in table.codes.iter_mut().flatten() {
            *v = rng.gen_range(-32767..=32767);
        }
        Box::leak(Box::new(table))
    }

    /// A net of seeded random rows (its head is never read here).
    fn random_net(seed: u64) -> &'static NetWeights {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut row = || std::array::from_fn(|_| rng.gen_range(-32767..=32767));
        let net = NetWeights {
            code_rows: {
                let mut rows = zero_code_rows();
                rows.iter_mut().take(CODES).for_each(|r| *r = row());
                rows
            },
            extra_rows: Vec::new(),
            joint_rows: Vec::new(),
            quantisation: 1.0,
            logit_per_unit: 1.0,
            bias: [0.0; NET_HIDDEN],
            phase_slope: [0.0; NET_HIDDEN],
            output: [0.0; NET_HIDDEN],
            constant: [0.0; 2],
        };
        // Each pair's row, placed as `parse_net` places it: Black's view,
        // then the swapped pair's.
        let pair_rows: Vec<[i16; NET_COLUMNS]> = (0..JOINT_PAIRS)
            .map(|pair| match pair {
                0 => [0; NET_COLUMNS],
                _ => std::array::from_fn(|k| row()[k]),
            })
            .collect();
        let joint_rows = (0..JOINT_PAIRS)
            .map(|pair| {
                let white = swapped_pair(pair);
                std::array::from_fn(|k| match k < NET_COLUMNS {
                    true => pair_rows[pair][k],
                    false => pair_rows[white][k - NET_COLUMNS],
                })
            })
            .collect();
        Box::leak(Box::new(NetWeights { joint_rows, ..net }))
    }

    /// Every point's code and the table, net and joint sums equal those
    /// computed from the stones: each empty point's four lines read by
    /// [`pattern_from_stones`], their code by [`code_of`], their class by
    /// [`point_class`], the table entries and net rows summed.
    fn assert_codes_and_sums_from_stones(board: &ThreatBoard) {
        let table = board.table().expect("a board with a table");
        let net = board.net().expect("a board with a net");
        let mut sums = [[0i32; COLUMNS]; 2];
        let mut net_sums = [[0i16; NET_SIDE_COLUMNS]; 2];
        let mut joint_sums = [[0i16; NET_COLUMNS]; 2];
        for point in (0..POINTS).filter(|&p| board.is_empty(p)) {
            let [black, white] = [Player::Black, Player::White]
                .map(|c| point_class(lines_from_stones(board, c, point)));
            for (side, (mine, theirs)) in [(black, white), (white, black)].into_iter().enumerate() {
                // Pair `mine * POINT_CLASSES + theirs`'s row, from the
                // Black-view rows: Black's half, or the swapped pair's
                // White half.
                let (pair, half) = match side {
                    0 => (mine as usize * POINT_CLASSES + theirs as usize, 0),
                    _ => (theirs as usize * POINT_CLASSES + mine as usize, NET_COLUMNS),
                };
                let row = &net.joint_rows[pair][half..half + NET_COLUMNS];
                for (sum, &v) in joint_sums[side].iter_mut().zip(row) {
                    *sum = sum.wrapping_add(v);
                }
            }
        }
        for point in 0..POINTS {
            for (side, colour) in [Player::Black, Player::White].into_iter().enumerate() {
                if !board.is_empty(point) {
                    assert_eq!(board.code(colour, point), None);
                    continue;
                }
                let code = code_of(lines_from_stones(board, colour, point));
                assert!((code as usize) < CODES);
                assert_eq!(board.code(colour, point), Some(code), "point {point}");
                for (sum, &v) in sums[side].iter_mut().zip(&table.codes[code as usize]) {
                    *sum += v as i32;
                }
                for (sum, &v) in net_sums[side].iter_mut().zip(&net.code_rows[code as usize]) {
                    *sum = sum.wrapping_add(v);
                }
            }
        }
        assert_eq!(board.table_sums(Player::Black), sums[0]);
        assert_eq!(board.table_sums(Player::White), sums[1]);
        assert_eq!(board.net_sums(Player::Black), &net_sums[0]);
        assert_eq!(board.net_sums(Player::White), &net_sums[1]);
        assert_eq!(board.joint_sums(Player::Black), &joint_sums[0]);
        assert_eq!(board.joint_sums(Player::White), &joint_sums[1]);
    }

    /// The shape counts from scratch, from the same independent line
    /// patterns as [`counted_patterns`].
    fn counted_shapes(board: &ThreatBoard) -> [[u16; Shape::COUNT]; 2] {
        let mut counts = [[0; Shape::COUNT]; 2];
        for point in (0..POINTS).filter(|&p| board.is_empty(p)) {
            let (x, y) = ((point % SIZE) as i32, (point / SIZE) as i32);
            for (side, colour) in [Player::Black, Player::White].into_iter().enumerate() {
                let stone_at = |qx: i32, qy: i32| board.stone(qy as usize * SIZE + qx as usize);
                let lines = DIRECTIONS.map(|d| pattern_from_stones(stone_at, colour, (x, y), d));
                counts[side][Shape::of(lines).index()] += 1;
            }
        }
        counts
    }

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
                assert_eq!(rebuilt.totals.threat_counts, board.totals.threat_counts);
                assert_eq!(rebuilt.totals.pattern_counts, board.totals.pattern_counts);
                assert_eq!(board.totals.pattern_counts, counted_patterns(&board));
                assert_eq!(rebuilt.totals.shape_counts, board.totals.shape_counts);
                assert_eq!(board.totals.shape_counts, counted_shapes(&board));
                assert_eq!(rebuilt.totals.value_totals, board.totals.value_totals);
                assert_eq!(rebuilt.stones_near, board.stones_near);
            }
        }
    }

    /// A random empty point, in the central 7x7 square with probability
    /// `centre`, and a random colour.
    fn random_stone(rng: &mut SmallRng, board: &ThreatBoard, centre: f64) -> (usize, Player) {
        let point = loop {
            let p = if rng.gen_bool(centre) {
                rng.gen_range(4..11) * SIZE + rng.gen_range(4..11)
            } else {
                rng.gen_range(0..POINTS)
            };
            if board.is_empty(p) {
                break p;
            }
        };
        let colour = if rng.gen_bool(0.5) {
            Player::Black
        } else {
            Player::White
        };
        (point, colour)
    }

    /// The undo stack takes back its places, places without counts and
    /// tactical places exactly (every field, the hash included) along
    /// random make/unmake walks, growing past its capacity; its place makes
    /// the same board as the plain one, its place without counts the same
    /// but for the counts and value totals, its tactical place the same
    /// threats, values and lines.
    #[test]
    fn undo_restores_the_board_exactly() {
        const LONGEST_LINE: usize = 40;
        let mut rng = SmallRng::seed_from_u64(13);
        let mut undos = UndoStack::with_capacity(8);
        let table = random_table(14);
        let net = random_net(16);
        for _ in 0..30 {
            let mut board = ThreatBoard::new();
            board.set_table(Some(table));
            board.set_net(Some(net));
            let mut snapshots: Vec<ThreatBoard> = Vec::new();
            for _ in 0..400 {
                let depth = snapshots.len();
                if depth == LONGEST_LINE || (depth > 0 && rng.gen_bool(0.45)) {
                    undos.take_back(&mut board);
                    let before = snapshots.pop().expect("a placed stone");
                    assert!(board == before, "undo did not restore the board");
                } else {
                    // Crowd the centre so lines build up.
                    let (point, colour) = random_stone(&mut rng, &board, 0.9);
                    snapshots.push(board.clone());
                    let mut plain = board.clone();
                    plain.place(point, colour);
                    let fresh = board.totals.stale == 0 && board.totals.counts_stale == 0;
                    let draw: f64 = rng.gen();
                    if fresh && draw < 0.5 {
                        undos.place(&mut board, point, colour);
                        assert!(board == plain, "the undoable place differs from place");
                    } else if board.totals.stale == 0 && draw < 0.8 {
                        // Everything but the counts and value totals exact.
                        undos.place_without_counts(&mut board, point, colour);
                        let mut counted = board.clone();
                        counted.totals.pattern_counts = plain.totals.pattern_counts;
                        counted.totals.shape_counts = plain.totals.shape_counts;
                        counted.totals.value_totals = plain.totals.value_totals;
                        counted.totals.counts_stale = plain.totals.counts_stale;
                        assert!(
                            counted == plain,
                            "a place without counts differs from place"
                        );
                    } else {
                        // What solvers read must still be exact.
                        undos.place_tactical(&mut board, point, colour);
                        assert!(board.threats == plain.threats);
                        assert!(board.values == plain.values);
                        assert_eq!(board.totals.threat_counts, plain.totals.threat_counts);
                        assert!(board.cells == plain.cells);
                        assert_eq!(board.hash, plain.hash);
                        assert!(board.lines == plain.lines);
                    }
                }
                if board.totals.stale == 0 {
                    assert_codes_and_sums_from_stones(&board);
                }
            }
        }
    }

    /// Remove undoes place exactly (every field, the hash included), along
    /// random sequences of places and removes.
    #[test]
    fn remove_restores_the_board_exactly() {
        let mut rng = SmallRng::seed_from_u64(12);
        let table = random_table(15);
        let net = random_net(17);
        for _ in 0..30 {
            let mut board = ThreatBoard::new();
            board.set_table(Some(table));
            board.set_net(Some(net));
            let mut placed: Vec<usize> = Vec::new();
            for _ in 0..120 {
                if !placed.is_empty() && rng.gen_bool(0.35) {
                    let i = rng.gen_range(0..placed.len());
                    let point = placed.swap_remove(i);
                    board.remove(point);
                } else {
                    let (point, colour) = random_stone(&mut rng, &board, 0.0);
                    let before = board.clone();
                    board.place(point, colour);
                    board.remove(point);
                    assert!(board == before, "place + remove changed the board");
                    board.place(point, colour);
                    placed.push(point);
                }
                // Rebuilt with the table from the start, and given it after
                // its stones: the same board.
                let mut rebuilt = ThreatBoard::new();
                rebuilt.set_table(Some(table));
                rebuilt.set_net(Some(net));
                let mut given_later = ThreatBoard::new();
                for p in 0..POINTS {
                    if let Some(c) = board.stone(p) {
                        rebuilt.place(p, c);
                        given_later.place(p, c);
                    }
                }
                given_later.set_table(Some(table));
                given_later.set_net(Some(net));
                assert!(given_later == rebuilt);
                assert_codes_and_sums_from_stones(&board);
                assert!(
                    rebuilt == board,
                    "incremental board differs from a rebuilt one"
                );
                assert_eq!(board.totals.pattern_counts, counted_patterns(&board));
                assert_eq!(board.totals.shape_counts, counted_shapes(&board));
            }
        }
    }
}
