//! Simplified line I/O: the turn count `n`, then 2n-1 interleaved `x y`
//! lines (request 1, response 1, ..., request n). Any `data` / `globaldata`
//! lines after them are never read: our bots keep no memory there, and not
//! reading them keeps a keep-running bot from blocking on lines that may not come.

use super::error::{shorten, Location, ProtocolError};
use super::input::{InputFormat, RawMove, TurnInput};

/// Parses one move line: two integers separated by white space, nothing else.
pub fn parse_simple_move(line: &str, at: Location) -> Result<RawMove, ProtocolError> {
    let bad = || ProtocolError::BadLine {
        at,
        expected: "a move `x y` (two integers)",
        got: shorten(line),
    };
    let mut fields = line.split_whitespace();
    let (Some(x), Some(y), None) = (fields.next(), fields.next(), fields.next()) else {
        return Err(bad());
    };
    let coordinate = |text: &str, field: &'static str| -> Result<i32, ProtocolError> {
        match text.parse::<i64>() {
            Ok(value) => i32::try_from(value).map_err(|_| ProtocolError::CoordinateOutOfRange {
                at,
                field,
                value: shorten(text),
            }),
            Err(_) => Err(bad()),
        }
    };
    Ok(RawMove {
        x: coordinate(x, "x")?,
        y: coordinate(y, "y")?,
    })
}

/// Parses the turn count line (`n >= 1`).
pub fn parse_turn_count(line: &str) -> Result<usize, ProtocolError> {
    match line.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(ProtocolError::BadLine {
            at: Location::Line(1),
            expected: "the turn number n >= 1",
            got: shorten(line),
        }),
    }
}

/// Reads the 2n-1 history lines after the count line `first_line`, one at a
/// time from `next_line` (which yields `None` at end of input).
pub fn read_simple_turn(
    first_line: &str,
    mut next_line: impl FnMut() -> Result<Option<String>, ProtocolError>,
) -> Result<TurnInput, ProtocolError> {
    let turns = parse_turn_count(first_line)?;
    let history_lines = turns.saturating_mul(2) - 1;
    let mut turn = TurnInput {
        format: InputFormat::Simple,
        requests: Vec::new(),
        responses: Vec::new(),
    };
    for slot in 0..history_lines {
        let Some(line) = next_line()? else {
            return Err(ProtocolError::Truncated {
                expected: history_lines,
                got: slot,
            });
        };
        let index = slot / 2;
        if slot % 2 == 0 {
            let at = turn.request_location(index);
            turn.requests.push(parse_simple_move(&line, at)?);
        } else {
            let at = turn.response_location(index);
            turn.responses.push(parse_simple_move(&line, at)?);
        }
    }
    Ok(turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &'static str) -> impl FnMut() -> Result<Option<String>, ProtocolError> {
        let mut iter = text.lines().map(str::to_string);
        move || Ok(iter.next())
    }

    #[test]
    fn interleaved_history() {
        let turn = read_simple_turn("2", lines("-1 -1\n2 3\n4  5\ndata\nglobal")).unwrap();
        assert_eq!(turn.requests, vec![RawMove::PASS, RawMove { x: 4, y: 5 }]);
        assert_eq!(turn.responses, vec![RawMove { x: 2, y: 3 }]);
    }

    #[test]
    fn errors_name_the_line() {
        let err = read_simple_turn("2", lines("-1 -1\n2 x\n4 5"))
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "line 3 (response 1): expected a move `x y` (two integers), got \"2 x\""
        );
        let err = read_simple_turn("3", lines("-1 -1\n2 3")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "input: ended after 2 of the 5 history lines"
        );
        let err = read_simple_turn("0", lines("")).unwrap_err();
        assert!(err
            .to_string()
            .starts_with("line 1: expected the turn number"));
    }
}
