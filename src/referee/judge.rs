//! Plays one game between two players and judges every answer with the rules
//! library (`Game::try_play`, `Game::outcome`).

use std::time::Duration;

use crate::game::{Game, Outcome, Player};

use super::board_text::render_board;
use super::contestant::{Contestant, Fault, Turn};
use super::openings::play_from_start;
use super::record::{DebugStrings, GameResult, Termination};

/// A game as played, before the match adds who was who.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    pub result: GameResult,
    pub termination: Termination,
    pub detail: String,
    /// Every move from the start, opening included.
    pub moves: Vec<(i32, i32)>,
    pub refused_move: Option<(i32, i32)>,
    pub times_ms: Vec<u64>,
    pub debug: DebugStrings,
}

/// How the judge shows the game while it runs.
pub struct ShowBoard<'a> {
    /// Labels of Black's and White's players.
    pub names: [&'a str; 2],
}

/// Plays a game from `opening` (which must be legal and leave the game
/// unfinished) with `time` per turn, doubled on each player's first turn.
/// Every answer is checked by the rules; a fault loses at once.
/// `game_over` is called on both players before returning.
pub fn play_game<G: Game>(
    players: [&mut dyn Contestant<G>; 2],
    opening: &[(i32, i32)],
    time: Duration,
    display: Option<&ShowBoard<'_>>,
) -> PlayedGame {
    let [black, white] = players;
    let mut position: G = play_from_start(opening).expect("openings are checked in advance");
    let mut moves = opening.to_vec();
    let mut times_ms = Vec::new();
    let mut debug = DebugStrings::default();
    let mut clocks = [Duration::ZERO; 2];
    let mut has_moved = [false; 2];
    if let Some(display) = display {
        show(display, &position, &moves, &clocks);
    }

    let (result, termination, detail, refused_move) = loop {
        if let Some(outcome) = position.outcome() {
            break final_result(&position, outcome);
        }
        let colour = position.side_to_move();
        let limit = if has_moved[colour.index()] {
            time
        } else {
            time * 2
        };
        has_moved[colour.index()] = true;
        let turn = Turn {
            position: &position,
            moves: &moves,
            colour,
            limit,
        };
        let player: &mut dyn Contestant<G> = match colour {
            Player::Black => &mut *black,
            Player::White => &mut *white,
        };
        let report = player.play_turn(&turn);
        times_ms.push(report.elapsed.as_millis() as u64);
        clocks[colour.index()] += report.elapsed;
        match colour {
            Player::Black => debug.black.push(report.debug),
            Player::White => debug.white.push(report.debug),
        }
        let loses = GameResult::win_for(colour.opponent());
        let (x, y) = match report.answer {
            Ok(xy) => xy,
            Err(Fault {
                termination,
                detail,
            }) => break (loses, termination, format!("{colour}: {detail}"), None),
        };
        match judge_answer(&mut position, x, y) {
            Ok(()) => {
                moves.push((x, y));
                if let Some(display) = display {
                    show(display, &position, &moves, &clocks);
                }
            }
            Err((termination, why)) => {
                break (loses, termination, format!("{colour}: {why}"), Some((x, y)));
            }
        }
    };
    black.game_over();
    white.game_over();
    if display.is_some() {
        eprintln!("game over, {}: {detail}", termination.name());
    }
    PlayedGame {
        result,
        termination,
        detail,
        moves,
        refused_move,
        times_ms,
        debug,
    }
}

/// Plays the answer `(x, y)` if the rules allow it.
fn judge_answer<G: Game>(position: &mut G, x: i32, y: i32) -> Result<(), (Termination, String)> {
    let is_pass = (x, y) == (-1, -1);
    let Some(m) = G::move_from_xy(x, y) else {
        return Err(if is_pass {
            (Termination::BadPass, format!("{} has no pass", G::NAME))
        } else {
            (
                Termination::IllegalMove,
                format!("({x},{y}) is off the board"),
            )
        });
    };
    position.try_play(m).map_err(|e| {
        let termination = if is_pass {
            Termination::BadPass
        } else {
            Termination::IllegalMove
        };
        (termination, e.to_string())
    })
}

fn final_result<G: Game>(
    position: &G,
    outcome: Outcome,
) -> (GameResult, Termination, String, Option<(i32, i32)>) {
    let mut stones = [0; 2];
    for y in 0..G::HEIGHT {
        for x in 0..G::WIDTH {
            if let Some(p) = position.stone_at(x, y) {
                stones[p.index()] += 1;
            }
        }
    }
    let (result, what) = match outcome {
        Outcome::Win(p) => (GameResult::win_for(p), format!("{p} wins")),
        Outcome::Draw => (GameResult::Draw, "draw".to_string()),
    };
    let detail = format!("{what} (stones: black {}, white {})", stones[0], stones[1]);
    (result, Termination::Normal, detail, None)
}

fn show<G: Game>(
    display: &ShowBoard<'_>,
    position: &G,
    moves: &[(i32, i32)],
    clocks: &[Duration; 2],
) {
    eprintln!(
        "\nmove {}: X black {} ({:.2}s)   O white {} ({:.2}s)",
        moves.len(),
        display.names[0],
        clocks[0].as_secs_f64(),
        display.names[1],
        clocks[1].as_secs_f64()
    );
    eprint!("{}", render_board(position, moves.last().copied()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TicTacToe;
    use crate::referee::contestant::TurnReport;

    /// Plays fixed answers and remembers what each turn looked like.
    struct Scripted {
        answers: Vec<(i32, i32)>,
        seen: Vec<(Duration, usize, Player)>,
        finished: bool,
    }

    impl Scripted {
        fn new(answers: &[(i32, i32)]) -> Self {
            Scripted {
                answers: answers.iter().rev().copied().collect(),
                seen: Vec::new(),
                finished: false,
            }
        }
    }

    impl Contestant<TicTacToe> for Scripted {
        fn play_turn(&mut self, turn: &Turn<'_, TicTacToe>) -> TurnReport {
            self.seen.push((turn.limit, turn.moves.len(), turn.colour));
            TurnReport {
                answer: Ok(self.answers.pop().expect("enough answers")),
                elapsed: Duration::from_millis(1),
                debug: format!("turn {}", self.seen.len()),
            }
        }

        fn game_over(&mut self) {
            self.finished = true;
        }
    }

    #[test]
    fn first_turns_get_double_time_and_the_opening_is_history() {
        let mut black = Scripted::new(&[(0, 0), (0, 1), (0, 2)]);
        let mut white = Scripted::new(&[(2, 0), (1, 0), (2, 2)]);
        let second = Duration::from_secs(1);
        let game = play_game::<TicTacToe>([&mut black, &mut white], &[(1, 1)], second, None);
        // The opening (1,1) was Black's, so White moves first here.
        assert_eq!(white.seen[0], (second * 2, 1, Player::White));
        assert_eq!(black.seen[0], (second * 2, 2, Player::Black));
        assert_eq!(black.seen[1].0, second);
        assert_eq!(game.termination, Termination::Normal);
        assert_eq!(game.result, GameResult::Black);
        assert_eq!(game.moves.len(), 7);
        assert_eq!(game.times_ms.len(), 6);
        assert_eq!(game.debug.white, vec!["turn 1", "turn 2", "turn 3"]);
        assert!(black.finished && white.finished);
    }

    #[test]
    fn refused_answers_lose_with_the_right_termination() {
        for (answer, expected) in [
            ((1, 1), Termination::IllegalMove),
            ((3, 0), Termination::IllegalMove),
            ((-1, -1), Termination::BadPass),
        ] {
            let mut black = Scripted::new(&[answer]);
            let mut white = Scripted::new(&[]);
            let game = play_game::<TicTacToe>(
                [&mut black, &mut white],
                &[(1, 1), (0, 0)],
                Duration::from_secs(1),
                None,
            );
            assert_eq!(game.termination, expected, "{answer:?}");
            assert_eq!(game.result, GameResult::White);
            assert_eq!(game.refused_move, Some(answer));
            assert_eq!(game.moves.len(), 2);
        }
    }
}
