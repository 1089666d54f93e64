//! A minimal Chrome DevTools protocol client for the browser tests: starts
//! Debian's headless Chromium, opens one page over a WebSocket (tungstenite)
//! and evaluates scripts, clicks with real mouse events and takes screenshots.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

pub const CHROMIUM: &str = "/usr/bin/chromium";

/// How long the page may take to show what a test waits for before it fails.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A headless Chromium with one page attached; killed when dropped.
pub struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
}

impl Browser {
    /// Starts Chromium with a fresh profile in `profile` and opens a blank page.
    /// Fails loudly when Chromium is not installed.
    pub fn start(profile: &Path) -> Browser {
        assert!(
            Path::new(CHROMIUM).exists(),
            "headless Chromium is missing at {CHROMIUM}: `.ci/run` installs it with \
             `apt-get install -y chromium`; install it to run the browser tests"
        );
        let _ = std::fs::remove_dir_all(profile);
        let mut child = Command::new(CHROMIUM)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--window-size=1300,900",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Chromium starts");
        // Chromium prints its DevTools address on stderr; keep draining the
        // rest so it never blocks on a full pipe.
        let mut lines = BufReader::new(child.stderr.take().expect("piped stderr")).lines();
        let mut seen = Vec::new();
        let address = loop {
            match lines.next() {
                Some(Ok(line)) => match line.strip_prefix("DevTools listening on ") {
                    Some(address) => break address.trim().to_string(),
                    None => seen.push(line),
                },
                _ => panic!("Chromium gave no DevTools address: {}", seen.join("\n")),
            }
        };
        std::thread::spawn(move || lines.for_each(drop));
        let (socket, _) = tungstenite::connect(address.as_str()).expect("DevTools connects");
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
        };
        let target = browser.call("Target.createTarget", json!({ "url": "about:blank" }));
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        browser
    }

    /// Sends one command (to the page once attached) and returns its result,
    /// skipping the events that arrive meanwhile.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut command = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            command["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(command.to_string()))
            .expect("DevTools takes the command");
        loop {
            let message = self.socket.read().expect("DevTools answers");
            let Ok(text) = message.to_text() else {
                continue;
            };
            let Ok(answer) = serde_json::from_str::<Value>(text) else {
                continue;
            };
            if answer["id"] != json!(id) {
                continue;
            }
            if let Some(error) = answer.get("error") {
                panic!("{method} failed: {error}");
            }
            return answer["result"].clone();
        }
    }

    /// Loads `url` and waits until the document is complete.
    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for("document.readyState === 'complete'");
    }

    /// The value of a JavaScript expression on the page.
    pub fn evaluate(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true }),
        );
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("{expression} threw {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Waits until `expression` is true on the page.
    pub fn wait_for(&mut self, expression: &str) {
        let give_up = Instant::now() + PATIENCE;
        while self.evaluate(expression) != Value::Bool(true) {
            assert!(
                Instant::now() < give_up,
                "the page never showed {expression}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// How many elements match `selector`.
    pub fn count(&mut self, selector: &str) -> u64 {
        self.evaluate(&format!("document.querySelectorAll({selector:?}).length"))
            .as_u64()
            .expect("a count")
    }

    /// Clicks the middle of the element matching `selector` with the mouse,
    /// as a person would (press and release at its position on the screen).
    pub fn click(&mut self, selector: &str) {
        let centre = self.evaluate(&format!(
            "(() => {{ const e = document.querySelector({selector:?}); \
             if (!e) return null; e.scrollIntoView({{block: 'center'}}); \
             const r = e.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2]; }})()"
        ));
        let (Some(x), Some(y)) = (centre[0].as_f64(), centre[1].as_f64()) else {
            panic!("nothing on the page matches {selector}");
        };
        for (kind, button) in [
            ("mouseMoved", "none"),
            ("mousePressed", "left"),
            ("mouseReleased", "left"),
        ] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": button, "clickCount": 1 }),
            );
        }
    }

    /// The page as a PNG.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().expect("image data"))
            .expect("base64 image")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
