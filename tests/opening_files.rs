//! The committed opening files (`data/*openings*.txt`) load through the
//! referee's reader: every line parses, is legal from the start and leaves the
//! game unfinished, and no file repeats an opening. Matches are measured on
//! these files, so a damaged one would be found by a match hours in; this
//! finds it in CI.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use boardbots::referee::load_openings;
use boardbots::{Gomoku, Reversi};

fn data_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

/// An opening: its moves as (x, y).
type Opening = Vec<(i32, i32)>;

/// The Gomoku opening files, each with its openings.
fn gomoku_files() -> Vec<(String, Vec<Opening>)> {
    let mut names: Vec<String> = std::fs::read_dir(data_file(""))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("gomoku-openings") && name.ends_with(".txt"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let openings = load_openings::<Gomoku>(&data_file(&name))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, openings)
        })
        .collect()
}

/// The openings of the file `name` among `files`, as a set.
fn openings_in(files: &[(String, Vec<Opening>)], name: &str) -> HashSet<Opening> {
    let (_, openings) = files
        .iter()
        .find(|f| f.0 == name)
        .unwrap_or_else(|| panic!("no file {name}"));
    openings.iter().cloned().collect()
}

#[test]
fn every_opening_file_loads_without_repeats() {
    let gomoku = gomoku_files();
    // Six files today; a file renamed away from the pattern would leave
    // this test reading fewer.
    assert!(gomoku.len() >= 6, "{:?}", gomoku.iter().map(|f| &f.0));
    let reversi = (
        "reversi-xot-openings.txt".to_string(),
        load_openings::<Reversi>(&data_file("reversi-xot-openings.txt")).unwrap(),
    );
    for (name, openings) in gomoku.iter().chain(std::iter::once(&reversi)) {
        let distinct: HashSet<_> = openings.iter().collect();
        assert_eq!(distinct.len(), openings.len(), "{name} repeats an opening");
    }
}

/// `gomoku-openings-s26.txt` was made to test changes chosen on the other
/// Rapfi-judged files, so it shares no opening with them.
#[test]
fn the_fresh_gomoku_file_shares_no_opening() {
    let files = gomoku_files();
    let openings_of = |name: &str| openings_in(&files, name);
    let fresh = openings_of("gomoku-openings-s26.txt");
    assert_eq!(fresh.len(), 181);
    for other in ["gomoku-openings.txt", "gomoku-openings-s25.txt"] {
        let shared = fresh.intersection(&openings_of(other)).count();
        assert_eq!(shared, 0, "s26 shares {shared} openings with {other}");
    }
}

/// Each decisive-openings file is a subset of the file whose matches chose
/// it (`data/README.md`): a match on it measures the same openings.
#[test]
fn decisive_files_are_subsets_of_their_sources() {
    let files = gomoku_files();
    let openings_of = |name: &str| openings_in(&files, name);
    for (decisive, source, count) in [
        (
            "gomoku-openings-decisive.txt",
            "gomoku-openings-s25.txt",
            73,
        ),
        (
            "gomoku-openings-rapfi-decisive.txt",
            "gomoku-openings-s26.txt",
            59,
        ),
        (
            "gomoku-openings-rapfi-1s-decisive.txt",
            "gomoku-openings-s26.txt",
            52,
        ),
    ] {
        let chosen = openings_of(decisive);
        assert_eq!(chosen.len(), count, "{decisive}");
        let outside = chosen.difference(&openings_of(source)).count();
        assert_eq!(
            outside, 0,
            "{decisive} has {outside} openings not in {source}"
        );
    }
}
