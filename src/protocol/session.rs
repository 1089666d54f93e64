//! A bot's whole life on one stdin/stdout: the first turn, and in
//! keep-running mode every later turn until the kill marker or end of input.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use super::bot_game::BotGame;
use super::decide::decide;
use super::error::{Location, ProtocolError};
use super::input::InputFormat;
use super::json_input::{parse_json_request, JsonRequest};
use super::markers::KILL_MARKER;
use super::output::{write_answer, write_keep_running_marker};
use super::replay::{ensure_not_over, play_raw, replay};
use super::simple_input::parse_simple_move;
use super::time_budget::turn_deadline;
use super::turn_reader::{read_first_turn, read_line, FirstTurn};
use crate::search::{Limits, Searcher};

/// How the bot runs, from the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SessionConfig {
    /// Stay alive after the first answer and answer bare requests.
    pub keep_running: bool,
    /// Thinking budget per turn (`--time`); `None` for the default that fits Botzone's limits.
    pub think_time: Option<Duration>,
}

/// The position between keep-running turns.
struct Session<G> {
    position: G,
    turn_number: usize,
}

/// Runs the bot: answers the first turn read from `input`, and in
/// keep-running mode every later request, each followed by the marker line.
/// `process_start` starts the first turn's clock. Returns `Ok` on the kill
/// marker or at end of input after an answer; the first problem ends the run
/// with an error and nothing printed for that turn. The same `searcher`
/// answers every turn, so an engine can reuse what it learnt.
pub fn run_session<G: BotGame>(
    input: &mut impl BufRead,
    output: &mut dyn Write,
    searcher: &mut dyn Searcher<G>,
    config: &SessionConfig,
    process_start: Instant,
) -> Result<(), ProtocolError> {
    let first = match read_first_turn::<G>(input)? {
        FirstTurn::Kill => return Ok(()),
        FirstTurn::Turn(first) => first,
    };
    let turn = replay::<G>(&first)?;
    let mut session = Session {
        position: turn.position,
        turn_number: turn.number,
    };
    // Botzone doubles a bot's first turn of a game. Turn by turn, that turn
    // is the one whose history holds no answer of ours yet. A keep-running
    // process is started on that turn, so its first answer always has the
    // doubled limit, whatever the history holds: a game the referee starts
    // from an opening presents the opening's stones as history, and gives
    // the first turn after it double time too (`docs/bots.md`).
    let first_turn_of_game = turn.number == 1 || config.keep_running;
    let deadline = turn_deadline(process_start, first_turn_of_game, config.think_time);
    session.answer(output, searcher, first.format, deadline, process_start)?;
    if !config.keep_running {
        return output
            .flush()
            .map_err(ProtocolError::io("writing the answer"));
    }
    write_keep_running_marker(output).map_err(ProtocolError::io("writing the answer"))?;
    loop {
        let Some(line) = read_line(input)? else {
            return Ok(());
        };
        let clock_start = Instant::now();
        let content = line.trim();
        if content.is_empty() {
            // Empty data/globaldata lines a runner may append after a simple first turn.
            continue;
        }
        if content == KILL_MARKER {
            return Ok(());
        }
        let format = session.take_request(content)?;
        let deadline = turn_deadline(clock_start, false, config.think_time);
        session.answer(output, searcher, format, deadline, clock_start)?;
        write_keep_running_marker(output).map_err(ProtocolError::io("writing the answer"))?;
    }
}

impl<G: BotGame> Session<G> {
    /// Applies a later turn's request line: a bare JSON request, a full JSON
    /// history (which replaces the position), or a simple `x y`. Returns the
    /// format to answer in.
    fn take_request(&mut self, content: &str) -> Result<InputFormat, ProtocolError> {
        self.turn_number += 1;
        let at = Location::KeepRunningRequest {
            turn: self.turn_number,
        };
        let (raw, format) = if content.starts_with('{') || content.starts_with('"') {
            match parse_json_request(content, at)? {
                JsonRequest::Bare(raw) => (raw, InputFormat::Json),
                JsonRequest::Full(history) => {
                    let turn = replay::<G>(&history)?;
                    self.position = turn.position;
                    self.turn_number = turn.number;
                    return Ok(InputFormat::Json);
                }
            }
        } else {
            (parse_simple_move(content, at)?, InputFormat::Simple)
        };
        play_raw(&mut self.position, raw, at)?;
        ensure_not_over(&self.position, at)?;
        Ok(format)
    }

    /// Decides, prints the answer and plays our move on the session's board.
    fn answer(
        &mut self,
        output: &mut dyn Write,
        searcher: &mut dyn Searcher<G>,
        format: InputFormat,
        deadline: Instant,
        clock_start: Instant,
    ) -> Result<(), ProtocolError> {
        let (our_move, answer) = decide(
            &self.position,
            searcher,
            &Limits::until(deadline),
            clock_start,
        );
        write_answer(output, format, &answer).map_err(ProtocolError::io("writing the answer"))?;
        // `decide` only returns legal moves, so this cannot fail.
        self.position.play_unchecked(our_move);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, Cursor};

    use super::*;
    use crate::game::{Game, MoveList};
    use crate::games::TicTacToe;
    use crate::protocol::markers::KEEP_RUNNING_MARKER;
    use crate::search::SearchResult;

    /// Plays the first legal move, so every answer here is known in advance.
    struct FirstLegal;

    impl Searcher<TicTacToe> for FirstLegal {
        fn choose_move(
            &mut self,
            pos: &TicTacToe,
            _limits: &Limits,
        ) -> SearchResult<<TicTacToe as Game>::Move> {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            SearchResult::just(moves[0], "first-legal")
        }
    }

    fn run(input: &str, keep_running: bool) -> (Result<(), ProtocolError>, String, String) {
        let mut reader = Cursor::new(input.as_bytes());
        let mut output = Vec::new();
        let mut engine = FirstLegal;
        let config = SessionConfig {
            keep_running,
            think_time: Some(Duration::ZERO),
        };
        let result = run_session::<TicTacToe>(
            &mut reader,
            &mut output,
            &mut engine,
            &config,
            Instant::now(),
        );
        let mut unread = String::new();
        for line in reader.lines() {
            unread.push_str(&line.unwrap());
            unread.push('\n');
        }
        (result, String::from_utf8(output).unwrap(), unread)
    }

    #[test]
    fn turn_by_turn_answers_once_and_reads_one_line() {
        let (result, output, unread) = run("{\"requests\":[{\"x\":1,\"y\":1}]}\nnext\n", false);
        assert!(result.is_ok());
        assert_eq!(output.lines().count(), 1);
        assert_eq!(unread, "next\n");
    }

    #[test]
    fn keep_running_takes_every_request_shape_until_the_kill_marker() {
        // White after X (1,1), O (0,1), X (2,2): we answer (0,0); X plays
        // (2,0) as a bare JSON request after a blank line; we answer (1,0).
        let input = format!("2\n1 1\n0 1\n2 2\n\n{{\"x\":2,\"y\":0}}\n{KILL_MARKER}\nnot read\n");
        let (result, output, unread) = run(&input, true);
        assert!(result.is_ok(), "{result:?}");
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines.len(), 5, "{lines:?}");
        assert_eq!(lines[0], "0 0");
        assert_eq!(lines[2], KEEP_RUNNING_MARKER);
        assert!(
            lines[3].starts_with("{\"response\":{\"x\":1,\"y\":0}"),
            "{}",
            lines[3]
        );
        assert_eq!(lines[4], KEEP_RUNNING_MARKER);
        assert_eq!(unread, "not read\n");
    }

    #[test]
    fn keep_running_request_errors_name_the_turn() {
        let input = "{\"requests\":[{\"x\":-1,\"y\":-1}]}\n0 0\n";
        let (result, output, _) = run(input, true);
        let error = result.unwrap_err().to_string();
        assert_eq!(
            error,
            "turn 2 request: illegal move (0,0): the point is occupied"
        );
        assert_eq!(
            output.lines().count(),
            2,
            "only the first answer and its marker"
        );
    }

    #[test]
    fn keep_running_ends_cleanly_at_end_of_input() {
        let (result, output, _) = run("{\"requests\":[{\"x\":-1,\"y\":-1}]}\n", true);
        assert!(result.is_ok());
        assert_eq!(output.lines().last(), Some(KEEP_RUNNING_MARKER));
    }

    /// Plays the first legal move and notes each turn's deadline, as time
    /// from `start` and as time left when the search was called.
    struct BudgetRecorder {
        start: Instant,
        budgets: Vec<(Duration, Duration)>,
    }

    impl Searcher<TicTacToe> for BudgetRecorder {
        fn choose_move(
            &mut self,
            pos: &TicTacToe,
            limits: &Limits,
        ) -> SearchResult<<TicTacToe as Game>::Move> {
            let deadline = limits.deadline.expect("a bot's turn has a deadline");
            let left = deadline.saturating_duration_since(Instant::now());
            self.budgets.push((deadline - self.start, left));
            FirstLegal.choose_move(pos, limits)
        }
    }

    /// The deadlines of the turns `input` asks for with the default budgets
    /// ([`BudgetRecorder`]), the process started at the call.
    fn default_budgets(input: &str, keep_running: bool) -> Vec<(Duration, Duration)> {
        let start = Instant::now();
        let mut engine = BudgetRecorder {
            start,
            budgets: Vec::new(),
        };
        let config = SessionConfig {
            keep_running,
            think_time: None,
        };
        let mut reader = Cursor::new(input.as_bytes());
        let result =
            run_session::<TicTacToe>(&mut reader, &mut Vec::new(), &mut engine, &config, start);
        assert!(result.is_ok(), "{result:?}");
        engine.budgets
    }

    #[test]
    fn the_first_turn_of_a_game_gets_the_doubled_budget() {
        let first = Duration::from_millis(1800);
        let later = Duration::from_millis(900);
        // Our first turn as White, and a later turn (one answer of ours in the history).
        let white_first = "{\"requests\":[{\"x\":1,\"y\":1}],\"responses\":[]}\n";
        let white_later = "{\"requests\":[{\"x\":1,\"y\":1},{\"x\":2,\"y\":2}],\
                           \"responses\":[{\"x\":0,\"y\":0}]}\n";
        assert_eq!(default_budgets(white_first, false)[0].0, first);
        // Turn by turn a process cannot tell a later turn from a first one
        // after an opening: the history decides.
        assert_eq!(default_budgets(white_later, false)[0].0, later);
        // A keep-running process starts on the bot's first turn: the
        // doubled budget, whatever the history holds. A later turn counts
        // from its request, so at most the single budget is left when its
        // search starts.
        let budgets = default_budgets(&format!("{white_later}{{\"x\":2,\"y\":0}}\n"), true);
        assert_eq!(budgets.len(), 2);
        assert_eq!(budgets[0].0, first);
        // Its deadline is the single budget after its request was read,
        // which came after the process started.
        assert!(budgets[1].0 >= later, "{budgets:?}");
        assert!(budgets[1].1 <= later, "{budgets:?}");
    }

    #[test]
    fn a_full_history_replaces_the_position() {
        let input = "{\"requests\":[{\"x\":-1,\"y\":-1}]}\n\
                     {\"requests\":[{\"x\":1,\"y\":1}],\"responses\":[]}\n";
        let (result, output, _) = run(input, true);
        assert!(result.is_ok(), "{result:?}");
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(
            !lines[2].contains("\"x\":1,\"y\":1"),
            "answered on an occupied point"
        );
    }
}
