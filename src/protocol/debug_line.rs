//! The `debug` summary of a turn's search, shown in Botzone's game log.

use std::fmt::Write;
use std::time::Duration;

use crate::search::SearchResult;

/// Upper bound on the summary's length; Botzone keeps 1 KB, we stay far below.
pub const MAX_DEBUG_CHARS: usize = 200;

/// One line such as `mcts playouts=41234 nodes=9000 depth=12 value=0.612 time=801ms`.
/// Counters that are zero are left out; `note` (e.g. why a move was replaced)
/// is appended. Never longer than `MAX_DEBUG_CHARS`.
pub fn debug_summary<M>(result: &SearchResult<M>, elapsed: Duration, note: Option<&str>) -> String {
    let mut line = String::from(result.method);
    let mut field = |name: &str, value: &dyn std::fmt::Display| {
        let _ = write!(line, " {name}={value}");
    };
    if result.playouts > 0 {
        field("playouts", &result.playouts);
    }
    if result.nodes > 0 {
        field("nodes", &result.nodes);
    }
    if result.depth > 0 {
        field("depth", &result.depth);
    }
    if let Some(score) = result.score {
        field("score", &score);
    }
    field("value", &format_args!("{:.3}", result.value));
    field("time", &format_args!("{}ms", elapsed.as_millis()));
    if let Some(note) = note {
        line.push(' ');
        line.push_str(note);
    }
    // Keep it one line whatever an engine's method name holds.
    line.retain(|c| c != '\n' && c != '\r');
    if line.chars().count() > MAX_DEBUG_CHARS {
        line = line.chars().take(MAX_DEBUG_CHARS).collect();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_lists_nonzero_counters() {
        let mut result = SearchResult::just(3u8, "mcts");
        result.playouts = 1200;
        result.value = 0.25;
        let line = debug_summary(&result, Duration::from_millis(812), Some("note"));
        assert_eq!(line, "mcts playouts=1200 value=0.250 time=812ms note");
    }

    #[test]
    fn summary_is_bounded() {
        let result = SearchResult::just(3u8, "x");
        let note = "n".repeat(500);
        let line = debug_summary(&result, Duration::ZERO, Some(&note));
        assert_eq!(line.chars().count(), MAX_DEBUG_CHARS);
    }
}
