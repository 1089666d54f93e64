//! A cache prefetch hint, for tables a search will read soon after.

/// Asks the processor to start loading the cache line holding `value`, so
/// a read of it soon after finds it in cache. Only a hint: nothing the
/// program sees changes; does nothing off x86-64.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of every x86-64 processor, and a prefetch
        // reads nothing the program sees (here the address of a live value).
        unsafe { _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
