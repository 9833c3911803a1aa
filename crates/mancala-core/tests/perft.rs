use mancala_core::*;
#[test]
fn quick() {
    for p in [Preset::Kalah, Preset::Oware] {
        let rules = Rules::new(&p.rules()).unwrap();
        let pos = Position::new(&rules);
        let v: Vec<u64> = (1..=8).map(|d| perft(&pos, d)).collect();
        println!("{p}: {v:?}");
    }
}
