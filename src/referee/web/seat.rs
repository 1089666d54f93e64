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

/// Where `web` players take their moves from: the page of a running web board.
#[derive(Clone, Debug)]
pub struct WebSeat {
    hub: Arc<Hub>,
}

impl WebSeat {
    pub(super) fn new(hub: Arc<Hub>) -> WebSeat {
        WebSeat { hub }
    }
}

/// A person playing game `number` through the web board.
pub struct WebPlayer {
    seat: Option<WebSeat>,
    number: usize,
}

impl WebPlayer {
    /// The person's seat in game `number` (1-based) of the match.
    pub fn new(seat: WebSeat, number: usize) -> WebPlayer {
        WebPlayer {
            seat: Some(seat),
            number,
        }
    }

    /// A `web` player in a match without a web board: it loses its first turn.
    pub fn unseated() -> WebPlayer {
        WebPlayer {
            seat: None,
            number: 0,
        }
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
        let Some(seat) = &self.seat else {
            return report(Err(Fault {
                termination: Termination::Crash,
                detail: "no web board is running for the web player (use --web)".into(),
            }));
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
        seat.hub.offer(
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
                seat.hub.withdraw(self.number);
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
                    seat.hub.withdraw(self.number);
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
