//! Writes `protocol-samples/<game>/`: sample inputs for the bot executables,
//! generated from seeded random legal games so every history is correct by
//! construction. Run from the repository root:
//!
//! ```sh
//! cargo run --release --example make_samples -- tictactoe reversi nogo gomoku
//! ```
//!
//! The same seeds always give the same files; `tests/protocol_samples.rs`
//! runs the bots over whatever files the directories hold.

use std::fs;
use std::path::{Path, PathBuf};

use boardbots::protocol::{BotGame, RawMove, KILL_MARKER};
use boardbots::{Game, Gomoku, MoveList, NoGo, Reversi, TicTacToe};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

fn main() -> std::io::Result<()> {
    let games: Vec<String> = std::env::args().skip(1).collect();
    if games.is_empty() {
        eprintln!("usage: make_samples GAME... (tictactoe reversi nogo gomoku)");
        std::process::exit(2);
    }
    for game in &games {
        match game.as_str() {
            "tictactoe" => write_samples::<TicTacToe>()?,
            "reversi" => write_samples::<Reversi>()?,
            "nogo" => write_samples::<NoGo>()?,
            "gomoku" => write_samples::<Gomoku>()?,
            other => {
                eprintln!("make_samples: unknown game {other:?}");
                std::process::exit(2);
            }
        }
    }
    Ok(())
}

/// A game's moves from the start, as Botzone coordinates, and the position they lead to.
struct Line<G> {
    plies: Vec<RawMove>,
    position: G,
}

impl<G: Game> Line<G> {
    fn new() -> Self {
        Line {
            plies: Vec::new(),
            position: G::start(),
        }
    }

    fn play(&mut self, m: G::Move) {
        let (x, y) = G::move_to_xy(m);
        self.plies.push(RawMove { x, y });
        self.position
            .try_play(m)
            .expect("generated moves are legal");
    }

    fn legal_moves(&self) -> MoveList<G::Move> {
        let mut moves = MoveList::new();
        self.position.legal_moves(&mut moves);
        moves
    }
}

/// Plays seeded random games and returns the first position (cut at some ply)
/// for which `wanted(line)` holds, trying up to `attempts` games.
fn find_line<G: Game>(
    seed: u64,
    attempts: usize,
    wanted: impl Fn(&Line<G>) -> bool,
) -> Option<Line<G>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..attempts {
        let mut line = Line::<G>::new();
        loop {
            if wanted(&line) {
                return Some(line);
            }
            let moves = line.legal_moves();
            if moves.is_empty() {
                break;
            }
            line.play(moves[rng.gen_range(0..moves.len())]);
        }
    }
    None
}

/// A random game cut after exactly `plies` moves, not finished.
fn random_line<G: Game>(seed: u64, plies: usize) -> Line<G> {
    find_line::<G>(seed, 10_000, |line| {
        line.plies.len() == plies && line.position.outcome().is_none()
    })
    .unwrap_or_else(|| panic!("{}: no random game lasts {plies} plies", G::NAME))
}

/// The judge's view of a line for the player to move: requests (Black's
/// first is the "no move" marker) and that player's own earlier responses.
fn history(plies: &[RawMove]) -> (Vec<RawMove>, Vec<RawMove>) {
    let (mut requests, responses): (Vec<RawMove>, Vec<RawMove>);
    if plies.len().is_multiple_of(2) {
        requests = vec![RawMove::PASS];
        requests.extend(plies.iter().skip(1).step_by(2));
        responses = plies.iter().step_by(2).copied().collect();
    } else {
        requests = plies.iter().step_by(2).copied().collect();
        responses = plies.iter().skip(1).step_by(2).copied().collect();
    }
    (requests, responses)
}

fn move_json(m: RawMove) -> Value {
    json!({"x": m.x, "y": m.y})
}

/// One line of JSON input for the player to move after `plies`.
fn json_input(plies: &[RawMove], as_strings: bool, extra: Option<Value>) -> String {
    let (requests, responses) = history(plies);
    let encode = |moves: &[RawMove]| -> Vec<Value> {
        moves
            .iter()
            .map(|&m| {
                if as_strings {
                    Value::String(move_json(m).to_string())
                } else {
                    move_json(m)
                }
            })
            .collect()
    };
    let mut object = json!({"requests": encode(&requests), "responses": encode(&responses)});
    if let (Some(Value::Object(extra)), Value::Object(fields)) = (extra, &mut object) {
        fields.extend(extra);
    }
    format!("{object}\n")
}

/// Simple I/O input for the player to move after `plies`, with optional trailing lines.
fn simple_input(plies: &[RawMove], trailing: &[&str]) -> String {
    let (requests, responses) = history(plies);
    let mut text = format!("{}\n", requests.len());
    for (i, request) in requests.iter().enumerate() {
        text += &format!("{} {}\n", request.x, request.y);
        if let Some(response) = responses.get(i) {
            text += &format!("{} {}\n", response.x, response.y);
        }
    }
    for line in trailing {
        text += line;
        text.push('\n');
    }
    text
}

struct SampleDir {
    root: PathBuf,
}

impl SampleDir {
    fn write(&self, name: &str, text: &str) -> std::io::Result<()> {
        let path = self.root.join(name);
        fs::create_dir_all(path.parent().expect("sample paths have a parent"))?;
        fs::write(path, text)
    }

    /// A turn input in JSON, and in simple I/O where the game has it.
    fn write_both<G: BotGame>(&self, name: &str, plies: &[RawMove]) -> std::io::Result<()> {
        self.write(&format!("{name}.json"), &json_input(plies, false, None))?;
        if G::SIMPLE_IO {
            self.write(&format!("simple-{name}.txt"), &simple_input(plies, &[]))?;
        }
        Ok(())
    }

    fn write_bad(&self, name: &str, input: &str, expected_stderr: &str) -> std::io::Result<()> {
        self.write(&format!("bad/{name}.in"), input)?;
        self.write(
            &format!("bad/{name}.expect"),
            &format!("{expected_stderr}\n"),
        )
    }
}

fn write_samples<G: BotGame>() -> std::io::Result<()> {
    let dir = SampleDir {
        root: Path::new("protocol-samples").join(G::NAME),
    };
    if dir.root.exists() {
        fs::remove_dir_all(&dir.root)?;
    }
    let board_points = (G::WIDTH * G::HEIGHT) as usize;
    let long = match G::NAME {
        "reversi" => 58,
        "gomoku" => 100,
        "nogo" => 40,
        _ => 6,
    };
    let line_for = |plies: usize| random_line::<G>(0x5A3F_0000 + plies as u64, plies);

    dir.write_both::<G>("black-first-turn", &[])?;
    dir.write_both::<G>("white-first-turn", &line_for(1).plies)?;
    dir.write_both::<G>("midgame-long-black", &line_for(long).plies)?;
    dir.write_both::<G>("midgame-long-white", &line_for(long + 1).plies)?;
    let short = line_for(3.min(board_points - 2));
    dir.write(
        "requests-as-strings.json",
        &json_input(&line_for(long + 1).plies, true, None),
    )?;
    let extras = json!({
        "data": {"anything": [1, 2, 3]},
        "globaldata": "kept across games",
        "time_limit": "1000ms",
        "memory_limit": 256,
        "unknown_field": [null, true],
    });
    dir.write(
        "data-and-unknown-fields.json",
        &json_input(&short.plies, false, Some(extras)),
    )?;
    if G::SIMPLE_IO {
        dir.write(
            "simple-with-data-lines.txt",
            &simple_input(&short.plies, &["some data", "some global data"]),
        )?;
    }
    write_game_specific::<G>(&dir)?;
    write_keep_running::<G>(&dir)?;
    write_bad_inputs::<G>(&dir, &short, long)?;
    Ok(())
}

/// Positions only some games have: Reversi passes, NoGo's centre opening.
fn write_game_specific<G: BotGame>(dir: &SampleDir) -> std::io::Result<()> {
    let pass = G::move_from_xy(-1, -1);
    if let Some(pass) = pass {
        let must_pass = |line: &Line<G>| {
            let moves = line.legal_moves();
            moves.len() == 1 && moves[0] == pass
        };
        let opponent_passed = |line: &Line<G>| {
            line.plies.last() == Some(&RawMove::PASS) && line.position.outcome().is_none()
        };
        let we_must_pass =
            find_line::<G>(11, 100_000, must_pass).expect("random games reach a forced pass");
        dir.write_both::<G>("we-must-pass", &we_must_pass.plies)?;
        let after_pass =
            find_line::<G>(12, 100_000, opponent_passed).expect("random games reach a pass");
        dir.write_both::<G>("opponent-passed", &after_pass.plies)?;
    }
    if let Some(&(x, y)) = G::FORBIDDEN_OPENINGS.first() {
        // The opponent may open on a point we must not: we accept it.
        dir.write_both::<G>("white-after-forbidden-opening", &[RawMove { x, y }])?;
    }
    Ok(())
}

fn write_keep_running<G: BotGame>(dir: &SampleDir) -> std::io::Result<()> {
    let black_start = json_input(&[], false, None);
    let transcript = |first: &str, middle: &str, end: &str| {
        format!("send {first}expect answer\nexpect marker\n{middle}{end}")
    };
    const HEADER: &str =
        "# Keep-running transcript; see protocol-samples/README.md for the directives.\n";
    let turn = "send-reply\nexpect answer\nexpect marker\n";
    let kill = format!("send {KILL_MARKER}\nexpect exit 0\n");
    dir.write(
        "keep-running/json-black-kill.kr",
        &(HEADER.to_string() + &transcript(&black_start, &turn.repeat(2), &kill)),
    )?;
    let white_start = json_input(&random_line::<G>(21, 1).plies, false, None);
    dir.write(
        "keep-running/json-white-eof.kr",
        &(HEADER.to_string() + &transcript(&white_start, turn, "close\nexpect exit 0\n")),
    )?;
    let full = "send-reply-full\nexpect answer\nexpect marker\n";
    dir.write(
        "keep-running/full-history-requests.kr",
        &(HEADER.to_string() + &transcript(&black_start, &format!("{full}{turn}"), &kill)),
    )?;
    dir.write(
        "keep-running/env-variable.kr",
        &format!(
            "{HEADER}env BOARDBOTS_KEEP_RUNNING=1\nargs\n{}",
            transcript(&black_start, turn, &kill)
        ),
    )?;
    dir.write(
        "keep-running/occupied-request-fails.kr",
        &(HEADER.to_string()
            + &transcript(
                &black_start,
                "",
                "send-occupied\nexpect exit 2\nexpect stderr turn 2 request: illegal move\n",
            )),
    )?;
    if G::SIMPLE_IO {
        // The counted lines of a simple first turn, one `send` each.
        let simple_start =
            simple_input(&random_line::<G>(22, 1).plies, &[]).replace('\n', "\nsend ");
        let simple_start = simple_start.trim_end_matches("send ");
        dir.write(
            "keep-running/simple-white.kr",
            &(HEADER.to_string() + &transcript(simple_start, &turn.repeat(2), &kill)),
        )?;
    }
    Ok(())
}

fn write_bad_inputs<G: BotGame>(
    dir: &SampleDir,
    short: &Line<G>,
    long: usize,
) -> std::io::Result<()> {
    let black = r#"{"x":-1,"y":-1}"#;
    dir.write_bad("empty", "", "input: empty")?;
    dir.write_bad(
        "not-json-nor-number",
        "hello\n",
        "neither '{' (JSON) nor a number",
    )?;
    dir.write_bad(
        "malformed-json",
        &format!("{{\"requests\":[{black}],\"responses\":[\n"),
        "input: malformed JSON",
    )?;
    dir.write_bad(
        "missing-requests",
        "{\"responses\":[]}\n",
        "input: missing field `requests`",
    )?;
    dir.write_bad(
        "requests-not-an-array",
        &format!("{{\"requests\":{black}}}\n"),
        "expected `requests` as an array",
    )?;
    dir.write_bad(
        "empty-requests",
        "{\"requests\":[],\"responses\":[]}\n",
        "`requests` is empty",
    )?;
    dir.write_bad(
        "request-not-a-move",
        "{\"requests\":[5],\"responses\":[]}\n",
        "requests[0]: expected a move",
    )?;
    dir.write_bad(
        "missing-coordinate",
        "{\"requests\":[{\"x\":1}],\"responses\":[]}\n",
        "requests[0]: missing field `y`",
    )?;
    dir.write_bad(
        "non-integer-coordinate",
        "{\"requests\":[{\"x\":1.5,\"y\":0}],\"responses\":[]}\n",
        "requests[0]: `x` is not an integer: 1.5",
    )?;
    dir.write_bad(
        "string-coordinate",
        "{\"requests\":[{\"x\":\"1\",\"y\":0}],\"responses\":[]}\n",
        "requests[0]: `x` is not an integer",
    )?;
    dir.write_bad(
        "responses-count",
        &format!("{{\"requests\":[{black},{black}],\"responses\":[]}}\n"),
        "input: 2 requests need 1 responses, got 0",
    )?;
    let off_board = G::WIDTH;
    dir.write_bad(
        "off-board",
        &format!("{{\"requests\":[{{\"x\":{off_board},\"y\":0}}],\"responses\":[]}}\n"),
        &format!("requests[0]: illegal move ({off_board},0): the point is off the board"),
    )?;

    // The opponent's last move repeats a point our own first response took.
    let (requests, mut responses) = history(&short.plies);
    let taken = responses[0];
    let mut bad_requests = requests.clone();
    *bad_requests.last_mut().expect("non-empty") = taken;
    let encode = |moves: &[RawMove]| Value::Array(moves.iter().map(|&m| move_json(m)).collect());
    let occupied = json!({"requests": encode(&bad_requests), "responses": encode(&responses)});
    let last = bad_requests.len() - 1;
    dir.write_bad(
        "occupied",
        &format!("{occupied}\n"),
        &format!("requests[{last}]: illegal move ({},{})", taken.x, taken.y),
    )?;
    // Our own earlier response is off the board.
    responses[0] = RawMove { x: 0, y: -5 };
    let bad_response = json!({"requests": encode(&requests), "responses": encode(&responses)});
    dir.write_bad(
        "illegal-own-response",
        &format!("{bad_response}\n"),
        "responses[0]: illegal move (0,-5): the point is off the board",
    )?;

    // The opponent "passes" in the middle of a game.
    let mut plies = random_line::<G>(31, long.min(10) - 1).plies;
    plies.push(RawMove::PASS);
    let (requests, responses) = history(&plies);
    let passed = json!({"requests": encode(&requests), "responses": encode(&responses)});
    let pass_at = format!("requests[{}]", requests.len() - 1);
    if G::move_from_xy(-1, -1).is_some() {
        dir.write_bad(
            "pass-with-moves-left",
            &format!("{passed}\n"),
            &format!("{pass_at}: illegal move (-1,-1): passing while a legal move exists"),
        )?;
    } else {
        dir.write_bad(
            "unexpected-pass",
            &format!("{passed}\n"),
            &format!(
                "{pass_at}: unexpected pass (-1,-1): {} has no pass",
                G::NAME
            ),
        )?;
    }

    // A history whose last request ends the game: the judge would never ask.
    let finished = find_line::<G>(41, 10_000, |line| {
        line.position.outcome().is_some() && !line.plies.is_empty()
    })
    .expect("random games finish");
    let (requests, _) = history(&finished.plies);
    dir.write_bad(
        "game-already-over",
        &json_input(&finished.plies, false, None),
        &format!(
            "requests[{}]: the game is over after this move",
            requests.len() - 1
        ),
    )?;

    if G::SIMPLE_IO {
        dir.write_bad(
            "simple-truncated",
            "3\n-1 -1\n0 0\n",
            "input: ended after 2 of the 5 history lines",
        )?;
        dir.write_bad(
            "simple-bad-move-line",
            "2\n-1 -1\n1 x\n0 0\n",
            "line 3 (response 1): expected a move `x y`",
        )?;
        dir.write_bad(
            "simple-zero-turns",
            "0\n",
            "line 1: expected the turn number",
        )?;
    } else {
        dir.write_bad(
            "simple-not-offered",
            "1\n-1 -1\n",
            &format!("simple I/O is not offered for {}", G::NAME),
        )?;
    }
    Ok(())
}
