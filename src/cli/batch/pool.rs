//! The pool: chunks of lines answered on rayon's threads, the reorder window and the writer that
//! puts the answers back in input order.

use std::panic;

use super::*;

/// Lines read together and answered by one task.
pub(super) struct Chunk {
    pub(super) seq: u64,
    /// Line number (from 0) of the first line.
    pub(super) first: u64,
    /// Lines counted as records before the first line.
    pub(super) counted: u64,
    pub(super) data: Vec<u8>,
    /// End offset in `data` of each line.
    pub(super) ends: Vec<usize>,
    /// Input bytes consumed once this chunk is done (line endings included).
    pub(super) bytes_after: u64,
    /// Units of the window it holds until written.
    pub(super) units: usize,
}

/// An answered chunk.
pub(super) struct Done {
    pub(super) seq: u64,
    pub(super) units: usize,
    pub(super) out: Vec<u8>,
    pub(super) lines: u64,
    pub(super) failed: u64,
    pub(super) bytes_after: u64,
}

/// The measured cost per line, which sets the chunk size.
#[derive(Default)]
pub(super) struct Cost {
    pub(super) nanos: AtomicU64,
    pub(super) lines: AtomicU64,
}

impl Cost {
    pub(super) fn chunk_lines(&self) -> usize {
        let lines = self.lines.load(Ordering::Relaxed);
        if lines == 0 {
            return 1;
        }
        let per_line = (self.nanos.load(Ordering::Relaxed) / lines).max(1);
        ((CHUNK_WORK.as_nanos() as u64 / per_line) as usize).clamp(1, CHUNK_LINES)
    }
}

/// Answers the rest of the lines on a pool of `jobs` threads; `done` counts the lines answered
/// before (their output is in `out`); `cost` holds what they cost, if known.
pub(super) fn parallel<F>(
    jobs: usize,
    lines: &mut LineReader<Reader<'_>>,
    job: &Job<'_, F>,
    out: Out,
    progress: &Progress,
    done: Tally,
    cost: Cost,
) -> Result<Tally, rayon::ThreadPoolBuildError>
where
    F: Answer + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("termdoku-worker-{i}"))
        // The main thread's stack size, so that a line needs no more care on a worker.
        .stack_size(8 << 20)
        .build()?;
    let window = (jobs * WINDOW_PER_JOB).min(WINDOW_MAX);
    // One token per unit of the window in flight: the reader puts a chunk's tokens in before
    // handing it over (and waits while the window is full), the writer takes them out after
    // writing it.
    let (slot_tx, slot_rx) = mpsc::sync_channel::<()>(window);
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    let mut input_error = None;

    let mut tally = std::thread::scope(|s| {
        let first_line = done.lines;
        let mut counted = done.counted;
        let writer = s.spawn(move || write_in_order(done_rx, slot_rx, out, progress, done));
        pool.in_place_scope(|scope| {
            let mut seq = 0u64;
            let mut first = first_line;
            let mut buf = Vec::with_capacity(256);
            let mut eof = false;
            while !eof {
                let target = cost.chunk_lines();
                let mut chunk = Chunk {
                    seq,
                    first,
                    counted,
                    data: Vec::new(),
                    ends: Vec::new(),
                    bytes_after: 0,
                    units: 0,
                };
                loop {
                    match job.next_line(lines, &mut buf) {
                        Ok(true) => {
                            if job.records.counts(&buf) {
                                counted += 1;
                            }
                            chunk.data.extend_from_slice(&buf);
                            chunk.ends.push(chunk.data.len());
                        }
                        Ok(false) => eof = true,
                        Err(e) => {
                            input_error = Some(e);
                            eof = true;
                        }
                    }
                    if eof
                        || chunk.ends.len() >= target
                        || chunk.data.len() >= CHUNK_BYTES
                        || lines.would_wait()
                    {
                        break;
                    }
                }
                if chunk.ends.is_empty() {
                    continue;
                }
                chunk.bytes_after = lines.bytes_read();
                chunk.units = chunk.data.len().div_ceil(CHUNK_BYTES).clamp(1, window);
                if (0..chunk.units).any(|_| slot_tx.send(()).is_err()) {
                    // The writer stopped (standard output closed): read no further.
                    break;
                }
                seq += 1;
                first += chunk.ends.len() as u64;
                let done_tx = done_tx.clone();
                let cost = &cost;
                scope.spawn(move |_| {
                    let _ = done_tx.send(answer_chunk(job, chunk, cost));
                });
            }
        });
        drop(done_tx);
        writer.join().unwrap_or_else(|p| panic::resume_unwind(p))
    });
    tally.input_error = input_error;
    Ok(tally)
}

pub(super) fn answer_chunk<F: Answer>(job: &Job<'_, F>, chunk: Chunk, cost: &Cost) -> Done {
    let start = Instant::now();
    let mut out = Vec::with_capacity(chunk.data.len() + chunk.ends.len() * 8);
    let mut failed = 0;
    let mut begin = 0;
    let mut counted = chunk.counted;
    for (i, &end) in chunk.ends.iter().enumerate() {
        let line = &chunk.data[begin..end];
        if !job.answer_into(chunk.first + i as u64, counted, line, &mut out) {
            failed += 1;
        }
        if job.records.counts(line) {
            counted += 1;
        }
        begin = end;
    }
    let lines = chunk.ends.len() as u64;
    cost.nanos
        .fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
    cost.lines.fetch_add(lines, Ordering::Relaxed);
    Done {
        seq: chunk.seq,
        units: chunk.units,
        out,
        lines,
        failed,
        bytes_after: chunk.bytes_after,
    }
}

/// The writer thread: answered chunks arrive in any order and leave in input order, after the
/// lines counted in `tally`.
pub(super) fn write_in_order(
    done_rx: mpsc::Receiver<Done>,
    slot_rx: mpsc::Receiver<()>,
    mut out: Out,
    progress: &Progress,
    mut tally: Tally,
) -> Tally {
    let mut pending: BTreeMap<u64, Done> = BTreeMap::new();
    let mut next = 0u64;
    loop {
        let done = match done_rx.try_recv() {
            Ok(d) => d,
            Err(mpsc::TryRecvError::Empty) => {
                // Nothing ready: hand what we have to the reader of standard output, then wait.
                if let Err(e) = out.flush(progress) {
                    tally.output_error = Some(e);
                    return tally;
                }
                match done_rx.recv() {
                    Ok(d) => d,
                    Err(_) => break,
                }
            }
            Err(mpsc::TryRecvError::Disconnected) => break,
        };
        pending.insert(done.seq, done);
        while let Some(d) = pending.remove(&next) {
            next += 1;
            out.buf.extend_from_slice(&d.out);
            tally.lines += d.lines;
            tally.failed += d.failed;
            for _ in 0..d.units {
                let _ = slot_rx.recv();
            }
            if out.buf.len() >= OUT_BLOCK || out.eager {
                if let Err(e) = out.flush(progress) {
                    tally.output_error = Some(e);
                    return tally;
                }
            }
            progress.update(tally.lines, tally.failed, d.bytes_after);
        }
    }
    if let Err(e) = out.flush(progress) {
        tally.output_error = Some(e);
    }
    tally
}

/// The output (standard output), written in blocks.
pub(super) struct Out {
    pub(super) buf: Vec<u8>,
    pub(super) sink: Box<dyn Write + Send>,
    /// Written after every record (a terminal), not only in blocks.
    pub(super) eager: bool,
}

impl Out {
    pub(super) fn new(sink: Box<dyn Write + Send>) -> Self {
        Out {
            buf: Vec::with_capacity(OUT_BLOCK + 4096),
            sink,
            eager: false,
        }
    }

    pub(super) fn flush(&mut self, progress: &Progress) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let (buf, sink) = (&self.buf, &mut self.sink);
        progress.around_output(|| {
            sink.write_all(buf)?;
            sink.flush()
        })?;
        self.buf.clear();
        Ok(())
    }
}
