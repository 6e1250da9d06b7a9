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

/// Whole-number fields with their least value and, where it is fixed, their greatest, by
/// dotted path with list indexes as `N`. A field not listed takes 0 and up; one listed without
/// a greatest value has a rule of its own above its least (a plan's term of 1 or 3 years, a
/// block's length, a year's blocks that depend on it). A test holds the table to the model's
/// checks.
use crate::units::MAX_GPUS;

const WHOLE_RANGES: &[(&str, u32, Option<u32>)] = &[
    ("finance.horizon_months", 1, Some(120)),
    ("own.gpus_per_server", 1, Some(16)),
    ("own.spare_servers", 0, Some(16)),
    ("own.service_life_years", 1, Some(10)),
    ("own.licence_bundled_years", 0, Some(10)),
    ("own.financing.term_months", 1, Some(120)),
    ("own.load_gpus.gpus", 1, Some(MAX_GPUS)),
    ("own.load_gpus.per", 1, Some(MAX_GPUS)),
    ("rent.N.gpus_per_instance", 1, Some(64)),
    ("rent.N.billing.commitment_instances", 0, Some(1024)),
    ("rent.N.billing.minimum_term_months", 0, Some(60)),
    ("rent.N.billing.block_days", 1, None),
    ("rent.N.billing.blocks_per_year", 1, None),
    ("rent.N.billing.term_years", 1, None),
    ("rent.N.load_gpus.gpus", 1, Some(MAX_GPUS)),
    ("rent.N.load_gpus.per", 1, Some(MAX_GPUS)),
    ("calendar.service.start_hour", 0, Some(23)),
    ("calendar.service.end_hour", 0, Some(24)),
    ("calendar.service.gpus", 0, Some(MAX_GPUS)),
    ("calendar.batch.N.start_hour", 0, Some(23)),
    ("calendar.batch.N.end_hour", 0, Some(24)),
    ("calendar.batch.N.gpus", 0, Some(MAX_GPUS)),
    ("calendar.peaks.N.start_hour", 0, Some(23)),
    ("calendar.peaks.N.end_hour", 0, Some(24)),
    ("calendar.peaks.N.gpus", 0, Some(MAX_GPUS)),
    ("calendar.peaks.N.days_of_month", 0, Some(31)),
    ("calendar.peaks.N.months.N", 1, Some(12)),
    ("hybrid.own_gpus", 0, Some(MAX_GPUS)),
];

/// A field's dotted path with list indexes replaced by `N` (`rent.3.price` → `rent.N.price`):
/// the key of the tables by path here and in [`crate::inputs`].
pub(crate) fn generic(path: &str) -> String {
    path.split('.')
        .map(|part| {
            if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
                "N"
            } else {
                part
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The values the whole-number field at `path` takes (a dotted path of the scenario, list
/// indexes as numbers: `rent.2.gpus_per_instance`): its least, and its greatest where that is
/// fixed. A page says them where a box holds a fraction or a negative number ("Enter a whole
/// number from 1 to 120" for a horizon).
///
/// ```
/// use gpu_tco_core::schema::whole_range;
///
/// assert_eq!(whole_range("finance.horizon_months"), (1, Some(120)));
/// assert_eq!(whole_range("rent.3.gpus_per_instance"), (1, Some(64)));
/// assert_eq!(whole_range("calendar.service.gpus"), (0, Some(1024)));
/// assert_eq!(whole_range("rent.1.billing.term_years"), (1, None));
/// ```
pub fn whole_range(path: &str) -> (u32, Option<u32>) {
    let key = generic(path);
    WHOLE_RANGES
        .iter()
        .find(|(pattern, ..)| *pattern == key)
        .map_or((0, None), |(_, least, most)| (*least, *most))
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

    /// `whole_range` is the model's own: every whole-number field of every scenario is refused
    /// at that field below its least value and above its greatest, and takes both (where it is
    /// refused at a least of 0 or 1 by a rule of its own, the table says so with no greatest).
    #[test]
    fn whole_range_is_the_models() {
        let mut met = BTreeSet::new();
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
                                crate::Error::OutOfRange { .. }
                                    | crate::Error::NotAllowedStep { .. }
                            )
                    })
                };
                let (least, most) = whole_range(&path);
                met.insert(generic(&path));
                if least > 0 {
                    assert!(refused_here(with(least - 1)), "{path}: {} taken", least - 1);
                }
                assert!(!refused_here(with(least)), "{path}: {least} refused");
                // No greatest listed: an index or version, or a rule of its own.
                if let Some(most) = most {
                    assert!(!refused_here(with(most)), "{path}: {most} refused");
                    assert!(refused_here(with(most + 1)), "{path}: {} taken", most + 1);
                }
            }
        }
        // Every entry of the table is met (none is a typo that matches nothing).
        for (pattern, ..) in WHOLE_RANGES {
            assert!(
                met.contains(*pattern),
                "{pattern} matches no field: {met:?}"
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
