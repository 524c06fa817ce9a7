//! Every integration test in one binary: Bevy is linked once, not once per file. Each module is
//! a file of tests named after what it checks (`cargo test --test suite windows::` runs one).
//!
//! - headless App tests on the real plugins: access, app, autoplay, backup, coach, daily, focus,
//!   i18n, motion, race, replay, resume, review, saves, screens, speech, undo, windows; the
//!   text at 1, 2 and 3 device pixels a pixel, and the camera's costs: density;
//! - the binary's flags and exit codes: cli;
//! - what comes from outside this build (a newer version's saves, a forged backup, a wrong clock,
//!   a failing disk) and cannot take what a player kept: untrusted.

mod common;

mod access;
mod app;
mod autoplay;
mod backup;
mod cli;
mod coach;
mod daily;
mod density;
mod focus;
mod i18n;
mod layout;
mod motion;
mod race;
mod ranked;
mod replay;
mod resume;
mod review;
mod saves;
mod screens;
mod shapes;
mod speech;
mod undo;
mod untrusted;
mod windows;
