//! Tuning knobs of the generic alpha-beta.

/// How [`AlphaBeta`](super::AlphaBeta) searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// Transposition table size in bytes (allocated once, at construction).
    pub tt_bytes: usize,
    /// Try the two killer moves of each ply right after the table move.
    pub killers: bool,
    /// Order the remaining moves by the history heuristic (ties keep the
    /// evaluator's order). Engines with a strong own ordering may turn it off.
    pub history: bool,
    /// Read the clock once every this many nodes.
    pub time_check_interval: u64,
    /// When only one move is available, search it one ply deep and return
    /// (the score is then a depth-1 score).
    pub instant_single_move: bool,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            tt_bytes: 16 << 20,
            killers: true,
            history: true,
            time_check_interval: 1024,
            instant_single_move: true,
        }
    }
}
