//! The web board: a match watched live in the browser, a person playing by
//! clicking (the `web` player), and the board drawing `referee replay` shares.
//!
//! Everything the page needs is embedded in the binary (`assets/`) and served
//! by a small HTTP server on the loopback address unless told otherwise.

mod live;
mod seat;
mod server;
mod view;

use std::io::BufRead;
use std::sync::Arc;

use super::game_facts::RefereeGame;
use super::match_runner::{run_match_seated, MatchConfig, MatchResults};
use super::player_spec::PlayerSpec;
use super::schedule::{Entrant, Schedule};

pub use live::{GameSnapshot, Hub, Snapshot, WebBoard};
pub use seat::WebPlayer;
pub use server::{parse_address, serve, WebError, WebServer};
pub use view::{board_view, finish_view, BoardView, FinishView, Look, PlyView};

pub(super) use server::{BOARD_CSS, BOARD_JS};

/// Where `--web` serves when no address is given.
pub const DEFAULT_ADDRESS: &str = "127.0.0.1:8080";

/// Runs `config`'s match or tournament watched on a web board served at
/// `address` (printed on stderr once it listens): every game live, the score
/// or the ratings and crosstable updated after each. Returns the results and
/// the server, still serving the finished run until it is dropped.
pub fn run_match_on_web<G: RefereeGame>(
    config: &MatchConfig,
    address: &str,
) -> anyhow::Result<(MatchResults, WebServer)> {
    let entrants: Vec<Entrant> = config.players.iter().map(|p| Entrant::parse(p)).collect();
    for entrant in &entrants {
        PlayerSpec::parse(&entrant.spec).check::<G>()?;
    }
    let games_total = Schedule::new(config.format, entrants.len(), config.games)
        .games()
        .into_iter()
        .filter(|game| config.shard.is_none_or(|shard| shard.plays(game)))
        .count();
    let names = entrants.into_iter().map(|e| e.name).collect();
    let board = Arc::new(WebBoard::<G>::new(config.format, names, games_total));
    let server = serve(Arc::clone(board.hub()), parse_address(address)?)?;
    eprintln!("referee: web board at {}", server.url());
    let mut config = config.clone();
    config.observer = Some(board.clone());
    let results = run_match_seated::<G>(&config, Some(board.as_ref()))?;
    board.hub().finish_match(results.report(config.sprt));
    Ok((results, server))
}

/// Keeps the finished match on the page until Enter or the end of stdin.
pub fn linger(server: &WebServer) {
    eprintln!(
        "referee: the match stays on {} until you press Enter",
        server.url()
    );
    let mut line = String::new();
    let _ = std::io::stdin().lock().read_line(&mut line);
}
