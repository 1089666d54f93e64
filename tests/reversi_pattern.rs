//! The pattern-evaluation engine: symmetric evaluation, exact scores at the
//! end of the game, weight files, a tiny seeded training run, and legal
//! play within limits.

use boardbots::engines::reversi::training::{
    fixed_depth_error, train, FitConfig, Position, Sample, SelfPlayMoves, TrainConfig,
};
use boardbots::engines::reversi::{
    canonical_weights, evaluate, transform_board, EndgameSolver, MidgameSearch, PatternEngine,
    PatternSettings, SolveMode, Weights, WeightsError, SCORE_SCALE, STAGES, STAGE_WEIGHTS,
};
use boardbots::{Game, Limits, MoveList, Reversi, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions from random games, `count` of them, each with at least `min_empties` empties.
fn random_positions(count: usize, min_empties: u32, seed: u64) -> Vec<Reversi> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Reversi::start();
        let stop = rng.gen_range(min_empties..=56);
        while pos.outcome().is_none() && pos.empty_count() > stop {
            pos.legal_moves(&mut moves);
            let m = moves[rng.gen_range(0..moves.len())];
            pos.play_unchecked(m);
        }
        if pos.outcome().is_none() {
            out.push(pos);
        }
    }
    out
}

/// Weights with a random value per canonical weight (and so symmetric).
fn random_symmetric_weights(seed: u64) -> Weights {
    let canonical = canonical_weights();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut weights = Weights::zeros();
    for stage in 0..STAGES {
        let values: Vec<i16> = (0..STAGE_WEIGHTS)
            .map(|_| rng.gen_range(-300..300))
            .collect();
        for (i, slot) in weights.stage_mut(stage).iter_mut().enumerate() {
            *slot = values[canonical[i] as usize];
        }
    }
    weights
}

#[test]
fn evaluation_is_the_same_under_the_eight_symmetries() {
    let random = random_symmetric_weights(11);
    for weights in [&random, Weights::embedded()] {
        for pos in random_positions(300, 0, 5) {
            let (p, o) = (pos.player_bits(), pos.opponent_bits());
            let value = evaluate(weights, p, o);
            for k in 1..8 {
                assert_eq!(
                    evaluate(weights, transform_board(k, p), transform_board(k, o)),
                    value,
                    "symmetry {k} of {p:#x} {o:#x}"
                );
            }
        }
    }
    // The random weights are not all alike, so the check above has teeth.
    let values: std::collections::HashSet<i32> = random_positions(20, 0, 6)
        .iter()
        .map(|pos| evaluate(&random, pos.player_bits(), pos.opponent_bits()))
        .collect();
    assert!(values.len() > 10);
}

#[test]
fn search_to_the_end_returns_the_exact_disc_difference() {
    let weights = random_symmetric_weights(3);
    let mut solver = EndgameSolver::new(1 << 20);
    for pos in random_positions(40, 0, 9)
        .into_iter()
        .filter(|p| p.empty_count() <= 9 && p.legal_moves_mask() != 0)
    {
        let exact = solver
            .solve(&pos, SolveMode::Exact, &Limits::unlimited())
            .unwrap()
            .score;
        for probcut in [None, PatternSettings::default().probcut] {
            let mut search = MidgameSearch::new(&weights, 1 << 16, probcut);
            let result = search
                .search(
                    pos.player_bits(),
                    pos.opponent_bits(),
                    &Limits::depth(pos.empty_count()),
                    None,
                )
                .unwrap();
            if probcut.is_none() {
                assert_eq!(
                    result.score,
                    exact * SCORE_SCALE,
                    "{}",
                    pos.to_board_string()
                );
            }
            let mut after = pos;
            after.play_unchecked(boardbots::ReversiMove::from_index(
                result.best_square.unwrap(),
            ));
            let value_after = -solver
                .solve(&after, SolveMode::Exact, &Limits::unlimited())
                .map(|s| s.score)
                .unwrap_or_else(|_| -after.final_score());
            if probcut.is_none() {
                assert_eq!(value_after, exact, "the chosen move keeps the exact score");
            }
        }
    }
}

/// The held-out measure of fixed-depth searches: no error once the depth
/// reaches the end of every game, some error at depth 1 (random weights).
#[test]
fn fixed_depth_error_vanishes_at_the_end_of_the_game() {
    let weights = random_symmetric_weights(5);
    let mut solver = EndgameSolver::new(1 << 20);
    let samples: Vec<Sample> = random_positions(400, 0, 11)
        .into_iter()
        .filter(|p| (4..=8).contains(&p.empty_count()) && p.legal_moves_mask() != 0)
        .map(|pos| Sample {
            position: Position {
                player: pos.player_bits(),
                opponent: pos.opponent_bits(),
            },
            label: solver
                .solve(&pos, SolveMode::Exact, &Limits::unlimited())
                .unwrap()
                .score as f32,
        })
        .collect();
    assert!(samples.len() >= 5, "too few endgame samples");
    let rows = fixed_depth_error(&weights, &samples, 1..=8);
    assert_eq!(rows.len(), 8);
    assert_eq!(rows[0].0, 1);
    assert!(rows[0].1 > 0.0, "depth 1 on random weights is not exact");
    assert_eq!(rows[7], (8, 0.0, rows[7].2), "depth 8 reaches every end");
}

#[test]
fn weight_files_of_the_wrong_size_or_shape_are_refused() {
    let bytes = Weights::zeros().to_bytes();
    assert!(Weights::from_bytes(&bytes).is_ok());
    let truncated = Weights::from_bytes(&bytes[..bytes.len() / 2]).unwrap_err();
    assert!(matches!(truncated, WeightsError::Length { .. }));
    assert!(truncated.to_string().contains("header promises"));
    let mut misshaped = bytes.clone();
    misshaped[12] ^= 1;
    let err = Weights::from_bytes(&misshaped).unwrap_err();
    assert!(matches!(err, WeightsError::Shape { .. }), "{err}");
    assert!(Weights::from_bytes(b"short").is_err());
}

#[test]
fn a_tiny_seeded_training_run_lowers_its_loss() {
    let dir = std::env::temp_dir().join(format!("boardbots-train-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = TrainConfig {
        dir: dir.clone(),
        seed: 7,
        games: 200,
        random_one_in: 5,
        // The search-played games: the policy's are the cheaper path.
        self_play: SelfPlayMoves::Search(2),
        more_positions: Vec::new(),
        positions_per_stage: 800,
        exact_positions_per_stage: 800,
        exact_max_empties: 9,
        extra_depth: 1,
        stages: 3,
        later_stages_from: None,
        // Two threads, so the shared labelling path is the one tested.
        threads: 2,
        heldout_per_empties: 0,
        fit: FitConfig {
            epochs: 60,
            ..FitConfig::default()
        },
    };
    let mut log = Vec::new();
    let reports = train(&config, &mut log).expect("training runs");
    assert_eq!(reports.len(), 3);
    for report in &reports {
        let fit = report.fit;
        assert!(
            fit.final_train_loss < 0.5 * fit.initial_train_loss,
            "stage {}: {fit:?}",
            report.stage
        );
        assert!(
            fit.final_validation_loss < fit.initial_validation_loss,
            "stage {}: {fit:?}",
            report.stage
        );
    }
    let written = std::fs::read(dir.join("reversi-weights.bin")).unwrap();
    let weights = Weights::from_bytes(&written).expect("the run writes a valid weight file");
    assert_ne!(&weights, &Weights::zeros());
    // Resuming a finished run redoes nothing and gives the same file.
    let again = train(&config, &mut Vec::new()).unwrap();
    assert!(again.is_empty());
    assert_eq!(
        std::fs::read(dir.join("reversi-weights.bin")).unwrap(),
        written
    );
    // The stages after the trained ones can come from another weight file.
    let mut later = Weights::zeros();
    later.stage_mut(7)[11] = 321;
    let with_later = TrainConfig {
        later_stages_from: Some(later.clone()),
        ..config.clone()
    };
    train(&with_later, &mut Vec::new()).unwrap();
    let mixed =
        Weights::from_bytes(&std::fs::read(dir.join("reversi-weights.bin")).unwrap()).unwrap();
    assert_eq!(mixed.stage(2), weights.stage(2), "a trained stage is kept");
    assert_eq!(
        mixed.stage(7),
        later.stage(7),
        "a later stage is the file's"
    );
    // A run can add an earlier run's positions to its own.
    let size = |run: &std::path::Path| std::fs::metadata(run.join("positions.bin")).unwrap().len();
    let (alone, with_more) = (dir.join("alone"), dir.join("with-more"));
    for (run, more_positions) in [
        (&alone, Vec::new()),
        (&with_more, vec![dir.join("positions.bin")]),
    ] {
        let small = TrainConfig {
            dir: run.clone(),
            games: 20,
            more_positions,
            stages: 0,
            ..config.clone()
        };
        train(&small, &mut Vec::new()).unwrap();
    }
    assert_eq!(size(&with_more), size(&alone) + size(&dir));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_pattern_engine_plays_legal_games_within_node_limits() {
    let mut engines = [
        PatternEngine::new(PatternSettings::default()),
        PatternEngine::new(PatternSettings::default()),
    ];
    for pos in random_positions(3, 30, 21) {
        let mut pos = pos;
        let mut turn = 0;
        while pos.outcome().is_none() {
            let result = engines[turn % 2].choose_move(&pos, &Limits::nodes(20_000));
            assert!(pos.check_move(result.best_move).is_ok());
            pos.play_unchecked(result.best_move);
            turn += 1;
        }
    }
}
