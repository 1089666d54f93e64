//! Training games: an engine (`alphabeta` tuned by engine options; the
//! engines of the embedded weights' games are in `data/README.md`) against
//! itself at a node cap per move (so a game depends on the seed only, never on the machine's
//! speed or load), from the balanced openings, with a few random plies
//! after the opening so games from one opening differ.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::engines::gomoku::engine::{ThreatSearch, ThreatSearchConfig};
use crate::engines::gomoku::movegen::generate;
use crate::engines::gomoku::notation::{format_move, parse_moves};
use crate::engines::gomoku::threat_board::ThreatBoard;
use crate::game::{Game, MoveList, Outcome, Player};
use crate::games::{Gomoku, GomokuMove};
use crate::search::score::WIN_SCORE;
use crate::search::{Limits, SearchResult, Searcher};

/// How training games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlayConfig {
    /// The engine on both sides.
    pub engine: ThreatSearchConfig,
    pub seed: u64,
    /// Node cap per move of both sides' main search (the root checks have
    /// their own caps in `engine`).
    pub nodes: u64,
    /// Plies right after the opening chosen at random.
    pub random_plies: u32,
    /// A random ply picks uniformly among this many of the move generator's
    /// best moves (so it stays a plausible move).
    pub random_width: usize,
}

/// One finished training game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number: it picks the opening and seeds the random plies.
    pub index: u64,
    /// The opening's plies at the start of `moves`.
    pub opening_len: usize,
    /// Every move from the empty board, the opening included.
    pub moves: Vec<GomokuMove>,
    /// Per move, the score of the search that chose it, for the side that
    /// played it, in evaluation units (a proven win or loss as
    /// `±WIN_SCORE` less its distance): a label better informed than the
    /// game's result. `None` for the opening's and the random plies, and
    /// for every move of a game played before scores were kept (such a
    /// line has no scores field).
    pub scores: Vec<Option<i32>>,
    pub outcome: Outcome,
}

impl GameRecord {
    /// One line of a games file: `INDEX<tab>RESULT<tab>OPENING_LEN<tab>MOVES`,
    /// the result `black`, `white` or `draw`, the moves as in `h8 f6 e4`;
    /// then, if any move has a score, `<tab>SCORES`: one per move, `-` for
    /// none, as in `- - - 35 -20`.
    pub fn to_line(&self) -> String {
        let result = match self.outcome {
            Outcome::Win(Player::Black) => "black",
            Outcome::Win(Player::White) => "white",
            Outcome::Draw => "draw",
        };
        let moves: Vec<String> = self.moves.iter().map(|&m| format_move(m)).collect();
        let mut line = format!(
            "{}\t{result}\t{}\t{}",
            self.index,
            self.opening_len,
            moves.join(" ")
        );
        if self.scores.iter().any(Option::is_some) {
            let scores: Vec<String> = self
                .scores
                .iter()
                .map(|s| s.map_or_else(|| "-".to_string(), |s| s.to_string()))
                .collect();
            line.push('\t');
            line.push_str(&scores.join(" "));
        }
        line
    }

    /// Parses a line written by [`GameRecord::to_line`]; `None` if it is
    /// malformed (e.g. cut short by an interrupted run).
    pub fn parse_line(line: &str) -> Option<GameRecord> {
        let fields: Vec<&str> = line.split('\t').collect();
        let (&[index, result, opening_len, moves], scores) = fields.split_at_checked(4)? else {
            return None;
        };
        let outcome = match result {
            "black" => Outcome::Win(Player::Black),
            "white" => Outcome::Win(Player::White),
            "draw" => Outcome::Draw,
            _ => return None,
        };
        let moves = parse_moves(moves).ok()?;
        let scores: Vec<Option<i32>> = match scores {
            [] => vec![None; moves.len()],
            [scores] => scores
                .split(' ')
                .map(|s| match s {
                    "-" => Some(None),
                    s => s.parse().ok().map(Some),
                })
                .collect::<Option<_>>()?,
            _ => return None,
        };
        let opening_len: usize = opening_len.parse().ok()?;
        // A record must replay to its stated end.
        let mut pos = Gomoku::start();
        for &m in &moves {
            pos.try_play(m).ok()?;
        }
        (opening_len <= moves.len()
            && scores.len() == moves.len()
            && pos.outcome() == Some(outcome))
        .then_some(GameRecord {
            index: index.parse().ok()?,
            opening_len,
            moves,
            scores,
            outcome,
        })
    }
}

/// A well-mixed 64-bit function of `x` (SplitMix64's finaliser).
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Plays training game number `index`: opening `index % openings.len()`,
/// then `random_plies` random plies, then the engine on both sides.
///
/// Precondition: `openings` is not empty and its lines are legal.
pub fn play_game(openings: &[Vec<GomokuMove>], index: u64, config: &SelfPlayConfig) -> GameRecord {
    let opening = &openings[(index % openings.len() as u64) as usize];
    let mut rng = SmallRng::seed_from_u64(mix(config.seed ^ mix(index)));
    let mut pos = Gomoku::start();
    let mut board = ThreatBoard::new();
    let mut moves = Vec::new();
    let mut scores = Vec::new();
    let mut play = |pos: &mut Gomoku, board: &mut ThreatBoard, m: GomokuMove, score| {
        board.place(m.index(), pos.side_to_move());
        pos.try_play(m).expect("training games play legal moves");
        moves.push(m);
        scores.push(score);
    };
    for &m in opening {
        play(&mut pos, &mut board, m, None);
    }
    let mut candidates = MoveList::new();
    for _ in 0..config.random_plies {
        if pos.outcome().is_some() {
            break;
        }
        generate(
            &board,
            pos.side_to_move(),
            config.random_width.max(1),
            &mut candidates,
        );
        let m = candidates[rng.gen_range(0..candidates.len())];
        play(&mut pos, &mut board, m, None);
    }
    // One engine per side, as two separate bots would be.
    let mut engines = [
        ThreatSearch::new(config.engine),
        ThreatSearch::new(config.engine),
    ];
    let limits = Limits::nodes(config.nodes);
    let outcome = loop {
        if let Some(outcome) = pos.outcome() {
            break outcome;
        }
        let side = pos.side_to_move().index();
        let result = engines[side].choose_move(&pos, &limits);
        play(
            &mut pos,
            &mut board,
            result.best_move,
            Some(score_of(&result)),
        );
    };
    GameRecord {
        index,
        opening_len: opening.len(),
        moves,
        scores,
        outcome,
    }
}

/// A search's score for the side to move: its own, or for a threat solver's
/// win (which reports a value but no score) `WIN_SCORE`; a result with
/// neither (the first stone) scores 0.
fn score_of(result: &SearchResult<GomokuMove>) -> i32 {
    result.score.unwrap_or(if result.value >= 1.0 {
        WIN_SCORE
    } else if result.value <= -1.0 {
        -WIN_SCORE
    } else {
        0
    })
}
