//! What a value typed into a field may sensibly be: the range its sources give, the slider's
//! span for the field's unit, and hints for values that are far off.
//!
//! A price typed with the other locale's separator ("319.000" on an English page is 319, on a
//! German page "63.296" is 63,296) is a valid number and passes every check of the model, yet it
//! is 1000 times off. The model cannot reject it; the page says so next to the field, from
//! these rules:
//!
//! - [`field_range`]: the range of a field's figure as its sources give it (PRICES.md, for the
//!   unit the price is quoted in), with the slider's bounds and step.
//! - [`hint`]: a value about 1000 times above or below the preset's figure (or, without a preset,
//!   one whose ×1000 or ÷1000 lands in the sourced range while it does not) is a
//!   [`Hint::Scale`] with the likely value; one at most a fifth or at least five times the
//!   preset's figure a [`Hint::FarFromPreset`]; a value far outside the sourced range a
//!   [`Hint::Outside`].
//! - [`slider_span`]: a slider runs over its field's range for the current unit, widened so
//!   that the preset's figure and the current value lie well inside it; a drag never sets a
//!   value of another magnitude.
//!
//! ```
//! use gpu_tco_core::inputs::{Hint, PriceUnit, hint, slider_span};
//! use rust_decimal_macros::dec;
//!
//! // 319 typed for a server whose preset says 319,000.
//! let h = hint("own.price_per_server", None, dec!(319), Some(dec!(319000)));
//! assert_eq!(h, Some(Hint::Scale { likely: dec!(319000), preset: true }));
//! // The bare-metal monthly price: its slider runs over monthly prices, not hourly ones.
//! let span = slider_span("rent.5.price", Some(PriceUnit::InstanceMonth), Some(dec!(14600)), None)
//!     .unwrap();
//! assert!(span.max >= dec!(29200) && span.step >= dec!(10));
//! ```

use crate::schema::generic;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

pub use crate::rent::PriceUnit;

/// The sourced range of a field's figure and its slider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldRange {
    /// The lowest figure the sources give (or a plausible floor).
    pub low: Decimal,
    /// The highest figure the sources give (or a plausible ceiling).
    pub high: Decimal,
    /// The slider's start.
    pub slider_min: Decimal,
    /// The slider's end before it is widened for a preset or the value.
    pub slider_max: Decimal,
    /// The slider's step.
    pub step: Decimal,
    /// Whether a value outside `low..=high` is worth a hint (false for counts and calendar
    /// figures, whose whole range is valid).
    pub hints: bool,
}

const fn range(low: Decimal, high: Decimal, max: Decimal, step: Decimal) -> FieldRange {
    FieldRange {
        low,
        high,
        slider_min: Decimal::ZERO,
        slider_max: max,
        step,
        hints: true,
    }
}

const fn span(min: Decimal, max: Decimal, step: Decimal) -> FieldRange {
    FieldRange {
        low: min,
        high: max,
        slider_min: min,
        slider_max: max,
        step,
        hints: false,
    }
}

/// The range of the field at `path` (a dotted JSON path of the scenario) whose price, if it is
/// one, is quoted per `unit`; `None` for a field without one.
///
/// The ranges are those of `PRICES.md` (December 2025 to October 2026), widened to what any
/// offer of the catalogue's GPUs can cost: per GPU-hour 0.30–20 (RunPod's 1.99 for an H100 to a
/// hyperscaler's 11–12 EUR), per 8-GPU instance-hour 2.4–160, per server-month 200–120,000 (the
/// 14,600 EUR bare-metal server); a server 3,000–600,000 (a single RTX PRO 6000 card at about
/// 8,565 USD to an 8× H200 at 320,000–420,000 USD); electricity 0.03–0.60 per kWh; colocation
/// 130–250 USD per kW-month widened to 30–600; power per GPU 50–1,500 W.
pub fn field_range(path: &str, unit: Option<PriceUnit>) -> Option<FieldRange> {
    let generic = generic(path);
    let key = generic.as_str();
    let price = |unit: Option<PriceUnit>| match unit.unwrap_or_default() {
        PriceUnit::GpuHour => range(dec!(0.30), dec!(20), dec!(20), dec!(0.01)),
        PriceUnit::InstanceHour => range(dec!(0.30), dec!(160), dec!(160), dec!(0.01)),
        PriceUnit::InstanceMonth => range(dec!(200), dec!(120000), dec!(120000), dec!(10)),
    };
    Some(match key {
        "calendar.working_days" => span(dec!(0), dec!(30), dec!(1)),
        "calendar.service.start_hour"
        | "calendar.batch.N.start_hour"
        | "calendar.peaks.N.start_hour" => span(dec!(0), dec!(23), dec!(1)),
        "calendar.service.end_hour" | "calendar.batch.N.end_hour" | "calendar.peaks.N.end_hour" => {
            span(dec!(0), dec!(24), dec!(1))
        }
        "calendar.service.gpus" | "calendar.batch.N.gpus" | "calendar.peaks.N.gpus" => {
            span(dec!(0), dec!(64), dec!(1))
        }
        "calendar.peaks.N.days_of_month" => span(dec!(0), dec!(31), dec!(1)),
        "rent.N.price" | "rent.N.billing.spot_price" => price(unit),
        "rent.N.billing.price_ratio" => span(dec!(0.05), dec!(1), dec!(0.01)),
        "rent.N.storage_price_per_gb_month" => {
            range(dec!(0.005), dec!(0.5), dec!(0.5), dec!(0.001))
        }
        "own.price_per_server" => range(dec!(3000), dec!(600000), dec!(600000), dec!(1000)),
        "own.gpus_per_server" => FieldRange {
            slider_min: dec!(1),
            low: dec!(1),
            ..span(dec!(1), dec!(16), dec!(1))
        },
        "own.energy.price_per_kwh" => range(dec!(0.03), dec!(0.60), dec!(0.60), dec!(0.01)),
        "own.energy.busy_watts_per_gpu" => range(dec!(50), dec!(1500), dec!(1500), dec!(10)),
        "own.energy.idle_watts_per_gpu" => range(dec!(5), dec!(400), dec!(400), dec!(5)),
        "own.energy.base_watts_per_server" => range(dec!(100), dec!(8000), dec!(8000), dec!(50)),
        "own.energy.pue" => range(dec!(1), dec!(2.5), dec!(2.5), dec!(0.01)),
        "own.colocation_per_kw_month" => range(dec!(30), dec!(600), dec!(600), dec!(5)),
        "own.colocation_per_server_month" => range(dec!(50), dec!(12000), dec!(12000), dec!(10)),
        "own.staff_hourly_rate" => range(dec!(15), dec!(250), dec!(250), dec!(1)),
        "own.licence_per_gpu_year" => range(dec!(100), dec!(10000), dec!(10000), dec!(50)),
        "own.service_life_years" => FieldRange {
            slider_min: dec!(1),
            low: dec!(1),
            ..span(dec!(1), dec!(10), dec!(1))
        },
        "own.residual_percent" => span(dec!(0), dec!(60), dec!(0.5)),
        "finance.usd_per_eur" => FieldRange {
            hints: true,
            ..span(dec!(0.8), dec!(1.5), dec!(0.01))
        },
        "finance.discount_rate_percent" => span(dec!(0), dec!(15), dec!(0.5)),
        "horizon_months" => FieldRange {
            slider_min: dec!(6),
            low: dec!(6),
            ..span(dec!(6), dec!(120), dec!(6))
        },
        _ => return None,
    })
}

/// Something worth saying about a value that the model accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// About 1000 times off: probably meant `likely` (a separator read in the other locale's
    /// way). `preset` says whether the comparison was with the preset's figure (else with the
    /// sourced range).
    Scale {
        /// The value probably meant.
        likely: Decimal,
        /// Compared with the preset's figure.
        preset: bool,
    },
    /// Not 1000 times off, but an order of magnitude from the preset's figure: at most a fifth
    /// of it (`below`) or at least five times it, as a digit missing or one too many gives.
    FarFromPreset {
        /// The preset's figure.
        preset: Decimal,
        /// Whether the value is below it.
        below: bool,
    },
    /// A price per GPU-hour in a box that takes a whole instance's price: times the instance's
    /// GPUs it is near the preset's figure, which the value alone is not (the sources list
    /// "7.912 per GPU-hour" beside an 8-GPU instance's 63.296 an hour).
    PerGpu {
        /// The instance's GPUs.
        gpus: u32,
        /// The value times `gpus`: the instance's price probably meant.
        likely: Decimal,
    },
    /// Far outside the range the sources give: below a third of its low end or above three
    /// times its high end.
    Outside {
        /// The sourced range's low end.
        low: Decimal,
        /// The sourced range's high end.
        high: Decimal,
    },
    /// A rent option's price of 0: the option costs nothing but its extras, and the verdict
    /// would name it the cheapest way to rent (a price not yet entered, or one deleted).
    Free,
    /// The own server's price of 0: owning costs only running the servers, which is right for
    /// servers owned already and far too cheap for a purchase (a price not yet entered, or one
    /// deleted).
    FreeServer,
    /// A residual value that fits another service life: the used market leaves `likely`
    /// percent after `life_years` ([`crate::market_residual_percent`]), and the value is below
    /// 0.6 or above 1.6 times that (the default's 12.5 %, the figure after 5 years, kept for a
    /// 3-year life credited a server sold at 36 months 12.5 % where the market pays 25–35 %).
    ResidualForLife {
        /// The service life in years.
        life_years: u32,
        /// The market's residual after it, percent.
        likely: Decimal,
    },
}

const THOUSAND: Decimal = dec!(1000);
/// The factor from the preset's figure from which a value is worth a second look.
const FAR: Decimal = dec!(5);

/// Whether `value` lies within a factor of 3 of `reference` (both positive): a value whose
/// ×1000 or ÷1000 does is "about 1000 times" off it (333 to 3000 times). Within a factor of 10,
/// 7,912 an hour for an instance whose preset says 63.296 (125 times it, a GPU's price typed
/// with a thousands mark) was called about 1000 times the preset.
fn near(value: Decimal, reference: Decimal) -> bool {
    value.checked_mul(dec!(3)).is_some_and(|v| v >= reference)
        && reference.checked_mul(dec!(3)).is_some_and(|r| r >= value)
}

/// The hint for `value` typed at `path` (price quoted per `unit`), beside the figure `preset`
/// of the option's preset if it has one; `None` when nothing is worth saying (zero, negative
/// and valid-but-unusual values included: the model checks those).
pub fn hint(
    path: &str,
    unit: Option<PriceUnit>,
    value: Decimal,
    preset: Option<Decimal>,
) -> Option<Hint> {
    let range = field_range(path, unit).filter(|r| r.hints)?;
    if value <= Decimal::ZERO {
        return None;
    }
    let up = value.checked_mul(THOUSAND);
    let down = value.checked_div(THOUSAND);
    if let Some(reference) = preset.filter(|p| *p > Decimal::ZERO) {
        // 1000 times off the preset while its ×1000 (or ÷1000) is near it.
        if !near(value, reference) {
            if let Some(likely) = up.filter(|u| near(*u, reference)) {
                return Some(Hint::Scale {
                    likely,
                    preset: true,
                });
            }
            if let Some(likely) = down.filter(|d| near(*d, reference)) {
                return Some(Hint::Scale {
                    likely: likely.normalize(),
                    preset: true,
                });
            }
        }
    }
    let within = |v: Decimal| v >= range.low && v <= range.high;
    // Without a preset's figure, a value whose ×1000 or ÷1000 lands in the sourced range; with
    // one, that figure is the better reference (below).
    let reference = preset.filter(|p| *p > Decimal::ZERO);
    if reference.is_none() && !within(value) {
        for likely in [up, down].into_iter().flatten() {
            if within(likely) {
                return Some(Hint::Scale {
                    likely: likely.normalize(),
                    preset: false,
                });
            }
        }
    }
    // Far outside what the sources give says more than the distance from the preset.
    let far_below = value.checked_mul(dec!(3)).is_some_and(|v| v < range.low);
    let far_above = range.high.checked_mul(dec!(3)).is_some_and(|h| value > h);
    if !within(value) && (far_below || far_above) {
        return Some(Hint::Outside {
            low: range.low,
            high: range.high,
        });
    }
    let reference = reference?;
    let below = value.checked_mul(FAR).is_some_and(|v| v <= reference);
    let above = reference.checked_mul(FAR).is_some_and(|r| value >= r);
    (below || above).then_some(Hint::FarFromPreset {
        preset: reference,
        below,
    })
}

/// Whether `a` lies within a factor of 1.5 of `b` (both positive).
fn close(a: Decimal, b: Decimal) -> bool {
    let k = dec!(1.5);
    a.checked_mul(k).is_some_and(|x| x >= b) && b.checked_mul(k).is_some_and(|x| x >= a)
}

/// The hint for a rent option's price `value` quoted per instance-hour or instance-month
/// (`unit`) for an instance of `gpus` GPUs: [`Hint::PerGpu`] when the value looks like the price
/// of one GPU (times `gpus` within a factor of 1.5 of the preset's figure, the value alone not),
/// else what [`hint`] says. Other fields and units go to [`hint`] as they are.
pub fn price_hint(
    path: &str,
    unit: Option<PriceUnit>,
    value: Decimal,
    preset: Option<Decimal>,
    gpus: u32,
) -> Option<Hint> {
    let per_instance = matches!(
        unit,
        Some(PriceUnit::InstanceHour | PriceUnit::InstanceMonth)
    );
    let price = path.starts_with("rent.") && path.ends_with(".price");
    if price && value.is_zero() {
        return Some(Hint::Free);
    }
    if path == "own.price_per_server" && value.is_zero() {
        return Some(Hint::FreeServer);
    }
    if per_instance && price && gpus > 1 && value > Decimal::ZERO {
        let likely = value.checked_mul(Decimal::from(gpus));
        if let (Some(likely), Some(reference)) = (likely, preset.filter(|p| *p > Decimal::ZERO))
            && close(likely, reference)
            && !close(value, reference)
        {
            return Some(Hint::PerGpu {
                gpus,
                likely: likely.normalize(),
            });
        }
    }
    hint(path, unit, value, preset)
}

/// A slider's bounds and step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SliderSpan {
    /// The start.
    pub min: Decimal,
    /// The end.
    pub max: Decimal,
    /// The step.
    pub step: Decimal,
}

/// The smallest 1, 2 or 5 × 10^k at or above `x` (positive), or `None` past the decimal range.
fn nice_ceiling(x: Decimal) -> Option<Decimal> {
    let mut unit = dec!(0.000001);
    loop {
        for m in [dec!(1), dec!(2), dec!(5)] {
            let candidate = unit.checked_mul(m)?;
            if candidate >= x {
                return Some(candidate.normalize());
            }
        }
        unit = unit.checked_mul(dec!(10))?;
    }
}

/// The hint for a residual value of `residual_percent` at the end of a service life of
/// `life_years` (1–10, else `None`): [`Hint::ResidualForLife`] when it is below 0.6 or above 1.6
/// times what the used market leaves after that life. A residual of 0 (scrapped, nothing
/// credited) is a choice, not a slip, and has none.
///
/// ```
/// use gpu_tco_core::inputs::{Hint, residual_hint};
/// use rust_decimal_macros::dec;
///
/// // The default's 12.5 % fits its 5 years, not 3.
/// assert_eq!(residual_hint(5, dec!(12.5)), None);
/// assert_eq!(
///     residual_hint(3, dec!(12.5)),
///     Some(Hint::ResidualForLife { life_years: 3, likely: dec!(26.2) })
/// );
/// ```
pub fn residual_hint(life_years: u32, residual_percent: Decimal) -> Option<Hint> {
    if !(1..=10).contains(&life_years) || residual_percent <= Decimal::ZERO {
        return None;
    }
    let likely = crate::own::market_residual_percent(life_years).ok()?;
    let low = likely.checked_mul(dec!(0.6))?;
    let high = likely.checked_mul(dec!(1.6))?;
    (residual_percent < low || residual_percent > high)
        .then_some(Hint::ResidualForLife { life_years, likely })
}

/// `price` quoted per `from` for an instance of `gpus_per_instance` GPUs, quoted per `to`
/// instead: the same rate per instance-hour (a month of 730 hours), rounded to 4 decimal places.
/// A page switches an option's unit with it, so that the option costs what it did: the unit
/// switched over a price left as it was read an 8-GPU instance's 63.296 an hour as 63.296 a
/// GPU-hour, 8 times as much. `None` for an instance without GPUs or on overflow.
///
/// ```
/// use gpu_tco_core::inputs::{PriceUnit, convert_price};
/// use rust_decimal_macros::dec;
///
/// let gpu = convert_price(dec!(63.296), PriceUnit::InstanceHour, PriceUnit::GpuHour, 8);
/// assert_eq!(gpu, Some(dec!(7.912)));
/// let month = convert_price(dec!(2.5), PriceUnit::GpuHour, PriceUnit::InstanceMonth, 8);
/// assert_eq!(month, Some(dec!(14600)));
/// ```
pub fn convert_price(
    price: Decimal,
    from: PriceUnit,
    to: PriceUnit,
    gpus_per_instance: u32,
) -> Option<Decimal> {
    use crate::units::HOURS_PER_MONTH;
    if from == to {
        return Some(price);
    }
    let gpus = Decimal::from(gpus_per_instance);
    if gpus.is_zero() {
        return None;
    }
    let per_instance_hour = from.instance_rate(price, gpus_per_instance).ok()?;
    let converted = match to {
        PriceUnit::GpuHour => per_instance_hour.checked_div(gpus)?,
        PriceUnit::InstanceHour => per_instance_hour,
        PriceUnit::InstanceMonth => per_instance_hour.checked_mul(HOURS_PER_MONTH)?,
    };
    Some(converted.round_dp(4).normalize())
}

/// The slider for the field at `path` (price quoted per `unit`) holding `value`, beside its
/// preset's figure `preset`: the field's range, its end raised to at least twice the preset's
/// figure and, for a value beyond it, to 1.25 times the value (a round number), its start lowered to the value if that
/// is below it, and its step coarsened so that the slider has at most 2,000 steps. `None` for a
/// field without a slider.
pub fn slider_span(
    path: &str,
    unit: Option<PriceUnit>,
    value: Option<Decimal>,
    preset: Option<Decimal>,
) -> Option<SliderSpan> {
    let range = field_range(path, unit)?;
    let mut max = range.slider_max;
    let mut min = range.slider_min;
    let raise = |max: Decimal, at_least: Option<Decimal>| {
        at_least
            .filter(|x| *x > max)
            .and_then(nice_ceiling)
            .unwrap_or(max)
    };
    max = raise(max, preset.and_then(|p| p.checked_mul(dec!(2))));
    // Only a value beyond the end moves it: within the span a drag never changes the span
    // under the pointer.
    if value.is_some_and(|v| v > max) {
        max = raise(max, value.and_then(|v| v.checked_mul(dec!(1.25))));
    }
    if let Some(v) = value.filter(|v| *v < min) {
        min = v;
    }
    let mut step = range.step;
    let steps = max.checked_sub(min).and_then(|w| w.checked_div(step));
    if steps.is_some_and(|s| s > dec!(2000)) {
        step = max
            .checked_sub(min)
            .and_then(|w| w.checked_div(dec!(2000)))
            .and_then(nice_ceiling)
            .unwrap_or(step);
    }
    Some(SliderSpan { min, max, step })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generic_paths() {
        assert_eq!(
            generic("rent.12.billing.spot_price"),
            "rent.N.billing.spot_price"
        );
        assert_eq!(generic("own.price_per_server"), "own.price_per_server");
    }

    #[test]
    fn nice_numbers() {
        assert_eq!(nice_ceiling(dec!(18250)), Some(dec!(20000)));
        assert_eq!(nice_ceiling(dec!(0.3)), Some(dec!(0.5)));
        assert_eq!(nice_ceiling(dec!(100)), Some(dec!(100)));
    }
}
