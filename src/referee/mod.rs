//! Layer 5, the referee: runs two bots against each other and judges them
//! with the rules library.

mod bot_io;
mod bot_process;
mod notation;
mod record;
mod stats;

pub use bot_io::{
    bot_history, full_input, parse_answer, request_line, AnswerError, BotAnswer, IoMode,
};
pub use bot_process::{BotProcess, TurnOutput, KEEP_RUNNING_MARKER, KILL_MARKER, OUTPUT_CAP};
pub use notation::{parse_moves, square_name, NotationError};
pub use record::{DebugStrings, GameRecord, GameResult, Termination};
pub use stats::{
    elo_from_score, EloEstimate, GameScore, Pentanomial, Sprt, SprtDecision, SprtError, Trinomial,
};
