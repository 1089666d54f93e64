//! `referee botzone-local` against a fake Botzone local-AI server on
//! 127.0.0.1 (tiny_http): two TicTacToe matches at once (one as Black with
//! simple I/O requests, one as White with JSON requests) played to the end,
//! a 502 in between (the answers must come again with the next poll), an
//! aborted match, and finally a 401 whose message the client prints before
//! it stops. The server plays the opponent with the rules library and checks
//! every answer.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use boardbots::{Game, MoveList, Outcome, Player, TicTacToe};
use tiny_http::{Response, Server};

/// Only a guard against a hanging client, never an assertion on speed.
const HANG_GUARD: Duration = Duration::from_secs(90);
const REFUSAL: &str = "wrong secret or user level too low";

struct FakeMatch {
    position: TicTacToe,
    us: Player,
    json: bool,
    /// The request waiting for our answer.
    awaiting: Option<String>,
    finished: bool,
}

impl FakeMatch {
    fn request_for(&self, (x, y): (i32, i32)) -> String {
        if self.json {
            format!("{{\"x\":{x},\"y\":{y}}}")
        } else {
            format!("{x} {y}")
        }
    }

    /// Plays the opponent's first legal move.
    fn opponent_moves(&mut self) -> (i32, i32) {
        let mut moves = MoveList::new();
        self.position.legal_moves(&mut moves);
        self.position.play_unchecked(moves[0]);
        TicTacToe::move_to_xy(moves[0])
    }

    /// The finished-match line: slot, 2 players, scores (win 2, draw 1).
    fn finish_line(&self, id: &str) -> String {
        let slot = self.us.index();
        let scores = match self.position.outcome().expect("finished") {
            Outcome::Draw => [1, 1],
            Outcome::Win(Player::Black) => [2, 0],
            Outcome::Win(Player::White) => [0, 2],
        };
        format!("{id} {slot} 2 {} {}", scores[0], scores[1])
    }
}

/// What the server saw, for the test's assertions.
#[derive(Default)]
struct Log {
    errors: Vec<String>,
    results: BTreeMap<String, String>,
    polls: usize,
}

fn parse_answer(text: &str, json: bool) -> Option<(i32, i32)> {
    if json {
        let v: serde_json::Value = serde_json::from_str(text).ok()?;
        Some((v["x"].as_i64()? as i32, v["y"].as_i64()? as i32))
    } else {
        let mut it = text.split_whitespace();
        let xy = (it.next()?.parse().ok()?, it.next()?.parse().ok()?);
        it.next().is_none().then_some(xy)
    }
}

fn serve(server: Server, log: Arc<Mutex<Log>>) {
    let mut matches: BTreeMap<String, FakeMatch> = BTreeMap::new();
    let mut poll = 0;
    let mut phase_c = false;
    let started = Instant::now();
    while started.elapsed() < HANG_GUARD {
        let Ok(Some(request)) = server.recv_timeout(Duration::from_millis(200)) else {
            continue;
        };
        poll += 1;
        log.lock().unwrap().polls = poll;
        let error = |e: String| log.lock().unwrap().errors.push(format!("poll {poll}: {e}"));
        if !request.url().ends_with("/api/user/secret/localai") {
            error(format!("unexpected URL {}", request.url()));
        }
        if poll == 3 {
            // A gateway failure: nothing reaches the platform.
            let _ = request.respond(Response::from_string("Bad Gateway").with_status_code(502));
            continue;
        }
        let answers: BTreeMap<String, String> = request
            .headers()
            .iter()
            .filter_map(|h| {
                let field = h.field.as_str().as_str().to_ascii_lowercase();
                let id = field.strip_prefix("x-match-")?;
                Some((id.to_string(), h.value.as_str().to_string()))
            })
            .collect();
        let mut requests = Vec::new();
        let mut finishes = Vec::new();
        for (id, m) in matches.iter_mut() {
            if m.finished {
                continue;
            }
            let Some(text) = answers.get(&id.to_ascii_lowercase()) else {
                if m.awaiting.is_some() {
                    error(format!("no answer for match {id}"));
                }
                continue;
            };
            let Some((x, y)) = parse_answer(text, m.json) else {
                error(format!(
                    "match {id}: answer {text:?} is not in the request's format"
                ));
                continue;
            };
            match TicTacToe::move_from_xy(x, y).map(|mv| m.position.try_play(mv)) {
                Some(Ok(())) => {}
                _ => {
                    error(format!("match {id}: illegal answer ({x},{y})"));
                    continue;
                }
            }
            m.awaiting = None;
            if m.position.outcome().is_none() {
                let reply = m.opponent_moves();
                if m.position.outcome().is_none() {
                    let line = m.request_for(reply);
                    m.awaiting = Some(line.clone());
                    requests.push((id.clone(), line));
                    continue;
                }
            }
            m.finished = true;
            finishes.push(m.finish_line(id));
        }
        if poll == 1 {
            // Two matches at once: A as Black (simple I/O), B as White (JSON).
            let a = FakeMatch {
                position: TicTacToe::start(),
                us: Player::Black,
                json: false,
                awaiting: Some("-1 -1".into()),
                finished: false,
            };
            requests.push(("A".into(), "-1 -1".into()));
            let mut b = FakeMatch {
                position: TicTacToe::start(),
                us: Player::White,
                json: true,
                awaiting: None,
                finished: false,
            };
            let first = b.opponent_moves();
            let line = b.request_for(first);
            b.awaiting = Some(line.clone());
            requests.push(("B".into(), line));
            matches.insert("A".into(), a);
            matches.insert("B".into(), b);
        }
        let all_done = matches.values().all(|m| m.finished);
        if all_done && !phase_c && finishes.is_empty() {
            // Match C starts, is answered once, and is aborted.
            phase_c = true;
            requests.push(("C".into(), "-1 -1".into()));
        } else if phase_c && answers.contains_key("c") {
            finishes.push("C 0 0".into());
        } else if phase_c && requests.is_empty() && finishes.is_empty() {
            let _ = request.respond(Response::from_string(REFUSAL).with_status_code(401));
            return;
        }
        for line in &finishes {
            let id = line.split(' ').next().unwrap().to_string();
            log.lock().unwrap().results.insert(id, line.clone());
        }
        let mut body = format!("{} {}\n", requests.len(), finishes.len());
        for (id, line) in &requests {
            body.push_str(&format!("{id}\n{line}\n"));
        }
        for line in &finishes {
            body.push_str(&format!("{line}\n"));
        }
        let _ = request.respond(Response::from_string(body));
    }
}

#[test]
fn local_ai_plays_matches_until_the_server_refuses() {
    let server = Server::http("127.0.0.1:0").expect("a local port");
    let port = server.server_addr().to_ip().expect("an IP address").port();
    let log = Arc::new(Mutex::new(Log::default()));
    let server_thread = {
        let log = Arc::clone(&log);
        thread::spawn(move || serve(server, log))
    };
    let url = format!("http://127.0.0.1:{port}/api/user/secret/localai");
    let bot = format!("{} --time 0.02", env!("CARGO_BIN_EXE_tictactoe"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args([
            "botzone-local",
            &url,
            &bot,
            "--game",
            "tictactoe",
            "--time",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the referee starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!(
                "the client did not stop; server log: {:?}",
                log.lock().unwrap().errors
            );
        }
        thread::sleep(Duration::from_millis(20));
    };
    let output = child.wait_with_output().unwrap();
    server_thread.join().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let log = log.lock().unwrap();
    assert!(
        log.errors.is_empty(),
        "server saw: {:?}\n{stderr}",
        log.errors
    );
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(REFUSAL), "{stderr}");
    assert!(stderr.contains("server busy (502)"), "{stderr}");
    assert!(
        stdout.contains("match A: started, we play black"),
        "{stdout}"
    );
    assert!(
        stdout.contains("match B: started, we play white"),
        "{stdout}"
    );
    // Each finished match is reported with the server's scores.
    for id in ["A", "B"] {
        let line = &log.results[id];
        let fields: Vec<&str> = line.split(' ').collect();
        let (slot, ours, theirs): (usize, &str, &str) = match fields[1] {
            "0" => (0, fields[3], fields[4]),
            _ => (1, fields[4], fields[3]),
        };
        let verdict = match ours.cmp(theirs) {
            std::cmp::Ordering::Greater => "won",
            std::cmp::Ordering::Less => "lost",
            std::cmp::Ordering::Equal => "draw",
        };
        let expected = format!(
            "match {id}: {verdict} (slot {slot}, scores {} {})",
            fields[3], fields[4]
        );
        assert!(stdout.contains(&expected), "{expected:?} in {stdout}");
    }
    assert!(stdout.contains("match C: aborted"), "{stdout}");
}

#[test]
fn bad_urls_and_players_are_refused_at_once() {
    for (args, message) in [
        (
            vec![
                "botzone-local",
                "ftp://x/api/u/s/localai",
                "builtin:random",
                "--game",
                "tictactoe",
            ],
            "must start with https:// or http://",
        ),
        (
            vec![
                "botzone-local",
                "http://127.0.0.1:9/api/u/s/localai",
                "builtin:nope",
                "--game",
                "tictactoe",
            ],
            "no built-in engine",
        ),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&output.stderr).contains(message));
    }
}
