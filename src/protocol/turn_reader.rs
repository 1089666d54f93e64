//! Reading one turn's input from a stream: detect JSON or simple I/O from the
//! first character, then read exactly that turn's lines and no more (a
//! keep-running bot must never wait for an end of input that does not come).

use std::io::BufRead;

use super::bot_game::BotGame;
use super::error::{shorten, ProtocolError};
use super::input::TurnInput;
use super::json_input::parse_json_turn;
use super::markers::KILL_MARKER;
use super::simple_input::read_simple_turn;

/// What the start of a bot's input turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstTurn {
    /// A turn to answer.
    Turn(TurnInput),
    /// The platform ended the bot before asking anything.
    Kill,
}

/// Reads one line without its line ending; `None` at end of input.
pub fn read_line(reader: &mut impl BufRead) -> Result<Option<String>, ProtocolError> {
    let mut line = String::new();
    let bytes = reader
        .read_line(&mut line)
        .map_err(ProtocolError::io("reading input"))?;
    if bytes == 0 {
        return Ok(None);
    }
    let trimmed_len = line.trim_end_matches(['\n', '\r']).len();
    line.truncate(trimmed_len);
    Ok(Some(line))
}

/// Reads the first turn: one JSON line, or the counted simple I/O lines.
/// Blank lines before it are skipped; end of input before it is an error.
/// Simple I/O is refused for games where Botzone does not offer it.
pub fn read_first_turn<G: BotGame>(reader: &mut impl BufRead) -> Result<FirstTurn, ProtocolError> {
    let first = loop {
        match read_line(reader)? {
            None => return Err(ProtocolError::EmptyInput),
            Some(line) if line.trim().is_empty() => continue,
            Some(line) => break line,
        }
    };
    let content = first.trim().trim_start_matches('\u{feff}');
    if content == KILL_MARKER {
        return Ok(FirstTurn::Kill);
    }
    match content.chars().next() {
        Some('{') => parse_json_turn(content).map(FirstTurn::Turn),
        Some(c) if c.is_ascii_digit() || c == '-' || c == '+' => {
            if !G::SIMPLE_IO {
                return Err(ProtocolError::SimpleIoNotOffered { game: G::NAME });
            }
            read_simple_turn(content, || read_line(reader)).map(FirstTurn::Turn)
        }
        _ => Err(ProtocolError::UnknownFormat {
            found: shorten(content),
        }),
    }
}

/// Parses a whole first-turn input held in memory (tests, fuzzing, tools).
pub fn parse_first_turn<G: BotGame>(text: &str) -> Result<FirstTurn, ProtocolError> {
    read_first_turn::<G>(&mut std::io::Cursor::new(text.as_bytes()))
}
