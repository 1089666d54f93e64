//! The Gomocup protocol (Piskvork's "pbrain" brains): one command per line
//! on stdin, answers on stdout, one process for a whole match.
//!
//! Commands: `START n`, `RECTSTART w,h`, `RESTART`, `BEGIN`, `TURN x,y`,
//! `BOARD` ... `DONE` (`x,y,1` own stone, `x,y,2` the opponent's), `INFO key
//! value`, `TAKEBACK x,y`, `PLAY x,y`, `ABOUT`, `END`. A move is answered as
//! `x,y` (column, row, from 0), preceded by a `MESSAGE` line with the search
//! summary. A command the brain cannot carry out gets `ERROR <why>`, an
//! unknown one `UNKNOWN <command>`; either way the brain keeps going.
//!
//! The position is kept as the two colours' stone lists. Five in a row is
//! monotone (a subset of a position without five has none), so any
//! interleaving of the lists replays legally: that is how `BOARD` positions,
//! whose move order the manager need not keep, and `TAKEBACK` of any stone of
//! the side that moved last are rebuilt through the rules.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use super::bot_game::BotGame;
use super::decide::decide;
use super::time_budget::{SAFETY_MARGIN, TURN_LIMIT};
use crate::search::{Limits, Searcher};

/// Own moves the bot assumes are still to come when it splits the match
/// clock (`time_left`): Gomoku games between engines rarely last longer.
pub const GOMOCUP_MOVES_TO_GO: u32 = 15;

/// The `INFO` values that decide the thinking time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GomocupClock {
    /// `timeout_turn` in ms (`Some(0)`: play as fast as possible).
    pub timeout_turn: Option<u64>,
    /// `timeout_match` in ms (0: no match limit).
    pub timeout_match: Option<u64>,
    /// `time_left` in ms: what is left of the match clock.
    pub time_left: Option<u64>,
}

impl GomocupClock {
    /// How long a move may think. `explicit` (`--time`) wins; otherwise the
    /// turn limit (Botzone's 1 s when the manager sent none) and, under a
    /// match clock, `time_left / GOMOCUP_MOVES_TO_GO`, each less a margin of
    /// a fifth of it, at most `SAFETY_MARGIN`.
    pub fn budget(&self, explicit: Option<Duration>) -> Duration {
        if let Some(explicit) = explicit {
            return explicit;
        }
        let usable = |limit: Duration| limit - (limit / 5).min(SAFETY_MARGIN);
        let turn = self.timeout_turn.map_or(TURN_LIMIT, Duration::from_millis);
        let mut budget = usable(turn);
        if let (Some(match_limit), Some(left)) = (self.timeout_match, self.time_left) {
            if match_limit > 0 {
                let share = Duration::from_millis(left) / GOMOCUP_MOVES_TO_GO;
                budget = budget.min(usable(share));
            }
        }
        budget
    }
}

/// One brain: the board, the clock, and the `BOARD` lines being read.
struct Brain<'s, G: BotGame> {
    searcher: &'s mut dyn Searcher<G>,
    think_time: Option<Duration>,
    started: bool,
    /// Stones by colour, in the order they are replayed.
    stones: [Vec<(i32, i32)>; 2],
    position: G,
    clock: GomocupClock,
    /// `Some` between `BOARD` and `DONE`: own and opponent stones, and the
    /// first problem found in the lines.
    board: Option<BoardLines>,
}

#[derive(Default)]
struct BoardLines {
    own: Vec<(i32, i32)>,
    opponent: Vec<(i32, i32)>,
    problem: Option<String>,
    /// When the `BOARD` line was read: the move's clock runs from there.
    started: Option<Instant>,
}

/// What a command asks the loop to do.
enum Reply {
    Nothing,
    Lines(Vec<String>),
    End,
}

fn error(text: impl Into<String>) -> Reply {
    Reply::Lines(vec![format!("ERROR {}", text.into())])
}

/// Runs the brain until `END` or end of input. Only an output error ends
/// it early (the manager is gone).
pub fn run_gomocup<G: BotGame>(
    input: &mut impl BufRead,
    output: &mut dyn Write,
    searcher: &mut dyn Searcher<G>,
    think_time: Option<Duration>,
) -> std::io::Result<()> {
    let mut brain = Brain {
        searcher,
        think_time,
        started: false,
        stones: [Vec::new(), Vec::new()],
        position: G::start(),
        clock: GomocupClock::default(),
        board: None,
    };
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let clock_start = Instant::now();
        let line = String::from_utf8_lossy(&bytes);
        match brain.command(line.trim(), clock_start) {
            Reply::Nothing => {}
            Reply::Lines(lines) => {
                for line in lines {
                    writeln!(output, "{line}")?;
                }
                output.flush()?;
            }
            Reply::End => return Ok(()),
        }
    }
}

/// `x,y` (spaces allowed around the numbers).
fn parse_point(text: &str) -> Option<(i32, i32)> {
    let (x, y) = text.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

fn shorten(text: &str) -> String {
    const MAX_CHARS: usize = 40;
    let mut short: String = text.chars().take(MAX_CHARS).collect();
    if text.chars().count() > MAX_CHARS {
        short.push_str("...");
    }
    short
}

impl<G: BotGame> Brain<'_, G> {
    fn command(&mut self, line: &str, clock_start: Instant) -> Reply {
        if line.is_empty() {
            return Reply::Nothing;
        }
        if self.board.is_some() {
            return self.board_line(line, clock_start);
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let word = word.to_ascii_uppercase();
        let needs_start = matches!(
            word.as_str(),
            "BEGIN" | "TURN" | "BOARD" | "TAKEBACK" | "PLAY"
        );
        if needs_start && !self.started {
            return error(format!("{word} before START"));
        }
        match word.as_str() {
            "START" => self.start(rest.parse::<i64>().ok().map(|n| (n, n)), rest),
            "RECTSTART" => self.start(
                parse_point(rest).map(|(w, h)| (i64::from(w), i64::from(h))),
                rest,
            ),
            "RESTART" => {
                self.clear();
                self.started = true;
                Reply::Lines(vec!["OK".into()])
            }
            "BEGIN" => {
                if self.stones.iter().any(|s| !s.is_empty()) {
                    return error("BEGIN on a board that is not empty (send RESTART first)");
                }
                self.think(clock_start)
            }
            "TURN" => match self.point(rest) {
                Ok(point) => match self.play(point) {
                    Ok(()) => self.think(clock_start),
                    Err(why) => error(why),
                },
                Err(why) => error(why),
            },
            "PLAY" => match self.point(rest) {
                // The manager dictates our move (an opening book, say).
                Ok(point) => match self.play(point) {
                    Ok(()) => Reply::Lines(vec![format!("{},{}", point.0, point.1)]),
                    Err(why) => error(why),
                },
                Err(why) => error(why),
            },
            "BOARD" => {
                self.board = Some(BoardLines {
                    started: Some(clock_start),
                    ..BoardLines::default()
                });
                Reply::Nothing
            }
            "TAKEBACK" => match self.point(rest).and_then(|p| self.take_back(p)) {
                Ok(()) => Reply::Lines(vec!["OK".into()]),
                Err(why) => error(why),
            },
            "INFO" => self.info(rest),
            "ABOUT" => Reply::Lines(vec![format!(
                "name=\"boardbots\", version=\"{}\", author=\"boardbots\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )]),
            "END" => Reply::End,
            _ => Reply::Lines(vec![format!("UNKNOWN {}", shorten(line))]),
        }
    }

    fn start(&mut self, size: Option<(i64, i64)>, text: &str) -> Reply {
        match size {
            Some((w, h)) if w == i64::from(G::WIDTH) && h == i64::from(G::HEIGHT) => {
                self.clear();
                self.started = true;
                Reply::Lines(vec!["OK".into()])
            }
            Some(_) => error(format!(
                "unsupported board size {}; this brain plays {}x{} only",
                shorten(text),
                G::WIDTH,
                G::HEIGHT
            )),
            None => error(format!("START needs a board size, got {:?}", shorten(text))),
        }
    }

    fn clear(&mut self) {
        self.stones = [Vec::new(), Vec::new()];
        self.position = G::start();
        self.board = None;
    }

    fn info(&mut self, rest: &str) -> Reply {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        let key = key.to_ascii_lowercase();
        let number = || value.parse::<u64>().ok();
        let slot = match key.as_str() {
            "timeout_turn" => &mut self.clock.timeout_turn,
            "timeout_match" => &mut self.clock.timeout_match,
            "time_left" => &mut self.clock.time_left,
            "rule" => {
                return match value.parse::<u32>() {
                    Ok(0) => Reply::Nothing,
                    Ok(rule) => error(format!(
                        "rule {rule} ({}) is not played here; this brain plays freestyle (rule 0: five or more wins)",
                        rule_names(rule)
                    )),
                    Err(_) => error(format!("INFO rule needs a number, got {:?}", shorten(value))),
                };
            }
            // max_memory, game_type, evaluate, folder and keys of later
            // managers: nothing to do (the engine stays far below Botzone's 256 MB).
            _ => return Reply::Nothing,
        };
        match number() {
            Some(ms) => {
                *slot = Some(ms);
                Reply::Nothing
            }
            None => error(format!(
                "INFO {key} needs a number of milliseconds, got {:?}",
                shorten(value)
            )),
        }
    }

    fn point(&self, text: &str) -> Result<(i32, i32), String> {
        let (x, y) = parse_point(text)
            .ok_or_else(|| format!("expected coordinates `x,y`, got {:?}", shorten(text)))?;
        if G::move_from_xy(x, y).is_none() {
            return Err(format!("({x},{y}) is off the board"));
        }
        Ok((x, y))
    }

    /// Plays a stone for the side to move, checked by the rules.
    fn play(&mut self, (x, y): (i32, i32)) -> Result<(), String> {
        let m = G::move_from_xy(x, y).ok_or_else(|| format!("({x},{y}) is off the board"))?;
        let mover = self.position.side_to_move();
        self.position.try_play(m).map_err(|e| e.to_string())?;
        self.stones[mover.index()].push((x, y));
        Ok(())
    }

    /// Rebuilds the position from the stone lists, Black first, alternating.
    fn rebuild(&mut self, black: Vec<(i32, i32)>, white: Vec<(i32, i32)>) -> Result<(), String> {
        let old = std::mem::take(&mut self.stones);
        self.position = G::start();
        let mut problem = None;
        for ply in 0..black.len() + white.len() {
            let (list, index) = if ply % 2 == 0 {
                (&black, ply / 2)
            } else {
                (&white, ply / 2)
            };
            if let Err(why) = self.play(list[index]) {
                problem = Some(why);
                break;
            }
        }
        if problem.is_none() && self.position.outcome().is_some() {
            problem = Some("the position already holds five in a row".to_string());
        }
        if let Some(why) = problem {
            // Keep the board the brain had before the refused command.
            let [black, white] = old;
            self.stones = [Vec::new(), Vec::new()];
            self.position = G::start();
            self.rebuild(black, white)
                .expect("the previous position replays");
            return Err(why);
        }
        Ok(())
    }

    fn board_line(&mut self, line: &str, clock_start: Instant) -> Reply {
        let board = self.board.as_mut().expect("in BOARD mode");
        if line.eq_ignore_ascii_case("DONE") {
            let board = self.board.take().expect("in BOARD mode");
            if let Some(problem) = board.problem {
                return error(format!("BOARD: {problem}"));
            }
            let (own, opponent) = (board.own, board.opponent);
            let (black, white) = if own.len() == opponent.len() {
                (own, opponent)
            } else if opponent.len() == own.len() + 1 {
                (opponent, own)
            } else {
                return error(format!(
                    "BOARD: {} own and {} opponent stones; the brain to move has as many as the opponent or one fewer",
                    own.len(),
                    opponent.len()
                ));
            };
            return match self.rebuild(black, white) {
                Ok(()) => self.think(board.started.unwrap_or(clock_start)),
                Err(why) => error(format!("BOARD: {why}")),
            };
        }
        if board.problem.is_some() {
            return Reply::Nothing;
        }
        let mut fields = line.split(',').map(str::trim);
        let parsed = match (fields.next(), fields.next(), fields.next(), fields.next()) {
            (Some(x), Some(y), Some(field), None) => x
                .parse::<i32>()
                .ok()
                .zip(y.parse::<i32>().ok())
                .zip(field.parse::<u8>().ok()),
            _ => None,
        };
        board.problem = match parsed {
            None => Some(format!("expected `x,y,field`, got {:?}", shorten(line))),
            Some(((x, y), _)) if G::move_from_xy(x, y).is_none() => {
                Some(format!("({x},{y}) is off the board"))
            }
            Some((point, 1)) => {
                board.own.push(point);
                None
            }
            Some((point, 2)) => {
                board.opponent.push(point);
                None
            }
            Some((_, 3)) => Some(
                "field 3 (a continuous game's winning line) is not supported: this brain plays freestyle".into(),
            ),
            Some((_, field)) => Some(format!("field {field} is not 1 (own) or 2 (opponent)")),
        };
        Reply::Nothing
    }

    fn take_back(&mut self, (x, y): (i32, i32)) -> Result<(), String> {
        let last_mover = self.position.side_to_move().opponent();
        let mut lists = self.stones.clone();
        let list = &mut lists[last_mover.index()];
        let Some(index) = list.iter().position(|&p| p == (x, y)) else {
            return Err(format!(
                "TAKEBACK: ({x},{y}) holds no stone of the side that moved last"
            ));
        };
        list.remove(index);
        let [black, white] = lists;
        self.rebuild(black, white)
    }

    /// Searches the position and answers with our move.
    fn think(&mut self, clock_start: Instant) -> Reply {
        if let Some(outcome) = self.position.outcome() {
            return error(format!("the game is over ({outcome:?}); nothing to play"));
        }
        let deadline = clock_start + self.clock.budget(self.think_time);
        let (our_move, answer) = decide(
            &self.position,
            &mut *self.searcher,
            &Limits::until(deadline),
            clock_start,
        );
        let (x, y) = G::move_to_xy(our_move);
        self.play((x, y))
            .expect("decide returns a legal move of the side to move");
        Reply::Lines(vec![
            format!("MESSAGE {}", answer.debug),
            format!("{x},{y}"),
        ])
    }
}

/// The names of Gomocup's rule bits, for the refusal message.
fn rule_names(rule: u32) -> String {
    let names: Vec<&str> = [
        (1, "exactly five"),
        (2, "continuous game"),
        (4, "renju"),
        (8, "caro"),
    ]
    .iter()
    .filter(|&&(bit, _)| rule & bit != 0)
    .map(|&(_, name)| name)
    .collect();
    if names.is_empty() {
        "unknown rule".to_string()
    } else {
        names.join(", ")
    }
}

/// `true` when the executable's file name starts with `pbrain-`, as Gomocup
/// managers require of a brain: such a copy speaks Gomocup without arguments.
pub fn is_pbrain_name(program: &str) -> bool {
    std::path::Path::new(program)
        .file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.starts_with("pbrain-"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList};
    use crate::games::Gomoku;
    use crate::search::SearchResult;

    /// Plays the first legal move, so answers are known in advance.
    struct FirstLegal;

    impl Searcher<Gomoku> for FirstLegal {
        fn choose_move(
            &mut self,
            pos: &Gomoku,
            _limits: &Limits,
        ) -> SearchResult<<Gomoku as Game>::Move> {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            SearchResult::just(moves[0], "first-legal")
        }
    }

    /// Runs a session; returns the output lines without MESSAGE lines.
    fn run(input: &str) -> Vec<String> {
        let mut output = Vec::new();
        let mut engine = FirstLegal;
        run_gomocup::<Gomoku>(
            &mut std::io::Cursor::new(input.as_bytes()),
            &mut output,
            &mut engine,
            Some(Duration::ZERO),
        )
        .unwrap();
        String::from_utf8(output)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("MESSAGE"))
            .map(String::from)
            .collect()
    }

    #[test]
    fn start_turn_and_end() {
        let out = run("START 15\r\nTURN 0,0\r\nTURN 2,0\r\nEND\r\nTURN 3,3\r\n");
        // The first empty points in index order: (1,0), then (3,0).
        assert_eq!(out, vec!["OK", "1,0", "3,0"]);
    }

    #[test]
    fn sizes_other_than_fifteen_are_refused() {
        let out = run("START 20\nRECTSTART 15,15\nSTART\n");
        assert!(out[0].starts_with("ERROR unsupported board size 20"));
        assert_eq!(out[1], "OK");
        assert!(out[2].starts_with("ERROR START needs a board size"));
    }

    #[test]
    fn board_then_takeback_of_any_stone_of_the_last_mover() {
        // We own (0,0) and (1,0), the opponent (5,5), (6,6), (7,7): we are
        // White and answer (2,0). Taking (2,0) back works once; then Black
        // moved last and (2,0) is empty.
        let out = run("START 15\nBOARD\n5,5,2\n0,0,1\n6,6,2\n1,0,1\n7,7,2\nDONE\nTAKEBACK 2,0\nTAKEBACK 2,0\nEND\n");
        assert_eq!(
            out,
            vec![
                "OK",
                "2,0",
                "OK",
                "ERROR TAKEBACK: (2,0) holds no stone of the side that moved last"
            ]
        );
    }

    #[test]
    fn bad_input_gets_error_lines_and_the_brain_goes_on() {
        let out = run("TURN 1,1\nSTART 15\nTURN 1\nTURN 15,0\nBOARD\n1,1,3\nDONE\nHELLO there\nINFO rule 4\nINFO rule 0\nINFO timeout_turn abc\nTURN 7,7\nTURN 7,7\nEND\n");
        assert!(out[0].starts_with("ERROR TURN before START"), "{out:?}");
        assert_eq!(out[1], "OK");
        assert!(out[2].starts_with("ERROR expected coordinates"), "{out:?}");
        assert!(out[3].contains("off the board"), "{out:?}");
        assert!(out[4].starts_with("ERROR BOARD: field 3"), "{out:?}");
        assert_eq!(out[5], "UNKNOWN HELLO there");
        assert!(out[6].starts_with("ERROR rule 4 (renju)"), "{out:?}");
        assert!(out[7].starts_with("ERROR INFO timeout_turn"), "{out:?}");
        assert_eq!(out[8], "0,0");
        assert!(out[9].contains("occupied"), "{out:?}");
        assert_eq!(out.len(), 10);
    }

    #[test]
    fn budget_follows_the_turn_and_match_clocks() {
        let mut clock = GomocupClock::default();
        assert_eq!(clock.budget(None), Duration::from_millis(900));
        clock.timeout_turn = Some(5000);
        assert_eq!(clock.budget(None), Duration::from_millis(4900));
        clock.timeout_match = Some(180_000);
        clock.time_left = Some(15_000);
        assert_eq!(clock.budget(None), Duration::from_millis(900));
        clock.timeout_turn = Some(0);
        assert_eq!(clock.budget(None), Duration::ZERO);
        assert_eq!(
            clock.budget(Some(Duration::from_millis(7))),
            Duration::from_millis(7)
        );
    }

    #[test]
    fn pbrain_names() {
        assert!(is_pbrain_name("/opt/x/pbrain-boardbots"));
        assert!(is_pbrain_name("pbrain-x.exe"));
        assert!(!is_pbrain_name("/opt/pbrain-dir/gomoku"));
    }
}
