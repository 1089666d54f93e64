//! Tuning knobs of the NoGo RAVE search.

use super::PlayoutStyle;

/// How [`RaveMcts`](super::RaveMcts) searches. `Default` is the tuned bot
/// setting; the fields let the arena compare each idea against its absence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaveConfig {
    /// Blend AMAF statistics into each child's value (RAVE). Off: plain UCT
    /// values (with the same solver, reuse and playouts). On won 20-0 against
    /// off (with UCT exploration 0.7) at 0.1 s/move.
    pub rave: bool,
    /// RAVE equivalence parameter `k`: a child's AMAF weight is
    /// `sqrt(k / (3 n + k))` after `n` real visits, so about `k` visits make
    /// the real mean count as much as the AMAF one. At 0.1 s/move, 1000
    /// beat 3000 25-15 and tied 300 (9-11 in 20 games).
    pub rave_equivalence: f32,
    /// UCT exploration constant for rewards in `[0, 1]`; RAVE explores
    /// through its AMAF values, so this is small (0 skips the term). 0 beat
    /// 0.2 31-9 at 0.1 s/move.
    pub exploration: f32,
    /// Value of a child with neither visits nor AMAF data (first-play
    /// urgency); 1 means "try every such child before revisiting one".
    pub first_play_urgency: f32,
    /// How playouts pick moves (and the order new children are tried).
    /// `ContestedFirst` is the default because it won the equal-time
    /// matches (0.1 s/move) against each alternative: 10-0 against
    /// `Uniform`, 20-0 against `EyeMaking`, 62-48 against `SelfHarmAverse`.
    pub playout: PlayoutStyle,
    /// MCTS-solver: mark nodes proven won or lost, never select proven
    /// losses, stop once the root is proven, play a proven win at once.
    pub solver: bool,
    /// Keep the subtree of the new position when it is the previous root,
    /// a child or a grandchild of it (keep-running bots). No measurable
    /// gain at 0.1 s/move (43-47 against no reuse in 90 games), no
    /// measurable cost either; on by default for keep-running bots.
    pub reuse_tree: bool,
    /// Upper bound on the tree's memory.
    pub memory_budget_bytes: usize,
    /// A leaf gets its children after this many visits (the root at once).
    pub expand_after_visits: u32,
    /// Read the clock once every this many iterations.
    pub time_check_interval: u32,
    /// Iteration cap when `Limits` sets no limit at all.
    pub fallback_iterations: u64,
}

impl Default for RaveConfig {
    /// The bot, `builtin:mcts`; the why of each value is on its field, the
    /// matches behind it in `docs/nogo.md`.
    fn default() -> Self {
        RaveConfig {
            // Won 20-0 against plain UCT values.
            rave: true,
            // Beat 3000 25-15, tied 300.
            rave_equivalence: 1000.0,
            // RAVE explores through AMAF; 0 beat 0.2 31-9.
            exploration: 0.0,
            // Try every unseen child once before revisiting one.
            first_play_urgency: 1.0,
            // Beat uniform, eye-making and self-harm-averse playouts.
            playout: PlayoutStyle::ContestedFirst,
            // Proven results are exact and stop the search early.
            solver: true,
            // No measured gain or cost; keep-running bots keep the tree.
            reuse_tree: true,
            // Well under Botzone's 256 MB.
            memory_budget_bytes: 160 << 20,
            // Saves memory; the tree grows a little behind the visits.
            expand_after_visits: 2,
            // Playouts are short: a clock read per 32 keeps it cheap.
            time_check_interval: 32,
            // A search without any limit still ends.
            fallback_iterations: 100_000,
        }
    }
}
