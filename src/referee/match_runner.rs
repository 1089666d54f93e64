//! Runs a match or tournament: the games of the schedule that this shard
//! plays and the log does not hold yet, in colour-swapped pairs on worker
//! threads, each logged as it ends; a match may stop early on an SPRT.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use anyhow::bail;
use serde_json::Value;

use crate::game::Player;

use super::bot_io::IoMode;
use super::bot_process::BotProcessOptions;
use super::game_facts::RefereeGame;
use super::game_log::GameLog;
use super::judge::{play_game_watched, GameWatch, ShowBoard};
use super::observer::{MatchObserver, SeatProvider};
use super::openings::{load_openings, random_opening};
use super::player_spec::PlayerSpec;
use super::record::GameRecord;
use super::schedule::{Entrant, Format, Schedule, ScheduledGame, Shard};
use super::stats::{Sprt, SprtDecision};
use super::summary::{render_report, GameOutcome, MatchSummary};

/// Where each pair's opening comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningPlan {
    /// The game's start position.
    StartPosition,
    /// This many random legal plies, new for every pair.
    RandomPlies(usize),
    /// The lines of a file, in order, one per pair, cycling.
    File(PathBuf),
}

/// Everything a match or tournament needs to know.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The players as typed, `NAME=SPEC` or a spec (see `Entrant`); a match
    /// has two, A and B.
    pub players: Vec<String>,
    /// I/O mode of each player's external bot.
    pub io: Vec<IoMode>,
    pub format: Format,
    /// Games of every pairing.
    pub games: usize,
    /// Time per turn of each player, in the order of `players` (doubled on
    /// each player's first turn of a game).
    pub times: Vec<Duration>,
    pub concurrency: usize,
    pub seed: u64,
    pub openings: OpeningPlan,
    /// JSON lines, one per finished game, appended.
    pub log: Option<PathBuf>,
    /// Keep the games the log already holds and play only the others.
    pub resume: bool,
    /// Play only this share of the pairs.
    pub shard: Option<Shard>,
    /// Print the board after every move (on stderr).
    pub show: bool,
    /// Stop a match on a decision of this test.
    pub sprt: Option<Sprt>,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// How external bots are started (stderr, memory cap).
    pub process: BotProcessOptions,
    /// Told about every game as it is played (the web board).
    pub observer: Option<Arc<dyn MatchObserver>>,
}

/// The games of a run: those the log held and those played.
#[derive(Clone, Debug)]
pub struct MatchResults {
    pub format: Format,
    pub entrants: Vec<Entrant>,
    /// Every game of the schedule that is logged or was played now.
    pub outcomes: Vec<GameOutcome>,
    /// How many of them came from the log.
    pub resumed: usize,
}

impl MatchResults {
    /// The report printed at the end (the same as `referee stats` prints
    /// for the same games).
    pub fn report(&self, sprt: Option<Sprt>) -> String {
        let names = match &self.entrants[..] {
            [a, b, ..] => [a.name.as_str(), b.name.as_str()],
            _ => ["A", "B"],
        };
        render_report(self.format, names, &self.outcomes, sprt)
    }
}

/// SplitMix64 of `seed` and `stream`: independent seeds for every game and side.
fn mix_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The opening of every pair index, prepared and checked before any game starts.
fn prepare_openings<G: RefereeGame>(
    config: &MatchConfig,
    pairs: usize,
) -> anyhow::Result<Vec<Vec<(i32, i32)>>> {
    Ok(match &config.openings {
        OpeningPlan::StartPosition => vec![Vec::new(); pairs],
        OpeningPlan::RandomPlies(plies) => (0..pairs)
            .map(|pair| random_opening::<G>(*plies, mix_seed(config.seed, pair as u64)))
            .collect::<Result<_, _>>()?,
        OpeningPlan::File(path) => {
            let book = load_openings::<G>(path)?;
            let order = line_order(book.len(), config.seed);
            (0..pairs)
                .map(|pair| book[order[pair % book.len()]].clone())
                .collect()
        }
    })
}

/// The order in which a run of `seed` plays the `lines` of an openings file,
/// cycling: seed 0 from the top down; any other seed a shuffle of all lines
/// drawn from it. So every line comes once before any comes twice, and short
/// runs with different seeds meet different, scattered lines (neighbouring
/// lines of a sorted file such as XOT's often share their first moves).
fn line_order(lines: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..lines).collect();
    if seed != 0 {
        // Fisher-Yates on the referee's own mixer, so the order never
        // changes with a dependency's random number generator.
        for i in (1..lines).rev() {
            let j = (mix_seed(seed, i as u64) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
    }
    order
}

/// The players, checked: a match has two; a tournament two or more, each
/// with a name of its own.
fn entrants<G: RefereeGame>(
    config: &MatchConfig,
) -> anyhow::Result<(Vec<Entrant>, Vec<PlayerSpec>)> {
    let entrants: Vec<Entrant> = config.players.iter().map(|p| Entrant::parse(p)).collect();
    match config.format {
        Format::Match if entrants.len() != 2 => bail!("a match needs two players"),
        Format::RoundRobin | Format::Gauntlet if entrants.len() < 2 => {
            bail!("a tournament needs at least two players")
        }
        Format::RoundRobin | Format::Gauntlet => {
            let mut names = HashSet::new();
            for entrant in &entrants {
                if !names.insert(entrant.name.as_str()) {
                    bail!(
                        "two players are named {:?}; name them with NAME=SPEC",
                        entrant.name
                    );
                }
            }
        }
        Format::Match => {}
    }
    if config.io.len() != entrants.len() {
        bail!("one I/O mode per player is needed");
    }
    let specs: Vec<PlayerSpec> = entrants
        .iter()
        .map(|e| PlayerSpec::parse(&e.spec))
        .collect();
    for spec in &specs {
        spec.check::<G>()?;
    }
    Ok((entrants, specs))
}

/// Black's and White's names in a scheduled game.
fn names_of(schedule: &Schedule, entrants: &[Entrant], game: &ScheduledGame) -> [String; 2] {
    let [a, b] = schedule.pairings[game.id.pairing].map(|i| entrants[i].name.clone());
    match game.id.a_colour {
        Player::Black => [a, b],
        Player::White => [b, a],
    }
}

/// The games the log already holds that belong to this schedule; refuses a
/// log of other players or another game.
fn logged_outcomes<G: RefereeGame>(
    config: &MatchConfig,
    schedule: &Schedule,
    entrants: &[Entrant],
    records: &[GameRecord],
) -> anyhow::Result<Vec<GameOutcome>> {
    let mut outcomes = Vec::new();
    let mut seen = HashSet::new();
    let mut foreign = 0;
    for record in records {
        let outcome = GameOutcome::from_record(record)?;
        if record.game != G::NAME || record.format != config.format {
            bail!(
                "the log holds a {} {} game, not {} {}",
                record.game,
                record.format.name(),
                G::NAME,
                config.format.name()
            );
        }
        if !schedule.contains(outcome.id) {
            foreign += 1;
            continue;
        }
        let [a, b] = schedule.pairings[outcome.id.pairing].map(|i| entrants[i].name.as_str());
        if outcome.a_and_b() != [a, b] {
            let [la, lb] = outcome.a_and_b();
            bail!(
                "game {} of the log is {la} vs {lb}, but this command pairs {a} vs {b}",
                outcome.id
            );
        }
        if seen.insert(outcome.id) {
            outcomes.push(outcome);
        }
    }
    if foreign > 0 {
        eprintln!("referee: ignoring {foreign} logged games outside this command's schedule");
    }
    Ok(outcomes)
}

/// Plays the games of the schedule that this shard plays and the log does
/// not hold yet; writes each to the log as it ends. A `web` player has no
/// seat here and loses its first turn: see [`run_match_seated`].
pub fn run_match<G: RefereeGame>(config: &MatchConfig) -> anyhow::Result<MatchResults> {
    run_match_seated::<G>(config, None)
}

/// [`run_match`], with `seats` seating the `web` players.
pub fn run_match_seated<G: RefereeGame>(
    config: &MatchConfig,
    seats: Option<&dyn SeatProvider<G>>,
) -> anyhow::Result<MatchResults> {
    let (entrants, specs) = entrants::<G>(config)?;
    if config.resume && config.log.is_none() {
        bail!("--resume needs --log");
    }
    if config.sprt.is_some() && (config.shard.is_some() || config.format != Format::Match) {
        bail!(
            "--sprt stops a single match on its own results; shards cannot (run them without \
             --sprt and test the merged logs with `referee stats --sprt`)"
        );
    }
    let schedule = Schedule::new(config.format, entrants.len(), config.games);
    let openings = prepare_openings::<G>(config, schedule.pairs_per_pairing())?;
    let (mut log, logged) = match &config.log {
        Some(path) => {
            let (log, records) = GameLog::open(path, config.resume)?;
            (Some(log), records)
        }
        None => (None, Vec::new()),
    };
    let mut outcomes = logged_outcomes::<G>(config, &schedule, &entrants, &logged)?;
    let resumed = outcomes.len();
    let done: HashSet<_> = outcomes.iter().map(|o| o.id).collect();
    let jobs: Vec<ScheduledGame> = schedule
        .games()
        .into_iter()
        .filter(|game| config.shard.is_none_or(|shard| shard.plays(game)))
        .filter(|game| !done.contains(&game.id))
        .collect();
    if config.resume {
        eprintln!(
            "referee: the log holds {resumed} games of this run; playing {} more",
            jobs.len()
        );
    }

    let mut summary = MatchSummary::of(&outcomes, None);
    let decided_already = config
        .sprt
        .is_some_and(|sprt| summary.test(sprt) != SprtDecision::Continue);
    let workers = if specs.iter().any(PlayerSpec::is_person) {
        1
    } else {
        config.concurrency.clamp(1, jobs.len().max(1))
    };
    let globaldata: Vec<Arc<Mutex<Value>>> = entrants
        .iter()
        .map(|_| Arc::new(Mutex::new(Value::Null)))
        .collect();
    let progress = (config.progress && jobs.len() > 1 && !decided_already).then(|| {
        let bar = indicatif::ProgressBar::new(jobs.len() as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games, {elapsed} elapsed, ETA {eta} {msg}",
        ) {
            bar.set_style(style);
        }
        bar
    });

    let next_job = AtomicUsize::new(0);
    let stop = AtomicBool::new(decided_already);
    let (results_tx, results_rx) = mpsc::channel::<anyhow::Result<GameRecord>>();
    let run = Run {
        config,
        schedule: &schedule,
        entrants: &entrants,
        specs: &specs,
        openings: &openings,
        globaldata: &globaldata,
        seats,
    };
    let tell_standings = |outcomes: &[GameOutcome]| {
        if let Some(observer) = &config.observer {
            let names = match &entrants[..] {
                [a, b, ..] => [a.name.as_str(), b.name.as_str()],
                _ => ["A", "B"],
            };
            observer.standings(&render_report(config.format, names, outcomes, config.sprt));
        }
    };
    if !outcomes.is_empty() {
        tell_standings(&outcomes);
    }
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..workers {
            let results_tx = results_tx.clone();
            let (next_job, stop, jobs, run) = (&next_job, &stop, &jobs, &run);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let Some(job) = jobs.get(next_job.fetch_add(1, Ordering::SeqCst)) else {
                    break;
                };
                if results_tx.send(run.play(job)).is_err() {
                    break;
                }
            });
        }
        drop(results_tx);

        for record in results_rx {
            let record = match record {
                Ok(record) => record,
                Err(e) => {
                    stop.store(true, Ordering::SeqCst);
                    return Err(e);
                }
            };
            if let Some(log) = &mut log {
                log.append(&record)?;
            }
            let outcome = GameOutcome::from_record(&record)?;
            summary.add(&outcome);
            outcomes.push(outcome);
            tell_standings(&outcomes);
            if let Some(sprt) = config.sprt {
                if summary.test(sprt) != SprtDecision::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if let Some(bar) = &progress {
                if config.format == Format::Match {
                    let t = summary.trinomial;
                    bar.set_message(format!("+{} -{} ={}", t.wins, t.losses, t.draws));
                }
                bar.inc(1);
            }
        }
        Ok(())
    })?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(MatchResults {
        format: config.format,
        entrants,
        outcomes,
        resumed,
    })
}

/// What every game of a run shares.
struct Run<'a, G> {
    config: &'a MatchConfig,
    schedule: &'a Schedule,
    entrants: &'a [Entrant],
    specs: &'a [PlayerSpec],
    /// By pair index within a pairing: every pairing plays the same openings.
    openings: &'a [Vec<(i32, i32)>],
    /// Each player's memory across its games (external bots' `globaldata`).
    globaldata: &'a [Arc<Mutex<Value>>],
    seats: Option<&'a dyn SeatProvider<G>>,
}

impl<G: RefereeGame> Run<'_, G> {
    fn play(&self, job: &ScheduledGame) -> anyhow::Result<GameRecord> {
        let config = self.config;
        let [a, b] = self.schedule.pairings[job.id.pairing];
        // Player indices as Black, White.
        let order = match job.id.a_colour {
            Player::Black => [a, b],
            Player::White => [b, a],
        };
        // Pairing 0 of a match keeps the seeds of game numbers 0, 1, 2, ...
        let stream =
            (job.id.pairing * self.schedule.games_per_pairing + job.index_in_pairing) as u64;
        let mut contestants = Vec::with_capacity(2);
        for (colour, &player) in order.iter().enumerate() {
            let seed = mix_seed(config.seed, stream << 1 | colour as u64);
            contestants.push(match (&self.specs[player], self.seats) {
                (PlayerSpec::Web, Some(seats)) => seats.seat(job.number),
                (spec, _) => spec.contestant::<G>(
                    config.io[player],
                    seed,
                    &config.process,
                    &self.globaldata[player],
                )?,
            });
        }
        let mut white = contestants.pop().expect("two players");
        let mut black = contestants.pop().expect("two players");
        let names = names_of(self.schedule, self.entrants, job);
        let display = config.show.then(|| ShowBoard {
            names: [names[0].as_str(), names[1].as_str()],
        });
        let opening = &self.openings[job.id.pair];
        let watch = config.observer.as_deref().map(|observer| GameWatch {
            observer,
            number: job.number,
            names: [names[0].as_str(), names[1].as_str()],
            player_a: job.id.a_colour,
        });
        let played = play_game_watched::<G>(
            [black.as_mut(), white.as_mut()],
            opening,
            order.map(|player| config.times[player]),
            display.as_ref(),
            watch.as_ref(),
        );
        let xy = |(x, y): (i32, i32)| [x, y];
        let [black_name, white_name] = names;
        Ok(GameRecord {
            game: G::NAME.to_string(),
            format: config.format,
            id: job.id.to_string(),
            number: job.number,
            black: black_name,
            white: white_name,
            player_a: job.id.a_colour.name().to_string(),
            result: played.result,
            termination: played.termination,
            detail: played.detail,
            opening: opening.iter().copied().map(xy).collect(),
            moves: played.moves.into_iter().map(xy).collect(),
            refused_move: played.refused_move.map(xy),
            times_ms: played.times_ms,
            debug: played.debug,
        })
    }
}
