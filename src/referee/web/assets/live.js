// The live page: long-polls /api/state, draws every running game, runs the
// clocks between updates, and sends a person's clicks to /api/move.
"use strict";

let state = null;
let receivedAt = 0;
const refusals = new Map(); // game number -> { plies, text }

function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }

async function sendMove(game, x, y) {
  const response = await fetch("/api/move", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: game.number, x, y }),
  });
  if (response.ok) {
    refusals.delete(game.number);
  } else {
    const answer = await response.json().catch(() => ({ error: response.statusText }));
    refusals.set(game.number, { plies: game.moves.length, text: `${squareName(x, y)} refused: ${answer.error}` });
  }
  if (state) render();
}

function clockText(game, colour) {
  let ms = game.clocks_ms[colour === "black" ? 0 : 1];
  let text = "";
  if (game.to_move === colour && !game.finish) {
    const thinking = game.thinking_ms + (performance.now() - receivedAt);
    ms += thinking;
    text = `, ${formatMs(Math.max(0, game.limit_ms - thinking))} left`;
  }
  return `${colour} ${formatMs(ms)}${text}`;
}

function gameCard(game) {
  const card = document.createElement("div");
  card.className = "game";
  card.dataset.game = game.number;
  const title = document.createElement("h2");
  const aIs = game.player_a;
  title.textContent = `Game ${game.number}: ● ${game.black} vs ○ ${game.white}` +
    ` (A is ${aIs}) — ${game.moves.length} plies`;
  card.appendChild(title);

  const clocks = document.createElement("div");
  clocks.className = "clocks";
  for (const colour of ["black", "white"]) {
    const clock = document.createElement("span");
    clock.className = "clock" + (game.to_move === colour && !game.finish ? " running" : "");
    clock.dataset.colour = colour;
    clock.textContent = clockText(game, colour);
    clocks.appendChild(clock);
  }
  card.appendChild(clocks);

  const side = document.createElement("div");
  side.className = "side";
  const svg = document.createElementNS(SVG_NS, "svg");
  const person = game.person && !game.finish ? game.person : null;
  drawBoard(svg, state.look, game.board, {
    line: game.finish ? game.finish.line : [],
    legal: person && state.look.hint_legal ? person.legal : [],
    onClick: person ? (x, y) => sendMove(game, x, y) : null,
  });
  side.appendChild(svg);
  const moves = document.createElement("div");
  moves.className = "moves";
  drawMoveList(moves, game.moves);
  side.appendChild(moves);
  card.appendChild(side);

  if (person) {
    const line = document.createElement("div");
    line.className = "person";
    line.textContent = `Your move as ${person.colour}: click a point` +
      (state.look.hint_legal ? " (legal moves are dotted)" : "");
    card.appendChild(line);
    if (person.can_pass) {
      const pass = document.createElement("button");
      pass.className = "pass";
      pass.textContent = "Pass";
      pass.onclick = () => sendMove(game, -1, -1);
      card.appendChild(pass);
    }
  }
  const refusal = refusals.get(game.number);
  if (refusal && refusal.plies === game.moves.length && !game.finish) {
    const line = document.createElement("div");
    line.className = "refused";
    line.textContent = refusal.text;
    card.appendChild(line);
  }
  if (game.finish) {
    const result = document.createElement("div");
    result.className = "result";
    result.textContent = game.finish.text;
    card.appendChild(result);
  }
  setTimeout(() => moves.scrollTop = moves.scrollHeight);
  return card;
}

function render() {
  const tournament = state.format !== "match";
  const finished = state.games.filter((line) => line.result).length;
  if (tournament) {
    document.getElementById("title").textContent =
      `${state.look.game}: ${state.format} of ${state.players.join(", ")}`;
    document.getElementById("score").textContent =
      `${finished} of ${state.games_total} games played`;
  } else {
    document.getElementById("title").textContent =
      `${state.look.game}: A ${state.players[0]} vs B ${state.players[1]}`;
    const s = state.score;
    const played = s.a + s.b + s.draws;
    document.getElementById("score").textContent =
      `Score: A ${s.a} – B ${s.b} – draws ${s.draws}, after ${played} of ${state.games_total} games`;
  }
  const report = document.getElementById("report");
  if (state.report) {
    report.textContent = (tournament ? "Tournament over.\n" : "Match over.\n") + state.report;
    report.classList.remove("hidden");
  } else if (tournament && state.standings) {
    report.textContent = `Standings after ${finished} games:\n` + state.standings;
    report.classList.remove("hidden");
  }
  document.getElementById("games").replaceChildren(...state.live.map(gameCard));
  const list = document.getElementById("list");
  list.replaceChildren();
  for (const line of state.games) {
    const row = list.insertRow();
    for (const text of [`${line.number}.`, `● ${line.black}`, `○ ${line.white}`, `${line.plies} plies`, line.result || "playing"]) {
      row.insertCell().textContent = text;
    }
    const show = document.createElement("button");
    show.textContent = "show";
    show.onclick = () => choose(line.number);
    row.insertCell().appendChild(show);
  }
}

async function choose(number) {
  const response = await fetch(`/api/game?number=${number}`);
  if (!response.ok) return;
  const game = await response.json();
  game.person = null;
  document.getElementById("chosen").replaceChildren(gameCard(game));
}

function tick() {
  if (!state) return;
  for (const game of state.live) {
    if (!game.to_move || game.finish) continue;
    const clock = document.querySelector(`.game[data-game="${game.number}"] .clock[data-colour="${game.to_move}"]`);
    if (clock) clock.textContent = clockText(game, game.to_move);
  }
}

async function poll() {
  let version = 0;
  for (;;) {
    try {
      const response = await fetch(`/api/state?after=${version}`);
      state = await response.json();
      version = state.version;
      receivedAt = performance.now();
      document.getElementById("status").textContent = "";
      render();
    } catch (e) {
      document.getElementById("status").textContent =
        state && state.report ? "The referee has stopped." : "No connection to the referee; retrying…";
      await sleep(1000);
    }
  }
}

setInterval(tick, 100);
poll();
