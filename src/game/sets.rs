//! The phases of a frame that the game's systems run in ([`GameSet`]). Below every other module
//! of the game: each adds its systems to one of these.

use bevy::prelude::*;

/// Update-schedule phases: read input into requests (the player's, then the AI's), apply them,
/// record what follows from them (game state, best score), save what changed, then let the view
/// react. Their order, with the view's, is declared once: `crate::frame_order`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Ai,
    Apply,
    Record,
    Save,
    React,
}
