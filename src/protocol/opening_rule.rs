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
    use crate::game::Game;
    use crate::games::TicTacToe;

    #[test]
    fn games_without_forbidden_openings_keep_the_move() {
        let centre = TicTacToe::move_from_xy(1, 1).unwrap();
        assert_eq!(replace_forbidden_opening(&TicTacToe::start(), centre), None);
    }
}
