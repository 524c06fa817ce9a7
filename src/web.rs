//! Browser glue: tells the page when the first frames are drawn (it then hides its loading
//! message and focuses the canvas) and mirrors the game on the canvas as data attributes
//! (`data-board`, `data-score`, `data-moves`, `data-state`) for tests and page scripts.
//! Every browser call may fail (no document, no canvas); failures are ignored, never fatal.

use bevy::{diagnostic::FrameCount, prelude::*};

use crate::game::{Engine, GameState};

/// The canvas the game draws on (the window's `canvas` selector).
const CANVAS_ID: &str = "bevy";
/// Frames drawn before the page is told the game is ready (text settles in the first few).
const READY_FRAME: u32 = 3;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Last, (mark_ready, publish_state));
}

fn canvas() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(CANVAS_ID)
}

fn set(canvas: &web_sys::Element, name: &str, value: &str) {
    // A refused attribute write only loses the mirror, never the game.
    let _ = canvas.set_attribute(name, value);
}

fn mark_ready(frames: Res<FrameCount>, mut done: Local<bool>) {
    if *done || frames.0 < READY_FRAME {
        return;
    }
    *done = true;
    if let Some(canvas) = canvas() {
        set(&canvas, "data-ready", "1");
    }
}

fn publish_state(engine: Res<Engine>, state: Res<State<GameState>>) {
    if !engine.is_changed() && !state.is_changed() {
        return;
    }
    let Some(canvas) = canvas() else {
        return;
    };
    let board = engine.board();
    let cells: Vec<String> = board.cells().map(|c| board.get(c).to_string()).collect();
    set(&canvas, "data-size", &board.size().to_string());
    set(&canvas, "data-board", &cells.join(","));
    set(&canvas, "data-score", &engine.score().to_string());
    set(&canvas, "data-moves", &engine.moves().to_string());
    set(&canvas, "data-state", &format!("{:?}", state.get()));
}
