//! The `--log` file: append-only, one JSON line per finished game, each
//! written with a single `write` as the game ends, so a referee killed at any
//! moment (even by SIGKILL) loses only the games in progress and, at worst,
//! the end of the line being written. Reading tolerates such a torn last
//! line; `--resume` cuts it off before appending.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::record::GameRecord;
use super::schedule::GameId;
use super::shutdown;
use super::summary::GameOutcome;

/// Why a log could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{line}: not a game record: {source}")]
    Parse {
        path: String,
        line: usize,
        source: serde_json::Error,
    },
}

/// A log open for appending.
pub struct GameLog {
    file: File,
    path: PathBuf,
}

/// The complete records of a log's text, and the length of the text they
/// fill (a torn last line, if any, starts there).
fn parse_lines(path: &Path, text: &str) -> Result<(Vec<GameRecord>, usize), LogError> {
    let mut records = Vec::new();
    let mut complete = 0;
    let mut rest = text;
    let mut line_number = 0;
    while !rest.is_empty() {
        line_number += 1;
        let (line, next, ended) = match rest.find('\n') {
            Some(at) => (&rest[..at], &rest[at + 1..], true),
            None => (rest, "", false),
        };
        if !line.trim().is_empty() {
            match serde_json::from_str::<GameRecord>(line) {
                Ok(record) => records.push(record),
                Err(_) if !ended => {
                    eprintln!(
                        "referee: {}:{line_number}: ignoring a torn last line (a game cut off while \
                         it was written)",
                        path.display()
                    );
                    break;
                }
                Err(source) => {
                    return Err(LogError::Parse {
                        path: path.display().to_string(),
                        line: line_number,
                        source,
                    })
                }
            }
        }
        complete = text.len() - next.len();
        rest = next;
    }
    Ok((records, complete))
}

/// Every complete record of a log (a torn last line is reported on stderr
/// and left out).
pub fn read_records(path: &Path) -> Result<Vec<GameRecord>, LogError> {
    let text = std::fs::read_to_string(path).map_err(|source| LogError::Read {
        path: path.display().to_string(),
        source,
    })?;
    Ok(parse_lines(path, &text)?.0)
}

impl GameLog {
    /// Opens `path` for appending and returns the records it already holds.
    /// Without `resume` the log must be new or empty, so that no earlier
    /// games are mixed in by accident.
    pub fn open(path: &Path, resume: bool) -> anyhow::Result<(Self, Vec<GameRecord>)> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        if !resume && !text.trim().is_empty() {
            bail!(
                "the log {} already holds games: pass --resume to play only the missing ones, \
                 or choose another log",
                path.display()
            );
        }
        let (records, complete) = parse_lines(path, &text)?;
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open the log {}", path.display()))?;
        if complete < text.len() {
            // The torn tail goes: the only change to a log that is not an append.
            file.set_len(complete as u64)
                .with_context(|| format!("cannot cut the torn line of {}", path.display()))?;
        } else if !text.is_empty() && !text.ends_with('\n') {
            file.write_all(b"\n")?;
        }
        Ok((
            GameLog {
                file,
                path: path.to_path_buf(),
            },
            records,
        ))
    }

    /// Appends one record as one line, in one write.
    pub fn append(&mut self, record: &GameRecord) -> anyhow::Result<()> {
        let mut line = serde_json::to_vec(record)?;
        line.push(b'\n');
        // A shutdown waits for the line to be complete.
        let _complete_lines_only = shutdown::hold_off();
        self.file
            .write_all(&line)
            .with_context(|| format!("cannot write to the log {}", self.path.display()))
    }
}

/// How the logs given to [`merge_logs`] relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogsAre {
    /// Parts of one run (its shards, resumed parts): a game id found in two
    /// logs is one game, counted once.
    OneRun,
    /// Separate runs (other seeds, other openings) of the same players: every
    /// game counts, and a game pairs only with the other colour of its own log.
    SeparateRuns,
}

/// The games of many logs, as `logs_are` says they relate. Returns the
/// outcomes and how many duplicates were dropped.
pub fn merge_logs(
    paths: &[PathBuf],
    logs_are: LogsAre,
) -> anyhow::Result<(Vec<GameOutcome>, usize)> {
    let mut outcomes: Vec<GameOutcome> = Vec::new();
    let mut seen: HashMap<GameId, usize> = HashMap::new();
    let mut duplicates = 0;
    // Separate runs: each log's pairs are numbered after the last log's.
    let mut pair_offset = 0;
    for path in paths {
        let mut pairs_here = 0;
        for record in read_records(path)? {
            let mut outcome = GameOutcome::from_record(&record)
                .with_context(|| format!("{}: game {}", path.display(), record.number))?;
            if logs_are == LogsAre::SeparateRuns {
                pairs_here = pairs_here.max(outcome.id.pair + 1);
                outcome.id.pair += pair_offset;
            }
            if let Some(first) = outcomes.first() {
                if (first.game.as_str(), first.format) != (outcome.game.as_str(), outcome.format) {
                    bail!(
                        "{}: a {} {} game among {} {} games: these logs are not of one run",
                        path.display(),
                        outcome.game,
                        outcome.format.name(),
                        first.game,
                        first.format.name()
                    );
                }
            }
            match seen.get(&outcome.id) {
                Some(&at) if outcomes[at].names == outcome.names => duplicates += 1,
                Some(&at) => bail!(
                    "{}: game {} is {} vs {} here but {} vs {} in an earlier log",
                    path.display(),
                    outcome.id,
                    outcome.names[0],
                    outcome.names[1],
                    outcomes[at].names[0],
                    outcomes[at].names[1]
                ),
                None => {
                    seen.insert(outcome.id, outcomes.len());
                    outcomes.push(outcome);
                }
            }
        }
        pair_offset += pairs_here;
    }
    Ok((outcomes, duplicates))
}
