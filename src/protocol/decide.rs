//! Choosing a turn's move at the protocol/engine boundary: forced moves skip
//! the search, the engine's choice is checked, forbidden openings are avoided.

use std::time::Instant;

use super::bot_game::BotGame;
use super::codec::encode_move;
use super::debug_line::debug_summary;
use super::opening_rule::replace_forbidden_opening;
use super::output::Answer;
use crate::game::MoveList;
use crate::search::{Limits, SearchResult, Searcher};

/// The move to play in `position` (not finished, so it has a legal move) and
/// the answer to print. `clock_start` is when the turn's clock started; the
/// debug line reports the time since then.
pub fn decide<G: BotGame>(
    position: &G,
    searcher: &mut dyn Searcher<G>,
    limits: &Limits,
    clock_start: Instant,
) -> (G::Move, Answer) {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let mut note = None;
    let mut result = if moves.len() == 1 {
        // Nothing to think about (a Reversi forced pass, the last NoGo point):
        // answer at once and keep the turn's time in hand.
        SearchResult::just(moves[0], "forced")
    } else {
        searcher.choose_move(position, limits)
    };
    if !moves.contains(result.best_move) {
        // An engine bug must not lose the game: an illegal answer loses at once.
        eprintln!(
            "warning: engine chose an illegal move {:?}; playing the first legal move",
            G::move_to_xy(result.best_move)
        );
        result.best_move = moves[0];
        note = Some("engine-move-illegal".to_string());
    }
    if let Some(allowed) = replace_forbidden_opening(position, result.best_move) {
        let (x, y) = G::move_to_xy(result.best_move);
        note = Some(format!("avoided-opening=({x},{y})"));
        result.best_move = allowed;
    }
    let debug = debug_summary(&result, clock_start.elapsed(), note.as_deref());
    let answer = Answer {
        response: encode_move::<G>(result.best_move),
        debug,
    };
    (result.best_move, answer)
}
