//! The web board in a real browser: Debian's headless Chromium (installed by
//! `.ci/run`), driven over the DevTools protocol with `headless_chrome`.
//! A person plays a Reversi move by clicking, the bot's answer appears, and
//! the page is saved as `target/screenshots/web-board-reversi.png`. Replays
//! of a Gomoku and a NoGo game are checked as drawn.
//!
//! Without Chromium these tests fail with a message saying so: they never
//! pass without having run.

mod web_support;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use web_support::{scratch_file, WebReferee};

const CHROMIUM: &str = "/usr/bin/chromium";

/// How long the page may take to show what a test waits for before it fails.
const PATIENCE: Duration = Duration::from_secs(60);

fn browser(profile: &Path) -> Browser {
    assert!(
        Path::new(CHROMIUM).exists(),
        "headless Chromium is missing at {CHROMIUM}: `.ci/run` installs it with \
         `apt-get install -y chromium`; install it to run the browser tests"
    );
    let _ = std::fs::remove_dir_all(profile);
    let args: Vec<&OsStr> = [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    let options = LaunchOptions::default_builder()
        .path(Some(PathBuf::from(CHROMIUM)))
        .headless(true)
        .sandbox(false)
        .window_size(Some((1300, 900)))
        .user_data_dir(Some(profile.to_path_buf()))
        .args(args)
        .idle_browser_timeout(Duration::from_secs(120))
        .build()
        .expect("launch options");
    Browser::new(options).expect("headless Chromium starts")
}

/// The value of a JavaScript expression on the page (passed through JSON,
/// so arrays and objects arrive whole).
fn evaluate(tab: &Tab, expression: &str) -> Value {
    let json = tab
        .evaluate(&format!("JSON.stringify({expression})"), false)
        .expect("the expression runs")
        .value;
    match json {
        Some(Value::String(text)) => serde_json::from_str(&text).expect("JSON from the page"),
        _ => Value::Null,
    }
}

/// Waits until `expression` is true on the page.
fn wait_for(tab: &Tab, expression: &str) {
    let give_up = Instant::now() + PATIENCE;
    while evaluate(tab, expression) != Value::Bool(true) {
        assert!(
            Instant::now() < give_up,
            "the page never showed {expression}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn count(tab: &Tab, selector: &str) -> u64 {
    evaluate(
        tab,
        &format!("document.querySelectorAll({selector:?}).length"),
    )
    .as_u64()
    .expect("a count")
}

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
    let browser = browser(&scratch_file("chromium-profile-play"));
    let tab = browser.new_tab().expect("a tab");
    tab.navigate_to(&referee.url)
        .and_then(|tab| tab.wait_until_navigated())
        .expect("the page loads");

    // The start position, with Black's four legal moves dotted.
    wait_for(
        &tab,
        "document.querySelectorAll('.game svg.board .hint').length === 4",
    );
    assert_eq!(count(&tab, ".game svg.board .stone"), 4);
    assert_eq!(count(&tab, ".game svg.board .point"), 64);
    assert_eq!(count(&tab, ".game button.pass"), 0, "no pass at the start");
    let label = evaluate(
        &tab,
        "[...document.querySelectorAll('.game svg.board text.label')].map(t => t.textContent).join('')",
    );
    assert_eq!(label, "abcdefgh12345678");

    let hint = evaluate(
        &tab,
        "(() => { const h = document.querySelector('.game svg.board .hint'); \
         return [Number(h.dataset.x), Number(h.dataset.y)]; })()",
    );
    let (x, y) = (hint[0].as_i64().unwrap(), hint[1].as_i64().unwrap());
    tab.find_element(&format!(
        ".game svg.board .point[data-x='{x}'][data-y='{y}']"
    ))
    .expect("the legal point")
    .click()
    .expect("the click");

    // Black's disc, one flip, then White's answer: six discs, two moves
    // listed, and the page asks for the person's next move.
    wait_for(
        &tab,
        "document.querySelectorAll('.game svg.board .stone').length === 6 && \
         document.querySelectorAll('.game .moves tr').length === 2 && \
         document.querySelector('.game .person') !== null",
    );
    let first = evaluate(
        &tab,
        "document.querySelector('.game .moves tr').textContent",
    );
    let square = format!("{}{}", (b'a' + x as u8) as char, y + 1);
    assert!(
        first
            .as_str()
            .unwrap()
            .contains(&format!("{square} ({x},{y})")),
        "{first}"
    );
    let black_discs = count(&tab, ".game svg.board .stone.black");
    assert_eq!(black_discs, 3, "after White's answer Black has three discs");

    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("a screenshot");
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
    let browser = browser(&scratch_file("chromium-profile-replay"));
    let tab = browser.new_tab().expect("a tab");

    let gomoku = replay_of("gomoku");
    tab.navigate_to(&format!("file://{}", gomoku.display()))
        .and_then(|tab| tab.wait_until_navigated())
        .expect("the Gomoku replay loads");
    wait_for(&tab, "document.querySelector('svg.board .point') !== null");
    let result = evaluate(&tab, "document.getElementById('result').textContent");
    assert!(
        result.as_str().unwrap().ends_with("wins: five in a row"),
        "{result}"
    );
    // Five rings on five stones of the winner's colour, in one straight row.
    let five = evaluate(
        &tab,
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
    assert_eq!(count(&tab, "svg.board line.winline"), 1);
    // Stones sit on the crossings of a 15x15 grid.
    assert_eq!(count(&tab, "svg.board .point"), 225);
    let _ = std::fs::remove_file(gomoku);

    let nogo = replay_of("nogo");
    tab.navigate_to(&format!("file://{}", nogo.display()))
        .and_then(|tab| tab.wait_until_navigated())
        .expect("the NoGo replay loads");
    wait_for(&tab, "document.querySelector('svg.board .point') !== null");
    assert_eq!(count(&tab, "svg.board line.grid.vertical"), 9);
    assert_eq!(count(&tab, "svg.board line.grid.horizontal"), 9);
    // Every one of the 81 points is centred on a crossing of two grid lines.
    let on_crossings = evaluate(
        &tab,
        "(() => { \
           const xs = new Set([...document.querySelectorAll('svg.board line.grid.vertical')].map(l => Number(l.getAttribute('x1')))); \
           const ys = new Set([...document.querySelectorAll('svg.board line.grid.horizontal')].map(l => Number(l.getAttribute('y1')))); \
           return [...document.querySelectorAll('svg.board .point')].filter(p => \
             xs.has(Number(p.getAttribute('x')) + Number(p.getAttribute('width')) / 2) && \
             ys.has(Number(p.getAttribute('y')) + Number(p.getAttribute('height')) / 2)).length; })()",
    );
    assert_eq!(on_crossings, 81);
    let result = evaluate(&tab, "document.getElementById('result').textContent");
    assert!(
        result.as_str().unwrap().ends_with("has no legal move"),
        "{result}"
    );
    std::fs::write(
        screenshot_path("web-board-nogo-replay.png"),
        tab.capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
            .expect("a screenshot"),
    )
    .expect("the screenshot saves");
    let _ = std::fs::remove_file(nogo);
}
