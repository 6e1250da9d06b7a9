//! Load profiles: how many GPUs are busy in each clock hour, on each kind of day.
//!
//! One load profile (the calendar's, or a measured month) serves every option, counted in the
//! load's GPUs. An option on another GPU model may need another number of GPUs for the same
//! work ([`crate::sizing`] says how many: 8 H200 but 16 L40S); its [`LoadGpus`] says so, and
//! [`LoadProfile::for_gpus`] turns the load into that option's GPUs: in every hour
//! `ceil(c × gpus / per)` where the load asks for `c` (service and batch each on its own).
//!
//! ```
//! use gpu_tco_core::{LoadGpus, Scenario};
//!
//! let profile = Scenario::default().calendar.profile().unwrap();
//! let l40s = profile.for_gpus(&LoadGpus { gpus: 16, per: 8 }).unwrap();
//! assert_eq!((profile.peak_gpus(), l40s.peak_gpus()), (8, 16));
//! // The same hours are busy, each with twice the GPUs.
//! assert_eq!(l40s.productive_hours().unwrap(), profile.productive_hours().unwrap());
//! assert_eq!(
//!     l40s.productive_gpu_hours().unwrap(),
//!     profile.productive_gpu_hours().unwrap() * rust_decimal::Decimal::TWO
//! );
//! ```

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::check;
use crate::error::{Error, Result};
use crate::money::{add, d, div, mul, round, sub};
use crate::units::{HOURS_PER_MONTH, MAX_GPUS};

/// One kind of day (working day, other day, …) and how often it occurs per month.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayLoad {
    /// Days of this kind per month.
    pub days: Decimal,
    /// GPUs serving interactive requests in each clock hour.
    pub service: [u32; 24],
    /// GPUs running batch work in each clock hour.
    pub batch: [u32; 24],
}

impl DayLoad {
    /// GPUs busy in clock hour `h`: a GPU-hour counts once, so the larger of service and batch.
    pub fn busy(&self, h: usize) -> u32 {
        let s = self.service.get(h).copied().unwrap_or(0);
        let b = self.batch.get(h).copied().unwrap_or(0);
        s.max(b)
    }
}

/// How many GPUs of an option's GPU model do the work the load counts on `per` GPUs (JSON
/// `"load_gpus": {"gpus": 16, "per": 8}`: this option needs 16 GPUs where the load counts 8).
/// Both are 1–[`MAX_GPUS`]; `gpus == per` is the same as none at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadGpus {
    /// GPUs of this option's model, 1–[`MAX_GPUS`].
    pub gpus: u32,
    /// For this many GPUs of the load, 1–[`MAX_GPUS`].
    pub per: u32,
}

impl LoadGpus {
    /// Checks both counts; `path` is the field's own path (`rent.2.load_gpus`,
    /// `own.load_gpus`).
    ///
    /// # Errors
    /// [`Error::OutOfRange`] at `{path}.gpus` or `{path}.per` outside 1–[`MAX_GPUS`].
    pub fn validate(&self, path: &str) -> Result<()> {
        check::range_u32((path, "gpus"), self.gpus, 1, MAX_GPUS)?;
        check::range_u32((path, "per"), self.per, 1, MAX_GPUS)
    }

    /// Whether the option needs exactly the load's GPUs (`gpus == per`).
    pub fn is_identity(&self) -> bool {
        self.gpus == self.per
    }

    /// The option's GPUs for `count` GPUs of the load: `ceil(count × gpus / per)`; `None` for
    /// `per = 0` (an unvalidated value) or a count beyond `u32`.
    pub fn of(&self, count: u32) -> Option<u32> {
        let scaled = u64::from(count)
            .checked_mul(u64::from(self.gpus))?
            .checked_add(u64::from(self.per).checked_sub(1)?)?
            / u64::from(self.per);
        u32::try_from(scaled).ok()
    }

    /// Checks that a load asking for at most `most` GPUs in an hour needs at most
    /// [`MAX_GPUS`] of this option's GPUs; `path` as for [`LoadGpus::validate`].
    ///
    /// # Errors
    /// [`Error::OutOfRange`] at `{path}.gpus` with the largest `gpus` the load allows
    /// (`floor(MAX_GPUS × per / most)`) as its maximum.
    pub(crate) fn fits(&self, most: u32, path: &str) -> Result<()> {
        if self.of(most).is_some_and(|g| g <= MAX_GPUS) {
            return Ok(());
        }
        let allowed = (u64::from(MAX_GPUS) * u64::from(self.per))
            .checked_div(u64::from(most))
            .unwrap_or(u64::from(MAX_GPUS))
            .min(u64::from(MAX_GPUS));
        Err(Error::OutOfRange {
            path: format!("{path}.gpus"),
            value: d(self.gpus),
            min: Decimal::ONE,
            max: Decimal::from(allowed),
        })
    }
}

/// A month of load as a set of day kinds. Every pricing model is evaluated on this.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoadProfile {
    /// The kinds of day; their `days` add up to at most 30.4167.
    pub days: Vec<DayLoad>,
}

/// How a whole number of units (GPUs or instances) is used over a month, level by level.
///
/// Level `j` (0-based) is the `j+1`-th unit: it is busy in `level_hours[j]` hours per month and is
/// started `level_starts[j]` times per month.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Usage {
    /// Hours per month in which at least `j+1` units are busy.
    pub level_hours: Vec<Decimal>,
    /// Starts per month of the `j+1`-th unit.
    pub level_starts: Vec<Decimal>,
}

impl Usage {
    /// Unit-hours per month (the sum over levels).
    pub fn unit_hours(&self) -> Result<Decimal> {
        crate::money::sum(&self.level_hours, "load.unit_hours")
    }

    /// Unit starts per month.
    pub fn starts(&self) -> Result<Decimal> {
        crate::money::sum(&self.level_starts, "load.starts")
    }

    /// Most units busy at once.
    pub fn peak(&self) -> u32 {
        self.level_hours.len() as u32
    }
}

/// Headline figures of a load profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoadSummary {
    /// Hours per month in which at least one GPU is busy.
    pub productive_hours: Decimal,
    /// `productive_hours / 730`, 0–1.
    pub productive_share: Decimal,
    /// The most productive share this load's pattern reaches, with every day of the month a busy
    /// day (the break-even shares scale the busy days: a share above this one is out of the
    /// pattern's reach); 0 without load.
    #[serde(default)]
    pub max_productive_share: Decimal,
    /// GPU-hours per month in which a GPU serves a request or runs a batch job.
    pub productive_gpu_hours: Decimal,
    /// Most GPUs busy at once.
    pub peak_gpus: u32,
    /// Contiguous busy blocks per working day (the starts a start/stop instance makes); with no
    /// working days, per day of the first kind that occurs.
    pub starts_per_day: u32,
    /// Busy blocks per month, over all kinds of day.
    pub starts_per_month: Decimal,
    /// Load-duration curve: for each GPU count that occurs, its hours per month (0 GPUs = idle).
    pub hours_by_gpus: Vec<GpuHours>,
}

impl LoadSummary {
    /// Whether a break-even `share` lies beyond what this load's pattern reaches
    /// ([`LoadSummary::max_productive_share`]: every day of the month busy): 94.1 % for the
    /// worked example's pattern over 12 months, whose most is 66.7 %.
    pub fn beyond_reach(&self, share: Decimal) -> bool {
        share > self.max_productive_share
    }
}

/// One point of the load-duration curve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GpuHours {
    /// GPUs busy.
    pub gpus: u32,
    /// Hours per month with exactly that many GPUs busy.
    pub hours: Decimal,
}

impl LoadProfile {
    /// Checks a profile that did not come from a [`crate::Calendar`] (one measured elsewhere):
    /// every kind of day occurs 0–30.4167 times a month and all of them together at most
    /// 30.4167 times, and no hour asks for more than 1,024 GPUs. Paths read
    /// `profile.days.{i}.days`, `profile.days.{i}.service.{h}`, `profile.days.{i}.batch.{h}`.
    ///
    /// # Errors
    /// The first value out of range, by its path.
    pub fn validate(&self) -> Result<()> {
        validate_days(&self.days, "profile")
    }

    /// The same pattern on `factor` times as many days (the family used for break-even shares).
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn scaled(&self, factor: Decimal) -> Result<LoadProfile> {
        let days = self
            .days
            .iter()
            .map(|dl| {
                Ok(DayLoad {
                    days: mul(dl.days, factor, "load.days")?,
                    ..dl.clone()
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(LoadProfile { days })
    }

    /// The same days in the GPUs of an option whose model needs `load_gpus.gpus` GPUs where
    /// the load counts `load_gpus.per`: every service and batch count `c` of every kind of day
    /// becomes `ceil(c × gpus / per)`, so an hour the load keeps busy stays busy (the productive
    /// hours do not change) and an idle hour stays idle. `gpus == per` gives the profile as it
    /// is. Scaling the GPUs and scaling the days ([`LoadProfile::scaled`]) commute.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] at `load_gpus.gpus` or `load_gpus.per` outside 1–[`MAX_GPUS`], or
    /// at `load_gpus.gpus` when an hour would ask for more than [`MAX_GPUS`] of the option's
    /// GPUs (the maximum then is the largest `gpus` this load allows).
    ///
    /// # Panics
    /// Never.
    pub fn for_gpus(&self, load_gpus: &LoadGpus) -> Result<LoadProfile> {
        self.for_gpus_at(load_gpus, "load_gpus")
    }

    /// [`LoadProfile::for_gpus`] with errors under `path` (`rent.2.load_gpus`).
    pub(crate) fn for_gpus_at(&self, load_gpus: &LoadGpus, path: &str) -> Result<LoadProfile> {
        load_gpus.validate(path)?;
        load_gpus.fits(self.most_gpus(), path)?;
        if load_gpus.is_identity() {
            return Ok(self.clone());
        }
        // Every count fits (checked above), so `of` answers for each; 0 stays 0.
        let scale = |counts: &[u32; 24]| counts.map(|c| load_gpus.of(c).unwrap_or(MAX_GPUS));
        let days = self
            .days
            .iter()
            .map(|dl| DayLoad {
                days: dl.days,
                service: scale(&dl.service),
                batch: scale(&dl.batch),
            })
            .collect();
        Ok(LoadProfile { days })
    }

    /// The largest service or batch count of any hour of any kind of day (also of kinds that
    /// never occur: [`LoadProfile::validate`] checks those too).
    pub(crate) fn most_gpus(&self) -> u32 {
        self.days
            .iter()
            .flat_map(|dl| dl.service.iter().chain(dl.batch.iter()))
            .copied()
            .max()
            .unwrap_or(0)
    }

    /// Most GPUs busy at once.
    pub fn peak_gpus(&self) -> u32 {
        self.days
            .iter()
            .filter(|dl| dl.days > Decimal::ZERO)
            .flat_map(|dl| (0..24).map(move |h| dl.busy(h)))
            .max()
            .unwrap_or(0)
    }

    /// Level-by-level use of units, where `units(day, hour)` tells how many are busy.
    ///
    /// Starts are counted around the clock within each kind of day: a unit that is busy at 23:00
    /// and at 00:00 of the same kind of day is not started again. Where such a unit is stopped
    /// at 23:00 on other days of the month (another kind, or days without load), the days come
    /// in runs, and it is started again at 00:00 of each run's first day: once a week (a month
    /// has 30.4167 ÷ 7 ≈ 4.35 weeks), and never more often than there are days of either kind.
    /// Around the clock on working days only, the instances stop over every weekend and start
    /// on Monday.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn usage(&self, units: impl Fn(&DayLoad, usize) -> u32) -> Result<Usage> {
        self.usage_of(&units)
    }

    /// [`LoadProfile::usage`], one copy for every way of counting units.
    fn usage_of(&self, units: &dyn Fn(&DayLoad, usize) -> u32) -> Result<Usage> {
        let mut usage = Usage::default();
        // Each kind of day's days, units busy across its midnight (at 23:00 and 00:00) and busy
        // at 23:00: for the starts at the first midnight of a run of days.
        let mut midnights: Vec<(Decimal, u32, u32)> = Vec::with_capacity(self.days.len());
        for dl in self.days.iter().filter(|dl| dl.days > Decimal::ZERO) {
            let counts: [u32; 24] = core::array::from_fn(|h| units(dl, h));
            midnights.push((dl.days, counts[0].min(counts[23]), counts[23]));
            let peak = counts.iter().copied().max().unwrap_or(0) as usize;
            if usage.level_hours.len() < peak {
                usage.level_hours.resize(peak, Decimal::ZERO);
                usage.level_starts.resize(peak, Decimal::ZERO);
            }
            let mut hours = vec![0u32; peak];
            let mut starts = vec![0u32; peak];
            let previous = counts.iter().cycle().skip(23);
            for (now, before) in counts.iter().zip(previous) {
                let (now, before) = (*now as usize, *before as usize);
                for slot in hours.iter_mut().take(now) {
                    *slot += 1;
                }
                for slot in starts.iter_mut().take(now).skip(before) {
                    *slot += 1;
                }
            }
            for (j, (h, s)) in hours.iter().zip(&starts).enumerate() {
                if let Some(slot) = usage.level_hours.get_mut(j) {
                    *slot = add(*slot, mul(d(*h), dl.days, "load.hours")?, "load.hours")?;
                }
                if let Some(slot) = usage.level_starts.get_mut(j) {
                    *slot = add(*slot, mul(d(*s), dl.days, "load.starts")?, "load.starts")?;
                }
            }
        }
        let month = crate::units::days_per_month();
        let listed = midnights
            .iter()
            .try_fold(Decimal::ZERO, |sum, m| add(sum, m.0, "load.starts"))?;
        // Days of the month no kind lists carry no load (a remainder of 1e-28 days is none, as
        // in the calendar's profile).
        let unlisted = sub(month, listed, "load.starts")?.max(Decimal::ZERO);
        let unlisted = if unlisted.round_dp(10) > Decimal::ZERO {
            unlisted
        } else {
            Decimal::ZERO
        };
        let weeks = div(month, Decimal::from(7u32), "load.starts")?;
        for (j, slot) in usage.level_starts.iter_mut().enumerate() {
            let j = u32::try_from(j).unwrap_or(u32::MAX);
            let (mut across, mut stopped) = (Decimal::ZERO, unlisted);
            for &(days, busy_across, busy_at_23) in &midnights {
                if j < busy_across {
                    across = add(across, days, "load.starts")?;
                } else if j >= busy_at_23 {
                    stopped = add(stopped, days, "load.starts")?;
                }
            }
            // A profile put on more days than a month has (a share's, near 100 %) leaves no
            // room for stopped days beyond what the busy ones leave.
            let room = sub(month, across, "load.starts")?.max(Decimal::ZERO);
            let stopped = stopped.min(room);
            if across > Decimal::ZERO && stopped.round_dp(10) > Decimal::ZERO {
                let runs = across.min(stopped).min(weeks);
                *slot = add(*slot, runs, "load.starts")?;
            }
        }
        Ok(usage)
    }

    /// Hours per month in which at least one GPU is busy.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn productive_hours(&self) -> Result<Decimal> {
        self.weighted(&|dl, h| u32::from(dl.busy(h) > 0))
    }

    /// Productive GPU-hours per month.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn productive_gpu_hours(&self) -> Result<Decimal> {
        self.weighted(&|dl, h| dl.busy(h))
    }

    fn weighted(&self, per_hour: &dyn Fn(&DayLoad, usize) -> u32) -> Result<Decimal> {
        self.days.iter().try_fold(Decimal::ZERO, |acc, dl| {
            let n: u32 = (0..24).map(|h| per_hour(dl, h)).sum();
            add(acc, mul(d(n), dl.days, "load.hours")?, "load.hours")
        })
    }

    /// The headline figures.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn summary(&self) -> Result<LoadSummary> {
        let productive_hours = self.productive_hours()?;
        let share =
            div(productive_hours, HOURS_PER_MONTH, "load.productive_share")?.min(Decimal::ONE);
        let busy_blocks = self.usage(|dl, h| u32::from(dl.busy(h) > 0))?;
        // The first kind of day that occurs: with no working days, their pattern starts nothing.
        let starts_per_day = self
            .days
            .iter()
            .find(|dl| dl.days > Decimal::ZERO)
            .map(|dl| {
                (0..24)
                    .filter(|&h| dl.busy(h) > 0 && dl.busy((h + 23) % 24) == 0)
                    .count() as u32
            })
            .unwrap_or(0);
        let mut curve: Vec<GpuHours> = Vec::new();
        for dl in &self.days {
            for h in 0..24 {
                let gpus = dl.busy(h);
                match curve.iter_mut().find(|p| p.gpus == gpus) {
                    Some(p) => p.hours = add(p.hours, dl.days, "load.hours_by_gpus")?,
                    None => curve.push(GpuHours {
                        gpus,
                        hours: dl.days,
                    }),
                }
            }
        }
        curve.retain(|p| p.hours > Decimal::ZERO);
        crate::order::sort_by_key(&mut curve, |p| p.gpus);
        for p in &mut curve {
            p.hours = round(p.hours);
        }
        // The busy days (of every kind with a busy hour) scaled up to a whole month.
        let mut busy_days = Decimal::ZERO;
        for dl in self
            .days
            .iter()
            .filter(|dl| (0..24).any(|h| dl.busy(h) > 0))
        {
            busy_days = add(busy_days, dl.days, "load.days")?;
        }
        let max_share = if busy_days.is_zero() {
            Decimal::ZERO
        } else {
            let p = "load.productive_share";
            div(mul(share, crate::units::days_per_month(), p)?, busy_days, p)?.min(Decimal::ONE)
        };
        Ok(LoadSummary {
            productive_hours: round(productive_hours),
            productive_share: round(share),
            max_productive_share: round(max_share),
            productive_gpu_hours: round(self.productive_gpu_hours()?),
            peak_gpus: self.peak_gpus(),
            starts_per_day,
            starts_per_month: round(busy_blocks.starts()?),
            hours_by_gpus: curve,
        })
    }
}

/// [`LoadProfile::validate`] on kinds of day kept elsewhere, with paths under `prefix`
/// (`calendar.measured` names `calendar.measured.days.{i}.days`).
pub(crate) fn validate_days(days: &[DayLoad], prefix: &str) -> Result<()> {
    let most = rust_decimal_macros::dec!(30.4167);
    let mut total = Decimal::ZERO;
    for (i, dl) in days.iter().enumerate() {
        check::range(
            check::Lazy(|| format!("{prefix}.days.{i}.days")),
            dl.days,
            Decimal::ZERO,
            most,
        )?;
        total = add(total, dl.days, "profile.days")?;
        for (part, counts) in [("service", &dl.service), ("batch", &dl.batch)] {
            for (h, gpus) in counts.iter().enumerate() {
                check::range_u32(
                    check::Lazy(|| format!("{prefix}.days.{i}.{part}.{h}")),
                    *gpus,
                    0,
                    MAX_GPUS,
                )?;
            }
        }
    }
    check::range(
        check::Lazy(|| format!("{prefix}.days")),
        total,
        Decimal::ZERO,
        most,
    )
}
