//! Lazy SMP (`--threads N` for the alpha-beta engines): helpers share the
//! transposition table, the main search answers. On two threads the engines
//! stay correct where the answer is forced (exact endgame scores, wins by
//! force); on one thread they search exactly as the plain search.

use boardbots::engines::gomoku::{parse_moves, ThreatSearch, ThreatSearchConfig};
use boardbots::engines::reversi::{
    middle_game_positions, EndgameSolver, MidgameSearch, PatternEngine, PatternSettings, SolveMode,
    Weights,
};
use boardbots::search::score::is_proven;
use boardbots::{Engines, Game, Gomoku, Limits, MoveList, Reversi, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions of seeded random games with `empties` empty squares and at
/// least two legal moves.
fn endgame_positions(count: usize, empties: u32, seed: u64) -> Vec<Reversi> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Reversi::start();
        while pos.outcome().is_none() && pos.empty_count() > empties {
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
        if pos.outcome().is_none() && pos.count_legal_moves() > 1 {
            out.push(pos);
        }
    }
    out
}

fn exact_midgame(threads: usize) -> PatternEngine {
    PatternEngine::with_threads(
        PatternSettings {
            probcut: None,
            use_solver: false,
            ..PatternSettings::default()
        },
        threads,
    )
}

#[test]
fn two_reversi_threads_find_the_exact_endgame_score() {
    let mut solver = EndgameSolver::new(1 << 20);
    for pos in endgame_positions(8, 11, 7) {
        let exact = solver
            .solve(&pos, SolveMode::Exact, &Limits::unlimited())
            .expect("unfinished")
            .score;
        let depth = Limits::depth(pos.empty_count());
        let single = exact_midgame(1).choose_move(&pos, &depth);
        let mut engine = exact_midgame(2);
        assert_eq!(engine.threads(), 2);
        let double = engine.choose_move(&pos, &depth);
        assert_eq!(single.score, Some(exact), "{}", pos.to_board_string());
        assert_eq!(double.score, Some(exact), "{}", pos.to_board_string());
        assert!(pos.is_legal(double.best_move));
        // The move is one that keeps the exact score.
        let mut after = pos;
        after.play_unchecked(double.best_move);
        let value_after = match after.outcome() {
            Some(_) => unreachable!("11 empties cannot end in one move"),
            None => {
                -solver
                    .solve(&after, SolveMode::Exact, &Limits::unlimited())
                    .expect("unfinished")
                    .score
            }
        };
        assert_eq!(value_after, exact, "{}", pos.to_board_string());
    }
}

#[test]
fn one_reversi_thread_searches_as_the_plain_search() {
    for pos in middle_game_positions(4, 3) {
        let limits = Limits::depth(7);
        let mut plain = MidgameSearch::new(
            Weights::embedded(),
            16 << 20,
            PatternSettings::default().probcut,
        );
        let expected = plain
            .search(pos.player_bits(), pos.opponent_bits(), &limits, None)
            .expect("placements");
        for mut engine in [
            Box::new(PatternEngine::with_threads(PatternSettings::default(), 1))
                as Box<dyn Searcher<Reversi>>,
            Reversi::engine_on_threads("pattern", 1, 1).expect("known"),
        ] {
            let result = engine.choose_move(&pos, &limits);
            assert_eq!(result.nodes, expected.nodes);
            assert_eq!(result.depth, expected.depth);
            assert_eq!(
                result.best_move.index(),
                expected.best_square.expect("placements")
            );
        }
    }
}

#[test]
fn two_reversi_threads_play_legal_moves_within_a_deadline() {
    let mut engine = Reversi::engine_on_threads("pattern", 1, 2).expect("known");
    for pos in middle_game_positions(3, 5) {
        let result = engine.choose_move(&pos, &Limits::time(std::time::Duration::from_millis(60)));
        assert!(pos.is_legal(result.best_move));
        assert!(result.depth >= 1);
    }
}

fn gomoku(moves: &str) -> Gomoku {
    let mut pos = Gomoku::start();
    for m in parse_moves(moves).expect("parses") {
        pos.try_play(m).expect("legal");
    }
    pos
}

#[test]
fn two_gomoku_threads_find_forced_wins() {
    // Black's four h8-k8 is blocked at g8: the five at l8 is the only win.
    let four = gomoku("h8 g8 i8 a1 j8 a3 k8 a5");
    let mut engine = ThreatSearch::with_threads(ThreatSearchConfig::default(), 2);
    assert_eq!(engine.threads(), 2);
    let result = engine.main_search(&four, &Limits::depth(4));
    assert_eq!(result.best_move, parse_moves("l8").unwrap()[0]);
    // Wins by continuous fours (bench VCF positions): proven wins on one
    // thread stay proven wins on two, with a move that keeps the win.
    for moves in [
        "e9 k8 e7 e6 g9 k7 f8 h10 g7 h6 g6 g8 f7 h7",
        "k7 j7 k6 k8 i6 j6 j5 f10 i4 l7 k4 h7",
    ] {
        let pos = gomoku(moves);
        let limits = Limits::depth(9);
        let single = ThreatSearch::default().main_search(&pos, &limits);
        let double = engine.main_search(&pos, &limits);
        for result in [&single, &double] {
            assert!(
                result.score.is_some_and(|s| is_proven(s) && s > 0),
                "{moves}: {result:?}"
            );
        }
        assert!(pos.is_legal(double.best_move));
        let mut after = pos;
        after.play_unchecked(double.best_move);
        let reply = ThreatSearch::default().main_search(&after, &limits);
        assert!(
            after.outcome().is_some() || reply.score.is_some_and(|s| is_proven(s) && s < 0),
            "{moves}: the move lets the win go"
        );
    }
}

#[test]
fn one_gomoku_thread_searches_as_the_plain_search() {
    for moves in [
        "i7 k8 i10 i8 h8 k5 j5 k6 k7 j7 h9 i6 h5",
        "h8 i9 g7 i7 i8 g8 j9",
    ] {
        let pos = gomoku(moves);
        let limits = Limits::depth(5);
        let plain = ThreatSearch::default().main_search(&pos, &limits);
        let one =
            ThreatSearch::with_threads(ThreatSearchConfig::default(), 1).main_search(&pos, &limits);
        assert_eq!(
            (one.best_move, one.score, one.nodes),
            (plain.best_move, plain.score, plain.nodes)
        );
    }
}
