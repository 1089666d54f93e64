//! The web board in a real browser: Debian's headless Chromium (installed by
//! `.ci/run`), driven over the DevTools protocol (`web_support::devtools`).
//! A person plays a Reversi move by clicking, the bot's answer appears, and
//! the page is saved as `target/screenshots/web-board-reversi.png`. Replays
//! of a Gomoku and a NoGo game are checked as drawn.
//!
//! Without Chromium these tests fail with a message saying so: they never
//! pass without having run.

mod web_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use web_support::devtools::Browser;
use web_support::{scratch_file, WebReferee};

fn screenshot_path(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot directory");
    dir.join(name)
}

#[test]
fn a_person_clicks_a_reversi_move_and_sees_the_bot_answer() {
    let referee = WebReferee::start(&[
        "play",
        "reversi",
        "web",
        "builtin:greedy",
        "--time",
        "60",
        "--seed",
        "3",
    ]);
    let mut browser = Browser::start(&scratch_file("chromium-profile-play"));
    browser.open(&referee.url);

    // The start position, with Black's four legal moves dotted.
    browser.wait_for("document.querySelectorAll('.game svg.board .hint').length === 4");
    assert_eq!(browser.count(".game svg.board .stone"), 4);
    assert_eq!(browser.count(".game svg.board .point"), 64);
    assert_eq!(
        browser.count(".game button.pass"),
        0,
        "no pass at the start"
    );
    let label = browser.evaluate("[...document.querySelectorAll('.game svg.board text.label')].map(t => t.textContent).join('')",
    );
    assert_eq!(label, "abcdefgh12345678");

    let hint = browser.evaluate(
        "(() => { const h = document.querySelector('.game svg.board .hint'); \
         return [Number(h.dataset.x), Number(h.dataset.y)]; })()",
    );
    let (x, y) = (hint[0].as_i64().unwrap(), hint[1].as_i64().unwrap());
    browser.click(&format!(
        ".game svg.board .point[data-x='{x}'][data-y='{y}']"
    ));

    // Black's disc, one flip, then White's answer: six discs, two moves
    // listed, and the page asks for the person's next move.
    browser.wait_for(
        "document.querySelectorAll('.game svg.board .stone').length === 6 && \
         document.querySelectorAll('.game .moves tr').length === 2 && \
         document.querySelector('.game .person') !== null",
    );
    let first = browser.evaluate("document.querySelector('.game .moves tr').textContent");
    let square = format!("{}{}", (b'a' + x as u8) as char, y + 1);
    assert!(
        first
            .as_str()
            .unwrap()
            .contains(&format!("{square} ({x},{y})")),
        "{first}"
    );
    let black_discs = browser.count(".game svg.board .stone.black");
    assert_eq!(black_discs, 3, "after White's answer Black has three discs");

    let png = browser.screenshot();
    assert!(png.starts_with(b"\x89PNG"));
    std::fs::write(screenshot_path("web-board-reversi.png"), png).expect("the screenshot saves");
    drop(referee);
}

/// Plays a quick random game of `game`, logs it, and writes its replay.
fn replay_of(game: &str) -> PathBuf {
    let log = scratch_file(&format!("{game}.jsonl"));
    let html = scratch_file(&format!("{game}.html"));
    let referee = env!("CARGO_BIN_EXE_referee");
    let played = Command::new(referee)
        .args([
            "play",
            game,
            "builtin:random",
            "builtin:random",
            "--seed",
            "7",
        ])
        .args(["--time", "1", "--no-show", "--log"])
        .arg(&log)
        .output()
        .expect("the referee runs");
    assert!(played.status.success(), "{played:?}");
    let replayed = Command::new(referee)
        .arg("replay")
        .arg(&log)
        .arg("--out")
        .arg(&html)
        .output()
        .expect("the referee runs");
    assert!(replayed.status.success(), "{replayed:?}");
    let _ = std::fs::remove_file(log);
    html
}

#[test]
fn replays_mark_the_gomoku_five_and_draw_nogo_on_81_intersections() {
    let mut browser = Browser::start(&scratch_file("chromium-profile-replay"));

    let gomoku = replay_of("gomoku");
    browser.open(&format!("file://{}", gomoku.display()));
    browser.wait_for("document.querySelector('svg.board .point') !== null");
    let result = browser.evaluate("document.getElementById('result').textContent");
    assert!(
        result.as_str().unwrap().ends_with("wins: five in a row"),
        "{result}"
    );
    // Five rings on five stones of the winner's colour, in one straight row.
    let five = browser.evaluate(
        "[...document.querySelectorAll('svg.board .win')].map(w => { \
           const x = w.dataset.x, y = w.dataset.y; \
           const s = document.querySelector(`svg.board .stone[data-x='${x}'][data-y='${y}']`); \
           return [Number(x), Number(y), s ? s.classList[1] : 'none']; })",
    );
    let five = five.as_array().expect("the marked stones");
    assert!(five.len() >= 5, "{five:?}");
    let winner = five[0][2].as_str().unwrap();
    assert!(
        result.as_str().unwrap().starts_with(winner),
        "{result} {five:?}"
    );
    let step = (
        five[1][0].as_i64().unwrap() - five[0][0].as_i64().unwrap(),
        five[1][1].as_i64().unwrap() - five[0][1].as_i64().unwrap(),
    );
    for pair in five.windows(2) {
        assert_eq!(pair[1][2], winner);
        let next = (
            pair[1][0].as_i64().unwrap() - pair[0][0].as_i64().unwrap(),
            pair[1][1].as_i64().unwrap() - pair[0][1].as_i64().unwrap(),
        );
        assert_eq!(next, step, "{five:?}");
    }
    assert_eq!(browser.count("svg.board line.winline"), 1);
    // Stones sit on the crossings of a 15x15 grid.
    assert_eq!(browser.count("svg.board .point"), 225);
    let _ = std::fs::remove_file(gomoku);

    let nogo = replay_of("nogo");
    browser.open(&format!("file://{}", nogo.display()));
    browser.wait_for("document.querySelector('svg.board .point') !== null");
    assert_eq!(browser.count("svg.board line.grid.vertical"), 9);
    assert_eq!(browser.count("svg.board line.grid.horizontal"), 9);
    // Every one of the 81 points is centred on a crossing of two grid lines.
    let on_crossings = browser.evaluate("(() => { \
           const xs = new Set([...document.querySelectorAll('svg.board line.grid.vertical')].map(l => Number(l.getAttribute('x1')))); \
           const ys = new Set([...document.querySelectorAll('svg.board line.grid.horizontal')].map(l => Number(l.getAttribute('y1')))); \
           return [...document.querySelectorAll('svg.board .point')].filter(p => \
             xs.has(Number(p.getAttribute('x')) + Number(p.getAttribute('width')) / 2) && \
             ys.has(Number(p.getAttribute('y')) + Number(p.getAttribute('height')) / 2)).length; })()",
    );
    assert_eq!(on_crossings, 81);
    let result = browser.evaluate("document.getElementById('result').textContent");
    assert!(
        result.as_str().unwrap().ends_with("has no legal move"),
        "{result}"
    );
    std::fs::write(
        screenshot_path("web-board-nogo-replay.png"),
        browser.screenshot(),
    )
    .expect("the screenshot saves");
    let _ = std::fs::remove_file(nogo);
}

#[test]
fn a_tournament_page_shows_the_standings() {
    let referee = WebReferee::start(&[
        "tournament",
        "tictactoe",
        "r1=builtin:random",
        "r2=builtin:random",
        "p=builtin:perfect",
        "--games",
        "2",
        "--time",
        "0.2",
    ]);
    let mut browser = Browser::start(&scratch_file("chromium-profile-tournament"));
    browser.open(&referee.url);
    browser.wait_for("document.getElementById('report').textContent.includes('Tournament over')");
    let title = browser.evaluate("document.getElementById('title').textContent");
    assert_eq!(title, "tictactoe: round-robin of r1, r2, p");
    let score = browser.evaluate("document.getElementById('score').textContent");
    assert_eq!(score, "6 of 6 games played");
    let report = browser.evaluate("document.getElementById('report').textContent");
    assert!(report.as_str().unwrap().contains("Crosstable"), "{report}");
    assert_eq!(browser.count("#list tr"), 6);
    let (stdout, _) = referee.finish();
    assert!(stdout.starts_with("Tournament (round-robin)"), "{stdout}");
}
