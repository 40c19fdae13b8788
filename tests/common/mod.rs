//! Helpers shared by the integration tests (a test binary includes them with `mod common;`).

use std::path::{Path, PathBuf};

/// The shared puzzle corpora, `shared/data` beside the repository: the first ancestor of the
/// package root that has it (the main checkout, or a git worktree nested deeper), else
/// `/work/shared/data`. Corpora are read at test time, never embedded.
pub fn data_dir() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .skip(1)
        .map(|a| a.join("shared/data"))
        .find(|d| d.is_dir())
        .unwrap_or_else(|| PathBuf::from("/work/shared/data"))
}

/// The text of the corpus file `name`; a missing corpus fails the test, naming the path.
pub fn read_corpus(name: &str) -> String {
    let path = data_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("corpus {}: {e}", path.display()))
}
