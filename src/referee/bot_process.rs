//! One external bot process: started with `sh -c` in a process group of its
//! own, fed through a writer thread and read through a reader thread, so that
//! neither a bot that does not read nor one that never answers can block the
//! referee. Killing the whole group at the end takes every descendant with it.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::record::Termination;
use crate::protocol::{KEEP_RUNNING_MARKER, KILL_MARKER};

/// Most bytes a bot may write in one turn (Botzone's "OLE" verdict).
pub const OUTPUT_CAP: usize = 1 << 20;

/// How often a waiting turn checks whether the bot process has exited.
const EXIT_POLL: Duration = Duration::from_millis(5);
/// How long output written just before an exit may take to arrive.
const DRAIN_GRACE: Duration = Duration::from_millis(50);
/// How long a bot may take to leave after the kill marker before it is killed.
const LEAVE_GRACE: Duration = Duration::from_millis(200);
const READ_CHUNK: usize = 8192;

/// What one turn of a bot produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnOutput {
    /// The complete answer text; `keep_running` if the keep-running marker
    /// followed it (the marker is not part of `text`).
    Answer { text: String, keep_running: bool },
    /// The turn failed before a complete answer was read.
    Fault {
        termination: Termination,
        detail: String,
    },
}

/// A running bot.
pub struct BotProcess {
    child: Child,
    process_group: u32,
    stdin: Option<Sender<String>>,
    stdout: Receiver<Vec<u8>>,
    stdout_closed: bool,
    exit_status: Option<ExitStatus>,
    reaped: bool,
}

impl BotProcess {
    /// Starts `sh -c command` in a new process group with piped stdin and
    /// stdout; `stderr` is where the bot's diagnostics go.
    pub fn spawn(command: &str, stderr: Stdio) -> std::io::Result<Self> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .process_group(0)
            .spawn()?;
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let mut stdout = child.stdout.take().expect("stdout is piped");

        let (input_tx, input_rx) = mpsc::channel::<String>();
        thread::spawn(move || {
            for text in input_rx {
                if stdin
                    .write_all(text.as_bytes())
                    .and_then(|_| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
            // Dropping `stdin` here closes the bot's standard input.
        });

        // Bounded, so a flooding bot is throttled instead of filling memory.
        let (output_tx, output_rx) = mpsc::sync_channel::<Vec<u8>>(16);
        thread::spawn(move || {
            let mut chunk = vec![0u8; READ_CHUNK];
            loop {
                match stdout.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if output_tx.send(chunk[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                }
            }
        });

        Ok(BotProcess {
            process_group: child.id(),
            child,
            stdin: Some(input_tx),
            stdout: output_rx,
            stdout_closed: false,
            exit_status: None,
            reaped: false,
        })
    }

    /// Writes `input` and waits at most `limit` for the complete answer: text
    /// up to the keep-running marker, or everything printed before the
    /// process exited. Returns the output and the time it took, measured from
    /// the moment the input was handed over.
    pub fn exchange(&mut self, input: String, limit: Duration) -> (TurnOutput, Duration) {
        let start = Instant::now();
        let deadline = start + limit;
        if let Some(stdin) = &self.stdin {
            // A failed send means the writer is gone (the bot closed its
            // input); the output decides what happened.
            let _ = stdin.send(input);
        }
        let output = self.collect_answer(deadline);
        let elapsed = match &output {
            TurnOutput::Fault {
                termination: Termination::Timeout,
                ..
            } => limit,
            _ => start.elapsed(),
        };
        (output, elapsed)
    }

    fn collect_answer(&mut self, deadline: Instant) -> TurnOutput {
        let mut buffer: Vec<u8> = Vec::new();
        loop {
            if buffer.len() > OUTPUT_CAP {
                return fault(
                    Termination::OutputLimit,
                    format!("more than {OUTPUT_CAP} bytes of output in one turn"),
                );
            }
            if let Some(marker_at) = find_keep_running_marker(&buffer) {
                return TurnOutput::Answer {
                    text: String::from_utf8_lossy(&buffer[..marker_at]).into_owned(),
                    keep_running: true,
                };
            }
            if self.exit_status.is_some() || self.stdout_closed {
                return self.answer_at_exit(buffer, deadline);
            }
            let now = Instant::now();
            if now >= deadline {
                return timeout();
            }
            match self.stdout.recv_timeout(EXIT_POLL.min(deadline - now)) {
                Ok(chunk) => buffer.extend_from_slice(&chunk),
                Err(RecvTimeoutError::Disconnected) => self.stdout_closed = true,
                Err(RecvTimeoutError::Timeout) => {
                    // A descendant may still hold stdout open after the bot
                    // itself has exited, so the exit is watched separately.
                    if let Ok(Some(status)) = self.child.try_wait() {
                        self.exit_status = Some(status);
                        self.drain_into(&mut buffer, deadline);
                    }
                }
            }
        }
    }

    /// Reads what is still in flight after an exit, within the grace period.
    fn drain_into(&mut self, buffer: &mut Vec<u8>, deadline: Instant) {
        while buffer.len() <= OUTPUT_CAP && Instant::now() < deadline {
            match self.stdout.recv_timeout(DRAIN_GRACE) {
                Ok(chunk) => buffer.extend_from_slice(&chunk),
                Err(RecvTimeoutError::Disconnected) => {
                    self.stdout_closed = true;
                    break;
                }
                Err(RecvTimeoutError::Timeout) => break,
            }
        }
    }

    /// The turn's answer once stdout closed or the process exited: the
    /// process must exit successfully within the deadline.
    fn answer_at_exit(&mut self, buffer: Vec<u8>, deadline: Instant) -> TurnOutput {
        let status = loop {
            if let Some(status) = self.exit_status {
                break status;
            }
            match self.child.try_wait() {
                Ok(Some(status)) => self.exit_status = Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(EXIT_POLL),
                Ok(None) => return timeout(),
                Err(e) => {
                    return fault(Termination::Crash, format!("cannot wait for the bot: {e}"))
                }
            }
        };
        if buffer.len() > OUTPUT_CAP {
            return fault(
                Termination::OutputLimit,
                format!("more than {OUTPUT_CAP} bytes of output in one turn"),
            );
        }
        if !status.success() {
            return fault(Termination::Crash, format!("the bot exited with {status}"));
        }
        let text = String::from_utf8_lossy(&buffer).into_owned();
        if text.trim().is_empty() {
            return fault(
                Termination::Crash,
                "the bot exited without answering".into(),
            );
        }
        TurnOutput::Answer {
            text,
            keep_running: false,
        }
    }

    /// Ends a kept-running bot the platform's way: the kill marker, then end
    /// of input, a short wait, and finally SIGKILL to the whole group.
    pub fn shut_down(mut self) {
        if let Some(stdin) = self.stdin.take() {
            let _ = stdin.send(format!("{KILL_MARKER}\n"));
        }
        let leave_by = Instant::now() + LEAVE_GRACE;
        while self.exit_status.is_none() && Instant::now() < leave_by {
            match self.child.try_wait() {
                Ok(Some(status)) => self.exit_status = Some(status),
                Ok(None) => thread::sleep(EXIT_POLL),
                Err(_) => break,
            }
        }
        self.kill();
    }

    /// Kills the bot's process group (the bot and everything it started
    /// that stayed in its group) and reaps the bot.
    pub fn kill(&mut self) {
        if self.reaped {
            return;
        }
        self.stdin = None;
        // `libc` is not a dependency: the group is killed through kill(1).
        let _ = Command::new("kill")
            .args(["-s", "KILL", "--", &format!("-{}", self.process_group)])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn fault(termination: Termination, detail: String) -> TurnOutput {
    TurnOutput::Fault {
        termination,
        detail,
    }
}

fn timeout() -> TurnOutput {
    fault(
        Termination::Timeout,
        "no complete answer within the time limit".into(),
    )
}

/// Where the keep-running marker starts, if it stands at the start of a line.
fn find_keep_running_marker(buffer: &[u8]) -> Option<usize> {
    let marker = KEEP_RUNNING_MARKER.as_bytes();
    buffer
        .windows(marker.len())
        .enumerate()
        .find(|&(at, window)| window == marker && (at == 0 || buffer[at - 1] == b'\n'))
        .map(|(at, _)| at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_only_counts_at_line_start() {
        let text = format!("{{}}\n{KEEP_RUNNING_MARKER}\n");
        assert_eq!(find_keep_running_marker(text.as_bytes()), Some(3));
        let inline = format!("x{KEEP_RUNNING_MARKER}");
        assert_eq!(find_keep_running_marker(inline.as_bytes()), None);
    }

    #[test]
    fn echo_bot_answers_and_exits() {
        let mut bot = BotProcess::spawn("read line; echo \"got $line\"", Stdio::null()).unwrap();
        let (out, _) = bot.exchange("hi\n".into(), Duration::from_secs(5));
        assert_eq!(
            out,
            TurnOutput::Answer {
                text: "got hi\n".into(),
                keep_running: false
            }
        );
    }

    #[test]
    fn silent_bot_times_out() {
        let mut bot = BotProcess::spawn("sleep 5", Stdio::null()).unwrap();
        let (out, elapsed) = bot.exchange("\n".into(), Duration::from_millis(100));
        assert!(matches!(
            out,
            TurnOutput::Fault {
                termination: Termination::Timeout,
                ..
            }
        ));
        assert_eq!(elapsed, Duration::from_millis(100));
        bot.kill();
    }
}
