//! An experiment, kept in history only (removed in the next commit): does a
//! non-linear model over the patterns fit stage 4 (20-24 empties) better than
//! the linear one? docs/reversi.md, "The error on positions of real games,
//! and two non-linear models", has the figures. The commands behind them:
//!
//! ```text
//! reversi_nonlinear gen SEED GAMES DEPTH OUT    # seeds 11-14, 60000 games, depth 6
//! # model A (pattern embeddings, 8 wide, then 32 ReLU units): EPOCHS LR_EMBEDDINGS LR_NETWORK
//! reversi_nonlinear fit 8 0.05 0.001 d6-11.samples d6-12.samples -- HELDOUT.samples...
//! # model B (32 ReLU units over 20 global inputs): EPOCHS LR
//! reversi_nonlinear fitb 10 0.002 d6-11.samples d6-12.samples -- HELDOUT.samples...
//! ```
#![allow(clippy::needless_range_loop, clippy::type_complexity)]
use boardbots::engines::reversi::training::{
    fit_stage, read_samples, self_play_positions, FitConfig, Position, Sample, SelfPlayMoves,
};
use boardbots::engines::reversi::{
    canonical_weights, feature_indices, MidgameSearch, Weights, ACTIVE_FEATURES, SCORE_SCALE,
    STAGE_WEIGHTS, WEIGHT_SCALE,
};
use boardbots::games::notation::parse_openings;
use boardbots::games::Reversi;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::path::Path;

fn write_samples(path: &str, samples: &[Sample]) {
    let mut bytes = Vec::new();
    for s in samples {
        bytes.extend_from_slice(&s.position.player.to_le_bytes());
        bytes.extend_from_slice(&s.position.opponent.to_le_bytes());
        bytes.extend_from_slice(&s.label.to_le_bytes());
    }
    std::fs::write(path, bytes).unwrap();
}

fn gen(seed: u64, games: usize, depth: u32, out: &str) {
    let openings =
        parse_openings::<Reversi>(include_str!("../data/reversi-xot-openings.txt")).unwrap();
    let positions = self_play_positions(&openings, games, seed, 8, SelfPlayMoves::Search(4));
    let chosen: Vec<Position> = positions
        .into_iter()
        .filter(|p| (20..=24).contains(&p.empties()))
        .collect();
    eprintln!("seed {seed}: {} positions", chosen.len());
    let mut search = MidgameSearch::new(Weights::embedded(), 16 << 20, None);
    let samples: Vec<Sample> = chosen
        .iter()
        .map(|p| Sample {
            position: *p,
            label: search.value_at_depth(p.player, p.opponent, depth) as f32 / SCORE_SCALE as f32,
        })
        .collect();
    write_samples(out, &samples);
}

const K: usize = 8;
const H: usize = 32;

struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}
impl Adam {
    fn new(n: usize) -> Self {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }
    fn step(&mut self, p: &mut [f32], g: &[f32], lr: f32) {
        self.t += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(self.t);
        let c2 = 1.0 - b2.powi(self.t);
        for i in 0..p.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g[i] * g[i];
            p[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
    }
}

struct Net {
    e: Vec<f32>,  // STAGE_WEIGHTS x K
    w1: Vec<f32>, // H x K
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Net {
    fn forward(&self, idx: &[u32], acc: &mut [f32; K], h: &mut [f32; H]) -> f32 {
        *acc = [0.0; K];
        for &i in idx {
            let row = &self.e[i as usize * K..i as usize * K + K];
            for k in 0..K {
                acc[k] += row[k];
            }
        }
        let mut out = self.b2;
        for j in 0..H {
            let mut s = self.b1[j];
            for k in 0..K {
                s += self.w1[j * K + k] * acc[k];
            }
            h[j] = s.max(0.0);
            out += self.w2[j] * h[j];
        }
        out
    }
}

fn indices(samples: &[Sample], canonical: &[u32]) -> Vec<[u32; ACTIVE_FEATURES]> {
    samples
        .iter()
        .map(|s| {
            let mut out = [0u32; ACTIVE_FEATURES];
            feature_indices(s.position.player, s.position.opponent, &mut out);
            for i in out.iter_mut() {
                *i = canonical[*i as usize];
            }
            out
        })
        .collect()
}

fn linear(w: &[f64], idx: &[u32]) -> f32 {
    idx.iter().map(|&i| w[i as usize]).sum::<f64>() as f32
}

fn fit(data: &[String], heldout: &[String], epochs: usize, lr_e: f32, lr_m: f32) {
    let mut samples = Vec::new();
    for d in data {
        samples.extend(read_samples(Path::new(d)).unwrap());
    }
    let canonical = canonical_weights();
    let w = Weights::embedded();
    let start: Vec<f64> = w
        .stage(3)
        .iter()
        .map(|&x| x as f64 / WEIGHT_SCALE as f64)
        .collect();
    let t0 = std::time::Instant::now();
    let (lin, report) = fit_stage(
        &samples,
        &canonical,
        &start,
        &FitConfig {
            epochs: 200,
            regularisation: 5.0,
            ..FitConfig::default()
        },
    );
    eprintln!(
        "linear fit {:?} in {:.0}s",
        report,
        t0.elapsed().as_secs_f64()
    );
    let held: Vec<(String, Vec<Sample>)> = heldout
        .iter()
        .map(|h| (h.clone(), read_samples(Path::new(h)).unwrap()))
        .collect();
    let held_idx: Vec<Vec<[u32; ACTIVE_FEATURES]>> =
        held.iter().map(|(_, s)| indices(s, &canonical)).collect();
    for ((name, s), idx) in held.iter().zip(&held_idx) {
        let mae: f32 = s
            .iter()
            .zip(idx)
            .map(|(s, i)| (linear(&lin, i) - s.label).abs())
            .sum::<f32>()
            / s.len() as f32;
        let default_mae: f32 = s
            .iter()
            .zip(idx)
            .map(|(s, i)| {
                let d = i
                    .iter()
                    .map(|&j| w.stage(4)[j as usize] as f32)
                    .sum::<f32>()
                    / WEIGHT_SCALE as f32;
                (d - s.label).abs()
            })
            .sum::<f32>()
            / s.len() as f32;
        println!("linear on {name}: MAE {mae:.3} (default weights {default_mae:.3})");
    }
    // Same split as fit_stage: every 10th sample is validation.
    let idx = indices(&samples, &canonical);
    let mut train = Vec::new();
    let mut valid = Vec::new();
    for (n, (i, s)) in idx.iter().zip(&samples).enumerate() {
        let item = (*i, s.label - linear(&lin, i));
        if n % 10 == 9 {
            valid.push(item);
        } else {
            train.push(item);
        }
    }
    let base_valid: f32 = valid.iter().map(|(_, r)| r.abs()).sum::<f32>() / valid.len() as f32;
    println!("linear validation MAE {base_valid:.3}");
    let mut rng = SmallRng::seed_from_u64(7);
    let mut net = Net {
        e: (0..STAGE_WEIGHTS * K)
            .map(|_| rng.gen_range(-0.1..0.1))
            .collect(),
        w1: (0..H * K).map(|_| rng.gen_range(-0.3..0.3)).collect(),
        b1: vec![0.1; H],
        w2: (0..H).map(|_| rng.gen_range(-0.1..0.1)).collect(),
        b2: 0.0,
    };
    let mut ge = vec![1e-6f32; STAGE_WEIGHTS * K];
    let mut adam = Adam::new(H * K + H + H + 1);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let eval_mae = |net: &Net, set: &[([u32; ACTIVE_FEATURES], f32)]| -> f32 {
        let (mut acc, mut h) = ([0.0; K], [0.0; H]);
        set.iter()
            .map(|(i, r)| (net.forward(i, &mut acc, &mut h) - r).abs())
            .sum::<f32>()
            / set.len() as f32
    };
    for epoch in 0..epochs {
        order.shuffle(&mut rng);
        let lr_m_now = lr_m / (1.0 + epoch as f32 * 0.5);
        let mut sq = 0.0f64;
        for &n in &order {
            let (i, r) = &train[n];
            let (mut acc, mut h) = ([0.0; K], [0.0; H]);
            let out = net.forward(i, &mut acc, &mut h);
            let d = out - r; // d loss/d out (half squared)
            sq += (d * d) as f64;
            let d = d.clamp(-20.0, 20.0);
            let mut grad = vec![0.0f32; H * K + H + H + 1];
            let mut dacc = [0.0f32; K];
            for j in 0..H {
                grad[H * K + H + j] = d * h[j];
                if h[j] > 0.0 {
                    let dh = d * net.w2[j];
                    grad[H * K + j] = dh;
                    for k in 0..K {
                        grad[j * K + k] = dh * acc[k];
                        dacc[k] += dh * net.w1[j * K + k];
                    }
                }
            }
            grad[H * K + H + H] = d;
            for &f in i.iter() {
                let base = f as usize * K;
                for k in 0..K {
                    let g = dacc[k];
                    ge[base + k] += g * g;
                    net.e[base + k] -= lr_e * g / ge[base + k].sqrt();
                }
            }
            let mut params: Vec<f32> = net
                .w1
                .iter()
                .chain(&net.b1)
                .chain(&net.w2)
                .copied()
                .collect();
            params.push(net.b2);
            adam.step(&mut params, &grad, lr_m_now);
            net.w1.copy_from_slice(&params[..H * K]);
            net.b1.copy_from_slice(&params[H * K..H * K + H]);
            net.w2.copy_from_slice(&params[H * K + H..H * K + 2 * H]);
            net.b2 = params[H * K + 2 * H];
        }
        let mut line = format!(
            "epoch {epoch}: train MSE {:.2}, validation MAE {:.3}",
            sq / train.len() as f64,
            eval_mae(&net, &valid)
        );
        for ((name, s), hidx) in held.iter().zip(&held_idx) {
            let set: Vec<_> = s
                .iter()
                .zip(hidx)
                .map(|(s, i)| (*i, s.label - linear(&lin, i)))
                .collect();
            line += &format!(
                ", {} {:.3}",
                Path::new(name).file_name().unwrap().to_string_lossy(),
                eval_mae(&net, &set)
            );
        }
        println!("{line}");
        std::io::stdout().flush().unwrap();
    }
}

const D: usize = 20;
const HB: usize = 32;

fn family_of(index: u32) -> usize {
    use boardbots::engines::reversi::FAMILIES;
    let mut offset = 0usize;
    for (f, fam) in FAMILIES.iter().enumerate() {
        let size = 3usize.pow(fam.squares.len() as u32);
        if (index as usize) < offset + size {
            return f;
        }
        offset += size;
    }
    FAMILIES.len()
}

fn inputs(p: &Position, idx: &[u32; ACTIVE_FEATURES], lin: &[f64]) -> [f32; D] {
    let mut x = [0.0f32; D];
    for &i in idx.iter() {
        let f = family_of(i);
        x[f.min(11)] += lin[i as usize] as f32 / 10.0; // 0..=10 families, 11 scalar features
    }
    let pos = Reversi::from_bitboards(p.player, p.opponent, boardbots::Player::Black);
    x[12] = pos.legal_moves_mask().count_ones() as f32 / 10.0;
    x[13] = pos.opponent_moves_mask().count_ones() as f32 / 10.0;
    x[14] = (p.empties() as f32 - 22.0) / 2.0;
    x[15] = p.player.count_ones() as f32 / 10.0;
    x[16] = p.opponent.count_ones() as f32 / 10.0;
    const CORNERS: u64 = 0x8100_0000_0000_0081;
    x[17] = (p.player & CORNERS).count_ones() as f32;
    x[18] = (p.opponent & CORNERS).count_ones() as f32;
    x[19] = linear(lin, idx) / 10.0;
    x
}

fn fitb(data: &[String], heldout: &[String], epochs: usize, lr: f32) {
    let mut samples = Vec::new();
    for d in data {
        samples.extend(read_samples(Path::new(d)).unwrap());
    }
    let canonical = canonical_weights();
    let w = Weights::embedded();
    let start: Vec<f64> = w
        .stage(3)
        .iter()
        .map(|&x| x as f64 / WEIGHT_SCALE as f64)
        .collect();
    let (lin, report) = fit_stage(
        &samples,
        &canonical,
        &start,
        &FitConfig {
            epochs: 200,
            regularisation: 5.0,
            ..FitConfig::default()
        },
    );
    eprintln!("linear fit validation MAE {:.3}", report.validation_mae);
    let prep = |s: &[Sample]| -> Vec<([f32; D], f32)> {
        let idx = indices(s, &canonical);
        s.iter()
            .zip(&idx)
            .map(|(s, i)| (inputs(&s.position, i, &lin), s.label - linear(&lin, i)))
            .collect()
    };
    let all = prep(&samples);
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (n, item) in all.into_iter().enumerate() {
        if n % 10 == 9 {
            valid.push(item)
        } else {
            train.push(item)
        }
    }
    let held: Vec<(String, Vec<([f32; D], f32)>)> = heldout
        .iter()
        .map(|h| (h.clone(), prep(&read_samples(Path::new(h)).unwrap())))
        .collect();
    let mut rng = SmallRng::seed_from_u64(7);
    let n = HB * D + HB + HB + 1;
    let mut params: Vec<f32> = (0..n)
        .map(|i| {
            if i < HB * D {
                rng.gen_range(-0.3..0.3)
            } else if i < HB * D + HB {
                0.1
            } else if i < n - 1 {
                rng.gen_range(-0.1..0.1)
            } else {
                0.0
            }
        })
        .collect();
    let forward = |p: &[f32], x: &[f32; D], h: &mut [f32; HB]| -> f32 {
        let mut out = p[n - 1];
        for j in 0..HB {
            let mut s = p[HB * D + j];
            for k in 0..D {
                s += p[j * D + k] * x[k];
            }
            h[j] = s.max(0.0);
            out += p[HB * D + HB + j] * h[j];
        }
        out
    };
    let mae = |p: &[f32], set: &[([f32; D], f32)]| -> f32 {
        let mut h = [0.0; HB];
        set.iter()
            .map(|(x, r)| (forward(p, x, &mut h) - r).abs())
            .sum::<f32>()
            / set.len() as f32
    };
    println!(
        "start: validation {:.3} {}",
        mae(&params, &valid),
        held.iter()
            .map(|(_, s)| format!(
                "{:.3}",
                s.iter().map(|(_, r)| r.abs()).sum::<f32>() / s.len() as f32
            ))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut adam = Adam::new(n);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let batch = 32;
    let mut grad = vec![0.0f32; n];
    for epoch in 0..epochs {
        order.shuffle(&mut rng);
        let lr_now = lr / (1.0 + epoch as f32 * 0.3);
        for chunk in order.chunks(batch) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &m in chunk {
                let (x, r) = &train[m];
                let mut h = [0.0; HB];
                let d = (forward(&params, x, &mut h) - r).clamp(-20.0, 20.0) / chunk.len() as f32;
                for j in 0..HB {
                    grad[HB * D + HB + j] += d * h[j];
                    if h[j] > 0.0 {
                        let dh = d * params[HB * D + HB + j];
                        grad[HB * D + j] += dh;
                        for k in 0..D {
                            grad[j * D + k] += dh * x[k];
                        }
                    }
                }
                grad[n - 1] += d;
            }
            adam.step(&mut params, &grad, lr_now);
        }
        println!(
            "epoch {epoch}: validation {:.3} {}",
            mae(&params, &valid),
            held.iter()
                .map(|(_, s)| format!("{:.3}", mae(&params, s)))
                .collect::<Vec<_>>()
                .join(" ")
        );
        std::io::stdout().flush().unwrap();
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    match a[1].as_str() {
        "gen" => gen(
            a[2].parse().unwrap(),
            a[3].parse().unwrap(),
            a[4].parse().unwrap(),
            &a[5],
        ),
        "fit" => {
            let epochs = a[2].parse().unwrap();
            let lr_e = a[3].parse().unwrap();
            let lr_m = a[4].parse().unwrap();
            let rest = &a[5..];
            let sep = rest.iter().position(|x| x == "--").unwrap();
            fit(&rest[..sep], &rest[sep + 1..], epochs, lr_e, lr_m);
        }
        "fitb" => {
            let epochs = a[2].parse().unwrap();
            let lr = a[3].parse().unwrap();
            let rest = &a[4..];
            let sep = rest.iter().position(|x| x == "--").unwrap();
            fitb(&rest[..sep], &rest[sep + 1..], epochs, lr);
        }
        _ => panic!(),
    }
}
