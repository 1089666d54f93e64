//! The table evaluation's weight file: a compact binary form of
//! [`TableWeights`], embedded from `data/gomoku-table.bin` and parsed once,
//! or loaded from a path (the engine option `weights=PATH`).
//!
//! Layout, every number little-endian:
//! - the magic `GOMOKUTB` (8 bytes) and the format version (u32, [`VERSION`]);
//! - the shape: codes, columns per code, extra terms (three u32: 715, 4, 4);
//! - the values as i32, the codes' columns code by code (each within
//!   +/-32767), then each extra term's opening and endgame value (each
//!   within +/-2^20);
//! - an FNV-1a 64-bit checksum of every byte before it (u64).

use std::path::Path;
use std::sync::OnceLock;

use super::codes::CODES;
use super::table::{TableWeights, COLUMNS, EXTRAS};

const MAGIC: [u8; 8] = *b"GOMOKUTB";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;
/// Magic, version and the three shape numbers.
const HEADER_BYTES: usize = 8 + 4 * 4;
/// Values in a file.
const VALUES: usize = CODES * COLUMNS + EXTRAS * 2;
/// The length of every file of this version.
pub const FILE_BYTES: usize = HEADER_BYTES + 4 * VALUES + 8;
/// The largest magnitude of a code's value (i16, with its negation).
pub const CODE_VALUE_LIMIT: i32 = i16::MAX as i32;
/// The largest magnitude of an extra term's value: 2^17 evaluation units,
/// far from the search's win scores, and no sum can overflow.
pub const EXTRA_VALUE_LIMIT: i32 = 1 << 20;

/// Why a weight file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableFileError {
    #[error("cannot read {path}: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("not a Gomoku table weight file (no GOMOKUTB magic)")]
    WrongMagic,
    #[error("table weight file version {0}, this build reads version {VERSION}")]
    WrongVersion(u32),
    #[error(
        "table weight file for {codes} codes x {columns} columns and {extras} extra terms, \
         this build has {CODES} x {COLUMNS} and {EXTRAS}"
    )]
    WrongShape {
        codes: u32,
        columns: u32,
        extras: u32,
    },
    #[error("table weight file of {found} bytes, expected {FILE_BYTES}")]
    WrongLength { found: usize },
    #[error(
        "table weight file checksum {stored:016x} does not match its contents ({computed:016x})"
    )]
    BadChecksum { stored: u64, computed: u64 },
    #[error("table weight file value {value} (number {index}) is beyond +/-{limit}")]
    OutOfRange {
        index: usize,
        value: i32,
        limit: i32,
    },
}

/// The bytes of a weight file before its trailing checksum (the last eight
/// bytes, [`fnv1a`] of the rest), or the stored and the computed checksum
/// where they differ. Shared with the net file.
pub(super) fn checked_body(bytes: &[u8]) -> Result<&[u8], (u64, u64)> {
    let (body, trailer) = bytes.split_at(bytes.len() - 8);
    let stored = u64::from_le_bytes(trailer.try_into().expect("eight bytes"));
    let computed = fnv1a(body);
    if stored == computed {
        Ok(body)
    } else {
        Err((stored, computed))
    }
}

/// FNV-1a, 64 bits: enough to catch a damaged or hand-edited file.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xCBF2_9CE4_8422_2325u64;
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

/// The file of `table`.
pub fn table_to_bytes(table: &TableWeights) -> Vec<u8> {
    let mut out = Vec::with_capacity(FILE_BYTES);
    out.extend_from_slice(&MAGIC);
    for n in [VERSION, CODES as u32, COLUMNS as u32, EXTRAS as u32] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    let codes = table.codes.iter().flatten().map(|&v| v as i32);
    for v in codes.chain(table.extras.iter().flatten().copied()) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let checksum = fnv1a(&out);
    out.extend_from_slice(&checksum.to_le_bytes());
    out
}

/// The checksum `table`'s file carries (it names a table in reports).
pub fn checksum_of(table: &TableWeights) -> u64 {
    let bytes = table_to_bytes(table);
    u64::from_le_bytes(bytes[FILE_BYTES - 8..].try_into().expect("eight bytes"))
}

/// Parses a weight file, refusing one of another format, length or shape,
/// a damaged one (checksum) and one with a value out of range.
pub fn parse_table(bytes: &[u8]) -> Result<TableWeights, TableFileError> {
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(TableFileError::WrongMagic);
    }
    if bytes.len() < HEADER_BYTES {
        return Err(TableFileError::WrongLength { found: bytes.len() });
    }
    let version = u32_at(bytes, 8);
    if version != VERSION {
        return Err(TableFileError::WrongVersion(version));
    }
    let (codes, columns, extras) = (u32_at(bytes, 12), u32_at(bytes, 16), u32_at(bytes, 20));
    if (codes, columns, extras) != (CODES as u32, COLUMNS as u32, EXTRAS as u32) {
        return Err(TableFileError::WrongShape {
            codes,
            columns,
            extras,
        });
    }
    if bytes.len() != FILE_BYTES {
        return Err(TableFileError::WrongLength { found: bytes.len() });
    }
    let body = checked_body(bytes)
        .map_err(|(stored, computed)| TableFileError::BadChecksum { stored, computed })?;
    let mut values = body[HEADER_BYTES..]
        .chunks_exact(4)
        .enumerate()
        .map(|(index, b)| {
            let value = i32::from_le_bytes(b.try_into().expect("four bytes"));
            let limit = if index < CODES * COLUMNS {
                CODE_VALUE_LIMIT
            } else {
                EXTRA_VALUE_LIMIT
            };
            if (-limit..=limit).contains(&value) {
                Ok(value)
            } else {
                Err(TableFileError::OutOfRange {
                    index,
                    value,
                    limit,
                })
            }
        });
    let mut table = TableWeights::zero();
    for v in table.codes.iter_mut().flatten() {
        // In range: a code's limit is i16's.
        *v = values.next().expect("counted")? as i16;
    }
    for v in table.extras.iter_mut().flatten() {
        *v = values.next().expect("counted")?;
    }
    Ok(table)
}

/// Reads and parses the weight file at `path`, kept for the rest of the
/// run (an engine option loads it once per configuration it builds).
pub fn load_table(path: &Path) -> Result<&'static TableWeights, TableFileError> {
    let bytes = std::fs::read(path).map_err(|e| TableFileError::Unreadable {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    Ok(Box::leak(Box::new(parse_table(&bytes)?)))
}

/// The embedded table (`data/gomoku-table.bin`; how it was made, in
/// `data/README.md`), parsed at first use.
pub fn embedded_table() -> &'static TableWeights {
    static TABLE: OnceLock<TableWeights> = OnceLock::new();
    TABLE.get_or_init(|| {
        parse_table(include_bytes!("../../../data/gomoku-table.bin"))
            .expect("the embedded table weight file parses (tested)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded file loads, is not all zeros, and writes back to the
    /// same bytes.
    #[test]
    fn the_embedded_table_loads() {
        let table = embedded_table();
        assert_ne!(*table, TableWeights::zero());
        assert_eq!(
            table_to_bytes(table),
            include_bytes!("../../../data/gomoku-table.bin").to_vec()
        );
    }

    fn sample_table() -> TableWeights {
        let mut table = TableWeights::zero();
        for (i, v) in table.codes.iter_mut().flatten().enumerate() {
            *v = (i as i32 * 37 % 2001 - 1000) as i16;
        }
        table.extras[1] = [-EXTRA_VALUE_LIMIT, EXTRA_VALUE_LIMIT];
        table
    }

    /// Rewrites a file's checksum after an edit, so the edit reaches the
    /// checks behind the checksum.
    fn reseal(bytes: &mut [u8]) {
        let n = bytes.len();
        let checksum = fnv1a(&bytes[..n - 8]);
        bytes[n - 8..].copy_from_slice(&checksum.to_le_bytes());
    }

    #[test]
    fn a_table_round_trips() {
        let table = sample_table();
        let bytes = table_to_bytes(&table);
        assert_eq!(bytes.len(), FILE_BYTES);
        assert_eq!(parse_table(&bytes), Ok(table));
    }

    /// Each kind of damage is refused with its own error.
    #[test]
    fn bad_files_are_refused() {
        let good = table_to_bytes(&sample_table());
        let edited = |edit: &dyn Fn(&mut Vec<u8>)| {
            let mut bytes = good.clone();
            edit(&mut bytes);
            parse_table(&bytes)
        };
        assert_eq!(parse_table(b""), Err(TableFileError::WrongMagic));
        assert_eq!(edited(&|b| b[0] = b'g'), Err(TableFileError::WrongMagic));
        assert_eq!(
            edited(&|b| b.truncate(12)),
            Err(TableFileError::WrongLength { found: 12 })
        );
        assert_eq!(edited(&|b| b[8] = 2), Err(TableFileError::WrongVersion(2)));
        assert_eq!(
            edited(&|b| b[12] = 0),
            Err(TableFileError::WrongShape {
                codes: 715 - 715 % 256,
                columns: 4,
                extras: 4
            })
        );
        assert_eq!(
            edited(&|b| b.truncate(FILE_BYTES - 1)),
            Err(TableFileError::WrongLength {
                found: FILE_BYTES - 1
            })
        );
        assert_eq!(
            edited(&|b| b.push(0)),
            Err(TableFileError::WrongLength {
                found: FILE_BYTES + 1
            })
        );
        let flipped = edited(&|b| b[HEADER_BYTES + 5] ^= 1);
        assert!(
            matches!(flipped, Err(TableFileError::BadChecksum { .. })),
            "{flipped:?}"
        );
        let out_of_range = edited(&|b| {
            b[HEADER_BYTES + 8..HEADER_BYTES + 12].copy_from_slice(&40_000i32.to_le_bytes());
            reseal(b);
        });
        assert_eq!(
            out_of_range,
            Err(TableFileError::OutOfRange {
                index: 2,
                value: 40_000,
                limit: CODE_VALUE_LIMIT,
            })
        );
        let negative = edited(&|b| {
            let at = FILE_BYTES - 12;
            b[at..at + 4].copy_from_slice(&i32::MIN.to_le_bytes());
            reseal(b);
        });
        assert_eq!(
            negative,
            Err(TableFileError::OutOfRange {
                index: VALUES - 1,
                value: i32::MIN,
                limit: EXTRA_VALUE_LIMIT,
            })
        );
        assert!(matches!(
            load_table(Path::new("/nonexistent/table.bin")),
            Err(TableFileError::Unreadable { .. })
        ));
    }
}
