//! The midgame search's transposition table: bounds on a position's value
//! at a depth and its best move, one entry per slot, newest wins.

/// Marks "no move stored".
pub const NO_MOVE: u8 = 255;

#[derive(Clone, Copy, Default)]
pub struct Entry {
    key: u64,
    pub lower: i16,
    pub upper: i16,
    pub depth: u8,
    pub best: u8,
}

/// A table of `2^k` entries of 16 bytes, each stored as two words (so the
/// table is allocated zeroed by the system, untouched pages cost nothing,
/// and a bot turn starts without writing the whole table).
pub struct MidgameTable {
    entries: Vec<[u64; 2]>,
    mask: usize,
}

impl Entry {
    #[inline(always)]
    fn pack(&self) -> [u64; 2] {
        [
            self.key,
            (self.lower as u16 as u64)
                | (self.upper as u16 as u64) << 16
                | (self.depth as u64) << 32
                | (self.best as u64) << 40,
        ]
    }

    #[inline(always)]
    fn unpack(words: [u64; 2]) -> Entry {
        Entry {
            key: words[0],
            lower: words[1] as u16 as i16,
            upper: (words[1] >> 16) as u16 as i16,
            depth: (words[1] >> 32) as u8,
            best: (words[1] >> 40) as u8,
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
            entries: vec![[0; 2]; slots],
            mask: slots - 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill([0; 2]);
    }

    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let entry = Entry::unpack(self.entries[key as usize & self.mask]);
        (entry.key == key).then_some(entry)
    }

    #[inline(always)]
    pub fn store(&mut self, key: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        self.entries[key as usize & self.mask] = Entry {
            key,
            lower: lower as i16,
            upper: upper as i16,
            depth: depth.min(255) as u8,
            best,
        }
        .pack();
    }
}
