//! The finance view: cash flow by year, undiscounted and discounted, and what own costs if the
//! servers are sold early.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::error::Result;
use crate::finance::discounted;
use crate::money::{Currency, add, d, div, mul, round, sub};
use crate::own::resale_fraction;
use crate::pricing::{Pricer, line_sum};
use crate::scenario::{Checked, Scenario};
use crate::series::{CostKind, Series};

/// Cash flow of every option by year of the horizon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CashFlow {
    /// Currency of every amount.
    pub currency: Currency,
    /// Months compared.
    pub horizon_months: u32,
    /// Annual discount rate of the discounted amounts, percent (0: none are given).
    pub discount_rate_percent: Decimal,
    /// The own servers.
    pub own: OwnCashFlow,
    /// Each rent option, in scenario order.
    pub rent: Vec<RentCashFlow>,
}

/// Own's cash flow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnCashFlow {
    /// The option's label.
    pub label: String,
    /// Year 0 (month 0, paid up front), then years 1, 2, … (the last one may be shorter).
    pub years: Vec<OwnYear>,
}

/// One year of own's cash flow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnYear {
    /// 0 for the up-front payments, then 1, 2, ….
    pub year: u32,
    /// First month of the year (0 for year 0).
    pub first_month: u32,
    /// Last month of the year.
    pub last_month: u32,
    /// Amounts as paid.
    pub amounts: OwnAmounts,
    /// Amounts discounted to month 0; `null` when the discount rate is 0.
    pub discounted: Option<OwnAmounts>,
}

/// Own's amounts in one year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnAmounts {
    /// Servers bought for cash, and setup.
    pub purchase: Decimal,
    /// Loan or lease payments, and a balance repaid at the horizon.
    pub loan: Decimal,
    /// Licences, energy, colocation, support and staff.
    pub running: Decimal,
    /// Resale at the end of a service life, and the market value of the servers still held at
    /// the horizon (negative: money back).
    pub resale: Decimal,
    /// The sum of the above.
    pub total: Decimal,
}

/// A rent option's cash flow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RentCashFlow {
    /// The option's label.
    pub label: String,
    /// Year 0 (month 0), then years 1, 2, ….
    pub years: Vec<RentYear>,
}

/// One year of a rent option's cash flow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RentYear {
    /// 0 for the up-front payments, then 1, 2, ….
    pub year: u32,
    /// First month of the year (0 for year 0).
    pub first_month: u32,
    /// Last month of the year.
    pub last_month: u32,
    /// Amounts as paid.
    pub amounts: RentAmounts,
    /// Amounts discounted to month 0; `null` when the discount rate is 0.
    pub discounted: Option<RentAmounts>,
}

/// A rent option's amounts in one year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RentAmounts {
    /// Compute, storage, transfer, support and the other running charges.
    pub running: Decimal,
    /// Setup fees, terms and commitments owed at the end, and the exit.
    pub one_time: Decimal,
    /// The sum of the above.
    pub total: Decimal,
}

/// Own's total if the servers are sold at a given month.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResalePoint {
    /// Month of the sale, 0–horizon.
    pub month: u32,
    /// The fleet's value then, percent of its purchase price ([`resale_fraction`]).
    pub value_percent: Decimal,
    /// The money the sale brings.
    pub resale: Decimal,
    /// Own's total up to that month, with the sale (and any loan balance repaid).
    pub own_total: Decimal,
    /// That total / productive GPU-hours up to that month; `null` at month 0 or without load.
    pub cost_per_productive_gpu_hour: Option<Decimal>,
}

impl OwnCashFlow {
    /// The years added up, as paid (`discounted` false) or discounted to month 0; `None` when
    /// discounted amounts are asked for and the discount rate is 0. The totals equal the report's
    /// `total` and `npv` (see [`cash_flow_by_year`] on rounding).
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn sum(&self, discounted: bool) -> Result<Option<OwnAmounts>> {
        let zero = Decimal::ZERO;
        let start = OwnAmounts {
            purchase: zero,
            loan: zero,
            running: zero,
            resale: zero,
            total: zero,
        };
        let years = self
            .years
            .iter()
            .map(|y| (&y.amounts, y.discounted.as_ref()));
        sum_years(years, discounted, start, |acc, a| {
            let p = "cash_flow";
            Ok(OwnAmounts {
                purchase: add(acc.purchase, a.purchase, p)?,
                loan: add(acc.loan, a.loan, p)?,
                running: add(acc.running, a.running, p)?,
                resale: add(acc.resale, a.resale, p)?,
                total: add(acc.total, a.total, p)?,
            })
        })
    }
}

impl RentCashFlow {
    /// The years added up, as paid or discounted to month 0; `None` when discounted amounts are
    /// asked for and the discount rate is 0. The totals equal the report's `total` and `npv`.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub fn sum(&self, discounted: bool) -> Result<Option<RentAmounts>> {
        let zero = Decimal::ZERO;
        let start = RentAmounts {
            running: zero,
            one_time: zero,
            total: zero,
        };
        let years = self
            .years
            .iter()
            .map(|y| (&y.amounts, y.discounted.as_ref()));
        sum_years(years, discounted, start, |acc, a| {
            let p = "cash_flow";
            Ok(RentAmounts {
                running: add(acc.running, a.running, p)?,
                one_time: add(acc.one_time, a.one_time, p)?,
                total: add(acc.total, a.total, p)?,
            })
        })
    }
}

/// Adds up years given as (amounts as paid, discounted amounts) with `plus`, from `start`;
/// `None` when discounted amounts are asked for and a year has none.
fn sum_years<'a, A: 'a>(
    years: impl Iterator<Item = (&'a A, Option<&'a A>)>,
    discounted: bool,
    start: A,
    plus: impl Fn(&A, &A) -> Result<A>,
) -> Result<Option<A>> {
    let mut acc = start;
    for (paid, disc) in years {
        let Some(a) = (if discounted { disc } else { Some(paid) }) else {
            return Ok(None);
        };
        acc = plus(&acc, a)?;
    }
    Ok(Some(acc))
}

/// Every option's payments by year: year 0 is month 0 (paid up front), year `y` months
/// `12(y−1)+1` to `12y` (the last year ends at the horizon). Own splits into purchase, loan,
/// running costs and resale; each rent option into running and one-time amounts. With a discount
/// rate, the same amounts discounted to month 0 as the report discounts them (monthly, at
/// rate / 12).
///
/// Rounding: each year is the difference of the rounded running sums at its ends, so the years
/// add up exactly to the report's `total` (undiscounted) and `npv` (discounted); likewise for
/// purchase, loan, resale and one-time amounts, and running costs take what is left of the
/// year's total (at most a few 0.0001 of rounding).
///
/// # Errors
/// The first invalid field, or an arithmetic overflow.
///
/// # Panics
/// Never.
pub fn cash_flow_by_year(scenario: &Scenario) -> Result<CashFlow> {
    scenario.check()?.cash_flow_by_year()
}

impl Checked<'_> {
    /// [`cash_flow_by_year`] on a scenario checked once ([`Scenario::check`]).
    ///
    /// # Errors
    /// An arithmetic overflow.
    pub fn cash_flow_by_year(&self) -> Result<CashFlow> {
        let (scenario, profile) = (self.scenario(), self.profile());
        let pricer = Pricer::new(scenario, profile)?;
        let horizon = pricer.horizon;
        let rate = scenario.finance.discount_rate_percent;
        let factors = scenario.finance.factors(horizon)?;
        let f = factors.as_deref();

        let own = pricer.own(Decimal::ONE)?;
        let own_years = by_year(&own.series, f, own_category)?
            .into_iter()
            .map(|(year, first_month, last_month, plain, disc)| {
                let amounts = |[purchase, loan, resale, running, total]: [Decimal; 5]| OwnAmounts {
                    purchase,
                    loan,
                    running,
                    resale,
                    total,
                };
                OwnYear {
                    year,
                    first_month,
                    last_month,
                    amounts: amounts(plain),
                    discounted: disc.map(amounts),
                }
            })
            .collect();

        let mut rent = Vec::with_capacity(scenario.rent.len());
        for (i, option) in scenario.rent.iter().enumerate() {
            let Some(costs) = pricer.rent(i, Decimal::ONE)? else {
                continue;
            };
            let years = by_year(&costs.series, f, rent_category)?
                .into_iter()
                .map(|(year, first_month, last_month, plain, disc)| {
                    let amounts = |[one_time, _, _, running, total]: [Decimal; 5]| RentAmounts {
                        running,
                        one_time,
                        total,
                    };
                    RentYear {
                        year,
                        first_month,
                        last_month,
                        amounts: amounts(plain),
                        discounted: disc.map(amounts),
                    }
                })
                .collect();
            rent.push(RentCashFlow {
                label: option.label.clone(),
                years,
            });
        }

        Ok(CashFlow {
            currency: scenario.finance.display_currency,
            horizon_months: horizon,
            discount_rate_percent: rate,
            own: OwnCashFlow {
                label: scenario.own.label.clone(),
                years: own_years,
            },
            rent,
        })
    }
}

/// Categories 0–2 are rounded on their own; category 3 (running) takes the rest of the year.
const CATEGORIES: usize = 3;

fn own_category(kind: CostKind) -> Option<usize> {
    match kind {
        CostKind::Hardware | CostKind::Setup => Some(0),
        CostKind::LoanPayments | CostKind::LoanBalance => Some(1),
        // The market value of servers still held at the horizon is a resale too: it is credited
        // as if they were sold then (it was booked as negative running costs).
        CostKind::Residual | CostKind::ValueAtHorizon => Some(2),
        _ => None,
    }
}

fn rent_category(kind: CostKind) -> Option<usize> {
    kind.is_one_time().then_some(0)
}

/// A year's `[cat 0, cat 1, cat 2, rest, total]`, as paid and discounted.
type YearRow = (u32, u32, u32, [Decimal; 5], Option<[Decimal; 5]>);

fn by_year(
    series: &Series,
    factors: Option<&[Decimal]>,
    category: fn(CostKind) -> Option<usize>,
) -> Result<Vec<YearRow>> {
    let horizon = series.horizon;
    let p = "cash_flow";
    let all = series.month_totals(|_| true)?;
    let parts = (0..CATEGORIES)
        .map(|c| series.month_totals(|k| category(k) == Some(c)))
        .collect::<Result<Vec<_>>>()?;
    // The year ends: month 0, 12, 24, … and the horizon.
    let mut ends = vec![0u32];
    let mut e = 12;
    while e < horizon {
        ends.push(e);
        e += 12;
    }
    if horizon > 0 {
        ends.push(horizon);
    }

    // Rounded running sums at the year ends, for the total and each category; undiscounted the
    // total ends on the report's total (its lines' sum) rather than the monthly sum.
    let anchors = |months: &[Decimal], last: Option<Decimal>| -> Result<Vec<Decimal>> {
        let mut acc = Decimal::ZERO;
        let mut out = Vec::with_capacity(ends.len());
        let mut next = ends.iter().peekable();
        for (m, a) in (0u32..).zip(months) {
            acc = add(acc, *a, p)?;
            if next.peek().is_some_and(|e| **e == m) {
                next.next();
                out.push(round(acc));
            }
        }
        if let (Some(total), Some(slot)) = (last, out.last_mut()) {
            *slot = round(total);
        }
        Ok(out)
    };
    let rows = |all: &[Decimal], parts: &[Vec<Decimal>], last: Option<Decimal>| {
        let total = anchors(all, last)?;
        let cats = parts
            .iter()
            .map(|m| anchors(m, None))
            .collect::<Result<Vec<_>>>()?;
        let diff = |v: &[Decimal], i: usize| -> Result<Decimal> {
            let now = v.get(i).copied().unwrap_or_default();
            match i.checked_sub(1).and_then(|j| v.get(j)) {
                Some(before) => sub(now, *before, p),
                None => Ok(now),
            }
        };
        (0..ends.len())
            .map(|i| {
                let mut row = [Decimal::ZERO; 5];
                let year_total = diff(&total, i)?;
                let mut rest = year_total;
                for (slot, c) in row.iter_mut().zip(&cats) {
                    *slot = diff(c, i)?;
                    rest = sub(rest, *slot, p)?;
                }
                row[CATEGORIES] = rest;
                row[CATEGORIES + 1] = year_total;
                Ok(row)
            })
            .collect::<Result<Vec<_>>>()
    };

    let plain = rows(&all, &parts, Some(line_sum(series)?))?;
    let discounted = match factors {
        Some(f) => {
            let parts = parts
                .iter()
                .map(|m| discounted(m, f))
                .collect::<Result<Vec<_>>>()?;
            Some(rows(&discounted(&all, f)?, &parts, None)?)
        }
        None => None,
    };
    let mut out = Vec::with_capacity(ends.len());
    for (i, (e, row)) in ends.iter().zip(plain).enumerate() {
        let year = i as u32;
        let first = if year == 0 { 0 } else { (year - 1) * 12 + 1 };
        let disc = discounted.as_ref().and_then(|d| d.get(i).copied());
        out.push((year, first, *e, row, disc));
    }
    Ok(out)
}

/// Own's total if the servers are sold at month `m`, for every `m` from 0 to the horizon.
///
/// Up to month `m`, own costs what the report counts over a horizon of `m` months: servers
/// bought at month 0 and replaced at each end of life before `m`, a loan balance repaid at `m`,
/// the residual credited at each end of life up to `m`. Servers still held at `m` are sold at
/// `purchase × resale_fraction(age)` ([`resale_fraction`]); at an end of life that is the
/// residual already credited. With running costs that are never negative, the total never falls
/// from one month to the next.
///
/// # Errors
/// The first invalid field, or an arithmetic overflow.
///
/// # Panics
/// Never.
pub fn residual_curve(scenario: &Scenario) -> Result<Vec<ResalePoint>> {
    scenario.validate()?;
    let profile = scenario.calendar.profile()?;
    let pricer = Pricer::new(scenario, &profile)?;
    let horizon = pricer.horizon;
    let busy = pricer.busy_gpu_hours;
    let own = &scenario.own;
    let life = own.service_life_years.max(1) * 12;
    let rate = pricer.own_fx;
    let p = "residual_curve";
    let mut out = Vec::with_capacity(horizon as usize + 1);
    for month in 0..=horizon {
        // Own over a horizon of `month` months credits the servers' value then: the sale.
        let costs = pricer.own_until(month)?;
        let held = month == 0 || !month.is_multiple_of(life);
        let age = if held { month % life } else { life };
        let fraction = resale_fraction(own.service_life_years, own.residual_percent, age)?;
        let resale = mul(rate.apply(costs.purchase)?, fraction, p)?;
        let total = line_sum(&costs.series)?;
        let hours = mul(busy, d(month), p)?;
        out.push(ResalePoint {
            month,
            value_percent: round(mul(fraction, Decimal::ONE_HUNDRED, p)?),
            resale: round(resale),
            own_total: round(total),
            cost_per_productive_gpu_hour: if hours.is_zero() {
                None
            } else {
                Some(round(div(total, hours, p)?))
            },
        });
    }
    Ok(out)
}

/// A rent option's total if it is stopped at month `m`, for every `m` from 0 to the horizon: the
/// report's figure for stopping at a horizon of `m` months, so a term or commitment still running
/// at `m` is owed in full there, the data moves out at `m` (free from 12 January 2027 under the
/// EU Data Act) and a minimum term counts whole. This is the rent side to set against
/// [`residual_curve`] (own sold at `m`).
///
/// # Errors
/// The first invalid field, [`crate::Error::Malformed`] at `rent.{rent_index}` when there is no
/// such option, or an arithmetic overflow.
///
/// # Panics
/// Never.
pub fn stop_curve(scenario: &Scenario, rent_index: usize) -> Result<Vec<Decimal>> {
    scenario.validate()?;
    let profile = scenario.calendar.profile()?;
    let pricer = Pricer::new(scenario, &profile)?;
    (0..=pricer.horizon)
        .map(|m| {
            let costs = pricer.rent_until(rent_index, m)?;
            Ok(round(add(
                line_sum(&costs.series)?,
                line_sum(&costs.stop)?,
                "stop",
            )?))
        })
        .collect()
}
