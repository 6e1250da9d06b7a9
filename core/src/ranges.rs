//! Ranges, not false precision: how sure the answer is.
//!
//! Every figure behind the verdict is uncertain, and the sources say by how much (an 8× H200
//! server 320,000–420,000 USD, resale 10–15 % after five years, colocation 130–250 USD per
//! kW-month, cloud prices that fell by 25–44 % in 2025, staff 0.1–0.3 FTE). A scenario may carry
//! a (low, high) [`Range`] on each input that swings the answer ([`RangeInput`]: the tornado's
//! inputs, colocation and hardware support); [`spread`] prices the scenario at many points
//! inside those ranges and reports the P10 / P50 / P90 of each option's total, of the savings
//! against own and of the break-even month, the share of cases in which owning is cheaper, and
//! a P10–P90 band around each cumulative curve. [`preset_ranges`] gives the ranges the presets'
//! sources state, with those sources; [`verdict`] words the result; [`band_csv`] writes the
//! bands as CSV. With discounting, the same comparison on present values
//! ([`RentSpread::discounted_savings_with_own`]).
//!
//! ```
//! use gpu_tco_core::Scenario;
//! use gpu_tco_core::ranges::{Range, RangeInput, Sampling, Verdict, spread};
//! use rust_decimal_macros::dec;
//!
//! let mut s = Scenario::default();
//! // The server at 320,000–420,000 USD, in EUR at 1.16 USD per EUR.
//! s.ranges.inputs.insert(
//!     RangeInput::ServerPrice,
//!     Range { low: dec!(275862), high: dec!(362069) },
//! );
//! let r = spread(&s, Sampling::default()).unwrap();
//! let always_on = &r.rent[0];
//! assert!(always_on.savings_with_own.p10 <= always_on.savings_with_own.p90);
//! assert!(matches!(always_on.verdict, Verdict::Clear { own_cheaper_percent: 100 }));
//! ```
//!
//! # The method
//!
//! **Distribution.** Each range is a uniform distribution from `low` to `high` (both
//! inclusive; the service life takes each whole year of its range equally often). Inputs are
//! independent, except that the inputs of one tie ([`Ranges::ties`]) move together: they share
//! one draw, each at the same relative place in its own range (all at their low ends at once).
//! A range need not contain the scenario's value; a range of zero width sets the input to it.
//!
//! **Sampling.** A Latin hypercube with centred strata: for `N` samples each independent input
//! (or tie) takes the `N` stratum midpoints `(k + ½) / N` of its range exactly once, in an order
//! shuffled by a fixed-seed SplitMix64 generator (Fisher–Yates), one shuffle per input or tie,
//! seeded from [`Sampling::seed`] and the input. The same seed gives the same figures on every
//! machine; no `rand` crate. Without any range of non-zero width one sample is priced (all
//! would be equal).
//!
//! **Each sample** is the scenario with the drawn values set, priced by the same code as
//! [`crate::evaluate`] and rounded as the report rounds. The horizon stays the scenario's
//! (a drawn service life shorter than it buys again within it, a longer one is credited its
//! market value at the horizon). A rent option's price moves with its spot and block prices in
//! proportion ([`crate::analysis::with_tariff`]); the productive hours put the load pattern on
//! proportionally more or fewer days, the peak kept (the tornado's and the heat map's family).
//!
//! **Quantiles.** Of money: Hazen's rule (the value at rank `N·p + ½` of the sorted samples,
//! interpolated between neighbours), rounded to [`crate::REPORT_DP`] places. On the centred
//! strata this makes the quantiles of one input whose effect is linear (own's total in the
//! server price, say) exactly the effect at the input's own P10 / P50 / P90, up to that
//! rounding: the **stated tolerance for one linear input is one unit in the last reported place
//! (0.0001)**, and for one monotone input the effect's change over one stratum (`1/N` of the
//! range). With several independent inputs the figures are estimates: the rank of a P10 or P90
//! has a standard error of at most `√(p(1−p)/N)`, 2.1 percentiles at the default `N = 200`
//! (plain Monte Carlo's; the Latin hypercube is closer for effects that add up). Break-even
//! months are the sample at rank `⌈N·p⌉` (months are whole), "never" counting as later than any
//! month. The cumulative band is pointwise: month by month, the P10 and P90 of that month's
//! cumulative cost over the samples (no one sample need follow it).
//!
//! **Owning is cheaper** in the share of samples whose savings (rent total − own total) are
//! above zero. The verdict is a close call when the P10–P90 of the savings spans zero.
//!
//! **Present values.** When any sample discounts (a discount rate above 0 %, or a range on it
//! reaching above 0 %), each rent option also gets the same figures on present values
//! ([`DiscountedSavings`]), sample by sample: the savings are the option's NPV minus own's,
//! the break-even month is compared on the discounted cumulative costs (as the report's
//! `discounted_break_even_month`), and the share and verdict follow from those savings as
//! above. A sample drawn at 0 % counts its amounts as paid.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;
use rust_decimal::RoundingStrategy;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal_macros::dec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use crate::csv::band_csv;

use crate::check;
use crate::error::{Error, ReadProblem, Result, StepRule};
use crate::finance::{break_even_month, cumulative, discounted};
use crate::money::{Currency, add, d, div, mul, round, sub};
use crate::presets::{Preset, Side, Val};
use crate::pricing::{Pricer, own_alone, rent_costs_on};
use crate::rent::MAX_RENT_OPTIONS;
use crate::scenario::Scenario;
use crate::sensitivity::{SensitivityInput, with_tariff};
use crate::series::Series;

/// Samples [`spread`] draws by default.
pub const DEFAULT_SAMPLES: u32 = 200;
/// The default seed (the issue that asked for ranges).
pub const DEFAULT_SEED: u64 = 17;
/// Most samples [`spread`] may be asked for (its memory grows with samples × options × months:
/// some 17 MB at 1,000 samples, nine options and ten years).
pub const MAX_SAMPLES: u32 = 1000;
/// Most ties a scenario may hold.
pub const MAX_TIES: usize = 16;
/// Most ranges a scenario may hold: one per input of own and finance, two per rent option.
pub const MAX_RANGES: usize = 9 + 2 * MAX_RENT_OPTIONS;

/// An input a range may be set on. In the JSON, the link and [`RangeInput::key`] it is named
/// like the tornado's bar (`server_price`), a rent option's inputs with the option's index
/// (`rent_tariff.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RangeInput {
    /// Own purchase price per server (`own.price_per_server`), own's currency.
    ServerPrice,
    /// Own power price per kWh (`own.energy.price_per_kwh`), own's currency.
    PowerPrice,
    /// Colocation per contracted kW and month (`own.colocation_per_kw_month`), own's currency.
    ColocationPerKw,
    /// Hardware support, percent of the hardware value per year
    /// (`own.hardware_support_percent_per_year`).
    HardwareSupport,
    /// Own staff hours per month (`own.staff_hours_per_month`).
    StaffHours,
    /// Own service life, whole years (`own.service_life_years`); the horizon stays.
    ServiceLife,
    /// Own residual value, percent of the purchase price (`own.residual_percent`).
    ResidualValue,
    /// Annual discount rate, percent (`finance.discount_rate_percent`); moves only the present
    /// values.
    DiscountRate,
    /// Productive hours per month: the load pattern on proportionally more or fewer days.
    ProductiveHours,
    /// Rent option `N`'s price (`rent.N.price`), its spot and block prices in proportion, in
    /// the option's currency and price unit.
    RentTariff(usize),
    /// Rent option `N`'s yearly price change, percent (`rent.N.extras.yearly_price_change_percent`).
    CloudPriceChange(usize),
}

/// The inputs without an index, with their keys.
const NAMED: [(RangeInput, &str); 9] = [
    (RangeInput::ServerPrice, "server_price"),
    (RangeInput::PowerPrice, "power_price"),
    (RangeInput::ColocationPerKw, "colocation_per_kw"),
    (RangeInput::HardwareSupport, "hardware_support"),
    (RangeInput::StaffHours, "staff_hours"),
    (RangeInput::ServiceLife, "service_life"),
    (RangeInput::ResidualValue, "residual_value"),
    (RangeInput::DiscountRate, "discount_rate"),
    (RangeInput::ProductiveHours, "productive_hours"),
];
const RENT_TARIFF: &str = "rent_tariff";
const CLOUD_PRICE_CHANGE: &str = "cloud_price_change";

impl RangeInput {
    /// Every input a range may be set on in a scenario with `rent_options` rent options: the
    /// own and finance inputs, then each option's price and yearly price change.
    pub fn all(rent_options: usize) -> Vec<RangeInput> {
        NAMED
            .iter()
            .map(|(input, _)| *input)
            .chain(
                (0..rent_options)
                    .flat_map(|i| [RangeInput::RentTariff(i), RangeInput::CloudPriceChange(i)]),
            )
            .collect()
    }

    /// The input's name in the JSON and the link: `server_price`, `rent_tariff.1`.
    pub fn key(self) -> String {
        match self {
            RangeInput::RentTariff(i) => format!("{RENT_TARIFF}.{i}"),
            RangeInput::CloudPriceChange(i) => format!("{CLOUD_PRICE_CHANGE}.{i}"),
            named => NAMED
                .iter()
                .find(|(input, _)| *input == named)
                .map_or_else(String::new, |(_, k)| (*k).to_owned()),
        }
    }

    /// The input named `key` ([`RangeInput::key`]); `None` for a name that is none (an index
    /// is written without leading zeros).
    pub fn from_key(key: &str) -> Option<RangeInput> {
        if let Some((name, index)) = key.split_once('.') {
            let i = canonical_index(index)?;
            return match name {
                RENT_TARIFF => Some(RangeInput::RentTariff(i)),
                CLOUD_PRICE_CHANGE => Some(RangeInput::CloudPriceChange(i)),
                _ => None,
            };
        }
        NAMED
            .iter()
            .find(|(_, k)| *k == key)
            .map(|(input, _)| *input)
    }

    /// The rent option a rent input belongs to.
    pub fn rent_index(self) -> Option<usize> {
        match self {
            RangeInput::RentTariff(i) | RangeInput::CloudPriceChange(i) => Some(i),
            _ => None,
        }
    }

    /// Whether the input takes whole numbers only (the service life).
    pub fn whole(self) -> bool {
        self == RangeInput::ServiceLife
    }

    /// The tornado's bar for the same input, where it has one.
    pub fn sensitivity(self) -> Option<SensitivityInput> {
        Some(match self {
            RangeInput::ServerPrice => SensitivityInput::ServerPrice,
            RangeInput::PowerPrice => SensitivityInput::PowerPrice,
            RangeInput::StaffHours => SensitivityInput::StaffHours,
            RangeInput::ServiceLife => SensitivityInput::ServiceLife,
            RangeInput::ResidualValue => SensitivityInput::ResidualValue,
            RangeInput::DiscountRate => SensitivityInput::DiscountRate,
            RangeInput::ProductiveHours => SensitivityInput::ProductiveHours,
            RangeInput::RentTariff(_) => SensitivityInput::RentTariff,
            RangeInput::CloudPriceChange(_) => SensitivityInput::CloudPriceChange,
            RangeInput::ColocationPerKw | RangeInput::HardwareSupport => return None,
        })
    }

    /// The values the model accepts for the input (the scenario's own bounds; productive hours
    /// up to a month's 730).
    pub fn bounds(self) -> (Decimal, Decimal) {
        let z = Decimal::ZERO;
        match self {
            RangeInput::ServerPrice => (z, dec!(1000000000)),
            RangeInput::PowerPrice => (z, dec!(10)),
            RangeInput::ColocationPerKw => (z, dec!(100000)),
            RangeInput::HardwareSupport | RangeInput::ResidualValue => (z, dec!(100)),
            RangeInput::StaffHours => (z, dec!(744)),
            RangeInput::ServiceLife => (Decimal::ONE, dec!(10)),
            RangeInput::DiscountRate => (z, dec!(30)),
            RangeInput::ProductiveHours => (z, dec!(730)),
            RangeInput::RentTariff(_) => (z, dec!(1000000)),
            RangeInput::CloudPriceChange(_) => (dec!(-50), dec!(50)),
        }
    }

    /// The scenario's value of the input (`None` for the productive hours, which come from the
    /// calendar, and for a rent option the scenario does not have).
    pub fn value(self, s: &Scenario) -> Option<Decimal> {
        Some(match self {
            RangeInput::ServerPrice => s.own.price_per_server,
            RangeInput::PowerPrice => s.own.energy.price_per_kwh,
            RangeInput::ColocationPerKw => s.own.colocation_per_kw_month,
            RangeInput::HardwareSupport => s.own.hardware_support_percent_per_year,
            RangeInput::StaffHours => s.own.staff_hours_per_month,
            RangeInput::ServiceLife => d(s.own.service_life_years),
            RangeInput::ResidualValue => s.own.residual_percent,
            RangeInput::DiscountRate => s.finance.discount_rate_percent,
            RangeInput::ProductiveHours => return None,
            RangeInput::RentTariff(i) => s.rent.get(i)?.price,
            RangeInput::CloudPriceChange(i) => s.rent.get(i)?.extras.yearly_price_change_percent,
        })
    }

    /// The field of an option's preset entries the input is (relative to `own` or `rent.N`).
    fn preset_key(self) -> Option<(Side, &'static str)> {
        Some(match self {
            RangeInput::ServerPrice => (Side::Own, "price_per_server"),
            RangeInput::PowerPrice => (Side::Own, "energy.price_per_kwh"),
            RangeInput::ColocationPerKw => (Side::Own, "colocation_per_kw_month"),
            RangeInput::HardwareSupport => (Side::Own, "hardware_support_percent_per_year"),
            RangeInput::StaffHours => (Side::Own, "staff_hours_per_month"),
            RangeInput::ServiceLife => (Side::Own, "service_life_years"),
            RangeInput::ResidualValue => (Side::Own, "residual_percent"),
            RangeInput::RentTariff(_) => (Side::Rent, "price"),
            RangeInput::CloudPriceChange(_) => (Side::Rent, "extras.yearly_price_change_percent"),
            RangeInput::DiscountRate | RangeInput::ProductiveHours => return None,
        })
    }

    /// Which side a higher value of the input favours (`None` where it depends on the
    /// scenario: the discount rate moves own's up-front price against later months, and more
    /// productive hours raise both sides' bills).
    pub fn raising_favours(self) -> Option<Favours> {
        match self {
            RangeInput::ServerPrice
            | RangeInput::PowerPrice
            | RangeInput::ColocationPerKw
            | RangeInput::HardwareSupport
            | RangeInput::StaffHours => Some(Favours::Rent),
            RangeInput::ServiceLife
            | RangeInput::ResidualValue
            | RangeInput::RentTariff(_)
            | RangeInput::CloudPriceChange(_) => Some(Favours::Own),
            RangeInput::DiscountRate | RangeInput::ProductiveHours => None,
        }
    }

    /// A stable number for the input, mixed into its shuffle's seed.
    fn ordinal(self) -> u64 {
        let named = NAMED.len() as u64;
        match self {
            RangeInput::RentTariff(i) => named + 2 * i as u64,
            RangeInput::CloudPriceChange(i) => named + 2 * i as u64 + 1,
            other => NAMED
                .iter()
                .position(|(input, _)| *input == other)
                .map_or(0, |p| p as u64),
        }
    }
}

/// A list index as written: digits, no leading zero.
fn canonical_index(text: &str) -> Option<usize> {
    if text.is_empty()
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return None;
    }
    text.parse().ok()
}

impl fmt::Display for RangeInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key())
    }
}

impl Serialize for RangeInput {
    fn serialize<S: Serializer>(&self, serializer: S) -> core::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.key())
    }
}

impl<'de> Deserialize<'de> for RangeInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> core::result::Result<Self, D::Error> {
        struct Key;
        impl serde::de::Visitor<'_> for Key {
            type Value = RangeInput;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an input such as `server_price` or `rent_tariff.0`")
            }
            fn visit_str<E: serde::de::Error>(
                self,
                v: &str,
            ) -> core::result::Result<RangeInput, E> {
                RangeInput::from_key(v)
                    .ok_or_else(|| E::custom(format!("unknown input `{v}` for a range")))
            }
        }
        deserializer.deserialize_str(Key)
    }
}

/// A (low, high) range on one input, in the input's unit ([`RangeInput`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// The lowest value.
    pub low: Decimal,
    /// The highest value (at least `low`; equal: the input is set to it).
    pub high: Decimal,
}

/// The sourced range of the cloud's yearly price change, percent (PRICES.md): −25 % (AWS's
/// June 2025 cut of its P5en prices, every year) to 0 % (today's prices held).
pub const CLOUD_PRICE_CHANGE_RANGE: Range = Range {
    low: dec!(-25),
    high: Decimal::ZERO,
};

/// The report with every rent option's yearly price change at `percent` (an end of
/// [`CLOUD_PRICE_CHANGE_RANGE`]): how the answers read there.
///
/// # Errors
/// The first invalid field, or an arithmetic overflow.
pub fn at_cloud_price_change(scenario: &Scenario, percent: Decimal) -> Result<crate::Report> {
    let mut at = scenario.clone();
    for option in &mut at.rent {
        option.extras.yearly_price_change_percent = percent;
    }
    crate::evaluate(&at)
}

impl Range {
    /// Whether the range is a single value.
    pub fn is_point(&self) -> bool {
        self.low == self.high
    }
}

/// The scenario's ranges: at most one per input, and the ties among them. Empty in a scenario
/// from before them, and then left out of its JSON and its link.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranges {
    /// The range on each input that has one.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub inputs: BTreeMap<RangeInput, Range>,
    /// Groups of inputs that move together (each input with a range, in one tie at most).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Vec<RangeInput>>,
}

impl Ranges {
    /// Reads ranges from their JSON value (a scenario's `ranges`), as a scenario reads them;
    /// not yet validated ([`Ranges::validate`]).
    ///
    /// # Errors
    /// [`Error::Malformed`] with the path inside `value` for a key or value it does not take.
    pub fn from_value_ref(value: &serde_json::Value) -> Result<Ranges> {
        crate::read::ranges(value)
    }

    /// Whether there is no range and no tie (how a scenario from before ranges reads).
    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty() && self.ties.is_empty()
    }

    /// Checks every range against its input's bounds ([`RangeInput::bounds`]) and the
    /// scenario's `rent_options`, and every tie.
    ///
    /// # Errors
    /// [`Error::Malformed`] at `ranges.inputs.<key>` for a rent option the scenario does not
    /// have; [`Error::OutOfRange`] at `ranges.inputs.<key>.low` (outside the bounds) or `.high`
    /// (below `low` or above the bounds); [`Error::NotAllowedStep`] for a service life that is
    /// not whole years; [`Error::TooMany`] at `ranges.inputs` or `ranges.ties`; and
    /// [`Error::Malformed`] at `ranges.ties.<t>.<j>` for a tied input without a range or in two
    /// ties.
    pub fn validate(&self, rent_options: usize) -> Result<()> {
        check::count("ranges.inputs", self.inputs.len(), MAX_RANGES)?;
        for (input, r) in &self.inputs {
            let path = || format!("ranges.inputs.{input}");
            if input.rent_index().is_some_and(|i| i >= rent_options) {
                return Err(Error::Malformed {
                    path: path(),
                    problem: ReadProblem::NoSuchRentOption,
                });
            }
            let (min, max) = input.bounds();
            check::range(check::Lazy(|| format!("{}.low", path())), r.low, min, max)?;
            check::range(
                check::Lazy(|| format!("{}.high", path())),
                r.high,
                r.low,
                max,
            )?;
            if input.whole() {
                for (end, v) in [("low", r.low), ("high", r.high)] {
                    if !v.fract().is_zero() {
                        return Err(Error::NotAllowedStep {
                            path: format!("{}.{end}", path()),
                            value: v,
                            rule: StepRule::WholeYears,
                        });
                    }
                }
            }
        }
        check::count("ranges.ties", self.ties.len(), MAX_TIES)?;
        let mut tied = BTreeSet::new();
        for (t, tie) in self.ties.iter().enumerate() {
            check::count(
                check::Lazy(|| format!("ranges.ties.{t}")),
                tie.len(),
                MAX_RANGES,
            )?;
            for (j, input) in tie.iter().enumerate() {
                let problem = if !self.inputs.contains_key(input) {
                    ReadProblem::TiedWithoutRange
                } else if !tied.insert(*input) {
                    ReadProblem::TiedTwice
                } else {
                    continue;
                };
                return Err(Error::Malformed {
                    path: format!("ranges.ties.{t}.{j}"),
                    problem,
                });
            }
        }
        Ok(())
    }

    /// The ranges after rent option `i` is removed from the scenario: its ranges go, and those
    /// of the options after it move down one index (a tie left with fewer than two inputs goes
    /// too).
    pub fn remove_rent(&mut self, i: usize) {
        let shift = |input: RangeInput| -> Option<RangeInput> {
            match input {
                RangeInput::RentTariff(j) if j == i => None,
                RangeInput::CloudPriceChange(j) if j == i => None,
                RangeInput::RentTariff(j) if j > i => Some(RangeInput::RentTariff(j - 1)),
                RangeInput::CloudPriceChange(j) if j > i => {
                    Some(RangeInput::CloudPriceChange(j - 1))
                }
                other => Some(other),
            }
        };
        // Inserted one by one: collecting into a map sorts a copy of the items with a whole
        // standard sort, which the page would carry for this alone.
        let mut inputs = BTreeMap::new();
        for (k, r) in std::mem::take(&mut self.inputs) {
            if let Some(k) = shift(k) {
                inputs.insert(k, r);
            }
        }
        self.inputs = inputs;
        for tie in &mut self.ties {
            *tie = tie.iter().filter_map(|k| shift(*k)).collect();
        }
        // A tie left with one input ties it to nothing.
        self.ties.retain(|t| t.len() >= 2);
    }
}

// --- preset ranges -------------------------------------------------------------------------

/// A range a preset's source gives for one of its values, with that source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourcedRange {
    /// The input.
    pub input: RangeInput,
    /// The range, in the option's currency (converted at the scenario's exchange rate where
    /// the source quotes another).
    pub range: Range,
    /// The preset the value and its range come from.
    pub preset: &'static str,
    /// Where the figure and its range come from (the preset entry's source).
    pub source: &'static str,
    /// As-of date of the source, `YYYY-MM` or `YYYY`.
    pub as_of: &'static str,
    /// The entry's remark in English (it states the range as the source gives it).
    pub note_en: &'static str,
    /// The entry's remark in German.
    pub note_de: &'static str,
}

impl SourcedRange {
    /// The source in German (`german`) or English, as [`crate::presets::Entry::source_in`] gives it.
    pub fn source_in(&self, german: bool) -> &'static str {
        if german {
            crate::presets::german_source(self.source).unwrap_or(self.source)
        } else {
            self.source
        }
    }
}

/// Whether a sourced range is quoted in USD (converted into the option's currency) or in the
/// field's own unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Usd,
    Field,
}

/// The ranges of PRICES.md, by preset (`None`: every preset of that side) and field.
struct Sourced {
    preset: Option<&'static str>,
    input: fn(usize) -> RangeInput,
    low: Decimal,
    high: Decimal,
    unit: Unit,
    /// Only with this service life (a residual value's range belongs to an age).
    life: Option<u32>,
}

const SOURCED: &[Sourced] = &[
    // 8× H200 SXM: 320,000–420,000 USD (analyst estimate in a public TCO appendix, Oct 2026).
    Sourced {
        preset: Some("own-h200-sxm-8"),
        input: |_| RangeInput::ServerPrice,
        low: dec!(320000),
        high: dec!(420000),
        unit: Unit::Usd,
        life: None,
    },
    // 8 × 25,000–35,000 USD per H200 + the 40,000 USD chassis of the preset's note.
    Sourced {
        preset: Some("own-h200-nvl-8"),
        input: |_| RangeInput::ServerPrice,
        low: dec!(240000),
        high: dec!(320000),
        unit: Unit::Usd,
        life: None,
    },
    // 4 × 25,000–35,000 USD + the 30,000 USD chassis.
    Sourced {
        preset: Some("own-h200-nvl-4"),
        input: |_| RangeInput::ServerPrice,
        low: dec!(130000),
        high: dec!(170000),
        unit: Unit::Usd,
        life: None,
    },
    // 8 × 8,000–9,200 USD retail + the 30,000 USD chassis.
    Sourced {
        preset: Some("own-rtx-pro-6000-8"),
        input: |_| RangeInput::ServerPrice,
        low: dec!(94000),
        high: dec!(103600),
        unit: Unit::Usd,
        life: None,
    },
    // A complete L40S server 60,000–120,000 USD.
    Sourced {
        preset: Some("own-l40s-8"),
        input: |_| RangeInput::ServerPrice,
        low: dec!(60000),
        high: dec!(120000),
        unit: Unit::Usd,
        life: None,
    },
    // GPU colocation 130–250 USD per kW-month (industry glossary 2026, low confidence).
    Sourced {
        preset: None,
        input: |_| RangeInput::ColocationPerKw,
        low: dec!(130),
        high: dec!(250),
        unit: Unit::Usd,
        life: None,
    },
    // Hardware support 8–12 % of the hardware value per year (industry estimate 2026).
    Sourced {
        preset: None,
        input: |_| RangeInput::HardwareSupport,
        low: dec!(8),
        high: dec!(12),
        unit: Unit::Field,
        life: None,
    },
    // Staff 0.1–0.3 FTE for 1–2 servers at 160 h per FTE-month (an assumption, no source).
    Sourced {
        preset: None,
        input: |_| RangeInput::StaffHours,
        low: dec!(16),
        high: dec!(48),
        unit: Unit::Field,
        life: None,
    },
    // Residual value 10–15 % after 5 years (lender guide, Jan 2026, low confidence).
    Sourced {
        preset: None,
        input: |_| RangeInput::ResidualValue,
        low: dec!(10),
        high: dec!(15),
        unit: Unit::Field,
        life: Some(5),
    },
    // The cloud's yearly price change: −25 % (the cut of June 2025 every year) to 0 %.
    Sourced {
        preset: None,
        input: RangeInput::CloudPriceChange,
        low: CLOUD_PRICE_CHANGE_RANGE.low,
        high: CLOUD_PRICE_CHANGE_RANGE.high,
        unit: Unit::Field,
        life: None,
    },
    // CoreWeave H200: 6.31–6.50 USD per GPU-hour.
    Sourced {
        preset: Some("coreweave-h200"),
        input: RangeInput::RentTariff,
        low: dec!(6.31),
        high: dec!(6.50),
        unit: Unit::Field,
        life: None,
    },
];

/// The ranges the presets' sources give for the scenario's values (PRICES.md), with the source
/// and date of each, for the options chosen from `presets` (`own` or `rent.N` with its preset,
/// as [`crate::share::Link::presets`] and [`crate::share::default_link_presets`] list them).
///
/// A range is given only where the scenario still holds the preset's figure (the range belongs
/// to that figure; a value the user typed is theirs, and so is its range), and a residual
/// value's range only at the age it is quoted for (10–15 % after 5 years). The figures are
/// unchanged; ranges quoted in USD are converted into the option's currency at the scenario's
/// exchange rate and rounded to whole units at or above 1,000, else to cents. The service life
/// (3–6 years) is left out: the residual value moves with it, so a range on it alone misstates
/// it. Sorted by input.
///
/// ```
/// use gpu_tco_core::share::default_link_presets;
/// use gpu_tco_core::{DEFAULT_JSON, Scenario};
/// use gpu_tco_core::ranges::{RangeInput, preset_ranges};
/// use rust_decimal_macros::dec;
///
/// let s = Scenario::default();
/// let v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
/// let ranges = preset_ranges(&s, &default_link_presets(&v)).unwrap();
/// let server = ranges.iter().find(|r| r.input == RangeInput::ServerPrice).unwrap();
/// // 320,000–420,000 USD at 1.16 USD per EUR.
/// assert_eq!((server.range.low, server.range.high), (dec!(275862), dec!(362069)));
/// ```
///
/// # Errors
/// [`Error::Overflow`] for an exchange rate the conversion cannot use.
pub fn preset_ranges(
    scenario: &Scenario,
    presets: &[(String, &'static Preset)],
) -> Result<Vec<SourcedRange>> {
    let mut out = Vec::new();
    for (slot, p) in presets {
        let (side, rent) = match slot.split_once('.') {
            None if slot == "own" => (Side::Own, 0),
            Some(("rent", i)) => match canonical_index(i) {
                Some(i) if i < scenario.rent.len() => (Side::Rent, i),
                _ => continue,
            },
            _ => continue,
        };
        if p.side != side {
            continue;
        }
        for src in SOURCED {
            if src.preset.is_some_and(|id| id != p.id) {
                continue;
            }
            let input = (src.input)(rent);
            let Some((input_side, key)) = input.preset_key() else {
                continue;
            };
            if input_side != side
                || src
                    .life
                    .is_some_and(|y| y != scenario.own.service_life_years)
            {
                continue;
            }
            let Some(entry) = p.entry(key) else {
                continue;
            };
            let figure = match entry.value {
                Val::Dec(text) => Decimal::from_str(text).ok(),
                Val::Int(n) => Some(d(n)),
                _ => None,
            };
            if figure.is_none() || figure != input.value(scenario) {
                continue;
            }
            let range = match src.unit {
                Unit::Field => Range {
                    low: src.low,
                    high: src.high,
                },
                Unit::Usd => {
                    let currency = match side {
                        Side::Own => scenario.own.currency,
                        Side::Rent => scenario
                            .rent
                            .get(rent)
                            .map_or(Currency::Usd, |r| r.currency),
                    };
                    let rate = Currency::Usd.rate_to(currency, scenario.finance.usd_per_eur);
                    let convert = |v: Decimal| -> Result<Decimal> {
                        let x = rate.apply(v)?;
                        let dp = if x >= dec!(1000) { 0 } else { 2 };
                        Ok(x.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero))
                    };
                    Range {
                        low: convert(src.low)?,
                        high: convert(src.high)?,
                    }
                }
            };
            out.push(SourcedRange {
                input,
                range,
                preset: p.id,
                source: entry.source,
                as_of: entry.as_of,
                note_en: entry.note_en,
                note_de: entry.note_de,
            });
        }
    }
    crate::order::sort_by_key(&mut out, |r| r.input);
    Ok(out)
}

/// The sourced ranges as a scenario's [`Ranges`], untied (the page's "use the sources' ranges").
pub fn ranges_of(sourced: &[SourcedRange]) -> Ranges {
    Ranges {
        inputs: sourced.iter().map(|s| (s.input, s.range)).collect(),
        ties: Vec::new(),
    }
}

// --- the spread ----------------------------------------------------------------------------

/// How many samples [`spread`] draws and from which seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Sampling {
    /// Samples, 1–[`MAX_SAMPLES`] (default [`DEFAULT_SAMPLES`]).
    pub samples: u32,
    /// The seed of the shuffles (default [`DEFAULT_SEED`]).
    pub seed: u64,
}

impl Default for Sampling {
    fn default() -> Self {
        Sampling {
            samples: DEFAULT_SAMPLES,
            seed: DEFAULT_SEED,
        }
    }
}

/// P10, P50 and P90 of an amount over the samples.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Quantiles {
    /// 10 % of the samples lie at or below it.
    pub p10: Decimal,
    /// The median.
    pub p50: Decimal,
    /// 90 % of the samples lie at or below it.
    pub p90: Decimal,
}

impl Quantiles {
    /// Whether `value` lies within P10–P90. A point result outside its own P10–P90 means the
    /// ranges are not centred on the inputs as entered (a range reaching to one side only,
    /// such as the cloud's price change from −25 % to 0 %).
    pub fn holds(&self, value: Decimal) -> bool {
        self.p10 <= value && value <= self.p90
    }
}

/// P10, P50 and P90 of the break-even month; `null` = never within the horizon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MonthQuantiles {
    /// The earliest tenth's month.
    pub p10: Option<u32>,
    /// The median month.
    pub p50: Option<u32>,
    /// The month by which nine in ten samples have broken even.
    pub p90: Option<u32>,
}

/// A cumulative curve's band, month by month (months `0..=horizon`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Band {
    /// The P10 of each month's cumulative cost.
    pub p10: Vec<Decimal>,
    /// The median.
    pub p50: Vec<Decimal>,
    /// The P90.
    pub p90: Vec<Decimal>,
}

/// One option's spread.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionSpread {
    /// The option's label.
    pub label: String,
    /// Total over the horizon (the report's `total`).
    pub total: Quantiles,
    /// Net present value at each sample's discount rate; `null` when no sample discounts.
    pub npv: Option<Quantiles>,
    /// The band around the cumulative cost (the report's `cumulative`).
    pub cumulative: Band,
}

/// A rent option's spread and its comparison with own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RentSpread {
    /// Cost figures.
    #[serde(flatten)]
    pub costs: OptionSpread,
    /// This option's total minus own's (positive: owning saves that much), sample by sample.
    pub savings_with_own: Quantiles,
    /// The same on present values, with the break-even month, the share and the verdict they
    /// give; `null` when no sample discounts.
    pub discounted_savings_with_own: Option<DiscountedSavings>,
    /// First month from which own's cumulative cost stays at or below this option's.
    pub break_even_month: MonthQuantiles,
    /// Share of the samples (0–1) in which owning costs less over the horizon.
    pub own_cheaper: Decimal,
    /// The answer in words.
    pub verdict: Verdict,
}

/// A rent option's comparison with own on present values, each sample discounted at its own
/// discount rate (a sample at 0 %: its amounts as paid): the counterparts of
/// [`RentSpread::savings_with_own`], [`RentSpread::break_even_month`],
/// [`RentSpread::own_cheaper`] and [`RentSpread::verdict`], computed the same way sample by
/// sample. In the JSON the quantiles of the savings stand beside the other fields
/// (`{p10, p50, p90, break_even_month, own_cheaper, verdict}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DiscountedSavings {
    /// This option's NPV minus own's (positive: owning saves that much in present value).
    #[serde(flatten)]
    pub savings: Quantiles,
    /// First month from which own's discounted cumulative cost stays at or below this
    /// option's (the report's `discounted_break_even_month`).
    pub break_even_month: MonthQuantiles,
    /// Share of the samples (0–1) in which owning costs less in present value.
    pub own_cheaper: Decimal,
    /// The answer in words, on present values: [`verdict`] of these savings and this share.
    pub verdict: Verdict,
}

/// How sure the answer is, for one rent option against own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Verdict {
    /// The P10–P90 of the savings spans zero: either may come out cheaper.
    CloseCall {
        /// Owning is cheaper in this percentage of the cases.
        own_cheaper_percent: u32,
    },
    /// The P10–P90 of the savings lies on one side of zero: owning is cheaper in this
    /// percentage of the cases (high: own; low: rent).
    Clear {
        /// Owning is cheaper in this percentage of the cases.
        own_cheaper_percent: u32,
    },
}

/// The side an input's value favours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Favours {
    /// Owning comes out cheaper the further the value goes this way.
    Own,
    /// Renting does.
    Rent,
}

/// An input the scenario sets at one end of its range (outside the range's middle 80 %): the
/// point figures take the side that end favours, while most samples lie towards the other, so
/// the point may fall outside the P10–P90 (the cloud's price change entered as 0 % on a range
/// of −25 % to 0 % takes owning's most favourable end).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Leaning {
    /// The input.
    pub input: RangeInput,
    /// The scenario's value.
    pub value: Decimal,
    /// Its range.
    pub range: Range,
    /// The side the value favours against the rest of the range.
    pub favours: Favours,
}

/// The inputs among `varied` whose scenario value lies at one end of its range, in order.
fn leaning(scenario: &Scenario, ranges: &Ranges, varied: &[RangeInput]) -> Vec<Leaning> {
    varied
        .iter()
        .filter_map(|&input| {
            let range = *ranges.inputs.get(&input)?;
            let value = input.value(scenario)?;
            let raising = input.raising_favours()?;
            let tenth = range.high.checked_sub(range.low)?.checked_div(dec!(10))?;
            let favours = if value >= range.high.checked_sub(tenth)? {
                raising
            } else if value <= range.low.checked_add(tenth)? {
                match raising {
                    Favours::Own => Favours::Rent,
                    Favours::Rent => Favours::Own,
                }
            } else {
                return None;
            };
            Some(Leaning {
                input,
                value,
                range,
                favours,
            })
        })
        .collect()
}

/// The scenario's answers over its ranges.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Spread {
    /// Currency of every amount.
    pub currency: Currency,
    /// Months compared (the scenario's, in every sample).
    pub horizon_months: u32,
    /// Samples priced (1 when no range has any width).
    pub samples: u32,
    /// The seed of the shuffles.
    pub seed: u64,
    /// The inputs that varied (ranges of non-zero width), in order.
    pub varied: Vec<RangeInput>,
    /// Those of them the scenario sets at one end of the range, in order.
    pub leaning: Vec<Leaning>,
    /// The own servers.
    pub own: OptionSpread,
    /// Each rent option, in scenario order.
    pub rent: Vec<RentSpread>,
}

impl Spread {
    /// Reads a spread as its `Serialize` writes it to JSON (the module of the sections loaded
    /// on demand computes it and sends it to the first screen, which then carries neither the
    /// sampling nor a derived reader); `None` for anything else.
    pub fn from_json_value(v: &serde_json::Value) -> Option<Spread> {
        Some(Spread {
            currency: Currency::deserialize(v.get("currency")?).ok()?,
            horizon_months: json_u32(v.get("horizon_months")?)?,
            samples: json_u32(v.get("samples")?)?,
            seed: v.get("seed")?.as_u64()?,
            varied: v
                .get("varied")?
                .as_array()?
                .iter()
                .map(|k| RangeInput::from_key(k.as_str()?))
                .collect::<Option<_>>()?,
            leaning: v
                .get("leaning")?
                .as_array()?
                .iter()
                .map(|l| {
                    let range = l.get("range")?;
                    Some(Leaning {
                        input: RangeInput::from_key(l.get("input")?.as_str()?)?,
                        value: json_decimal(l.get("value")?)?,
                        range: Range {
                            low: json_decimal(range.get("low")?)?,
                            high: json_decimal(range.get("high")?)?,
                        },
                        favours: match l.get("favours")?.as_str()? {
                            "own" => Favours::Own,
                            "rent" => Favours::Rent,
                            _ => return None,
                        },
                    })
                })
                .collect::<Option<_>>()?,
            own: json_option(v.get("own")?)?,
            rent: v
                .get("rent")?
                .as_array()?
                .iter()
                .map(|r| {
                    Some(RentSpread {
                        costs: json_option(r)?,
                        savings_with_own: json_quantiles(r.get("savings_with_own")?)?,
                        discounted_savings_with_own: json_nullable(
                            r.get("discounted_savings_with_own")?,
                            |d| {
                                Some(DiscountedSavings {
                                    savings: json_quantiles(d)?,
                                    break_even_month: json_months(d.get("break_even_month")?)?,
                                    own_cheaper: json_decimal(d.get("own_cheaper")?)?,
                                    verdict: json_verdict(d.get("verdict")?)?,
                                })
                            },
                        )?,
                        break_even_month: json_months(r.get("break_even_month")?)?,
                        own_cheaper: json_decimal(r.get("own_cheaper")?)?,
                        verdict: json_verdict(r.get("verdict")?)?,
                    })
                })
                .collect::<Option<_>>()?,
        })
    }
}

fn json_u32(v: &serde_json::Value) -> Option<u32> {
    u32::try_from(v.as_u64()?).ok()
}

fn json_decimal(v: &serde_json::Value) -> Option<Decimal> {
    Decimal::from_str(v.as_str()?).ok()
}

/// `None` (no value) for `null`, else the value `read` finds (`None` inside: not readable).
fn json_nullable<T>(
    v: &serde_json::Value,
    read: impl Fn(&serde_json::Value) -> Option<T>,
) -> Option<Option<T>> {
    if v.is_null() {
        Some(None)
    } else {
        read(v).map(Some)
    }
}

fn json_quantiles(v: &serde_json::Value) -> Option<Quantiles> {
    Some(Quantiles {
        p10: json_decimal(v.get("p10")?)?,
        p50: json_decimal(v.get("p50")?)?,
        p90: json_decimal(v.get("p90")?)?,
    })
}

fn json_months(m: &serde_json::Value) -> Option<MonthQuantiles> {
    let month = |k: &str| json_nullable(m.get(k)?, json_u32);
    Some(MonthQuantiles {
        p10: month("p10")?,
        p50: month("p50")?,
        p90: month("p90")?,
    })
}

fn json_verdict(v: &serde_json::Value) -> Option<Verdict> {
    let own_cheaper_percent = json_u32(v.get("own_cheaper_percent")?)?;
    match v.get("kind")?.as_str()? {
        "close_call" => Some(Verdict::CloseCall {
            own_cheaper_percent,
        }),
        "clear" => Some(Verdict::Clear {
            own_cheaper_percent,
        }),
        _ => None,
    }
}

fn json_option(v: &serde_json::Value) -> Option<OptionSpread> {
    let band = v.get("cumulative")?;
    let series = |k: &str| {
        band.get(k)?
            .as_array()?
            .iter()
            .map(json_decimal)
            .collect::<Option<Vec<_>>>()
    };
    Some(OptionSpread {
        label: v.get("label")?.as_str()?.to_owned(),
        total: json_quantiles(v.get("total")?)?,
        npv: json_nullable(v.get("npv")?, json_quantiles)?,
        cumulative: Band {
            p10: series("p10")?,
            p50: series("p50")?,
            p90: series("p90")?,
        },
    })
}

/// The verdict on savings with these quantiles when owning is cheaper in the share
/// `own_cheaper` (0–1) of the cases: a close call when `p10 ≤ 0 ≤ p90`, else clear. The
/// percentage is rounded half up, but never to 0 or 100 unless the share is exactly that.
pub fn verdict(savings: &Quantiles, own_cheaper: Decimal) -> Verdict {
    let share = own_cheaper.clamp(Decimal::ZERO, Decimal::ONE);
    let percent = (share * Decimal::ONE_HUNDRED)
        .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero)
        .to_u32()
        .unwrap_or(0);
    let percent = if share > Decimal::ZERO && share < Decimal::ONE {
        percent.clamp(1, 99)
    } else {
        percent
    };
    if savings.p10 <= Decimal::ZERO && savings.p90 >= Decimal::ZERO {
        Verdict::CloseCall {
            own_cheaper_percent: percent,
        }
    } else {
        Verdict::Clear {
            own_cheaper_percent: percent,
        }
    }
}

/// Prices the scenario over its ranges ([`Scenario::ranges`]) and reports the P10 / P50 / P90
/// of every option's total, of the savings and the break-even month against own, the share of
/// cases in which owning is cheaper, and the band of each cumulative curve, by the method of
/// this module's documentation; when any sample discounts, the savings, break-even month,
/// share and verdict on present values too ([`DiscountedSavings`]). With no range of non-zero
/// width every quantile is the point result: the report's `total`, `cumulative`,
/// `savings_with_own`, `break_even_month` and (when the scenario discounts) `npv`,
/// `discounted_savings_with_own` and `discounted_break_even_month`.
///
/// A chosen hybrid ([`Scenario::hybrid`]) is not spread. Its cost is about `samples`
/// evaluations; the page computes it once the inputs rest, not on
/// every slider move (see the README for the measured time).
///
/// # Errors
/// The first invalid field of the scenario; [`Error::OutOfRange`] at `sampling.samples`
/// outside 1–[`MAX_SAMPLES`]; [`Error::Malformed`] at `ranges.inputs.productive_hours` for a
/// range on the productive hours of a scenario without load; or an arithmetic overflow.
///
/// # Panics
/// Never.
pub fn spread(scenario: &Scenario, sampling: Sampling) -> Result<Spread> {
    scenario.validate()?;
    check::range_u32("sampling.samples", sampling.samples, 1, MAX_SAMPLES)?;
    let profile = scenario.calendar.profile()?;
    profile.validate()?;
    let horizon = scenario.horizon_months();
    // Each option's load in its own GPUs (`load_gpus`), its peak and own's busy GPU-hours, as
    // the report prices them.
    let pricer = Pricer::new(scenario, &profile)?;
    let (own_peak, own_busy) = (pricer.own_peak, pricer.own_busy);
    let hours = pricer.productive_hours;
    let loads = (0..scenario.rent.len())
        .map(|i| Ok((pricer.loaded(i)?, pricer.rent_peak(i))))
        .collect::<Result<Vec<_>>>()?;
    let ranges = &scenario.ranges;
    if ranges.inputs.contains_key(&RangeInput::ProductiveHours) && hours.is_zero() {
        return Err(Error::Malformed {
            path: "ranges.inputs.productive_hours".into(),
            problem: ReadProblem::NoLoadToScale,
        });
    }

    let varied: Vec<RangeInput> = ranges
        .inputs
        .iter()
        .filter(|(_, r)| !r.is_point())
        .map(|(k, _)| *k)
        .collect();
    let n = if varied.is_empty() {
        1
    } else {
        sampling.samples as usize
    };
    let strata = strata(ranges, n, sampling.seed);
    let discounts = scenario.finance.discount_rate_percent > Decimal::ZERO
        || ranges
            .inputs
            .get(&RangeInput::DiscountRate)
            .is_some_and(|r| r.high > Decimal::ZERO);
    let fixed_factors = if ranges.inputs.contains_key(&RangeInput::DiscountRate) {
        None
    } else {
        Some(scenario.finance.factors(horizon)?)
    };

    let options = scenario.rent.len() + 1;
    let mut samples: Vec<Vec<Sample>> = (0..options).map(|_| Vec::with_capacity(n)).collect();
    // A rent option none of whose inputs varies costs the same in every sample: priced once.
    let moves = |i: usize| {
        varied
            .iter()
            .any(|v| v.rent_index() == Some(i) || *v == RangeInput::ProductiveHours)
    };
    let mut steady: Vec<Option<(Series, Option<Sample>)>> = vec![None; scenario.rent.len()];
    // Each rent option's break-even month on discounted curves, sample by sample: compared
    // while the sample's curves are at hand, so that no sample keeps its discounted curve.
    let mut pv_months: Vec<Vec<Option<u32>>> = if discounts {
        (0..scenario.rent.len())
            .map(|_| Vec::with_capacity(n))
            .collect()
    } else {
        Vec::new()
    };
    let mut sample_scenario = scenario.clone();
    sample_scenario.finance.horizon_months = Some(horizon);
    for k in 0..n {
        let mut s = sample_scenario.clone();
        let mut factor = Decimal::ONE;
        for (input, r) in &ranges.inputs {
            let stratum = strata
                .get(input)
                .and_then(|p| p.get(k))
                .copied()
                .unwrap_or(0);
            let v = value_at(*input, r, stratum, n)?;
            if *input == RangeInput::ProductiveHours {
                factor = div(v, hours, "ranges.productive_hours")?;
            } else {
                set(&mut s, *input, v)?;
            }
        }
        let own_factors;
        let factors = match &fixed_factors {
            Some(f) => f.as_deref(),
            None => {
                own_factors = s.finance.factors(horizon)?;
                own_factors.as_deref()
            }
        };
        let busy = mul(own_busy, factor, "load.scale")?;
        let own = own_alone(&s, busy, own_peak, horizon)?;
        let mut own_sample = Sample::of(&own.series, factors, discounts)?;
        let own_pv_curve = own_sample.pv_curve.take();
        if let Some(list) = samples.get_mut(0) {
            list.push(own_sample);
        }
        for (i, (option, (load, peak))) in s.rent.iter().zip(&loads).enumerate() {
            let mut sample = match steady.get(i).and_then(Option::as_ref) {
                // The same costs; the same figures too, unless the discount rate moves.
                Some((_, Some(sample))) => sample.clone(),
                Some((series, None)) => Sample::of(series, factors, discounts)?,
                None => {
                    let rc = rent_costs_on(&s, option, load, factor, *peak, horizon)?;
                    let sample = Sample::of(&rc.series, factors, discounts)?;
                    if let Some(slot) = steady.get_mut(i)
                        && k == 0
                        && !moves(i)
                    {
                        let same = fixed_factors.is_some().then(|| sample.clone());
                        *slot = Some((rc.series, same));
                    }
                    sample
                }
            };
            if let (Some(months), Some(o), Some(r)) = (
                pv_months.get_mut(i),
                own_pv_curve.as_deref(),
                sample.pv_curve.take(),
            ) {
                // On the curves the report's `discounted_break_even_month` compares.
                months.push(break_even_month(o, &r));
            }
            if let Some(list) = samples.get_mut(i + 1) {
                list.push(sample);
            }
        }
    }

    let mut option_spreads = Vec::with_capacity(options);
    for (o, list) in samples.iter().enumerate() {
        let label = if o == 0 {
            scenario.own.label.clone()
        } else {
            scenario
                .rent
                .get(o - 1)
                .map(|r| r.label.clone())
                .unwrap_or_default()
        };
        option_spreads.push(option_spread(label, list, discounts)?);
    }
    let mut spreads = option_spreads.into_iter();
    let own = spreads.next().ok_or_else(|| Error::Overflow {
        path: "ranges".into(),
    })?;
    let own_samples = samples.first().map(Vec::as_slice).unwrap_or_default();
    let mut rent = Vec::with_capacity(scenario.rent.len());
    let mut pv_months = pv_months.into_iter();
    for (costs, list) in spreads.zip(samples.iter().skip(1)) {
        let mut savings = Vec::with_capacity(n);
        let mut pv_savings = Vec::with_capacity(if discounts { n } else { 0 });
        let mut months = Vec::with_capacity(n);
        let (mut cheaper, mut pv_cheaper) = (0u32, 0u32);
        for (r, o) in list.iter().zip(own_samples) {
            let saving = round(sub(r.total, o.total, "savings")?);
            if saving > Decimal::ZERO {
                cheaper += 1;
            }
            savings.push(saving);
            if let (Some(rp), Some(op)) = (r.pv, o.pv) {
                let saving = round(sub(rp, op, "savings")?);
                if saving > Decimal::ZERO {
                    pv_cheaper += 1;
                }
                pv_savings.push(saving);
            }
            // On the curves the report's `break_even_month` compares: undiscounted.
            months.push(break_even_month(&o.curve, &r.curve));
        }
        let savings = quantiles(&mut savings)?;
        let own_cheaper = share(cheaper, n)?;
        let discounted = match pv_months.next() {
            Some(mut pv_months) if discounts => {
                let savings = quantiles(&mut pv_savings)?;
                let own_cheaper = share(pv_cheaper, n)?;
                Some(DiscountedSavings {
                    verdict: verdict(&savings, own_cheaper),
                    savings,
                    break_even_month: month_quantiles(&mut pv_months),
                    own_cheaper,
                })
            }
            _ => None,
        };
        rent.push(RentSpread {
            verdict: verdict(&savings, own_cheaper),
            savings_with_own: savings,
            discounted_savings_with_own: discounted,
            break_even_month: month_quantiles(&mut months),
            own_cheaper,
            costs,
        });
    }
    Ok(Spread {
        currency: scenario.finance.display_currency,
        horizon_months: horizon,
        samples: u32::try_from(n).unwrap_or(u32::MAX),
        seed: sampling.seed,
        leaning: leaning(scenario, ranges, &varied),
        varied,
        own,
        rent,
    })
}

/// The share `count / n` (0–1), rounded as the report rounds.
fn share(count: u32, n: usize) -> Result<Decimal> {
    Ok(round(div(d(count), Decimal::from(n), "ranges")?))
}

/// One option in one sample, as the report rounds it.
#[derive(Clone)]
struct Sample {
    total: Decimal,
    curve: Vec<Decimal>,
    pv: Option<Decimal>,
    /// The discounted cumulative curve, while the sample's break-even months are compared
    /// (taken out before the sample is kept).
    pv_curve: Option<Vec<Decimal>>,
}

impl Sample {
    /// The total and cumulative curve as [`crate::evaluate`] reports them (the horizon's point
    /// the exact total), and the present value and discounted cumulative curve when
    /// `discounts` (at 0 %: the total and the curve as paid).
    fn of(series: &Series, factors: Option<&[Decimal]>, discounts: bool) -> Result<Sample> {
        let exact = series.total()?;
        let months = series.month_totals(|_| true)?;
        let mut cum = cumulative(&months)?;
        if let Some(last) = cum.last_mut() {
            *last = exact;
        }
        let total = round(exact);
        let curve: Vec<Decimal> = cum.into_iter().map(round).collect();
        let (pv, pv_curve) = match (discounts, factors) {
            (false, _) => (None, None),
            (true, Some(f)) => {
                let dcum = cumulative(&discounted(&months, f)?)?;
                let pv = round(dcum.last().copied().unwrap_or(Decimal::ZERO));
                (Some(pv), Some(dcum.into_iter().map(round).collect()))
            }
            // A sample at 0 %: its present values are its amounts as paid.
            (true, None) => (Some(total), Some(curve.clone())),
        };
        Ok(Sample {
            total,
            curve,
            pv,
            pv_curve,
        })
    }
}

fn option_spread(label: String, list: &[Sample], discounts: bool) -> Result<OptionSpread> {
    let mut buf: Vec<Decimal> = list.iter().map(|s| s.total).collect();
    let total = quantiles(&mut buf)?;
    let npv = if discounts {
        buf = list.iter().filter_map(|s| s.pv).collect();
        Some(quantiles(&mut buf)?)
    } else {
        None
    };
    let months = list.first().map_or(0, |s| s.curve.len());
    let mut band = Band {
        p10: Vec::with_capacity(months),
        p50: Vec::with_capacity(months),
        p90: Vec::with_capacity(months),
    };
    for m in 0..months {
        buf.clear();
        buf.extend(list.iter().filter_map(|s| s.curve.get(m).copied()));
        let q = quantiles(&mut buf)?;
        band.p10.push(q.p10);
        band.p50.push(q.p50);
        band.p90.push(q.p90);
    }
    Ok(OptionSpread {
        label,
        total,
        npv,
        cumulative: band,
    })
}

/// Hazen's quantiles of `values` (sorted in place): P10, P50, P90.
fn quantiles(values: &mut Vec<Decimal>) -> Result<Quantiles> {
    crate::order::sort(values);
    Ok(Quantiles {
        p10: hazen(values, 1)?,
        p50: hazen(values, 5)?,
        p90: hazen(values, 9)?,
    })
}

/// The `tenths / 10` quantile of sorted `values` by Hazen's rule: the value at the 0-based
/// position `N·p − ½`, interpolated linearly, clamped to the ends.
fn hazen(sorted: &[Decimal], tenths: u32) -> Result<Decimal> {
    let n = sorted.len();
    let (Some(first), Some(last)) = (sorted.first(), sorted.last()) else {
        return Ok(Decimal::ZERO);
    };
    let p = "ranges.quantile";
    // Position × 20 = 2·N·tenths − 10, in whole numbers.
    let twenty = (2 * n as u64 * u64::from(tenths)).saturating_sub(10);
    if 2 * n as u64 * u64::from(tenths) <= 10 {
        return Ok(*first);
    }
    let lo = usize::try_from(twenty / 20).unwrap_or(usize::MAX);
    let rest = twenty % 20;
    if lo + 1 >= n {
        return Ok(*last);
    }
    let (Some(a), Some(b)) = (sorted.get(lo), sorted.get(lo + 1)) else {
        return Ok(*last);
    };
    if rest == 0 || a == b {
        return Ok(*a);
    }
    let frac = Decimal::new(i64::try_from(rest).unwrap_or(0), 0) / Decimal::from(20u32);
    Ok(round(add(*a, mul(sub(*b, *a, p)?, frac, p)?, p)?))
}

/// P10, P50, P90 of break-even months: the sample at rank `⌈N·p⌉`, "never" last.
fn month_quantiles(months: &mut Vec<Option<u32>>) -> MonthQuantiles {
    crate::order::sort_by_key(months, |m| m.map_or(u64::MAX, u64::from));
    let n = months.len();
    let at = |tenths: usize| -> Option<u32> {
        let rank = (n * tenths).div_ceil(10).max(1);
        months.get(rank - 1).copied().flatten()
    };
    MonthQuantiles {
        p10: at(1),
        p50: at(5),
        p90: at(9),
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast generator whose output is the same
/// on every platform. Used only to shuffle strata.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` ≥ 1), by the multiply-and-shift map (bias below
    /// `bound / 2^64`).
    fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(bound)) >> 64) as u64
    }
}

/// Each input's stratum in every sample: a shuffle of `0..n` per independent input or tie
/// (tied inputs share their tie's), seeded from `seed` and the group's first input.
fn strata(ranges: &Ranges, n: usize, seed: u64) -> BTreeMap<RangeInput, Vec<usize>> {
    let mut groups: Vec<Vec<RangeInput>> = ranges
        .ties
        .iter()
        .map(|t| {
            let mut t = t.clone();
            crate::order::sort(&mut t);
            t
        })
        .filter(|t| !t.is_empty())
        .collect();
    // Inserted one by one: collecting into a set sorts a copy of the items first, and would
    // compile a whole standard sort into the page (`crate::order`).
    let mut tied = BTreeSet::new();
    for input in groups.iter().flatten() {
        tied.insert(*input);
    }
    groups.extend(
        ranges
            .inputs
            .keys()
            .filter(|k| !tied.contains(k))
            .map(|k| vec![*k]),
    );
    let mut out = BTreeMap::new();
    for group in groups {
        let Some(first) = group.first() else {
            continue;
        };
        let mut rng = SplitMix64(seed ^ first.ordinal().wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        for input in group {
            out.insert(input, order.clone());
        }
    }
    out
}

/// The value of `input` with range `r` in stratum `k` of `n`: the stratum's midpoint
/// `low + (k + ½) / n × (high − low)` to 6 places, the range's value when it has no width, and
/// for whole years the year whose share of the range holds the midpoint.
fn value_at(input: RangeInput, r: &Range, k: usize, n: usize) -> Result<Decimal> {
    if r.is_point() || n == 0 {
        return Ok(r.low);
    }
    let p = "ranges.sample";
    if input.whole() {
        // Whole years low..=high, each on an equal share of the strata.
        let years = sub(r.high, r.low, p)?.to_u64().unwrap_or(0) + 1;
        let idx = ((2 * k as u64 + 1) * years / (2 * n as u64)).min(years - 1);
        return add(r.low, Decimal::from(idx), p);
    }
    let u = div(
        Decimal::from(2 * k as u64 + 1),
        Decimal::from(2 * n as u64),
        p,
    )?;
    let v = add(r.low, mul(sub(r.high, r.low, p)?, u, p)?, p)?;
    Ok(v.round_dp_with_strategy(6, RoundingStrategy::MidpointAwayFromZero))
}

/// Sets `input` of scenario `s` to `v` (the productive hours go through the load factor).
fn set(s: &mut Scenario, input: RangeInput, v: Decimal) -> Result<()> {
    match input {
        RangeInput::ServerPrice => s.own.price_per_server = v,
        RangeInput::PowerPrice => s.own.energy.price_per_kwh = v,
        RangeInput::ColocationPerKw => s.own.colocation_per_kw_month = v,
        RangeInput::HardwareSupport => s.own.hardware_support_percent_per_year = v,
        RangeInput::StaffHours => s.own.staff_hours_per_month = v,
        RangeInput::ServiceLife => {
            s.own.service_life_years = v.to_u32().unwrap_or(s.own.service_life_years);
        }
        RangeInput::ResidualValue => s.own.residual_percent = v,
        RangeInput::DiscountRate => s.finance.discount_rate_percent = v,
        RangeInput::ProductiveHours => {}
        RangeInput::RentTariff(i) => {
            if let Some(o) = s.rent.get_mut(i) {
                *o = with_tariff(o, v)?;
            }
        }
        RangeInput::CloudPriceChange(i) => {
            if let Some(o) = s.rent.get_mut(i) {
                o.extras.yearly_price_change_percent = v;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for input in [
            RangeInput::ServerPrice,
            RangeInput::ProductiveHours,
            RangeInput::RentTariff(0),
            RangeInput::CloudPriceChange(7),
        ] {
            assert_eq!(RangeInput::from_key(&input.key()), Some(input));
        }
        assert_eq!(RangeInput::from_key("rent_tariff.01"), None);
        assert_eq!(RangeInput::from_key("rent_tariff"), None);
        assert_eq!(RangeInput::from_key("server_price.0"), None);
        assert_eq!(RangeInput::from_key("tie"), None);
    }

    #[test]
    fn splitmix_is_the_reference_sequence() {
        // The first outputs of SplitMix64 seeded with 0 (the published reference values).
        let mut r = SplitMix64(0);
        assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn hazen_on_midpoints_is_exact() {
        // Ten strata midpoints 0.05, 0.15, …, 0.95: P10 = 0.1, P50 = 0.5, P90 = 0.9.
        let mut v: Vec<Decimal> = (0..10).map(|k| Decimal::new(10 * k + 5, 2)).collect();
        let q = quantiles(&mut v).unwrap();
        assert_eq!((q.p10, q.p50, q.p90), (dec!(0.1), dec!(0.5), dec!(0.9)));
        assert_eq!(hazen(&[dec!(3)], 1).unwrap(), dec!(3));
        assert_eq!(hazen(&[], 5).unwrap(), Decimal::ZERO);
    }

    #[test]
    fn months_sort_never_last() {
        let mut m = vec![None, Some(30), Some(10), Some(20), None];
        let q = month_quantiles(&mut m);
        assert_eq!((q.p10, q.p50, q.p90), (Some(10), Some(30), None));
    }

    #[test]
    fn whole_years_share_the_strata() {
        let r = Range {
            low: dec!(3),
            high: dec!(6),
        };
        let years: Vec<Decimal> = (0..8)
            .map(|k| value_at(RangeInput::ServiceLife, &r, k, 8).unwrap())
            .collect();
        assert_eq!(years, [3, 3, 4, 4, 5, 5, 6, 6].map(Decimal::from).to_vec());
    }
}
