//! Playout policies: how MCTS finishes a game from a tree leaf.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;

use crate::game::{Game, MoveList, Outcome};

/// Plays positions to their end for MCTS, and chooses which moves a new tree
/// node gets as children.
///
/// Engines supply smarter policies (patterns, evaluation cut-offs); the search
/// only relies on the contracts below.
pub trait PlayoutPolicy<G: Game>: Send {
    /// Plays `pos` to its end with moves drawn with `rng`, and returns how
    /// the game ended.
    ///
    /// Contract: every move played is legal; `pos` is left at the final
    /// position; a position that is already finished is returned as is (its
    /// outcome). Deterministic for a given `rng` state. Allocates nothing.
    fn playout(&mut self, pos: &mut G, rng: &mut SmallRng) -> Outcome;

    /// Fills `out` (cleared first) with the moves a newly expanded tree node
    /// gets as children, in the order unvisited children are first tried.
    ///
    /// Contract: `pos` is not finished; `out` ends non-empty and holds only
    /// legal moves, each once. The default is every legal move in a random
    /// order. An engine may restrict the list (prune) or order it (most
    /// promising first); with pruning, solver proofs hold for the pruned
    /// tree only.
    fn tree_moves(&mut self, pos: &G, out: &mut MoveList<G::Move>, rng: &mut SmallRng) {
        pos.legal_moves(out);
        out.as_mut_slice().shuffle(rng);
    }

    /// The prior of the new child reached by playing `m` at `parent`.
    ///
    /// Contract: called once per child when a node is expanded, with `m`
    /// one of the moves `tree_moves` gave; deterministic. The default is no
    /// prior. With priors, a child's visit count includes its virtual visits
    /// (they also count toward the final most-visited choice).
    fn prior(&mut self, _parent: &G, _m: G::Move) -> Prior {
        Prior::default()
    }
}

/// Prior knowledge about a new tree child, counted as if it came from real
/// playouts ("virtual visits", a form of progressive bias).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Prior {
    /// How many playouts the prior is worth; 0 means no prior.
    pub visits: u32,
    /// The mean reward those visits carry, in `[-1, 1]`, from the view of
    /// the player making the move.
    pub mean: f32,
}

/// Uniformly random legal moves until the game ends.
#[derive(Clone)]
pub struct UniformPlayout<G: Game> {
    // Reused across playouts so a playout allocates nothing.
    moves: MoveList<G::Move>,
}

impl<G: Game> UniformPlayout<G> {
    pub fn new() -> Self {
        UniformPlayout {
            moves: MoveList::new(),
        }
    }
}

impl<G: Game> Default for UniformPlayout<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> PlayoutPolicy<G> for UniformPlayout<G> {
    fn playout(&mut self, pos: &mut G, rng: &mut SmallRng) -> Outcome {
        loop {
            pos.legal_moves(&mut self.moves);
            if self.moves.is_empty() {
                return pos
                    .outcome()
                    .expect("Game contract: no legal move means the game is over");
            }
            let m = self.moves[rng.gen_range(0..self.moves.len())];
            pos.play_unchecked(m);
        }
    }
}
