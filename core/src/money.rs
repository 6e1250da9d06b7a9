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

/// Places of a converted month of a curve ([`Fx::apply_short`]).
pub(crate) const CURVE_DP: u32 = 12;

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

    /// Whether this is [`Fx::ONE`] (as `==` says), from the decimals' parts: a decimal is 1
    /// exactly when its mantissa is 10^scale. A decimal comparison brings both to one scale
    /// first, and every month of a curve asks.
    fn is_one(self) -> bool {
        let one = |d: Decimal| Some(d.mantissa()) == pow10(d.scale());
        one(self.times) && one(self.over)
    }

    /// `amount` converted.
    pub fn apply(self, amount: Decimal) -> Result<Decimal> {
        if self.is_one() {
            return Ok(amount);
        }
        div(
            mul(amount, self.times, "finance.usd_per_eur")?,
            self.over,
            "finance.usd_per_eur",
        )
    }

    /// `amount` converted as [`Fx::apply`] does (times, then divided), rounded half to even to
    /// [`CURVE_DP`] places (a month of a curve: the totals take [`Fx::apply`]; 12 places keep
    /// the sums that follow short and exact to far below a cent).
    pub fn apply_short(self, amount: Decimal) -> Result<Decimal> {
        if self.is_one() {
            return Ok(amount);
        }
        if let Some(v) = self.apply_short_whole(amount) {
            return Ok(v);
        }
        Ok(self.apply(amount)?.round_dp(CURVE_DP))
    }

    /// [`Fx::apply_short`] in 128-bit integers: the exact quotient at [`CURVE_DP`] places,
    /// rounded half to even as `round_dp` does. The decimal division first rounds the quotient
    /// to the 96 bits of a decimal (28 digits): below 10^10 that keeps at least 18 places and
    /// moves it by at most 0.5 × 10⁻¹⁸, so where the exact quotient lies more than 0.5 × 10⁻⁵ of
    /// the last place (5 × 10⁻¹⁸) from a midpoint both round alike. `None` elsewhere, where the
    /// product would not be exact, or where a number would not fit: the decimals decide there.
    fn apply_short_whole(self, amount: Decimal) -> Option<Decimal> {
        const MAX: u128 = (1 << 96) - 1;
        let (t, o) = (self.times.mantissa(), self.over.mantissa());
        let product = amount.mantissa().checked_mul(t)?;
        let scale = amount.scale() + self.times.scale();
        if o <= 0 || product.unsigned_abs() > MAX || scale > 28 {
            return None;
        }
        // |amount × times ÷ over| × 10^CURVE_DP = n ÷ d.
        let exp = i64::from(self.over.scale()) + i64::from(CURVE_DP) - i64::from(scale);
        let up = |x: i128, e: i64| x.checked_mul(pow10(u32::try_from(e).ok()?)?);
        let (n, d) = if exp >= 0 {
            (up(product.abs(), exp)?, o)
        } else {
            (product.abs(), up(o, -exp)?)
        };
        const LIMIT: i128 = 10i128.pow(10 + CURVE_DP);
        let q = n / d;
        // The remainder by a multiplication: a second 128-bit division is a second library call
        // in WebAssembly.
        let r = n - q * d;
        if q >= LIMIT {
            return None;
        }
        let q = if r == 0 {
            q
        } else {
            let twice = r.checked_mul(2)?;
            match (twice - d).checked_mul(100_000) {
                Some(off) if off.abs() <= d => return None,
                _ if twice > d => q + 1,
                _ => q,
            }
        };
        let q = if product < 0 { -q } else { q };
        Decimal::try_from_i128_with_scale(q, CURVE_DP).ok()
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
    round_mantissa(value.mantissa(), scale).unwrap_or_else(|| {
        value
            .round_dp_with_strategy(REPORT_DP, RoundingStrategy::MidpointAwayFromZero)
            .normalize()
    })
}

/// [`round`] of a curve's point in whole numbers of 10^−[`CURVE_DP`]: in 64 bits, dividing by a
/// constant, below about 9 million; [`round_mantissa`] above.
pub(crate) fn round_curve(x: i128) -> Option<Decimal> {
    const UNIT: i64 = 10i64.pow(CURVE_DP - REPORT_DP);
    match i64::try_from(x) {
        Ok(x64) => Some(round_i64(x64, UNIT)),
        Err(_) => round_mantissa(x, CURVE_DP),
    }
}

/// `m ÷ unit` (`unit` 10^(places − [`REPORT_DP`])) half away from zero, its trailing zeros off
/// (what `normalize` does), on the integer.
#[inline]
fn round_i64(m: i64, unit: i64) -> Decimal {
    let (q, r) = (m / unit, m % unit);
    let q = if r.unsigned_abs() * 2 >= unit.unsigned_abs() {
        q + m.signum()
    } else {
        q
    };
    at_report_places(q)
}

/// `q` × 10^−[`REPORT_DP`] as a decimal, its trailing zeros off (what `normalize` does).
#[inline]
fn at_report_places(mut q: i64) -> Decimal {
    let mut dp = REPORT_DP;
    while dp > 0 && q % 10 == 0 {
        q /= 10;
        dp -= 1;
    }
    Decimal::new(q, dp)
}

/// 10^`k` for `k` up to 38, the largest power of ten an `i128` holds (`None` above): from a
/// table. In WebAssembly a 128-bit multiplication, and more so a checked one, is a library call,
/// and `checked_pow` is a loop of them: the report's roundings spent a fifth of an evaluation
/// there in the page.
pub(crate) fn pow10(k: u32) -> Option<i128> {
    #[expect(
        clippy::indexing_slicing,
        reason = "a constant, built by the compiler: an index out of bounds or an overflow fails the build"
    )]
    const TABLE: [i128; 39] = {
        let mut table = [1i128; 39];
        let mut k = 1;
        while k < table.len() {
            table[k] = table[k - 1] * 10;
            k += 1;
        }
        table
    };
    TABLE.get(k as usize).copied()
}

/// [`round`] of `m` × 10^−`scale` for `scale` above [`REPORT_DP`] (a decimal's mantissa and
/// places, or a curve's whole numbers of 10⁻¹²): the mantissa's integer division, half away from
/// zero, the same as rust_decimal's rounding and several times faster on the page's hot path (a
/// report rounds some 500 values); in 64 bits when the mantissa fits, as it does for amounts
/// below about 9 million at 12 places, else one 128-bit division (a quotient, its remainder by a
/// multiplication) and the trailing zeros in 64 bits where the rounded figure fits, as every
/// amount of money does. `None` where the result would not be a decimal.
pub(crate) fn round_mantissa(m: i128, scale: u32) -> Option<Decimal> {
    let exp = scale.checked_sub(REPORT_DP)?;
    let unit = pow10(exp)?;
    if let (Ok(m64), Ok(unit64)) = (i64::try_from(m), i64::try_from(unit)) {
        return Some(round_i64(m64, unit64));
    }
    let q = m / unit;
    // |q × unit| ≤ |m|: no overflow.
    let r = m - q * unit;
    let q = if r.unsigned_abs() * 2 >= unit.unsigned_abs() {
        q + m.signum()
    } else {
        q
    };
    if let Ok(q64) = i64::try_from(q) {
        return Some(at_report_places(q64));
    }
    // Trailing zeros off (what `normalize` does), on the integer.
    let (mut q, mut dp) = (q, REPORT_DP);
    while dp > 0 && q % 10 == 0 {
        q /= 10;
        dp -= 1;
    }
    Decimal::try_from_i128_with_scale(q, dp).ok()
}

pub(crate) fn overflow(path: &str) -> Error {
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

    /// The conversion of a curve's month by rust_decimal's division and rounding.
    fn apply_short_by_decimals(fx: Fx, amount: Decimal) -> Option<Decimal> {
        Some(
            amount
                .checked_mul(fx.times)?
                .checked_div(fx.over)?
                .round_dp(CURVE_DP),
        )
    }

    #[test]
    fn a_converted_month_is_the_decimal_divisions() {
        let usd = Fx {
            times: Decimal::ONE,
            over: dec!(1.16),
        };
        let eur = Fx {
            times: dec!(1.16),
            over: Decimal::ONE,
        };
        for (fx, amount) in [
            (usd, dec!(7425.6)),
            (usd, dec!(-7425.6)),
            (usd, dec!(3741.012345678912345678)),
            (usd, dec!(0.000000000000580)),
            (usd, dec!(0.000000000000581)),
            (eur, dec!(1234.5678901234567)),
            (eur, dec!(0.0000000000005)),
            (eur, dec!(0.0000000000015)),
            (usd, Decimal::MAX),
            (usd, Decimal::ZERO),
        ] {
            let whole = fx.apply_short(amount).ok();
            assert_eq!(whole, apply_short_by_decimals(fx, amount), "{amount}");
        }
        // A quotient exactly at a midpoint of the twelfth place rounds to even, as
        // `round_dp` does: 0.0000000000005 and 0.0000000000015 at 1.16 EUR per USD above;
        // 5.8 × 10⁻¹³ ÷ 1.16 = 5 × 10⁻¹³ exactly, to 0.
        assert_eq!(
            usd.apply_short(dec!(0.00000000000058)).ok(),
            Some(Decimal::ZERO)
        );
        assert_eq!(
            usd.apply_short(dec!(0.00000000000174)).ok(),
            Some(dec!(0.000000000002))
        );
        // The integers decide an ordinary month (the decimals only near a midpoint).
        assert_eq!(
            usd.apply_short_whole(dec!(7425.6)),
            Some(dec!(6401.379310344828))
        );
    }

    proptest::proptest! {
        #[test]
        fn a_converted_month_in_integers_equals_rust_decimals(
            m in proptest::prelude::any::<i64>(),
            scale in 0u32..=24,
            rate in 1000u32..100_000,
            rate_scale in 2u32..=6,
            times in proptest::prelude::any::<bool>(),
        ) {
            let amount = Decimal::new(m, scale);
            let rate = Decimal::new(i64::from(rate), rate_scale);
            let fx = if times {
                Fx { times: rate, over: Decimal::ONE }
            } else {
                Fx { times: Decimal::ONE, over: rate }
            };
            proptest::prop_assert_eq!(fx.apply_short(amount).ok(), apply_short_by_decimals(fx, amount));
        }

        #[test]
        fn a_converted_month_at_or_near_a_midpoint_equals_rust_decimals(
            q in -1_000_000_000i64..1_000_000_000,
            rate in 1000i64..100_000,
            rate_scale in 2u32..=6,
            nudge in -3i64..=3,
        ) {
            // amount ÷ rate = (q + ½) × 10⁻¹², then nudged by a few 10⁻²⁴ of the amount.
            let exact = i128::from(2 * q + 1) * i128::from(rate) * 5 * 10i128.pow(11 - rate_scale);
            let amount = Decimal::from_i128_with_scale(exact + i128::from(nudge), 24);
            let fx = Fx { times: Decimal::ONE, over: Decimal::new(rate, rate_scale) };
            proptest::prop_assert_eq!(fx.apply_short(amount).ok(), apply_short_by_decimals(fx, amount));
        }

        #[test]
        fn fast_rounding_equals_rust_decimals(m in proptest::prelude::any::<i64>(), scale in 0u32..=28) {
            let v = Decimal::new(m, scale);
            let slow = v
                .round_dp_with_strategy(REPORT_DP, RoundingStrategy::MidpointAwayFromZero)
                .normalize();
            proptest::prop_assert_eq!(round(v), slow);
        }

        #[test]
        fn fast_rounding_of_wide_mantissas_equals_rust_decimals(
            m in -((1i128 << 96) - 1)..=((1i128 << 96) - 1),
            scale in 0u32..=28,
        ) {
            // Beyond 64 bits: a division's 28 digits, an owned curve's 24 places.
            let v = Decimal::from_i128_with_scale(m, scale);
            let slow = v
                .round_dp_with_strategy(REPORT_DP, RoundingStrategy::MidpointAwayFromZero)
                .normalize();
            proptest::prop_assert_eq!(round(v), slow);
            proptest::prop_assert_eq!(round(v).scale(), slow.scale());
        }
    }

    #[test]
    fn rounding_at_and_beside_midpoints_of_wide_mantissas() {
        // 1,234,567.00005 at 22 places (a mantissa of 94 bits): a tie, away from zero either
        // way; a unit of the last place below it rounds down; a whole value loses its zeros.
        let m = 123_456_700_005 * 10i128.pow(17);
        let tie = Decimal::from_i128_with_scale(m, 22);
        assert_eq!(round(tie), dec!(1234567.0001));
        assert_eq!(round(-tie), dec!(-1234567.0001));
        let below = Decimal::from_i128_with_scale(m - 1, 22);
        assert_eq!(round(below), dec!(1234567));
        assert_eq!(round(below).scale(), 0);
        // A tie whose rounded figure does not fit 64 bits (the 128-bit way to its places).
        let wide = Decimal::from_i128_with_scale(123_456_789_012_345_678_901_234_565, 5);
        assert_eq!(round(wide), dec!(1234567890123456789012.3457));
        assert_eq!(round(-wide), dec!(-1234567890123456789012.3457));
        assert_eq!(round(Decimal::MAX), Decimal::MAX);
        assert_eq!(
            round(Decimal::from_i128_with_scale(-(1 << 95), 28)),
            dec!(-3.9614)
        );
    }

    #[test]
    fn one_conversion_is_no_conversion_however_written() {
        for (times, over, one) in [
            (dec!(1), dec!(1), true),
            (dec!(1.000), dec!(1.0), true),
            (dec!(1), dec!(1.16), false),
            (dec!(1.16), dec!(1.16), false),
            (dec!(-1), dec!(1), false),
            (dec!(0.1), dec!(1), false),
            (dec!(10), dec!(1), false),
            (
                Decimal::from_i128_with_scale(10i128.pow(28), 28),
                dec!(1),
                true,
            ),
        ] {
            let fx = Fx { times, over };
            assert_eq!(fx.is_one(), one, "{times} / {over}");
            assert_eq!(fx.is_one(), fx == Fx::ONE, "{times} / {over}");
        }
    }

    #[test]
    fn powers_of_ten_from_the_table() {
        assert_eq!(pow10(0), Some(1));
        assert_eq!(pow10(12), Some(1_000_000_000_000));
        for k in 0..=38 {
            assert_eq!(pow10(k), 10i128.checked_pow(k), "10^{k}");
        }
        assert_eq!(pow10(39), None);
        assert_eq!(pow10(u32::MAX), None);
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
