//! TicTacToe rules against independent oracles: the known counts of the whole
//! game tree, and a deliberately naive character-grid implementation compared
//! move by move, over the whole tree and over seeded random games.

use std::collections::{HashMap, HashSet};

use boardbots::{Game, IllegalReason, MoveList, Outcome, Player, TicTacToe, TicTacToeMove};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The reference: a grid of `' '`, `'X'`, `'O'` indexed `grid[y][x]`, whose
/// result is read by spelling out every row, column and diagonal.
#[derive(Clone)]
struct NaiveTicTacToe {
    grid: [[char; 3]; 3],
    turn: char,
}

impl NaiveTicTacToe {
    fn new() -> Self {
        NaiveTicTacToe {
            grid: [[' '; 3]; 3],
            turn: 'X',
        }
    }

    fn winner(&self) -> Option<char> {
        let g = &self.grid;
        let lines = [
            [g[0][0], g[0][1], g[0][2]],
            [g[1][0], g[1][1], g[1][2]],
            [g[2][0], g[2][1], g[2][2]],
            [g[0][0], g[1][0], g[2][0]],
            [g[0][1], g[1][1], g[2][1]],
            [g[0][2], g[1][2], g[2][2]],
            [g[0][0], g[1][1], g[2][2]],
            [g[0][2], g[1][1], g[2][0]],
        ];
        lines
            .into_iter()
            .find(|line| line[0] != ' ' && line[0] == line[1] && line[1] == line[2])
            .map(|line| line[0])
    }

    fn is_full(&self) -> bool {
        self.grid.iter().flatten().all(|&c| c != ' ')
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some('X') => Some(Outcome::Win(Player::Black)),
            Some(_) => Some(Outcome::Win(Player::White)),
            None if self.is_full() => Some(Outcome::Draw),
            None => None,
        }
    }

    /// Why `(x, y)` may not be played, or `None` if it may.
    fn refusal(&self, x: usize, y: usize) -> Option<IllegalReason> {
        if self.outcome().is_some() {
            Some(IllegalReason::GameOver)
        } else if self.grid[y][x] != ' ' {
            Some(IllegalReason::Occupied)
        } else {
            None
        }
    }

    fn play(&mut self, x: usize, y: usize) {
        assert_eq!(self.refusal(x, y), None);
        self.grid[y][x] = self.turn;
        self.turn = if self.turn == 'X' { 'O' } else { 'X' };
    }
}

fn as_char(stone: Option<Player>) -> char {
    match stone {
        Some(Player::Black) => 'X',
        Some(Player::White) => 'O',
        None => ' ',
    }
}

fn assert_agrees(fast: &TicTacToe, naive: &NaiveTicTacToe, moves: &mut MoveList<TicTacToeMove>) {
    for y in 0..3 {
        for x in 0..3 {
            assert_eq!(
                as_char(fast.stone_at(x, y)),
                naive.grid[y as usize][x as usize]
            );
        }
    }
    assert_eq!(fast.outcome(), naive.outcome(), "{:?}", naive.grid);
    let expected_side = if naive.turn == 'X' {
        Player::Black
    } else {
        Player::White
    };
    assert_eq!(fast.side_to_move(), expected_side);
    assert_eq!(fast.hash(), fast.hash_from_scratch());
    fast.legal_moves(moves);
    let mut listed: Vec<(i32, i32)> = moves.iter().map(|&m| TicTacToe::move_to_xy(m)).collect();
    listed.sort_unstable();
    let mut expected = Vec::new();
    for x in 0..3 {
        for y in 0..3 {
            if naive.refusal(x, y).is_none() {
                expected.push((x as i32, y as i32));
            }
        }
    }
    assert_eq!(listed, expected, "{:?}", naive.grid);
    assert_eq!(fast.count_legal_moves(), expected.len());
}

/// Everything the exhaustive walk of the game tree counts.
#[derive(Default)]
struct TreeCensus {
    boards: HashSet<[char; 9]>,
    board_of_hash: HashMap<u64, [char; 9]>,
    black_wins: u64,
    white_wins: u64,
    draws: u64,
}

fn board_key(pos: &TicTacToe) -> [char; 9] {
    let mut key = [' '; 9];
    for (i, cell) in key.iter_mut().enumerate() {
        *cell = as_char(pos.stone_at(i as i32 % 3, i as i32 / 3));
    }
    key
}

fn walk(pos: &TicTacToe, naive: &NaiveTicTacToe, census: &mut TreeCensus) {
    let mut moves = MoveList::new();
    assert_agrees(pos, naive, &mut moves);
    let key = board_key(pos);
    census.boards.insert(key);
    let previous = census.board_of_hash.insert(pos.hash(), key);
    assert!(previous.is_none_or(|board| board == key), "hash collision");
    match pos.outcome() {
        Some(Outcome::Win(Player::Black)) => census.black_wins += 1,
        Some(Outcome::Win(Player::White)) => census.white_wins += 1,
        Some(Outcome::Draw) => census.draws += 1,
        None => {
            for &m in moves.iter() {
                let mut child = *pos;
                child.try_play(m).unwrap();
                let (x, y) = TicTacToe::move_to_xy(m);
                let mut naive_child = naive.clone();
                naive_child.play(x as usize, y as usize);
                walk(&child, &naive_child, census);
            }
        }
    }
}

#[test]
fn tictactoe_perft_matches_counts() {
    let start = TicTacToe::start();
    // No game can end before the fifth stone, so the first plies are plain products.
    assert_eq!(start.perft(1), 9);
    assert_eq!(start.perft(2), 72);
    assert_eq!(start.perft(3), 504);
    assert_eq!(start.perft(4), 3_024);
    // Every game ends by ply 9, so perft 9 counts complete games.
    assert_eq!(start.perft(9), 255_168);
    assert_eq!(start.perft(10), 255_168);
}

#[test]
fn tictactoe_whole_tree_matches_known_counts_and_reference() {
    let mut census = TreeCensus::default();
    walk(&TicTacToe::start(), &NaiveTicTacToe::new(), &mut census);
    assert_eq!(census.boards.len(), 5_478, "distinct reachable positions");
    // The side to move follows from the board, so one hash per board, no collisions.
    assert_eq!(census.board_of_hash.len(), 5_478, "distinct hashes");
    let games = census.black_wins + census.white_wins + census.draws;
    assert_eq!(games, 255_168);
    assert_eq!(census.black_wins, 131_184);
    assert_eq!(census.white_wins, 77_904);
    assert_eq!(census.draws, 46_080);
}

#[test]
fn tictactoe_matches_naive_reference_on_random_games() {
    let mut rng = SmallRng::seed_from_u64(0x7177_7AC7);
    let mut moves = MoveList::new();
    let mut finished = [0usize; 3];
    for game in 0..5000 {
        let mut fast = TicTacToe::start();
        let mut naive = NaiveTicTacToe::new();
        assert_agrees(&fast, &naive, &mut moves);
        // Points are drawn from the whole board, so many tries are illegal;
        // both sides must agree on each refusal and its reason. A few tries
        // after the end check that finished games refuse everything.
        let mut tries_after_end = 3;
        while tries_after_end > 0 {
            if naive.outcome().is_some() {
                tries_after_end -= 1;
            }
            let (x, y) = (rng.gen_range(0..3usize), rng.gen_range(0..3usize));
            let m = TicTacToe::move_from_xy(x as i32, y as i32).unwrap();
            let before = fast;
            match (fast.try_play(m), naive.refusal(x, y)) {
                (Ok(()), None) => naive.play(x, y),
                (Err(e), Some(reason)) => {
                    assert_eq!(e.reason, reason, "game {game}");
                    assert_eq!((e.x, e.y), (x as i32, y as i32));
                    assert_eq!(fast, before, "a refused move changed the position");
                }
                (got, want) => panic!("game {game} ({x},{y}): got {got:?}, reference {want:?}"),
            }
            assert_agrees(&fast, &naive, &mut moves);
        }
        finished[match naive.outcome() {
            Some(Outcome::Win(Player::Black)) => 0,
            Some(Outcome::Win(Player::White)) => 1,
            _ => 2,
        }] += 1;
    }
    assert!(finished.iter().all(|&n| n > 500), "{finished:?}");
}
