//! Measures bot turn times as Botzone sees them: from spawning the process to
//! its answer line (and to its exit), over many runs of one input.
//!
//! ```sh
//! cargo build --release --bins --example turn_timing
//! # overhead: no thinking (tiny budget), 200 runs
//! ./target/release/examples/turn_timing target/release/reversi INPUT 200 0 --time 0.001
//! # default budget with both cores kept busy by 2 spinning threads, 300 runs
//! ./target/release/examples/turn_timing target/release/reversi INPUT 300 2
//! ```
//!
//! Arguments: EXE INPUT RUNS SPINNERS [BOT ARGS...]. SPINNERS busy-loop
//! threads run during the measurement to load the cores.
//!
//! With `--keep-running` first (and INPUT ignored, write `-`), it plays whole
//! games as Black through keep-running processes instead, the opponent
//! answering seeded random legal moves, and times each later turn from
//! writing the request to reading the marker line (Botzone's 1 s there):
//!
//! ```sh
//! ./target/release/examples/turn_timing --keep-running target/release/gomoku - 300 2
//! ```

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use boardbots::protocol::{KEEP_RUNNING_MARKER, KILL_MARKER};
use boardbots::{Game, Gomoku, MoveList, NoGo, Reversi, TicTacToe};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let keep_running = args.first().is_some_and(|a| a == "--keep-running");
    if keep_running {
        args.remove(0);
    }
    if args.len() < 4 {
        eprintln!("usage: turn_timing EXE INPUT RUNS SPINNERS [BOT ARGS...]");
        std::process::exit(2);
    }
    let exe = &args[0];
    let input = if keep_running {
        String::new()
    } else {
        std::fs::read_to_string(&args[1]).expect("readable input file")
    };
    let runs: usize = args[2].parse().expect("RUNS is a number");
    let spinners: usize = args[3].parse().expect("SPINNERS is a number");
    let bot_args = &args[4..];

    let stop = Arc::new(AtomicBool::new(false));
    let spin_threads: Vec<_> = (0..spinners)
        .map(|_| {
            let stop = Arc::clone(&stop);
            thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();

    if keep_running {
        let game = Path::new(exe)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("");
        let mut times = match game {
            "reversi" => keep_running_turns::<Reversi>(exe, runs, bot_args),
            "gomoku" => keep_running_turns::<Gomoku>(exe, runs, bot_args),
            "nogo" => keep_running_turns::<NoGo>(exe, runs, bot_args),
            "tictactoe" => keep_running_turns::<TicTacToe>(exe, runs, bot_args),
            other => panic!("unknown game {other:?}"),
        };
        stop.store(true, Ordering::Relaxed);
        println!(
            "{runs} keep-running later turns of {exe} {}, {spinners} spinning threads",
            bot_args.join(" ")
        );
        report("request written to marker read", &mut times);
        return;
    }

    let mut to_answer = Vec::with_capacity(runs);
    let mut to_exit = Vec::with_capacity(runs);
    for run in 0..runs {
        let start = Instant::now();
        let mut child = Command::new(exe)
            .args(bot_args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the bot starts");
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin.write_all(input.as_bytes()).expect("input written");
        drop(stdin);
        let mut first_line = String::new();
        BufReader::new(child.stdout.take().expect("piped stdout"))
            .read_line(&mut first_line)
            .expect("answer read");
        to_answer.push(start.elapsed());
        let status = child.wait().expect("the bot exits");
        to_exit.push(start.elapsed());
        assert!(
            status.success(),
            "run {run}: {status}, answer {first_line:?}"
        );
    }
    stop.store(true, Ordering::Relaxed);
    for t in spin_threads {
        t.join().expect("spinner ends");
    }

    println!(
        "{runs} runs of {exe} {}, {spinners} spinning threads",
        bot_args.join(" ")
    );
    report("process start to answer", &mut to_answer);
    report("process start to exit  ", &mut to_exit);
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{what}: median {:.1} ms, 99th percentile {:.1} ms, worst {:.1} ms",
        ms(times[times.len() / 2]),
        ms(times[(times.len() * 99 / 100).min(times.len() - 1)]),
        ms(times[times.len() - 1])
    );
}

/// Plays games as Black through keep-running bots until `turns` later turns
/// were timed; returns each later turn's time (request written to marker read).
fn keep_running_turns<G: Game>(exe: &str, turns: usize, bot_args: &[String]) -> Vec<Duration> {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut times = Vec::with_capacity(turns);
    let mut moves = MoveList::new();
    while times.len() < turns {
        let mut child = Command::new(exe)
            .arg("--keep-running")
            .args(bot_args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the bot starts");
        let mut stdin = child.stdin.take().expect("piped stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut position = G::start();
        let mut request = "{\"requests\":[{\"x\":-1,\"y\":-1}],\"responses\":[]}".to_string();
        let mut first = true;
        loop {
            let start = Instant::now();
            writeln!(stdin, "{request}").expect("request written");
            stdin.flush().expect("request flushed");
            let mut answer = String::new();
            stdout.read_line(&mut answer).expect("answer read");
            let mut marker = String::new();
            stdout.read_line(&mut marker).expect("marker read");
            let elapsed = start.elapsed();
            assert_eq!(marker.trim(), KEEP_RUNNING_MARKER, "answer {answer:?}");
            if !first {
                times.push(elapsed);
            }
            first = false;
            let value: serde_json::Value = serde_json::from_str(&answer).expect("JSON answer");
            let coordinate =
                |name: &str| value["response"][name].as_i64().expect("coordinate") as i32;
            let ours = G::move_from_xy(coordinate("x"), coordinate("y")).expect("a move");
            position.try_play(ours).expect("the bot's move is legal");
            position.legal_moves(&mut moves);
            if moves.is_empty() || times.len() >= turns {
                break;
            }
            let reply = moves[rng.gen_range(0..moves.len())];
            position.play_unchecked(reply);
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let (x, y) = G::move_to_xy(reply);
            request = format!("{{\"x\":{x},\"y\":{y}}}");
        }
        writeln!(stdin, "{KILL_MARKER}").expect("kill written");
        drop(stdin);
        assert!(child.wait().expect("the bot exits").success());
    }
    times
}
