//! The headless helpers live in the library (`g2048::testing`) so the stress run shares them.

pub use g2048::rules::Shape;
pub use g2048::testing::*;
