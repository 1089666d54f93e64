//! Training positions: games from XOT openings played on with a share of
//! uniformly random moves, the others chosen by a cheap mobility-and-corners
//! policy or by a shallow search on the embedded evaluation.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::engines::reversi::midgame::MidgameSearch;
use crate::engines::reversi::weights::Weights;
use crate::game::Game;
use crate::games::{after_placement, legal_placements, Reversi, ReversiMove};
use crate::search::Limits;

const CORNERS: u64 = 0x8100_0000_0000_0081;
const X_SQUARES: u64 = 0x0042_0000_0000_4200;

/// A position: the side to move's discs and the opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub player: u64,
    pub opponent: u64,
}

impl Position {
    pub fn empties(&self) -> u32 {
        (!(self.player | self.opponent)).count_ones()
    }
}

/// The policy's choice among `moves` (nonzero): the placement leaving the
/// opponent fewest replies, corners first and X-squares last, ties at random.
fn policy_move(pos: &Reversi, moves: u64, rng: &mut SmallRng) -> usize {
    let (player, opponent) = (pos.player_bits(), pos.opponent_bits());
    let mut best = (i32::MIN, 0usize);
    let mut remaining = moves;
    while remaining != 0 {
        let square = remaining.trailing_zeros() as usize;
        remaining &= remaining - 1;
        let flips = pos.flips(square);
        let (next_player, next_opponent) = after_placement(player, opponent, square, flips);
        let replies = legal_placements(next_player, next_opponent);
        let mut key =
            -8 * replies.count_ones() as i32 - 12 * (replies & CORNERS).count_ones() as i32;
        if CORNERS >> square & 1 == 1 {
            key += 24;
        }
        if X_SQUARES >> square & 1 == 1 {
            key -= 16;
        }
        key = key * 16 + rng.gen_range(0..16);
        if key > best.0 {
            best = (key, square);
        }
    }
    best.1
}

/// How the moves that are not random are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfPlayMoves {
    /// The mobility-and-corners policy: thousands of games a second, but
    /// its games drift into lopsided positions a real game rarely sees.
    Policy,
    /// The best move of a search this many placements deep on the embedded
    /// weights, without ProbCut: positions like those of real games.
    Search(u32),
}

/// Plays `games` games from openings drawn with `seed`, a move in
/// `1 / random_one_in` at random and the others chosen by `choice`, and
/// returns every position where the side to move has a placement (openings'
/// own positions excluded).
pub fn self_play_positions(
    openings: &[Vec<ReversiMove>],
    games: usize,
    seed: u64,
    random_one_in: u32,
    choice: SelfPlayMoves,
) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    // Table size: a depth-8 search touches well under a million nodes.
    let mut search = match choice {
        SelfPlayMoves::Policy => None,
        SelfPlayMoves::Search(depth) => Some((
            MidgameSearch::new(Weights::embedded(), 4 << 20, None),
            Limits::depth(depth),
        )),
    };
    let mut positions = Vec::with_capacity(games * 52);
    for _ in 0..games {
        let mut pos = Reversi::start();
        let opening = &openings[rng.gen_range(0..openings.len())];
        for &m in opening {
            if pos.check_move(m).is_err() {
                break;
            }
            pos.play_unchecked(m);
        }
        loop {
            let moves = pos.legal_moves_mask();
            if moves == 0 {
                if pos.opponent_moves_mask() == 0 {
                    break;
                }
                pos.play_unchecked(ReversiMove::PASS);
                continue;
            }
            positions.push(Position {
                player: pos.player_bits(),
                opponent: pos.opponent_bits(),
            });
            let square = if rng.gen_range(0..random_one_in) == 0 {
                let n = rng.gen_range(0..moves.count_ones());
                let mut rest = moves;
                for _ in 0..n {
                    rest &= rest - 1;
                }
                rest.trailing_zeros() as usize
            } else if let Some((search, limits)) = search.as_mut() {
                let found = search.search(pos.player_bits(), pos.opponent_bits(), limits, None);
                found
                    .and_then(|r| r.best_square)
                    .expect("a position with a placement has a best square")
            } else {
                policy_move(&pos, moves, &mut rng)
            };
            pos.play_unchecked(ReversiMove::from_index(square));
        }
    }
    positions
}
