//! The memory limit of external bots, measured the way judges measure it:
//! the resident memory (RSS) of the bot's whole process group, sampled by one
//! watcher thread every [`SAMPLE_INTERVAL`] from `/proc/PID/stat`, and at the
//! bot's exit the kernel's own peak (`ru_maxrss` of the bot and the children
//! it reaped). Finding a group's processes takes a pass over all of `/proc`,
//! so that is done every [`MEMBER_SCAN_EVERY`] samples; in between only the
//! processes found are read. Measured with 72 processes on the machine and
//! one bot waiting 4 s: the referee used 0.43 s of CPU scanning on every
//! sample, 0.13 s this way (0.03 s without a limit). Reserved address space that is never touched (a large `mmap`,
//! thread stacks, a runtime's arenas) costs nothing here.
//!
//! The watcher only reads; `bot_process` kills a group over its limit, under
//! the lock that keeps a group id valid.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// How often the watcher samples every watched group. A bot that touches
/// memory as fast as the kernel can hand out pages (a few GB/s) gains at most
/// some tens of MB past its limit before it is stopped.
pub const SAMPLE_INTERVAL: Duration = Duration::from_millis(10);

/// Every this many samples the watcher looks for new processes in the
/// watched groups (a group's leader is always read).
pub const MEMBER_SCAN_EVERY: u64 = 5;

/// The address-space cap (`RLIMIT_AS`) is only a backstop against a runaway
/// bot filling the machine between two samples, this many times the memory
/// limit: far above what an engine that reserves address space without using
/// it (threads, arenas, a table sized to the announced limit) ever reaches.
pub const ADDRESS_SPACE_BACKSTOP_FACTOR: u64 = 16;

/// One bot's limit and what was measured of it.
#[derive(Debug)]
pub struct MemoryWatch {
    limit_kib: u64,
    /// The largest resident size seen, in KiB (samples and the exit's peak).
    peak_kib: AtomicU64,
    /// The bot was found over its limit (and its group killed).
    exceeded: AtomicBool,
}

impl MemoryWatch {
    pub fn new(limit_mib: u64) -> MemoryWatch {
        MemoryWatch {
            limit_kib: limit_mib.saturating_mul(1024),
            peak_kib: AtomicU64::new(0),
            exceeded: AtomicBool::new(false),
        }
    }

    pub fn limit_mib(&self) -> u64 {
        self.limit_kib / 1024
    }

    /// Records a measurement; returns `true` the first time one is over the limit.
    pub fn record(&self, resident_kib: u64) -> bool {
        self.peak_kib.fetch_max(resident_kib, Ordering::SeqCst);
        resident_kib > self.limit_kib && !self.exceeded.swap(true, Ordering::SeqCst)
    }

    /// Why the bot is over its limit, if it is.
    pub fn verdict(&self) -> Option<String> {
        let peak = self.peak_kib.load(Ordering::SeqCst);
        (peak > self.limit_kib).then(|| {
            format!(
                "resident memory reached {} MiB, over the {} MiB limit",
                peak.div_ceil(1024),
                self.limit_mib()
            )
        })
    }
}

/// Every process of each of `groups`, from one pass over `/proc` (threads
/// share their process's memory and are not listed there). A group's leader
/// is always listed: it stands while the group is watched.
pub fn find_members(groups: &[libc::pid_t]) -> HashMap<libc::pid_t, Vec<libc::pid_t>> {
    let mut members: HashMap<libc::pid_t, Vec<libc::pid_t>> =
        groups.iter().map(|&group| (group, vec![group])).collect();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return members;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse::<libc::pid_t>().ok())
        else {
            continue;
        };
        // A process may exit between the listing and the read.
        let Some((group, _)) = read_stat(pid) else {
            continue;
        };
        if let Some(found) = members.get_mut(&group) {
            if pid != group {
                found.push(pid);
            }
        }
    }
    members
}

/// The resident memory in KiB of those of `pids` still in `group`.
pub fn resident_kib(group: libc::pid_t, pids: &[libc::pid_t]) -> u64 {
    let page_kib = page_size_kib();
    pids.iter()
        .filter_map(|&pid| read_stat(pid))
        .filter(|&(in_group, _)| in_group == group)
        .map(|(_, rss_pages)| rss_pages * page_kib)
        .sum()
}

/// This process's resident memory in KiB.
pub fn own_resident_kib() -> u64 {
    // SAFETY: getpid only reads.
    let me = unsafe { libc::getpid() };
    read_stat(me).map_or(0, |(_, rss_pages)| rss_pages * page_size_kib())
}

fn read_stat(pid: libc::pid_t) -> Option<(libc::pid_t, u64)> {
    group_and_rss(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// The process group and resident pages in a `/proc/PID/stat` line. The
/// command name in parentheses may hold spaces, so fields are counted from
/// the last `)`: state is field 3, the group field 5, the RSS field 24.
fn group_and_rss(stat: &str) -> Option<(libc::pid_t, u64)> {
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let group = fields.get(5 - 3)?.parse().ok()?;
    let rss_pages = fields.get(24 - 3)?.parse().ok()?;
    Some((group, rss_pages))
}

fn page_size_kib() -> u64 {
    // SAFETY: sysconf only reads a system constant.
    let bytes = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    (bytes.max(4096) as u64) / 1024
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_with_spaces_in_the_name() {
        let stat = "4242 (my bot) S 1 4200 4200 0 -1 4194304 100 0 0 0 1 2 0 0 20 0 3 0 \
                    12345 987654 777 18446744073709551615";
        assert_eq!(group_and_rss(stat), Some((4200, 777)));
        assert_eq!(group_and_rss("garbage"), None);
    }

    #[test]
    fn the_watch_reports_once_and_keeps_the_peak() {
        let watch = MemoryWatch::new(256);
        assert!(!watch.record(100 * 1024));
        assert_eq!(watch.verdict(), None);
        assert!(watch.record(300 * 1024));
        assert!(!watch.record(400 * 1024), "reported once");
        assert!(!watch.record(10));
        assert_eq!(
            watch.verdict().unwrap(),
            "resident memory reached 400 MiB, over the 256 MiB limit"
        );
    }

    #[test]
    fn our_own_group_is_found_and_measured() {
        // SAFETY: getpgrp and getpid only read.
        let (own, me) = unsafe { (libc::getpgrp(), libc::getpid()) };
        let members = find_members(&[own]);
        assert!(members[&own].contains(&me), "{members:?}");
        assert!(resident_kib(own, &members[&own]) > 0);
        assert_eq!(resident_kib(own + 1_000_000, &[me]), 0, "not in that group");
    }
}
