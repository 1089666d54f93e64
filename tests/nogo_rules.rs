//! NoGo rules against a deliberately naive reference, against its own
//! from-scratch legality, on perft counts and on hand-built positions.

use boardbots::{Game, IllegalReason, MoveList, NoGo, NoGoBoardError, NoGoMove, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The rules of games.md written as plainly as possible: an array indexed
/// `board[x][y]` like the judge's, and flood fills with an explicit stack.
#[derive(Clone)]
struct NaiveNoGo {
    board: [[Option<Player>; 9]; 9],
    to_move: Player,
}

impl NaiveNoGo {
    fn new() -> Self {
        NaiveNoGo {
            board: [[None; 9]; 9],
            to_move: Player::Black,
        }
    }

    fn neighbours(x: usize, y: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        if x > 0 {
            out.push((x - 1, y));
        }
        if x < 8 {
            out.push((x + 1, y));
        }
        if y > 0 {
            out.push((x, y - 1));
        }
        if y < 8 {
            out.push((x, y + 1));
        }
        out
    }

    /// Number of distinct empty points next to the group containing (x, y).
    fn group_liberties(board: &[[Option<Player>; 9]; 9], x: usize, y: usize) -> usize {
        let colour = board[x][y];
        let mut seen = [[false; 9]; 9];
        let mut liberty = [[false; 9]; 9];
        let mut stack = vec![(x, y)];
        seen[x][y] = true;
        while let Some((cx, cy)) = stack.pop() {
            for (nx, ny) in Self::neighbours(cx, cy) {
                if board[nx][ny].is_none() {
                    liberty[nx][ny] = true;
                } else if board[nx][ny] == colour && !seen[nx][ny] {
                    seen[nx][ny] = true;
                    stack.push((nx, ny));
                }
            }
        }
        liberty.iter().flatten().filter(|&&l| l).count()
    }

    /// Why the side to move may not play (x, y); suicide is checked before capture.
    fn illegal_reason(&self, x: usize, y: usize) -> Option<IllegalReason> {
        if self.board[x][y].is_some() {
            return Some(IllegalReason::Occupied);
        }
        let mut after = self.board;
        after[x][y] = Some(self.to_move);
        if Self::group_liberties(&after, x, y) == 0 {
            return Some(IllegalReason::Suicide);
        }
        for (nx, ny) in Self::neighbours(x, y) {
            if after[nx][ny].is_some() && Self::group_liberties(&after, nx, ny) == 0 {
                return Some(IllegalReason::Capture);
            }
        }
        None
    }

    fn legal_points(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for y in 0..9 {
            for x in 0..9 {
                if self.illegal_reason(x, y).is_none() {
                    out.push((x, y));
                }
            }
        }
        out
    }

    fn outcome(&self) -> Option<Outcome> {
        self.legal_points()
            .is_empty()
            .then(|| Outcome::Win(self.to_move.opponent()))
    }

    fn play(&mut self, x: usize, y: usize) {
        self.board[x][y] = Some(self.to_move);
        self.to_move = self.to_move.opponent();
    }
}

fn point(x: i32, y: i32) -> NoGoMove {
    NoGoMove::new(x, y).expect("on the board")
}

fn reason(pos: &NoGo, x: i32, y: i32) -> Option<IllegalReason> {
    pos.check_move(point(x, y)).err().map(|e| e.reason)
}

#[test]
fn perft_from_the_start() {
    let start = NoGo::start();
    assert_eq!(start.perft(1), 81);
    assert_eq!(start.perft(2), 6_480);
    assert_eq!(start.perft(3), 511_912);
}

#[test]
fn random_games_agree_with_the_naive_reference() {
    let mut rng = SmallRng::seed_from_u64(0x9090);
    let mut moves = MoveList::new();
    let mut wins = [0usize; 2];
    for game in 0..1500 {
        let mut pos = NoGo::start();
        let mut naive = NaiveNoGo::new();
        for ply in 0.. {
            let ctx = format!("game {game} ply {ply}\n{pos}");
            let naive_outcome = naive.outcome();
            assert_eq!(pos.side_to_move(), naive.to_move, "{ctx}");
            for y in 0..9 {
                for x in 0..9 {
                    let (ux, uy) = (x as usize, y as usize);
                    assert_eq!(pos.stone_at(x, y), naive.board[ux][uy], "{ctx}");
                    assert_eq!(
                        reason(&pos, x, y),
                        if naive_outcome.is_some() {
                            Some(IllegalReason::GameOver)
                        } else {
                            naive.illegal_reason(ux, uy)
                        },
                        "({x},{y}) {ctx}"
                    );
                }
            }
            pos.legal_moves(&mut moves);
            let listed: Vec<(usize, usize)> = moves
                .iter()
                .map(|m| {
                    let (x, y) = NoGo::move_to_xy(*m);
                    (x as usize, y as usize)
                })
                .collect();
            let mut expected = naive.legal_points();
            expected.sort_by_key(|&(x, y)| y * 9 + x);
            assert_eq!(listed, expected, "legal sets: {ctx}");
            assert_eq!(pos.outcome(), naive_outcome, "outcome: {ctx}");
            if moves.is_empty() {
                if let Some(Outcome::Win(winner)) = pos.outcome() {
                    wins[winner.index()] += 1;
                }
                break;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            pos.play_unchecked(m);
            naive.play(m.x() as usize, m.y() as usize);
        }
    }
    // Both colours win some random games, so outcomes of both kinds were compared.
    assert!(wins[0] > 0 && wins[1] > 0, "wins {wins:?}");
}

#[test]
fn incremental_masks_equal_from_scratch_for_both_colours() {
    let mut rng = SmallRng::seed_from_u64(0x0081);
    let mut plies = 0;
    for game in 0..5000 {
        let mut pos = NoGo::start();
        loop {
            for player in [Player::Black, Player::White] {
                assert_eq!(
                    pos.legal_mask(player),
                    pos.legal_mask_from_scratch(player),
                    "{player} game {game} ply {plies}\n{pos}"
                );
            }
            // Parsing recomputes every derived mask (atari stones included) and the hash.
            let rebuilt = NoGo::from_board_str(&pos.to_string(), pos.side_to_move());
            assert_eq!(rebuilt, Ok(pos), "game {game} ply {plies}\n{pos}");
            let legal = pos.legal_mask(pos.side_to_move());
            if legal == 0 {
                break;
            }
            let n = rng.gen_range(0..legal.count_ones());
            let chosen = NoGo::nth_point(legal, n);
            assert!(pos.is_legal_for(pos.side_to_move(), chosen));
            pos.play_unchecked(NoGoMove::from_index(chosen).expect("on board"));
            plies += 1;
        }
    }
    assert!(
        plies > 5000 * 30,
        "random games last dozens of plies ({plies})"
    );
}

#[test]
fn masks_partition_the_board() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut pos = NoGo::start();
    while pos.outcome().is_none() {
        let black = pos.stones(Player::Black);
        let white = pos.stones(Player::White);
        let empty = pos.empty_mask();
        assert_eq!(black & white, 0);
        assert_eq!(black | white | empty, NoGo::BOARD_MASK);
        assert_eq!((black | white) & empty, 0);
        for player in [Player::Black, Player::White] {
            assert_eq!(
                pos.legal_mask(player) & !empty,
                0,
                "only empty points are legal"
            );
            assert_eq!(pos.stones_in_atari(player) & !pos.stones(player), 0);
        }
        let legal = pos.legal_mask(pos.side_to_move());
        let chosen = NoGo::nth_point(legal, rng.gen_range(0..legal.count_ones()));
        pos.play_unchecked(NoGoMove::from_index(chosen).expect("on board"));
    }
}

#[test]
fn capturing_move_without_liberties_is_illegal_for_both_reasons() {
    // Black on (0,0) would leave itself no liberty and would take the last
    // liberty of the two white stones: legal in Go (it captures), not in NoGo.
    let pos = NoGo::from_board_str(
        ".OX......
         OX.......
         X........
         .........
         .........
         .........
         .........
         .........
         .........",
        Player::Black,
    )
    .expect("valid board");
    let white_stones = (1u128 << 1) | (1u128 << 9);
    assert_eq!(pos.stones_in_atari(Player::White), white_stones);
    assert_eq!(reason(&pos, 0, 0), Some(IllegalReason::Suicide));
    assert!(!pos.is_legal_for(Player::Black, 0));
    assert!(
        !pos.is_legal_for(Player::White, 0),
        "White would be suicidal too"
    );
    assert_eq!(
        pos.legal_mask(Player::Black),
        pos.legal_mask_from_scratch(Player::Black)
    );
}

#[test]
fn plain_suicide_is_illegal_but_the_same_point_is_fine_for_the_other_colour() {
    let pos = NoGo::from_board_str(
        ".O.......
         O........
         .........
         .........
         .........
         .........
         .........
         .........
         .........",
        Player::Black,
    )
    .expect("valid board");
    assert_eq!(reason(&pos, 0, 0), Some(IllegalReason::Suicide));
    assert!(pos.is_legal_for(Player::White, 0));
    assert_eq!(reason(&pos, 1, 0), Some(IllegalReason::Occupied));
    assert_eq!(reason(&pos, 4, 4), None, "the centre is legal for Black");
}

#[test]
fn taking_a_last_liberty_is_capture() {
    let pos = NoGo::from_board_str(
        "O........
         X........
         .........
         .........
         .........
         .........
         .........
         .........
         .........",
        Player::Black,
    )
    .expect("valid board");
    assert_eq!(reason(&pos, 1, 0), Some(IllegalReason::Capture));
    assert!(
        pos.is_legal_for(Player::White, 1),
        "White extends its own stone"
    );
}

#[test]
fn filling_the_shared_last_liberty_of_two_friendly_groups_is_suicide() {
    let board = "X.XO.....
                 OOO......
                 .........
                 .........
                 .........
                 .........
                 .........
                 .........
                 .........";
    let black_to_move = NoGo::from_board_str(board, Player::Black).expect("valid board");
    assert_eq!(reason(&black_to_move, 1, 0), Some(IllegalReason::Suicide));
    let white_to_move = NoGo::from_board_str(board, Player::White).expect("valid board");
    assert_eq!(
        reason(&white_to_move, 1, 0),
        Some(IllegalReason::Capture),
        "White has liberties there but would take both black groups' last one"
    );
}

/// Black's one big group with one-point eyes; a white corner stone in atari.
/// `eye_7_7` leaves (7,7) empty.
fn eyes_board(eye_7_7: bool) -> String {
    let row7 = if eye_7_7 { "X.X.X.X.." } else { "X.X.X.XX." };
    [
        "XXXXXXXXX",
        "X.X.X.X.X",
        "XXXXXXXXX",
        "X.X.X.X.X",
        "XXXXXXXXX",
        "X.X.X.X.X",
        "XXXXXXXXX",
        row7,
        "XXXXXXXXO",
    ]
    .join("\n")
}

#[test]
fn side_to_move_without_a_legal_move_has_lost() {
    let pos = NoGo::from_board_str(&eyes_board(false), Player::White).expect("valid board");
    assert_eq!(pos.legal_mask(Player::White), 0);
    assert_eq!(pos.legal_mask_from_scratch(Player::White), 0);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Black)));
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(reason(&pos, 1, 1), Some(IllegalReason::GameOver));
    // Black still has its 15 eyes; (8,7) would capture the white corner stone.
    assert_eq!(pos.legal_mask(Player::Black).count_ones(), 15);
    assert!(!pos.is_legal_for(Player::Black, 7 * 9 + 8));
    let black_to_move = NoGo::from_board_str(&eyes_board(false), Player::Black).expect("valid");
    assert_eq!(reason(&black_to_move, 8, 7), Some(IllegalReason::Capture));
    assert_eq!(black_to_move.outcome(), None);
}

#[test]
fn the_player_who_leaves_the_opponent_without_moves_wins() {
    let mut pos = NoGo::from_board_str(&eyes_board(true), Player::Black).expect("valid board");
    assert_eq!(pos.outcome(), None);
    assert!(pos.is_legal_for(Player::White, 7 * 9 + 7));
    assert!(pos.is_legal_for(Player::White, 7 * 9 + 8));
    pos.try_play(point(7, 7)).expect("Black fills its eye");
    assert_eq!(pos.side_to_move(), Player::White);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Black)));
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    let direct = NoGo::from_board_str(&eyes_board(false), Player::White).expect("valid board");
    assert_eq!(pos, direct, "played and parsed positions agree");
}

#[test]
fn coordinates_and_no_pass() {
    assert_eq!(NoGo::move_from_xy(-1, -1), None);
    assert_eq!(NoGo::move_from_xy(9, 0), None);
    assert_eq!(NoGo::move_from_xy(0, 9), None);
    let m = point(3, 5);
    assert_eq!((m.x(), m.y(), m.index()), (3, 5, 48));
    assert_eq!(NoGo::move_to_xy(m), (3, 5));
    assert_eq!(NoGoMove::from_index(48), Some(m));
    assert_eq!(NoGoMove::from_index(81), None);
}

#[test]
fn board_text_round_trips_and_rejects_bad_boards() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut pos = NoGo::start();
    let mut moves = MoveList::new();
    for _ in 0..40 {
        pos.legal_moves(&mut moves);
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    let text = pos.to_string();
    assert_eq!(text.lines().count(), 9);
    assert_eq!(NoGo::from_board_str(&text, pos.side_to_move()), Ok(pos));

    assert_eq!(
        NoGo::from_board_str("X..", Player::Black),
        Err(NoGoBoardError::CellCount { found: 3 })
    );
    let with_bad_cell = format!("?{}", ".".repeat(80));
    assert_eq!(
        NoGo::from_board_str(&with_bad_cell, Player::Black),
        Err(NoGoBoardError::UnknownCell { character: '?' })
    );
    let surrounded = format!("XO.{}O{}", ".".repeat(6), ".".repeat(71));
    assert_eq!(
        NoGo::from_board_str(&surrounded, Player::Black),
        Err(NoGoBoardError::GroupWithoutLiberty { x: 0, y: 0 })
    );
}
