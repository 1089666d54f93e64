//! The move policy: how much a move at an empty point is worth trying, as
//! an attack value of the mover's pattern code there (what the stone
//! builds) plus a defence value of the opponent's code there (what it
//! takes away), each tapered between an opening and an endgame value by
//! the stones on the board. Two table entries per point, read from the
//! codes the threat board keeps incrementally: nothing else to maintain.
//!
//! Fitted to the moves self-play games chose (`training::fit_policy`, a
//! softmax over the candidate points) and embedded from
//! `data/gomoku-policy.bin` ([`policy_file`](super::policy_file)).

use super::codes::CODES;
use super::movegen::ordering_key;
use super::table::TABLE_PHASE_STONES;
use super::threat_board::ThreatBoard;
use crate::game::Player;

/// Policy values are stored in thousandths of a nat (of the softmax's
/// log-odds): the fitted values are a few nats at most, and a thousandth
/// is far below what ordering can tell apart.
pub const POLICY_SCALE: i32 = 1000;

/// The columns of a code's entry, in order (the layout of the table
/// evaluation's file, whose format the policy shares).
pub const ATTACK_OPENING: usize = 0;
pub const ATTACK_ENDGAME: usize = 1;
pub const DEFENCE_OPENING: usize = 2;
pub const DEFENCE_ENDGAME: usize = 3;

/// The weights of [`policy_score`], in `1 / POLICY_SCALE` nats.
#[derive(Clone, PartialEq, Eq)]
pub struct PolicyWeights {
    /// Per code, the columns [`ATTACK_OPENING`] .. [`DEFENCE_ENDGAME`].
    pub codes: [[i16; 4]; CODES],
}

impl std::fmt::Debug for PolicyWeights {
    /// A summary (engine configurations print their policy): the file's
    /// checksum names the table.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PolicyWeights {{ checksum: {:016x} }}",
            super::policy_file::policy_checksum(self)
        )
    }
}

impl PolicyWeights {
    /// Every value 0 (the uniform policy).
    pub fn zero() -> Self {
        PolicyWeights {
            codes: [[0; 4]; CODES],
        }
    }
}

/// The policy score of a move whose point has code `mine` for the mover
/// and `theirs` for the opponent, with `stones` on the board: in
/// `1 / (POLICY_SCALE * TABLE_PHASE_STONES)` nats, so no division.
#[inline]
pub fn score_of_codes(weights: &PolicyWeights, mine: u16, theirs: u16, stones: i32) -> i32 {
    let t = stones.min(TABLE_PHASE_STONES);
    let (a, d) = (
        &weights.codes[mine as usize],
        &weights.codes[theirs as usize],
    );
    let opening = a[ATTACK_OPENING] as i32 + d[DEFENCE_OPENING] as i32;
    let endgame = a[ATTACK_ENDGAME] as i32 + d[DEFENCE_ENDGAME] as i32;
    // At most 2 * 32767 * 100 in magnitude: well within i32.
    opening * (TABLE_PHASE_STONES - t) + endgame * t
}

/// The policy score of a move by `side` on the empty `point`.
///
/// Precondition: `point` is empty.
#[inline]
pub fn policy_score(
    board: &ThreatBoard,
    weights: &PolicyWeights,
    side: Player,
    point: usize,
) -> i32 {
    let mine = board
        .code(side, point)
        .expect("a policy score of an empty point");
    let theirs = board
        .code(side.opponent(), point)
        .expect("a policy score of an empty point");
    score_of_codes(weights, mine, theirs, board.stone_count() as i32)
}

/// How quiet moves are ranked: which moves the branch limit keeps, and
/// the main search's order after its table move and killers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MoveOrder {
    /// [`ordering_key`], the hand-made threat values (`policy=hand`).
    #[default]
    Hand,
    /// [`policy_score`] with the given weights (`policy=trained`: the
    /// embedded ones).
    Trained(&'static PolicyWeights),
}

impl MoveOrder {
    /// The embedded trained policy (`policy=trained`).
    pub fn trained() -> Self {
        MoveOrder::Trained(super::policy_file::embedded_policy())
    }

    /// The ranking key of a move by `side` on the empty `point`: higher
    /// first.
    #[inline]
    pub fn key(self, board: &ThreatBoard, side: Player, point: usize) -> i32 {
        match self {
            MoveOrder::Hand => ordering_key(board, side, point),
            MoveOrder::Trained(weights) => policy_score(board, weights, side, point),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::symmetric;
    use super::*;
    use crate::engines::gomoku::threat_board::UndoStack;
    use crate::games::Gomoku;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    const SIZE: i32 = Gomoku::SIZE as i32;
    const SIDES: [Player; 2] = [Player::Black, Player::White];

    /// Seeded random weights, every code its own (the embedded policy
    /// leaves codes no game met at 0, which would hide a wrong code).
    fn random_policy(seed: u64) -> PolicyWeights {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut policy = PolicyWeights::zero();
        for v in policy.codes.iter_mut().flatten() {
            *v = rng.gen_range(-5000..=5000);
        }
        policy
    }

    /// Every empty point's score for both sides.
    fn scores(board: &ThreatBoard, policy: &PolicyWeights) -> Vec<i32> {
        let empty = (0..Gomoku::POINTS).filter(|&p| board.is_empty(p));
        empty
            .flat_map(|p| SIDES.map(|side| policy_score(board, policy, side, p)))
            .collect()
    }

    /// A fresh board with `board`'s stones, placed in point order.
    fn from_scratch(board: &ThreatBoard) -> ThreatBoard {
        let mut fresh = ThreatBoard::new();
        for p in 0..Gomoku::POINTS {
            if let Some(colour) = board.stone(p) {
                fresh.place(p, colour);
            }
        }
        fresh
    }

    /// Along seeded random walks of places, undoable places, tactical
    /// places and take-backs, every point's policy score equals the one a
    /// board built from scratch gives.
    #[test]
    fn scores_after_make_unmake_walks_equal_scores_from_scratch() {
        let policy = random_policy(31);
        let mut rng = SmallRng::seed_from_u64(32);
        let mut undos = UndoStack::with_capacity(8);
        for _ in 0..12 {
            let mut board = ThreatBoard::new();
            let mut undoable = 0;
            for _ in 0..150 {
                if undoable > 0 && rng.gen_bool(0.4) {
                    undos.take_back(&mut board);
                    undoable -= 1;
                } else {
                    // Crowd the centre so lines build up.
                    let point = loop {
                        let p = (rng.gen_range(3..12) * SIZE + rng.gen_range(3..12)) as usize;
                        if board.is_empty(p) || board.stone_count() > 70 {
                            break p;
                        }
                    };
                    if !board.is_empty(point) {
                        continue;
                    }
                    let colour = SIDES[rng.gen_range(0..2)];
                    match rng.gen_range(0..3) {
                        // A plain place cannot be taken back: only with
                        // nothing undoable on the stack.
                        0 if undoable == 0 => board.place(point, colour),
                        1 => {
                            undos.place_tactical(&mut board, point, colour);
                            undoable += 1;
                        }
                        _ => {
                            undos.place(&mut board, point, colour);
                            undoable += 1;
                        }
                    }
                }
                assert_eq!(
                    scores(&board, &policy),
                    scores(&from_scratch(&board), &policy)
                );
            }
        }
    }

    fn point_of((x, y): (i32, i32)) -> usize {
        (y * SIZE + x) as usize
    }

    /// In all eight orientations of random positions, corresponding points
    /// have the same scores for either side, with random weights and with
    /// the embedded ones.
    #[test]
    fn scores_are_invariant_under_symmetries() {
        let random = random_policy(33);
        let mut rng = SmallRng::seed_from_u64(34);
        for policy in [&random, super::super::policy_file::embedded_policy()] {
            for _ in 0..20 {
                let mut stones = Vec::new();
                let mut occupied = [false; Gomoku::POINTS];
                let count = rng.gen_range(1..50);
                while stones.len() < count {
                    let xy = (rng.gen_range(2..13), rng.gen_range(2..13));
                    if !std::mem::replace(&mut occupied[point_of(xy)], true) {
                        stones.push((xy, SIDES[stones.len() % 2]));
                    }
                }
                let boards: Vec<ThreatBoard> = (0..8)
                    .map(|symmetry| {
                        let mut board = ThreatBoard::new();
                        for &(xy, colour) in &stones {
                            board.place(point_of(symmetric(symmetry, xy)), colour);
                        }
                        board
                    })
                    .collect();
                for y in 0..SIZE {
                    for x in 0..SIZE {
                        if occupied[point_of((x, y))] {
                            continue;
                        }
                        for side in SIDES {
                            let at = |s: usize| {
                                policy_score(
                                    &boards[s],
                                    policy,
                                    side,
                                    point_of(symmetric(s, (x, y))),
                                )
                            };
                            let first = at(0);
                            assert!((1..8).all(|s| at(s) == first), "({x}, {y}) {side:?}");
                        }
                    }
                }
            }
        }
    }

    /// The trained order ranks by the policy, the hand order by the
    /// threat key.
    #[test]
    fn move_orders_key_by_their_tables() {
        let policy: &'static PolicyWeights = Box::leak(Box::new(random_policy(35)));
        let mut board = ThreatBoard::new();
        board.place(112, Player::Black);
        board.place(113, Player::White);
        let trained = MoveOrder::Trained(policy);
        assert_eq!(
            trained.key(&board, Player::Black, 97),
            policy_score(&board, policy, Player::Black, 97)
        );
        assert_eq!(
            MoveOrder::Hand.key(&board, Player::Black, 97),
            ordering_key(&board, Player::Black, 97)
        );
    }
}
