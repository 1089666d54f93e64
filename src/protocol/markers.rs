//! The two marker lines of Botzone's keep-running mode, shared by the bots
//! (which print and read them) and the referee (which reads and writes them).

/// The line after every keep-running answer that tells the platform the output has ended.
pub const KEEP_RUNNING_MARKER: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// The line with which the platform ends a keep-running bot.
pub const KILL_MARKER: &str = ">>>BOTZONE_CONTROLLER_KILL<<<";
