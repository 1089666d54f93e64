//! The `greedy` baseline: the threat scorer alone, one ply deep.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::movegen::{generate, ordering_key};
use super::threat_board::ThreatBoard;
use crate::game::{Game, MoveList, MAX_MOVES};
use crate::games::{Gomoku, GomokuMove};
use crate::search::{Limits, SearchResult, Searcher};

/// Plays the forced reply if there is one, otherwise the point with the best
/// ordering key (ties broken at random with its seeded generator).
pub struct GreedyThreats {
    rng: SmallRng,
}

impl GreedyThreats {
    pub fn new(seed: u64) -> Self {
        GreedyThreats {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Searcher<Gomoku> for GreedyThreats {
    fn choose_move(&mut self, pos: &Gomoku, _limits: &Limits) -> SearchResult<GomokuMove> {
        assert!(
            pos.outcome().is_none(),
            "choose_move called on a finished game"
        );
        let board = ThreatBoard::from_game(pos);
        let side = pos.side_to_move();
        let mut moves = MoveList::new();
        generate(&board, side, MAX_MOVES, &mut moves);
        let best_key = ordering_key(&board, side, moves[0].index());
        let ties = moves
            .iter()
            .take_while(|m| ordering_key(&board, side, m.index()) == best_key)
            .count();
        SearchResult::just(moves[self.rng.gen_range(0..ties)], "greedy")
    }
}
