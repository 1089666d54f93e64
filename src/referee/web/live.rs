//! The live state of a match as the web page sees it: every game's moves,
//! board, clocks and result, the score, and the turns waiting for a person.
//! [`WebBoard`] fills it from the match's events; the server reads it.

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::game::Player;

use super::super::contestant::Contestant;
use super::super::game_facts::RefereeGame;
use super::super::judge::PlayedGame;
use super::super::observer::{GameStart, MatchObserver, PlyPlayed, SeatProvider};
use super::super::openings::play_from_start;
use super::super::schedule::Format;
use super::seat::WebPlayer;
use super::view::{board_view, finish_view, BoardView, FinishView, Look, PlyView};

/// Finished games sent in full with every update (older ones on request).
const RECENT_FINISHED: usize = 2;

/// A person's click on a point, with where to send the rules' verdict.
pub struct Click {
    pub x: i32,
    pub y: i32,
    pub verdict: Sender<Result<(), String>>,
}

/// A turn waiting for a person's click.
struct Pending {
    colour: Player,
    legal: Vec<[i32; 2]>,
    can_pass: bool,
    clicks: Sender<Click>,
}

/// The person's side of a pending turn, as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct PersonTurn {
    pub colour: &'static str,
    /// Legal placements (passes aside).
    pub legal: Vec<[i32; 2]>,
    pub can_pass: bool,
}

/// What a person may do in a turn offered to the page.
pub struct Offer {
    pub colour: Player,
    pub legal: Vec<[i32; 2]>,
    pub can_pass: bool,
    pub clicks: Sender<Click>,
}

struct Thinking {
    colour: Player,
    since: Instant,
    limit: Duration,
}

struct LiveGame {
    number: usize,
    names: [String; 2],
    player_a: Player,
    plies: Vec<PlyView>,
    board: BoardView,
    clocks: [Duration; 2],
    thinking: Option<Thinking>,
    finish: Option<FinishView>,
}

/// One game in full, as sent to the page.
#[derive(Clone, Debug, Serialize)]
pub struct GameSnapshot {
    pub number: usize,
    pub black: String,
    pub white: String,
    pub player_a: &'static str,
    pub moves: Vec<PlyView>,
    pub board: BoardView,
    pub clocks_ms: [u64; 2],
    /// The colour thinking now, how long it has and how long it has taken.
    pub to_move: Option<&'static str>,
    pub thinking_ms: u64,
    pub limit_ms: u64,
    pub person: Option<PersonTurn>,
    pub finish: Option<FinishView>,
}

/// One line of the game list.
#[derive(Clone, Debug, Serialize)]
pub struct GameLine {
    pub number: usize,
    pub black: String,
    pub white: String,
    pub plies: usize,
    pub result: Option<String>,
}

/// Games won by A and B and drawn, as far as the match has gone.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Score {
    pub a: usize,
    pub b: usize,
    pub draws: usize,
}

/// The whole match as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// Grows with every change; `/api/state?after=VERSION` waits for the next.
    pub version: u64,
    pub look: Look,
    /// `match`, `round-robin` or `gauntlet`.
    pub format: &'static str,
    /// The players' names (A and B in a match).
    pub players: Vec<String>,
    pub games_total: usize,
    /// Games won by A and B (a match; in a tournament see `standings`).
    pub score: Score,
    /// The report as far as the run has gone (a tournament's ratings and
    /// crosstable), updated after every game.
    pub standings: Option<String>,
    /// The final report, once the match is over.
    pub report: Option<String>,
    pub games: Vec<GameLine>,
    /// Running games and the latest finished ones, in full.
    pub live: Vec<GameSnapshot>,
}

struct LiveState {
    version: u64,
    players: Vec<String>,
    games_total: usize,
    score: Score,
    standings: Option<String>,
    report: Option<String>,
    games: BTreeMap<usize, LiveGame>,
    pending: BTreeMap<usize, Pending>,
}

/// The shared live state and the signal that it changed.
pub struct Hub {
    look: Look,
    format: Format,
    state: Mutex<LiveState>,
    changed: Condvar,
}

impl std::fmt::Debug for Hub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub").field("look", &self.look).finish()
    }
}

impl Hub {
    fn new(look: Look, format: Format, players: Vec<String>, games_total: usize) -> Hub {
        Hub {
            look,
            format,
            state: Mutex::new(LiveState {
                version: 1,
                players,
                games_total,
                score: Score::default(),
                standings: None,
                report: None,
                games: BTreeMap::new(),
                pending: BTreeMap::new(),
            }),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, LiveState> {
        // A panic elsewhere must not take the page down with it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Changes the state and wakes every waiting page.
    fn update(&self, change: impl FnOnce(&mut LiveState)) {
        let mut state = self.lock();
        change(&mut state);
        state.version += 1;
        drop(state);
        self.changed.notify_all();
    }

    /// The state once its version exceeds `after`, or as it is after `wait`.
    pub fn snapshot_after(&self, after: u64, wait: Duration) -> Snapshot {
        let deadline = Instant::now() + wait;
        let mut state = self.lock();
        while state.version <= after {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            state = self
                .changed
                .wait_timeout(state, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        self.snapshot(&state)
    }

    fn snapshot(&self, state: &LiveState) -> Snapshot {
        let finished: Vec<usize> = state
            .games
            .values()
            .filter(|g| g.finish.is_some())
            .map(|g| g.number)
            .collect();
        let recent = &finished[finished.len().saturating_sub(RECENT_FINISHED)..];
        Snapshot {
            version: state.version,
            look: self.look.clone(),
            format: self.format.name(),
            players: state.players.clone(),
            games_total: state.games_total,
            score: state.score,
            standings: state.standings.clone(),
            report: state.report.clone(),
            games: state
                .games
                .values()
                .map(|g| GameLine {
                    number: g.number,
                    black: g.names[0].clone(),
                    white: g.names[1].clone(),
                    plies: g.plies.len(),
                    result: g.finish.as_ref().map(|f| f.text.clone()),
                })
                .collect(),
            live: state
                .games
                .values()
                .filter(|g| g.finish.is_none() || recent.contains(&g.number))
                .map(|g| game_snapshot(g, state.pending.get(&g.number)))
                .collect(),
        }
    }

    /// Game `number` in full, if it has started.
    pub fn game(&self, number: usize) -> Option<GameSnapshot> {
        let state = self.lock();
        let game = state.games.get(&number)?;
        Some(game_snapshot(game, state.pending.get(&number)))
    }

    /// Shows a person's turn in game `number` on the page.
    pub fn offer(&self, number: usize, offer: Offer) {
        self.update(|state| {
            state.pending.insert(
                number,
                Pending {
                    colour: offer.colour,
                    legal: offer.legal,
                    can_pass: offer.can_pass,
                    clicks: offer.clicks,
                },
            );
        });
    }

    /// The person's turn in game `number` is over.
    pub fn withdraw(&self, number: usize) {
        self.update(|state| {
            state.pending.remove(&number);
        });
    }

    /// Passes a person's click on `(x, y)` in game `number` to the player
    /// whose turn it is; returns the rules' verdict.
    pub fn click(&self, number: usize, x: i32, y: i32) -> Result<(), String> {
        let not_now = || format!("game {number} is not waiting for a move from the page");
        let clicks = self
            .lock()
            .pending
            .get(&number)
            .map(|p| p.clicks.clone())
            .ok_or_else(not_now)?;
        let (verdict, answer) = std::sync::mpsc::channel();
        clicks
            .send(Click { x, y, verdict })
            .map_err(|_| not_now())?;
        answer
            .recv_timeout(Duration::from_secs(10))
            .map_err(|_| not_now())?
    }

    /// The match is over; `report` is its final score report.
    pub fn finish_match(&self, report: String) {
        self.update(|state| state.report = Some(report));
    }
}

fn game_snapshot(game: &LiveGame, pending: Option<&Pending>) -> GameSnapshot {
    let ms = |d: Duration| d.as_millis() as u64;
    GameSnapshot {
        number: game.number,
        black: game.names[0].clone(),
        white: game.names[1].clone(),
        player_a: game.player_a.name(),
        moves: game.plies.clone(),
        board: game.board.clone(),
        clocks_ms: game.clocks.map(ms),
        to_move: game.thinking.as_ref().map(|t| t.colour.name()),
        thinking_ms: game.thinking.as_ref().map_or(0, |t| ms(t.since.elapsed())),
        limit_ms: game.thinking.as_ref().map_or(0, |t| ms(t.limit)),
        person: pending.map(|p| PersonTurn {
            colour: p.colour.name(),
            legal: p.legal.clone(),
            can_pass: p.can_pass,
        }),
        finish: game.finish.clone(),
    }
}

/// Watches a match of `G` for the web page.
pub struct WebBoard<G> {
    hub: Arc<Hub>,
    game: PhantomData<fn() -> G>,
}

impl<G> std::fmt::Debug for WebBoard<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebBoard").field("hub", &self.hub).finish()
    }
}

impl<G: RefereeGame> WebBoard<G> {
    /// A board for a run in `format` of `games_total` games between
    /// `players` (A and B in a match).
    pub fn new(format: Format, players: Vec<String>, games_total: usize) -> WebBoard<G> {
        WebBoard {
            hub: Arc::new(Hub::new(Look::of::<G>(), format, players, games_total)),
            game: PhantomData,
        }
    }

    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    fn board_after(plies: &[PlyView]) -> Option<(G, BoardView)> {
        let moves: Vec<(i32, i32)> = plies.iter().map(|p| (p.x, p.y)).collect();
        let position: G = play_from_start(&moves).ok()?;
        let view = board_view(&position, moves.last().copied());
        Some((position, view))
    }
}

impl<G: RefereeGame> MatchObserver for WebBoard<G> {
    fn game_started(&self, start: &GameStart<'_>) {
        let plies: Vec<PlyView> = start
            .opening
            .iter()
            .enumerate()
            .map(|(ply, &xy)| PlyView {
                opening: true,
                ..PlyView::new(ply, xy)
            })
            .collect();
        let Some((_, board)) = Self::board_after(&plies) else {
            return;
        };
        self.hub.update(|state| {
            state.games.insert(
                start.number,
                LiveGame {
                    number: start.number,
                    names: start.names.map(str::to_string),
                    player_a: start.player_a,
                    plies,
                    board,
                    clocks: [Duration::ZERO; 2],
                    thinking: None,
                    finish: None,
                },
            );
        });
    }

    fn turn_started(&self, number: usize, colour: Player, limit: Duration) {
        self.hub.update(|state| {
            if let Some(game) = state.games.get_mut(&number) {
                game.thinking = Some(Thinking {
                    colour,
                    since: Instant::now(),
                    limit,
                });
            }
        });
    }

    fn move_played(&self, ply: &PlyPlayed<'_>) {
        self.hub.update(|state| {
            let Some(game) = state.games.get_mut(&ply.number) else {
                return;
            };
            game.plies.push(PlyView {
                ms: Some(ply.elapsed.as_millis() as u64),
                debug: ply.debug.to_string(),
                ..PlyView::new(game.plies.len(), ply.xy)
            });
            game.clocks[ply.colour.index()] += ply.elapsed;
            game.thinking = None;
            if let Some((_, board)) = Self::board_after(&game.plies) {
                game.board = board;
            }
        });
    }

    fn game_finished(&self, number: usize, played: &PlayedGame) {
        let position: Option<G> = play_from_start(&played.moves).ok();
        self.hub.update(|state| {
            state.pending.remove(&number);
            let Some(game) = state.games.get_mut(&number) else {
                return;
            };
            if let Some(thinking) = game.thinking.take() {
                // A faulty last turn still took its time.
                game.clocks[thinking.colour.index()] += thinking.since.elapsed();
            }
            if let Some(position) = position {
                game.finish = Some(finish_view(
                    &position,
                    played.moves.last().copied(),
                    played.result,
                    played.termination,
                    &played.detail,
                ));
            }
            let player_a = game.player_a;
            match played.result.winner() {
                None => state.score.draws += 1,
                Some(colour) if colour == player_a => state.score.a += 1,
                Some(_) => state.score.b += 1,
            }
        });
    }

    fn standings(&self, report: &str) {
        self.hub
            .update(|state| state.standings = Some(report.to_string()));
    }
}

impl<G: RefereeGame> SeatProvider<G> for WebBoard<G> {
    fn seat(&self, number: usize) -> Box<dyn Contestant<G>> {
        Box::new(WebPlayer::new(Arc::clone(&self.hub), number))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TicTacToe;
    use crate::referee::record::{DebugStrings, GameResult, Termination};

    fn played(moves: &[(i32, i32)], result: GameResult) -> PlayedGame {
        PlayedGame {
            result,
            termination: Termination::Normal,
            detail: String::new(),
            moves: moves.to_vec(),
            refused_move: None,
            times_ms: vec![1; moves.len()],
            debug: DebugStrings::default(),
        }
    }

    #[test]
    fn events_build_the_page_state_and_the_score() {
        let board = WebBoard::<TicTacToe>::new(Format::Match, vec!["a".into(), "b".into()], 2);
        let hub = Arc::clone(board.hub());
        let start = hub.snapshot_after(0, Duration::ZERO).version;
        board.game_started(&GameStart {
            number: 2,
            names: ["b", "a"],
            player_a: Player::White,
            opening: &[(1, 1)],
        });
        board.turn_started(2, Player::White, Duration::from_secs(1));
        let snapshot = hub.snapshot_after(start, Duration::ZERO);
        assert!(snapshot.version > start);
        let game = &snapshot.live[0];
        assert_eq!(game.to_move, Some("white"));
        assert_eq!(game.limit_ms, 1000);
        assert!(game.moves[0].opening);
        assert_eq!(game.board.cells, "....b....");

        board.move_played(&PlyPlayed {
            number: 2,
            colour: Player::White,
            xy: (0, 0),
            elapsed: Duration::from_millis(250),
            debug: "thinking hard",
        });
        let game = hub.game(2).expect("game 2");
        assert_eq!(game.clocks_ms, [0, 250]);
        assert_eq!(game.moves[1].debug, "thinking hard");
        assert_eq!(game.moves[1].square, "a1");
        assert_eq!(game.board.last, Some([0, 0]));
        assert_eq!(game.to_move, None);

        // Black (player B here) fills column b.
        let moves = [(1, 1), (0, 0), (1, 0), (0, 1), (1, 2)];
        board.game_finished(2, &played(&moves, GameResult::Black));
        let snapshot = hub.snapshot_after(0, Duration::ZERO);
        assert_eq!((snapshot.score.a, snapshot.score.b), (0, 1));
        let finish = snapshot.live[0].finish.as_ref().expect("finished");
        assert_eq!(finish.text, "black wins: three in a row");
        assert_eq!(finish.line, vec![[1, 0], [1, 1], [1, 2]]);
        assert_eq!(
            snapshot.games[0].result.as_deref(),
            Some(finish.text.as_str())
        );
        assert!(hub.game(1).is_none());
    }

    #[test]
    fn clicks_without_a_waiting_turn_are_refused() {
        let board = WebBoard::<TicTacToe>::new(Format::Match, vec!["web".into(), "b".into()], 1);
        let refused = board.hub().click(1, 0, 0).unwrap_err();
        assert!(refused.contains("not waiting"), "{refused}");
    }
}
