//! The CPU time of the calling thread, for speed benchmarks: on a shared
//! machine the wall clock understates what one core does.

/// CPU time (user and system) this thread has used, in seconds, from the
/// POSIX per-thread CPU clock; `None` where the clock is unavailable.
pub fn thread_cpu_seconds() -> Option<f64> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call's duration.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (status == 0).then_some(now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_work_but_not_sleep() {
        let before = thread_cpu_seconds().expect("a thread CPU clock on this platform");
        let mut x = 1u64;
        for _ in 0..20_000_000 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let after_work = thread_cpu_seconds().unwrap();
        assert!(after_work > before, "work took no CPU time");
        std::thread::sleep(std::time::Duration::from_millis(200));
        let slept = thread_cpu_seconds().unwrap() - after_work;
        assert!(slept < 0.1, "a 200 ms sleep counted {slept} s of CPU");
    }
}
