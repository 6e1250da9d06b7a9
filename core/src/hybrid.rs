//! The hybrid pattern of seed 000: own servers carry the base load, a rent option the peaks.
//!
//! With `N` own GPUs, in every hour own serves up to `N` GPUs of the load and the rest (the
//! overflow) runs on the chosen rent option under its billing mode. [`hybrid_sweep`] prices every
//! `N` from 0 (all rented) to the peak (all own) with the same cost code as [`crate::evaluate`].
//! A scenario may keep one chosen mix ([`Hybrid`]); [`crate::evaluate`] then prices it with the
//! sweep's code for that `N` ([`HybridResult`]).
//!
//! **Options on other GPU models** ([`crate::LoadGpus`] on own, on the rent option, or both)
//! are mixed in the load's units. Own's `N` GPUs carry `N × per / gpus` of the load's GPUs (its
//! `load_gpus`; a fraction where they do not divide): in every hour own serves the load up to
//! that, keeping `min(ceil(c × gpus / per), N)` of its GPUs busy where the load asks for `c`,
//! and the rest of the load, `c − N × per / gpus` of the load's GPUs, goes to the rent option
//! in its GPUs, `ceil(rest × gpus' / per')` by its `load_gpus` (service and batch each on their
//! own). The sweep runs over own's GPUs, `N` = 0 to own's peak in its GPUs; at 0 the rent option
//! carries the whole load as in [`crate::evaluate`], at own's peak own carries it all. Without
//! `load_gpus` (or with `gpus == per`) this is the pattern above, to the cent. Every cost per
//! productive GPU-hour, and the share own serves, count the load's GPU-hours (the same work at
//! every point); own's GPUs and servers, the rented peak and the instances count each side's
//! own GPUs.
//!
//! When the load is rented today (`switching.from_rent`), the own part moves the data in at the
//! start: if the overflow stays on that same option this is parallel use, which pays the
//! provider's transfer tiers whatever the date; on another option it is a full switch away
//! from the first, free from 12 January 2027 (EU Data Act, Art. 29).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::check;
use crate::error::{Error, ReadProblem, Result};
use crate::finance::cumulative;
use crate::load::{DayLoad, LoadGpus, LoadProfile};
use crate::money::{Currency, add, d, div, mul, round, sub};
use crate::pricing::{Pricer, line_sum, switch_price};
use crate::rent::{RentOption, Warning};
use crate::scenario::{Checked, Scenario};
use crate::series::{Series, ceil_div};
use crate::units::MAX_GPUS;

/// Own and rent priced for every own fleet size from 0 to the peak.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HybridSweep {
    /// Currency of every amount.
    pub currency: Currency,
    /// Months compared.
    pub horizon_months: u32,
    /// The rent option that takes the overflow (index into the scenario's `rent`).
    pub rent_index: usize,
    /// Most of own's GPUs busy at once (the load's peak in own's GPUs): the last point owns
    /// them all.
    pub peak_gpus: u32,
    /// The load's productive GPU-hours over the horizon (the same for every point).
    pub productive_gpu_hours: Decimal,
    /// One point per own fleet size, `own_gpus` = 0, 1, …, `peak_gpus`.
    pub points: Vec<HybridPoint>,
    /// The `own_gpus` of the point with the lowest total (the fewest GPUs among equal totals),
    /// among the points whose rent part serves the whole overflow: a point whose capacity blocks
    /// leave busy days uncovered ([`Warning::CoverageGap`]) does not count.
    pub cheapest: u32,
}

/// A chosen hybrid: own serves the load up to `own_gpus` GPUs, rent option `rent` the rest.
/// Kept in the scenario (`hybrid`, left out when not chosen); [`crate::evaluate`] reports it as
/// [`HybridResult`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hybrid {
    /// GPUs owned (own's GPUs), 0–[`MAX_GPUS`]. Above the load's peak (in own's GPUs) own
    /// serves it all.
    pub own_gpus: u32,
    /// The rent option that takes the overflow (index into the scenario's `rent`).
    pub rent: usize,
}

/// The chosen hybrid's results, in the display currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HybridResult {
    /// GPUs owned.
    pub own_gpus: u32,
    /// The rent option that takes the overflow (index into the scenario's `rent`).
    pub rent_index: usize,
    /// That option's label.
    pub rent_label: String,
    /// The figures, equal to [`hybrid_sweep`]'s point for `own_gpus`.
    pub point: HybridPoint,
    /// Cumulative cost of the own part at the end of months `0..=horizon`.
    pub own_cumulative: Vec<Decimal>,
    /// Cumulative cost of the rented overflow at the end of months `0..=horizon`.
    pub rent_cumulative: Vec<Decimal>,
    /// Cumulative cost of both at the end of months `0..=horizon` (month 0 = up front).
    pub cumulative: Vec<Decimal>,
    /// Own alone's total minus the hybrid's (positive: the hybrid saves that much).
    pub savings_against_own: Decimal,
    /// The rent option alone's total minus the hybrid's (positive: the hybrid saves that much).
    pub savings_against_rent: Decimal,
}

impl Hybrid {
    /// `rent` names one of `rent_options` options; `own_gpus` is at most [`MAX_GPUS`].
    pub(crate) fn validate(&self, rent_options: usize) -> Result<()> {
        check::range_u32("hybrid.own_gpus", self.own_gpus, 0, MAX_GPUS)?;
        if self.rent >= rent_options {
            return Err(match rent_options.checked_sub(1) {
                Some(last) => Error::OutOfRange {
                    path: "hybrid.rent".into(),
                    value: Decimal::from(self.rent),
                    min: Decimal::ZERO,
                    max: Decimal::from(last),
                },
                None => Error::Malformed {
                    path: "hybrid.rent".into(),
                    problem: ReadProblem::NoRentForOverflow,
                },
            });
        }
        Ok(())
    }
}

/// The hybrid with a given number of own GPUs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HybridPoint {
    /// GPUs owned: own serves up to what this many of its GPUs carry in every hour.
    pub own_gpus: u32,
    /// Servers bought for the load: ceil(own GPUs / GPUs per server); `own.spare_servers`
    /// spares are bought besides (in `own_total`) when this is above 0.
    pub own_servers: u32,
    /// Most of the rent option's GPUs the overflow keeps busy at once (peak − own GPUs when
    /// neither side has `load_gpus`).
    pub rented_peak_gpus: u32,
    /// Rent instances provisioned for the overflow: ceil(rented peak / GPUs per instance).
    pub rent_instances: u32,
    /// Share of the load's productive GPU-hours own serves, 0–1.
    pub own_share: Decimal,
    /// Own's total over the horizon (0 without own GPUs).
    pub own_total: Decimal,
    /// The rent option's total on the overflow (0 without overflow).
    pub rent_total: Decimal,
    /// Own plus rent.
    pub total: Decimal,
    /// Total / the load's productive GPU-hours over the horizon; `null` without load.
    pub cost_per_productive_gpu_hour: Option<Decimal>,
    /// What the rent option says about the overflow (capacity risk, coverage gap, …).
    pub rent_warnings: Vec<Warning>,
}

/// Prices the hybrid for every number `N` of own GPUs from 0 to the peak, with rent option
/// `rent_index` taking the overflow.
///
/// Own with `N` GPUs is [`crate::OwnOption`] sized for `N` GPUs (ceil(N / GPUs per server)
/// servers), its energy from the GPU-hours it serves: in each hour `min(busy, N)`. The overflow
/// profile keeps every kind of day and hour with `max(service − N, 0)` service and
/// `max(batch − N, 0)` batch GPUs (so its busy GPUs are `max(busy − N, 0)`), and the rent option
/// is evaluated on it as on any profile, with instances for the overflow's peak. Without own
/// GPUs own costs nothing, and without overflow the rent option costs nothing (no storage, no
/// exit), so `N = 0` is that rent option's total in [`crate::evaluate`] and `N = peak` is own's.
/// With `load_gpus` on either side, `busy` and the peak are counted in own's GPUs and the
/// overflow in the rent option's, as the module's documentation says.
///
/// ```
/// use gpu_tco_core::Scenario;
/// use gpu_tco_core::analysis::hybrid_sweep;
///
/// let sweep = hybrid_sweep(&Scenario::default(), 1).unwrap();
/// assert_eq!(sweep.points.len(), 9); // 0..=8 own GPUs
/// assert_eq!(sweep.points[0].own_total, 0.into());
/// ```
///
/// # Errors
/// The first invalid field, [`Error::Malformed`] at `rent.{rent_index}` when there is no such
/// option, or an arithmetic overflow.
///
/// # Panics
/// Never.
pub fn hybrid_sweep(scenario: &Scenario, rent_index: usize) -> Result<HybridSweep> {
    scenario.check()?.hybrid_sweep(rent_index)
}

impl Checked<'_> {
    /// [`hybrid_sweep`] on a scenario checked once ([`Scenario::check`]).
    ///
    /// # Errors
    /// [`Error::Malformed`] at `rent.{rent_index}` when there is no such option, or an
    /// arithmetic overflow.
    pub fn hybrid_sweep(&self, rent_index: usize) -> Result<HybridSweep> {
        let (scenario, profile) = (self.scenario(), self.profile());
        let pricer = Pricer::new(scenario, profile)?;
        let mix = Mix::new(&pricer, rent_index)?;
        let mut points = Vec::with_capacity(mix.peak as usize + 1);
        let mut cheapest: Option<(Decimal, u32)> = None;
        for n in 0..=mix.peak {
            let point = mix.price(n)?.point;
            let serves = !point
                .rent_warnings
                .iter()
                .any(|w| matches!(w, Warning::CoverageGap { .. }));
            if serves && cheapest.is_none_or(|(best, _)| point.total < best) {
                cheapest = Some((point.total, n));
            }
            points.push(point);
        }
        Ok(HybridSweep {
            currency: scenario.finance.display_currency,
            horizon_months: mix.horizon,
            rent_index,
            peak_gpus: mix.peak,
            productive_gpu_hours: round(mix.productive_total),
            points,
            cheapest: cheapest.map(|(_, n)| n).unwrap_or(0),
        })
    }
}

/// The chosen hybrid of a scenario on `profile`, as [`crate::evaluate_profile`] reports it: the
/// sweep's point for `hybrid.own_gpus` (computed by the same code) and its cumulative cost.
/// `own` and `rent` are the plain options' totals the savings are measured against.
pub(crate) fn hybrid_result(
    pricer: &Pricer<'_>,
    hybrid: Hybrid,
    own: Decimal,
    rent: Decimal,
) -> Result<HybridResult> {
    let mix = Mix::new(pricer, hybrid.rent)?;
    let priced = mix.price(hybrid.own_gpus)?;
    let p = "hybrid";
    let months = |series: Option<&Series>| -> Result<Vec<Decimal>> {
        match series {
            Some(s) => s.month_totals(|_| true),
            None => Ok(vec![Decimal::ZERO; mix.horizon as usize + 1]),
        }
    };
    let own_months = months(priced.own.as_ref())?;
    let rent_months = months(priced.rent.as_ref())?;
    let both: Vec<Decimal> = own_months
        .iter()
        .zip(&rent_months)
        .map(|(a, b)| add(*a, *b, p))
        .collect::<Result<_>>()?;
    let rounded = |v: Vec<Decimal>| v.into_iter().map(round).collect::<Vec<_>>();
    let total = priced.point.total;
    Ok(HybridResult {
        own_gpus: hybrid.own_gpus,
        rent_index: hybrid.rent,
        rent_label: mix.option.label.clone(),
        own_cumulative: rounded(cumulative(&own_months)?),
        rent_cumulative: rounded(cumulative(&rent_months)?),
        cumulative: rounded(cumulative(&both)?),
        savings_against_own: round(sub(own, total, p)?),
        savings_against_rent: round(sub(rent, total, p)?),
        point: priced.point,
    })
}

/// What pricing one hybrid needs, computed once for a sweep.
struct Mix<'p, 'a> {
    pricer: &'p Pricer<'a>,
    option: &'a RentOption,
    rent_index: usize,
    horizon: u32,
    /// Own's peak, in its GPUs: the last point of the sweep.
    peak: u32,
    /// The load's productive GPU-hours a month.
    busy: Decimal,
    /// The load's productive GPU-hours over the horizon.
    productive_total: Decimal,
    /// Own's GPUs per GPU of the load, and the rent option's.
    own_ratio: Ratio,
    rent_ratio: Ratio,
}

/// One hybrid priced: its point and the monthly series of its two parts (`None` for a part
/// that costs nothing: own without GPUs, rent without overflow).
struct Priced {
    point: HybridPoint,
    own: Option<Series>,
    rent: Option<Series>,
}

impl<'p, 'a> Mix<'p, 'a> {
    fn new(pricer: &'p Pricer<'a>, rent_index: usize) -> Result<Self> {
        let (horizon, busy) = (pricer.horizon, pricer.busy_gpu_hours);
        let option = pricer.option(rent_index)?;
        Ok(Mix {
            pricer,
            option,
            rent_index,
            horizon,
            peak: pricer.own_peak,
            busy,
            productive_total: mul(busy, d(horizon), "hybrid")?,
            own_ratio: Ratio::of(pricer.scenario.own.load_gpus.as_ref()),
            rent_ratio: Ratio::of(option.load_gpus.as_ref()),
        })
    }

    /// The hybrid with `n` own GPUs. Above the peak own serves everything and nothing is
    /// rented.
    fn price(&self, n: u32) -> Result<Priced> {
        let (pricer, option) = (self.pricer, self.option);
        let scenario = pricer.scenario;
        let profile = pricer.profile();
        // Own's GPUs busy, and (where they differ) the load's GPU-hours they carry.
        let served = served_gpu_hours(pricer.own_profile(), n)?;
        let carried = if self.own_ratio.is_one() {
            served
        } else {
            carried_gpu_hours(profile, n, self.own_ratio)?
        };
        let own = if n == 0 {
            None
        } else {
            // Renting on from today's provider is parallel use; owning it all is a full switch.
            let parallel = n < self.peak;
            let switch = match switch_price(scenario)? {
                Some(sw) if parallel && sw.from_rent == self.rent_index => sw.at_tiers,
                Some(sw) => sw.full_switch,
                None => Decimal::ZERO,
            };
            Some(pricer.own_part(served, n, switch)?.series)
        };
        let own_exact = match &own {
            Some(s) => line_sum(s)?,
            None => Decimal::ZERO,
        };
        let rest = if n < self.peak {
            Some(overflow(profile, n, self.own_ratio, self.rent_ratio)?)
        } else {
            None
        };
        let rest_peak = match &rest {
            // Without `load_gpus` the overflow's peak is the peak less the own GPUs.
            Some(_) if self.own_ratio.is_one() && self.rent_ratio.is_one() => {
                self.peak.saturating_sub(n)
            }
            Some(rest) => rest.peak_gpus(),
            None => 0,
        };
        let (rent, rent_warnings) = match rest {
            Some(rest) if rest_peak > 0 => {
                let c = pricer.rent_part(self.rent_index, &rest, rest_peak)?;
                (
                    Some(c.series),
                    pricer.rent_warnings(self.rent_index, c.warnings)?,
                )
            }
            _ => (None, Vec::new()),
        };
        let rent_exact = match &rent {
            Some(s) => line_sum(s)?,
            None => Decimal::ZERO,
        };
        let total = round(add(own_exact, rent_exact, "hybrid")?);
        let point = HybridPoint {
            own_gpus: n,
            own_servers: ceil_div(n, scenario.own.gpus_per_server),
            rented_peak_gpus: rest_peak,
            rent_instances: ceil_div(rest_peak, option.gpus_per_instance),
            own_share: if self.busy.is_zero() {
                Decimal::ZERO
            } else {
                round(div(carried, self.busy, "hybrid")?)
            },
            own_total: round(own_exact),
            rent_total: round(rent_exact),
            total,
            cost_per_productive_gpu_hour: if self.productive_total.is_zero() {
                None
            } else {
                Some(round(div(total, self.productive_total, "hybrid")?))
            },
            rent_warnings,
        };
        Ok(Priced { point, own, rent })
    }
}

/// An option's GPUs per GPU of the load (`load_gpus`), 1 / 1 without.
#[derive(Debug, Clone, Copy)]
struct Ratio {
    gpus: u64,
    per: u64,
}

impl Ratio {
    fn of(load_gpus: Option<&LoadGpus>) -> Ratio {
        match load_gpus {
            Some(g) if !g.is_identity() && g.per > 0 => Ratio {
                gpus: u64::from(g.gpus),
                per: u64::from(g.per),
            },
            _ => Ratio { gpus: 1, per: 1 },
        }
    }

    fn is_one(self) -> bool {
        self.gpus == self.per
    }
}

/// GPU-hours per month that `n` own GPUs serve: `min(busy, n)` in every hour, on `profile` in
/// own's GPUs. With `n` at the peak this is [`LoadProfile::productive_gpu_hours`], summed in the
/// same order.
fn served_gpu_hours(profile: &LoadProfile, n: u32) -> Result<Decimal> {
    profile.days.iter().try_fold(Decimal::ZERO, |acc, dl| {
        let per_day: u32 = (0..24).map(|h| dl.busy(h).min(n)).sum();
        add(acc, mul(d(per_day), dl.days, "load.hours")?, "load.hours")
    })
}

/// GPU-hours of the load (`profile`, in its GPUs) per month that `n` own GPUs carry, own
/// needing `own.gpus` GPUs where the load counts `own.per`: `min(busy, n × per / gpus)` in
/// every hour.
fn carried_gpu_hours(profile: &LoadProfile, n: u32, own: Ratio) -> Result<Decimal> {
    let cap = u64::from(n).saturating_mul(own.per);
    let in_own_units = profile.days.iter().try_fold(Decimal::ZERO, |acc, dl| {
        let per_day: u64 = (0..24)
            .map(|h| u64::from(dl.busy(h)).saturating_mul(own.gpus).min(cap))
            .sum();
        add(
            acc,
            mul(Decimal::from(per_day), dl.days, "load.hours")?,
            "load.hours",
        )
    })?;
    div(in_own_units, Decimal::from(own.gpus), "load.hours")
}

/// The load above what `n` own GPUs carry, in the rent option's GPUs: a count `c` of the load
/// becomes `ceil((c − n × own.per / own.gpus) × rent.gpus / rent.per)`, 0 where own carries it
/// all (without `load_gpus`, `max(c − n, 0)`). Kinds of day that never occur or carry no
/// overflow are left out; they add nothing to any rent option's cost. Above 0 GPUs, kinds of
/// day that became alike merge (fewer kinds, less work); at 0 the profile stays as it is, so
/// the sum is the one [`crate::evaluate`] computes.
fn overflow(profile: &LoadProfile, n: u32, own: Ratio, rent: Ratio) -> Result<LoadProfile> {
    let cap = u64::from(n).saturating_mul(own.per);
    let denominator = own.gpus.saturating_mul(rent.per).max(1);
    let scaled = |c: u32| -> u32 {
        let above = u64::from(c).saturating_mul(own.gpus).saturating_sub(cap);
        let gpus = above
            .saturating_mul(rent.gpus)
            .saturating_add(denominator - 1)
            / denominator;
        u32::try_from(gpus).unwrap_or(u32::MAX)
    };
    // The plain subtraction where neither side has `load_gpus` (the sweep's hot loop).
    let plain = own.is_one() && rent.is_one();
    let rest = |counts: &[u32; 24]| {
        if plain {
            counts.map(|c| c.saturating_sub(n))
        } else {
            counts.map(scaled)
        }
    };
    let mut days: Vec<DayLoad> = Vec::with_capacity(profile.days.len());
    for dl in profile.days.iter().filter(|dl| dl.days > Decimal::ZERO) {
        let service = rest(&dl.service);
        let batch = rest(&dl.batch);
        if !service.iter().chain(batch.iter()).any(|g| *g > 0) {
            continue;
        }
        let alike = days
            .iter_mut()
            .find(|k| n > 0 && k.service == service && k.batch == batch);
        match alike {
            Some(k) => k.days = add(k.days, dl.days, "load.days")?,
            None => days.push(DayLoad {
                days: dl.days,
                service,
                batch,
            }),
        }
    }
    Ok(LoadProfile { days })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_keeps_only_the_load_above_n() {
        let mut service = [0u32; 24];
        service[9] = 5;
        service[10] = 2;
        let mut batch = [0u32; 24];
        batch[1] = 3;
        let profile = LoadProfile {
            days: vec![
                DayLoad {
                    days: Decimal::TEN,
                    service,
                    batch,
                },
                DayLoad {
                    days: Decimal::ZERO,
                    service: [9; 24],
                    batch: [0; 24],
                },
            ],
        };
        let one = Ratio { gpus: 1, per: 1 };
        let rest = overflow(&profile, 2, one, one).unwrap();
        assert_eq!(rest.days.len(), 1);
        assert_eq!(rest.days[0].service[9], 3);
        assert_eq!(rest.days[0].service[10], 0);
        assert_eq!(rest.days[0].batch[1], 1);
        // Own with 2 GPUs serves 2 + 2 + 2 GPU-hours a day, 10 days.
        assert_eq!(served_gpu_hours(&profile, 2).unwrap(), Decimal::from(60));
        assert!(overflow(&profile, 5, one, one).unwrap().days.is_empty());
    }
}
