//! The AI: a bit-packed 4×4 board with row lookup tables (`packed`), and an expectimax search on
//! it (`search`). Hints and autoplay in the game are the AI issue's next step.

pub mod packed;
pub mod search;
