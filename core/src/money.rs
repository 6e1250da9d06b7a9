//! Exact arithmetic helpers, currencies and the one rounding rule.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// A currency of a price or of the results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    /// Euro.
    #[default]
    Eur,
    /// US dollar.
    Usd,
}

impl Currency {
    /// The ISO 4217 code.
    pub fn code(self) -> &'static str {
        match self {
            Currency::Eur => "EUR",
            Currency::Usd => "USD",
        }
    }

    /// The conversion of an amount in `self` into `to`, given USD per EUR.
    pub(crate) fn rate_to(self, to: Currency, usd_per_eur: Decimal) -> Fx {
        match (self, to) {
            (Currency::Eur, Currency::Usd) => Fx {
                times: usd_per_eur,
                over: Decimal::ONE,
            },
            (Currency::Usd, Currency::Eur) => Fx {
                times: Decimal::ONE,
                over: usd_per_eur,
            },
            _ => Fx::ONE,
        }
    }
}

/// A currency conversion, `amount × times ÷ over`: dollars to euros divide by the rate rather
/// than multiply by its rounded reciprocal, so a converted sum that ends in a tie at the fourth
/// place is that tie (and rounds away from zero), not a hair below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fx {
    /// Multiplier.
    pub times: Decimal,
    /// Divisor (never 0: the exchange rate is validated to 0.1–10).
    pub over: Decimal,
}

impl Fx {
    /// No conversion.
    pub const ONE: Fx = Fx {
        times: Decimal::ONE,
        over: Decimal::ONE,
    };

    /// `amount` converted.
    pub fn apply(self, amount: Decimal) -> Result<Decimal> {
        if self == Fx::ONE {
            return Ok(amount);
        }
        div(
            mul(amount, self.times, "finance.usd_per_eur")?,
            self.over,
            "finance.usd_per_eur",
        )
    }

    /// `amount` converted to 12 places through the rate's reciprocal (a month of a curve: the
    /// totals take [`Fx::apply`]; 12 places keep the sums that follow short and exact to far
    /// below a cent).
    pub fn apply_short(self, amount: Decimal) -> Result<Decimal> {
        if self == Fx::ONE {
            return Ok(amount);
        }
        Ok(self.apply(amount)?.round_dp(12))
    }

    /// This conversion followed by `next`.
    pub fn then(self, next: Fx) -> Result<Fx> {
        Ok(Fx {
            times: mul(self.times, next.times, "finance.usd_per_eur")?,
            over: mul(self.over, next.over, "finance.usd_per_eur")?,
        })
    }
}

/// Decimal places kept in reported money and rates.
pub const REPORT_DP: u32 = 4;

/// The one place results are rounded: to [`REPORT_DP`] places, half away from zero.
///
/// Arithmetic runs at full precision; only values put into a [`crate::Report`] pass here.
pub fn round(value: Decimal) -> Decimal {
    let scale = value.scale();
    if scale <= REPORT_DP {
        return value.normalize();
    }
    // The mantissa's integer division, half away from zero: the same as rust_decimal's rounding
    // and several times faster on the page's hot path (a report rounds some 500 values); in
    // 64 bits when the mantissa fits, as it does for amounts below about 9 million at 12 places.
    let m = value.mantissa();
    if let (Ok(m64), Some(unit)) = (i64::try_from(m), 10i64.checked_pow(scale - REPORT_DP)) {
        let (q, r) = (m64 / unit, m64 % unit);
        let mut q = if r.unsigned_abs() * 2 >= unit.unsigned_abs() {
            q + m64.signum()
        } else {
            q
        };
        let mut dp = REPORT_DP;
        while dp > 0 && q % 10 == 0 {
            q /= 10;
            dp -= 1;
        }
        return Decimal::new(q, dp);
    }
    let Some(unit) = 10i128.checked_pow(scale - REPORT_DP) else {
        return value
            .round_dp_with_strategy(REPORT_DP, RoundingStrategy::MidpointAwayFromZero)
            .normalize();
    };
    let (q, r) = (m / unit, m % unit);
    let q = if r.unsigned_abs() * 2 >= unit.unsigned_abs() {
        q + m.signum()
    } else {
        q
    };
    // Trailing zeros off (what `normalize` does), on the integer.
    let (mut q, mut dp) = (q, REPORT_DP);
    while dp > 0 && q % 10 == 0 {
        q /= 10;
        dp -= 1;
    }
    Decimal::try_from_i128_with_scale(q, dp).unwrap_or_else(|_| {
        value
            .round_dp_with_strategy(REPORT_DP, RoundingStrategy::MidpointAwayFromZero)
            .normalize()
    })
}

fn overflow(path: &str) -> Error {
    Error::Overflow {
        path: path.to_owned(),
    }
}

/// `a + b`, or an [`Error::Overflow`] naming `path`.
pub(crate) fn add(a: Decimal, b: Decimal, path: &str) -> Result<Decimal> {
    a.checked_add(b).ok_or_else(|| overflow(path))
}

/// `a - b`, or an [`Error::Overflow`] naming `path`.
pub(crate) fn sub(a: Decimal, b: Decimal, path: &str) -> Result<Decimal> {
    a.checked_sub(b).ok_or_else(|| overflow(path))
}

/// `a * b`, or an [`Error::Overflow`] naming `path`.
pub(crate) fn mul(a: Decimal, b: Decimal, path: &str) -> Result<Decimal> {
    a.checked_mul(b).ok_or_else(|| overflow(path))
}

/// `a / b`, or an [`Error::Overflow`] naming `path` (also for `b == 0`).
pub(crate) fn div(a: Decimal, b: Decimal, path: &str) -> Result<Decimal> {
    a.checked_div(b).ok_or_else(|| overflow(path))
}

/// `base ^ exp` for a whole exponent by repeated checked multiplication.
pub(crate) fn powi(base: Decimal, exp: u32, path: &str) -> Result<Decimal> {
    let mut acc = Decimal::ONE;
    for _ in 0..exp {
        acc = mul(acc, base, path)?;
    }
    Ok(acc)
}

/// Sum of a slice, checked.
pub(crate) fn sum(values: &[Decimal], path: &str) -> Result<Decimal> {
    values
        .iter()
        .try_fold(Decimal::ZERO, |acc, v| add(acc, *v, path))
}

/// `n` as a decimal.
pub(crate) fn d(n: u32) -> Decimal {
    Decimal::from(n)
}

/// Percent to a fraction (10 → 0.1); exact.
pub(crate) fn pct(p: Decimal) -> Decimal {
    // Dividing by 100 only shifts the scale; it cannot fail for validated inputs (scale ≤ 26).
    p.checked_div(Decimal::ONE_HUNDRED).unwrap_or(Decimal::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn rounding_is_half_away_from_zero_at_four_places() {
        assert_eq!(round(dec!(1.23455)), dec!(1.2346));
        assert_eq!(round(dec!(-1.23455)), dec!(-1.2346));
        assert_eq!(round(dec!(430798.07185)), dec!(430798.0719));
        assert_eq!(round(dec!(430798.071849999999)), dec!(430798.0718));
        assert_eq!(round(dec!(-0.00005)), dec!(-0.0001));
        assert_eq!(round(dec!(-0.000049)), Decimal::ZERO);
        assert_eq!(round(dec!(12.50000)).to_string(), "12.5");
        assert_eq!(round(Decimal::MAX), Decimal::MAX);
        assert_eq!(round(Decimal::new(1, 28)), Decimal::ZERO);
        assert_eq!(round(Decimal::new(5, 5)), dec!(0.0001));
    }

    proptest::proptest! {
        #[test]
        fn fast_rounding_equals_rust_decimals(m in proptest::prelude::any::<i64>(), scale in 0u32..=28) {
            let v = Decimal::new(m, scale);
            let slow = v
                .round_dp_with_strategy(REPORT_DP, RoundingStrategy::MidpointAwayFromZero)
                .normalize();
            proptest::prop_assert_eq!(round(v), slow);
        }
    }

    #[test]
    fn checked_ops_report_the_path() {
        let err = mul(Decimal::MAX, dec!(2), "rent.0.price").unwrap_err();
        assert_eq!(err.path(), "rent.0.price");
        assert!(div(Decimal::ONE, Decimal::ZERO, "x").is_err());
    }

    #[test]
    fn currency_conversion_divides_dollars_into_euros() {
        let to_usd = Currency::Eur.rate_to(Currency::Usd, dec!(1.16));
        assert_eq!(to_usd.apply(dec!(100)).unwrap(), dec!(116));
        let to_eur = Currency::Usd.rate_to(Currency::Eur, dec!(1.16));
        // 0.06670 USD is exactly 0.0575 EUR: a tie at the fourth place stays a tie.
        assert_eq!(to_eur.apply(dec!(0.0667)).unwrap(), dec!(0.0575));
        assert_eq!(round(to_eur.apply(dec!(0.0667058)).unwrap()), dec!(0.0575));
        assert_eq!(Currency::Usd.rate_to(Currency::Usd, dec!(1.16)), Fx::ONE);
    }
}
