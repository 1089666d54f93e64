//! The web board over HTTP: a whole TicTacToe game played as the `web`
//! player through the endpoints the page uses, refused clicks included.

mod web_support;

use boardbots::referee::{read_log, Termination};
use serde_json::Value;
use web_support::{scratch_file, WebReferee};

fn game_one(state: &Value) -> Option<&Value> {
    state["live"].as_array()?.iter().find(|g| g["number"] == 1)
}

#[test]
fn a_person_plays_a_whole_tictactoe_game_through_the_page_endpoints() {
    let log = scratch_file("tictactoe.jsonl");
    let log_text = log.display().to_string();
    let referee = WebReferee::start(&[
        "play",
        "tictactoe",
        "web",
        "builtin:perfect",
        "--time",
        "60",
        "--seed",
        "5",
        "--log",
        &log_text,
    ]);

    let (status, page) = referee.get("");
    assert_eq!(status, 200);
    assert!(
        page.contains("/board.js") && page.contains("/live.js"),
        "{page}"
    );
    let (status, script) = referee.get("board.js");
    assert_eq!(status, 200);
    assert!(script.contains("function drawBoard"));
    assert_eq!(referee.get("nothing-here").0, 404);

    let mut version = 0;
    let mut clicked = Vec::new();
    let mut refusals = Vec::new();
    let finished = loop {
        let state = referee.state_after(version);
        version = state["version"].as_u64().expect("a version");
        let Some(game) = game_one(&state) else {
            continue;
        };
        if !game["finish"].is_null() {
            break state;
        }
        let Some(person) = game["person"].as_object() else {
            continue;
        };
        assert_eq!(person["colour"], "black");
        assert_eq!(person["can_pass"], false, "TicTacToe has no pass");
        let cells = game["board"]["cells"].as_str().expect("cells");
        let legal: Vec<(i32, i32)> = person["legal"]
            .as_array()
            .expect("legal moves")
            .iter()
            .map(|p| (p[0].as_i64().unwrap() as i32, p[1].as_i64().unwrap() as i32))
            .collect();
        assert_eq!(legal.len(), cells.matches('.').count());

        if clicked.is_empty() {
            // A pass where there is none.
            let (status, answer) = referee.click(1, -1, -1);
            assert_eq!(status, 409, "{answer}");
            refusals.push(answer["error"].as_str().unwrap().to_string());
        }
        if let Some(taken) = cells.find(['b', 'w']).filter(|_| refusals.len() == 1) {
            // An occupied point.
            let (x, y) = ((taken % 3) as i32, (taken / 3) as i32);
            let (status, answer) = referee.click(1, x, y);
            assert_eq!(status, 409, "{answer}");
            refusals.push(answer["error"].as_str().unwrap().to_string());
        }
        let (x, y) = legal[0];
        let (status, answer) = referee.click(1, x, y);
        assert_eq!(
            (status, &answer["ok"]),
            (200, &Value::Bool(true)),
            "{answer}"
        );
        clicked.push((x, y));
        // The turn is over: a second click on the same point is refused.
        let (status, _) = referee.click(1, x, y);
        assert_eq!(status, 409);
    };

    assert_eq!(refusals[0], "tictactoe has no pass");
    assert!(
        refusals[1].contains("the point is occupied"),
        "{refusals:?}"
    );
    let game = game_one(&finished).expect("game 1");
    let finish = &game["finish"];
    assert_eq!(finish["termination"], "normal");
    let text = finish["text"].as_str().unwrap();
    assert!(
        text.ends_with("three in a row") || text == "draw: the board is full",
        "{text}"
    );
    let score = &finished["score"];
    let scored = ["a", "b", "draws"].map(|k| score[k].as_u64().unwrap());
    assert_eq!(scored.iter().sum::<u64>(), 1);

    // The match report reaches the page before Enter ends the run.
    let mut finished = finished;
    while finished["report"].is_null() {
        finished = referee.state_after(finished["version"].as_u64().unwrap());
    }
    assert!(finished["report"]
        .as_str()
        .unwrap()
        .contains("Score of web vs builtin:perfect"));

    let (stdout, _) = referee.finish();
    assert!(stdout.contains("Terminations: normal 1"), "{stdout}");
    let records = read_log(&log).expect("the log parses");
    let _ = std::fs::remove_file(&log);
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!(record.black, "web");
    assert_eq!(record.termination, Termination::Normal);
    let black_moves: Vec<(i32, i32)> = record
        .moves
        .iter()
        .step_by(2)
        .map(|m| (m[0], m[1]))
        .collect();
    assert_eq!(black_moves, clicked, "the log holds the clicked moves");
    assert_eq!(record.times_ms.len(), record.moves.len());
    // A refused click is not a move: the game went on to its normal end.
    assert!(record.refused_move.is_none());
}

/// The data a replay page draws from (the JSON after `const game = `).
fn replay_data(record: &boardbots::referee::GameRecord) -> Value {
    let html = boardbots::referee::replay_html(record).expect("a replay");
    let start = html.find("const game = ").expect("replay data") + "const game = ".len();
    let end = start + html[start..].find(";\n").expect("end of the data");
    serde_json::from_str(&html[start..end].replace("<\\/", "</")).expect("JSON data")
}

fn record(game: &str, moves: &[(i32, i32)], result: &str) -> boardbots::referee::GameRecord {
    serde_json::from_value(serde_json::json!({
        "game": game, "number": 1, "black": "a", "white": "b", "player_a": "black",
        "result": result, "termination": "normal", "detail": "",
        "opening": [], "moves": moves.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
        "times_ms": moves.iter().map(|_| 1).collect::<Vec<_>>(),
        "debug": { "black": [], "white": [] },
    }))
    .expect("a record")
}

#[test]
fn replay_data_marks_the_gomoku_five_and_puts_nogo_on_points() {
    // White's five on a diagonal, its last stone in the middle of the row.
    let moves = [
        (0, 14),
        (3, 3),
        (1, 14),
        (4, 4),
        (2, 14),
        (6, 6),
        (4, 14),
        (7, 7),
        (10, 10),
        (5, 5),
    ];
    let data = replay_data(&record("gomoku", &moves, "white"));
    assert_eq!(data["look"]["on_points"], true);
    assert_eq!(data["views"].as_array().unwrap().len(), moves.len() + 1);
    let line: Vec<(i64, i64)> = data["finish"]["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect();
    assert_eq!(line, (3..8).map(|i| (i, i)).collect::<Vec<_>>());
    assert_eq!(data["finish"]["text"], "white wins: five in a row");

    let data = replay_data(&record("nogo", &[(4, 4), (0, 0)], "black"));
    let look = &data["look"];
    assert_eq!(
        (&look["width"], &look["height"], &look["on_points"]),
        (&Value::from(9), &Value::from(9), &Value::Bool(true))
    );
    assert_eq!(data["views"][2]["cells"].as_str().unwrap().len(), 81);
}

#[test]
fn a_tournament_on_the_web_board_shows_every_game_and_the_standings() {
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
        "--seed",
        "4",
    ]);
    let mut state = referee.state_after(0);
    while state["report"].is_null() {
        state = referee.state_after(state["version"].as_u64().unwrap());
    }
    assert_eq!(state["format"], "round-robin");
    assert_eq!(state["games_total"], 6);
    let games = state["games"].as_array().expect("the game list");
    assert_eq!(games.len(), 6, "{games:?}");
    assert!(games.iter().all(|g| g["result"].is_string()), "{games:?}");
    let report = state["report"].as_str().unwrap();
    assert!(
        report.starts_with("Tournament (round-robin): 3 players, 6 games"),
        "{report}"
    );
    // The standings after the last game are the final report.
    assert_eq!(state["standings"].as_str(), Some(report));
    assert!(report.contains("Crosstable"), "{report}");
    let (stdout, _) = referee.finish();
    assert_eq!(stdout, report);
}
