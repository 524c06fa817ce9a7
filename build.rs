//! On a Windows target, the game's icon (assets/windows/g2048.ico) goes into the .exe's
//! resources, so Explorer, the task bar and the Start menu show it. (The catalogues are compiled
//! in by crates/core/build.rs.)

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/windows/g2048.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut resource = winresource::WindowsResource::new();
        resource.set_icon("assets/windows/g2048.ico");
        if let Err(e) = resource.compile() {
            panic!("cannot put the icon in the .exe's resources: {e}");
        }
    }
}
