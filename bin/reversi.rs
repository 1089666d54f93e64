//! The `reversi` bot executable; see `reversi --help`.

fn main() {
    std::process::exit(boardbots::protocol::bot_main::<boardbots::Reversi>());
}
