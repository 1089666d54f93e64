//! The command line shared by the four bot executables.

use std::time::Instant;

use crate::engines::Engines;

const USAGE: &str = "usage: GAME perft DEPTH | GAME --help";

/// Runs a bot executable for game `G` with the process arguments; returns the exit code.
pub fn bot_main<G: Engines>() -> i32 {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--help") | Some("-h") => {
            println!(
                "{name}: Botzone bot for {name} (boardbots)\n\n{USAGE}\n\n  perft DEPTH   count the leaves of the game tree DEPTH plies deep",
                name = G::NAME
            );
            0
        }
        Some("perft") => {
            let Some(depth) = args.get(1).and_then(|d| d.parse::<u32>().ok()) else {
                eprintln!("{}: perft needs a depth (a non-negative integer)", G::NAME);
                return 2;
            };
            let start = Instant::now();
            let leaves = G::start().perft(depth);
            let secs = start.elapsed().as_secs_f64();
            println!("{leaves}");
            println!(
                "depth {depth} time {secs:.3}s speed {:.2} M leaves/s",
                leaves as f64 / secs.max(1e-9) / 1e6
            );
            0
        }
        _ => {
            eprintln!(
                "{}: playing a Botzone turn is not implemented yet ({USAGE})",
                G::NAME
            );
            2
        }
    }
}
