//! Layer 4, protocol: Botzone I/O and each bot executable's command line.
//!
//! Data flows one way: a turn's input is read ([`read_first_turn`]) into raw
//! coordinates ([`TurnInput`]), replayed through the rules ([`replay`]) into a
//! position, answered by an engine within the turn's time ([`decide`]) and
//! printed ([`write_answer`]). [`run_session`] strings turns together
//! (keep-running); [`bot_main`] is the executables' `main`.

mod bot_game;
mod bot_main;
mod cli;
mod codec;
mod debug_line;
mod decide;
mod error;
mod gomocup;
mod input;
mod json_input;
mod markers;
mod opening_rule;
mod output;
mod replay;
mod session;
mod simple_input;
mod solve_command;
mod time_budget;
mod turn_reader;

pub use bot_game::BotGame;
pub use bot_main::{bot_main, bot_main_with};
pub use cli::{
    keep_running_requested, parse_command_line, BotArgs, BotCommand, ExtraCommand, Invocation,
    DEFAULT_SEED, KEEP_RUNNING_BUILD_DEFAULT, KEEP_RUNNING_ENV,
};
pub use codec::{decode_move, encode_move};
pub use debug_line::{debug_summary, MAX_DEBUG_CHARS};
pub use decide::decide;
pub use error::{Location, ProtocolError};
pub use gomocup::{is_pbrain_name, run_gomocup, GomocupClock, GOMOCUP_MOVES_TO_GO};
pub use input::{InputFormat, RawMove, TurnInput};
pub use json_input::{parse_json_request, parse_json_turn, raw_move_from_value, JsonRequest};
pub use markers::{KEEP_RUNNING_MARKER, KILL_MARKER};
pub use opening_rule::replace_forbidden_opening;
pub use output::{write_answer, write_keep_running_marker, Answer};
pub use replay::{ensure_not_over, play_raw, replay, Turn};
pub use session::{run_session, SessionConfig};
pub use simple_input::{parse_simple_move, parse_turn_count, read_simple_turn};
pub use solve_command::{reversi_solve_command, REVERSI_SOLVE};
pub use time_budget::{
    parse_turn_seconds, turn_deadline, FIRST_TURN_LIMIT, FIRST_TURN_SAFETY_MARGIN,
    MAX_TURN_SECONDS, SAFETY_MARGIN, TURN_LIMIT,
};
pub use turn_reader::{parse_first_turn, read_first_turn, read_line, FirstTurn};
