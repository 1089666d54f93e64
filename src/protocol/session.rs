//! A bot's whole life on one stdin/stdout: the first turn, and in
//! keep-running mode every later turn until the kill marker or end of input.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use super::bot_game::BotGame;
use super::decide::decide;
use super::error::{Location, ProtocolError};
use super::input::InputFormat;
use super::json_input::{parse_json_request, JsonRequest};
use super::output::{write_answer, write_keep_running_marker};
use super::replay::{ensure_not_over, play_raw, replay};
use super::simple_input::parse_simple_move;
use super::time_budget::turn_deadline;
use super::turn_reader::{read_first_turn, read_line, FirstTurn, KILL_MARKER};
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
    let first_turn_of_game = turn.number == 1;
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
