//! Throws thousands of random and mutated inputs at the protocol layer (the
//! library, not processes): it must never panic, and must either answer a
//! legal move or fail with a one-line error, printing nothing for the failed
//! turn. Which of the two is right is judged here, independently of the
//! protocol's `replay`: the history is walked move by move through the rules
//! library's legal move lists. For inputs generated from a known history the
//! history itself comes from the generator, so the parser is checked too;
//! only mutated and random texts are read with the parser under test.

use std::io::Cursor;
use std::path::Path;
use std::time::{Duration, Instant};

use boardbots::protocol::{
    parse_first_turn, run_session, BotGame, FirstTurn, InputFormat, RawMove, SessionConfig,
    KEEP_RUNNING_MARKER, KILL_MARKER,
};
use boardbots::{Game, Gomoku, MoveList, NoGo, Reversi, TicTacToe};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Cases per strategy and game.
const CASES: u32 = 1500;

/// What the bot should do with an input.
enum Expected<G> {
    Error,
    Nothing,
    Answer(InputFormat, G),
}

/// The position to answer after the history `requests` / `responses`, judged
/// with the rules alone, or `None` if the judge could not have sent it: the
/// first request is Black's "no move" marker (`x == -1`: we are Black) or
/// Black's first move; then our responses and the later requests alternate;
/// `x == -1` is a pass; every move must be in the legal move list of its
/// position, and the game must not be over at the end.
fn judge_history<G: Game>(requests: &[RawMove], responses: &[RawMove]) -> Option<G> {
    if requests.is_empty() || responses.len() + 1 != requests.len() {
        return None;
    }
    let mut plies = Vec::new();
    if requests[0].x != -1 {
        plies.push(requests[0]);
    }
    for (response, request) in responses.iter().zip(&requests[1..]) {
        plies.extend([*response, *request]);
    }
    let mut position = G::start();
    let mut legal = MoveList::new();
    for raw in plies {
        let (x, y) = if raw.x == -1 {
            (-1, -1)
        } else {
            (raw.x, raw.y)
        };
        position.legal_moves(&mut legal);
        let m = legal
            .iter()
            .copied()
            .find(|&m| G::move_to_xy(m) == (x, y))?;
        position.play_unchecked(m);
    }
    position.outcome().is_none().then_some(position)
}

/// The expected outcome of a first turn written in `format` with this history.
fn expected_for_history<G: BotGame>(
    format: InputFormat,
    requests: &[RawMove],
    responses: &[RawMove],
) -> Expected<G> {
    if format == InputFormat::Simple && !G::SIMPLE_IO {
        return Expected::Error;
    }
    match judge_history::<G>(requests, responses) {
        Some(position) => Expected::Answer(format, position),
        None => Expected::Error,
    }
}

/// The expected outcome of an arbitrary text: the parser under test reads
/// the history, the rules judge it.
fn expected_for_text<G: BotGame>(text: &str) -> Expected<G> {
    match parse_first_turn::<G>(text) {
        Err(_) => Expected::Error,
        Ok(FirstTurn::Kill) => Expected::Nothing,
        Ok(FirstTurn::Turn(input)) => {
            expected_for_history::<G>(input.format, &input.requests, &input.responses)
        }
    }
}

fn first_answer_move(lines: &[&str], format: InputFormat) -> Option<RawMove> {
    match format {
        InputFormat::Json => {
            let value: serde_json::Value = serde_json::from_str(lines.first()?).ok()?;
            Some(RawMove {
                x: value["response"]["x"].as_i64()? as i32,
                y: value["response"]["y"].as_i64()? as i32,
            })
        }
        InputFormat::Simple => {
            let (x, y) = lines.first()?.split_once(' ')?;
            Some(RawMove {
                x: x.parse().ok()?,
                y: y.parse().ok()?,
            })
        }
    }
}

/// Checks one input against `expected`; `Ok(true)` if the bot answered a move.
fn check_input<G: BotGame>(
    text: &str,
    keep_running: bool,
    expected: Expected<G>,
) -> Result<bool, TestCaseError> {
    let mut searcher = G::engine("random", 7).expect("every game has `random`");
    let config = SessionConfig {
        keep_running,
        think_time: Some(Duration::ZERO),
    };
    let mut output = Vec::new();
    let result = run_session::<G>(
        &mut Cursor::new(text.as_bytes()),
        &mut output,
        &mut *searcher,
        &config,
        Instant::now(),
    );
    let output = String::from_utf8(output).expect("answers are UTF-8");
    if let Err(e) = &result {
        let message = e.to_string();
        prop_assert!(!message.contains('\n'), "multi-line error {message:?}");
    }
    let answered = matches!(expected, Expected::Answer(..));
    match expected {
        Expected::Error => {
            prop_assert!(output.is_empty(), "output despite error: {output:?}");
            prop_assert!(result.is_err(), "no error for {text:?}");
        }
        Expected::Nothing => {
            prop_assert!(result.is_ok() && output.is_empty());
        }
        Expected::Answer(format, position) => {
            let lines: Vec<&str> = output.lines().collect();
            let raw = first_answer_move(&lines, format);
            prop_assert!(raw.is_some(), "no answer in {output:?} for {text:?}");
            let RawMove { x, y } = raw.unwrap();
            let mut legal = MoveList::new();
            position.legal_moves(&mut legal);
            prop_assert!(
                legal.iter().any(|&m| G::move_to_xy(m) == (x, y)),
                "illegal answer {output:?} for {text:?}"
            );
            let answer_lines = if format == InputFormat::Json { 1 } else { 2 };
            if keep_running {
                prop_assert_eq!(lines.get(answer_lines).copied(), Some(KEEP_RUNNING_MARKER));
            } else {
                prop_assert!(result.is_ok(), "{result:?}");
                prop_assert_eq!(lines.len(), answer_lines);
            }
        }
    }
    Ok(answered)
}

fn runner() -> TestRunner {
    let config = Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

/// The texts of every sample of the game (good and malformed), to mutate.
fn sample_texts(game: &str) -> Vec<String> {
    let mut texts = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("protocol-samples")
        .join(game);
    for dir in [root.clone(), root.join("bad")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if ["json", "txt", "in"].contains(&ext) {
                texts.push(std::fs::read_to_string(&path).expect("readable sample"));
            }
        }
    }
    texts.sort();
    assert!(!texts.is_empty(), "{game}: no samples to mutate");
    texts
}

/// One edit of a text, applied on characters.
#[derive(Clone, Debug)]
enum Mutation {
    Delete { at: usize, len: usize },
    Insert { at: usize, text: String },
    Replace { at: usize, text: String },
    Truncate { at: usize },
    Duplicate { at: usize, len: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let fragment = "[-0-9{}\\[\\]\":,xy. \n]{1,6}|-1|99999999999|1e3|\"x\"|null|\\{\\}";
    prop_oneof![
        (any::<usize>(), 1..8usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), fragment).prop_map(|(at, text)| Mutation::Insert { at, text }),
        (any::<usize>(), fragment).prop_map(|(at, text)| Mutation::Replace { at, text }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
        (any::<usize>(), 1..30usize).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
    ]
}

fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in mutations {
        let n = chars.len();
        match m {
            Mutation::Delete { at, len } => {
                let start = at % (n + 1);
                chars.drain(start..(start + len).min(n));
            }
            Mutation::Insert { at, text } => {
                let at = at % (n + 1);
                chars.splice(at..at, text.chars());
            }
            Mutation::Replace { at, text } => {
                let start = at % (n + 1);
                let end = (start + text.chars().count()).min(n);
                chars.splice(start..end, text.chars());
            }
            Mutation::Truncate { at } => chars.truncate(at % (n + 1)),
            Mutation::Duplicate { at, len } => {
                let start = at % (n + 1);
                let copy: Vec<char> = chars[start..(start + len).min(n)].to_vec();
                chars.splice(start..start, copy);
            }
        }
    }
    chars.into_iter().collect()
}

/// A seeded random legal game cut after up to `plies` moves, as coordinates.
fn random_plies<G: Game>(seed: u64, plies: usize) -> Vec<RawMove> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = G::start();
    let mut moves = MoveList::new();
    let mut line = Vec::new();
    for _ in 0..plies {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.gen_range(0..moves.len())];
        position.play_unchecked(m);
        let (x, y) = G::move_to_xy(m);
        line.push(RawMove { x, y });
    }
    line
}

/// How a structured input is written.
#[derive(Clone, Debug)]
struct Encoding {
    simple: bool,
    as_strings: bool,
    extra_fields: bool,
    /// Replace one history entry (index modulo its length) with these coordinates.
    corrupt: Option<(usize, i32, i32)>,
    /// Later keep-running lines appended after the first turn.
    later_lines: Vec<String>,
}

fn encoding() -> impl Strategy<Value = Encoding> {
    let later = prop_oneof![
        Just(KILL_MARKER.to_string()),
        Just(String::new()),
        (-2..17i32, -2..17i32).prop_map(|(x, y)| format!("{x} {y}")),
        (-2..17i32, -2..17i32).prop_map(|(x, y)| format!("{{\"x\":{x},\"y\":{y}}}")),
        "[-0-9{}\":,xy ]{0,12}",
    ];
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::option::weighted(0.3, (any::<usize>(), -2..17i32, -2..17i32)),
        proptest::collection::vec(later, 0..4),
    )
        .prop_map(
            |(simple, as_strings, extra_fields, corrupt, later_lines)| Encoding {
                simple,
                as_strings,
                extra_fields,
                corrupt,
                later_lines,
            },
        )
}

/// The input text, and the requests and responses it holds.
fn encode(plies: &[RawMove], encoding: &Encoding) -> (String, Vec<RawMove>, Vec<RawMove>) {
    let mut plies = plies.to_vec();
    if let Some((index, x, y)) = encoding.corrupt {
        if !plies.is_empty() {
            let len = plies.len();
            plies[index % len] = RawMove { x, y };
        }
    }
    // The player to move gets the other player's moves as requests.
    let mut requests = Vec::new();
    let mut responses = Vec::new();
    if plies.len().is_multiple_of(2) {
        requests.push(RawMove::PASS);
    }
    for (i, ply) in plies.iter().enumerate() {
        if i % 2 == plies.len() % 2 {
            responses.push(*ply);
        } else {
            requests.push(*ply);
        }
    }
    let mut text = if encoding.simple {
        let mut text = format!("{}\n", requests.len());
        for (i, request) in requests.iter().enumerate() {
            text += &format!("{} {}\n", request.x, request.y);
            if let Some(response) = responses.get(i) {
                text += &format!("{} {}\n", response.x, response.y);
            }
        }
        text
    } else {
        let entry = |m: &RawMove| {
            let object = serde_json::json!({"x": m.x, "y": m.y});
            if encoding.as_strings {
                serde_json::Value::String(object.to_string())
            } else {
                object
            }
        };
        let mut object = serde_json::json!({
            "requests": requests.iter().map(entry).collect::<Vec<_>>(),
            "responses": responses.iter().map(entry).collect::<Vec<_>>(),
        });
        if encoding.extra_fields {
            object["data"] = serde_json::json!({"a": [1, 2]});
            object["time_limit"] = serde_json::json!("1s");
            object["whatever"] = serde_json::json!(null);
        }
        format!("{object}\n")
    };
    for line in &encoding.later_lines {
        text += line;
        text.push('\n');
    }
    (text, requests, responses)
}

fn fuzz_game<G: BotGame>() {
    let max_plies = (G::WIDTH * G::HEIGHT) as usize;
    let answers = std::cell::Cell::new(0u32);
    runner()
        .run(
            &(any::<u64>(), 0..max_plies + 2, encoding()),
            |(seed, plies, encoding)| {
                let (text, requests, responses) =
                    encode(&random_plies::<G>(seed, plies), &encoding);
                let format = if encoding.simple {
                    InputFormat::Simple
                } else {
                    InputFormat::Json
                };
                if let Ok(FirstTurn::Turn(input)) = parse_first_turn::<G>(&text) {
                    prop_assert_eq!((&input.requests, &input.responses), (&requests, &responses));
                }
                let expected = expected_for_history::<G>(format, &requests, &responses);
                let keep_running = !encoding.later_lines.is_empty();
                let answered = check_input::<G>(&text, keep_running, expected)?;
                answers.set(answers.get() + u32::from(answered));
                Ok(())
            },
        )
        .unwrap();
    // Many structured inputs are legal histories: a parser refusing them all must fail here.
    assert!(
        answers.get() > CASES / 10,
        "{}: only {} of {CASES} structured inputs answered",
        G::NAME,
        answers.get()
    );

    let samples = sample_texts(G::NAME);
    runner()
        .run(
            &(
                0..samples.len(),
                proptest::collection::vec(mutation(), 1..4),
                any::<bool>(),
            ),
            |(index, mutations, keep_running)| {
                let text = apply(&samples[index], &mutations);
                check_input::<G>(&text, keep_running, expected_for_text::<G>(&text)).map(|_| ())
            },
        )
        .unwrap();

    runner()
        .run(
            &(
                prop_oneof!["\\PC{0,80}", "[-0-9{}\\[\\]\":,xyrequstpon \n]{0,120}"],
                any::<bool>(),
            ),
            |(text, keep_running)| {
                check_input::<G>(&text, keep_running, expected_for_text::<G>(&text)).map(|_| ())
            },
        )
        .unwrap();
}

#[test]
fn tictactoe_fuzz() {
    fuzz_game::<TicTacToe>();
}

#[test]
fn gomoku_fuzz() {
    fuzz_game::<Gomoku>();
}

#[test]
fn reversi_fuzz() {
    fuzz_game::<Reversi>();
}

#[test]
fn nogo_fuzz() {
    fuzz_game::<NoGo>();
}
