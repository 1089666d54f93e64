//! The `tictactoe` bot executable; see `tictactoe --help`.

fn main() {
    std::process::exit(boardbots::protocol::bot_main::<boardbots::TicTacToe>());
}
