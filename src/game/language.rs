//! Which language the game speaks: the one `--lang` asks for on the desktop, else the one the
//! options chose, else the first of the system's languages (the OS's, or the browser's
//! `navigator.languages`) that the game has, else English. [`Language`] holds its words; it
//! changes the moment the options choose another, and everything drawn or said follows.

use bevy::prelude::*;

use super::options::{LanguageWanted, PlayerOptions};
use super::sets::GameSet;
use crate::i18n::Words;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        follow_options
            .run_if(resource_changed::<PlayerOptions>)
            .in_set(GameSet::Record),
    );
}

/// The words of the language the game speaks.
#[derive(Resource, Debug, Clone, Deref)]
pub struct Language(pub Words);

/// The system's languages, most wanted first: the OS's on the desktop, the browser's on the web.
pub fn system_languages() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        // `navigator.languages`, else the one `navigator.language`.
        let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
            return Vec::new();
        };
        let listed: Vec<String> = navigator
            .languages()
            .iter()
            .filter_map(|tag| tag.as_string())
            .collect();
        if listed.is_empty() {
            navigator.language().into_iter().collect()
        } else {
            listed
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        sys_locale::get_locales().collect()
    }
}

/// A language chosen in the options (or chosen back to the system's) is spoken from then on.
fn follow_options(
    options: Res<PlayerOptions>,
    wanted: Res<LanguageWanted>,
    mut language: ResMut<Language>,
) {
    let lang = wanted.lang(&options);
    if language.lang() != lang {
        *language = Language(Words::new(lang));
    }
}
