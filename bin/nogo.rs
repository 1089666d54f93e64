//! The `nogo` bot executable; see `nogo --help`.

fn main() {
    std::process::exit(boardbots::protocol::bot_main::<boardbots::NoGo>());
}
