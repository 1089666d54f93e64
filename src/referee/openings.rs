//! Openings: moves played before the bots take over, read from a file (one
//! opening per line, `#` comments) or made of random legal moves.

use std::path::Path;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::game::{Game, IllegalMove, MoveList};

use crate::games::notation::{opening_lines, parse_moves, NotationError};

/// Attempts at a random opening before giving up (each fails only if the
/// game ended within the requested plies).
const RANDOM_OPENING_ATTEMPTS: usize = 1000;

/// Why openings could not be prepared.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{line}: {source}")]
    Notation {
        path: String,
        line: usize,
        source: NotationError,
    },
    #[error("{path}:{line}: ({x},{y}) is not a move of {game}")]
    NotAMove {
        path: String,
        line: usize,
        game: &'static str,
        x: i32,
        y: i32,
    },
    #[error("{path}:{line}: {source}")]
    Illegal {
        path: String,
        line: usize,
        source: IllegalMove,
    },
    #[error("{path}:{line}: the game is over after this opening")]
    Finished { path: String, line: usize },
    #[error("{path}: no opening in the file")]
    Empty { path: String },
    #[error("no {plies}-ply random opening leaves the game unfinished")]
    RandomTooLong { plies: usize },
}

/// Why a move list cannot be played from the start position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("({x},{y}) is not a move of this game")]
    NotAMove { x: i32, y: i32 },
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// Plays `moves` from the start position through the rules.
pub fn play_from_start<G: Game>(moves: &[(i32, i32)]) -> Result<G, ReplayError> {
    let mut position = G::start();
    for &(x, y) in moves {
        let m = G::move_from_xy(x, y).ok_or(ReplayError::NotAMove { x, y })?;
        position.try_play(m)?;
    }
    Ok(position)
}

/// Reads an openings file: each non-empty line not starting with `#` is one
/// opening, checked against the rules of `G` (legal, game not over after it).
pub fn load_openings<G: Game>(path: &Path) -> Result<Vec<Vec<(i32, i32)>>, OpeningError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| OpeningError::Read {
        path: name.clone(),
        source,
    })?;
    let mut openings = Vec::new();
    for (line_number, line) in opening_lines(&text) {
        let moves = parse_moves(line).map_err(|source| OpeningError::Notation {
            path: name.clone(),
            line: line_number,
            source,
        })?;
        match play_from_start::<G>(&moves) {
            Ok(position) if position.outcome().is_some() => {
                return Err(OpeningError::Finished {
                    path: name,
                    line: line_number,
                })
            }
            Ok(_) => openings.push(moves),
            Err(ReplayError::NotAMove { x, y }) => {
                return Err(OpeningError::NotAMove {
                    path: name,
                    line: line_number,
                    game: G::NAME,
                    x,
                    y,
                })
            }
            Err(ReplayError::Illegal(source)) => {
                return Err(OpeningError::Illegal {
                    path: name,
                    line: line_number,
                    source,
                })
            }
        }
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty { path: name });
    }
    Ok(openings)
}

/// `plies` uniformly random legal moves from the start, leaving the game
/// unfinished; the same `seed` gives the same opening.
pub fn random_opening<G: Game>(plies: usize, seed: u64) -> Result<Vec<(i32, i32)>, OpeningError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut legal = MoveList::new();
    for _ in 0..RANDOM_OPENING_ATTEMPTS {
        let mut position = G::start();
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies {
            position.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.gen_range(0..legal.len())];
            position.play_unchecked(m);
            moves.push(G::move_to_xy(m));
        }
        if moves.len() == plies && position.outcome().is_none() {
            return Ok(moves);
        }
    }
    Err(OpeningError::RandomTooLong { plies })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TicTacToe;

    #[test]
    fn random_openings_are_legal_unfinished_and_reproducible() {
        for seed in 0..50 {
            let moves = random_opening::<TicTacToe>(4, seed).unwrap();
            assert_eq!(moves.len(), 4);
            let position = play_from_start::<TicTacToe>(&moves).unwrap();
            assert!(position.outcome().is_none());
            assert_eq!(moves, random_opening::<TicTacToe>(4, seed).unwrap());
        }
        assert!(random_opening::<TicTacToe>(9, 1).is_err());
    }

    #[test]
    fn openings_file_is_checked_against_the_rules() {
        let dir = std::env::temp_dir().join(format!("referee-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.txt");
        std::fs::write(&good, "# comment\n1,1 0,0\n\n2 2;0 2\na1\n").unwrap();
        let openings = load_openings::<TicTacToe>(&good).unwrap();
        assert_eq!(
            openings,
            vec![vec![(1, 1), (0, 0)], vec![(2, 2), (0, 2)], vec![(0, 0)]]
        );
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "1,1 1,1\n").unwrap();
        let error = load_openings::<TicTacToe>(&bad).unwrap_err();
        assert!(error.to_string().contains(":1:"), "{error}");
        std::fs::write(&bad, "0 0 1 0 0 1 1 1 0 2\n").unwrap();
        assert!(matches!(
            load_openings::<TicTacToe>(&bad),
            Err(OpeningError::Finished { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
