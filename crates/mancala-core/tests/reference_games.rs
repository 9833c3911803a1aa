//! Differential test against the independent reference
//! (`tests/reference/perft.py`, written from docs/rules.md alone): random
//! games of every preset, and of rule sets that use each mechanic, are
//! played by the engine and replayed by the reference
//! (`tests/reference/random_games.py`), which must find the same legal
//! moves and reach the same position at every step, and end the game on
//! the same move. Needs `python3` (the reference uses only its standard
//! library); the test fails if it cannot run, never skips.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use mancala_core::{History, Preset, RuleSet, Rules};
use serde_json::{Value, json};

/// Rule sets in the reference's notation (`PRESET NAME=VALUE ...`, or
/// `NAME.toml` for a rule file of rules/, as the perft files write them):
/// every preset, then variants for mechanics, then rule files.
const CASES: &[&str] = &[
    "kalah",
    "kalah players=3",
    "kalah players=4 houses=4 seeds=3 capture_from=all",
    "kalah capture_empty_opposite=true",
    "oware",
    "modiar",
    "al-manqala",
    "mancala-basic",
    "mankalah",
    "wari",
    "songo",
    "cross-kalah",
    "toguz-kumalak",
    "bohnenspiel",
    "ayoayo",
    "endodoi",
    "dakon",
    "ohvalhu",
    "congkak",
    "vai-lung-thlan",
    "longbeu-a-cha",
    "pallanguzhi",
    "pandi",
    "halusa",
    "ot-tjin",
    "kalah direction=cw",
    "kalah direction=parity",
    "oware direction=parity",
    "modiar direction=parity",
    "oware capture=gap gap_opposite=true chain=true sow_capture_counts=4",
    "kalah capture=next capture_extra_turn=true sow_capture_counts=4 sow_capture_by=sower",
    "oware capture_counts=1,2,3 capture_side=any",
    "kalah players=3 capture=gap",
    "kalah direction=parity capture=gap sow_capture_counts=3",
    "kalah relay=last",
    "kalah stores_sown=none origin=skip relay=last end=any_side_empty,repetition",
    "oware relay=next relay_limit=5 capture=gap sow_capture_counts=4",
    "kalah relay=next relay_on=own no_move=pass",
    "modiar no_move=pass",
    "kalah players=3 no_move=pass relay=last relay_limit=3",
    "oware origin=first_unless_single tuzdyk=true grand_slam=allowed capture_counts=2,4,6,8",
    "kalah origin=first_unless_single relay=last",
    "kalah relay=next capture_ends_relay=true capture_empty_opposite=true",
    "oware relay=last capture_ends_relay=true relay_limit=3",
    "oware relay=next capture=gap capture_ends_relay=true no_capture_moves=3",
    "kalah capture_extra_turn=true capture_extra_turn_limit=1",
    "kalah players=3 capture=gap capture_extra_turn=true capture_extra_turn_limit=2 no_move=pass",
    // A dealt start (docs/rules.md section 1) and an end on few seeds
    // (section 7).
    "kalah layout_seed=5",
    "oware layout_seed=77 end_seeds=3",
    "kalah players=3 houses=4 layout_seed=11 end_seeds=4 leftover=last_mover",
    "oware relay=last capture_ends_relay=true no_move=pass end_seeds=1",
    "kalah capture_leaves_seed=true",
    "kalah players=3 capture_from=all capture_leaves_seed=true relay=last stores_sown=none",
    "oware chain_limit=2 capture_counts=1,2,3,4 capture_side=any",
    "oware capture=gap chain=true chain_limit=2 gap_opposite=true relay=next",
    "oware capture_side=opponent_first capture_counts=1,2,3 single_seed_captures=false",
    "oware capture=gap chain=true capture_side=opponent_first",
    "oware relay=last capture_ends_relay=true single_seed_captures=false",
    "kalah single_seed_captures=false",
    "oware capture=gap sow_capture_counts=4 sow_capture_last=true relay=next",
    "kalah sow_capture_counts=3 sow_capture_last=true sow_capture_by=sower",
    // Sowing both ways (docs/rules.md section 3, issue 30).
    "kalah direction_choice=1,3,6",
    "kalah direction=cw direction_choice=2,5",
    "kalah houses=4 direction=split",
    "kalah players=3 houses=5 seeds=3 direction=split direction_choice=3",
    "oware houses=5 direction=split direction_choice=3",
    "oware direction_choice=1,2,3,4,5,6 grand_slam=forbidden",
    "modiar direction_choice=1,3 pie_rule=true",
    // Captures before sowing (docs/rules.md section 5, issue 30).
    "kalah min_seeds=2 capture_before_sowing=first_seed",
    "oware min_seeds=3 relay=last capture_before_sowing=first_seed no_capture_moves=2",
    "oware capture_before_sowing=single_opposite",
    "kalah relay=last capture_before_sowing=single_opposite grand_slam=no_capture",
    "kalah direction=parity min_seeds=2 capture_before_sowing=first_seed",
    "kalah stores_sown=all capture_opponent_store=true",
    "kalah capture=match capture_side=any",
    "oware capture=match capture_side=any relay=last capture_ends_relay=true stores_sown=none",
    "kalah capture=match capture_side=opponent grand_slam=no_capture",
    "kalah players=3 stores_sown=all capture_opponent_store=true capture_extra_turn=true",
    // Relay on some counts only (docs/rules.md section 3, issue 30).
    "kalah relay=last relay_counts=2,3",
    "oware relay=next relay_counts=1,4 relay_on=opponent",
    // Moves that must reach the opponent (docs/rules.md section 4).
    "kalah reach_opponent=true",
    "oware reach_opponent=true relay=last",
    "kalah reach_opponent=true direction_choice=2,5 stores_sown=all",
    "kalah players=3 houses=4 reach_opponent=true origin=first",
    "kalah single_to_empty=true relay=last",
    "oware single_to_empty=true reach_opponent=true origin=first",
    // A tuzdyk barred across the board (docs/rules.md section 5) and a
    // grand slam that leaves a house (section 6).
    "toguz-kumalak tuzdyk_across=true",
    "toguz-kumalak tuzdyk_across=true houses=5 seeds=5",
    "kalah houses=5 capture=none children=true child_count=2",
    "kalah houses=4 capture=none children=true relay=next child_skip=true direction=cw",
    "krur.toml child_skip=false",
    "krur.toml child_count=3 relay_limit=5",
    "oware grand_slam=leave_first must_feed=false",
    "oware grand_slam=leave_first capture=gap capture_side=any chain=true",
    "kalah grand_slam=leave_first capture=next capture_side=opponent chain=true",
    "kalah grand_slam=leave_first capture=match capture_side=opponent",
    "oware relay=last capture_ends_relay=true end_seeds=4 end_seeds_to=mover",
    // Each player their own way round (docs/rules.md section 3, issue 30).
    "oware direction=opposed",
    "kalah direction=opposed",
    "kalah direction=opposed stores_sown=all extra_turn=any_store direction_choice=2",
    "oware direction=opposed capture=gap capture_side=any chain=true",
    // Relay sowing both ways (docs/rules.md section 3, issue 30).
    "longbeu-a-cha direction_choice=1,2,3,4,5",
    "oware relay=last direction=split houses=6",
    "kalah relay=last direction=opposed",
    "oware relay=next direction_choice=2,3 capture_ends_relay=true",
    "kalah relay=last direction_choice=1 stores_sown=all relay_on=own",
    // The MancalaGames games shipped as rule files (docs/games.md).
    "adji-kui-i.toml",
    "bakuk.toml",
    "cross-wari.toml",
    "djenon-abe.toml",
    "djenon-aboure.toml",
    "bule-perga.toml",
    "hufesay.toml",
    "kale.toml",
    "mandoli.toml",
    "mangala-ii.toml",
    "micro-wari.toml",
    "nocapt.toml",
    "sadeqa-iii.toml",
    "tihbat.toml",
    "valah.toml",
    "crosscapt.toml",
    "simplecapt.toml",
    "goempty-one.toml",
    "waurie.toml",
    "mangala-iv.toml layout_seed=1",
    "bosh.toml",
    "erherhe.toml",
    "voleur.toml",
    "mbangbi.toml",
    "cow.toml",
    "goat.toml",
    "mangala-iii.toml",
    "achochodi.toml",
    "sokusowo.toml",
    "crosscapt-nine.toml",
    "obridjie.toml",
    "goempty-two.toml",
    "leb-bbut-ahbochen.toml",
    "dabuda.toml",
    "ndoto.toml",
    "toguz-xorgol.toml",
    "olowuka.toml",
    "raja-pasu.toml",
    "rio-kadalis.toml",
    "anywoli.toml",
    "hoyito-i.toml",
    "hoyito-ii.toml",
    "pallanguli-rounds.toml",
    "sowopdirs.toml",
    "bay-khom.toml",
    "tap-urdy.toml",
    // Capture on completing a lap (`lap_capture`, issue 30).
    "oware relay=last origin=include grand_slam=allowed capture_side=any must_feed=false capture_counts=4 lap_capture=next",
    "kalah relay=next lap_capture=next capture=count capture_counts=2,3 capture_side=any",
    "oware relay=last grand_slam=allowed capture=gap chain=true lap_capture=relay",
    "kalah relay=last lap_capture=next",
    "depouiller.toml",
    // The opposite capture from the opponent's side (`capture_side` any
    // or own, issue 30).
    "kalah capture_side=any",
    "kalah capture_side=own stores_sown=none extra_turn=none",
    "kalah capture_side=any capture_leaves_seed=true grand_slam=no_capture",
    "kalah capture_side=own relay=last grand_slam=forbidden",
    // Houses changing hands between rounds (docs/rules.md section 8a):
    // a game is the first round.
    "numnum.toml",
    "adi.toml",
    "namnam.toml",
    "nsa-isong.toml",
    "san-yao.toml",
    "ayo-rounds.toml",
    "adji-kui-ii.toml",
    "krur.toml",
    // A house capacity (`capacity`, issue 30): small ones, so that random
    // games fill houses up.
    "urim.toml",
    "kalah capacity=5",
    "oware capacity=5 capture_counts=2,3,4",
    "kalah capacity=6 relay=last stores_sown=all",
    "oware capacity=6 origin=include sow_capture_counts=4 capture=none",
    // A capture on completing a lap in a match whose houses change hands.
    "motiq.toml",
    // The last few seeds to the round's starter (`end_seeds_to =
    // starter`), in matches whose houses change hands.
    "ba-awa.toml",
    "lam-waladach.toml",
    "oware end_seeds=6 end_seeds_to=starter",
    // Only the loser refills between rounds (`rounds = loser_fills`): a
    // game is the first round.
    "jongkak.toml",
    // Houses changing hands, a house filled exactly half drawn by lot
    // (`territory_rest = lot`): a game is the first round.
    "lahemay-waladat.toml",
    // The game's first move from the last house (`first_move`).
    "sadeqa-iv.toml",
    "kalah first_move=last_house",
    // Relay from the mover's own store (`relay_store`).
    "crosscapt-eight.toml",
    "kalah relay=next relay_store=true",
    // The mover's store given to the opponent (`pass_store`).
    "simplecapt-pcapt.toml",
    "kalah pass_store=true",
    // No move straight back (`no_undo`): single seeds on split rows.
    "alemungula.toml",
    "kalah direction=split no_undo=true",
    "oware direction=split houses=4 no_undo=true",
    // Captures while sowing of the sower's own houses only (`sow_capture_by
    // = sower_own`).
    "adi-ii.toml",
    "oware relay=next relay_limit=5 capture=gap sow_capture_counts=4 sow_capture_by=sower_own",
    "kalah sow_capture_counts=3 sow_capture_last=true sow_capture_by=sower_own",
    // Either player moving any house (`no_sides`).
    "nosides.toml",
    "oware must_feed=false grand_slam=allowed no_sides=true",
    "oware must_feed=false grand_slam=allowed direction=cw capture=opposite capture_side=any no_sides=true",
    // The gap capture only from an occupied house (`gap_occupied`).
    "eson-xorgol.toml",
    "oware relay=next relay_limit=5 capture=gap gap_occupied=true",
    "pandi gap_occupied=true",
    // Wegs (`child_kind = weg`): children on either side that keep their
    // seeds, taken 2 (or 1) at a time by the opponent's last seed.
    "qelat-ii.toml",
    "qelat-ii.toml child_count=2 relay_limit=6",
    "kalah houses=4 capture=none children=true child_kind=weg end=no_legal_move",
    "oware houses=5 capture=none children=true child_kind=weg child_count=3 leftover=last_mover",
];

/// Random games per case.
const GAMES: u64 = 30;

/// Plies after which a game is left unfinished (it is still compared).
const CAP: usize = 400;

fn rule_set(line: &str) -> RuleSet {
    let mut words = line.split_whitespace();
    let name = words.next().expect("a preset name or a rule file");
    let mut set = match name.strip_suffix(".toml") {
        Some(file) => {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{file}.toml"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{line}: {e}"));
            RuleSet::from_toml(&text).unwrap_or_else(|e| panic!("{line}: {e}"))
        }
        None => name.parse::<Preset>().unwrap().rules(),
    };
    for change in words {
        let (name, value) = change.split_once('=').expect("NAME=VALUE");
        set.set(name, value)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    set
}

/// One random game of `case`, as the reference script reads it.
fn random_game(case: &str, rules: &Rules, seed: u64) -> Value {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut history = History::new(rules);
    let (mut moves, mut legal, mut positions) = (vec![], vec![], vec![]);
    while !history.is_over() && moves.len() < CAP {
        let options = history.legal_moves();
        legal.push(options.iter().map(|m| m.to_string()).collect::<Vec<_>>());
        let pick = options.get(next() as usize % options.len()).unwrap();
        history.play(pick).unwrap();
        moves.push(pick.to_string());
        positions.push(history.position().to_setup().to_string());
    }
    json!({
        "rules": case,
        "moves": moves,
        "legal": legal,
        "positions": positions,
        "over": history.is_over(),
    })
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut games = Vec::new();
    for case in CASES {
        let rules = Rules::new(&rule_set(case)).unwrap();
        for seed in 0..GAMES {
            games.push(random_game(case, &rules, seed));
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference");
    let mut child = Command::new("python3")
        .arg("random_games.py")
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the differential test needs python3 on the PATH");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(Value::Array(games).to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the reference disagrees:\n{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = format!("{} games, 0 mismatched", CASES.len() as u64 * GAMES);
    assert!(report.contains(&expected), "{report}");
}
