// Draws one board as SVG; shared by the live page and `referee replay`.
//
// look: { game, width, height, on_points, hint_legal }
// view: { cells: "b.w..." row by row from the top, last: [x, y] | null }
// extra: { line: [[x, y], ...] winning row, legal: [[x, y], ...], onClick(x, y) }
//
// Coordinates: x is the column, y the row, from the top-left. Labels follow
// the referee's notation: column letters and 1-based rows (f5 = x 5, y 4),
// with the 0-based x and y in small grey figures on the far sides.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function boardGeometry(look) {
  const n = Math.max(look.width, look.height);
  const cell = Math.max(30, Math.min(100, Math.floor(480 / n)));
  const margin = 34;
  return {
    cell,
    margin,
    width: look.width * cell + 2 * margin,
    height: look.height * cell + 2 * margin,
    cx: (x) => margin + (x + 0.5) * cell,
    cy: (y) => margin + (y + 0.5) * cell,
  };
}

const BOARD_COLOURS = { reversi: "#2e8b57", gomoku: "#dcb35c", nogo: "#dcb35c", tictactoe: "#ffffff" };

function starPoints(look) {
  if (look.game === "gomoku") return [[3, 3], [11, 3], [7, 7], [3, 11], [11, 11]];
  if (look.game === "nogo") return [[2, 2], [6, 2], [4, 4], [2, 6], [6, 6]];
  if (look.game === "reversi") return [[2, 2], [6, 2], [2, 6], [6, 6]];
  return [];
}

function drawBoard(svg, look, view, extra) {
  extra = extra || {};
  const g = boardGeometry(look);
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${g.width} ${g.height}`);
  svg.setAttribute("width", g.width);
  svg.setAttribute("height", g.height);
  svg.setAttribute("class", "board" + (extra.onClick ? " clickable" : ""));
  svg.setAttribute("data-game", look.game);
  const w = look.width, h = look.height, c = g.cell, m = g.margin;
  svg.appendChild(svgElement("rect", {
    x: m, y: m, width: w * c, height: h * c, fill: BOARD_COLOURS[look.game] || "#ddd",
  }));

  // Grid: Go-like games draw lines through the points, the others around cells.
  if (look.on_points) {
    for (let x = 0; x < w; x++) {
      svg.appendChild(svgElement("line", { class: "grid vertical", x1: g.cx(x), y1: g.cy(0), x2: g.cx(x), y2: g.cy(h - 1) }));
    }
    for (let y = 0; y < h; y++) {
      svg.appendChild(svgElement("line", { class: "grid horizontal", x1: g.cx(0), y1: g.cy(y), x2: g.cx(w - 1), y2: g.cy(y) }));
    }
    for (const [x, y] of starPoints(look)) {
      svg.appendChild(svgElement("circle", { class: "star", cx: g.cx(x), cy: g.cy(y), r: 3 }));
    }
  } else {
    for (let i = 0; i <= w; i++) {
      svg.appendChild(svgElement("line", { class: "grid vertical", x1: m + i * c, y1: m, x2: m + i * c, y2: m + h * c }));
    }
    for (let j = 0; j <= h; j++) {
      svg.appendChild(svgElement("line", { class: "grid horizontal", x1: m, y1: m + j * c, x2: m + w * c, y2: m + j * c }));
    }
    if (look.game === "reversi") {
      for (const [x, y] of starPoints(look)) {
        svg.appendChild(svgElement("circle", { class: "star", cx: m + x * c, cy: m + y * c, r: 3.5 }));
      }
    }
  }

  // Labels: letters and 1-based rows (the notation), 0-based x and y opposite.
  for (let x = 0; x < w; x++) {
    const letter = svgElement("text", { class: "label", x: g.cx(x), y: m - 14 });
    letter.textContent = String.fromCharCode(97 + x);
    svg.appendChild(letter);
    const index = svgElement("text", { class: "index", x: g.cx(x), y: m + h * c + 12 });
    index.textContent = x;
    svg.appendChild(index);
  }
  for (let y = 0; y < h; y++) {
    const row = svgElement("text", { class: "label", x: m - 16, y: g.cy(y) });
    row.textContent = y + 1;
    svg.appendChild(row);
    const index = svgElement("text", { class: "index", x: m + w * c + 12, y: g.cy(y) });
    index.textContent = y;
    svg.appendChild(index);
  }

  // Stones (TicTacToe draws X and O).
  const radius = c * (look.on_points ? 0.46 : 0.4);
  for (let i = 0; i < view.cells.length; i++) {
    const cell = view.cells[i];
    if (cell === ".") continue;
    const x = i % w, y = Math.floor(i / w);
    const colour = cell === "b" ? "black" : "white";
    if (look.game === "tictactoe") {
      const r = c * 0.3;
      const mark = colour === "black"
        ? svgElement("path", { d: `M${g.cx(x) - r},${g.cy(y) - r} L${g.cx(x) + r},${g.cy(y) + r} M${g.cx(x) + r},${g.cy(y) - r} L${g.cx(x) - r},${g.cy(y) + r}` })
        : svgElement("circle", { cx: g.cx(x), cy: g.cy(y), r });
      mark.setAttribute("class", `stone mark ${colour}`);
      mark.setAttribute("data-x", x);
      mark.setAttribute("data-y", y);
      svg.appendChild(mark);
    } else {
      svg.appendChild(svgElement("circle", {
        class: `stone ${colour}`, cx: g.cx(x), cy: g.cy(y), r: radius, "data-x": x, "data-y": y,
      }));
    }
  }

  for (const [x, y] of extra.legal || []) {
    svg.appendChild(svgElement("circle", { class: "hint", cx: g.cx(x), cy: g.cy(y), r: c * 0.12, "data-x": x, "data-y": y }));
  }
  if (view.last) {
    const [x, y] = view.last;
    svg.appendChild(svgElement("circle", { class: "last", cx: g.cx(x), cy: g.cy(y), r: c * 0.16 }));
  }
  const line = extra.line || [];
  if (line.length > 0) {
    const [x1, y1] = line[0], [x2, y2] = line[line.length - 1];
    svg.appendChild(svgElement("line", { class: "winline", x1: g.cx(x1), y1: g.cy(y1), x2: g.cx(x2), y2: g.cy(y2) }));
    for (const [x, y] of line) {
      svg.appendChild(svgElement("circle", { class: "win", cx: g.cx(x), cy: g.cy(y), r: radius + 2, "data-x": x, "data-y": y }));
    }
  }

  // One target per point or cell, on top, for clicks (and for counting).
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const target = svgElement("rect", {
        class: "point", x: g.cx(x) - c / 2, y: g.cy(y) - c / 2, width: c, height: c,
        "data-x": x, "data-y": y,
      });
      const title = svgElement("title", {});
      title.textContent = `${String.fromCharCode(97 + x)}${y + 1} (${x},${y})`;
      target.appendChild(title);
      if (extra.onClick) target.addEventListener("click", () => extra.onClick(x, y));
      svg.appendChild(target);
    }
  }
}

function squareName(x, y) {
  return x === -1 && y === -1 ? "pass" : `${String.fromCharCode(97 + x)}${y + 1}`;
}

function formatMs(ms) {
  return (ms / 1000).toFixed(1) + " s";
}

// The move list: ply, colour, square with (x,y), time, debug string.
function drawMoveList(container, moves, upTo) {
  const table = document.createElement("table");
  moves.forEach((move, i) => {
    const row = table.insertRow();
    if (move.opening) row.className = "opening";
    if (upTo !== undefined && i >= upTo) row.style.opacity = "0.35";
    const cells = [
      `${i + 1}.`,
      move.colour,
      `${move.square} (${move.x},${move.y})`,
      move.opening ? "opening" : (move.ms === null || move.ms === undefined ? "" : formatMs(move.ms)),
      move.debug || "",
    ];
    cells.forEach((text, k) => {
      const cell = row.insertCell();
      cell.textContent = text;
      if (k === 4) cell.className = "debug";
    });
  });
  container.replaceChildren(table);
}
