//! Finance settings and the money-over-time arithmetic: annuities, discounting, break-even.

use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use crate::check;
use crate::error::Result;
use crate::money::{Currency, add, d, div, mul, pct, powi, sub};

/// Horizon, discounting and the currency of the results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finance {
    /// Months compared, 1–120; `null` = the own servers' service life.
    pub horizon_months: Option<u32>,
    /// Annual discount rate, percent, 0–30 (monthly rate = annual / 12). 0 = no discounting.
    pub discount_rate_percent: Decimal,
    /// Currency of the results.
    pub display_currency: Currency,
    /// Exchange rate, US dollars per euro, 0.1–10.
    pub usd_per_eur: Decimal,
}

impl Default for Finance {
    fn default() -> Self {
        Finance {
            horizon_months: None,
            discount_rate_percent: Decimal::ZERO,
            display_currency: Currency::Eur,
            usd_per_eur: dec!(1.16),
        }
    }
}

impl Finance {
    /// Checks every field.
    ///
    /// # Errors
    /// The first field out of range, by its path.
    pub fn validate(&self) -> Result<()> {
        if let Some(h) = self.horizon_months {
            check::range_u32("finance.horizon_months", h, 1, 120)?;
        }
        check::range(
            "finance.discount_rate_percent",
            self.discount_rate_percent,
            Decimal::ZERO,
            dec!(30),
        )?;
        check::range("finance.usd_per_eur", self.usd_per_eur, dec!(0.1), dec!(10))
    }

    /// The [`discount_factors`] of months `0..=horizon` at this rate, or `None` at 0 % (nothing
    /// is discounted then).
    pub(crate) fn factors(&self, horizon: u32) -> Result<Option<Vec<Decimal>>> {
        let rate = self.discount_rate_percent;
        if rate > Decimal::ZERO {
            Ok(Some(discount_factors(rate, horizon)?))
        } else {
            Ok(None)
        }
    }
}

/// Monthly annuity payment that repays `principal` over `months` at `monthly_rate`:
/// `P · r / (1 − (1 + r)^−n)`, or `P / n` when `r = 0`.
///
/// # Errors
/// On arithmetic overflow, or `months == 0`.
pub fn annuity(principal: Decimal, monthly_rate: Decimal, months: u32) -> Result<Decimal> {
    let path = "own.financing";
    if monthly_rate.is_zero() {
        return div(principal, d(months), path);
    }
    let growth = powi(add(Decimal::ONE, monthly_rate, path)?, months, path)?;
    let discount = div(Decimal::ONE, growth, path)?;
    div(
        mul(principal, monthly_rate, path)?,
        sub(Decimal::ONE, discount, path)?,
        path,
    )
}

/// Principal still owed after `paid` payments of `payment`.
///
/// # Errors
/// On arithmetic overflow.
pub fn loan_balance(
    principal: Decimal,
    monthly_rate: Decimal,
    payment: Decimal,
    paid: u32,
) -> Result<Decimal> {
    let path = "own.financing";
    let growth = add(Decimal::ONE, monthly_rate, path)?;
    let mut balance = principal;
    for _ in 0..paid {
        balance = sub(mul(balance, growth, path)?, payment, path)?;
    }
    Ok(balance.max(Decimal::ZERO))
}

/// Discount factors `1 / (1 + r/12)^m` for months `0..=horizon`.
///
/// # Errors
/// On arithmetic overflow.
pub fn discount_factors(annual_percent: Decimal, horizon: u32) -> Result<Vec<Decimal>> {
    let path = "finance.discount_rate_percent";
    let step = add(
        Decimal::ONE,
        div(pct(annual_percent), dec!(12), path)?,
        path,
    )?;
    let mut out = Vec::with_capacity(horizon as usize + 1);
    let mut f = Decimal::ONE;
    for _ in 0..=horizon {
        out.push(f);
        f = div(f, step, path)?;
    }
    Ok(out)
}

/// Present value of monthly amounts (month 0 first) under `factors`.
///
/// # Errors
/// On arithmetic overflow.
pub fn present_value(amounts: &[Decimal], factors: &[Decimal]) -> Result<Decimal> {
    amounts
        .iter()
        .zip(factors)
        .try_fold(Decimal::ZERO, |acc, (a, f)| {
            add(acc, mul(*a, *f, "finance.npv")?, "finance.npv")
        })
}

/// Monthly amounts (month 0 first), each multiplied by its month's factor.
pub(crate) fn discounted(amounts: &[Decimal], factors: &[Decimal]) -> Result<Vec<Decimal>> {
    amounts
        .iter()
        .zip(factors)
        .map(|(a, f)| mul(*a, *f, "npv"))
        .collect()
}

/// Running sums of monthly amounts.
///
/// # Errors
/// On arithmetic overflow.
pub fn cumulative(amounts: &[Decimal]) -> Result<Vec<Decimal>> {
    let mut acc = Decimal::ZERO;
    amounts
        .iter()
        .map(|a| {
            acc = add(acc, *a, "finance.cumulative")?;
            Ok(acc)
        })
        .collect()
}

/// First month from which `own` stays at or below `rent` up to the end, or `None`.
pub fn break_even_month(own: &[Decimal], rent: &[Decimal]) -> Option<u32> {
    break_even_month_by(own, rent, |o, r| o <= r)
}

/// First month from which `at_or_below(own, rent)` holds up to the end, or `None`: the months
/// are compared from the end back, so only those of the last run (and the one before it) are.
pub(crate) fn break_even_month_by(
    own: &[Decimal],
    rent: &[Decimal],
    at_or_below: impl Fn(&Decimal, &Decimal) -> bool,
) -> Option<u32> {
    let mut first = None;
    for (m, (o, r)) in own.iter().zip(rent).enumerate().rev() {
        if !at_or_below(o, r) {
            break;
        }
        first = Some(m as u32);
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annuity_reference() {
        // 100,000 over 36 months at 6 % a year: 3,042.19 (standard annuity tables).
        let p = annuity(dec!(100000), dec!(0.005), 36).unwrap();
        assert_eq!(p.round_dp(2), dec!(3042.19));
        assert_eq!(annuity(dec!(1200), Decimal::ZERO, 12).unwrap(), dec!(100));
        let b = loan_balance(dec!(100000), dec!(0.005), p, 36).unwrap();
        assert!(b < dec!(0.01));
    }

    #[test]
    fn npv_reference() {
        // 1,000 a month for 12 months at 12 % a year (1 % a month): 11,255.08.
        let f = discount_factors(dec!(12), 12).unwrap();
        let mut amounts = vec![dec!(1000); 13];
        amounts[0] = Decimal::ZERO;
        assert_eq!(
            present_value(&amounts, &f).unwrap().round_dp(2),
            dec!(11255.08)
        );
    }

    #[test]
    fn break_even_needs_to_stay_below() {
        let own = [dec!(10), dec!(11), dec!(12), dec!(13)];
        let rent = [dec!(0), dec!(12), dec!(11), dec!(20)];
        assert_eq!(break_even_month(&own, &rent), Some(3));
        assert_eq!(break_even_month(&rent, &own), None);
    }
}
