//! Root parallelisation: N independent searchers (differently seeded) think
//! about the same position on N threads under the same limits; their root
//! statistics are merged and the move with the most visits in total is
//! played. Searchers that keep no root statistics for the position (an
//! alpha-beta engine, or a turn an endgame solver answered) are merged by a
//! vote weighted by their playouts.

use std::collections::HashMap;

use super::{Proof, Tree};
use crate::game::Game;
use crate::search::{Limits, SearchResult, Searcher};

/// One root child's statistics, from the view of the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootChild<M> {
    pub mv: M,
    pub visits: u64,
    /// Sum of the rewards in `[-1, 1]` backed up through the child.
    pub value_sum: f64,
    pub proof: Proof,
}

/// The root children of `tree`, in its order.
pub fn root_children<M: Copy + Default, X: Copy + Default>(tree: &Tree<M, X>) -> Vec<RootChild<M>> {
    tree.node(Tree::<M, X>::ROOT)
        .children()
        .map(|id| {
            let node = tree.node(id);
            RootChild {
                mv: node.mv(),
                visits: u64::from(node.visits()),
                value_sum: f64::from(node.value_sum()),
                proof: node.proof(),
            }
        })
        .collect()
}

/// One worker's answer and its root statistics, if it has them.
type WorkerAnswer<M> = (SearchResult<M>, Option<Vec<RootChild<M>>>);

/// Several searchers run on one position at once, one thread each.
pub struct RootParallel<G: Game> {
    workers: Vec<Box<dyn Searcher<G>>>,
}

impl<G: Game> RootParallel<G> {
    /// `workers` must be independent (different seeds); at least one.
    pub fn new(workers: Vec<Box<dyn Searcher<G>>>) -> Self {
        assert!(!workers.is_empty(), "root parallelisation needs a worker");
        RootParallel { workers }
    }

    pub fn threads(&self) -> usize {
        self.workers.len()
    }
}

/// Merges the workers' answers; `stats` holds each worker's root children
/// when all of them have some.
pub fn merge_results<M: Copy + Eq + std::hash::Hash>(
    results: Vec<SearchResult<M>>,
    stats: Option<Vec<Vec<RootChild<M>>>>,
) -> SearchResult<M> {
    let playouts: u64 = results.iter().map(|r| r.playouts).sum();
    let nodes: u64 = results.iter().map(|r| r.nodes).sum();
    let depth = results.iter().map(|r| r.depth).max().unwrap_or(0);
    // A move proven to win by any worker is played as that worker found it.
    let proven = stats.as_ref().and_then(|all| {
        all.iter()
            .flatten()
            .find(|child| child.proof == Proof::Win)
            .map(|child| child.mv)
    });
    let pick_result = |mv: M| {
        results
            .iter()
            .find(|r| r.best_move == mv)
            .cloned()
            .unwrap_or_else(|| SearchResult::just(mv, results[0].method))
    };
    let mut merged = match (proven, &stats) {
        (Some(mv), _) => pick_result(mv),
        (None, Some(all)) => {
            // Sum the visits and rewards of every move; a move any worker
            // proved lost is never chosen.
            let mut total: HashMap<M, (u64, f64, bool)> = HashMap::new();
            for child in all.iter().flatten() {
                let entry = total.entry(child.mv).or_insert((0, 0.0, false));
                entry.0 += child.visits;
                entry.1 += child.value_sum;
                entry.2 |= child.proof == Proof::Loss;
            }
            let best = total
                .iter()
                .max_by_key(|(_, &(visits, _, lost))| (!lost, visits))
                .map(|(&mv, &(visits, sum, _))| (mv, visits, sum));
            match best {
                Some((mv, visits, sum)) => {
                    let mut result = pick_result(mv);
                    if visits > 0 {
                        result.value = sum / visits as f64;
                    }
                    result
                }
                None => results[0].clone(),
            }
        }
        (None, None) => {
            let mut votes: HashMap<M, u64> = HashMap::new();
            for r in &results {
                *votes.entry(r.best_move).or_default() += r.playouts.max(1);
            }
            // Ties go to the earliest worker's move (deterministic).
            let best = results
                .iter()
                .map(|r| r.best_move)
                .max_by_key(|mv| votes[mv])
                .expect("at least one result");
            let best = results
                .iter()
                .map(|r| r.best_move)
                .find(|mv| votes[mv] == votes[&best])
                .unwrap_or(best);
            pick_result(best)
        }
    };
    merged.playouts = playouts;
    merged.nodes = nodes;
    merged.depth = depth;
    merged
}

impl<G: Game> Searcher<G> for RootParallel<G> {
    fn choose_move(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        let answers: Vec<WorkerAnswer<G::Move>> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .workers
                .iter_mut()
                .map(|worker| {
                    scope.spawn(move || {
                        let result = worker.choose_move(pos, limits);
                        let stats = worker.root_statistics(pos);
                        (result, stats)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .collect()
        });
        let (results, stats): (Vec<_>, Vec<_>) = answers.into_iter().unzip();
        let stats: Option<Vec<_>> = stats.into_iter().collect();
        merge_results(results, stats)
    }

    fn root_statistics(&self, _pos: &G) -> Option<Vec<RootChild<G::Move>>> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(mv: u8, playouts: u64) -> SearchResult<u8> {
        let mut r = SearchResult::just(mv, "mcts");
        r.playouts = playouts;
        r
    }

    fn child(mv: u8, visits: u64, value_sum: f64, proof: Proof) -> RootChild<u8> {
        RootChild {
            mv,
            visits,
            value_sum,
            proof,
        }
    }

    #[test]
    fn visits_are_summed_across_workers() {
        // Each worker prefers its own move, but move 3 has the most visits overall.
        let stats = vec![
            vec![
                child(1, 60, 6.0, Proof::Unknown),
                child(3, 50, 10.0, Proof::Unknown),
            ],
            vec![
                child(2, 60, 6.0, Proof::Unknown),
                child(3, 50, 20.0, Proof::Unknown),
            ],
        ];
        let merged = merge_results(vec![result(1, 110), result(2, 110)], Some(stats));
        assert_eq!(merged.best_move, 3);
        assert_eq!(merged.playouts, 220);
        assert!((merged.value - 0.3).abs() < 1e-9);
    }

    #[test]
    fn proofs_decide() {
        let stats = vec![
            vec![
                child(1, 90, 0.0, Proof::Loss),
                child(2, 10, 0.0, Proof::Unknown),
            ],
            vec![
                child(1, 90, 0.0, Proof::Unknown),
                child(2, 10, 0.0, Proof::Unknown),
            ],
        ];
        let merged = merge_results(vec![result(1, 100), result(1, 100)], Some(stats.clone()));
        assert_eq!(merged.best_move, 2, "a move proven lost is avoided");
        let mut winning = stats;
        winning[1][1].proof = Proof::Win;
        let merged = merge_results(vec![result(1, 100), result(2, 100)], Some(winning));
        assert_eq!(merged.best_move, 2);
    }

    #[test]
    fn two_tree_searches_merge_into_one_answer() {
        use crate::games::TicTacToe;
        use crate::search::Mcts;
        // X at (0,0) and (1,0), O at (0,1) and (1,1): X wins at (2,0).
        let mut pos = TicTacToe::start();
        for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            pos.play_unchecked(TicTacToe::move_from_xy(x, y).unwrap());
        }
        let workers: Vec<Box<dyn Searcher<TicTacToe>>> = vec![
            Box::new(Mcts::<TicTacToe, _>::plain(1)),
            Box::new(Mcts::<TicTacToe, _>::plain(2)),
        ];
        let mut parallel = RootParallel::new(workers);
        assert_eq!(parallel.threads(), 2);
        let result = parallel.choose_move(&pos, &Limits::iterations(300));
        assert_eq!(TicTacToe::move_to_xy(result.best_move), (2, 0));
        assert_eq!(result.playouts, 600, "both workers' playouts are counted");
    }

    #[test]
    fn without_statistics_the_playouts_vote() {
        let merged = merge_results(vec![result(4, 10), result(5, 30), result(4, 15)], None);
        assert_eq!(merged.best_move, 5);
        let tie = merge_results(vec![result(7, 0), result(8, 0)], None);
        assert_eq!(tie.best_move, 7);
    }
}
