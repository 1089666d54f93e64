//! The endgame solver's transposition table.
//!
//! Entries are keyed by the full position (both bitboards, side to move
//! implied), so a hit is never a collision, and they hold bounds on the exact
//! final disc difference: game-theoretic facts that stay true forever. The
//! table therefore needs no generations and survives from one solve (and one
//! turn) to the next.

use crate::search::advise_huge_pages;

/// What the table knows about one position: `lower <= value <= upper`, and
/// the move that was best (or caused the cut-off) last time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableEntry {
    pub lower: i32,
    pub upper: i32,
    /// Square index of the best move found, or [`NO_SQUARE`].
    pub best_square: u8,
}

/// `best_square` when no move is known.
pub const NO_SQUARE: u8 = 64;

#[derive(Clone, Copy, Default)]
struct Slot {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    best_square: u8,
    /// Empty squares of the position: a proxy for the work the entry saves.
    empties: u8,
}

impl Slot {
    fn holds(&self, player: u64, opponent: u64) -> bool {
        // An unused slot has no discs at all, which no real position has.
        self.player == player && self.opponent == opponent && (player | opponent) != 0
    }
}

/// The two slots of a bucket, aligned to a cache line so that a probe reads
/// one line (unaligned 48-byte buckets straddled two lines half the time).
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Slot; 2]);

/// `count` empty buckets on a cache-line boundary, allocated already zeroed:
/// writing every slot (`vec![Bucket::default(); n]`) was most of a Reversi
/// bot's start-up (32 MB on every turn-by-turn turn), while zeroed pages
/// come free from the OS and are only touched when used. The standard
/// allocator zeroes a block aligned beyond 16 bytes by writing it (there is
/// no aligned `calloc`), which costs the same, so the block is taken
/// 16-aligned, one cache line larger, and the buckets start at its first
/// cache-line boundary.
struct ZeroedBuckets {
    /// The allocation (null when `count` is 0) and its layout.
    block: *mut u8,
    layout: std::alloc::Layout,
    /// The first bucket: `block` rounded up to a cache line.
    first: *mut Bucket,
    count: usize,
}

// SAFETY: the buckets are plain integers owned by this value alone, so it
// may move to and be shared with other threads as a `Vec<Bucket>` may.
unsafe impl Send for ZeroedBuckets {}
unsafe impl Sync for ZeroedBuckets {}

impl ZeroedBuckets {
    fn new(count: usize) -> Self {
        let align = std::mem::align_of::<Bucket>();
        if count == 0 {
            return ZeroedBuckets {
                block: std::ptr::null_mut(),
                layout: std::alloc::Layout::new::<()>(),
                first: std::ptr::NonNull::<Bucket>::dangling().as_ptr(),
                count: 0,
            };
        }
        let bytes = count
            .checked_mul(std::mem::size_of::<Bucket>())
            .and_then(|b| b.checked_add(align))
            .expect("table size overflows");
        let layout = std::alloc::Layout::from_size_align(bytes, 16).expect("table size overflows");
        // SAFETY: the layout has a non-zero size. The block holds `align`
        // bytes more than `count` buckets, so rounding its start up to
        // `align` leaves room for all of them inside it; `Bucket` holds only
        // integers (and padding), for which all-zero bytes are a valid value
        // (equal to `Bucket::default()`).
        unsafe {
            let block = std::alloc::alloc_zeroed(layout);
            if block.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            let first = block.add(block.align_offset(align)) as *mut Bucket;
            advise_huge_pages(block, bytes);
            ZeroedBuckets {
                block,
                layout,
                first,
                count,
            }
        }
    }
}

impl std::ops::Deref for ZeroedBuckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `first` points to `count` initialised buckets that live
        // as long as `self` (or is dangling and aligned with `count` 0).
        unsafe { std::slice::from_raw_parts(self.first, self.count) }
    }
}

impl std::ops::DerefMut for ZeroedBuckets {
    fn deref_mut(&mut self) -> &mut [Bucket] {
        // SAFETY: as for `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.first, self.count) }
    }
}

impl Drop for ZeroedBuckets {
    fn drop(&mut self) {
        if !self.block.is_null() {
            // SAFETY: `block` was allocated with exactly `layout`.
            unsafe { std::alloc::dealloc(self.block, self.layout) };
        }
    }
}

/// Two slots per bucket: the first keeps the entry that saves the most work,
/// the second always takes the newest one.
pub struct SolverTable {
    buckets: ZeroedBuckets,
    bucket_mask: usize,
}

impl SolverTable {
    /// A table of at most `bytes` (a power-of-two number of buckets, at least one).
    pub fn new(bytes: usize) -> Self {
        let bucket_bytes = std::mem::size_of::<Bucket>();
        let wanted = (bytes / bucket_bytes).max(1);
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        SolverTable {
            buckets: ZeroedBuckets::new(buckets),
            bucket_mask: buckets - 1,
        }
    }

    /// Bytes the table occupies.
    pub fn allocated_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    #[inline]
    fn bucket(&self, player: u64, opponent: u64) -> usize {
        let mixed = (player ^ opponent.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (mixed >> 32) as usize & self.bucket_mask
    }

    /// Asks the processor to start loading the position's bucket, for a
    /// probe or store soon after (a hint only: nothing changes).
    #[inline]
    pub fn prefetch(&self, player: u64, opponent: u64) {
        crate::search::prefetch(&self.buckets[self.bucket(player, opponent)]);
    }

    /// The entry for the position, if stored.
    #[inline]
    pub fn probe(&self, player: u64, opponent: u64) -> Option<TableEntry> {
        let bucket = self.bucket(player, opponent);
        self.buckets[bucket]
            .0
            .iter()
            .find(|slot| slot.holds(player, opponent))
            .map(|slot| TableEntry {
                lower: slot.lower as i32,
                upper: slot.upper as i32,
                best_square: slot.best_square,
            })
    }

    /// Records `lower <= value <= upper` for the position (`empties` empty
    /// squares), tightening what an existing entry already says.
    #[inline]
    pub fn store(
        &mut self,
        player: u64,
        opponent: u64,
        empties: u32,
        lower: i32,
        upper: i32,
        best_square: u8,
    ) {
        let bucket = self.bucket(player, opponent);
        let slots = &mut self.buckets[bucket].0;
        let (first, second) = (0, 1);
        let index = if slots[first].holds(player, opponent) {
            first
        } else if slots[second].holds(player, opponent) {
            second
        } else if empties as u8 >= slots[first].empties {
            // Demote the previous keeper to the always-replace slot.
            slots[second] = slots[first];
            slots[first] = Slot {
                player,
                opponent,
                lower: -64,
                upper: 64,
                best_square: NO_SQUARE,
                empties: empties as u8,
            };
            first
        } else {
            slots[second] = Slot {
                player,
                opponent,
                lower: -64,
                upper: 64,
                best_square: NO_SQUARE,
                empties: empties as u8,
            };
            second
        };
        let slot = &mut slots[index];
        slot.lower = slot.lower.max(lower.clamp(-64, 64) as i8);
        slot.upper = slot.upper.min(upper.clamp(-64, 64) as i8);
        if best_square != NO_SQUARE {
            slot.best_square = best_square;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_table_is_empty_and_the_same_size() {
        let table = SolverTable::new(1 << 16);
        assert!(table.allocated_bytes() <= 1 << 16 && table.allocated_bytes() > 1 << 15);
        let slots = || table.buckets.iter().flat_map(|bucket| bucket.0.iter());
        assert!(slots().all(|slot| !slot.holds(slot.player, slot.opponent)));
        assert!(slots().all(|slot| slot.player == 0
            && slot.opponent == 0
            && slot.lower == 0
            && slot.best_square == 0));
    }

    #[test]
    fn buckets_start_on_cache_lines_and_fill_the_block() {
        for bytes in [1, 64, 1 << 12, 3 << 20] {
            let mut table = SolverTable::new(bytes);
            let first = table.buckets.as_ptr() as usize;
            assert_eq!(first % 64, 0, "{bytes} bytes");
            // Every bucket is writable: the last one too.
            let last = table.buckets.len() - 1;
            table.buckets[last].0[1].player = 1;
            table.clear();
            assert_eq!(table.buckets[last].0[1].player, 0);
        }
    }

    #[test]
    fn bounds_tighten_and_positions_never_collide() {
        let mut table = SolverTable::new(1 << 12);
        table.store(1, 2, 10, -4, 64, 7);
        table.store(1, 2, 10, -64, 8, NO_SQUARE);
        assert_eq!(
            table.probe(1, 2),
            Some(TableEntry {
                lower: -4,
                upper: 8,
                best_square: 7
            })
        );
        assert_eq!(table.probe(2, 1), None);
        assert_eq!(table.probe(0, 0), None, "an unused slot is no position");
    }

    #[test]
    fn a_full_bucket_keeps_the_deepest_entry() {
        // A one-bucket table: every position shares it.
        let mut table = SolverTable::new(1);
        table.store(1, 0, 20, 0, 0, 1);
        table.store(2, 0, 5, 0, 0, 2);
        table.store(4, 0, 6, 0, 0, 3);
        assert!(table.probe(1, 0).is_some(), "the deepest entry stays");
        assert!(
            table.probe(2, 0).is_none(),
            "the newest shallow one replaced it"
        );
        assert!(table.probe(4, 0).is_some());
    }
}
