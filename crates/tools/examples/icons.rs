//! Writes the game's icons as PNG files: the game's 2048 tile drawn by `g2048::view::icon`.
//! The web app's (web/build.sh runs it into dist/: the files the manifest and the iOS tags
//! name), with `--desktop` the Linux desktop entry's `g2048.png` (256 px), or with `--windows`
//! the sizes of the Windows .exe's icon (assets/windows/README.md makes the .ico from them).
//!   cargo run --release -p g2048-tools --example icons -- dist
//!   cargo run --release -p g2048-tools --example icons -- --desktop ~/.local/share/icons/hicolor/256x256/apps

use std::{fs::File, io::BufWriter, path::PathBuf};

use clap::Parser;
use g2048::view::icon::{IconStyle, draw};

#[derive(Parser)]
struct Args {
    /// The folder to write into (it must exist).
    folder: PathBuf,
    /// The desktop entry's icon (assets/linux/g2048.desktop names it) instead of the web's.
    #[arg(long, conflicts_with = "windows")]
    desktop: bool,
    /// The Windows icon's sizes, `g2048-16.png` to `g2048-256.png`.
    #[arg(long, conflicts_with = "macos")]
    windows: bool,
    /// A macOS `.iconset` folder's files, for `iconutil` (tools/release.sh's macos part).
    #[arg(long)]
    macos: bool,
}

/// Each file: its name, its side and its shape.
const DESKTOP: [(&str, u32, IconStyle); 1] = [("g2048.png", 256, IconStyle::Tile)];
const WINDOWS: [(&str, u32, IconStyle); 5] = [
    ("g2048-16.png", 16, IconStyle::Tile),
    ("g2048-32.png", 32, IconStyle::Tile),
    ("g2048-48.png", 48, IconStyle::Tile),
    ("g2048-64.png", 64, IconStyle::Tile),
    ("g2048-256.png", 256, IconStyle::Tile),
];
/// macOS rounds nothing itself: the tile with its corners, at each size an .iconset holds.
const MACOS: [(&str, u32, IconStyle); 10] = [
    ("icon_16x16.png", 16, IconStyle::Tile),
    ("icon_16x16@2x.png", 32, IconStyle::Tile),
    ("icon_32x32.png", 32, IconStyle::Tile),
    ("icon_32x32@2x.png", 64, IconStyle::Tile),
    ("icon_128x128.png", 128, IconStyle::Tile),
    ("icon_128x128@2x.png", 256, IconStyle::Tile),
    ("icon_256x256.png", 256, IconStyle::Tile),
    ("icon_256x256@2x.png", 512, IconStyle::Tile),
    ("icon_512x512.png", 512, IconStyle::Tile),
    ("icon_512x512@2x.png", 1024, IconStyle::Tile),
];
const WEB: [(&str, u32, IconStyle); 4] = [
    ("icon-192.png", 192, IconStyle::Tile),
    ("icon-512.png", 512, IconStyle::Tile),
    // A phone cuts a maskable icon to its own shape: the tile's colour to the edges.
    ("icon-maskable-512.png", 512, IconStyle::Maskable),
    // iOS rounds the corners of its home-screen icons itself and shows clear ones black.
    ("apple-touch-icon.png", 180, IconStyle::Maskable),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let icons: &[(&str, u32, IconStyle)] = match (args.desktop, args.windows, args.macos) {
        (true, _, _) => &DESKTOP,
        (_, true, _) => &WINDOWS,
        (_, _, true) => &MACOS,
        _ => &WEB,
    };
    for &(name, side, shape) in icons {
        let path = args.folder.join(name);
        let mut encoder = png::Encoder::new(BufWriter::new(File::create(&path)?), side, side);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::High);
        encoder
            .write_header()?
            .write_image_data(&draw(side, shape))?;
        println!("{}", path.display());
    }
    Ok(())
}
