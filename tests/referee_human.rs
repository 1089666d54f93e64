//! The `human` player through a pipe: the board and prompts on stderr, moves
//! read from stdin in either notation, bad input re-asked.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn human_moves_are_read_and_bad_ones_re_asked() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args([
            "play",
            "tictactoe",
            "human",
            "builtin:random",
            "--seed",
            "3",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Nonsense, an off-board point, then every point in order (occupied ones
    // are refused and re-asked), in both notations.
    let typed = "hello\n7 7\n0 0\nb1\n2,0\na2\n1 1\n2 1\n0 2\nb3\nc3\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(typed.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("cannot read \"hello"), "{stderr}");
    assert!(stderr.contains("(7,7) is not a move"), "{stderr}");
    assert!(stderr.contains("black to move"), "{stderr}");
    assert!(stderr.contains(" X "), "the board is shown: {stderr}");
    assert!(
        stdout.contains("Score of human vs builtin:random: "),
        "{stdout}"
    );
    assert!(stdout.contains("Terminations: normal 1"), "{stdout}");
}
