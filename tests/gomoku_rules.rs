//! Gomoku rules against an independent oracle: perft counts, a deliberately
//! naive reference implementation compared over many seeded random games, and
//! named positions for every way a line can (or cannot) win.

use boardbots::{Game, Gomoku, GomokuMove, IllegalReason, MoveList, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const SIZE: i32 = 15;

/// Botzone coordinates `(x, y)` of a point.
type Point = (i32, i32);

/// The reference: a plain grid, indexed `board[x][y]` like the judge, whose
/// result is found by scanning the whole board for five in a row after every
/// move. Slow and obviously right.
#[derive(Clone)]
struct NaiveGomoku {
    board: [[Option<Player>; 15]; 15],
    to_move: Player,
    outcome: Option<Outcome>,
    stones: usize,
}

impl NaiveGomoku {
    fn new() -> Self {
        NaiveGomoku {
            board: [[None; 15]; 15],
            to_move: Player::Black,
            outcome: None,
            stones: 0,
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<Player> {
        if (0..SIZE).contains(&x) && (0..SIZE).contains(&y) {
            self.board[x as usize][y as usize]
        } else {
            None
        }
    }

    /// The longest run of one colour anywhere on the board, with its colour.
    fn longest_line(&self) -> Option<(Player, usize)> {
        let mut best: Option<(Player, usize)> = None;
        for x in 0..SIZE {
            for y in 0..SIZE {
                let Some(colour) = self.at(x, y) else {
                    continue;
                };
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let mut length = 0;
                    while self.at(x + dx * length, y + dy * length) == Some(colour) {
                        length += 1;
                    }
                    if best.is_none_or(|(_, longest)| length as usize > longest) {
                        best = Some((colour, length as usize));
                    }
                }
            }
        }
        best
    }

    fn empty_points(&self) -> Vec<Point> {
        let mut points = Vec::new();
        for y in 0..SIZE {
            for x in 0..SIZE {
                if self.at(x, y).is_none() {
                    points.push((x, y));
                }
            }
        }
        points
    }

    /// Plays at `(x, y)`; `false` (and no change) if the game is over or the point is taken.
    fn play(&mut self, x: i32, y: i32) -> bool {
        if self.outcome.is_some() || self.at(x, y).is_some() {
            return false;
        }
        self.board[x as usize][y as usize] = Some(self.to_move);
        self.stones += 1;
        self.to_move = self.to_move.opponent();
        self.outcome = match self.longest_line() {
            Some((colour, length)) if length >= 5 => Some(Outcome::Win(colour)),
            _ if self.stones == 225 => Some(Outcome::Draw),
            _ => None,
        };
        true
    }
}

fn assert_agrees(fast: &Gomoku, naive: &NaiveGomoku, moves: &mut MoveList<GomokuMove>, ctx: &str) {
    for y in 0..SIZE {
        for x in 0..SIZE {
            assert_eq!(fast.stone_at(x, y), naive.at(x, y), "({x},{y}): {ctx}");
            let point = GomokuMove::new(x, y).unwrap();
            assert_eq!(fast.is_empty_point(point), naive.at(x, y).is_none());
        }
    }
    assert_eq!(fast.outcome(), naive.outcome, "outcome: {ctx}");
    assert_eq!(fast.side_to_move(), naive.to_move, "side to move: {ctx}");
    assert_eq!(fast.stone_count(), naive.stones, "stone count: {ctx}");
    assert_eq!(fast.hash(), fast.hash_from_scratch(), "hash: {ctx}");
    fast.legal_moves(moves);
    let listed: Vec<Point> = moves.iter().map(|&m| Gomoku::move_to_xy(m)).collect();
    let expected = if naive.outcome.is_some() {
        Vec::new()
    } else {
        naive.empty_points()
    };
    assert_eq!(listed, expected, "legal moves (ascending index): {ctx}");
}

/// What the random games produced, so the test can insist they covered the cases.
#[derive(Default, Debug)]
struct Tally {
    black_wins: usize,
    white_wins: usize,
    overline_wins: usize,
    draws: usize,
}

/// Plays one seeded random game in both implementations, comparing after every
/// move. While `window` (`(x0, y0, side)`) has an empty point, moves are drawn
/// from it only, so lines form far more often than on the open board.
fn compare_random_game(
    rng: &mut SmallRng,
    window: Option<(i32, i32, i32)>,
    tally: &mut Tally,
    ctx: &str,
) {
    let mut fast = Gomoku::start();
    let mut naive = NaiveGomoku::new();
    let mut moves = MoveList::new();
    assert_agrees(&fast, &naive, &mut moves, ctx);
    while naive.outcome.is_none() {
        let empty = naive.empty_points();
        let in_window: Vec<Point> = match window {
            Some((x0, y0, side)) => empty
                .iter()
                .copied()
                .filter(|&(x, y)| (x0..x0 + side).contains(&x) && (y0..y0 + side).contains(&y))
                .collect(),
            None => Vec::new(),
        };
        let pool = if in_window.is_empty() {
            &empty
        } else {
            &in_window
        };
        let (x, y) = pool[rng.gen_range(0..pool.len())];
        let m = Gomoku::move_from_xy(x, y).unwrap();
        fast.try_play(m).unwrap_or_else(|e| panic!("{e}: {ctx}"));
        assert!(naive.play(x, y));
        assert_eq!(fast.last_move(), Some(m));
        let ctx = format!("{ctx} after ({x},{y})");
        assert_agrees(&fast, &naive, &mut moves, &ctx);
        // Replaying any taken point must be refused, both ways.
        let taken = Gomoku::move_from_xy(x, y).unwrap();
        let before = fast;
        assert!(fast.try_play(taken).is_err());
        assert_eq!(fast, before);
    }
    match naive.outcome {
        Some(Outcome::Win(winner)) => {
            match winner {
                Player::Black => tally.black_wins += 1,
                Player::White => tally.white_wins += 1,
            }
            if naive.longest_line().unwrap().1 >= 6 {
                tally.overline_wins += 1;
            }
        }
        Some(Outcome::Draw) => tally.draws += 1,
        None => unreachable!(),
    }
}

#[test]
fn gomoku_perft_matches_counts() {
    let start = Gomoku::start();
    assert_eq!(start.perft(1), 225);
    assert_eq!(start.perft(2), 50_400);
    assert_eq!(start.perft(3), 11_239_200);
}

#[test]
fn gomoku_matches_naive_reference_on_open_board() {
    let mut rng = SmallRng::seed_from_u64(0x0060_6017);
    let mut tally = Tally::default();
    for game in 0..300 {
        compare_random_game(&mut rng, None, &mut tally, &format!("open game {game}"));
    }
    // A random fill of the open board almost always makes a five for someone.
    assert!(tally.black_wins > 50, "{tally:?}");
    assert!(tally.white_wins > 50, "{tally:?}");
}

#[test]
fn gomoku_matches_naive_reference_in_small_windows() {
    let mut rng = SmallRng::seed_from_u64(0x0060_6018);
    let mut tally = Tally::default();
    for game in 0..4000 {
        // Windows anywhere, edges and corners included, of side 5 or 6.
        let side = rng.gen_range(5..=6);
        let x0 = rng.gen_range(0..=SIZE - side);
        let y0 = rng.gen_range(0..=SIZE - side);
        let ctx = format!("window ({x0},{y0}) side {side} game {game}");
        compare_random_game(&mut rng, Some((x0, y0, side)), &mut tally, &ctx);
    }
    assert!(tally.black_wins > 100, "{tally:?}");
    assert!(tally.white_wins > 100, "{tally:?}");
    assert!(tally.overline_wins > 10, "{tally:?}");
}

/// Plays Black's and White's stones alternately (Black first) through
/// `try_play`, checking that nobody has won before the last stone.
fn play_alternately(black: &[Point], white: &[Point]) -> Gomoku {
    assert!(black.len() == white.len() || black.len() == white.len() + 1);
    let mut pos = Gomoku::start();
    let total = black.len() + white.len();
    for ply in 0..total {
        let (x, y) = if ply % 2 == 0 {
            black[ply / 2]
        } else {
            white[ply / 2]
        };
        assert_eq!(pos.outcome(), None, "the game ended before ply {ply}");
        pos.try_play(GomokuMove::new(x, y).unwrap())
            .unwrap_or_else(|e| panic!("ply {ply}: {e}"));
    }
    pos
}

/// Black plays `line`; White answers on the far rows, away from it.
fn black_line_game(line: &[Point], white_row: i32) -> Gomoku {
    let white: Vec<Point> = (0..line.len() as i32 - 1)
        .map(|i| (i * 2, white_row))
        .collect();
    play_alternately(line, &white)
}

fn assert_black_won(pos: &Gomoku) {
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Black)));
    assert_eq!(pos.count_legal_moves(), 0);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty());
    let mut after = *pos;
    let err = after.try_play(GomokuMove::new(7, 0).unwrap()).unwrap_err();
    assert_eq!(err.reason, IllegalReason::GameOver);
}

#[test]
fn horizontal_five_wins() {
    assert_black_won(&black_line_game(
        &[(3, 7), (4, 7), (5, 7), (6, 7), (7, 7)],
        0,
    ));
    assert_black_won(&black_line_game(
        &[(14, 14), (13, 14), (12, 14), (11, 14), (10, 14)],
        0,
    ));
    assert_black_won(&black_line_game(
        &[(0, 3), (1, 3), (2, 3), (3, 3), (4, 3)],
        10,
    ));
}

#[test]
fn vertical_five_wins() {
    assert_black_won(&black_line_game(
        &[(7, 3), (7, 4), (7, 5), (7, 6), (7, 7)],
        0,
    ));
    assert_black_won(&black_line_game(
        &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
        14,
    ));
    assert_black_won(&black_line_game(
        &[(14, 14), (14, 12), (14, 13), (14, 11), (14, 10)],
        0,
    ));
}

#[test]
fn diagonal_five_wins() {
    assert_black_won(&black_line_game(
        &[(3, 3), (4, 4), (5, 5), (7, 7), (6, 6)],
        0,
    ));
    assert_black_won(&black_line_game(
        &[(14, 14), (13, 13), (12, 12), (11, 11), (10, 10)],
        0,
    ));
    assert_black_won(&black_line_game(
        &[(0, 10), (1, 11), (2, 12), (3, 13), (4, 14)],
        0,
    ));
}

#[test]
fn anti_diagonal_five_wins() {
    assert_black_won(&black_line_game(
        &[(9, 3), (8, 4), (7, 5), (6, 6), (5, 7)],
        0,
    ));
    assert_black_won(&black_line_game(
        &[(14, 0), (13, 1), (12, 2), (11, 3), (10, 4)],
        14,
    ));
    assert_black_won(&black_line_game(
        &[(4, 10), (3, 11), (2, 12), (1, 13), (0, 14)],
        0,
    ));
}

#[test]
fn white_five_wins_for_white() {
    let white = [(3, 9), (4, 9), (5, 9), (6, 9), (7, 9)];
    let black = [(0, 0), (2, 0), (4, 0), (6, 0), (8, 0)];
    let pos = play_alternately(&black, &white);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::White)));
    assert_eq!(pos.side_to_move(), Player::Black);
}

#[test]
fn overline_of_six_wins() {
    // X X X _ X X, then the gap: six in a row, which freestyle counts as a win.
    let pos = black_line_game(&[(2, 5), (3, 5), (4, 5), (6, 5), (7, 5), (5, 5)], 0);
    assert_black_won(&pos);
    // Seven along a diagonal, closed last in the middle.
    let pos = black_line_game(
        &[(1, 1), (2, 2), (3, 3), (5, 5), (6, 6), (7, 7), (4, 4)],
        14,
    );
    assert_black_won(&pos);
}

#[test]
fn four_does_not_win() {
    let pos = black_line_game(&[(3, 7), (4, 7), (5, 7), (6, 7)], 0);
    assert_eq!(pos.outcome(), None);
    // Four, a gap, and one more: still no five.
    let pos = black_line_game(&[(3, 7), (4, 7), (5, 7), (6, 7), (8, 7)], 0);
    assert_eq!(pos.outcome(), None);
    // Five in a row of mixed colours is nobody's.
    let black = [(3, 7), (4, 7), (6, 7), (7, 7), (0, 0)];
    let white = [(5, 7), (14, 14), (12, 14), (10, 14)];
    let pos = play_alternately(&black, &white);
    assert_eq!(pos.outcome(), None);
}

#[test]
fn filling_the_middle_of_a_broken_line_wins() {
    // X X _ X X: the mover's fifth stone lands inside the line, not at its end.
    assert_black_won(&black_line_game(
        &[(3, 7), (4, 7), (6, 7), (7, 7), (5, 7)],
        0,
    ));
    assert_black_won(&black_line_game(
        &[(7, 3), (7, 4), (7, 6), (7, 7), (7, 5)],
        0,
    ));
    assert_black_won(&black_line_game(
        &[(9, 3), (8, 4), (6, 6), (5, 7), (7, 5)],
        0,
    ));
}

#[test]
fn lines_do_not_wrap_around_the_board_edge() {
    // Consecutive point indices across a row end: 12,13,14 on row 0 then 15,16 on row 1.
    let pos = black_line_game(&[(12, 0), (13, 0), (14, 0), (0, 1), (1, 1)], 10);
    assert_eq!(pos.outcome(), None);
    // Index steps of 16 (a diagonal step) across the right edge.
    let pos = black_line_game(&[(12, 0), (13, 1), (14, 2), (0, 4), (1, 5)], 10);
    assert_eq!(pos.outcome(), None);
    // Index steps of 14 (an anti-diagonal step) across the left edge.
    let pos = black_line_game(&[(2, 0), (1, 1), (0, 2), (14, 2), (13, 3)], 10);
    assert_eq!(pos.outcome(), None);
}

/// A full board with runs of at most two in every direction: Black where
/// `(x / 2 + y)` is even (113 points), White elsewhere (112).
fn full_board_without_five() -> (Vec<Point>, Vec<Point>) {
    let mut black = Vec::new();
    let mut white = Vec::new();
    for y in 0..SIZE {
        for x in 0..SIZE {
            if (x / 2 + y) % 2 == 0 {
                black.push((x, y));
            } else {
                white.push((x, y));
            }
        }
    }
    (black, white)
}

#[test]
fn full_board_without_five_is_a_draw() {
    let (black, white) = full_board_without_five();
    assert_eq!((black.len(), white.len()), (113, 112));
    let mut naive = NaiveGomoku::new();
    for (i, &(x, y)) in black.iter().enumerate() {
        assert!(naive.play(x, y));
        if let Some(&(x, y)) = white.get(i) {
            assert!(naive.play(x, y));
        }
    }
    assert_eq!(
        naive.longest_line().unwrap().1,
        2,
        "the construction has no line"
    );
    let pos = play_alternately(&black, &white);
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
    assert_eq!(naive.outcome, Some(Outcome::Draw));
    assert_eq!(pos.stone_count(), 225);
    assert_eq!(pos.count_legal_moves(), 0);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn move_codec_and_no_pass() {
    assert_eq!(Gomoku::move_from_xy(-1, -1), None);
    for (x, y) in [(15, 0), (0, 15), (-1, 3), (3, -1), (15, 15)] {
        assert_eq!(GomokuMove::new(x, y), None, "({x},{y})");
    }
    let m = GomokuMove::new(4, 11).unwrap();
    assert_eq!((m.x(), m.y(), m.index()), (4, 11, 11 * 15 + 4));
    assert_eq!(GomokuMove::from_index(m.index()), Some(m));
    assert_eq!(GomokuMove::from_index(225), None);
    assert_eq!(
        Gomoku::move_to_xy(GomokuMove::from_index(224).unwrap()),
        (14, 14)
    );
}

#[test]
fn occupied_point_is_refused_and_helpers_track_the_game() {
    let mut pos = Gomoku::start();
    assert_eq!((pos.last_move(), pos.stone_count()), (None, 0));
    let centre = GomokuMove::new(7, 7).unwrap();
    pos.try_play(centre).unwrap();
    assert_eq!((pos.last_move(), pos.stone_count()), (Some(centre), 1));
    assert!(!pos.is_empty_point(centre));
    assert_eq!(pos.row_bits(Player::Black, 7), 1 << 7);
    assert_eq!(pos.side_to_move(), Player::White);
    let err = pos.try_play(centre).unwrap_err();
    assert_eq!((err.x, err.y, err.reason), (7, 7, IllegalReason::Occupied));
}

#[test]
fn move_order_does_not_change_the_hash() {
    let a = play_alternately(&[(1, 1), (2, 2)], &[(3, 3), (4, 4)]);
    let b = play_alternately(&[(2, 2), (1, 1)], &[(4, 4), (3, 3)]);
    assert_eq!(a.hash(), b.hash());
    let swapped = play_alternately(&[(3, 3), (4, 4)], &[(1, 1), (2, 2)]);
    assert_ne!(a.hash(), swapped.hash());
    assert_ne!(Gomoku::start().hash(), a.hash());
}
