//! The `gomoku` bot executable; see `gomoku --help`.

fn main() {
    std::process::exit(boardbots::protocol::bot_main::<boardbots::Gomoku>());
}
