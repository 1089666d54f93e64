//! The generic MCTS on TicTacToe: determinism, the solver, tactics, the
//! memory budget and subtree reuse.

use std::collections::HashMap;

use boardbots::search::{Mcts, MctsConfig, NodeId, Proof, Tree, UniformPlayout};
use boardbots::{Game, Limits, MoveList, Player, SearchResult, Searcher, TicTacToe, TicTacToeMove};

mod tictactoe_oracle;
use tictactoe_oracle::minimax;

/// The position after playing `moves` (as `(x, y)`) from the start.
fn position(moves: &[(i32, i32)]) -> TicTacToe {
    let mut pos = TicTacToe::start();
    for &(x, y) in moves {
        pos.try_play(TicTacToeMove::new(x, y).unwrap()).unwrap();
    }
    pos
}

fn solver_mcts(seed: u64) -> Mcts<TicTacToe, UniformPlayout<TicTacToe>> {
    Mcts::new(MctsConfig::default(), UniformPlayout::new(), seed)
}

/// Checks the tree's shape: every child's move is legal at its parent, no
/// two siblings share a move, children are visited no more than the parent.
fn check_tree(tree: &Tree<TicTacToeMove>, id: NodeId, pos: &TicTacToe) {
    let node = tree.node(id);
    let mut seen = Vec::new();
    let mut child_visits = 0u64;
    for child in node.children() {
        let m = tree.node(child).mv();
        assert!(pos.is_legal(m), "illegal child {m:?} at {pos:?}");
        assert!(!seen.contains(&m), "duplicate child {m:?}");
        seen.push(m);
        child_visits += tree.node(child).visits() as u64;
        let mut next = *pos;
        next.play_unchecked(m);
        check_tree(tree, child, &next);
    }
    assert!(
        child_visits <= node.visits() as u64,
        "children outvisit parent at {pos:?}"
    );
}

fn same_counts<M: PartialEq + std::fmt::Debug>(a: &SearchResult<M>, b: &SearchResult<M>) {
    assert_eq!(a.best_move, b.best_move);
    assert_eq!(a.playouts, b.playouts);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.depth, b.depth);
    assert_eq!(a.value, b.value);
    assert_eq!(a.pv, b.pv);
}

#[test]
fn same_seed_and_iteration_cap_give_the_same_search() {
    let pos = position(&[(0, 0)]);
    for iterations in [1, 10, 3_000] {
        let limits = Limits::iterations(iterations);
        let a = Mcts::<TicTacToe, _>::plain(42).choose_move(&pos, &limits);
        let b = Mcts::<TicTacToe, _>::plain(42).choose_move(&pos, &limits);
        same_counts(&a, &b);
        assert_eq!(a.playouts, iterations);
        let a = solver_mcts(42).choose_move(&pos, &limits);
        let b = solver_mcts(42).choose_move(&pos, &limits);
        same_counts(&a, &b);
    }
}

#[test]
fn different_seeds_explore_differently() {
    let limits = Limits::iterations(2_000);
    let values: Vec<f64> = (0..4)
        .map(|seed| {
            Mcts::<TicTacToe, _>::plain(seed)
                .choose_move(&TicTacToe::start(), &limits)
                .value
        })
        .collect();
    assert!(
        values.windows(2).any(|w| w[0] != w[1]),
        "seeds ignored: {values:?}"
    );
}

#[test]
fn solver_proves_wins_draws_and_losses() {
    let mut memo = HashMap::new();
    // The first positions (in a fixed order) worth +1, -1 and 0 with at least
    // three stones, and the empty board (a draw: proving it needs the bounds,
    // as "all children proven" alone almost never happens).
    let mut all = tactical_positions();
    all.sort_by_key(|p| p.hash());
    let stones = |p: &TicTacToe| {
        (0..9)
            .filter(|i| p.stone_at(i % 3, i / 3).is_some())
            .count()
    };
    let mut pick = |value: i32| {
        *all.iter()
            .find(|p| stones(p) >= 3 && minimax(p, &mut memo) == value)
            .expect("such a position exists")
    };
    let cases = [
        (pick(1), 1),
        (pick(-1), -1),
        (pick(0), 0),
        (TicTacToe::start(), 0),
    ];
    for (pos, hint) in cases {
        let exact = minimax(&pos, &mut memo);
        assert_eq!(exact, hint, "test position chosen wrongly: {pos:?}");
        let mut mcts = solver_mcts(3);
        let result = mcts.choose_move(&pos, &Limits::iterations(1_000_000));
        assert_eq!(result.method, "mcts-solved", "not proven: {pos:?}");
        assert_eq!(result.value, exact as f64, "{pos:?}");
        assert!(result.playouts < 1_000_000, "stops once proven");
        let expected_root = Proof::from_value(-exact);
        assert_eq!(
            mcts.tree().node(Tree::<TicTacToeMove>::ROOT).proof(),
            expected_root
        );
        let mut child = pos;
        child.play_unchecked(result.best_move);
        assert_eq!(
            -minimax(&child, &mut memo),
            exact,
            "proven choice loses value"
        );
        check_tree(mcts.tree(), Tree::<TicTacToeMove>::ROOT, &pos);
    }
}

const LINES: [[(i32, i32); 3]; 8] = [
    [(0, 0), (1, 0), (2, 0)],
    [(0, 1), (1, 1), (2, 1)],
    [(0, 2), (1, 2), (2, 2)],
    [(0, 0), (0, 1), (0, 2)],
    [(1, 0), (1, 1), (1, 2)],
    [(2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(2, 0), (1, 1), (0, 2)],
];

/// `true` if `player` has two on a line whose third point is empty.
fn threatens(pos: &TicTacToe, player: Player) -> bool {
    LINES.iter().any(|line| {
        let owned = line
            .iter()
            .filter(|&&(x, y)| pos.stone_at(x, y) == Some(player))
            .count();
        let empty = line
            .iter()
            .filter(|&&(x, y)| pos.stone_at(x, y).is_none())
            .count();
        owned == 2 && empty == 1
    })
}

/// Every reachable unfinished position where the side to move can win at
/// once or faces an immediate threat.
fn tactical_positions() -> Vec<TicTacToe> {
    let mut found = Vec::new();
    let mut seen = HashMap::new();
    let mut stack = vec![TicTacToe::start()];
    let mut moves = MoveList::new();
    while let Some(pos) = stack.pop() {
        if pos.outcome().is_some() || seen.insert(pos, ()).is_some() {
            continue;
        }
        let me = pos.side_to_move();
        if threatens(&pos, me) || threatens(&pos, me.opponent()) {
            found.push(pos);
        }
        pos.legal_moves(&mut moves);
        for &m in moves.iter() {
            let mut child = pos;
            child.play_unchecked(m);
            stack.push(child);
        }
    }
    found
}

/// Every `stride`-th tactical position: the searcher must win at once when it
/// can and block a threat when it can; `exact` also demands it keeps the
/// game value.
fn check_tactics(
    name: &str,
    stride: usize,
    exact_value: bool,
    make: impl Fn(u64) -> Box<dyn Searcher<TicTacToe>>,
) {
    let mut memo = HashMap::new();
    let positions = tactical_positions();
    assert!(
        positions.len() > 1000,
        "{} tactical positions",
        positions.len()
    );
    let mut failures = Vec::new();
    for (i, pos) in positions.iter().enumerate().step_by(stride) {
        let result = make(i as u64).choose_move(pos, &Limits::iterations(20_000));
        let mut child = *pos;
        child.play_unchecked(result.best_move);
        let me = pos.side_to_move();
        let exact = minimax(pos, &mut memo);
        let kept = -minimax(&child, &mut memo);
        let wins_now = child.outcome() == Some(boardbots::Outcome::Win(me));
        let missed_win = threatens(pos, me) && !wins_now && kept < 1;
        let block_exists = {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            moves.iter().any(|&m| {
                let mut c = *pos;
                c.play_unchecked(m);
                !threatens(&c, me.opponent())
            })
        };
        // (When every move loses anyway, which one is played does not matter.)
        let missed_block =
            exact >= 0 && !threatens(pos, me) && block_exists && threatens(&child, me.opponent());
        if missed_win || missed_block || (exact_value && kept < exact) {
            failures.push(*pos);
        }
    }
    assert!(
        failures.is_empty(),
        "{name} misplays {} of {} positions, e.g. {:?}",
        failures.len(),
        positions.len(),
        failures.first()
    );
}

#[test]
fn solver_mcts_plays_the_win_and_blocks_the_threat() {
    check_tactics("mcts", 1, true, |seed| Box::new(solver_mcts(seed)));
}

#[test]
fn plain_uct_plays_the_win_and_blocks_the_threat() {
    check_tactics("uct-plain", 7, false, |seed| {
        Box::new(Mcts::<TicTacToe, _>::plain(seed))
    });
}

fn budgeted_mcts(budget_bytes: usize, seed: u64) -> Mcts<TicTacToe, UniformPlayout<TicTacToe>> {
    Mcts::new(
        MctsConfig {
            memory_budget_bytes: budget_bytes,
            ..MctsConfig::default()
        },
        UniformPlayout::new(),
        seed,
    )
}

#[test]
fn memory_budget_caps_the_arena_and_search_goes_on() {
    let node_bytes = Tree::<TicTacToeMove>::node_bytes();
    assert!(node_bytes <= 16, "node is {node_bytes} bytes");
    for nodes in [1, 5, 10, 100, 3_000] {
        let budget = nodes * node_bytes;
        let mut mcts = budgeted_mcts(budget, 9);
        let mut pos = TicTacToe::start();
        // A whole game, so reuse and compaction run under the cap too.
        while pos.outcome().is_none() {
            let result = mcts.choose_move(&pos, &Limits::iterations(5_000));
            assert!(pos.is_legal(result.best_move), "budget {nodes} nodes");
            assert!(
                result.playouts == 5_000 || result.method == "mcts-solved",
                "playouts continue when the tree is full"
            );
            assert!(mcts.tree().len() <= nodes.max(1));
            assert!(
                mcts.tree().allocated_bytes() <= budget.max(node_bytes),
                "{} bytes allocated over a {budget}-byte budget",
                mcts.tree().allocated_bytes()
            );
            check_tree(mcts.tree(), Tree::<TicTacToeMove>::ROOT, &pos);
            pos.play_unchecked(result.best_move);
        }
    }
}

#[test]
fn node_cap_from_limits_stops_the_search() {
    let mut mcts = budgeted_mcts(1 << 20, 4);
    let result = mcts.choose_move(&TicTacToe::start(), &Limits::nodes(500));
    // The last iteration may add one node's children past the cap.
    assert!(mcts.tree().len() <= 500 + 9, "{} nodes", mcts.tree().len());
    assert!(result.playouts > 0);
}

#[test]
fn subtree_reuse_keeps_the_visits_of_the_new_root() {
    let limits = Limits::iterations(3_000);
    for reuse in [true, false] {
        let mut mcts = Mcts::new(
            MctsConfig {
                reuse_tree: reuse,
                solver: false,
                ..MctsConfig::default()
            },
            UniformPlayout::new(),
            21,
        );
        let start = TicTacToe::start();
        let first = mcts.choose_move(&start, &limits);
        assert!(first.pv.len() >= 2, "pv {:?}", first.pv);
        // Our move, then the opponent's most expected reply (a grandchild), then
        // an unrelated position.
        let mut pos = start;
        pos.play_unchecked(first.pv[0]);
        pos.play_unchecked(first.pv[1]);
        let second = mcts.choose_move(&pos, &limits);
        let root_visits = mcts.tree().node(Tree::<TicTacToeMove>::ROOT).visits() as u64;
        if reuse {
            assert!(
                root_visits > second.playouts,
                "root kept no visits: {root_visits} after {} playouts",
                second.playouts
            );
        } else {
            assert_eq!(root_visits, second.playouts);
        }
        check_tree(mcts.tree(), Tree::<TicTacToeMove>::ROOT, &pos);
        // The child of the new root: kept too.
        let mut child = pos;
        child.play_unchecked(second.best_move);
        mcts.choose_move(&child, &Limits::iterations(0));
        let kept = mcts.tree().node(Tree::<TicTacToeMove>::ROOT).visits();
        assert_eq!(kept > 0, reuse, "child reuse");
        check_tree(mcts.tree(), Tree::<TicTacToeMove>::ROOT, &child);
        // A position not below the root: a fresh tree.
        let unrelated = position(&[(2, 2), (0, 0), (2, 1)]);
        mcts.choose_move(&unrelated, &Limits::iterations(0));
        assert_eq!(mcts.tree().node(Tree::<TicTacToeMove>::ROOT).visits(), 0);
        check_tree(mcts.tree(), Tree::<TicTacToeMove>::ROOT, &unrelated);
    }
}

#[test]
fn reused_search_stays_deterministic() {
    let play = |seed| {
        let mut mcts = solver_mcts(seed);
        let mut pos = TicTacToe::start();
        let mut log = Vec::new();
        while pos.outcome().is_none() {
            let r = mcts.choose_move(&pos, &Limits::iterations(400));
            log.push((r.best_move, r.nodes, r.playouts));
            pos.play_unchecked(r.best_move);
        }
        log
    };
    assert_eq!(play(5), play(5));
}

#[test]
fn a_deadline_ends_the_search_with_a_legal_move() {
    // Only termination and legality are checked, never the elapsed time.
    for budget_ms in [0, 5] {
        let limits = Limits::time(std::time::Duration::from_millis(budget_ms));
        let mut mcts = Mcts::<TicTacToe, _>::plain(1);
        let result = mcts.choose_move(&TicTacToe::start(), &limits);
        assert!(TicTacToe::start().is_legal(result.best_move));
    }
}

/// Uniform playouts, plus a strong prior for one point.
struct FavourPoint {
    uniform: UniformPlayout<TicTacToe>,
    favourite: TicTacToeMove,
}

impl boardbots::search::PlayoutPolicy<TicTacToe> for FavourPoint {
    fn playout(
        &mut self,
        pos: &mut TicTacToe,
        rng: &mut rand::rngs::SmallRng,
    ) -> boardbots::Outcome {
        self.uniform.playout(pos, rng)
    }

    fn prior(&mut self, _parent: &TicTacToe, m: TicTacToeMove) -> boardbots::search::Prior {
        if m == self.favourite {
            boardbots::search::Prior {
                visits: 1_000,
                mean: 0.9,
            }
        } else {
            boardbots::search::Prior::default()
        }
    }
}

#[test]
fn priors_count_as_virtual_visits() {
    let favourite = TicTacToeMove::new(2, 1).unwrap();
    let policy = FavourPoint {
        uniform: UniformPlayout::new(),
        favourite,
    };
    let mut mcts = Mcts::new(MctsConfig::default(), policy, 2);
    let result = mcts.choose_move(&TicTacToe::start(), &Limits::iterations(50));
    assert_eq!(result.best_move, favourite);
    let root = mcts.tree().node(Tree::<TicTacToeMove>::ROOT);
    let favoured = root
        .children()
        .find(|&c| mcts.tree().node(c).mv() == favourite)
        .unwrap();
    assert!(mcts.tree().node(favoured).visits() >= 1_000);
    // Without the prior the edge point (2,1) is not the choice.
    let plain = solver_mcts(2).choose_move(&TicTacToe::start(), &Limits::iterations(5_000));
    assert_ne!(plain.best_move, favourite);
}
