//! Two things before the game is compiled:
//! - the catalogues (assets/i18n/*.ftl) without their comments, which are notes for
//!   translators, into `OUT_DIR/i18n/`, where `src/i18n` compiles them in from;
//! - on a Windows target, the game's icon (assets/windows/g2048.ico) in the .exe's resources,
//!   so Explorer, the task bar and the Start menu show it.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/windows/g2048.ico");
    println!("cargo:rerun-if-changed=assets/i18n");
    catalogues();
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut resource = winresource::WindowsResource::new();
        resource.set_icon("assets/windows/g2048.ico");
        if let Err(e) = resource.compile() {
            panic!("cannot put the icon in the .exe's resources: {e}");
        }
    }
}

/// Each catalogue less its comment lines (a Fluent comment is a whole line starting with `#`;
/// dropping it changes no message).
fn catalogues() {
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("i18n");
    std::fs::create_dir_all(&out).expect("OUT_DIR is writable");
    let folder = Path::new("assets/i18n");
    for entry in std::fs::read_dir(folder).expect("assets/i18n is there") {
        let path = entry.expect("assets/i18n is readable").path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).expect("a catalogue is UTF-8 text");
        let kept: String = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| format!("{line}\n"))
            .collect();
        let name = path.file_name().expect("a file name");
        std::fs::write(out.join(name), kept).expect("OUT_DIR is writable");
    }
}
