//! One way to price an option: its costs in the display currency, with what the scenario says
//! about switching at the start and stopping at the horizon. The report, the hybrid, the cash
//! flow and the sensitivity all price through a [`Pricer`], so they agree to the cent; the
//! functions below it are its parts (the spread prices each sampled scenario with them).

use std::cell::OnceCell;

use rust_decimal::Decimal;

use crate::error::{Error, ReadProblem, Result};
use crate::load::{LoadGpus, LoadProfile};
use crate::money::{Currency, Fx, div, mul, round};
use crate::own::OwnCosts;
use crate::rent::{RentCosts, RentLoad, RentOption, Warning, tiered};
use crate::scenario::Scenario;
use crate::series::{CostKind, Series};
use crate::switching::switching_charged;
use crate::units::HOURS_PER_MONTH;

/// A scenario's options priced on one load profile, with what every price needs computed once:
/// the peak, the horizon, the busy GPU-hours, the currency rates, each option's load in its own
/// GPUs where it has a [`crate::LoadGpus`], and each rent option's load when it is first asked
/// for.
///
/// `peak`, `busy_gpu_hours` and `productive_hours` are the load's (the profile's, in its GPUs):
/// every cost per productive GPU-hour divides by the load's GPU-hours, the same work for every
/// option. What an option provisions and bills (its instances, its `needed_gpus`, own's fleet
/// and energy) follows the load in its own GPUs ([`Pricer::rent_peak`], [`Pricer::own_peak`],
/// [`Pricer::own_busy`]).
pub(crate) struct Pricer<'a> {
    /// The scenario.
    pub scenario: &'a Scenario,
    profile: &'a LoadProfile,
    /// Most GPUs busy at once, in the load's GPUs.
    pub peak: u32,
    /// Months compared.
    pub horizon: u32,
    /// Productive GPU-hours a month, in the load's GPUs.
    pub busy_gpu_hours: Decimal,
    /// Productive hours a month.
    pub productive_hours: Decimal,
    /// Own's currency into the display currency.
    pub own_fx: Fx,
    /// Own's load in its GPUs, where its `load_gpus` differs from the load's.
    own_profile: Option<LoadProfile>,
    /// Own's fleet: the most of its GPUs busy at once.
    pub own_peak: u32,
    /// Own's busy GPU-hours a month, in its GPUs.
    pub own_busy: Decimal,
    rent_fx: Vec<Fx>,
    /// Each rent option's load in its GPUs, where its `load_gpus` differs from the load's, and
    /// its peak in them.
    rent_profiles: Vec<Option<(LoadProfile, u32)>>,
    rent_loads: Vec<OnceCell<RentLoad>>,
    /// The totals of the options billed every hour, once priced.
    fixed: Vec<OnceCell<Decimal>>,
}

/// `profile` in the GPUs of an option with `load_gpus` (errors under `path`); `None` where the
/// option needs the load's GPUs, so that a scenario without `load_gpus` costs no copy.
fn own_gpus_profile(
    profile: &LoadProfile,
    load_gpus: Option<&LoadGpus>,
    path: impl FnOnce() -> String,
) -> Result<Option<LoadProfile>> {
    match load_gpus {
        Some(g) if !g.is_identity() => profile.for_gpus_at(g, &path()).map(Some),
        _ => Ok(None),
    }
}

impl<'a> Pricer<'a> {
    /// The pricer of `scenario` on `profile` (neither is validated here).
    ///
    /// # Errors
    /// An option's `load_gpus` out of range or asking more than [`crate::MAX_GPUS`] of its
    /// GPUs in an hour of `profile`, by its path; an arithmetic overflow.
    pub fn new(scenario: &'a Scenario, profile: &'a LoadProfile) -> Result<Pricer<'a>> {
        let peak = profile.peak_gpus();
        let busy_gpu_hours = profile.productive_gpu_hours()?;
        let own_profile = own_gpus_profile(profile, scenario.own.load_gpus.as_ref(), || {
            "own.load_gpus".to_owned()
        })?;
        let (own_peak, own_busy) = match &own_profile {
            Some(p) => (p.peak_gpus(), p.productive_gpu_hours()?),
            None => (peak, busy_gpu_hours),
        };
        // Empty when no option has one: the default scenario allocates nothing for them.
        let scaled = |r: &RentOption| r.load_gpus.is_some_and(|g| !g.is_identity());
        let rent_profiles = scenario
            .rent
            .iter()
            .take(if scenario.rent.iter().any(scaled) {
                usize::MAX
            } else {
                0
            })
            .enumerate()
            .map(|(i, r)| {
                let scaled = own_gpus_profile(profile, r.load_gpus.as_ref(), || {
                    format!("rent.{i}.load_gpus")
                })?;
                Ok(scaled.map(|p| {
                    let peak = p.peak_gpus();
                    (p, peak)
                }))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Pricer {
            scenario,
            profile,
            peak,
            horizon: scenario.horizon_months(),
            busy_gpu_hours,
            productive_hours: profile.productive_hours()?,
            own_fx: fx(scenario, scenario.own.currency),
            own_profile,
            own_peak,
            own_busy,
            rent_fx: scenario
                .rent
                .iter()
                .map(|r| fx(scenario, r.currency))
                .collect(),
            rent_profiles,
            rent_loads: cells(scenario.rent.len()),
            fixed: cells(scenario.rent.len()),
        })
    }

    /// The load profile priced, in the load's GPUs.
    pub fn profile(&self) -> &'a LoadProfile {
        self.profile
    }

    /// Own's load in its GPUs ([`crate::OwnOption::load_gpus`]).
    pub fn own_profile(&self) -> &LoadProfile {
        self.own_profile.as_ref().unwrap_or(self.profile)
    }

    /// Rent option `i`'s load in its GPUs ([`RentOption::load_gpus`]); the load's past the
    /// list.
    pub fn rent_profile(&self, i: usize) -> &LoadProfile {
        match self.rent_profiles.get(i) {
            Some(Some((p, _))) => p,
            _ => self.profile,
        }
    }

    /// Most of rent option `i`'s GPUs busy at once: what it provisions instances for.
    pub fn rent_peak(&self, i: usize) -> u32 {
        match self.rent_profiles.get(i) {
            Some(Some((_, peak))) => *peak,
            _ => self.peak,
        }
    }

    /// Rent option `i`, or [`Error::Malformed`] at `rent.{i}`.
    pub fn option(&self, i: usize) -> Result<&'a RentOption> {
        rent_option(self.scenario, i)
    }

    /// Rent option `i`'s currency into the display currency.
    pub fn rent_fx(&self, i: usize) -> Fx {
        self.rent_fx.get(i).copied().unwrap_or(Fx::ONE)
    }

    /// Rent option `i`'s load, computed on the first call; `None` past the list.
    fn load(&self, i: usize) -> Result<Option<&RentLoad>> {
        let (Some(option), Some(cell)) = (self.scenario.rent.get(i), self.rent_loads.get(i)) else {
            return Ok(None);
        };
        if let Some(load) = cell.get() {
            return Ok(Some(load));
        }
        let load = option.load(self.rent_profile(i))?;
        Ok(Some(cell.get_or_init(|| load)))
    }

    /// Own's costs with the load on `factor` times as many days, display currency.
    pub fn own(&self, factor: Decimal) -> Result<OwnCosts> {
        let busy = mul(self.own_busy, factor, "load.scale")?;
        own_alone(self.scenario, busy, self.own_peak, self.horizon)
    }

    /// Own's costs over a horizon of `months` months (sold then), display currency.
    pub fn own_until(&self, months: u32) -> Result<OwnCosts> {
        own_alone(self.scenario, self.own_busy, self.own_peak, months)
    }

    /// Own's costs with `gpus` of its GPUs serving `busy_gpu_hours` of their hours a month,
    /// paying `switch` (display
    /// currency) at month 0 for moving the data in: own's part of a hybrid.
    pub fn own_part(
        &self,
        busy_gpu_hours: Decimal,
        gpus: u32,
        switch: Decimal,
    ) -> Result<OwnCosts> {
        own_costs(self.scenario, busy_gpu_hours, gpus, self.horizon, switch)
    }

    /// Rent option `i`'s costs with the load on `factor` times as many days, display currency;
    /// `None` past the list.
    pub fn rent(&self, i: usize, factor: Decimal) -> Result<Option<RentCosts>> {
        let (Some(option), Some(load)) = (self.scenario.rent.get(i), self.load(i)?) else {
            return Ok(None);
        };
        let peak = self.rent_peak(i);
        rent_costs_on(self.scenario, option, load, factor, peak, self.horizon).map(Some)
    }

    /// Rent option `i`'s costs over a horizon of `months` months (stopped then), display
    /// currency.
    pub fn rent_until(&self, i: usize, months: u32) -> Result<RentCosts> {
        let option = self.option(i)?;
        let load = self.loaded(i)?;
        let peak = self.rent_peak(i);
        rent_costs_on_until(self.scenario, option, load, peak, months, self.horizon)
    }

    /// `option` (rent option `i` with other terms, as a tariff of the heat map) priced on
    /// option `i`'s load (in option `i`'s GPUs), display currency.
    pub fn rent_as(&self, i: usize, option: &RentOption) -> Result<RentCosts> {
        let load = self.loaded(i)?;
        rent_costs_on(
            self.scenario,
            option,
            load,
            Decimal::ONE,
            self.rent_peak(i),
            self.horizon,
        )
    }

    /// Rent option `i` serving `load` (the part of the load above a hybrid's own GPUs, already
    /// in the option's GPUs), provisioned for `peak` of its GPUs, display currency.
    pub fn rent_part(&self, i: usize, load: &LoadProfile, peak: u32) -> Result<RentCosts> {
        let option = self.option(i)?;
        let load = option.load(load)?;
        rent_costs_on(
            self.scenario,
            option,
            &load,
            Decimal::ONE,
            peak,
            self.horizon,
        )
    }

    /// Rent option `i`'s load, or [`Error::Malformed`] at `rent.{i}`.
    pub fn loaded(&self, i: usize) -> Result<&RentLoad> {
        self.load(i)?.ok_or_else(|| missing(i))
    }

    /// Rent option `i`'s total at `factor`: an option billed every hour costs the same at every
    /// factor, and is priced once.
    pub fn rent_total(&self, i: usize, factor: Decimal) -> Result<Decimal> {
        let (Some(option), Some(load)) = (self.scenario.rent.get(i), self.load(i)?) else {
            return Ok(Decimal::ZERO);
        };
        let fixed = self.fixed.get(i).filter(|_| option.bills_every_hour());
        if let Some(total) = fixed.and_then(|c| c.get()) {
            return Ok(*total);
        }
        let peak = self.rent_peak(i);
        let total = rent_total_on(self.scenario, option, load, factor, peak, self.horizon)?;
        if let Some(cell) = fixed {
            let _ = cell.set(total);
        }
        Ok(total)
    }

    /// Keeps rent option `i`'s total from `costs` (priced at the scenario's load) for
    /// [`Pricer::rent_total`], if the option costs the same at every load.
    pub fn remember_total(&self, i: usize, costs: &RentCosts) -> Result<()> {
        let every_hour = self
            .scenario
            .rent
            .get(i)
            .is_some_and(RentOption::bills_every_hour);
        if every_hour && let Some(cell) = self.fixed.get(i) {
            let _ = cell.set(costs.series.total()?);
        }
        Ok(())
    }

    /// The factor at which a full month (730 h) is busy; `None` without load.
    pub fn full(&self) -> Result<Option<Decimal>> {
        if self.productive_hours.is_zero() {
            return Ok(None);
        }
        Ok(Some(div(HOURS_PER_MONTH, self.productive_hours, "load")?))
    }

    /// Rent option `i`'s warnings with their money in the display currency. Money in warnings
    /// is computed in the option's currency, before its series is converted; the report
    /// promises the display currency, rounded like every other reported amount.
    pub fn rent_warnings(&self, i: usize, warnings: Vec<Warning>) -> Result<Vec<Warning>> {
        let fx = self.rent_fx(i);
        warnings
            .into_iter()
            .map(|w| match w {
                Warning::SavingsPlanLoses { extra_per_month } => Ok(Warning::SavingsPlanLoses {
                    extra_per_month: round(fx.apply(extra_per_month)?),
                }),
                other => Ok(other),
            })
            .collect()
    }
}

fn cells<T>(n: usize) -> Vec<OnceCell<T>> {
    (0..n).map(|_| OnceCell::new()).collect()
}

fn missing(i: usize) -> Error {
    Error::Malformed {
        path: format!("rent.{i}"),
        problem: ReadProblem::NoSuchRentOption,
    }
}

/// Rent option `i` of the scenario.
pub(crate) fn rent_option(scenario: &Scenario, i: usize) -> Result<&RentOption> {
    scenario.rent.get(i).ok_or_else(|| missing(i))
}

/// The conversion of an amount in `currency` into the display currency.
pub(crate) fn fx(scenario: &Scenario, currency: Currency) -> Fx {
    let fin = &scenario.finance;
    currency.rate_to(fin.display_currency, fin.usd_per_eur)
}

/// The exact total the report rounds into `total`: the flows added up in the option's currency,
/// converted once.
pub(crate) fn line_sum(series: &Series) -> Result<Decimal> {
    series.total()
}

/// Moving the data out of the rented option the load runs on today, in the display currency.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SwitchPrice {
    /// The option the load runs on today.
    pub from_rent: usize,
    /// Data moved, GB (that option's `exit_data_gb`).
    pub data_gb: Decimal,
    /// What the option's transfer tiers charge for it.
    pub at_tiers: Decimal,
    /// What a full switch at the start pays: the tiers' price before 12 January 2027 (or with
    /// no start date), nothing from then (EU Data Act, Art. 29).
    pub full_switch: Decimal,
}

/// The switch of a scenario whose load runs on a rent option today; `None` for a new workload.
///
/// # Errors
/// On arithmetic overflow, or [`Error::Malformed`] for an option index past the list.
pub(crate) fn switch_price(scenario: &Scenario) -> Result<Option<SwitchPrice>> {
    let Some(k) = scenario.switching.from_rent else {
        return Ok(None);
    };
    let option = rent_option(scenario, k)?;
    let x = &option.extras;
    let at_tiers = fx(scenario, option.currency).apply(tiered(x.exit_data_gb, &x.egress_tiers)?)?;
    let charged = switching_charged(scenario.switching.start());
    Ok(Some(SwitchPrice {
        from_rent: k,
        data_gb: x.exit_data_gb,
        at_tiers,
        full_switch: if charged { at_tiers } else { Decimal::ZERO },
    }))
}

/// Own's costs with `gpus` GPUs serving `busy_gpu_hours` a month over `horizon` months, in the
/// display currency, paying `switch` (display currency) at month 0 for moving the data in.
fn own_costs(
    scenario: &Scenario,
    busy_gpu_hours: Decimal,
    gpus: u32,
    horizon: u32,
    switch: Decimal,
) -> Result<OwnCosts> {
    let mut c = scenario.own.costs(busy_gpu_hours, gpus, horizon)?;
    c.series.scale(fx(scenario, scenario.own.currency))?;
    c.series.once_converted(CostKind::Switching, 0, switch);
    Ok(c)
}

/// Own alone's costs as the report counts them: the full switch at the start, if the load is
/// rented today.
pub(crate) fn own_alone(
    scenario: &Scenario,
    busy_gpu_hours: Decimal,
    gpus: u32,
    horizon: u32,
) -> Result<OwnCosts> {
    let switch = switch_price(scenario)?.map_or(Decimal::ZERO, |s| s.full_switch);
    own_costs(scenario, busy_gpu_hours, gpus, horizon, switch)
}

/// A rent option's total on its `load` (on `factor` times as many days), provisioned for
/// `peak` GPUs, in the display currency, as [`rent_costs_on`] counts it (the sweeps' quick
/// form: no alternative plan, no figure for stopping).
fn rent_total_on(
    scenario: &Scenario,
    option: &RentOption,
    load: &RentLoad,
    factor: Decimal,
    peak: u32,
    horizon: u32,
) -> Result<Decimal> {
    let mut c = option.costs_alone(load, factor, peak, horizon)?;
    c.series.scale(fx(scenario, option.currency))?;
    c.series.total()
}

/// A rent option's costs on its `load` (on `factor` times as many days), provisioned for
/// `peak` GPUs, in the display currency. Stopping at the horizon adds moving the data out
/// (its `exit_data_gb` on its tiers), which is free from 12 January 2027 for a full switch.
pub(crate) fn rent_costs_on(
    scenario: &Scenario,
    option: &RentOption,
    load: &RentLoad,
    factor: Decimal,
    peak: u32,
    horizon: u32,
) -> Result<RentCosts> {
    let c = option.costs(load, factor, peak, horizon)?;
    with_exit(scenario, option, c, horizon)
}

/// [`rent_costs_on`] until a stop at month `months`, the option's plans chosen for the
/// scenario's horizon `plans_for` (a plan is signed at the start, whenever renting stops).
fn rent_costs_on_until(
    scenario: &Scenario,
    option: &RentOption,
    load: &RentLoad,
    peak: u32,
    months: u32,
    plans_for: u32,
) -> Result<RentCosts> {
    let c = option.costs_until(load, Decimal::ONE, peak, months, plans_for)?;
    with_exit(scenario, option, c, months)
}

/// `c` with the exit's transfer at `horizon` (where switching is charged then) and in the
/// display currency.
fn with_exit(
    scenario: &Scenario,
    option: &RentOption,
    mut c: RentCosts,
    horizon: u32,
) -> Result<RentCosts> {
    let exit = if switching_charged(scenario.switching.end(horizon)) {
        tiered(option.extras.exit_data_gb, &option.extras.egress_tiers)?
    } else {
        Decimal::ZERO
    };
    let rate = fx(scenario, option.currency);
    let one = |c: &mut RentCosts| -> Result<()> {
        c.stop.once(CostKind::Exit, horizon, exit);
        c.series.scale(rate)?;
        c.stop.scale(rate)
    };
    one(&mut c)?;
    if let Some(alt) = c.alternative.as_deref_mut() {
        one(alt)?;
    }
    Ok(c)
}
