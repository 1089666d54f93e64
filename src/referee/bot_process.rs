//! One external bot process: started with `sh -c` in a process group of its
//! own, fed through a writer thread and read through reader threads, so that
//! neither a bot that does not read nor one that never answers can block the
//! referee. Killing the whole group at the end takes every descendant with it.
//!
//! Every live group is registered, so that a referee stopped by SIGINT or
//! SIGTERM can kill them all before it exits ([`kill_all_bots`]), and so that
//! the memory watcher (see `memory_watch`) can measure and stop a group over
//! its limit.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Once, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::memory_watch::{
    find_members, own_resident_kib, resident_kib, MemoryWatch, ADDRESS_SPACE_BACKSTOP_FACTOR,
    MEMBER_SCAN_EVERY, SAMPLE_INTERVAL,
};
use super::record::Termination;
use crate::protocol::{KEEP_RUNNING_MARKER, KILL_MARKER};

/// Most bytes a bot may write in one turn (Botzone's "OLE" verdict).
pub const OUTPUT_CAP: usize = 1 << 20;

/// How often a waiting turn checks whether the bot process has exited.
const EXIT_POLL: Duration = Duration::from_millis(5);
/// The least time output written just before an exit is waited for, even
/// past the deadline.
const DRAIN_GRACE: Duration = Duration::from_millis(50);
/// How long a bot may take to leave after the kill marker before it is killed.
const LEAVE_GRACE: Duration = Duration::from_millis(200);
/// How long the end of a dead bot's stderr may take to arrive.
const STDERR_GRACE: Duration = Duration::from_millis(200);
const READ_CHUNK: usize = 8192;
/// How much of the end of a bot's stderr is kept for the memory verdict.
const STDERR_TAIL: usize = 4096;

/// Messages that runtimes print when an allocation fails (compared without
/// regard to case): Rust's `memory allocation of N bytes failed`, C++'s
/// `std::bad_alloc`, Python's `MemoryError`, Java's `OutOfMemoryError`, the
/// `out of memory` of Go, Node.js, OCaml and others, and `strerror(ENOMEM)`.
pub const ALLOCATION_FAILURE_MESSAGES: [&str; 6] = [
    "memory allocation of",
    "bad_alloc",
    "memoryerror",
    "outofmemoryerror",
    "out of memory",
    "cannot allocate memory",
];

/// How long an engine of another protocol may take to answer its set-up
/// (Gomocup `START`, GTP `boardsize`, ...) unless told otherwise: as generous
/// as the managers of those engines.
pub const DEFAULT_STARTUP_TIME: Duration = Duration::from_secs(10);

/// How an external bot is started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotProcessOptions {
    /// Copy the bot's stderr to the referee's (it is read either way, for the
    /// memory verdict, and discarded otherwise).
    pub show_stderr: bool,
    /// Limit in MiB on the resident memory of the bot's whole process group
    /// (see `memory_watch`), with an address-space backstop
    /// [`ADDRESS_SPACE_BACKSTOP_FACTOR`] times larger; `None`: no limit.
    pub memory_mb: Option<u64>,
    /// How long an engine of another protocol may take to answer its set-up,
    /// before and apart from its first move's clock.
    pub startup_time: Duration,
}

impl Default for BotProcessOptions {
    fn default() -> Self {
        BotProcessOptions {
            show_stderr: false,
            memory_mb: None,
            startup_time: DEFAULT_STARTUP_TIME,
        }
    }
}

/// A bot's process group, registered while its leader is unreaped.
struct LiveGroup {
    group: libc::pid_t,
    memory: Option<Arc<MemoryWatch>>,
}

/// The process groups of every bot alive, and whether the referee is
/// shutting down (then no new bot may start).
struct LiveGroups {
    groups: Vec<LiveGroup>,
    closed: bool,
}

static LIVE_GROUPS: Mutex<LiveGroups> = Mutex::new(LiveGroups {
    groups: Vec::new(),
    closed: false,
});

fn live_groups() -> MutexGuard<'static, LiveGroups> {
    LIVE_GROUPS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sends SIGKILL to a whole process group.
fn kill_group(group: libc::pid_t) {
    // SAFETY: killpg only sends a signal. `group` is the id of a bot this
    // module started and has not reaped (exits are only observed with
    // WNOWAIT until `kill`), so the id cannot belong to anyone else.
    unsafe {
        libc::killpg(group, libc::SIGKILL);
    }
}

/// Kills the process group of every bot alive and stops new bots from
/// starting, for good: the referee is about to exit. Returns how many groups
/// were killed.
pub fn kill_all_bots() -> usize {
    let mut live = live_groups();
    live.closed = true;
    for live_group in &live.groups {
        kill_group(live_group.group);
    }
    let killed = live.groups.len();
    live.groups.clear();
    killed
}

/// Starts the memory watcher, once: it samples every group with a limit and
/// kills those over it.
fn start_memory_watcher() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        thread::spawn(|| {
            let mut members = HashMap::new();
            for sample in 0u64.. {
                thread::sleep(SAMPLE_INTERVAL);
                sample_memory(&mut members, sample % MEMBER_SCAN_EVERY == 0);
            }
        });
    });
}

/// One sample of every watched group (of the processes in `members`, looked
/// for anew if `scan`); a group over its limit is killed, under the
/// registry's lock, so only while its leader is unreaped.
fn sample_memory(members: &mut HashMap<libc::pid_t, Vec<libc::pid_t>>, scan: bool) {
    let watched: Vec<(libc::pid_t, Arc<MemoryWatch>)> = live_groups()
        .groups
        .iter()
        .filter_map(|g| Some((g.group, Arc::clone(g.memory.as_ref()?))))
        .collect();
    let groups: Vec<libc::pid_t> = watched.iter().map(|(group, _)| *group).collect();
    members.retain(|group, _| groups.contains(group));
    if groups.is_empty() {
        return;
    }
    if scan || groups.iter().any(|group| !members.contains_key(group)) {
        *members = find_members(&groups);
    }
    for (group, watch) in watched {
        let kib = resident_kib(group, &members[&group]);
        if watch.record(kib) {
            let live = live_groups();
            if live.groups.iter().any(|g| g.group == group) {
                kill_group(group);
            }
        }
    }
}

/// The end of a bot's stderr, filled by its reader thread.
#[derive(Default)]
struct StderrTail {
    bytes: Vec<u8>,
    closed: bool,
}

type SharedTail = Arc<(Mutex<StderrTail>, Condvar)>;

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
    process_group: libc::pid_t,
    stdin: Option<Sender<String>>,
    stdout: Receiver<Vec<u8>>,
    stdout_closed: bool,
    stderr: SharedTail,
    memory: Option<Arc<MemoryWatch>>,
    /// The referee's resident memory (KiB) when it forked the bot: the
    /// bot's peak at exit (`ru_maxrss`) includes the forked copy of the
    /// referee before its `exec`, so a peak no higher may not be the bot's.
    forked_from_kib: u64,
    exit_status: Option<ExitStatus>,
    reaped: bool,
}

impl BotProcess {
    /// Starts `sh -c command` in a new process group with piped standard
    /// streams, under the limits of `options`. Fails once the referee is
    /// shutting down.
    ///
    /// On Linux the shell also gets SIGKILL when the thread that started it
    /// ends (`PR_SET_PDEATHSIG`), so a referee killed with SIGKILL takes its
    /// bots' shells along: start a bot from a thread that outlives its use.
    pub fn spawn(command: &str, options: &BotProcessOptions) -> std::io::Result<Self> {
        let mut shell = Command::new("sh");
        shell
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let backstop_bytes = options.memory_mb.map(|mb| {
            mb.saturating_mul(ADDRESS_SPACE_BACKSTOP_FACTOR)
                .saturating_mul(1 << 20) as libc::rlim_t
        });
        let parent = std::process::id() as libc::pid_t;
        // SAFETY: the closure runs in the forked child before exec and only
        // makes async-signal-safe system calls (prctl, getppid, setrlimit).
        unsafe {
            shell.pre_exec(move || {
                #[cfg(target_os = "linux")]
                {
                    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    // The referee may have died before the line above.
                    if libc::getppid() != parent {
                        libc::_exit(1);
                    }
                }
                #[cfg(not(target_os = "linux"))]
                let _ = parent;
                if let Some(bytes) = backstop_bytes {
                    let limit = libc::rlimit {
                        rlim_cur: bytes,
                        rlim_max: bytes,
                    };
                    if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
        let memory = options.memory_mb.map(|mb| Arc::new(MemoryWatch::new(mb)));
        if memory.is_some() {
            start_memory_watcher();
        }
        let child = {
            // Registered under the lock, so a shutdown either comes before
            // the start (and refuses it) or after the registration (and kills it).
            let mut live = live_groups();
            if live.closed {
                return Err(std::io::Error::other("the referee is shutting down"));
            }
            let forked_from_kib = own_resident_kib();
            let child = shell.spawn()?;
            live.groups.push(LiveGroup {
                group: child.id() as libc::pid_t,
                memory: memory.clone(),
            });
            (child, forked_from_kib)
        };
        let (mut child, forked_from_kib) = child;
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let stderr_tail = SharedTail::default();
        spawn_stderr_reader(stderr, Arc::clone(&stderr_tail), options.show_stderr);

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
            process_group: child.id() as libc::pid_t,
            child,
            stdin: Some(input_tx),
            stdout: output_rx,
            stdout_closed: false,
            stderr: stderr_tail,
            memory,
            forked_from_kib,
            exit_status: None,
            reaped: false,
        })
    }

    /// Writes `input` and waits at most `limit` for the complete answer: text
    /// up to the keep-running marker, or everything printed before the
    /// process exited. Returns the output and the time it took, measured from
    /// the moment the input was handed over.
    pub fn exchange(&mut self, input: String, limit: Duration) -> (TurnOutput, Duration) {
        // The buffer only grows within a turn, so each call scans just the
        // bytes added since the last one (plus a marker's length, for a marker
        // split across chunks): a flooding bot costs linear time, not quadratic.
        let mut scanned: usize = 0;
        self.exchange_until(input, limit, &mut |buffer| {
            let from = scanned.saturating_sub(KEEP_RUNNING_MARKER.len());
            scanned = buffer.len();
            find_keep_running_marker(buffer, from)
        })
    }

    /// Like [`exchange`](Self::exchange), for line protocols of other
    /// engines: the answer is complete as soon as `complete` finds its end in
    /// the output so far (it returns the answer's length); the process is then
    /// still running (`keep_running` is set). Output after that end is dropped.
    pub fn exchange_until(
        &mut self,
        input: String,
        limit: Duration,
        complete: &mut dyn FnMut(&[u8]) -> Option<usize>,
    ) -> (TurnOutput, Duration) {
        let start = Instant::now();
        let deadline = start + limit;
        if let Some(stdin) = &self.stdin {
            // A failed send means the writer is gone (the bot closed its
            // input); the output decides what happened.
            let _ = stdin.send(input);
        }
        let output = self.collect_answer(deadline, complete);
        let elapsed = match &output {
            TurnOutput::Fault {
                termination: Termination::Timeout,
                ..
            } => limit,
            _ => start.elapsed(),
        };
        (output, elapsed)
    }

    fn collect_answer(
        &mut self,
        deadline: Instant,
        complete: &mut dyn FnMut(&[u8]) -> Option<usize>,
    ) -> TurnOutput {
        let mut buffer: Vec<u8> = Vec::new();
        loop {
            if buffer.len() > OUTPUT_CAP {
                return fault(
                    Termination::OutputLimit,
                    format!("more than {OUTPUT_CAP} bytes of output in one turn"),
                );
            }
            if let Some(marker_at) = complete(&buffer) {
                if let Some(over) = self.over_memory() {
                    return fault(Termination::Memory, over);
                }
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
                    if let Ok(Some(status)) = self.peek_exit() {
                        self.exit_status = Some(status);
                        self.drain_into(&mut buffer, deadline);
                    }
                }
            }
        }
    }

    /// Reads what is still in flight after an exit. Once the bot has exited
    /// its pipe closes as soon as the reader thread has passed everything on,
    /// so this waits for that end of stream rather than for a fixed moment: on
    /// a loaded machine the reader thread can be descheduled for longer than
    /// any short grace, and a bot that answered and exited was then judged to
    /// have exited without answering. A descendant still holding the pipe open
    /// is waited for until the deadline (or the grace, if that is later).
    fn drain_into(&mut self, buffer: &mut Vec<u8>, deadline: Instant) {
        let until = deadline.max(Instant::now() + DRAIN_GRACE);
        while buffer.len() <= OUTPUT_CAP {
            let now = Instant::now();
            if now >= until {
                break;
            }
            match self.stdout.recv_timeout(until - now) {
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
            match self.peek_exit() {
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
            return self.death(format!("the bot exited with {status}"));
        }
        if let Some(over) = self.over_memory() {
            return fault(Termination::Memory, over);
        }
        let text = String::from_utf8_lossy(&buffer).into_owned();
        if text.trim().is_empty() {
            return self.death("the bot exited without answering".into());
        }
        TurnOutput::Answer {
            text,
            keep_running: false,
        }
    }

    /// Ends a kept-running bot the platform's way: the kill marker, then end
    /// of input, a short wait, and finally SIGKILL to the whole group.
    pub fn shut_down(self) {
        self.shut_down_with(&format!("{KILL_MARKER}\n"));
    }

    /// Ends the bot like [`shut_down`](Self::shut_down) with `farewell` (a
    /// protocol's own quit command, e.g. `END` or `quit`) instead of the kill marker.
    pub fn shut_down_with(mut self, farewell: &str) {
        if let Some(stdin) = self.stdin.take() {
            let _ = stdin.send(farewell.to_string());
        }
        let leave_by = Instant::now() + LEAVE_GRACE;
        while self.exit_status.is_none() && Instant::now() < leave_by {
            match self.peek_exit() {
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
        {
            // Unregistered before the leader is reaped: after that its id
            // may be reused by an unrelated group.
            let mut live = live_groups();
            kill_group(self.process_group);
            live.groups.retain(|g| g.group != self.process_group);
        }
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

impl BotProcess {
    /// The bot's exit status if it has exited, without reaping it: while the
    /// zombie stands, its id (and so its process group id) cannot be reused,
    /// and killing the group stays safe. Only `kill` reaps. The kernel's peak
    /// resident size of the bot (and of the children it reaped) is recorded
    /// against the memory limit.
    fn peek_exit(&self) -> std::io::Result<Option<ExitStatus>> {
        use std::os::unix::process::ExitStatusExt;
        // SAFETY: waitid writes into the zeroed siginfo and rusage it is
        // given; the accessors read the fields waitid filled for a child event.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let mut usage: libc::rusage = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            if wait_id(self.child.id(), &mut info, flags, &mut usage) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if info.si_pid() == 0 {
                return Ok(None);
            }
            if let Some(watch) = &self.memory {
                // ru_maxrss is in KiB on Linux. A peak no higher than the
                // referee's own at the fork may be the forked copy's (seen:
                // a 105 MiB "peak" of `sh -c 'read line'` forked from a test
                // process); the sampling measured the bot itself.
                let peak = usage.ru_maxrss.max(0) as u64;
                if peak > self.forked_from_kib {
                    watch.record(peak);
                }
            }
            let status = info.si_status();
            // The raw wait status: exit code in the second byte, or the
            // signal number (with 0x80 for a core dump).
            let raw = match info.si_code {
                libc::CLD_EXITED => (status & 0xff) << 8,
                libc::CLD_DUMPED => status | 0x80,
                _ => status,
            };
            Ok(Some(ExitStatus::from_raw(raw)))
        }
    }

    /// Why the bot is over its memory limit, if it is (sampled, or at exit).
    fn over_memory(&self) -> Option<String> {
        self.memory.as_ref()?.verdict()
    }

    /// The verdict on a bot that died without a proper answer: `memory` if its
    /// resident memory went over the limit (then the watcher killed it), or if
    /// it ran under the address-space backstop and its stderr ends with an
    /// allocation failure (see [`ALLOCATION_FAILURE_MESSAGES`]); `crash`
    /// otherwise. The backstop leaves no other trace: a failed allocation is
    /// an ordinary error return to the bot, so a bot that dies of it silently
    /// (say a segfault on an unchecked null pointer) is judged a crash.
    fn death(&self, detail: String) -> TurnOutput {
        if let Some(over) = self.over_memory() {
            return fault(Termination::Memory, format!("{over} ({detail})"));
        }
        let Some(mb) = self.memory.as_ref().map(|watch| watch.limit_mib()) else {
            return fault(Termination::Crash, detail);
        };
        let tail = self.stderr_tail();
        let lowered = tail.to_lowercase();
        let Some(message) = ALLOCATION_FAILURE_MESSAGES
            .iter()
            .find(|message| lowered.contains(*message))
        else {
            return fault(Termination::Crash, detail);
        };
        let line = tail
            .lines()
            .find(|line| line.to_lowercase().contains(message))
            .unwrap_or_default()
            .trim();
        fault(
            Termination::Memory,
            format!(
                "{detail} after an allocation failure under the address-space backstop \
                 ({ADDRESS_SPACE_BACKSTOP_FACTOR} x the {mb} MiB limit): {line}"
            ),
        )
    }

    /// The end of the bot's stderr, once it is closed (or after a short grace).
    fn stderr_tail(&self) -> String {
        let (tail, closed) = &*self.stderr;
        let give_up = Instant::now() + STDERR_GRACE;
        let mut state = tail.lock().unwrap_or_else(PoisonError::into_inner);
        while !state.closed {
            let now = Instant::now();
            if now >= give_up {
                break;
            }
            state = closed
                .wait_timeout(state, give_up - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        String::from_utf8_lossy(&state.bytes).into_owned()
    }
}

/// Reads a bot's stderr to its end, keeping the last [`STDERR_TAIL`] bytes and
/// copying everything to the referee's stderr if asked.
fn spawn_stderr_reader(mut stderr: impl Read + Send + 'static, tail: SharedTail, show: bool) {
    thread::spawn(move || {
        let mut chunk = vec![0u8; READ_CHUNK];
        loop {
            let n = match stderr.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            if show {
                let _ = std::io::stderr().lock().write_all(&chunk[..n]);
            }
            let mut state = tail.0.lock().unwrap_or_else(PoisonError::into_inner);
            state.bytes.extend_from_slice(&chunk[..n]);
            let excess = state.bytes.len().saturating_sub(STDERR_TAIL);
            state.bytes.drain(..excess);
        }
        tail.0.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
        tail.1.notify_all();
    });
}

/// `waitid` with the kernel's resource usage of the child (Linux's system
/// call takes a fifth argument that the C library's wrapper leaves out).
///
/// # Safety
/// `info` and `usage` must be valid for writes.
#[cfg(target_os = "linux")]
unsafe fn wait_id(
    pid: u32,
    info: &mut libc::siginfo_t,
    flags: libc::c_int,
    usage: &mut libc::rusage,
) -> libc::c_long {
    libc::syscall(
        libc::SYS_waitid,
        libc::P_PID,
        pid as libc::id_t,
        info as *mut libc::siginfo_t,
        flags,
        usage as *mut libc::rusage,
    )
}

/// `waitid`; elsewhere than Linux the peak at exit is not measured.
///
/// # Safety
/// `info` must be valid for writes.
#[cfg(not(target_os = "linux"))]
unsafe fn wait_id(
    pid: u32,
    info: &mut libc::siginfo_t,
    flags: libc::c_int,
    _usage: &mut libc::rusage,
) -> libc::c_long {
    libc::waitid(libc::P_PID, pid as libc::id_t, info, flags).into()
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

/// Where the keep-running marker starts, if it stands at the start of a line
/// and starts at or after `from`.
fn find_keep_running_marker(buffer: &[u8], from: usize) -> Option<usize> {
    let marker = KEEP_RUNNING_MARKER.as_bytes();
    buffer
        .get(from..)?
        .windows(marker.len())
        .enumerate()
        .map(|(offset, window)| (from + offset, window))
        .find(|&(at, window)| window == marker && (at == 0 || buffer[at - 1] == b'\n'))
        .map(|(at, _)| at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_only_counts_at_line_start() {
        let text = format!("{{}}\n{KEEP_RUNNING_MARKER}\n");
        assert_eq!(find_keep_running_marker(text.as_bytes(), 0), Some(3));
        assert_eq!(find_keep_running_marker(text.as_bytes(), 3), Some(3));
        assert_eq!(find_keep_running_marker(text.as_bytes(), 4), None);
        let inline = format!("x{KEEP_RUNNING_MARKER}");
        assert_eq!(find_keep_running_marker(inline.as_bytes(), 0), None);
    }

    #[test]
    fn echo_bot_answers_and_exits() {
        let mut bot =
            BotProcess::spawn("read line; echo \"got $line\"", &Default::default()).unwrap();
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
        let mut bot = BotProcess::spawn("sleep 5", &Default::default()).unwrap();
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

    fn death_of(script: &str, memory_mb: Option<u64>) -> TurnOutput {
        let options = BotProcessOptions {
            memory_mb,
            ..Default::default()
        };
        let mut bot = BotProcess::spawn(script, &options).unwrap();
        bot.exchange("\n".into(), Duration::from_secs(5)).0
    }

    fn termination(output: &TurnOutput) -> Option<Termination> {
        match output {
            TurnOutput::Fault { termination, .. } => Some(*termination),
            TurnOutput::Answer { .. } => None,
        }
    }

    #[test]
    fn allocation_failure_message_under_a_cap_is_a_memory_death() {
        let rust_abort = "echo 'memory allocation of 1073741824 bytes failed' >&2; kill -ABRT $$";
        let output = death_of(rust_abort, Some(256));
        assert_eq!(
            termination(&output),
            Some(Termination::Memory),
            "{output:?}"
        );
        let python = "echo 'MemoryError' >&2; exit 1";
        assert_eq!(
            termination(&death_of(python, Some(64))),
            Some(Termination::Memory)
        );
    }

    #[test]
    fn other_deaths_and_uncapped_bots_are_crashes() {
        let rust_abort = "echo 'memory allocation of 1073741824 bytes failed' >&2; exit 134";
        assert_eq!(
            termination(&death_of(rust_abort, None)),
            Some(Termination::Crash)
        );
        let segfault = "echo 'segmentation fault' >&2; kill -SEGV $$";
        assert_eq!(
            termination(&death_of(segfault, Some(256))),
            Some(Termination::Crash)
        );
    }

    #[test]
    fn exit_codes_and_signals_are_reported_without_reaping_early() {
        for (script, expected) in [
            ("exit 3", "exit status: 3"),
            ("kill -TERM $$", "signal: 15 (SIGTERM)"),
        ] {
            match death_of(script, None) {
                TurnOutput::Fault { detail, .. } => assert!(detail.contains(expected), "{detail}"),
                answer => panic!("{answer:?}"),
            }
        }
    }

    #[test]
    fn the_address_space_backstop_is_far_above_the_limit() {
        let options = BotProcessOptions {
            memory_mb: Some(100),
            ..Default::default()
        };
        let mut bot = BotProcess::spawn("read line; ulimit -v", &options).unwrap();
        let (out, _) = bot.exchange("\n".into(), Duration::from_secs(5));
        assert_eq!(
            out,
            TurnOutput::Answer {
                text: format!("{}\n", ADDRESS_SPACE_BACKSTOP_FACTOR * 100 * 1024),
                keep_running: false
            }
        );
    }

    #[test]
    fn resident_memory_over_the_limit_is_a_memory_death() {
        // The shell keeps 8 MiB of text in a variable and waits: its resident
        // size passes a 4 MiB limit, and the watcher kills it within the turn.
        let options = BotProcessOptions {
            memory_mb: Some(4),
            ..Default::default()
        };
        let script = "big=$(head -c 8388608 /dev/zero | tr '\\0' x); sleep 5; echo ${#big}";
        let mut bot = BotProcess::spawn(script, &options).unwrap();
        let (out, _) = bot.exchange("\n".into(), Duration::from_secs(4));
        match out {
            TurnOutput::Fault {
                termination: Termination::Memory,
                detail,
            } => assert!(detail.contains("over the 4 MiB limit"), "{detail}"),
            other => panic!("{other:?}"),
        }
    }
}
