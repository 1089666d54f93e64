//! JSON interaction: the full history object of a turn, and the bare request
//! of a later keep-running turn.

use serde_json::{Map, Value};

use super::error::{shorten, Location, ProtocolError};
use super::input::{InputFormat, RawMove, TurnInput};

/// A later keep-running turn's JSON line: Botzone sends the bare request, but
/// some runners send a full history object again; both are accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonRequest {
    Bare(RawMove),
    Full(TurnInput),
}

/// Parses one turn's JSON input: an object with `requests` (non-empty array)
/// and `responses` (array; may be left out when there is none). Each entry is
/// an `{"x":..,"y":..}` object or a string holding one. `data`, `globaldata`,
/// `time_limit`, `memory_limit` and unknown fields are ignored whatever their type.
pub fn parse_json_turn(text: &str) -> Result<TurnInput, ProtocolError> {
    let value = parse_value(text, Location::Input)?;
    let Value::Object(fields) = value else {
        return Err(ProtocolError::WrongShape {
            at: Location::Input,
            expected: "a JSON object with `requests` and `responses`",
        });
    };
    turn_from_fields(&fields)
}

/// Parses a later keep-running turn's line: a bare request (an object with
/// `x` and `y`, or a string holding one) or a full history object (it has `requests`).
pub fn parse_json_request(text: &str, at: Location) -> Result<JsonRequest, ProtocolError> {
    let value = parse_value(text, at)?;
    if let Value::Object(fields) = &value {
        if fields.contains_key("requests") {
            return turn_from_fields(fields).map(JsonRequest::Full);
        }
    }
    raw_move_from_value(&value, at).map(JsonRequest::Bare)
}

fn parse_value(text: &str, at: Location) -> Result<Value, ProtocolError> {
    serde_json::from_str(text).map_err(|e| ProtocolError::MalformedJson {
        at,
        detail: e.to_string(),
    })
}

fn turn_from_fields(fields: &Map<String, Value>) -> Result<TurnInput, ProtocolError> {
    let requests = match fields.get("requests") {
        None => {
            return Err(ProtocolError::MissingField {
                at: Location::Input,
                field: "requests",
            })
        }
        Some(value) => moves_from_array(value, "`requests` as an array", |index| {
            Location::Request { index, line: None }
        })?,
    };
    let responses = match fields.get("responses") {
        // Some runners leave out an empty `responses` on turn 1; the count check catches the rest.
        None | Some(Value::Null) => Vec::new(),
        Some(value) => moves_from_array(value, "`responses` as an array", |index| {
            Location::Response { index, line: None }
        })?,
    };
    Ok(TurnInput {
        format: InputFormat::Json,
        requests,
        responses,
    })
}

fn moves_from_array(
    value: &Value,
    expected: &'static str,
    location: impl Fn(usize) -> Location,
) -> Result<Vec<RawMove>, ProtocolError> {
    let Value::Array(items) = value else {
        return Err(ProtocolError::WrongShape {
            at: Location::Input,
            expected,
        });
    };
    items
        .iter()
        .enumerate()
        .map(|(index, item)| raw_move_from_value(item, location(index)))
        .collect()
}

/// One move: `{"x":X,"y":Y}` with integer coordinates, or a string holding that object.
pub fn raw_move_from_value(value: &Value, at: Location) -> Result<RawMove, ProtocolError> {
    const EXPECTED: &str = "a move {\"x\":X,\"y\":Y} (or a string holding one)";
    let inner;
    let object = match value {
        Value::Object(fields) => fields,
        Value::String(text) => {
            inner = parse_value(text, at)?;
            match &inner {
                Value::Object(fields) => fields,
                _ => {
                    return Err(ProtocolError::WrongShape {
                        at,
                        expected: EXPECTED,
                    })
                }
            }
        }
        _ => {
            return Err(ProtocolError::WrongShape {
                at,
                expected: EXPECTED,
            })
        }
    };
    Ok(RawMove {
        x: coordinate(object, "x", at)?,
        y: coordinate(object, "y", at)?,
    })
}

fn coordinate(
    object: &Map<String, Value>,
    field: &'static str,
    at: Location,
) -> Result<i32, ProtocolError> {
    let value = object
        .get(field)
        .ok_or(ProtocolError::MissingField { at, field })?;
    let shown = || shorten(&value.to_string());
    let Value::Number(number) = value else {
        return Err(ProtocolError::NonInteger {
            at,
            field,
            value: shown(),
        });
    };
    if let Some(i) = number.as_i64() {
        i32::try_from(i).map_err(|_| ProtocolError::CoordinateOutOfRange {
            at,
            field,
            value: shown(),
        })
    } else if number.as_u64().is_some() {
        Err(ProtocolError::CoordinateOutOfRange {
            at,
            field,
            value: shown(),
        })
    } else {
        Err(ProtocolError::NonInteger {
            at,
            field,
            value: shown(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(x: i32, y: i32) -> RawMove {
        RawMove { x, y }
    }

    #[test]
    fn full_history_with_strings_and_extra_fields() {
        let text = r#"{"requests":[{"x":-1,"y":-1},"{\"x\":2,\"y\":2}"],
            "responses":["{\"x\":1,\"y\":1}"],"data":[1,2],"globaldata":null,
            "time_limit":"1s","memory_limit":{"mb":256},"unknown":true}"#;
        let turn = parse_json_turn(text).unwrap();
        assert_eq!(turn.requests, vec![RawMove::PASS, mv(2, 2)]);
        assert_eq!(turn.responses, vec![mv(1, 1)]);
    }

    #[test]
    fn responses_may_be_left_out() {
        let turn = parse_json_turn(r#"{"requests":[{"x":-1,"y":-1}]}"#).unwrap();
        assert!(turn.responses.is_empty());
    }

    #[test]
    fn bad_coordinates_are_named() {
        let err = parse_json_turn(r#"{"requests":[{"x":1.5,"y":0}],"responses":[]}"#)
            .unwrap_err()
            .to_string();
        assert_eq!(err, "requests[0]: `x` is not an integer: 1.5");
        let err = parse_json_turn(r#"{"requests":[{"x":1}],"responses":[]}"#)
            .unwrap_err()
            .to_string();
        assert_eq!(err, "requests[0]: missing field `y`");
        let err = parse_json_turn(r#"{"requests":[{"x":1,"y":99999999999}]}"#)
            .unwrap_err()
            .to_string();
        assert_eq!(err, "requests[0]: `y` = 99999999999 is off the board");
    }

    #[test]
    fn later_turn_accepts_bare_and_full() {
        let at = Location::KeepRunningRequest { turn: 2 };
        assert_eq!(
            parse_json_request(r#"{"x":3,"y":4}"#, at).unwrap(),
            JsonRequest::Bare(mv(3, 4))
        );
        assert_eq!(
            parse_json_request(r#""{\"x\":3,\"y\":4}""#, at).unwrap(),
            JsonRequest::Bare(mv(3, 4))
        );
        match parse_json_request(r#"{"requests":[{"x":0,"y":0}],"responses":[]}"#, at) {
            Ok(JsonRequest::Full(turn)) => assert_eq!(turn.requests, vec![mv(0, 0)]),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn malformed_json_is_one_line() {
        let err = parse_json_turn("{\"requests\":[").unwrap_err().to_string();
        assert!(err.starts_with("input: malformed JSON"), "{err}");
        assert!(!err.contains('\n'));
    }
}
