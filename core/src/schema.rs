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

/// Whole-number fields whose least value is 1, by dotted path with list indexes as `N`: a
/// horizon, a server's GPUs, a service life, a loan's term, an instance's GPUs, a year's
/// blocks and a block's days, a plan's term in years, the GPUs an option needs per GPU of the load, a peak's
/// months. Every other whole-number field takes 0 and up (a test holds this list to the
/// model's checks).
const FROM_ONE: &[&str] = &[
    "finance.horizon_months",
    "own.gpus_per_server",
    "own.service_life_years",
    "own.financing.term_months",
    "own.load_gpus.gpus",
    "own.load_gpus.per",
    "rent.N.gpus_per_instance",
    "rent.N.billing.block_days",
    "rent.N.billing.blocks_per_year",
    "rent.N.billing.term_years",
    "rent.N.load_gpus.gpus",
    "rent.N.load_gpus.per",
    "calendar.peaks.N.months.N",
];

/// The least value of the whole-number field at `path` (a dotted path of the scenario, list
/// indexes as numbers: `rent.2.gpus_per_instance`): 1 where the model takes no 0, else 0. A
/// page says it where a box holds a fraction or a negative number ("Enter a whole number (1 or
/// more)" for a horizon).
///
/// ```
/// use gpu_tco_core::schema::least_whole;
///
/// assert_eq!(least_whole("finance.horizon_months"), 1);
/// assert_eq!(least_whole("rent.3.gpus_per_instance"), 1);
/// assert_eq!(least_whole("calendar.service.gpus"), 0);
/// ```
pub fn least_whole(path: &str) -> u32 {
    let parts = path.split('.');
    let from_one = FROM_ONE.iter().any(|pattern| {
        let mut want = pattern.split('.');
        let mut got = parts.clone();
        loop {
            match (want.next(), got.next()) {
                (None, None) => return true,
                (Some("N"), Some(p)) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {}
                (Some(w), Some(p)) if w == p => {}
                _ => return false,
            }
        }
    });
    u32::from(from_one)
}

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

    /// Every whole-number leaf under `v` with its dotted path (list indexes as numbers).
    fn whole_leaves(v: &Value, path: &str, name: &str, out: &mut Vec<String>) {
        let at = |k: &str| {
            if path.is_empty() {
                k.to_owned()
            } else {
                format!("{path}.{k}")
            }
        };
        match v {
            Value::Object(m) => m.iter().for_each(|(k, x)| whole_leaves(x, &at(k), k, out)),
            Value::Array(a) => a
                .iter()
                .enumerate()
                .for_each(|(i, x)| whole_leaves(x, &at(&i.to_string()), name, out)),
            Value::Number(_) if name != "version" && number_is_whole(name) => {
                out.push(path.to_owned());
            }
            _ => {}
        }
    }

    /// `least_whole` is the model's own least value: every whole-number field of every scenario
    /// set to 0 is refused at that field exactly where `least_whole` says 1 (and then 1 is
    /// taken there), and never refused at that field for being below its range otherwise.
    #[test]
    fn least_whole_is_the_models_least_value() {
        let mut from_one = BTreeSet::new();
        for s in every_field() {
            let v = serde_json::to_value(&s).unwrap();
            let mut leaves = Vec::new();
            whole_leaves(&v, "", "", &mut leaves);
            assert!(leaves.len() > 10, "{leaves:?}");
            for path in leaves {
                let pointer = format!("/{}", path.replace('.', "/"));
                let with = |n: u32| {
                    let mut x = v.clone();
                    *x.pointer_mut(&pointer).unwrap() = Value::from(n);
                    Scenario::from_value(x).and_then(|s| s.validate())
                };
                let refused_here = |r: crate::Result<()>| {
                    r.err().is_some_and(|e| {
                        e.path() == path
                            && matches!(
                                e,
                                crate::Error::OutOfRange { min, .. } if min >= Decimal::ONE
                            ) | matches!(e, crate::Error::NotAllowedStep { .. })
                    })
                };
                if least_whole(&path) == 1 {
                    from_one.insert(path.clone());
                    assert!(refused_here(with(0)), "{path}: 0 is not refused");
                    assert!(!refused_here(with(1)), "{path}: 1 is refused");
                } else {
                    assert!(
                        !refused_here(with(0)),
                        "{path}: 0 is refused, least_whole says 0"
                    );
                }
            }
        }
        // Every entry of the list is met (none is a typo that matches nothing).
        for pattern in FROM_ONE {
            let generic = |p: &str| {
                p.split('.')
                    .map(|x| {
                        if x.bytes().all(|b| b.is_ascii_digit()) {
                            "N"
                        } else {
                            x
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(".")
            };
            assert!(
                from_one.iter().any(|p| generic(p) == *pattern),
                "{pattern} matches no field: {from_one:?}"
            );
        }
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
