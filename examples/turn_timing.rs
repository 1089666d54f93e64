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

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: turn_timing EXE INPUT RUNS SPINNERS [BOT ARGS...]");
        std::process::exit(2);
    }
    let exe = &args[0];
    let input = std::fs::read_to_string(&args[1]).expect("readable input file");
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
