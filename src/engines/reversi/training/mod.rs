//! Training the pattern weights, stage by stage from the end of the game:
//!
//! 1. positions from self-play games (`selfplay`), written once;
//! 2. for each stage in turn, from the fewest empties up: labels (the exact
//!    final disc difference from the endgame solver up to
//!    [`TrainConfig::exact_max_empties`], else the value of a search that
//!    reaches into the stages already trained, so its leaves are evaluated
//!    by trained weights), then a fit of the stage's weights (`fit`);
//! 3. the weight file, every stage after the last trained one a copy of it;
//! 4. the held-out error: exact scores of positions with 20-24 empties from
//!    games of another seed, against the evaluation.
//!
//! Every step writes its result into the working directory and is skipped
//! when its file is already there, so an interrupted run resumes where it
//! stopped and a finished run is reproducible from the seed.

mod fit;
mod selfplay;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};

pub use fit::{fit_stage, FitConfig, FitReport, Sample};
pub use selfplay::{self_play_positions, Position, SelfPlayMoves};

use super::evaluator::evaluate;
use super::features::{canonical_weights, stage_of, EMPTIES_PER_STAGE, STAGES, STAGE_WEIGHTS};
use super::midgame::{MidgameSearch, SCORE_SCALE};
use super::solver::{EndgameSolver, SolveMode};
use super::weights::{Weights, WEIGHT_SCALE};
use crate::game::Player;
use crate::games::notation::parse_openings;
use crate::games::Reversi;
use crate::search::Limits;

/// Everything a training run depends on.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Working directory (created if missing; holds every intermediate file).
    pub dir: PathBuf,
    pub seed: u64,
    /// Self-play games (each gives one position per move).
    pub games: usize,
    /// One move in this many is uniformly random.
    pub random_one_in: u32,
    /// How the other moves of the training games are chosen.
    pub self_play: SelfPlayMoves,
    /// Position files of earlier runs (their `positions.bin`) added to this
    /// run's self-play positions, so a run can train on games played by
    /// several generations of weights.
    pub more_positions: Vec<PathBuf>,
    /// Most positions labelled per stage (a seeded sample when there are more).
    pub positions_per_stage: usize,
    /// Most positions labelled per stage that the exact solver labels (a
    /// solve at 15-19 empties costs tens of searches).
    pub exact_positions_per_stage: usize,
    /// Stages labelled by the exact solver go up to this many empties.
    pub exact_max_empties: u32,
    /// Labelling searches go this many placements beyond the stage below.
    pub extra_depth: u32,
    /// Stages to train (from the end of the game; `STAGES` for all).
    pub stages: usize,
    /// The stages after the last trained one: from this weight file, or
    /// (`None`) copies of the last trained stage.
    pub later_stages_from: Option<Weights>,
    /// Threads that label a stage, each over a fixed share of its positions
    /// with its own solver or search. A search label can depend on what the
    /// search's table kept from the thread's earlier positions, so search
    /// labels are reproducible for a given thread count.
    pub threads: usize,
    /// Held-out positions per empties count (20..=24).
    pub heldout_per_empties: usize,
    pub fit: FitConfig,
}

impl TrainConfig {
    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

/// One stage's training record.
#[derive(Clone, Debug, PartialEq)]
pub struct StageReport {
    pub stage: usize,
    pub labelled_by: &'static str,
    pub fit: FitReport,
}

fn write_positions(path: &Path, positions: &[Position]) -> anyhow::Result<()> {
    let mut bytes = Vec::with_capacity(positions.len() * 16);
    for p in positions {
        bytes.extend_from_slice(&p.player.to_le_bytes());
        bytes.extend_from_slice(&p.opponent.to_le_bytes());
    }
    write_atomically(path, &bytes)
}

fn read_positions(path: &Path) -> anyhow::Result<Vec<Position>> {
    let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() % 16 != 0 {
        bail!("{}: truncated position file", path.display());
    }
    Ok(bytes
        .chunks_exact(16)
        .map(|c| Position {
            player: u64::from_le_bytes(c[..8].try_into().unwrap()),
            opponent: u64::from_le_bytes(c[8..].try_into().unwrap()),
        })
        .collect())
}

fn write_samples(path: &Path, samples: &[Sample]) -> anyhow::Result<()> {
    let mut bytes = Vec::with_capacity(samples.len() * 20);
    for s in samples {
        bytes.extend_from_slice(&s.position.player.to_le_bytes());
        bytes.extend_from_slice(&s.position.opponent.to_le_bytes());
        bytes.extend_from_slice(&s.label.to_le_bytes());
    }
    write_atomically(path, &bytes)
}

pub fn read_samples(path: &Path) -> anyhow::Result<Vec<Sample>> {
    let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() % 20 != 0 {
        bail!("{}: truncated sample file", path.display());
    }
    Ok(bytes
        .chunks_exact(20)
        .map(|c| Sample {
            position: Position {
                player: u64::from_le_bytes(c[..8].try_into().unwrap()),
                opponent: u64::from_le_bytes(c[8..16].try_into().unwrap()),
            },
            label: f32::from_le_bytes(c[16..].try_into().unwrap()),
        })
        .collect())
}

fn write_floats(path: &Path, values: &[f64]) -> anyhow::Result<()> {
    let bytes: Vec<u8> = values
        .iter()
        .flat_map(|v| (*v as f32).to_le_bytes())
        .collect();
    write_atomically(path, &bytes)
}

fn read_floats(path: &Path) -> anyhow::Result<Vec<f64>> {
    let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() != 4 * STAGE_WEIGHTS {
        bail!(
            "{}: {} bytes, a stage's weights take {}",
            path.display(),
            bytes.len(),
            4 * STAGE_WEIGHTS
        );
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
        .collect())
}

/// Writes through a temporary file, so an interrupted run never leaves a
/// half-written file that a resumed run would trust.
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let temporary = path.with_extension("partial");
    fs::write(&temporary, bytes).with_context(|| format!("writing {}", temporary.display()))?;
    fs::rename(&temporary, path).with_context(|| format!("renaming to {}", path.display()))?;
    Ok(())
}

/// The 16-bit table of a stage from its fitted canonical weights.
fn quantise(fitted: &[f64], canonical: &[u32], out: &mut [i16]) {
    for (i, slot) in out.iter_mut().enumerate() {
        let value = fitted[canonical[i] as usize] * WEIGHT_SCALE as f64;
        *slot = value.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
    }
}

/// Range of empties of `stage`.
fn stage_empties(stage: usize) -> std::ops::RangeInclusive<u32> {
    let low = stage as u32 * EMPTIES_PER_STAGE;
    let high = if stage == STAGES - 1 {
        60
    } else {
        low + EMPTIES_PER_STAGE - 1
    };
    low..=high
}

/// Picks at most `n` of `items` with a seeded shuffle.
fn sample_at_most<T: Copy>(items: &[T], n: usize, seed: u64) -> Vec<T> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut chosen = items.to_vec();
    chosen.shuffle(&mut rand::rngs::SmallRng::seed_from_u64(seed));
    chosen.truncate(n);
    chosen
}

/// Labels `positions` on `threads` threads (at least one), each over one
/// contiguous share in order with its own state from `new_state`.
fn label_in_parallel<S>(
    positions: &[Position],
    threads: usize,
    new_state: &(dyn Fn() -> S + Sync),
    label: &(dyn Fn(&mut S, &Position) -> f32 + Sync),
) -> Vec<Sample> {
    let share = positions.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(share)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut state = new_state();
                    chunk
                        .iter()
                        .map(|p| Sample {
                            position: *p,
                            label: label(&mut state, p),
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a labelling thread panicked"))
            .collect()
    })
}

/// The label of a position above the exact stages: the value (discs) of a
/// search that reaches the stage below, already trained, and goes
/// `extra_depth` placements past it.
fn search_label(search: &mut MidgameSearch, p: &Position, extra_depth: u32) -> f32 {
    search_value(search, p, label_depth(p, extra_depth))
}

/// The value (discs, for the side to move) of `search` at `depth` placements.
fn search_value(search: &mut MidgameSearch, p: &Position, depth: u32) -> f32 {
    search.value_at_depth(p.player, p.opponent, depth) as f32 / SCORE_SCALE as f32
}

/// The depth of `p`'s search label: into the stage below, and `extra_depth`
/// placements past its first position.
fn label_depth(p: &Position, extra_depth: u32) -> u32 {
    let start = *stage_empties(stage_of(p.empties())).start();
    p.empties() + 1 - start + extra_depth
}

/// The exact final disc difference of `position` for the side to move.
fn exact_label(solver: &mut EndgameSolver, position: &Position) -> f32 {
    let pos = Reversi::from_bitboards(position.player, position.opponent, Player::Black);
    match solver.solve(&pos, SolveMode::Exact, &Limits::unlimited()) {
        Ok(solution) => solution.score as f32,
        Err(_) => pos.final_score() as f32,
    }
}

/// Runs (or resumes) the whole pipeline; progress lines go to `log`.
/// Returns the reports of the stages trained.
pub fn train(config: &TrainConfig, log: &mut dyn Write) -> anyhow::Result<Vec<StageReport>> {
    fs::create_dir_all(&config.dir)
        .with_context(|| format!("creating {}", config.dir.display()))?;
    let openings =
        parse_openings::<Reversi>(include_str!("../../../../data/reversi-xot-openings.txt"))
            .map_err(anyhow::Error::msg)?;

    let positions_path = config.path("positions.bin");
    if !positions_path.exists() {
        let started = Instant::now();
        let mut positions = self_play_positions(
            &openings,
            config.games,
            config.seed,
            config.random_one_in,
            config.self_play,
        );
        writeln!(
            log,
            "positions: {} from {} games (seed {}) in {:.1}s",
            positions.len(),
            config.games,
            config.seed,
            started.elapsed().as_secs_f64()
        )?;
        for path in &config.more_positions {
            let more = read_positions(path)?;
            writeln!(log, "positions: {} from {}", more.len(), path.display())?;
            positions.extend(more);
        }
        write_positions(&positions_path, &positions)?;
    }
    let positions = read_positions(&positions_path)?;
    let canonical = canonical_weights();
    let mut weights = Weights::zeros();
    let mut fitted_previous = vec![0.0f64; STAGE_WEIGHTS];
    let mut reports = Vec::new();

    for stage in 0..config.stages.min(STAGES) {
        let empties = stage_empties(stage);
        let exact = *empties.end() <= config.exact_max_empties;
        let labelled_by = if exact { "solver" } else { "search" };
        let samples_path = config.path(&format!("stage-{stage:02}.samples"));
        if !samples_path.exists() {
            let started = Instant::now();
            let in_stage: Vec<Position> = positions
                .iter()
                .copied()
                .filter(|p| empties.contains(&p.empties()))
                .collect();
            let chosen = sample_at_most(
                &in_stage,
                if exact {
                    config.exact_positions_per_stage
                } else {
                    config.positions_per_stage
                },
                config.seed ^ stage as u64,
            );
            let samples = if exact {
                label_in_parallel(
                    &chosen,
                    config.threads,
                    &|| EndgameSolver::new(16 << 20),
                    &exact_label,
                )
            } else {
                // Searches stop when they reach the stage below, already trained.
                let weights = &weights;
                label_in_parallel(
                    &chosen,
                    config.threads,
                    &|| MidgameSearch::new(weights, 4 << 20, None),
                    &|search: &mut MidgameSearch, p: &Position| {
                        search_label(search, p, config.extra_depth)
                    },
                )
            };
            write_samples(&samples_path, &samples)?;
            writeln!(
                log,
                "stage {stage} (empties {}-{}): labelled {} positions by {labelled_by} in {:.1}s",
                empties.start(),
                empties.end(),
                samples.len(),
                started.elapsed().as_secs_f64()
            )?;
        }
        let samples = read_samples(&samples_path)?;
        let weights_path = config.path(&format!("stage-{stage:02}.weights"));
        let report_path = config.path(&format!("stage-{stage:02}.report"));
        let fitted = if weights_path.exists() && report_path.exists() {
            read_floats(&weights_path)?
        } else {
            let started = Instant::now();
            let (fitted, report) = fit_stage(&samples, &canonical, &fitted_previous, &config.fit);
            write_floats(&weights_path, &fitted)?;
            let line = format!(
                "stage {stage}: {} train / {} validation; train MSE {:.2} -> {:.2}; validation MSE {:.2} -> {:.2}, MAE {:.2} discs (best epoch {}) in {:.1}s",
                report.train_samples,
                report.validation_samples,
                report.initial_train_loss,
                report.final_train_loss,
                report.initial_validation_loss,
                report.final_validation_loss,
                report.validation_mae,
                report.best_epoch,
                started.elapsed().as_secs_f64()
            );
            write_atomically(&report_path, line.as_bytes())?;
            writeln!(log, "{line}")?;
            reports.push(StageReport {
                stage,
                labelled_by,
                fit: report,
            });
            fitted
        };
        for later in stage..STAGES {
            quantise(&fitted, &canonical, weights.stage_mut(later));
        }
        fitted_previous = fitted;
    }
    if let Some(later) = &config.later_stages_from {
        for stage in config.stages.min(STAGES)..STAGES {
            weights.stage_mut(stage).copy_from_slice(later.stage(stage));
        }
    }
    write_atomically(&config.path("reversi-weights.bin"), &weights.to_bytes())?;
    writeln!(
        log,
        "weights: {}",
        config.path("reversi-weights.bin").display()
    )?;
    Ok(reports)
}

/// One random move in this many in the held-out games, whatever the
/// training games used, so held-out errors stay comparable across runs.
const HELDOUT_RANDOM_ONE_IN: u32 = 5;

/// Exactly labelled positions with 20-24 empties from games of `seed`
/// (never the training seed) played with `choice`, cached in the working
/// directory.
pub fn heldout_samples(
    config: &TrainConfig,
    seed: u64,
    choice: SelfPlayMoves,
    log: &mut dyn Write,
) -> anyhow::Result<Vec<Sample>> {
    let name = match choice {
        SelfPlayMoves::Policy => format!("heldout-{seed}"),
        SelfPlayMoves::Search(depth) => format!("heldout-{seed}-depth{depth}"),
    };
    let path = config.path(&format!("{name}.samples"));
    if path.exists() {
        return read_samples(&path);
    }
    let openings =
        parse_openings::<Reversi>(include_str!("../../../../data/reversi-xot-openings.txt"))
            .map_err(anyhow::Error::msg)?;
    let games = config.heldout_per_empties * 2 + 10;
    let positions = self_play_positions(&openings, games, seed, HELDOUT_RANDOM_ONE_IN, choice);
    let mut chosen = Vec::new();
    for empties in 20..=24u32 {
        let at: Vec<Position> = positions
            .iter()
            .copied()
            .filter(|p| p.empties() == empties)
            .collect();
        chosen.extend(sample_at_most(
            &at,
            config.heldout_per_empties,
            seed ^ empties as u64,
        ));
    }
    exact_samples(&config.dir, &name, &chosen, log)
}

/// `positions` solved exactly, as the samples file `NAME.samples` in `dir`
/// (read back if it exists). Each solve is logged and the samples so far
/// are kept in `NAME.partial-samples`, which survives an interruption
/// (`train_reversi --heldout-file` reads it).
pub fn exact_samples(
    dir: &Path,
    name: &str,
    positions: &[Position],
    log: &mut dyn Write,
) -> anyhow::Result<Vec<Sample>> {
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(format!("{name}.samples"));
    if path.exists() {
        return read_samples(&path);
    }
    let mut solver = EndgameSolver::new(64 << 20);
    let mut samples = Vec::new();
    for p in positions {
        let started = Instant::now();
        let label = exact_label(&mut solver, p);
        samples.push(Sample {
            position: *p,
            label,
        });
        writeln!(
            log,
            "heldout: {} empties solved {label} in {:.2}s",
            p.empties(),
            started.elapsed().as_secs_f64()
        )?;
        write_samples(&dir.join(format!("{name}.partial-samples")), &samples)?;
    }
    write_samples(&path, &samples)?;
    Ok(samples)
}

/// Mean absolute error (discs) of `weights`' evaluation against the labels,
/// per number of empties: `(empties, positions, MAE)`.
pub fn mean_absolute_error(weights: &Weights, samples: &[Sample]) -> Vec<(u32, usize, f64)> {
    let mut rows: Vec<(u32, usize, f64)> = Vec::new();
    for s in samples {
        let empties = s.position.empties();
        let predicted =
            evaluate(weights, s.position.player, s.position.opponent) as f64 / WEIGHT_SCALE as f64;
        let err = (predicted - s.label as f64).abs();
        match rows.iter_mut().find(|r| r.0 == empties) {
            Some(row) => {
                row.1 += 1;
                row.2 += err;
            }
            None => rows.push((empties, 1, err)),
        }
    }
    rows.sort_by_key(|r| r.0);
    for row in rows.iter_mut() {
        row.2 /= row.1 as f64;
    }
    rows
}

/// Stage of a sample (for reports).
pub fn sample_stage(sample: &Sample) -> usize {
    stage_of(sample.position.empties())
}

/// ProbCut's statistics: for each depth pair `(deep, shallow)` the mean and
/// standard deviation (discs) of `deep value - shallow value` over
/// `positions`, searched without selective pruning.
pub fn probcut_statistics(
    weights: &Weights,
    positions: &[Position],
    deep_depths: std::ops::RangeInclusive<u32>,
) -> Vec<(u32, u32, f64, f64)> {
    let mut search = MidgameSearch::new(weights, 16 << 20, None);
    deep_depths
        .map(|deep| {
            let shallow = super::midgame::probcut_shallow_depth(deep as i32) as u32;
            let differences: Vec<f64> = positions
                .iter()
                .map(|p| {
                    search.clear_table();
                    let d = search.value_at_depth(p.player, p.opponent, deep);
                    search.clear_table();
                    let s = search.value_at_depth(p.player, p.opponent, shallow);
                    (d - s) as f64 / SCORE_SCALE as f64
                })
                .collect();
            let n = differences.len().max(1) as f64;
            let mean = differences.iter().sum::<f64>() / n;
            let variance = differences
                .iter()
                .map(|x| (x - mean) * (x - mean))
                .sum::<f64>()
                / n;
            (deep, shallow, mean, variance.sqrt())
        })
        .collect()
}

/// How good the labels of a search-labelled stage are: for each extra depth
/// in `extra_depths`, the mean absolute error (discs) against the exact
/// `samples` of the label `train` would give each position with that
/// `extra_depth`, searching on `weights` (a search reaching the stage below),
/// and the seconds those searches took: `(extra depth, MAE, seconds)`.
pub fn search_label_error(
    weights: &Weights,
    samples: &[Sample],
    extra_depths: std::ops::RangeInclusive<u32>,
) -> Vec<(u32, f64, f64)> {
    // As `train` labels: one table for every search, never cleared.
    search_errors(weights, samples, extra_depths, false, label_depth)
}

/// The error of plain fixed-depth searches: for each depth in `depths`, the
/// mean absolute error (discs) against the exact `samples` of a search of
/// that many placements on `weights` (the table cleared before each, so every
/// value depends on its position alone), and the seconds they took:
/// `(depth, MAE, seconds)`. The static evaluation's is [`mean_absolute_error`].
pub fn fixed_depth_error(
    weights: &Weights,
    samples: &[Sample],
    depths: std::ops::RangeInclusive<u32>,
) -> Vec<(u32, f64, f64)> {
    search_errors(weights, samples, depths, true, |_, depth| depth)
}

/// `(setting, MAE, seconds)` for each setting in `settings`: the mean
/// absolute error (discs) against the exact `samples` of one search on
/// `weights` taking each position to `depth_of(position, setting)`, and the
/// seconds those searches took; the table is cleared before each search if
/// `clear_table`.
fn search_errors(
    weights: &Weights,
    samples: &[Sample],
    settings: std::ops::RangeInclusive<u32>,
    clear_table: bool,
    depth_of: impl Fn(&Position, u32) -> u32,
) -> Vec<(u32, f64, f64)> {
    let mut search = MidgameSearch::new(weights, 4 << 20, None);
    settings
        .map(|setting| {
            let started = Instant::now();
            let total: f64 = samples
                .iter()
                .map(|s| {
                    if clear_table {
                        search.clear_table();
                    }
                    let depth = depth_of(&s.position, setting);
                    (search_value(&mut search, &s.position, depth) - s.label).abs() as f64
                })
                .sum();
            let seconds = started.elapsed().as_secs_f64();
            (setting, total / samples.len().max(1) as f64, seconds)
        })
        .collect()
}
