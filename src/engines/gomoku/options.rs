//! The tuning options of the `alphabeta` engine (`builtin:alphabeta,KEY=VALUE,...`
//! in the referee, `--engine-option KEY=VALUE` on the bot): each key sets the
//! field of [`ThreatSearchConfig`] or of its [`PvsConfig`] main search of the
//! same name. A field added to either config becomes an option with one line
//! in [`TUNABLES`]; `docs/gomoku.md` lists them with their defaults.

use std::ops::RangeInclusive;
use std::path::Path;

use super::engine::ThreatSearchConfig;
use super::evaluator::Evaluation;
use super::net::load_net;
use super::policy::MoveOrder;
use super::table_file::load_table;
use crate::engines::{
    flag, number, tuned_default, EngineOption, EngineOptionError, Expected, Tunable,
};

/// Node caps of the root checks and probes.
const NODES: RangeInclusive<u64> = 0..=1_000_000_000;
/// Move counts.
const MOVES: RangeInclusive<usize> = 0..=225;
/// Search depths, in plies.
const PLIES: RangeInclusive<i32> = 0..=64;

/// Every option: its key (the field's name; `weights.NAME` for a hand
/// evaluation weight) and where its value goes.
const TUNABLES: &[Tunable<ThreatSearchConfig>] = &[
    ("root_vcf_nodes", |c, v| {
        number(&mut c.root_vcf_nodes, v, NODES)
    }),
    ("defence_vcf_nodes", |c, v| {
        number(&mut c.defence_vcf_nodes, v, NODES)
    }),
    ("root_vct_nodes", |c, v| {
        number(&mut c.root_vct_nodes, v, NODES)
    }),
    ("defence_vct_nodes", |c, v| {
        number(&mut c.defence_vct_nodes, v, NODES)
    }),
    ("vct_max_threats", |c, v| {
        number(&mut c.vct_max_threats, v, 1..=40)
    }),
    ("vct_deepening", |c, v| flag(&mut c.vct_deepening, v)),
    ("root_time_percent", |c, v| {
        number(&mut c.root_time_percent, v, 0..=100)
    }),
    ("evaluation", |c, v| evaluation(&mut c.main.evaluation, v)),
    ("weights", |c, v| table_weights(&mut c.main.evaluation, v)),
    ("net", |c, v| net_weights(&mut c.main.evaluation, v)),
    ("weights.mover", |c, v| {
        number(&mut c.main.weights.mover, v, 0..=100)
    }),
    ("weights.opponent", |c, v| {
        number(&mut c.main.weights.opponent, v, 0..=100)
    }),
    ("weights.mover_double_three", |c, v| {
        number(&mut c.main.weights.mover_double_three, v, 0..=10_000)
    }),
    ("weights.opponent_four_three", |c, v| {
        number(&mut c.main.weights.opponent_four_three, v, 0..=10_000)
    }),
    ("weights.opponent_double_three", |c, v| {
        number(&mut c.main.weights.opponent_double_three, v, 0..=10_000)
    }),
    ("policy", |c, v| policy(&mut c.main.policy, v)),
    ("branch_limit", |c, v| {
        number(&mut c.main.branch_limit, v, 1..=225)
    }),
    ("root_branch_limit", |c, v| {
        number(&mut c.main.root_branch_limit, v, 1..=225)
    }),
    ("probe_vcf_nodes", |c, v| {
        number(&mut c.main.probe_vcf_nodes, v, NODES)
    }),
    ("tt_bytes", |c, v| {
        number(&mut c.main.tt_bytes, v, 1 << 16..=1 << 30)
    }),
    // 0 would never widen a failed window.
    ("aspiration", |c, v| {
        number(&mut c.main.aspiration, v, 1..=10_000)
    }),
    ("futility_margin", |c, v| {
        number(&mut c.main.futility_margin, v, 0..=100_000)
    }),
    ("futility_depth", |c, v| {
        number(&mut c.main.futility_depth, v, PLIES)
    }),
    ("reverse_futility_depth", |c, v| {
        number(&mut c.main.reverse_futility_depth, v, PLIES)
    }),
    ("iir_depth", |c, v| number(&mut c.main.iir_depth, v, PLIES)),
    ("lmr_depth", |c, v| number(&mut c.main.lmr_depth, v, PLIES)),
    ("lmr_moves", |c, v| number(&mut c.main.lmr_moves, v, MOVES)),
    ("lmr_divisor_tenths", |c, v| {
        number(&mut c.main.lmr_divisor_tenths, v, 1..=1000)
    }),
    ("lmp_base", |c, v| number(&mut c.main.lmp_base, v, MOVES)),
    ("lmp_not_improving_percent", |c, v| {
        number(&mut c.main.lmp_not_improving_percent, v, 0..=100)
    }),
    ("threat_extension_plies", |c, v| {
        plies_or_none(&mut c.main.threat_extension_plies, v)
    }),
    ("tactical_threats", |c, v| {
        number(&mut c.main.tactical_threats, v, 0..=127)
    }),
    ("soft_limit_percent", |c, v| {
        number(&mut c.main.soft_limit_percent, v, 1..=100)
    }),
    ("partial_iterations", |c, v| {
        flag(&mut c.main.partial_iterations, v)
    }),
    ("stand_pat_before_probe", |c, v| {
        flag(&mut c.main.stand_pat_before_probe, v)
    }),
    ("sound_losses", |c, v| flag(&mut c.main.sound_losses, v)),
];

impl ThreatSearchConfig {
    /// The default configuration tuned by `options` in order, as
    /// `builtin:alphabeta,KEY=VALUE,...` builds it.
    pub fn with_options(options: &[EngineOption]) -> Result<Self, EngineOptionError> {
        tuned_default("alphabeta", TUNABLES, options)
    }
}

/// A ply count, or `none` for no limit.
fn plies_or_none(field: &mut Option<u32>, text: &str) -> Result<(), Expected> {
    if text == "none" {
        *field = None;
        return Ok(());
    }
    let mut plies = 0;
    number(&mut plies, text, 0..=120).map_err(|expected| format!("none or {expected}"))?;
    *field = Some(plies);
    Ok(())
}

/// `hand` or `trained` (the embedded policy).
fn policy(field: &mut MoveOrder, text: &str) -> Result<(), Expected> {
    *field = match text {
        "hand" => MoveOrder::Hand,
        "trained" => MoveOrder::trained(),
        _ => return Err("hand or trained".to_string()),
    };
    Ok(())
}

/// `hand`, `trained`, `table` or `net` (the last three embedded).
fn evaluation(field: &mut Evaluation, text: &str) -> Result<(), Expected> {
    *field = match text {
        "hand" => Evaluation::Hand,
        "trained" => Evaluation::trained(),
        "table" => Evaluation::table(),
        "net" => Evaluation::net(),
        _ => return Err("hand, trained, table or net".to_string()),
    };
    Ok(())
}

/// The path of a table weight file: the table evaluation with its weights
/// (so `weights=PATH` changes the evaluation, not the hand weights of
/// `weights.NAME`).
fn table_weights(field: &mut Evaluation, text: &str) -> Result<(), Expected> {
    let table = load_table(Path::new(text)).map_err(|e| format!("a table weight file ({e})"))?;
    *field = Evaluation::Table(table);
    Ok(())
}

/// The path of a net file: the net evaluation with its weights.
fn net_weights(field: &mut Evaluation, text: &str) -> Result<(), Expected> {
    let net = load_net(Path::new(text)).map_err(|e| format!("a net file ({e})"))?;
    *field = Evaluation::Net(net);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::pvs::PvsConfig;
    use super::*;
    use crate::engines::gomoku::table_file::{embedded_table, table_to_bytes};
    use crate::engines::options::{assert_every_key_reaches_its_field, options, Tunable};

    #[test]
    fn with_options_tunes_the_default() {
        let config = ThreatSearchConfig::with_options(&options(&["lmp_base=5"])).unwrap();
        let expected = ThreatSearchConfig {
            main: PvsConfig {
                lmp_base: 5,
                ..PvsConfig::default()
            },
            ..ThreatSearchConfig::default()
        };
        assert_eq!(config, expected);
    }

    fn tuned(
        base: ThreatSearchConfig,
        items: &[&str],
    ) -> Result<ThreatSearchConfig, EngineOptionError> {
        let mut config = base;
        crate::engines::options::apply_options(
            "alphabeta",
            TUNABLES,
            &mut config,
            &options(items),
        )?;
        Ok(config)
    }

    #[test]
    fn options_set_the_fields_of_their_name() {
        let base = ThreatSearchConfig::default();
        let config = tuned(
            base,
            &[
                "lmp_base=7",
                "lmr_divisor_tenths=25",
                "futility_margin=123",
                "root_vct_nodes=0",
                "defence_vct_nodes=999",
                "vct_deepening=false",
                "threat_extension_plies=none",
                "evaluation=hand",
                "weights.opponent=9",
                "policy=trained",
            ],
        )
        .expect("valid options");
        let expected = ThreatSearchConfig {
            main: PvsConfig {
                lmp_base: 7,
                lmr_divisor_tenths: 25,
                futility_margin: 123,
                threat_extension_plies: None,
                evaluation: Evaluation::Hand,
                policy: MoveOrder::trained(),
                weights: super::super::EvalWeights {
                    opponent: 9,
                    ..base.main.weights
                },
                ..base.main
            },
            root_vct_nodes: 0,
            defence_vct_nodes: 999,
            vct_deepening: false,
            ..base
        };
        assert_eq!(config, expected);
        assert_ne!(config, base, "the options changed something");
        let back = tuned(config, &["threat_extension_plies=2", "evaluation=trained"]).unwrap();
        assert_eq!(back.main.threat_extension_plies, Some(2));
        assert_eq!(back.main.evaluation, Evaluation::trained());
    }

    #[test]
    fn every_key_sets_the_field_of_its_name() {
        // Values of every kind; each key accepts one that its field does not
        // hold by default (a flag: one of two). `weights` is the exception
        // the next test checks: a weight file sets the evaluation.
        let values = [
            "1", "77", "1048576", "true", "false", "hand", "trained", "table", "none",
        ];
        let named: Vec<Tunable<ThreatSearchConfig>> = TUNABLES
            .iter()
            .copied()
            .filter(|&(key, _)| key != "weights" && key != "net")
            .collect();
        assert_every_key_reaches_its_field(&named, ThreatSearchConfig::default(), &values);
    }

    /// `weights=PATH` loads a table weight file into the table evaluation;
    /// a missing or damaged one is refused, saying why.
    #[test]
    fn weights_load_a_table_file_or_say_why_not() {
        let dir = std::env::temp_dir().join(format!("boardbots-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.bin");
        let mut table = embedded_table().clone();
        table.codes[3][1] = 1234;
        std::fs::write(&good, table_to_bytes(&table)).unwrap();
        let option = format!("weights={}", good.display());
        let config = tuned(ThreatSearchConfig::default(), &[&option]).unwrap();
        assert_eq!(config.main.evaluation.table_weights(), Some(&table));

        let corrupt = dir.join("corrupt.bin");
        let mut bytes = table_to_bytes(&table);
        bytes[100] ^= 1;
        std::fs::write(&corrupt, bytes).unwrap();
        for (path, says) in [
            (corrupt.display().to_string(), "checksum"),
            ("/nonexistent/table.bin".to_string(), "cannot read"),
        ] {
            let option = format!("weights={path}");
            let error = tuned(ThreatSearchConfig::default(), &[&option]).unwrap_err();
            let text = error.to_string();
            assert!(
                matches!(error, EngineOptionError::BadValue { .. }),
                "{text}"
            );
            assert!(text.contains(says) && !text.contains('\n'), "{text}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn unknown_keys_list_the_known_ones() {
        let error = tuned(ThreatSearchConfig::default(), &["lmp=4"]).unwrap_err();
        let EngineOptionError::UnknownKey { key, known, .. } = &error else {
            panic!("{error}")
        };
        assert_eq!(key, "lmp");
        assert!(
            known.contains("lmp_base") && known.contains("root_vct_nodes"),
            "{error}"
        );
        assert!(error.to_string().contains("lmp_base"), "{error}");
    }

    #[test]
    fn bad_values_say_what_was_expected() {
        for (option, expected) in [
            ("lmp_base=x", "a whole number from 0 to 225"),
            ("lmp_base=-1", "a whole number from 0 to 225"),
            ("lmp_base=226", "a whole number from 0 to 225"),
            ("aspiration=0", "a whole number from 1 to 10000"),
            ("vct_deepening=yes", "true or false"),
            (
                "threat_extension_plies=all",
                "none or a whole number from 0 to 120",
            ),
            ("evaluation=neural", "hand, trained, table or net"),
            ("policy=neural", "hand or trained"),
        ] {
            let error = tuned(ThreatSearchConfig::default(), &[option]).unwrap_err();
            let (key, value) = option.split_once('=').unwrap();
            assert_eq!(
                error,
                EngineOptionError::BadValue {
                    key: key.into(),
                    value: value.into(),
                    expected: expected.into()
                }
            );
        }
    }
}
