//! Writing a turn's answer in the input's format, and the keep-running marker.

use std::io::{self, Write};

use super::input::{InputFormat, RawMove};
use super::markers::KEEP_RUNNING_MARKER;

/// What a turn prints: the move and a one-line search summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub response: RawMove,
    pub debug: String,
}

/// Writes `answer`: in JSON one line `{"response":{"x":X,"y":Y},"debug":"..."}`,
/// in simple I/O the line `X Y` then the debug line. Does not flush.
pub fn write_answer(out: &mut dyn Write, format: InputFormat, answer: &Answer) -> io::Result<()> {
    let RawMove { x, y } = answer.response;
    match format {
        InputFormat::Json => {
            let debug = serde_json::to_string(&answer.debug).map_err(io::Error::other)?;
            writeln!(
                out,
                "{{\"response\":{{\"x\":{x},\"y\":{y}}},\"debug\":{debug}}}"
            )
        }
        InputFormat::Simple => {
            writeln!(out, "{x} {y}")?;
            writeln!(out, "{}", answer.debug)
        }
    }
}

/// Writes the keep-running marker line and flushes, so the platform sees the whole answer.
pub fn write_keep_running_marker(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{KEEP_RUNNING_MARKER}")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_answer_is_one_line_with_escaped_debug() {
        let answer = Answer {
            response: RawMove { x: 3, y: 5 },
            debug: "say \"hi\"".to_string(),
        };
        let mut out = Vec::new();
        write_answer(&mut out, InputFormat::Json, &answer).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"response\":{\"x\":3,\"y\":5},\"debug\":\"say \\\"hi\\\"\"}\n"
        );
        let mut out = Vec::new();
        write_answer(&mut out, InputFormat::Simple, &answer).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "3 5\nsay \"hi\"\n");
    }
}
