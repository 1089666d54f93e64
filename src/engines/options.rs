//! Tuning options of a built-in engine, `KEY=VALUE` as typed after
//! `builtin:NAME,` in the referee or with a bot's `--engine-option`, so a
//! tuning experiment is one command line.

use std::collections::HashSet;
use std::fmt::Display;
use std::ops::RangeInclusive;
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

/// What a value should have been, when it is not.
pub type Expected = String;

/// One row of an engine's option table: the key (its field's name) and
/// what sets the field of a configuration `C` from the value's text.
pub type Tunable<C> = (&'static str, fn(&mut C, &str) -> Result<(), Expected>);

/// `config`, the engine `engine`'s, tuned by `options` in order through
/// its `table`; an unknown key is refused with the list of the known ones.
pub fn apply_options<C>(
    engine: &str,
    table: &[Tunable<C>],
    config: &mut C,
    options: &[EngineOption],
) -> Result<(), EngineOptionError> {
    for option in options {
        let (_, set) = table
            .iter()
            .find(|(key, _)| *key == option.key)
            .ok_or_else(|| EngineOptionError::UnknownKey {
                engine: engine.to_string(),
                key: option.key.clone(),
                known: table
                    .iter()
                    .map(|&(key, _)| key)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        set(config, &option.value).map_err(|expected| EngineOptionError::BadValue {
            key: option.key.clone(),
            value: option.value.clone(),
            expected,
        })?;
    }
    Ok(())
}

/// The default configuration tuned by `options` in order through `table`:
/// what `builtin:ENGINE,KEY=VALUE,...` builds.
pub fn tuned_default<C: Default>(
    engine: &str,
    table: &[Tunable<C>],
    options: &[EngineOption],
) -> Result<C, EngineOptionError> {
    let mut config = C::default();
    apply_options(engine, table, &mut config, options)?;
    Ok(config)
}

/// A whole number within `range`.
pub fn number<T>(field: &mut T, text: &str, range: RangeInclusive<T>) -> Result<(), Expected>
where
    T: FromStr + PartialOrd + Display,
{
    match text.parse::<T>() {
        Ok(value) if range.contains(&value) => {
            *field = value;
            Ok(())
        }
        _ => Err(format!(
            "a whole number from {} to {}",
            range.start(),
            range.end()
        )),
    }
}

/// A number, fractions allowed, within `range` (never NaN: it is in no range).
pub fn real<T>(field: &mut T, text: &str, range: RangeInclusive<T>) -> Result<(), Expected>
where
    T: FromStr + PartialOrd + Display,
{
    let expected = format!("a number from {} to {}", range.start(), range.end());
    number(field, text, range).map_err(|_| expected)
}

/// `true` or `false`.
pub fn flag(field: &mut bool, text: &str) -> Result<(), Expected> {
    *field = text.parse().map_err(|_| "true or false".to_string())?;
    Ok(())
}

/// One of the named `choices`.
pub fn choice<T: Copy>(field: &mut T, text: &str, choices: &[(&str, T)]) -> Result<(), Expected> {
    match choices.iter().find(|(name, _)| *name == text) {
        Some(&(_, value)) => {
            *field = value;
            Ok(())
        }
        None => {
            let names: Vec<&str> = choices.iter().map(|&(name, _)| name).collect();
            Err(match names.split_last() {
                Some((last, [])) => last.to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => "nothing (no choices)".to_string(),
            })
        }
    }
}

/// The option tests of every game: `items`, well-formed, as options.
#[cfg(test)]
pub(crate) fn options(items: &[&str]) -> Vec<EngineOption> {
    EngineOption::parse_list(items.iter().copied()).expect("well-formed")
}

/// The option tests of every game: with no options every engine of `G`
/// passes the check and is built, an unknown name is refused, and
/// `untuned`, an engine without options, refuses `option`.
#[cfg(test)]
pub(crate) fn assert_engines_take_no_options_as_by_name<G: super::Engines>(
    untuned: &str,
    option: &str,
) {
    for &name in G::engine_names() {
        assert_eq!(G::check_engine_options(name, &[]), Ok(()), "{name}");
        assert!(G::engine_with_options(name, 1, 1, &[]).is_ok(), "{name}");
    }
    assert_eq!(
        G::check_engine_options("nonsense", &[]),
        Err(EngineOptionError::UnknownEngine("nonsense".into()))
    );
    let tuned = options(&[option]);
    assert_eq!(
        G::check_engine_options(untuned, &tuned),
        Err(EngineOptionError::TakesNoOptions {
            engine: untuned.into(),
            key: tuned[0].key.clone()
        })
    );
}

/// The option tests of every game: each key of `table`, given in turn each
/// of `values` that it accepts, changes `base` in the field of its name (and
/// at least one value changes it).
#[cfg(test)]
pub(crate) fn assert_every_key_reaches_its_field<C>(table: &[Tunable<C>], base: C, values: &[&str])
where
    C: Clone + PartialEq + std::fmt::Debug,
{
    let base_text = format!("{base:#?}");
    for &(key, set) in table {
        let changed: Vec<String> = values
            .iter()
            .filter_map(|value| {
                let mut config = base.clone();
                set(&mut config, value).ok().map(|()| config)
            })
            .filter(|config| *config != base)
            .map(|config| first_changed_field(&base_text, &format!("{config:#?}")))
            .collect();
        assert!(!changed.is_empty(), "{key} changes nothing");
        assert!(
            changed.iter().all(|path| key_names_field(key, path)),
            "{key} changed {changed:?}"
        );
    }
}

/// The dotted path of the first field
/// whose `{:#?}` text differs between two configurations (`main.lmp_base`,
/// `playout.take_corners`).
#[cfg(test)]
fn first_changed_field(before: &str, after: &str) -> String {
    let before: Vec<&str> = before.lines().collect();
    let at = before
        .iter()
        .zip(after.lines())
        .position(|(a, b)| *a != b)
        .unwrap_or(before.len().min(after.lines().count()));
    let mut path = Vec::new();
    let mut indent = usize::MAX;
    for line in before[..=at.min(before.len() - 1)].iter().rev() {
        let depth = line.len() - line.trim_start().len();
        if depth < indent {
            if let Some((name, _)) = line.trim_start().split_once(": ") {
                path.push(name);
            }
            indent = depth;
        }
    }
    path.reverse();
    path.join(".")
}

/// Whether `key` names the field at `path`: its dotted segments end some
/// leading part of the path, so `lmp_base` names `main.lmp_base` and
/// `playout` names `playout.take_corners`.
#[cfg(test)]
fn key_names_field(key: &str, path: &str) -> bool {
    let segments: Vec<&str> = path.split('.').collect();
    (1..=segments.len()).any(|end| {
        let prefix = segments[..end].join(".");
        prefix == key || prefix.ends_with(&format!(".{key}"))
    })
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

    #[test]
    fn values_are_parsed_within_their_range() {
        let mut whole = 3u32;
        assert_eq!(number(&mut whole, "7", 1..=8), Ok(()));
        assert_eq!(whole, 7);
        for bad in ["0", "9", "x", "2.5"] {
            assert_eq!(
                number(&mut whole, bad, 1..=8),
                Err("a whole number from 1 to 8".to_string())
            );
        }
        let mut fraction = 1.0f64;
        assert_eq!(real(&mut fraction, "0.25", 0.0..=1.0), Ok(()));
        assert_eq!(fraction, 0.25);
        for bad in ["NaN", "inf", "-0.1", "x"] {
            assert_eq!(
                real(&mut fraction, bad, 0.0..=1.0),
                Err("a number from 0 to 1".to_string())
            );
        }
        let mut on = true;
        assert_eq!(flag(&mut on, "false"), Ok(()));
        assert!(!on);
        assert_eq!(flag(&mut on, "off"), Err("true or false".to_string()));
        let mut picked = 0;
        let choices = [("a", 1), ("b", 2), ("c", 3)];
        assert_eq!(choice(&mut picked, "b", &choices), Ok(()));
        assert_eq!(picked, 2);
        assert_eq!(
            choice(&mut picked, "d", &choices),
            Err("a, b or c".to_string())
        );
    }

    #[test]
    fn changed_fields_are_named_by_their_path() {
        // Read only through `Debug`.
        #[allow(dead_code)]
        #[derive(Debug)]
        struct Inner {
            x: u32,
            y: u32,
        }
        #[allow(dead_code)]
        #[derive(Debug)]
        struct Outer {
            a: u32,
            inner: Inner,
        }
        let text = |a, y| {
            format!(
                "{:#?}",
                Outer {
                    a,
                    inner: Inner { x: 0, y }
                }
            )
        };
        assert_eq!(first_changed_field(&text(1, 2), &text(1, 3)), "inner.y");
        assert_eq!(first_changed_field(&text(1, 2), &text(5, 2)), "a");
        assert!(key_names_field("y", "inner.y"));
        assert!(key_names_field("inner", "inner.y"));
        assert!(key_names_field("inner.y", "inner.y"));
        assert!(!key_names_field("x", "inner.y"));
        assert!(!key_names_field("ner.y", "inner.y"));
    }
}
