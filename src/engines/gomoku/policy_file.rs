//! The policy's weight file, embedded from `data/gomoku-policy.bin`: a
//! table evaluation weight file ([`table_file`](super::table_file): magic,
//! version, shape, checksum, range) whose four columns per code are the
//! policy's attack and defence values and whose extra terms are all zero
//! (a policy has none). One format and one parser for both tables; a file
//! with extra terms is an evaluation's, refused here.

use std::path::Path;
use std::sync::OnceLock;

use super::policy::PolicyWeights;
use super::table::TableWeights;
use super::table_file::{checksum_of, parse_table, table_to_bytes, TableFileError};

/// Why a policy weight file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PolicyFileError {
    /// Refused as a table file (format, shape, checksum, range).
    #[error("{0}")]
    Table(#[from] TableFileError),
    #[error("cannot read {path}: {reason}")]
    Unreadable { path: String, reason: String },
    /// A table file with extra terms: an evaluation, not a policy.
    #[error("a table evaluation weight file, not a policy (its extra term {0} is not zero)")]
    ExtraTerms(usize),
}

fn as_table(policy: &PolicyWeights) -> TableWeights {
    let mut table = TableWeights::zero();
    table.codes = policy.codes;
    table
}

/// The file of `policy`.
pub fn policy_to_bytes(policy: &PolicyWeights) -> Vec<u8> {
    table_to_bytes(&as_table(policy))
}

/// The checksum `policy`'s file carries (it names a policy in reports).
pub fn policy_checksum(policy: &PolicyWeights) -> u64 {
    checksum_of(&as_table(policy))
}

/// Parses a policy weight file: a valid table file with no extra terms.
pub fn parse_policy(bytes: &[u8]) -> Result<PolicyWeights, PolicyFileError> {
    let table = parse_table(bytes)?;
    if let Some(term) = table.extras.iter().position(|e| *e != [0, 0]) {
        return Err(PolicyFileError::ExtraTerms(term));
    }
    Ok(PolicyWeights { codes: table.codes })
}

/// Reads and parses the policy file at `path`.
pub fn load_policy(path: &Path) -> Result<PolicyWeights, PolicyFileError> {
    let bytes = std::fs::read(path).map_err(|e| PolicyFileError::Unreadable {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    parse_policy(&bytes)
}

/// The embedded policy (`data/gomoku-policy.bin`; how it was made, in
/// `data/README.md`), parsed at first use.
pub fn embedded_policy() -> &'static PolicyWeights {
    static POLICY: OnceLock<PolicyWeights> = OnceLock::new();
    POLICY.get_or_init(|| {
        parse_policy(include_bytes!("../../../data/gomoku-policy.bin"))
            .expect("the embedded policy weight file parses (tested)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded file loads, writes back to the same bytes, and is not
    /// the uniform policy.
    #[test]
    fn the_embedded_policy_loads() {
        let policy = embedded_policy();
        assert_eq!(
            policy_to_bytes(policy),
            include_bytes!("../../../data/gomoku-policy.bin").to_vec()
        );
        assert_ne!(*policy, PolicyWeights::zero(), "a trained policy");
    }

    #[test]
    fn a_policy_round_trips() {
        let mut policy = PolicyWeights::zero();
        for (i, v) in policy.codes.iter_mut().flatten().enumerate() {
            *v = (i as i32 * 53 % 4001 - 2000) as i16;
        }
        assert_eq!(parse_policy(&policy_to_bytes(&policy)), Ok(policy));
    }

    /// A damaged file is refused with the table file's error; an
    /// evaluation's file (extra terms) with the policy's own.
    #[test]
    fn bad_policy_files_are_refused() {
        let good = policy_to_bytes(&PolicyWeights::zero());
        let mut flipped = good.clone();
        flipped[30] ^= 1;
        assert!(matches!(
            parse_policy(&flipped),
            Err(PolicyFileError::Table(TableFileError::BadChecksum { .. }))
        ));
        assert_eq!(
            parse_policy(b"GOMOKUPX"),
            Err(PolicyFileError::Table(TableFileError::WrongMagic))
        );
        let mut evaluation = TableWeights::zero();
        evaluation.extras[2] = [0, 5];
        assert_eq!(
            parse_policy(&table_to_bytes(&evaluation)),
            Err(PolicyFileError::ExtraTerms(2))
        );
        assert!(matches!(
            load_policy(Path::new("/nonexistent/policy.bin")),
            Err(PolicyFileError::Unreadable { .. })
        ));
    }
}
