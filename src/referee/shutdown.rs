//! SIGINT and SIGTERM: the referee kills every bot's process group, lets a
//! log line being written finish, says what was kept, and exits with 128 +
//! the signal number. The games in progress are lost; `--resume` replays them.
//!
//! The signal handler only records the signal (all it may safely do); a
//! watcher thread does the rest.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard, Once, PoisonError};
use std::time::Duration;

use super::bot_process::kill_all_bots;

static RECEIVED: AtomicI32 = AtomicI32::new(0);
static LOG_WRITE: Mutex<()> = Mutex::new(());
static INSTALL: Once = Once::new();
const WATCH_INTERVAL: Duration = Duration::from_millis(20);

extern "C" fn record_signal(signal: libc::c_int) {
    RECEIVED.store(signal, Ordering::SeqCst);
}

/// Installs the handlers (once per process).
pub fn install() -> std::io::Result<()> {
    let mut result = Ok(());
    INSTALL.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM] {
            // SAFETY: a zeroed sigaction is a valid "no flags, empty mask"
            // value; the handler only stores to an atomic, which is
            // async-signal-safe.
            let failed = unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = record_signal as extern "C" fn(libc::c_int) as usize;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut()) != 0
            };
            if failed {
                result = Err(std::io::Error::last_os_error());
                return;
            }
        }
        std::thread::spawn(watch);
    });
    result
}

/// While the guard lives, a shutdown waits (for a log line to be written whole).
pub fn hold_off() -> MutexGuard<'static, ()> {
    LOG_WRITE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The exit code of a run that ended with `code`, unless a signal came:
/// then the watcher is killing the bots and will exit with 128 + the signal,
/// and this waits for it. Without the wait, a run whose hanging bots the
/// watcher has just killed could finish its last games at once and exit 0
/// before the watcher exits.
pub fn exit_code(code: i32) -> i32 {
    while RECEIVED.load(Ordering::SeqCst) != 0 {
        std::thread::sleep(WATCH_INTERVAL);
    }
    code
}

fn watch() {
    loop {
        let signal = RECEIVED.load(Ordering::SeqCst);
        if signal != 0 {
            // No log line is begun after the kill: games ended by it are
            // not recorded as faults of their bots.
            let _no_more_log_lines = hold_off();
            let groups = kill_all_bots();
            let name = if signal == libc::SIGINT {
                "SIGINT"
            } else {
                "SIGTERM"
            };
            eprintln!(
                "\nreferee: stopped by {name}; killed {groups} bot process group(s). The log holds \
                 every finished game; the same command with --resume plays the rest."
            );
            std::process::exit(128 + signal);
        }
        std::thread::sleep(WATCH_INTERVAL);
    }
}
