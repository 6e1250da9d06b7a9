//! One way to price an option: its costs in the display currency, with what the scenario says
//! about switching at the start and stopping at the horizon. The report, the hybrid, the cash
//! flow and the sensitivity all price through here, so they agree to the cent.

use rust_decimal::Decimal;

use crate::error::{Error, ReadProblem, Result};
use crate::money::{Currency, Fx};
use crate::own::OwnCosts;
use crate::rent::{RentCosts, RentLoad, RentOption, tiered};
use crate::scenario::Scenario;
use crate::series::{CostKind, Series};
use crate::switching::switching_charged;

/// Rent option `i` of the scenario.
pub(crate) fn rent_option(scenario: &Scenario, i: usize) -> Result<&RentOption> {
    scenario.rent.get(i).ok_or_else(|| Error::Malformed {
        path: format!("rent.{i}"),
        problem: ReadProblem::NoSuchRentOption,
    })
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
pub(crate) fn own_costs(
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
pub(crate) fn rent_total_on(
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
    let mut c = option.costs(load, factor, peak, horizon)?;
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
