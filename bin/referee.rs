//! The `referee` executable; see `referee --help`.

fn main() {
    std::process::exit(boardbots::referee::referee_main());
}
