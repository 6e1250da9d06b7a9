//! The working calendar: working days, a service window and batch windows, compiled into a
//! [`LoadProfile`].

use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use crate::check;
use crate::error::Result;
use crate::load::{DayLoad, LoadProfile, validate_days};
use crate::money::sub;
use crate::peak::{MAX_PEAKS, Peak};
use crate::units::{MAX_GPUS, days_per_month};

/// Most batch windows a calendar may hold.
pub const MAX_BATCH_WINDOWS: usize = 8;

/// On which days a window runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Days {
    /// Only on the working days of the month.
    #[default]
    WorkingDays,
    /// On every day of the month (30.4167 days).
    AllDays,
}

/// A daily window of load: from `start_hour` to `end_hour` with `gpus` GPUs busy.
///
/// Hours are whole clock hours. `end_hour < start_hour` wraps past midnight (22 → 6 is eight
/// hours); `start_hour == end_hour` is an empty window, except `0 → 24`, the whole day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Window {
    /// First busy hour, 0–23.
    pub start_hour: u32,
    /// Hour at which the window ends (exclusive), 0–24.
    pub end_hour: u32,
    /// GPUs busy during the window, 0–1024.
    pub gpus: u32,
    /// On which days the window runs.
    #[serde(default)]
    pub days: Days,
}

impl Window {
    /// Whether the window covers clock hour `hour` (0–23).
    pub fn covers(&self, hour: u32) -> bool {
        let (s, e) = (self.start_hour, self.end_hour);
        if s < e {
            (s..e).contains(&hour)
        } else if s > e {
            hour >= s || hour < e
        } else {
            false
        }
    }

    /// Length of the window in hours per day.
    pub fn hours(&self) -> u32 {
        (0..24).filter(|h| self.covers(*h)).count() as u32
    }

    fn validate(&self, path: &str) -> Result<()> {
        check::range_u32((path, "start_hour"), self.start_hour, 0, 23)?;
        check::range_u32((path, "end_hour"), self.end_hour, 0, 24)?;
        check::range_u32((path, "gpus"), self.gpus, 0, MAX_GPUS)
    }
}

/// When the GPUs work.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Calendar {
    /// Working days per month, 0–30.4167 (default 21).
    pub working_days: Decimal,
    /// The interactive service window (default 07:00–19:00 on working days, 8 GPUs).
    pub service: Window,
    /// Batch windows (default one: 01:00–05:00 on working days, 8 GPUs).
    pub batch: Vec<Window>,
    /// Planned peaks on the last days of the month (at most 8; default none). Left out of the
    /// JSON when empty, so files without it read as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub peaks: Vec<Peak>,
    /// A month of load measured from serving metrics ([`crate::metrics::Measured::calendar_load`]). When
    /// set it replaces the working days, the windows and the peaks: [`Calendar::profile`] is this
    /// profile, and the fields above are kept only to go back to. Left out of the JSON when
    /// empty; share links never carry it (see [`crate::share::to_fragment`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured: Option<MeasuredLoad>,
}

/// Most kinds of day a measured load may hold (one per day of the longest period analysed).
pub const MAX_MEASURED_DAYS: usize = 400;
/// Longest description of a measured load, in characters.
pub const MAX_MEASURED_SOURCE: usize = 300;

/// A measured month of load, in place of the calendar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredLoad {
    /// What was measured, for people: the file, its period and servers (at most 300 characters).
    pub source: String,
    /// Productive share the measurement found, 0–1 (shown beside the calendar's; the profile
    /// itself decides the cost).
    pub productive_share: Decimal,
    /// The kinds of day of the measured month, as [`crate::metrics::Measured::load_profile`] gives them.
    pub days: Vec<DayLoad>,
    /// The most requests the measured servers ran at once ([`crate::metrics::Measured::peak_in_flight`]),
    /// for the sizing; left out when not known (files from before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_in_flight: Option<u64>,
}

impl MeasuredLoad {
    /// The profile to price.
    pub fn profile(&self) -> LoadProfile {
        LoadProfile {
            days: self.days.clone(),
        }
    }

    fn validate(&self) -> Result<()> {
        check::text(
            "calendar.measured.source",
            &self.source,
            MAX_MEASURED_SOURCE,
        )?;
        check::range(
            "calendar.measured.productive_share",
            self.productive_share,
            Decimal::ZERO,
            Decimal::ONE,
        )?;
        check::count("calendar.measured.days", self.days.len(), MAX_MEASURED_DAYS)?;
        validate_days(&self.days, "calendar.measured")
    }
}

impl Default for Calendar {
    fn default() -> Self {
        Calendar {
            working_days: dec!(21),
            service: Window {
                start_hour: 7,
                end_hour: 19,
                gpus: 8,
                days: Days::WorkingDays,
            },
            batch: vec![Window {
                start_hour: 1,
                end_hour: 5,
                gpus: 8,
                days: Days::WorkingDays,
            }],
            peaks: Vec::new(),
            measured: None,
        }
    }
}

impl Calendar {
    /// Checks every field.
    ///
    /// # Errors
    /// The first field out of range, by its path.
    pub fn validate(&self) -> Result<()> {
        check::range(
            "calendar.working_days",
            self.working_days,
            Decimal::ZERO,
            dec!(30.4167),
        )?;
        self.service.validate("calendar.service")?;
        check::count("calendar.batch", self.batch.len(), MAX_BATCH_WINDOWS)?;
        for (i, w) in self.batch.iter().enumerate() {
            w.validate(&format!("calendar.batch.{i}"))?;
        }
        check::count("calendar.peaks", self.peaks.len(), MAX_PEAKS)?;
        for (i, p) in self.peaks.iter().enumerate() {
            p.validate(&format!("calendar.peaks.{i}"))?;
        }
        match &self.measured {
            Some(m) => m.validate(),
            None => Ok(()),
        }
    }

    /// Compiles the calendar into a load profile (or gives the measured one, if set): for working
    /// days and for the other days, the GPUs the service and the batch windows keep busy in each
    /// clock hour; the peaks, if any, add kinds of day after these two (see [`Peak`]). A kind of
    /// day that occurs on no days (to ten places) is left out.
    ///
    /// # Errors
    /// Only on arithmetic overflow, which validated input cannot cause.
    pub fn profile(&self) -> Result<LoadProfile> {
        let mut profile = self.compiled()?;
        // A kind of day left with a remainder of the 730 / 24-day month (1e-28 days after a
        // peak takes all 30.4167) is no kind of day: it would count starts and hours of nothing.
        profile
            .days
            .retain(|dl| dl.days.round_dp(10) > Decimal::ZERO);
        Ok(profile)
    }

    fn compiled(&self) -> Result<LoadProfile> {
        if let Some(m) = &self.measured {
            return Ok(m.profile());
        }
        let dpm = days_per_month();
        let working = self.working_days.min(dpm);
        let other = sub(dpm, working, "calendar.working_days")?.max(Decimal::ZERO);
        let day = |is_working: bool, days: Decimal| {
            let runs = |w: &Window| is_working || w.days == Days::AllDays;
            let mut service = [0u32; 24];
            let mut batch = [0u32; 24];
            for (h, (svc, bat)) in (0u32..).zip(service.iter_mut().zip(batch.iter_mut())) {
                if runs(&self.service) && self.service.covers(h) {
                    *svc = self.service.gpus;
                }
                for w in self.batch.iter().filter(|w| runs(w) && w.covers(h)) {
                    *bat = (*bat).max(w.gpus);
                }
            }
            DayLoad {
                days,
                service,
                batch,
            }
        };
        let days = vec![day(true, working), day(false, other)];
        let days = if self.peaks.is_empty() {
            days
        } else {
            crate::peak::apply(&self.peaks, working, days)?
        };
        Ok(LoadProfile { days })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: u32, e: u32) -> Window {
        Window {
            start_hour: s,
            end_hour: e,
            gpus: 1,
            days: Days::WorkingDays,
        }
    }

    #[test]
    fn window_lengths() {
        assert_eq!(w(7, 19).hours(), 12);
        assert_eq!(w(22, 6).hours(), 8);
        assert_eq!(w(0, 24).hours(), 24);
        assert_eq!(w(5, 5).hours(), 0);
        assert!(w(22, 6).covers(23) && w(22, 6).covers(0) && !w(22, 6).covers(6));
    }

    #[test]
    fn too_many_working_days_is_an_error() {
        let c = Calendar {
            working_days: dec!(31),
            ..Calendar::default()
        };
        assert_eq!(c.validate().unwrap_err().path(), "calendar.working_days");
    }
}
