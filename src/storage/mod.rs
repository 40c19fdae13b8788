//! Saves and the config file: where they live, atomic writes, corrupt-file handling.
//!
//! * Saves ([`save`]): JSON in the platform data directory (`directories::ProjectDirs`, qualifier
//!   `""`, organisation and application `termdoku`), or in `$TERMDOKU_DATA_DIR` when set. One
//!   autosave (`autosave.json`) with its journal of moves ([`journal`], `autosave.journal`),
//!   held by one running player at a time ([`lock`], `autosave.lock`), and named slots
//!   (`slots/<name>.json`). The puzzle picker's SE ratings are cached in `se-ratings.txt`
//!   ([`se_cache`]).
//! * Every file is read through [`read_limited`]: regular files of a bounded size only.
//! * Config ([`config`]): `config.toml` in the platform config directory, or in
//!   `$TERMDOKU_CONFIG_DIR`. Errors in it are collected and returned, never fatal.
//!
//! Every file is written atomically: a temporary file in the same directory, written, fsynced,
//! renamed over the target, then the directory is fsynced. A crash at any moment leaves either the
//! old file or the new one. A save that cannot be read is renamed aside to
//! `<file>.corrupt-<unix time>` and never overwritten.

pub mod checksum;
pub mod config;
pub mod journal;
pub mod lock;
pub mod player;
pub mod save;
pub mod se_cache;
pub mod stats;
pub mod writer;

pub use config::{CheckMode, Config, ConfigError, ConfigLoad, HintEngine, Labels, ThemeChoice};
pub use journal::{Journal, JournalMark};
pub use lock::DataLock;
pub use player::{CollectionState, PlayerState, SavepointState};
pub use save::{SavedGame, SlotEntry, SlotSummary, Store, MAX_ELAPSED_SECS, SCHEMA_VERSION};
pub use stats::{LevelStats, Stats};
pub use writer::SaveWriter;

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Environment variable overriding the data directory (saves).
pub const DATA_DIR_ENV: &str = "TERMDOKU_DATA_DIR";
/// Environment variable overriding the config directory.
pub const CONFIG_DIR_ENV: &str = "TERMDOKU_CONFIG_DIR";

/// Why a save could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("no home directory found for the data/config directory; set {env}")]
    NoProjectDirs { env: &'static str },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    /// The save could not be read; it was moved to `moved_to` (None: moving it failed too, the
    /// file is left where it is).
    #[error("{}: unreadable save ({reason}){}", path.display(), moved_note(moved_to))]
    Corrupt {
        path: PathBuf,
        moved_to: Option<PathBuf>,
        reason: CorruptReason,
    },
    /// A path that must be a directory (the data directory or one above it) is something else.
    #[error("{} is not a directory", path.display())]
    NotADirectory { path: PathBuf },
    #[error("no saved game named {name:?}")]
    NoSuchSlot { name: String },
    #[error("invalid slot name {name:?}: use letters, digits, space, '-', '_' or '.'")]
    BadSlotName { name: String },
    #[error("cannot write the save as JSON: {message}")]
    Serialize { message: String },
    #[error("cannot encode the board for the save: {0}")]
    Encode(#[from] crate::codec::EncodeError),
}

fn moved_note(moved_to: &Option<PathBuf>) -> String {
    match moved_to {
        Some(p) => format!("; moved to {}", p.display()),
        None => "; could not be moved aside".to_string(),
    }
}

/// What is wrong with an unreadable save.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CorruptReason {
    #[error("not valid JSON at line {line}, column {column}: {message}")]
    Json {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("unknown schema version {0}")]
    UnknownVersion(u64),
    #[error("{field}: {message}")]
    BadField { field: String, message: String },
    #[error("{field}: the board does not decode: {message}")]
    Board { field: String, message: String },
    #[error("not a regular file ({0})")]
    NotAFile(&'static str),
    #[error("larger than {} MB", .0 >> 20)]
    TooLarge(u64),
}

impl StorageError {
    pub(crate) fn io(path: &Path, source: io::Error) -> StorageError {
        StorageError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "termdoku", "termdoku")
}

/// `$TERMDOKU_DATA_DIR`, else the platform data directory.
pub fn data_dir() -> Result<PathBuf, StorageError> {
    if let Some(d) = std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(d));
    }
    project_dirs()
        .map(|p| p.data_dir().to_path_buf())
        .ok_or(StorageError::NoProjectDirs { env: DATA_DIR_ENV })
}

/// `$TERMDOKU_CONFIG_DIR`, else the platform config directory.
pub fn config_dir() -> Result<PathBuf, StorageError> {
    if let Some(d) = std::env::var_os(CONFIG_DIR_ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(d));
    }
    project_dirs()
        .map(|p| p.config_dir().to_path_buf())
        .ok_or(StorageError::NoProjectDirs {
            env: CONFIG_DIR_ENV,
        })
}

/// Seconds since the Unix epoch (0 if the clock is before it).
pub(crate) fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

static TMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Prefix of the temporary files of `target` (`.<file name>.tmp-`).
fn tmp_prefix(target: &Path) -> String {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!(".{name}.tmp-")
}

/// Creates `dir` and the directories above it; a path on the way that exists but is not a
/// directory is named as such (not "File exists").
pub fn create_dir(dir: &Path) -> Result<(), StorageError> {
    fs::create_dir_all(dir).map_err(
        |e| match dir.ancestors().find(|a| a.exists() && !a.is_dir()) {
            Some(p) => StorageError::NotADirectory {
                path: p.to_path_buf(),
            },
            None => StorageError::io(dir, e),
        },
    )
}

/// Writes `bytes` to `target` atomically (temp file in the same directory, fsync, rename, fsync
/// of the directory). Creates the directory if needed. Temporary files of `target` left behind by
/// a crash more than ten minutes ago are removed.
pub fn write_atomic(target: &Path, bytes: &[u8]) -> Result<(), StorageError> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        create_dir(&dir)?;
        // Make the new directory's own entry durable too.
        if let Some(parent) = dir.parent() {
            sync_dir(parent);
        }
    }
    let tmp = dir.join(format!(
        "{}{}-{}",
        tmp_prefix(target),
        std::process::id(),
        TMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| -> io::Result<()> {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, target)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(StorageError::io(target, e));
    }
    sync_dir(&dir);
    remove_stale_temps(&dir, target);
    Ok(())
}

/// Makes the rename durable (Unix; elsewhere directories cannot be opened for syncing).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

fn remove_stale_temps(dir: &Path, target: &Path) {
    remove_temps(dir, &tmp_prefix(target), false);
}

/// Removes the temporary files of `dir` left by interrupted writes: those older than ten minutes
/// and, with `dead_writers`, those whose writing process (the pid in the name) is gone. Returns
/// how many were removed.
pub(crate) fn remove_temps(dir: &Path, prefix: &str, dead_writers: bool) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let now = SystemTime::now();
    let mut removed = 0;
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        // Only names this module makes: `<prefix><pid>-<counter>`.
        let Some(pid) = temp_suffix(&name, prefix).and_then(writer_pid) else {
            continue;
        };
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| now.duration_since(t).ok())
            .is_some_and(|age| age > Duration::from_secs(600));
        let orphan = dead_writers && !process_alive(pid);
        if (old || orphan) && fs::remove_file(e.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The `<pid>-<counter>` part of a temporary file name (`.<file>.tmp-<pid>-<counter>`), when
/// `name` is one; `prefix` empty matches the temporary file of any target.
fn temp_suffix<'a>(name: &'a str, prefix: &str) -> Option<&'a str> {
    if prefix.is_empty() {
        let (_, rest) = name.strip_prefix('.')?.rsplit_once(".tmp-")?;
        Some(rest)
    } else {
        name.strip_prefix(prefix)
    }
}

/// The pid in `<pid>-<counter>`.
fn writer_pid(rest: &str) -> Option<u32> {
    let (pid, counter) = rest.split_once('-')?;
    counter.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Whether process `pid` still runs. Linux answers through `/proc`; elsewhere the answer is
/// "yes" (such temporary files then go by age only).
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc_root = Path::new("/proc");
    if !proc_root.join("self").exists() {
        return true;
    }
    proc_root.join(pid.to_string()).exists()
}

/// Largest save file read (a history of a million steps is far below).
pub const MAX_SAVE_BYTES: u64 = 256 << 20;

/// Why [`read_limited`] did not return the file's bytes.
#[derive(Debug)]
pub enum LimitedRead {
    /// The file could not be opened or read (`NotFound` when it is missing).
    Io(io::Error),
    /// Not a file to read: a directory, a FIFO, a device (`/dev/urandom`), a socket.
    Refused(CorruptReason),
}

/// What kind of thing a path that is not a regular file is.
fn file_kind(ft: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "a FIFO";
        }
        if ft.is_char_device() || ft.is_block_device() {
            return "a device";
        }
        if ft.is_socket() {
            return "a socket";
        }
    }
    if ft.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Reads a regular file of at most `limit` bytes. Anything else (a FIFO that would block, a
/// device that never ends, a directory, a larger file) is refused without reading it: the
/// player's own files are small, and reading must end.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, LimitedRead> {
    use std::io::Read;
    let meta = fs::metadata(path).map_err(LimitedRead::Io)?;
    if !meta.is_file() {
        return Err(LimitedRead::Refused(CorruptReason::NotAFile(file_kind(
            &meta.file_type(),
        ))));
    }
    if meta.len() > limit {
        return Err(LimitedRead::Refused(CorruptReason::TooLarge(limit)));
    }
    let mut f = File::open(path).map_err(LimitedRead::Io)?;
    // The path may have been swapped since the check: check what was opened.
    let meta = f.metadata().map_err(LimitedRead::Io)?;
    if !meta.is_file() {
        return Err(LimitedRead::Refused(CorruptReason::NotAFile(file_kind(
            &meta.file_type(),
        ))));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    Read::by_ref(&mut f)
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(LimitedRead::Io)?;
    if bytes.len() as u64 > limit {
        return Err(LimitedRead::Refused(CorruptReason::TooLarge(limit)));
    }
    Ok(bytes)
}

/// The names a damaged file is kept aside under, in the order tried: `<file>.corrupt-<stamp>`,
/// then `<file>.corrupt-<stamp>-1`, `-2` ... (a thousand in all); `None` for a path without a
/// file name.
fn aside_names(path: &Path, stamp: u64) -> Option<impl Iterator<Item = PathBuf> + '_> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    Some((0..1000u32).map(move |n| {
        if n == 0 {
            path.with_file_name(format!("{name}.corrupt-{stamp}"))
        } else {
            path.with_file_name(format!("{name}.corrupt-{stamp}-{n}"))
        }
    }))
}

/// Copies a damaged file (kept in use) to `<file>.corrupt-<stamp>` (with `-1`, `-2` ... if that
/// name exists), flushed to disk before anything new is written. Returns the copy's path.
pub(crate) fn copy_aside(path: &Path, stamp: u64) -> Option<PathBuf> {
    for candidate in aside_names(path, stamp)? {
        if candidate.exists() {
            continue;
        }
        let copied = (|| -> io::Result<()> {
            let mut from = File::open(path)?;
            let mut to = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&candidate)?;
            io::copy(&mut from, &mut to)?;
            to.sync_all()
        })();
        return match copied {
            Ok(()) => {
                if let Some(dir) = path.parent() {
                    sync_dir(dir);
                }
                Some(candidate)
            }
            Err(_) => {
                let _ = fs::remove_file(&candidate);
                None
            }
        };
    }
    None
}

/// Renames an unreadable file to `<file>.corrupt-<unix time>` (with `-1`, `-2` ... if that name
/// exists: an earlier corrupt file is never overwritten). Returns the new path.
pub(crate) fn move_aside(path: &Path) -> Option<PathBuf> {
    let stamp = unix_now();
    for candidate in aside_names(path, stamp)? {
        if candidate.exists() {
            continue;
        }
        return match fs::rename(path, &candidate) {
            Ok(()) => {
                if let Some(dir) = path.parent() {
                    sync_dir(dir);
                }
                Some(candidate)
            }
            Err(_) => None,
        };
    }
    None
}
