//! Tuning options of a built-in engine, `KEY=VALUE` as typed after
//! `builtin:NAME,` in the referee or with a bot's `--engine-option`, so a
//! tuning experiment is one command line.

use std::collections::HashSet;
use std::str::FromStr;

/// One `KEY=VALUE` tuning option, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    pub key: String,
    pub value: String,
}

impl EngineOption {
    /// The options in `items` (each `KEY=VALUE`); a key given twice is an
    /// error, so a spec reads the same whatever its order.
    pub fn parse_list<'a>(
        items: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<EngineOption>, EngineOptionError> {
        let mut seen = HashSet::new();
        let mut options = Vec::new();
        for item in items {
            let option: EngineOption = item.parse()?;
            if !seen.insert(option.key.clone()) {
                return Err(EngineOptionError::Repeated(option.key));
            }
            options.push(option);
        }
        Ok(options)
    }
}

impl FromStr for EngineOption {
    type Err = EngineOptionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.split_once('=') {
            Some((key, value)) if !key.is_empty() && !value.is_empty() => Ok(EngineOption {
                key: key.to_string(),
                value: value.to_string(),
            }),
            _ => Err(EngineOptionError::Malformed(text.to_string())),
        }
    }
}

impl std::fmt::Display for EngineOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.key, self.value)
    }
}

/// Why an engine cannot be built with the options given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineOptionError {
    #[error("{0:?}: expected KEY=VALUE")]
    Malformed(String),
    #[error("option {0} given twice")]
    Repeated(String),
    #[error("no engine {0:?}")]
    UnknownEngine(String),
    #[error("{engine} takes no tuning options (got {key})")]
    TakesNoOptions { engine: String, key: String },
    #[error("{engine} has no option {key:?} (known: {known})")]
    UnknownKey {
        engine: String,
        key: String,
        known: String,
    },
    #[error("{key}={value}: expected {expected}")]
    BadValue {
        key: String,
        value: String,
        expected: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_key_value_pairs_each_key_once() {
        assert_eq!(
            EngineOption::parse_list(["lmp_base=4", "evaluation=hand"]),
            Ok(vec![
                EngineOption {
                    key: "lmp_base".into(),
                    value: "4".into()
                },
                EngineOption {
                    key: "evaluation".into(),
                    value: "hand".into()
                },
            ])
        );
        for bad in ["lmp_base", "=4", "lmp_base=", ""] {
            assert_eq!(
                EngineOption::parse_list([bad]),
                Err(EngineOptionError::Malformed(bad.into())),
                "{bad:?}"
            );
        }
        assert_eq!(
            EngineOption::parse_list(["a=1", "b=2", "a=3"]),
            Err(EngineOptionError::Repeated("a".into()))
        );
    }
}
