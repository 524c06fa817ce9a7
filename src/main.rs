//! `g2048`: play 2048 in a window. On the desktop, flags are checked before any window opens;
//! in the browser the page has no flags and the game starts with the defaults.

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use clap::Parser;
    use g2048::rules::{Config, DEFAULT_SIZE, DEFAULT_TARGET};

    /// 2048 on the Bevy engine: slide with arrows, WASD or HJKL, or drag/swipe the board.
    #[derive(Parser, Debug)]
    #[command(version, about)]
    pub struct Cli {
        /// Board side, 3 to 8.
        #[arg(long, default_value_t = DEFAULT_SIZE, value_parser = parse_size)]
        pub size: usize,
        /// Winning tile: a power of two, at least 8.
        #[arg(long, default_value_t = DEFAULT_TARGET, value_parser = parse_target)]
        pub target: u32,
        /// Seed for the tile spawns: the same seed and keys replay the same game.
        #[arg(long)]
        pub seed: Option<u64>,
    }

    fn parse_size(s: &str) -> Result<usize, String> {
        let n: usize = s
            .parse()
            .map_err(|_| format!("`{s}` is not a whole number"))?;
        Config::check_size(n).map_err(|e| e.to_string())
    }

    fn parse_target(s: &str) -> Result<u32, String> {
        let n: u32 = s
            .parse()
            .map_err(|_| format!("`{s}` is not a whole number"))?;
        Config::check_target(n).map_err(|e| e.to_string())
    }

    /// The config and seed from the command line. clap prints the error and exits with code 2
    /// on a bad flag, before any window exists.
    pub fn parse() -> (Config, Option<u64>) {
        let cli = Cli::parse();
        let config = Config::new(cli.size, cli.target).expect("flags were validated");
        (config, cli.seed)
    }
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    let (config, seed) = cli::parse();
    #[cfg(target_arch = "wasm32")]
    let (config, seed) = (g2048::rules::Config::default(), None);
    #[cfg(target_arch = "wasm32")]
    if !g2048::web::page_can_run() {
        return;
    }
    g2048::windowed_app(config, seed).run();
}
