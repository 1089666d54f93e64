//! A transposition table for alpha-beta, generic over the move type, that
//! several search threads can share.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::game::MoveCode;
use crate::search::advise_huge_pages;

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

impl Bound {
    /// What a search's `best` score says, given the window it searched:
    /// `alpha_before` as it was on entry, and `beta`.
    #[inline]
    pub fn of_search(best: i32, alpha_before: i32, beta: i32) -> Bound {
        if best <= alpha_before {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// `true` if a stored `score` with this bound decides a search of the
    /// window (`alpha`, `beta`) without searching.
    #[inline]
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
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

// An entry is two words: `data` and `hash ^ data`. Threads read and write
// them without locks (relaxed atomics: plain moves on x86-64); a reader that
// sees one word of one write and one of another finds that the two no longer
// XOR to the hash it probes for, and takes it for a miss (lockless hashing,
// as in Crafty and Stockfish).
//
// `data` layout: bits 0-31 score, 32-39 depth, 40-47 flags, 48-63 move code.
// `flags`: bits 0-1 bound (0 = empty slot), bit 2 "has move", bit 3
// "exhaustive", bits 4-7 generation.
const BOUND_MASK: u8 = 0b11;
const HAS_MOVE: u8 = 1 << 2;
const EXHAUSTIVE: u8 = 1 << 3;
const GENERATION_SHIFT: u32 = 4;
const GENERATIONS: u8 = 16;

/// One slot's data word, unpacked.
#[derive(Clone, Copy, Debug)]
struct Entry {
    score: i32,
    depth: u8,
    flags: u8,
    move_code: u16,
}

impl Entry {
    #[inline]
    fn unpack(data: u64) -> Entry {
        Entry {
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            flags: (data >> 40) as u8,
            move_code: (data >> 48) as u16,
        }
    }

    #[inline]
    fn pack(self) -> u64 {
        self.score as u32 as u64
            | (self.depth as u64) << 32
            | (self.flags as u64) << 40
            | (self.move_code as u64) << 48
    }

    #[inline]
    fn is_empty(self) -> bool {
        self.flags & BOUND_MASK == 0
    }

    #[inline]
    fn generation(self) -> u8 {
        self.flags >> GENERATION_SHIFT
    }
}

/// Words of one slot: `hash ^ data`, then `data`.
const WORDS_PER_SLOT: usize = 2;
const SLOTS_PER_BUCKET: usize = 2;
const WORDS_PER_BUCKET: usize = WORDS_PER_SLOT * SLOTS_PER_BUCKET;

/// A fixed-size, two-way set-associative table indexed by Zobrist hash.
/// Replacement keeps the deeper and more recent of the two entries.
///
/// Several threads may use one table at once (lazy SMP): [`share`] gives
/// another handle on the same entries, and probes and stores need no lock
/// (see the entry layout above). Each handle counts its own search
/// generation; threads that take handles from one table before a search
/// and each start it with [`new_search`] agree on it.
///
/// [`share`]: TranspositionTable::share
/// [`new_search`]: TranspositionTable::new_search
pub struct TranspositionTable<M> {
    words: Arc<[AtomicU64]>,
    bucket_mask: usize,
    generation: u8,
    moves: PhantomData<fn() -> M>,
}

impl<M: MoveCode> TranspositionTable<M> {
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
        let mut table = TranspositionTable {
            words: zeroed_words(buckets * WORDS_PER_BUCKET),
            bucket_mask: buckets - 1,
            generation: 0,
            moves: PhantomData,
        };
        // Huge pages before the first touch, so the clear below faults
        // them in as such: random probes then rarely miss the TLB.
        advise_huge_pages(table.words.as_ptr().cast::<u8>(), table.allocated_bytes());
        // Touch every page now, as the table always did: the first search
        // then runs at full speed instead of taking a page fault at each
        // new page (measured: 5% fewer Gomoku nodes per CPU second in the
        // bench's first search with the pages left untouched).
        table.clear();
        table
    }

    /// Another handle on the same entries, at the same generation.
    pub fn share(&self) -> Self {
        TranspositionTable {
            words: Arc::clone(&self.words),
            bucket_mask: self.bucket_mask,
            generation: self.generation,
            moves: PhantomData,
        }
    }

    /// Size of one entry in bytes.
    pub const fn entry_bytes() -> usize {
        WORDS_PER_SLOT * std::mem::size_of::<AtomicU64>()
    }

    /// Bytes allocated.
    pub fn allocated_bytes(&self) -> usize {
        self.words.len() * std::mem::size_of::<AtomicU64>()
    }

    /// Marks the start of a new search, so entries of older searches are
    /// replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    /// Empties the table (for every handle).
    pub fn clear(&mut self) {
        for word in self.words.iter() {
            word.store(0, Ordering::Relaxed);
        }
        self.generation = 0;
    }

    #[inline]
    fn bucket(&self, hash: u64) -> &[AtomicU64] {
        let start = (hash as usize & self.bucket_mask) * WORDS_PER_BUCKET;
        &self.words[start..start + WORDS_PER_BUCKET]
    }

    /// Asks the processor to start loading the bucket of `hash`, so a probe
    /// soon after finds it in cache: a search calls this before making the
    /// move whose position it will probe. Only a hint; does nothing off x86-64.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        let start = (hash as usize & self.bucket_mask) * WORDS_PER_BUCKET;
        super::prefetch(&self.words[start]);
    }

    /// The data word of `slot` in `bucket` if it holds `hash`, whole.
    #[inline]
    fn read(bucket: &[AtomicU64], slot: usize, hash: u64) -> Option<Entry> {
        let keyed = bucket[WORDS_PER_SLOT * slot].load(Ordering::Relaxed);
        let data = bucket[WORDS_PER_SLOT * slot + 1].load(Ordering::Relaxed);
        let entry = Entry::unpack(data);
        (keyed ^ data == hash && !entry.is_empty()).then_some(entry)
    }

    /// The entry stored for `hash`, if any.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<TtHit<M>> {
        let bucket = self.bucket(hash);
        let e = (0..SLOTS_PER_BUCKET).find_map(|slot| Self::read(bucket, slot, hash))?;
        Some(TtHit {
            best_move: (e.flags & HAS_MOVE != 0).then(|| M::from_code(e.move_code)),
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
        &self,
        hash: u64,
        depth: u32,
        score: i32,
        bound: Bound,
        best_move: Option<M>,
        exhaustive: bool,
    ) {
        let generation = self.generation;
        let bucket = self.bucket(hash);
        let (slot, same) = match (0..SLOTS_PER_BUCKET)
            .find_map(|slot| Self::read(bucket, slot, hash).map(|e| (slot, e)))
        {
            Some((slot, entry)) => (slot, Some(entry)),
            None => {
                // Worth of keeping an entry: its depth, minus a penalty per search of age.
                let worth = |slot: usize| {
                    let e =
                        Entry::unpack(bucket[WORDS_PER_SLOT * slot + 1].load(Ordering::Relaxed));
                    if e.is_empty() {
                        i32::MIN
                    } else {
                        let age = (generation + GENERATIONS - e.generation()) % GENERATIONS;
                        e.depth as i32 - 8 * age as i32
                    }
                };
                (if worth(0) <= worth(1) { 0 } else { 1 }, None)
            }
        };
        let kept_move = same
            .filter(|e| e.flags & HAS_MOVE != 0)
            .map(|e| e.move_code);
        let move_code = best_move.map(M::code).or(kept_move);
        let mut flags = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        } | (generation << GENERATION_SHIFT);
        if move_code.is_some() {
            flags |= HAS_MOVE;
        }
        if exhaustive {
            flags |= EXHAUSTIVE;
        }
        let data = Entry {
            score,
            depth: depth.min(u8::MAX as u32) as u8,
            flags,
            move_code: move_code.unwrap_or(0),
        }
        .pack();
        bucket[WORDS_PER_SLOT * slot].store(hash ^ data, Ordering::Relaxed);
        bucket[WORDS_PER_SLOT * slot + 1].store(data, Ordering::Relaxed);
    }
}

/// `count` zero words, allocated already zeroed: the system hands out zeroed
/// pages, and pages no search touches cost nothing (a bot turn starts
/// without writing the whole table).
pub(crate) fn zeroed_words(count: usize) -> Arc<[AtomicU64]> {
    let words = Arc::<[AtomicU64]>::new_zeroed_slice(count);
    // SAFETY: an `AtomicU64` has the same in-memory representation as a
    // `u64`, for which all-zero bytes are a valid value (0).
    unsafe { words.assume_init() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GomokuMove;

    fn point(index: usize) -> GomokuMove {
        GomokuMove::from_index(index).expect("on the board")
    }

    #[test]
    fn store_then_probe_round_trips() {
        let tt = TranspositionTable::<GomokuMove>::new(1 << 10);
        let hash = 0xDEAD_BEEF_1234_5678;
        assert_eq!(tt.probe(hash), None);
        tt.store(hash, 7, -42, Bound::Lower, Some(point(9)), false);
        let hit = tt.probe(hash).expect("stored");
        assert_eq!(
            (hit.best_move, hit.score, hit.depth, hit.bound),
            (Some(point(9)), -42, 7, Bound::Lower)
        );
        // A result without a move keeps the old move.
        tt.store(hash, 8, 3, Bound::Exact, None, true);
        let hit = tt.probe(hash).expect("stored");
        assert_eq!(
            (hit.best_move, hit.depth, hit.exhaustive),
            (Some(point(9)), 8, true)
        );
        // Same bucket, different upper bits: a different position.
        assert_eq!(tt.probe(hash ^ (1 << 40)), None);
        tt.store(1, 1, i32::MIN + 1, Bound::Upper, Some(point(224)), false);
        let hit = tt.probe(1).expect("stored");
        assert_eq!((hit.score, hit.best_move), (i32::MIN + 1, Some(point(224))));
    }

    #[test]
    fn deeper_entry_survives_a_shallow_newcomer() {
        let tt = TranspositionTable::<GomokuMove>::new(32); // exactly one bucket
        assert_eq!(tt.allocated_bytes(), 32);
        tt.store(1 << 32, 10, 1, Bound::Exact, Some(point(1)), false);
        tt.store(2 << 32, 2, 2, Bound::Exact, Some(point(2)), false);
        tt.store(3 << 32, 3, 3, Bound::Exact, Some(point(3)), false);
        assert!(tt.probe(1 << 32).is_some(), "deep entry kept");
        assert!(tt.probe(2 << 32).is_none(), "shallow entry replaced");
        assert!(tt.probe(3 << 32).is_some());
    }

    #[test]
    fn entries_stored_by_one_thread_are_read_by_another() {
        let tt = TranspositionTable::<GomokuMove>::new(1 << 16);
        let writer = tt.share();
        let hashes: Vec<u64> = (1..=200u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                for (i, &hash) in hashes.iter().enumerate() {
                    writer.store(hash, 5, i as i32, Bound::Exact, Some(point(i)), false);
                }
            });
        });
        let found = hashes
            .iter()
            .enumerate()
            .filter(|&(i, &hash)| {
                tt.probe(hash)
                    .is_some_and(|hit| hit.score == i as i32 && hit.best_move == Some(point(i)))
            })
            .count();
        // Two entries per bucket of 2048: a few may have pushed each other out.
        assert!(found >= 190, "{found} of 200 found");
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        let tt = TranspositionTable::<GomokuMove>::new(32);
        let (a, b) = (0x1234_5678_9ABC_DEF0, 0x0FED_CBA9_8765_4320);
        tt.store(a, 4, 10, Bound::Exact, Some(point(5)), false);
        let other = tt.share();
        other.store(b, 9, -3, Bound::Lower, Some(point(7)), false);
        assert!(tt.probe(a).is_some() && tt.probe(b).is_some());
        // Mix the slots' words as a write racing another would leave them:
        // the key word of one entry next to the data word of the other.
        let data_a = tt.words[1].load(Ordering::Relaxed);
        let data_b = tt.words[3].load(Ordering::Relaxed);
        tt.words[1].store(data_b, Ordering::Relaxed);
        tt.words[3].store(data_a, Ordering::Relaxed);
        assert_eq!(tt.probe(a), None);
        assert_eq!(tt.probe(b), None);
        // Writing the same position again makes it whole.
        tt.store(a, 4, 11, Bound::Exact, None, false);
        assert_eq!(tt.probe(a).map(|hit| hit.score), Some(11));
    }
}
