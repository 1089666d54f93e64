//! The judge side of the Botzone bot protocol: what a bot is told each turn
//! (JSON or simplified line I/O) and how its answer is read.
//!
//! A bot's history is built from the game's move list by colour: a player's
//! own moves are its `responses`, the other side's moves its `requests`
//! (Black's first request is `{"x":-1,"y":-1}`). Opening moves that neither
//! bot chose are presented the same way, as if each side had played its
//! colour's opening moves itself.

use serde_json::{json, Value};

use crate::game::Player;

/// How a bot's input and output are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum IoMode {
    /// One JSON object per turn.
    Json,
    /// Botzone's simplified line interaction (`x y` moves).
    Simple,
}

/// A bot's answer for one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct BotAnswer {
    pub x: i32,
    pub y: i32,
    pub debug: String,
    /// What the bot keeps for its next turn in this game.
    pub data: Value,
    /// What the bot keeps across games, if it wrote anything.
    pub globaldata: Option<Value>,
}

/// Why an answer could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    #[error("the output is empty")]
    Empty,
    #[error("the output is not one JSON object: {0}")]
    NotJson(String),
    #[error("the answer has no response with integer x and y: {0}")]
    NoCoordinates(String),
}

/// A bot's view of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotHistory {
    /// What it was told: the other side's moves (Black's first is `(-1, -1)`).
    pub requests: Vec<(i32, i32)>,
    /// What it answered: its own colour's moves.
    pub responses: Vec<(i32, i32)>,
}

/// The history of `colour`, about to move after `moves`.
pub fn bot_history(moves: &[(i32, i32)], colour: Player) -> BotHistory {
    let mut requests = Vec::with_capacity(moves.len() / 2 + 1);
    let mut responses = Vec::with_capacity(moves.len() / 2 + 1);
    if colour == Player::Black {
        requests.push((-1, -1));
    }
    for (ply, &m) in moves.iter().enumerate() {
        let mover = if ply.is_multiple_of(2) {
            Player::Black
        } else {
            Player::White
        };
        if mover == colour {
            responses.push(m);
        } else {
            requests.push(m);
        }
    }
    BotHistory {
        requests,
        responses,
    }
}

fn xy_json((x, y): (i32, i32)) -> Value {
    json!({"x": x, "y": y})
}

/// Botzone sends an empty string when a bot stored nothing.
fn non_null(value: &Value) -> Value {
    if value.is_null() {
        Value::String(String::new())
    } else {
        value.clone()
    }
}

fn text_of(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The whole input of a turn (first turn of a process): the full history,
/// `data` from this bot's previous turn and its `globaldata`.
pub fn full_input(
    mode: IoMode,
    moves: &[(i32, i32)],
    colour: Player,
    data: &Value,
    globaldata: &Value,
    time_limit_ms: u64,
) -> String {
    let BotHistory {
        requests,
        responses,
    } = bot_history(moves, colour);
    match mode {
        IoMode::Json => {
            let input = json!({
                "requests": requests.iter().copied().map(xy_json).collect::<Vec<_>>(),
                "responses": responses.iter().copied().map(xy_json).collect::<Vec<_>>(),
                "data": non_null(data),
                "globaldata": non_null(globaldata),
                "time_limit": time_limit_ms,
            });
            format!("{input}\n")
        }
        IoMode::Simple => {
            let mut out = format!("{}\n", requests.len());
            for (i, (x, y)) in requests.iter().enumerate() {
                out.push_str(&format!("{x} {y}\n"));
                if let Some((rx, ry)) = responses.get(i) {
                    out.push_str(&format!("{rx} {ry}\n"));
                }
            }
            // Like Botzone's local runner, the data lines only when there is
            // something to say, so a kept-running bot that reads just the
            // counted lines does not take them for its next request.
            let extras = [text_of(data), text_of(globaldata)];
            if extras.iter().any(|e| !e.is_empty()) {
                for extra in extras {
                    // A line holds no newline, so multi-line values are flattened.
                    out.push_str(&extra.replace('\n', " "));
                    out.push('\n');
                }
            }
            out
        }
    }
}

/// The input of a later turn of a kept-running bot: only the new request,
/// the opponent's last move.
pub fn request_line(mode: IoMode, (x, y): (i32, i32)) -> String {
    match mode {
        IoMode::Json => format!("{}\n", xy_json((x, y))),
        IoMode::Simple => format!("{x} {y}\n"),
    }
}

/// Reads a bot's whole output for one turn (the keep-running marker removed).
pub fn parse_answer(mode: IoMode, output: &str) -> Result<BotAnswer, AnswerError> {
    if output.trim().is_empty() {
        return Err(AnswerError::Empty);
    }
    match mode {
        IoMode::Json => parse_json_answer(output.trim()),
        IoMode::Simple => parse_simple_answer(output),
    }
}

fn integer(value: Option<&Value>) -> Option<i32> {
    value?.as_i64().and_then(|v| i32::try_from(v).ok())
}

fn parse_json_answer(text: &str) -> Result<BotAnswer, AnswerError> {
    let shorten = |s: &str| s.chars().take(120).collect::<String>();
    let value: Value =
        serde_json::from_str(text).map_err(|e| AnswerError::NotJson(e.to_string()))?;
    let Value::Object(object) = &value else {
        return Err(AnswerError::NotJson(shorten(text)));
    };
    // Botzone's local runner also accepts a bare response without the wrapper.
    let mut response = object.get("response").cloned().unwrap_or(value.clone());
    if let Value::String(inner) = &response {
        response =
            serde_json::from_str(inner).map_err(|_| AnswerError::NoCoordinates(shorten(inner)))?;
    }
    let (Some(x), Some(y)) = (integer(response.get("x")), integer(response.get("y"))) else {
        return Err(AnswerError::NoCoordinates(shorten(&response.to_string())));
    };
    Ok(BotAnswer {
        x,
        y,
        debug: object.get("debug").map(text_of).unwrap_or_default(),
        data: object.get("data").cloned().unwrap_or(Value::Null),
        globaldata: object.get("globaldata").cloned(),
    })
}

fn parse_simple_answer(text: &str) -> Result<BotAnswer, AnswerError> {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default().trim();
    let numbers: Vec<&str> = first.split_whitespace().collect();
    let coordinates = match numbers[..] {
        [x, y] => x.parse::<i32>().ok().zip(y.parse::<i32>().ok()),
        _ => None,
    };
    let Some((x, y)) = coordinates else {
        return Err(AnswerError::NoCoordinates(
            first.chars().take(120).collect(),
        ));
    };
    let debug = lines.next().unwrap_or_default().to_string();
    let data = lines.next().map(|d| Value::String(d.to_string()));
    let rest: Vec<&str> = lines.collect();
    Ok(BotAnswer {
        x,
        y,
        debug,
        data: data.unwrap_or(Value::Null),
        globaldata: (!rest.is_empty()).then(|| Value::String(rest.join("\n"))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOVES: [(i32, i32); 3] = [(1, 1), (0, 0), (2, 2)];

    #[test]
    fn history_splits_moves_by_colour() {
        let white = bot_history(&MOVES, Player::White);
        assert_eq!(white.requests, vec![(1, 1), (2, 2)]);
        assert_eq!(white.responses, vec![(0, 0)]);
        let black = bot_history(&MOVES[..2], Player::Black);
        assert_eq!(black.requests, vec![(-1, -1), (0, 0)]);
        assert_eq!(black.responses, vec![(1, 1)]);
    }

    #[test]
    fn json_input_has_botzone_shape() {
        let input = full_input(
            IoMode::Json,
            &MOVES,
            Player::White,
            &Value::String("m".into()),
            &Value::Null,
            1000,
        );
        let v: Value = serde_json::from_str(&input).unwrap();
        assert_eq!(v["requests"], json!([{"x":1,"y":1},{"x":2,"y":2}]));
        assert_eq!(v["responses"], json!([{"x":0,"y":0}]));
        assert_eq!(v["data"], "m");
        assert!(input.ends_with("}\n") && input.matches('\n').count() == 1);
    }

    #[test]
    fn simple_input_interleaves() {
        let input = full_input(
            IoMode::Simple,
            &MOVES[..2],
            Player::Black,
            &Value::Null,
            &Value::Null,
            1000,
        );
        assert_eq!(input, "2\n-1 -1\n1 1\n0 0\n");
        let with_data = full_input(
            IoMode::Simple,
            &[],
            Player::Black,
            &Value::String("kept".into()),
            &Value::Null,
            1000,
        );
        assert_eq!(with_data, "1\n-1 -1\nkept\n\n");
    }

    #[test]
    fn answers_are_read_in_both_modes() {
        let a = parse_answer(IoMode::Json, r#"{"response":{"x":2,"y":1},"debug":"hi"}"#).unwrap();
        assert_eq!((a.x, a.y, a.debug.as_str()), (2, 1, "hi"));
        let bare = parse_answer(IoMode::Json, r#" {"x":0,"y":2} "#).unwrap();
        assert_eq!((bare.x, bare.y), (0, 2));
        let nested = parse_answer(IoMode::Json, r#"{"response":"{\"x\":1,\"y\":0}"}"#).unwrap();
        assert_eq!((nested.x, nested.y), (1, 0));
        let s = parse_answer(IoMode::Simple, "1 2\nthinking\nmem\n").unwrap();
        assert_eq!((s.x, s.y, s.debug.as_str()), (1, 2, "thinking"));
        assert_eq!(s.data, Value::String("mem".into()));
    }

    #[test]
    fn bad_answers_are_refused() {
        assert_eq!(parse_answer(IoMode::Json, " \n"), Err(AnswerError::Empty));
        assert!(matches!(
            parse_answer(IoMode::Json, "hello"),
            Err(AnswerError::NotJson(_))
        ));
        assert!(matches!(
            parse_answer(IoMode::Json, r#"{"response":{"x":1.5,"y":0}}"#),
            Err(AnswerError::NoCoordinates(_))
        ));
        assert!(matches!(
            parse_answer(IoMode::Json, "{\"x\":1,\"y\":1}\n{\"x\":1,\"y\":1}"),
            Err(AnswerError::NotJson(_))
        ));
        assert!(parse_answer(IoMode::Simple, "1\n").is_err());
        assert!(parse_answer(IoMode::Simple, "a b\n").is_err());
    }
}
