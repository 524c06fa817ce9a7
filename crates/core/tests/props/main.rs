//! The core's property tests (proptest), in one binary so that they link once: the rules engine
//! on random boards (rules_props), share codes over random games (record_props), the packed 4×4
//! engine and both searches against the rules engine (packed_props). Built with the core alone,
//! no Bevy: `cargo test -p g2048-core --test props` (`rules_props::` runs one file's tests).
//! The failing cases proptest saved for a file are in ../proptest-regressions/FILE.txt and run
//! before the random ones.

mod packed_props;
mod record_props;
mod rules_props;

/// A property test's configuration: `cases` random cases, its own count (what `cargo test`
/// runs), unless `PROPTEST_CASES` gives another for this run, as proptest reads it
/// (`PROPTEST_CASES=20000 cargo test -p g2048-core --test props rules_props::` for a deeper
/// search; a value that is not a count is warned about and ignored). Either way the cases saved
/// in crates/core/tests/proptest-regressions/ run first. (The game's suite has the same
/// function, tests/suite/common.rs, for its own property tests.)
pub fn cases(cases: u32) -> proptest::test_runner::Config {
    let config = proptest::test_runner::Config::default();
    let asked = std::env::var("PROPTEST_CASES").ok();
    match asked.and_then(|n| n.parse::<u32>().ok()) {
        Some(_) => config,
        None => proptest::test_runner::Config { cases, ..config },
    }
}
