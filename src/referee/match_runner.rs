//! A match: many games between players A and B in colour-swapped pairs, run
//! on worker threads, logged, counted, and stopped early by an SPRT.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use anyhow::Context;
use serde_json::Value;

use crate::game::Player;
use crate::protocol::BotGame;

use super::bot_io::IoMode;
use super::judge::{play_game, ShowBoard};
use super::openings::{load_openings, random_opening};
use super::player_spec::PlayerSpec;
use super::record::GameRecord;
use super::stats::{GameScore, Pentanomial, Sprt, SprtDecision, Trinomial};

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

/// Everything a match needs to know.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A's and B's specs, as typed.
    pub players: [String; 2],
    /// I/O mode of A's and B's external bots.
    pub io: [IoMode; 2],
    pub games: usize,
    /// Time per turn (doubled on each player's first turn of a game).
    pub time: Duration,
    pub concurrency: usize,
    pub seed: u64,
    pub openings: OpeningPlan,
    /// JSON lines, one per finished game.
    pub log: Option<PathBuf>,
    /// Print the board after every move (on stderr).
    pub show: bool,
    pub sprt: Option<Sprt>,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Pass the bots' stderr through instead of discarding it.
    pub bot_stderr: bool,
}

/// The outcome of a match from A's point of view.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    pub games_played: usize,
    pub trinomial: Trinomial,
    pub pentanomial: Pentanomial,
    /// Games by termination name.
    pub terminations: BTreeMap<&'static str, usize>,
    /// The test, its log-likelihood ratio (pentanomial) and decision.
    pub sprt: Option<(Sprt, f64, SprtDecision)>,
}

/// SplitMix64 of `seed` and `stream`: independent seeds for every game and side.
fn mix_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A's colour in game `index` (0-based): Black in games 1, 3, 5, ... (1-based).
fn a_colour(index: usize) -> Player {
    if index.is_multiple_of(2) {
        Player::Black
    } else {
        Player::White
    }
}

fn score_for_a(record: &GameRecord, index: usize) -> GameScore {
    match record.result.winner() {
        None => GameScore::Draw,
        Some(winner) if winner == a_colour(index) => GameScore::Win,
        Some(_) => GameScore::Loss,
    }
}

/// The opening of every pair, prepared and checked before any game starts.
fn prepare_openings<G: BotGame>(config: &MatchConfig) -> anyhow::Result<Vec<Vec<(i32, i32)>>> {
    let pairs = config.games.div_ceil(2);
    Ok(match &config.openings {
        OpeningPlan::StartPosition => vec![Vec::new(); pairs],
        OpeningPlan::RandomPlies(plies) => (0..pairs)
            .map(|pair| random_opening::<G>(*plies, mix_seed(config.seed, pair as u64)))
            .collect::<Result<_, _>>()?,
        OpeningPlan::File(path) => {
            let book = load_openings::<G>(path)?;
            (0..pairs)
                .map(|pair| book[pair % book.len()].clone())
                .collect()
        }
    })
}

/// Plays the match and returns its summary; writes the log as games finish.
pub fn run_match<G: BotGame>(config: &MatchConfig) -> anyhow::Result<MatchSummary> {
    let specs = config.players.clone().map(|text| PlayerSpec::parse(&text));
    for spec in &specs {
        spec.check::<G>()?;
    }
    let has_human = specs.contains(&PlayerSpec::Human);
    let workers = if has_human {
        1
    } else {
        config.concurrency.clamp(1, config.games.max(1))
    };
    let openings = prepare_openings::<G>(config)?;
    let mut log = match &config.log {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot create the log {}", path.display()))?,
        )),
        None => None,
    };
    let globaldata = [
        Arc::new(Mutex::new(Value::Null)),
        Arc::new(Mutex::new(Value::Null)),
    ];
    let progress = (config.progress && config.games > 1).then(|| {
        let bar = indicatif::ProgressBar::new(config.games as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games, {elapsed} elapsed, ETA {eta} {msg}",
        ) {
            bar.set_style(style);
        }
        bar
    });

    let next_game = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (results_tx, results_rx) = mpsc::channel::<(usize, anyhow::Result<GameRecord>)>();
    let mut summary = MatchSummary::default();
    let mut first_of_pair: HashMap<usize, GameScore> = HashMap::new();

    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..workers {
            let results_tx = results_tx.clone();
            let (next_game, stop, specs, openings, globaldata) =
                (&next_game, &stop, &specs, &openings, &globaldata);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let index = next_game.fetch_add(1, Ordering::SeqCst);
                if index >= config.games {
                    break;
                }
                let record = play_one::<G>(config, index, specs, &openings[index / 2], globaldata);
                if results_tx.send((index, record)).is_err() {
                    break;
                }
            });
        }
        drop(results_tx);

        for (index, record) in results_rx {
            let record = match record {
                Ok(record) => record,
                Err(e) => {
                    stop.store(true, Ordering::SeqCst);
                    return Err(e);
                }
            };
            if let Some(log) = &mut log {
                serde_json::to_writer(&mut *log, &record)?;
                log.write_all(b"\n")?;
                log.flush()?;
            }
            let score = score_for_a(&record, index);
            summary.games_played += 1;
            summary.trinomial.add(score);
            *summary
                .terminations
                .entry(record.termination.name())
                .or_default() += 1;
            if let Some(first) = first_of_pair.remove(&(index / 2)) {
                summary.pentanomial.add_pair(first, score);
            } else {
                first_of_pair.insert(index / 2, score);
            }
            if let Some(sprt) = config.sprt {
                let llr = sprt.llr_pentanomial(&summary.pentanomial);
                let decision = sprt.decision(llr);
                summary.sprt = Some((sprt, llr, decision));
                if decision != SprtDecision::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if let Some(bar) = &progress {
                let t = summary.trinomial;
                bar.set_message(format!("+{} -{} ={}", t.wins, t.losses, t.draws));
                bar.inc(1);
            }
        }
        Ok(())
    })?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(summary)
}

fn play_one<G: BotGame>(
    config: &MatchConfig,
    index: usize,
    specs: &[PlayerSpec; 2],
    opening: &[(i32, i32)],
    globaldata: &[Arc<Mutex<Value>>; 2],
) -> anyhow::Result<GameRecord> {
    // Slot 0 is A, slot 1 is B; `order` lists the slots as Black, White.
    let order = match a_colour(index) {
        Player::Black => [0, 1],
        Player::White => [1, 0],
    };
    let mut contestants = Vec::with_capacity(2);
    for (colour, &slot) in order.iter().enumerate() {
        let seed = mix_seed(config.seed, (index as u64) << 1 | colour as u64);
        contestants.push(specs[slot].contestant::<G>(
            config.io[slot],
            seed,
            config.bot_stderr,
            &globaldata[slot],
        )?);
    }
    let mut white = contestants.pop().expect("two players");
    let mut black = contestants.pop().expect("two players");
    let names = order.map(|slot| config.players[slot].as_str());
    let display = config.show.then_some(ShowBoard { names });
    let played = play_game::<G>(
        [black.as_mut(), white.as_mut()],
        opening,
        config.time,
        display.as_ref(),
    );
    let xy = |(x, y): (i32, i32)| [x, y];
    Ok(GameRecord {
        game: G::NAME.to_string(),
        number: index + 1,
        black: names[0].to_string(),
        white: names[1].to_string(),
        player_a: a_colour(index).name().to_string(),
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

impl MatchSummary {
    /// The cutechess-style report printed at the end of a match.
    pub fn report(&self, name_a: &str, name_b: &str) -> String {
        let t = self.trinomial;
        let e = t.estimate();
        let games = t.games();
        let draw_ratio = if games > 0 {
            100.0 * t.draws as f64 / games as f64
        } else {
            0.0
        };
        let p = self.pentanomial;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Score of {name_a} vs {name_b}: {} - {} - {}  [{:.3}] {games}",
            t.wins,
            t.losses,
            t.draws,
            t.score()
        );
        let _ = writeln!(
            out,
            "Elo difference: {:.2} +/- {:.2}, LOS: {:.2} %, DrawRatio: {:.2} %",
            e.elo,
            e.elo_margin,
            e.los * 100.0,
            draw_ratio
        );
        let _ = writeln!(
            out,
            "nElo difference: {:.2} +/- {:.2}",
            e.nelo, e.nelo_margin
        );
        let _ = writeln!(
            out,
            "Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD: {}/{} ({} pairs)",
            p.ll,
            p.ld,
            p.wl + p.dd,
            p.wd,
            p.ww,
            p.wl,
            p.dd,
            p.pairs()
        );
        if let Some((sprt, llr, decision)) = self.sprt {
            let bound = if llr >= 0.0 {
                sprt.upper_bound()
            } else {
                sprt.lower_bound()
            };
            let _ = writeln!(
                out,
                "SPRT: llr {llr:.3} ({:.1}%), lbound {:.2}, ubound {:.2} - {decision}",
                100.0 * llr / bound,
                sprt.lower_bound(),
                sprt.upper_bound()
            );
        }
        let terminations: Vec<String> = self
            .terminations
            .iter()
            .map(|(name, count)| format!("{name} {count}"))
            .collect();
        let _ = writeln!(out, "Terminations: {}", terminations.join(", "));
        out
    }
}
