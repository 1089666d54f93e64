//! Ratings of many players from all their games at once, by maximum
//! likelihood (the method of ordo; BayesElo is the same with a prior).
//!
//! Model: player i scores against player j with expectation
//! `1 / (1 + 10^((r_j - r_i) / 400))`; a draw counts as half a win and half a
//! loss, and colours are ignored (every pairing plays colour-swapped pairs).
//! The likelihood depends on each pairing's games and points only. Ratings
//! are relative, so they are anchored to a mean of zero. `prior_draws`
//! virtual draws are added to every pairing that played (BayesElo's prior),
//! which keeps a player who won or lost every game finite.
//!
//! The maximum is found by Newton's method; the 95% margins come from the
//! inverse of the observed information (the negated Hessian), restricted to
//! zero-mean ratings: for its Laplacian-like matrix `F`, whose null space is
//! the constant vector, the covariance is `(F + J/n)^-1 - J/n` (J all ones).

/// Two players' games against each other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Encounter {
    pub players: [usize; 2],
    pub games: f64,
    /// Points of `players[0]` (a win 1, a draw 1/2).
    pub points: f64,
}

/// One player's rating on the Elo scale, mean zero, with its 95% margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub margin: f64,
}

/// Why no ratings could be computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    #[error("the players do not form one connected group of games")]
    Disconnected,
    #[error("the ratings are unbounded (a group of players won or lost every game)")]
    Unbounded,
}

/// Natural-log strength to Elo.
const ELO_PER_NATURAL_UNIT: f64 = 400.0 / std::f64::consts::LN_10;
/// Two-sided 95% quantile of the standard normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;
const MAX_ITERATIONS: usize = 200;
const CONVERGED: f64 = 1e-10;
/// Strengths beyond this (about 5200 Elo) mean the likelihood has no maximum.
const UNBOUNDED_STRENGTH: f64 = 30.0;

/// The maximum-likelihood ratings of `players` players from `encounters`.
pub fn fit_ratings(
    players: usize,
    encounters: &[Encounter],
    prior_draws: f64,
) -> Result<Vec<Rating>, RatingError> {
    let encounters: Vec<Encounter> = encounters
        .iter()
        .filter(|e| e.games > 0.0)
        .map(|e| Encounter {
            players: e.players,
            games: e.games + prior_draws,
            points: e.points + prior_draws / 2.0,
        })
        .collect();
    if !connected(players, &encounters) {
        return Err(RatingError::Disconnected);
    }
    if !strongly_connected(players, &encounters) {
        return Err(RatingError::Unbounded);
    }
    let mut strength = vec![0.0; players];
    let mut converged = players <= 1;
    for _ in 0..MAX_ITERATIONS {
        if converged {
            break;
        }
        let (gradient, information) = derivatives(&strength, &encounters);
        let step = solve_anchored(&information, &gradient).ok_or(RatingError::Unbounded)?;
        // Damped: halve the step until the likelihood does not fall.
        let before = log_likelihood(&strength, &encounters);
        let mut scale = 1.0;
        let mut next = strength.clone();
        for _ in 0..40 {
            for i in 0..players {
                next[i] = strength[i] + scale * step[i];
            }
            if log_likelihood(&next, &encounters) >= before - 1e-12 {
                break;
            }
            scale /= 2.0;
        }
        let largest = step.iter().fold(0.0f64, |m, s| m.max((scale * s).abs()));
        strength = next;
        if strength.iter().any(|s| s.abs() > UNBOUNDED_STRENGTH) {
            return Err(RatingError::Unbounded);
        }
        converged = largest < CONVERGED;
    }
    if !converged {
        return Err(RatingError::Unbounded);
    }
    let (_, information) = derivatives(&strength, &encounters);
    let covariance = anchored_covariance(&information).ok_or(RatingError::Unbounded)?;
    Ok((0..players)
        .map(|i| Rating {
            elo: strength[i] * ELO_PER_NATURAL_UNIT + 0.0,
            margin: Z_95 * covariance[i][i].max(0.0).sqrt() * ELO_PER_NATURAL_UNIT,
        })
        .collect())
}

/// The probability that a player of strength `a` beats one of strength `b`.
fn expectation(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + (b - a).exp())
}

fn log_likelihood(strength: &[f64], encounters: &[Encounter]) -> f64 {
    encounters
        .iter()
        .map(|e| {
            let p = expectation(strength[e.players[0]], strength[e.players[1]]);
            e.points * p.ln() + (e.games - e.points) * (1.0 - p).ln()
        })
        .sum()
}

/// The gradient of the log-likelihood and the observed information matrix.
fn derivatives(strength: &[f64], encounters: &[Encounter]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = strength.len();
    let mut gradient = vec![0.0; n];
    let mut information = vec![vec![0.0; n]; n];
    for e in encounters {
        let [a, b] = e.players;
        let p = expectation(strength[a], strength[b]);
        let surplus = e.points - e.games * p;
        gradient[a] += surplus;
        gradient[b] -= surplus;
        let weight = e.games * p * (1.0 - p);
        information[a][a] += weight;
        information[b][b] += weight;
        information[a][b] -= weight;
        information[b][a] -= weight;
    }
    (gradient, information)
}

/// `information` plus `J / n`: invertible when the games connect everyone.
fn anchored(information: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = information.len() as f64;
    information
        .iter()
        .map(|row| row.iter().map(|v| v + 1.0 / n).collect())
        .collect()
}

/// The Newton step: the zero-sum solution of `information * step = gradient`.
fn solve_anchored(information: &[Vec<f64>], gradient: &[f64]) -> Option<Vec<f64>> {
    let inverse = invert(anchored(information))?;
    Some(
        inverse
            .iter()
            .map(|row| row.iter().zip(gradient).map(|(a, g)| a * g).sum())
            .collect(),
    )
}

fn anchored_covariance(information: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = information.len() as f64;
    let mut covariance = invert(anchored(information))?;
    for row in &mut covariance {
        for v in row.iter_mut() {
            *v -= 1.0 / n;
        }
    }
    Some(covariance)
}

/// Gauss-Jordan elimination with partial pivoting; `None` if singular.
fn invert(mut matrix: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let mut inverse: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for column in 0..n {
        let pivot = (column..n)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))?;
        if matrix[pivot][column].abs() < 1e-300 || !matrix[pivot][column].is_finite() {
            return None;
        }
        matrix.swap(column, pivot);
        inverse.swap(column, pivot);
        let divisor = matrix[column][column];
        for j in 0..n {
            matrix[column][j] /= divisor;
            inverse[column][j] /= divisor;
        }
        for row in 0..n {
            if row != column {
                let factor = matrix[row][column];
                for j in 0..n {
                    matrix[row][j] -= factor * matrix[column][j];
                    inverse[row][j] -= factor * inverse[column][j];
                }
            }
        }
    }
    Some(inverse)
}

/// Whether every player scored (a win or a draw) against someone who scored
/// against someone ... who scored against any other player: Ford's condition
/// (1957) for the maximum likelihood to exist. Otherwise some group won every
/// point against the rest, and its ratings run off to infinity.
fn strongly_connected(players: usize, encounters: &[Encounter]) -> bool {
    let mut scored_against = vec![Vec::new(); players];
    for e in encounters {
        let [a, b] = e.players;
        if e.points > 0.0 {
            scored_against[a].push(b);
        }
        if e.points < e.games {
            scored_against[b].push(a);
        }
    }
    let mut reversed = vec![Vec::new(); players];
    for (from, targets) in scored_against.iter().enumerate() {
        for &to in targets {
            reversed[to].push(from);
        }
    }
    let reaches_all = |edges: &[Vec<usize>]| {
        let mut seen = vec![false; players];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for &j in &edges[i] {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|&s| s)
    };
    players <= 1 || (reaches_all(&scored_against) && reaches_all(&reversed))
}

/// Whether the encounters link every player to every other.
fn connected(players: usize, encounters: &[Encounter]) -> bool {
    let mut group: Vec<usize> = (0..players).collect();
    fn root(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for e in encounters {
        let (a, b) = (
            root(&mut group, e.players[0]),
            root(&mut group, e.players[1]),
        );
        group[a] = b;
    }
    (0..players)
        .map(|i| root(&mut group, i))
        .collect::<std::collections::HashSet<_>>()
        .len()
        <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three_players() -> Vec<Encounter> {
        vec![
            Encounter {
                players: [0, 1],
                games: 20.0,
                points: 13.0,
            },
            Encounter {
                players: [0, 2],
                games: 20.0,
                points: 16.0,
            },
            Encounter {
                players: [1, 2],
                games: 30.0,
                points: 14.0,
            },
        ]
    }

    fn assert_ratings(actual: &[Rating], elo: [f64; 3], margin: [f64; 3]) {
        for i in 0..3 {
            assert!((actual[i].elo - elo[i]).abs() < 0.01, "{actual:?}");
            assert!((actual[i].margin - margin[i]).abs() < 0.01, "{actual:?}");
        }
    }

    // The expected numbers come from tests/scripts/bradley_terry_mm.py, which
    // solves the same model another way: the Zermelo / Hunter MM iteration
    // for the strengths, and a finite-difference Hessian in the reduced
    // parametrisation r3 = -r1 - r2 for the margins.
    #[test]
    fn three_players_match_an_independent_solution() {
        let ratings = fit_ratings(3, &three_players(), 0.0).unwrap();
        assert_ratings(
            &ratings,
            [112.2862, -51.5676, -60.7185],
            [80.3845, 68.1605, 68.5137],
        );
    }

    #[test]
    fn virtual_draws_match_the_independent_solution() {
        let ratings = fit_ratings(3, &three_players(), 1.0).unwrap();
        assert_ratings(
            &ratings,
            [106.1332, -48.6758, -57.4574],
            [77.5369, 66.4305, 66.7484],
        );
    }

    #[test]
    fn two_players_reduce_to_the_logistic_elo_of_the_score() {
        let ratings = fit_ratings(
            2,
            &[Encounter {
                players: [1, 0],
                games: 100.0,
                points: 64.0,
            }],
            0.0,
        )
        .unwrap();
        let difference = ratings[1].elo - ratings[0].elo;
        let expected = -400.0 * (1.0 / 0.64f64 - 1.0).log10();
        assert!((difference - expected).abs() < 1e-6, "{ratings:?}");
        assert!((ratings[0].elo + ratings[1].elo).abs() < 1e-9);
    }

    #[test]
    fn perfect_scores_need_the_prior_and_split_groups_are_refused() {
        let sweep = [Encounter {
            players: [0, 1],
            games: 10.0,
            points: 10.0,
        }];
        assert_eq!(fit_ratings(2, &sweep, 0.0), Err(RatingError::Unbounded));
        let ratings = fit_ratings(2, &sweep, 1.0).unwrap();
        assert!(ratings[0].elo > 200.0 && ratings[0].margin.is_finite());
        let apart = [
            Encounter {
                players: [0, 1],
                games: 4.0,
                points: 2.0,
            },
            Encounter {
                players: [2, 3],
                games: 4.0,
                points: 2.0,
            },
        ];
        assert_eq!(fit_ratings(4, &apart, 1.0), Err(RatingError::Disconnected));
    }
}
