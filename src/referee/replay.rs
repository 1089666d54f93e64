//! `referee replay`: a logged game as a self-contained HTML page, drawn by the
//! web board's code (`web/assets/board.js`, inlined) with step buttons and a
//! slider.

use std::path::Path;

use crate::game::Game;
use crate::games::{Gomoku, NoGo, Reversi, TicTacToe};

use super::game_facts::RefereeGame;
use super::game_log::{read_records, LogError};
use super::openings::{play_from_start, ReplayError};
use super::record::GameRecord;
use super::web::{board_view, finish_view, BoardView, Look, PlyView, BOARD_CSS, BOARD_JS};

/// Why a replay could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReplayFileError {
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("no game number {0} in the log")]
    NoSuchGame(usize),
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    #[error("move {ply} of the log: {source}")]
    BadMove { ply: usize, source: ReplayError },
}

/// Reads every record of a JSON-lines log.
pub fn read_log(path: &Path) -> Result<Vec<GameRecord>, ReplayFileError> {
    Ok(read_records(path)?)
}

/// Picks game `number` (1-based, as logged) from `records`.
pub fn find_game(records: &[GameRecord], number: usize) -> Result<&GameRecord, ReplayFileError> {
    records
        .iter()
        .find(|r| r.number == number)
        .ok_or(ReplayFileError::NoSuchGame(number))
}

/// The HTML page replaying `record`.
pub fn replay_html(record: &GameRecord) -> Result<String, ReplayFileError> {
    match record.game.as_str() {
        "reversi" => html_for::<Reversi>(record),
        "gomoku" => html_for::<Gomoku>(record),
        "nogo" => html_for::<NoGo>(record),
        "tictactoe" => html_for::<TicTacToe>(record),
        other => Err(ReplayFileError::UnknownGame(other.to_string())),
    }
}

/// The board after each ply, from the start position on.
fn board_views<G: Game>(moves: &[(i32, i32)]) -> Result<Vec<BoardView>, ReplayFileError> {
    let mut position = G::start();
    let mut views = vec![board_view(&position, None)];
    for (ply, &(x, y)) in moves.iter().enumerate() {
        let m = G::move_from_xy(x, y).ok_or(ReplayFileError::BadMove {
            ply,
            source: ReplayError::NotAMove { x, y },
        })?;
        position.try_play(m).map_err(|e| ReplayFileError::BadMove {
            ply,
            source: ReplayError::Illegal(e),
        })?;
        views.push(board_view(&position, Some((x, y))));
    }
    Ok(views)
}

/// Every ply with its time and debug string from the log.
fn ply_views(record: &GameRecord, moves: &[(i32, i32)]) -> Vec<PlyView> {
    let opening = record.opening.len();
    let mut turns_of = [0usize; 2];
    moves
        .iter()
        .enumerate()
        .map(|(ply, &xy)| {
            let mut view = PlyView::new(ply, xy);
            if ply < opening {
                view.opening = true;
                return view;
            }
            let side = (ply % 2 == 1) as usize;
            let debug = [&record.debug.black, &record.debug.white][side];
            view.debug = debug.get(turns_of[side]).cloned().unwrap_or_default();
            view.ms = record.times_ms.get(ply - opening).copied();
            turns_of[side] += 1;
            view
        })
        .collect()
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JSON inside a script: `</` would end the script early.
fn script_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value)
        .expect("replay data serialises")
        .replace("</", "<\\/")
}

fn html_for<G: RefereeGame>(record: &GameRecord) -> Result<String, ReplayFileError> {
    let moves: Vec<(i32, i32)> = record.moves.iter().map(|m| (m[0], m[1])).collect();
    let views = board_views::<G>(&moves)?;
    let position: G = play_from_start(&moves).map_err(|source| ReplayFileError::BadMove {
        ply: moves.len(),
        source,
    })?;
    let finish = finish_view(
        &position,
        moves.last().copied(),
        record.result,
        record.termination,
        &record.detail,
    );
    let data = serde_json::json!({
        "look": Look::of::<G>(),
        "views": views,
        "moves": ply_views(record, &moves),
        "finish": finish,
    });
    let title = format!(
        "{} game {}: {} (black) vs {} (white)",
        record.game, record.number, record.black, record.white
    );
    Ok(REPLAY_HTML
        .replace("{title}", &escape_html(&title))
        .replace("{result}", &escape_html(&finish.text))
        .replace("{plies}", &moves.len().to_string())
        .replace("{css}", BOARD_CSS)
        .replace("{board_js}", BOARD_JS)
        .replace("{data}", &script_json(&data)))
}

const REPLAY_HTML: &str = r##"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>
{css}
</style></head>
<body>
<h1>{title}</h1>
<div class="result" id="result">{result}</div>
<div class="side">
<svg id="board"></svg>
<div class="moves" id="moves"></div>
</div>
<div>
<button id="first">|&lt;</button> <button id="prev">&lt;</button>
<button id="next">&gt;</button> <button id="last">&gt;|</button>
<input id="slider" type="range" min="0" max="{plies}" value="0" style="width:20em">
<span id="label"></span>
</div>
<script>
{board_js}
</script>
<script>
"use strict";
const game = {data};
let ply = 0;
function show() {
  const atEnd = ply === game.views.length - 1;
  drawBoard(document.getElementById("board"), game.look, game.views[ply], {
    line: atEnd ? game.finish.line : [],
  });
  drawMoveList(document.getElementById("moves"), game.moves, ply);
  document.getElementById("slider").value = ply;
  const move = game.moves[ply - 1];
  document.getElementById("label").textContent = `ply ${ply}/${game.views.length - 1}` +
    (move ? `: ${move.colour} ${move.square} (${move.x},${move.y})${move.opening ? " (opening)" : ""}` : "");
}
function go(p) { ply = Math.max(0, Math.min(game.views.length - 1, p)); show(); }
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(ply - 1);
document.getElementById("next").onclick = () => go(ply + 1);
document.getElementById("last").onclick = () => go(game.views.length - 1);
document.getElementById("slider").oninput = (e) => go(Number(e.target.value));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") go(ply - 1);
  if (e.key === "ArrowRight") go(ply + 1);
});
go(game.views.length - 1);
</script>
</body></html>
"##;
