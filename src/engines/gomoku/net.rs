//! The network evaluation (the default, `evaluation=net`, weights embedded
//! from `data/gomoku-net.bin`; another file's with `net=PATH`): the
//! inputs of the table evaluation (each side's pattern code at every empty
//! point) plus the threat-mask bits, the combination indicators and each
//! empty point's pair of the two sides' point classes (what a stone there
//! makes for the side to move and for the opponent, [`JOINT_PAIRS`]), summed
//! through integer weights into an accumulator of [`NET_HIDDEN`] + 2
//! values; two of them are a tapered linear evaluation, the others go
//! through a ReLU with a bias and a phase slope each into one output.
//!
//! The threat board keeps, per side, the sum over the empty points of the
//! point's code rows ([`ThreatBoard::set_net`]), so the accumulator of the
//! side to move is two half-sums, the sum of its pairs' rows
//! ([`ThreatBoard::joint_sums`]) and the few mask rows: no pass over the
//! board. Fitted by `training::fit_net` (`gomoku_train fit-net --out`).
//!
//! File layout, little-endian: the magic `GOMOKUNN`, then u32 hidden units
//! and u32 inputs (this build's [`NET_HIDDEN`] and [`NET_INPUTS`]), f32 the
//! quantisation (accumulator units per unit), f32 the logit per evaluation
//! unit, then the i16 input rows (input by input, [`NET_COLUMNS`] each),
//! then f32 the unit biases, the phase slopes, the output weights, and the
//! opening and endgame constants; last, the FNV-1a 64-bit checksum of every
//! byte before it (u64), as the table's file.

use std::path::Path;
use std::sync::OnceLock;

use super::codes::{swapped_pair, CODES, JOINT_CLASSES, JOINT_PAIRS};
use super::evaluator::{combination_threats, COMBINATION_THREATS};
use super::table_file::{checked_body, fnv1a};
use super::threat_board::ThreatBoard;
use super::threat_mask::{threat_mask, THREAT_MASK_BITS};
use crate::game::Player;

/// ReLU units of the network.
pub const NET_HIDDEN: usize = 16;
/// Accumulator values: the units' inputs, then the linear opening and
/// endgame evaluation.
pub const NET_COLUMNS: usize = NET_HIDDEN + 2;
/// A side's sums: its codes' rows as the mover's, then as the opponent's.
pub const NET_SIDE_COLUMNS: usize = 2 * NET_COLUMNS;
/// Inputs: the mover's codes, the opponent's, the threat-mask bits, the
/// three combination indicators, the joint classes (pairs 1.., from the
/// mover's view).
pub const NET_INPUTS: usize = JOINT_INPUTS_START + JOINT_CLASSES;
/// The first threat-mask input: bit `b` is input `THREAT_MASK_INPUTS_START + b`.
pub const THREAT_MASK_INPUTS_START: usize = 2 * CODES;
/// The first combination input: indicator `i` of [`combination_threats`] is input
/// `COMBINATION_INPUTS_START + i`.
pub const COMBINATION_INPUTS_START: usize = THREAT_MASK_INPUTS_START + THREAT_MASK_BITS;
/// The first joint-class input: pair `p` is input `JOINT_INPUTS_START + p - 1`.
pub const JOINT_INPUTS_START: usize = COMBINATION_INPUTS_START + COMBINATION_THREATS;
/// Rows of [`NetWeights::code_rows`]: a power of two above [`CODES`], so a
/// code masked with `CODE_ROWS - 1` indexes them with neither a bounds check
/// nor a branch, and the board's "no code" (`u16::MAX`) masks to a zero row
/// (the board's updates do this once per changed line).
pub const CODE_ROWS: usize = 1024;
const _: () = assert!(CODES < CODE_ROWS && CODE_ROWS.is_power_of_two());
/// The phase runs from 0 (no stones) to 1 at this many stones.
pub const NET_PHASE_STONES: i32 = 100;
/// The finest quantisation (accumulator units per unit) of a net file.
/// The board's sums are i16 and wrap ([`ThreatBoard::net_sums`]), so an
/// evaluation's accumulator must end inside i16. With the embedded net, at
/// this quantisation, the largest accumulator value in the searches of 660
/// self-play games (60 of 20,000 nodes a move, 600 of 2,000 from 10 random
/// plies) was 13,895, and over the random games of the test
/// `accumulators_stay_inside_i16` 16,082; the test fails a net that comes
/// within a quarter of the limit there. A finer file is refused.
pub const ACCUMULATOR_QUANTISATION: f32 = 4096.0;
/// The evaluation stays within this, far from the search's win scores.
const EVAL_LIMIT: f32 = 30_000.0;

const MAGIC: [u8; 8] = *b"GOMOKUNN";
const HEADER_BYTES: usize = 8 + 4 * 4;
pub const HEAD_VALUES: usize = 3 * NET_HIDDEN + 2;
/// The length of every net file of this build.
pub const NET_FILE_BYTES: usize = HEADER_BYTES + 2 * NET_INPUTS * NET_COLUMNS + 4 * HEAD_VALUES + 8;

/// The weights of [`evaluate_net`].
#[derive(Clone)]
pub struct NetWeights {
    /// Per code: its row as the mover's code, then as the opponent's; then
    /// zero rows up to [`CODE_ROWS`].
    pub code_rows: Box<[[i16; NET_SIDE_COLUMNS]; CODE_ROWS]>,
    /// Per threat-mask bit, then per combination indicator, its row.
    pub extra_rows: Vec<[i16; NET_COLUMNS]>,
    /// Per joint pair ([`JOINT_PAIRS`]) from Black's view: its row with
    /// Black to move, then the row with White to move (the swapped pair's);
    /// pair 0's are zero (no input). One pass of the board's sums updates
    /// both views.
    pub joint_rows: Vec<[i16; NET_SIDE_COLUMNS]>,
    /// Accumulator units per unit of the fitted network.
    pub quantisation: f32,
    /// The logit (of "the side to move wins") per evaluation unit.
    pub logit_per_unit: f32,
    pub bias: [f32; NET_HIDDEN],
    pub phase_slope: [f32; NET_HIDDEN],
    pub output: [f32; NET_HIDDEN],
    /// The linear part's opening and endgame constants.
    pub constant: [f32; 2],
}

impl NetWeights {
    /// Every float as its bits, for equality.
    fn float_bits(&self) -> Vec<u32> {
        [self.quantisation, self.logit_per_unit]
            .iter()
            .chain(&self.bias)
            .chain(&self.phase_slope)
            .chain(&self.output)
            .chain(&self.constant)
            .map(|v| v.to_bits())
            .collect()
    }
}

/// Equal when every value is, floats bit for bit (so a net equals itself).
impl PartialEq for NetWeights {
    fn eq(&self, other: &Self) -> bool {
        self.code_rows == other.code_rows
            && self.extra_rows == other.extra_rows
            && self.joint_rows == other.joint_rows
            && self.float_bits() == other.float_bits()
    }
}

impl Eq for NetWeights {}

impl std::fmt::Debug for NetWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NetWeights {{ hidden: {NET_HIDDEN} }}")
    }
}

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetFileError {
    #[error("cannot read {path}: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("not a Gomoku net file (no GOMOKUNN magic)")]
    WrongMagic,
    #[error("net file for {hidden} hidden units and {inputs} inputs, this build has {NET_HIDDEN} and {NET_INPUTS}")]
    WrongShape { hidden: u32, inputs: u32 },
    #[error("net file of {found} bytes, expected {NET_FILE_BYTES}")]
    WrongLength { found: usize },
    #[error("net file checksum {stored:016x} does not match its contents ({computed:016x})")]
    BadChecksum { stored: u64, computed: u64 },
    #[error("net file holds a value that is not a finite number")]
    NotFinite,
    #[error("net file quantised at {quantisation} units, finer than the {ACCUMULATOR_QUANTISATION} the board's sums allow")]
    TooFine { quantisation: u32 },
}

/// The inputs' rows (input by input) of a fitted network in file order.
pub fn net_to_bytes(
    rows: &[[i16; NET_COLUMNS]],
    quantisation: f32,
    logit_per_unit: f32,
    head: &[f32; HEAD_VALUES],
) -> Vec<u8> {
    assert_eq!(rows.len(), NET_INPUTS);
    let mut out = Vec::with_capacity(NET_FILE_BYTES);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&(NET_HIDDEN as u32).to_le_bytes());
    out.extend_from_slice(&(NET_INPUTS as u32).to_le_bytes());
    out.extend_from_slice(&quantisation.to_le_bytes());
    out.extend_from_slice(&logit_per_unit.to_le_bytes());
    for row in rows {
        for v in row {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    for v in head {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let checksum = fnv1a(&out);
    out.extend_from_slice(&checksum.to_le_bytes());
    out
}

/// Parses a net file.
pub fn parse_net(bytes: &[u8]) -> Result<NetWeights, NetFileError> {
    if bytes.len() < HEADER_BYTES || bytes[..8] != MAGIC {
        return Err(NetFileError::WrongMagic);
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let f32_at = |i: usize| f32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let (hidden, inputs) = (u32_at(8), u32_at(12));
    if hidden as usize != NET_HIDDEN || inputs as usize != NET_INPUTS {
        return Err(NetFileError::WrongShape { hidden, inputs });
    }
    if bytes.len() != NET_FILE_BYTES {
        return Err(NetFileError::WrongLength { found: bytes.len() });
    }
    checked_body(bytes)
        .map_err(|(stored, computed)| NetFileError::BadChecksum { stored, computed })?;
    let row = |input: usize| -> [i16; NET_COLUMNS] {
        let start = HEADER_BYTES + 2 * input * NET_COLUMNS;
        std::array::from_fn(|k| {
            i16::from_le_bytes([bytes[start + 2 * k], bytes[start + 2 * k + 1]])
        })
    };
    let mut code_rows = zero_code_rows();
    for (code, slot) in code_rows.iter_mut().take(CODES).enumerate() {
        *slot = side_by_side(row(code), row(CODES + code));
    }
    let extra_rows = (THREAT_MASK_INPUTS_START..JOINT_INPUTS_START)
        .map(row)
        .collect();
    let pair_row = |pair: usize| match pair {
        0 => [0; NET_COLUMNS],
        pair => row(JOINT_INPUTS_START + pair - 1),
    };
    let joint_rows = (0..JOINT_PAIRS)
        .map(|pair| side_by_side(pair_row(pair), pair_row(swapped_pair(pair))))
        .collect();
    let head_start = HEADER_BYTES + 2 * NET_INPUTS * NET_COLUMNS;
    let head: Vec<f32> = (0..HEAD_VALUES)
        .map(|i| f32_at(head_start + 4 * i))
        .collect();
    let (quantisation, logit_per_unit) = (f32_at(16), f32_at(20));
    if !head
        .iter()
        .chain([&quantisation, &logit_per_unit])
        .all(|v| v.is_finite())
        || quantisation <= 0.0
        || logit_per_unit <= 0.0
    {
        return Err(NetFileError::NotFinite);
    }
    if quantisation > ACCUMULATOR_QUANTISATION {
        return Err(NetFileError::TooFine {
            quantisation: quantisation.ceil() as u32,
        });
    }
    let part = |i: usize| -> [f32; NET_HIDDEN] {
        head[i * NET_HIDDEN..][..NET_HIDDEN]
            .try_into()
            .expect("hidden")
    };
    Ok(NetWeights {
        code_rows,
        extra_rows,
        joint_rows,
        quantisation,
        logit_per_unit,
        bias: part(0),
        phase_slope: part(1),
        output: part(2),
        constant: [head[3 * NET_HIDDEN], head[3 * NET_HIDDEN + 1]],
    })
}

/// [`CODE_ROWS`] zero rows (built on the heap: 72 KiB).
pub fn zero_code_rows() -> Box<[[i16; NET_SIDE_COLUMNS]; CODE_ROWS]> {
    vec![[0; NET_SIDE_COLUMNS]; CODE_ROWS]
        .into_boxed_slice()
        .try_into()
        .expect("CODE_ROWS rows")
}

/// Two rows as one, `first`'s columns then `second`'s: the board updates
/// both halves of its sums in one pass.
fn side_by_side(first: [i16; NET_COLUMNS], second: [i16; NET_COLUMNS]) -> [i16; NET_SIDE_COLUMNS] {
    std::array::from_fn(|k| match k < NET_COLUMNS {
        true => first[k],
        false => second[k - NET_COLUMNS],
    })
}

/// Loads a net file, for the engine's lifetime.
pub fn load_net(path: &Path) -> Result<&'static NetWeights, NetFileError> {
    let bytes = std::fs::read(path).map_err(|e| NetFileError::Unreadable {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    Ok(Box::leak(Box::new(parse_net(&bytes)?)))
}

/// The embedded net (`data/gomoku-net.bin`; how it was made, in
/// `data/README.md`), parsed at first use.
pub fn embedded_net() -> &'static NetWeights {
    static NET: OnceLock<NetWeights> = OnceLock::new();
    NET.get_or_init(|| {
        parse_net(include_bytes!("../../../data/gomoku-net.bin"))
            .expect("the embedded net file parses (tested)")
    })
}

/// The network's evaluation of `board` for `me` to move, in evaluation
/// units.
///
/// Precondition: `board` keeps the sums of a net ([`ThreatBoard::set_net`]).
#[inline]
pub fn evaluate_net(board: &ThreatBoard, me: Player) -> i32 {
    let net = board
        .net()
        .expect("the net evaluation on a board without a net");
    head(
        net,
        &accumulator(net, board, me),
        board.stone_count() as i32,
    )
}

/// The accumulator of `board` (which keeps `net`'s sums) for `me` to move:
/// the units' inputs and the linear parts, in accumulator units.
#[inline]
fn accumulator(net: &NetWeights, board: &ThreatBoard, me: Player) -> [i32; NET_COLUMNS] {
    let mine = board.net_sums(me);
    let theirs = board.net_sums(me.opponent());
    let joint = board.joint_sums(me);
    // Wrapping, as the board's sums: the total lies within i16.
    let mut z = [0i16; NET_COLUMNS];
    for k in 0..NET_COLUMNS {
        z[k] = mine[k]
            .wrapping_add(theirs[NET_COLUMNS + k])
            .wrapping_add(joint[k]);
    }
    let mask = threat_mask(board, me);
    let combinations = combination_threats(board, me);
    let present = (0..THREAT_MASK_BITS)
        .map(|bit| mask >> bit & 1 == 1)
        .chain(combinations);
    for (row, on) in net.extra_rows.iter().zip(present) {
        if on {
            for (zk, &v) in z.iter_mut().zip(row) {
                *zk = zk.wrapping_add(v);
            }
        }
    }
    z.map(i32::from)
}

/// The phase with `stones` on the board: 0 on the empty board, 1 from
/// [`NET_PHASE_STONES`] on (the fit's too).
#[inline]
pub fn net_phase(stones: i32) -> f32 {
    stones.min(NET_PHASE_STONES) as f32 / NET_PHASE_STONES as f32
}

/// The output for accumulator `z` with `stones` on the board.
#[inline]
fn head(net: &NetWeights, z: &[i32; NET_COLUMNS], stones: i32) -> i32 {
    let phase = net_phase(stones);
    let q = 1.0 / net.quantisation;
    let (h, c) = (NET_HIDDEN, &net.constant);
    let mut logit = (1.0 - phase) * (z[h] as f32 * q + c[0]) + phase * (z[h + 1] as f32 * q + c[1]);
    for (j, &zj) in z[..h].iter().enumerate() {
        let a = zj as f32 * q + net.bias[j] + phase * net.phase_slope[j];
        logit += net.output[j] * a.max(0.0);
    }
    (logit / net.logit_per_unit).clamp(-EVAL_LIMIT, EVAL_LIMIT) as i32
}

#[cfg(test)]
mod tests {
    use super::super::codes::{code_of, joint_pair, point_class};
    use super::super::movegen::generate;
    use super::super::symmetric;
    use super::super::threat::Threat;
    use super::*;
    use crate::games::Gomoku;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    const SIZE: i32 = Gomoku::SIZE as i32;

    /// The file of a net with seeded random rows and head.
    fn random_file(seed: u64) -> Vec<u8> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let rows: Vec<[i16; NET_COLUMNS]> = (0..NET_INPUTS)
            .map(|_| std::array::from_fn(|_| rng.gen_range(-300..=300)))
            .collect();
        let head: [f32; HEAD_VALUES] = std::array::from_fn(|_| rng.gen_range(-1.0..1.0));
        net_to_bytes(&rows, 1024.0, 0.001, &head)
    }

    /// A written net parses back to the rows and head it was written
    /// from, and writing it again gives the same bytes.
    #[test]
    fn a_net_file_round_trips() {
        let bytes = random_file(1);
        assert_eq!(bytes.len(), NET_FILE_BYTES);
        let net = parse_net(&bytes).expect("parses");
        let mut rows = vec![[0i16; NET_COLUMNS]; NET_INPUTS];
        for (code, both) in net.code_rows.iter().take(CODES).enumerate() {
            rows[code].copy_from_slice(&both[..NET_COLUMNS]);
            rows[CODES + code].copy_from_slice(&both[NET_COLUMNS..]);
        }
        rows[THREAT_MASK_INPUTS_START..JOINT_INPUTS_START].copy_from_slice(&net.extra_rows);
        for (pair, both) in net.joint_rows.iter().enumerate().skip(1) {
            rows[JOINT_INPUTS_START + pair - 1].copy_from_slice(&both[..NET_COLUMNS]);
        }
        let mut head = Vec::new();
        head.extend(net.bias);
        head.extend(net.phase_slope);
        head.extend(net.output);
        head.extend(net.constant);
        let again = net_to_bytes(
            &rows,
            net.quantisation,
            net.logit_per_unit,
            head.as_slice().try_into().unwrap(),
        );
        assert_eq!(again, bytes);
    }

    /// A damaged or foreign file is refused, saying why.
    #[test]
    fn a_bad_net_file_is_refused() {
        let good = random_file(2);
        assert_eq!(parse_net(b"GOMOKUTB"), Err(NetFileError::WrongMagic));
        assert_eq!(
            parse_net(&good[..good.len() - 1]),
            Err(NetFileError::WrongLength {
                found: good.len() - 1
            })
        );
        let mut other_shape = good.clone();
        other_shape[8..12].copy_from_slice(&8u32.to_le_bytes());
        assert!(matches!(
            parse_net(&other_shape),
            Err(NetFileError::WrongShape { hidden: 8, .. })
        ));
        let mut damaged = good.clone();
        damaged[100] ^= 1;
        assert!(matches!(
            parse_net(&damaged),
            Err(NetFileError::BadChecksum { .. })
        ));
        let mut rng = SmallRng::seed_from_u64(5);
        let rows = vec![[0i16; NET_COLUMNS]; NET_INPUTS];
        let mut head: [f32; HEAD_VALUES] = std::array::from_fn(|_| rng.gen_range(-1.0..1.0));
        head[HEAD_VALUES - 1] = f32::NAN;
        let not_finite = net_to_bytes(&rows, 1024.0, 0.001, &head);
        assert_eq!(parse_net(&not_finite), Err(NetFileError::NotFinite));
        head[HEAD_VALUES - 1] = 0.5;
        let too_fine = net_to_bytes(&rows, 8192.0, 0.001, &head);
        assert_eq!(
            parse_net(&too_fine),
            Err(NetFileError::TooFine { quantisation: 8192 })
        );
        let missing = load_net(Path::new("/nonexistent/net.bin")).unwrap_err();
        assert!(
            missing.to_string().contains("/nonexistent/net.bin"),
            "{missing}"
        );
    }

    /// The embedded net's accumulator, summed in i32 from each empty point's
    /// lines, over positions of seeded random games (half the moves among
    /// the five best by the hand key, so threats arise), equals the one of
    /// the board's wrapping i16 sums and stays within three quarters of
    /// i16: the margin [`ACCUMULATOR_QUANTISATION`] relies on.
    #[test]
    fn accumulators_stay_inside_i16() {
        let net = embedded_net();
        let mut rng = SmallRng::seed_from_u64(21);
        let mut moves = crate::game::MoveList::new();
        let mut largest = 0;
        for _ in 0..40 {
            let mut board = ThreatBoard::new();
            board.set_net(Some(net));
            board.place(Gomoku::POINTS / 2, Player::Black);
            let mut side = Player::White;
            while board.stone_count() < 150 {
                let limit = if rng.gen_bool(0.5) { 5 } else { usize::MAX };
                generate(&board, side, limit, &mut moves);
                let point = moves[rng.gen_range(0..moves.len())].index();
                if board.threat(side, point) == Threat::Five {
                    break;
                }
                board.place(point, side);
                side = side.opponent();
                for me in [Player::Black, Player::White] {
                    let z = accumulator_from_lines(net, &board, me);
                    assert_eq!(accumulator(net, &board, me), z);
                    largest = z.iter().fold(largest, |m, v| m.max(v.abs()));
                }
            }
        }
        assert!(
            largest < i16::MAX as i32 / 4 * 3,
            "largest accumulator value {largest}"
        );
    }

    /// [`accumulator`] in i32 from each empty point's line patterns.
    fn accumulator_from_lines(
        net: &NetWeights,
        board: &ThreatBoard,
        me: Player,
    ) -> [i32; NET_COLUMNS] {
        let mut z = [0i32; NET_COLUMNS];
        let mut add = |row: &[i16]| {
            for (zk, &v) in z.iter_mut().zip(row) {
                *zk += v as i32;
            }
        };
        for point in (0..Gomoku::POINTS).filter(|&p| board.is_empty(p)) {
            let [mine, theirs] = [me, me.opponent()].map(|side| board.patterns(side, point));
            add(&net.code_rows[code_of(mine) as usize][..NET_COLUMNS]);
            add(&net.code_rows[code_of(theirs) as usize][NET_COLUMNS..]);
            // The first half of a pair's row is the pair's own (its mover's
            // class first); pair 0's is zero.
            let pair = joint_pair(point_class(mine), point_class(theirs));
            add(&net.joint_rows[pair][..NET_COLUMNS]);
        }
        let mask = threat_mask(board, me);
        let combinations = combination_threats(board, me);
        for (bit, row) in net.extra_rows.iter().enumerate() {
            let on = match bit.checked_sub(THREAT_MASK_BITS) {
                None => mask >> bit & 1 == 1,
                Some(i) => combinations[i],
            };
            if on {
                add(row);
            }
        }
        z
    }

    /// The embedded file parses, and its evaluation favours the side with
    /// an open three over quiet stones, whichever side is to move.
    #[test]
    fn the_embedded_net_loads_and_favours_an_open_three() {
        let net = embedded_net();
        let mut board = ThreatBoard::new();
        board.set_net(Some(net));
        for x in 6..9 {
            board.place((7 * SIZE + x) as usize, Player::Black);
        }
        for (x, y) in [(2, 2), (12, 3), (3, 12)] {
            board.place((y * SIZE + x) as usize, Player::White);
        }
        let (black, white) = (
            evaluate_net(&board, Player::Black),
            evaluate_net(&board, Player::White),
        );
        assert!(black > 0 && white < 0, "black {black}, white {white}");
    }

    /// In all eight orientations of random positions the evaluation is the
    /// same, for either side to move, and equals that of a board given the
    /// net after its stones.
    #[test]
    fn the_evaluation_is_invariant_under_symmetries() {
        let net: &'static NetWeights = Box::leak(Box::new(parse_net(&random_file(3)).unwrap()));
        let mut rng = SmallRng::seed_from_u64(4);
        for _ in 0..30 {
            let mut stones = Vec::new();
            let mut occupied = [false; Gomoku::POINTS];
            let count = rng.gen_range(1..60);
            while stones.len() < count {
                let (x, y) = (rng.gen_range(0..SIZE), rng.gen_range(0..SIZE));
                if !std::mem::replace(&mut occupied[(y * SIZE + x) as usize], true) {
                    let colour = [Player::Black, Player::White][stones.len() % 2];
                    stones.push(((x, y), colour));
                }
            }
            let values: Vec<[i32; 2]> = (0..8)
                .map(|symmetry| {
                    let mut board = ThreatBoard::new();
                    board.set_net(Some(net));
                    let mut later = ThreatBoard::new();
                    for &(xy, colour) in &stones {
                        let (x, y) = symmetric(symmetry, xy);
                        board.place((y * SIZE + x) as usize, colour);
                        later.place((y * SIZE + x) as usize, colour);
                    }
                    later.set_net(Some(net));
                    [Player::Black, Player::White].map(|me| {
                        assert_eq!(evaluate_net(&board, me), evaluate_net(&later, me));
                        evaluate_net(&board, me)
                    })
                })
                .collect();
            assert!(values.iter().all(|v| *v == values[0]), "{values:?}");
        }
    }
}
