//! The node and clock budget of one search: every alpha-beta search and
//! solver counts its nodes here and asks it whether to stop.

use super::{Limits, StopSignal};

/// Counts the nodes of a search and says when to stop: at the node cap of
/// its [`Limits`] (checked at every node), or, read once every
/// `check_interval` nodes, at the deadline or when a lazy SMP helper's
/// [`StopSignal`] is raised.
///
/// Once spent, a budget stays spent until the next [`Budget::start`], so a
/// search unwinding from a stop never resumes half-way.
#[derive(Clone, Debug)]
pub struct Budget {
    limits: Limits,
    /// A lazy SMP helper's: raised when the main search has returned.
    stop: Option<StopSignal>,
    check_interval: u64,
    nodes: u64,
    /// The node count at which the clock and the stop signal are read next.
    next_clock: u64,
    /// The nearer of `next_clock` and the node cap: the one figure the hot
    /// path compares with.
    next_check: u64,
    spent: bool,
}

impl Budget {
    /// A budget reading the clock every `check_interval` nodes (at least 1),
    /// with no limit until [`Budget::start`].
    pub fn new(check_interval: u64) -> Self {
        let check_interval = check_interval.max(1);
        Budget {
            limits: Limits::unlimited(),
            stop: None,
            check_interval,
            nodes: 0,
            next_clock: check_interval,
            next_check: check_interval,
            spent: false,
        }
    }

    /// This budget, also spent once `stop` is raised (a lazy SMP helper's).
    pub fn with_stop(mut self, stop: StopSignal) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Starts a new search under `limits`: no nodes counted, not spent.
    pub fn start(&mut self, limits: &Limits) {
        self.limits = *limits;
        self.nodes = 0;
        self.next_clock = self.check_interval;
        self.next_check = self.next_clock.min(self.node_cap());
        self.spent = false;
    }

    /// Counts one node; `true` once the budget is spent (and from then on).
    #[inline(always)]
    pub fn count(&mut self) -> bool {
        self.add(1)
    }

    /// Counts `nodes` at once (a sub-search's, say); `true` once spent.
    /// One comparison on the hot path: `next_check` is the nearer of the
    /// node cap and the next clock reading.
    #[inline(always)]
    pub fn add(&mut self, nodes: u64) -> bool {
        self.nodes += nodes;
        if self.nodes >= self.next_check {
            self.check();
        }
        self.spent
    }

    /// The node cap, or `u64::MAX` without one.
    fn node_cap(&self) -> u64 {
        self.limits.max_nodes.unwrap_or(u64::MAX)
    }

    /// At the node cap or a clock reading (out of the hot path).
    #[cold]
    #[inline(never)]
    fn check(&mut self) {
        if self.limits.nodes_exhausted(self.nodes) {
            self.spent = true;
        }
        if self.nodes >= self.next_clock {
            self.next_clock = self.nodes + self.check_interval;
            if self.limits.out_of_time() || self.stop.as_ref().is_some_and(StopSignal::is_raised) {
                self.spent = true;
            }
        }
        self.next_check = if self.spent {
            // Spent for good: check nothing more until the next start.
            u64::MAX
        } else {
            self.next_clock.min(self.node_cap())
        };
    }

    /// `true` if the search was cut short, so an unfinished result proves nothing.
    #[inline]
    pub fn spent(&self) -> bool {
        self.spent
    }

    /// Nodes counted since [`Budget::start`].
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The limits of the current search.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// `true` for a lazy SMP helper (a budget with a stop signal).
    pub fn is_helper(&self) -> bool {
        self.stop.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn the_node_cap_is_met_exactly_and_stays_spent() {
        let mut budget = Budget::new(1_000);
        budget.start(&Limits::nodes(5));
        let spent: Vec<bool> = (0..7).map(|_| budget.count()).collect();
        assert_eq!(spent, [false, false, false, false, true, true, true]);
        assert_eq!(budget.nodes(), 7);
        budget.start(&Limits::nodes(5));
        assert!(!budget.spent());
        assert_eq!(budget.nodes(), 0);
        assert!(budget.add(5));
    }

    #[test]
    fn the_clock_is_read_only_at_the_check_interval() {
        let mut budget = Budget::new(4);
        // A deadline already past: seen at the fourth node, not before.
        budget.start(&Limits::until(Instant::now() - Duration::from_millis(1)));
        let spent: Vec<bool> = (0..5).map(|_| budget.count()).collect();
        assert_eq!(spent, [false, false, false, true, true]);
        // A large sub-search passes the check point at once.
        budget.start(&Limits::until(Instant::now() - Duration::from_millis(1)));
        assert!(budget.add(100));
    }

    #[test]
    fn a_raised_stop_signal_spends_a_helper_budget() {
        let stop = StopSignal::default();
        let mut budget = Budget::new(2).with_stop(stop.clone());
        assert!(budget.is_helper());
        budget.start(&Limits::unlimited());
        assert!(!budget.count() && !budget.count());
        stop.raise();
        assert!(!budget.count(), "the signal is read at the next check");
        assert!(budget.count());
        assert!(!Budget::new(2).is_helper());
    }
}
