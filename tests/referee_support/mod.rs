//! Shared helpers of the referee integration tests: run the built `referee`
//! executable in a scratch directory and read back its log.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use boardbots::referee::{read_log, GameRecord};

/// A scratch directory removed at the end of the test.
pub struct Scratch {
    pub dir: PathBuf,
}

impl Scratch {
    pub fn new(tag: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("referee-test-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        Scratch { dir }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A finished referee run.
pub struct Run {
    pub output: Output,
    pub stdout: String,
    pub stderr: String,
    pub wall: Duration,
}

/// The path of a test bot script.
pub fn bot(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bots")
        .join(name)
        .display()
        .to_string()
}

/// Runs `referee ARGS`, with `BOT_PGID_FILE` pointing into `scratch`.
pub fn referee(scratch: &Scratch, args: &[&str]) -> Run {
    let start = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .env("BOT_PGID_FILE", scratch.path("pgids"))
        .output()
        .expect("the referee runs");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        output,
        wall: start.elapsed(),
    }
}

pub fn records(log: &Path) -> Vec<GameRecord> {
    read_log(log).expect("the log parses")
}

/// Pids (other than zombies, which are already dead and only wait to be
/// reaped by init) that `pgrep ARGS` finds.
fn living(args: &[&str]) -> Vec<String> {
    let found = Command::new("pgrep")
        .args(args)
        .output()
        .expect("pgrep runs");
    String::from_utf8_lossy(&found.stdout)
        .split_whitespace()
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // The state follows the parenthesised command name.
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !(state.is_empty() || state.starts_with('Z') || state.starts_with('X'))
        })
        .map(str::to_string)
        .collect()
}

/// No live process whose command line holds `marker`, and none in any group
/// the bots recorded. SIGKILL takes effect asynchronously, so a process still
/// in its last instants gets a short grace period.
pub fn assert_no_leftovers(scratch: &Scratch, marker: &str) {
    let pgids = std::fs::read_to_string(scratch.path("pgids")).unwrap_or_default();
    let mut queries: Vec<Vec<&str>> = vec![vec!["-f", marker]];
    for pgid in pgids.split_whitespace() {
        queries.push(vec!["-g", pgid]);
    }
    let give_up = Instant::now() + Duration::from_millis(500);
    for query in &queries {
        loop {
            let alive = living(query);
            if alive.is_empty() {
                break;
            }
            assert!(
                Instant::now() < give_up,
                "processes left behind ({query:?}): {alive:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
