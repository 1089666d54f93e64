//! Reversi rules against the reference perft table, a deliberately naive
//! re-implementation of games.md, and hand-built positions for passes, game
//! ends and draws.

use boardbots::{
    games::parse_move_sequence, Game, IllegalReason, MoveList, Outcome, Player, Reversi,
    ReversiMove,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn data_file(name: &str) -> String {
    let path = format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// Data lines of a file in `data/`, without comments and blank lines.
fn data_lines(name: &str) -> Vec<String> {
    data_file(name)
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn perft_matches_the_reference_table_up_to_depth_9() {
    let mut checked = 0;
    for line in data_lines("reversi-perft.txt") {
        let mut fields = line.split_whitespace();
        let depth: u32 = fields.next().unwrap().parse().unwrap();
        let leaves: u64 = fields.next().unwrap().parse().unwrap();
        if depth <= 9 {
            assert_eq!(Reversi::start().perft(depth), leaves, "perft({depth})");
            checked += 1;
        }
    }
    assert_eq!(checked, 9, "the table should list depths 1 to 9");
}

/// Reversi written the obvious way from games.md, as an oracle: a grid
/// indexed `[x][y]`, and walks along the eight directions.
#[derive(Clone)]
struct NaiveReversi {
    grid: [[Option<Player>; 8]; 8],
    to_move: Player,
}

/// What the naive rules say the side to move may do.
#[derive(Debug, PartialEq)]
enum NaiveChoice {
    Place(Vec<(i32, i32)>),
    Pass,
    GameOver,
}

const EIGHT_DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

impl NaiveReversi {
    fn start() -> Self {
        let mut grid = [[None; 8]; 8];
        grid[3][4] = Some(Player::Black);
        grid[4][3] = Some(Player::Black);
        grid[3][3] = Some(Player::White);
        grid[4][4] = Some(Player::White);
        NaiveReversi {
            grid,
            to_move: Player::Black,
        }
    }

    fn on_board(x: i32, y: i32) -> bool {
        (0..8).contains(&x) && (0..8).contains(&y)
    }

    /// The squares `who` would flip by placing on the empty square (x, y).
    fn flips(&self, who: Player, x: i32, y: i32) -> Vec<(i32, i32)> {
        let mut all = Vec::new();
        for (dx, dy) in EIGHT_DIRECTIONS {
            let mut line = Vec::new();
            let (mut cx, mut cy) = (x + dx, y + dy);
            while Self::on_board(cx, cy)
                && self.grid[cx as usize][cy as usize] == Some(who.opponent())
            {
                line.push((cx, cy));
                cx += dx;
                cy += dy;
            }
            if Self::on_board(cx, cy)
                && self.grid[cx as usize][cy as usize] == Some(who)
                && !line.is_empty()
            {
                all.extend(line);
            }
        }
        all
    }

    fn placements(&self, who: Player) -> Vec<(i32, i32)> {
        let mut found = Vec::new();
        for y in 0..8 {
            for x in 0..8 {
                if self.grid[x as usize][y as usize].is_none() && !self.flips(who, x, y).is_empty()
                {
                    found.push((x, y));
                }
            }
        }
        found
    }

    fn choice(&self) -> NaiveChoice {
        let mine = self.placements(self.to_move);
        if !mine.is_empty() {
            NaiveChoice::Place(mine)
        } else if !self.placements(self.to_move.opponent()).is_empty() {
            NaiveChoice::Pass
        } else {
            NaiveChoice::GameOver
        }
    }

    fn play(&mut self, placement: Option<(i32, i32)>) {
        if let Some((x, y)) = placement {
            for (fx, fy) in self.flips(self.to_move, x, y) {
                self.grid[fx as usize][fy as usize] = Some(self.to_move);
            }
            self.grid[x as usize][y as usize] = Some(self.to_move);
        }
        self.to_move = self.to_move.opponent();
    }

    fn count(&self, who: Player) -> u32 {
        self.grid
            .iter()
            .flatten()
            .filter(|&&c| c == Some(who))
            .count() as u32
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.choice() != NaiveChoice::GameOver {
            return None;
        }
        let (black, white) = (self.count(Player::Black), self.count(Player::White));
        Some(if black > white {
            Outcome::Win(Player::Black)
        } else if white > black {
            Outcome::Win(Player::White)
        } else {
            Outcome::Draw
        })
    }
}

/// The fast rules' legal moves in the naive rules' terms.
fn choice_of(pos: &Reversi, list: &mut MoveList<ReversiMove>) -> NaiveChoice {
    pos.legal_moves(list);
    if list.is_empty() {
        return NaiveChoice::GameOver;
    }
    if list.as_slice() == [ReversiMove::PASS] {
        return NaiveChoice::Pass;
    }
    let mut squares: Vec<(i32, i32)> = list.iter().map(|&m| Reversi::move_to_xy(m)).collect();
    squares.sort_by_key(|&(x, y)| (y, x));
    NaiveChoice::Place(squares)
}

fn assert_same_board(fast: &Reversi, naive: &NaiveReversi, ctx: &str) {
    assert_eq!(fast.side_to_move(), naive.to_move, "side to move: {ctx}");
    for y in 0..8 {
        for x in 0..8 {
            assert_eq!(
                fast.stone_at(x, y),
                naive.grid[x as usize][y as usize],
                "square ({x},{y}): {ctx}"
            );
        }
    }
    for colour in [Player::Black, Player::White] {
        assert_eq!(fast.disc_count(colour), naive.count(colour), "{ctx}");
    }
}

#[test]
fn random_games_agree_with_the_naive_rules() {
    const GAMES: usize = 3000;
    let mut rng = SmallRng::seed_from_u64(0x5EED_0001);
    let mut list = MoveList::new();
    let (mut passes, mut draws, mut early_ends) = (0, 0, 0);
    for game in 0..GAMES {
        let mut fast = Reversi::start();
        let mut naive = NaiveReversi::start();
        for ply in 0.. {
            let ctx = format!("game {game} ply {ply}\n{fast}");
            assert_same_board(&fast, &naive, &ctx);
            let choice = choice_of(&fast, &mut list);
            assert_eq!(choice, naive.choice(), "legal moves: {ctx}");
            assert_eq!(fast.outcome(), naive.outcome(), "outcome: {ctx}");
            let placement = match choice {
                NaiveChoice::GameOver => {
                    draws += (fast.outcome() == Some(Outcome::Draw)) as usize;
                    early_ends += (fast.empty_count() > 0) as usize;
                    break;
                }
                NaiveChoice::Pass => {
                    passes += 1;
                    None
                }
                NaiveChoice::Place(squares) => Some(squares[rng.gen_range(0..squares.len())]),
            };
            let m = placement.map_or(ReversiMove::PASS, |(x, y)| {
                Reversi::move_from_xy(x, y).unwrap()
            });
            fast.try_play(m).unwrap_or_else(|e| panic!("{e}: {ctx}"));
            naive.play(placement);
        }
    }
    // The random games must have exercised the rare branches too.
    assert!(
        passes > 0 && draws > 0 && early_ends > 0,
        "{passes} {draws} {early_ends}"
    );
}

#[test]
fn start_position_has_exactly_the_four_textbook_moves() {
    let start = Reversi::start();
    let mut list = MoveList::new();
    start.legal_moves(&mut list);
    let mut xy: Vec<(i32, i32)> = list.iter().map(|&m| Reversi::move_to_xy(m)).collect();
    xy.sort();
    assert_eq!(xy, [(2, 3), (3, 2), (4, 5), (5, 4)]);
    assert_eq!(start.stone_at(3, 4), Some(Player::Black));
    assert_eq!(start.stone_at(4, 3), Some(Player::Black));
    assert_eq!(start.stone_at(3, 3), Some(Player::White));
    assert_eq!(start.stone_at(4, 4), Some(Player::White));
}

fn reason(pos: &Reversi, text: &str) -> Option<IllegalReason> {
    pos.check_move(text.parse().unwrap())
        .err()
        .map(|e| e.reason)
}

#[test]
fn illegal_moves_in_the_start_position_say_why() {
    let start = Reversi::start();
    assert_eq!(
        reason(&start, "pass"),
        Some(IllegalReason::PassWithMovesLeft)
    );
    assert_eq!(reason(&start, "d4"), Some(IllegalReason::Occupied));
    assert_eq!(reason(&start, "a1"), Some(IllegalReason::NoFlips));
    assert_eq!(reason(&start, "c4"), None);
    let e = start.check_move("a1".parse().unwrap()).unwrap_err();
    assert_eq!((e.x, e.y), (0, 0));
    assert_eq!(Reversi::move_from_xy(-1, -1), Some(ReversiMove::PASS));
    assert_eq!(Reversi::move_from_xy(8, 0), None);
    assert_eq!(Reversi::move_from_xy(-1, 0), None);
}

/// A board with the given squares (in `d3` notation) and everything else empty.
fn board(black: &[&str], white: &[&str], side: Player) -> Reversi {
    let bits = |squares: &[&str]| {
        squares
            .iter()
            .map(|s| s.parse::<ReversiMove>().unwrap().bit())
            .fold(0, |a, b| a | b)
    };
    Reversi::from_bitboards(bits(black), bits(white), side)
}

#[test]
fn a_player_without_placement_must_pass_then_the_wipe_out_ends_the_game() {
    // White a1, Black b1: Black cannot flank anything, White can play c1.
    let mut pos = board(&["b1"], &["a1"], Player::Black);
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    assert_eq!(list.as_slice(), [ReversiMove::PASS]);
    assert_eq!(pos.count_legal_moves(), 1);
    assert_eq!(pos.outcome(), None);
    let refused = pos.try_play("c1".parse().unwrap()).unwrap_err();
    assert_eq!(refused.reason, IllegalReason::MustPass);
    assert_eq!(reason(&pos, "a1"), Some(IllegalReason::Occupied));
    pos.try_play(ReversiMove::PASS).unwrap();
    assert_eq!(pos.side_to_move(), Player::White);
    assert_eq!(reason(&pos, "pass"), Some(IllegalReason::PassWithMovesLeft));
    pos.try_play("c1".parse().unwrap()).unwrap();
    // White now owns every disc: nobody can move, with 61 squares still empty.
    assert_eq!(pos.disc_count(Player::White), 3);
    assert_eq!(pos.disc_count(Player::Black), 0);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::White)));
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(reason(&pos, "pass"), Some(IllegalReason::GameOver));
    assert_eq!(reason(&pos, "h8"), Some(IllegalReason::GameOver));
    // Black to move and losing 0-3 with 61 empties: the FFO convention gives
    // the empties to the winner.
    assert_eq!(pos.final_score(), -64);
}

/// A full board with the first `black` squares (in index order) black.
fn full_board(black: u32) -> Reversi {
    let black_bits = if black == 64 { !0 } else { (1u64 << black) - 1 };
    Reversi::from_bitboards(black_bits, !black_bits, Player::Black)
}

#[test]
fn a_full_board_ends_the_game_and_the_majority_wins() {
    let pos = full_board(33);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Black)));
    assert_eq!(pos.legal_moves_mask(), 0);
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(reason(&pos, "a1"), Some(IllegalReason::GameOver));
    assert_eq!(pos.final_score(), 2);
    assert_eq!(full_board(31).outcome(), Some(Outcome::Win(Player::White)));
}

#[test]
fn equal_counts_draw_on_a_full_board_and_on_a_stuck_one() {
    assert_eq!(full_board(32).outcome(), Some(Outcome::Draw));
    assert_eq!(full_board(32).final_score(), 0);
    // Two lone discs far apart: neither side can ever flank, 1-1 is a draw.
    let stuck = board(&["a1"], &["h8"], Player::White);
    assert_eq!(stuck.outcome(), Some(Outcome::Draw));
    let mut list = MoveList::new();
    stuck.legal_moves(&mut list);
    assert!(list.is_empty());
}

#[test]
fn fast_helpers_agree_with_the_moves_they_summarise() {
    let mut pos = Reversi::start();
    assert_eq!(pos.flips(2 * 8 + 3), 1 << (3 * 8 + 3), "d3 flips d4");
    assert_eq!(pos.empties().count_ones(), 60);
    pos.try_play("d3".parse().unwrap()).unwrap();
    assert_eq!(pos.side_to_move(), Player::White);
    assert_eq!(pos.disc_count(Player::Black), 4);
    assert_eq!(pos.player_bits(), pos.bits_of(Player::White));
    assert_eq!(pos.opponent_bits().count_ones(), 4);
    // White's replies after d3 (the perft table: 3 of the 12 at depth 2).
    assert_eq!(pos.legal_moves_mask().count_ones(), 3);
}

#[test]
fn every_xot_opening_replays_legally() {
    let openings = data_lines("reversi-xot-openings.txt");
    assert!(openings.len() > 1000, "{} openings", openings.len());
    for opening in &openings {
        let moves = parse_move_sequence(opening).unwrap();
        assert_eq!(moves.len(), 8, "{opening}");
        let mut pos = Reversi::start();
        for m in moves {
            pos.try_play(m)
                .unwrap_or_else(|e| panic!("{opening}: {m}: {e}"));
        }
        assert_eq!(pos.empty_count(), 52);
        assert_eq!(pos.side_to_move(), Player::Black);
    }
}

#[test]
fn ffo_boards_parse_and_print_back() {
    for line in data_lines("ffo-endgame.txt") {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let side = Reversi::parse_side(fields[2]).unwrap();
        let pos = Reversi::from_board_str(fields[1], side).unwrap();
        assert_eq!(pos.to_board_string(), fields[1]);
        assert_eq!(pos.side_to_move(), side);
        assert_eq!(pos.hash(), pos.hash_from_scratch());
        for best in fields[4].split(',') {
            let m: ReversiMove = best.parse().unwrap();
            assert!(pos.is_legal(m), "{line}: best move {m} should be legal");
        }
    }
}
