//! Lazy SMP for [`PvsSearch`]: helper searches on the same transposition
//! table, each on its own thread, deepening a ply or two ahead of the main
//! search; the main search's answer is the answer.

use super::PvsSearch;
use crate::engines::gomoku::threat_board::ThreatBoard;
use crate::game::{MoveList, Player};
use crate::games::GomokuMove;
use crate::search::{
    helper_depth_offset, run_with_helpers, Budget, Limits, SearchResult, StopSignal,
};

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

    /// [`PvsSearch::search`] on this thread while `helpers` (made by
    /// [`PvsSearch::helper`] with `stop`) search the same position on one
    /// thread each until it returns. Its nodes count every thread's.
    pub fn search_with_helpers(
        &mut self,
        helpers: &mut [PvsSearch],
        stop: &StopSignal,
        board: &ThreatBoard,
        side: Player,
        root_moves: Option<&MoveList<GomokuMove>>,
        limits: &Limits,
    ) -> SearchResult<GomokuMove> {
        for helper in helpers.iter_mut() {
            // The same search generation as the main search's handle.
            helper.tt = self.tt.share();
        }
        let mut result = run_with_helpers(
            helpers,
            stop,
            |_, helper| {
                helper.search(board, side, root_moves, limits);
            },
            || self.search(board, side, root_moves, limits),
        );
        result.nodes += helpers.iter().map(|h| h.budget.nodes()).sum::<u64>();
        result
    }
}
