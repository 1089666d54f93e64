//! Trains the Gomoku evaluation (`src/engines/gomoku/trained3_weights.rs`)
//! from self-play; see `boardbots::engines::gomoku::training`.
//!
//! ```sh
//! # Games (appended to the file; rerun the same command to resume):
//! cargo run --release --example gomoku_train -- selfplay --out games.tsv \
//!     --games 3000 --seed 1 --nodes 3000   # --engine-option KEY=VALUE to tune
//! # Fit and write the embedded weights:
//! cargo run --release --example gomoku_train -- fit games.tsv \
//!     --out src/engines/gomoku/trained3_weights.rs
//! # The same fit to a blend of outcome and search score (games of this selfplay keep
//! # each searched move's score; e.g. data/gomoku-games-s31.tsv.xz, unpacked):
//! cargo run --release --example gomoku_train -- fit games.tsv --search-weight 0.5
//! # Fit the threat-mask values on top of the trained evaluation and write them:
//! cargo run --release --example gomoku_train -- fit-threats games.tsv \
//!     --out src/engines/gomoku/threat_mask_values.rs
//! # Refit the trained weights and the mask values together (3 alternating rounds):
//! cargo run --release --example gomoku_train -- fit-threats games.tsv --joint 3 \
//!     --out src/engines/gomoku/threat_mask_values.rs \
//!     --weights-out src/engines/gomoku/trained3_weights.rs
//! # Referee logs (with the bots' debug lines) to a games file in which only one
//! # player's searched moves are labels, e.g. for fit-policy:
//! cargo run --release --example gomoku_train -- from-log match.jsonl \
//!     --player target/release/gomoku --out games.tsv
//! # Fit the network evaluation (the default; engine option net=PATH) and write its file:
//! cargo run --release --example gomoku_train -- fit-net games.tsv --out net.bin
//! # Fit the table evaluation and write its weight file:
//! cargo run --release --example gomoku_train -- fit-table games.tsv \
//!     --out data/gomoku-table.bin
//! ```

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use anyhow::{ensure, Context, Result};
use boardbots::engines::gomoku::training::{
    code_counts, comparison_samples_of, describe, describe_joint_fit, describe_net, describe_table,
    describe_threat_fit, fit, fit_jointly, fit_net, fit_table, fit_threat_mask, is_held_out,
    label_by_search, net_features, net_file, play_game, read_games, samples_of, samples_with,
    test_comparisons, test_losses, threat_values_source, weights_source, FitConfig, GameRecord,
    NetFitConfig, Sample, SelfPlayConfig, TableFitConfig, ThreatFitConfig, SEARCH_LABEL_CLAMP,
};
use boardbots::engines::gomoku::{table_to_bytes, threat_mask, ThreatSearchConfig, NET_HIDDEN};
use boardbots::engines::EngineOption;
use boardbots::games::notation::parse_openings;
use boardbots::Gomoku;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(about = "Train the Gomoku evaluation from self-play")]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play training games 0..GAMES missing from OUT and append them.
    Selfplay {
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 3000)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Options of the `alphabeta` engine on both sides, `KEY=VALUE`
        /// (repeated), as the bot's `--engine-option`.
        #[arg(long = "engine-option")]
        engine_options: Vec<String>,
        /// Node cap per move.
        #[arg(long, default_value_t = 3000)]
        nodes: u64,
        #[arg(long, default_value_t = 2)]
        random_plies: u32,
        #[arg(long, default_value_t = 6)]
        random_width: usize,
        #[arg(long, default_value = "data/gomoku-openings-selfplay.txt")]
        openings: PathBuf,
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Fit the weights to the games of FILES (each file its own games,
    /// split by game number) and report the losses.
    Fit {
        files: Vec<PathBuf>,
        #[arg(long, default_value_t = 1.0)]
        ridge: f64,
        /// Fit to this blend of the search's prediction and the outcome
        /// (0: the outcome alone); needs games with search scores.
        #[arg(long, default_value_t = 0.0)]
        search_weight: f64,
        /// Write the weight file here (else only report).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Fit the table evaluation to the games of FILES (split as `fit`'s)
    /// and report the losses next to the embedded evaluations'.
    FitTable {
        files: Vec<PathBuf>,
        /// L2 penalty on each code's own value, against the mean log-loss
        /// (default: the fit's).
        #[arg(long)]
        ridge: Option<f64>,
        /// L2 penalty on the structured parts a code's value is built on
        /// (default: the fit's).
        #[arg(long)]
        structure_ridge: Option<f64>,
        /// Fit the table alone, without the embedded trained evaluation as
        /// its starting point.
        #[arg(long)]
        no_prior: bool,
        /// As `fit`'s.
        #[arg(long, default_value_t = 0.0)]
        search_weight: f64,
        /// Write the binary weight file here (else only report).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Fit the threat-mask values to the games of FILES (split as `fit`'s)
    /// on top of the embedded trained evaluation and report the losses.
    FitThreats {
        files: Vec<PathBuf>,
        /// L2 penalty on each mask's value and phase slope (summed loss).
        #[arg(long, default_value_t = 1.0)]
        ridge: f64,
        /// Write the values file here (else only report).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Refit the trained evaluation's weights too, alternating with
        /// the mask values this many rounds (0: the masks alone).
        #[arg(long, default_value_t = 0)]
        joint: usize,
        /// With `--joint`: write the refitted weights file here.
        #[arg(long)]
        weights_out: Option<PathBuf>,
    },
    /// Convert referee logs of Gomoku games into a games file (OUT, written
    /// afresh): every game the rules ended, numbered from FIRST_INDEX on.
    /// The moves of the player whose name contains PLAYER get the score of
    /// the search that chose them (`score=N` in an `alphabeta` answer's
    /// debug line), every other move none, so `fit-policy` learns from
    /// that player's searched moves alone. A log that kept no debug lines
    /// (a compacted one) gives its games without scores: outcomes alone,
    /// for `fit-net`.
    FromLog {
        logs: Vec<PathBuf>,
        #[arg(long)]
        player: String,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 0)]
        first_index: u64,
    },
    /// Fit the network evaluation (engine option `net=PATH`) to the distinct games
    /// of FILES (split as `fit`'s) and report its losses per epoch beside
    /// the `trained` evaluation's; write its file to OUT.
    FitNet {
        files: Vec<PathBuf>,
        /// ReLU units; a net file (`--out`) needs the engine's 16.
        #[arg(long, default_value_t = NET_HIDDEN)]
        hidden: usize,
        #[arg(long, default_value_t = 12)]
        epochs: usize,
        #[arg(long, default_value_t = 0.001)]
        learning_rate: f32,
        #[arg(long, default_value_t = 0.00001)]
        weight_decay: f32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// As `fit`'s.
        #[arg(long, default_value_t = 0.0)]
        search_weight: f64,
        /// Weight of the comparison loss: the searched move's child ranked
        /// above its siblings' (the scored moves of the games); 0: none.
        #[arg(long, default_value_t = 0.0)]
        comparison_weight: f32,
        /// Fit the mean of the weights over the steps of the last N epochs
        /// (0: the last step's weights).
        #[arg(long, default_value_t = 0)]
        average_last_epochs: usize,
        /// Write the net file here (the engine's hidden size only).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Games files never fitted (every file after `--test`, so give
        /// the fitted FILES first): report both models' log-loss on their
        /// distinct games too (e.g. deeper games, from `from-log`), and
        /// with `--comparison-weight` how often each picks the searched
        /// moves among their siblings.
        #[arg(long, num_args = 1..)]
        test: Vec<PathBuf>,
    },
    /// Fit the move policy to the moves played in the games of FILES and
    /// report it against the hand ranking; write its weight file to OUT.
    FitPolicy {
        files: Vec<PathBuf>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// The first of each distinct move sequence in `games`. Self-play from a
/// few openings and random plies repeats whole games (the s31 file: 2,815
/// games, 1,581 distinct); a repeat on both sides of the held-out split
/// lets a model that can memorise score well on games it has seen.
fn distinct_games(games: &[GameRecord]) -> Vec<GameRecord> {
    let mut seen = std::collections::HashSet::new();
    games
        .iter()
        .filter(|game| seen.insert(game.moves.clone()))
        .cloned()
        .collect()
}

/// The games of `files`, each file its own games.
fn games_of(files: &[PathBuf]) -> Result<Vec<GameRecord>> {
    ensure!(!files.is_empty(), "give at least one games file");
    let mut games = Vec::new();
    for file in files {
        let read = read_games(file)?;
        // `read_games` takes a missing file as no games (so self-play can
        // start one); a fit cannot.
        ensure!(!read.is_empty(), "no games in {}", file.display());
        games.extend(read.into_values());
    }
    Ok(games)
}

/// The games line of a report: how many, how many held out.
fn games_line(games: &[GameRecord]) -> String {
    let held_out = games.iter().filter(|g| is_held_out(g.index)).count();
    format!("games: {} ({held_out} held out)", games.len())
}

fn main() -> Result<()> {
    match Args::parse().command {
        Command::FitPolicy { files, seed, out } => fit_policy_command(&files, seed, out),
        Command::FitNet {
            files,
            hidden,
            epochs,
            learning_rate,
            weight_decay,
            seed,
            search_weight,
            comparison_weight,
            average_last_epochs,
            out,
            test,
        } => {
            let all = games_of(&files)?;
            let games = distinct_games(&all);
            let mut samples = samples_with(&games, net_features);
            let labels = search_labels(&mut samples, search_weight)?;
            let comparisons = if comparison_weight > 0.0 {
                comparison_samples_of(&games)
            } else {
                Vec::new()
            };
            let config = NetFitConfig {
                hidden,
                epochs,
                learning_rate,
                weight_decay,
                seed,
                comparison_weight,
                average_last_epochs,
                ..NetFitConfig::default()
            };
            println!(
                "{} ({} repeated games dropped)\n{labels}",
                games_line(&games),
                all.len() - games.len()
            );
            let report = fit_net(&samples, &comparisons, &config);
            print!("{}", describe_net(&report));
            if !test.is_empty() {
                let test_games = distinct_games(&games_of(&test)?);
                let (net, trained) = test_losses(&report, &samples_with(&test_games, net_features));
                println!(
                    "test games: {}; log-loss net {net:.4}, `trained` evaluation {trained:.4}",
                    test_games.len()
                );
                if comparison_weight > 0.0 {
                    let (net, trained) =
                        test_comparisons(&report, &comparison_samples_of(&test_games));
                    println!(
                        "test games' searched moves among their siblings: top-1 net {:.3}, \
                         `trained` evaluation {:.3}; cross-entropy net {:.4}, `trained` {:.4}",
                        net.top1, trained.top1, net.cross_entropy, trained.cross_entropy
                    );
                }
            }
            if let Some(out) = out {
                let bytes = net_file(&report).context("--out needs the engine's hidden size")?;
                std::fs::write(&out, bytes)
                    .with_context(|| format!("writing {}", out.display()))?;
            }
            Ok(())
        }
        Command::FromLog {
            logs,
            player,
            out,
            first_index,
        } => from_log_command(&logs, &player, &out, first_index),
        Command::Selfplay {
            out,
            games,
            seed,
            engine_options,
            nodes,
            random_plies,
            random_width,
            openings,
            threads,
        } => {
            let options = EngineOption::parse_list(engine_options.iter().map(String::as_str))?;
            let engine = ThreatSearchConfig::with_options(&options)?;
            ensure!(threads > 0, "--threads must be at least 1");
            let text = std::fs::read_to_string(&openings)
                .with_context(|| format!("reading {}", openings.display()))?;
            let openings = parse_openings::<Gomoku>(&text).map_err(anyhow::Error::msg)?;
            ensure!(!openings.is_empty(), "no openings in the file");
            let config = SelfPlayConfig {
                engine,
                seed,
                nodes,
                random_plies,
                random_width,
            };
            let done = read_games(&out)?;
            let todo: Vec<u64> = (0..games).filter(|i| !done.contains_key(i)).collect();
            eprintln!("{} games done, {} to play", done.len(), todo.len());
            let file = Mutex::new(
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&out)
                    .with_context(|| format!("opening {}", out.display()))?,
            );
            let next = AtomicU64::new(0);
            let failed = Mutex::new(None);
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|| loop {
                        let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(&index) = todo.get(i) else { break };
                        let record = play_game(&openings, index, &config);
                        let mut file = file.lock().expect("games file lock");
                        if let Err(e) = writeln!(file, "{}", record.to_line()).and(file.flush()) {
                            *failed.lock().expect("error lock") = Some(e);
                            break;
                        }
                        if (i + 1).is_multiple_of(50) {
                            eprintln!("{}/{} games", i + 1, todo.len());
                        }
                    });
                }
            });
            if let Some(e) = failed.into_inner().expect("error lock") {
                return Err(e).context("writing the games file");
            }
            Ok(())
        }
        Command::Fit {
            files,
            ridge,
            search_weight,
            out,
        } => {
            let games = games_of(&files)?;
            let mut samples = samples_of(&games);
            let labels = search_labels(&mut samples, search_weight)?;
            let config = FitConfig {
                ridge,
                ..FitConfig::default()
            };
            let report = fit(&samples, &config);
            let figures = format!("{}\n{labels}{}", games_line(&games), describe(&report));
            println!("{figures}");
            if let Some(out) = out {
                let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
                let provenance = format!(
                    "Generated by `cargo run --release --example gomoku_train -- fit {} --ridge {ridge} --search-weight {search_weight}`.\n{figures}",
                    names.join(" "),
                );
                std::fs::write(&out, weights_source(&report.weights, &provenance))
                    .with_context(|| format!("writing {}", out.display()))?;
            }
            Ok(())
        }
        Command::FitThreats {
            files,
            ridge,
            out,
            joint,
            weights_out,
        } => {
            ensure!(
                weights_out.is_none() || joint > 0,
                "--weights-out needs --joint ROUNDS"
            );
            let games = games_of(&files)?;
            let samples = samples_with(&games, threat_mask);
            let config = ThreatFitConfig {
                ridge,
                ..ThreatFitConfig::default()
            };
            let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
            let (report, figures) = if joint == 0 {
                let report = fit_threat_mask(&samples, &config);
                let figures = format!("{}\n{}", games_line(&games), describe_threat_fit(&report));
                (report, figures)
            } else {
                let linear = samples_of(&games);
                let joint_report =
                    fit_jointly(&linear, &samples, joint, &FitConfig::default(), &config);
                let figures = format!(
                    "{}\n{}",
                    games_line(&games),
                    describe_joint_fit(&joint_report)
                );
                if let Some(path) = &weights_out {
                    let provenance = format!(
                        "Generated by `cargo run --release --example gomoku_train -- fit-threats {} --ridge {ridge} --joint {joint}` (the weights; the mask values beside them).\n{figures}",
                        names.join(" "),
                    );
                    std::fs::write(
                        path,
                        weights_source(&joint_report.linear.weights, &provenance),
                    )
                    .with_context(|| format!("writing {}", path.display()))?;
                }
                (joint_report.masks, figures)
            };
            println!("{figures}");
            if let Some(out) = out {
                let joint_flag = if joint > 0 {
                    format!(" --joint {joint}")
                } else {
                    String::new()
                };
                let provenance = format!(
                    "Generated by `cargo run --release --example gomoku_train -- fit-threats {} --ridge {ridge}{joint_flag}`.\n{figures}",
                    names.join(" "),
                );
                std::fs::write(&out, threat_values_source(&report, &provenance))
                    .with_context(|| format!("writing {}", out.display()))?;
            }
            Ok(())
        }
        Command::FitTable {
            files,
            ridge,
            structure_ridge,
            no_prior,
            search_weight,
            out,
        } => {
            let games = games_of(&files)?;
            let mut samples = samples_with(&games, code_counts);
            let labels = search_labels(&mut samples, search_weight)?;
            let defaults = TableFitConfig::default();
            let config = TableFitConfig {
                ridge: ridge.unwrap_or(defaults.ridge),
                structure_ridge: structure_ridge.unwrap_or(defaults.structure_ridge),
                prior: if no_prior { None } else { defaults.prior },
                ..defaults
            };
            let report = fit_table(&samples, &config);
            println!(
                "{}\n{labels}ridge: {}, structure ridge: {}, prior: {}",
                games_line(&games),
                config.ridge,
                config.structure_ridge,
                if config.prior.is_some() {
                    "trained3"
                } else {
                    "none"
                },
            );
            println!("{}", describe_table(&report));
            if let Some(out) = out {
                std::fs::write(&out, table_to_bytes(&report.weights))
                    .with_context(|| format!("writing {}", out.display()))?;
            }
            Ok(())
        }
    }
}

/// Blends the search's prediction into the samples' targets
/// (`label_by_search`) if `weight` is above 0; its figures as text lines
/// (empty if not).
fn search_labels<F>(samples: &mut [Sample<F>], weight: f64) -> Result<String> {
    ensure!(
        (0.0..=1.0).contains(&weight),
        "--search-weight must be within 0..1, not {weight}"
    );
    if weight == 0.0 {
        return Ok(String::new());
    }
    let labels = label_by_search(samples, weight, &FitConfig::default())
        .context("--search-weight needs games with search scores (made by this selfplay)")?;
    Ok(format!(
        "search labels: {} positions, weight {}, scores clamped to {SEARCH_LABEL_CLAMP}, \
         scale {:.6}/unit, bias {:.3}\n\
         log-loss search score (the labels' prediction): train {:.4}, held-out {:.4}\n",
        labels.labelled,
        weight,
        labels.scale,
        labels.bias,
        labels.losses.train,
        labels.losses.held_out,
    ))
}

/// `fit-policy`: the policy's fit and figures, and its weight file.
fn fit_policy_command(files: &[PathBuf], seed: u64, out: Option<PathBuf>) -> Result<()> {
    use boardbots::engines::gomoku::policy_to_bytes;
    use boardbots::engines::gomoku::training::{
        describe_policy, fit_policy, policy_samples_of, PolicyFitConfig,
    };
    let games = games_of(files)?;
    let samples = policy_samples_of(&games);
    let config = PolicyFitConfig {
        seed,
        ..PolicyFitConfig::default()
    };
    let report = fit_policy(&samples, &config);
    println!(
        "games: {}\n{config:?}\n{}",
        games.len(),
        describe_policy(&report)
    );
    if let Some(out) = out {
        std::fs::write(&out, policy_to_bytes(&report.weights))
            .with_context(|| format!("writing {}", out.display()))?;
    }
    Ok(())
}

/// `from-log`: referee logs to a games file (see `Command::FromLog`).
fn from_log_command(logs: &[PathBuf], player: &str, out: &Path, first_index: u64) -> Result<()> {
    use boardbots::referee::{play_from_start, read_records, Termination};
    use boardbots::{Game, Player};
    ensure!(!logs.is_empty(), "give at least one referee log");
    let mut lines = String::new();
    let (mut kept, mut left_out) = (0u64, 0u64);
    for log in logs {
        let records =
            read_records(log).with_context(|| format!("reading the log {}", log.display()))?;
        for record in records {
            let named = (record.black.contains(player), record.white.contains(player));
            let ours = match named {
                (true, false) => Player::Black,
                (false, true) => Player::White,
                _ => anyhow::bail!(
                    "{}: game {} has {} players named like {player:?}, not one",
                    log.display(),
                    record.id,
                    usize::from(named.0) + usize::from(named.1)
                ),
            };
            if record.termination != Termination::Normal {
                left_out += 1;
                continue;
            }
            let xy: Vec<(i32, i32)> = record.moves.iter().map(|&[x, y]| (x, y)).collect();
            let end = play_from_start::<Gomoku>(&xy)
                .with_context(|| format!("{}: game {}", log.display(), record.id))?;
            let Some(outcome) = end.outcome() else {
                left_out += 1;
                continue;
            };
            // Gomoku has no passes: Black plays the even plies.
            let our_plies: Vec<usize> = (record.opening.len()..xy.len())
                .filter(|ply| (ply % 2 == 0) == (ours == Player::Black))
                .collect();
            let debug = match ours {
                Player::Black => &record.debug.black,
                Player::White => &record.debug.white,
            };
            // A log without debug lines (compacted: both sides' lists empty)
            // still has the outcome; a log with some but not all is damaged.
            let kept_no_debug = record.debug.black.is_empty() && record.debug.white.is_empty();
            if !kept_no_debug && our_plies.len() != debug.len() {
                left_out += 1;
                continue;
            }
            let mut scores = vec![None; xy.len()];
            for (&ply, line) in our_plies.iter().zip(debug) {
                scores[ply] = searched_score(line);
            }
            let game = GameRecord {
                index: first_index + kept,
                opening_len: record.opening.len(),
                moves: xy
                    .iter()
                    .map(|&(x, y)| Gomoku::move_from_xy(x, y).expect("replayed above"))
                    .collect(),
                scores,
                outcome,
            };
            lines.push_str(&game.to_line());
            lines.push('\n');
            kept += 1;
        }
    }
    std::fs::write(out, lines).with_context(|| format!("writing {}", out.display()))?;
    println!(
        "{kept} games written to {} (indices {first_index}..{}), {left_out} left out \
         (not ended by the rules, or a debug line per turn missing)",
        out.display(),
        first_index + kept
    );
    Ok(())
}

/// The score of an `alphabeta` answer's debug line (`alphabeta nodes=...
/// score=N ...`); `None` for any other answer (an opening move, a five, a
/// VCF or VCT found at the root), which no search weighed against others.
fn searched_score(debug_line: &str) -> Option<i32> {
    if !debug_line.starts_with("alphabeta ") {
        return None;
    }
    debug_line
        .split_whitespace()
        .find_map(|field| field.strip_prefix("score="))
        .and_then(|score| score.parse().ok())
}
