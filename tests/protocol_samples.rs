//! Runs the BUILT bot executables over every file in `protocol-samples/<game>/`
//! (found by listing the directories, so a new sample file is a new test case):
//!
//! - `*.json`, `*.txt`: one turn; exit 0 and a legal answer in the input's
//!   format, re-checked with the rules library after replaying the same input;
//! - `keep-running/*.kr`: transcripts driven interactively (the test plays the
//!   opponent with the rules library; see `protocol-samples/README.md`);
//! - `bad/*.in`: exit 2, nothing on stdout, one stderr line holding `bad/*.expect`.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use boardbots::protocol::{
    decode_move, keep_running_requested, parse_first_turn, replay, BotGame, FirstTurn, InputFormat,
    Location, RawMove, TurnInput, KEEP_RUNNING_BUILD_DEFAULT, KEEP_RUNNING_MARKER, KILL_MARKER,
    MAX_DEBUG_CHARS,
};
use boardbots::{Game, Gomoku, MoveList, NoGo, Reversi, TicTacToe};
use serde_json::{json, Value};

/// Thinking budget for every bot run here: small, so the suite stays fast.
const THINK_SECS: &str = "0.05";
/// Only a guard against a hanging bot (a failed test instead of a stuck
/// suite), far above any expected run time; never an assertion on speed.
const HANG_GUARD: Duration = Duration::from_secs(60);

fn executable(game: &str) -> &'static str {
    match game {
        "tictactoe" => env!("CARGO_BIN_EXE_tictactoe"),
        "reversi" => env!("CARGO_BIN_EXE_reversi"),
        "nogo" => env!("CARGO_BIN_EXE_nogo"),
        "gomoku" => env!("CARGO_BIN_EXE_gomoku"),
        other => panic!("no executable for {other}"),
    }
}

fn samples_dir(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("protocol-samples")
        .join(game)
}

/// Files directly in `dir` whose names end with one of `extensions`, sorted.
fn files_with(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
        })
        .collect();
    files.sort();
    files
}

/// A running bot whose stdout and stderr are collected by threads, so the
/// test can wait for lines with a hang guard.
struct Bot {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Receiver<String>,
    stderr: JoinHandle<String>,
}

impl Bot {
    fn start(game: &str, args: &[String], env: &[(String, String)]) -> Bot {
        let mut command = Command::new(executable(game));
        command
            .args(args)
            .arg("--time")
            .arg(THINK_SECS)
            // Set, not removed: it also overrides a keep-running build default.
            .env("BOARDBOTS_KEEP_RUNNING", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("the bot starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let mut stderr = child.stderr.take().expect("piped stderr");
        let (sender, receiver) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Bot {
            child,
            stdin,
            stdout: receiver,
            stderr,
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        // The bot may have exited already (an error case); the exit check reports that.
        let _ = stdin.write_all(text.as_bytes());
        let _ = stdin.flush();
    }

    fn close_stdin(&mut self) {
        self.stdin = None;
    }

    fn next_line(&mut self, context: &str) -> String {
        self.stdout
            .recv_timeout(HANG_GUARD)
            .unwrap_or_else(|_| panic!("{context}: no output line from the bot"))
    }

    /// Waits for the exit; returns the status, stdout lines not yet read, and stderr.
    fn finish(mut self, context: &str) -> (ExitStatus, Vec<String>, String) {
        self.close_stdin();
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waitable child") {
                break status;
            }
            if started.elapsed() > HANG_GUARD {
                let _ = self.child.kill();
                panic!("{context}: the bot did not exit");
            }
            thread::sleep(Duration::from_millis(2));
        };
        let rest: Vec<String> = self.stdout.iter().collect();
        let stderr = self.stderr.join().expect("stderr reader");
        (status, rest, stderr)
    }
}

/// Runs a bot on one whole input and returns status, stdout lines and stderr.
fn run_once(game: &str, input: &str) -> (ExitStatus, Vec<String>, String) {
    let mut bot = Bot::start(game, &[], &[]);
    bot.send(input);
    bot.finish(game)
}

/// Checks one answer's shape and legality in `position`; returns the move.
fn check_answer<G: BotGame>(
    lines: &[String],
    format: InputFormat,
    position: &G,
    ctx: &str,
) -> G::Move {
    let (raw, debug) = match format {
        InputFormat::Json => {
            assert_eq!(lines.len(), 1, "{ctx}: one JSON line expected: {lines:?}");
            let value: Value = serde_json::from_str(&lines[0])
                .unwrap_or_else(|e| panic!("{ctx}: answer is not JSON ({e}): {}", lines[0]));
            let coordinate = |name: &str| {
                value["response"][name]
                    .as_i64()
                    .unwrap_or_else(|| panic!("{ctx}: response.{name} missing: {value}"))
                    as i32
            };
            let raw = RawMove {
                x: coordinate("x"),
                y: coordinate("y"),
            };
            let debug = value["debug"]
                .as_str()
                .unwrap_or_else(|| panic!("{ctx}: debug missing: {value}"))
                .to_string();
            (raw, debug)
        }
        InputFormat::Simple => {
            assert_eq!(
                lines.len(),
                2,
                "{ctx}: move and debug lines expected: {lines:?}"
            );
            let numbers: Vec<i32> = lines[0]
                .split(' ')
                .map(|n| {
                    n.parse()
                        .unwrap_or_else(|_| panic!("{ctx}: bad move line {:?}", lines[0]))
                })
                .collect();
            assert_eq!(numbers.len(), 2, "{ctx}: bad move line {:?}", lines[0]);
            (
                RawMove {
                    x: numbers[0],
                    y: numbers[1],
                },
                lines[1].clone(),
            )
        }
    };
    assert!(
        debug.chars().count() <= MAX_DEBUG_CHARS && !debug.is_empty(),
        "{ctx}: debug {debug:?}"
    );
    let m = decode_move::<G>(raw, Location::Input)
        .unwrap_or_else(|e| panic!("{ctx}: answer {raw:?} is not a move: {e}"));
    assert!(position.is_legal(m), "{ctx}: illegal answer {raw:?}");
    if *position == G::start() {
        assert!(
            !G::FORBIDDEN_OPENINGS.contains(&(raw.x, raw.y)),
            "{ctx}: forbidden opening {raw:?}"
        );
    }
    m
}

fn replay_input<G: BotGame>(text: &str, ctx: &str) -> (TurnInput, G) {
    let FirstTurn::Turn(input) =
        parse_first_turn::<G>(text).unwrap_or_else(|e| panic!("{ctx}: sample does not parse: {e}"))
    else {
        panic!("{ctx}: sample is a kill marker");
    };
    let turn = replay::<G>(&input).unwrap_or_else(|e| panic!("{ctx}: sample does not replay: {e}"));
    (input, turn.position)
}

fn check_turn_samples<G: BotGame>() {
    let files = files_with(&samples_dir(G::NAME), &["json", "txt"]);
    assert!(files.len() >= 5, "{}: too few turn samples", G::NAME);
    for file in files {
        let ctx = file.display().to_string();
        let text = fs::read_to_string(&file).expect("readable sample");
        let (input, position) = replay_input::<G>(&text, &ctx);
        let (status, lines, stderr) = run_once(G::NAME, &text);
        assert_eq!(
            status.code(),
            Some(0),
            "{ctx}: exit status; stderr: {stderr}"
        );
        check_answer(&lines, input.format, &position, &ctx);
    }
}

fn check_bad_inputs<G: BotGame>() {
    let files = files_with(&samples_dir(G::NAME).join("bad"), &["in"]);
    assert!(files.len() >= 10, "{}: too few malformed samples", G::NAME);
    for file in files {
        let ctx = file.display().to_string();
        let input = fs::read_to_string(&file).expect("readable sample");
        let expected = fs::read_to_string(file.with_extension("expect"))
            .unwrap_or_else(|e| panic!("{ctx}: no .expect file: {e}"));
        let expected = expected.trim_end_matches(['\n', '\r']);
        let (status, lines, stderr) = run_once(G::NAME, &input);
        assert_eq!(
            status.code(),
            Some(2),
            "{ctx}: exit status; stderr: {stderr}"
        );
        assert!(lines.is_empty(), "{ctx}: stdout must be empty: {lines:?}");
        assert_eq!(
            stderr.lines().count(),
            1,
            "{ctx}: one stderr line: {stderr:?}"
        );
        assert!(
            stderr.contains(expected),
            "{ctx}: {stderr:?} lacks {expected:?}"
        );
    }
}

/// The opponent's side of a keep-running game, played with the rules library.
struct Referee<G: Game> {
    position: G,
    /// Every ply from the start, as coordinates.
    plies: Vec<RawMove>,
    format: InputFormat,
    last_answer: Option<RawMove>,
}

impl<G: BotGame> Referee<G> {
    fn from_first_turn(text: &str, ctx: &str) -> Self {
        let (input, position) = replay_input::<G>(text, ctx);
        let mut plies = Vec::new();
        if !input.requests[0].is_pass_marker() {
            plies.push(input.requests[0]);
        }
        for (response, request) in input.responses.iter().zip(&input.requests[1..]) {
            plies.push(*response);
            plies.push(*request);
        }
        Referee {
            position,
            plies,
            format: input.format,
            last_answer: None,
        }
    }

    fn play(&mut self, raw: RawMove) {
        let m = decode_move::<G>(raw, Location::Input).expect("a move");
        self.position.try_play(m).expect("a legal move");
        self.plies.push(raw);
    }

    /// The opponent's reply: the first legal move, deterministic.
    fn reply(&mut self) -> RawMove {
        let mut moves = MoveList::new();
        self.position.legal_moves(&mut moves);
        let (x, y) = G::move_to_xy(moves[0]);
        let raw = RawMove { x, y };
        self.play(raw);
        raw
    }

    fn encode(&self, raw: RawMove) -> String {
        match self.format {
            InputFormat::Json => format!("{{\"x\":{},\"y\":{}}}\n", raw.x, raw.y),
            InputFormat::Simple => format!("{} {}\n", raw.x, raw.y),
        }
    }

    /// The whole game so far as a `{"requests":...}` object for the bot.
    fn full_history(&self) -> String {
        let to_json = |m: &RawMove| json!({"x": m.x, "y": m.y});
        let mut requests = Vec::new();
        let mut responses = Vec::new();
        // The bot is the player to move: its plies have the other parity.
        let bot_parity = self.plies.len() % 2;
        if bot_parity == 0 {
            requests.push(to_json(&RawMove::PASS));
        }
        for (i, ply) in self.plies.iter().enumerate() {
            if i % 2 == bot_parity {
                responses.push(to_json(ply));
            } else {
                requests.push(to_json(ply));
            }
        }
        format!(
            "{}\n",
            json!({"requests": requests, "responses": responses})
        )
    }
}

fn run_transcript<G: BotGame>(path: &Path) {
    let ctx = path.display().to_string();
    let script = fs::read_to_string(path).expect("readable transcript");
    let mut args = vec!["--keep-running".to_string()];
    let mut env = Vec::new();
    let mut bot: Option<Bot> = None;
    let mut first_input = String::new();
    let mut referee: Option<Referee<G>> = None;
    let mut answers = 0;
    let mut skipping_to_end = false;
    let mut finished: Option<String> = None;
    for (number, line) in script.lines().enumerate() {
        let ctx = format!("{ctx}:{}", number + 1);
        let (directive, rest) = line.split_once(' ').unwrap_or((line, ""));
        if directive.is_empty() || directive.starts_with('#') {
            continue;
        }
        if skipping_to_end {
            // The game ended: no reply exists, go on with the ending directives.
            let ends = (directive == "send" && rest == KILL_MARKER) || directive == "close";
            if !ends {
                continue;
            }
            skipping_to_end = false;
        }
        match directive {
            "env" => {
                let (key, value) = rest.split_once('=').expect("env KEY=VALUE");
                env.push((key.to_string(), value.to_string()));
            }
            "args" => args = rest.split_whitespace().map(String::from).collect(),
            _ => {}
        }
        if let Some(detail) = rest
            .strip_prefix("stderr ")
            .filter(|_| directive == "expect")
        {
            let stderr = finished.as_ref().expect("expect stderr after expect exit");
            assert_eq!(
                stderr.lines().count(),
                1,
                "{ctx}: one stderr line: {stderr:?}"
            );
            assert!(
                stderr.contains(detail),
                "{ctx}: {stderr:?} lacks {detail:?}"
            );
            continue;
        }
        let bot_ref = match directive {
            "env" | "args" => continue,
            _ => bot.get_or_insert_with(|| Bot::start(G::NAME, &args, &env)),
        };
        let referee_ref = referee.as_mut();
        match (directive, referee_ref) {
            ("send", None) => {
                first_input.push_str(rest);
                first_input.push('\n');
                bot_ref.send(&format!("{rest}\n"));
            }
            ("send", Some(_)) => bot_ref.send(&format!("{rest}\n")),
            ("send-reply" | "send-reply-full", Some(referee)) => {
                if referee.position.outcome().is_some() {
                    skipping_to_end = true;
                    continue;
                }
                let reply = referee.reply();
                if directive == "send-reply" {
                    bot_ref.send(&referee.encode(reply));
                } else {
                    referee.format = InputFormat::Json;
                    bot_ref.send(&referee.full_history());
                }
            }
            ("send-occupied", Some(referee)) => {
                let taken = referee.last_answer.expect("an answer to repeat");
                bot_ref.send(&referee.encode(taken));
            }
            ("close", _) => bot_ref.close_stdin(),
            ("expect", referee_ref) => {
                let (what, detail) = rest.split_once(' ').unwrap_or((rest, ""));
                match what {
                    "answer" => {
                        let referee = match referee_ref {
                            Some(referee) => referee,
                            None => referee.insert(Referee::from_first_turn(&first_input, &ctx)),
                        };
                        let count = match referee.format {
                            InputFormat::Json => 1,
                            InputFormat::Simple => 2,
                        };
                        let lines: Vec<String> =
                            (0..count).map(|_| bot_ref.next_line(&ctx)).collect();
                        let m = check_answer(&lines, referee.format, &referee.position, &ctx);
                        let (x, y) = G::move_to_xy(m);
                        referee.play(RawMove { x, y });
                        referee.last_answer = Some(RawMove { x, y });
                        answers += 1;
                    }
                    "marker" => assert_eq!(bot_ref.next_line(&ctx), KEEP_RUNNING_MARKER, "{ctx}"),
                    "exit" => {
                        let bot = bot.take().expect("a running bot");
                        let (status, rest_lines, stderr) = bot.finish(&ctx);
                        let code: i32 = detail.parse().expect("expect exit N");
                        assert_eq!(
                            status.code(),
                            Some(code),
                            "{ctx}: exit status; stderr: {stderr}"
                        );
                        assert!(
                            rest_lines.is_empty(),
                            "{ctx}: unexpected output {rest_lines:?}"
                        );
                        finished = Some(stderr);
                    }
                    other => panic!("{ctx}: unknown expectation {other:?}"),
                }
            }
            (other, _) => panic!("{ctx}: directive {other:?} not allowed here"),
        }
    }
    assert!(
        bot.is_none(),
        "{ctx}: transcript must end with `expect exit`"
    );
    assert!(answers >= 1, "{ctx}: no answer checked");
}

fn check_keep_running<G: BotGame>() {
    let files = files_with(&samples_dir(G::NAME).join("keep-running"), &["kr"]);
    assert!(files.len() >= 4, "{}: too few transcripts", G::NAME);
    for file in files {
        run_transcript::<G>(&file);
    }
}

/// The sample kinds every game must have (more may be added freely).
fn check_required_samples<G: BotGame>() {
    let dir = samples_dir(G::NAME);
    let mut required = vec![
        "black-first-turn.json",
        "white-first-turn.json",
        "midgame-long-black.json",
        "midgame-long-white.json",
        "requests-as-strings.json",
        "data-and-unknown-fields.json",
    ];
    if G::SIMPLE_IO {
        required.extend([
            "simple-black-first-turn.txt",
            "simple-white-first-turn.txt",
            "simple-midgame-long-black.txt",
            "simple-with-data-lines.txt",
        ]);
    }
    if G::move_from_xy(-1, -1).is_some() {
        required.extend(["we-must-pass.json", "opponent-passed.json"]);
    }
    let missing: Vec<&str> = required
        .into_iter()
        .filter(|name| !dir.join(name).is_file())
        .collect();
    assert!(
        missing.is_empty(),
        "{}: missing samples {missing:?}",
        G::NAME
    );
}

macro_rules! game_sample_tests {
    ($module:ident, $game:ty) => {
        mod $module {
            use super::*;

            #[test]
            fn required_samples_exist() {
                check_required_samples::<$game>();
            }

            #[test]
            fn turn_samples_get_legal_answers() {
                check_turn_samples::<$game>();
            }

            #[test]
            fn malformed_inputs_fail_cleanly() {
                check_bad_inputs::<$game>();
            }

            #[test]
            fn keep_running_transcripts() {
                check_keep_running::<$game>();
            }
        }
    };
}

game_sample_tests!(tictactoe, TicTacToe);
game_sample_tests!(gomoku, Gomoku);
game_sample_tests!(reversi, Reversi);
game_sample_tests!(nogo, NoGo);

fn run_args(game: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(executable(game))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the bot runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Reversi and Gomoku keep running unless told not to; the other bots answer
/// one turn and exit (unless the build baked keep-running in). Each bot gets one
/// first-turn input and then end of input.
#[test]
fn keep_running_defaults_per_game() {
    let input = |game: &str| {
        fs::read_to_string(samples_dir(game).join("black-first-turn.json")).expect("sample")
    };
    let answer_lines = |game: &str, args: &[&str], keep_env: Option<&str>| {
        let mut command = Command::new(executable(game));
        command
            .args(args)
            .args(["--time", THINK_SECS])
            .env_remove("BOARDBOTS_KEEP_RUNNING")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(value) = keep_env {
            command.env("BOARDBOTS_KEEP_RUNNING", value);
        }
        let mut child = command.spawn().expect("the bot starts");
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin
            .write_all(input(game).as_bytes())
            .expect("input written");
        drop(stdin);
        let output = child.wait_with_output().expect("the bot runs");
        assert_eq!(output.status.code(), Some(0), "{game} {args:?}");
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // A build with BOARDBOTS_KEEP_RUNNING set bakes its value in for every bot.
    let build_default = KEEP_RUNNING_BUILD_DEFAULT;
    const { assert!(Gomoku::KEEP_RUNNING && Reversi::KEEP_RUNNING) };
    let defaults = [
        ("gomoku", Gomoku::KEEP_RUNNING),
        ("tictactoe", TicTacToe::KEEP_RUNNING),
        ("reversi", Reversi::KEEP_RUNNING),
        ("nogo", NoGo::KEEP_RUNNING),
    ];
    for (game, game_default) in defaults {
        let kept = keep_running_requested(None, None, build_default, game_default);
        let lines = answer_lines(game, &[], None);
        assert_eq!(lines.len(), 1 + kept as usize, "{game}: {lines:?}");
        if kept {
            assert_eq!(lines[1], KEEP_RUNNING_MARKER, "{game}");
        }
    }
    for game in ["gomoku", "reversi"] {
        for (args, env) in [(&["--turn-by-turn"][..], None), (&[][..], Some("0"))] {
            let once = answer_lines(game, args, env);
            assert_eq!(once.len(), 1, "{game} {args:?} {env:?}: {once:?}");
        }
    }
}

#[test]
fn perft_prints_the_count_alone_first() {
    let (code, stdout, _) = run_args("tictactoe", &["perft", "9"]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().next(), Some("255168"));
}

#[test]
fn help_explains_the_protocol_and_usage_errors_exit_2() {
    let (code, stdout, _) = run_args("tictactoe", &["--help"]);
    assert_eq!(code, Some(0));
    for needle in [
        "--keep-running",
        "BOARDBOTS_KEEP_RUNNING",
        "--time",
        "--seed",
        "--engine",
        "perft",
        "bench",
    ] {
        assert!(stdout.contains(needle), "--help lacks {needle}");
    }
    let (code, stdout, _) = run_args("tictactoe", &["--engine", "no-such-engine"]);
    assert_eq!((code, stdout.as_str()), (Some(2), ""));
    let (code, _, _) = run_args("reversi", &["solve", "only-one-argument"]);
    assert_eq!(code, Some(2));
    for time in ["1e19", "-1", "inf", "x"] {
        let (code, stdout, stderr) = run_args("nogo", &["--time", time]);
        assert_eq!((code, stdout.as_str()), (Some(2), ""), "--time {time}");
        assert!(stderr.contains("--time"), "{stderr}");
        assert!(!stderr.contains("internal error"), "{stderr}");
    }
}

#[test]
fn bench_subcommand_runs() {
    let (code, stdout, _) = run_args("tictactoe", &["bench"]);
    assert_eq!(code, Some(0));
    assert!(!stdout.trim().is_empty());
}

#[test]
fn bench_refuses_an_engine_it_would_not_measure() {
    for args in [
        &["--engine-option", "exploration=2", "bench"][..],
        &["--engine", "random", "bench"][..],
    ] {
        let (code, stdout, stderr) = run_args("tictactoe", args);
        assert_eq!((code, stdout.as_str()), (Some(2), ""), "{args:?}");
        assert!(stderr.contains("default engine only"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn kill_marker_or_nothing_before_the_first_turn() {
    let (status, lines, stderr) = run_once("tictactoe", &format!("{KILL_MARKER}\n"));
    assert_eq!(
        (status.code(), lines.len(), stderr.as_str()),
        (Some(0), 0, "")
    );
    let mut bot = Bot::start("tictactoe", &["--keep-running".to_string()], &[]);
    bot.close_stdin();
    let (status, lines, stderr) = bot.finish("empty keep-running input");
    assert_eq!(status.code(), Some(2));
    assert!(lines.is_empty());
    assert!(stderr.contains("input: empty"), "{stderr}");
}

/// Several games in a row through one keep-running process, answering every
/// request with a legal move until the game ends (seeded, different seeds).
#[test]
fn keep_running_plays_whole_games() {
    for seed in 0..6u64 {
        let args = vec![
            "--keep-running".to_string(),
            "--seed".to_string(),
            seed.to_string(),
        ];
        let mut bot = Bot::start("tictactoe", &args, &[]);
        let first = if seed.is_multiple_of(2) {
            "{\"requests\":[{\"x\":-1,\"y\":-1}]}\n"
        } else {
            "{\"requests\":[{\"x\":1,\"y\":1}]}\n"
        };
        let mut referee = Referee::<TicTacToe>::from_first_turn(first, "whole game");
        bot.send(first);
        loop {
            let line = bot.next_line("whole game");
            let m = check_answer(&[line], InputFormat::Json, &referee.position, "whole game");
            let (x, y) = TicTacToe::move_to_xy(m);
            referee.play(RawMove { x, y });
            assert_eq!(bot.next_line("whole game"), KEEP_RUNNING_MARKER);
            if referee.position.outcome().is_some() {
                break;
            }
            let reply = referee.reply();
            if referee.position.outcome().is_some() {
                break;
            }
            bot.send(&referee.encode(reply));
        }
        bot.send(&format!("{KILL_MARKER}\n"));
        let (status, rest, _) = bot.finish("whole game");
        assert_eq!(status.code(), Some(0));
        assert!(rest.is_empty());
    }
}
