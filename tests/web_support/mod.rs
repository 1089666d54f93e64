//! Shared helpers of the web board tests: a `referee play ... --web` run on a
//! free loopback port, and plain HTTP calls to its endpoints.

#![allow(dead_code)]

pub mod devtools;

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

/// A referee serving its web board; killed if the test fails midway.
pub struct WebReferee {
    pub child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    stdin: Option<ChildStdin>,
    stderr_lines: mpsc::Receiver<String>,
}

impl WebReferee {
    /// Starts `referee ARGS --web 127.0.0.1:0` and waits for the address it prints.
    pub fn start(args: &[&str]) -> WebReferee {
        let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(args)
            .args(["--web", "127.0.0.1:0"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the referee starts");
        let stderr = child.stderr.take().expect("piped stderr");
        let (lines_tx, stderr_lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if lines_tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut url = None;
        let mut before = Vec::new();
        for line in stderr_lines.iter() {
            if let Some(at) = line.strip_prefix("referee: web board at ") {
                url = Some(at.trim().to_string());
                break;
            }
            before.push(line);
        }
        let url = url.unwrap_or_else(|| {
            panic!(
                "the referee printed no web board address: {}",
                before.join("\n")
            )
        });
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        let stdin = child.stdin.take();
        WebReferee {
            child,
            url,
            stdin,
            stderr_lines,
        }
    }

    /// Presses Enter (the match stays on the page until then) and collects
    /// stdout and the rest of stderr.
    pub fn finish(mut self) -> (String, String) {
        drop(self.stdin.take());
        let mut stdout = String::new();
        self.child
            .stdout
            .take()
            .expect("piped stdout")
            .read_to_string(&mut stdout)
            .expect("stdout reads");
        let status = self.child.wait().expect("the referee exits");
        let stderr: Vec<String> = self.stderr_lines.try_iter().collect();
        let stderr = stderr.join("\n");
        assert!(status.success(), "{status}: {stderr}");
        (stdout, stderr)
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        let response = agent()
            .get(&format!("{}{path}", self.url))
            .call()
            .expect("GET works");
        read(response)
    }

    pub fn state_after(&self, version: u64) -> Value {
        let (status, body) = self.get(&format!("api/state?after={version}"));
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).expect("the state is JSON")
    }

    /// Posts a click; returns the status and the JSON answer.
    pub fn click(&self, game: u64, x: i32, y: i32) -> (u16, Value) {
        let body = serde_json::json!({ "game": game, "x": x, "y": y }).to_string();
        let response = agent()
            .post(&format!("{}api/move", self.url))
            .header("Content-Type", "application/json")
            .send(body.as_str())
            .expect("POST works");
        let (status, body) = read(response);
        (
            status,
            serde_json::from_str(&body).expect("the answer is JSON"),
        )
    }
}

impl Drop for WebReferee {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

fn read(mut response: ureq::http::Response<ureq::Body>) -> (u16, String) {
    let status = response.status().as_u16();
    let body = response
        .body_mut()
        .read_to_string()
        .expect("the body reads");
    (status, body)
}

/// A scratch file path unique to this test process.
pub fn scratch_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("referee-web-{}-{name}", std::process::id()))
}
