//! The weight file of the pattern evaluation: per stage, one 16-bit weight
//! per feature (in 1/[`WEIGHT_SCALE`] of a disc), little-endian, after a
//! header that names the format and its shape. The trained file is embedded
//! in the binary, so a bot stays one file.

use std::borrow::Cow;
use std::sync::OnceLock;

use super::features::{STAGES, STAGE_WEIGHTS};

/// Weights are stored in this fraction of a disc.
pub const WEIGHT_SCALE: i32 = 128;

const MAGIC: &[u8; 8] = b"BBRVPAT1";
const HEADER_BYTES: usize = 16;

/// Bytes aligned for 16-bit reads.
#[repr(C, align(2))]
struct Aligned<T: ?Sized>(T);

/// The committed, trained weights (`examples/train_reversi.rs` writes them),
/// aligned so that a little-endian build reads them in place.
static EMBEDDED: &Aligned<[u8]> = &Aligned(*include_bytes!("../../../data/reversi-weights.bin"));

/// Why a weight file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    #[error("weight file too short for its header ({0} bytes)")]
    Truncated(usize),
    #[error("not a Reversi pattern weight file (bad magic bytes)")]
    BadMagic,
    #[error(
        "weight file shape {stages} stages x {per_stage} weights, this build expects {STAGES} x {STAGE_WEIGHTS}"
    )]
    Shape { stages: usize, per_stage: usize },
    #[error("weight file holds {found} bytes of weights, its header promises {expected}")]
    Length { expected: usize, found: usize },
}

/// All stages' weights, stage after stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    values: Cow<'static, [i16]>,
}

impl Weights {
    /// All weights zero.
    pub fn zeros() -> Weights {
        Weights {
            values: Cow::Owned(vec![0; STAGES * STAGE_WEIGHTS]),
        }
    }

    /// The weights of the file content `bytes`, checked against this build's shape.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        Self::check(bytes)?;
        let values = bytes[HEADER_BYTES..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        Ok(Weights {
            values: Cow::Owned(values),
        })
    }

    /// Checks the header and length of the file content `bytes`.
    fn check(bytes: &[u8]) -> Result<(), WeightsError> {
        if bytes.len() < HEADER_BYTES {
            return Err(WeightsError::Truncated(bytes.len()));
        }
        if &bytes[..8] != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let (stages, per_stage) = (word(8), word(12));
        if (stages, per_stage) != (STAGES, STAGE_WEIGHTS) {
            return Err(WeightsError::Shape { stages, per_stage });
        }
        let expected = 2 * STAGES * STAGE_WEIGHTS;
        let found = bytes.len() - HEADER_BYTES;
        if found != expected {
            return Err(WeightsError::Length { expected, found });
        }
        Ok(())
    }

    /// The file content of these weights.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_BYTES + 2 * self.values.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(STAGES as u32).to_le_bytes());
        bytes.extend_from_slice(&(STAGE_WEIGHTS as u32).to_le_bytes());
        for value in self.values.iter() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes
    }

    /// The weights of `stage`.
    #[inline(always)]
    pub fn stage(&self, stage: usize) -> &[i16] {
        &self.values[stage * STAGE_WEIGHTS..(stage + 1) * STAGE_WEIGHTS]
    }

    /// The weights of `stage`, to change.
    pub fn stage_mut(&mut self, stage: usize) -> &mut [i16] {
        &mut self.values.to_mut()[stage * STAGE_WEIGHTS..(stage + 1) * STAGE_WEIGHTS]
    }

    /// The weights embedded in the binary. A little-endian build reads them
    /// in place (no copy, so a bot turn starts in microseconds and only the
    /// pages the search touches are loaded); others decode them once.
    pub fn embedded() -> &'static Weights {
        static EMBEDDED_WEIGHTS: OnceLock<Weights> = OnceLock::new();
        EMBEDDED_WEIGHTS.get_or_init(|| {
            let bytes = &EMBEDDED.0;
            Self::check(bytes).expect("the embedded weight file matches this build");
            if cfg!(target_endian = "little") {
                let body = &bytes[HEADER_BYTES..];
                // SAFETY: `EMBEDDED` is 2-aligned and the header is 16 bytes, so
                // `body` is 2-aligned; `check` proved it holds exactly
                // `STAGES * STAGE_WEIGHTS` pairs of bytes; on a little-endian
                // target those bytes are the i16 values; and the static lives
                // for the whole program.
                let values: &'static [i16] = unsafe {
                    std::slice::from_raw_parts(body.as_ptr().cast::<i16>(), body.len() / 2)
                };
                Weights {
                    values: Cow::Borrowed(values),
                }
            } else {
                Weights::from_bytes(bytes).expect("checked above")
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_load() {
        assert_eq!(
            Weights::embedded().values.len(),
            STAGES * STAGE_WEIGHTS,
            "shape checked by from_bytes"
        );
    }

    #[test]
    fn round_trip_and_refusals() {
        let mut weights = Weights::zeros();
        weights.stage_mut(3)[17] = -1234;
        let bytes = weights.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes), Ok(weights));
        assert_eq!(
            Weights::from_bytes(&bytes[..bytes.len() - 1]),
            Err(WeightsError::Length {
                expected: 2 * STAGES * STAGE_WEIGHTS,
                found: 2 * STAGES * STAGE_WEIGHTS - 1
            })
        );
        assert_eq!(
            Weights::from_bytes(&bytes[..10]),
            Err(WeightsError::Truncated(10))
        );
        let mut misshaped = bytes.clone();
        misshaped[8] = 7;
        assert_eq!(
            Weights::from_bytes(&misshaped),
            Err(WeightsError::Shape {
                stages: 7,
                per_stage: STAGE_WEIGHTS
            })
        );
        let mut wrong_magic = bytes;
        wrong_magic[0] = b'X';
        assert_eq!(
            Weights::from_bytes(&wrong_magic),
            Err(WeightsError::BadMagic)
        );
    }
}
