//! The effect runner's worker pool: ONE pool runs every background job of the player (step
//! searches, ratings, the solution path, the generator, the all-steps search, practice, a
//! collection's ratings).
//!
//! A job is a closure that may report progress ([`Reporter::send`]) and ends with its final
//! [`Action`] (or none when its last report was final). Results come back over one channel and
//! are applied by `update` like key presses. Workers are kept for reuse; a job that finds every
//! worker busy gets a new one, so a long job never delays a short one. Every job runs under
//! `catch_unwind`: a panic becomes [`Action::JobFailed`] naming the job, so whatever waited for
//! it (the "Searching for a hint…" status, a view's "computing") is cleared and the player goes
//! on. Cancellation is the job's own: it watches a flag its owner drops or sets.

use super::Action;
use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The name of the pool's threads (the player's panic hook leaves their panics to the pool).
pub const WORKER_NAME: &str = "termdoku-job";

/// How long an idle worker waits for a job before it ends.
const IDLE: Duration = Duration::from_secs(30);

/// What a background job computes (named when it fails).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The next step for a hint.
    Hint,
    /// HoDoKu's rating of the puzzle.
    Rating,
    /// Sudoku Explainer's rating of the puzzle.
    SeRating,
    /// The solution path of the path view.
    Path,
    /// A new puzzle from the generator.
    Generate,
    /// Every step of a state (the all-steps view).
    AllSteps,
    /// A practice puzzle.
    Practice,
    /// The levels of a collection's puzzles (the picker).
    CollectionRating,
    /// The entries of a collection that repeat an earlier one (the picker).
    CollectionDuplicates,
    /// The SE ratings of a collection's puzzles (the picker).
    CollectionSeRating,
}

impl JobKind {
    /// The job in the player's words (`The hint search failed: …`).
    pub const fn describe(self) -> &'static str {
        match self {
            JobKind::Hint => "the hint search",
            JobKind::Rating => "the rating",
            JobKind::SeRating => "the SE rating",
            JobKind::Path => "the solution path",
            JobKind::Generate => "the generator",
            JobKind::AllSteps => "the search of every step",
            JobKind::Practice => "the search of a practice puzzle",
            JobKind::CollectionRating => "the rating of the collection",
            JobKind::CollectionDuplicates => "the search for repeated puzzles",
            JobKind::CollectionSeRating => "the SE rating of the collection",
        }
    }
}

/// A message from a job: a report on the way, or its end.
enum Msg {
    Progress(Action),
    Done(Option<Action>),
}

/// A job's way to send reports before its end.
#[derive(Clone)]
pub struct Reporter(Sender<Msg>);

impl Reporter {
    /// Sends a report; `false` when nobody listens any more (the player ended): stop then.
    pub fn send(&self, a: Action) -> bool {
        self.0.send(Msg::Progress(a)).is_ok()
    }
}

/// A background job: reports through the [`Reporter`], returns its final action.
pub type Job = Box<dyn FnOnce(&Reporter) -> Option<Action> + Send>;

/// The queue the workers take jobs from.
#[derive(Default)]
struct Queue {
    state: Mutex<QueueState>,
    ready: Condvar,
}

#[derive(Default)]
struct QueueState {
    jobs: VecDeque<(JobKind, Job)>,
    idle: usize,
}

/// The pool and the channel its results come back on.
pub struct Jobs {
    queue: Arc<Queue>,
    tx: Sender<Msg>,
    rx: Receiver<Msg>,
    running: usize,
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs::new()
    }
}

impl Jobs {
    pub fn new() -> Jobs {
        let (tx, rx) = channel();
        Jobs {
            queue: Arc::default(),
            tx,
            rx,
            running: 0,
        }
    }

    /// Runs a job on a worker; its result comes back through [`Jobs::next`].
    pub fn submit(
        &mut self,
        kind: JobKind,
        job: impl FnOnce(&Reporter) -> Option<Action> + Send + 'static,
    ) {
        self.running += 1;
        let spawn = {
            let mut st = self.queue.state.lock().unwrap_or_else(|e| e.into_inner());
            st.jobs.push_back((kind, Box::new(job)));
            // A free worker takes it; else a new one (counted idle until it takes a job).
            if st.idle >= st.jobs.len() {
                false
            } else {
                st.idle += 1;
                true
            }
        };
        self.queue.ready.notify_one();
        if spawn {
            let (queue, tx) = (Arc::clone(&self.queue), self.tx.clone());
            let started = std::thread::Builder::new()
                .name(WORKER_NAME.into())
                .spawn(move || worker(&queue, &tx));
            if started.is_err() {
                // No thread: the job runs here rather than never.
                let mut st = self.queue.state.lock().unwrap_or_else(|e| e.into_inner());
                st.idle -= 1;
                let pending = st.jobs.pop_back();
                drop(st);
                if let Some((kind, job)) = pending {
                    let _ = self.tx.send(run_one(kind, job, &Reporter(self.tx.clone())));
                }
            }
        }
    }

    /// Number of jobs submitted and not finished.
    pub fn running(&self) -> usize {
        self.running
    }

    /// The next result, waiting at most `wait` (zero: only what already arrived). `None` when
    /// nothing came.
    pub fn next(&mut self, wait: Duration) -> Option<Action> {
        let deadline = Instant::now() + wait;
        loop {
            let msg = if wait.is_zero() {
                self.rx.try_recv().ok()?
            } else {
                let left = deadline.checked_duration_since(Instant::now())?;
                match self.rx.recv_timeout(left) {
                    Ok(m) => m,
                    Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
                }
            };
            match msg {
                Msg::Progress(a) => return Some(a),
                Msg::Done(a) => {
                    self.running = self.running.saturating_sub(1);
                    // The last job ended without a final action: nothing more will come.
                    if a.is_some() || self.running == 0 {
                        return a;
                    }
                }
            }
        }
    }
}

/// A worker: takes jobs until it has been idle for [`IDLE`].
fn worker(queue: &Queue, tx: &Sender<Msg>) {
    let reporter = Reporter(tx.clone());
    loop {
        let next = {
            let mut st = queue.state.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(job) = st.jobs.pop_front() {
                    st.idle -= 1;
                    break Some(job);
                }
                let (guard, timeout) = queue
                    .ready
                    .wait_timeout(st, IDLE)
                    .unwrap_or_else(|e| e.into_inner());
                st = guard;
                if timeout.timed_out() && st.jobs.is_empty() {
                    st.idle -= 1;
                    break None;
                }
            }
        };
        let Some((kind, job)) = next else {
            return;
        };
        if tx.send(run_one(kind, job, &reporter)).is_err() {
            return;
        }
        queue.state.lock().unwrap_or_else(|e| e.into_inner()).idle += 1;
    }
}

/// Runs one job; a panic becomes [`Action::JobFailed`].
fn run_one(kind: JobKind, job: Job, reporter: &Reporter) -> Msg {
    match catch_unwind(AssertUnwindSafe(|| job(reporter))) {
        Ok(a) => Msg::Done(a),
        Err(payload) => Msg::Done(Some(Action::JobFailed {
            job: kind,
            why: panic_text(payload.as_ref()),
        })),
    }
}

/// The message of a panic.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "an internal error".into())
}

/// Runs a job here and now (searches without a worker: tests, scripts), a panic included.
pub fn run_in_place(
    kind: JobKind,
    job: impl FnOnce(&Reporter) -> Option<Action> + Send + 'static,
    progress: &mut dyn FnMut(Action),
) -> Option<Action> {
    let (tx, rx) = channel();
    let reporter = Reporter(tx);
    let end = run_one(kind, Box::new(job), &reporter);
    drop(reporter);
    for m in rx.try_iter() {
        if let Msg::Progress(a) = m {
            progress(a);
        }
    }
    match end {
        Msg::Done(a) => a,
        Msg::Progress(a) => Some(a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet_panics() {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() != Some(WORKER_NAME) {
                previous(info);
            }
        }));
    }

    fn drain(jobs: &mut Jobs) -> Vec<Action> {
        let mut out = Vec::new();
        while jobs.running() > 0 {
            match jobs.next(Duration::from_secs(20)) {
                Some(a) => out.push(a),
                None if jobs.running() == 0 => break,
                None => panic!("a job never ended"),
            }
        }
        out
    }

    #[test]
    fn a_panicking_job_becomes_a_failure_and_the_pool_goes_on() {
        quiet_panics();
        let mut jobs = Jobs::new();
        jobs.submit(JobKind::Hint, |_| panic!("the engine broke"));
        let got = drain(&mut jobs);
        assert_eq!(
            got,
            vec![Action::JobFailed {
                job: JobKind::Hint,
                why: "the engine broke".into()
            }]
        );
        jobs.submit(JobKind::Rating, |_| {
            Some(Action::Tick(Duration::from_secs(1)))
        });
        assert_eq!(drain(&mut jobs), vec![Action::Tick(Duration::from_secs(1))]);
    }

    #[test]
    fn reports_come_before_the_end_and_only_the_end_counts() {
        let mut jobs = Jobs::new();
        jobs.submit(JobKind::AllSteps, |r| {
            r.send(Action::Tick(Duration::from_secs(1)));
            r.send(Action::Tick(Duration::from_secs(2)));
            None
        });
        let got = drain(&mut jobs);
        assert_eq!(got.len(), 2);
        assert_eq!(jobs.running(), 0);
    }

    #[test]
    fn busy_workers_do_not_hold_up_a_new_job() {
        let mut jobs = Jobs::new();
        let (release, wait) = channel::<()>();
        let wait = Mutex::new(wait);
        jobs.submit(JobKind::SeRating, move |_| {
            let _ = wait.lock().unwrap().recv();
            None
        });
        jobs.submit(JobKind::Hint, |_| Some(Action::Tick(Duration::ZERO)));
        assert_eq!(
            jobs.next(Duration::from_secs(20)),
            Some(Action::Tick(Duration::ZERO))
        );
        release.send(()).unwrap();
        assert!(drain(&mut jobs).is_empty());
    }

    #[test]
    fn in_place_runs_catch_the_panic_too() {
        quiet_panics();
        let mut seen = Vec::new();
        let end = run_in_place(
            JobKind::Path,
            |r| {
                r.send(Action::Tick(Duration::ZERO));
                None
            },
            &mut |a| seen.push(a),
        );
        assert_eq!((seen.len(), end), (1, None));
        let end = run_in_place(JobKind::Path, |_| panic!("boom"), &mut |_| {});
        assert!(matches!(
            end,
            Some(Action::JobFailed {
                job: JobKind::Path,
                ..
            })
        ));
    }
}
