//! From an import to measured figures: busy hours, shares, starts, heat map, load profiles.

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use super::labels;
use super::series::{MetricSeries, QUARTER_MS};
use super::time::{self, HOUR_MS};
use super::{
    MAX_METRICS_DAYS, MIN_METRICS_HOURS, Metric, MetricLabel, MetricsClock, MetricsImport, problem,
};
use crate::calendar::{MAX_MEASURED_SOURCE, MeasuredLoad};
use crate::check;
use crate::error::{Error, MetricsProblem, Result};
use crate::load::{DayLoad, LoadProfile};
use crate::money::{d, div, mul, round};
use crate::units::{HOURS_PER_MONTH, MAX_GPUS};

/// Hours of a period the month rule takes as one month as it is: 28 days …
const MONTH_MIN_HOURS: usize = 28 * 24;
/// … to 730 hours.
const MONTH_MAX_HOURS: usize = 730;
/// Longest period that is still "about a month" (31 days) before a note says otherwise.
const MONTH_NOTE_MAX_HOURS: usize = 31 * 24;
/// Steps longer than this (5 minutes) are noted: short bursts between samples go unseen.
const COARSE_STEP_SECONDS: u32 = 300;

const BUSY: u8 = 1;
const SAMPLED: u8 = 2;
const WAITING: u8 = 4;

/// What the caller knows about the servers that the metrics do not say.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AnalyseOptions {
    /// GPUs of every model server. `None`: the number of DCGM GPUs attributed to the server,
    /// or 1 (with [`MetricsNote::GpusAssumed`]) if there are none.
    pub gpus_per_server: Option<u32>,
    /// GPUs of single servers, by [`MeasuredServer::id`]; these win over `gpus_per_server`.
    pub server_gpus: Vec<ServerGpus>,
    /// Servers (by [`MeasuredServer::id`]) that run batch work; the others serve interactive requests.
    pub batch_servers: Vec<String>,
    /// Local time = UTC + this many minutes (−840 to 840, in steps of 15), for hours of the day
    /// and days of the week. Not applied to times without a zone ([`MetricsClock::Local`]). A fixed
    /// offset: a month across a daylight-saving change is off by an hour on one side of it.
    pub utc_offset_minutes: i32,
    /// How a period of other than 730 hours becomes a month.
    pub month: MonthRule,
}

/// GPUs of one server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerGpus {
    /// The server's [`MeasuredServer::id`].
    pub server: String,
    /// Its GPUs, 1–1,024.
    pub gpus: u32,
}

/// How measured figures become figures per 730-hour month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MonthRule {
    /// A calendar month (28 days to 730 hours) is one month as it is: its busy hours are the
    /// month's busy hours, and the hours it lacks up to 730 are idle. The model's month has 21
    /// working days in 730 hours, and so does a 30-day month with 21 working days: it keeps its
    /// 336 busy hours (share 336 / 730 = 46 %), where scaling by time would make them
    /// 336 × 730 / 720 = 340.7. Longer or shorter periods scale as [`MonthRule::Proportional`].
    #[default]
    CalendarMonth,
    /// Every figure × 730 / hours covered (the share of hours stays the same).
    Proportional,
}

/// The measured figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Measured {
    /// The period the running-request series cover.
    pub period: MeasuredPeriod,
    /// How the figures per month were scaled.
    pub scaling: MonthScaling,
    /// All servers together.
    pub total: BusyFigures,
    /// Each model server (one per `vllm:num_requests_running` series), in import order.
    pub servers: Vec<MeasuredServer>,
    /// Each DCGM GPU, in import order.
    pub gpus: Vec<MeasuredGpu>,
    /// What was done about oddities in the data, and what to keep in mind.
    pub notes: Vec<MetricsNote>,
    /// The most requests running at once, all servers together: per quarter hour the sum of each
    /// server's largest sample, at its highest (an upper bound: the servers' peaks may fall at
    /// different moments of the quarter hour). What the sizing takes as requests in flight.
    pub peak_in_flight: u64,
    #[serde(skip)]
    profile: LoadProfile,
    #[serde(skip)]
    weekly: LoadProfile,
}

/// The period analysed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MeasuredPeriod {
    /// First sample of running requests, unix ms.
    pub first_ms: i64,
    /// Last sample, unix ms.
    pub last_ms: i64,
    /// First sample in local time, ISO 8601 (with the offset; none for [`MetricsClock::Local`]).
    pub first: String,
    /// Last sample in local time, ISO 8601.
    pub last: String,
    /// Clock hours from the first sample's hour to the last sample's hour: the hours covered.
    pub hours: u32,
    /// `hours / 24`.
    pub days: Decimal,
    /// The step of the running-request series (the one with most samples), seconds.
    pub step_seconds: u32,
    /// How the timestamps were read.
    pub clock: MetricsClock,
    /// The offset applied (0 for [`MetricsClock::Local`]).
    pub utc_offset_minutes: i32,
}

/// How figures per month were scaled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MonthScaling {
    /// The rule applied ([`MonthRule::CalendarMonth`] falls back to proportional outside
    /// 28 days to 730 hours).
    pub rule: MonthRule,
    /// Hours covered.
    pub hours: u32,
    /// Per month = measured × factor.
    pub factor: Decimal,
}

/// Busy hours and what goes with them, for one server or all together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BusyFigures {
    /// GPUs (all servers': their sum).
    pub gpus: u32,
    /// Clock hours with at least one sample showing ≥ 1 running request (all servers: any).
    pub busy_hours: u32,
    /// Busy hours × the server's GPUs (all servers: the sum over servers).
    pub busy_gpu_hours: Decimal,
    /// Busy hours / hours covered.
    pub productive_share: Decimal,
    /// Busy hours scaled to a 730-hour month.
    pub busy_hours_per_month: Decimal,
    /// Busy GPU-hours scaled to a 730-hour month.
    pub busy_gpu_hours_per_month: Decimal,
    /// Busy hours per month / 730: the productive share the cost model uses.
    pub productive_share_per_month: Decimal,
    /// Contiguous runs of busy hours (a start/stop instance's starts).
    pub starts: u32,
    /// Local calendar days with at least one busy hour.
    pub busy_days: u32,
    /// Starts / busy days (2 for the worked example's service plus night batch).
    pub starts_per_busy_day: Decimal,
    /// Starts / days covered.
    pub starts_per_day: Decimal,
    /// Clock hours with at least one sample showing ≥ 1 waiting request.
    pub waiting_hours: u32,
    /// Waiting hours scaled to a 730-hour month.
    pub waiting_hours_per_month: Decimal,
    /// Hours covered in which no running-request sample arrived (counted idle).
    pub gap_hours: u32,
    /// Mean SM activity (0–1) of the attributed DCGM GPUs in busy hours; `null` without DCGM.
    pub sm_active_busy: Option<Decimal>,
    /// Mean SM activity in the other hours.
    pub sm_active_idle: Option<Decimal>,
    /// Hour-of-week heat map: 7 rows (Monday first) of 24 clock hours.
    pub heat_map: Vec<Vec<WeekHour>>,
}

/// One hour of the week.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WeekHour {
    /// Times this hour of the week occurs in the period.
    pub hours: u32,
    /// Of which busy.
    pub busy_hours: u32,
    /// `busy_hours / hours` (0 when it does not occur).
    pub busy_share: Decimal,
    /// Mean SM activity in its busy hours; `null` without DCGM data there.
    pub sm_active: Option<Decimal>,
}

/// A model server: the label set of one `vllm:num_requests_running` series.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MeasuredServer {
    /// Its labels as a selector, `{instance="gpu1:8000",model_name="llama"}`: the key
    /// [`AnalyseOptions`] names it by.
    pub id: String,
    /// Its labels.
    pub labels: Vec<MetricLabel>,
    /// GPUs counted for it.
    pub gpus: u32,
    /// Where that count came from.
    pub gpus_from: GpuCountSource,
    /// DCGM GPUs attributed to it.
    pub dcgm_gpus: u32,
    /// Whether it runs batch work.
    pub batch: bool,
    /// Running-request samples.
    pub samples: u64,
    /// Their step, seconds.
    pub step_seconds: Option<u32>,
    /// Samples missing at that step between its first and last sample.
    pub missing_samples: u64,
    /// Its figures.
    pub figures: BusyFigures,
}

/// Where a server's GPU count came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GpuCountSource {
    /// [`AnalyseOptions::server_gpus`] or [`AnalyseOptions::gpus_per_server`].
    Given,
    /// The DCGM GPUs attributed to it.
    Dcgm,
    /// Neither: 1 assumed.
    Assumed,
}

/// A GPU of the DCGM series.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MeasuredGpu {
    /// Its labels as a selector.
    pub id: String,
    /// Its labels.
    pub labels: Vec<MetricLabel>,
    /// The server it is attributed to (its [`MeasuredServer::id`]), if exactly one matches.
    pub server: Option<String>,
    /// Samples within the period.
    pub samples: u64,
    /// Mean SM activity over the period.
    pub sm_active_mean: Option<Decimal>,
    /// Mean SM activity in its server's busy hours.
    pub sm_active_busy: Option<Decimal>,
}

/// Something the analysis did about the data, or that a reader should know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MetricsNote {
    /// The period is not 28–31 days: the figures per month are scaled by `factor`
    /// (= 730 / hours covered).
    NotAMonth {
        /// Days covered.
        days: Decimal,
        /// The factor applied.
        factor: Decimal,
    },
    /// Hours of the period in which a server sent no running-request sample (scrapes missed,
    /// server down or not yet deployed): counted idle.
    GapsCountedIdle {
        /// The server.
        server: String,
        /// Hours without a sample.
        hours: u32,
    },
    /// Samples with the same timestamp as the one before them: dropped.
    DuplicatesDropped {
        /// How many.
        count: u64,
    },
    /// Samples earlier than the one before them: put in order (the figures do not depend on
    /// the order).
    OutOfOrderSorted {
        /// How many.
        count: u64,
    },
    /// Negative values (impossible for these gauges): read as 0.
    NegativeClamped {
        /// How many.
        count: u64,
    },
    /// NaN or infinite values: dropped, as if the scrape had been missed.
    NonFiniteDropped {
        /// How many.
        count: u64,
    },
    /// A series exported with more than one step (for example two exports joined); hours are
    /// counted the same way.
    MixedSteps {
        /// The series (metric and labels).
        series: String,
        /// Its steps, seconds, most common first.
        steps_seconds: Vec<u32>,
    },
    /// Steps longer than 5 minutes: a request that starts and ends between two samples is not
    /// seen, so busy hours may be too few.
    CoarseStep {
        /// The longest step of a running-request series, seconds.
        seconds: u32,
    },
    /// No GPU count given and no DCGM GPU attributed: the server counts as one GPU.
    GpusAssumed {
        /// The server.
        server: String,
        /// GPUs assumed.
        gpus: u32,
    },
    /// DCGM GPUs that match no single server by `pod`, host name or `instance` host: reported
    /// per GPU, not in the servers' SM activity.
    GpusUnattributed {
        /// How many.
        count: u32,
    },
    /// Waiting-queue series with no running-request series of the same labels: not used.
    WaitingUnmatched {
        /// How many.
        count: u32,
    },
    /// Metrics in the export that are not read.
    MetricsIgnored {
        /// Their names.
        names: Vec<String>,
    },
    /// The times carry no zone (a Grafana export of local times): hours and weekdays are read
    /// as written and no UTC offset is applied.
    LocalTimes,
}

impl Measured {
    /// The measured month as a load profile, for [`crate::evaluate_profile`].
    ///
    /// The rule: the period is cut into days of 24 clock hours from its first hour. Each day's
    /// pattern holds, for every clock hour, the GPUs of the servers busy in that hour (service
    /// servers under `service`; with batch servers busy, `batch` holds service and batch GPUs
    /// together so that a GPU-hour is counted once and batch work that overlaps service does
    /// not share its GPUs). Days with the same pattern become one kind of day, weighted by how
    /// often it occurred × the month factor ([`MonthScaling::factor`]); a last, partial day weighs
    /// its hours / 24. Kinds with load come first, the most frequent first, so
    /// [`crate::LoadSummary::starts_per_day`] reads the typical busy day. The profile's
    /// productive hours and GPU-hours therefore equal
    /// [`BusyFigures::busy_hours_per_month`] and [`BusyFigures::busy_gpu_hours_per_month`] exactly when
    /// the period is whole days, as are its starts (counted within each day, around the clock).
    pub fn load_profile(&self) -> LoadProfile {
        self.profile.clone()
    }

    /// [`Measured::load_profile`] as a calendar's measured load ([`crate::Calendar::measured`]),
    /// described by `source` (cut to [`crate::MAX_MEASURED_SOURCE`] characters).
    pub fn calendar_load(&self, source: &str) -> MeasuredLoad {
        MeasuredLoad {
            source: source.chars().take(MAX_MEASURED_SOURCE).collect(),
            productive_share: self
                .total
                .productive_share_per_month
                .clamp(Decimal::ZERO, Decimal::ONE),
            days: self.profile.days.clone(),
            peak_in_flight: Some(self.peak_in_flight),
        }
    }

    /// The measured month as a typical week: 7 kinds of day (Monday to Sunday), each
    /// 730 / 24 / 7 days per month, holding for every hour of the week the mean GPUs busy there,
    /// rounded to whole GPUs by largest remainder so that the week's busy GPU-hours per month
    /// match [`BusyFigures::busy_gpu_hours_per_month`] to within half a GPU-hour-of-week
    /// (± 2.2 GPU-hours). Averaging over weeks smears: an hour busy on 4 of 5 Mondays becomes
    /// a busy hour every Monday with fewer GPUs, so its productive hours and starts exceed
    /// the measured ones. [`Measured::load_profile`] keeps them; this one shows the weekly
    /// shape.
    pub fn weekly_profile(&self) -> LoadProfile {
        self.weekly.clone()
    }
}

/// Works out the figures of an import.
///
/// Busy hours, per server (the label set of a `vllm:num_requests_running` series, without
/// `__name__`): clock hours (in local time, by [`AnalyseOptions::utc_offset_minutes`]) in which
/// any sample shows at least one running request; hours without a sample count idle. All
/// servers: hours in which any server is busy; busy GPU-hours add up each server's busy
/// hours × its GPUs. Starts are runs of consecutive busy hours. A waiting-queue series belongs
/// to the server with the same labels. A DCGM GPU belongs to the one server with its `pod`
/// label, or else sharing a host name (`Hostname`, `hostname`, `host`, `node`, `nodename`, or
/// the host of `instance`); if none or several match it is reported on its own.
///
/// # Errors
/// [`Error::OutOfRange`] for an option out of range (`metrics.utc_offset_minutes`,
/// `metrics.gpus_per_server`, `metrics.server_gpus.{i}.gpus`) or more than 1,024 GPUs in all
/// (`metrics.gpus`); [`Error::Metrics`] (path `metrics`) without running-request samples,
/// for a period under a day or over 400 days, for a running-request series with a step over
/// an hour (`metrics.series.{i}`), or for an option naming no server
/// (`metrics.batch_servers.{i}`, `metrics.server_gpus.{i}.server`).
pub fn analyse(import: &MetricsImport, options: &AnalyseOptions) -> Result<Measured> {
    check_options(options)?;
    let mut notes = Vec::new();
    let offset_ms = match import.clock {
        MetricsClock::Utc => i64::from(options.utc_offset_minutes) * 60_000,
        MetricsClock::Local => {
            notes.push(MetricsNote::LocalTimes);
            0
        }
    };
    let running: Vec<(usize, &MetricSeries)> = import
        .series
        .iter()
        .enumerate()
        .filter(|(_, s)| s.metric == Metric::Running)
        .collect();
    let sampled: Vec<&MetricSeries> = running
        .iter()
        .map(|(_, s)| *s)
        .filter(|s| s.samples > 0)
        .collect();
    if sampled.is_empty() {
        return Err(no_running(import, !running.is_empty()));
    }
    let first = sampled.iter().map(|s| s.first_ms).min().unwrap_or(0);
    let last = sampled.iter().map(|s| s.last_ms).max().unwrap_or(0);
    let h0 = (first + offset_ms).div_euclid(HOUR_MS);
    let h1 = (last + offset_ms).div_euclid(HOUR_MS);
    let span = h1 - h0 + 1;
    if span < i64::from(MIN_METRICS_HOURS) {
        return Err(problem(
            "metrics",
            MetricsProblem::TooShort {
                hours: span,
                min: MIN_METRICS_HOURS,
            },
        ));
    }
    if span > i64::from(MAX_METRICS_DAYS) * 24 {
        return Err(problem(
            "metrics",
            MetricsProblem::TooLongPeriod {
                days: span / 24,
                max: MAX_METRICS_DAYS,
            },
        ));
    }
    let n = usize::try_from(span).unwrap_or(0);
    let hours = u32::try_from(span).unwrap_or(0);
    for (i, s) in &running {
        if let Some(step) = s.step_seconds.filter(|s| *s > 3600) {
            return Err(problem(
                format!("metrics.series.{i}"),
                MetricsProblem::StepTooLong { seconds: step },
            ));
        }
    }
    let step = sampled
        .iter()
        .max_by_key(|s| s.samples)
        .and_then(|s| s.step_seconds)
        .unwrap_or(0);
    if let Some(coarse) = running
        .iter()
        .filter_map(|(_, s)| s.step_seconds)
        .filter(|s| *s > COARSE_STEP_SECONDS)
        .max()
    {
        notes.push(MetricsNote::CoarseStep { seconds: coarse });
    }
    let hour_of = |q: u32| -> Option<usize> {
        let h = (i64::from(q) * QUARTER_MS + offset_ms).div_euclid(HOUR_MS) - h0;
        usize::try_from(h).ok().filter(|h| *h < n)
    };

    // Servers: busy, sampled and waiting hours.
    let mut servers: Vec<Work<'_>> = running
        .iter()
        .map(|(_, s)| {
            let mut flags = vec![0u8; n];
            for b in &s.buckets {
                if let Some(f) = hour_of(b.q).and_then(|h| flags.get_mut(h)) {
                    *f |= SAMPLED;
                    if b.max >= 1.0 {
                        *f |= BUSY;
                    }
                }
            }
            Work::new(s, flags)
        })
        .collect();
    let mut waiting_unmatched = 0u32;
    for w in import.series.iter().filter(|s| s.metric == Metric::Waiting) {
        match servers.iter_mut().find(|s| s.series.labels == w.labels) {
            Some(server) => {
                for b in w.buckets.iter().filter(|b| b.max >= 1.0) {
                    if let Some(f) = hour_of(b.q).and_then(|h| server.flags.get_mut(h)) {
                        *f |= WAITING;
                    }
                }
            }
            None => waiting_unmatched += 1,
        }
    }

    // DCGM GPUs: attribution, SM activity.
    let dcgm: Vec<&MetricSeries> = import
        .series
        .iter()
        .filter(|s| s.metric == Metric::SmActive)
        .collect();
    let owners: Vec<Option<usize>> = dcgm.iter().map(|g| attribute(g, &servers)).collect();
    for owner in owners.iter().flatten() {
        if let Some(s) = servers.get_mut(*owner) {
            s.dcgm += 1;
        }
    }
    resolve_gpus(&mut servers, options, &mut notes)?;
    let total_gpus: u32 = servers.iter().map(|s| s.gpus).fold(0, u32::saturating_add);
    check::range_u32("metrics.gpus", total_gpus, 0, MAX_GPUS)?;
    let mut gpus = Vec::with_capacity(dcgm.len());
    for (g, owner) in dcgm.iter().zip(&owners) {
        let mut all = Mean::default();
        let mut busy = Mean::default();
        for b in &g.buckets {
            let Some(h) = hour_of(b.q) else {
                continue;
            };
            all.add(b);
            let Some(server) = owner.and_then(|o| servers.get_mut(o)) else {
                continue;
            };
            let cell = cell_of(h0 + h as i64);
            if server.flags.get(h).is_some_and(|f| f & BUSY != 0) {
                busy.add(b);
                server.sm_busy.add(b);
                if let Some(m) = server.heat_sm.get_mut(cell) {
                    m.add(b);
                }
            } else {
                server.sm_idle.add(b);
            }
        }
        gpus.push(MeasuredGpu {
            id: g.id(),
            labels: g.labels.clone(),
            server: owner.and_then(|o| servers.get(o)).map(|s| s.series.id()),
            samples: all.count,
            sm_active_mean: all.mean(),
            sm_active_busy: busy.mean(),
        });
    }

    // Scaling to a 730-hour month.
    let hours_d = d(hours);
    let (rule, factor) = match options.month {
        MonthRule::CalendarMonth if (MONTH_MIN_HOURS..=MONTH_MAX_HOURS).contains(&n) => {
            (MonthRule::CalendarMonth, Decimal::ONE)
        }
        _ => (
            MonthRule::Proportional,
            div(HOURS_PER_MONTH, hours_d, "metrics.scaling")?,
        ),
    };
    let scaling = MonthScaling {
        rule,
        hours,
        factor: round(factor),
    };

    // Figures.
    let mut union = vec![0u8; n];
    let mut union_sm = Sm::default();
    let mut busy_gpu_hours_total = 0u64;
    let mut reports = Vec::with_capacity(servers.len());
    for s in &servers {
        for (u, f) in union.iter_mut().zip(&s.flags) {
            *u |= f;
        }
        union_sm.merge(s);
        let counts = Counts::of(&s.flags, h0);
        let busy_gpu_hours = u64::from(counts.busy) * u64::from(s.gpus);
        busy_gpu_hours_total += busy_gpu_hours;
        let sm = Sm {
            busy: s.sm_busy,
            idle: s.sm_idle,
            heat: s.heat_sm.clone(),
        };
        let figures = figures(&counts, s.gpus, busy_gpu_hours, &sm, factor, hours)?;
        if figures.gap_hours > 0 {
            notes.push(MetricsNote::GapsCountedIdle {
                server: s.series.id(),
                hours: figures.gap_hours,
            });
        }
        reports.push(MeasuredServer {
            id: s.series.id(),
            labels: s.series.labels.clone(),
            gpus: s.gpus,
            gpus_from: s.source,
            dcgm_gpus: s.dcgm,
            batch: s.batch,
            samples: s.series.samples,
            step_seconds: s.series.step_seconds,
            missing_samples: s.series.missing,
            figures,
        });
    }
    let counts = Counts::of(&union, h0);
    let total = figures(
        &counts,
        total_gpus,
        busy_gpu_hours_total,
        &union_sm,
        factor,
        hours,
    )?;

    // Load profiles.
    let mut hourly = vec![(0u32, 0u32); n];
    for s in &servers {
        for (slot, f) in hourly.iter_mut().zip(&s.flags) {
            if f & BUSY != 0 {
                if s.batch {
                    slot.1 += s.gpus;
                } else {
                    slot.0 += s.gpus;
                }
            }
        }
    }
    let profile = day_profile(&hourly, h0, factor)?;
    let weekly = weekly_profile(&hourly, h0, factor, total_gpus)?;
    profile.validate()?;
    weekly.validate()?;

    notes.extend(data_notes(import, waiting_unmatched, &owners));
    let period = MeasuredPeriod {
        first_ms: first,
        last_ms: last,
        first: time::format(first, zone(import.clock, options)),
        last: time::format(last, zone(import.clock, options)),
        hours,
        days: round(div(hours_d, dec!(24), "metrics.days")?),
        step_seconds: step,
        clock: import.clock,
        utc_offset_minutes: if import.clock == MetricsClock::Utc {
            options.utc_offset_minutes
        } else {
            0
        },
    };
    if !(MONTH_MIN_HOURS..=MONTH_NOTE_MAX_HOURS).contains(&n) {
        notes.insert(
            0,
            MetricsNote::NotAMonth {
                days: period.days,
                factor: scaling.factor,
            },
        );
    }
    let peak_in_flight = peak_in_flight(&sampled);
    Ok(Measured {
        period,
        scaling,
        total,
        servers: reports,
        gpus,
        notes,
        peak_in_flight,
        profile,
        weekly,
    })
}

/// Requests running at once, all series together, at the busiest quarter hour (each series'
/// largest sample there, summed; rounded up).
fn peak_in_flight(running: &[&MetricSeries]) -> u64 {
    let mut by_quarter: std::collections::BTreeMap<u32, f64> = std::collections::BTreeMap::new();
    for s in running {
        for b in &s.buckets {
            if b.count > 0 && b.max.is_finite() && b.max > 0.0 {
                *by_quarter.entry(b.q).or_insert(0.0) += f64::from(b.max);
            }
        }
    }
    let peak = by_quarter.values().copied().fold(0.0, f64::max).ceil();
    // A count of requests: finite, at least 0, far below u64's range.
    if peak.is_finite() && peak > 0.0 {
        peak.min(1e15) as u64
    } else {
        0
    }
}

fn zone(clock: MetricsClock, options: &AnalyseOptions) -> Option<i32> {
    match clock {
        MetricsClock::Utc => Some(options.utc_offset_minutes),
        MetricsClock::Local => None,
    }
}

fn check_options(options: &AnalyseOptions) -> Result<()> {
    let offset = options.utc_offset_minutes;
    if !(-840..=840).contains(&offset) || offset % 15 != 0 {
        return Err(Error::OutOfRange {
            path: "metrics.utc_offset_minutes".into(),
            value: offset.into(),
            min: dec!(-840),
            max: dec!(840),
        });
    }
    if let Some(g) = options.gpus_per_server {
        check::range_u32("metrics.gpus_per_server", g, 1, MAX_GPUS)?;
    }
    for (i, sg) in options.server_gpus.iter().enumerate() {
        check::range_u32(
            check::Lazy(|| format!("metrics.server_gpus.{i}.gpus")),
            sg.gpus,
            1,
            MAX_GPUS,
        )?;
    }
    Ok(())
}

fn no_running(import: &MetricsImport, empty: bool) -> Error {
    if empty {
        return problem("metrics", MetricsProblem::NoUsableSample);
    }
    let mut found: Vec<String> = import
        .series
        .iter()
        .map(|s| s.metric.name().to_owned())
        .chain(import.ignored.iter().map(|i| i.name.clone()))
        .collect();
    found.sort();
    found.dedup();
    problem("metrics", MetricsProblem::NoRunningSeries { found })
}

/// A server while it is being worked out.
#[derive(Debug)]
struct Work<'a> {
    series: &'a MetricSeries,
    flags: Vec<u8>,
    gpus: u32,
    source: GpuCountSource,
    batch: bool,
    dcgm: u32,
    sm_busy: Mean,
    sm_idle: Mean,
    heat_sm: Vec<Mean>,
}

impl<'a> Work<'a> {
    fn new(series: &'a MetricSeries, flags: Vec<u8>) -> Work<'a> {
        Work {
            series,
            flags,
            gpus: 1,
            source: GpuCountSource::Assumed,
            batch: false,
            dcgm: 0,
            sm_busy: Mean::default(),
            sm_idle: Mean::default(),
            heat_sm: vec![Mean::default(); 168],
        }
    }
}

/// A running mean of SM activity.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Mean {
    sum: f64,
    count: u64,
}

impl Mean {
    fn add(&mut self, b: &super::series::Bucket) {
        self.sum += f64::from(b.sum);
        self.count += u64::from(b.count);
    }

    fn merge(&mut self, other: Mean) {
        self.sum += other.sum;
        self.count += other.count;
    }

    fn mean(&self) -> Option<Decimal> {
        if self.count == 0 {
            return None;
        }
        Decimal::from_f64_retain(self.sum / self.count as f64).map(round)
    }
}

/// SM activity of a server or of all.
#[derive(Debug, Clone, Default)]
struct Sm {
    busy: Mean,
    idle: Mean,
    heat: Vec<Mean>,
}

impl Sm {
    fn merge(&mut self, s: &Work<'_>) {
        self.busy.merge(s.sm_busy);
        self.idle.merge(s.sm_idle);
        if self.heat.is_empty() {
            self.heat = vec![Mean::default(); 168];
        }
        for (a, b) in self.heat.iter_mut().zip(&s.heat_sm) {
            a.merge(*b);
        }
    }
}

/// The one server a DCGM GPU belongs to: by `pod`, else by host; `None` if none or several.
fn attribute(gpu: &MetricSeries, servers: &[Work<'_>]) -> Option<usize> {
    let one = |matches: Vec<usize>| match matches.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    if let Some(pod) = labels::get(&gpu.labels, "pod") {
        let by_pod: Vec<usize> = servers
            .iter()
            .enumerate()
            .filter(|(_, s)| labels::get(&s.series.labels, "pod") == Some(pod))
            .map(|(i, _)| i)
            .collect();
        if !by_pod.is_empty() {
            return one(by_pod);
        }
    }
    let hosts = labels::hosts(&gpu.labels);
    if hosts.is_empty() {
        return None;
    }
    one(servers
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            labels::hosts(&s.series.labels)
                .iter()
                .any(|h| hosts.contains(h))
        })
        .map(|(i, _)| i)
        .collect())
}

fn resolve_gpus(
    servers: &mut [Work<'_>],
    options: &AnalyseOptions,
    notes: &mut Vec<MetricsNote>,
) -> Result<()> {
    let ids: Vec<String> = servers.iter().map(|s| s.series.id()).collect();
    for (i, sg) in options.server_gpus.iter().enumerate() {
        if !ids.contains(&sg.server) {
            return Err(problem(
                format!("metrics.server_gpus.{i}.server"),
                MetricsProblem::NoSuchServer {
                    server: sg.server.clone(),
                },
            ));
        }
    }
    for (i, b) in options.batch_servers.iter().enumerate() {
        if !ids.contains(b) {
            return Err(problem(
                format!("metrics.batch_servers.{i}"),
                MetricsProblem::NoSuchServer { server: b.clone() },
            ));
        }
    }
    for (s, id) in servers.iter_mut().zip(&ids) {
        s.batch = options.batch_servers.contains(id);
        let given = options
            .server_gpus
            .iter()
            .find(|sg| &sg.server == id)
            .map(|sg| sg.gpus)
            .or(options.gpus_per_server);
        (s.gpus, s.source) = match given {
            Some(g) => (g, GpuCountSource::Given),
            None if s.dcgm > 0 => (s.dcgm, GpuCountSource::Dcgm),
            None => {
                notes.push(MetricsNote::GpusAssumed {
                    server: id.clone(),
                    gpus: 1,
                });
                (1, GpuCountSource::Assumed)
            }
        };
    }
    Ok(())
}

/// The heat-map cell of a local hour: weekday (Monday = 0) × 24 + clock hour.
fn cell_of(hour: i64) -> usize {
    time::weekday(hour.div_euclid(24)) * 24 + hour.rem_euclid(24) as usize
}

/// Counts over the hours of the period.
#[derive(Debug)]
struct Counts {
    busy: u32,
    gaps: u32,
    waiting: u32,
    starts: u32,
    busy_days: u32,
    /// Per heat-map cell: (hours, busy hours).
    cells: Vec<(u32, u32)>,
}

impl Counts {
    fn of(flags: &[u8], h0: i64) -> Counts {
        let mut c = Counts {
            busy: 0,
            gaps: 0,
            waiting: 0,
            starts: 0,
            busy_days: 0,
            cells: vec![(0, 0); 168],
        };
        let mut was_busy = false;
        let mut last_busy_day = None;
        for (k, f) in flags.iter().enumerate() {
            let hour = h0 + k as i64;
            let busy = f & BUSY != 0;
            let cell = c.cells.get_mut(cell_of(hour));
            if let Some(cell) = cell {
                cell.0 += 1;
                cell.1 += u32::from(busy);
            }
            if busy {
                c.busy += 1;
                if !was_busy {
                    c.starts += 1;
                }
                let day = hour.div_euclid(24);
                if last_busy_day != Some(day) {
                    c.busy_days += 1;
                    last_busy_day = Some(day);
                }
            }
            if f & SAMPLED == 0 {
                c.gaps += 1;
            }
            if f & WAITING != 0 {
                c.waiting += 1;
            }
            was_busy = busy;
        }
        c
    }
}

fn ratio(a: Decimal, b: Decimal) -> Result<Decimal> {
    if b.is_zero() {
        return Ok(Decimal::ZERO);
    }
    Ok(round(div(a, b, "metrics")?))
}

fn figures(
    c: &Counts,
    gpus: u32,
    busy_gpu_hours: u64,
    sm: &Sm,
    factor: Decimal,
    hours: u32,
) -> Result<BusyFigures> {
    let per_month = |x: Decimal| mul(x, factor, "metrics.per_month").map(round);
    let busy_per_month = per_month(d(c.busy))?;
    let heat_map = (0..7)
        .map(|day| {
            (0..24)
                .map(|h| {
                    let (occ, busy) = c.cells.get(day * 24 + h).copied().unwrap_or((0, 0));
                    Ok(WeekHour {
                        hours: occ,
                        busy_hours: busy,
                        busy_share: ratio(d(busy), d(occ))?,
                        sm_active: sm.heat.get(day * 24 + h).and_then(Mean::mean),
                    })
                })
                .collect::<Result<Vec<_>>>()
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(BusyFigures {
        gpus,
        busy_hours: c.busy,
        busy_gpu_hours: Decimal::from(busy_gpu_hours),
        productive_share: ratio(d(c.busy), d(hours))?,
        busy_hours_per_month: busy_per_month,
        busy_gpu_hours_per_month: per_month(Decimal::from(busy_gpu_hours))?,
        productive_share_per_month: ratio(busy_per_month, HOURS_PER_MONTH)?.min(Decimal::ONE),
        starts: c.starts,
        busy_days: c.busy_days,
        starts_per_busy_day: ratio(d(c.starts), d(c.busy_days))?,
        starts_per_day: ratio(mul(d(c.starts), dec!(24), "metrics.starts")?, d(hours))?,
        waiting_hours: c.waiting,
        waiting_hours_per_month: per_month(d(c.waiting))?,
        gap_hours: c.gaps,
        sm_active_busy: sm.busy.mean(),
        sm_active_idle: sm.idle.mean(),
        heat_map,
    })
}

/// The day-by-day profile (see [`Measured::load_profile`]).
fn day_profile(hourly: &[(u32, u32)], h0: i64, factor: Decimal) -> Result<LoadProfile> {
    let mut kinds: Vec<([u32; 24], [u32; 24], u32)> = Vec::new();
    for (w, day) in hourly.chunks(24).enumerate() {
        let (mut service, mut batch) = ([0u32; 24], [0u32; 24]);
        for (k, (s, b)) in day.iter().enumerate() {
            let clock = (h0 + (w * 24 + k) as i64).rem_euclid(24) as usize;
            if let Some(slot) = service.get_mut(clock) {
                *slot = *s;
            }
            if let Some(slot) = batch.get_mut(clock) {
                *slot = if *b > 0 { s + b } else { 0 };
            }
        }
        let hours = day.len() as u32;
        match kinds
            .iter_mut()
            .find(|(s, b, _)| *s == service && *b == batch)
        {
            Some(kind) => kind.2 += hours,
            None => kinds.push((service, batch, hours)),
        }
    }
    // Busy kinds first, the most frequent first; idle kinds last.
    kinds.sort_by_key(|(s, b, hours)| {
        let idle = s.iter().chain(b).all(|g| *g == 0);
        (idle, std::cmp::Reverse(*hours))
    });
    let days = kinds
        .into_iter()
        .map(|(service, batch, hours)| {
            let days = div(
                mul(factor, d(hours), "metrics.profile")?,
                dec!(24),
                "metrics.profile",
            )?;
            Ok(DayLoad {
                days,
                service,
                batch,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(LoadProfile { days })
}

/// The typical-week profile (see [`Measured::weekly_profile`]).
fn weekly_profile(
    hourly: &[(u32, u32)],
    h0: i64,
    factor: Decimal,
    total_gpus: u32,
) -> Result<LoadProfile> {
    // Per hour of the week: occurrences, service GPU-hours, batch GPU-hours.
    let mut cells = vec![(0u32, 0u64, 0u64); 168];
    let mut gpu_hours = 0u64;
    for (k, (s, b)) in hourly.iter().enumerate() {
        if let Some(c) = cells.get_mut(cell_of(h0 + k as i64)) {
            c.0 += 1;
            c.1 += u64::from(*s);
            c.2 += u64::from(*b);
        }
        gpu_hours += u64::from(*s) + u64::from(*b);
    }
    let factor_f = factor.to_f64().unwrap_or(1.0);
    // GPU-hours-of-week to place: each is worth 730 / 168 GPU-hours a month.
    let units = gpu_hours as f64 * factor_f * 168.0 / 730.0;
    let means: Vec<f64> = cells
        .iter()
        .map(|(occ, s, b)| {
            if *occ == 0 {
                0.0
            } else {
                (s + b) as f64 / f64::from(*occ)
            }
        })
        .collect();
    let sum: f64 = means.iter().sum();
    let scale = if sum > 0.0 { units / sum } else { 0.0 };
    let cap = f64::from(total_gpus);
    let wanted: Vec<f64> = means.iter().map(|m| (m * scale).min(cap)).collect();
    let mut gpus: Vec<u32> = wanted.iter().map(|w| w.floor() as u32).collect();
    let placed: u32 = gpus.iter().sum();
    let mut rest = (units.round() as i64 - i64::from(placed)).max(0);
    let mut order: Vec<usize> = (0..168).collect();
    order.sort_by(|a, b| {
        let fa = wanted.get(*a).map_or(0.0, |w| w - w.floor());
        let fb = wanted.get(*b).map_or(0.0, |w| w - w.floor());
        fb.total_cmp(&fa).then(a.cmp(b))
    });
    for c in order {
        if rest == 0 {
            break;
        }
        let frac = wanted.get(c).map_or(0.0, |w| w - w.floor());
        if let Some(g) = gpus.get_mut(c).filter(|g| frac > 0.0 && **g < total_gpus) {
            *g += 1;
            rest -= 1;
        }
    }
    let days = div(
        div(HOURS_PER_MONTH, dec!(24), "metrics.weekly")?,
        dec!(7),
        "metrics.weekly",
    )?;
    let week = (0..7)
        .map(|day| {
            let (mut service, mut batch) = ([0u32; 24], [0u32; 24]);
            for h in 0..24 {
                let c = day * 24 + h;
                let g = gpus.get(c).copied().unwrap_or(0);
                let (_, s, b) = cells.get(c).copied().unwrap_or((0, 0, 0));
                let batch_part = if s + b > 0 {
                    (f64::from(g) * b as f64 / (s + b) as f64).round() as u32
                } else {
                    0
                };
                if let Some(slot) = service.get_mut(h) {
                    *slot = g - batch_part.min(g);
                }
                if let Some(slot) = batch.get_mut(h) {
                    *slot = if batch_part > 0 { g } else { 0 };
                }
            }
            DayLoad {
                days,
                service,
                batch,
            }
        })
        .collect();
    Ok(LoadProfile { days: week })
}

fn data_notes(
    import: &MetricsImport,
    waiting_unmatched: u32,
    owners: &[Option<usize>],
) -> Vec<MetricsNote> {
    let mut notes = Vec::new();
    let sum = |f: fn(&MetricSeries) -> u64| import.series.iter().map(f).sum::<u64>();
    let duplicates = sum(|s| s.duplicates);
    let out_of_order = sum(|s| s.out_of_order);
    let negatives = sum(|s| s.negatives);
    let non_finite = sum(|s| s.non_finite);
    if duplicates > 0 {
        notes.push(MetricsNote::DuplicatesDropped { count: duplicates });
    }
    if out_of_order > 0 {
        notes.push(MetricsNote::OutOfOrderSorted {
            count: out_of_order,
        });
    }
    if negatives > 0 {
        notes.push(MetricsNote::NegativeClamped { count: negatives });
    }
    if non_finite > 0 {
        notes.push(MetricsNote::NonFiniteDropped { count: non_finite });
    }
    for s in &import.series {
        if let (Some(step), false) = (s.step_seconds, s.other_steps_seconds.is_empty()) {
            let mut steps = vec![step];
            steps.extend(&s.other_steps_seconds);
            notes.push(MetricsNote::MixedSteps {
                series: format!("{}{}", s.metric.name(), s.id()),
                steps_seconds: steps,
            });
        }
    }
    let unattributed = owners.iter().filter(|o| o.is_none()).count() as u32;
    if unattributed > 0 {
        notes.push(MetricsNote::GpusUnattributed {
            count: unattributed,
        });
    }
    if waiting_unmatched > 0 {
        notes.push(MetricsNote::WaitingUnmatched {
            count: waiting_unmatched,
        });
    }
    if !import.ignored.is_empty() {
        notes.push(MetricsNote::MetricsIgnored {
            names: import.ignored.iter().map(|i| i.name.clone()).collect(),
        });
    }
    notes
}
