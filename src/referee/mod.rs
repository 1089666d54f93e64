//! Layer 5, the referee: runs two bots against each other and judges them
//! with the rules library. (Filled in by the referee issue.)
