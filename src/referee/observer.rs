//! Hooks into a running match: who watches it (such as the web board) and
//! who seats the players that a spec alone cannot start (a `web` player, a
//! person in the browser). The core defines them; whoever watches implements
//! them.

use std::fmt;
use std::time::Duration;

use crate::game::{Game, Player};

use super::contestant::Contestant;
use super::judge::PlayedGame;

/// A game about to start.
pub struct GameStart<'a> {
    /// 1-based game number within the match.
    pub number: usize,
    /// Specs of Black's and White's players.
    pub names: [&'a str; 2],
    /// Player A's colour in this game.
    pub player_a: Player,
    /// The opening moves already on the board.
    pub opening: &'a [(i32, i32)],
}

/// A move the rules accepted.
pub struct PlyPlayed<'a> {
    pub number: usize,
    pub colour: Player,
    pub xy: (i32, i32),
    /// Wall-clock time of the turn.
    pub elapsed: Duration,
    /// The player's debug text of the turn.
    pub debug: &'a str,
}

/// Watches a match. Every method is called from the thread playing the game
/// it names and must return quickly; the defaults ignore the event.
pub trait MatchObserver: Send + Sync + fmt::Debug {
    fn game_started(&self, _start: &GameStart<'_>) {}

    /// `colour` is now thinking, with `limit` for this turn.
    fn turn_started(&self, _number: usize, _colour: Player, _limit: Duration) {}

    fn move_played(&self, _ply: &PlyPlayed<'_>) {}

    /// The game is over (normally or by a fault), before the log is written.
    fn game_finished(&self, _number: usize, _game: &PlayedGame) {}

    /// The run's report as far as it has gone (a match's score, a
    /// tournament's ratings and crosstable), after every logged game.
    fn standings(&self, _report: &str) {}
}

/// Seats the `web` players of a match: a person playing through a running
/// web board.
pub trait SeatProvider<G: Game>: Send + Sync {
    /// The person's player in game `number` (1-based) of the match.
    fn seat(&self, number: usize) -> Box<dyn Contestant<G>>;
}
