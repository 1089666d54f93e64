//! The `reversi` bot executable; see `reversi --help`.

use std::io::Write;

use boardbots::protocol::{bot_main_with, ExtraCommand};

/// `reversi solve BOARD SIDE`: exact endgame solving, supplied by the Reversi engine.
const SOLVE: ExtraCommand = ExtraCommand {
    name: "solve",
    about: "Solve a position exactly; prints `score <n> best <move> nodes <n> time <secs>`",
    args: &[
        (
            "BOARD",
            "64 characters row-major from a1 (x=0,y=0) to h8: X black, O white, - empty",
        ),
        ("SIDE", "the side to move: X or O"),
    ],
    run: solve,
};

fn solve(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let [board, side] = args else {
        return Err("expected BOARD and SIDE".to_string());
    };
    let line = boardbots::engines::reversi::reversi_solve_command(board, side)?;
    writeln!(out, "{line}").map_err(|e| e.to_string())
}

fn main() {
    std::process::exit(bot_main_with::<boardbots::Reversi>(&[SOLVE]));
}
