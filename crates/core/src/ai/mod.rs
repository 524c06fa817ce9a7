//! The AI: a bit-packed 4×4 board with row lookup tables (`packed`), and an expectimax search on
//! it (`search`). The game uses it for hints and autoplay (`crate::game::autoplay`), and to rate
//! the player's moves (`coach`) and, once a game is over, its luck and its skill (`review`). A
//! learned evaluation, an n-tuple network (`ntuple`), can score the search's leaves instead of
//! the heuristic; the trainer (crates/ai-train) trains one, its games dealt by `deal`.

pub mod deal;
pub mod luck_and_skill;
pub mod memory;
pub mod move_rating;
pub mod ntuple;
pub mod packed;
pub mod search;
pub mod shipped;
