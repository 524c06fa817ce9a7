//! A screen's description, as the drawing kit describes a dialog (`g2048_ui::dialog`: its
//! title, its lines, its buttons with the label drawn and the name spoken), each button doing
//! one of the game's requests; and the one in front now ([`ShownDialog`]). The drawing kit lays
//! it out and the view draws it (`view::flow`); the desktop's accessibility tree and the web
//! page's mirror read the same description.

use bevy::prelude::*;

use super::requests::Request;

/// A dialog whose buttons send the game's requests.
pub type Dialog = g2048_ui::dialog::Dialog<Request>;
/// A piece of a [`Dialog`].
pub type Block = g2048_ui::dialog::Block<Request>;
/// A button of a [`Dialog`].
pub type DialogButton = g2048_ui::dialog::DialogButton<Request>;
/// A list of a [`Dialog`] (the history's games).
pub type List = g2048_ui::dialog::List<Request>;

/// The dialog the view draws and the page's mirror and the desktop's tree show, kept by
/// each screen's description system (`screens`).
#[derive(Resource, Default, Debug, PartialEq)]
pub struct ShownDialog(pub Option<Dialog>);
