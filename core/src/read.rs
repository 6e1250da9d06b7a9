//! Reading a scenario from its JSON value, field by field ([`scenario`]): what
//! [`crate::Scenario::from_value`] runs on a file, a link, the JS API's input and, on every
//! input, the page's draft.
//!
//! The types keep their derived `Deserialize` (serde users read them as before, and this
//! module's tests hold this reader to it), but nothing in the crate reads a scenario through it:
//! each derived reader compiles to a visitor per type, instantiated for the JSON value's
//! deserializer, about 66 KB of the page's 995 KB of code (2026-12-04); with this reader the
//! page's code is 966 KB. Here an object is one pass over its keys that finds each field's
//! value ([`Fields`], not generic), then a call per field, and only the leaves (numbers,
//! decimals, texts, the tags) go through serde, so their messages stay serde's.
//!
//! It reads as the derived readers do, with the path `serde_path_to_error` names: keys in the
//! object's order, the first unknown key or wrong value ends the reading (the path names the
//! key), then the first required field left out in declaration order (the path names the
//! object); `null` reads as `None` where a field is optional; a mode object's check
//! (`BillingRepr` and the like) reports at the object. One difference: an object written as a
//! list of its values (serde's positional form, which no writer of ours produces) is refused as
//! the wrong type.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::Unexpected;
use serde_json::{Map, Value};

use crate::calendar::{Calendar, MeasuredLoad, Window};
use crate::error::{Error, ReadProblem};
use crate::finance::Finance;
use crate::hybrid::Hybrid;
use crate::load::{DayLoad, LoadGpus};
use crate::own::{Energy, Financing, FinancingRepr, OwnOption};
use crate::peak::Peak;
use crate::ranges::{Range, RangeInput, Ranges};
use crate::rent::{
    Billing, BillingRepr, RentExtras, RentOption, ServiceBilling, ServiceBillingRepr, Tier,
};
use crate::scenario::Scenario;
use crate::switching::Switching;

/// Why a reading failed: the path (segments put in front on the way out) and the problem. Boxed,
/// so that the results the readers pass on are small.
struct Fail(Box<(String, ReadProblem)>);

impl From<Fail> for Error {
    fn from(f: Fail) -> Error {
        let (path, problem) = *f.0;
        Error::Malformed { path, problem }
    }
}

type Read<T> = core::result::Result<T, Fail>;

/// A problem at the value being read (the callers put the path in front).
#[cold]
fn fail(problem: ReadProblem) -> Fail {
    Fail(Box::new((String::new(), problem)))
}

/// A problem in words serde's readers use (classified as theirs are).
#[cold]
fn said(message: String) -> Fail {
    fail(ReadProblem::from_reader(message))
}

/// `e` below `segment` (a key or a list index).
#[cold]
fn within(segment: &str, mut e: Fail) -> Fail {
    let path = &mut e.0.0;
    if path.is_empty() {
        segment.clone_into(path);
    } else {
        path.insert(0, '.');
        path.insert_str(0, segment);
    }
    e
}

/// The value as serde names it in an `invalid type` message.
fn unexpected(v: &Value) -> Unexpected<'_> {
    match v {
        Value::Null => Unexpected::Other("null"),
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (None, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

#[cold]
fn wrong(v: &Value, expected: &str) -> Fail {
    said(format!(
        "invalid type: {}, expected {expected}",
        unexpected(v)
    ))
}

fn object<'a>(v: &'a Value, what: &str) -> Read<&'a Map<String, Value>> {
    v.as_object().ok_or_else(|| wrong(v, what))
}

/// A key the object does not have, in serde's words (they list the fields there are).
#[cold]
fn unknown(key: &str, fields: &[&str]) -> Fail {
    let expected = match fields {
        [] => String::from("there are no fields"),
        [one] => format!("expected `{one}`"),
        [a, b] => format!("expected `{a}` or `{b}`"),
        all => {
            let names: Vec<String> = all.iter().map(|f| format!("`{f}`")).collect();
            format!("expected one of {}", names.join(", "))
        }
    };
    within(
        key,
        fail(ReadProblem::UnknownField {
            field: key.to_owned(),
            detail: format!("unknown field `{key}`, {expected}"),
        }),
    )
}

fn need<T>(slot: Option<T>, field: &str) -> Read<T> {
    slot.ok_or_else(|| {
        fail(ReadProblem::Missing {
            field: field.to_owned(),
        })
    })
}

/// A leaf (a number, decimal, text or tag) through its serde reader.
fn leaf<'a, T: Deserialize<'a>>(v: &'a Value) -> Read<T> {
    T::deserialize(v).map_err(|e| said(e.to_string()))
}

/// `null` as `None`.
fn nullable<'a, T>(v: &'a Value, read: impl Fn(&'a Value) -> Read<T>) -> Read<Option<T>> {
    match v {
        Value::Null => Ok(None),
        v => read(v).map(Some),
    }
}

fn list<'a, T>(v: &'a Value, read: impl Fn(&'a Value) -> Read<T>) -> Read<Vec<T>> {
    let Value::Array(items) = v else {
        return Err(wrong(v, "a sequence"));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| read(item).map_err(|e| within(&i.to_string(), e)))
        .collect()
}

/// An object's fields as the derived readers meet them: which key each field is at, and the
/// failure at the earliest key (a key that is no field, or a value its field does not take).
/// Not generic, so that a struct's reader is a call per field.
struct Fields {
    first: Option<(usize, Fail)>,
}

impl Fields {
    /// Puts each field's value and its key's position into `at` (in `fields`' order) and notes
    /// the first key that is no field.
    fn of<'a>(
        map: &'a Map<String, Value>,
        fields: &[&str],
        at: &mut [Option<(usize, &'a Value)>],
    ) -> Fields {
        let mut first = None;
        for (pos, (key, value)) in map.iter().enumerate() {
            match fields
                .iter()
                .position(|f| f == key)
                .and_then(|i| at.get_mut(i))
            {
                Some(slot) => *slot = Some((pos, value)),
                None if first.is_none() => first = Some((pos, unknown(key, fields))),
                None => {}
            }
        }
        Fields { first }
    }

    /// The field `name`, read from its slot (`None` when left out, or when its value fails:
    /// the failure is kept if its key comes before the one kept).
    fn take<'a, T>(
        &mut self,
        slot: Option<(usize, &'a Value)>,
        name: &str,
        read: impl Fn(&'a Value) -> Read<T>,
    ) -> Option<T> {
        let (pos, value) = slot?;
        match read(value) {
            Ok(x) => Some(x),
            Err(e) => {
                if self.first.as_ref().is_none_or(|(p, _)| pos < *p) {
                    self.first = Some((pos, within(name, e)));
                }
                None
            }
        }
    }

    fn done(self) -> Read<()> {
        match self.first {
            Some((_, fail)) => Err(fail),
            None => Ok(()),
        }
    }
}

/// A struct from an object: `record!(value, "struct Name" => Name { field: how reader, … })`,
/// where `how` is `need` (required), `opt` (optional, the reader gives an `Option`) or
/// `default` (`Default` when left out). Unknown keys are refused.
macro_rules! record {
    ($v:expr, $what:literal => $ty:ident { $($field:ident: $how:ident $read:expr),* $(,)? }) => {{
        const FIELDS: &[&str] = &[$(stringify!($field)),*];
        let map = object($v, $what)?;
        let mut at = [None; FIELDS.len()];
        let mut fields = Fields::of(map, FIELDS, &mut at);
        let [$($field),*] = at;
        $(let $field = fields.take($field, stringify!($field), $read);)*
        fields.done()?;
        $ty { $($field: record!(@$how $field),)* }
    }};
    (@need $field:ident) => { need($field, stringify!($field))? };
    (@opt $field:ident) => { $field.flatten() };
    (@default $field:ident) => { $field.unwrap_or_default() };
}

fn optional<'a, T: Deserialize<'a>>(v: &'a Value) -> Read<Option<T>> {
    nullable(v, leaf)
}

/// The scenario in `v` (not yet validated: [`Scenario::from_value_ref`] does that).
pub(crate) fn scenario(v: &Value) -> Result<Scenario, Error> {
    read_scenario(v).map_err(Error::from)
}

fn read_scenario(v: &Value) -> Read<Scenario> {
    Ok(record!(v, "struct Scenario" => Scenario {
        version: need leaf,
        calendar: need read_calendar,
        rent: need |v| list(v, read_rent_option),
        own: need read_own_option,
        finance: need read_finance,
        hybrid: opt |v| nullable(v, read_hybrid),
        switching: default read_switching,
        ranges: default read_ranges,
        sizing: opt |v: &Value| Ok(Some(v.clone()).filter(|v| !v.is_null())),
    }))
}

fn read_calendar(v: &Value) -> Read<Calendar> {
    Ok(record!(v, "struct Calendar" => Calendar {
        working_days: need leaf,
        service: need read_window,
        batch: need |v| list(v, read_window),
        peaks: default |v| list(v, read_peak),
        measured: opt |v| nullable(v, read_measured),
    }))
}

fn read_window(v: &Value) -> Read<Window> {
    Ok(record!(v, "struct Window" => Window {
        start_hour: need leaf,
        end_hour: need leaf,
        gpus: need leaf,
        days: default leaf,
    }))
}

fn read_peak(v: &Value) -> Read<Peak> {
    Ok(record!(v, "struct Peak" => Peak {
        start_hour: need leaf,
        end_hour: need leaf,
        gpus: need leaf,
        days: default leaf,
        days_of_month: need leaf,
        months: default |v| list(v, leaf),
    }))
}

fn read_measured(v: &Value) -> Read<MeasuredLoad> {
    Ok(record!(v, "struct MeasuredLoad" => MeasuredLoad {
        source: need leaf,
        productive_share: need leaf,
        days: need |v| list(v, read_day_load),
        peak_in_flight: opt optional,
    }))
}

/// A day of a measured load: keys it does not have are passed over (its derived reader does).
fn read_day_load(v: &Value) -> Read<DayLoad> {
    let map = object(v, "struct DayLoad")?;
    let (mut days, mut service, mut batch) = (None, None, None);
    for (key, value) in map {
        let slot = match key.as_str() {
            "days" => {
                days = Some(leaf(value).map_err(|e| within(key, e))?);
                continue;
            }
            "service" => &mut service,
            "batch" => &mut batch,
            _ => continue,
        };
        *slot = Some(read_hours(value).map_err(|e| within(key, e))?);
    }
    Ok(DayLoad {
        days: need(days, "days")?,
        service: need(service, "service")?,
        batch: need(batch, "batch")?,
    })
}

/// 24 whole numbers, in the words of serde's array reader.
fn read_hours(v: &Value) -> Read<[u32; 24]> {
    let Value::Array(items) = v else {
        return Err(wrong(v, "an array of length 24"));
    };
    let mut out = [0; 24];
    for (i, slot) in out.iter_mut().enumerate() {
        let item = items.get(i).ok_or_else(|| {
            said(format!(
                "invalid length {i}, expected an array of length 24"
            ))
        })?;
        *slot = leaf(item).map_err(|e| within(&i.to_string(), e))?;
    }
    if items.len() > 24 {
        return Err(said(format!(
            "invalid length {}, expected fewer elements in array",
            items.len()
        )));
    }
    Ok(out)
}

fn read_rent_option(v: &Value) -> Read<RentOption> {
    Ok(record!(v, "struct RentOption" => RentOption {
        label: need leaf,
        currency: need leaf,
        gpus_per_instance: need leaf,
        price: need leaf,
        price_unit: need leaf,
        billing: need read_billing,
        extras: need read_extras,
        load_gpus: opt |v| nullable(v, read_load_gpus),
    }))
}

fn read_billing(v: &Value) -> Read<Billing> {
    let repr = record!(v, "struct BillingRepr" => BillingRepr {
        mode: need leaf,
        start_overhead_hours: opt optional,
        term_years: opt optional,
        price_ratio: opt optional,
        commitment_instances: opt optional,
        spot_price: opt optional,
        rework_percent: opt optional,
        service: opt |v| nullable(v, read_service_billing),
        block_days: opt optional,
        blocks_per_year: opt optional,
        block_price: opt optional,
        setup_fee_per_instance: opt optional,
        minimum_term_months: opt optional,
    });
    Billing::try_from(repr).map_err(said)
}

fn read_service_billing(v: &Value) -> Read<ServiceBilling> {
    let repr = record!(v, "struct ServiceBillingRepr" => ServiceBillingRepr {
        mode: need leaf,
        start_overhead_hours: opt optional,
    });
    ServiceBilling::try_from(repr).map_err(said)
}

fn read_tier(v: &Value) -> Read<Tier> {
    Ok(record!(v, "struct Tier" => Tier {
        up_to_gb: opt optional,
        price_per_gb: need leaf,
    }))
}

fn read_extras(v: &Value) -> Read<RentExtras> {
    Ok(record!(v, "struct RentExtras" => RentExtras {
        storage_gb: need leaf,
        storage_price_per_gb_month: need leaf,
        egress_gb_per_month: need leaf,
        egress_tiers: need |v| list(v, read_tier),
        support_percent: need leaf,
        support_minimum_per_month: need leaf,
        other_per_month: need leaf,
        yearly_price_change_percent: need leaf,
        virtualisation_loss_percent: need leaf,
        exit_data_gb: need leaf,
    }))
}

fn read_load_gpus(v: &Value) -> Read<LoadGpus> {
    Ok(record!(v, "struct LoadGpus" => LoadGpus {
        gpus: need leaf,
        per: need leaf,
    }))
}

fn read_own_option(v: &Value) -> Read<OwnOption> {
    Ok(record!(v, "struct OwnOption" => OwnOption {
        label: need leaf,
        currency: need leaf,
        gpus_per_server: need leaf,
        spare_servers: default leaf,
        price_per_server: need leaf,
        setup_one_time: need leaf,
        licence_per_gpu_year: need leaf,
        licence_bundled_years: need leaf,
        energy: need read_energy,
        colocation_per_server_month: need leaf,
        colocation_per_kw_month: need leaf,
        contracted_kw_per_server: need leaf,
        hardware_support_percent_per_year: need leaf,
        staff_hours_per_month: need leaf,
        staff_hourly_rate: need leaf,
        service_life_years: need leaf,
        residual_percent: need leaf,
        financing: need read_financing,
        load_gpus: opt |v| nullable(v, read_load_gpus),
    }))
}

fn read_energy(v: &Value) -> Read<Energy> {
    Ok(record!(v, "struct Energy" => Energy {
        included_in_colocation: need leaf,
        busy_watts_per_gpu: need leaf,
        idle_watts_per_gpu: need leaf,
        base_watts_per_server: need leaf,
        pue: need leaf,
        price_per_kwh: need leaf,
        yearly_price_change_percent: need leaf,
    }))
}

fn read_financing(v: &Value) -> Read<Financing> {
    let repr = record!(v, "struct FinancingRepr" => FinancingRepr {
        mode: need leaf,
        annual_interest_percent: opt optional,
        term_months: opt optional,
    });
    Financing::try_from(repr).map_err(said)
}

fn read_finance(v: &Value) -> Read<Finance> {
    Ok(record!(v, "struct Finance" => Finance {
        horizon_months: opt optional,
        discount_rate_percent: need leaf,
        display_currency: need leaf,
        usd_per_eur: need leaf,
    }))
}

fn read_hybrid(v: &Value) -> Read<Hybrid> {
    Ok(record!(v, "struct Hybrid" => Hybrid {
        own_gpus: need leaf,
        rent: need leaf,
    }))
}

fn read_switching(v: &Value) -> Read<Switching> {
    Ok(record!(v, "struct Switching" => Switching {
        from_rent: opt optional,
        start_date: opt optional,
    }))
}

/// The scenario's ranges (also what the page reads when it renumbers them).
pub(crate) fn ranges(v: &Value) -> Result<Ranges, Error> {
    read_ranges(v).map_err(Error::from)
}

fn read_ranges(v: &Value) -> Read<Ranges> {
    Ok(record!(v, "struct Ranges" => Ranges {
        inputs: default read_range_inputs,
        ties: default |v| list(v, |v| list(v, leaf::<RangeInput>)),
    }))
}

fn read_range_inputs(v: &Value) -> Read<BTreeMap<RangeInput, Range>> {
    let map = object(v, "a map")?;
    let mut out = BTreeMap::new();
    for (key, value) in map {
        let input = RangeInput::from_key(key)
            .ok_or_else(|| within(key, said(format!("unknown input `{key}` for a range"))))?;
        out.insert(input, read_range(value).map_err(|e| within(key, e))?);
    }
    Ok(out)
}

fn read_range(v: &Value) -> Read<Range> {
    Ok(record!(v, "struct Range" => Range {
        low: need leaf,
        high: need leaf,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    /// `rent[0].price` (serde_path_to_error's form) as `rent.0.price`; `.` (the root) as "".
    fn dotted(path: &str) -> String {
        let s = path.replace('[', ".").replace(']', "");
        s.trim_start_matches('.').to_owned()
    }

    /// The derived readers, with the path serde_path_to_error names: what this reader keeps to.
    fn derived(v: &Value) -> Result<Scenario, Error> {
        serde_path_to_error::deserialize::<_, Scenario>(v).map_err(|e| Error::Malformed {
            path: dotted(&e.path().to_string()),
            problem: ReadProblem::from_reader(e.inner().to_string()),
        })
    }

    /// The default with every optional part given: a hybrid, ranges and a tie, a peak, a
    /// measured day, a kept sizing.
    fn full() -> Value {
        let mut v: Value = serde_json::from_str(crate::DEFAULT_JSON).unwrap();
        v["hybrid"] = json!({"own_gpus": 3, "rent": 1});
        v["switching"] = json!({"from_rent": 0, "start_date": "2026-09-12"});
        v["ranges"] = json!({
            "inputs": {"server_price": {"low": "1", "high": "2"}, "rent_tariff.0": {"low": "3", "high": "4"}},
            "ties": [["server_price", "rent_tariff.0"]]
        });
        v["calendar"]["peaks"] = json!([{"start_hour": 1, "end_hour": 5, "gpus": 2, "days_of_month": 3, "months": [1, 2]}]);
        v["calendar"]["measured"] = json!({
            "source": "x", "productive_share": "0.5", "peak_in_flight": 7,
            "days": [{"days": "30", "service": vec![1; 24], "batch": vec![0; 24]}]
        });
        v["own"]["load_gpus"] = json!({"gpus": 8, "per": 8});
        v["sizing"] = json!({"model": "x"});
        v
    }

    /// Every JSON pointer in `v`.
    fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, child) in m {
                    pointers(child, format!("{at}/{k}"), out);
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    pointers(child, format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
        out.push(at);
    }

    fn replacements() -> Vec<Value> {
        vec![
            Value::Null,
            json!(true),
            json!("x"),
            json!("12"),
            json!("1.5"),
            json!(-1),
            json!(1.5),
            json!(7),
            json!(4294967296u64),
            json!([]),
            json!([1]),
            json!({}),
            json!({"zz": 1}),
            json!({"mode": "cash"}),
            json!({"mode": "start_stop"}),
            json!({"mode": "always_on", "term_years": 1}),
            json!({"mode": "loan", "term_months": 3}),
            json!({"low": "2", "high": "1"}),
        ]
    }

    /// `v` with one change: the value at a pointer replaced, removed, or given a stray key.
    fn mutate(v: &mut Value, pointer: &str, what: usize) {
        let pool = replacements();
        if what < pool.len() {
            if let Some(slot) = v.pointer_mut(pointer) {
                *slot = pool[what].clone();
            }
            return;
        }
        let (parent, key) = pointer.rsplit_once('/').unwrap_or(("", pointer));
        match (what - pool.len(), v.pointer_mut(parent)) {
            (0, Some(Value::Object(m))) => {
                m.remove(key);
            }
            (0, Some(Value::Array(items))) => {
                if let Ok(i) = key.parse::<usize>()
                    && i < items.len()
                {
                    items.remove(i);
                }
            }
            (_, _) => {
                if let Some(Value::Object(m)) = v.pointer_mut(pointer) {
                    m.insert("colour".into(), json!(1));
                }
            }
        }
    }

    /// Whether the derived reader took a list for an object (its positional form), which this
    /// reader refuses: the derived one then fails elsewhere, or otherwise, or not at all.
    fn positional(ours: &Result<Scenario, Error>, theirs: &Result<Scenario, Error>) -> bool {
        let wrong_type = |r: &Result<Scenario, Error>, detail_starts: &str| {
            matches!(
                r,
                Err(Error::Malformed { problem: ReadProblem::WrongType { detail, .. }, .. })
                    if detail.starts_with(detail_starts)
            )
        };
        let same_path =
            ours.as_ref().err().map(Error::path) == theirs.as_ref().err().map(Error::path);
        wrong_type(ours, "invalid type: sequence, expected struct")
            && !(wrong_type(theirs, "invalid type: sequence") && same_path)
    }

    #[test]
    fn every_single_change_reads_as_the_derived_readers_read_it() {
        for base in [serde_json::from_str(crate::DEFAULT_JSON).unwrap(), full()] {
            let mut all = Vec::new();
            pointers(&base, String::new(), &mut all);
            let kinds = replacements().len() + 2;
            let mut compared = 0;
            for pointer in &all {
                for what in 0..kinds {
                    let mut v = base.clone();
                    mutate(&mut v, pointer, what);
                    let (ours, theirs) = (scenario(&v), derived(&v));
                    if positional(&ours, &theirs) {
                        continue;
                    }
                    assert_eq!(ours, theirs, "{pointer} changed by {what}");
                    compared += 1;
                }
            }
            assert!(compared > 1000, "{compared}");
        }
    }

    proptest! {
        #[test]
        fn several_changes_read_as_the_derived_readers_read_them(
            changes in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..20), 1..4)
        ) {
            let mut v = full();
            for (at, what) in changes {
                let mut all = Vec::new();
                pointers(&v, String::new(), &mut all);
                let pointer = at.get(&all).clone();
                mutate(&mut v, &pointer, what);
            }
            let (ours, theirs) = (scenario(&v), derived(&v));
            if !positional(&ours, &theirs) {
                prop_assert_eq!(ours, theirs);
            }
        }
    }

    #[test]
    fn the_default_reads() {
        let v: Value = serde_json::from_str(crate::DEFAULT_JSON).unwrap();
        assert_eq!(scenario(&v).unwrap(), Scenario::default());
        assert_eq!(scenario(&full()).unwrap(), derived(&full()).unwrap());
    }

    #[test]
    fn messages_are_the_derived_readers() {
        let mut v = full();
        v["hybrid"]["share"] = json!(1);
        let Err(Error::Malformed { path, problem }) = scenario(&v) else {
            panic!()
        };
        assert_eq!(path, "hybrid.share");
        assert_eq!(
            problem.to_string(),
            "unknown field `share`, expected `own_gpus` or `rent`"
        );
        let mut v = full();
        v["calendar"]["measured"]["days"][0]["service"] = json!([1, 2]);
        let Err(Error::Malformed { path, problem }) = scenario(&v) else {
            panic!()
        };
        assert_eq!(path, "calendar.measured.days.0.service");
        assert_eq!(
            problem.to_string(),
            "invalid length 2, expected an array of length 24"
        );
    }
}
