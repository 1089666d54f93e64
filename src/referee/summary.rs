//! What the referee prints at the end: computed only from the finished games
//! (never from how or where they were played), so a single run, a resumed
//! run and `referee stats` over the logs of many shards print the same.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::game::Player;

use super::record::{GameRecord, GameResult, Termination};
use super::schedule::{Format, GameId};
use super::stats::{GameScore, Pentanomial, Sprt, SprtDecision, Trinomial};
use super::tournament::tournament_report;

/// The part of a logged game the summaries need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    pub id: GameId,
    pub format: Format,
    /// The game's name (`reversi`, ...).
    pub game: String,
    /// Black's and White's player names.
    pub names: [String; 2],
    pub result: GameResult,
    pub termination: Termination,
    /// Black's and White's turn times, as the referee measured them.
    pub turn_times: [TurnTimes; 2],
}

/// One player's turn times over some games, in milliseconds: the first
/// turn of a game apart, as Botzone gives it double time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnTimes {
    pub first_turns: usize,
    pub longest_first: u64,
    pub later_turns: usize,
    pub longest_later: u64,
}

impl TurnTimes {
    /// Black's and White's turn times in a game of `record`: its
    /// `times_ms` alternate from the side to move after the opening (every
    /// game here has Black move first, and a pass is a turn).
    pub fn of_record(record: &GameRecord) -> [TurnTimes; 2] {
        let mut times = [TurnTimes::default(); 2];
        for (i, &ms) in record.times_ms.iter().enumerate() {
            let colour = &mut times[(record.opening.len() + i) % 2];
            if colour.first_turns == 0 && colour.later_turns == 0 {
                colour.first_turns = 1;
                colour.longest_first = ms;
            } else {
                colour.later_turns += 1;
                colour.longest_later = colour.longest_later.max(ms);
            }
        }
        times
    }

    /// Both sets of turns together.
    pub fn merge(&mut self, other: TurnTimes) {
        self.first_turns += other.first_turns;
        self.longest_first = self.longest_first.max(other.longest_first);
        self.later_turns += other.later_turns;
        self.longest_later = self.longest_later.max(other.longest_later);
    }
}

impl GameOutcome {
    pub fn from_record(record: &GameRecord) -> Result<Self, super::schedule::BadGameId> {
        Ok(GameOutcome {
            id: record.game_id()?,
            format: record.format,
            game: record.game.clone(),
            names: [record.black.clone(), record.white.clone()],
            result: record.result,
            termination: record.termination,
            turn_times: TurnTimes::of_record(record),
        })
    }

    /// Player A's and B's names.
    pub fn a_and_b(&self) -> [&str; 2] {
        let [black, white] = [self.names[0].as_str(), self.names[1].as_str()];
        match self.id.a_colour {
            Player::Black => [black, white],
            Player::White => [white, black],
        }
    }

    /// The score of player A.
    pub fn score_for_a(&self) -> GameScore {
        match self.result.winner() {
            None => GameScore::Draw,
            Some(winner) if winner == self.id.a_colour => GameScore::Win,
            Some(_) => GameScore::Loss,
        }
    }
}

/// The outcome of a match from A's point of view.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    pub games_played: usize,
    pub trinomial: Trinomial,
    pub pentanomial: Pentanomial,
    /// Games by termination name.
    pub terminations: BTreeMap<&'static str, usize>,
    /// Player A's and B's turn times.
    pub turn_times: [TurnTimes; 2],
    /// The test, its log-likelihood ratio (pentanomial) and decision.
    pub sprt: Option<(Sprt, f64, SprtDecision)>,
    /// First games of pairs whose second game is still missing.
    unpaired: HashMap<(usize, usize), GameScore>,
}

impl MatchSummary {
    /// The summary of `outcomes` (in any order) with `sprt` evaluated.
    pub fn of(outcomes: &[GameOutcome], sprt: Option<Sprt>) -> Self {
        let mut summary = MatchSummary::default();
        for outcome in outcomes {
            summary.add(outcome);
        }
        if let Some(sprt) = sprt {
            summary.test(sprt);
        }
        summary
    }

    /// Counts one more game.
    pub fn add(&mut self, outcome: &GameOutcome) {
        let score = outcome.score_for_a();
        self.games_played += 1;
        self.trinomial.add(score);
        *self
            .terminations
            .entry(outcome.termination.name())
            .or_default() += 1;
        let [black, white] = outcome.turn_times;
        let (a, b) = match outcome.id.a_colour {
            Player::Black => (black, white),
            Player::White => (white, black),
        };
        self.turn_times[0].merge(a);
        self.turn_times[1].merge(b);
        let pair = (outcome.id.pairing, outcome.id.pair);
        match self.unpaired.remove(&pair) {
            Some(other) => self.pentanomial.add_pair(other, score),
            None => {
                self.unpaired.insert(pair, score);
            }
        }
    }

    /// Evaluates `sprt` on the pairs so far and returns its decision.
    pub fn test(&mut self, sprt: Sprt) -> SprtDecision {
        let llr = sprt.llr_pentanomial(&self.pentanomial);
        let decision = sprt.decision(llr);
        self.sprt = Some((sprt, llr, decision));
        decision
    }

    /// The cutechess-style report printed at the end of a match.
    pub fn report(&self, name_a: &str, name_b: &str) -> String {
        let t = self.trinomial;
        let e = t.estimate();
        let games = t.games();
        let draw_ratio = if games > 0 {
            100.0 * t.draws as f64 / games as f64
        } else {
            0.0
        };
        let p = self.pentanomial;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Score of {name_a} vs {name_b}: {} - {} - {}  [{:.3}] {games}",
            t.wins,
            t.losses,
            t.draws,
            t.score()
        );
        let _ = writeln!(
            out,
            "Elo difference: {:.2} +/- {:.2}, LOS: {:.2} %, DrawRatio: {:.2} %",
            e.elo,
            e.elo_margin,
            e.los * 100.0,
            draw_ratio
        );
        let _ = writeln!(
            out,
            "nElo difference: {:.2} +/- {:.2}",
            e.nelo, e.nelo_margin
        );
        let _ = writeln!(
            out,
            "Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD: {}/{} ({} pairs)",
            p.ll,
            p.ld,
            p.wl + p.dd,
            p.wd,
            p.ww,
            p.wl,
            p.dd,
            p.pairs()
        );
        if let Some((sprt, llr, decision)) = self.sprt {
            let bound = if llr >= 0.0 {
                sprt.upper_bound()
            } else {
                sprt.lower_bound()
            };
            let _ = writeln!(
                out,
                "SPRT: llr {llr:.3} ({:.1}%), lbound {:.2}, ubound {:.2} - {decision}",
                100.0 * llr / bound,
                sprt.lower_bound(),
                sprt.upper_bound()
            );
        }
        let _ = writeln!(out, "{}", terminations_line(&self.terminations));
        for (name, times) in [name_a, name_b].iter().zip(self.turn_times) {
            let _ = writeln!(out, "{}", turn_times_line(name, times));
        }
        out
    }
}

/// `Turn times of NAME: longest 807 ms of 3626 later turns, 822 ms of 100
/// first turns`: the one line match and tournament reports give a player.
pub(super) fn turn_times_line(name: &str, times: TurnTimes) -> String {
    format!(
        "Turn times of {name}: longest {} ms of {} later turns, {} ms of {} first turns",
        times.longest_later, times.later_turns, times.longest_first, times.first_turns
    )
}

/// `Terminations: normal 58, timeout 2`.
pub fn terminations_line(counts: &BTreeMap<&'static str, usize>) -> String {
    let parts: Vec<String> = counts
        .iter()
        .map(|(name, count)| format!("{name} {count}"))
        .collect();
    format!("Terminations: {}", parts.join(", "))
}

/// The end-of-run report of `outcomes`: the match summary (with `sprt`) for
/// a match, the rating list and crosstable for a tournament. `names` (A and
/// B) name a match's players when no game was played.
pub fn render_report(
    format: Format,
    names: [&str; 2],
    outcomes: &[GameOutcome],
    sprt: Option<Sprt>,
) -> String {
    match format {
        Format::Match => {
            let [a, b] = outcomes.first().map_or(names, GameOutcome::a_and_b);
            MatchSummary::of(outcomes, sprt).report(a, b)
        }
        Format::RoundRobin | Format::Gauntlet => tournament_report(format, outcomes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(pair: usize, a_colour: Player, result: GameResult) -> GameOutcome {
        GameOutcome {
            id: GameId {
                pairing: 0,
                pair,
                a_colour,
            },
            format: Format::Match,
            game: "tictactoe".into(),
            names: match a_colour {
                Player::Black => ["a".into(), "b".into()],
                Player::White => ["b".into(), "a".into()],
            },
            result,
            termination: Termination::Normal,
            turn_times: [TurnTimes::default(); 2],
        }
    }

    #[test]
    fn turn_times_alternate_from_the_side_to_move_after_the_opening() {
        // Three opening plies: White answers first.
        let mut record =
            GameRecord::for_test("0-0-white", &[[7, 7], [8, 8], [6, 6]], GameResult::Black);
        record.times_ms = vec![10, 20, 30, 40, 50];
        let [black, white] = TurnTimes::of_record(&record);
        let expected_white = TurnTimes {
            first_turns: 1,
            longest_first: 10,
            later_turns: 2,
            longest_later: 50,
        };
        let expected_black = TurnTimes {
            first_turns: 1,
            longest_first: 20,
            later_turns: 1,
            longest_later: 40,
        };
        assert_eq!((black, white), (expected_black, expected_white));
        // Player A had White: its times come first in the report.
        let outcome = GameOutcome::from_record(&record).unwrap();
        let mut second = outcome.clone();
        second.turn_times[1].longest_later = 70;
        let summary = MatchSummary::of(&[outcome, second], None);
        assert_eq!(summary.turn_times[0].later_turns, 4);
        assert_eq!(summary.turn_times[0].longest_later, 70);
        let report = summary.report("b", "a");
        assert!(
            report.ends_with(
                "Turn times of b: longest 70 ms of 4 later turns, 10 ms of 2 first turns\n\
                 Turn times of a: longest 40 ms of 2 later turns, 20 ms of 2 first turns\n"
            ),
            "{report}"
        );
    }

    #[test]
    fn the_report_does_not_depend_on_the_order_of_games() {
        let games = vec![
            outcome(0, Player::Black, GameResult::Black),
            outcome(0, Player::White, GameResult::Draw),
            outcome(1, Player::Black, GameResult::White),
            outcome(1, Player::White, GameResult::Black),
            outcome(2, Player::Black, GameResult::Black),
        ];
        let sprt = Some("0,10".parse().unwrap());
        let forward = render_report(Format::Match, ["x", "y"], &games, sprt);
        let mut reversed = games.clone();
        reversed.reverse();
        assert_eq!(
            forward,
            render_report(Format::Match, ["x", "y"], &reversed, sprt)
        );
        assert!(
            forward.starts_with("Score of a vs b: 2 - 2 - 1"),
            "{forward}"
        );
        assert!(forward.contains("Ptnml(0-2): [1, 0, 0, 1, 0], WL/DD: 0/0 (2 pairs)"));
    }
}
