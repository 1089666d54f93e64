//! The log record of one finished game (one JSON line of `--log`).

use serde::{Deserialize, Serialize};

use crate::game::Player;

use super::schedule::{Format, GameId};

/// How a game ended. Every value but `Normal` is a fault of the side to move,
/// which loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// The rules ended the game.
    Normal,
    /// No complete answer within the turn's time limit.
    Timeout,
    /// An engine of another protocol did not answer its set-up (Gomocup
    /// `START`, GTP `boardsize`, NBoard's first `ping`) within `--startup-time`.
    StartupTimeout,
    /// The bot exited abnormally (non-zero status, a signal) or without answering.
    Crash,
    /// The bot's resident memory went over `--memory` (Botzone's MLE), or it
    /// died of a failed allocation under the address-space backstop; see
    /// `memory_watch` and `BotProcess`.
    Memory,
    /// The answer could not be parsed (not JSON, no integer coordinates, ...).
    BadOutput,
    /// More than the output cap was written in one turn.
    OutputLimit,
    /// A move the rules refuse (occupied, off the board, ...).
    IllegalMove,
    /// A pass (`-1 -1`) where passing is not legal.
    BadPass,
}

impl Termination {
    pub fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Timeout => "timeout",
            Termination::StartupTimeout => "startup-timeout",
            Termination::Crash => "crash",
            Termination::Memory => "memory",
            Termination::BadOutput => "bad-output",
            Termination::OutputLimit => "output-limit",
            Termination::IllegalMove => "illegal-move",
            Termination::BadPass => "bad-pass",
        }
    }
}

/// The winner's colour, or a draw, as logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    Black,
    White,
    Draw,
}

impl GameResult {
    pub fn win_for(player: Player) -> Self {
        match player {
            Player::Black => GameResult::Black,
            Player::White => GameResult::White,
        }
    }

    /// The winning colour, `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            GameResult::Black => Some(Player::Black),
            GameResult::White => Some(Player::White),
            GameResult::Draw => None,
        }
    }
}

/// Debug strings each bot wrote, one per turn it answered.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebugStrings {
    pub black: Vec<String>,
    pub white: Vec<String>,
}

/// One finished game as written to the log.
///
/// `moves` is the whole game from the start position, opening included (its
/// first `opening.len()` entries are the opening); a pass is `[-1, -1]`.
/// `times_ms` has one entry per bot turn after the opening, in order,
/// including a final faulty turn whose answer is not in `moves`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's name (`tictactoe`, `reversi`, ...).
    pub game: String,
    /// `match`, `round-robin` or `gauntlet`.
    #[serde(default)]
    pub format: Format,
    /// The stable id `PAIRING-PAIR-COLOUR` (see `GameId`); empty in logs
    /// written before ids existed, where it follows from `number`.
    #[serde(default)]
    pub id: String,
    /// 1-based game number in the schedule of the match or tournament.
    pub number: usize,
    /// Player names (`NAME=SPEC` on the command line; a spec alone is its name).
    pub black: String,
    pub white: String,
    /// Which colour player A had (`black` or `white`).
    pub player_a: String,
    pub result: GameResult,
    pub termination: Termination,
    /// Human-readable detail of the termination (the fault, or the final score).
    pub detail: String,
    /// The opening moves the bots did not choose.
    pub opening: Vec<[i32; 2]>,
    pub moves: Vec<[i32; 2]>,
    /// The refused answer of an `illegal-move` or `bad-pass` game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused_move: Option<[i32; 2]>,
    pub times_ms: Vec<u64>,
    pub debug: DebugStrings,
}

impl GameRecord {
    /// The game's id, as logged or (older logs of one match) from its number.
    pub fn game_id(&self) -> Result<GameId, super::schedule::BadGameId> {
        if !self.id.is_empty() {
            return self.id.parse();
        }
        let index = self.number.saturating_sub(1);
        Ok(GameId {
            pairing: 0,
            pair: index / 2,
            a_colour: if index.is_multiple_of(2) {
                Player::Black
            } else {
                Player::White
            },
        })
    }

    /// A finished Gomoku match game for tests: `id` as logged (its last
    /// part is player A's colour), played from `opening` with no move
    /// after it, between players `a` and `b`.
    #[cfg(test)]
    pub(crate) fn for_test(id: &str, opening: &[[i32; 2]], result: GameResult) -> Self {
        GameRecord {
            game: "gomoku".to_string(),
            format: Format::Match,
            id: id.to_string(),
            number: 0,
            black: "a".to_string(),
            white: "b".to_string(),
            player_a: id.rsplit('-').next().unwrap().to_string(),
            result,
            termination: Termination::Normal,
            detail: String::new(),
            opening: opening.to_vec(),
            moves: opening.to_vec(),
            refused_move: None,
            times_ms: Vec::new(),
            debug: DebugStrings::default(),
        }
    }
}
