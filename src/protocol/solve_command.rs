//! `reversi solve BOARD SIDE`: the command line of the Reversi bot's exact
//! endgame solve. The arguments are parsed and the answer written here; the
//! solve itself is the engine's [`EndgameSolver`].

use std::io::Write;
use std::time::Instant;

use super::cli::ExtraCommand;
use crate::engines::reversi::{EndgameSolver, SolveError, SolveMode};
use crate::games::Reversi;
use crate::search::Limits;

/// Table size for a one-off solve: large enough for 20-odd empties.
const COMMAND_TABLE_BYTES: usize = 64 << 20;

/// `reversi solve BOARD SIDE`, for [`bot_main_with`](super::bot_main_with).
pub const REVERSI_SOLVE: ExtraCommand = ExtraCommand {
    name: "solve",
    about: "Solve a position exactly; prints `score <n> best <move> nodes <n> time <secs>`",
    args: &[
        (
            "BOARD",
            "64 characters row-major from a1 (x=0,y=0) to h8: X black, O white, - empty",
        ),
        ("SIDE", "the side to move: X or O"),
    ],
    run: run_reversi_solve,
};

fn run_reversi_solve(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let [board, side] = args else {
        return Err("expected BOARD and SIDE".to_string());
    };
    let line = reversi_solve_command(board, side)?;
    writeln!(out, "{line}").map_err(|e| e.to_string())
}

/// Solves the position `board` (64 characters `X`/`O`/`-`, row-major from
/// a1 to h8) with `side` (`X` or `O`) to move, without a time limit, and
/// returns the line `score <n> best <move> nodes <n> time <secs>`: the
/// exact final disc difference for the side to move (empties to the
/// winner), a best move as `a2` or `pass`, the nodes searched and the
/// seconds taken.
///
/// Errors (as text for the command line): a malformed board or side, or a
/// position where the game is already over.
pub fn reversi_solve_command(board: &str, side: &str) -> Result<String, String> {
    let side = Reversi::parse_side(side).map_err(|e| e.to_string())?;
    let position = Reversi::from_board_str(board, side).map_err(|e| e.to_string())?;
    let mut solver = EndgameSolver::new(COMMAND_TABLE_BYTES);
    let started = Instant::now();
    let solution = solver
        .solve(&position, SolveMode::Exact, &Limits::unlimited())
        .map_err(|e| match e {
            SolveError::GameOver => format!(
                "the game is already over (final score {} for the side to move)",
                position.final_score()
            ),
            aborted => aborted.to_string(),
        })?;
    Ok(format!(
        "score {} best {} nodes {} time {:.3}",
        solution.score,
        solution.best_move,
        solution.nodes,
        started.elapsed().as_secs_f64()
    ))
}
