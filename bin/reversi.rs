//! The `reversi` bot executable; see `reversi --help`.

use boardbots::protocol::{bot_main_with, REVERSI_SOLVE};

fn main() {
    std::process::exit(bot_main_with::<boardbots::Reversi>(&[REVERSI_SOLVE]));
}
