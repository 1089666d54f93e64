//! Fitting the move policy ([`PolicyWeights`]) to the moves self-play games
//! chose: every position after the opening where nothing is decided (no
//! five to make or block, no open four of the mover's), labelled by the
//! move played (a search's choice, so better than the policy it teaches),
//! a softmax over the candidate points with cross-entropy loss and an L2
//! penalty, fitted by seeded minibatch Adam. The hand ranking
//! ([`ordering_key`]) is the baseline: its top-1 and top-3 accuracy, and its
//! cross-entropy at the best temperature.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::engines::gomoku::codes::CODES;
use crate::engines::gomoku::movegen::ordering_key;
use crate::engines::gomoku::policy::{score_of_codes, PolicyWeights, POLICY_SCALE};
use crate::engines::gomoku::table::TABLE_PHASE_STONES;
use crate::games::Gomoku;

use super::fit::{for_undecided_positions, is_held_out};
use super::selfplay::GameRecord;

/// Parameters: four columns per code.
const PARAMETERS: usize = 4 * CODES;

/// One candidate point of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The mover's and the opponent's pattern codes there.
    pub mine: u16,
    pub theirs: u16,
    /// The hand ranking's key ([`ordering_key`]).
    pub hand: i32,
    /// The point (ties of a ranking go to the lower one, as in the move
    /// generator).
    pub point: u16,
}

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicySample {
    pub candidates: Vec<Candidate>,
    /// Index in `candidates` of the move played.
    pub played: usize,
    pub stones: i32,
    pub held_out: bool,
}

/// The positions of `games` the policy ranks moves in, with their
/// candidates (the empty points within two cells of a stone, as the move
/// generator considers) and the move played; a position whose move was not
/// a candidate (an opening's far stone) is left out. In a game that keeps
/// search scores only the scored moves are labels: the others were random
/// plies, or (in a game converted from a referee log) another player's.
pub fn policy_samples_of(games: &[GameRecord]) -> Vec<PolicySample> {
    let mut samples = Vec::new();
    for_undecided_positions(games, |game, board, me, ply| {
        let scored = game.scores.iter().any(Option::is_some);
        if scored && game.scores[ply].is_none() {
            return;
        }
        let m = game.moves[ply];
        let them = me.opponent();
        let mut candidates = Vec::new();
        let mut played = None;
        for point in (0..Gomoku::POINTS).filter(|&p| board.is_candidate(p)) {
            if point == m.index() {
                played = Some(candidates.len());
            }
            candidates.push(Candidate {
                mine: board.code(me, point).expect("empty"),
                theirs: board.code(them, point).expect("empty"),
                hand: ordering_key(board, me, point),
                point: point as u16,
            });
        }
        if let Some(played) = played {
            samples.push(PolicySample {
                candidates,
                played,
                stones: board.stone_count() as i32,
                held_out: is_held_out(game.index),
            });
        }
    });
    samples
}

/// Tuning of [`fit_policy`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PolicyFitConfig {
    /// L2 penalty per weight (in nats) on the mean loss.
    pub l2: f64,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per Adam step.
    pub batch: usize,
    /// Adam's step size, in nats.
    pub learning_rate: f64,
    /// Seeds the minibatch order.
    pub seed: u64,
}

impl Default for PolicyFitConfig {
    fn default() -> Self {
        PolicyFitConfig {
            l2: 1e-5,
            epochs: 12,
            batch: 256,
            learning_rate: 0.02,
            seed: 1,
        }
    }
}

/// One model's figures on one split.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct PolicyFigures {
    /// Mean cross-entropy of the move played, in nats.
    pub cross_entropy: f64,
    /// Share of positions whose move is ranked first, and among the first
    /// three.
    pub top1: f64,
    pub top3: f64,
}

/// What [`fit_policy`] found, each model on the training and the held-out
/// positions.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyFitReport {
    pub train_positions: usize,
    pub held_out_positions: usize,
    /// Every candidate equally likely (its accuracies: a random pick's).
    pub uniform: [PolicyFigures; 2],
    /// The hand ranking, its cross-entropy at the best `hand_temperature`
    /// (softmax of key times it, fitted on the training positions).
    pub hand: [PolicyFigures; 2],
    pub hand_temperature: f64,
    /// The fitted policy as fitted (floating point)...
    pub fitted: [PolicyFigures; 2],
    /// ... and as embedded (integer weights, the engine's ranking).
    pub rounded: [PolicyFigures; 2],
    pub weights: PolicyWeights,
}

/// The float model's log-odds of `c` at phase `t` (0..1).
#[inline]
fn logit(w: &[f64], c: &Candidate, t: f64) -> f64 {
    let (a, d) = (4 * c.mine as usize, 4 * c.theirs as usize);
    (1.0 - t) * (w[a] + w[d + 2]) + t * (w[a + 1] + w[d + 3])
}

fn phase(stones: i32) -> f64 {
    stones.min(TABLE_PHASE_STONES) as f64 / TABLE_PHASE_STONES as f64
}

/// Cross-entropy of the move played under `logits`, and its rank by
/// `keys` (higher first; ties to the lower point, as the move generator).
fn figures_of<K: PartialOrd + Copy>(
    sample: &PolicySample,
    logits: &[f64],
    keys: &[K],
) -> (f64, usize) {
    let max = logits.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let log_sum = logits.iter().map(|&z| (z - max).exp()).sum::<f64>().ln() + max;
    let cross_entropy = log_sum - logits[sample.played];
    let mine = keys[sample.played];
    let point = sample.candidates[sample.played].point;
    let rank = keys
        .iter()
        .zip(&sample.candidates)
        .filter(|&(&k, c)| k > mine || (k == mine && c.point < point))
        .count();
    (cross_entropy, rank)
}

/// Mean figures over each split of a model given per sample as
/// (logits, ranking keys).
fn evaluate<K: PartialOrd + Copy>(
    samples: &[PolicySample],
    model: impl Fn(&PolicySample) -> (Vec<f64>, Vec<K>),
) -> [PolicyFigures; 2] {
    let mut sums = [(0.0, 0usize, 0usize, 0usize); 2];
    for s in samples {
        let (logits, keys) = model(s);
        let (ce, rank) = figures_of(s, &logits, &keys);
        let sum = &mut sums[s.held_out as usize];
        sum.0 += ce;
        sum.1 += (rank == 0) as usize;
        sum.2 += (rank < 3) as usize;
        sum.3 += 1;
    }
    sums.map(|(ce, top1, top3, n)| {
        let n = n.max(1) as f64;
        PolicyFigures {
            cross_entropy: ce / n,
            top1: top1 as f64 / n,
            top3: top3 as f64 / n,
        }
    })
}

/// The uniform policy's figures: cross-entropy ln(candidates), a random
/// pick's expected accuracies.
fn uniform_figures(samples: &[PolicySample]) -> [PolicyFigures; 2] {
    let mut sums = [(0.0, 0.0, 0.0, 0usize); 2];
    for s in samples {
        let n = s.candidates.len() as f64;
        let sum = &mut sums[s.held_out as usize];
        sum.0 += n.ln();
        sum.1 += 1.0 / n;
        sum.2 += (3.0 / n).min(1.0);
        sum.3 += 1;
    }
    sums.map(|(ce, top1, top3, n)| {
        let n = n.max(1) as f64;
        PolicyFigures {
            cross_entropy: ce / n,
            top1: top1 / n,
            top3: top3 / n,
        }
    })
}

/// The hand ranking's softmax temperature with the least training
/// cross-entropy, on a log grid (a one-parameter fit).
fn best_hand_temperature(samples: &[PolicySample]) -> f64 {
    let train: Vec<&PolicySample> = samples.iter().filter(|s| !s.held_out).collect();
    let loss = |beta: f64| {
        train
            .iter()
            .map(|s| {
                let logits: Vec<f64> = s.candidates.iter().map(|c| beta * c.hand as f64).collect();
                figures_of(s, &logits, &logits).0
            })
            .sum::<f64>()
    };
    // Hand keys run to a few thousand: 1e-4 .. 1 per unit.
    (0..=40)
        .map(|i| 10f64.powf(-4.0 + i as f64 / 10.0))
        .map(|beta| (loss(beta), beta))
        .fold(
            (f64::INFINITY, 1.0),
            |best, x| if x.0 < best.0 { x } else { best },
        )
        .1
}

/// Fits the policy on the training samples by minibatch Adam and reports
/// it and the baselines on both splits.
pub fn fit_policy(samples: &[PolicySample], config: &PolicyFitConfig) -> PolicyFitReport {
    let train: Vec<&PolicySample> = samples.iter().filter(|s| !s.held_out).collect();
    let mut w = vec![0.0f64; PARAMETERS];
    let (mut m, mut v) = (vec![0.0f64; PARAMETERS], vec![0.0f64; PARAMETERS]);
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8);
    let mut grad = vec![0.0f64; PARAMETERS];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SmallRng::seed_from_u64(config.seed);
    let mut step = 0i32;
    let mut probabilities = Vec::new();
    for _ in 0..config.epochs {
        order.shuffle(&mut rng);
        for batch in order.chunks(config.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &i in batch {
                let s = train[i];
                let t = phase(s.stones);
                probabilities.clear();
                probabilities.extend(s.candidates.iter().map(|c| logit(&w, c, t)));
                let max = probabilities
                    .iter()
                    .cloned()
                    .fold(f64::NEG_INFINITY, f64::max);
                let mut total = 0.0;
                for p in probabilities.iter_mut() {
                    *p = (*p - max).exp();
                    total += *p;
                }
                for (k, (c, p)) in s.candidates.iter().zip(&probabilities).enumerate() {
                    // d(cross-entropy)/d(logit) = p - [played].
                    let g = (p / total - (k == s.played) as u8 as f64) / batch.len() as f64;
                    let (a, d) = (4 * c.mine as usize, 4 * c.theirs as usize);
                    grad[a] += (1.0 - t) * g;
                    grad[a + 1] += t * g;
                    grad[d + 2] += (1.0 - t) * g;
                    grad[d + 3] += t * g;
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for j in 0..PARAMETERS {
                let g = grad[j] + 2.0 * config.l2 * w[j];
                m[j] = beta1 * m[j] + (1.0 - beta1) * g;
                v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
                w[j] -= config.learning_rate * (m[j] / c1) / ((v[j] / c2).sqrt() + epsilon);
            }
        }
    }
    let mut weights = PolicyWeights::zero();
    for (value, &x) in weights.codes.iter_mut().flatten().zip(&w) {
        *value = (x * POLICY_SCALE as f64)
            .round()
            .clamp(-i16::MAX as f64, i16::MAX as f64) as i16;
    }
    let hand_temperature = best_hand_temperature(samples);
    let fitted = evaluate(samples, |s| {
        let t = phase(s.stones);
        let logits: Vec<f64> = s.candidates.iter().map(|c| logit(&w, c, t)).collect();
        (logits.clone(), logits)
    });
    let rounded = evaluate(samples, |s| {
        let keys: Vec<i32> = s
            .candidates
            .iter()
            .map(|c| score_of_codes(&weights, c.mine, c.theirs, s.stones))
            .collect();
        let unit = (POLICY_SCALE * TABLE_PHASE_STONES) as f64;
        (keys.iter().map(|&k| k as f64 / unit).collect(), keys)
    });
    let hand = evaluate(samples, |s| {
        let keys: Vec<i32> = s.candidates.iter().map(|c| c.hand).collect();
        let logits = keys.iter().map(|&k| hand_temperature * k as f64).collect();
        (logits, keys)
    });
    PolicyFitReport {
        train_positions: train.len(),
        held_out_positions: samples.len() - train.len(),
        uniform: uniform_figures(samples),
        hand,
        hand_temperature,
        fitted,
        rounded,
        weights,
    }
}

/// The report's figures as text lines (for the terminal and `data/README.md`).
pub fn describe_policy(report: &PolicyFitReport) -> String {
    let line = |name: &str, f: &[PolicyFigures; 2]| {
        format!(
            "{name}: cross-entropy train {:.4}, held-out {:.4}; top-1 {:.3} / {:.3}; top-3 {:.3} / {:.3}\n",
            f[0].cross_entropy, f[1].cross_entropy, f[0].top1, f[1].top1, f[0].top3, f[1].top3
        )
    };
    format!(
        "positions: {} training, {} held out\n{}{}{}{}",
        report.train_positions,
        report.held_out_positions,
        line("uniform", &report.uniform),
        line(
            &format!(
                "hand ordering_key (temperature {:.5}/unit)",
                report.hand_temperature
            ),
            &report.hand
        ),
        line("policy as fitted", &report.fitted),
        line("policy as embedded (integer)", &report.rounded),
    )
}

#[cfg(test)]
mod tests {
    use super::super::selfplay::play_game;
    use super::*;
    use crate::engines::gomoku::notation::parse_moves;

    /// Games `0..count` of the light self-play, seed 7, 200 nodes a move.
    fn light_games(count: u64) -> Vec<GameRecord> {
        let openings: Vec<_> = ["h8 f6 e4", "h8 g7 k9", "h8 i9 l8"]
            .iter()
            .map(|line| parse_moves(line).unwrap())
            .collect();
        let config = super::super::light_self_play(7, 200);
        (0..count)
            .map(|i| play_game(&openings, i, &config))
            .collect()
    }

    /// A self-play game keeps no score for its random plies, so they are no
    /// labels; nor are the moves whose scores were dropped.
    #[test]
    fn only_scored_moves_are_labels_in_a_game_with_scores() {
        let game = &light_games(1)[0];
        let searched = policy_samples_of(std::slice::from_ref(game)).len();
        // Without scores (an older games file) the random plies are labels too.
        let unscored = GameRecord {
            scores: vec![None; game.moves.len()],
            ..game.clone()
        };
        let every_move = policy_samples_of(&[unscored]).len();
        assert!(
            every_move > searched && searched > 0,
            "{every_move} {searched}"
        );
        // Black's moves alone (a log converted for one player): every label
        // is a Black move, played with an even number of stones on the board.
        let mut black_only = game.clone();
        for score in black_only.scores.iter_mut().skip(1).step_by(2) {
            *score = None;
        }
        let samples = policy_samples_of(&[black_only]);
        assert!(!samples.is_empty() && samples.len() < searched);
        assert!(samples.iter().all(|s| s.stones % 2 == 0));
    }

    /// A tiny seeded run: games self-played at a few hundred nodes a move,
    /// then a fit whose cross-entropy is below the uniform policy's on both
    /// splits, and the same weights from the same seed.
    #[test]
    fn tiny_policy_fit_beats_the_uniform_policy() {
        let games = light_games(16);
        let samples = policy_samples_of(&games);
        assert!(samples.iter().any(|s| s.held_out) && samples.iter().any(|s| !s.held_out));
        for s in &samples {
            assert!(s.played < s.candidates.len());
        }
        let fit_config = PolicyFitConfig {
            epochs: 30,
            ..PolicyFitConfig::default()
        };
        let report = fit_policy(&samples, &fit_config);
        let text = describe_policy(&report);
        for split in 0..2 {
            assert!(
                report.rounded[split].cross_entropy < report.uniform[split].cross_entropy - 0.2,
                "{text}"
            );
        }
        assert!(report.rounded[0].top1 > report.uniform[0].top1, "{text}");
        assert_eq!(fit_policy(&samples, &fit_config).weights, report.weights);
    }
}
