//! How fast a review goes: a duty cycle ([`DutyCycle`]), and a pause
//! while the rest of the server is busy.
//!
//! The duty cycle alone bounds a review's share of the time, but a move
//! played while the review works still shares the machine with it (its
//! cores, caches and memory), whatever the review's priority: the
//! rooms' tail latency grows with the share of moves that meet a review
//! at work. So a review also waits while the rest of the process (the
//! rooms, the computer seats' searches) uses more than a set share of
//! the machine's CPU: on a busy server reviews wait for a quieter
//! moment, and on a quiet one they go at the duty cycle.

use std::time::{Duration, Instant};

use super::DutyCycle;

/// The shortest time over which the rest of the server's CPU share is
/// judged: shorter windows would read the clocks' granularity as load.
const WINDOW: Duration = Duration::from_millis(200);

/// How long a review waits before it looks again at a busy server.
const PAUSE: Duration = Duration::from_millis(250);

/// The clocks a review's pace reads, and its way to wait: the real ones
/// ([`Real`]), or a test's.
pub(crate) trait Clocks: Send {
    /// The wall clock.
    fn wall(&mut self) -> Instant;
    /// The CPU time the whole process has used.
    fn process(&mut self) -> Duration;
    /// The CPU time the calling thread (the review's) has used.
    fn thread(&mut self) -> Duration;
    /// Waits `d`.
    fn sleep(&mut self, d: Duration);
}

/// The process's real clocks (`clock_gettime` with the process's and the
/// thread's CPU-time clocks). Where those clocks are not read (outside
/// Linux), both read zero: the server is never seen busy and the duty
/// cycle alone paces a review.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Real;

impl Clocks for Real {
    fn wall(&mut self) -> Instant {
        Instant::now()
    }

    fn process(&mut self) -> Duration {
        cpu_time(CpuClock::Process)
    }

    fn thread(&mut self) -> Duration {
        cpu_time(CpuClock::Thread)
    }

    fn sleep(&mut self, d: Duration) {
        std::thread::sleep(d);
    }
}

/// Which CPU-time clock [`cpu_time`] reads.
#[derive(Clone, Copy, Debug)]
enum CpuClock {
    Process,
    Thread,
}

#[cfg(target_os = "linux")]
fn cpu_time(clock: CpuClock) -> Duration {
    use rustix::time::{ClockId, clock_gettime};
    let id = match clock {
        CpuClock::Process => ClockId::ProcessCPUTime,
        CpuClock::Thread => ClockId::ThreadCPUTime,
    };
    let t = clock_gettime(id);
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

#[cfg(not(target_os = "linux"))]
fn cpu_time(_clock: CpuClock) -> Duration {
    Duration::ZERO
}

/// A review's pace: at most `duty` of its time, and none while the rest
/// of the process uses more than `pause_above` percent of the machine's
/// `cores`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pace {
    duty: DutyCycle,
    pause_above: u32,
    cores: u32,
}

impl Pace {
    /// The pace of `cpu` percent of a review's time (1 to 100, see
    /// [`DutyCycle`]), waiting while the rest of the process uses more
    /// than `pause_above` percent (1 to 100; 100: never) of this
    /// machine's CPU.
    pub(crate) fn new(cpu: u8, pause_above: u8) -> Pace {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Pace::on(cpu, pause_above, u32::try_from(cores).unwrap_or(u32::MAX))
    }

    /// [`Pace::new`] on a machine of `cores` cores.
    fn on(cpu: u8, pause_above: u8, cores: u32) -> Pace {
        Pace {
            duty: DutyCycle::new(cpu),
            pause_above: u32::from(pause_above.clamp(1, 100)),
            cores: cores.max(1),
        }
    }

    /// The callback between positions of a review, on the reviewing
    /// thread: it rests as the duty cycle says, then waits while the rest
    /// of the process is busy. It may be made on another thread, and
    /// called on several in turn (a match reviews each round on a thread
    /// of its own): a window of the server's CPU share begins on the
    /// thread that calls it.
    pub(crate) fn between(self) -> impl FnMut() + Send {
        self.between_with(Real)
    }

    /// [`Pace::between`] on `clocks`.
    pub(crate) fn between_with(self, mut clocks: impl Clocks) -> impl FnMut() + Send {
        let mut mark = clocks.wall();
        let mut window: Option<Sample> = None;
        move || {
            let rest = self
                .duty
                .rest_after(clocks.wall().saturating_duration_since(mark));
            if !rest.is_zero() {
                clocks.sleep(rest);
            }
            while let Some(busy) = self.judge(&mut window, &mut clocks) {
                if !busy {
                    break;
                }
                clocks.sleep(PAUSE);
            }
            mark = clocks.wall();
        }
    }

    /// Whether the rest of the process was busy since `window` began,
    /// once the window is long enough to tell (then a new one begins);
    /// `None` before, and when the window begins now (the first call, or
    /// the first on another thread, whose CPU clock is not the window's).
    fn judge(self, window: &mut Option<Sample>, clocks: &mut impl Clocks) -> Option<bool> {
        let now = Sample::take(clocks);
        let Some(began) = window.filter(|w| w.on == now.on) else {
            *window = Some(now);
            return None;
        };
        let wall = now.wall.saturating_duration_since(began.wall);
        if wall < WINDOW {
            return None;
        }
        let own = now.thread.saturating_sub(began.thread);
        let others = now
            .process
            .saturating_sub(began.process)
            .saturating_sub(own);
        *window = Some(now);
        // others / (wall × cores) > pause_above / 100, in integers.
        let used = others.as_micros().saturating_mul(100);
        let allowed = wall
            .as_micros()
            .saturating_mul(u128::from(self.cores))
            .saturating_mul(u128::from(self.pause_above));
        Some(used > allowed)
    }
}

/// The three clocks read at one moment, on the thread `on`.
#[derive(Clone, Copy, Debug)]
struct Sample {
    wall: Instant,
    process: Duration,
    thread: Duration,
    on: std::thread::ThreadId,
}

impl Sample {
    fn take(clocks: &mut impl Clocks) -> Sample {
        Sample {
            wall: clocks.wall(),
            process: clocks.process(),
            thread: clocks.thread(),
            on: std::thread::current().id(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A machine moved by hand: the review works when the test says so,
    /// and while it sleeps the rest of the process uses `load` cores
    /// (in thousandths) for as long as the script says.
    #[derive(Debug)]
    struct Machine {
        start: Instant,
        wall: Duration,
        process: Duration,
        /// Each thread's CPU time.
        threads: std::collections::HashMap<std::thread::ThreadId, Duration>,
        /// The rest of the process's load, in thousandths of a core,
        /// until a time (since the start) and after the last one.
        load: Vec<(Duration, u32)>,
        slept: Vec<Duration>,
    }

    impl Machine {
        fn new(load: Vec<(Duration, u32)>) -> Arc<Mutex<Machine>> {
            Arc::new(Mutex::new(Machine {
                start: Instant::now(),
                wall: Duration::ZERO,
                process: Duration::ZERO,
                threads: Default::default(),
                load,
                slept: Vec::new(),
            }))
        }

        fn load_at(&self, t: Duration) -> u32 {
            self.load
                .iter()
                .find(|(until, _)| t < *until)
                .or(self.load.last())
                .map_or(0, |&(_, l)| l)
        }

        /// Time passes by `d`, the review working on this thread (`true`)
        /// or asleep, millisecond by millisecond.
        fn pass(&mut self, d: Duration, working: bool) {
            let step = Duration::from_millis(1);
            let mut left = d;
            while !left.is_zero() {
                let dt = left.min(step);
                let others = dt * self.load_at(self.wall) / 1000;
                self.wall += dt;
                self.process += others;
                if working {
                    self.process += dt;
                    *self.threads.entry(std::thread::current().id()).or_default() += dt;
                }
                left -= dt;
            }
        }
    }

    struct Hand(Arc<Mutex<Machine>>);

    impl Clocks for Hand {
        fn wall(&mut self) -> Instant {
            let m = self.0.lock().unwrap();
            m.start + m.wall
        }
        fn process(&mut self) -> Duration {
            self.0.lock().unwrap().process
        }
        fn thread(&mut self) -> Duration {
            let m = self.0.lock().unwrap();
            m.threads
                .get(&std::thread::current().id())
                .copied()
                .unwrap_or_default()
        }
        fn sleep(&mut self, d: Duration) {
            let mut m = self.0.lock().unwrap();
            m.slept.push(d);
            m.pass(d, false);
        }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Reviews `positions` positions of `work` each on `machine`.
    fn review(pace: Pace, machine: &Arc<Mutex<Machine>>, positions: usize, work: Duration) {
        let mut between = pace.between_with(Hand(machine.clone()));
        for _ in 0..positions {
            machine.lock().unwrap().pass(work, true);
            between();
        }
    }

    #[test]
    fn on_a_quiet_server_a_review_keeps_its_duty_cycle_only() {
        // The rest of the process uses a tenth of a core of two (5 %),
        // under the 25 % that pauses: 40 ms of work, 120 ms of rest.
        let machine = Machine::new(vec![(Duration::MAX, 100)]);
        review(Pace::on(25, 25, 2), &machine, 10, ms(40));
        let m = machine.lock().unwrap();
        assert_eq!(m.slept, vec![ms(120); 10]);
        assert_eq!(m.wall, ms(1600));
    }

    #[test]
    fn a_review_rests_after_each_position_for_the_work_since_the_last() {
        let machine = Machine::new(vec![(Duration::MAX, 0)]);
        let mut between = Pace::on(25, 25, 2).between_with(Hand(machine.clone()));
        machine.lock().unwrap().pass(ms(100), true);
        between();
        machine.lock().unwrap().pass(ms(10), true);
        between();
        // No work since the last position: no rest.
        between();
        let m = machine.lock().unwrap();
        assert_eq!(m.slept, vec![ms(300), ms(30)]);
        // 110 ms of work in 440 ms: a quarter.
        assert_eq!(m.wall, ms(440));
    }

    #[test]
    fn the_reviews_own_work_never_counts_as_the_server_busy() {
        // At 100 % the review works without rest on an idle process:
        // two cores, one busy with the review alone (50 % of the machine).
        let machine = Machine::new(vec![(Duration::MAX, 0)]);
        review(Pace::on(100, 25, 2), &machine, 20, ms(50));
        let m = machine.lock().unwrap();
        assert!(m.slept.is_empty(), "{:?}", m.slept);
        assert_eq!(m.wall, ms(1000));
    }

    #[test]
    fn a_review_waits_while_the_server_is_busy_and_goes_on_after() {
        // The rest of the process uses 1.5 cores of 2 (75 %) for the
        // first 2 s, then nothing.
        let machine = Machine::new(vec![(ms(2000), 1500), (Duration::MAX, 0)]);
        review(Pace::on(25, 25, 2), &machine, 10, ms(40));
        let m = machine.lock().unwrap();
        let pauses = m.slept.iter().filter(|&&d| d == PAUSE).count();
        // The first window begins after the first position (160 ms) and
        // ends after the third (480 ms): it shows the load. The review
        // then waits in steps of PAUSE (from 480, 730, ... 1,980 ms:
        // seven) until a step finds the server quiet (1,980 to 2,230 ms,
        // 20 ms of load), and keeps its duty cycle once the load is gone:
        // seven more positions of 160 ms.
        assert_eq!(m.slept[..3], [ms(120), ms(120), ms(120)]);
        assert_eq!(pauses, 7, "{:?}", m.slept);
        assert_eq!(m.wall, ms(2230) + ms(160) * 7);
        assert_eq!(m.slept.iter().filter(|&&d| d == ms(120)).count(), 10);
    }

    #[test]
    fn a_review_moving_to_another_thread_still_takes_its_own_work_out() {
        // A match reviews each round on a new thread, whose CPU clock
        // starts again: the review's work there is still its own, never
        // the server's (idle here), so it never waits.
        let machine = Machine::new(vec![(Duration::MAX, 0)]);
        let mut between = Pace::on(100, 25, 2).between_with(Hand(machine.clone()));
        for _round in 0..3 {
            std::thread::scope(|s| {
                s.spawn(|| {
                    for _ in 0..10 {
                        machine.lock().unwrap().pass(ms(50), true);
                        between();
                    }
                });
            });
        }
        let m = machine.lock().unwrap();
        assert!(m.slept.is_empty(), "{:?}", m.slept);
        assert_eq!(m.wall, ms(1500));
    }

    #[test]
    fn a_pause_above_100_never_pauses() {
        // Even two whole cores of load never reach more than 100 %.
        let machine = Machine::new(vec![(Duration::MAX, 2000)]);
        review(Pace::on(25, 100, 2), &machine, 10, ms(40));
        let m = machine.lock().unwrap();
        assert_eq!(m.slept, vec![ms(120); 10]);
    }

    #[test]
    fn the_share_is_of_the_whole_machine() {
        // Half a core busy is 50 % of one core but 12.5 % of four: a
        // pause above 25 % waits on one core and not on four.
        let busy_one = Machine::new(vec![(ms(1000), 500), (Duration::MAX, 0)]);
        review(Pace::on(50, 25, 1), &busy_one, 8, ms(50));
        assert!(busy_one.lock().unwrap().slept.contains(&PAUSE));
        let busy_four = Machine::new(vec![(ms(1000), 500), (Duration::MAX, 0)]);
        review(Pace::on(50, 25, 4), &busy_four, 8, ms(50));
        assert!(!busy_four.lock().unwrap().slept.contains(&PAUSE));
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_real_clocks_count_this_threads_work_in_the_process() {
        // Work until this thread's clock has counted 20 ms (however busy
        // the machine: the wall clock only bounds a broken clock), then
        // the process's clock has counted at least as much.
        let mut real = Real;
        let (p0, t0) = (real.process(), real.thread());
        let began = Instant::now();
        let mut x = 0u64;
        while real.thread() - t0 < ms(20) {
            assert!(began.elapsed() < Duration::from_secs(60), "no thread time");
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
        }
        let (p1, t1) = (real.process(), real.thread());
        assert!(
            p1 - p0 >= t1 - t0,
            "process {:?}, thread {:?}",
            p1 - p0,
            t1 - t0
        );
    }
}
