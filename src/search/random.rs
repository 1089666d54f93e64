//! The uniformly random baseline player.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::{Limits, SearchResult, Searcher};
use crate::game::{Game, MoveList};

/// Plays a uniformly random legal move. A baseline, and the floor every engine must beat.
pub struct RandomSearcher {
    rng: SmallRng,
}

impl RandomSearcher {
    pub fn new(seed: u64) -> Self {
        RandomSearcher {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Searcher<G> for RandomSearcher {
    fn choose_move(&mut self, pos: &G, _limits: &Limits) -> SearchResult<G::Move> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "choose_move called on a finished game");
        let m = moves[self.rng.gen_range(0..moves.len())];
        SearchResult::just(m, "random")
    }
}
