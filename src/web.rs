//! Browser glue: tells the page when the first frames are drawn (it then hides its loading
//! message and focuses the canvas) and mirrors the game on the canvas as data attributes
//! (`data-board`, `data-score`, `data-moves`, `data-state`, `data-theme`, `data-motion`,
//! `data-screen`, `data-replay` as shown/moves, `data-coach`: the newest rating as
//! `move:verdict:played:best`, `data-share`, `data-focus`: the request of the
//! button the keyboard is on, and `data-drawn`: the tiles where they are drawn) for tests and
//! page scripts. It follows `prefers-reduced-motion`, reads a
//! replay code from the page's address and puts share links on the clipboard.
//! Every browser call may fail (no document, no canvas); failures are ignored, never fatal.
//! Before the game starts, [`page_can_run`] checks for the canvas and WebGL2, so a page without
//! them gets a message instead of a panic.

use bevy::{diagnostic::FrameCount, prelude::*};
use web_sys::wasm_bindgen::JsCast;

use crate::game::{Coach, Engine, Focus, GameState, Replay, Screen, Tile, UiButton, Value};
use crate::view::layout::BoardLayout;
use crate::view::motion::{Motion, SystemMotion};
use crate::view::theme::Theme;

/// The canvas the game draws on (the window's `canvas` selector).
const CANVAS_ID: &str = "bevy";
/// Frames drawn before the page is told the game is ready (text settles in the first few).
const READY_FRAME: u32 = 3;

mod a11y;

pub(crate) fn plugin(app: &mut App) {
    a11y::plugin(app);
    app.add_systems(First, read_reduced_motion)
        .add_systems(Last, (mark_ready, publish_state, publish_drawn));
}

/// The browser's `prefers-reduced-motion`, every frame: a change while the page is open applies
/// at the next frame.
fn read_reduced_motion(mut system: ResMut<SystemMotion>) {
    let reduced = web_sys::window()
        .and_then(|window| {
            window
                .match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|query| query.matches());
    system.set_if_neq(SystemMotion { reduced });
}

/// `data-drawn`: the tiles as drawn, row by row like `data-board`, each tile counted only where
/// it stands whole in its cell (0 elsewhere). Equal to `data-board` once no tile is on its way.
fn publish_drawn(
    layout: Res<BoardLayout>,
    tiles: Query<(&Transform, &Value), With<Tile>>,
    changed: Query<(), (With<Tile>, Changed<Transform>)>,
    engine: Res<Engine>,
) {
    if changed.is_empty() && !engine.is_changed() {
        return;
    }
    let Some(canvas) = canvas() else {
        return;
    };
    let n = layout.size;
    let mut drawn = vec![0u32; n * n];
    for (transform, value) in &tiles {
        let whole = (transform.scale.truncate() - Vec2::ONE).abs().max_element() < 1e-3;
        let cell = (0..n * n).find(|&i| {
            let at = layout.cell_center(crate::rules::Cell::new((i % n) as u8, (i / n) as u8));
            at.distance(transform.translation.truncate()) < 0.5
        });
        if let (true, Some(i)) = (whole, cell) {
            drawn[i] = value.0;
        }
    }
    let text: Vec<String> = drawn.iter().map(u32::to_string).collect();
    set(&canvas, "data-drawn", &text.join(","));
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

/// The replay code in the page's address (`…#replay=CODE`), if any. The fragment is then
/// taken off the address, so a reload starts the game, not the replay again.
pub fn replay_in_link() -> Option<String> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    if !hash.contains(crate::rules::LINK_MARK) {
        return None;
    }
    let location = window.location();
    let plain = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        let _ =
            history.replace_state_with_url(&web_sys::wasm_bindgen::JsValue::NULL, "", Some(&plain));
    }
    Some(hash)
}

/// Puts a link to this page that opens `code` in the replay viewer on the clipboard and in the
/// canvas's `data-share`; whether the browser offers a clipboard. (Writing to it is
/// asynchronous: a refusal is logged to the console.)
pub fn share_link(code: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let location = window.location();
    let link = format!(
        "{}{}{}#{}{code}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default(),
        crate::rules::LINK_MARK
    );
    if let Some(canvas) = canvas() {
        set(&canvas, "data-share", &link);
    }
    let clipboard = window.navigator().clipboard();
    let written = clipboard.write_text(&link);
    let refused =
        web_sys::wasm_bindgen::closure::Closure::new(|e: web_sys::wasm_bindgen::JsValue| {
            web_sys::console::warn_2(&"clipboard:".into(), &e)
        });
    let _ = written.catch(&refused);
    // Called at most once, after this function returns: it must outlive it.
    refused.forget();
    true
}

fn publish_state(
    engine: Res<Engine>,
    state: Res<State<GameState>>,
    screen: Res<State<Screen>>,
    replay: Res<Replay>,
    theme: Res<Theme>,
    motion: Res<Motion>,
    focus: Res<Focus>,
    coach: Res<Coach>,
    buttons: Query<&UiButton>,
) {
    if !engine.is_changed()
        && !coach.is_changed()
        && !state.is_changed()
        && !theme.is_changed()
        && !motion.is_changed()
        && !focus.is_changed()
        && !screen.is_changed()
        && !replay.is_changed()
    {
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
    set(&canvas, "data-motion", &format!("{:?}", *motion));
    let focused = focus.0.and_then(|entity| buttons.get(entity).ok());
    let focused = focused.map_or(String::new(), |button| format!("{:?}", button.request));
    set(&canvas, "data-focus", &focused);
    set(&canvas, "data-screen", &format!("{:?}", screen.get()));
    let (shown, len) = replay.0.as_ref().map_or((0, 0), |w| (w.shown, w.len()));
    set(&canvas, "data-replay", &format!("{shown}/{len}"));
    let rated = coach.latest().map_or(String::new(), |(n, r)| {
        format!("{n}:{}:{:?}:{:?}", r.verdict.word(), r.played, r.best)
    });
    set(&canvas, "data-coach", &rated);
}
