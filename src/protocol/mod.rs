//! Layer 4, protocol: Botzone I/O and each bot executable's command line.

mod bot_main;

pub use bot_main::bot_main;
