//! Writes the game's icons as PNG files: the game's 2048 tile drawn by `g2048::view::icon`.
//! The web app's (web/build.sh runs it into dist/: the files the manifest and the iOS tags
//! name), or with `--desktop` the Linux desktop entry's `g2048.png` (256 px).
//!   cargo run --release --example icons -- dist
//!   cargo run --release --example icons -- --desktop ~/.local/share/icons/hicolor/256x256/apps

use std::{fs::File, io::BufWriter, path::PathBuf};

use clap::Parser;
use g2048::view::icon::{Shape, draw};

#[derive(Parser)]
struct Args {
    /// The folder to write into (it must exist).
    folder: PathBuf,
    /// The desktop entry's icon (assets/linux/g2048.desktop names it) instead of the web's.
    #[arg(long)]
    desktop: bool,
}

/// Each file: its name, its side and its shape.
const DESKTOP: [(&str, u32, Shape); 1] = [("g2048.png", 256, Shape::Tile)];
const WEB: [(&str, u32, Shape); 4] = [
    ("icon-192.png", 192, Shape::Tile),
    ("icon-512.png", 512, Shape::Tile),
    // A phone cuts a maskable icon to its own shape: the tile's colour to the edges.
    ("icon-maskable-512.png", 512, Shape::Maskable),
    // iOS rounds the corners of its home-screen icons itself and shows clear ones black.
    ("apple-touch-icon.png", 180, Shape::Maskable),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let icons: &[(&str, u32, Shape)] = if args.desktop { &DESKTOP } else { &WEB };
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
