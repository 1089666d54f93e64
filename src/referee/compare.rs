//! Two runs of player A against the same opponent, game by game: each game
//! of one run is paired with the game of the other that started from the
//! same opening with A on the same colour, and the games whose result
//! differs are counted.
//!
//! Against a strong engine most games are decided by the opening and the
//! colour, so two runs of different builds differ in only a few games (22-30
//! of 190 in our Gomoku runs against Rapfi). Their scores alone carry the
//! noise of every game; the games that differ carry the difference. A sign
//! test over them says how likely the split is if the two builds were equal.
//!
//! Games pair by opening and colour, not by game id, since the order in
//! which a seed plays the openings is a referee detail that has changed.

use std::collections::HashMap;

use super::record::{GameRecord, Termination};
use super::schedule::BadGameId;
use super::stats::GameScore;
use super::summary::GameOutcome;

/// What two runs' common games say about A in the second run against A in
/// the first (or, added up, several such pairs of runs).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunComparison {
    /// Games present in both runs (same opening, A on the same colour, the
    /// same occurrence of that opening and colour in each).
    pub common: usize,
    /// A's points in those games, first run and second run.
    pub points: [f64; 2],
    /// Common games A scored more in the second run.
    pub better: usize,
    /// Common games A scored less in the second run.
    pub worse: usize,
    /// Games present in both runs but left out of the counts above, because
    /// one of the two did not end by the rules (a time loss, a crash, ...)
    /// and the comparison was asked to count only games that did.
    pub left_out: usize,
}

impl RunComparison {
    /// Two-sided exact sign test over the games that differ: the chance of
    /// a split at least this uneven between two equal players.
    pub fn p_value(&self) -> f64 {
        sign_test(self.better, self.worse)
    }

    /// Adds the games of another comparison (another seed, say).
    pub fn add(&mut self, other: &RunComparison) {
        self.common += other.common;
        self.points[0] += other.points[0];
        self.points[1] += other.points[1];
        self.better += other.better;
        self.worse += other.worse;
        self.left_out += other.left_out;
    }
}

/// Which pairs of games [`compare_runs`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairedGames {
    /// Every pair, however its games ended.
    All,
    /// Only pairs whose two games both ended by the rules: a time loss or
    /// another fault (of either player) says something about the machine's
    /// load or the bot's robustness, not about the moves being compared.
    EndedByRules,
}

/// Pairs the games of `first` and `second` (each one run of A against the
/// same opponent) by opening and A's colour, and compares A's results.
/// A game whose opening and colour came up `k` times in one run pairs with
/// the `k`-th such game of the other.
pub fn compare_runs(
    first: &[GameRecord],
    second: &[GameRecord],
    counted: PairedGames,
) -> Result<RunComparison, BadGameId> {
    let first = keyed_scores(first)?;
    let second = keyed_scores(second)?;
    let mut comparison = RunComparison::default();
    for (key, &(before, before_normal)) in &first {
        let Some(&(after, after_normal)) = second.get(key) else {
            continue;
        };
        if counted == PairedGames::EndedByRules && !(before_normal && after_normal) {
            comparison.left_out += 1;
            continue;
        }
        comparison.common += 1;
        comparison.points[0] += before.points();
        comparison.points[1] += after.points();
        match after.cmp(&before) {
            std::cmp::Ordering::Greater => comparison.better += 1,
            std::cmp::Ordering::Less => comparison.worse += 1,
            std::cmp::Ordering::Equal => {}
        }
    }
    Ok(comparison)
}

/// Which game of a run: its opening, A's colour, and how many games of
/// that opening and colour came before it in the run.
type GameKey<'a> = (&'a [[i32; 2]], &'a str, usize);

/// A's score in each game of one run, and whether the game ended by the
/// rules.
fn keyed_scores(
    records: &[GameRecord],
) -> Result<HashMap<GameKey<'_>, (GameScore, bool)>, BadGameId> {
    let mut seen: HashMap<(&[[i32; 2]], &str), usize> = HashMap::new();
    let mut scores = HashMap::new();
    for record in records {
        let score = GameOutcome::from_record(record)?.score_for_a();
        let occurrence = seen.entry((&record.opening, &record.player_a)).or_insert(0);
        scores.insert(
            (&record.opening[..], &record.player_a[..], *occurrence),
            (score, record.termination == Termination::Normal),
        );
        *occurrence += 1;
    }
    Ok(scores)
}

/// Two-sided exact binomial test of `better` against `worse` with
/// probability one half each: twice the chance of a tail at least as far
/// out, capped at 1. No differing game: 1.
pub fn sign_test(better: usize, worse: usize) -> f64 {
    let n = better + worse;
    let far = better.max(worse);
    // ln C(n, k) - n ln 2, summed over the tail k = far..=n.
    let ln_half_n = n as f64 * std::f64::consts::LN_2;
    let mut ln_choose = ln_choose(n, far);
    let mut tail = 0.0;
    for k in far..=n {
        tail += (ln_choose - ln_half_n).exp();
        // C(n, k + 1) = C(n, k) (n - k) / (k + 1).
        if k < n {
            ln_choose += ((n - k) as f64).ln() - ((k + 1) as f64).ln();
        }
    }
    (2.0 * tail).min(1.0)
}

fn ln_choose(n: usize, k: usize) -> f64 {
    (0..k.min(n - k))
        .map(|i| ((n - i) as f64).ln() - ((i + 1) as f64).ln())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::record::GameResult;

    fn game(id: &str, opening: &[[i32; 2]], result: GameResult) -> GameRecord {
        GameRecord::for_test(id, opening, result)
    }

    /// The sign test against binomial tails worked by hand: 3 of 3 is
    /// 2/8, 5 of 5 is 2/32, 4 of 5 is 2 * 6/32; an even split is 1.
    #[test]
    fn sign_test_matches_hand_worked_tails() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(sign_test(3, 0), 0.25));
        assert!(close(sign_test(0, 5), 2.0 / 32.0));
        assert!(close(sign_test(4, 1), 12.0 / 32.0));
        assert!(close(sign_test(2, 2), 1.0));
        assert!(close(sign_test(0, 0), 1.0));
        // Large counts stay finite and below the small-sample values.
        let p = sign_test(50, 30);
        assert!(p > 0.03 && p < 0.04, "{p}");
    }

    /// Games pair by opening and A's colour whatever their ids and order;
    /// a game with no partner is left out.
    #[test]
    fn games_pair_by_opening_and_colour_not_by_id() {
        let (one, two, three) = ([[7, 7]], [[7, 7], [8, 8]], [[7, 7], [6, 6]]);
        let first = vec![
            game("0-0-black", &one, GameResult::White),
            game("0-0-white", &one, GameResult::Black),
            game("0-1-black", &two, GameResult::Black),
            game("0-1-white", &two, GameResult::Black),
            game("0-2-black", &three, GameResult::Black),
        ];
        // The same openings under other ids, in another order.
        let second = vec![
            game("0-0-white", &two, GameResult::White),
            game("0-0-black", &two, GameResult::Black),
            game("0-1-white", &one, GameResult::Draw),
            game("0-1-black", &one, GameResult::Black),
        ];
        let comparison = compare_runs(&first, &second, PairedGames::All).unwrap();
        assert_eq!(comparison.common, 4);
        // A: first run 0 + 0 + 1 + 0, second run 1 + 0.5 + 1 + 1.
        assert_eq!(comparison.points, [1.0, 3.5]);
        assert_eq!((comparison.better, comparison.worse), (3, 0));
        assert!((comparison.p_value() - 0.25).abs() < 1e-12);
    }

    /// An opening played twice with A on one colour pairs first with first
    /// and second with second.
    #[test]
    fn repeated_openings_pair_in_order() {
        let one = [[7, 7]];
        let first = vec![
            game("0-0-black", &one, GameResult::Black),
            game("1-0-black", &one, GameResult::White),
        ];
        let second = vec![
            game("0-0-black", &one, GameResult::White),
            game("1-0-black", &one, GameResult::White),
        ];
        let comparison = compare_runs(&first, &second, PairedGames::All).unwrap();
        assert_eq!(comparison.common, 2);
        assert_eq!((comparison.better, comparison.worse), (0, 1));
    }

    /// Counting only games ended by the rules leaves out a pair when
    /// either of its games ended otherwise, and says how many it left out.
    #[test]
    fn pairs_with_a_fault_can_be_left_out() {
        let (one, two) = ([[7, 7]], [[7, 7], [8, 8]]);
        let mut timed_out = game("0-0-black", &one, GameResult::Black);
        timed_out.termination = Termination::Timeout;
        let first = vec![timed_out, game("0-1-black", &two, GameResult::White)];
        let mut crashed = game("0-1-black", &two, GameResult::White);
        crashed.termination = Termination::Crash;
        let second = vec![game("0-0-black", &one, GameResult::White), crashed];
        let all = compare_runs(&first, &second, PairedGames::All).unwrap();
        assert_eq!((all.common, all.left_out), (2, 0));
        assert_eq!((all.better, all.worse), (0, 1));
        let normal = compare_runs(&first, &second, PairedGames::EndedByRules).unwrap();
        assert_eq!((normal.common, normal.left_out), (0, 2));
        assert_eq!((normal.better, normal.worse), (0, 0));
    }

    #[test]
    fn a_bad_game_id_is_refused() {
        let bad = vec![game("0-x-black", &[[7, 7]], GameResult::Black)];
        assert!(compare_runs(&bad, &[], PairedGames::All).is_err());
    }
}
