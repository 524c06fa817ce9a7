//! 2048's core, with no engine in it: what the game is, apart from how it is drawn.
//!
//! - [`i18n`]: the game's words in each language (Fluent catalogues).
//! - [`rules`]: the engine (boards of 3–8 rows by 3–8 columns, slide plans, spawns, win/lose), a
//!   game's moves for undo, records and share codes, the daily's day and seed.
//! - [`ai`]: the expectimax search and the coach's ratings.
//! - [`save`]: what is kept (documents, stores, merges, backups).
//! - [`clock`]: now, and a new game's start time, for the records' dates.
//! - [`protocol`]: the messages of the ranked daily's server and the game (serde types only).
//!
//! They depend one way: `i18n` ← `rules` ← `ai`, `save` (`clock` depends on none). The game crate (the workspace's root)
//! depends on this one; this crate never sees Bevy or the game, and the compiler holds it to that.

pub mod ai;
pub mod clock;
pub mod i18n;
pub mod protocol;
pub mod rules;
pub mod save;
#[doc(hidden)]
pub mod testing;
