//! What the options screen's requests do (the question's are board changes). Two things are
//! kept apart: the board the options screen shows and switches to when it closes
//! ([`NextBoard`]: the game in play when it opens), and the options remembered for the next
//! run ([`PlayerOptions`]), which change only when the player picks a shape, a target or a
//! theme. So `--size`, `--rows`, `--cols` and `--target` stay flags for one run.

use bevy::{ecs::system::SystemParam, prelude::*, window::PrimaryWindow, window::WindowTheme};

use super::requests::{Choose, Step};
use crate::i18n::Lang;
use crate::rules::{Config, MAX_SIZE, MIN_SIZE, Shape, reachable_tile};
use crate::save::{MotionChoice, Options, ThemeChoice, merge::Chosen};

/// Targets offered on the options screen, and the steps of its + and − keys (`--target` takes
/// any power of two from 8).
pub const TARGETS: [u32; 6] = [256, 512, 1024, 2048, 4096, 8192];

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NextBoard>();
}

/// The player's options, remembered between runs (written by `persist` when they change).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Deref, DerefMut)]
pub struct PlayerOptions(pub Options);

/// The options as this window last wrote or read them, and those its player chose since
/// (choosing the option already shown is a choice too): a write keeps the stored value of
/// every other option (another window's choice). An option changed by other means counts as
/// chosen as well.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct OptionsChosen {
    pub synced: Options,
    pub chosen: Chosen,
}

impl OptionsChosen {
    /// The options to write over the stored ones, and forgets them.
    pub fn take(&mut self, now: &Options) -> Chosen {
        std::mem::take(&mut self.chosen).or_changed(&self.synced, now)
    }
}

/// The board shape and target the options screen has chosen: the game in play when it opens,
/// the game switched to when it closes.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NextBoard(pub Config);

/// The targets the options offer on `shape`: those of `TARGETS` a game on it can reach (3×3's
/// largest tile is 1024).
pub fn offered_targets(shape: Shape) -> impl Iterator<Item = u32> {
    TARGETS
        .into_iter()
        .filter(move |&target| target <= reachable_tile(shape))
}

/// The target `step` away from `from` among those offered on `shape`, or the first one past it
/// for a target between or beyond them; `from` itself at either end.
pub fn step_target(shape: Shape, from: u32, step: Step) -> u32 {
    let offered: Vec<u32> = offered_targets(shape).collect();
    match step {
        Step::Up => offered.iter().copied().find(|&t| t > from),
        Step::Down => offered.iter().rev().copied().find(|&t| t < from),
    }
    .unwrap_or(from)
}

/// A side one longer or shorter, within 3..=8.
fn step_side(side: usize, step: Step) -> usize {
    match step {
        Step::Up => (side + 1).min(MAX_SIZE),
        Step::Down => side.saturating_sub(1).max(MIN_SIZE),
    }
}

/// Whether the system shows dark windows, as the window reports it (winit does on Windows,
/// macOS and the web; not on X11, which counts as light).
pub fn system_is_dark(window: Option<&Window>) -> bool {
    window.is_some_and(|window| window.window_theme == Some(WindowTheme::Dark))
}

/// Everything the options screen changes.
#[derive(SystemParam)]
pub(super) struct OptionChanges<'w, 's> {
    options: ResMut<'w, PlayerOptions>,
    chosen: ResMut<'w, OptionsChosen>,
    next_board: ResMut<'w, NextBoard>,
    wanted: ResMut<'w, LanguageWanted>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

impl OptionChanges<'_, '_> {
    /// The options screen opens on the board in play (flags may differ from the saved options).
    pub(super) fn open_options(&mut self, playing: Config) {
        self.next_board.0 = playing;
    }

    /// Makes `choice`.
    pub(super) fn choose(&mut self, choice: Choose) {
        match choice {
            Choose::Size(size) => self.set_size(size),
            Choose::StepRows(step) => self.step_rows(step),
            Choose::StepCols(step) => self.step_cols(step),
            Choose::Target(target) => self.set_target(target),
            Choose::StepTarget(step) => self.step_target(step),
            Choose::Motion(motion) => self.set_motion(motion),
            Choose::NextMotion => self.next_motion(),
            Choose::Theme(theme) => self.set_theme(theme),
            Choose::NextTheme => self.next_theme(),
            Choose::Coach(on) => self.set_coach(on),
            Choose::ToggleCoach => self.set_coach(!self.coach_on()),
            Choose::NextLanguage => self.next_language(),
        }
    }

    /// The board to play once the options close.
    pub(super) fn chosen_board(&self) -> Config {
        self.next_board.0
    }

    fn set_size(&mut self, size: usize) {
        if let Some(shape) = Shape::new(size, size) {
            self.set_shape(shape);
        }
    }

    /// One row more or fewer (from 3 to 8; a step past either end changes nothing, and is
    /// not a choice).
    fn step_rows(&mut self, step: Step) {
        let now = self.next_board.0.shape();
        if let Some(shape) = Shape::new(step_side(now.rows(), step), now.cols())
            && shape != now
        {
            self.set_shape(shape);
        }
    }

    /// One column more or fewer (as `step_rows`).
    fn step_cols(&mut self, step: Step) {
        let now = self.next_board.0.shape();
        if let Some(shape) = Shape::new(now.rows(), step_side(now.cols(), step))
            && shape != now
        {
            self.set_shape(shape);
        }
    }

    /// A board of `shape`, to the target chosen, or to the largest offered one it can reach
    /// (3×3 to 2048 becomes 3×3 to 1024).
    fn set_shape(&mut self, shape: Shape) {
        let reachable = |target| match Config::check_reachable(shape, target) {
            Ok(target) => target,
            Err(_) => offered_targets(shape).last().unwrap_or(target),
        };
        let target = reachable(self.next_board.0.target());
        if let Ok(config) = Config::with_shape(shape, target) {
            // A target brought down is remembered with the board; else the remembered one stays
            // (a flag's target is for one run), itself brought down if the board cannot reach
            // it (another window's choice, read since, may have been a larger board's).
            self.options.target = if target != self.next_board.0.target() {
                target
            } else {
                reachable(self.options.target)
            };
            self.next_board.0 = config;
            self.options.size = shape;
            self.chosen.chosen.board = true;
        }
    }

    /// A target the board can reach (one it cannot is refused, as the options do not offer it).
    fn set_target(&mut self, target: u32) {
        let shape = self.next_board.0.shape();
        if Config::check_reachable(shape, target).is_err() {
            return;
        }
        if let Ok(config) = Config::with_shape(shape, target) {
            self.next_board.0 = config;
            self.options.target = target;
            self.chosen.chosen.board = true;
        }
    }

    fn step_target(&mut self, step: Step) {
        let target = step_target(self.next_board.0.shape(), self.next_board.0.target(), step);
        if target != self.next_board.0.target() {
            self.set_target(target);
        }
    }

    fn set_motion(&mut self, motion: MotionChoice) {
        self.options.motion = motion;
        self.chosen.chosen.motion = true;
    }

    fn next_motion(&mut self) {
        self.set_motion(self.options.motion.next());
    }

    fn set_coach(&mut self, on: bool) {
        self.options.coach = on;
        self.chosen.chosen.coach = true;
    }

    pub(super) fn coach_on(&self) -> bool {
        self.options.coach
    }

    /// The language after the one chosen, in the options' order: the system's, then each one.
    /// A language `--lang` asked for counts as chosen, and gives way to the options' choice.
    fn next_language(&mut self) {
        let now = self.wanted.flag.take().or(self.options.language);
        let at = now.and_then(|lang| Lang::ALL.iter().position(|&l| l == lang));
        self.options.language = match at {
            None if now.is_none() => Some(Lang::ALL[0]),
            Some(i) if i + 1 < Lang::ALL.len() => Some(Lang::ALL[i + 1]),
            _ => None,
        };
        self.chosen.chosen.language = true;
    }

    fn set_theme(&mut self, theme: ThemeChoice) {
        self.options.theme = theme;
        self.chosen.chosen.theme = true;
    }

    /// The next theme on screen (light, dark, high contrast); back to following the system when
    /// that is what it shows.
    fn next_theme(&mut self) {
        let system_dark = system_is_dark(self.windows.single().ok());
        self.set_theme(self.options.theme.next(system_dark));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_steps_stay_on_the_offered_targets() {
        let square = Shape::square(4);
        assert_eq!(step_target(square, 2048, Step::Up), 4096);
        assert_eq!(step_target(square, 2048, Step::Down), 1024);
        assert_eq!(step_target(square, 8192, Step::Up), 8192, "the last stays");
        assert_eq!(step_target(square, 256, Step::Down), 256, "the first stays");
        // A flag's target off the list steps onto it.
        assert_eq!(step_target(square, 64, Step::Up), 256);
        assert_eq!(step_target(square, 64, Step::Down), 64);
        assert_eq!(step_target(square, 1 << 20, Step::Down), 8192);
        assert_eq!(step_target(square, 1 << 20, Step::Up), 1 << 20);
    }

    #[test]
    fn a_board_is_offered_only_the_targets_it_can_reach() {
        // 3×3's largest tile is 2^10: its targets stop at 1024; 3×4 reaches 8192.
        let small = Shape::square(3);
        assert_eq!(offered_targets(small).collect::<Vec<_>>(), [256, 512, 1024]);
        assert_eq!(
            offered_targets(Shape::new(3, 4).unwrap()).last(),
            Some(8192)
        );
        assert_eq!(
            step_target(small, 1024, Step::Up),
            1024,
            "no step past 1024"
        );
        assert_eq!(step_target(small, 2048, Step::Down), 1024);
    }
}

/// The languages the system lists, most wanted first (none in tests: they play in English),
/// and the one `--lang` asked for.
#[derive(Resource, Debug, Clone, Default)]
pub struct LanguageWanted {
    pub flag: Option<Lang>,
    pub system: Vec<String>,
}

impl LanguageWanted {
    /// The language to speak with these options.
    pub fn lang(&self, options: &Options) -> Lang {
        self.flag
            .or(options.language)
            .unwrap_or_else(|| Lang::negotiate(self.system.iter().map(String::as_str)))
    }
}
