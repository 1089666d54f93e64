//! Reversi engine speed figures without the bot executable:
//! `cargo run --release --example reversi_bench [SECS | FIRST_FFO LAST_FFO | 0 GAMES | pattern]`.

fn main() -> std::io::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("pattern") {
        return boardbots::engines::reversi::pattern_bench(&mut std::io::stdout(), 0.8);
    }
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("an FFO number"))
        .collect();
    let mut out = std::io::stdout();
    match args[..] {
        [secs] => boardbots::engines::reversi::playout_bench(&mut out, secs as f64)
            .and_then(|()| boardbots::engines::reversi::mcts_bench(&mut out, secs as f64)),
        [0, games] => boardbots::engines::reversi::solver_reach_bench(&mut out, games as u64),
        [first, last] => boardbots::engines::reversi::ffo_bench(&mut out, first..=last).map(drop),
        _ => boardbots::engines::reversi::reversi_bench(&mut out),
    }
}
