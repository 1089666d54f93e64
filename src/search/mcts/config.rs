//! Tuning knobs of the generic MCTS.

/// How [`Mcts`](super::Mcts) searches. `Default` is the tuned generic setting;
/// [`MctsConfig::plain`] is textbook UCT.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// UCT exploration constant `C` for rewards scaled to `[0, 1]`:
    /// a child scores `mean + C * sqrt(ln(parent visits) / visits)`.
    pub exploration: f64,
    /// Upper bound on the tree arena's allocation, in bytes. When the arena
    /// is full the tree stops growing and playouts continue from its leaves.
    /// A bot must stay under Botzone's 256 MB whatever the time budget.
    pub memory_budget_bytes: usize,
    /// MCTS-solver: propagate proven bounds on each node's value (win, draw
    /// or loss; a draw is proven once no child can do better and one child
    /// surely does as well), skip children that cannot improve on what is
    /// already guaranteed, stop as soon as the root is proven, play a proven
    /// win at once and never a proven loss when avoidable.
    pub solver: bool,
    /// Keep the subtree of the new position when `choose_move` is called on
    /// a child or grandchild of the previous root.
    pub reuse_tree: bool,
    /// A leaf gets its children once it has been visited this many times
    /// (the root is always expanded). Higher values save memory.
    pub expand_after_visits: u32,
    /// Read the clock once every this many iterations.
    pub time_check_interval: u32,
    /// Iteration cap used when `Limits` sets no limit at all, so a search
    /// always ends.
    pub fallback_iterations: u64,
}

impl MctsConfig {
    /// Plain UCT: `C = sqrt(2)`, no solver, no tree reuse.
    pub fn plain() -> Self {
        MctsConfig {
            exploration: std::f64::consts::SQRT_2,
            solver: false,
            reuse_tree: false,
            ..MctsConfig::default()
        }
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.0,
            memory_budget_bytes: 192 << 20,
            solver: true,
            reuse_tree: true,
            expand_after_visits: 1,
            time_check_interval: 16,
            fallback_iterations: 100_000,
        }
    }
}
