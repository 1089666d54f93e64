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

fn solve(_args: &[String], _out: &mut dyn Write) -> Result<(), String> {
    Err("not implemented yet".to_string())
}

fn main() {
    std::process::exit(bot_main_with::<boardbots::Reversi>(&[SOLVE]));
}
