//! Rebuilds the crate when a migration changes: `sqlx::migrate!` embeds
//! them at compile time, and cargo does not watch the folder by itself.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
