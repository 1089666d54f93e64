//! Which openings decide matches: per opening, over the logs of earlier
//! matches, how many of its pairs (the two games of one opening, each
//! player with each colour) one player won on points, rather than the
//! colour winning both games.
//!
//! Most Gomoku openings are won by the same colour whoever plays it, so
//! most pairs say nothing about which player is stronger. A file of the
//! openings whose pairs were decisive before measures a change with fewer
//! games (`referee openings`; `docs/referee.md`).

use std::collections::HashMap;

use super::record::GameRecord;
use super::schedule::BadGameId;
use super::stats::{GameScore, Pentanomial};
use super::summary::GameOutcome;

/// One opening's pairs over the logs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningTally {
    /// The opening's moves, as logged.
    pub opening: Vec<[i32; 2]>,
    /// Its pairs with both games in the logs, binned by player A's score
    /// as the match report bins them.
    pub pairs: Pentanomial,
}

impl OpeningTally {
    /// Pairs in which one player scored more than the other: all but the
    /// even bin (a win each, or two draws).
    pub fn decisive(&self) -> u64 {
        self.pairs.pairs() - self.pairs.by_score()[2]
    }
}

/// Tallies the pairs of each log's games by opening, in the order the
/// openings first appear (the first game of their first complete pair). A
/// pair is the two games of one log with the same pairing and pair number;
/// one with a game missing is not counted.
pub fn tally_openings(logs: &[Vec<GameRecord>]) -> Result<Vec<OpeningTally>, BadGameId> {
    // Each tally with the position of the game its opening first appeared in.
    let mut tallies: Vec<(usize, OpeningTally)> = Vec::new();
    let mut index_of: HashMap<&[[i32; 2]], usize> = HashMap::new();
    let mut position = 0;
    for records in logs {
        // The first game of each pair of this log (its position and A's
        // score) until the second comes.
        let mut unpaired: HashMap<(usize, usize), (usize, GameScore)> = HashMap::new();
        for record in records {
            position += 1;
            let outcome = GameOutcome::from_record(record)?;
            let (pair, score) = ((outcome.id.pairing, outcome.id.pair), outcome.score_for_a());
            let Some((first_position, first)) = unpaired.remove(&pair) else {
                unpaired.insert(pair, (position, score));
                continue;
            };
            let at = *index_of.entry(&record.opening).or_insert_with(|| {
                let opening = record.opening.clone();
                let pairs = Pentanomial::default();
                tallies.push((first_position, OpeningTally { opening, pairs }));
                tallies.len() - 1
            });
            tallies[at].0 = tallies[at].0.min(first_position);
            tallies[at].1.pairs.add_pair(first, score);
        }
    }
    tallies.sort_by_key(|(first_position, _)| *first_position);
    Ok(tallies.into_iter().map(|(_, tally)| tally).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::record::GameResult;

    fn game(id: &str, opening: &[[i32; 2]], result: GameResult) -> GameRecord {
        GameRecord::for_test(id, opening, result)
    }

    /// The colour winning both games is not decisive; one player winning
    /// both, or a draw and a loss, is; a lone game counts for nothing; the
    /// same opening in two logs adds up.
    #[test]
    fn decisive_pairs_are_those_one_player_won_on_points() {
        let (first, second) = ([[7, 7], [8, 8]], [[7, 7], [6, 8]]);
        let one = vec![
            game("0-0-black", &first, GameResult::Black),
            game("0-0-white", &first, GameResult::Black),
            game("0-1-black", &second, GameResult::Black),
            game("0-1-white", &second, GameResult::White),
            game("0-2-black", &first, GameResult::Black),
        ];
        let two = vec![
            game("0-0-white", &first, GameResult::Draw),
            game("0-0-black", &first, GameResult::White),
            game("0-1-black", &second, GameResult::Black),
            game("0-1-white", &second, GameResult::Black),
        ];
        let tallies = tally_openings(&[one, two]).unwrap();
        let counts: Vec<_> = tallies
            .iter()
            .map(|t| (t.opening.clone(), t.pairs.pairs(), t.decisive()))
            .collect();
        assert_eq!(
            counts,
            vec![(first.to_vec(), 2, 1), (second.to_vec(), 2, 1)]
        );
    }

    #[test]
    fn a_bad_game_id_is_refused() {
        let logs = vec![vec![game("0-x-black", &[[7, 7]], GameResult::Black)]];
        assert!(tally_openings(&logs).is_err());
    }
}
