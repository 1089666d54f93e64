//! Alpha-beta score units: heuristic values well inside the win scores, and
//! proven results as distance to the end, so faster wins and slower losses
//! score higher.

/// The score of a win on the board right now, zero plies away.
pub const WIN_SCORE: i32 = 1_000_000;
/// The deepest ply the search ever reaches.
pub const MAX_PLY: u32 = 512;
/// Scores at least this large (in absolute value) are proven wins or losses.
pub const PROVEN_SCORE: i32 = WIN_SCORE - MAX_PLY as i32;
/// Heuristic evaluations are clamped into `[-EVAL_LIMIT, EVAL_LIMIT]`.
pub const EVAL_LIMIT: i32 = WIN_SCORE / 2;

/// A win `plies` moves from now (one ply = one move by either side).
#[inline]
pub const fn win_in(plies: u32) -> i32 {
    WIN_SCORE - plies as i32
}

/// A loss `plies` moves from now.
#[inline]
pub const fn loss_in(plies: u32) -> i32 {
    -win_in(plies)
}

/// `true` for proven wins and losses.
#[inline]
pub const fn is_proven(score: i32) -> bool {
    score >= PROVEN_SCORE || score <= -PROVEN_SCORE
}

/// Plies to the end of the game for a proven score.
#[inline]
pub fn plies_to_end(score: i32) -> Option<u32> {
    is_proven(score).then(|| (WIN_SCORE - score.abs()) as u32)
}

/// Converts a score measured from the search root to one measured from a
/// node `ply` plies deep (for storing in the table). Only proven scores move.
#[inline]
pub fn root_to_node(score: i32, ply: u32) -> i32 {
    if score >= PROVEN_SCORE {
        score + ply as i32
    } else if score <= -PROVEN_SCORE {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`root_to_node`].
#[inline]
pub fn node_to_root(score: i32, ply: u32) -> i32 {
    if score >= PROVEN_SCORE {
        score - ply as i32
    } else if score <= -PROVEN_SCORE {
        score + ply as i32
    } else {
        score
    }
}
