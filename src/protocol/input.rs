//! The input model: a turn's history as raw Botzone coordinates, before any
//! game has looked at it (parse first, validate second).

use super::error::Location;

/// A move as written in the input: Botzone coordinates, not yet checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawMove {
    pub x: i32,
    pub y: i32,
}

impl RawMove {
    /// What the judge sends Black on turn 1, and what a Reversi pass is.
    pub const PASS: RawMove = RawMove { x: -1, y: -1 };

    /// `true` for the judge's "no move" marker. The judges look only at `x`
    /// (`x == -1`), so `y` is ignored here too.
    pub fn is_pass_marker(self) -> bool {
        self.x == -1
    }
}

/// Which of Botzone's two interaction styles the input used; the answer uses the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// One line of JSON (`{"requests":[...],"responses":[...],...}`).
    Json,
    /// Simplified line I/O: `n`, then 2n-1 interleaved `x y` lines.
    Simple,
}

/// A whole turn's input: every request so far (the current one last) and
/// every earlier response of ours. Nothing here has been checked against the
/// rules yet, not even `responses.len() == requests.len() - 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnInput {
    pub format: InputFormat,
    pub requests: Vec<RawMove>,
    pub responses: Vec<RawMove>,
}

impl TurnInput {
    /// Where request `index` came from, for error messages.
    pub fn request_location(&self, index: usize) -> Location {
        Location::Request {
            index,
            line: self.simple_line(2 * index),
        }
    }

    /// Where response `index` came from, for error messages.
    pub fn response_location(&self, index: usize) -> Location {
        Location::Response {
            index,
            line: self.simple_line(2 * index + 1),
        }
    }

    /// In simple I/O the history interleaves from line 2 on: request 0,
    /// response 0, request 1, ...; `slot` counts those lines from 0.
    fn simple_line(&self, slot: usize) -> Option<usize> {
        (self.format == InputFormat::Simple).then_some(slot + 2)
    }
}
