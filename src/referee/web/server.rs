//! The HTTP side of the web board (tiny_http): the page and its scripts,
//! embedded in the binary, and a small JSON API.
//!
//! - `GET /api/state?after=V` waits (long polling) until the match changes
//!   past version `V`, then returns the whole [`Snapshot`](super::live::Snapshot).
//! - `GET /api/game?number=N` returns game `N` in full.
//! - `POST /api/move` with `{"game": N, "x": X, "y": Y}` (`-1, -1` to pass)
//!   plays a person's move; 200 `{"ok": true}` or 409 `{"error": REASON}`.

use std::io::Read;
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use tiny_http::{Header, Method, Request, Response, Server};

use super::live::Hub;

/// How long `/api/state` holds a request when nothing changes.
const LONG_POLL: Duration = Duration::from_secs(20);

pub const LIVE_HTML: &str = include_str!("assets/live.html");
pub const LIVE_JS: &str = include_str!("assets/live.js");
pub const BOARD_JS: &str = include_str!("assets/board.js");
pub const BOARD_CSS: &str = include_str!("assets/board.css");

/// Why the web board could not start.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("cannot read {0:?} as a web address (expected e.g. 127.0.0.1:8080 or 8080)")]
    Address(String),
    #[error("cannot serve the web board on {addr}: {source}")]
    Bind {
        addr: String,
        source: std::io::Error,
    },
}

/// A running web board server; it stops when dropped.
pub struct WebServer {
    server: Arc<Server>,
    addr: SocketAddr,
}

impl WebServer {
    /// The address actually served (the port is real even if 0 was asked).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

impl Drop for WebServer {
    fn drop(&mut self) {
        self.server.unblock();
    }
}

/// Reads `HOST:PORT` or a bare port (on 127.0.0.1).
pub fn parse_address(text: &str) -> Result<SocketAddr, WebError> {
    let bad = || WebError::Address(text.to_string());
    let text = text.trim();
    if let Ok(port) = text.parse::<u16>() {
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    text.to_socket_addrs()
        .map_err(|_| bad())?
        .next()
        .ok_or_else(bad)
}

/// Serves `hub` on `addr` from a background thread, one thread per request
/// (long polls wait on their own thread).
pub fn serve(hub: Arc<Hub>, addr: SocketAddr) -> Result<WebServer, WebError> {
    let listener = TcpListener::bind(addr).map_err(|source| WebError::Bind {
        addr: addr.to_string(),
        source,
    })?;
    let bound = listener.local_addr().map_err(|source| WebError::Bind {
        addr: addr.to_string(),
        source,
    })?;
    let server = Server::from_listener(listener, None).map_err(|e| WebError::Bind {
        addr: addr.to_string(),
        source: std::io::Error::other(e.to_string()),
    })?;
    let server = Arc::new(server);
    let accepting = Arc::clone(&server);
    std::thread::spawn(move || {
        for request in accepting.incoming_requests() {
            let hub = Arc::clone(&hub);
            std::thread::spawn(move || handle(&hub, request));
        }
    });
    Ok(WebServer {
        server,
        addr: bound,
    })
}

#[derive(Deserialize)]
struct MoveRequest {
    game: usize,
    x: i32,
    y: i32,
}

fn query_number(url: &str, key: &str) -> Option<u64> {
    let (_, query) = url.split_once('?')?;
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| v.parse().ok())
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn text(status: u16, content_type: &str, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
}

fn json(status: u16, value: &impl serde::Serialize) -> Response<std::io::Cursor<Vec<u8>>> {
    let body = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    text(status, "application/json", &body)
}

fn error(status: u16, message: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    json(status, &serde_json::json!({ "error": message }))
}

fn handle(hub: &Hub, mut request: Request) {
    let url = request.url().to_string();
    let path = url.split('?').next().unwrap_or("");
    let response = match (request.method(), path) {
        (Method::Get, "/") => text(200, "text/html; charset=utf-8", LIVE_HTML),
        (Method::Get, "/live.js") => text(200, "text/javascript", LIVE_JS),
        (Method::Get, "/board.js") => text(200, "text/javascript", BOARD_JS),
        (Method::Get, "/board.css") => text(200, "text/css", BOARD_CSS),
        (Method::Get, "/api/state") => {
            let after = query_number(&url, "after").unwrap_or(0);
            json(200, &hub.snapshot_after(after, LONG_POLL))
        }
        (Method::Get, "/api/game") => {
            match query_number(&url, "number").and_then(|n| hub.game(n as usize)) {
                Some(game) => json(200, &game),
                None => error(404, "no such game"),
            }
        }
        (Method::Post, "/api/move") => play_move(hub, &mut request),
        _ => error(404, "not found"),
    };
    let _ = request.respond(response);
}

fn play_move(hub: &Hub, request: &mut Request) -> Response<std::io::Cursor<Vec<u8>>> {
    // A JSON content type cannot be sent across origins without a CORS
    // preflight, which is never granted: other sites cannot move for you.
    let is_json = request
        .headers()
        .iter()
        .any(|h| h.field.equiv("Content-Type") && h.value.as_str().starts_with("application/json"));
    if !is_json {
        return error(415, "a move is sent as application/json");
    }
    let mut body = String::new();
    if request
        .as_reader()
        .take(4096)
        .read_to_string(&mut body)
        .is_err()
    {
        return error(400, "unreadable request");
    }
    let Ok(wanted) = serde_json::from_str::<MoveRequest>(&body) else {
        return error(400, "expected {\"game\": N, \"x\": X, \"y\": Y}");
    };
    match hub.click(wanted.game, wanted.x, wanted.y) {
        Ok(()) => json(200, &serde_json::json!({ "ok": true })),
        Err(why) => error(409, &why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_default_to_loopback() {
        assert_eq!(
            parse_address("8081").unwrap(),
            SocketAddr::from(([127, 0, 0, 1], 8081))
        );
        assert_eq!(
            parse_address("127.0.0.1:0").unwrap(),
            SocketAddr::from(([127, 0, 0, 1], 0))
        );
        assert!(parse_address("nowhere").is_err());
    }

    #[test]
    fn query_numbers() {
        assert_eq!(query_number("/api/state?after=12", "after"), Some(12));
        assert_eq!(query_number("/api/game?x=1&number=3", "number"), Some(3));
        assert_eq!(query_number("/api/state", "after"), None);
    }
}
