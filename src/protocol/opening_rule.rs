//! Keeping Black off the game's forbidden opening points (`BotGame::FORBIDDEN_OPENINGS`).

use super::bot_game::BotGame;
use crate::game::MoveList;

/// If `chosen` is a forbidden opening in `position` (the start position, so
/// Black to move), the legal move to play instead: the allowed one nearest to
/// `chosen` (the engine liked that area), ties broken by move-list order.
/// `None` if `chosen` is allowed, or if no allowed alternative exists.
pub fn replace_forbidden_opening<G: BotGame>(position: &G, chosen: G::Move) -> Option<G::Move> {
    let is_forbidden = |m: G::Move| G::FORBIDDEN_OPENINGS.contains(&G::move_to_xy(m));
    if G::FORBIDDEN_OPENINGS.is_empty() || !is_forbidden(chosen) || *position != G::start() {
        return None;
    }
    let (cx, cy) = G::move_to_xy(chosen);
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .filter(|&m| !is_forbidden(m))
        .min_by_key(|&m| {
            let (x, y) = G::move_to_xy(m);
            (x - cx).abs().max((y - cy).abs())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    use crate::game::Game;
    use crate::games::{NoGo, TicTacToe};
    use crate::protocol::decide::decide;
    use crate::search::{Limits, RandomSearcher};

    #[test]
    fn nogo_centre_opening_is_replaced_by_a_neighbour() {
        let start = NoGo::start();
        let centre = NoGo::move_from_xy(4, 4).unwrap();
        let other = replace_forbidden_opening(&start, centre).expect("a replacement");
        let (x, y) = NoGo::move_to_xy(other);
        assert!(start.is_legal(other));
        assert_eq!((x - 4).abs().max((y - 4).abs()), 1, "({x},{y})");
        let corner = NoGo::move_from_xy(0, 0).unwrap();
        assert_eq!(replace_forbidden_opening(&start, corner), None);
        // Only Black's first move is restricted.
        let mut later = start;
        later.play_unchecked(corner);
        assert_eq!(replace_forbidden_opening(&later, centre), None);
    }

    #[test]
    fn bot_never_opens_nogo_on_the_centre() {
        let start = NoGo::start();
        let mut replaced = 0;
        for seed in 0..400 {
            let mut engine = RandomSearcher::new(seed);
            let limits = Limits::iterations(1);
            let (m, answer) = decide(&start, &mut engine, &limits, Instant::now());
            assert_ne!(NoGo::move_to_xy(m), (4, 4), "seed {seed}");
            assert_eq!((answer.response.x, answer.response.y), NoGo::move_to_xy(m));
            if answer.debug.contains("avoided-opening=(4,4)") {
                replaced += 1;
            }
        }
        // A uniform engine picks the centre about 400/81 times: the rule was exercised.
        assert!(replaced > 0);
    }

    #[test]
    fn games_without_forbidden_openings_keep_the_move() {
        let centre = TicTacToe::move_from_xy(1, 1).unwrap();
        assert_eq!(replace_forbidden_opening(&TicTacToe::start(), centre), None);
    }
}
