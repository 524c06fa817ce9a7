//! The headless helpers live in the library (`g2048::testing`) so the stress run shares them.

pub use g2048::rules::Shape;
pub use g2048::testing::*;

/// A property test's configuration: `cases` random cases, its own count (what `cargo test`
/// runs), unless `PROPTEST_CASES` gives another for this run, as proptest reads it
/// (`PROPTEST_CASES=20000 cargo test --test suite shapes::` for a deeper search; a value
/// that is not a count is warned about and ignored). Either way the cases saved in
/// tests/proptest-regressions/ run first.
pub fn cases(cases: u32) -> proptest::test_runner::Config {
    let config = proptest::test_runner::Config::default();
    let asked = std::env::var("PROPTEST_CASES").ok();
    match asked.and_then(|n| n.parse::<u32>().ok()) {
        Some(_) => config,
        None => proptest::test_runner::Config { cases, ..config },
    }
}
