//! Faulty bots against the referee: each fault ends the game with the right
//! termination and a win for the other side, within the turn's limit plus one
//! second, the match goes on, and no bot process outlives its game.

mod referee_support;

use boardbots::referee::{GameResult, Termination};
use referee_support::{assert_no_leftovers, bot, records, referee, Scratch};

/// Per-turn limit of these tests (the first turn of a game gets double).
const TIME_SECS: &str = "0.3";
const FIRST_TURN_LIMIT_MS: u64 = 600;

/// Plays two games (one per colour) of the faulty bot against the random
/// engine and checks every game ended by `expected` against the bot.
fn check_fault(script: &str, expected: Termination) {
    let marker = format!(
        "faultmarker{}{}",
        std::process::id(),
        script.replace('.', "")
    );
    let scratch = Scratch::new(script);
    let log = scratch.path("games.jsonl");
    let command = format!("{} {marker}", bot(script));
    let run = referee(
        &scratch,
        &[
            "play",
            "tictactoe",
            &command,
            "builtin:random",
            "--games",
            "2",
            "--time",
            TIME_SECS,
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    // Measured from outside too: each game ends within its first turn's
    // limit plus one second (the fault comes on the bot's first or second turn).
    let bound = std::time::Duration::from_millis(2 * (FIRST_TURN_LIMIT_MS + 1000));
    assert!(run.wall <= bound, "two games took {:?}", run.wall);
    let games = records(&log);
    assert_eq!(games.len(), 2, "both games are logged");
    for game in &games {
        assert_eq!(game.termination, expected, "{game:?}");
        let faulty_colour = if game.player_a == "black" {
            GameResult::White
        } else {
            GameResult::Black
        };
        assert_eq!(game.result, faulty_colour, "the other side wins: {game:?}");
        let last_turn = *game.times_ms.last().expect("the faulty turn is timed");
        assert!(
            last_turn <= FIRST_TURN_LIMIT_MS + 1000,
            "the fault was judged after {last_turn} ms"
        );
    }
    assert!(run
        .stdout
        .contains(&format!("Score of {command} vs builtin:random: 0 - 2 - 0")));
    assert!(run
        .stdout
        .contains(&format!("Terminations: {} 2", expected.name())));
    assert_no_leftovers(&scratch, &marker);
}

#[test]
fn crashing_bot_loses_by_crash() {
    check_fault("crash.sh", Termination::Crash);
}

#[test]
fn hanging_bot_loses_on_time() {
    check_fault("hang.sh", Termination::Timeout);
}

#[test]
fn garbage_answer_is_bad_output() {
    check_fault("garbage.sh", Termination::BadOutput);
}

#[test]
fn flooding_bot_hits_the_output_limit() {
    check_fault("flood.sh", Termination::OutputLimit);
}

#[test]
fn occupied_point_is_an_illegal_move() {
    check_fault("illegal.sh", Termination::IllegalMove);
}

#[test]
fn pass_without_passes_is_a_bad_pass() {
    check_fault("pass.sh", Termination::BadPass);
}

/// Plays the legal shell bot in `style` and returns the logged games.
fn play_legal_bot(
    scratch: &Scratch,
    io: &str,
    style: &str,
    marker: &str,
    games: &str,
) -> Vec<boardbots::referee::GameRecord> {
    let log = scratch.path("games.jsonl");
    let command = format!("{} {io} {style} {marker}", bot("ttt_player.sh"));
    let run = referee(
        scratch,
        &[
            "play",
            "tictactoe",
            &command,
            "builtin:random",
            "--games",
            games,
            "--time",
            "0.5",
            "--io",
            io,
            "--seed",
            "7",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    records(&log)
}

/// The debug strings of the bot's side in one game (`turn N pid P`).
fn bot_debug(game: &boardbots::referee::GameRecord) -> &[String] {
    if game.player_a == "black" {
        &game.debug.black
    } else {
        &game.debug.white
    }
}

#[test]
fn bot_ignoring_the_kill_marker_is_killed_with_its_group() {
    let marker = format!("stubbornmarker{}", std::process::id());
    let scratch = Scratch::new("stubborn");
    let games = play_legal_bot(&scratch, "json", "stubborn", &marker, "2");
    assert_eq!(games.len(), 2);
    for game in &games {
        assert_eq!(game.termination, Termination::Normal, "{game:?}");
        // One process answered every turn: the turn count grows, the pid stays.
        let debug = bot_debug(game);
        assert!(debug.len() >= 2, "{game:?}");
        let pids: Vec<&str> = debug
            .iter()
            .map(|d| d.rsplit(' ').next().unwrap())
            .collect();
        assert!(pids.windows(2).all(|w| w[0] == w[1]), "{debug:?}");
        assert!(debug
            .last()
            .unwrap()
            .starts_with(&format!("turn {} ", debug.len())));
    }
    assert_no_leftovers(&scratch, &marker);
}

#[test]
fn children_left_behind_are_killed_and_the_game_goes_on() {
    let marker = format!("childmarker{}", std::process::id());
    let scratch = Scratch::new("leave-child");
    let games = play_legal_bot(&scratch, "json", "leave-child", &marker, "2");
    assert_eq!(games.len(), 2);
    for game in &games {
        assert_eq!(game.termination, Termination::Normal, "{game:?}");
        // A fresh process every turn.
        assert!(bot_debug(game).iter().all(|d| d.starts_with("turn 1 ")));
    }
    // One process group per turn, each checked empty (its sleeper included).
    let pgids = std::fs::read_to_string(scratch.path("pgids")).unwrap();
    assert!(
        pgids.split_whitespace().count() >= 4,
        "one process per turn"
    );
    assert_no_leftovers(&scratch, &marker);
}

#[test]
fn simple_io_turn_by_turn_and_kept_running() {
    for style in ["once", "keep"] {
        let marker = format!("simplemarker{}{style}", std::process::id());
        let scratch = Scratch::new(&format!("simple-{style}"));
        let games = play_legal_bot(&scratch, "simple", style, &marker, "4");
        assert_eq!(games.len(), 4);
        for game in &games {
            assert_eq!(game.termination, Termination::Normal, "{style}: {game:?}");
            let last = bot_debug(game).last().unwrap();
            let expected_turn = if style == "keep" {
                bot_debug(game).len()
            } else {
                1
            };
            assert!(
                last.starts_with(&format!("turn {expected_turn} ")),
                "{last}"
            );
        }
        assert_no_leftovers(&scratch, &marker);
    }
}
