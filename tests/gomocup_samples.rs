//! Runs the BUILT `gomoku` executable in Gomocup mode over every transcript
//! in `protocol-samples/gomoku/gomocup/` (a new `.gc` file is a new case; the
//! directives are described in `protocol-samples/README.md`). The test keeps
//! its own board from what it sends and checks every answered move on it.

use std::collections::HashMap;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// Only a guard against a hanging bot, never an assertion on speed.
const HANG_GUARD: Duration = Duration::from_secs(60);
const SIZE: i32 = 15;

fn transcripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol-samples/gomoku/gomocup");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "gc"))
        .collect();
    files.sort();
    files
}

struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Receiver<String>,
    _scratch: Option<PathBuf>,
}

impl Brain {
    fn start(args: &[String], pbrain: bool) -> Brain {
        let exe = PathBuf::from(env!("CARGO_BIN_EXE_gomoku"));
        let (program, scratch) = if pbrain {
            let dir = std::env::temp_dir().join(format!("gomocup-test-{}", std::process::id()));
            fs::create_dir_all(&dir).expect("scratch directory");
            let link = dir.join("pbrain-boardbots");
            let _ = fs::remove_file(&link);
            std::os::unix::fs::symlink(&exe, &link).expect("symlink");
            (link, Some(dir))
        } else {
            (exe, None)
        };
        let mut child = Command::new(&program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the brain starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, receiver) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            stdout: receiver,
            _scratch: scratch,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        let _ = stdin.write_all(format!("{line}\r\n").as_bytes());
        let _ = stdin.flush();
    }

    /// The next line that is not a MESSAGE or DEBUG diagnostic.
    fn next_line(&mut self, ctx: &str) -> String {
        loop {
            let line = self
                .stdout
                .recv_timeout(HANG_GUARD)
                .unwrap_or_else(|_| panic!("{ctx}: no output line from the brain"));
            if !(line.starts_with("MESSAGE") || line.starts_with("DEBUG")) {
                return line;
            }
        }
    }

    fn finish(mut self, ctx: &str) -> (Option<i32>, Vec<String>) {
        self.stdin = None;
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waitable") {
                break status;
            }
            if started.elapsed() > HANG_GUARD {
                let _ = self.child.kill();
                panic!("{ctx}: the brain did not exit");
            }
            thread::sleep(Duration::from_millis(2));
        };
        let rest = self
            .stdout
            .iter()
            .filter(|l| !(l.starts_with("MESSAGE") || l.starts_with("DEBUG")))
            .collect();
        if let Some(dir) = &self._scratch {
            let _ = fs::remove_dir_all(dir);
        }
        (status.code(), rest)
    }
}

/// Who holds a point, from the brain's view: 1 own, 2 opponent.
#[derive(Default)]
struct Board {
    stones: HashMap<(i32, i32), u8>,
    in_board_command: bool,
    last_own: Option<(i32, i32)>,
}

fn point(text: &str) -> (i32, i32) {
    let (x, y) = text.split_once(',').expect("x,y");
    (x.trim().parse().expect("x"), y.trim().parse().expect("y"))
}

impl Board {
    /// Follows a command the brain is expected to accept.
    fn track(&mut self, line: &str) {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if self.in_board_command {
            if word == "DONE" {
                self.in_board_command = false;
            } else {
                let fields: Vec<&str> = line.split(',').collect();
                let p = (fields[0].parse().unwrap(), fields[1].parse().unwrap());
                self.stones.insert(p, fields[2].parse().unwrap());
            }
            return;
        }
        match word {
            "START" | "RESTART" => self.stones.clear(),
            "BOARD" => {
                self.stones.clear();
                self.in_board_command = true;
            }
            "TURN" => {
                self.stones.insert(point(rest), 2);
            }
            "TAKEBACK" => {
                self.stones.remove(&point(rest));
            }
            _ => {}
        }
    }
}

fn run_transcript(path: &Path) {
    let name = path.display().to_string();
    let script = fs::read_to_string(path).expect("readable transcript");
    let mut args: Vec<String> = vec!["--gomocup".into(), "--time".into(), "0.05".into()];
    let mut pbrain = false;
    let mut brain: Option<Brain> = None;
    let mut board = Board::default();
    let mut moves_checked = 0;
    for (number, line) in script.lines().enumerate() {
        let ctx = format!("{name}:{}", number + 1);
        let (directive, rest) = line.split_once(' ').unwrap_or((line, ""));
        match directive {
            "" | "#" => continue,
            d if d.starts_with('#') => continue,
            "args" => {
                args = rest.split_whitespace().map(String::from).collect();
                continue;
            }
            "pbrain" => {
                pbrain = true;
                args.clear();
                continue;
            }
            _ => {}
        }
        let b = brain.get_or_insert_with(|| Brain::start(&args, pbrain));
        match directive {
            "send" => {
                board.track(rest);
                b.send(rest);
            }
            "send-raw" => b.send(rest),
            "send-occupied" => {
                let (x, y) = board.last_own.expect("an own move to repeat");
                b.send(&format!("TURN {x},{y}"));
            }
            "send-takeback-own" => {
                let (x, y) = board.last_own.take().expect("an own move to take back");
                board.stones.remove(&(x, y));
                b.send(&format!("TAKEBACK {x},{y}"));
            }
            "close" => b.stdin = None,
            "expect" => {
                let (what, detail) = rest.split_once(' ').unwrap_or((rest, ""));
                match what {
                    "move" => {
                        let answer = b.next_line(&ctx);
                        let is_point = answer.split_once(',').is_some_and(|(x, y)| {
                            x.parse::<i32>().is_ok() && y.parse::<i32>().is_ok()
                        });
                        assert!(is_point, "{ctx}: {answer:?} is not a move `x,y`");
                        let (x, y) = point(&answer);
                        assert!(
                            (0..SIZE).contains(&x) && (0..SIZE).contains(&y),
                            "{ctx}: {answer} is off the board"
                        );
                        assert!(
                            !board.stones.contains_key(&(x, y)),
                            "{ctx}: {answer} is occupied"
                        );
                        if !detail.is_empty() {
                            let allowed: Vec<(i32, i32)> = detail.split('|').map(point).collect();
                            assert!(
                                allowed.contains(&(x, y)),
                                "{ctx}: {answer} is not one of {detail}"
                            );
                        }
                        board.stones.insert((x, y), 1);
                        board.last_own = Some((x, y));
                        moves_checked += 1;
                    }
                    "exit" => {
                        let brain = brain.take().expect("a running brain");
                        let (code, rest) = brain.finish(&ctx);
                        assert_eq!(code, Some(detail.parse().unwrap()), "{ctx}: exit code");
                        assert!(rest.is_empty(), "{ctx}: unexpected output {rest:?}");
                    }
                    _ => {
                        let got = b.next_line(&ctx);
                        assert!(
                            got.starts_with(rest),
                            "{ctx}: got {got:?}, expected {rest:?}"
                        );
                    }
                }
            }
            other => panic!("{ctx}: unknown directive {other:?}"),
        }
    }
    assert!(
        brain.is_none(),
        "{name}: a transcript ends with `expect exit`"
    );
    assert!(moves_checked >= 1, "{name}: no move checked");
}

#[test]
fn gomocup_transcripts() {
    let files = transcripts();
    assert!(files.len() >= 6, "too few Gomocup transcripts");
    for file in files {
        run_transcript(&file);
    }
}
