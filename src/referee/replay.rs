//! `referee replay`: a logged game as a self-contained HTML page (inline SVG
//! board, step buttons and a slider driven by a little inline JavaScript).

use std::path::Path;

use crate::game::{Game, Player};
use crate::games::{Gomoku, NoGo, Reversi, TicTacToe};

use super::game_log::{read_records, LogError};
use super::openings::{play_from_start, ReplayError};
use super::record::GameRecord;
use crate::games::notation::square_name;

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

/// Board states after each ply, as strings of `b`, `w`, `.` in row-major order.
fn board_states<G: Game>(moves: &[(i32, i32)]) -> Result<Vec<String>, ReplayFileError> {
    let mut states = Vec::with_capacity(moves.len() + 1);
    for ply in 0..=moves.len() {
        let position: G = play_from_start(&moves[..ply])
            .map_err(|source| ReplayFileError::BadMove { ply, source })?;
        let mut cells = String::with_capacity((G::WIDTH * G::HEIGHT) as usize);
        for y in 0..G::HEIGHT {
            for x in 0..G::WIDTH {
                cells.push(match position.stone_at(x, y) {
                    Some(Player::Black) => 'b',
                    Some(Player::White) => 'w',
                    None => '.',
                });
            }
        }
        states.push(cells);
    }
    Ok(states)
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const CELL: i32 = 36;

fn html_for<G: Game>(record: &GameRecord) -> Result<String, ReplayFileError> {
    let moves: Vec<(i32, i32)> = record.moves.iter().map(|m| (m[0], m[1])).collect();
    let states = board_states::<G>(&moves)?;
    let labels: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(ply, &(x, y))| {
            let colour = if ply % 2 == 0 { "black" } else { "white" };
            let opening = if ply < record.opening.len() {
                " (opening)"
            } else {
                ""
            };
            format!("{colour} ({x},{y}) {}{opening}", square_name(x, y))
        })
        .collect();
    let (width, height) = (G::WIDTH * CELL, G::HEIGHT * CELL);
    let mut grid = String::new();
    for i in 0..=G::WIDTH {
        grid.push_str(&format!(
            "<line x1='{0}' y1='0' x2='{0}' y2='{height}'/>",
            i * CELL
        ));
    }
    for j in 0..=G::HEIGHT {
        grid.push_str(&format!(
            "<line x1='0' y1='{0}' x2='{width}' y2='{0}'/>",
            j * CELL
        ));
    }
    let data = serde_json::json!({
        "width": G::WIDTH,
        "cell": CELL,
        "states": states,
        "moves": moves.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
        "labels": labels,
    });
    let title = format!(
        "{} game {}: {} (black) vs {} (white)",
        record.game, record.number, record.black, record.white
    );
    let result = match record.result.winner() {
        Some(winner) => format!("{winner} wins"),
        None => "draw".to_string(),
    };
    let summary = format!(
        "result: {result}, termination: {}, {}",
        record.termination.name(),
        record.detail
    );
    Ok(format!(
        r##"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
svg line {{ stroke: #333; stroke-width: 1; }}
.black {{ fill: #111; }} .white {{ fill: #fafafa; stroke: #111; }}
.last {{ fill: none; stroke: #e33; stroke-width: 3; }}
</style></head>
<body>
<h3>{title}</h3>
<p>{summary}</p>
<svg id="board" width="{svg_w}" height="{svg_h}" viewBox="-4 -4 {svg_w} {svg_h}">
<rect x="0" y="0" width="{width}" height="{height}" fill="#3a8f4f"/>
{grid}
<g id="stones"></g>
</svg>
<div>
<button id="first">|&lt;</button> <button id="prev">&lt;</button>
<button id="next">&gt;</button> <button id="last">&gt;|</button>
<input id="slider" type="range" min="0" max="{plies}" value="0" style="width:20em">
<span id="label"></span>
</div>
<script>
const game = {data};
const svgNs = "http://www.w3.org/2000/svg";
let ply = 0;
function draw() {{
  const stones = document.getElementById("stones");
  stones.replaceChildren();
  const cells = game.states[ply];
  for (let i = 0; i < cells.length; i++) {{
    if (cells[i] === ".") continue;
    const c = document.createElementNS(svgNs, "circle");
    c.setAttribute("cx", (i % game.width + 0.5) * game.cell);
    c.setAttribute("cy", (Math.floor(i / game.width) + 0.5) * game.cell);
    c.setAttribute("r", game.cell * 0.4);
    c.setAttribute("class", cells[i] === "b" ? "black" : "white");
    stones.appendChild(c);
  }}
  if (ply > 0 && game.moves[ply - 1][0] >= 0) {{
    const [x, y] = game.moves[ply - 1];
    const mark = document.createElementNS(svgNs, "circle");
    mark.setAttribute("cx", (x + 0.5) * game.cell);
    mark.setAttribute("cy", (y + 0.5) * game.cell);
    mark.setAttribute("r", game.cell * 0.15);
    mark.setAttribute("class", "last");
    stones.appendChild(mark);
  }}
  document.getElementById("slider").value = ply;
  document.getElementById("label").textContent =
    "ply " + ply + "/" + (game.states.length - 1) + (ply > 0 ? ": " + game.labels[ply - 1] : "");
}}
function go(p) {{ ply = Math.max(0, Math.min(game.states.length - 1, p)); draw(); }}
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(ply - 1);
document.getElementById("next").onclick = () => go(ply + 1);
document.getElementById("last").onclick = () => go(game.states.length - 1);
document.getElementById("slider").oninput = (e) => go(Number(e.target.value));
document.addEventListener("keydown", (e) => {{
  if (e.key === "ArrowLeft") go(ply - 1);
  if (e.key === "ArrowRight") go(ply + 1);
}});
go(game.states.length - 1);
</script>
</body></html>
"##,
        title = escape_html(&title),
        summary = escape_html(&summary),
        svg_w = width + 8,
        svg_h = height + 8,
        plies = moves.len(),
        // `</` inside a script would end it early.
        data = data.to_string().replace("</", "<\\/"),
    ))
}
