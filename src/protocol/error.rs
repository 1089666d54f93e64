//! The one error type of the protocol layer: everything that can be wrong with
//! a bot's input, each variant saying what is wrong and where.

use std::fmt;

use crate::game::IllegalMove;

/// Where in the input a problem was found, for the error message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// The input as a whole (or its first line).
    Input,
    /// `requests[index]` of a JSON history; `line` is set in simple I/O.
    Request { index: usize, line: Option<usize> },
    /// `responses[index]` of a JSON history; `line` is set in simple I/O.
    Response { index: usize, line: Option<usize> },
    /// A line of simple I/O that is not a move (the turn count, say).
    Line(usize),
    /// The bare request of a later keep-running turn (`turn` counts from 1).
    KeepRunningRequest { turn: usize },
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Location::Input => f.write_str("input"),
            Location::Request { index, line: None } => write!(f, "requests[{index}]"),
            Location::Request {
                index,
                line: Some(line),
            } => write!(f, "line {line} (request {})", index + 1),
            Location::Response { index, line: None } => write!(f, "responses[{index}]"),
            Location::Response {
                index,
                line: Some(line),
            } => write!(f, "line {line} (response {})", index + 1),
            Location::Line(line) => write!(f, "line {line}"),
            Location::KeepRunningRequest { turn } => write!(f, "turn {turn} request"),
        }
    }
}

/// Why a bot could not answer its input. Each message is one line.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    #[error("input: empty (no request)")]
    EmptyInput,
    #[error("input: starts with {found:?}, neither '{{' (JSON) nor a number (simple I/O)")]
    UnknownFormat { found: String },
    #[error("{at}: malformed JSON: {detail}")]
    MalformedJson { at: Location, detail: String },
    #[error("{at}: expected {expected}")]
    WrongShape {
        at: Location,
        expected: &'static str,
    },
    #[error("{at}: missing field `{field}`")]
    MissingField { at: Location, field: &'static str },
    #[error("{at}: `{field}` is not an integer: {value}")]
    NonInteger {
        at: Location,
        field: &'static str,
        value: String,
    },
    #[error("{at}: `{field}` = {value} is off the board")]
    CoordinateOutOfRange {
        at: Location,
        field: &'static str,
        value: String,
    },
    #[error("input: {requests} requests need {} responses, got {responses}", requests.saturating_sub(1))]
    CountMismatch { requests: usize, responses: usize },
    #[error("input: `requests` is empty")]
    NoRequests,
    #[error("{at}: {illegal}")]
    Illegal { at: Location, illegal: IllegalMove },
    #[error("{at}: unexpected pass (-1,-1): {game} has no pass")]
    UnexpectedPass { at: Location, game: &'static str },
    #[error("{at}: the game is over after this move; there is nothing to answer")]
    GameOver { at: Location },
    #[error("input: simple I/O is not offered for {game}; send JSON")]
    SimpleIoNotOffered { game: &'static str },
    #[error("{at}: expected {expected}, got {got:?}")]
    BadLine {
        at: Location,
        expected: &'static str,
        got: String,
    },
    #[error("input: ended after {got} of the {expected} history lines")]
    Truncated { expected: usize, got: usize },
    #[error("{context}: {source}")]
    Io {
        context: &'static str,
        source: std::io::Error,
    },
}

impl ProtocolError {
    /// Wraps an I/O error with what was being done.
    pub fn io(context: &'static str) -> impl FnOnce(std::io::Error) -> ProtocolError {
        move |source| ProtocolError::Io { context, source }
    }
}

/// Keeps error messages to one short line whatever the input held.
pub(super) fn shorten(text: &str) -> String {
    const MAX_CHARS: usize = 40;
    if text.chars().count() <= MAX_CHARS {
        text.to_string()
    } else {
        let mut short: String = text.chars().take(MAX_CHARS).collect();
        short.push_str("...");
        short
    }
}
