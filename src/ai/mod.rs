//! The AI's engine: a bit-packed 4×4 board with row lookup tables, for a search that needs
//! millions of moves a second. (The expectimax search itself is the AI issue's next step.)

pub mod packed;
