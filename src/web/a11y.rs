//! The page's accessible mirror (`#a11y` in web/index.html): a canvas is invisible to assistive
//! technology, so the game keeps a plain HTML copy of itself beside it, read by screen readers
//! and not drawn: the board as a table (each cell its value or "empty"), the score, the
//! game's buttons as real buttons, and two live regions, polite for each move's sentence and
//! assertive for a win or a loss (`game::speech`). Text is always set as text, never parsed as
//! HTML. A click on a mirror button becomes a `Request` like a key, and wakes the game.

use std::cell::RefCell;
use std::rc::Rc;

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use web_sys::wasm_bindgen::{JsCast, closure::Closure};

use crate::game::{Announcement, BestScores, Engine, GameSet, Request};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, listen_to_buttons)
        .add_systems(Update, take_button_requests.in_set(GameSet::Input))
        .add_systems(Last, (mirror_board, speak));
}

/// Requests from the mirror's buttons, waiting for the next frame.
#[derive(Default)]
struct ButtonRequests(Rc<RefCell<Vec<Request>>>);

/// The request a mirror button names in its `data-request`.
fn request_named(name: &str) -> Option<Request> {
    Some(match name {
        "NewGame" => Request::NewGame,
        "Undo" => Request::Undo,
        "Hint" => Request::Hint,
        "ToggleAutoplay" => Request::ToggleAutoplay,
        "ReadBoard" => Request::ReadBoard,
        "OpenOptions" => Request::OpenOptions,
        _ => return None,
    })
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// One listener on the mirror: a click on a button queues its request and wakes the game (a
/// window that waits for input would not see the click otherwise).
fn listen_to_buttons(world: &mut World) {
    let queue = ButtonRequests::default();
    let (Some(mirror), Some(proxy)) = (
        element("a11y"),
        world
            .get_resource::<EventLoopProxyWrapper>()
            .map(|p| (**p).clone()),
    ) else {
        world.insert_non_send(queue);
        return;
    };
    let waiting = queue.0.clone();
    let click = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let button = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-request]").ok().flatten());
        let request = button
            .and_then(|b| b.get_attribute("data-request"))
            .and_then(|name| request_named(&name));
        if let Some(request) = request {
            waiting.borrow_mut().push(request);
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    });
    let _ = mirror.add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    click.forget();
    world.insert_non_send(queue);
}

fn take_button_requests(queue: NonSend<ButtonRequests>, mut requests: MessageWriter<Request>) {
    for request in queue.0.borrow_mut().drain(..) {
        requests.write(request);
    }
}

/// The board as a table of rows and cells, and the score line, after every change.
fn mirror_board(engine: Res<Engine>, best: Res<BestScores>) {
    if !engine.is_changed() && !best.is_changed() {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(status) = element("a11y-status") {
        status.set_text_content(Some(&format!(
            "Score {}, best {}, {} moves, {}×{} board to {}.",
            crate::game::speech::number(engine.score()),
            crate::game::speech::number(best.for_size(engine.config().size())),
            engine.moves(),
            engine.config().size(),
            engine.config().size(),
            engine.config().target()
        )));
    }
    let Some(body) = element("a11y-board").and_then(|t| t.query_selector("tbody").ok().flatten())
    else {
        return;
    };
    body.set_text_content(None);
    let board = engine.board();
    let n = board.size() as u8;
    for y in 0..n {
        let Ok(row) = document.create_element("tr") else {
            return;
        };
        for x in 0..n {
            let Ok(cell) = document.create_element("td") else {
                return;
            };
            let text = match board.get(crate::rules::Cell::new(x, y)) {
                0 => "empty".to_string(),
                value => value.to_string(),
            };
            cell.set_text_content(Some(&text));
            let _ = row.append_child(&cell);
        }
        let _ = body.append_child(&row);
    }
}

/// The frame's sentences into the live regions (emptied first, so a repeated sentence is read
/// again).
fn speak(mut said: MessageReader<Announcement>) {
    let mut polite = Vec::new();
    let mut urgent = Vec::new();
    for announcement in said.read() {
        let list = if announcement.urgent {
            &mut urgent
        } else {
            &mut polite
        };
        list.push(announcement.text.as_str());
    }
    for (id, lines) in [("a11y-said", polite), ("a11y-urgent", urgent)] {
        if lines.is_empty() {
            continue;
        }
        if let Some(region) = element(id) {
            region.set_text_content(None);
            region.set_text_content(Some(&lines.join(" ")));
        }
    }
}
