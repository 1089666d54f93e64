//! Reversi engine speed figures without the bot executable:
//! `cargo run --release --example reversi_bench [SECS | FIRST_FFO LAST_FFO | 0 GAMES | pattern
//! | depth D]`.
//! An argument that is not a number is refused with one line on stderr.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut out = std::io::stdout();
    let result = if std::env::args().nth(1).as_deref() == Some("pattern") {
        boardbots::engines::reversi::pattern_bench(&mut out, 0.8)
    } else if std::env::args().nth(1).as_deref() == Some("depth") {
        match std::env::args().nth(2).map(|d| d.parse::<u32>()) {
            Some(Ok(depth)) => boardbots::engines::reversi::pattern_depth_bench(&mut out, depth),
            _ => {
                eprintln!("reversi_bench: `depth` needs a depth (usage: depth D)");
                return ExitCode::from(2);
            }
        }
    } else {
        let mut args = Vec::new();
        for arg in std::env::args().skip(1) {
            match arg.parse::<u32>() {
                Ok(n) => args.push(n),
                Err(_) => {
                    eprintln!(
                        "reversi_bench: `{arg}` is not a number (usage: [SECS | FIRST_FFO LAST_FFO | 0 GAMES | pattern | depth D])"
                    );
                    return ExitCode::from(2);
                }
            }
        }
        match args[..] {
            [secs] => boardbots::engines::reversi::playout_bench(&mut out, secs as f64)
                .and_then(|()| boardbots::engines::reversi::mcts_bench(&mut out, secs as f64)),
            [0, games] => boardbots::engines::reversi::solver_reach_bench(&mut out, games as u64),
            [first, last] => {
                boardbots::engines::reversi::ffo_bench(&mut out, first..=last).map(drop)
            }
            _ => boardbots::engines::reversi::reversi_bench(&mut out),
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reversi_bench: {e}");
            ExitCode::FAILURE
        }
    }
}
