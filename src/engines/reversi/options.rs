//! The tuning options of the `pattern` and `mcts` engines
//! (`builtin:pattern,KEY=VALUE,...` in the referee, `--engine-option
//! KEY=VALUE` on the bot): each key sets the field of the same name of
//! [`PatternSettings`] or of [`EngineSettings`] (the fields of its
//! [`MctsConfig`](crate::search::MctsConfig) by their own name). A field
//! added to either becomes an option with one line in its table;
//! `docs/reversi.md` lists them with their defaults.

use std::ops::RangeInclusive;

use super::engine::EngineSettings;
use super::midgame::ProbCut;
use super::pattern_engine::PatternSettings;
use super::playout::PlayoutStyle;
use crate::engines::{
    choice, flag, number, real, tuned_default, EngineOption, EngineOptionError, Expected, Tunable,
};

/// Table sizes, in bytes.
const TABLE_BYTES: RangeInclusive<usize> = 1 << 16..=1 << 30;

/// The options of `pattern`.
const PATTERN_TUNABLES: &[Tunable<PatternSettings>] = &[
    ("probcut", |c, v| probcut(&mut c.probcut, v)),
    // Below 2 the shallow search would have no depth.
    ("probcut.min_depth", |c, v| {
        probcut_field(c, |p| number(&mut p.min_depth, v, 2..=60))
    }),
    ("probcut.sigma_discs", |c, v| {
        probcut_field(c, |p| real(&mut p.sigma_discs, v, 0.1..=64.0))
    }),
    ("probcut.t", |c, v| {
        probcut_field(c, |p| real(&mut p.t, v, 0.0..=10.0))
    }),
    ("use_solver", |c, v| flag(&mut c.use_solver, v)),
    ("midgame_table_bytes", |c, v| {
        number(&mut c.midgame_table_bytes, v, TABLE_BYTES)
    }),
    ("solver_table_bytes", |c, v| {
        number(&mut c.solver_table_bytes, v, TABLE_BYTES)
    }),
    ("solver_time_share", |c, v| {
        real(&mut c.solver_time_share, v, 0.0..=1.0)
    }),
    ("soft_time_share", |c, v| {
        real(&mut c.soft_time_share, v, 0.0..=1.0)
    }),
];

/// The options of `mcts`.
const MCTS_TUNABLES: &[Tunable<EngineSettings>] = &[
    ("playout", |c, v| playout(&mut c.playout, v)),
    ("playout.take_corners", |c, v| {
        flag(&mut c.playout.take_corners, v)
    }),
    ("playout.corner_guard_redraws", |c, v| {
        number(&mut c.playout.corner_guard_redraws, v, 0..=16)
    }),
    // In 256ths: 256 is always the mobility-greedy move.
    ("playout.mobility_greed", |c, v| {
        number(&mut c.playout.mobility_greed, v, 0..=256)
    }),
    ("use_solver", |c, v| flag(&mut c.use_solver, v)),
    ("solver_table_bytes", |c, v| {
        number(&mut c.solver_table_bytes, v, TABLE_BYTES)
    }),
    ("solver_time_share", |c, v| {
        real(&mut c.solver_time_share, v, 0.0..=1.0)
    }),
    ("exploration", |c, v| {
        real(&mut c.mcts.exploration, v, 0.0..=10.0)
    }),
    ("memory_budget_bytes", |c, v| {
        number(&mut c.mcts.memory_budget_bytes, v, TABLE_BYTES)
    }),
    ("solver", |c, v| flag(&mut c.mcts.solver, v)),
    ("reuse_tree", |c, v| flag(&mut c.mcts.reuse_tree, v)),
    ("expand_after_visits", |c, v| {
        number(&mut c.mcts.expand_after_visits, v, 1..=1_000)
    }),
    // 0 would never read the clock.
    ("time_check_interval", |c, v| {
        number(&mut c.mcts.time_check_interval, v, 1..=1 << 20)
    }),
    ("fallback_iterations", |c, v| {
        number(&mut c.mcts.fallback_iterations, v, 1..=1_000_000_000)
    }),
];

/// `false` turns ProbCut off; `true` turns it on with the default's
/// parameters (keeping tuned ones if it is on).
fn probcut(field: &mut Option<ProbCut>, text: &str) -> Result<(), Expected> {
    let mut on = field.is_some();
    flag(&mut on, text)?;
    *field = match (on, *field) {
        (false, _) => None,
        (true, Some(tuned)) => Some(tuned),
        (true, None) => PatternSettings::default().probcut,
    };
    Ok(())
}

/// A ProbCut parameter, refused while ProbCut is off.
fn probcut_field(
    settings: &mut PatternSettings,
    set: impl FnOnce(&mut ProbCut) -> Result<(), Expected>,
) -> Result<(), Expected> {
    match &mut settings.probcut {
        Some(probcut) => set(probcut),
        None => Err("ProbCut on (probcut=false turned it off)".to_string()),
    }
}

/// The playout presets by name.
fn playout(field: &mut PlayoutStyle, text: &str) -> Result<(), Expected> {
    choice(
        field,
        text,
        &[
            ("uniform", PlayoutStyle::UNIFORM),
            ("corners", PlayoutStyle::CORNER_AWARE),
            ("mobility", PlayoutStyle::MOBILITY),
        ],
    )
}

impl PatternSettings {
    /// The default settings tuned by `options` in order, as
    /// `builtin:pattern,KEY=VALUE,...` builds them.
    pub fn with_options(options: &[EngineOption]) -> Result<Self, EngineOptionError> {
        tuned_default("pattern", PATTERN_TUNABLES, options)
    }
}

impl EngineSettings {
    /// The default settings tuned by `options` in order, as
    /// `builtin:mcts,KEY=VALUE,...` builds them.
    pub fn with_options(options: &[EngineOption]) -> Result<Self, EngineOptionError> {
        tuned_default("mcts", MCTS_TUNABLES, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::options::{assert_every_key_reaches_its_field, options};

    /// Values of every kind; each key accepts one that its field does not
    /// hold by default.
    const VALUES: [&str; 10] = [
        "1", "3", "0.5", "77", "1048576", "true", "false", "uniform", "corners", "mobility",
    ];

    #[test]
    fn every_key_sets_the_field_of_its_name() {
        assert_every_key_reaches_its_field(PATTERN_TUNABLES, PatternSettings::default(), &VALUES);
        assert_every_key_reaches_its_field(MCTS_TUNABLES, EngineSettings::default(), &VALUES);
    }

    #[test]
    fn the_former_variants_are_options() {
        let default = PatternSettings::default();
        assert_eq!(
            PatternSettings::with_options(&options(&["probcut=false"])),
            Ok(PatternSettings {
                probcut: None,
                ..default
            })
        );
        let mcts = EngineSettings::default();
        for (preset, style) in [
            ("uniform", PlayoutStyle::UNIFORM),
            ("corners", PlayoutStyle::CORNER_AWARE),
        ] {
            let tuned = EngineSettings::with_options(&options(&[&format!("playout={preset}")]));
            assert_eq!(
                tuned,
                Ok(EngineSettings {
                    playout: style,
                    ..mcts
                })
            );
        }
        // The former `mcts-mobility` was the default itself.
        assert_eq!(
            EngineSettings::with_options(&options(&["playout=mobility"])),
            Ok(mcts)
        );
        assert_eq!(
            EngineSettings::with_options(&options(&["use_solver=false"])),
            Ok(EngineSettings {
                use_solver: false,
                ..mcts
            })
        );
    }

    #[test]
    fn probcut_parameters_need_probcut_on() {
        let tuned = PatternSettings::with_options(&options(&["probcut.t=2", "probcut=true"]));
        assert_eq!(tuned.map(|s| s.probcut.map(|p| p.t)), Ok(Some(2.0)));
        let off = PatternSettings::with_options(&options(&["probcut=false", "probcut.t=2"]));
        assert_eq!(
            off,
            Err(EngineOptionError::BadValue {
                key: "probcut.t".into(),
                value: "2".into(),
                expected: "ProbCut on (probcut=false turned it off)".into()
            })
        );
        let mut field = None;
        assert_eq!(probcut(&mut field, "true"), Ok(()));
        assert_eq!(
            field,
            PatternSettings::default().probcut,
            "back on as by default"
        );
    }

    #[test]
    fn unknown_keys_and_bad_values_are_refused_saying_why() {
        let error = EngineSettings::with_options(&options(&["nosolver=true"])).unwrap_err();
        assert!(
            matches!(&error, EngineOptionError::UnknownKey { engine, key, known }
                if engine == "mcts" && key == "nosolver" && known.contains("use_solver")),
            "{error}"
        );
        let error = PatternSettings::with_options(&options(&["playout=uniform"])).unwrap_err();
        assert!(
            matches!(&error, EngineOptionError::UnknownKey { engine, known, .. }
                if engine == "pattern" && known.contains("probcut.t")),
            "{error}"
        );
        for (option, expected) in [
            ("playout=greedy", "uniform, corners or mobility"),
            ("solver=off", "true or false"),
            ("exploration=-1", "a number from 0 to 10"),
            ("playout.mobility_greed=257", "a whole number from 0 to 256"),
        ] {
            let (key, value) = option.split_once('=').unwrap();
            assert_eq!(
                EngineSettings::with_options(&options(&[option])),
                Err(EngineOptionError::BadValue {
                    key: key.into(),
                    value: value.into(),
                    expected: expected.into()
                })
            );
        }
        assert_eq!(
            PatternSettings::with_options(&options(&["solver_time_share=1.5"])),
            Err(EngineOptionError::BadValue {
                key: "solver_time_share".into(),
                value: "1.5".into(),
                expected: "a number from 0 to 1".into()
            })
        );
    }
}
