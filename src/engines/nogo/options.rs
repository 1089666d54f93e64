//! The tuning options of the `mcts` engine (`builtin:mcts,KEY=VALUE,...` in
//! the referee, `--engine-option KEY=VALUE` on the bot): each key sets the
//! field of [`RaveConfig`] of the same name. A field added to the config
//! becomes an option with one line in [`TUNABLES`]; `docs/nogo.md` lists
//! them with their defaults.

use super::{PlayoutStyle, RaveConfig};
use crate::engines::{
    choice, flag, number, real, tuned_default, EngineOption, EngineOptionError, Expected, Tunable,
};

/// Every option: its key (the field's name) and where its value goes.
const TUNABLES: &[Tunable<RaveConfig>] = &[
    ("rave", |c, v| flag(&mut c.rave, v)),
    // 0 would weigh AMAF by 0/0 before the first visit.
    ("rave_equivalence", |c, v| {
        real(&mut c.rave_equivalence, v, 1.0..=1e7)
    }),
    ("exploration", |c, v| {
        real(&mut c.exploration, v, 0.0..=10.0)
    }),
    ("first_play_urgency", |c, v| {
        real(&mut c.first_play_urgency, v, 0.0..=10.0)
    }),
    ("playout", |c, v| playout(&mut c.playout, v)),
    ("solver", |c, v| flag(&mut c.solver, v)),
    ("reuse_tree", |c, v| flag(&mut c.reuse_tree, v)),
    ("memory_budget_bytes", |c, v| {
        number(&mut c.memory_budget_bytes, v, 1 << 16..=1 << 30)
    }),
    ("expand_after_visits", |c, v| {
        number(&mut c.expand_after_visits, v, 1..=1_000)
    }),
    // 0 would never read the clock.
    ("time_check_interval", |c, v| {
        number(&mut c.time_check_interval, v, 1..=1 << 20)
    }),
    ("fallback_iterations", |c, v| {
        number(&mut c.fallback_iterations, v, 1..=1_000_000_000)
    }),
];

/// The playout styles by name.
fn playout(field: &mut PlayoutStyle, text: &str) -> Result<(), Expected> {
    choice(
        field,
        text,
        &[
            ("uniform", PlayoutStyle::Uniform),
            ("contested_first", PlayoutStyle::ContestedFirst),
            ("eye_making", PlayoutStyle::EyeMaking),
            ("self_harm_averse", PlayoutStyle::SelfHarmAverse),
        ],
    )
}

impl RaveConfig {
    /// The default configuration tuned by `options` in order, as
    /// `builtin:mcts,KEY=VALUE,...` builds it.
    pub fn with_options(options: &[EngineOption]) -> Result<Self, EngineOptionError> {
        tuned_default("mcts", TUNABLES, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::options::{assert_every_key_reaches_its_field, options};

    fn tuned(items: &[&str]) -> Result<RaveConfig, EngineOptionError> {
        RaveConfig::with_options(&options(items))
    }

    #[test]
    fn options_set_the_fields_of_their_name() {
        let config = tuned(&[
            "playout=uniform",
            "rave=false",
            "exploration=0.7",
            "expand_after_visits=8",
            "rave_equivalence=300",
            "reuse_tree=false",
            "solver=false",
        ])
        .expect("valid options");
        let expected = RaveConfig {
            playout: PlayoutStyle::Uniform,
            rave: false,
            exploration: 0.7,
            expand_after_visits: 8,
            rave_equivalence: 300.0,
            reuse_tree: false,
            solver: false,
            ..RaveConfig::default()
        };
        assert_eq!(config, expected);
        assert_eq!(tuned(&[]), Ok(RaveConfig::default()));
    }

    #[test]
    fn every_key_sets_the_field_of_its_name() {
        // Values of every kind; each key accepts one that its field does not
        // hold by default.
        let values = [
            "1",
            "0.5",
            "77",
            "1048576",
            "true",
            "false",
            "uniform",
            "eye_making",
        ];
        assert_every_key_reaches_its_field(TUNABLES, RaveConfig::default(), &values);
    }

    #[test]
    fn unknown_keys_and_bad_values_are_refused_saying_why() {
        let error = tuned(&["rave_constant=300"]).unwrap_err();
        assert!(
            matches!(&error, EngineOptionError::UnknownKey { key, known, .. }
                if key == "rave_constant" && known.contains("rave_equivalence")),
            "{error}"
        );
        for (option, expected) in [
            ("rave=off", "true or false"),
            ("exploration=-1", "a number from 0 to 10"),
            ("rave_equivalence=0", "a number from 1 to 10000000"),
            ("expand_after_visits=0", "a whole number from 1 to 1000"),
            (
                "playout=greedy",
                "uniform, contested_first, eye_making or self_harm_averse",
            ),
        ] {
            let (key, value) = option.split_once('=').unwrap();
            assert_eq!(
                tuned(&[option]),
                Err(EngineOptionError::BadValue {
                    key: key.into(),
                    value: value.into(),
                    expected: expected.into()
                })
            );
        }
    }
}
