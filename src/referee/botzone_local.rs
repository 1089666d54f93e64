//! `referee botzone-local URL PLAYER`: Botzone's "local AI" mode, where a
//! program on the user's machine plays live matches on the platform.
//!
//! The client polls `GET <base>/api/<user>/<secret>/localai`. The answer's
//! first line is `nreq nfinish`; then `nreq` pairs of lines (match id, the
//! request of this turn: simple I/O `x y` when the game has it, else a JSON
//! request), then `nfinish` lines `matchid slot nplayers score...`
//! (`nplayers` 0: the match was aborted). Answers go back with the next poll,
//! one header `X-Match-<id>: <response>` per match, in the request's format.
//! 502/504 and network errors are retried with back-off (the same answers
//! are sent again, as the platform's own sample client does); 401 (wrong
//! secret or too low a user level) prints the server's message and stops;
//! 400 prints it and goes on.
//!
//! Each match has its own session: the game so far, checked by the rules,
//! and its own player, fed exactly as the referee feeds it in `referee play`
//! (a Botzone bot gets the full history turn by turn, or the new request if
//! it keeps running). The requests of one poll are answered in parallel.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::bail;
use serde_json::Value;

use crate::game::{Game, Player};
use crate::protocol::{
    decode_move, parse_json_request, parse_simple_move, BotGame, JsonRequest, Location, RawMove,
};

use super::bot_io::IoMode;
use super::bot_process::BotProcessOptions;
use super::contestant::{Contestant, Turn};
use super::player_spec::PlayerSpec;

/// How long a poll may take: the server holds it until a request comes.
const POLL_TIMEOUT: Duration = Duration::from_secs(120);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Back-off after a failed poll: doubles up to the maximum.
const FIRST_RETRY: Duration = Duration::from_millis(500);
const MAX_RETRY: Duration = Duration::from_secs(30);

/// Settings of a local-AI run.
#[derive(Clone, Debug)]
pub struct LocalConfig {
    /// `https://.../api/<user>/<secret>/localai` (or `http://`).
    pub url: String,
    pub player: String,
    /// I/O of an external Botzone bot.
    pub io: IoMode,
    /// Time per turn (doubled on the first turn of a match).
    pub time: Duration,
    pub seed: u64,
    pub bot_stderr: bool,
}

/// One poll's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct PollAnswer {
    /// `(match id, request line)`.
    pub requests: Vec<(String, String)>,
    pub finished: Vec<Finished>,
}

/// A match that ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub match_id: String,
    /// Our player's slot (0 Black, 1 White).
    pub slot: usize,
    /// Every player's score; empty when the match was aborted.
    pub scores: Vec<f64>,
}

/// Parses the body of a `localai` answer.
pub fn parse_poll_answer(body: &str) -> Result<PollAnswer, String> {
    let mut lines = body.lines().map(|l| l.trim_end_matches('\r'));
    let counts = lines.next().unwrap_or("");
    let numbers: Vec<usize> = counts
        .split_whitespace()
        .map(|n| n.parse().map_err(|_| format!("bad counts line {counts:?}")))
        .collect::<Result<_, _>>()?;
    let [requests, finishes] = numbers[..] else {
        return Err(format!("bad counts line {counts:?}"));
    };
    let mut answer = PollAnswer {
        requests: Vec::with_capacity(requests),
        finished: Vec::with_capacity(finishes),
    };
    for _ in 0..requests {
        let (Some(id), Some(request)) = (lines.next(), lines.next()) else {
            return Err(format!("{requests} requests announced, fewer sent"));
        };
        answer
            .requests
            .push((id.trim().to_string(), request.trim().to_string()));
    }
    for _ in 0..finishes {
        let line = lines
            .next()
            .ok_or_else(|| format!("{finishes} finished matches announced, fewer sent"))?;
        let fields: Vec<&str> = line.split_whitespace().collect();
        let bad = || format!("bad finished-match line {line:?}");
        let [id, slot, players, scores @ ..] = &fields[..] else {
            return Err(bad());
        };
        let players: usize = players.parse().map_err(|_| bad())?;
        let scores: Vec<f64> = scores
            .iter()
            .take(players)
            .map(|s| s.parse::<f64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        if scores.len() != players {
            return Err(bad());
        }
        answer.finished.push(Finished {
            match_id: id.to_string(),
            slot: slot.parse().map_err(|_| bad())?,
            scores,
        });
    }
    Ok(answer)
}

/// One line for a finished match.
pub fn finished_line(finished: &Finished) -> String {
    let Finished {
        match_id,
        slot,
        scores,
    } = finished;
    if scores.is_empty() {
        return format!("match {match_id}: aborted");
    }
    let ours = scores.get(*slot).copied().unwrap_or(f64::NAN);
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != *slot)
        .map(|(_, &s)| s)
        .fold(f64::NEG_INFINITY, f64::max);
    let verdict = if ours > best_other {
        "won"
    } else if ours < best_other {
        "lost"
    } else {
        "draw"
    };
    let scores: Vec<String> = scores.iter().map(|s| s.to_string()).collect();
    format!(
        "match {match_id}: {verdict} (slot {slot}, scores {})",
        scores.join(" ")
    )
}

/// One live match.
struct Session<G: Game> {
    position: G,
    moves: Vec<(i32, i32)>,
    colour: Player,
    turns: usize,
    player: Box<dyn Contestant<G>>,
    /// Set once the player failed or the match went wrong: requests are ignored.
    broken: bool,
}

/// A request line as a move, and whether the answer is JSON.
enum Request {
    Move(RawMove),
    History(crate::protocol::TurnInput),
}

fn parse_request(line: &str, turn: usize) -> Result<(Request, bool), String> {
    let at = Location::KeepRunningRequest { turn };
    if line.starts_with('{') || line.starts_with('"') {
        match parse_json_request(line, at).map_err(|e| e.to_string())? {
            JsonRequest::Bare(raw) => Ok((Request::Move(raw), true)),
            JsonRequest::Full(history) => Ok((Request::History(history), true)),
        }
    } else {
        parse_simple_move(line, at)
            .map(|raw| (Request::Move(raw), false))
            .map_err(|e| e.to_string())
    }
}

impl<G: BotGame> Session<G> {
    fn new(player: Box<dyn Contestant<G>>) -> Self {
        Session {
            position: G::start(),
            moves: Vec::new(),
            colour: Player::Black,
            turns: 0,
            player,
            broken: false,
        }
    }

    fn play(&mut self, raw: RawMove, turn: usize) -> Result<(), String> {
        let m = decode_move::<G>(raw, Location::KeepRunningRequest { turn })
            .map_err(|e| e.to_string())?;
        self.position.try_play(m).map_err(|e| e.to_string())?;
        self.moves.push((raw.x, raw.y));
        Ok(())
    }

    /// Takes this turn's request and answers it; `Err` says why not.
    fn answer(&mut self, line: &str, time: Duration) -> Result<String, String> {
        self.turns += 1;
        let (request, json) = parse_request(line, self.turns)?;
        match request {
            Request::Move(raw) if self.turns == 1 && raw.is_pass_marker() => {
                self.colour = Player::Black;
            }
            Request::Move(raw) => {
                if self.turns == 1 {
                    self.colour = Player::White;
                }
                self.play(raw, self.turns)?;
            }
            Request::History(history) => {
                // A full history replaces the session's game.
                self.position = G::start();
                self.moves.clear();
                self.colour = if history.requests[0].is_pass_marker() {
                    Player::Black
                } else {
                    Player::White
                };
                let mut plies = Vec::new();
                for (i, request) in history.requests.iter().enumerate() {
                    if !(i == 0 && request.is_pass_marker()) {
                        plies.push(*request);
                    }
                    if let Some(response) = history.responses.get(i) {
                        plies.push(*response);
                    }
                }
                for raw in plies {
                    self.play(raw, self.turns)?;
                }
            }
        }
        if self.position.outcome().is_some() {
            return Err("the request ends the game: nothing to answer".into());
        }
        if self.position.side_to_move() != self.colour {
            return Err("the request leaves the other side to move".into());
        }
        let limit = if self.turns == 1 { time * 2 } else { time };
        let report = self.player.play_turn(&Turn {
            position: &self.position,
            moves: &self.moves,
            colour: self.colour,
            limit,
        });
        let (x, y) = report
            .answer
            .map_err(|fault| format!("{}: {}", fault.termination.name(), fault.detail))?;
        let raw = RawMove { x, y };
        if let Err(why) = self.play(raw, self.turns) {
            // Sent all the same: the platform judges it, as it would any bot's.
            eprintln!("referee: botzone-local: our player's answer ({x},{y}) is illegal: {why}");
        }
        Ok(if json {
            serde_json::json!({"x": x, "y": y}).to_string()
        } else {
            format!("{x} {y}")
        })
    }
}

/// What one poll brought back.
enum Poll {
    Answer(String),
    Retry(String),
    Stop(String),
}

fn poll(agent: &ureq::Agent, url: &str, outbox: &[(String, String)]) -> Poll {
    let mut request = agent.get(url);
    for (id, answer) in outbox {
        request = request.header(format!("X-Match-{id}"), answer.as_str());
    }
    let mut response = match request.call() {
        Ok(response) => response,
        Err(e) => return Poll::Retry(format!("network error: {e}")),
    };
    let status = response.status().as_u16();
    let body = response
        .body_mut()
        .read_to_string()
        .unwrap_or_else(|e| format!("(unreadable body: {e})"));
    let message = || body.trim().chars().take(500).collect::<String>();
    match status {
        200 => Poll::Answer(body),
        401 => Poll::Stop(format!(
            "the server refused the key (401: wrong secret or too low a user level): {}",
            message()
        )),
        400 => Poll::Retry(format!("bad request (400): {}", message())),
        502 | 504 => Poll::Retry(format!("server busy ({status})")),
        other => Poll::Retry(format!("unexpected status {other}: {}", message())),
    }
}

/// Runs the local AI until the server stops it (401); returns that as an error.
pub fn run_local<G: BotGame>(config: &LocalConfig) -> anyhow::Result<()> {
    if !(config.url.starts_with("https://") || config.url.starts_with("http://")) {
        bail!(
            "the URL must start with https:// or http://, got {:?}",
            config.url
        );
    }
    let spec = PlayerSpec::parse(&config.player);
    spec.check::<G>()?;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(POLL_TIMEOUT))
        .timeout_connect(Some(CONNECT_TIMEOUT))
        .http_status_as_error(false)
        .build()
        .into();
    let globaldata = Arc::new(Mutex::new(Value::Null));
    let process = BotProcessOptions {
        show_stderr: config.bot_stderr,
        memory_mb: None,
        ..Default::default()
    };
    let mut sessions: HashMap<String, Session<G>> = HashMap::new();
    let mut outbox: Vec<(String, String)> = Vec::new();
    let mut retry = FIRST_RETRY;
    let mut matches_started: u64 = 0;
    let mut stdout = std::io::stdout();
    loop {
        let body = match poll(&agent, &config.url, &outbox) {
            Poll::Answer(body) => body,
            Poll::Stop(why) => bail!(why),
            Poll::Retry(why) => {
                eprintln!(
                    "referee: botzone-local: {why}; retrying in {:.1} s",
                    retry.as_secs_f64()
                );
                if why.starts_with("bad request") {
                    // The answers themselves may be what the server refuses.
                    outbox.clear();
                }
                std::thread::sleep(retry);
                retry = (retry * 2).min(MAX_RETRY);
                continue;
            }
        };
        retry = FIRST_RETRY;
        outbox.clear();
        let answer = match parse_poll_answer(&body) {
            Ok(answer) => answer,
            Err(why) => {
                eprintln!("referee: botzone-local: cannot read the server's answer: {why}");
                continue;
            }
        };
        for (id, _) in &answer.requests {
            if !sessions.contains_key(id) {
                let seed = config.seed.wrapping_add(matches_started);
                matches_started += 1;
                let player = spec.contestant::<G>(config.io, seed, &process, &globaldata)?;
                sessions.insert(id.clone(), Session::new(player));
            }
        }
        let requests: HashMap<&str, &str> = answer
            .requests
            .iter()
            .map(|(id, line)| (id.as_str(), line.as_str()))
            .collect();
        let answers: Vec<(String, Result<String, String>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = sessions
                .iter_mut()
                .filter(|(id, session)| requests.contains_key(id.as_str()) && !session.broken)
                .map(|(id, session)| {
                    let line = requests[id.as_str()];
                    let time = config.time;
                    (
                        id.clone(),
                        scope.spawn(move || {
                            let result = session.answer(line, time);
                            if result.is_err() {
                                session.broken = true;
                            }
                            result
                        }),
                    )
                })
                .collect();
            handles
                .into_iter()
                .map(|(id, handle)| {
                    let result = handle
                        .join()
                        .unwrap_or_else(|_| Err("the player panicked".into()));
                    (id, result)
                })
                .collect()
        });
        for (id, result) in answers {
            match result {
                Ok(response) => {
                    if sessions[&id].turns == 1 {
                        let colour = sessions[&id].colour;
                        let _ = writeln!(stdout, "match {id}: started, we play {colour}");
                    }
                    outbox.push((id, response));
                }
                Err(why) => eprintln!("referee: botzone-local: match {id}: {why}"),
            }
        }
        for finished in &answer.finished {
            if let Some(mut session) = sessions.remove(&finished.match_id) {
                session.player.game_over();
            }
            let _ = writeln!(stdout, "{}", finished_line(finished));
        }
        let _ = stdout.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poll_answers_are_parsed() {
        let body = "2 2\r\nm1\r\n-1 -1\r\nm2\r\n{\"x\":7,\"y\":7}\r\nm3 1 2 0 2\r\nm4 0 0\r\n";
        let answer = parse_poll_answer(body).unwrap();
        assert_eq!(
            answer.requests,
            vec![
                ("m1".to_string(), "-1 -1".to_string()),
                ("m2".to_string(), "{\"x\":7,\"y\":7}".to_string())
            ]
        );
        assert_eq!(answer.finished[0].scores, vec![0.0, 2.0]);
        assert_eq!(
            finished_line(&answer.finished[0]),
            "match m3: won (slot 1, scores 0 2)"
        );
        assert_eq!(finished_line(&answer.finished[1]), "match m4: aborted");
        assert!(parse_poll_answer("1 0\nm1\n").is_err());
        assert!(parse_poll_answer("0 1\nm3 1 2 0\n").is_err());
        assert!(parse_poll_answer("x\n").is_err());
        assert_eq!(parse_poll_answer("0 0\n").unwrap().requests, vec![]);
    }
}
