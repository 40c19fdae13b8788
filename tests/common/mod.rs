//! Helpers shared by the integration tests (`mod common;`) and the benches and examples
//! (`#[path = "../tests/common/mod.rs"] mod common;`).

// Each includer uses a subset of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The shared puzzle corpora: `$TERMDOKU_DATA` when set, else `shared/data` beside the
/// repository (the first ancestor of the package root that has it, so a git worktree nested
/// deeper finds it too). Corpora are read at run time, never embedded. Also used by the benches
/// (`#[path = "../tests/common/mod.rs"]`).
pub fn data_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("TERMDOKU_DATA") {
        return d.into();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .skip(1)
        .map(|a| a.join("shared/data"))
        .find(|d| d.is_dir())
        .unwrap_or_else(|| root.join("../shared/data"))
}

/// The text of the corpus file `name`; a missing corpus fails the test, naming the path.
pub fn read_corpus(name: &str) -> String {
    let path = data_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("corpus {}: {e}", path.display()))
}

/// CPU time this thread has run, in seconds (Linux `/proc/thread-self/schedstat`, nanosecond
/// resolution); `None` where that file does not exist. The benches divide work by it to report
/// what one core does on a shared machine, where wall-clock rates understate speed.
pub fn thread_cpu_secs() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}
