//! A progress line on standard error for long work (`generate`, `score` of an archive):
//! only where standard error is a terminal, only once the work has taken a second
//! (`DOKO_PROGRESS_AFTER_MS` changes that, for the tests), never with `--quiet`. The line
//! is rewritten in place and cleared at the end.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::lang::Lang;

/// Counts work done; a thread shows the count while the work goes on.
pub struct Progress {
    done: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// Starts counting deals (of `total`, where known); shows nothing when `quiet` or
    /// standard error is not a terminal.
    pub fn deals(total: Option<u64>, quiet: bool, lang: Lang) -> Progress {
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let show = !quiet && std::io::stderr().is_terminal();
        let thread = show.then(|| {
            let (done, stop) = (Arc::clone(&done), Arc::clone(&stop));
            let after = std::env::var("DOKO_PROGRESS_AFTER_MS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(1000);
            std::thread::spawn(move || show_until(&done, &stop, (total, lang), after))
        });
        Progress { done, stop, thread }
    }

    /// One more deal done.
    pub fn tick(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Waits `after_ms`, then rewrites the line every fifth of a second until `stop`; clears
/// it if it was shown.
fn show_until(
    done: &AtomicU64,
    stop: &AtomicBool,
    (total, lang): (Option<u64>, Lang),
    after_ms: u64,
) {
    let step = Duration::from_millis(50);
    let mut waited = 0;
    while waited < after_ms {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(step);
        waited += 50;
    }
    let mut err = std::io::stderr();
    let mut shown = false;
    let mut ticks = 0u32;
    while !stop.load(Ordering::Relaxed) {
        if ticks.is_multiple_of(4) {
            let n = done.load(Ordering::Relaxed);
            let line = match total {
                Some(t) if t > 0 => crate::tr!(
                    lang,
                    "progress.deals_of",
                    done = n,
                    total = t,
                    percent = format!("{:.0}", n as f64 * 100.0 / t as f64)
                ),
                _ => crate::tr!(lang, "progress.deals", done = n),
            };
            let _ = write!(err, "\r\x1b[2Kdoko: {line}");
            let _ = err.flush();
            shown = true;
        }
        ticks += 1;
        std::thread::sleep(step);
    }
    if shown {
        let _ = write!(err, "\r\x1b[2K");
        let _ = err.flush();
    }
}
