//! Match statistics: Elo with its error margin, normalized Elo, the likelihood
//! of superiority, and the sequential probability ratio test on normalized Elo
//! (trinomial per game, pentanomial per colour-swapped pair), following
//! Michel Van den Bergh's "Comments on Normalized Elo" as fastchess does.

use std::fmt;

/// 800 / ln 10: converts a normalized score shift to normalized Elo.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;
/// Two-sided 95% quantile of the standard normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;
/// Empty cells get this weight so that logarithms stay finite (as fastchess does).
const EMPTY_CELL_WEIGHT: f64 = 1e-3;

/// Game results from player A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

/// Results of colour-swapped pairs of games from player A's point of view.
/// A win and a loss (`wl`) and two draws (`dd`) both score one half.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub ll: u64,
    pub ld: u64,
    pub wl: u64,
    pub dd: u64,
    pub wd: u64,
    pub ww: u64,
}

/// The score of one game for A: 0 loss, 1 draw, 2 win (half points);
/// ordered from worst to best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum GameScore {
    Loss,
    Draw,
    Win,
}

impl GameScore {
    /// A's points: 0, 1/2 or 1.
    pub fn points(self) -> f64 {
        match self {
            GameScore::Loss => 0.0,
            GameScore::Draw => 0.5,
            GameScore::Win => 1.0,
        }
    }
}

impl Trinomial {
    pub fn add(&mut self, score: GameScore) {
        match score {
            GameScore::Win => self.wins += 1,
            GameScore::Loss => self.losses += 1,
            GameScore::Draw => self.draws += 1,
        }
    }

    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// A's mean score per game in `[0, 1]` (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Variance of A's score in one game (0 with no games).
    fn variance_per_game(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        let outcomes = [
            (0.0, self.losses as f64),
            (0.5, self.draws as f64),
            (1.0, self.wins as f64),
        ];
        outcomes
            .iter()
            .map(|&(x, c)| c * (x - s) * (x - s))
            .sum::<f64>()
            / n
    }

    /// Elo difference, margins, normalized Elo and LOS (A over B).
    pub fn estimate(&self) -> EloEstimate {
        let n = self.games() as f64;
        EloEstimate::from_score(self.score(), self.variance_per_game(), n, 1.0, self.los())
    }

    /// Likelihood of superiority: the probability that A is the stronger,
    /// from the mean score and its standard error (normal approximation).
    /// With no spread at all it is 1, 0 or (no games, all draws) 1/2.
    pub fn los(&self) -> f64 {
        let n = self.games() as f64;
        let s = self.score();
        let variance = self.variance_per_game();
        if variance <= 0.0 {
            return if s > 0.5 {
                1.0
            } else if s < 0.5 {
                0.0
            } else {
                0.5
            };
        }
        let z = (s - 0.5) / (variance / n).sqrt();
        0.5 * (1.0 + erf(z / std::f64::consts::SQRT_2))
    }
}

impl Pentanomial {
    /// Records a pair from the scores of its two games.
    pub fn add_pair(&mut self, first: GameScore, second: GameScore) {
        use GameScore::*;
        match (first, second) {
            (Loss, Loss) => self.ll += 1,
            (Loss, Draw) | (Draw, Loss) => self.ld += 1,
            (Win, Loss) | (Loss, Win) => self.wl += 1,
            (Draw, Draw) => self.dd += 1,
            (Win, Draw) | (Draw, Win) => self.wd += 1,
            (Win, Win) => self.ww += 1,
        }
    }

    pub fn pairs(&self) -> u64 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }

    /// Counts by pair score 0, 1/4, 1/2, 3/4, 1 (WL and DD merged).
    pub fn by_score(&self) -> [u64; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww]
    }
}

/// Elo estimates of A over B with 95% margins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub elo_margin: f64,
    pub nelo: f64,
    pub nelo_margin: f64,
    /// Likelihood of superiority in `[0, 1]`.
    pub los: f64,
}

impl EloEstimate {
    /// `unit_variance` is the variance of one sample (game or pair) of the
    /// per-game score; `samples` their number; `pairing` is 1 for games and
    /// 2 for pairs (a pair's per-game standard deviation is sqrt(2) larger).
    fn from_score(s: f64, unit_variance: f64, samples: f64, pairing: f64, los: f64) -> Self {
        let elo = elo_from_score(s);
        if samples == 0.0 || unit_variance <= 0.0 {
            return EloEstimate {
                elo,
                elo_margin: 0.0,
                nelo: 0.0,
                nelo_margin: 0.0,
                los,
            };
        }
        let std_error = (unit_variance / samples).sqrt();
        // An interval reaching past 0 or 1 gives a huge but finite margin, not NaN.
        let in_range = |v: f64| v.clamp(1e-12, 1.0 - 1e-12);
        let elo_margin = (elo_from_score(in_range(s + Z_95 * std_error))
            - elo_from_score(in_range(s - Z_95 * std_error)))
            / 2.0;
        let sigma = (pairing * unit_variance).sqrt();
        EloEstimate {
            elo,
            elo_margin,
            nelo: (s - 0.5) / sigma * NELO_SCALE,
            nelo_margin: Z_95 * std_error / sigma * NELO_SCALE,
            los,
        }
    }
}

/// Logistic Elo difference for a mean score `s` (infinite at 0 and 1).
pub fn elo_from_score(s: f64) -> f64 {
    // Adding zero turns the -0 of an even score into 0.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// Error function, Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7,
/// plenty for a percentage printed with two decimals).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    Continue,
    /// The log-likelihood ratio fell to the lower bound: the Elo is `elo0` or less.
    AcceptH0,
    /// The log-likelihood ratio rose to the upper bound: the Elo is `elo1` or more.
    AcceptH1,
}

impl fmt::Display for SprtDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtDecision::Continue => "no decision yet",
            SprtDecision::AcceptH0 => "H0 was accepted",
            SprtDecision::AcceptH1 => "H1 was accepted",
        })
    }
}

/// A sequential probability ratio test of normalized Elo `elo0` against `elo1`
/// with error rates `alpha` (false H1) and `beta` (false H0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Why an `--sprt` argument was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SprtError {
    #[error("expected ELO0,ELO1[,ALPHA,BETA], got {0:?}")]
    Format(String),
    #[error("elo0 must be below elo1")]
    Bounds,
    #[error("alpha and beta must be in (0, 1) with alpha + beta < 1")]
    Rates,
}

impl std::str::FromStr for Sprt {
    type Err = SprtError;

    /// `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (alpha and beta default to 0.05).
    fn from_str(text: &str) -> Result<Self, SprtError> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|part| part.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| SprtError::Format(text.to_string()))?;
        let (elo0, elo1, alpha, beta) = match numbers[..] {
            [e0, e1] => (e0, e1, 0.05, 0.05),
            [e0, e1, a, b] => (e0, e1, a, b),
            _ => return Err(SprtError::Format(text.to_string())),
        };
        if elo0 >= elo1 {
            return Err(SprtError::Bounds);
        }
        let rate_ok = |r: f64| r > 0.0 && r < 1.0;
        if !rate_ok(alpha) || !rate_ok(beta) || alpha + beta >= 1.0 {
            return Err(SprtError::Rates);
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl Sprt {
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    pub fn decision(&self, llr: f64) -> SprtDecision {
        if llr >= self.upper_bound() {
            SprtDecision::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// Log-likelihood ratio from per-game results.
    pub fn llr_trinomial(&self, t: &Trinomial) -> f64 {
        let counts = [t.losses, t.draws, t.wins];
        self.llr(&[0.0, 0.5, 1.0], &counts, 1.0)
    }

    /// Log-likelihood ratio from colour-swapped pairs.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], &p.by_score(), 2.0f64.sqrt())
    }

    /// `t_scale` converts normalized Elo per game to the normalized score
    /// shift of one sample (sqrt 2 for a pair of games).
    fn llr<const N: usize>(&self, scores: &[f64; N], counts: &[u64; N], t_scale: f64) -> f64 {
        let weights = counts.map(|c| if c == 0 { EMPTY_CELL_WEIGHT } else { c as f64 });
        let total: f64 = weights.iter().sum();
        let observed = weights.map(|w| w / total);
        let t0 = t_scale * self.elo0 / NELO_SCALE;
        let t1 = t_scale * self.elo1 / NELO_SCALE;
        let (Some(p0), Some(p1)) = (
            constrained_mle(scores, &observed, t0),
            constrained_mle(scores, &observed, t1),
        ) else {
            return 0.0;
        };
        let mean_log_ratio: f64 = (0..N)
            .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
            .sum();
        total * mean_log_ratio
    }
}

/// The distribution on `scores` closest (maximum likelihood) to `observed`
/// among those whose normalized score `(mu - 1/2) / sigma` equals `t`
/// (Van den Bergh, section 4.1: a fixed-point iteration, each step solving a
/// one-dimensional equation for the Lagrange multiplier). `None` if the
/// iteration leaves the domain where the equation has a root.
fn constrained_mle<const N: usize>(
    scores: &[f64; N],
    observed: &[f64; N],
    t: f64,
) -> Option<[f64; N]> {
    const MAX_ROUNDS: usize = 10_000;
    const CONVERGED: f64 = 1e-9;
    let mut p = [1.0 / N as f64; N];
    for _ in 0..MAX_ROUNDS {
        let mu: f64 = (0..N).map(|i| p[i] * scores[i]).sum();
        let variance: f64 = (0..N).map(|i| p[i] * (scores[i] - mu).powi(2)).sum();
        let sigma = variance.sqrt();
        if sigma <= 0.0 {
            return None;
        }
        let phi = scores.map(|a| {
            let z = (a - mu) / sigma;
            a - 0.5 - 0.5 * t * sigma * (1.0 + z * z)
        });
        let lowest = phi.iter().copied().fold(f64::INFINITY, f64::min);
        let highest = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if lowest >= 0.0 || highest <= 0.0 {
            return None;
        }
        // g(theta) = sum observed_i phi_i / (1 + theta phi_i) decreases from +inf
        // to -inf on (-1/highest, -1/lowest): bisect for its root.
        let g = |theta: f64| -> f64 {
            (0..N)
                .map(|i| observed[i] * phi[i] / (1.0 + theta * phi[i]))
                .sum()
        };
        let (mut lo, mut hi) = (-1.0 / highest, -1.0 / lowest);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if g(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let theta = 0.5 * (lo + hi);
        let mut largest_change: f64 = 0.0;
        for i in 0..N {
            let next = observed[i] / (1.0 + theta * phi[i]);
            largest_change = largest_change.max((next - p[i]).abs());
            p[i] = next;
        }
        if largest_change < CONVERGED {
            return Some(p);
        }
    }
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    // Published fastchess vectors (its sprt and elo unit tests).
    #[test]
    fn trinomial_llr_matches_fastchess() {
        let sprt: Sprt = "0,2".parse().unwrap();
        let t = Trinomial {
            wins: 36433,
            losses: 36027,
            draws: 68692,
        };
        let llr = sprt.llr_trinomial(&t);
        assert!(close(llr, 0.92, 0.005), "llr {llr}");
    }

    #[test]
    fn pentanomial_llr_matches_fastchess() {
        let sprt: Sprt = "0,2,0.05,0.05".parse().unwrap();
        let p = Pentanomial {
            ll: 365,
            ld: 16618,
            wl: 36029,
            dd: 200,
            wd: 16974,
            ww: 390,
        };
        let llr = sprt.llr_pentanomial(&p);
        assert!(close(llr, 2.25, 0.005), "llr {llr}");
    }

    #[test]
    fn elo_nelo_and_los_match_fastchess() {
        let t = Trinomial {
            wins: 136,
            losses: 96,
            draws: 111,
        };
        let e = t.estimate();
        assert!(close(e.elo, 40.70, 0.005), "{e:?}");
        assert!(close(e.elo_margin, 30.43, 0.005), "{e:?}");
        assert!(close(e.nelo, 49.77, 0.005), "{e:?}");
        assert!(close(e.nelo_margin, 36.77, 0.005), "{e:?}");
        assert!(close(e.los * 100.0, 99.60, 0.005), "{e:?}");
    }

    #[test]
    fn lopsided_scores_give_finite_margins() {
        let t = Trinomial {
            wins: 1,
            losses: 9,
            draws: 0,
        };
        let e = t.estimate();
        assert!(
            e.elo < 0.0 && e.elo_margin.is_finite() && e.elo_margin > 0.0,
            "{e:?}"
        );
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt: Sprt = "0,5".parse().unwrap();
        assert!(close(sprt.lower_bound(), -2.944, 0.001));
        assert!(close(sprt.upper_bound(), 2.944, 0.001));
        assert_eq!(sprt.decision(3.0), SprtDecision::AcceptH1);
        assert_eq!(sprt.decision(-3.0), SprtDecision::AcceptH0);
        assert_eq!(sprt.decision(0.0), SprtDecision::Continue);
        assert!("5,0".parse::<Sprt>().is_err());
        assert!("0,5,0.6,0.6".parse::<Sprt>().is_err());
        assert!("0".parse::<Sprt>().is_err());
    }

    #[test]
    fn lopsided_results_push_llr_the_right_way() {
        let sprt: Sprt = "0,10".parse().unwrap();
        let strong = Trinomial {
            wins: 600,
            losses: 300,
            draws: 100,
        };
        let weak = Trinomial {
            wins: 300,
            losses: 600,
            draws: 100,
        };
        assert_eq!(
            sprt.decision(sprt.llr_trinomial(&strong)),
            SprtDecision::AcceptH1
        );
        assert_eq!(
            sprt.decision(sprt.llr_trinomial(&weak)),
            SprtDecision::AcceptH0
        );
    }

    #[test]
    fn pair_scores_are_binned() {
        let mut p = Pentanomial::default();
        p.add_pair(GameScore::Win, GameScore::Loss);
        p.add_pair(GameScore::Draw, GameScore::Draw);
        p.add_pair(GameScore::Draw, GameScore::Win);
        assert_eq!(p.by_score(), [0, 0, 2, 1, 0]);
        assert_eq!(p.pairs(), 3);
    }
}
