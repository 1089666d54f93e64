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

use super::record::{GameRecord, GameResult};
use super::schedule::BadGameId;
use crate::game::Player;

/// One opening's pairs over the logs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningTally {
    /// The opening's moves, as logged.
    pub opening: Vec<[i32; 2]>,
    /// Pairs of this opening with both games in the logs.
    pub pairs: usize,
    /// Of those, the pairs in which one player scored more than the other.
    pub decisive: usize,
}

/// Tallies the pairs of each log's games by opening, in the order the
/// openings first appear. A pair is the two games of one log with the same
/// pairing and pair number; one with a game missing is not counted.
pub fn tally_openings(logs: &[Vec<GameRecord>]) -> Result<Vec<OpeningTally>, BadGameId> {
    let mut tallies: Vec<OpeningTally> = Vec::new();
    let mut index_of: HashMap<Vec<[i32; 2]>, usize> = HashMap::new();
    for records in logs {
        // Player A's points in each pair of this log, and its games seen.
        let mut pairs: HashMap<(usize, usize), (f64, usize, &GameRecord)> = HashMap::new();
        let mut order = Vec::new();
        for record in records {
            let id = record.game_id()?;
            let key = (id.pairing, id.pair);
            let points = points_of(record.result, id.a_colour);
            match pairs.get_mut(&key) {
                Some(pair) => {
                    pair.0 += points;
                    pair.1 += 1;
                }
                None => {
                    pairs.insert(key, (points, 1, record));
                    order.push(key);
                }
            }
        }
        for key in order {
            let (points, games, record) = pairs[&key];
            if games != 2 {
                continue;
            }
            let at = *index_of.entry(record.opening.clone()).or_insert_with(|| {
                tallies.push(OpeningTally {
                    opening: record.opening.clone(),
                    pairs: 0,
                    decisive: 0,
                });
                tallies.len() - 1
            });
            tallies[at].pairs += 1;
            tallies[at].decisive += (points != 1.0) as usize;
        }
    }
    Ok(tallies)
}

/// Player A's points in a game where A had `a_colour`.
fn points_of(result: GameResult, a_colour: Player) -> f64 {
    match result {
        GameResult::Draw => 0.5,
        result if result == GameResult::win_for(a_colour) => 1.0,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::record::{DebugStrings, Termination};
    use crate::referee::schedule::Format;

    fn game(id: &str, opening: &[[i32; 2]], result: GameResult) -> GameRecord {
        GameRecord {
            game: "gomoku".to_string(),
            format: Format::Match,
            id: id.to_string(),
            number: 0,
            black: "a".to_string(),
            white: "b".to_string(),
            player_a: id.rsplit('-').next().unwrap().to_string(),
            result,
            termination: Termination::Normal,
            detail: String::new(),
            opening: opening.to_vec(),
            moves: opening.to_vec(),
            refused_move: None,
            times_ms: Vec::new(),
            debug: DebugStrings::default(),
        }
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
        assert_eq!(
            tallies,
            vec![
                OpeningTally {
                    opening: first.to_vec(),
                    pairs: 2,
                    decisive: 1,
                },
                OpeningTally {
                    opening: second.to_vec(),
                    pairs: 2,
                    decisive: 1,
                },
            ]
        );
    }

    #[test]
    fn a_bad_game_id_is_refused() {
        let logs = vec![vec![game("0-x-black", &[[7, 7]], GameResult::Black)]];
        assert!(tally_openings(&logs).is_err());
    }
}
