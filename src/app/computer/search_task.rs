//! One kind of search on the task pool for every feature that asks the engine something (the computer's
//! move, the hint, review's analysis, a wrong puzzle move explained, the openings' engine): a
//! [`SearchTask`] made by [`Searches::spawn`], polled once a frame by its owner.
//!
//! Invariants: a search is cancelled when its `SearchTask` is dropped (replaced, taken, or its owner
//! gone), both by dropping the task and by raising the flag a search already running on another thread
//! reads; [`Searches::any`] says whether any search is alive, for `screens::rest`; a search's future
//! counts as running until it ends or is dropped, so that a headless test can wait for the searches it
//! started ([`Searches::wait_until_idle`]) instead of sleeping.

use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use bevy::prelude::*;
use bevy::tasks::futures_lite::future;
use bevy::tasks::{AsyncComputeTaskPool, ConditionalSend, Task};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Searches>();
}

/// The searches of the app: how many are alive and how many still run.
#[derive(Resource, Clone, Default)]
pub struct Searches(Arc<Counts>);

#[derive(Default)]
struct Counts {
    /// `SearchTask`s whose result is not yet taken, and not dropped.
    alive: AtomicUsize,
    /// Search futures that have neither ended nor been dropped.
    running: Mutex<usize>,
    ended: Condvar,
}

impl Searches {
    /// Starts `search` on the task pool; it is given the flag that asks it to stop. Off the web the search
    /// runs on another thread and must be `Send`; in a browser it shares the page's one thread (its
    /// yields are the page's own promises, which are not).
    pub fn spawn<T, F>(&self, search: impl FnOnce(Arc<AtomicBool>) -> F) -> SearchTask<T>
    where
        T: ConditionalSend + 'static,
        F: Future<Output = T> + ConditionalSend + 'static,
    {
        let cancel = Arc::new(AtomicBool::new(false));
        let running = Running::new(self.0.clone());
        let future = search(cancel.clone());
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let _running = running;
            future.await
        });
        self.0.alive.fetch_add(1, Ordering::Relaxed);
        SearchTask { task: Some(task), cancel, counts: self.0.clone() }
    }

    /// Whether any search is alive: the app stays awake to show what it finds.
    pub fn any(&self) -> bool {
        self.0.alive.load(Ordering::Relaxed) > 0
    }

    /// Blocks until every search started has ended or been dropped (headless tests: what a search finds
    /// is then taken by the next frame's poll, however busy the machine).
    pub fn wait_until_idle(&self) {
        let mut running = self.0.running.lock().unwrap_or_else(|e| e.into_inner());
        while *running > 0 {
            running = self.0.ended.wait(running).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// A search future's share of [`Counts::running`], given back when it ends or is dropped.
struct Running(Arc<Counts>);

impl Running {
    fn new(counts: Arc<Counts>) -> Running {
        *counts.running.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        Running(counts)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut running = self.0.running.lock().unwrap_or_else(|e| e.into_inner());
        *running -= 1;
        self.0.ended.notify_all();
    }
}

/// A search running on the task pool: cancelled when dropped.
pub struct SearchTask<T> {
    task: Option<Task<T>>,
    cancel: Arc<AtomicBool>,
    counts: Arc<Counts>,
}

impl<T> SearchTask<T> {
    /// The search's result, once it has one (then never again).
    pub fn poll(&mut self) -> Option<T> {
        let result = future::block_on(future::poll_once(self.task.as_mut()?))?;
        self.finish();
        Some(result)
    }

    /// No longer alive: its result taken, or dropped.
    fn finish(&mut self) {
        if self.task.take().is_some() {
            self.counts.alive.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

impl<T> Drop for SearchTask<T> {
    fn drop(&mut self) {
        // Dropping the task cancels it at its next yield; the flag stops a slice already running on
        // another thread.
        self.cancel.store(true, Ordering::Relaxed);
        self.finish();
    }
}
