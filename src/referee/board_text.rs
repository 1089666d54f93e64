//! The board as text for a terminal, for any game through `Game::stone_at`.

use crate::game::{Game, Player};

/// The position with `x` numbers and column letters on top, `y` and row
/// numbers on the left, `X` for Black, `O` for White, and the last move in
/// brackets.
pub fn render_board<G: Game>(position: &G, last_move: Option<(i32, i32)>) -> String {
    let mut out = String::from("      ");
    for x in 0..G::WIDTH {
        out.push_str(&format!("{x:^3}"));
    }
    out.push_str("  (x)\n      ");
    for x in 0..G::WIDTH {
        let letter = u8::try_from(x).map_or('?', |x| (b'a' + x) as char);
        out.push_str(&format!("{letter:^3}"));
    }
    out.push('\n');
    for y in 0..G::HEIGHT {
        out.push_str(&format!("{y:>2} {:>2} ", y + 1));
        for x in 0..G::WIDTH {
            let stone = match position.stone_at(x, y) {
                Some(Player::Black) => 'X',
                Some(Player::White) => 'O',
                None => '.',
            };
            if last_move == Some((x, y)) {
                out.push_str(&format!("[{stone}]"));
            } else {
                out.push_str(&format!(" {stone} "));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TicTacToe;

    #[test]
    fn marks_stones_and_last_move() {
        let mut pos = TicTacToe::start();
        pos.try_play(TicTacToe::move_from_xy(1, 1).unwrap())
            .unwrap();
        pos.try_play(TicTacToe::move_from_xy(2, 0).unwrap())
            .unwrap();
        let text = render_board(&pos, Some((2, 0)));
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 5);
        assert!(rows[2].ends_with(" . [O]"), "{text}");
        assert!(rows[3].contains(" X "), "{text}");
    }
}
