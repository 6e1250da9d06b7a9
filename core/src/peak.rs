//! Planned peaks: extra load on the last days of the month, in chosen months of the year
//! (month-end closing, seasonal campaigns). They compile into the load profile as extra kinds of
//! day, so every pricing model sees them the same way.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::calendar::{Days, Window};
use crate::check;
use crate::error::Result;
use crate::load::DayLoad;
use crate::money::{add, d, div, mul, sub};
use crate::units::{MAX_GPUS, days_per_month};

/// Most peaks a calendar may hold.
pub const MAX_PEAKS: usize = 8;

/// A planned peak: `gpus` GPUs busy from `start_hour` to `end_hour` on the last `days_of_month`
/// days of each month in `months`.
///
/// Like a batch window, a peak does not add GPUs on top of the other windows: in each hour the
/// GPUs busy are the largest count among the windows and peaks active then. Its load counts as
/// service (interactive) load. Over the year, a peak in 2 of 12 months weighs 2/12.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Peak {
    /// First busy hour, 0–23.
    pub start_hour: u32,
    /// Hour at which the peak's daily window ends (exclusive), 0–24; as for a [`Window`], a
    /// smaller value wraps past midnight and `0 → 24` is the whole day.
    pub end_hour: u32,
    /// GPUs busy during the peak, 0–1,024.
    pub gpus: u32,
    /// Which days count: the last working days of the month (default) or the last calendar
    /// days, which fall on working and other days in proportion.
    #[serde(default)]
    pub days: Days,
    /// Days at the end of the month on which the peak runs, 0–31 (0 = off; at most the month's
    /// working days, or its 30.4167 days, count).
    pub days_of_month: u32,
    /// Months of the year (1–12) in which the peak runs; empty (the default) = every month.
    #[serde(default)]
    pub months: Vec<u32>,
}

impl Peak {
    /// The peak's daily window.
    pub fn window(&self) -> Window {
        Window {
            start_hour: self.start_hour,
            end_hour: self.end_hour,
            gpus: self.gpus,
            days: self.days,
        }
    }

    /// Whether the peak runs in month `month` (1–12) of the year.
    pub fn runs_in(&self, month: u32) -> bool {
        self.months.is_empty() || self.months.contains(&month)
    }

    pub(crate) fn validate(&self, path: &str) -> Result<()> {
        check::range_u32((path, "start_hour"), self.start_hour, 0, 23)?;
        check::range_u32((path, "end_hour"), self.end_hour, 0, 24)?;
        check::range_u32((path, "gpus"), self.gpus, 0, MAX_GPUS)?;
        check::range_u32((path, "days_of_month"), self.days_of_month, 0, 31)?;
        check::count((path, "months"), self.months.len(), 12)?;
        for (i, m) in self.months.iter().enumerate() {
            check::range_u32(check::Lazy(|| format!("{path}.months.{i}")), *m, 1, 12)?;
        }
        Ok(())
    }
}

/// Adds the peaks to the calendar's two kinds of day (`kinds[0]` working days, `kinds[1]` the
/// other days), returning the kinds with the peak days split off.
///
/// Within a month, position from the month's end is a continuum over which working days are
/// spread evenly: a working-days peak of N days covers the last N working days (and no other
/// days); a calendar-days peak of M days covers `M × working / 30.4167` working days and the rest
/// of its M days on the other days. Every peak is anchored at the month's end, so on each kind of
/// day the peaks that run are nested: the longer ones include the days of the shorter ones. The
/// months with the same set of peaks form a group whose days weigh `months / 12`.
pub(crate) fn apply(peaks: &[Peak], working: Decimal, kinds: Vec<DayLoad>) -> Result<Vec<DayLoad>> {
    let live: Vec<&Peak> = peaks
        .iter()
        .filter(|p| p.days_of_month > 0 && p.gpus > 0)
        .collect();
    if live.is_empty() {
        return Ok(kinds);
    }
    let path = "calendar.peaks";
    let dpm = days_per_month();
    let (Some(base_working), Some(base_other)) = (kinds.first().cloned(), kinds.get(1).cloned())
    else {
        return Ok(kinds);
    };

    // Days each peak covers per month, on working days and on the other days.
    let mut covers = Vec::with_capacity(live.len());
    for p in &live {
        let n = d(p.days_of_month);
        covers.push(match p.days {
            Days::WorkingDays => (n.min(working), Decimal::ZERO),
            Days::AllDays => {
                let m = n.min(dpm);
                // The working days' share of the month; the rest of the M days is other days.
                let on_working = div(mul(m, working, path)?, dpm, path)?.min(m);
                (on_working, sub(m, on_working, path)?.max(Decimal::ZERO))
            }
        });
    }

    // Months grouped by the set of peaks that run in them.
    let mut groups: Vec<(Vec<bool>, u32)> = Vec::with_capacity(12);
    for month in 1..=12 {
        let runs: Vec<bool> = live.iter().map(|p| p.runs_in(month)).collect();
        match groups.iter_mut().find(|(r, _)| *r == runs) {
            Some((_, count)) => *count += 1,
            None => groups.push((runs, 1)),
        }
    }

    let mut out = kinds;
    for (runs, count) in groups {
        for (population, base) in [(0usize, &base_working), (1usize, &base_other)] {
            // Thresholds: days from the month's end that each running peak covers here.
            let mut edges: Vec<(Decimal, usize)> = Vec::with_capacity(live.len());
            for (i, ((w, o), on)) in covers.iter().zip(&runs).enumerate() {
                let t = if population == 0 { *w } else { *o };
                if *on && t > Decimal::ZERO {
                    edges.push((t, i));
                }
            }
            crate::order::sort_by_key(&mut edges, |e| e.0);
            let mut thresholds: Vec<Decimal> = edges.iter().map(|(t, _)| *t).collect();
            thresholds.dedup();
            let mut previous = Decimal::ZERO;
            for t in thresholds {
                // On the days between `previous` and `t` from the month's end, the peaks whose
                // threshold reaches `t` run.
                let mut load = base.clone();
                for (_, i) in edges.iter().filter(|(u, _)| *u >= t) {
                    if let Some(p) = live.get(*i) {
                        let w = p.window();
                        for (h, slot) in (0u32..).zip(load.service.iter_mut()) {
                            if w.covers(h) {
                                *slot = (*slot).max(p.gpus);
                            }
                        }
                    }
                }
                let days = div(
                    mul(sub(t, previous, path)?, d(count), path)?,
                    Decimal::from(12),
                    path,
                )?;
                previous = t;
                if let Some(from) = out.get_mut(population) {
                    from.days = sub(from.days, days, path)?;
                }
                match out
                    .iter_mut()
                    .find(|k| k.service == load.service && k.batch == load.batch)
                {
                    Some(k) => k.days = add(k.days, days, path)?,
                    None => {
                        load.days = days;
                        out.push(load);
                    }
                }
            }
        }
    }
    // Divisions by 12 and by 30.4167 may leave the base kinds a rounding step below zero.
    for k in out.iter_mut().take(2) {
        k.days = k.days.max(Decimal::ZERO);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar::Calendar;

    #[test]
    fn many_peaks_compile_without_validation() {
        // More peaks than a valid calendar may hold, in every combination of months: the
        // compilation itself has no limit and keeps the month's days.
        let peaks: Vec<Peak> = (0..40)
            .map(|i| Peak {
                start_hour: i % 24,
                end_hour: (i * 7) % 25,
                gpus: 8 + i,
                days: if i % 2 == 0 {
                    Days::WorkingDays
                } else {
                    Days::AllDays
                },
                days_of_month: i % 32,
                months: vec![1 + i % 12, 1 + (i * 5) % 12],
            })
            .collect();
        let c = Calendar {
            peaks,
            ..Calendar::default()
        };
        let profile = c.profile().unwrap();
        assert_eq!(profile.peak_gpus(), 47);
        let days: Decimal = profile.days.iter().map(|k| k.days).sum();
        assert_eq!(days.round_dp(20), days_per_month().round_dp(20));
        assert!(profile.days.iter().all(|k| k.days >= Decimal::ZERO));
    }
}
