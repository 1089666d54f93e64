//! Engines of other protocols in the referee (`gomocup:`, `gtp:`, `nboard:`):
//! small fake engines from `tests/bots/` play whole games, faulty ones lose
//! with the right termination and leave no process behind, and our own
//! `gomoku --gomocup` plays our Botzone bot.

mod referee_support;

use boardbots::referee::{GameRecord, GameResult, Termination};
use referee_support::{assert_no_leftovers, bot, records, referee, Scratch};

/// Plays `games` games of `spec` (player A) against `builtin:random` with
/// the options `extra` and returns the log; the referee must succeed.
fn play_with(
    scratch: &Scratch,
    game: &str,
    spec: &str,
    games: &str,
    time: &str,
    extra: &[&str],
) -> Vec<GameRecord> {
    let log = scratch.path("games.jsonl");
    let mut args = vec![
        "play",
        game,
        spec,
        "builtin:random",
        "--games",
        games,
        "--time",
        time,
        "--seed",
        "3",
        "--log",
        log.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let run = referee(scratch, &args);
    assert!(run.output.status.success(), "{spec}: {}", run.stderr);
    records(&log)
}

fn play(scratch: &Scratch, game: &str, spec: &str, games: &str, time: &str) -> Vec<GameRecord> {
    play_with(scratch, game, spec, games, time, &[])
}

fn a_side_debug(game: &GameRecord) -> &[String] {
    if game.player_a == "black" {
        &game.debug.black
    } else {
        &game.debug.white
    }
}

fn reversi_bin() -> &'static str {
    env!("CARGO_BIN_EXE_reversi")
}

/// The fake plays whole games without a fault, in both colours.
fn check_whole_games(game: &str, spec: &str, expect_debug: &str) {
    let scratch = Scratch::new(&format!("good-{game}-{}", spec.len()));
    let games = play(&scratch, game, spec, "4", "1.0");
    assert_eq!(games.len(), 4);
    for record in &games {
        assert_eq!(record.termination, Termination::Normal, "{record:?}");
        // Every turn was timed, and the fake's own turns carry its debug text.
        assert_eq!(record.times_ms.len(), record.moves.len(), "{record:?}");
        assert!(
            a_side_debug(record)
                .iter()
                .any(|d| d.contains(expect_debug)),
            "{record:?}"
        );
    }
}

/// Every game ends by `expected` against the faulty fake (player A), and no
/// process of it is left.
fn check_fault(game: &str, spec_of: impl Fn(&str) -> String, mode: &str, expected: Termination) {
    let marker = format!("bridgemarker{}{game}{mode}", std::process::id());
    let scratch = Scratch::new(&format!("{game}-{mode}"));
    let spec = spec_of(&format!("{mode} {marker}"));
    let games = play(&scratch, game, &spec, "2", "0.3");
    assert_eq!(games.len(), 2);
    for record in &games {
        assert_eq!(record.termination, expected, "{mode}: {record:?}");
        let winner = if record.player_a == "black" {
            GameResult::White
        } else {
            GameResult::Black
        };
        assert_eq!(record.result, winner, "{mode}: {record:?}");
    }
    assert_no_leftovers(&scratch, &marker);
}

/// The fakes' `slow-start` takes 1.5 s or more over its set-up (the Gomocup
/// fake 1.5 s of it on `INFO max_memory`); with 0.7 s a turn (1.4 s for the
/// first), a start-up charged to the first move would lose it on time.
fn check_slow_start(game: &str, spec: &str) {
    let scratch = Scratch::new(&format!("slow-start-{game}"));
    let games = play(&scratch, game, spec, "2", "0.7");
    assert_eq!(games.len(), 2);
    for record in &games {
        assert_eq!(record.termination, Termination::Normal, "{record:?}");
        // The start-up is noted on the engine's first turn, and no move's
        // time includes it.
        let first = a_side_debug(record).first().expect("the engine moved");
        let startup_ms: u64 = first
            .strip_prefix("start-up ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|ms| ms.parse().ok())
            .unwrap_or_else(|| panic!("no start-up note in {first:?}"));
        assert!(startup_ms >= 1500, "{first}");
        let slowest = record.times_ms.iter().max().copied().unwrap_or(0);
        assert!(slowest < startup_ms, "{record:?}");
    }
}

/// An engine that never answers its set-up loses by `startup-timeout` once
/// `--startup-time` is over, and leaves no process.
fn check_silent_start(game: &str, spec_of: impl Fn(&str) -> String) {
    let marker = format!("silentstartmarker{}{game}", std::process::id());
    let scratch = Scratch::new(&format!("silent-start-{game}"));
    let spec = spec_of(&format!("silent-start {marker}"));
    let games = play_with(
        &scratch,
        game,
        &spec,
        "2",
        "0.3",
        &["--startup-time", "0.5"],
    );
    assert_eq!(games.len(), 2);
    for record in &games {
        assert_eq!(
            record.termination,
            Termination::StartupTimeout,
            "{record:?}"
        );
        assert!(
            record.detail.contains("start-up limit of 0.5 s"),
            "{record:?}"
        );
        let winner = if record.player_a == "black" {
            GameResult::White
        } else {
            GameResult::Black
        };
        assert_eq!(record.result, winner, "{record:?}");
    }
    assert_no_leftovers(&scratch, &marker);
}

#[test]
fn slow_starting_engines_are_not_charged_for_start_up() {
    check_slow_start("gomoku", &gomocup_fake("slow-start"));
    check_slow_start("reversi", &gtp_fake("slow-start"));
}

#[test]
fn engines_that_never_start_lose_by_startup_timeout() {
    check_silent_start("gomoku", gomocup_fake);
    check_silent_start("reversi", gtp_fake);
}

fn gomocup_fake(args: &str) -> String {
    format!("gomocup:{} {args}", bot("gomocup_fake.sh"))
}

fn gtp_fake(args: &str) -> String {
    format!("gtp:{} {} {args}", bot("gtp_fake.sh"), reversi_bin())
}

fn nboard_fake(args: &str) -> String {
    format!("nboard:{} {} {args}", bot("nboard_fake.sh"), reversi_bin())
}

#[test]
fn gomocup_fake_plays_whole_games() {
    check_whole_games("gomoku", &gomocup_fake("good"), "MESSAGE first empty point");
}

#[test]
fn gomocup_brains_get_a_moment_after_answering() {
    // The fake garbles a TURN sent within 10 ms of its answer, as Rapfi
    // does; the opponent (a built-in engine) answers at once.
    check_whole_games(
        "gomoku",
        &gomocup_fake("hasty"),
        "MESSAGE first empty point",
    );
}

#[test]
fn gomocup_faults() {
    for (mode, expected) in [
        ("refuse", Termination::BadOutput),
        ("garbage", Termination::BadOutput),
        ("hang", Termination::Timeout),
        ("crash", Termination::Crash),
        ("occupied", Termination::IllegalMove),
    ] {
        check_fault("gomoku", gomocup_fake, mode, expected);
    }
}

#[test]
fn gtp_fake_plays_whole_games() {
    // The fake answers "? unknown command" to the time commands: tolerated
    // and noted in the debug text.
    check_whole_games("reversi", &gtp_fake("good"), "not understood: time_");
}

#[test]
fn gtp_faults() {
    for (mode, expected) in [
        ("hang", Termination::Timeout),
        ("crash", Termination::Crash),
        ("garbage", Termination::BadOutput),
        ("illegal", Termination::IllegalMove),
        ("refuse-play", Termination::BadOutput),
    ] {
        check_fault("reversi", gtp_fake, mode, expected);
    }
}

#[test]
fn nboard_fake_plays_whole_games() {
    check_whole_games("reversi", &nboard_fake("good"), "0.00 0.0");
}

#[test]
fn nboard_faults() {
    for (mode, expected) in [
        ("hang", Termination::Timeout),
        ("crash", Termination::Crash),
        ("garbage", Termination::BadOutput),
        ("illegal", Termination::IllegalMove),
    ] {
        check_fault("reversi", nboard_fake, mode, expected);
    }
}

#[test]
fn our_gomocup_brain_plays_our_botzone_bot() {
    let scratch = Scratch::new("own-gomocup");
    let log = scratch.path("games.jsonl");
    let gomoku = env!("CARGO_BIN_EXE_gomoku");
    let brain = format!("gomocup:{gomoku} --gomocup");
    let botzone = format!("{gomoku} --time 0.15");
    let run = referee(
        &scratch,
        &[
            "play",
            "gomoku",
            &brain,
            &botzone,
            "--games",
            "2",
            "--time",
            "0.5",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert_eq!(games.len(), 2);
    for record in &games {
        assert_eq!(record.termination, Termination::Normal, "{record:?}");
        // The brain's search summaries arrive as MESSAGE lines.
        assert!(a_side_debug(record)
            .iter()
            .any(|d| d.starts_with("MESSAGE alphabeta")));
    }
}

#[test]
fn foreign_players_refuse_other_games() {
    let scratch = Scratch::new("wrong-game");
    for (game, spec, message) in [
        (
            "tictactoe",
            "gomocup:true",
            "gomocup: players are for gomoku only",
        ),
        ("gomoku", "gtp:true", "gtp: players are for reversi only"),
        (
            "nogo",
            "nboard:true",
            "nboard: players are for reversi only",
        ),
    ] {
        let run = referee(&scratch, &["play", game, spec, "builtin:random"]);
        assert_eq!(run.output.status.code(), Some(2), "{spec}");
        assert!(run.stderr.contains(message), "{spec}: {}", run.stderr);
    }
}

#[test]
fn a_bad_startup_time_is_refused() {
    let scratch = Scratch::new("bad-startup-time");
    for bad in ["0", "-1", "soon"] {
        let run = referee(
            &scratch,
            &[
                "play",
                "gomoku",
                "builtin:random",
                "builtin:random",
                "--startup-time",
                bad,
            ],
        );
        assert_eq!(run.output.status.code(), Some(2), "{bad}");
        assert!(
            run.stderr.contains("--startup-time"),
            "{bad}: {}",
            run.stderr
        );
    }
}
