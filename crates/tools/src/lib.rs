//! Empty: the programs are this crate's examples and benches (see Cargo.toml).
