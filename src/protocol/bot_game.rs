//! The few per-game facts the protocol layer needs beyond the rules.

use crate::engines::Engines;
use crate::games::{Gomoku, NoGo, Reversi, TicTacToe};

/// A game a Botzone bot executable can be built for.
pub trait BotGame: Engines {
    /// `true` if Botzone offers simplified line I/O for this game (Gomoku: no).
    const SIMPLE_IO: bool;

    /// Points, as `(x, y)`, that the bot never chooses as Black's very first
    /// move of the game (from `Game::start()`). The opponent may still play
    /// them: this restricts only our own answers.
    const FORBIDDEN_OPENINGS: &'static [(i32, i32)] = &[];

    /// `true` if the bot also speaks the Gomocup protocol (`--gomocup`).
    const GOMOCUP: bool = false;

    /// `true` if the bot keeps running between turns unless told otherwise
    /// (`--turn-by-turn`, `BOARDBOTS_KEEP_RUNNING=0`): its search keeps
    /// what it learnt on the turns before (see `keep_running_requested`).
    const KEEP_RUNNING: bool = false;
}

impl BotGame for Reversi {
    const SIMPLE_IO: bool = true;
    // The midgame and endgame tables carried from turn to turn: 180-126-22
    // over 328 games against turn-by-turn play at 0.2 s a move (+58 +/- 37
    // Elo), 43-28-7 over 78 at Botzone's budget (docs/reversi.md,
    // "Keep-running by default").
    const KEEP_RUNNING: bool = true;
}

impl BotGame for Gomoku {
    const SIMPLE_IO: bool = false;
    const GOMOCUP: bool = true;
    // The transposition table and history carried from turn to turn:
    // 207-184-9 over 400 games against turn-by-turn play, both at 0.2 s a
    // move (+20 +/- 34 Elo; docs/gomoku.md, "Joint refit and keep-running").
    const KEEP_RUNNING: bool = true;
}

impl BotGame for NoGo {
    const SIMPLE_IO: bool = true;
    // Course texts quoting the Botzone wiki forbid Black's centre opening; the
    // judge does not enforce it, but honouring it costs nothing.
    const FORBIDDEN_OPENINGS: &'static [(i32, i32)] = &[(4, 4)];
}

impl BotGame for TicTacToe {
    const SIMPLE_IO: bool = true;
}
