//! The game's clocks: now, and a new game's start time (a game is its start time and seed in
//! the history). The rules never read them: a record's times are given to it.

/// Milliseconds since 1970 by the system's clock (0 if it is before 1970).
pub fn now_ms() -> u64 {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        web_sys::js_sys::Date::now() as u64
    }
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }
}

/// A new game's start time: now, and later than any game this process started before, so no
/// two of its games share a start (a game is its start time and seed in the history).
pub fn start_ms() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = now_ms();
    let last = LAST
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| {
            Some(now.max(last + 1))
        })
        .unwrap_or(0);
    now.max(last + 1)
}
