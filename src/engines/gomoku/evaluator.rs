//! The Gomoku knowledge plugged into the generic alpha-beta: a static
//! evaluation from the threat board, threat-ordered move generation, and a
//! win probe (immediate threats, then a budgeted VCF).

use super::movegen::generate;
use super::position::ThreatPosition;
use super::threat::Threat;
use super::threat_board::ThreatBoard;
use super::trained::{
    evaluate_trained, TrainedWeights, TRAINED1_WEIGHTS, TRAINED2_WEIGHTS, TRAINED3_WEIGHTS,
};
use super::vcf::{VcfScope, VcfSolver};
use crate::game::{Game, MoveList, Player};
use crate::games::GomokuMove;
use crate::search::score::{loss_in, win_in};
use crate::search::{Evaluator, Limits};

/// Tuning of [`ThreatEvaluator`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatEvaluatorConfig {
    /// Moves searched at an unforced interior node.
    pub branch_limit: usize,
    /// Moves searched at the root when nothing is forced.
    pub root_branch_limit: usize,
    /// Node budget of the VCF probe at every node; 0 turns the probe off.
    pub probe_vcf_nodes: u64,
    /// log2 of the probe VCF table size, and of the probe result cache.
    pub vcf_table_bits: u32,
    pub weights: EvalWeights,
}

impl Default for ThreatEvaluatorConfig {
    fn default() -> Self {
        ThreatEvaluatorConfig {
            branch_limit: 10,
            root_branch_limit: 40,
            probe_vcf_nodes: 200,
            vcf_table_bits: 18,
            weights: EvalWeights::default(),
        }
    }
}

/// The weights of [`evaluate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Weight of the mover's summed point values, in fifths.
    pub mover: i32,
    /// Weight of the opponent's summed point values, in fifths.
    pub opponent: i32,
    /// Bonus for a mover's double three the opponent cannot answer with fours.
    pub mover_double_three: i32,
    /// Penalty for an opponent four-three (or better) point.
    pub opponent_four_three: i32,
    /// Penalty for an opponent double-three point.
    pub opponent_double_three: i32,
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights {
            mover: 6,
            opponent: 5,
            mover_double_three: 1500,
            opponent_four_three: 500,
            opponent_double_three: 300,
        }
    }
}

/// The static evaluation of `board` for `me` to move: my threat values
/// against the opponent's, over all empty points (mine count a little
/// more, since I play first), plus the combination threats: my double
/// three wins unless the opponent has fours, and the opponent's four-three
/// or double three costs me my next move.
#[inline]
pub fn evaluate(board: &ThreatBoard, me: Player, weights: &EvalWeights) -> i32 {
    let them = me.opponent();
    let mine = weights.mover * board.value_total(me);
    let score = (mine - weights.opponent * board.value_total(them)) / 5;
    let [mover_double_three, opponent_four_three, opponent_double_three] =
        combination_threats(board, me);
    score + weights.mover_double_three * mover_double_three as i32
        - weights.opponent_four_three * opponent_four_three as i32
        - weights.opponent_double_three * opponent_double_three as i32
}

/// The combination threats of `board` for `me` to move, the terms both
/// evaluations weigh: my double three with no opponent four to answer it;
/// an opponent four-three (or better) point; else an opponent double three.
#[inline]
pub fn combination_threats(board: &ThreatBoard, me: Player) -> [bool; 3] {
    let them = me.opponent();
    let their_fours = board.count_at_least(them, Threat::Four) > 0;
    let their_four_three = board.count_at_least(them, Threat::FourThree) > 0;
    [
        board.count(me, Threat::DoubleThree) > 0 && !their_fours,
        their_four_three,
        !their_four_three && board.count(them, Threat::DoubleThree) > 0,
    ]
}

/// Which static evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Evaluation {
    /// [`evaluate`] with the search's hand-set [`EvalWeights`] (the
    /// baselines' evaluation, kept exactly).
    #[default]
    Hand,
    /// [`evaluate_trained`] with the given weights.
    Trained(&'static TrainedWeights),
}

impl Evaluation {
    /// The default engine's trained evaluation (`trained3`).
    pub fn trained() -> Self {
        Self::trained3()
    }

    /// The trained evaluation on line features (`trained1`).
    pub fn trained1() -> Self {
        Evaluation::Trained(&TRAINED1_WEIGHTS)
    }

    /// The trained evaluation on line and shape features with phase terms
    /// (`trained2`).
    pub fn trained2() -> Self {
        Evaluation::Trained(&TRAINED2_WEIGHTS)
    }

    /// The `trained2` features fitted again on more games (`trained3`).
    pub fn trained3() -> Self {
        Evaluation::Trained(&TRAINED3_WEIGHTS)
    }

    /// The static evaluation of `board` for `me` to move; `hand` weights
    /// apply to [`Evaluation::Hand`] only.
    #[inline]
    pub fn evaluate(self, board: &ThreatBoard, me: Player, hand: &EvalWeights) -> i32 {
        match self {
            Evaluation::Hand => evaluate(board, me, hand),
            Evaluation::Trained(weights) => evaluate_trained(board, me, weights),
        }
    }
}

/// The root's moves as decided before the search (e.g. only the moves that
/// do not hand the opponent a VCF or VCT).
struct RootMoves {
    hash: u64,
    moves: Option<MoveList<GomokuMove>>,
}

/// A remembered probe: the position's hash and the VCF length found (0: none
/// within the budget).
#[derive(Clone, Copy, Default)]
struct ProbeEntry {
    hash: u64,
    plies: u32,
}

/// Evaluation, ordering and win probe for [`ThreatPosition`].
pub struct ThreatEvaluator {
    config: ThreatEvaluatorConfig,
    vcf: VcfSolver,
    /// Probe results by position, so transpositions and re-searches by the
    /// deepening do not solve the same VCF again.
    probe_cache: Vec<ProbeEntry>,
    root: Option<RootMoves>,
}

impl ThreatEvaluator {
    pub fn new(config: ThreatEvaluatorConfig) -> Self {
        ThreatEvaluator {
            config,
            vcf: VcfSolver::new(config.vcf_table_bits),
            probe_cache: vec![ProbeEntry::default(); 1 << config.vcf_table_bits],
            root: None,
        }
    }

    /// Declares the root of the next search (by hash), and optionally the
    /// exact moves to consider there (`None`: generate as usual, with the
    /// root's wider limit).
    pub fn set_root(&mut self, hash: u64, moves: Option<MoveList<GomokuMove>>) {
        self.root = Some(RootMoves { hash, moves });
    }
}

impl Evaluator<ThreatPosition> for ThreatEvaluator {
    /// The side to move's threat values against the opponent's, over all
    /// empty points (the mover's count a little more, since it plays first),
    /// plus the combination threats: a double three of the mover wins unless
    /// the opponent has fours, and the opponent's four-three or double three
    /// costs the mover its next move.
    fn evaluate(&mut self, pos: &ThreatPosition) -> i32 {
        evaluate(pos.threats(), pos.side_to_move(), &self.config.weights)
    }

    fn generate_moves(&mut self, pos: &ThreatPosition, out: &mut MoveList<GomokuMove>) {
        let mut limit = self.config.branch_limit;
        if let Some(root) = self.root.as_ref().filter(|r| r.hash == pos.hash()) {
            if let Some(moves) = &root.moves {
                out.clone_from(moves);
                return;
            }
            limit = self.config.root_branch_limit;
        }
        generate(pos.threats(), pos.side_to_move(), limit, out);
    }

    /// Wins and losses the threats prove at once, then a VCF for the side to
    /// move within the probe budget.
    fn probe_win(&mut self, pos: &ThreatPosition) -> Option<i32> {
        let board = pos.threats();
        let me = pos.side_to_move();
        let opponent = me.opponent();
        if board.count(me, Threat::Five) > 0 {
            return Some(win_in(1));
        }
        match board.count(opponent, Threat::Five) {
            0 => {}
            1 => return None,
            _ => return Some(loss_in(2)),
        }
        if board.count(me, Threat::FlexFour) > 0 {
            return Some(win_in(3));
        }
        if self.config.probe_vcf_nodes == 0 || board.count_at_least(me, Threat::Four) == 0 {
            return None;
        }
        let hash = pos.hash();
        let slot = hash as usize & (self.probe_cache.len() - 1);
        let cached = self.probe_cache[slot];
        let plies = if cached.hash == hash {
            cached.plies
        } else {
            let limits = Limits::nodes(self.config.probe_vcf_nodes);
            let plies = self
                .vcf
                .solve_in_scope(board, me, &limits, VcfScope::Local)
                .map_or(0, |line| line.len() as u32);
            self.probe_cache[slot] = ProbeEntry { hash, plies };
            plies
        };
        (plies > 0).then(|| win_in(plies))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::gomoku::engine::{MainSearch, ThreatSearchConfig};
    use crate::engines::gomoku::pvs::PvsConfig;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The baselines keep the hand evaluation, and `Evaluation::Hand` is
    /// exactly [`evaluate`], along random games.
    #[test]
    fn baselines_keep_the_hand_evaluation() {
        assert_eq!(PvsConfig::v2().evaluation, Evaluation::Hand);
        assert_eq!(PvsConfig::v3().evaluation, Evaluation::Hand);
        for config in [ThreatSearchConfig::v2(), ThreatSearchConfig::v3()] {
            let MainSearch::Pvs(pvs) = config.main else {
                panic!("the PVS baselines run PVS");
            };
            assert_eq!(pvs.evaluation, Evaluation::Hand);
        }
        let weights = EvalWeights::default();
        let mut rng = SmallRng::seed_from_u64(21);
        for _ in 0..10 {
            let mut board = ThreatBoard::new();
            let mut side = Player::Black;
            for _ in 0..40 {
                let point = loop {
                    let p = rng.gen_range(0..crate::games::Gomoku::POINTS);
                    if board.is_empty(p) {
                        break p;
                    }
                };
                board.place(point, side);
                side = side.opponent();
                assert_eq!(
                    Evaluation::Hand.evaluate(&board, side, &weights),
                    evaluate(&board, side, &weights)
                );
            }
        }
    }
}
