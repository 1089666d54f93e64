//! Plays one game between two players and judges every answer with the rules
//! library (`Game::check_move`, `Game::outcome`).

use std::time::Duration;

use crate::game::{Game, Outcome, Player};

use super::board_text::render_board;
use super::contestant::{Contestant, Fault, Turn};
use super::game_facts::{result_text, RefereeGame};
use super::observer::{GameStart, MatchObserver, PlyPlayed};
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

/// Who watches a game as it is played, and what to tell them about it.
pub struct GameWatch<'a> {
    pub observer: &'a dyn MatchObserver,
    /// 1-based game number within the match.
    pub number: usize,
    /// Specs of Black's and White's players.
    pub names: [&'a str; 2],
    /// Player A's colour.
    pub player_a: Player,
}

/// Plays a game from `opening` (which must be legal and leave the game
/// unfinished) with `times[colour]` per turn for each colour (Black first),
/// doubled on each player's first turn.
/// Every answer is checked by the rules; a fault loses at once.
/// `game_over` is called on both players before returning.
pub fn play_game<G: RefereeGame>(
    players: [&mut dyn Contestant<G>; 2],
    opening: &[(i32, i32)],
    times: [Duration; 2],
    display: Option<&ShowBoard<'_>>,
) -> PlayedGame {
    play_game_watched(players, opening, times, display, None)
}

/// [`play_game`], telling `watch` about every turn and move as it happens.
pub fn play_game_watched<G: RefereeGame>(
    players: [&mut dyn Contestant<G>; 2],
    opening: &[(i32, i32)],
    times: [Duration; 2],
    display: Option<&ShowBoard<'_>>,
    watch: Option<&GameWatch<'_>>,
) -> PlayedGame {
    let [black, white] = players;
    if let Some(watch) = watch {
        watch.observer.game_started(&GameStart {
            number: watch.number,
            names: watch.names,
            player_a: watch.player_a,
            opening,
        });
    }
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
        let time = times[colour.index()];
        let limit = if has_moved[colour.index()] {
            time
        } else {
            time * 2
        };
        has_moved[colour.index()] = true;
        if let Some(watch) = watch {
            watch.observer.turn_started(watch.number, colour, limit);
        }
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
        let debug_text = match colour {
            Player::Black => &mut debug.black,
            Player::White => &mut debug.white,
        };
        debug_text.push(report.debug);
        let debug_text = debug_text.last().map_or("", String::as_str);
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
                if let Some(watch) = watch {
                    watch.observer.move_played(&PlyPlayed {
                        number: watch.number,
                        colour,
                        xy: (x, y),
                        elapsed: report.elapsed,
                        debug: debug_text,
                    });
                }
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
    let played = PlayedGame {
        result,
        termination,
        detail,
        moves,
        refused_move,
        times_ms,
        debug,
    };
    if let Some(watch) = watch {
        watch.observer.game_finished(watch.number, &played);
    }
    played
}

/// Plays the answer `(x, y)` if the rules allow it.
fn judge_answer<G: Game>(position: &mut G, x: i32, y: i32) -> Result<(), (Termination, String)> {
    let m = check_answer(position, x, y)?;
    position.play_unchecked(m);
    Ok(())
}

/// The move answered as `(x, y)` if the rules allow it here, otherwise the
/// termination it causes and the rules library's reason.
pub(super) fn check_answer<G: Game>(
    position: &G,
    x: i32,
    y: i32,
) -> Result<G::Move, (Termination, String)> {
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
    position.check_move(m).map(|()| m).map_err(|e| {
        let termination = if is_pass {
            Termination::BadPass
        } else {
            Termination::IllegalMove
        };
        (termination, e.to_string())
    })
}

fn final_result<G: RefereeGame>(
    position: &G,
    outcome: Outcome,
) -> (GameResult, Termination, String, Option<(i32, i32)>) {
    let result = match outcome {
        Outcome::Win(p) => GameResult::win_for(p),
        Outcome::Draw => GameResult::Draw,
    };
    (
        result,
        Termination::Normal,
        result_text(position, outcome),
        None,
    )
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
        let white_time = Duration::from_millis(300);
        let game = play_game::<TicTacToe>(
            [&mut black, &mut white],
            &[(1, 1)],
            [second, white_time],
            None,
        );
        // The opening (1,1) was Black's, so White moves first here; each
        // colour has its own time.
        assert_eq!(white.seen[0], (white_time * 2, 1, Player::White));
        assert_eq!(white.seen[1].0, white_time);
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
                [Duration::from_secs(1); 2],
                None,
            );
            assert_eq!(game.termination, expected, "{answer:?}");
            assert_eq!(game.result, GameResult::White);
            assert_eq!(game.refused_move, Some(answer));
            assert_eq!(game.moves.len(), 2);
        }
    }
}
