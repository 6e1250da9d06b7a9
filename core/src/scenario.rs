//! The scenario: every input of the calculator, its defaults and its JSON form.

use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use crate::calendar::Calendar;
use crate::check;
use crate::error::{Error, ReadProblem, Result};
use crate::finance::Finance;
use crate::hybrid::Hybrid;
use crate::load::LoadProfile;
use crate::money::Currency;
use crate::own::{Energy, Financing, OwnOption};
use crate::ranges::Ranges;
use crate::rent::{Billing, MAX_RENT_OPTIONS, PriceUnit, RentExtras, RentOption};
use crate::switching::Switching;

/// The scenario format this build reads and writes.
pub const VERSION: u64 = 1;
/// `Scenario::default()` as JSON (the worked example). The page starts from this text, so its
/// WebAssembly needs no serializer; a test keeps it equal to `Scenario::default()`.
pub const DEFAULT_JSON: &str = include_str!("default.json");

/// Largest scenario text accepted (JSON or share link), in bytes.
pub const MAX_INPUT_BYTES: usize = 100 * 1024;

/// Everything the calculator needs: when the GPUs work, the ways to rent, the own servers and the
/// finance settings. `Default` is the worked example of seed 000 with AWS p5en prices and an
/// 8-GPU H200 server; each default is traced to `PRICES.md` in the README.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Format version, always 1.
    pub version: u64,
    /// When the GPUs work.
    pub calendar: Calendar,
    /// Ways to rent, compared side by side against `own` (at most 8).
    pub rent: Vec<RentOption>,
    /// Own servers.
    pub own: OwnOption,
    /// Horizon, discounting and currency.
    pub finance: Finance,
    /// A chosen mix of own and rent (own the base, rent the overflow); left out when none is
    /// chosen, so files from before it read as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hybrid: Option<Hybrid>,
    /// Where the load runs today and when the comparison starts (moving the data out of a rented
    /// option, the EU Data Act's date); files from before it read as a new workload with no date.
    #[serde(default)]
    pub switching: Switching,
    /// Ranges on the inputs that swing the answer, and their ties ([`crate::ranges`]); left out
    /// when there are none, so files and links from before them read and write as they did.
    #[serde(default, skip_serializing_if = "Ranges::is_empty")]
    pub ranges: Ranges,
    /// The sizing's inputs (model, tokens, load, latency: [`crate::sizing::Inputs`] as JSON)
    /// the page's sizing section was last used with, so that a link or a file opens it as it
    /// was. They change no figure of the report and are kept as JSON: the sizing reads and
    /// checks them when it runs ([`crate::sizing::Inputs::from_kept`]), so that reading a
    /// scenario does not carry the sizing's reader (the page's first module stays smaller).
    /// [`Scenario::validate`] asks only for an object. Left out when none, so files and links
    /// from before read and write as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sizing: Option<serde_json::Value>,
}

/// A scenario checked once ([`Scenario::check`]): every field valid, and its calendar compiled
/// into a load profile that is valid too. The report and the analyses take it, so that a page
/// which shows several of them for one input validates and compiles the scenario once, not once
/// for each ([`Checked::evaluate`], [`Checked::share_curve`], [`Checked::hybrid_sweep`],
/// [`Checked::tornado`], [`Checked::heat_map`], [`Checked::cash_flow_by_year`]).
///
/// ```
/// let scenario = gpu_tco_core::Scenario::default();
/// let checked = scenario.check().unwrap();
/// let report = checked.evaluate().unwrap();
/// let curve = checked.share_curve(20).unwrap();
/// assert_eq!(curve, gpu_tco_core::share_curve(&scenario, 20).unwrap());
/// assert_eq!(report.load, checked.profile().summary().unwrap());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked<'a> {
    scenario: &'a Scenario,
    profile: LoadProfile,
}

impl<'a> Checked<'a> {
    /// The scenario checked.
    pub fn scenario(&self) -> &'a Scenario {
        self.scenario
    }

    /// Its load profile: the calendar compiled, or the measured load.
    pub fn profile(&self) -> &LoadProfile {
        &self.profile
    }
}

fn aws_p5en(label: &str, billing: Billing) -> RentOption {
    RentOption {
        label: label.to_owned(),
        currency: Currency::Usd,
        gpus_per_instance: 8,
        // p5en.48xlarge on-demand, us-east-1: 63.296 USD/h (instances.vantage.sh, Aug 2026).
        price: dec!(63.296),
        price_unit: PriceUnit::InstanceHour,
        billing,
        extras: RentExtras::default(),
        load_gpus: None,
    }
}

/// Billed hours for one start: boot plus loading a 70B model from persistent storage
/// (about 4.5 min download + start; PRICES.md, model cold start), rounded up to 15 minutes.
pub const DEFAULT_START_OVERHEAD_HOURS: Decimal = dec!(0.25);

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            version: VERSION,
            calendar: Calendar::default(),
            rent: vec![
                aws_p5en("AWS p5en on-demand, always on", Billing::AlwaysOn),
                aws_p5en(
                    "AWS p5en on-demand, start/stop",
                    Billing::StartStop {
                        start_overhead_hours: DEFAULT_START_OVERHEAD_HOURS,
                    },
                ),
                aws_p5en(
                    "AWS p5en 3-year Savings Plan",
                    Billing::SavingsPlan {
                        term_years: 3,
                        // 27.34 / 63.296 no upfront (AWS Savings Plan price file, Oct 2026).
                        price_ratio: dec!(0.43),
                        commitment_instances: None,
                        start_overhead_hours: DEFAULT_START_OVERHEAD_HOURS,
                    },
                ),
                aws_p5en(
                    "AWS p5en reservation + 3-year Savings Plan",
                    Billing::ReservedSavingsPlan {
                        term_years: 3,
                        price_ratio: dec!(0.43),
                    },
                ),
                // A specialised GPU cloud rented per GPU (seed 002): Nebius H200 on-demand,
                // 3.50 USD per GPU-hour (provider catalogue, 2026), held or stopped, whichever
                // costs less for the load.
                RentOption {
                    label: "Nebius H200 per GPU, cheapest way".to_owned(),
                    currency: Currency::Usd,
                    gpus_per_instance: 1,
                    price: dec!(3.50),
                    price_unit: PriceUnit::GpuHour,
                    billing: Billing::CheapestPlan {
                        start_overhead_hours: DEFAULT_START_OVERHEAD_HOURS,
                        term_years: None,
                        price_ratio: None,
                    },
                    extras: RentExtras::default(),
                    load_gpus: None,
                },
                // A bare-metal server rented per month (seed 002): 2.50 EUR per GPU-hour ×
                // 730 h × 8 GPUs as a flat price, a 12-month minimum term, no transfer fees.
                RentOption {
                    label: "Bare-metal 8-GPU server, monthly".to_owned(),
                    currency: Currency::Eur,
                    gpus_per_instance: 8,
                    price: dec!(14600),
                    price_unit: PriceUnit::InstanceMonth,
                    billing: Billing::Monthly {
                        setup_fee_per_instance: Decimal::ZERO,
                        minimum_term_months: 12,
                    },
                    extras: RentExtras {
                        storage_gb: Decimal::ZERO,
                        egress_tiers: vec![crate::rent::Tier {
                            up_to_gb: None,
                            price_per_gb: Decimal::ZERO,
                        }],
                        ..RentExtras::default()
                    },
                    load_gpus: None,
                },
            ],
            own: OwnOption::default(),
            finance: Finance::default(),
            hybrid: None,
            switching: Switching::default(),
            ranges: Ranges::default(),
            sizing: None,
        }
    }
}

impl Default for OwnOption {
    /// An 8× H200 SXM server in a colocation, paid cash, five years (sources in the README).
    fn default() -> Self {
        OwnOption {
            label: "8× H200 server, own".to_owned(),
            currency: Currency::Eur,
            gpus_per_server: 8,
            spare_servers: 0,
            // 370,000 USD typical (320–420k) ÷ 1.16 USD/EUR.
            price_per_server: dec!(319000),
            setup_one_time: dec!(5000),
            licence_per_gpu_year: Decimal::ZERO,
            licence_bundled_years: 0,
            energy: Energy {
                included_in_colocation: false,
                busy_watts_per_gpu: dec!(300),
                idle_watts_per_gpu: dec!(100),
                base_watts_per_server: dec!(3000),
                pue: dec!(1.3),
                price_per_kwh: dec!(0.19),
                yearly_price_change_percent: Decimal::ZERO,
            },
            colocation_per_server_month: Decimal::ZERO,
            colocation_per_kw_month: dec!(165),
            contracted_kw_per_server: dec!(8.6),
            hardware_support_percent_per_year: dec!(10),
            // 0.2 FTE, the middle of 0.1–0.3 FTE for 1–2 servers, at 160 h per FTE-month.
            staff_hours_per_month: dec!(32),
            staff_hourly_rate: dec!(75),
            service_life_years: 5,
            residual_percent: dec!(12.5),
            financing: Financing::Cash,
            load_gpus: None,
        }
    }
}

impl Scenario {
    /// The yearly price change every rent option shares, where there are two or more and it is
    /// not 0 %: a report says it once rather than with each option (the presets' default).
    pub fn shared_price_change(&self) -> Option<Decimal> {
        let mut changes = self
            .rent
            .iter()
            .map(|o| o.extras.yearly_price_change_percent);
        let first = changes.next()?;
        (self.rent.len() > 1 && !first.is_zero() && changes.all(|c| c == first)).then_some(first)
    }

    /// Whether any rent option bills a plan with a term (its rate fixed for the term: a report
    /// saying the shared price change says so).
    pub fn has_plan_terms(&self) -> bool {
        self.rent.iter().any(|o| o.billing.has_term())
    }

    /// Checks every field, in the order of the JSON.
    ///
    /// # Errors
    /// The first field out of range, by its path.
    pub fn validate(&self) -> Result<()> {
        if self.version != VERSION {
            return Err(Error::UnsupportedVersion {
                found: self.version,
                supported: VERSION,
            });
        }
        self.calendar.validate()?;
        check::count("rent", self.rent.len(), MAX_RENT_OPTIONS)?;
        for (i, r) in self.rent.iter().enumerate() {
            r.validate(&format!("rent.{i}"))?;
        }
        self.own.validate()?;
        self.finance.validate()?;
        if let Some(h) = &self.hybrid {
            h.validate(self.rent.len())?;
        }
        self.switching.validate(self.rent.len())?;
        self.ranges.validate(self.rent.len())?;
        // The sizing's inputs: an object; the sizing checks the rest when it runs.
        match &self.sizing {
            None | Some(serde_json::Value::Object(_)) => Ok(()),
            Some(_) => Err(Error::Malformed {
                path: "sizing".into(),
                problem: ReadProblem::NotSizing,
            }),
        }
    }

    /// Validates the scenario and compiles its calendar into a load profile, once, for the
    /// report and the analyses ([`Checked`]).
    ///
    /// # Errors
    /// The first field out of range ([`Scenario::validate`]), then the first value of the
    /// compiled load profile out of range ([`LoadProfile::validate`], as [`crate::evaluate`]
    /// has always checked it), then an option's `load_gpus` under which an hour of the load
    /// would need more than [`crate::MAX_GPUS`] of its GPUs ([`crate::Error::OutOfRange`] at
    /// `rent.{i}.load_gpus.gpus` or `own.load_gpus.gpus`, with the largest `gpus` the load
    /// allows), or an arithmetic overflow.
    ///
    /// # Panics
    /// Never.
    pub fn check(&self) -> Result<Checked<'_>> {
        self.validate()?;
        let profile = self.calendar.profile()?;
        profile.validate()?;
        self.load_gpus_fit(&profile)?;
        Ok(Checked {
            scenario: self,
            profile,
        })
    }

    /// Every option's `load_gpus` keeps each hour of `profile` within [`crate::MAX_GPUS`] of
    /// its GPUs (see [`Scenario::check`]).
    fn load_gpus_fit(&self, profile: &LoadProfile) -> Result<()> {
        // Most scenarios have none: they pay for no pass over the profile.
        let mut cached = None;
        let mut most = || *cached.get_or_insert_with(|| profile.most_gpus());
        for (i, r) in self.rent.iter().enumerate() {
            if let Some(g) = &r.load_gpus {
                g.fits(most(), &format!("rent.{i}.load_gpus"))?;
            }
        }
        match &self.own.load_gpus {
            Some(g) => g.fits(most(), "own.load_gpus"),
            None => Ok(()),
        }
    }

    /// Months compared: the horizon if set, else the service life.
    pub fn horizon_months(&self) -> u32 {
        self.finance
            .horizon_months
            .unwrap_or(self.own.service_life_years * 12)
    }

    /// Reads a scenario from JSON and validates it.
    ///
    /// # Errors
    /// [`Error::TooLong`] over [`MAX_INPUT_BYTES`], [`Error::Syntax`] for text that is not JSON
    /// or is cut off, [`Error::TooDeep`] (and the other limits of [`crate::check_input`]) for
    /// text nested or shaped beyond them, [`Error::UnsupportedVersion`] for another version,
    /// [`Error::Malformed`] (with the path) for unknown fields or wrong types, and any
    /// validation error.
    pub fn from_json(text: &str) -> Result<Scenario> {
        if text.len() > MAX_INPUT_BYTES {
            return Err(Error::TooLong {
                path: String::new(),
                len: text.len(),
                max: MAX_INPUT_BYTES,
            });
        }
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            // serde_json stops at its own depth limit (128) with a syntax error; say why.
            if crate::limits::text_too_deep(text) {
                Error::TooDeep {
                    path: String::new(),
                    max: crate::limits::MAX_DEPTH,
                }
            } else {
                Error::Syntax {
                    line: e.line(),
                    column: e.column(),
                    ends_early: e.is_eof(),
                }
            }
        })?;
        Scenario::from_value(value)
    }

    /// Reads a scenario from a JSON value (a file's, a link's, the JS API's) and validates it.
    /// The value's shape is checked first ([`crate::check_input`]).
    ///
    /// # Errors
    /// As [`Scenario::from_json`].
    pub fn from_value(value: serde_json::Value) -> Result<Scenario> {
        crate::limits::check_input(&value)?;
        Scenario::from_value_ref(&value)
    }

    /// [`Scenario::from_value`] without taking the value, and without the shape check (the page
    /// reads its own draft this way on every input, with no copy of it). For a value the
    /// program built itself from checked input; a value from outside goes through
    /// [`Scenario::from_value`].
    ///
    /// # Errors
    /// As [`Scenario::from_json`], except the limits of [`crate::check_input`].
    pub fn from_value_ref(value: &serde_json::Value) -> Result<Scenario> {
        match value.get("version") {
            Some(v) if v.as_u64() == Some(VERSION) => {}
            Some(v) => {
                return Err(match v.as_u64() {
                    Some(found) => Error::UnsupportedVersion {
                        found,
                        supported: VERSION,
                    },
                    None => Error::Malformed {
                        path: "version".into(),
                        problem: ReadProblem::NotWhole { or_null: false },
                    },
                });
            }
            None => {
                return Err(Error::Malformed {
                    path: "version".into(),
                    problem: ReadProblem::Missing {
                        field: "version".into(),
                    },
                });
            }
        }
        let scenario = crate::read::scenario(value)?;
        scenario.validate()?;
        Ok(scenario)
    }

    /// Reads a scenario given only in part (for the JS API): every field left out takes the
    /// default's value. Objects merge field by field; a list given takes its length, and its
    /// entry `i` merges onto the default's entry `i` (or the default's last entry beyond it).
    /// `version` may be left out, and a decimal field may be given as a JSON number (`0.19`),
    /// which is read as the number's shortest decimal text.
    ///
    /// # Errors
    /// The limits of [`crate::check_input`] on `partial` (checked before it is merged), then
    /// as [`Scenario::from_value`] on the merged value.
    pub fn from_partial_value(partial: serde_json::Value) -> Result<Scenario> {
        crate::limits::check_input(&partial)?;
        let mut merged: serde_json::Value =
            serde_json::from_str(DEFAULT_JSON).map_err(|_| Error::Malformed {
                path: String::new(),
                problem: ReadProblem::DefaultUnreadable,
            })?;
        let mut partial = partial;
        numbers_as_decimals(&mut partial, "");
        merge(&mut merged, partial);
        Scenario::from_value(merged)
    }

    /// The scenario as pretty JSON (decimals as strings, lossless).
    pub fn to_json(&self) -> String {
        // Serialising plain data with string keys cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// Turns JSON numbers in decimal fields into decimal strings (whole-number fields stay numbers).
fn numbers_as_decimals(v: &mut serde_json::Value, field: &str) {
    use serde_json::Value;
    match v {
        Value::Object(map) => {
            for (k, child) in map.iter_mut() {
                numbers_as_decimals(child, k);
            }
        }
        Value::Array(items) => {
            for child in items {
                numbers_as_decimals(child, field);
            }
        }
        Value::Number(n) if !crate::schema::number_is_whole(field) => {
            *v = Value::String(n.to_string());
        }
        _ => {}
    }
}

/// Merges `patch` onto `base` (see [`Scenario::from_partial_value`]).
fn merge(base: &mut serde_json::Value, patch: serde_json::Value) {
    use serde_json::Value;
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            // An object with a different `mode` is a different shape: start it afresh.
            let mode_changes = matches!(
                (b.get("mode"), p.get("mode")),
                (Some(old), Some(new)) if old != new
            );
            if mode_changes {
                b.clear();
            }
            for (k, v) in p {
                match b.get_mut(&k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (Value::Array(b), Value::Array(p)) => {
            let template = b.last().cloned();
            let merged = p
                .into_iter()
                .enumerate()
                .map(|(i, v)| {
                    let mut base = b.get(i).cloned().or_else(|| template.clone());
                    match base.as_mut() {
                        Some(slot) => {
                            merge(slot, v);
                            base.unwrap_or(Value::Null)
                        }
                        None => v,
                    }
                })
                .collect();
            *b = merged;
        }
        (slot, v) => *slot = v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_scenarios_merge_onto_the_default() {
        let empty = Scenario::from_partial_value(serde_json::json!({})).unwrap();
        assert_eq!(empty, Scenario::default());
        let s = Scenario::from_partial_value(serde_json::json!({
            "calendar": {"working_days": "20"},
            "rent": [{"price": "50"}, {"billing": {"mode": "always_on"}}]
        }))
        .unwrap();
        assert_eq!(s.calendar.working_days, rust_decimal_macros::dec!(20));
        assert_eq!(s.calendar.service.gpus, 8);
        assert_eq!(s.rent.len(), 2);
        assert_eq!(s.rent[0].price, rust_decimal_macros::dec!(50));
        assert_eq!(s.rent[1].billing, crate::rent::Billing::AlwaysOn);
        assert_eq!(s.rent[1].label, Scenario::default().rent[1].label);
        let numbers = Scenario::from_partial_value(serde_json::json!({
            "own": {"energy": {"price_per_kwh": 0.25}, "service_life_years": 4}
        }))
        .unwrap();
        assert_eq!(
            numbers.own.energy.price_per_kwh,
            rust_decimal_macros::dec!(0.25)
        );
        assert_eq!(numbers.own.service_life_years, 4);
        let bad = Scenario::from_partial_value(serde_json::json!({"own": {"pue": 2}}));
        assert!(matches!(bad, Err(Error::Malformed { .. })));
    }

    #[test]
    fn default_json_is_the_default_scenario() {
        assert_eq!(
            Scenario::from_json(DEFAULT_JSON).unwrap(),
            Scenario::default()
        );
        assert_eq!(DEFAULT_JSON.trim_end(), Scenario::default().to_json());
    }

    #[test]
    fn wrong_type_names_the_field() {
        let mut v = serde_json::to_value(Scenario::default()).unwrap();
        v["rent"][1]["price"] = serde_json::json!({"x": 1});
        let e = Scenario::from_value(v).unwrap_err();
        assert_eq!(e.path(), "rent.1.price");
    }
}
