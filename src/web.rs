//! Browser glue: tells the page when the first frames are drawn (it then hides its loading
//! message and focuses the canvas) and mirrors the game on the canvas as data attributes
//! (`data-board`, `data-score`, `data-moves`, `data-state`, `data-theme`) for tests and page
//! scripts.
//! Every browser call may fail (no document, no canvas); failures are ignored, never fatal.
//! Before the game starts, [`page_can_run`] checks for the canvas and WebGL2, so a page without
//! them gets a message instead of a panic.

use bevy::{diagnostic::FrameCount, prelude::*};
use web_sys::wasm_bindgen::JsCast;

use crate::game::{Engine, GameState};
use crate::view::theme::Theme;

/// The canvas the game draws on (the window's `canvas` selector).
const CANVAS_ID: &str = "bevy";
/// Frames drawn before the page is told the game is ready (text settles in the first few).
const READY_FRAME: u32 = 3;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Last, (mark_ready, publish_state));
}

/// Whether the page has what the game needs: a `<canvas id="bevy">` and WebGL2. If not, the
/// reason goes to the console and into the page's loading message (`#loading`), if it has one.
pub fn page_can_run() -> bool {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return false;
    };
    let problem = if document.get_element_by_id(CANVAS_ID).is_none() {
        "The game cannot start: this page has no <canvas id=\"bevy\"> to draw on."
    } else if !has_webgl2(&document) {
        "The game cannot start: it needs WebGL2, which this browser has turned off or lacks."
    } else {
        return true;
    };
    web_sys::console::error_1(&problem.into());
    if let Some(loading) = document.get_element_by_id("loading") {
        loading.set_text_content(Some(problem));
    }
    false
}

/// Asks a throwaway canvas for a WebGL2 context (the game's canvas is left for the renderer to
/// set up with its own options).
fn has_webgl2(document: &web_sys::Document) -> bool {
    document
        .create_element("canvas")
        .ok()
        .and_then(|element| element.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        .and_then(|canvas| canvas.get_context("webgl2").ok().flatten())
        .is_some()
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

fn publish_state(engine: Res<Engine>, state: Res<State<GameState>>, theme: Res<Theme>) {
    if !engine.is_changed() && !state.is_changed() && !theme.is_changed() {
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
    set(&canvas, "data-theme", &format!("{:?}", *theme));
}
