//! Lazy SMP for [`PvsSearch`]: helper searches on the same transposition
//! table, each on its own thread, deepening a ply or two ahead of the main
//! search; the main search's answer is the answer. The scaffold's
//! [`LazySmp`](crate::search::LazySmp) runs them.

use super::PvsSearch;
use crate::search::{helper_depth_offset, Budget, SmpSearch, StopSignal};

impl PvsSearch {
    /// Helper number `index` (0-based) of this search: the same
    /// configuration on this search's table, stopping when `stop` is raised.
    pub fn helper(&self, index: usize, stop: StopSignal) -> PvsSearch {
        let mut helper = PvsSearch::new(super::PvsConfig {
            tt_bytes: 0,
            ..self.config
        });
        helper.tt = self.tt.share();
        helper.budget = Budget::new(super::TIME_CHECK_INTERVAL).with_stop(stop);
        helper.depth_offset = helper_depth_offset(index) as i32;
        helper
    }
}

impl SmpSearch for PvsSearch {
    /// The same search generation as the main search's handle.
    fn share_table_of(&mut self, main: &Self) {
        self.tt = main.tt.share();
    }

    fn nodes(&self) -> u64 {
        self.budget.nodes()
    }
}
