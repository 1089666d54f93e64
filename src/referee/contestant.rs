//! The players of one game as the judge sees them: anything that answers a
//! turn with coordinates or a fault.

use std::time::Duration;

use crate::game::{Game, Player};

use super::record::Termination;

/// One turn a player is asked to play.
pub struct Turn<'a, G: Game> {
    /// The position to move in (never finished).
    pub position: &'a G,
    /// Every move from the start position to `position`, opening included.
    pub moves: &'a [(i32, i32)],
    /// The colour to move.
    pub colour: Player,
    /// The time limit of this turn (already doubled on a player's first turn).
    pub limit: Duration,
}

/// Why a turn lost the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub termination: Termination,
    pub detail: String,
}

/// What a player did with one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnReport {
    /// The answered coordinates (not yet judged), or the fault that ends the game.
    pub answer: Result<(i32, i32), Fault>,
    /// Wall-clock time the turn took (an engine's start-up not included).
    pub elapsed: Duration,
    /// The player's debug text for this turn (may be empty).
    pub debug: String,
}

/// A player taking part in one game.
pub trait Contestant<G: Game>: Send {
    /// Plays one turn. Contract: returns within `turn.limit` plus a small
    /// overhead (players without a clock, like a human, are exempt; an engine
    /// of another protocol may first spend up to its start-up limit on its
    /// set-up, which `elapsed` leaves out); reports a fault instead of
    /// panicking on any misbehaviour of what it runs.
    fn play_turn(&mut self, turn: &Turn<'_, G>) -> TurnReport;

    /// The game is over: release everything this player holds (a kept-running
    /// process gets the kill marker and is then killed with its process group).
    /// Called once per game, also after a fault.
    fn game_over(&mut self);
}
