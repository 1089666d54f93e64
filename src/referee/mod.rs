//! Layer 5, the referee: runs two bots against each other and judges them
//! with the rules library.

mod stats;

pub use stats::{
    elo_from_score, EloEstimate, GameScore, Pentanomial, Sprt, SprtDecision, SprtError, Trinomial,
};
