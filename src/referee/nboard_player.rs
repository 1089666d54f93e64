//! The referee's side of the NBoard protocol (Chris Welty's Othello GUI;
//! Edax `-nboard`), for `nboard:CMD` players.
//!
//! The engine is greeted with `nboard 2` and `ping 0`, its `pong 0` awaited
//! under the start-up limit; each turn then sends the whole game as
//! `set game (;GM[Othello]...;)` (GGF: the start board, then `B[F5]`,
//! `W[PA]` for a pass, ...), `ping N` and `go`, and reads up to the
//! `=== MOVE[/EVAL[/TIME]]` line that follows `pong N` (Edax writes
//! `=== d6 -1.00 0.0`; both forms are read). Everything else the engine
//! writes (`status`, `nodestats`, `set myname`, ...) is ignored. The search
//! depth is the engine's own (Edax: `-l LEVEL` on its command line).

use crate::game::{Game, Player};

use super::contestant::Turn;
use super::foreign_engine::{complete_lines, ForeignProtocol};

/// One game's conversation with an NBoard engine.
#[derive(Default)]
pub struct NboardProtocol {
    /// The last `ping` sent (0 with the greeting).
    ping: u64,
}

impl NboardProtocol {
    pub fn new() -> Self {
        Self::default()
    }
}

/// The game so far in GGF, as NBoard sends it.
pub fn ggf_game<G: Game>(moves: &[(i32, i32)]) -> String {
    let start = G::start();
    let mut board = String::new();
    for y in 0..G::HEIGHT {
        for x in 0..G::WIDTH {
            board.push(match start.stone_at(x, y) {
                Some(Player::Black) => '*',
                Some(Player::White) => 'O',
                None => '-',
            });
        }
    }
    let mut game = format!(
        "(;GM[Othello]PC[boardbots referee]PB[black]PW[white]RE[?]TY[{}]BO[{} {board} *]",
        G::WIDTH,
        G::WIDTH
    );
    for (ply, &(x, y)) in moves.iter().enumerate() {
        let colour = if ply.is_multiple_of(2) { 'B' } else { 'W' };
        let square = if (x, y) == (-1, -1) {
            "PA".to_string()
        } else {
            format!("{}{}", (b'A' + x as u8) as char, y + 1)
        };
        game.push_str(&format!("{colour}[{square}]"));
    }
    game.push_str(";)");
    game
}

/// `F5` / `f5`, or a pass (`PA`, `PS` as Edax writes it, `pass`).
fn parse_square(text: &str) -> Option<(i32, i32)> {
    let text = text.trim().to_ascii_lowercase();
    if matches!(text.as_str(), "pa" | "ps" | "pass") {
        return Some((-1, -1));
    }
    let mut chars = text.chars();
    let column = chars.next().filter(char::is_ascii_lowercase)?;
    let row: i32 = chars.as_str().parse().ok()?;
    Some((column as i32 - 'a' as i32, row - 1))
}

impl<G: Game> ForeignProtocol<G> for NboardProtocol {
    fn setup_input(&mut self) -> String {
        format!("nboard 2\nping {}\n", self.ping)
    }

    fn setup_end(&mut self, output: &[u8]) -> Option<usize> {
        let pong = format!("pong {}", self.ping);
        complete_lines(output)
            .find(|(line, _)| line.trim() == pong)
            .map(|(_, end)| end)
    }

    fn read_setup(&mut self, _text: &str) -> Result<(), String> {
        Ok(())
    }

    fn turn_input(&mut self, turn: &Turn<'_, G>) -> String {
        self.ping += 1;
        format!(
            "set game {}\nping {}\ngo\n",
            ggf_game::<G>(turn.moves),
            self.ping
        )
    }

    fn answer_end(&mut self, output: &[u8]) -> Option<usize> {
        let pong = format!("pong {}", self.ping);
        let mut synchronised = false;
        for (line, end) in complete_lines(output) {
            let line = line.trim();
            if line == pong {
                synchronised = true;
            } else if synchronised && line.starts_with("===") {
                return Some(end);
            }
        }
        None
    }

    fn read_answer(&mut self, text: &str) -> Result<((i32, i32), String), String> {
        let line = text
            .lines()
            .map(str::trim)
            .rfind(|l| l.starts_with("==="))
            .unwrap_or("");
        let rest = line.trim_start_matches('=').trim();
        let square = rest
            .split(|c: char| c == '/' || c.is_whitespace())
            .next()
            .unwrap_or("");
        match parse_square(square) {
            Some(xy) => Ok((xy, rest.to_string())),
            None => Err(format!(
                "expected `=== MOVE`, got {:?}",
                line.chars().take(120).collect::<String>()
            )),
        }
    }

    fn farewell(&self) -> &'static str {
        "quit\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Reversi;

    #[test]
    fn ggf_holds_the_start_board_and_the_moves() {
        let game = ggf_game::<Reversi>(&[(5, 4), (-1, -1)]);
        assert!(game.starts_with("(;GM[Othello]"));
        let start = "---------------------------O*------*O---------------------------";
        assert!(game.contains(&format!("BO[8 {start} *]")), "{game}");
        assert!(game.ends_with("B[F5]W[PA];)"), "{game}");
    }

    #[test]
    fn the_move_after_the_pong_is_the_answer() {
        let mut p = NboardProtocol::new();
        assert_eq!(
            ForeignProtocol::<Reversi>::setup_input(&mut p),
            "nboard 2\nping 0\n"
        );
        let greeted = b"set myname Edax\npong 0\n";
        assert_eq!(
            ForeignProtocol::<Reversi>::setup_end(&mut p, greeted),
            Some(greeted.len())
        );
        p.ping = 2;
        let stale = b"=== c4\npong 1\nstatus thinking\n";
        assert_eq!(ForeignProtocol::<Reversi>::answer_end(&mut p, stale), None);
        let text = "=== c4\npong 2\nset myname Edax\n=== d6 -1.00 0.0\nstatus waiting\n";
        let end = ForeignProtocol::<Reversi>::answer_end(&mut p, text.as_bytes()).unwrap();
        let answer = ForeignProtocol::<Reversi>::read_answer(&mut p, &text[..end]);
        assert_eq!(answer, Ok(((3, 5), "d6 -1.00 0.0".to_string())));
        let slashed = ForeignProtocol::<Reversi>::read_answer(&mut p, "=== F5/3.5/0.2\n");
        assert_eq!(slashed.unwrap().0, (5, 4));
        assert_eq!(parse_square("PS"), Some((-1, -1)));
        assert!(ForeignProtocol::<Reversi>::read_answer(&mut p, "=== zz\n").is_err());
    }
}
