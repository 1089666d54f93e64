//! The one iterative-deepening driver with aspiration windows. An engine
//! supplies its root iteration ([`RootSearch`]); this deepens it one ply at
//! a time, each iteration inside a window around the previous score that is
//! widened until the score falls inside it.

/// How the window of an iteration is opened and widened. After the `k`-th
/// failure (1-based) on one side, that side's bound moves to the failed
/// score minus (or plus) `first_widening * growth^(k-1)`; once that
/// half-width exceeds `open_beyond`, the side opens fully.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AspirationWindow {
    /// Half-width of an iteration's first window around the previous score.
    pub half_width: i32,
    /// Half-width used after the first failure.
    pub first_widening: i32,
    /// Each further failure multiplies the half-width by this.
    pub growth: i32,
    /// A failure past this half-width opens that side of the window fully.
    pub open_beyond: i32,
}

/// The full window of a search: no score lies outside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FullWindow {
    pub alpha: i32,
    pub beta: i32,
}

/// What an engine's root search gives the driver.
pub trait RootSearch {
    type Move: Copy;

    /// One root iteration `depth` plies deep in `(alpha, beta)`: its score
    /// (failing low or high outside the window as alpha-beta does) and best
    /// move; `None` if the search was stopped (the iteration is lost).
    fn search_root(&mut self, depth: u32, alpha: i32, beta: i32) -> Option<(i32, Self::Move)>;

    /// Whether iteration `depth` opens the aspiration window around
    /// `previous` (the last completed score) instead of the full window.
    fn use_window(&self, depth: u32, previous: i32) -> bool;

    /// Called after each completed iteration; `false` ends deepening
    /// (solved, out of time, past a soft limit).
    fn keep_deepening(&mut self, depth: u32, score: i32, best: Self::Move) -> bool;
}

/// The last iteration that completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Completed<M> {
    pub depth: u32,
    pub score: i32,
    pub best: M,
}

/// Iterative deepening from `first_depth` to `max_depth` (inclusive).
/// Iterations search the full window, or with `window` given, the aspiration
/// window where [`RootSearch::use_window`] says so. `initial_score` is the
/// score a windowed iteration centres on if none completed before it. Returns the last completed iteration,
/// or `None` if none did (stopped in the first, or `first_depth > max_depth`).
pub fn iterative_deepening<S: RootSearch>(
    search: &mut S,
    first_depth: u32,
    max_depth: u32,
    window: Option<AspirationWindow>,
    full: FullWindow,
    initial_score: i32,
) -> Option<Completed<S::Move>> {
    let mut last: Option<Completed<S::Move>> = None;
    let mut previous = initial_score;
    for depth in first_depth..=max_depth {
        let iteration = match window {
            Some(window) if search.use_window(depth, previous) => {
                aspirated(search, depth, previous, window, full)
            }
            _ => search.search_root(depth, full.alpha, full.beta),
        };
        let Some((score, best)) = iteration else {
            break;
        };
        last = Some(Completed { depth, score, best });
        previous = score;
        if !search.keep_deepening(depth, score, best) {
            break;
        }
    }
    last
}

/// One iteration inside a window around `previous`, widened per `window`
/// until the score falls inside it; `None` if stopped.
fn aspirated<S: RootSearch>(
    search: &mut S,
    depth: u32,
    previous: i32,
    window: AspirationWindow,
    full: FullWindow,
) -> Option<(i32, S::Move)> {
    let (mut alpha, mut beta) = (previous - window.half_width, previous + window.half_width);
    let mut widening = window.first_widening;
    loop {
        let (score, best) = search.search_root(depth, alpha, beta)?;
        let opens = widening > window.open_beyond;
        if score <= alpha && alpha > full.alpha {
            alpha = if opens {
                full.alpha
            } else {
                (score - widening).max(full.alpha)
            };
        } else if score >= beta && beta < full.beta {
            beta = if opens {
                full.beta
            } else {
                (score + widening).min(full.beta)
            };
        } else {
            return Some((score, best));
        }
        widening = widening.saturating_mul(window.growth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A root whose true score at each depth is given; it answers as a
    /// fail-hard alpha-beta would and records every window it was asked.
    struct Scripted {
        scores: Vec<i32>,
        windows: Vec<(u32, i32, i32)>,
        stop_at: Option<usize>,
        deepen_until: u32,
    }

    impl RootSearch for Scripted {
        type Move = u32;
        fn search_root(&mut self, depth: u32, alpha: i32, beta: i32) -> Option<(i32, u32)> {
            if self.stop_at == Some(self.windows.len()) {
                return None;
            }
            self.windows.push((depth, alpha, beta));
            let truth = self.scores[depth as usize];
            Some((truth.clamp(alpha, beta), depth * 10))
        }
        fn use_window(&self, depth: u32, _previous: i32) -> bool {
            depth >= 2
        }
        fn keep_deepening(&mut self, depth: u32, _score: i32, _best: u32) -> bool {
            depth < self.deepen_until
        }
    }

    const WINDOW: AspirationWindow = AspirationWindow {
        half_width: 10,
        first_widening: 20,
        growth: 4,
        open_beyond: 100,
    };
    const FULL: FullWindow = FullWindow {
        alpha: -1000,
        beta: 1000,
    };

    fn scripted(scores: &[i32]) -> Scripted {
        Scripted {
            scores: scores.to_vec(),
            windows: Vec::new(),
            stop_at: None,
            deepen_until: u32::MAX,
        }
    }

    #[test]
    fn windows_widen_by_the_schedule_then_open() {
        let mut root = scripted(&[0, 5, 500]);
        let last = iterative_deepening(&mut root, 1, 2, Some(WINDOW), FULL, 0);
        assert_eq!(
            last,
            Some(Completed {
                depth: 2,
                score: 500,
                best: 20
            })
        );
        assert_eq!(
            root.windows,
            vec![
                (1, -1000, 1000),
                (2, -5, 15),
                (2, -5, 35),
                (2, -5, 115),
                // 20 * 4 * 4 = 320 > 100: open.
                (2, -5, 1000),
            ]
        );
    }

    #[test]
    fn a_fail_low_moves_alpha_down() {
        let mut root = scripted(&[0, 0, -30]);
        let last = iterative_deepening(&mut root, 1, 2, Some(WINDOW), FULL, 0).unwrap();
        assert_eq!(last.score, -30);
        assert_eq!(
            root.windows[1..],
            [(2, -10, 10), (2, -30, 10), (2, -110, 10)]
        );
    }

    #[test]
    fn a_stopped_iteration_keeps_the_last_completed_one() {
        let mut root = scripted(&[0, 1, 2, 3]);
        root.stop_at = Some(2);
        let last = iterative_deepening(&mut root, 1, 3, Some(WINDOW), FULL, 0);
        assert_eq!(last.map(|c| c.depth), Some(2));
        root.windows.clear();
        root.stop_at = Some(0);
        assert_eq!(
            iterative_deepening(&mut root, 1, 3, Some(WINDOW), FULL, 0),
            None
        );
    }

    #[test]
    fn keep_deepening_ends_the_loop() {
        let mut root = scripted(&[0, 1, 2, 3, 4]);
        root.deepen_until = 2;
        let last = iterative_deepening(&mut root, 1, 4, Some(WINDOW), FULL, 0).unwrap();
        assert_eq!(last.depth, 2);
        assert_eq!(root.windows.len(), 2);
    }
}
