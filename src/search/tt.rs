//! A transposition table for alpha-beta, generic over the move type.

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (a beta cut-off).
    Lower,
    /// The value is at most the score (no move raised alpha).
    Upper,
}

/// A table hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit<M> {
    pub best_move: Option<M>,
    /// As stored: proven scores relative to the stored position.
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
    /// `true` if the search below reached no depth horizon (the score is
    /// exact game theory within the bound, not a heuristic estimate).
    pub exhaustive: bool,
}

// `flags` layout: bits 0-1 bound (0 = empty slot), bit 2 "has move",
// bit 3 "exhaustive", bits 4-7 generation.
const BOUND_MASK: u8 = 0b11;
const HAS_MOVE: u8 = 1 << 2;
const EXHAUSTIVE: u8 = 1 << 3;
const GENERATION_SHIFT: u32 = 4;
const GENERATIONS: u8 = 16;

/// One slot: 12 bytes for one-byte moves.
#[derive(Clone, Copy, Debug, Default)]
struct Entry<M> {
    /// The hash's upper 32 bits, to tell positions sharing a bucket apart.
    check: u32,
    score: i32,
    best_move: M,
    depth: u8,
    flags: u8,
}

impl<M> Entry<M> {
    fn is_empty(&self) -> bool {
        self.flags & BOUND_MASK == 0
    }

    fn generation(&self) -> u8 {
        self.flags >> GENERATION_SHIFT
    }
}

const SLOTS_PER_BUCKET: usize = 2;

/// A fixed-size, two-way set-associative table indexed by Zobrist hash.
/// Replacement keeps the deeper and more recent of the two entries.
pub struct TranspositionTable<M> {
    entries: Vec<Entry<M>>,
    bucket_mask: usize,
    generation: u8,
}

impl<M: Copy + Default + PartialEq> TranspositionTable<M> {
    /// A table of at most `bytes` (rounded down to a power-of-two number of
    /// buckets, at least one bucket).
    pub fn new(bytes: usize) -> Self {
        let bucket_bytes = Self::entry_bytes() * SLOTS_PER_BUCKET;
        let wanted = (bytes / bucket_bytes).max(1);
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            entries: vec![Entry::default(); buckets * SLOTS_PER_BUCKET],
            bucket_mask: buckets - 1,
            generation: 0,
        }
    }

    /// Size of one entry in bytes.
    pub const fn entry_bytes() -> usize {
        std::mem::size_of::<Entry<M>>()
    }

    /// Bytes allocated.
    pub fn allocated_bytes(&self) -> usize {
        self.entries.capacity() * Self::entry_bytes()
    }

    /// Marks the start of a new search, so entries of older searches are
    /// replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize & self.bucket_mask) * SLOTS_PER_BUCKET
    }

    #[inline]
    fn check_of(hash: u64) -> u32 {
        (hash >> 32) as u32
    }

    /// The entry stored for `hash`, if any.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<TtHit<M>> {
        let start = self.bucket(hash);
        let check = Self::check_of(hash);
        self.entries[start..start + SLOTS_PER_BUCKET]
            .iter()
            .find(|e| !e.is_empty() && e.check == check)
            .map(|e| TtHit {
                best_move: (e.flags & HAS_MOVE != 0).then_some(e.best_move),
                score: e.score,
                depth: e.depth as u32,
                bound: match e.flags & BOUND_MASK {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                },
                exhaustive: e.flags & EXHAUSTIVE != 0,
            })
    }

    /// Stores a result for `hash`. The slot of the same position is
    /// overwritten (keeping its move if the new result has none); otherwise
    /// the shallower / older of the bucket's entries makes room.
    #[inline]
    pub fn store(
        &mut self,
        hash: u64,
        depth: u32,
        score: i32,
        bound: Bound,
        best_move: Option<M>,
        exhaustive: bool,
    ) {
        let start = self.bucket(hash);
        let check = Self::check_of(hash);
        let generation = self.generation;
        let bucket = &mut self.entries[start..start + SLOTS_PER_BUCKET];
        let slot = match bucket
            .iter()
            .position(|e| !e.is_empty() && e.check == check)
        {
            Some(same) => same,
            None => {
                // Worth of keeping an entry: its depth, minus a penalty per search of age.
                let worth = |e: &Entry<M>| {
                    if e.is_empty() {
                        i32::MIN
                    } else {
                        let age = (generation + GENERATIONS - e.generation()) % GENERATIONS;
                        e.depth as i32 - 8 * age as i32
                    }
                };
                if worth(&bucket[0]) <= worth(&bucket[1]) {
                    0
                } else {
                    1
                }
            }
        };
        let entry = &mut bucket[slot];
        let kept_move = if entry.check == check && entry.flags & HAS_MOVE != 0 {
            Some(entry.best_move)
        } else {
            None
        };
        let best_move = best_move.or(kept_move);
        let mut flags = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        } | (generation << GENERATION_SHIFT);
        if best_move.is_some() {
            flags |= HAS_MOVE;
        }
        if exhaustive {
            flags |= EXHAUSTIVE;
        }
        *entry = Entry {
            check,
            score,
            best_move: best_move.unwrap_or_default(),
            depth: depth.min(u8::MAX as u32) as u8,
            flags,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_then_probe_round_trips() {
        let mut tt = TranspositionTable::<u8>::new(1 << 10);
        let hash = 0xDEAD_BEEF_1234_5678;
        assert_eq!(tt.probe(hash), None);
        tt.store(hash, 7, -42, Bound::Lower, Some(9), false);
        let hit = tt.probe(hash).expect("stored");
        assert_eq!(
            (hit.best_move, hit.score, hit.depth, hit.bound),
            (Some(9), -42, 7, Bound::Lower)
        );
        // A result without a move keeps the old move.
        tt.store(hash, 8, 3, Bound::Exact, None, true);
        let hit = tt.probe(hash).expect("stored");
        assert_eq!(
            (hit.best_move, hit.depth, hit.exhaustive),
            (Some(9), 8, true)
        );
        // Same bucket, different check bits: a different position.
        assert_eq!(tt.probe(hash ^ (1 << 40)), None);
    }

    #[test]
    fn deeper_entry_survives_a_shallow_newcomer() {
        let mut tt = TranspositionTable::<u8>::new(24); // exactly one bucket
        tt.store(1 << 32, 10, 1, Bound::Exact, Some(1), false);
        tt.store(2 << 32, 2, 2, Bound::Exact, Some(2), false);
        tt.store(3 << 32, 3, 3, Bound::Exact, Some(3), false);
        assert!(tt.probe(1 << 32).is_some(), "deep entry kept");
        assert!(tt.probe(2 << 32).is_none(), "shallow entry replaced");
        assert!(tt.probe(3 << 32).is_some());
    }
}
