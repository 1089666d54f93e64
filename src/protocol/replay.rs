//! Replaying a parsed history through the rules into the position to answer.

use super::codec::decode_move;
use super::error::{Location, ProtocolError};
use super::input::{RawMove, TurnInput};
use crate::game::{Game, Player};

/// A position to answer, rebuilt from a turn's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn<G> {
    /// The position after the last request; `we_play` is to move and the game is not over.
    pub position: G,
    /// Our colour, learnt from the first request.
    pub we_play: Player,
    /// Botzone's turn number: the number of requests so far.
    pub number: usize,
}

/// Replays `input`: the first request is Black's "no move" marker (then we are
/// Black) or Black's first move (then we are White); then our responses and
/// the later requests alternate, each checked by `Game::try_play`. Reversi
/// passes are ordinary moves here, so every ply alternates colour.
pub fn replay<G: Game>(input: &TurnInput) -> Result<Turn<G>, ProtocolError> {
    let Some(first) = input.requests.first() else {
        return Err(ProtocolError::NoRequests);
    };
    if input.responses.len() + 1 != input.requests.len() {
        return Err(ProtocolError::CountMismatch {
            requests: input.requests.len(),
            responses: input.responses.len(),
        });
    }
    let mut position = G::start();
    let we_play = if first.is_pass_marker() {
        Player::Black
    } else {
        play_raw(&mut position, *first, input.request_location(0))?;
        Player::White
    };
    for (index, &response) in input.responses.iter().enumerate() {
        play_raw(&mut position, response, input.response_location(index))?;
        let request = input.requests[index + 1];
        play_raw(&mut position, request, input.request_location(index + 1))?;
    }
    let last = input.request_location(input.requests.len() - 1);
    ensure_not_over(&position, last)?;
    debug_assert_eq!(position.side_to_move(), we_play);
    Ok(Turn {
        position,
        we_play,
        number: input.requests.len(),
    })
}

/// Plays one move of the history, or says why it cannot be played.
pub fn play_raw<G: Game>(
    position: &mut G,
    raw: RawMove,
    at: Location,
) -> Result<(), ProtocolError> {
    let m = decode_move::<G>(raw, at)?;
    position
        .try_play(m)
        .map_err(|illegal| ProtocolError::Illegal { at, illegal })
}

/// A finished game has no move to answer: the judge would not have asked.
pub fn ensure_not_over<G: Game>(position: &G, at: Location) -> Result<(), ProtocolError> {
    match position.outcome() {
        Some(_) => Err(ProtocolError::GameOver { at }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TicTacToe;
    use crate::protocol::input::InputFormat;

    fn input(requests: &[(i32, i32)], responses: &[(i32, i32)]) -> TurnInput {
        let raw = |list: &[(i32, i32)]| list.iter().map(|&(x, y)| RawMove { x, y }).collect();
        TurnInput {
            format: InputFormat::Json,
            requests: raw(requests),
            responses: raw(responses),
        }
    }

    #[test]
    fn colour_from_first_request() {
        let black = replay::<TicTacToe>(&input(&[(-1, -1), (0, 0)], &[(1, 1)])).unwrap();
        assert_eq!(black.we_play, Player::Black);
        assert_eq!(black.number, 2);
        assert_eq!(black.position.stone_at(1, 1), Some(Player::Black));
        let white = replay::<TicTacToe>(&input(&[(1, 1)], &[])).unwrap();
        assert_eq!(white.we_play, Player::White);
        assert_eq!(white.position.side_to_move(), Player::White);
    }

    #[test]
    fn history_errors_say_where() {
        let err = replay::<TicTacToe>(&input(&[(-1, -1), (1, 1)], &[(1, 1)])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "requests[1]: illegal move (1,1): the point is occupied"
        );
        let err = replay::<TicTacToe>(&input(&[(-1, -1), (-1, -1)], &[(1, 1)])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "requests[1]: unexpected pass (-1,-1): tictactoe has no pass"
        );
        let err = replay::<TicTacToe>(&input(&[(-1, -1), (3, 0)], &[(1, 1)])).unwrap_err();
        assert!(err
            .to_string()
            .contains("(3,0): the point is off the board"));
        let err = replay::<TicTacToe>(&input(&[(-1, -1)], &[(1, 1)])).unwrap_err();
        assert_eq!(err.to_string(), "input: 1 requests need 0 responses, got 1");
    }

    #[test]
    fn finished_game_is_refused() {
        // X: (0,0) (1,0) (2,0) wins; O: (0,1) (1,1).
        let err = replay::<TicTacToe>(&input(&[(-1, -1), (0, 1), (1, 1)], &[(0, 0), (1, 0)]))
            .map(|_| ())
            .and_then(|_| replay::<TicTacToe>(&input(&[(0, 0), (1, 0), (2, 0)], &[(0, 1), (1, 1)])))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "requests[2]: the game is over after this move; there is nothing to answer"
        );
    }
}
