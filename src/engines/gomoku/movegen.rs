//! Which moves the search tries, best first: forced replies when a five or a
//! four-threat is on the board, otherwise the points near stones ordered by
//! their threat value for both sides.

use super::patterns::Pattern;
use super::policy::MoveOrder;
use super::threat::Threat;
use super::threat_board::{to_move, ThreatBoard, DIRECTIONS};
use crate::game::{MoveList, Player, MAX_MOVES};
use crate::games::{Gomoku, GomokuMove};

const SIZE: i32 = Gomoku::SIZE as i32;

/// The ordering key of `point` for `side` to move: its own threat value
/// counts double, the value for the opponent (what playing there prevents)
/// once.
#[inline]
pub fn ordering_key(board: &ThreatBoard, side: Player, point: usize) -> i32 {
    2 * board.value(side, point) + board.value(side.opponent(), point)
}

/// Clears `out` and fills it with the moves worth searching for `side` to
/// move, best first.
///
/// - `side` can make five: that one move.
/// - The opponent can make five: the blocks.
/// - `side` can make an open or double four: those moves (each wins).
/// - The opponent can make an open or double four (it has an open three or
///   similar): our own fours and the points after which it no longer can;
///   every candidate if no such point exists. The same against a
///   four-three point: our fours and the points that leave it none.
/// - Otherwise: empty points within two cells of a stone, at most `limit`
///   of them, by [`ordering_key`]. The empty board gets its centre.
///
/// Contract: the board has an empty point; every listed point is empty and
/// listed once; the list is non-empty.
pub fn generate(board: &ThreatBoard, side: Player, limit: usize, out: &mut MoveList<GomokuMove>) {
    generate_ordered(board, side, limit, MoveOrder::Hand, out);
}

/// [`generate`] with the quiet candidates ranked by `order` instead of
/// [`ordering_key`]. The forced replies are the same as [`generate`]'s.
pub fn generate_ordered(
    board: &ThreatBoard,
    side: Player,
    limit: usize,
    order: MoveOrder,
    out: &mut MoveList<GomokuMove>,
) {
    if !push_forced(board, side, out) {
        push_quiet(board, side, limit, order, out);
    }
}

/// Clears `out` and fills it with the quiet candidates [`generate_ordered`]
/// lists when nothing is forced, whether or not something is: at a node
/// where every forced reply loses, a quiet move can still defend, by
/// preparing a counter-four for the block it will have to make.
pub fn generate_quiet(
    board: &ThreatBoard,
    side: Player,
    limit: usize,
    order: MoveOrder,
    out: &mut MoveList<GomokuMove>,
) {
    out.clear();
    push_quiet(board, side, limit, order, out);
}

/// Clears `out` and, if something is forced for `side` to move (a five to
/// make or block, a four to make or stop; [`generate`]'s first cases),
/// fills it with those moves and returns `true`.
pub fn push_forced(board: &ThreatBoard, side: Player, out: &mut MoveList<GomokuMove>) -> bool {
    out.clear();
    let opponent = side.opponent();
    if let Some(point) = board.first_point_with(side, Threat::Five) {
        out.push(to_move(point));
        return true;
    }
    if board.count(opponent, Threat::Five) > 0 {
        board.points_with(opponent, Threat::Five, out);
        return true;
    }
    if board.count(side, Threat::FlexFour) > 0 {
        board.points_with(side, Threat::FlexFour, out);
        sort_best_first(board, side, out);
        return true;
    }
    for threat in [Threat::FlexFour, Threat::FourThree] {
        if board.count(opponent, threat) > 0 {
            push_fours_and_defences(board, side, threat, out);
            if !out.is_empty() {
                sort_best_first(board, side, out);
                return true;
            }
            break;
        }
    }
    false
}

/// The empty points within two cells of a stone (any empty point if there
/// is none), at most `limit` of them, best first by `order`.
fn push_quiet(
    board: &ThreatBoard,
    side: Player,
    limit: usize,
    order: MoveOrder,
    out: &mut MoveList<GomokuMove>,
) {
    for point in 0..Gomoku::POINTS {
        if board.is_candidate(point) {
            out.push(to_move(point));
        }
    }
    if out.is_empty() {
        if board.stone_count() == 0 {
            out.push(to_move(Gomoku::POINTS / 2));
            return;
        }
        // Only far-away empty points remain: any of them.
        for point in (0..Gomoku::POINTS).filter(|&p| board.is_empty(p)) {
            out.push(to_move(point));
        }
    }
    keep_best(board, side, limit, order, out);
}

/// `side`'s four-making moves, then every point on the threatening lines of
/// the opponent's `threat` points (open-four or four-three points) after
/// which the opponent has no point of that class or better left.
pub fn push_fours_and_defences(
    board: &ThreatBoard,
    side: Player,
    threat: Threat,
    out: &mut MoveList<GomokuMove>,
) {
    let opponent = side.opponent();
    let mut listed = [false; Gomoku::POINTS];
    let mut fours_left = board.count_at_least(side, Threat::Four);
    for (point, listed) in listed.iter_mut().enumerate() {
        if fours_left == 0 {
            break;
        }
        if board.threat(side, point).makes_four() {
            *listed = true;
            out.push(to_move(point));
            fours_left -= 1;
        }
    }
    let mut threat_points = MoveList::new();
    board.points_with(opponent, threat, &mut threat_points);
    for &t in threat_points.iter() {
        let threat_point = t.index();
        let patterns = board.patterns(opponent, threat_point);
        let (x, y) = (threat_point as i32 % SIZE, threat_point as i32 / SIZE);
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            let line_threatens = if threat == Threat::FlexFour {
                patterns[d] >= Pattern::Four
            } else {
                patterns[d] >= Pattern::OpenThree
            };
            if !line_threatens {
                continue;
            }
            for k in -4..=4 {
                let (qx, qy) = (x + k * dx, y + k * dy);
                if !(0..SIZE).contains(&qx) || !(0..SIZE).contains(&qy) {
                    continue;
                }
                let q = (qy * SIZE + qx) as usize;
                if listed[q] || !board.is_empty(q) {
                    continue;
                }
                listed[q] = true;
                let defends = threat_points
                    .iter()
                    .all(|t| board.threat_if_blocked(opponent, t.index(), q) < threat);
                if defends {
                    out.push(to_move(q));
                }
            }
        }
    }
}

/// Sorts `moves` by [`ordering_key`], highest first, ties by point index.
pub fn sort_best_first(board: &ThreatBoard, side: Player, moves: &mut MoveList<GomokuMove>) {
    keep_best(board, side, MAX_MOVES, MoveOrder::Hand, moves);
}

/// Keeps the best `limit` of `moves` by `order`'s key, sorted as
/// [`sort_best_first`] does. Only the kept ones are sorted: a quiet node
/// has five to ten times more candidates than it searches.
fn keep_best(
    board: &ThreatBoard,
    side: Player,
    limit: usize,
    order: MoveOrder,
    moves: &mut MoveList<GomokuMove>,
) {
    let n = moves.len();
    let mut keyed = [(0i32, GomokuMove::default()); MAX_MOVES];
    for (slot, &m) in keyed.iter_mut().zip(moves.iter()) {
        *slot = (order.key(board, side, m.index()), m);
    }
    let best_first =
        |a: &(i32, GomokuMove), b: &(i32, GomokuMove)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
    let kept = n.min(limit);
    if kept < n && kept > 0 {
        keyed[..n].select_nth_unstable_by(kept - 1, best_first);
    }
    keyed[..kept].sort_unstable_by(best_first);
    moves.clear();
    for &(_, m) in &keyed[..kept] {
        moves.push(m);
    }
}
