//! Sensitivity of own against one rent option: a tornado of ±20 % on the key inputs, and a heat
//! map over productive share × cloud tariff.

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal_macros::dec;
use serde::Serialize;

use crate::check;
use crate::error::Result;
use crate::finance::{cumulative, discounted};
use crate::load::LoadProfile;
use crate::money::{Currency, d, div, mul, round, sub};
use crate::pricing::{Pricer, line_sum, rent_option};
use crate::rent::{Billing, RentOption};
use crate::scenario::{Checked, Scenario};
use crate::series::Series;
use crate::units::HOURS_PER_MONTH;

/// Most shares, and most tariffs, a heat map may ask for.
pub const MAX_HEAT_MAP_STEPS: usize = 64;

/// An input the tornado varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SensitivityInput {
    /// The rent option's price, with its spot and block prices in proportion
    /// ([`with_tariff`]), in the option's currency and price unit.
    RentTariff,
    /// Own purchase price per server, in own's currency.
    ServerPrice,
    /// Own power price per kWh, in own's currency.
    PowerPrice,
    /// Productive hours per month: the load pattern on 20 % fewer or more days.
    ProductiveHours,
    /// Own service life in whole years (±20 % rounded half up, kept within 1–10).
    ServiceLife,
    /// Own residual value, percent of the purchase price (kept within 0–100).
    ResidualValue,
    /// Annual discount rate, percent: ±20 % of the rate (kept within 0–30), or 0 and 2 when the
    /// scenario does not discount.
    DiscountRate,
    /// The rent option's yearly price change, percent: −25 % a year (AWS cut P5en by 25 % on
    /// 1 June 2025; P5 by 44 %) and 0 % (today's prices held), whatever the scenario's value.
    CloudPriceChange,
    /// Own staff hours per month: half and one and a half times the scenario's (the source's
    /// 0.1–0.3 FTE around the default 0.2 FTE).
    StaffHours,
}

/// The result at one value of a varied input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TornadoSide {
    /// The input's value, in its unit (see [`SensitivityInput`]).
    pub value: Decimal,
    /// Rent total − own total over the horizon, both in present value at this side's discount
    /// rate (at 0 %: the report's `savings_with_own`). Positive: owning saves that much.
    pub savings: Decimal,
    /// First month from which own's cumulative cost (discounted at this side's rate, if any)
    /// stays at or below the rent option's; `null` = never within the horizon.
    pub break_even_month: Option<u32>,
}

/// One bar of the tornado.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TornadoBar {
    /// What is varied.
    pub input: SensitivityInput,
    /// At the lower value (−20 %, or the input's own range: see [`SensitivityInput`]).
    pub low: TornadoSide,
    /// At the scenario's value.
    pub base: TornadoSide,
    /// At the higher value (+20 %, or the input's own range).
    pub high: TornadoSide,
    /// Size of the effect: |high savings − low savings|. Bars come largest first.
    pub swing: Decimal,
}

/// Which option costs less.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cheaper {
    /// Own costs less.
    Own,
    /// The rent option costs less.
    Rent,
    /// Both cost the same.
    Same,
}

/// One point of the heat map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeatCell {
    /// Productive share, 0–1.
    pub share: Decimal,
    /// The rent option's price, in its currency and price unit.
    pub tariff: Decimal,
    /// Own's total over the horizon.
    pub own_total: Decimal,
    /// The rent option's total over the horizon.
    pub rent_total: Decimal,
    /// Rent total − own total (positive: owning saves that much).
    pub savings: Decimal,
    /// Which option costs less.
    pub cheaper: Cheaper,
}

/// Own against one rent option over productive share × tariff.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeatMap {
    /// Currency of every amount (the tariffs are in the option's own currency).
    pub currency: Currency,
    /// The rent option (index into the scenario's `rent`).
    pub rent_index: usize,
    /// One row per share, in the order asked, each with one cell per tariff; empty when the
    /// scenario has no load (there is no pattern to scale).
    pub cells: Vec<Vec<HeatCell>>,
    /// The scenario as it is: its productive share, the option's price, and the report's numbers.
    pub current: HeatCell,
}

/// A rent option at another price: `price` becomes `tariff`, and the spot price (spot batch) and
/// block price (capacity blocks) change in the same proportion, so the option's price structure
/// is kept. With a price of 0 only the price changes. Everything else (extras, setup fees,
/// savings-plan ratios) stays.
///
/// # Errors
/// On arithmetic overflow.
pub fn with_tariff(option: &RentOption, tariff: Decimal) -> Result<RentOption> {
    let path = "rent.price";
    let mut o = option.clone();
    if !option.price.is_zero() && tariff != option.price {
        let factor = div(tariff, option.price, path)?;
        match &mut o.billing {
            Billing::SpotBatch { spot_price, .. } => *spot_price = mul(*spot_price, factor, path)?,
            Billing::CapacityBlock { block_price, .. } => {
                *block_price = mul(*block_price, factor, path)?;
            }
            _ => {}
        }
    }
    o.price = tariff;
    Ok(o)
}

/// Savings of own against rent option `rent_index` with each key input 20 % lower and higher
/// (the cloud's price change and the staff hours over their sources' ranges), largest effect
/// first.
///
/// The inputs are those of [`SensitivityInput`]. Each side is the scenario with that one input
/// changed, priced by the same code as [`crate::evaluate`]; the productive hours change by
/// putting the load pattern on 0.8 or 1.2 times as many days (the break-even share's family; the
/// peak stays). With `horizon_months` left empty the horizon follows the service life, as in the
/// scenario. Savings are rent total − own total in present value at each side's discount rate,
/// which at 0 % is the plain difference of totals; the ranking is by swing, ties in the order of
/// [`SensitivityInput`].
///
/// # Errors
/// The first invalid field, [`crate::Error::Malformed`] at `rent.{rent_index}` when there is no
/// such option, or an arithmetic overflow.
///
/// # Panics
/// Never.
pub fn tornado(scenario: &Scenario, rent_index: usize) -> Result<Vec<TornadoBar>> {
    scenario.check()?.tornado(rent_index)
}

impl Checked<'_> {
    /// [`tornado`] on a scenario checked once ([`Scenario::check`]).
    ///
    /// # Errors
    /// [`crate::Error::Malformed`] at `rent.{rent_index}` when there is no such option, or an
    /// arithmetic overflow.
    pub fn tornado(&self, rent_index: usize) -> Result<Vec<TornadoBar>> {
        let scenario = self.scenario();
        let option = rent_option(scenario, rent_index)?;
        let profile = self.profile();
        // The scenario as it is, priced once: a side that varies only own's inputs reuses the
        // rent option's costs, one that varies only the option's reuses own's, and the discount
        // rate reuses both (it changes only how they are discounted).
        let (own, rent, factors) = priced(scenario, rent_index, profile)?;
        let base = compare(&own, &rent, factors.is_some(), Decimal::ZERO)?;
        let hours = profile.productive_hours()?;
        let inputs: [(SensitivityInput, Decimal); 9] = [
            (SensitivityInput::RentTariff, option.price),
            (SensitivityInput::ServerPrice, scenario.own.price_per_server),
            (
                SensitivityInput::PowerPrice,
                scenario.own.energy.price_per_kwh,
            ),
            (SensitivityInput::ProductiveHours, hours),
            (
                SensitivityInput::ServiceLife,
                d(scenario.own.service_life_years),
            ),
            (
                SensitivityInput::ResidualValue,
                scenario.own.residual_percent,
            ),
            (
                SensitivityInput::DiscountRate,
                scenario.finance.discount_rate_percent,
            ),
            (
                SensitivityInput::CloudPriceChange,
                option.extras.yearly_price_change_percent,
            ),
            (
                SensitivityInput::StaffHours,
                scenario.own.staff_hours_per_month,
            ),
        ];
        let mut bars = Vec::with_capacity(inputs.len());
        for (input, value) in inputs {
            let at = |factor: Decimal| -> Result<TornadoSide> {
                let v = value_at(input, value, factor)?;
                if input == SensitivityInput::ProductiveHours {
                    // The same pattern on `factor` times as many days: `factor` times the hours.
                    return side(scenario, rent_index, &profile.scaled(factor)?, round(v));
                }
                let mut s = scenario.clone();
                set(&mut s, rent_index, input, v)?;
                let v = round(v);
                let f = factors.as_deref();
                match input {
                    // Own's price, power, residual value and staff: the option's costs (and the
                    // horizon, which follows the service life) stay as they are.
                    SensitivityInput::ServerPrice
                    | SensitivityInput::PowerPrice
                    | SensitivityInput::ResidualValue
                    | SensitivityInput::StaffHours => {
                        let own =
                            Priced::of(Pricer::new(&s, profile)?.own(Decimal::ONE)?.series, f)?;
                        compare(&own, &rent, f.is_some(), v)
                    }
                    // The option's price and its yearly change: own's costs stay as they are.
                    SensitivityInput::RentTariff | SensitivityInput::CloudPriceChange => {
                        let pricer = Pricer::new(&s, profile)?;
                        let costs = pricer.rent_as(rent_index, pricer.option(rent_index)?)?;
                        compare(&own, &Priced::of(costs.series, f)?, f.is_some(), v)
                    }
                    // The same costs, discounted at another rate.
                    SensitivityInput::DiscountRate => {
                        let at = s.finance.factors(s.horizon_months())?;
                        let at = at.as_deref();
                        compare(&own.at(at)?, &rent.at(at)?, at.is_some(), v)
                    }
                    _ => side(&s, rent_index, profile, v),
                }
            };
            let (low, high) = (at(dec!(0.8))?, at(dec!(1.2))?);
            bars.push(TornadoBar {
                input,
                swing: round(sub(high.savings, low.savings, "sensitivity")?.abs()),
                base: TornadoSide {
                    value: round(value),
                    ..base.clone()
                },
                low,
                high,
            });
        }
        // A stable sort: equal swings keep the order of the inputs.
        crate::order::sort_by_key(&mut bars, |b| core::cmp::Reverse(b.swing));
        Ok(bars)
    }
}

/// Sets `input` of scenario `s` (rent option `i` for the tariff) to `v`.
fn set(s: &mut Scenario, i: usize, input: SensitivityInput, v: Decimal) -> Result<()> {
    match input {
        SensitivityInput::RentTariff => {
            if let Some(o) = s.rent.get_mut(i) {
                *o = with_tariff(o, v)?;
            }
        }
        SensitivityInput::ServerPrice => s.own.price_per_server = v,
        SensitivityInput::PowerPrice => s.own.energy.price_per_kwh = v,
        SensitivityInput::ServiceLife => {
            s.own.service_life_years = v.to_u32().unwrap_or(s.own.service_life_years);
        }
        SensitivityInput::ResidualValue => s.own.residual_percent = v,
        SensitivityInput::DiscountRate => s.finance.discount_rate_percent = v,
        SensitivityInput::CloudPriceChange => {
            if let Some(o) = s.rent.get_mut(i) {
                o.extras.yearly_price_change_percent = v;
            }
        }
        SensitivityInput::StaffHours => s.own.staff_hours_per_month = v,
        // Varied through the profile, not the scenario.
        SensitivityInput::ProductiveHours => {}
    }
    Ok(())
}

/// The value of `input` at `factor` (0.8 or 1.2) of `value`, kept within the input's range.
fn value_at(input: SensitivityInput, value: Decimal, factor: Decimal) -> Result<Decimal> {
    let p = "sensitivity";
    let scaled = mul(value, factor, p)?;
    Ok(match input {
        SensitivityInput::ServiceLife => {
            // Whole years, rounded half up: 5 → 4 and 6, 3 → 2 and 4, 1 → 1 and 1.
            let years = value.to_u32().unwrap_or(1);
            let tenths = if factor > Decimal::ONE { 12 } else { 8 };
            d(((years * tenths + 5) / 10).clamp(1, 10))
        }
        SensitivityInput::ResidualValue => scaled.min(Decimal::ONE_HUNDRED),
        SensitivityInput::DiscountRate if value.is_zero() => {
            if factor > Decimal::ONE {
                Decimal::TWO
            } else {
                Decimal::ZERO
            }
        }
        SensitivityInput::DiscountRate => scaled.min(dec!(30)),
        SensitivityInput::CloudPriceChange => {
            if factor > Decimal::ONE {
                crate::ranges::CLOUD_PRICE_CHANGE_RANGE.high
            } else {
                crate::ranges::CLOUD_PRICE_CHANGE_RANGE.low
            }
        }
        SensitivityInput::StaffHours => {
            let half = if factor > Decimal::ONE {
                dec!(1.5)
            } else {
                dec!(0.5)
            };
            mul(value, half, p)?.min(dec!(744))
        }
        _ => scaled,
    })
}

/// Own against rent option `i` on `profile`, as [`crate::evaluate_profile`] computes them:
/// savings from the rounded totals (or present values), the break-even month from the rounded
/// (discounted) cumulative costs.
fn side(s: &Scenario, i: usize, profile: &LoadProfile, value: Decimal) -> Result<TornadoSide> {
    let (own, rent, factors) = priced(s, i, profile)?;
    compare(&own, &rent, factors.is_some(), value)
}

/// Own's and rent option `i`'s costs on `profile`, with the scenario's discount factors (none
/// at 0 %).
fn priced(
    s: &Scenario,
    i: usize,
    profile: &LoadProfile,
) -> Result<(Priced, Priced, Option<Vec<Decimal>>)> {
    let pricer = Pricer::new(s, profile)?;
    let factors = s.finance.factors(pricer.horizon)?;
    let f = factors.as_deref();
    let own = Priced::of(pricer.own(Decimal::ONE)?.series, f)?;
    let rent = Priced::of(pricer.rent_as(i, pricer.option(i)?)?.series, f)?;
    Ok((own, rent, factors))
}

/// One side's costs by month and cumulated (discounted by the factors it was priced with).
struct Priced {
    series: Series,
    curve: Vec<Decimal>,
}

impl Priced {
    fn of(series: Series, factors: Option<&[Decimal]>) -> Result<Priced> {
        let curve = cumulative_of(&series, factors)?;
        Ok(Priced { series, curve })
    }

    /// The same costs discounted by `factors` instead.
    fn at(&self, factors: Option<&[Decimal]>) -> Result<Priced> {
        Ok(Priced {
            series: self.series.clone(),
            curve: cumulative_of(&self.series, factors)?,
        })
    }

    /// The total as the report rounds it: the present value when discounted, else the sum.
    fn total(&self, discounted: bool) -> Result<Decimal> {
        Ok(round(if discounted {
            self.curve.last().copied().unwrap_or_default()
        } else {
            line_sum(&self.series)?
        }))
    }
}

/// Own against rent: savings from the rounded totals (present values when `discounted`), the
/// break-even month from the rounded cumulative costs.
fn compare(own: &Priced, rent: &Priced, discounted: bool, value: Decimal) -> Result<TornadoSide> {
    Ok(TornadoSide {
        value,
        savings: round(sub(
            rent.total(discounted)?,
            own.total(discounted)?,
            "savings",
        )?),
        break_even_month: rounded_break_even(&own.curve, &rent.curve),
    })
}

/// Cumulative cost by month, discounted by `factors` if given (not rounded: see
/// [`rounded_break_even`]).
fn cumulative_of(series: &Series, factors: Option<&[Decimal]>) -> Result<Vec<Decimal>> {
    let months = series.month_totals(|_| true)?;
    let flow = match factors {
        Some(f) => discounted(&months, f)?,
        None => months,
    };
    cumulative(&flow)
}

/// [`crate::finance::break_even_month`] of the two curves rounded as the report rounds them,
/// rounding only the months it compares (from the horizon back: a tornado prices some twenty
/// sides, each side's curves a value a month; rounding every value was most of its time).
fn rounded_break_even(own: &[Decimal], rent: &[Decimal]) -> Option<u32> {
    crate::finance::break_even_month_by(own, rent, |o, r| round(*o) <= round(*r))
}

/// The page's heat-map grid: productive shares 10 %, 20 %, … 100 % and tariffs from a quarter
/// to twice rent option `rent_index`'s price in eighths (8 steps).
///
/// # Errors
/// [`crate::Error::Malformed`] at `rent.{rent_index}` when there is no such option, or an
/// arithmetic overflow.
pub fn heat_map_grid(
    scenario: &Scenario,
    rent_index: usize,
) -> Result<(Vec<Decimal>, Vec<Decimal>)> {
    let option = rent_option(scenario, rent_index)?;
    let shares = (1..=10u32)
        .map(|i| crate::money::div(Decimal::from(i), Decimal::TEN, "shares"))
        .collect::<Result<Vec<_>>>()?;
    let tariffs = (1..=8u32)
        .map(|i| {
            crate::money::mul(
                option.price,
                crate::money::div(Decimal::from(i), Decimal::from(4u32), "tariffs")?,
                "tariffs",
            )
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((shares, tariffs))
}

/// Own against rent option `rent_index` at every productive share in `shares` (rows) and every
/// price of the option in `tariffs` (columns), plus the scenario as it is.
///
/// A share `σ` puts the calendar's load pattern on `σ × 730 / productive hours` times as many
/// days ([`LoadProfile::scaled`]; the peak stays, share 0 is no load at all); a tariff is the
/// option's price as [`with_tariff`] sets it. Each cell holds the numbers [`crate::evaluate_profile`]
/// reports for that scenario on that profile (`savings` = that option's `savings_with_own`),
/// undiscounted, whether or not the scaled profile would pass [`LoadProfile::validate`] (more
/// than 30.4167 days a month at high shares).
///
/// # Errors
/// The first invalid field; [`crate::Error::TooMany`] at `shares` or `tariffs` for more than
/// [`MAX_HEAT_MAP_STEPS`] values; [`crate::Error::OutOfRange`] at `shares.{i}` (0–1) or
/// `tariffs.{j}` (0–1,000,000); [`crate::Error::Malformed`] at `rent.{rent_index}` when there is
/// no such option; or an arithmetic overflow.
///
/// # Panics
/// Never.
pub fn heat_map(
    scenario: &Scenario,
    rent_index: usize,
    shares: &[Decimal],
    tariffs: &[Decimal],
) -> Result<HeatMap> {
    scenario.check()?.heat_map(rent_index, shares, tariffs)
}

impl Checked<'_> {
    /// [`heat_map`] on a scenario checked once ([`Scenario::check`]).
    ///
    /// # Errors
    /// As [`heat_map`], except the scenario's fields, checked already.
    pub fn heat_map(
        &self,
        rent_index: usize,
        shares: &[Decimal],
        tariffs: &[Decimal],
    ) -> Result<HeatMap> {
        let scenario = self.scenario();
        let option = rent_option(scenario, rent_index)?;
        check::count("shares", shares.len(), MAX_HEAT_MAP_STEPS)?;
        check::count("tariffs", tariffs.len(), MAX_HEAT_MAP_STEPS)?;
        for (i, s) in shares.iter().enumerate() {
            check::range(
                check::Lazy(|| format!("shares.{i}")),
                *s,
                Decimal::ZERO,
                Decimal::ONE,
            )?;
        }
        for (j, t) in tariffs.iter().enumerate() {
            check::range(
                check::Lazy(|| format!("tariffs.{j}")),
                *t,
                Decimal::ZERO,
                dec!(1000000),
            )?;
        }
        let options = tariffs
            .iter()
            .map(|t| with_tariff(option, *t))
            .collect::<Result<Vec<_>>>()?;
        let profile = self.profile();
        let hours = profile.productive_hours()?;

        // One row of cells on one profile: own once, the option's load once, its costs per tariff.
        let row = |profile: &LoadProfile, share: Decimal, options: &[RentOption]| {
            let pricer = Pricer::new(scenario, profile)?;
            let own = round(line_sum(&pricer.own(Decimal::ONE)?.series)?);
            options
                .iter()
                .map(|o| {
                    let rent = round(line_sum(&pricer.rent_as(rent_index, o)?.series)?);
                    let savings = round(sub(rent, own, "savings")?);
                    Ok(HeatCell {
                        share,
                        tariff: o.price,
                        own_total: own,
                        rent_total: rent,
                        savings,
                        cheaper: match savings.cmp(&Decimal::ZERO) {
                            core::cmp::Ordering::Greater => Cheaper::Own,
                            core::cmp::Ordering::Less => Cheaper::Rent,
                            core::cmp::Ordering::Equal => Cheaper::Same,
                        },
                    })
                })
                .collect::<Result<Vec<_>>>()
        };

        let share_now =
            round(div(hours, HOURS_PER_MONTH, "load.productive_share")?.min(Decimal::ONE));
        let current = row(profile, share_now, core::slice::from_ref(option))?
            .into_iter()
            .next()
            .ok_or_else(|| crate::Error::Overflow {
                path: "heat_map".into(),
            })?;
        let mut cells = Vec::with_capacity(shares.len());
        if !hours.is_zero() {
            for share in shares {
                let factor = div(mul(*share, HOURS_PER_MONTH, "heat_map")?, hours, "heat_map")?;
                cells.push(row(&profile.scaled(factor)?, *share, &options)?);
            }
        }
        Ok(HeatMap {
            currency: scenario.finance.display_currency,
            rent_index,
            cells,
            current,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_break_even_of_rounded_curves_rounds_only_what_it_compares() {
        use crate::finance::break_even_month;
        let curves: [(&[Decimal], &[Decimal]); 5] = [
            (
                &[dec!(10), dec!(11.004), dec!(12), dec!(13)],
                &[dec!(0), dec!(11), dec!(12.5), dec!(14)],
            ),
            (
                &[dec!(10), dec!(11), dec!(15)],
                &[dec!(0), dec!(12), dec!(14)],
            ),
            (&[dec!(0), dec!(1)], &[dec!(0), dec!(1.004)]),
            (&[dec!(5), dec!(4), dec!(6)], &[dec!(5), dec!(3), dec!(7)]),
            (&[], &[]),
        ];
        for (own, rent) in curves {
            let r = |c: &[Decimal]| c.iter().copied().map(round).collect::<Vec<_>>();
            assert_eq!(
                rounded_break_even(own, rent),
                break_even_month(&r(own), &r(rent)),
                "{own:?} {rent:?}"
            );
        }
        assert_eq!(
            rounded_break_even(&[dec!(10), dec!(11)], &[dec!(0), dec!(12)]),
            Some(1)
        );
        assert_eq!(
            rounded_break_even(&[dec!(10), dec!(15)], &[dec!(0), dec!(14)]),
            None
        );
    }
}
