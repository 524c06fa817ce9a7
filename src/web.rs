//! Browser glue: tells the page when the first frame that shows the whole game is drawn (it then
//! hides its loading message and focuses the canvas, `data-ready`, and `data-first-frame` says
//! when) and mirrors the game on the canvas as data attributes
//! (`data-size`, `data-rows`, `data-cols`, `data-board`, `data-score`, `data-moves`,
//! `data-state`, `data-theme`, `data-motion`, `data-screen`, `data-replay` as shown/moves,
//! `data-coach`: the newest rating as `move:verdict:played:best`, `data-daily`: a daily's day and
//! whether it counts (`2026-12-03:counted`, or `practice`), `data-share`, `data-focus`:
//! the request of the button the keyboard is on, `data-drawn`: the tiles where they are drawn, `data-best`,
//! `data-games`: the games in the history, `data-notice`: the newest notice, `data-race` and
//! `data-race-boxes`: a race's lead and where its two boards are drawn) for tests and page
//! scripts. Backups and other tabs: `backup`. It follows `prefers-reduced-motion`, reads a
//! replay code from the page's address and puts share links on the clipboard.
//! Every browser call may fail (no document, no canvas); failures are ignored, never fatal.
//! Before the game starts, [`page_can_run`] checks for the canvas and WebGL2, so a page without
//! them gets a message instead of a panic.

use bevy::{
    prelude::*,
    render::{
        Render, RenderApp, RenderSystems,
        render_asset::RenderAssets,
        render_resource::{CachedPipelineState, PipelineCache},
        texture::GpuImage,
    },
    sprite_render::ExtractedSprites,
};
use web_sys::wasm_bindgen::JsCast;

use crate::game::{
    BestScores, Coach, Engine, GameState, Language, Notice, PastGames, Replay, Screen, Tile,
    UiButton, Value,
};
use crate::i18n::{Lang, Words};
use crate::view::layout::BoardLayout;
use crate::view::motion::{Motion, SystemMotion};
use crate::view::theme::Theme;

/// The canvas the game draws on (the window's `canvas` selector).
const CANVAS_ID: &str = "bevy";

mod a11y;
mod backup_page;

pub(crate) fn plugin(app: &mut App) {
    a11y::plugin(app);
    backup_page::plugin(app);
    app.add_systems(First, (read_reduced_motion, adopt_server))
        .add_systems(
            Last,
            (
                publish_state,
                publish_drawn,
                publish_kept,
                publish_notice,
                speak_page.run_if(resource_changed::<Language>),
            ),
        );
    app.sub_app_mut(RenderApp)
        .init_resource::<FirstFrame>()
        .add_systems(
            Render,
            tell_first_frame
                .in_set(RenderSystems::Cleanup)
                .run_if(resource_equals(FirstFrame::Waiting)),
        );
}

/// The ranked server the host named in the page's `server.json` (web/main.js reads it into
/// `globalThis.g2048Server`, without delaying the game): adopted once known, with the player's
/// account there. `null` (the default file), or no file: no server, and nothing calls out.
fn adopt_server(
    mut adopted: Local<bool>,
    store: Res<crate::game::SaveStore>,
    mut server: ResMut<crate::game::ranked::RankedServer>,
) {
    if *adopted {
        return;
    }
    let Some(window) = web_sys::window() else {
        *adopted = true;
        return;
    };
    let Ok(value) = js_sys::Reflect::get(&window, &"g2048Server".into()) else {
        return;
    };
    if value.is_undefined() {
        return; // not read yet
    }
    *adopted = true;
    let Some(address) = value.as_string() else {
        return;
    };
    match crate::game::ranked::link::socket_url(&address) {
        Ok(url) => *server = crate::game::ranked::for_server(&store.0, url),
        Err(why) => web_sys::console::warn_1(&format!("server.json: {why}").into()),
    }
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
/// With them, a race's `data-race` and `data-race-boxes` (`race_attributes`), as they change.
#[allow(clippy::too_many_arguments)]
fn publish_drawn(
    layout: Res<BoardLayout>,
    tiles: Query<(&Transform, &Value), With<Tile>>,
    changed: Query<(), (With<Tile>, Changed<Transform>)>,
    engine: Res<Engine>,
    race: Res<crate::game::Race>,
    framing: Res<crate::view::layout::Framing>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
    ghost: Query<(&Sprite, &GlobalTransform), With<crate::view::race_ghost::GhostBoard>>,
    mut raced: Local<(String, String)>,
) {
    let now = race_attributes(
        &race,
        *framing,
        &layout,
        camera.as_deref().map(|&(c, t)| (c, t)),
        ghost.iter().next(),
    );
    if *raced != now
        && let Some(canvas) = canvas()
    {
        set(&canvas, "data-race", &now.0);
        set(&canvas, "data-race-boxes", &now.1);
        *raced = now;
    }
    if changed.is_empty() && !engine.is_changed() {
        return;
    }
    let Some(canvas) = canvas() else {
        return;
    };
    let (n, cols) = (layout.shape.cells(), layout.shape.cols());
    let mut drawn = vec![0u32; n];
    for (transform, value) in &tiles {
        let whole = (transform.scale.truncate() - Vec2::ONE).abs().max_element() < 1e-3;
        let cell = (0..n).find(|&i| {
            let at =
                layout.cell_center(crate::rules::Cell::new((i % cols) as u8, (i / cols) as u8));
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
    let problem = match document.get_element_by_id(CANVAS_ID) {
        None => "page-no-canvas",
        Some(canvas) if !has_webgl2(&canvas) => "page-no-webgl2",
        Some(_) => return true,
    };
    // In the page's language, as main.js chose it.
    let lang = document
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .and_then(|tag| Lang::parse(&tag))
        .unwrap_or(Lang::En);
    let problem = Words::new(lang).get(problem);
    web_sys::console::error_1(&problem.as_str().into());
    if let Some(loading) = document.get_element_by_id("loading") {
        loading.set_text_content(Some(&problem));
    }
    false
}

/// Asks the game's own canvas for its WebGL2 context: the renderer (wgpu) then gets this same
/// context, with these options. (A throwaway canvas would cost a second context before the first
/// frame; in headless Chromium's software renderer one took 160 to 330 ms to make on a cold
/// start.)
/// - No antialiasing, as wgpu-hal's WebGL backend asks (`create_context_options`).
/// - Opaque, with no depth buffer: wgpu draws into its own textures and copies the frame into the
///   canvas, so the canvas's depth buffer is never used, and the game covers every pixel, so the
///   browser need not blend the canvas over the page (docs/design.md, "Light frames").
///   `?render=alpha` puts WebGL's defaults back for a measurement.
fn has_webgl2(canvas: &web_sys::Element) -> bool {
    let Ok(canvas) = canvas.clone().dyn_into::<web_sys::HtmlCanvasElement>() else {
        return false;
    };
    let opaque = !crate::view::layout::RenderCosts::asked().alpha;
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"antialias".into(), &false.into());
    if opaque {
        let _ = js_sys::Reflect::set(&options, &"alpha".into(), &false.into());
        let _ = js_sys::Reflect::set(&options, &"depth".into(), &false.into());
    }
    let Some(context) = canvas
        .get_context_with_context_options("webgl2", &options)
        .ok()
        .flatten()
    else {
        return false;
    };
    // An opaque canvas starts black: until the first frame it shows the page's colour, as the
    // transparent one showed the page behind it.
    if opaque
        && let Ok(gl) = context.dyn_into::<web_sys::WebGl2RenderingContext>()
        && let Some([r, g, b]) = page_background()
    {
        gl.clear_color(r, g, b, 1.0);
        gl.clear(web_sys::WebGl2RenderingContext::COLOR_BUFFER_BIT);
    }
    true
}

/// The page's background colour (`body`'s computed `background-color`, "rgb(r, g, b)"), in 0..1.
fn page_background() -> Option<[f32; 3]> {
    let window = web_sys::window()?;
    let body = window.document()?.body()?;
    let color = window
        .get_computed_style(&body)
        .ok()??
        .get_property_value("background-color")
        .ok()?;
    crate::view::palette::parse_css_rgb(&color)
}

/// The size the page gives the canvas's parent, in CSS pixels: the window starts at the size it
/// will fit to, so the renderer does not set up its surface for another size first.
pub fn page_size() -> Option<(u32, u32)> {
    let parent = canvas()?.parent_element()?;
    let (w, h) = (parent.client_width(), parent.client_height());
    (w > 0 && h > 0).then_some((w as u32, h as u32))
}

fn canvas() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(CANVAS_ID)
}

/// `data-race`: in a race, the lead, the ghost's position and where its board is
/// (`120:35/150:Below`; empty without a race); `data-race-boxes`: the player's board and the
/// ghost's as the camera draws them, in the canvas's CSS pixels (`x,y,width,height;x,y,width,height`).
fn race_attributes(
    race: &crate::game::Race,
    framing: crate::view::layout::Framing,
    layout: &BoardLayout,
    camera: Option<(&Camera, &GlobalTransform)>,
    ghost: Option<(&Sprite, &GlobalTransform)>,
) -> (String, String) {
    let Some(racing) = race.0.as_ref() else {
        return (String::new(), String::new());
    };
    let placement = framing.0.map_or(String::new(), |p| format!("{p:?}"));
    let text = format!(
        "{}:{}/{}:{placement}",
        racing.lead,
        racing.shown,
        racing.ghost_moves()
    );
    let rect = |center: Vec2, size: Vec2| {
        let (camera, at) = camera?;
        let corner = |d: Vec2| camera.world_to_viewport(at, (center + d).extend(0.0)).ok();
        let (a, b) = (corner(-size / 2.0)?, corner(size / 2.0)?);
        let (min, max) = (a.min(b), a.max(b));
        Some(format!(
            "{:.0},{:.0},{:.0},{:.0}",
            min.x,
            min.y,
            max.x - min.x,
            max.y - min.y
        ))
    };
    let mine = rect(crate::view::layout::BOARD_CENTER, layout.board_size());
    let theirs =
        ghost.and_then(|(sprite, at)| rect(at.translation().truncate(), sprite.custom_size?));
    let boxes = match (mine, theirs) {
        (Some(mine), Some(theirs)) => format!("{mine};{theirs}"),
        _ => String::new(),
    };
    (text, boxes)
}

fn set(canvas: &web_sys::Element, name: &str, value: &str) {
    // A refused attribute write only loses the mirror, never the game.
    let _ = canvas.set_attribute(name, value);
}

/// Whether the first frame that shows the whole game has been drawn yet (render world).
#[derive(Resource, Default, PartialEq)]
enum FirstFrame {
    #[default]
    Waiting,
    Told,
}

/// After each frame until the first that drew the whole game: every pipeline the renderer asked
/// for is built (a pipeline whose shaders are still loading leaves its sprites out of the frame)
/// and every sprite's image is on the GPU. Then the page is told: `data-ready` (it hides its
/// loading message) and `data-first-frame`, "frame N at T ms", T counted from the start of the
/// page's load (`performance.now()`), N from 0.
fn tell_first_frame(
    pipelines: Res<PipelineCache>,
    sprites: Res<ExtractedSprites>,
    images: Res<RenderAssets<GpuImage>>,
    mut state: ResMut<FirstFrame>,
    mut frame: Local<u32>,
) {
    let pending = pipelines.pipelines().any(|pipeline| {
        matches!(
            pipeline.state,
            CachedPipelineState::Queued | CachedPipelineState::Creating(_)
        )
    });
    let drawn = !pending
        && !sprites.sprites.is_empty()
        && sprites
            .sprites
            .iter()
            .all(|sprite| images.get(sprite.image_handle_id).is_some());
    if !drawn {
        *frame += 1;
        return;
    }
    *state = FirstFrame::Told;
    let Some(canvas) = canvas() else {
        return;
    };
    let now = web_sys::window()
        .and_then(|window| window.performance())
        .map_or(0.0, |performance| performance.now());
    set(
        &canvas,
        "data-first-frame",
        &format!("frame {} at {now:.0} ms", *frame),
    );
    set(&canvas, "data-ready", "1");
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

/// Whether the page's address asks for today's daily game (`…/#daily`); the mark is taken off
/// the address, so a reload resumes the game instead of starting it again.
pub fn daily_in_link() -> bool {
    // (A daily's replay link, `#daily=…&replay=…`, is a replay's: `replay_in_link`.)
    let Some(window) = web_sys::window() else {
        return false;
    };
    if window.location().hash().ok().as_deref() != Some("#daily") {
        return false;
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
    true
}

/// Puts a link to this page that opens `code` in the replay viewer on the clipboard and in the
/// canvas's `data-share`; whether the browser offers a clipboard. (Writing to it is
/// asynchronous: a refusal is logged to the console.)
pub fn share_link(code: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let location = window.location();
    // A daily's link says its day, which the viewer checks against the game's seed.
    let claim = crate::rules::Record::parse(code)
        .ok()
        .and_then(|record| crate::rules::daily_of(record.config, record.seed))
        .map_or(String::new(), |day| {
            format!("{}{day}&", crate::rules::DAILY_MARK)
        });
    let link = format!(
        "{}{}{}#{claim}{}{code}",
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

/// `data-best` (the best score of the board in play) and `data-games` (games in the history),
/// which other tabs' games and imports change too.
fn publish_kept(best: Res<BestScores>, past: Res<PastGames>, engine: Res<Engine>) {
    if !best.is_changed() && !past.is_changed() && !engine.is_changed() {
        return;
    }
    if let Some(canvas) = canvas() {
        let shape = engine.config().shape();
        set(&canvas, "data-best", &best.for_shape(shape).to_string());
        set(&canvas, "data-games", &past.0.len().to_string());
    }
}

/// `data-notice`: the newest line shown under the board for a moment (a save's problem, an
/// import's result, another tab playing the board), in the player's words.
fn publish_notice(mut notices: MessageReader<Notice>, words: Res<Language>) {
    if let Some(notice) = notices.read().last()
        && let Some(canvas) = canvas()
    {
        set(&canvas, "data-notice", &words.say(&notice.0));
    }
}

/// The page in the game's language: `<html lang>` and the mirror's (so a screen reader speaks
/// with that language's voice), and the page's own words (its `data-say` elements' text and
/// `data-say-label` ones' names, as main.js first wrote them).
fn speak_page(words: Res<Language>) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let tag = words.lang().tag();
    if let Some(html) = document.document_element() {
        let _ = html.set_attribute("lang", tag);
    }
    if let Some(mirror) = document.get_element_by_id("a11y") {
        let _ = mirror.set_attribute("lang", tag);
    }
    let each = |selector: &str, mut apply: Box<dyn FnMut(&web_sys::Element)>| {
        if let Ok(found) = document.query_selector_all(selector) {
            for i in 0..found.length() {
                if let Some(element) = found.item(i).and_then(|n| n.dyn_into().ok()) {
                    apply(&element);
                }
            }
        }
    };
    each(
        "[data-say]",
        Box::new(|element| {
            if let Some(id) = element.get_attribute("data-say") {
                element.set_text_content(Some(&words.get(&id)));
            }
        }),
    );
    each(
        "[data-say-label]",
        Box::new(|element| {
            if let Some(id) = element.get_attribute("data-say-label") {
                let _ = element.set_attribute("aria-label", &words.get(&id));
            }
        }),
    );
}

fn publish_state(
    engine: Res<Engine>,
    state: Res<State<GameState>>,
    screen: Res<State<Screen>>,
    replay: Res<Replay>,
    theme: Res<Theme>,
    motion: Res<Motion>,
    focus: Res<bevy::input_focus::InputFocus>,
    coach: Res<Coach>,
    daily: Res<crate::game::DailyNow>,
    ranked: Res<crate::game::state::RankedBoard>,
    buttons: Query<&UiButton>,
) {
    if !engine.is_changed()
        && !ranked.is_changed()
        && !daily.is_changed()
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
    set(&canvas, "data-size", &board.shape().key());
    set(&canvas, "data-rows", &board.rows().to_string());
    set(&canvas, "data-cols", &board.cols().to_string());
    set(&canvas, "data-board", &cells.join(","));
    set(&canvas, "data-score", &engine.score().to_string());
    set(&canvas, "data-moves", &engine.moves().to_string());
    set(&canvas, "data-state", &format!("{:?}", state.get()));
    set(&canvas, "data-theme", &format!("{:?}", *theme));
    set(&canvas, "data-motion", &format!("{:?}", *motion));
    let focused = focus.get().and_then(|entity| buttons.get(entity).ok());
    let focused = focused.map_or(String::new(), |button| format!("{:?}", button.action));
    set(&canvas, "data-focus", &focused);
    set(&canvas, "data-screen", &format!("{:?}", screen.get()));
    // The ranked game on the board: its moves answered by the server, of those slid.
    let ranked = ranked.0.as_ref().map_or(String::new(), |play| {
        format!("{}/{}", play.answered, play.slid)
    });
    set(&canvas, "data-ranked", &ranked);
    let (shown, len) = replay.0.as_ref().map_or((0, 0), |w| (w.shown, w.len()));
    set(&canvas, "data-replay", &format!("{shown}/{len}"));
    let rated = coach.latest().map_or(String::new(), |(n, r)| {
        format!("{n}:{}:{:?}:{:?}", r.verdict.word(), r.played, r.best)
    });
    set(&canvas, "data-coach", &rated);
    let daily = daily.0.map_or(String::new(), |attempt| {
        let kind = if attempt.counted {
            "counted"
        } else {
            "practice"
        };
        format!("{}:{kind}", attempt.day)
    });
    set(&canvas, "data-daily", &daily);
}
