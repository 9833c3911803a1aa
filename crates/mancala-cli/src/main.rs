//! The `mancala` command line (placeholder until the CLI issue lands).

fn main() {
    println!(
        "mancala {}: the command line is not built yet; see the README",
        env!("CARGO_PKG_VERSION")
    );
}
