//! `--memory`, measured as judges measure it: the resident memory of the
//! bot's process group. A bot that touches 1 GiB under Botzone's 256 MiB
//! loses with the termination `memory`; one that only reserves 2 GiB of
//! address space, and one that touches 300 MiB under a 512 MiB limit, play
//! normally.
//!
//! The bot is this test executable itself (`referee_memory reserve|touch MIB
//! -- BOT...`, hence `harness = false`): it reserves or touches the memory,
//! then runs the real TicTacToe bot as its child and holds the memory while
//! the child answers.

mod referee_support;

use boardbots::referee::{GameResult, Termination};
use referee_support::{records, referee, Scratch};

fn hog_command(mode: &str, mib: usize) -> String {
    let hog = std::env::current_exe().expect("the test knows its own path");
    format!(
        "{} {mode} {mib} -- {} --time 0.05",
        hog.display(),
        env!("CARGO_BIN_EXE_tictactoe")
    )
}

/// Plays the hog against the random engine (both colours) with `--memory`
/// set to `memory` (the default if `None`) and returns the games'
/// terminations, whether the hog lost each, and their details.
fn play_hog(
    tag: &str,
    mode: &str,
    mib: usize,
    memory: Option<&str>,
) -> Vec<(Termination, bool, String)> {
    let scratch = Scratch::new(tag);
    let log = scratch.path("games.jsonl");
    let hog = format!("hog={}", hog_command(mode, mib));
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

fn touching_a_gigabyte_under_the_default_limit_loses_by_memory() {
    let games = play_hog("memory-touch", "touch", 1024, None);
    assert_eq!(games.len(), 2);
    for (termination, lost, detail) in &games {
        assert_eq!(*termination, Termination::Memory, "{detail}");
        assert!(lost, "{detail}");
        assert!(detail.contains("over the 256 MiB limit"), "{detail}");
        println!("  {detail}");
    }
}

fn reserving_two_gigabytes_without_touching_them_plays_on() {
    let games = play_hog("memory-reserve", "reserve", 2048, None);
    assert_eq!(games.len(), 2);
    for (termination, _, detail) in &games {
        assert_eq!(*termination, Termination::Normal, "{detail}");
    }
}

fn touching_less_than_the_limit_plays_on() {
    let games = play_hog("memory-under", "touch", 300, Some("512"));
    assert_eq!(games.len(), 2);
    for (termination, _, detail) in &games {
        assert_eq!(*termination, Termination::Normal, "{detail}");
    }
}

/// `reserve|touch MIB -- BOT...`: maps MIB MiB (writing every page if
/// `touch`), then runs BOT with this process's standard streams and exits
/// with its status, the mapping held until then.
fn hog(args: &[String]) -> i32 {
    let [mode, mib, dashes, bot, bot_args @ ..] = args else {
        panic!("usage: reserve|touch MIB -- BOT...");
    };
    assert_eq!(dashes, "--");
    let bytes = mib.parse::<usize>().expect("MIB") << 20;
    // SAFETY: an anonymous private mapping of fresh pages; only this
    // function writes to it, within its bounds.
    unsafe {
        let block = libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        );
        assert_ne!(block, libc::MAP_FAILED, "mmap of {mib} MiB");
        if mode == "touch" {
            let bytes_ptr = block as *mut u8;
            for page in (0..bytes).step_by(4096) {
                bytes_ptr.add(page).write_volatile(1);
            }
        }
    }
    let status = std::process::Command::new(bot)
        .args(bot_args)
        .status()
        .expect("the bot runs");
    status.code().unwrap_or(1)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if matches!(args.get(1).map(String::as_str), Some("reserve" | "touch")) {
        std::process::exit(hog(&args[1..]));
    }
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let tests: [(&str, fn()); 3] = [
        (
            "touching_a_gigabyte_under_the_default_limit_loses_by_memory",
            touching_a_gigabyte_under_the_default_limit_loses_by_memory,
        ),
        (
            "reserving_two_gigabytes_without_touching_them_plays_on",
            reserving_two_gigabytes_without_touching_them_plays_on,
        ),
        (
            "touching_less_than_the_limit_plays_on",
            touching_less_than_the_limit_plays_on,
        ),
    ];
    for (name, test) in tests {
        test();
        println!("test {name} ... ok");
    }
}
