//! Finds Gomoku tactics positions for `tests/data/gomoku-tactics.txt` in
//! seeded self-play of the `greedy` player (with some random moves near the
//! centre, so games differ): positions where the side to move has a VCF,
//! where it has fours but no VCF, and where the opponent has a VCF the side
//! to move (without fours of its own) can stop, and where the side to move
//! has no VCF but wins by threats (VCT) within three threat moves. The
//! engine's solvers only
//! proposes them; `tests/gomoku_engine.rs` checks every one with its
//! rules-only brute-force oracle.
//!
//! ```sh
//! cargo run --release --example gomoku_tactics -- --games 400 --per-kind 20 --seed 1
//! ```

use boardbots::engines::gomoku::{
    format_move, GreedyThreats, Threat, ThreatBoard, VcfSolver, VctSolver,
};
use boardbots::{Game, Gomoku, GomokuMove, Limits, MoveList, Player, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Node cap of each solver call: a position is proposed only when every
/// call it needs finished within it.
const SOLVER_NODES: u64 = 200_000;

fn main() {
    let (mut games, mut per_kind, mut seed) = (400u64, 20usize, 1u64);
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse::<u64>().ok());
        match (pair[0].as_str(), value) {
            ("--games", Some(v)) => games = v,
            ("--per-kind", Some(v)) => per_kind = v as usize,
            ("--seed", Some(v)) => seed = v,
            _ => {
                eprintln!("usage: gomoku_tactics [--games N] [--per-kind K] [--seed S]");
                std::process::exit(2);
            }
        }
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut solver = VcfSolver::new(18);
    let mut vct = VctSolver::new(18);
    let mut found: [Vec<String>; 4] = Default::default();
    let mut legal = MoveList::new();
    for game in 0..games {
        if found.iter().all(|kind| kind.len() >= per_kind) {
            break;
        }
        let mut greedy = GreedyThreats::new(seed ^ game);
        let mut pos = Gomoku::start();
        let mut moves: Vec<GomokuMove> = Vec::new();
        // One position per game and kind, so the suite spreads over games.
        let mut taken = [false; 4];
        while pos.outcome().is_none() && moves.len() < 80 {
            if moves.len() >= 8 {
                let text = moves
                    .iter()
                    .map(|&m| format_move(m))
                    .collect::<Vec<_>>()
                    .join(" ");
                let side = pos.side_to_move().name();
                let name = |kind: &str| format!("gen-{kind}-s{seed}-g{game}-p{}", moves.len());
                match classify(&pos, &mut solver, &mut vct) {
                    Some(Kind::Vcf) if !taken[0] && found[0].len() < per_kind => {
                        taken[0] = true;
                        found[0].push(format!("vcf | {} | {text} | {side} | yes", name("vcf")));
                    }
                    Some(Kind::NoVcf) if !taken[1] && found[1].len() < per_kind => {
                        taken[1] = true;
                        found[1].push(format!("vcf | {} | {text} | {side} | no", name("novcf")));
                    }
                    Some(Kind::Defend) if !taken[2] && found[2].len() < per_kind => {
                        taken[2] = true;
                        found[2].push(format!("defend | {} | {text} | {side} | -", name("defend")));
                    }
                    Some(Kind::Vct) if !taken[3] && found[3].len() < per_kind => {
                        taken[3] = true;
                        found[3].push(format!(
                            "vct | {} | {text} | {side} | yes {VCT_THREATS}",
                            name("vct")
                        ));
                    }
                    _ => {}
                }
            }
            let m = if rng.gen_bool(0.25) {
                pos.legal_moves(&mut legal);
                let near: Vec<GomokuMove> = legal
                    .iter()
                    .copied()
                    .filter(|m| (m.x() - 7).abs() <= 3 && (m.y() - 7).abs() <= 3)
                    .collect();
                near[rng.gen_range(0..near.len())]
            } else {
                greedy.choose_move(&pos, &Limits::default()).best_move
            };
            pos.play_unchecked(m);
            moves.push(m);
        }
    }
    println!("# --- machine-found (examples/gomoku_tactics.rs, seed {seed})");
    for kind in &found {
        for line in kind {
            println!("{line}");
        }
    }
}

enum Kind {
    Vcf,
    NoVcf,
    Defend,
    Vct,
}

/// Most threat moves of a proposed VCT (the test's oracle is brute force).
const VCT_THREATS: u32 = 3;

/// What `pos` is good for, if anything: the solver's claims, each made only
/// when its search completed.
fn classify(pos: &Gomoku, solver: &mut VcfSolver, vct: &mut VctSolver) -> Option<Kind> {
    let me = pos.side_to_move();
    let them = me.opponent();
    let board = ThreatBoard::from_game(pos);
    if board.count(me, Threat::Five) > 0 || board.count(them, Threat::Five) > 0 {
        return None;
    }
    let limits = Limits::nodes(SOLVER_NODES);
    let mine = solver.solve(&board, me, &limits).map(|line| line.len());
    if !solver.last_search_complete() {
        return None;
    }
    if let Some(plies) = mine {
        // At least three fours: something to find.
        return (plies >= 5).then_some(Kind::Vcf);
    }
    let my_fours = board.count_at_least(me, Threat::Four);
    if solver.solve(&board, them, &limits).is_some() {
        if my_fours > 0 || !solver.last_search_complete() {
            return None;
        }
        return has_defence(&board, me, solver).then_some(Kind::Defend);
    }
    if my_fours >= 2 {
        return Some(Kind::NoVcf);
    }
    let wins = vct.solve(&board, me, VCT_THREATS, &limits).is_some();
    // A VCT of two threats or fewer is a plain double threat: keep the longer.
    (wins && vct.solve(&board, me, 2, &limits).is_none() && vct.last_search_complete())
        .then_some(Kind::Vct)
}

/// `true` if some move of `me` leaves the opponent no VCF (searched to the end).
fn has_defence(board: &ThreatBoard, me: Player, solver: &mut VcfSolver) -> bool {
    let limits = Limits::nodes(SOLVER_NODES);
    (0..Gomoku::POINTS).filter(|&p| board.is_empty(p)).any(|p| {
        let mut after = board.clone();
        after.place(p, me);
        solver.solve(&after, me.opponent(), &limits).is_none() && solver.last_search_complete()
    })
}
