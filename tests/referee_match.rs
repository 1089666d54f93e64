//! Whole matches through the `referee` executable: built-in engines in
//! parallel, openings, early SPRT stops, replays, and refused set-ups.
//! Every log is replayed through the rules library and must agree.

mod referee_support;

use std::collections::HashMap;

use boardbots::referee::{GameRecord, GameResult, Termination};
use boardbots::{Game, Outcome, Player, TicTacToe};
use referee_support::{bot, records, referee, Scratch};

/// Replays a logged game through the rules and checks that its result and
/// termination follow from the moves.
fn check_against_rules<G: Game>(record: &GameRecord) {
    let mut position = G::start();
    for (ply, &[x, y]) in record.moves.iter().enumerate() {
        let m = G::move_from_xy(x, y).unwrap_or_else(|| panic!("ply {ply}: ({x},{y})"));
        position
            .try_play(m)
            .unwrap_or_else(|e| panic!("game {}: ply {ply}: {e}", record.number));
    }
    let opening: Vec<[i32; 2]> = record.moves[..record.opening.len()].to_vec();
    assert_eq!(opening, record.opening, "the opening starts the game");
    match record.termination {
        Termination::Normal => {
            let expected = match position.outcome().expect("a normal end is a finished game") {
                Outcome::Win(Player::Black) => GameResult::Black,
                Outcome::Win(Player::White) => GameResult::White,
                Outcome::Draw => GameResult::Draw,
            };
            assert_eq!(record.result, expected, "game {}", record.number);
        }
        _ => {
            assert!(position.outcome().is_none(), "a fault happens mid-game");
            let loser = position.side_to_move();
            assert_eq!(record.result, GameResult::win_for(loser.opponent()));
        }
    }
}

/// A's (wins, losses, draws) counted from the log.
fn score_of_a(games: &[GameRecord]) -> (usize, usize, usize) {
    let mut score = (0, 0, 0);
    for game in games {
        match (game.result, game.player_a.as_str()) {
            (GameResult::Draw, _) => score.2 += 1,
            (GameResult::Black, "black") | (GameResult::White, "white") => score.0 += 1,
            _ => score.1 += 1,
        }
    }
    score
}

#[test]
fn hundred_builtin_games_in_parallel_replay_to_the_logged_results() {
    let scratch = Scratch::new("hundred");
    let log = scratch.path("games.jsonl");
    let run = referee(
        &scratch,
        &[
            "play",
            "tictactoe",
            "builtin:random",
            "builtin:random",
            "--games",
            "100",
            "--concurrency",
            "2",
            "--seed",
            "11",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let mut games = records(&log);
    assert_eq!(games.len(), 100);
    games.sort_by_key(|g| g.number);
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game.number, i + 1);
        // A is Black in games 1, 3, 5, ...
        assert_eq!(game.player_a, if i % 2 == 0 { "black" } else { "white" });
        assert_eq!(game.termination, Termination::Normal);
        assert_eq!(game.times_ms.len(), game.moves.len());
        check_against_rules::<TicTacToe>(game);
    }
    let (w, l, d) = score_of_a(&games);
    assert!(
        run.stdout.contains(&format!(
            "Score of builtin:random vs builtin:random: {w} - {l} - {d}"
        )),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Elo difference: "));
    assert!(run.stdout.contains("(50 pairs)"));
    // Random play is not all one result.
    assert!(w > 0 && l > 0, "{}", run.stdout);
}

#[test]
fn random_openings_are_shared_by_pairs_and_seen_by_bots_as_history() {
    let scratch = Scratch::new("random-openings");
    let log = scratch.path("games.jsonl");
    let command = format!("{} json keep", bot("ttt_player.sh"));
    let run = referee(
        &scratch,
        &[
            "play",
            "tictactoe",
            &command,
            "builtin:random",
            "--games",
            "8",
            "--random-plies",
            "3",
            "--seed",
            "5",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert_eq!(games.len(), 8);
    let mut by_pair: HashMap<usize, Vec<&GameRecord>> = HashMap::new();
    for game in &games {
        assert_eq!(game.opening.len(), 3);
        // The bot never answers on an opening point: it saw the opening.
        assert_eq!(game.termination, Termination::Normal, "{game:?}");
        check_against_rules::<TicTacToe>(game);
        by_pair.entry((game.number - 1) / 2).or_default().push(game);
    }
    let distinct: std::collections::HashSet<_> = games.iter().map(|g| g.opening.clone()).collect();
    assert!(distinct.len() > 1, "pairs get different openings");
    for pair in by_pair.values() {
        assert_eq!(pair.len(), 2);
        assert_eq!(pair[0].opening, pair[1].opening, "same opening in a pair");
        assert_ne!(pair[0].player_a, pair[1].player_a, "colours swap in a pair");
    }
}

/// The opening of each pair of a `referee play` of tictactoe with `openings`
/// (one pair per two games).
fn pair_openings(
    scratch: &Scratch,
    openings: &std::path::Path,
    pairs: usize,
    seed: Option<&str>,
) -> Vec<Vec<[i32; 2]>> {
    let log = scratch.path(&format!("games-{}.jsonl", seed.unwrap_or("default")));
    let games = (2 * pairs).to_string();
    let mut args = vec![
        "play",
        "tictactoe",
        "builtin:random",
        "builtin:random",
        "--games",
        &games,
        "--openings",
        openings.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ];
    if let Some(seed) = seed {
        args.extend(["--seed", seed]);
    }
    let run = referee(scratch, &args);
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert_eq!(games.len(), 2 * pairs);
    let mut by_pair = vec![Vec::new(); pairs];
    for game in &games {
        check_against_rules::<TicTacToe>(game);
        let pair = (game.number - 1) / 2;
        if !by_pair[pair].is_empty() {
            assert_eq!(by_pair[pair], game.opening, "both games of a pair");
        }
        by_pair[pair] = game.opening.clone();
    }
    by_pair
}

#[test]
fn openings_file_lines_are_used_in_order_with_the_default_seed() {
    let scratch = Scratch::new("openings-file");
    let book = scratch.path("book.txt");
    std::fs::write(&book, "# three openings\n1,1 0,0\n2 2;0 2\n0,1 1,1\n").unwrap();
    let lines = [[[1, 1], [0, 0]], [[2, 2], [0, 2]], [[0, 1], [1, 1]]];
    // From the top, then cycling through the file.
    let played = pair_openings(&scratch, &book, 5, None);
    for (pair, opening) in played.iter().enumerate() {
        assert_eq!(opening, &lines[pair % 3].to_vec());
    }
}

#[test]
fn a_seed_plays_every_line_once_in_its_own_order_and_other_seeds_other_lines() {
    let scratch = Scratch::new("openings-seeded");
    let book = scratch.path("book.txt");
    let mut lines = Vec::new();
    for first in 0..9 {
        for second in 0..9 {
            if first != second && lines.len() < 30 {
                lines.push(vec![[first % 3, first / 3], [second % 3, second / 3]]);
            }
        }
    }
    let text: String = lines
        .iter()
        .map(|l| format!("{},{} {},{}\n", l[0][0], l[0][1], l[1][0], l[1][1]))
        .collect();
    std::fs::write(&book, text).unwrap();
    let mut runs = Vec::new();
    for seed in ["1", "3"] {
        let played = pair_openings(&scratch, &book, 31, Some(seed));
        // The first 30 pairs meet every line once, in an order of their own;
        // the 31st starts the cycle again.
        let mut sorted = played[..30].to_vec();
        sorted.sort();
        let mut all = lines.clone();
        all.sort();
        assert_eq!(sorted, all, "seed {seed}: every line once");
        assert_ne!(played[..30], lines[..], "seed {seed}: not the file's order");
        assert_eq!(played[30], played[0], "seed {seed}: the cycle starts again");
        runs.push(played);
    }
    // Two short runs of nearby seeds share few lines (taking the lines from
    // `seed mod lines` on, seeds 1 and 3 would share 3 of their first 5).
    let shared = runs[0][..5]
        .iter()
        .filter(|o| runs[1][..5].contains(o))
        .count();
    assert!(shared < 3, "{shared} of 5 shared");
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let scratch = Scratch::new("sprt");
    let log = scratch.path("games.jsonl");
    let loser = bot("illegal.sh");
    let run = referee(
        &scratch,
        &[
            "play",
            "tictactoe",
            "builtin:random",
            &loser,
            "--games",
            "1000",
            "--sprt",
            "0,10",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert!(games.len() < 1000, "stopped after {} games", games.len());
    assert!(run.stdout.contains("SPRT: llr "), "{}", run.stdout);
    assert!(run.stdout.contains("H1 was accepted"), "{}", run.stdout);
    assert!(games
        .iter()
        .all(|g| g.termination == Termination::IllegalMove));
}

#[test]
fn replay_writes_a_self_contained_page() {
    let scratch = Scratch::new("replay");
    let log = scratch.path("games.jsonl");
    let page = scratch.path("game.html");
    let run = referee(
        &scratch,
        &[
            "play",
            "tictactoe",
            "builtin:random",
            "builtin:random",
            "--games",
            "2",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let run = referee(
        &scratch,
        &[
            "replay",
            log.to_str().unwrap(),
            "--game",
            "2",
            "--out",
            page.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    let game = records(&log).into_iter().find(|g| g.number == 2).unwrap();
    assert!(html.contains("<svg") && html.contains("<script>"));
    assert!(!html.contains("src=\"http"), "no external resources");
    // One board state per ply plus the start.
    let states = html.matches("\"views\":[").count();
    assert_eq!(states, 1);
    let first_state = format!("\"views\":[{{\"cells\":\"{}\"", ".".repeat(9));
    assert!(html.contains(&first_state));
    assert!(html.contains(&format!("max=\"{}\"", game.moves.len())));
    let missing = referee(
        &scratch,
        &[
            "replay",
            log.to_str().unwrap(),
            "--game",
            "9",
            "--out",
            page.to_str().unwrap(),
        ],
    );
    assert!(!missing.output.status.success());
}

#[test]
fn refused_set_ups_fail_clearly() {
    let scratch = Scratch::new("refused");
    let simple_gomoku = referee(
        &scratch,
        &[
            "play",
            "gomoku",
            "./some-bot",
            "builtin:random",
            "--io",
            "simple",
        ],
    );
    assert_eq!(simple_gomoku.output.status.code(), Some(2));
    assert!(simple_gomoku.stderr.contains("gomoku has no simple I/O"));
    let unknown = referee(
        &scratch,
        &[
            "play",
            "tictactoe",
            "builtin:nosuchengine",
            "builtin:random",
        ],
    );
    assert_eq!(unknown.output.status.code(), Some(2));
    assert!(
        unknown.stderr.contains("no built-in engine"),
        "{}",
        unknown.stderr
    );
    // A tuning option the engine does not have: refused before any game,
    // naming the spec and the keys it does have.
    let log = scratch.path("tuned.jsonl");
    let bad_option = referee(
        &scratch,
        &[
            "play",
            "gomoku",
            "builtin:alphabeta,threads=2,lmp=4",
            "builtin:random",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert_eq!(bad_option.output.status.code(), Some(2));
    assert_eq!(
        bad_option.stderr.lines().count(),
        1,
        "{}",
        bad_option.stderr
    );
    assert!(
        bad_option
            .stderr
            .contains("builtin:alphabeta,threads=2,lmp=4: alphabeta has no option \"lmp\"")
            && bad_option.stderr.contains("lmp_base"),
        "{}",
        bad_option.stderr
    );
    assert!(!log.exists(), "no game was logged");
    for time in ["1e20", "0", "-1", "nan"] {
        let absurd = referee(
            &scratch,
            &[
                "play",
                "tictactoe",
                "builtin:random",
                "builtin:random",
                "--time",
                time,
            ],
        );
        assert_eq!(absurd.output.status.code(), Some(2), "--time {time}");
        assert!(absurd.stderr.contains("--time"), "{}", absurd.stderr);
        assert!(!absurd.stderr.contains("panicked"), "{}", absurd.stderr);
    }
}

/// A short parallel match of random engines in `name`, replayed through `G`'s rules.
fn short_match_replays<G: Game>(name: &str) {
    let scratch = Scratch::new(name);
    let log = scratch.path("games.jsonl");
    let run = referee(
        &scratch,
        &[
            "play",
            name,
            "builtin:random",
            "builtin:random",
            "--games",
            "6",
            "--concurrency",
            "2",
            "--random-plies",
            "2",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert_eq!(games.len(), 6);
    for game in &games {
        assert_eq!(game.game, name);
        assert_eq!(game.termination, Termination::Normal);
        check_against_rules::<G>(game);
    }
}

#[test]
fn short_gomoku_match_replays_through_the_rules() {
    short_match_replays::<boardbots::Gomoku>("gomoku");
}

#[test]
fn short_nogo_match_replays_through_the_rules() {
    short_match_replays::<boardbots::NoGo>("nogo");
}

#[test]
fn reversi_match_from_xot_openings_replays_through_the_rules() {
    let scratch = Scratch::new("reversi-xot");
    let log = scratch.path("games.jsonl");
    let book =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/reversi-xot-openings.txt");
    let run = referee(
        &scratch,
        &[
            "play",
            "reversi",
            "builtin:random",
            "builtin:random",
            "--games",
            "10",
            "--concurrency",
            "2",
            "--openings",
            book.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert_eq!(games.len(), 10);
    // The file's first line, f5d6c4d3c2b3b4b5, opens the first pair.
    let first_pair: Vec<[i32; 2]> = vec![
        [5, 4],
        [3, 5],
        [2, 3],
        [3, 2],
        [2, 1],
        [1, 2],
        [1, 3],
        [1, 4],
    ];
    for game in &games {
        assert_eq!(game.opening.len(), 8);
        if game.number <= 2 {
            assert_eq!(game.opening, first_pair);
        }
        assert_eq!(game.termination, Termination::Normal);
        check_against_rules::<boardbots::Reversi>(game);
    }
}

#[test]
fn reversi_pass_with_moves_left_is_a_bad_pass() {
    let scratch = Scratch::new("reversi-pass");
    let log = scratch.path("games.jsonl");
    let run = referee(
        &scratch,
        &[
            "play",
            "reversi",
            &bot("pass.sh"),
            "builtin:random",
            "--games",
            "2",
            "--time",
            "0.3",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    for game in records(&log) {
        assert_eq!(game.termination, Termination::BadPass, "{game:?}");
        assert_eq!(game.refused_move, Some([-1, -1]));
        check_against_rules::<boardbots::Reversi>(&game);
    }
}
