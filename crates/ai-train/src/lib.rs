//! 2048's AI workshop, apart from the game: the n-tuple network's trainer ([`train`]) and the
//! rates' intervals the benchmarks print ([`rates`]); the programs are its examples (examples/:
//! `ai_bench`, the AI's strength run; `td_train`, the trainer's command line; `td_bench`, its
//! moves a second; `ship_network`, the shipped file; `openings`, a late-game network's boards;
//! `coach_thresholds`, the coach's thresholds for the network). The game plays what the core
//! (crates/core) holds and never links this crate. docs/ai.md gives the runs.

pub mod rates;
pub mod train;
