//! The tables printed at the end of a tournament: a rating list with error
//! bars (maximum likelihood over all games, see `rating`) and a crosstable.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::rating::{fit_ratings, Encounter, Rating};
use super::record::GameResult;
use super::schedule::Format;
use super::summary::{terminations_line, turn_times_line, GameOutcome, TurnTimes};

/// Virtual draws added to every pairing that played (BayesElo's prior), so
/// that a player who won or lost every game still gets a finite rating.
pub const PRIOR_DRAWS: f64 = 1.0;

#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: u64,
    /// Half points, to stay exact.
    half_points: u64,
    draws: u64,
}

impl Tally {
    fn add(&mut self, half_points: u64) {
        self.games += 1;
        self.half_points += half_points;
        self.draws += u64::from(half_points == 1);
    }

    fn points(&self) -> f64 {
        self.half_points as f64 / 2.0
    }

    fn percent(&self, part: f64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            100.0 * part / self.games as f64
        }
    }
}

/// The rating list, crosstable, terminations and each player's turn times
/// of a tournament's games (in any order).
pub fn tournament_report(format: Format, outcomes: &[GameOutcome]) -> String {
    let names: Vec<&str> = outcomes
        .iter()
        .flat_map(|o| o.names.iter().map(String::as_str))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index = |name: &str| names.binary_search(&name).expect("every name is listed");
    let n = names.len();
    let mut cross = vec![vec![Tally::default(); n]; n];
    let mut terminations: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut turn_times = vec![TurnTimes::default(); n];
    for outcome in outcomes {
        let [black, white] = outcome.names.each_ref().map(|name| index(name));
        turn_times[black].merge(outcome.turn_times[0]);
        turn_times[white].merge(outcome.turn_times[1]);
        let black_half_points = match outcome.result {
            GameResult::Black => 2,
            GameResult::Draw => 1,
            GameResult::White => 0,
        };
        cross[black][white].add(black_half_points);
        cross[white][black].add(2 - black_half_points);
        *terminations.entry(outcome.termination.name()).or_default() += 1;
    }
    let mut totals = vec![Tally::default(); n];
    for (i, row) in cross.iter().enumerate() {
        for cell in row {
            totals[i].games += cell.games;
            totals[i].half_points += cell.half_points;
            totals[i].draws += cell.draws;
        }
    }
    let encounters: Vec<Encounter> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .filter(|&(i, j)| cross[i][j].games > 0)
        .map(|(i, j)| Encounter {
            players: [i, j],
            games: cross[i][j].games as f64,
            points: cross[i][j].points(),
        })
        .collect();
    let ratings = fit_ratings(n, &encounters, PRIOR_DRAWS);

    // Best first: by rating, else by score; ties by name.
    let mut order: Vec<usize> = (0..n).collect();
    let strength = |i: usize| match &ratings {
        Ok(r) => r[i].elo,
        Err(_) => totals[i].percent(totals[i].points()),
    };
    order.sort_by(|&a, &b| strength(b).total_cmp(&strength(a)).then(a.cmp(&b)));

    let games = outcomes.len();
    let draws = outcomes
        .iter()
        .filter(|o| o.result == GameResult::Draw)
        .count();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Tournament ({}): {n} players, {games} games, {draws} draws ({:.1} %)",
        format.name(),
        if games == 0 {
            0.0
        } else {
            100.0 * draws as f64 / games as f64
        }
    );
    let width = names.iter().map(|s| s.len()).max().unwrap_or(0).max(4);
    let _ = writeln!(
        out,
        "{:>4} {:<width$} {:>7} {:>6} {:>6} {:>7} {:>7} {:>7}",
        "Rank", "Name", "Elo", "+/-", "Games", "Points", "Score", "Draws"
    );
    for (rank, &i) in order.iter().enumerate() {
        let t = totals[i];
        let (elo, margin) = match &ratings {
            Ok(r) => {
                let Rating { elo, margin } = r[i];
                (format!("{elo:.1}"), format!("{margin:.1}"))
            }
            Err(_) => ("-".to_string(), "-".to_string()),
        };
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {elo:>7} {margin:>6} {:>6} {:>7} {:>6.1}% {:>6.1}%",
            rank + 1,
            names[i],
            t.games,
            t.points(),
            t.percent(t.points()),
            t.percent(t.draws as f64),
        );
    }
    match &ratings {
        Ok(_) => {
            let _ = writeln!(
                out,
                "Elo: maximum likelihood over all games, mean 0, {PRIOR_DRAWS} virtual draw per \
                 pairing; +/- is a 95% interval."
            );
        }
        Err(e) => {
            let _ = writeln!(out, "Elo: none, {e}.");
        }
    }

    let cells: Vec<Vec<String>> = order
        .iter()
        .map(|&i| {
            order
                .iter()
                .map(|&j| match cross[i][j] {
                    _ if i == j => "-".to_string(),
                    Tally { games: 0, .. } => ".".to_string(),
                    cell => format!("{}/{}", cell.points(), cell.games),
                })
                .collect()
        })
        .collect();
    let cell_width = cells
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max(n.to_string().len());
    let _ = writeln!(
        out,
        "Crosstable (points of the row player against the column player / games):"
    );
    let mut header = format!("{:>4} {:<width$}", "", "");
    for column in 1..=n {
        let _ = write!(header, " {column:>cell_width$}");
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for (rank, (&i, row)) in order.iter().zip(&cells).enumerate() {
        let mut line = format!("{:>4} {:<width$}", rank + 1, names[i]);
        for cell in row {
            let _ = write!(line, " {cell:>cell_width$}");
        }
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}", terminations_line(&terminations));
    for &i in &order {
        let _ = writeln!(out, "{}", turn_times_line(names[i], turn_times[i]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::referee::record::Termination;
    use crate::referee::schedule::GameId;

    /// A game whose every turn took `ms_per_turn`: Black's first turn and
    /// one later, White's first turn alone.
    fn game(
        pairing: usize,
        pair: usize,
        black: &str,
        white: &str,
        result: GameResult,
        ms_per_turn: u64,
    ) -> GameOutcome {
        let turns = |later_turns| TurnTimes {
            first_turns: 1,
            longest_first: ms_per_turn,
            later_turns,
            longest_later: if later_turns > 0 { ms_per_turn } else { 0 },
        };
        GameOutcome {
            id: GameId {
                pairing,
                pair,
                a_colour: Player::Black,
            },
            format: Format::RoundRobin,
            game: "tictactoe".into(),
            names: [black.into(), white.into()],
            result,
            termination: Termination::Normal,
            turn_times: [turns(1), turns(0)],
        }
    }

    #[test]
    fn crosstable_and_ratings_of_three_players() {
        let games = vec![
            game(0, 0, "strong", "middle", GameResult::Black, 10),
            game(0, 1, "middle", "strong", GameResult::White, 20),
            game(1, 0, "strong", "weak", GameResult::Black, 30),
            game(1, 1, "weak", "strong", GameResult::Draw, 40),
            game(2, 0, "middle", "weak", GameResult::Black, 50),
            game(2, 1, "weak", "middle", GameResult::Black, 60),
        ];
        let report = tournament_report(Format::RoundRobin, &games);
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(
            lines[0],
            "Tournament (round-robin): 3 players, 6 games, 1 draws (16.7 %)"
        );
        let columns =
            |line: &str| -> Vec<String> { line.split_whitespace().map(str::to_string).collect() };
        // Best first: strong 3.5 points of 4 with one draw.
        let strong = columns(lines[2]);
        assert_eq!(strong[1], "strong", "{report}");
        assert_eq!(strong[4..], ["4", "3.5", "87.5%", "25.0%"], "{report}");
        assert_eq!(columns(lines[3])[1], "weak", "{report}");
        assert_eq!(columns(lines[4])[1], "middle", "{report}");
        // strong scored 1.5/2 against weak and 2/2 against middle.
        let crosstable = lines
            .iter()
            .position(|l| l.starts_with("Crosstable"))
            .unwrap();
        assert_eq!(columns(lines[crosstable + 1]), ["1", "2", "3"]);
        assert_eq!(
            columns(lines[crosstable + 2]),
            ["1", "strong", "-", "1.5/2", "2/2"]
        );
        // Each player's turns over its four games, in the rating order:
        // strong was Black at 10 and 30 ms (first and later turns) and
        // White at 20 and 40 ms (first turns only).
        assert!(
            report.ends_with(
                "Terminations: normal 6\n\
                 Turn times of strong: longest 30 ms of 2 later turns, 40 ms of 4 first turns\n\
                 Turn times of weak: longest 60 ms of 2 later turns, 60 ms of 4 first turns\n\
                 Turn times of middle: longest 50 ms of 2 later turns, 60 ms of 4 first turns\n"
            ),
            "{report}"
        );
        let mut shuffled = games.clone();
        shuffled.rotate_left(2);
        assert_eq!(report, tournament_report(Format::RoundRobin, &shuffled));
    }
}
