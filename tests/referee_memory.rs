//! `--memory`: a bot that allocates 1 GiB under Botzone's 256 MiB cap loses
//! with the termination `memory`, and plays normally with the cap off.
//!
//! The bot is this test executable itself (`referee_memory allocate MIB`,
//! hence `harness = false`), followed by the real TicTacToe bot, which only
//! runs if the allocation succeeded: `sh -c "hog allocate 1024 && tictactoe"`.
//! The allocation is zeroed and never touched, so without a cap it costs
//! address space, not memory.

mod referee_support;

use boardbots::referee::{GameResult, Termination};
use referee_support::{records, referee, Scratch};

fn hog_command() -> String {
    let hog = std::env::current_exe().expect("the test knows its own path");
    format!(
        "{} allocate 1024 && {} --time 0.05",
        hog.display(),
        env!("CARGO_BIN_EXE_tictactoe")
    )
}

/// Plays the hog against the random engine (both colours) with `--memory`
/// set to `memory` (the default if `None`) and returns the games'
/// terminations, whether the hog lost each, and their details.
fn play_hog(tag: &str, memory: Option<&str>) -> Vec<(Termination, bool, String)> {
    let scratch = Scratch::new(tag);
    let log = scratch.path("games.jsonl");
    let hog = format!("hog={}", hog_command());
    let mut args = vec![
        "play",
        "tictactoe",
        &hog,
        "builtin:random",
        "--games",
        "2",
        "--time",
        "2",
        "--log",
        log.to_str().unwrap(),
    ];
    if let Some(memory) = memory {
        args.extend(["--memory", memory]);
    }
    let run = referee(&scratch, &args);
    assert!(run.output.status.success(), "{}", run.stderr);
    records(&log)
        .into_iter()
        .map(|game| {
            let hog_colour = if game.player_a == "black" {
                GameResult::Black
            } else {
                GameResult::White
            };
            let lost = game.result != hog_colour && game.result != GameResult::Draw;
            (game.termination, lost, game.detail)
        })
        .collect()
}

fn a_gigabyte_under_the_default_cap_loses_by_memory() {
    let games = play_hog("memory-default", None);
    assert_eq!(games.len(), 2);
    for (termination, lost, detail) in &games {
        assert_eq!(*termination, Termination::Memory, "{detail}");
        assert!(lost, "{detail}");
        assert!(detail.contains("256 MiB"), "{detail}");
        assert!(detail.contains("memory allocation of"), "{detail}");
        println!("  {detail}");
    }
}

fn without_a_cap_the_same_bot_plays_on() {
    let games = play_hog("memory-off", Some("0"));
    assert_eq!(games.len(), 2);
    for (termination, _, detail) in &games {
        assert_eq!(*termination, Termination::Normal, "{detail}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("allocate") {
        let mib: usize = args[2].parse().expect("allocate MIB");
        let block = vec![0u8; mib << 20];
        std::hint::black_box(&block);
        return;
    }
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let tests: [(&str, fn()); 2] = [
        (
            "a_gigabyte_under_the_default_cap_loses_by_memory",
            a_gigabyte_under_the_default_cap_loses_by_memory,
        ),
        (
            "without_a_cap_the_same_bot_plays_on",
            without_a_cap_the_same_bot_plays_on,
        ),
    ];
    for (name, test) in tests {
        test();
        println!("test {name} ... ok");
    }
}
