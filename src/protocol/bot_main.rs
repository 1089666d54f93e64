//! The entry point shared by the four bot executables.

use std::io::{self, Write};
use std::time::Instant;

use super::bot_game::BotGame;
use super::cli::{
    keep_running_requested, parse_command_line, BotArgs, BotCommand, ExtraCommand, Invocation,
    KEEP_RUNNING_BUILD_DEFAULT, KEEP_RUNNING_ENV,
};
use super::gomocup::{is_pbrain_name, run_gomocup};
use super::session::{run_session, SessionConfig};
use crate::engines::EngineOption;

/// Runs a bot executable for game `G` with the process arguments; returns the exit code.
pub fn bot_main<G: BotGame>() -> i32 {
    bot_main_with::<G>(&[])
}

/// Like [`bot_main`], with game-specific `extra` subcommands (e.g. `reversi solve`).
pub fn bot_main_with<G: BotGame>(extra: &[ExtraCommand]) -> i32 {
    // The first turn's clock: Botzone counts from (before) process start.
    let process_start = Instant::now();
    install_panic_hook();
    let invocation = match parse_command_line::<G>(std::env::args(), extra) {
        Ok(invocation) => invocation,
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    match invocation {
        Invocation::Extra { index, args } => {
            let command = &extra[index];
            let mut out = io::stdout().lock();
            match (command.run)(&args, &mut out)
                .and_then(|()| out.flush().map_err(|e| e.to_string()))
            {
                Ok(()) => 0,
                Err(message) => {
                    eprintln!("{} {}: {message}", G::NAME, command.name);
                    2
                }
            }
        }
        Invocation::Bot(BotArgs {
            command: Some(BotCommand::Perft { depth }),
            ..
        }) => perft::<G>(depth),
        Invocation::Bot(BotArgs {
            command: Some(BotCommand::Bench),
            engine,
            engine_options,
            ..
        }) if engine.is_some() || !engine_options.is_empty() => {
            // The figures (and the signature) are the default engine's;
            // silently measuring it instead of the one asked for misleads.
            eprintln!(
                "{} bench: measures the default engine only; drop --engine and --engine-option",
                G::NAME
            );
            2
        }
        Invocation::Bot(BotArgs {
            command: Some(BotCommand::Bench),
            threads,
            ..
        }) => {
            let mut out = io::stdout().lock();
            let bench = if threads > 1 {
                G::threads_bench(&mut out, threads as usize)
            } else {
                G::bench(&mut out)
            };
            match bench.and_then(|()| out.flush()) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("{} bench: {e}", G::NAME);
                    2
                }
            }
        }
        Invocation::Bot(args) => play::<G>(&args, process_start),
    }
}

fn play<G: BotGame>(args: &BotArgs, process_start: Instant) -> i32 {
    let engine_name = args.engine.as_deref().unwrap_or(G::engine_names()[0]);
    let options = EngineOption::parse_list(args.engine_options.iter().map(String::as_str));
    let mut searcher = match options.and_then(|options| {
        G::engine_with_options(engine_name, args.seed, args.threads as usize, &options)
    }) {
        Ok(searcher) => searcher,
        Err(e) => {
            eprintln!("error: --engine {engine_name}: {e}");
            return 2;
        }
    };
    let pbrain = std::env::args().next().is_some_and(|p| is_pbrain_name(&p));
    if args.gomocup && !G::GOMOCUP {
        eprintln!("error: --gomocup: the Gomocup protocol is for gomoku only");
        return 2;
    }
    if G::GOMOCUP && (args.gomocup || pbrain) {
        let mut input = io::stdin().lock();
        let mut output = io::stdout().lock();
        return match run_gomocup::<G>(&mut input, &mut output, &mut *searcher, args.time) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {e}");
                2
            }
        };
    }
    let config = SessionConfig {
        keep_running: keep_running_requested(
            args.keep_running_flag(),
            std::env::var(KEEP_RUNNING_ENV).ok().as_deref(),
            KEEP_RUNNING_BUILD_DEFAULT,
            G::KEEP_RUNNING,
        ),
        think_time: args.time,
    };
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    match run_session::<G>(
        &mut input,
        &mut output,
        &mut *searcher,
        &config,
        process_start,
    ) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

fn perft<G: BotGame>(depth: u32) -> i32 {
    let start = Instant::now();
    let leaves = G::start().perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!("{leaves}");
    println!(
        "depth {depth} time {secs:.3}s speed {:.2} M leaves/s",
        leaves as f64 / secs.max(1e-9) / 1e6
    );
    0
}

/// A panic is a bug, but it must still end the bot the documented way: one
/// line on stderr, nothing more on stdout, exit code 2 (not Rust's 101).
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let message = format!("{payload}{place}").replace(['\n', '\r'], " ");
        eprintln!("error: internal error: {message}");
        std::process::exit(2);
    }));
}
