//! Load profiles: how many GPUs are busy in each clock hour, on each kind of day.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::check;
use crate::error::Result;
use crate::money::{add, d, div, mul, round};
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
    /// and at 00:00 of the same kind of day is not started again.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn usage(&self, units: impl Fn(&DayLoad, usize) -> u32) -> Result<Usage> {
        let mut usage = Usage::default();
        for dl in self.days.iter().filter(|dl| dl.days > Decimal::ZERO) {
            let counts: [u32; 24] = core::array::from_fn(|h| units(dl, h));
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
        Ok(usage)
    }

    /// Hours per month in which at least one GPU is busy.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn productive_hours(&self) -> Result<Decimal> {
        self.weighted(|dl, h| u32::from(dl.busy(h) > 0))
    }

    /// Productive GPU-hours per month.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn productive_gpu_hours(&self) -> Result<Decimal> {
        self.weighted(|dl, h| dl.busy(h))
    }

    fn weighted(&self, per_hour: impl Fn(&DayLoad, usize) -> u32) -> Result<Decimal> {
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
        curve.sort_unstable_by_key(|p| p.gpus);
        for p in &mut curve {
            p.hours = round(p.hours);
        }
        Ok(LoadSummary {
            productive_hours: round(productive_hours),
            productive_share: round(share),
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
