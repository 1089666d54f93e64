//! Transparent huge pages for the big tables of the searches.
//!
//! A transposition table is probed at random addresses, so with the usual
//! 4 KiB pages nearly every probe misses the processor's address cache
//! (TLB) as well as its data cache: a 64 MiB table spans 16,384 pages, the
//! TLB holds about 1,500. Backed by 2 MiB pages the same table spans 32.
//! Measured on the Reversi endgame solver (FFO #40-#47, 64 MiB table):
//! 39.5 s of CPU against 41.9 s, same nodes. The midgame transposition
//! tables ask too: Gomoku's 32 MiB table took the fixed work of `gomoku
//! bench`'s signature from 6.54-6.70 s of CPU to 6.22-6.52 s (four runs
//! each, alternated), and a bot's first turn from a median of 18 ms to
//! 11 ms (fewer page faults while the table is cleared). The earlier
//! clock-bound benches were too noisy to show it.

/// Asks the kernel to back the whole 2 MiB-aligned pages inside
/// `len` bytes from `start` with huge pages. A hint only: where the kernel
/// lacks transparent huge pages or declines, nothing changes, and on other
/// systems it does nothing. The memory's contents are never changed (zeroed
/// pages stay zero).
pub fn advise_huge_pages(start: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let first = (start as usize).div_ceil(PAGE) * PAGE;
        let end = (start as usize).saturating_add(len) / PAGE * PAGE;
        if end > first {
            // SAFETY: `madvise` with MADV_HUGEPAGE only sets an attribute of
            // the page-aligned range, which lies inside memory the caller
            // owns; it reads and writes none of it, and an error (an old
            // kernel, no huge pages) leaves the mapping as it was.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_keeps_the_contents_of_any_range() {
        // Written data must survive (advice that discards pages, such as
        // MADV_DONTNEED, would zero them), whatever the range's alignment
        // and size, including ranges smaller than a page.
        let block: Vec<u8> = (0..5 << 20).map(|i| (i % 251) as u8).collect();
        for (start, len) in [(0, block.len()), (1, block.len() - 1), (4097, 100), (3, 0)] {
            advise_huge_pages(block[start..].as_ptr(), len);
        }
        assert!(block.iter().enumerate().all(|(i, &b)| b == (i % 251) as u8));
    }
}
