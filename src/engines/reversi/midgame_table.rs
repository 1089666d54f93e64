//! The midgame search's transposition table: bounds on a position's value
//! at a depth and its best move, one entry per slot, newest wins. Several
//! search threads may share it (lazy SMP) without locks.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::search::tt::zeroed_words;

/// Marks "no move stored".
pub const NO_MOVE: u8 = 255;

#[derive(Clone, Copy, Default)]
pub struct Entry {
    pub lower: i16,
    pub upper: i16,
    pub depth: u8,
    pub best: u8,
}

/// A table of `2^k` entries of 16 bytes, each two words: `key ^ data` and
/// `data` (allocated zeroed by the system, so untouched pages cost nothing
/// and a bot turn starts without writing the whole table).
///
/// Threads sharing the table ([`MidgameTable::share`]) read and write the
/// words with relaxed atomics (plain moves on x86-64) and no lock: a slot
/// caught between two writes holds one word of each, which no longer XOR to
/// the probed key, so it reads as a miss.
pub struct MidgameTable {
    words: Arc<[AtomicU64]>,
    mask: usize,
}

impl Entry {
    #[inline(always)]
    fn pack(&self) -> u64 {
        (self.lower as u16 as u64)
            | (self.upper as u16 as u64) << 16
            | (self.depth as u64) << 32
            | (self.best as u64) << 40
    }

    #[inline(always)]
    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            best: (data >> 40) as u8,
        }
    }
}

/// The table key of the position `player` to move against `opponent`.
#[inline(always)]
pub fn position_key(player: u64, opponent: u64) -> u64 {
    let h = player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
    h ^ (h >> 29)
}

impl MidgameTable {
    /// A table of at most `bytes` (at least one entry).
    pub fn new(bytes: usize) -> Self {
        let wanted = (bytes / 16).max(1);
        let slots = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        MidgameTable {
            words: zeroed_words(2 * slots),
            mask: slots - 1,
        }
    }

    /// Another handle on the same entries.
    pub fn share(&self) -> Self {
        MidgameTable {
            words: Arc::clone(&self.words),
            mask: self.mask,
        }
    }

    /// Empties the table (for every handle).
    pub fn clear(&mut self) {
        for word in self.words.iter() {
            word.store(0, Ordering::Relaxed);
        }
    }

    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = 2 * (key as usize & self.mask);
        let keyed = self.words[slot].load(Ordering::Relaxed);
        let data = self.words[slot + 1].load(Ordering::Relaxed);
        // An empty slot (both words 0) matches only the key 0, and then
        // reads as depth 0 with no move: a harmless entry.
        (keyed ^ data == key).then(|| Entry::unpack(data))
    }

    #[inline(always)]
    pub fn store(&self, key: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        let data = Entry {
            lower: lower as i16,
            upper: upper as i16,
            depth: depth.min(255) as u8,
            best,
        }
        .pack();
        let slot = 2 * (key as usize & self.mask);
        self.words[slot].store(key ^ data, Ordering::Relaxed);
        self.words[slot + 1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_cross_threads_and_torn_ones_are_misses() {
        let table = MidgameTable::new(1 << 10);
        let writer = table.share();
        let keys = [position_key(1, 2), position_key(3 << 20, 5 << 40)];
        std::thread::scope(|scope| {
            scope.spawn(|| {
                writer.store(keys[0], 6, -40, 16, 19);
                writer.store(keys[1], 3, 8, 8, NO_MOVE);
            });
        });
        let e = table.probe(keys[0]).expect("stored by the other thread");
        assert_eq!((e.lower, e.upper, e.depth, e.best), (-40, 16, 6, 19));
        assert!(table.probe(keys[1]).is_some());
        assert!(table.probe(keys[0] ^ 1 << 50).is_none(), "another position");
        // A write racing another leaves one's key word with the other's data.
        let slot = 2 * (keys[0] as usize & table.mask);
        let other = Entry {
            depth: 9,
            ..Entry::unpack(0)
        }
        .pack();
        table.words[slot + 1].store(other, Ordering::Relaxed);
        assert!(table.probe(keys[0]).is_none(), "a torn slot is a miss");
    }
}
