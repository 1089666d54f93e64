//! Layer 5, the referee: runs two players against each other, judges every
//! answer with the rules library, logs the games and computes statistics.
//!
//! Players are built-in engines (in-process), a human at the terminal, or
//! external programs speaking the Botzone protocol (see `bot_io` for how a
//! history, opening included, is presented to them).

mod board_text;
mod bot_io;
mod bot_process;
mod builtin;
mod cli;
mod cli_run;
mod contestant;
mod external;
mod game_log;
mod human;
mod judge;
mod match_runner;
mod openings;
mod player_spec;
mod rating;
mod record;
mod replay;
mod schedule;
mod shutdown;
mod stats;
mod summary;
mod tournament;

pub use board_text::render_board;
pub use bot_io::{
    bot_history, full_input, parse_answer, request_line, AnswerError, BotAnswer, BotHistory, IoMode,
};
pub use bot_process::{
    kill_all_bots, BotProcess, BotProcessOptions, TurnOutput, ALLOCATION_FAILURE_MESSAGES,
    OUTPUT_CAP,
};
pub use builtin::BuiltinBot;
pub use cli::referee_main;
pub use contestant::{Contestant, Fault, Turn, TurnReport};
pub use external::ExternalBot;
pub use game_log::{merge_logs, read_records, GameLog, LogError};
pub use human::HumanPlayer;
pub use judge::{play_game, PlayedGame, ShowBoard};
pub use match_runner::{run_match, MatchConfig, MatchResults, OpeningPlan};
pub use openings::{load_openings, play_from_start, random_opening, OpeningError, ReplayError};
pub use player_spec::{PlayerSpec, UnknownEngine};
pub use rating::{fit_ratings, Encounter, Rating, RatingError};
pub use record::{DebugStrings, GameRecord, GameResult, Termination};
pub use replay::{find_game, read_log, replay_html, ReplayFileError};
pub use schedule::{BadGameId, BadShard, Entrant, Format, GameId, Schedule, ScheduledGame, Shard};
pub use stats::{
    elo_from_score, EloEstimate, GameScore, Pentanomial, Sprt, SprtDecision, SprtError, Trinomial,
};
pub use summary::{render_report, GameOutcome, MatchSummary};
pub use tournament::tournament_report;
