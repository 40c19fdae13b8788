//! The background SE rating of a whole collection for the picker: one job of the worker pool
//! that reads the cache of ratings (`storage::se_cache`), answers the entries it knows at once,
//! then rates the others on every core (one thread per core, each taking the next entry, nearest
//! the picker's selection first; each rating is SE's path through the one path driver, see
//! [`super::se_rating::rate`], with the job's stop flag as its cancel flag). Results go back
//! in batches ([`Action::CollectionSeRated`], a few a second) and into the cache, written every
//! [`SAVE_EVERY`] and when the job ends. It stops when the picker closes.

use super::jobs::{Reporter, WORKER_NAME};
use super::picker_se::Found;
use super::shared::Shared;
use super::Action;
use crate::domain::Board;
use crate::storage::se_cache::{SeCache, SeRecord};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// How often the ratings found are sent to the player.
const REPORT_EVERY: Duration = Duration::from_millis(250);
/// How often the cache is written while the rating goes on.
const SAVE_EVERY: Duration = Duration::from_secs(10);

/// What the job is asked to rate.
#[derive(Clone, Debug)]
pub struct Request {
    pub path: String,
    pub lines: Shared<Vec<String>>,
    /// The entry to start from (the picker's selection).
    pub from: usize,
    /// The entries the player already knows.
    pub known: Vec<bool>,
    /// The run's number (its answers carry it).
    pub run: u64,
}

/// The session's side: whether SE ratings are computed at all (off until the player enables
/// them), the request waiting for that, and the stop flag of the job under way.
#[derive(Debug, Default)]
pub struct Runner {
    enabled: bool,
    pending: Option<Request>,
    stop: Option<Arc<AtomicBool>>,
}

/// The job for the worker pool.
pub type Job = Box<dyn FnOnce(&Reporter) -> Option<Action> + Send>;

impl Runner {
    /// A new request: the job under way stops, this one starts (when enabled).
    pub fn request(&mut self, r: Request, cache: Option<PathBuf>) -> Option<Job> {
        self.stop();
        self.pending = Some(r);
        if self.enabled {
            self.start(cache)
        } else {
            None
        }
    }

    /// SE ratings switched on: a waiting request starts.
    pub fn enable(&mut self, cache: Option<PathBuf>) -> Option<Job> {
        self.enabled = true;
        self.start(cache)
    }

    /// The picker closed: the job under way stops (it saves what it found), nothing waits.
    pub fn stop(&mut self) {
        self.pending = None;
        if let Some(s) = self.stop.take() {
            s.store(true, Ordering::Relaxed);
        }
    }

    fn start(&mut self, cache: Option<PathBuf>) -> Option<Job> {
        let r = self.pending.take()?;
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Some(Arc::clone(&stop));
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Some(Box::new(move |reporter: &Reporter| {
            run(r, cache, threads, &stop, reporter)
        }))
    }
}

/// SE's answer for one puzzle's givens: no rating for several solutions or none; `None` when
/// stopped.
pub fn rate_one(givens: &Board, stop: &AtomicBool) -> Option<SeRecord> {
    let solved = super::Solved::of(givens);
    match solved.count() {
        0 => Some(SeRecord::NoSolution),
        1 => super::se_rating::rate(givens, stop, &mut |_| {}).map(|r| SeRecord::Rated {
            er: r.er,
            ep: r.ep,
            ed: r.ed,
        }),
        _ => Some(SeRecord::Several),
    }
}

/// The job: the cache's answers, then the rest rated on `threads` threads.
fn run(
    r: Request,
    cache_path: Option<PathBuf>,
    threads: usize,
    stop: &AtomicBool,
    reporter: &Reporter,
) -> Option<Action> {
    let (mut cache, damage) = match &cache_path {
        Some(p) => SeCache::load(p),
        None => (SeCache::default(), None),
    };
    // What read of a damaged cache is written back (the file was moved aside).
    let mut unsaved = usize::from(damage.is_some());
    let mut note = damage.map(|d| format!("SE ratings cache: {d}"));
    let n = r.lines.0.len();
    let mut batch: Vec<(usize, Found)> = Vec::new();
    let mut todo: Vec<(usize, Board)> = Vec::new();
    for i in (0..n).map(|k| (r.from + k) % n.max(1)) {
        if r.known.get(i).copied().unwrap_or(false) {
            continue;
        }
        match super::engine::decode(&r.lines.0[i]) {
            Ok(p) => {
                let givens = p.board.givens_only();
                match cache.get(&givens) {
                    Some(rec) => batch.push((i, Ok(rec))),
                    None => todo.push((i, givens)),
                }
            }
            Err(e) => batch.push((i, Err(e.to_string()))),
        }
    }
    let send =
        |batch: Vec<(usize, Found)>, note: Option<String>, last: bool| Action::CollectionSeRated {
            path: r.path.clone(),
            run: r.run,
            batch,
            last,
            note,
        };
    if !todo.is_empty() && (!batch.is_empty() || note.is_some()) {
        // What the cache knew shows at once.
        if !reporter.send(send(std::mem::take(&mut batch), note.take(), false)) {
            return None;
        }
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Result<SeRecord, String>)>();
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, todo.len().max(1)) {
            let tx = tx.clone();
            let (todo, next) = (&todo, &next);
            let worker = move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some((_, givens)) = todo.get(k) else {
                    return;
                };
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let found = match catch_unwind(AssertUnwindSafe(|| rate_one(givens, stop))) {
                    Ok(Some(rec)) => Ok(rec),
                    Ok(None) => return,
                    Err(p) => Err(super::jobs::panic_text(p.as_ref())),
                };
                if tx.send((k, found)).is_err() {
                    return;
                }
            };
            let spawned = std::thread::Builder::new()
                .name(WORKER_NAME.into())
                .spawn_scoped(s, worker);
            if spawned.is_err() {
                break;
            }
        }
        drop(tx);
        let (mut reported, mut saved) = (Instant::now(), Instant::now());
        loop {
            match rx.recv_timeout(REPORT_EVERY) {
                Ok((k, found)) => {
                    let (i, givens) = &todo[k];
                    if let Ok(rec) = &found {
                        cache.insert(givens, *rec);
                        unsaved += 1;
                    }
                    batch.push((*i, found));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if reported.elapsed() >= REPORT_EVERY && !batch.is_empty() {
                reported = Instant::now();
                if !reporter.send(send(std::mem::take(&mut batch), note.take(), false)) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if unsaved > 0 && saved.elapsed() >= SAVE_EVERY {
                saved = Instant::now();
                unsaved = 0;
                if let Some(e) = save(&mut cache, cache_path.as_ref()) {
                    note.get_or_insert(e);
                }
            }
        }
    });
    if unsaved > 0 {
        if let Some(e) = save(&mut cache, cache_path.as_ref()) {
            note.get_or_insert(e);
        }
    }
    Some(send(batch, note, true))
}

/// Writes the cache; the problem in words, if any.
fn save(cache: &mut SeCache, path: Option<&PathBuf>) -> Option<String> {
    let e = cache.save(path?).err()?;
    Some(format!("SE ratings cache: {e}"))
}
