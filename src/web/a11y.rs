//! The page's accessible mirror (`#a11y` in web/index.html): a canvas is invisible to assistive
//! technology, so the game keeps a plain HTML copy of itself beside it, read by screen readers
//! and not drawn: the board as a table (each cell its value or "empty"), the score, the
//! game's buttons as real buttons, and two live regions, polite for each move's sentence and
//! assertive for a win or a loss (`game::speech`), and the dialog in front (the question, the
//! options, "You win!", "Game over!", the replay viewer, the history, the statistics) as a
//! dialog with its lines and buttons. Text is always set as text, never parsed as HTML. A click
//! on a mirror button becomes a `Request` like a key, and wakes the game.
//!
//! Focus: a dialog takes the focus when the focus is in the mirror (a screen reader user
//! pressed its button), and gives it back when it closes; a player on the canvas keeps the
//! canvas and its keys. Esc in a dialog closes it.

use std::cell::RefCell;
use std::rc::Rc;

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use g2048_ui::dialog::Action as _;
use web_sys::wasm_bindgen::{JsCast, closure::Closure};

use crate::game::{
    Announcement, BestScores, Engine, GameSet, Language, Request, ShownDialog, speech,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, listen_to_buttons)
        .add_systems(Update, take_button_requests.in_set(GameSet::Input))
        .add_systems(
            Last,
            (mirror_board, mirror_board_buttons, mirror_dialog, speak),
        );
}

/// Requests from the mirror's buttons, waiting for the next frame.
#[derive(Default)]
struct ButtonRequests(Rc<RefCell<Vec<Request>>>);

/// The requests of the dialog's buttons, by their `data-choice` index; and the element that
/// had the focus before the dialog took it.
#[derive(Default)]
struct DialogState {
    choices: Rc<RefCell<Vec<Request>>>,
    /// The board's buttons' requests, by their `data-board` index.
    board: Rc<RefCell<Vec<Request>>>,
    buttons: Vec<crate::game::DialogButton>,
    open: bool,
    return_to: Option<web_sys::HtmlElement>,
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// One listener on the mirror: a click on a button queues its request and wakes the game (a
/// window that waits for input would not see the click otherwise).
fn listen_to_buttons(world: &mut World) {
    let queue = ButtonRequests::default();
    let dialog = DialogState::default();
    let choices = dialog.choices.clone();
    let board = dialog.board.clone();
    world.insert_non_send(dialog);
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
    let send = move |request: Request| {
        waiting.borrow_mut().push(request);
        let _ = proxy.send_event(WinitUserEvent::WakeUp);
    };
    let on_click = send.clone();
    let click = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let Some(button) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("button").ok().flatten())
        else {
            return;
        };
        let named = button
            .get_attribute("data-board")
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| board.borrow().get(i).copied());
        let chosen = button
            .get_attribute("data-choice")
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| choices.borrow().get(i).copied());
        if let Some(request) = named.or(chosen) {
            on_click(request);
        }
    });
    let _ = mirror.add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
    // Esc in a dialog closes it (the canvas's own Esc is the game's).
    let keydown =
        Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |event: web_sys::KeyboardEvent| {
            if event.key() == "Escape" {
                event.prevent_default();
                send(Request::CloseDialog);
            }
        });
    if let Some(dialog) = element("a11y-dialog") {
        let _ =
            dialog.add_event_listener_with_callback("keydown", keydown.as_ref().unchecked_ref());
    }
    // The listeners live as long as the page.
    click.forget();
    keydown.forget();
    world.insert_non_send(queue);
}

fn take_button_requests(queue: NonSend<ButtonRequests>, mut requests: MessageWriter<Request>) {
    for request in queue.0.borrow_mut().drain(..) {
        requests.write(request);
    }
}

/// The board as a table of rows and cells, and the score line, after every change.
fn mirror_board(engine: Res<Engine>, best: Res<BestScores>, words: Res<Language>) {
    if !engine.is_changed() && !best.is_changed() && !words.is_changed() {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(status) = element("a11y-status") {
        let best = best.for_shape(engine.config().shape());
        let line = speech::status_sentence(&engine, best, &words);
        status.set_text_content(Some(&words.spoken(&line)));
    }
    let Some(body) = element("a11y-board").and_then(|t| t.query_selector("tbody").ok().flatten())
    else {
        return;
    };
    body.set_text_content(None);
    let board = engine.board();
    for y in 0..board.rows() as u8 {
        let Ok(row) = document.create_element("tr") else {
            return;
        };
        for x in 0..board.cols() as u8 {
            let Ok(cell) = document.create_element("td") else {
                return;
            };
            let text = speech::cell_name(board.get(crate::rules::Cell::new(x, y)), &words);
            cell.set_text_content(Some(&text));
            let _ = row.append_child(&cell);
        }
        let _ = body.append_child(&row);
    }
}

/// The board's own buttons (`screens::play::board_buttons`, the same the desktop offers), as
/// buttons named in the player's language, each marked with its request's name.
fn mirror_board_buttons(words: Res<Language>, mirror: NonSend<DialogState>) {
    if !words.is_changed() {
        return;
    }
    let (Some(document), Some(group)) = (
        web_sys::window().and_then(|w| w.document()),
        element("a11y-board-buttons"),
    ) else {
        return;
    };
    let buttons = crate::game::screens::play::board_buttons(&words);
    group.set_text_content(None);
    for (i, button) in buttons.iter().enumerate() {
        let Ok(element) = document.create_element("button") else {
            return;
        };
        let _ = element.set_attribute("type", "button");
        let _ = element.set_attribute("data-board", &i.to_string());
        let _ = element.set_attribute("data-request", &format!("{:?}", button.action));
        element.set_text_content(Some(&words.spoken(&button.name)));
        let _ = group.append_child(&element);
    }
    *mirror.board.borrow_mut() = buttons.iter().map(|b| b.action).collect();
}

/// The dialog in front, or none (`ShownDialog`): its title, its lines and its buttons (choices
/// marked `aria-pressed`), and the focus taken and given back as the module's doc says. The
/// buttons are rebuilt only when they change (the replay's line changes every move).
fn mirror_dialog(
    shown: Res<ShownDialog>,
    words: Res<Language>,
    mut mirror: NonSendMut<DialogState>,
) {
    if !shown.is_changed() {
        return;
    }
    let (Some(document), Some(dialog), Some(title), Some(lines), Some(list)) = (
        web_sys::window().and_then(|w| w.document()),
        element("a11y-dialog"),
        element("a11y-dialog-title"),
        element("a11y-dialog-lines"),
        element("a11y-dialog-buttons"),
    ) else {
        return;
    };
    let focused = document.active_element();
    let focus_in = |id: &str| {
        let area = element(id);
        focused
            .as_ref()
            .is_some_and(|f| area.is_some_and(|a| a.contains(Some(f))))
    };
    let in_mirror = focus_in("a11y");
    let in_dialog = focus_in("a11y-dialog");
    let Some(shown) = &shown.0 else {
        mirror.buttons.clear();
        mirror.choices.borrow_mut().clear();
        dialog.set_attribute("hidden", "").ok();
        list.set_text_content(None);
        lines.set_text_content(None);
        if mirror.open && (in_dialog || focused.is_none() || !in_mirror) {
            give_focus_back(&mut mirror);
        }
        mirror.open = false;
        return;
    };
    title.set_text_content(Some(&words.spoken(&shown.title)));
    let _ = dialog.set_attribute("aria-modal", if shown.modal { "true" } else { "false" });
    lines.set_text_content(None);
    for line in &shown.lines() {
        if let Ok(paragraph) = document.create_element("p") {
            paragraph.set_text_content(Some(&words.spoken(line)));
            let _ = lines.append_child(&paragraph);
        }
    }
    if mirror.buttons != shown.buttons() {
        // Which button had the focus, so a rebuilt list keeps it.
        let focused_choice = focused
            .as_ref()
            .filter(|_| in_dialog)
            .and_then(|f| f.get_attribute("data-choice"));
        list.set_text_content(None);
        let mut refocus = None;
        for (i, button) in shown.buttons().iter().enumerate() {
            let Ok(element) = document.create_element("button") else {
                return;
            };
            let _ = element.set_attribute("type", "button");
            let _ = element.set_attribute("data-choice", &i.to_string());
            element.set_text_content(Some(&words.spoken(&button.name)));
            if button.action.is_choice() {
                let pressed = if button.chosen { "true" } else { "false" };
                let _ = element.set_attribute("aria-pressed", pressed);
            }
            let _ = list.append_child(&element);
            if focused_choice.as_deref() == Some(i.to_string().as_str()) {
                refocus = Some(element);
            }
        }
        *mirror.choices.borrow_mut() = shown.buttons().iter().map(|b| b.action).collect();
        mirror.buttons = shown.buttons();
        if in_dialog {
            focus(refocus.or_else(|| list.first_element_child()));
        }
    }
    let _ = dialog.remove_attribute("hidden");
    let opening = !mirror.open;
    mirror.open = true;
    if opening && in_mirror && !in_dialog {
        mirror.return_to = focused.and_then(|f| f.dyn_into::<web_sys::HtmlElement>().ok());
        focus(list.first_element_child());
    }
}

fn focus(element: Option<web_sys::Element>) {
    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// Back to what had the focus before the dialog took it, or to the game.
fn give_focus_back(mirror: &mut DialogState) {
    let target = mirror
        .return_to
        .take()
        .filter(|e| e.is_connected())
        .map(|e| e.unchecked_into::<web_sys::Element>())
        .or_else(|| element("bevy"));
    focus(target);
}

/// The frame's sentences into the live regions (emptied first, so a repeated sentence is read
/// again).
fn speak(words: Res<Language>, mut said: MessageReader<Announcement>) {
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
            region.set_text_content(Some(&words.spoken(&lines.join(" "))));
        }
    }
}
