//! The scenario's JSON kinds by field name: which fields hold whole numbers, booleans, text or
//! may be empty, and which exist only in some modes.
//!
//! A scenario's JSON writes decimals as strings (`"63.296"`, lossless), whole numbers as JSON
//! numbers and yes/no as JSON booleans. Two readers type a value by the name of its field
//! instead of by the serde types: the share link, whose values are all text
//! ([`crate::share::from_fragment`]), and the partial reader of the JS API, which takes a decimal
//! given as a JSON number ([`crate::Scenario::from_partial_value`]). The tables live here, in
//! one place; a test derives the whole-number and boolean fields from the serialized scenario so
//! that they cannot drift from the serde types.
//!
//! ```
//! use gpu_tco_core::schema;
//!
//! assert!(schema::is_whole_number("gpus_per_server"));
//! assert!(!schema::is_whole_number("price_per_server"));
//! assert!(schema::BOOLEANS.contains(&"included_in_colocation"));
//! ```

/// Fields written as JSON whole numbers, by their last path segment; a list of whole numbers
/// (a peak's `months`) is named by the list. `version` is one too.
pub const WHOLE_NUMBERS: &[&str] = &[
    "version",
    "peak_in_flight",
    "start_hour",
    "end_hour",
    "gpus",
    "gpus_per_instance",
    "term_years",
    "commitment_instances",
    "block_days",
    "blocks_per_year",
    "minimum_term_months",
    "gpus_per_server",
    "spare_servers",
    "licence_bundled_years",
    "service_life_years",
    "term_months",
    "horizon_months",
    "days_of_month",
    "months",
    "own_gpus",
    // `hybrid.rent`, an option's index; the scenario's `rent` is a list, never a leaf.
    "rent",
    "from_rent",
    // An option's `load_gpus.per` (its `gpus` is named above).
    "per",
];

/// Lists of whole numbers whose name is also that of an object elsewhere: a measured day's
/// GPUs per hour (`calendar.measured.days.N.service`), where `service` and `batch` are
/// otherwise the calendar's windows, whose fields are typed by their own names.
pub const WHOLE_NUMBER_LISTS: &[&str] = &["service", "batch"];

/// Fields written as JSON booleans.
pub const BOOLEANS: &[&str] = &["included_in_colocation"];

/// Fields that may be `null`.
pub const NULLABLE: &[&str] = &[
    "commitment_instances",
    "horizon_months",
    "up_to_gb",
    "from_rent",
    "start_date",
    // A `cheapest_plan` offer without a plan.
    "term_years",
    "price_ratio",
];

/// Text fields: labels and the names of choices. Every other string holds a decimal.
pub const TEXT: &[&str] = &[
    "label",
    "currency",
    "display_currency",
    "price_unit",
    "days",
    "mode",
    "start_date",
];

/// Fields that exist only in some modes of a billing or financing object (`rent::BillingRepr`,
/// `own::FinancingRepr`). A share link may set them after switching the mode; whether they fit
/// the mode is for [`crate::Scenario::from_value`] to say.
pub const MODE_FIELDS: &[&str] = &[
    "start_overhead_hours",
    "term_years",
    "price_ratio",
    "commitment_instances",
    "spot_price",
    "rework_percent",
    "service",
    "block_days",
    "blocks_per_year",
    "block_price",
    "setup_fee_per_instance",
    "minimum_term_months",
    "annual_interest_percent",
    "term_months",
];

/// Whether a field (by its last path segment) holds a whole number rather than a decimal.
pub fn is_whole_number(name: &str) -> bool {
    WHOLE_NUMBERS.contains(&name)
}

/// Whether a JSON number met under `field` (a field's name, or a list's for its entries) is a
/// whole number to keep; any other number stands for a decimal.
pub(crate) fn number_is_whole(field: &str) -> bool {
    is_whole_number(field) || WHOLE_NUMBER_LISTS.contains(&field)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rust_decimal::Decimal;
    use rust_decimal_macros::dec;
    use serde_json::Value;

    use super::*;
    use crate::calendar::{Days, MeasuredLoad};
    use crate::hybrid::Hybrid;
    use crate::load::DayLoad;
    use crate::own::Financing;
    use crate::peak::Peak;
    use crate::rent::{Billing, ServiceBilling};
    use crate::scenario::Scenario;

    /// Every field a scenario can hold, each with a value (no `None`), over several scenarios:
    /// the default, then one of each billing mode, a loan, a chosen hybrid, options' GPUs for
    /// the load, a peak, a measured load and a switch with its date.
    fn every_field() -> Vec<Scenario> {
        let mut modes = Scenario::default();
        let template = modes.rent.first().cloned().into_iter();
        modes.rent = template
            .cycle()
            .zip([
                Billing::Reserved,
                Billing::SavingsPlan {
                    term_years: 3,
                    price_ratio: dec!(0.43),
                    commitment_instances: Some(1),
                    start_overhead_hours: dec!(0.25),
                },
                Billing::SpotBatch {
                    spot_price: dec!(20),
                    rework_percent: dec!(5),
                    service: ServiceBilling::StartStop {
                        start_overhead_hours: dec!(0.25),
                    },
                },
                Billing::CapacityBlock {
                    block_days: 7,
                    blocks_per_year: 4,
                    block_price: dec!(10000),
                },
                Billing::CheapestPlan {
                    start_overhead_hours: dec!(0.25),
                    term_years: Some(1),
                    price_ratio: Some(dec!(0.6)),
                },
            ])
            .map(|(mut r, billing)| {
                r.billing = billing;
                r
            })
            .collect();
        let mut more = Scenario::default();
        more.own.financing = Financing::Loan {
            annual_interest_percent: dec!(5),
            term_months: 36,
        };
        more.finance.horizon_months = Some(60);
        more.hybrid = Some(Hybrid {
            own_gpus: 8,
            rent: 1,
        });
        more.switching.from_rent = Some(0);
        more.own.load_gpus = Some(crate::load::LoadGpus { gpus: 16, per: 8 });
        if let Some(r) = more.rent.first_mut() {
            r.load_gpus = Some(crate::load::LoadGpus { gpus: 2, per: 1 });
        }
        more.switching.start_date = Some("2027-01-01".to_owned());
        more.calendar.peaks = vec![Peak {
            start_hour: 9,
            end_hour: 17,
            gpus: 8,
            days: Days::WorkingDays,
            days_of_month: 5,
            months: vec![11, 12],
        }];
        if let Some(tier) = more
            .rent
            .first_mut()
            .and_then(|r| r.extras.egress_tiers.first_mut())
        {
            tier.up_to_gb = Some(dec!(1000));
        }
        let mut measured = Scenario::default();
        measured.calendar.measured = Some(MeasuredLoad {
            source: "metrics.csv".to_owned(),
            productive_share: dec!(0.5),
            days: vec![DayLoad {
                days: dec!(30),
                service: [8; 24],
                batch: [0; 24],
            }],
            peak_in_flight: Some(120),
        });
        vec![Scenario::default(), modes, more, measured]
    }

    /// The names of the JSON numbers (a list's entries by the list's name), booleans, nulls and
    /// non-decimal strings under `v`.
    #[derive(Default)]
    struct Kinds {
        numbers: BTreeSet<String>,
        booleans: BTreeSet<String>,
        nulls: BTreeSet<String>,
        texts: BTreeSet<String>,
    }

    fn walk(v: &Value, name: &str, out: &mut Kinds) {
        let name = name.to_owned();
        match v {
            Value::Object(m) => m.iter().for_each(|(k, x)| walk(x, k, out)),
            Value::Array(a) => a.iter().for_each(|x| walk(x, &name, out)),
            Value::Number(_) => _ = out.numbers.insert(name),
            Value::Bool(_) => _ = out.booleans.insert(name),
            Value::Null => _ = out.nulls.insert(name),
            Value::String(s) if s.parse::<Decimal>().is_err() => _ = out.texts.insert(name),
            Value::String(_) => {}
        }
    }

    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn decimals_are_strings_in_the_json() {
        let v = serde_json::to_value(Scenario::default()).unwrap();
        assert_eq!(v["own"]["price_per_server"], "319000");
        assert_eq!(v["own"]["gpus_per_server"], 8);
        assert_eq!(v["own"]["energy"]["included_in_colocation"], false);
    }

    #[test]
    fn tables_are_the_serialized_kinds() {
        let mut kinds = Kinds::default();
        for s in every_field() {
            s.validate().unwrap();
            walk(&serde_json::to_value(&s).unwrap(), "", &mut kinds);
        }
        let whole: BTreeSet<String> = set(WHOLE_NUMBERS)
            .union(&set(WHOLE_NUMBER_LISTS))
            .cloned()
            .collect();
        assert_eq!(kinds.numbers, whole);
        assert_eq!(kinds.booleans, set(BOOLEANS));
        // Text is the link's: a measured load's `source` never goes into one.
        kinds.texts.remove("source");
        assert_eq!(kinds.texts, set(TEXT));
    }

    #[test]
    fn nullable_are_the_options_left_empty() {
        let mut kinds = Kinds::default();
        let mut s = Scenario::default();
        s.rent.truncate(1);
        s.rent.extend(every_field().swap_remove(1).rent);
        for r in &mut s.rent {
            match &mut r.billing {
                Billing::SavingsPlan {
                    commitment_instances,
                    ..
                } => *commitment_instances = None,
                Billing::CheapestPlan {
                    term_years,
                    price_ratio,
                    ..
                } => (*term_years, *price_ratio) = (None, None),
                _ => {}
            }
            for tier in &mut r.extras.egress_tiers {
                tier.up_to_gb = None;
            }
        }
        s.finance.horizon_months = None;
        s.switching.from_rent = None;
        s.switching.start_date = None;
        s.validate().unwrap();
        walk(&serde_json::to_value(&s).unwrap(), "", &mut kinds);
        assert_eq!(kinds.nulls, set(NULLABLE));
    }
}
