//! The Reversi engines: the exact endgame solver against the FFO suite and
//! against a plain negamax (and the exact samples training solves with it),
//! the bot's legality and determinism, the baselines, and the `solve`
//! command line.
//! Heavy: run with `cargo test --release --test reversi_engine`.

use std::time::Instant;

use boardbots::engines::reversi::training::{exact_samples, read_samples, Position};
use boardbots::engines::reversi::{
    ffo_positions, EndgameSolver, EngineSettings, ReversiEngine, SolveError, SolveMode,
};
use boardbots::protocol::reversi_solve_command;
use boardbots::{Engines, Game, Limits, MoveList, Player, Reversi, ReversiMove, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn check_ffo(ids: std::ops::RangeInclusive<u32>) {
    let mut solver = EndgameSolver::new(64 << 20);
    let mut total_secs = 0.0;
    for ffo in ffo_positions().into_iter().filter(|p| ids.contains(&p.id)) {
        solver.clear_table();
        let started = Instant::now();
        let solution = solver
            .solve(&ffo.position, SolveMode::Exact, &Limits::unlimited())
            .expect("solvable");
        let secs = started.elapsed().as_secs_f64();
        total_secs += secs;
        println!(
            "FFO #{}: score {} best {} nodes {} time {secs:.2}s",
            ffo.id, solution.score, solution.best_move, solution.nodes
        );
        assert_eq!(solution.score, ffo.score, "FFO #{} score", ffo.id);
        assert!(
            ffo.best_moves.contains(&solution.best_move),
            "FFO #{}: {} is not among {:?}",
            ffo.id,
            solution.best_move,
            ffo.best_moves
        );
    }
    println!(
        "FFO #{}-#{}: {total_secs:.2}s in total",
        ids.start(),
        ids.end()
    );
}

#[test]
fn solver_solves_ffo_40_to_44() {
    check_ffo(40..=44);
}

#[test]
#[ignore = "about 9 CPU minutes (#49 alone 6); run with --ignored"]
fn solver_solves_ffo_45_to_49() {
    check_ffo(45..=49);
}

/// Negamax over the whole remaining tree, through the public rules only.
fn plain_negamax(pos: &Reversi) -> i32 {
    if pos.is_game_over() {
        return pos.final_score();
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            -plain_negamax(&child)
        })
        .max()
        .expect("an unfinished position has a move")
}

/// A position reached by uniformly random moves, stopped at `empties`
/// empty squares (or earlier if the game ends).
fn random_position(rng: &mut SmallRng, empties: u32) -> Reversi {
    let mut pos = Reversi::start();
    let mut moves = MoveList::new();
    while pos.empty_count() > empties && !pos.is_game_over() {
        pos.legal_moves(&mut moves);
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    pos
}

#[test]
fn solver_agrees_with_plain_negamax_on_small_endgames() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut solver = EndgameSolver::new(1 << 20);
    let mut solved = 0;
    for round in 0..400 {
        let empties = round % 11;
        let pos = random_position(&mut rng, empties);
        let context = format!("round {round}: {}", pos.to_board_string());
        if pos.is_game_over() {
            assert_eq!(
                solver.solve(&pos, SolveMode::Exact, &Limits::unlimited()),
                Err(SolveError::GameOver),
                "{context}"
            );
            continue;
        }
        let expected = plain_negamax(&pos);
        let exact = solver
            .solve(&pos, SolveMode::Exact, &Limits::unlimited())
            .expect(&context);
        assert_eq!(exact.score, expected, "{context}");
        let mut after_best = pos;
        after_best
            .try_play(exact.best_move)
            .unwrap_or_else(|e| panic!("{context}: {e}"));
        assert_eq!(-plain_negamax(&after_best), expected, "{context}");
        let wld = solver
            .solve(&pos, SolveMode::WinLossDraw, &Limits::unlimited())
            .expect(&context);
        assert_eq!(wld.score, expected.signum(), "{context}");
        let mut after_wld = pos;
        after_wld.try_play(wld.best_move).expect(&context);
        assert_eq!(
            (-plain_negamax(&after_wld)).signum(),
            expected.signum(),
            "{context}: the WLD move keeps the result"
        );
        solved += 1;
        // Half the rounds reuse the table (a stale-entry bug would show), half start cold.
        if round % 2 == 0 {
            solver.clear_table();
        }
    }
    assert!(solved > 300, "only {solved} unfinished positions");
}

#[test]
fn exact_samples_hold_perfect_play_scores_and_are_read_back() {
    let dir = std::env::temp_dir().join(format!("boardbots-exact-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut rng = SmallRng::seed_from_u64(13);
    let games: Vec<Reversi> = (0..12)
        .map(|round| random_position(&mut rng, 5 + round % 3))
        .filter(|pos| !pos.is_game_over())
        .collect();
    assert!(games.len() >= 10, "too few unfinished positions");
    let positions: Vec<Position> = games
        .iter()
        .map(|p| Position {
            player: p.player_bits(),
            opponent: p.opponent_bits(),
        })
        .collect();
    let mut log = Vec::new();
    let samples = exact_samples(&dir, "endgames", &positions, &mut log).expect("solved");
    assert_eq!(samples.len(), games.len());
    for (sample, game) in samples.iter().zip(&games) {
        assert_eq!(
            sample.label,
            plain_negamax(game) as f32,
            "{}",
            game.to_board_string()
        );
    }
    assert_eq!(String::from_utf8(log).unwrap().lines().count(), games.len());
    // The file holds the same samples, and a second call reads it back
    // instead of solving (nothing logged).
    assert_eq!(
        read_samples(&dir.join("endgames.samples")).unwrap(),
        samples
    );
    let mut again = Vec::new();
    assert_eq!(
        exact_samples(&dir, "endgames", &positions, &mut again).unwrap(),
        samples
    );
    assert!(again.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solver_gives_up_at_its_limits() {
    let ffo = &ffo_positions()[1];
    let mut solver = EndgameSolver::new(1 << 20);
    let capped = solver.solve(&ffo.position, SolveMode::Exact, &Limits::nodes(50_000));
    assert!(
        matches!(capped, Err(SolveError::Aborted { nodes }) if (50_000..60_000).contains(&nodes)),
        "{capped:?}"
    );
    let expired = Limits::until(Instant::now());
    // The clock is read every few thousand nodes, so a past deadline stops it soon.
    assert!(matches!(
        solver.solve(&ffo.position, SolveMode::Exact, &expired),
        Err(SolveError::Aborted { .. })
    ));
}

#[test]
fn the_solver_answers_a_forced_pass() {
    // White to move has no placement; Black does (c1): White must pass.
    let black = 0b0000_0001u64; // a1
    let white = 0b0000_0010u64; // b1
    let mut pos = Reversi::from_bitboards(black, white, Player::White);
    assert_eq!(pos.legal_moves_mask(), 0);
    let mut solver = EndgameSolver::new(1 << 20);
    let solution = solver
        .solve(&pos, SolveMode::Exact, &Limits::unlimited())
        .unwrap();
    assert_eq!(solution.best_move, ReversiMove::PASS);
    assert_eq!(solution.score, plain_negamax(&pos));
    pos.try_play(ReversiMove::PASS).unwrap();
}

/// Plays `engine` against the uniformly random player from the start,
/// checking every move the engine makes.
fn check_engine_game(engine: &mut dyn Searcher<Reversi>, seed: u64, limits: &Limits) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Reversi::start();
    let mut moves = MoveList::new();
    let engine_colour = if seed.is_multiple_of(2) {
        Player::Black
    } else {
        Player::White
    };
    while !pos.is_game_over() {
        pos.legal_moves(&mut moves);
        let m = if pos.side_to_move() == engine_colour {
            let result = engine.choose_move(&pos, limits);
            let must_pass = moves.as_slice() == [ReversiMove::PASS];
            assert_eq!(
                result.best_move.is_pass(),
                must_pass,
                "passes only when it must: {} {:?}",
                pos.to_board_string(),
                result
            );
            result.best_move
        } else {
            moves[rng.gen_range(0..moves.len())]
        };
        pos.try_play(m)
            .unwrap_or_else(|e| panic!("seed {seed}: {e} in {}", pos.to_board_string()));
    }
}

#[test]
fn every_engine_plays_only_legal_moves_and_passes_only_when_it_must() {
    for (index, &name) in Reversi::engine_names().iter().enumerate() {
        for seed in 0..4 {
            let mut engine = Reversi::engine(name, seed).expect("a listed engine");
            check_engine_game(
                engine.as_mut(),
                seed + 10 * index as u64,
                &Limits::iterations(300),
            );
        }
    }
}

#[test]
fn the_bot_plays_legal_moves_under_a_deadline() {
    let mut engine = ReversiEngine::new(EngineSettings::default(), 5);
    for seed in 0..2 {
        check_engine_game(
            &mut engine,
            seed,
            &Limits::time(std::time::Duration::from_millis(20)),
        );
    }
}

#[test]
fn a_passing_position_gets_the_pass_from_every_engine() {
    let pos = Reversi::from_bitboards(0b001, 0b010, Player::White);
    for &name in Reversi::engine_names() {
        let mut engine = Reversi::engine(name, 1).unwrap();
        let result = engine.choose_move(&pos, &Limits::iterations(100));
        assert_eq!(result.best_move, ReversiMove::PASS, "{name}");
    }
}

#[test]
fn same_seed_and_iteration_cap_give_the_same_move() {
    let mut rng = SmallRng::seed_from_u64(77);
    for empties in [50, 40, 30, 15] {
        let pos = random_position(&mut rng, empties);
        assert!(!pos.is_game_over());
        for &name in Reversi::engine_names() {
            let choose = || {
                let mut engine = Reversi::engine(name, 42).unwrap();
                engine.choose_move(&pos, &Limits::iterations(2_000))
            };
            let (first, second) = (choose(), choose());
            assert_eq!(
                first.best_move, second.best_move,
                "{name} at {empties} empties"
            );
            assert_eq!(first.playouts, second.playouts, "{name}");
        }
    }
}

#[test]
fn the_bot_solves_endgames_exactly() {
    // Within the solver's reach the bot's move keeps the exact score.
    let mut rng = SmallRng::seed_from_u64(5);
    let mut engine = ReversiEngine::new(EngineSettings::default(), 1);
    for _ in 0..20 {
        let pos = random_position(&mut rng, 9);
        if pos.is_game_over() {
            continue;
        }
        let result = engine.choose_move(&pos, &Limits::iterations(1_000));
        let expected = plain_negamax(&pos);
        let mut child = pos;
        child.try_play(result.best_move).unwrap();
        assert_eq!(
            -plain_negamax(&child),
            expected,
            "{}",
            pos.to_board_string()
        );
    }
}

#[test]
fn greedy_plays_a_move_flipping_the_most_discs() {
    let mut rng = SmallRng::seed_from_u64(8);
    let mut greedy = Reversi::engine("greedy", 3).unwrap();
    for _ in 0..200 {
        let empties = rng.gen_range(10..58);
        let pos = random_position(&mut rng, empties);
        if pos.legal_moves_mask() == 0 {
            continue;
        }
        let most = (0..64)
            .filter(|&s| pos.legal_moves_mask() >> s & 1 == 1)
            .map(|s| pos.flips(s).count_ones())
            .max()
            .unwrap();
        let chosen = greedy.choose_move(&pos, &Limits::iterations(1)).best_move;
        assert_eq!(pos.flips(chosen.index()).count_ones(), most);
    }
}

#[test]
fn engine_names_start_with_the_bot() {
    let names = Reversi::engine_names();
    assert_eq!(names, ["pattern", "mcts", "greedy", "random", "uct-plain"]);
    assert!(Reversi::engine("no-such-engine", 0).is_none());
}

#[test]
fn solve_command_prints_one_line_with_the_ffo_answer() {
    let ffo = &ffo_positions()[0];
    let started = Instant::now();
    let line = reversi_solve_command(&ffo.position.to_board_string(), "X").unwrap();
    let elapsed = started.elapsed().as_secs_f64();
    let fields: Vec<&str> = line.split(' ').collect();
    assert_eq!(fields.len(), 8, "{line}");
    assert_eq!(fields[0], "score");
    assert_eq!(fields[1].parse::<i32>().unwrap(), ffo.score);
    assert_eq!(fields[2], "best");
    assert!(
        ffo.best_moves.contains(&fields[3].parse().unwrap()),
        "{line}"
    );
    assert_eq!(fields[4], "nodes");
    assert!(fields[5].parse::<u64>().unwrap() > 0);
    assert_eq!(fields[6], "time");
    // Seconds with three decimals, and no more than the call took (the
    // solve is timed inside it; 0.0005 is the rounding).
    let (whole, decimals) = fields[7].split_once('.').expect("a decimal point");
    assert!(
        whole.parse::<u64>().is_ok() && decimals.len() == 3,
        "{line}"
    );
    assert!(
        fields[7].parse::<f64>().unwrap() <= elapsed + 0.0005,
        "{line}"
    );
}

#[test]
fn solve_command_reports_pass_and_refuses_bad_input() {
    let mut board = "-".repeat(64);
    board.replace_range(0..2, "XO");
    let line = reversi_solve_command(&board, "O").unwrap();
    assert!(line.contains(" best pass "), "{line}");
    assert!(reversi_solve_command(&board, "W").is_err());
    assert!(reversi_solve_command("XO", "X").is_err());
    let full = "X".repeat(64);
    assert!(reversi_solve_command(&full, "O")
        .unwrap_err()
        .contains("over"));
}
