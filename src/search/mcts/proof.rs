//! What the MCTS-solver knows for certain about a tree node.

/// The proven game-theoretic result of a node, from the view of the player
/// who made the move leading to it (the parent's side to move). Proven when
/// the node's lower and upper bounds (see [`Node::bounds`](super::Node::bounds)) meet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum Proof {
    /// Not proven (or the solver is off).
    #[default]
    Unknown,
    Win,
    Draw,
    Loss,
}

impl Proof {
    /// The exact reward in `[-1, 1]`, if proven.
    #[inline]
    pub fn value(self) -> Option<f32> {
        match self {
            Proof::Unknown => None,
            Proof::Win => Some(1.0),
            Proof::Draw => Some(0.0),
            Proof::Loss => Some(-1.0),
        }
    }

    /// The same fact seen by the other player.
    #[inline]
    pub fn flipped(self) -> Proof {
        match self {
            Proof::Win => Proof::Loss,
            Proof::Loss => Proof::Win,
            other => other,
        }
    }

    /// The proof for a reward of exactly -1, 0 or 1.
    #[inline]
    pub fn from_value(value: i32) -> Proof {
        match value.signum() {
            1 => Proof::Win,
            0 => Proof::Draw,
            _ => Proof::Loss,
        }
    }

    #[inline]
    pub fn is_proven(self) -> bool {
        self != Proof::Unknown
    }
}
