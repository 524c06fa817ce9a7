//! The catalogues (the workspace's assets/i18n/*.ftl) without their comments, which are notes for
//! translators, into `OUT_DIR/i18n/`, where `src/i18n` compiles them in from.

use std::path::Path;

fn main() {
    // Read when the script runs, not when it was compiled: a clone elsewhere that shares the
    // target folder runs the same compiled script.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let folder = Path::new(&manifest).join("../../assets/i18n");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", folder.display());
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("i18n");
    std::fs::create_dir_all(&out).expect("OUT_DIR is writable");
    for entry in std::fs::read_dir(&folder).expect("assets/i18n is there") {
        let path = entry.expect("assets/i18n is readable").path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).expect("a catalogue is UTF-8 text");
        // A Fluent comment is a whole line starting with `#`; dropping it changes no message.
        let kept: String = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| format!("{line}\n"))
            .collect();
        let name = path.file_name().expect("a file name");
        std::fs::write(out.join(name), kept).expect("OUT_DIR is writable");
    }
}
