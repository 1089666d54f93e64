//! The `greedy` baseline: the placement that flips the most discs.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::game::Game;
use crate::games::{Reversi, ReversiMove};
use crate::search::{Limits, SearchResult, Searcher};

/// Plays the placement flipping the most discs, breaking ties uniformly at
/// random with its seeded generator; passes when it must.
pub struct GreedyPlayer {
    rng: SmallRng,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> Self {
        GreedyPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Searcher<Reversi> for GreedyPlayer {
    fn choose_move(&mut self, pos: &Reversi, _limits: &Limits) -> SearchResult<ReversiMove> {
        assert!(
            pos.outcome().is_none(),
            "choose_move called on a finished game"
        );
        let mut best = ReversiMove::PASS;
        let (mut most_flips, mut ties) = (0, 0);
        let mut remaining = pos.legal_moves_mask();
        while remaining != 0 {
            let square = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flips = pos.flips(square).count_ones();
            if flips > most_flips {
                (best, most_flips, ties) = (ReversiMove::from_index(square), flips, 1);
            } else if flips == most_flips {
                // Reservoir sampling: each of the tied moves ends up chosen
                // with equal probability.
                ties += 1;
                if self.rng.gen_range(0..ties) == 0 {
                    best = ReversiMove::from_index(square);
                }
            }
        }
        SearchResult::just(best, "greedy")
    }
}
