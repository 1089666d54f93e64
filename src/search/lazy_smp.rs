//! Lazy SMP: helper threads run the same iterative deepening as the main
//! search on a shared transposition table (lockless, see [`tt`](super::tt)),
//! each a little differently (one ply deeper, say) so that they fill the
//! table ahead of the main search instead of repeating it. Only the main
//! search's answer counts; the helpers stop as soon as it returns.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Tells helper searches to stop. Each helper keeps a clone and reads it
/// when it checks its clock.
#[derive(Clone, Debug, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// `true` once the main search has returned.
    #[inline]
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Tells every holder to stop.
    pub fn raise(&self) {
        self.set(true);
    }

    fn set(&self, raised: bool) {
        self.0.store(raised, Ordering::Relaxed);
    }
}

/// Raises the signal when dropped, so that helpers stop even if the main
/// search panics.
struct RaiseOnDrop<'a>(&'a StopSignal);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.set(true);
    }
}

/// Runs `main` on this thread while `help(i, &mut helpers[i])` runs on one
/// scoped thread per helper; raises `stop` when `main` returns, waits for
/// every helper, and returns `main`'s result.
///
/// Contract for `help`: return soon after `stop` is raised (it is lowered
/// when this call starts), never print.
fn run_with_helpers<H: Send, R>(
    helpers: &mut [H],
    stop: &StopSignal,
    help: impl Fn(usize, &mut H) + Sync,
    main: impl FnOnce() -> R,
) -> R {
    stop.set(false);
    std::thread::scope(|scope| {
        let help = &help;
        for (i, helper) in helpers.iter_mut().enumerate() {
            scope.spawn(move || help(i, helper));
        }
        let _raise = RaiseOnDrop(stop);
        main()
    })
}

/// A search that can run as a lazy SMP helper of another search of its kind.
pub trait SmpSearch: Send {
    /// Points this helper at `main`'s transposition table again, so that
    /// both use the generation of `main`'s coming search (called before each).
    fn share_table_of(&mut self, main: &Self);

    /// Nodes searched by the last search.
    fn nodes(&self) -> u64;
}

/// The one lazy SMP driver: the helpers of a main search and the signal
/// that stops them. Each engine builds its helpers (same tuning, its
/// table shared, [`helper_depth_offset`] plies ahead, the stop signal in
/// their budget); this runs them beside the main search.
pub struct LazySmp<S> {
    helpers: Vec<S>,
    stop: StopSignal,
}

/// No helpers: a search on one thread.
impl<S> Default for LazySmp<S> {
    fn default() -> Self {
        LazySmp {
            helpers: Vec::new(),
            stop: StopSignal::default(),
        }
    }
}

impl<S: SmpSearch> LazySmp<S> {
    /// `threads - 1` helpers made by `helper(index, stop)` (none for 0 or 1).
    pub fn new(threads: usize, mut helper: impl FnMut(usize, StopSignal) -> S) -> Self {
        let stop = StopSignal::default();
        let helpers = (0..threads.saturating_sub(1))
            .map(|index| helper(index, stop.clone()))
            .collect();
        LazySmp { helpers, stop }
    }

    /// Threads a search runs on: the main one and the helpers'.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Runs `search(main)` on this thread while `search(helper)` runs on one
    /// thread per helper until it returns; the main search's result, with
    /// the nodes of every thread.
    pub fn run<R>(&mut self, main: &mut S, search: impl Fn(&mut S) -> R + Sync) -> (R, u64) {
        if self.helpers.is_empty() {
            let result = search(main);
            return (result, main.nodes());
        }
        for helper in &mut self.helpers {
            helper.share_table_of(main);
        }
        let result = run_with_helpers(
            &mut self.helpers,
            &self.stop,
            |_, helper| {
                search(helper);
            },
            || search(main),
        );
        let nodes = main.nodes() + self.helpers.iter().map(SmpSearch::nodes).sum::<u64>();
        (result, nodes)
    }
}

/// How far helper `i` (0-based) searches ahead of the main search's depth:
/// 1 or 2 plies, alternately, so that two helpers do not search alike.
#[inline]
pub fn helper_depth_offset(i: usize) -> u32 {
    1 + (i % 2) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_run_until_the_main_search_returns() {
        let stop = StopSignal::default();
        let mut spins = vec![0u64; 2];
        let answer = run_with_helpers(
            &mut spins,
            &stop,
            |_, count| {
                while !stop.is_raised() {
                    *count += 1;
                    std::hint::spin_loop();
                }
            },
            || 42,
        );
        assert_eq!(answer, 42);
        assert!(stop.is_raised());
        // A second run lowers the signal first: the helpers run again.
        let mut ran = vec![false; 3];
        run_with_helpers(&mut ran, &stop, |_, ran| *ran = true, || ());
        assert_eq!(ran, vec![true; 3]);
    }
}
