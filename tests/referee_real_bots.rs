//! The project's own bot executables under the referee: JSON and simple I/O,
//! turn by turn and kept running, against built-in engines. Every game must
//! end normally and replay through the rules.

mod referee_support;

use boardbots::referee::{GameRecord, GameResult, Termination};
use boardbots::{Game, Outcome, Player};
use referee_support::{records, referee, Scratch};

fn check_against_rules<G: Game>(record: &GameRecord) {
    let mut position = G::start();
    for &[x, y] in &record.moves {
        let m = G::move_from_xy(x, y).expect("a move of the game");
        position.try_play(m).expect("a legal move");
    }
    let expected = match position.outcome().expect("the game is over") {
        Outcome::Win(Player::Black) => GameResult::Black,
        Outcome::Win(Player::White) => GameResult::White,
        Outcome::Draw => GameResult::Draw,
    };
    assert_eq!(record.result, expected);
}

/// Plays `games` games of the game's bot executable (thinking `bot_secs` a
/// turn, with `extra` arguments) against a built-in engine.
fn bot_vs_builtin<G: Game>(exe: &str, extra: &str, io: &str, games: &str, more: &[&str]) {
    let scratch = Scratch::new(&format!("{}-{io}-{}", G::NAME, extra.replace(' ', "")));
    let log = scratch.path("games.jsonl");
    let command = format!("{exe} --time 0.05 {extra}");
    let mut args = vec![
        "play",
        G::NAME,
        &command,
        "builtin:random",
        "--games",
        games,
        "--time",
        "1",
        "--io",
        io,
        "--concurrency",
        "2",
        "--log",
        log.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    let run = referee(&scratch, &args);
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert!(!games.is_empty());
    for game in &games {
        assert_eq!(
            game.termination,
            Termination::Normal,
            "{command} ({io}): {}",
            game.detail
        );
        check_against_rules::<G>(game);
    }
}

#[test]
fn tictactoe_bot_in_every_mode() {
    let exe = env!("CARGO_BIN_EXE_tictactoe");
    for io in ["json", "simple"] {
        bot_vs_builtin::<boardbots::TicTacToe>(exe, "", io, "4", &[]);
        bot_vs_builtin::<boardbots::TicTacToe>(exe, "--keep-running", io, "4", &[]);
    }
}

#[test]
fn reversi_bot_in_every_mode() {
    let exe = env!("CARGO_BIN_EXE_reversi");
    // Keep-running is Reversi's default.
    for io in ["json", "simple"] {
        bot_vs_builtin::<boardbots::Reversi>(exe, "", io, "2", &[]);
        bot_vs_builtin::<boardbots::Reversi>(exe, "--turn-by-turn", io, "2", &[]);
    }
}

#[test]
fn nogo_bot_in_every_mode() {
    let exe = env!("CARGO_BIN_EXE_nogo");
    for io in ["json", "simple"] {
        bot_vs_builtin::<boardbots::NoGo>(exe, "", io, "2", &[]);
        bot_vs_builtin::<boardbots::NoGo>(exe, "--keep-running", io, "2", &[]);
    }
}

#[test]
fn gomoku_bot_in_json_modes() {
    let exe = env!("CARGO_BIN_EXE_gomoku");
    // Keep-running is Gomoku's default.
    bot_vs_builtin::<boardbots::Gomoku>(exe, "", "json", "2", &[]);
    bot_vs_builtin::<boardbots::Gomoku>(exe, "--turn-by-turn", "json", "2", &[]);
}

/// Two of our bot processes against each other from XOT openings: both sides
/// external, one kept running, one started afresh every turn.
#[test]
fn reversi_bot_against_reversi_bot_from_xot_openings() {
    let exe = env!("CARGO_BIN_EXE_reversi");
    let scratch = Scratch::new("reversi-bot-vs-bot");
    let log = scratch.path("games.jsonl");
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/data/reversi-xot-openings.txt");
    let a = format!("{exe} --time 0.05");
    let b = format!("{exe} --time 0.05 --engine greedy --turn-by-turn");
    let run = referee(
        &scratch,
        &[
            "play",
            "reversi",
            &a,
            &b,
            "--games",
            "2",
            "--time",
            "1",
            "--openings",
            openings,
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert_eq!(games.len(), 2);
    for game in &games {
        assert_eq!(game.termination, Termination::Normal, "{}", game.detail);
        check_against_rules::<boardbots::Reversi>(game);
    }
}
