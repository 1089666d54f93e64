//! Layer 5, the referee: runs two players against each other, judges every
//! answer with the rules library, logs the games and computes statistics.
//!
//! Players are built-in engines (in-process), a human at the terminal,
//! external programs speaking the Botzone protocol (see `bot_io` for how a
//! history, opening included, is presented to them), or engines of other
//! worlds speaking Gomocup, GTP or NBoard (`foreign_engine`).

mod board_text;
mod bot_io;
mod bot_process;
mod botzone_local;
mod builtin;
mod cli;
mod cli_run;
mod compare;
mod contestant;
mod decisive;
mod external;
mod foreign_engine;
mod game_facts;
mod game_log;
mod gomocup_player;
mod gtp_player;
mod human;
mod judge;
mod match_runner;
mod memory_watch;
mod nboard_player;
mod observer;
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
pub mod web;

pub use board_text::render_board;
pub use bot_io::{
    bot_history, full_input, parse_answer, request_line, AnswerError, BotAnswer, BotHistory, IoMode,
};
pub use bot_process::{
    kill_all_bots, BotProcess, BotProcessOptions, TurnOutput, ALLOCATION_FAILURE_MESSAGES,
    OUTPUT_CAP,
};
pub use botzone_local::{
    finished_line, parse_poll_answer, run_local, Finished, LocalConfig, PollAnswer,
};
pub use builtin::BuiltinBot;
pub use cli::referee_main;
pub use compare::{compare_runs, sign_test, PairedGames, RunComparison};
pub use contestant::{Contestant, Fault, Turn, TurnReport};
pub use decisive::{tally_openings, OpeningTally};
pub use external::ExternalBot;
pub use foreign_engine::{ForeignEngine, ForeignProtocol};
pub use game_facts::{result_text, winning_line, RefereeGame, WinRule};
pub use game_log::{merge_logs, read_records, GameLog, LogError, LogsAre};
pub use gomocup_player::GomocupProtocol;
pub use gtp_player::GtpProtocol;
pub use human::HumanPlayer;
pub use judge::{play_game, play_game_watched, GameWatch, PlayedGame, ShowBoard};
pub use match_runner::{run_match, run_match_seated, MatchConfig, MatchResults, OpeningPlan};
pub use nboard_player::{ggf_game, NboardProtocol};
pub use observer::{GameStart, MatchObserver, PlyPlayed, SeatProvider};
pub use openings::{load_openings, play_from_start, random_opening, OpeningError, ReplayError};
pub use player_spec::{BuiltinOptions, PlayerSpec, SpecError, UnknownEngine};
pub use rating::{fit_ratings, Encounter, Rating, RatingError};
pub use record::{DebugStrings, GameRecord, GameResult, Termination};
pub use replay::{find_game, read_log, replay_html, ReplayFileError};
pub use schedule::{BadGameId, BadShard, Entrant, Format, GameId, Schedule, ScheduledGame, Shard};
pub use stats::{
    elo_from_score, EloEstimate, GameScore, Pentanomial, Sprt, SprtDecision, SprtError, Trinomial,
};
pub use summary::{render_report, GameOutcome, MatchSummary};
pub use tournament::tournament_report;
