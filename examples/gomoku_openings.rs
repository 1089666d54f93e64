//! Writes `data/gomoku-openings.txt`: balanced Gomoku openings for matches.
//!
//! Every opening of 2, 3 or 4 stones inside the central 5x5 square, Black's
//! first on the centre and each further stone within two cells of one
//! before it, is scored by the `alphabeta-v1` engine's main search to a
//! fixed depth from the side to move's view. The evaluation gives the side
//! to move a tempo bonus, so "even" is the median score over all the
//! candidates: openings within `--margin` of it are kept, one per symmetry
//! class, and a seeded sample of `--count` is written.
//!
//! ```sh
//! cargo run --release --example gomoku_openings -- --count 60 > data/gomoku-openings.txt
//! ```

use std::collections::HashSet;

use boardbots::engines::gomoku::{format_move, ThreatSearch};
use boardbots::{Game, Gomoku, GomokuMove, Limits};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Depth of the scoring search.
const DEPTH: u32 = 4;

fn main() {
    let mut count = 60usize;
    let mut margin = 150i32;
    let mut seed = 7u64;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        let parsed = value.parse::<i64>();
        match (pair[0].as_str(), parsed) {
            ("--count", Ok(v)) if v > 0 => count = v as usize,
            ("--margin", Ok(v)) if v >= 0 => margin = v as i32,
            ("--seed", Ok(v)) if v >= 0 => seed = v as u64,
            _ => {
                eprintln!("usage: gomoku_openings [--count N] [--margin SCORE] [--seed S]");
                std::process::exit(2);
            }
        }
    }

    let centre: Vec<GomokuMove> = (5..10)
        .flat_map(|y| (5..10).map(move |x| GomokuMove::new(x, y).expect("on the board")))
        .collect();
    let mut seen = HashSet::new();
    let mut openings: Vec<Vec<GomokuMove>> = Vec::new();
    // Black's first stone on the centre point, as almost every game starts.
    let first = GomokuMove::new(7, 7).expect("centre");
    let mut stack = vec![vec![first]];
    while let Some(line) = stack.pop() {
        if line.len() >= 2 {
            let key = canonical(&line);
            if seen.insert(key) {
                openings.push(line.clone());
            }
        }
        if line.len() == 4 {
            continue;
        }
        for &m in &centre {
            let touches = line
                .iter()
                .any(|s| (s.x() - m.x()).abs() <= 2 && (s.y() - m.y()).abs() <= 2);
            if touches && !line.contains(&m) {
                let mut longer = line.clone();
                longer.push(m);
                stack.push(longer);
            }
        }
    }
    openings.sort();

    let mut engine = ThreatSearch::generic();
    let scored: Vec<(Vec<GomokuMove>, i32)> = openings
        .iter()
        .map(|line| {
            let mut pos = Gomoku::start();
            for &m in line {
                pos.play_unchecked(m);
            }
            let result = engine.main_search(&pos, &Limits::depth(DEPTH));
            (line.clone(), result.score.unwrap_or(0))
        })
        .collect();
    // The evaluation favours the side to move by a tempo. Black to move
    // (2 or 4 stones) scores a median of tempo + b, White to move (3 stones)
    // tempo - w, where b and w are Black's typical edge in those candidates;
    // taking b = w, the tempo is the mean of the two medians, and an even
    // opening scores the tempo whichever side is to move.
    let median = |black_to_move: bool| {
        let mut scores: Vec<i32> = scored
            .iter()
            .filter(|(line, _)| (line.len() % 2 == 0) == black_to_move)
            .map(|&(_, score)| score)
            .collect();
        scores.sort_unstable();
        scores[scores.len() / 2]
    };
    let (black_median, white_median) = (median(true), median(false));
    let even = (black_median + white_median) / 2;
    let balanced: Vec<(Vec<GomokuMove>, i32)> = scored
        .into_iter()
        .filter(|&(_, score)| (score - even).abs() <= margin)
        .collect();
    let found = balanced.len();
    let mut balanced = balanced;
    // As many of each length as there are (2-stone openings are few), the
    // rest shared by 3 and 4 stones.
    let mut rng = SmallRng::seed_from_u64(seed);
    balanced.shuffle(&mut rng);
    let mut chosen = Vec::new();
    let mut left = count;
    for (i, stones) in [2, 3, 4].into_iter().enumerate() {
        let share = left.div_ceil(3 - i);
        let of_length: Vec<_> = balanced
            .iter()
            .filter(|(l, _)| l.len() == stones)
            .cloned()
            .collect();
        let take = share.min(of_length.len());
        chosen.extend(of_length.into_iter().take(take));
        left -= take;
    }
    let mut balanced = chosen;
    balanced.sort_by_key(|(line, _)| (line.len(), line.clone()));

    println!("# Balanced Gomoku openings (2-4 stones in the central 5x5, Black's first on h8),");
    println!(
        "# scored by alphabeta-v1's main search at depth {DEPTH} (side to move's view, in the"
    );
    println!("# comment above each line) within +/-{margin} of {even:+}, the evaluation's tempo");
    println!("# for the side to move: the mean of the median scores with Black to move ({black_median:+})");
    println!("# and with White to move ({white_median:+}), so about even for either colour; one per symmetry");
    println!(
        "# class, {} kept of {found} balanced among {} candidates. Made by:",
        balanced.len(),
        openings.len()
    );
    println!("#   cargo run --release --example gomoku_openings -- --count {count} --margin {margin} --seed {seed}");
    for (line, score) in balanced {
        let text: Vec<String> = line.iter().map(|&m| format_move(m)).collect();
        println!("# {score:+}\n{}", text.join(" "));
    }
}

/// The smallest image of the opening under the board's eight symmetries
/// (about the centre), stones listed per colour in sorted order.
fn canonical(line: &[GomokuMove]) -> Vec<(u8, u8, u8)> {
    (0..8)
        .map(|symmetry| {
            let mut stones: Vec<(u8, u8, u8)> = line
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let (mut x, mut y) = (m.x() - 7, m.y() - 7);
                    if symmetry & 1 != 0 {
                        x = -x;
                    }
                    if symmetry & 2 != 0 {
                        y = -y;
                    }
                    if symmetry & 4 != 0 {
                        std::mem::swap(&mut x, &mut y);
                    }
                    ((i % 2) as u8, (x + 7) as u8, (y + 7) as u8)
                })
                .collect();
            stones.sort();
            stones
        })
        .min()
        .expect("eight symmetries")
}
