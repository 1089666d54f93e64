//! Who plays whom: the pairings of a match or tournament, every game's stable
//! id, and the share of the games one shard plays.
//!
//! A pairing is two players, A and B; its games come in colour-swapped pairs
//! (A Black, then A White) that share an opening. The schedule lists the
//! pairs round by round (pair 0 of every pairing, then pair 1, ...), so a
//! tournament cut short has played every pairing about equally, and numbers
//! them: `--shard I/N` plays the pairs whose number is I modulo N.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::game::Player;

/// How the players meet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Two players, A and B (`referee play`).
    #[default]
    Match,
    /// Every player against every other.
    RoundRobin,
    /// The first player against each of the others.
    Gauntlet,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Match => "match",
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
        }
    }
}

/// A game's place in the schedule, the same in every run of the same command:
/// its pairing, the pair within the pairing, and A's colour. Written
/// `PAIRING-PAIR-COLOUR`, e.g. `2-17-white`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId {
    pub pairing: usize,
    pub pair: usize,
    pub a_colour: Player,
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.pairing, self.pair, self.a_colour.name())
    }
}

/// A game id that does not read `PAIRING-PAIR-black|white`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a game id (PAIRING-PAIR-black|white): {0:?}")]
pub struct BadGameId(pub String);

impl FromStr for GameId {
    type Err = BadGameId;

    fn from_str(text: &str) -> Result<Self, BadGameId> {
        let bad = || BadGameId(text.to_string());
        let mut parts = text.split('-');
        let (Some(pairing), Some(pair), Some(colour), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let a_colour = match colour {
            "black" => Player::Black,
            "white" => Player::White,
            _ => return Err(bad()),
        };
        Ok(GameId {
            pairing: pairing.parse().map_err(|_| bad())?,
            pair: pair.parse().map_err(|_| bad())?,
            a_colour,
        })
    }
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    pub id: GameId,
    /// 1-based position in the whole schedule (the log's `number`).
    pub number: usize,
    /// The pair's position in the schedule, counted over all pairings (what
    /// shards split).
    pub pair_number: usize,
    /// 0-based game number within its pairing.
    pub index_in_pairing: usize,
}

/// The pairings and the games of a match or tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub format: Format,
    /// Player indices `[A, B]` of every pairing.
    pub pairings: Vec<[usize; 2]>,
    pub games_per_pairing: usize,
}

impl Schedule {
    /// The schedule of `players` players (a match needs exactly two).
    pub fn new(format: Format, players: usize, games_per_pairing: usize) -> Self {
        let pairings = match format {
            Format::Match => vec![[0, 1]],
            Format::RoundRobin => (0..players)
                .flat_map(|a| (a + 1..players).map(move |b| [a, b]))
                .collect(),
            Format::Gauntlet => (1..players).map(|b| [0, b]).collect(),
        };
        Schedule {
            format,
            pairings,
            games_per_pairing,
        }
    }

    /// Pairs per pairing (the last one holds one game if the count is odd).
    pub fn pairs_per_pairing(&self) -> usize {
        self.games_per_pairing.div_ceil(2)
    }

    /// Every game, in schedule order.
    pub fn games(&self) -> Vec<ScheduledGame> {
        let mut games = Vec::with_capacity(self.pairings.len() * self.games_per_pairing);
        for pair in 0..self.pairs_per_pairing() {
            for pairing in 0..self.pairings.len() {
                let pair_number = pair * self.pairings.len() + pairing;
                for (second, a_colour) in [Player::Black, Player::White].into_iter().enumerate() {
                    let index_in_pairing = 2 * pair + second;
                    if index_in_pairing >= self.games_per_pairing {
                        break;
                    }
                    games.push(ScheduledGame {
                        id: GameId {
                            pairing,
                            pair,
                            a_colour,
                        },
                        number: games.len() + 1,
                        pair_number,
                        index_in_pairing,
                    });
                }
            }
        }
        games
    }

    /// Whether `id` names a game of this schedule.
    pub fn contains(&self, id: GameId) -> bool {
        let index = 2 * id.pair + usize::from(id.a_colour == Player::White);
        id.pairing < self.pairings.len() && index < self.games_per_pairing
    }
}

/// `--shard I/N`: the pairs whose schedule number is I modulo N (0 <= I < N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// Why a `--shard` argument was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected I/N with 0 <= I < N, got {0:?}")]
pub struct BadShard(pub String);

impl FromStr for Shard {
    type Err = BadShard;

    fn from_str(text: &str) -> Result<Self, BadShard> {
        let bad = || BadShard(text.to_string());
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = index.trim().parse().map_err(|_| bad())?;
        let count: usize = count.trim().parse().map_err(|_| bad())?;
        if index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    pub fn plays(&self, game: &ScheduledGame) -> bool {
        game.pair_number % self.count == self.index
    }
}

/// A player of a match or tournament: `NAME=SPEC` names a spec; a spec alone
/// is its own name. A name is letters, digits and `_ . + -`; so a command
/// that starts with an environment assignment (`VAR=1 ./bot`) must be
/// written `env VAR=1 ./bot` or given a name (`bot=VAR=1 ./bot`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub name: String,
    pub spec: String,
}

impl Entrant {
    pub fn parse(text: &str) -> Self {
        let is_name_char = |c: char| c.is_ascii_alphanumeric() || "_.+-".contains(c);
        match text.split_once('=') {
            Some((name, spec))
                if !name.is_empty() && !spec.is_empty() && name.chars().all(is_name_char) =>
            {
                Entrant {
                    name: name.to_string(),
                    spec: spec.to_string(),
                }
            }
            _ => Entrant {
                name: text.to_string(),
                spec: text.to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_and_gauntlet_pairings() {
        assert_eq!(
            Schedule::new(Format::RoundRobin, 4, 2).pairings,
            vec![[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
        );
        assert_eq!(
            Schedule::new(Format::Gauntlet, 4, 2).pairings,
            vec![[0, 1], [0, 2], [0, 3]]
        );
        assert_eq!(Schedule::new(Format::Match, 2, 2).pairings, vec![[0, 1]]);
    }

    #[test]
    fn games_are_numbered_round_by_round_with_unique_ids() {
        let schedule = Schedule::new(Format::RoundRobin, 3, 3);
        let games = schedule.games();
        assert_eq!(games.len(), 9);
        let ids: std::collections::HashSet<GameId> = games.iter().map(|g| g.id).collect();
        assert_eq!(ids.len(), 9);
        for (i, game) in games.iter().enumerate() {
            assert_eq!(game.number, i + 1);
            assert!(schedule.contains(game.id));
            assert_eq!(game.id.to_string().parse::<GameId>(), Ok(game.id));
        }
        // Pair 0 of each pairing (two games each) before the single-game pair 1.
        assert_eq!(games[0].id.to_string(), "0-0-black");
        assert_eq!(games[1].id.to_string(), "0-0-white");
        assert_eq!(games[2].id.to_string(), "1-0-black");
        assert_eq!(games[6].id.to_string(), "0-1-black");
        assert_eq!(games[6].pair_number, 3);
        assert_eq!(games[6].index_in_pairing, 2);
        assert!(!schedule.contains("0-1-white".parse().unwrap()));
        assert!(!schedule.contains("3-0-black".parse().unwrap()));
    }

    #[test]
    fn shards_split_the_pairs_exactly() {
        let schedule = Schedule::new(Format::Gauntlet, 5, 7);
        let games = schedule.games();
        let mut seen = vec![0; games.len()];
        for index in 0..3 {
            let shard = Shard { index, count: 3 };
            for game in games.iter().filter(|g| shard.plays(g)) {
                seen[game.number - 1] += 1;
                // Both games of a pair go to the same shard.
                let partner = games
                    .iter()
                    .find(|o| o.pair_number == game.pair_number && o.number != game.number);
                assert!(partner.is_none_or(|o| shard.plays(o)));
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
    }

    #[test]
    fn shard_and_id_parsing() {
        assert_eq!("1/4".parse(), Ok(Shard { index: 1, count: 4 }));
        assert!("4/4".parse::<Shard>().is_err());
        assert!("1".parse::<Shard>().is_err());
        assert!("a/b".parse::<Shard>().is_err());
        assert!("0-1".parse::<GameId>().is_err());
        assert!("0-1-red".parse::<GameId>().is_err());
    }

    #[test]
    fn entrant_names() {
        assert_eq!(
            Entrant::parse("mcts=builtin:mcts"),
            Entrant {
                name: "mcts".into(),
                spec: "builtin:mcts".into()
            }
        );
        let plain = Entrant::parse("./bot --opt a=b");
        assert_eq!(
            (plain.name.as_str(), plain.spec.as_str()),
            ("./bot --opt a=b", "./bot --opt a=b")
        );
        assert_eq!(Entrant::parse("builtin:random").name, "builtin:random");
        // Tuning options stay in the name the log records.
        let tuned = "builtin:alphabeta,threads=2,lmp_base=4";
        assert_eq!(Entrant::parse(tuned).name, tuned);
        assert_eq!(Entrant::parse("v2=env X=1 ./bot").spec, "env X=1 ./bot");
    }
}
