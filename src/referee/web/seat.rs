//! The `web` player: a person moving by clicking on the page. Each click is
//! judged by the rules library before it counts; a refused click is answered
//! with the reason and the turn goes on, on the same clock.

use std::sync::mpsc;
use std::sync::Arc;
use std::time::Instant;

use crate::game::{Game, MoveList};

use super::super::contestant::{Contestant, Fault, Turn, TurnReport};
use super::super::judge::check_answer;
use super::super::record::Termination;
use super::live::{Hub, Offer};

/// A person playing game `number` through the page of a running web board
/// (seated by the board, see `WebBoard`'s `SeatProvider`).
pub struct WebPlayer {
    hub: Arc<Hub>,
    number: usize,
}

impl WebPlayer {
    /// The person's seat in game `number` (1-based) of the match.
    pub(super) fn new(hub: Arc<Hub>, number: usize) -> WebPlayer {
        WebPlayer { hub, number }
    }
}

impl<G: Game> Contestant<G> for WebPlayer {
    fn play_turn(&mut self, turn: &Turn<'_, G>) -> TurnReport {
        let start = Instant::now();
        let report = |answer| TurnReport {
            answer,
            elapsed: start.elapsed(),
            debug: String::new(),
        };
        let mut moves = MoveList::new();
        turn.position.legal_moves(&mut moves);
        let pass = (-1, -1);
        let legal = moves
            .iter()
            .map(|&m| G::move_to_xy(m))
            .filter(|&xy| xy != pass)
            .map(|(x, y)| [x, y])
            .collect();
        let can_pass = check_answer(turn.position, pass.0, pass.1).is_ok();
        let (clicks, received) = mpsc::channel();
        self.hub.offer(
            self.number,
            Offer {
                colour: turn.colour,
                legal,
                can_pass,
                clicks,
            },
        );
        let deadline = start + turn.limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Ok(click) = received.recv_timeout(left) else {
                self.hub.withdraw(self.number);
                return report(Err(Fault {
                    termination: Termination::Timeout,
                    detail: format!(
                        "no move from the web page within {:.1} s",
                        turn.limit.as_secs_f64()
                    ),
                }));
            };
            match check_answer(turn.position, click.x, click.y) {
                Ok(_) => {
                    // Withdrawn first, so a second click is refused at once.
                    self.hub.withdraw(self.number);
                    let _ = click.verdict.send(Ok(()));
                    return report(Ok((click.x, click.y)));
                }
                Err((_, why)) => {
                    let _ = click.verdict.send(Err(why));
                }
            }
        }
    }

    fn game_over(&mut self) {}
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::game::Player;
    use crate::games::Reversi;
    use crate::referee::observer::{GameStart, MatchObserver, SeatProvider};
    use crate::referee::web::WebBoard;
    use crate::referee::Format;

    #[test]
    fn a_forced_pass_is_offered_and_placements_are_refused_with_the_reason() {
        // White a1, Black b1, Black to move: Black flanks nothing and must pass.
        let board_text = format!("OX{}", "-".repeat(62));
        let position = Reversi::from_board_str(&board_text, Player::Black).unwrap();
        let board = WebBoard::<Reversi>::new(Format::Match, vec!["web".into(), "bot".into()], 1);
        board.game_started(&GameStart {
            number: 1,
            names: ["web", "bot"],
            player_a: Player::Black,
            opening: &[],
        });
        let hub = Arc::clone(board.hub());
        let mut player = board.seat(1);
        let turn = Turn {
            position: &position,
            moves: &[],
            colour: Player::Black,
            limit: Duration::from_secs(60),
        };
        std::thread::scope(|scope| {
            let playing = scope.spawn(|| player.play_turn(&turn));
            let person = loop {
                if let Some(person) = hub.game(1).and_then(|g| g.person) {
                    break person;
                }
                std::thread::sleep(Duration::from_millis(5));
            };
            assert!(person.can_pass);
            assert!(person.legal.is_empty());
            let refused = hub.click(1, 2, 0).unwrap_err();
            assert!(refused.contains("must pass"), "{refused}");
            hub.click(1, -1, -1).unwrap();
            let report = playing.join().unwrap();
            assert_eq!(report.answer, Ok((-1, -1)));
        });
        assert!(hub.game(1).unwrap().person.is_none());
    }

    #[test]
    fn the_person_loses_on_time_like_any_player() {
        let board = WebBoard::<Reversi>::new(Format::Match, vec!["web".into(), "bot".into()], 1);
        let mut player = board.seat(1);
        let turn = Turn {
            position: &Reversi::start(),
            moves: &[],
            colour: Player::Black,
            limit: Duration::from_millis(20),
        };
        let report = player.play_turn(&turn);
        let fault = report.answer.unwrap_err();
        assert_eq!(fault.termination, Termination::Timeout);
        assert!(board.hub().click(1, 3, 2).is_err(), "the turn is withdrawn");
    }
}
