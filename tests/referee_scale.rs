//! The referee at scale: tournaments, shards merged by `referee stats`,
//! resuming a log after the referee was killed, and no bot outliving a
//! referee stopped by SIGINT or SIGTERM.

mod referee_support;

use std::collections::HashSet;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use boardbots::referee::{GameRecord, GameResult};
use referee_support::{assert_no_leftovers, bot, records, referee, Run, Scratch};

/// The same tournament every time: deterministic built-in engines, seeded.
fn tournament_args<'a>(log: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "tournament",
        "tictactoe",
        "rand=builtin:random",
        "perfect=builtin:perfect",
        "rand2=builtin:random",
        "--games",
        "30",
        "--seed",
        "17",
        "--log",
        log,
    ];
    args.extend_from_slice(extra);
    args
}

#[test]
fn four_shards_merged_print_what_one_run_prints() {
    let scratch = Scratch::new("shards");
    let full_log = scratch.path("full.jsonl");
    let single = referee(
        &scratch,
        &tournament_args(full_log.to_str().unwrap(), &["--concurrency", "2"]),
    );
    assert!(single.output.status.success(), "{}", single.stderr);
    assert_eq!(records(&full_log).len(), 90);
    assert!(single
        .stdout
        .starts_with("Tournament (round-robin): 3 players, 90 games"));

    // Four shards as separate processes at once, as a batch system would run them.
    let start = Instant::now();
    let shard_logs: Vec<_> = (0..4)
        .map(|i| scratch.path(&format!("shard{i}.jsonl")))
        .collect();
    let children: Vec<_> = shard_logs
        .iter()
        .enumerate()
        .map(|(i, log)| {
            let shard = format!("{i}/4");
            Command::new(env!("CARGO_BIN_EXE_referee"))
                .args(tournament_args(log.to_str().unwrap(), &["--shard", &shard]))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("the referee starts")
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    eprintln!("4 shards of 90 games took {:?}", start.elapsed());
    let mut ids = HashSet::new();
    for log in &shard_logs {
        let games = records(log);
        assert!(!games.is_empty(), "every shard plays some pairs");
        for game in games {
            assert!(ids.insert(game.id.clone()), "{} in two shards", game.id);
        }
    }
    assert_eq!(ids.len(), 90);

    // A shard's log given twice: its games count once.
    let mut stats_args = vec!["stats".to_string()];
    stats_args.extend(shard_logs.iter().map(|p| p.display().to_string()));
    stats_args.push(shard_logs[2].display().to_string());
    let stats_args: Vec<&str> = stats_args.iter().map(String::as_str).collect();
    let merged = referee(&scratch, &stats_args);
    assert!(merged.output.status.success(), "{}", merged.stderr);
    assert_shards_restate_the_single_run(&scratch, &merged, &single, &full_log, "perfect");
    assert!(
        merged.stderr.contains("90 games from 5 logs"),
        "{}",
        merged.stderr
    );
}

#[test]
fn match_shards_merge_with_the_sprt_line() {
    let scratch = Scratch::new("match-shards");
    let play = |log: &Path, extra: &[&str]| {
        let mut args = logged_match_args(log, "builtin:perfect", "40", false);
        args.extend_from_slice(&["--seed", "5"]);
        args.extend_from_slice(extra);
        referee(&scratch, &args)
    };
    let single = play(&scratch.path("full.jsonl"), &[]);
    assert!(single.output.status.success(), "{}", single.stderr);
    let halves = [scratch.path("a.jsonl"), scratch.path("b.jsonl")];
    for (i, log) in halves.iter().enumerate() {
        let shard = format!("{i}/2");
        assert!(play(log, &["--shard", &shard]).output.status.success());
    }
    let merged = referee(
        &scratch,
        &[
            "stats",
            halves[0].to_str().unwrap(),
            halves[1].to_str().unwrap(),
        ],
    );
    assert_shards_restate_the_single_run(
        &scratch,
        &merged,
        &single,
        &scratch.path("full.jsonl"),
        "builtin:perfect",
    );
    assert!(merged
        .stdout
        .starts_with("Score of builtin:random vs builtin:perfect: "));
    // The test on the merged games is the one the single run would print.
    let with_sprt = referee(
        &scratch,
        &[
            "stats",
            "--sprt=-50,50",
            halves[0].to_str().unwrap(),
            halves[1].to_str().unwrap(),
        ],
    );
    assert!(
        with_sprt.stdout.contains("SPRT: llr "),
        "{}",
        with_sprt.stdout
    );
    // A shard cannot stop on an SPRT of its own.
    let refused = play(
        &scratch.path("c.jsonl"),
        &["--shard", "0/2", "--sprt", "0,10"],
    );
    assert!(!refused.output.status.success());
}

#[test]
fn gauntlet_pairs_the_first_player_with_each_other() {
    let scratch = Scratch::new("gauntlet");
    let log = scratch.path("games.jsonl");
    let run = referee(
        &scratch,
        &[
            "tournament",
            "tictactoe",
            "hero=builtin:perfect",
            "a=builtin:random",
            "b=builtin:random",
            "c=builtin:random",
            "--format",
            "gauntlet",
            "--games",
            "4",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(run.output.status.success(), "{}", run.stderr);
    let games = records(&log);
    assert_eq!(games.len(), 12);
    for game in &games {
        assert!(game.black == "hero" || game.white == "hero", "{game:?}");
    }
    // hero never loses, so it tops the list.
    let top = run.stdout.lines().nth(2).unwrap();
    assert!(
        top.split_whitespace().nth(1) == Some("hero"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Crosstable"));
    // Two players with one name are refused.
    let same = referee(
        &scratch,
        &[
            "tournament",
            "tictactoe",
            "builtin:random",
            "builtin:random",
        ],
    );
    assert!(!same.output.status.success());
    assert!(same.stderr.contains("NAME=SPEC"), "{}", same.stderr);
}

#[test]
fn separate_runs_add_up_where_one_run_would_merge_them() {
    let scratch = Scratch::new("separate-runs");
    let logs = [scratch.path("s1.jsonl"), scratch.path("s2.jsonl")];
    for (log, seed) in logs.iter().zip(["1", "2"]) {
        let mut args = logged_match_args(log, "builtin:perfect", "10", false);
        args.extend_from_slice(&["--seed", seed]);
        let run = referee(&scratch, &args);
        assert!(run.output.status.success(), "{}", run.stderr);
    }
    let score_line = |(w, l, d): (usize, usize, usize)| {
        format!("Score of builtin:random vs builtin:perfect: {w} - {l} - {d} ")
    };
    let [first, second] = logs.each_ref().map(|p| p.to_str().unwrap());
    let [first_games, second_games] = logs.each_ref().map(|p| records(p));
    // As one run, the second log's games share the first's ids: counted once.
    let merged = referee(&scratch, &["stats", first, second]);
    assert!(
        merged.stderr.contains("10 games from 2 logs"),
        "{}",
        merged.stderr
    );
    assert!(
        merged
            .stdout
            .starts_with(&score_line(score_of_a(&first_games))),
        "{}",
        merged.stdout
    );
    let added = referee(&scratch, &["stats", "--separate-runs", first, second]);
    assert!(added.output.status.success(), "{}", added.stderr);
    assert!(
        added.stderr.contains("20 games from 2 logs"),
        "{}",
        added.stderr
    );
    let both = [first_games, second_games].concat();
    assert!(
        added.stdout.starts_with(&score_line(score_of_a(&both))),
        "{}",
        added.stdout
    );
    assert!(added.stdout.contains("(10 pairs)"), "{}", added.stdout);
}

/// `stats` over the shards' logs (`merged`) prints the single run's report
/// but for the turn times: the shards played the same seeded games again,
/// and turn times are measured. `stats` over the single run's own log
/// (`single_log`) restates its whole report, `player`'s turn times included.
fn assert_shards_restate_the_single_run(
    scratch: &Scratch,
    merged: &Run,
    single: &Run,
    single_log: &Path,
    player: &str,
) {
    assert_eq!(results_only(&merged.stdout), results_only(&single.stdout));
    let restated = referee(scratch, &["stats", single_log.to_str().unwrap()]);
    assert!(restated.output.status.success(), "{}", restated.stderr);
    assert_eq!(restated.stdout, single.stdout);
    let line = format!("Turn times of {player}: longest ");
    assert!(single.stdout.contains(&line), "{}", single.stdout);
}

/// A match or tournament report without its turn-time lines: what two plays
/// of the same seeded games print alike.
fn results_only(report: &str) -> String {
    report
        .lines()
        .filter(|line| !line.starts_with("Turn times of "))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// `referee play tictactoe builtin:random OPPONENT --games GAMES --log LOG`,
/// with `--resume` when asked.
fn logged_match_args<'a>(
    log: &'a std::path::Path,
    opponent: &'a str,
    games: &'a str,
    resume: bool,
) -> Vec<&'a str> {
    let mut args = vec![
        "play",
        "tictactoe",
        "builtin:random",
        opponent,
        "--games",
        games,
        "--log",
        log.to_str().unwrap(),
    ];
    if resume {
        args.push("--resume");
    }
    args
}

#[test]
fn an_existing_log_is_only_continued_with_resume() {
    let scratch = Scratch::new("no-clobber");
    let log = scratch.path("games.jsonl");
    let args = |resume: bool| logged_match_args(&log, "builtin:random", "6", resume);
    assert!(referee(&scratch, &args(false)).output.status.success());
    let before = std::fs::read_to_string(&log).unwrap();
    let again = referee(&scratch, &args(false));
    assert!(!again.output.status.success());
    assert!(again.stderr.contains("--resume"), "{}", again.stderr);
    let resumed = referee(&scratch, &args(true));
    assert!(resumed.output.status.success(), "{}", resumed.stderr);
    assert!(resumed
        .stderr
        .contains("holds 6 games of this run; playing 0 more"));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), before);
    assert!(resumed.stdout.contains("6\n"), "{}", resumed.stdout);
}

/// A match of the slow shell bot (0.2 s a turn) against the random engine.
fn slow_match(scratch: &Scratch, marker: &str, log: &Path, resume: bool) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_referee"));
    command
        .args([
            "play",
            "tictactoe",
            &format!("slow={} {marker}", bot("slow_player.sh")),
            "builtin:random",
            "--games",
            "12",
            "--concurrency",
            "2",
            "--time",
            "2",
            "--seed",
            "9",
            "--log",
            log.to_str().unwrap(),
        ])
        .env("BOT_PGID_FILE", scratch.path("pgids"))
        .stdin(Stdio::null());
    if resume {
        command.arg("--resume");
    }
    command
}

/// Waits until the log holds `lines` complete lines.
fn wait_for_lines(log: &Path, lines: usize) {
    let give_up = Instant::now() + Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        if text.matches('\n').count() >= lines {
            return;
        }
        assert!(Instant::now() < give_up, "the log did not grow");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, signal: libc::c_int) {
    // SAFETY: sends a signal to a child this test started and has not reaped.
    unsafe {
        libc::kill(child.id() as libc::pid_t, signal);
    }
}

/// Kills whatever is left in the bots' process groups (after a SIGKILL of
/// the referee, which cannot clean up).
fn kill_recorded_groups(scratch: &Scratch) {
    let pgids = std::fs::read_to_string(scratch.path("pgids")).unwrap_or_default();
    for pgid in pgids.split_whitespace().filter_map(|p| p.parse().ok()) {
        // SAFETY: only signals; the groups were the bots' of this test.
        unsafe {
            libc::killpg(pgid, libc::SIGKILL);
        }
    }
}

/// A's (wins, losses, draws) from the log.
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

fn interrupted_then_resumed(sig: libc::c_int, tag: &str) {
    let marker = format!("resumemarker{}{tag}", std::process::id());
    let scratch = Scratch::new(&format!("resume-{tag}"));
    let log = scratch.path("games.jsonl");
    let mut first = slow_match(&scratch, &marker, &log, false)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_lines(&log, 3);
    signal(&first, sig);
    let status = first.wait().unwrap();
    if sig == libc::SIGKILL {
        kill_recorded_groups(&scratch);
    } else {
        assert_eq!(status.code(), Some(128 + sig), "exit code after the signal");
        let mut stderr = String::new();
        use std::io::Read;
        first
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert!(stderr.contains("--resume"), "{stderr}");
        assert_no_leftovers(&scratch, &marker);
    }
    let kept = records(&log);
    assert!(
        kept.len() >= 3 && kept.len() < 12,
        "{} games kept",
        kept.len()
    );

    let second = slow_match(&scratch, &marker, &log, true).output().unwrap();
    let stderr = String::from_utf8_lossy(&second.stderr);
    let stdout = String::from_utf8_lossy(&second.stdout);
    assert!(second.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "holds {} games of this run; playing {} more",
            kept.len(),
            12 - kept.len()
        )),
        "{stderr}"
    );
    let all = records(&log);
    assert_eq!(all.len(), 12, "only the missing games were played");
    assert_eq!(
        all[..kept.len()],
        kept[..],
        "the kept games stay as they were"
    );
    let ids: HashSet<&str> = all.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids.len(), 12);
    let (w, l, d) = score_of_a(&all);
    assert!(
        stdout.contains(&format!("Score of slow vs builtin:random: {w} - {l} - {d}")),
        "{stdout}"
    );
    assert_no_leftovers(&scratch, &marker);
}

#[test]
fn sigterm_kills_every_bot_and_resume_plays_the_rest() {
    interrupted_then_resumed(libc::SIGTERM, "term");
}

#[test]
fn sigint_kills_every_bot_and_resume_plays_the_rest() {
    interrupted_then_resumed(libc::SIGINT, "int");
}

#[test]
fn resume_after_sigkill_plays_only_the_missing_games() {
    interrupted_then_resumed(libc::SIGKILL, "kill");
}

#[test]
fn sigterm_during_a_tournament_kills_hanging_bots_and_their_children() {
    let marker = format!("hangmarker{}", std::process::id());
    let scratch = Scratch::new("hang-term");
    let hang = format!("{} {marker}", bot("hang.sh"));
    let mut referee = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args([
            "tournament",
            "tictactoe",
            &format!("h1={hang}"),
            &format!("h2={hang}"),
            "r=builtin:random",
            "--games",
            "2",
            "--concurrency",
            "3",
            "--time",
            "30",
        ])
        .env("BOT_PGID_FILE", scratch.path("pgids"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until at least two bots (each with a sleeping child) are running.
    let give_up = Instant::now() + Duration::from_secs(30);
    while std::fs::read_to_string(scratch.path("pgids"))
        .unwrap_or_default()
        .split_whitespace()
        .count()
        < 2
    {
        assert!(Instant::now() < give_up, "the bots did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let sent = Instant::now();
    signal(&referee, libc::SIGTERM);
    let status = referee.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "{:?}",
        sent.elapsed()
    );
    assert_no_leftovers(&scratch, &marker);
}

#[test]
fn a_torn_last_line_is_cut_before_resuming() {
    let scratch = Scratch::new("torn");
    let log = scratch.path("games.jsonl");
    let args = |resume: bool| logged_match_args(&log, "builtin:perfect", "4", resume);
    assert!(referee(&scratch, &args(false)).output.status.success());
    let text = std::fs::read_to_string(&log).unwrap();
    // Cut in the middle of the last record, as a SIGKILL during the write would.
    let last_start = text.trim_end().rfind('\n').unwrap() + 1;
    let torn = &text[..last_start + 30];
    std::fs::write(&log, torn).unwrap();
    let stats = referee(&scratch, &["stats", log.to_str().unwrap()]);
    assert!(stats.stderr.contains("torn last line"), "{}", stats.stderr);
    assert!(stats.stdout.contains("] 3\n"), "{}", stats.stdout);
    let resumed = referee(&scratch, &args(true));
    assert!(resumed.output.status.success(), "{}", resumed.stderr);
    assert_eq!(records(&log).len(), 4);
    assert!(resumed.stdout.contains("] 4\n"), "{}", resumed.stdout);
}

/// `referee openings` keeps exactly the openings with a decisive pair (one
/// player scoring more over both colours), counted here from the records,
/// and writes them as an openings file the referee plays from.
#[test]
fn decisive_openings_are_written_as_an_openings_file() {
    let scratch = Scratch::new("decisive");
    let log = scratch.path("games.jsonl");
    let log_text = log.to_str().unwrap();
    // A match of random against perfect play, logged; `extra` picks its openings.
    let play = |games: &str, log: &Path, extra: &[&str]| {
        let mut args = logged_match_args(log, "builtin:perfect", games, false);
        args.extend_from_slice(extra);
        referee(&scratch, &args)
    };
    let played = play("40", &log, &["--random-plies", "2", "--seed", "3"]);
    assert!(played.output.status.success(), "{}", played.stderr);

    // The oracle: player A's points per pair, from the records alone.
    let mut points: std::collections::HashMap<String, (Vec<[i32; 2]>, f64)> = Default::default();
    for record in records(&log) {
        let pair = record.id.rsplit_once('-').unwrap().0.to_string();
        let a_won = match record.result {
            GameResult::Draw => 0.5,
            GameResult::Black if record.player_a == "black" => 1.0,
            GameResult::White if record.player_a == "white" => 1.0,
            _ => 0.0,
        };
        points
            .entry(pair)
            .or_insert((record.opening.clone(), 0.0))
            .1 += a_won;
    }
    let decisive: HashSet<Vec<[i32; 2]>> = points
        .values()
        .filter(|(_, p)| *p != 1.0)
        .map(|(opening, _)| opening.clone())
        .collect();
    assert!(!decisive.is_empty() && decisive.len() < points.len());

    let kept = referee(&scratch, &["openings", log_text, "--min-decisive", "1"]);
    assert!(kept.output.status.success(), "{}", kept.stderr);
    let lines: Vec<&str> = kept
        .stdout
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect();
    assert_eq!(lines.len(), decisive.len(), "{}", kept.stdout);

    let file = scratch.path("decisive.txt");
    std::fs::write(&file, &kept.stdout).unwrap();
    let again = scratch.path("again.jsonl");
    let replayed = play("2", &again, &["--openings", file.to_str().unwrap()]);
    assert!(replayed.output.status.success(), "{}", replayed.stderr);
    let first = &records(&again)[0];
    assert!(decisive.contains(&first.opening), "{:?}", first.opening);
}

/// `referee compare` pairs the games of two runs by opening and A's
/// colour, whatever order each seed played the openings in, and its counts
/// equal those computed here from the records.
#[test]
fn compare_pairs_two_runs_by_opening_and_colour() {
    let scratch = Scratch::new("compare");
    let play = |log: &Path, extra: &[&str]| {
        let mut args = logged_match_args(log, "builtin:perfect", "24", false);
        args.extend_from_slice(extra);
        let played = referee(&scratch, &args);
        assert!(played.output.status.success(), "{}", played.stderr);
    };
    // Every opening of a first run, as an openings file.
    let source = scratch.path("source.jsonl");
    play(&source, &["--random-plies", "2", "--seed", "3"]);
    let all = referee(
        &scratch,
        &["openings", source.to_str().unwrap(), "--min-decisive", "0"],
    );
    assert!(all.output.status.success(), "{}", all.stderr);
    let file = scratch.path("openings.txt");
    std::fs::write(&file, &all.stdout).unwrap();
    let (first, second) = (scratch.path("first.jsonl"), scratch.path("second.jsonl"));
    play(
        &first,
        &["--openings", file.to_str().unwrap(), "--seed", "5"],
    );
    play(
        &second,
        &["--openings", file.to_str().unwrap(), "--seed", "6"],
    );

    // The oracle: A's points per (opening, colour, occurrence) in each run.
    let keyed = |log: &Path| {
        let mut seen: std::collections::HashMap<(Vec<[i32; 2]>, String), usize> =
            Default::default();
        let mut points = std::collections::HashMap::new();
        for record in records(log) {
            let a_points = match record.result {
                GameResult::Draw => 1,
                GameResult::Black if record.player_a == "black" => 2,
                GameResult::White if record.player_a == "white" => 2,
                _ => 0,
            };
            let key = (record.opening.clone(), record.player_a.clone());
            let occurrence = seen.entry(key.clone()).or_insert(0);
            points.insert((key, *occurrence), a_points);
            *occurrence += 1;
        }
        points
    };
    let (before, after) = (keyed(&first), keyed(&second));
    let ids_differ = records(&first)
        .iter()
        .zip(records(&second).iter())
        .any(|(a, b)| a.id == b.id && a.opening != b.opening);
    assert!(
        ids_differ,
        "the seeds should play the openings in other orders"
    );
    let common: Vec<_> = before.keys().filter(|k| after.contains_key(*k)).collect();
    let better = common.iter().filter(|k| after[**k] > before[**k]).count();
    let worse = common.iter().filter(|k| after[**k] < before[**k]).count();
    assert!(!common.is_empty());

    let compared = referee(
        &scratch,
        &["compare", first.to_str().unwrap(), second.to_str().unwrap()],
    );
    assert!(compared.output.status.success(), "{}", compared.stderr);
    let expected = format!(
        "all: {} common games (same opening, A on the same colour)",
        common.len()
    );
    assert!(compared.stdout.contains(&expected), "{}", compared.stdout);
    let expected = format!("better in {better} games, worse in {worse};");
    assert!(compared.stdout.contains(&expected), "{}", compared.stdout);

    let odd = referee(&scratch, &["compare", first.to_str().unwrap()]);
    assert_eq!(odd.output.status.code(), Some(2));
    assert!(odd.stderr.contains("in pairs"), "{}", odd.stderr);
}
