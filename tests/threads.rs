//! `--threads N` in the built bots: root-parallel MCTS, lazy SMP alpha-beta.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(game: &str, args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let exe = match game {
        "tictactoe" => env!("CARGO_BIN_EXE_tictactoe"),
        "reversi" => env!("CARGO_BIN_EXE_reversi"),
        "gomoku" => env!("CARGO_BIN_EXE_gomoku"),
        other => panic!("no bot {other}"),
    };
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Root-parallel MCTS adds up its workers' playouts: with an iteration cap
/// per worker, two threads report exactly twice one thread's playouts (each
/// worker runs its cap in full), no clock involved.
#[test]
fn two_threads_merge_their_playouts() {
    use boardbots::{Engines, Game, Limits, TicTacToe};
    let pos = TicTacToe::start();
    let limits = Limits::iterations(500);
    let playouts = |threads| {
        TicTacToe::engine_on_threads("uct-plain", 1, threads)
            .expect("uct-plain is a TicTacToe engine")
            .choose_move(&pos, &limits)
            .playouts
    };
    let one = playouts(1);
    assert_eq!(one, 500);
    assert_eq!(playouts(2), 2 * one);
}

#[test]
fn two_threads_answer_the_winning_move() {
    // X to move can win at (2,0).
    let input = r#"{"requests":[{"x":-1,"y":-1},{"x":0,"y":1},{"x":1,"y":1}],"responses":[{"x":0,"y":0},{"x":1,"y":0}]}"#;
    let (code, stdout, stderr) = run(
        "tictactoe",
        &["--threads", "2", "--time", "0.05", "--engine", "uct-plain"],
        input,
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.starts_with(r#"{"response":{"x":2,"y":0}"#),
        "{stdout}"
    );
    let (code, stdout, _) = run(
        "reversi",
        &["--threads", "2", "--time", "0.1"],
        r#"{"requests":[{"x":-1,"y":-1}],"responses":[]}"#,
    );
    assert_eq!(code, Some(0));
    assert!(stdout.contains("\"response\""), "{stdout}");
}

#[test]
fn alpha_beta_bots_answer_on_two_threads() {
    // Lazy SMP: the Reversi `pattern` and Gomoku `alphabeta` defaults.
    let (code, stdout, stderr) = run(
        "reversi",
        &["--threads", "2", "--time", "0.1", "--engine", "pattern"],
        include_str!("../protocol-samples/reversi/white-first-turn.json"),
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("pattern-alphabeta"), "{stdout}");
    let (code, stdout, stderr) = run(
        "gomoku",
        &["--threads", "2", "--time", "0.2"],
        include_str!("../protocol-samples/gomoku/midgame-long-black.json"),
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with(r#"{"response":{"x":"#), "{stdout}");
}

#[test]
fn bench_with_threads_is_refused_without_lazy_smp() {
    let (code, stdout, stderr) = run("tictactoe", &["bench", "--threads", "2"], "");
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("multi-threaded"), "{stderr}");
}

#[test]
fn zero_threads_is_a_usage_error() {
    let (code, stdout, stderr) = run("tictactoe", &["--threads", "0"], "");
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty());
    assert!(stderr.contains("--threads"), "{stderr}");
}
