//! The share link: a scenario as readable `key=value` pairs in the URL fragment.
//!
//! The fragment (`#…`, which the browser never sends to a server) holds `v=2` first, then only
//! the values that differ from `Scenario::default()` ([`crate::DEFAULT_JSON`]), each under its
//! dotted JSON path: `#v=2&calendar.working_days=20&rent.0.price=50.5`. The default scenario is
//! just `#v=2`. A link of version 1, written before the rent options' yearly price change
//! defaulted to −12.5 % (it was 0 %), is read against the default it was written from: its
//! options keep 0 % unless the link says otherwise, so an old link shows what it showed.
//!
//! ```
//! use gpu_tco_core::Scenario;
//! use gpu_tco_core::share::{from_fragment, to_fragment};
//!
//! let mut s = Scenario::default();
//! s.calendar.working_days = 20.into();
//! assert_eq!(to_fragment(&s), "v=2&calendar.working_days=20");
//! assert_eq!(from_fragment("#v=2&calendar.working_days=20").unwrap(), s);
//! ```
//!
//! Rules:
//!
//! - **Keys** are the dotted JSON paths (`own.energy.pue`, `rent.1.extras.egress_tiers.0.up_to_gb`);
//!   list indexes are written without leading zeros. `v` is the link's format version; the JSON's
//!   `version` field is not a key.
//! - **Only differences.** Each value is compared with the default at the same path and left out
//!   when equal. Decimals compare by value (`0.50` equals `0.5`); labels compare as text. Pairs
//!   come in a fixed order: `v`, then object keys sorted by name (`mode` first, a list's `length`
//!   before its entries), list entries by index. A reader takes them in any order.
//! - **Lists.** When a list's length differs from the default's, `<path>.length=N` says so
//!   (`rent.length=2`, `calendar.batch.length=0`, `rent.0.extras.egress_tiers.length=1`). Reading
//!   applies every `length` first (outer lists before inner ones): it cuts the list, or extends it
//!   with copies of its last entry, and the new entries' values are compared with those copies.
//!   A length above the model's limit (8 rent options, 8 batch windows, 10 tiers) is refused.
//! - **Modes.** An object with a `mode` key (`rent.N.billing`, `rent.N.billing.service`,
//!   `own.financing`) whose mode differs from the default's is written whole: its `mode` first,
//!   then every one of its values, not only the changed ones. Reading applies every `…mode=` key
//!   after the lengths and before the other keys (outer objects before inner ones): an object
//!   whose mode changes is replaced by `{"mode": …}` and then filled from the other keys, so
//!   switching `start_stop` to `always_on` leaves no stray `start_overhead_hours` behind. (A
//!   `mode` equal to the current one changes nothing.) Whether a field fits its mode is checked
//!   when the scenario is read ([`crate::Scenario::from_value`]).
//! - **Value types** follow the field, by the tables of [`crate::schema`]: whole numbers (digits
//!   only) for `start_hour`, `end_hour`, `gpus`, `gpus_per_instance`, `term_years`,
//!   `commitment_instances`, `block_days`, `blocks_per_year`, `minimum_term_months`,
//!   `gpus_per_server`, `spare_servers`, `licence_bundled_years`, `service_life_years`,
//!   `term_months`, `horizon_months`, a peak's `days_of_month` and `months` entries, `own_gpus`,
//!   `hybrid.rent` and an option's `load_gpus.gpus` and `load_gpus.per`;
//!   `true`/`false` for `included_in_colocation`; the word `null` for the fields that may be empty
//!   (`commitment_instances`, `horizon_months`, `up_to_gb`); text for `label`, `currency`,
//!   `display_currency`, `price_unit`, `days` and `mode`; a decimal number for every other field
//!   (`50.5`, `-5`, `0.50`), kept as text exactly as written.
//! - **Encoding.** Keys and values are percent-encoded (UTF-8) for every byte outside `A–Z a–z
//!   0–9 - . _ ~`, so labels may hold spaces, `&`, `=`, `#`, `%` and any script. `+` is a plus
//!   sign, not a space. A label is text and stays text: `<img src=x onerror=alert(1)>` comes back
//!   verbatim and is never rendered as markup.
//! - **A chosen hybrid** (`hybrid`, own N GPUs and a rent option for the overflow; the default
//!   has none) is written whole when set, `hybrid.own_gpus=4&hybrid.rent=1`, and not at all when
//!   not. A link that sets only one of the two reads 0 for the other. Whether `hybrid.rent` names
//!   an option of the link's scenario is checked when the scenario is read.
//! - **An option's GPUs for the load** (`rent.N.load_gpus`, `own.load_gpus`: this option's GPU
//!   model needs `gpus` GPUs where the load counts `per`; the default has none) is written
//!   whole when set, `rent.2.load_gpus.gpus=16&rent.2.load_gpus.per=8`, also when the two are
//!   equal, and not at all when not. A link that sets only one of the two is
//!   [`Error::Malformed`] at the other's key (`rent.2.load_gpus.per`, a missing field): a ratio
//!   read with a guessed half would price the option on a load it was never sized for. Whether
//!   the counts lie in 1–1,024 is checked when the scenario is read.
//! - **Presets.** The preset each option was chosen from (its name, sources and dates on the
//!   page) goes along as `preset.own=<id>` and `preset.rent.N=<id>` (or `none` for an option
//!   without one), after the scenario's pairs, but only where a reader would not take it anyway:
//!   without such a key an option of the default keeps the default's preset while it carries
//!   that preset's name ([`default_link_presets`]). A preset key for an option the scenario does
//!   not have is [`Error::Malformed`]; an id this build does not know reads as `none`.
//! - **Ranges** ([`crate::ranges`]; the default has none) go along after the scenario's pairs
//!   and before the presets, one pair per range, `range.<input>=<low>~<high>` with the input
//!   named as in the JSON (`range.server_price=275862~362069`,
//!   `range.cloud_price_change.0=-25~0`), in the order of the inputs' names, then one pair per
//!   tie, `range.tie.<n>=<input>~<input>…` (`range.tie.0=server_price~colocation_per_kw`). A
//!   link without them has no ranges, so every link from before them reads as it did. An input
//!   name this build does not know, or a value that is not two decimals joined by `~`, is
//!   [`Error::Malformed`] naming the key; whether a range fits its input (bounds, an option the
//!   scenario has) is checked when the scenario is read.
//! - **The sizing's inputs** (`sizing`, [`crate::sizing::Inputs`]; the default has none) go
//!   along whole as one pair of compact JSON after the ranges, `sizing=%7B%22model%22…`, and not
//!   at all when unset. A value that is not a JSON object is [`Error::Malformed`] at `sizing`;
//!   what is in it is the sizing's to read and check when it runs
//!   ([`crate::sizing::Inputs::from_kept`]).
//! - **A measured load** (`calendar.measured`, a month of imported serving metrics) is never
//!   written; the link carries the calendar it replaced, and a key under `calendar.measured` is a
//!   key that names no field.
//! - **Errors**, never a panic. A link over 100 KB is [`Error::TooLong`]; more than
//!   [`MAX_LINK_PAIRS`] pairs, or a list longer than the model allows, [`Error::TooMany`]; a key
//!   of more than [`MAX_DEPTH`] segments [`Error::TooDeep`] naming the key. A `v`
//!   other than 1 or 2 is [`Error::UnsupportedVersion`], whatever else the link holds; a link without
//!   `v` is [`Error::Malformed`] at `v` (or at its first word without `=`, as in `#garbage`). A
//!   pair without `=`, an empty or duplicate key, a bad percent-escape or non-UTF-8 text, a value
//!   of the wrong type (`gpus=abc`, `price=lots`) and a key that names no field (`unknown key`,
//!   also an index past the list's end) are [`Error::Malformed`] naming the key. Empty pairs
//!   (`&&`, a trailing `&`) are ignored. The scenario read from a link is then checked against
//!   the input limits ([`crate::check_input`]) and validated like any other input.

use std::collections::BTreeSet;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde_json::{Map, Value};

use crate::calendar::MAX_BATCH_WINDOWS;
use crate::error::{Error, ReadProblem, Result};
use crate::limits::MAX_DEPTH;
use crate::presets::{DEFAULT_OWN, DEFAULT_RENT, Preset, Side, preset, preset_label};
use crate::rent::{MAX_RENT_OPTIONS, MAX_TIERS};
use crate::scenario::{DEFAULT_JSON, MAX_INPUT_BYTES, Scenario};
use crate::schema::{BOOLEANS, MODE_FIELDS, NULLABLE, TEXT, is_whole_number};

/// Most `key=value` pairs a share link may hold.
pub const MAX_LINK_PAIRS: usize = 2000;

/// The scenario as a share-link fragment (without the leading `#`): `v=2` and the values that
/// differ from the default, by the rules of the README's "Share link" section (the doc comment
/// at the top of `core/src/share.rs`).
///
/// ```
/// let mut s = gpu_tco_core::Scenario::default();
/// s.rent.truncate(2);
/// assert_eq!(gpu_tco_core::share::to_fragment(&s), "v=2&rent.length=2");
/// ```
pub fn to_fragment(s: &Scenario) -> String {
    match serde_json::to_value(s) {
        Ok(v) => value_to_fragment(&v),
        // Serialising plain data with string keys cannot fail.
        Err(_) => format!("v={LINK_VERSION}"),
    }
}

/// A scenario JSON value (as the page keeps its draft) as a share-link fragment, without the
/// leading `#`.
///
/// The value is expected in the full form `Scenario` serializes to; a key it lacks is not
/// written, so the link gives it the default. A value that is not an object gives `v=2`.
///
/// A measured load (`calendar.measured`) is never written: it is a month of someone's
/// serving metrics, too large for a link and not meant to travel in one. The link carries the
/// calendar it replaced; a saved scenario file keeps the measurement.
pub fn value_to_fragment(v: &Value) -> String {
    let mut out = format!("v={LINK_VERSION}");
    if let (Value::Object(_), Ok(default)) = (v, default_value()) {
        diff(v, default, "", &mut out);
        if let Some(ranges) = v.get("ranges") {
            write_ranges(ranges, &mut out);
        }
        if let Some(sizing) = v.get("sizing").filter(|x| !x.is_null())
            && let Ok(text) = serde_json::to_string(sizing)
        {
            pair(SIZING_KEY, &text, &mut out);
        }
    }
    out
}

/// The key of the sizing's inputs, written whole as JSON.
const SIZING_KEY: &str = "sizing";

/// The first segment of a link's range keys, and the segment of a tie below it.
const RANGE_KEY: &str = "range";
const TIE_KEY: &str = "tie";

/// Appends a scenario's `ranges` value as `range.<input>=low~high` and `range.tie.<n>=a~b`.
fn write_ranges(ranges: &Value, out: &mut String) {
    let text = |v: Option<&Value>| match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    if let Some(Value::Object(inputs)) = ranges.get("inputs") {
        let mut keys: Vec<(&String, &Value)> = inputs.iter().collect();
        crate::order::sort_by_key(&mut keys, |a| a.0);
        for (input, range) in keys {
            let value = format!("{}~{}", text(range.get("low")), text(range.get("high")));
            pair(&format!("{RANGE_KEY}.{input}"), &value, out);
        }
    }
    if let Some(Value::Array(ties)) = ranges.get("ties") {
        for (t, tie) in ties.iter().enumerate() {
            let names: Vec<&str> = tie
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            pair(&format!("{RANGE_KEY}.{TIE_KEY}.{t}"), &names.join("~"), out);
        }
    }
}

/// A link's `range.…` pairs (key without `range.`, value) as a scenario's `ranges` value.
fn read_ranges(pairs: &[(String, String)]) -> Result<Value> {
    let mut inputs = Map::new();
    let mut ties: Vec<(usize, Value)> = Vec::new();
    for (rest, text) in pairs {
        let key = format!("{RANGE_KEY}.{rest}");
        if let Some(t) = rest.strip_prefix(TIE_KEY).and_then(|t| t.strip_prefix('.')) {
            let t = index(t).ok_or_else(|| unknown(&key))?;
            let names = text
                .split('~')
                .map(|name| {
                    crate::ranges::RangeInput::from_key(name)
                        .map(|_| Value::String(name.to_owned()))
                        .ok_or_else(|| malformed(&key, ReadProblem::NotTie))
                })
                .collect::<Result<Vec<_>>>()?;
            ties.push((t, Value::Array(names)));
        } else {
            if crate::ranges::RangeInput::from_key(rest).is_none() {
                return Err(unknown(&key));
            }
            let (low, high) = text
                .split_once('~')
                .filter(|(l, h)| decimal(l).is_some() && decimal(h).is_some())
                .ok_or_else(|| malformed(&key, ReadProblem::NotRange))?;
            let mut range = Map::new();
            range.insert("low".to_owned(), Value::String(low.to_owned()));
            range.insert("high".to_owned(), Value::String(high.to_owned()));
            inputs.insert(rest.clone(), Value::Object(range));
        }
    }
    crate::order::sort_by_key(&mut ties, |(t, _)| *t);
    let mut out = Map::new();
    out.insert("inputs".to_owned(), Value::Object(inputs));
    out.insert(
        "ties".to_owned(),
        Value::Array(ties.into_iter().map(|(_, v)| v).collect()),
    );
    Ok(Value::Object(out))
}

/// Reads a share-link fragment (with or without the leading `#`) into a scenario JSON value,
/// starting from the default. The value is not validated; [`Scenario::from_value`] does that.
///
/// # Errors
/// [`Error::TooLong`] over [`MAX_INPUT_BYTES`], [`Error::TooMany`] over [`MAX_LINK_PAIRS`] pairs
/// or for a list longer than the model allows, [`Error::TooDeep`] for a key of more than
/// [`MAX_DEPTH`] segments, [`Error::UnsupportedVersion`] for a `v` other
/// than 1 or 2, and [`Error::Malformed`] naming the key for a missing `v`, a pair without `=`, an
/// empty or duplicate key, a bad percent-escape, a value of the wrong type or a key that names
/// no field.
///
/// # Panics
/// Never.
pub fn fragment_to_value(text: &str) -> Result<Value> {
    fragment_to_link(text).map(|link| link.scenario)
}

/// A share link read whole: the scenario, and the preset each of its options was chosen from
/// (so the page can show that preset's name, sources and dates, and mark only the values the
/// user changed as theirs).
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    /// The scenario as JSON, starting from the default; not validated
    /// ([`Scenario::from_value`] does that).
    pub scenario: Value,
    /// `own` or `rent.N` with the preset that option was chosen from; an option without a
    /// preset is not listed.
    pub presets: Vec<(String, &'static Preset)>,
    /// The link's format version: 1 for a link written while every rent option's yearly price
    /// change defaulted to 0 % (read against that default, which a page may say), else
    /// [`LINK_VERSION`].
    pub version: u64,
}

/// What a link without `preset.…` keys says about the presets of `scenario` (a scenario JSON
/// value): each option of the default keeps the default's preset as long as it still carries
/// that preset's name (in either language); every other option has none.
///
/// ```
/// use gpu_tco_core::presets::DEFAULT_OWN;
/// use gpu_tco_core::share::default_link_presets;
///
/// let mut v: serde_json::Value = serde_json::from_str(gpu_tco_core::DEFAULT_JSON).unwrap();
/// assert_eq!(default_link_presets(&v)[0].1.id, DEFAULT_OWN);
/// v["own"]["label"] = "my server".into();
/// assert!(default_link_presets(&v).iter().all(|(slot, _)| slot != "own"));
/// ```
pub fn default_link_presets(scenario: &Value) -> Vec<(String, &'static Preset)> {
    let rent = scenario
        .get("rent")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    std::iter::once(("own".to_owned(), DEFAULT_OWN))
        .chain(
            DEFAULT_RENT
                .iter()
                .take(rent)
                .enumerate()
                .map(|(i, id)| (format!("rent.{i}"), *id)),
        )
        .filter_map(|(slot, id)| {
            let p = preset(id)?;
            let label = scenario
                .pointer(&format!("/{}/label", slot.replace('.', "/")))
                .and_then(Value::as_str)?;
            let english = preset_label(label, false).unwrap_or(label);
            let named = p
                .entry("label")
                .and_then(|e| e.value.to_json().ok())
                .is_some_and(|l| l.as_str() == Some(english));
            named.then_some((slot, p))
        })
        .collect()
}

/// A scenario JSON value and the presets its options were chosen from as a share-link
/// fragment: [`value_to_fragment`], then a `preset.own` / `preset.rent.N` pair for each option
/// whose preset is not what a reader would take without one ([`default_link_presets`]): the
/// preset's id, or `none`. Presets of options the scenario does not have are left out.
///
/// ```
/// use gpu_tco_core::DEFAULT_JSON;
/// use gpu_tco_core::share::{default_link_presets, fragment_to_link, link_to_fragment};
///
/// let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
/// let mut presets = default_link_presets(&v);
/// assert_eq!(link_to_fragment(&v, &presets), "v=2");
/// // The NVL server chosen for own (and its values written into `v`): its id goes along.
/// let nvl = gpu_tco_core::presets::preset("own-h200-nvl-8").unwrap();
/// nvl.apply(&mut v["own"]).unwrap();
/// presets[0].1 = nvl;
/// let link = link_to_fragment(&v, &presets);
/// assert!(link.ends_with("&preset.own=own-h200-nvl-8"), "{link}");
/// assert_eq!(fragment_to_link(&link).unwrap().presets, presets);
/// ```
pub fn link_to_fragment(scenario: &Value, presets: &[(String, &'static Preset)]) -> String {
    let mut out = value_to_fragment(scenario);
    let inferred = default_link_presets(scenario);
    let rent = scenario
        .get("rent")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let find = |list: &[(String, &'static Preset)], slot: &str| {
        list.iter().find(|(s, _)| s == slot).map(|(_, p)| p.id)
    };
    for slot in std::iter::once("own".to_owned()).chain((0..rent).map(|i| format!("rent.{i}"))) {
        let chosen = find(presets, &slot);
        if chosen != find(&inferred, &slot) {
            pair(
                &format!("{PRESET_KEY}.{slot}"),
                chosen.unwrap_or(NO_PRESET),
                &mut out,
            );
        }
    }
    out
}

/// The first segment of a link's preset keys, and the value for "no preset".
const PRESET_KEY: &str = "preset";
const NO_PRESET: &str = "none";

/// Reads a share-link fragment whole: the scenario as [`fragment_to_value`] reads it, and the
/// presets of its options (own first, then the rent options in order), from its `preset.own` /
/// `preset.rent.N` keys and, for the options it names none for, [`default_link_presets`]. A preset id this build does not know (or one of
/// the other side) reads as `none`: the link holds the values anyway.
///
/// # Errors
/// As [`fragment_to_value`]; a preset key for an option the scenario does not have, or of
/// another shape (`preset.x`), is [`Error::Malformed`] naming the key.
///
/// # Panics
/// Never.
pub fn fragment_to_link(text: &str) -> Result<Link> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(Error::TooLong {
            path: String::new(),
            len: text.len(),
            max: MAX_INPUT_BYTES,
        });
    }
    let body = text.strip_prefix('#').unwrap_or(text);
    let raw: Vec<(&str, Option<&str>)> = body
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (pair, None),
        })
        .collect();
    if raw.len() > MAX_LINK_PAIRS {
        return Err(Error::TooMany {
            path: String::new(),
            count: raw.len(),
            max: MAX_LINK_PAIRS,
        });
    }
    let version = check_version(&raw)?;

    let mut seen = BTreeSet::new();
    let mut lengths = Vec::new();
    let mut modes = Vec::new();
    let mut leaves = Vec::new();
    let mut chosen = Vec::new();
    let mut ranges = Vec::new();
    let mut sizing: Option<Value> = None;
    for (raw_key, raw_value) in raw {
        let key = percent_decode(raw_key).map_err(|m| malformed(raw_key, m))?;
        let Some(raw_value) = raw_value else {
            return Err(malformed(&key, ReadProblem::NoEquals));
        };
        if key.is_empty() {
            return Err(malformed("", ReadProblem::EmptyKey));
        }
        if !seen.insert(key.clone()) {
            return Err(malformed(&key, ReadProblem::DuplicateKey));
        }
        if key == "v" {
            continue;
        }
        if key == "version" {
            return Err(malformed(&key, ReadProblem::VersionKey));
        }
        let text = percent_decode(raw_value).map_err(|m| malformed(&key, m))?;
        let depth = key.split('.').count();
        // Below an object with a `mode` a key may make the objects it names; never deeper than
        // any input may nest (the reader would build it first).
        if depth > MAX_DEPTH {
            return Err(Error::TooDeep {
                path: key,
                max: MAX_DEPTH,
            });
        }
        if key == SIZING_KEY {
            let value: Value = serde_json::from_str(&text)
                .map_err(|_| malformed(SIZING_KEY, ReadProblem::NotSizing))?;
            crate::limits::check_input(&value)?;
            sizing = Some(value);
            continue;
        }
        let pair = (key, text);
        if let Some(rest) = pair
            .0
            .strip_prefix(RANGE_KEY)
            .and_then(|r| r.strip_prefix('.'))
        {
            ranges.push((rest.to_owned(), pair.1));
        } else if let Some(slot) = pair.0.strip_prefix("preset.") {
            chosen.push((slot.to_owned(), pair.1));
        } else if pair.0.ends_with(".length") {
            lengths.push((depth, pair));
        } else if pair.0 == "mode" || pair.0.ends_with(".mode") {
            modes.push((depth, pair));
        } else {
            leaves.push(pair);
        }
    }
    // Outer lists and modes first: an inner key addresses what the outer one made.
    crate::order::sort_by_key(&mut lengths, |(depth, _)| *depth);
    crate::order::sort_by_key(&mut modes, |(depth, _)| *depth);

    let mut root = default_value()?.clone();
    if version == 1 {
        version_1_default(&mut root);
    }
    for (_, (key, text)) in &lengths {
        set_length(&mut root, key, text)?;
    }
    for (_, (key, text)) in &modes {
        set_mode(&mut root, key, text)?;
    }
    for (key, text) in &leaves {
        set_leaf(&mut root, key, text)?;
    }
    check_load_gpus(&root)?;
    if let (Some(value), Value::Object(m)) = (sizing, &mut root) {
        m.insert(SIZING_KEY.to_owned(), value);
    }
    if !ranges.is_empty()
        && let Value::Object(m) = &mut root
    {
        m.insert("ranges".to_owned(), read_ranges(&ranges)?);
    }
    let mut presets = default_link_presets(&root);
    for (slot, id) in chosen {
        let side = match slot.split_once('.') {
            None if slot == "own" => Side::Own,
            Some(("rent", i))
                if index(i).is_some_and(|i| {
                    root.get("rent")
                        .and_then(Value::as_array)
                        .is_some_and(|r| i < r.len())
                }) =>
            {
                Side::Rent
            }
            _ => return Err(unknown(&format!("{PRESET_KEY}.{slot}"))),
        };
        presets.retain(|(s, _)| *s != slot);
        if let Some(p) = preset(&id).filter(|p| p.side == side) {
            presets.push((slot, p));
        }
    }
    // In the options' order: own, then rent.0, rent.1, …
    crate::order::sort_by_key(&mut presets, |(slot, _)| {
        slot.strip_prefix("rent.")
            .and_then(|i| i.parse::<usize>().ok())
            .map_or(0, |i| i + 1)
    });
    Ok(Link {
        scenario: root,
        presets,
        version,
    })
}

/// Reads a share-link fragment into a scenario and validates it.
///
/// # Errors
/// As [`fragment_to_value`], then as [`Scenario::from_value`].
pub fn from_fragment(text: &str) -> Result<Scenario> {
    Scenario::from_value(fragment_to_value(text)?)
}

// --- writing ----------------------------------------------------------------------------------

fn default_value() -> Result<&'static Value> {
    // Parsed once: the page writes a link on every input change.
    static DEFAULT: std::sync::OnceLock<Option<Value>> = std::sync::OnceLock::new();
    DEFAULT
        .get_or_init(|| serde_json::from_str(DEFAULT_JSON).ok())
        .as_ref()
        .ok_or_else(|| malformed("", ReadProblem::DefaultUnreadable))
}

/// `path.name`, or `name` at the root.
fn child(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_owned()
    } else {
        format!("{path}.{name}")
    }
}

/// The last segment of a dotted path: the field name.
fn field(path: &str) -> &str {
    path.rsplit('.').next().unwrap_or(path)
}

/// Keys a link never writes, by the path of their object: the root's `version` (the link's `v`
/// stands for it) and a measured load (see [`value_to_fragment`]).
const NOT_WRITTEN: &[(&str, &str)] = &[
    ("", "version"),
    ("calendar", "measured"),
    // Written in its own compact form (`range.<input>=low~high`), after the rest.
    ("", "ranges"),
    // Written whole as one pair of JSON (`sizing={…}`), after the ranges.
    ("", "sizing"),
];

/// The keys a link writes of the object at `path`, `mode` first, the rest sorted (independent
/// of serde_json's `preserve_order` feature, so a link reads the same from every build).
fn ordered<'a>(map: &'a Map<String, Value>, path: &str) -> Vec<(&'a String, &'a Value)> {
    let mut keys: Vec<(&String, &Value)> = map
        .iter()
        .filter(|(k, _)| !NOT_WRITTEN.contains(&(path, k.as_str())))
        .collect();
    crate::order::sort_by_key(&mut keys, |a| (a.0 != "mode", a.0));
    keys
}

/// Appends the pairs that turn `base` into `value`.
fn diff(value: &Value, base: &Value, path: &str, out: &mut String) {
    match (value, base) {
        (Value::Object(v), Value::Object(b)) => {
            if let Some(mode) = v.get("mode")
                && b.get("mode") != Some(mode)
            {
                dump(value, path, out);
                return;
            }
            for (k, x) in ordered(v, path) {
                let p = child(path, k);
                match b.get(k) {
                    Some(y) => diff(x, y, &p, out),
                    // An empty optional value is what leaving it out reads as.
                    None if x.is_null() => {}
                    None => dump(x, &p, out),
                }
            }
        }
        (Value::Array(v), Value::Array(b)) => {
            if v.len() != b.len() {
                pair(&child(path, "length"), &v.len().to_string(), out);
            }
            for (i, x) in v.iter().enumerate() {
                let p = child(path, &i.to_string());
                // Entries past the default's end are read as copies of its last entry.
                match b.get(i).or_else(|| b.last()) {
                    Some(y) => diff(x, y, &p, out),
                    None => dump(x, &p, out),
                }
            }
        }
        _ if same_leaf(value, base, field(path)) => {}
        _ => dump(value, path, out),
    }
}

/// Appends every value under `path`.
fn dump(value: &Value, path: &str, out: &mut String) {
    match value {
        Value::Object(m) => {
            for (k, x) in ordered(m, path) {
                dump(x, &child(path, k), out);
            }
        }
        Value::Array(a) => {
            pair(&child(path, "length"), &a.len().to_string(), out);
            for (i, x) in a.iter().enumerate() {
                dump(x, &child(path, &i.to_string()), out);
            }
        }
        Value::String(s) => pair(path, s, out),
        Value::Number(n) => pair(path, &n.to_string(), out),
        Value::Bool(b) => pair(path, if *b { "true" } else { "false" }, out),
        Value::Null => pair(path, "null", out),
    }
}

/// Whether two leaves are the same value: decimals by value, everything else exactly.
fn same_leaf(a: &Value, b: &Value, field: &str) -> bool {
    if a == b {
        return true;
    }
    match (a, b) {
        (Value::String(x), Value::String(y)) if !TEXT.contains(&field) => {
            matches!((decimal(x), decimal(y)), (Some(x), Some(y)) if x == y)
        }
        _ => false,
    }
}

fn pair(key: &str, value: &str, out: &mut String) {
    out.push('&');
    percent_encode(key, out);
    out.push('=');
    percent_encode(value, out);
}

fn percent_encode(text: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push('%');
            for nibble in [b >> 4, b & 0xf] {
                if let Some(h) = HEX.get(usize::from(nibble)) {
                    out.push(char::from(*h));
                }
            }
        }
    }
}

// --- reading ----------------------------------------------------------------------------------

fn malformed(path: &str, problem: ReadProblem) -> Error {
    Error::Malformed {
        path: path.to_owned(),
        problem,
    }
}

fn unknown(key: &str) -> Error {
    malformed(key, ReadProblem::UnknownKey)
}

/// The link format this build writes: 2 since the rent options' yearly price change defaults
/// to −12.5 % (the middle of its sources' range); version 1 links still read (see
/// [`version_1_default`]).
pub const LINK_VERSION: u64 = 2;

/// `v` must be there and be 1 or 2; checked before anything else, so a link of a later version
/// says so instead of failing on a key this build does not know.
fn check_version(raw: &[(&str, Option<&str>)]) -> Result<u64> {
    let Some((_, value)) = raw.iter().find(|(k, _)| *k == "v") else {
        // Not a share link (`#garbage`, `#section-2`): name what is there if it is no pair.
        if let Some((k, _)) = raw.iter().find(|(_, v)| v.is_none()) {
            let key = percent_decode(k).unwrap_or_else(|_| (*k).to_owned());
            return Err(malformed(&key, ReadProblem::NoEquals));
        }
        return Err(malformed("v", ReadProblem::NoVersion));
    };
    let Some(value) = value else {
        return Err(malformed("v", ReadProblem::NoEquals));
    };
    let found =
        whole(value).ok_or_else(|| malformed("v", ReadProblem::NotWhole { or_null: false }))?;
    if found == 0 || found > LINK_VERSION {
        return Err(Error::UnsupportedVersion {
            found,
            supported: LINK_VERSION,
        });
    }
    Ok(found)
}

/// The default a version 1 link was written against: the same as today's but for every rent
/// option's yearly price change, 0 % then. A link leaves out what equals its default, so a
/// version 1 link that left the price change out meant 0 %; the lists it extends copy these
/// options, so its added options get 0 % as well.
fn version_1_default(root: &mut Value) {
    if let Some(Value::Array(options)) = root.get_mut("rent") {
        for option in options {
            if let Some(extras) = option.get_mut("extras").and_then(Value::as_object_mut) {
                extras.insert(
                    "yearly_price_change_percent".to_owned(),
                    Value::String("0".to_owned()),
                );
            }
        }
    }
}

/// A decimal as the scenario reader parses one (`rust_decimal`'s string form: plain or
/// scientific).
fn decimal(text: &str) -> Option<Decimal> {
    Decimal::from_str(text)
        .or_else(|_| Decimal::from_scientific(text))
        .ok()
}

/// Digits only (no sign, no spaces) as a `u64`.
fn whole(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn percent_decode(text: &str) -> core::result::Result<String, ReadProblem> {
    fn hex(b: u8) -> Option<u8> {
        char::from(b)
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
    }
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes();
    while let Some(b) = bytes.next() {
        if b == b'%' {
            match (bytes.next().and_then(hex), bytes.next().and_then(hex)) {
                (Some(hi), Some(lo)) => out.push(hi << 4 | lo),
                _ => return Err(ReadProblem::BadEscape),
            }
        } else {
            out.push(b);
        }
    }
    String::from_utf8(out).map_err(|_| ReadProblem::NotUtf8)
}

/// The node at `segments`, and whether an object with a `mode` lies above it. Below such an
/// object, members that are missing are created: which fields exist depends on the mode, and
/// `Scenario::from_value` checks them.
fn node<'a>(root: &'a mut Value, segments: &[&str], key: &str) -> Result<(&'a mut Value, bool)> {
    let mut cur = root;
    let mut tagged = false;
    for seg in segments {
        cur = match cur {
            Value::Array(a) => {
                let i = index(seg).ok_or_else(|| unknown(key))?;
                a.get_mut(i).ok_or_else(|| unknown(key))?
            }
            Value::Object(m) => {
                tagged = tagged || m.contains_key("mode");
                if OPTIONAL_LISTS.contains(seg) {
                    // A list the default leaves out (`calendar.peaks`) starts empty.
                    m.entry(*seg).or_insert_with(|| Value::Array(Vec::new()))
                } else if *seg == "hybrid" {
                    // So does the chosen hybrid, with 0 for what the link leaves out.
                    m.entry(*seg)
                        .or_insert_with(|| serde_json::json!({"own_gpus": 0, "rent": 0}))
                } else if *seg == LOAD_GPUS && is_option(m) {
                    // And an option's GPUs for the load, both halves still to be given
                    // ([`check_load_gpus`] refuses a link that gives only one).
                    m.entry(*seg)
                        .or_insert_with(|| serde_json::json!({"gpus": null, "per": null}))
                } else if tagged {
                    m.entry(*seg).or_insert_with(|| Value::Object(Map::new()))
                } else {
                    m.get_mut(*seg).ok_or_else(|| unknown(key))?
                }
            }
            _ => return Err(unknown(key)),
        };
    }
    Ok((cur, tagged))
}

/// An option's GPUs for the load (`rent.N.load_gpus`, `own.load_gpus`).
const LOAD_GPUS: &str = "load_gpus";

/// Whether an object is a rent option or the own option (the objects with a `load_gpus`).
fn is_option(m: &Map<String, Value>) -> bool {
    m.contains_key("gpus_per_instance") || m.contains_key("gpus_per_server")
}

/// Every `load_gpus` a link made has both of its halves: [`Error::Malformed`] at the key of
/// the one left out (a missing field).
fn check_load_gpus(root: &Value) -> Result<()> {
    let rent = root.get("rent").and_then(Value::as_array);
    let options = rent
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, r)| (format!("rent.{i}"), r))
        .chain(root.get("own").map(|o| ("own".to_owned(), o)));
    for (path, option) in options {
        let Some(Value::Object(g)) = option.get(LOAD_GPUS) else {
            continue;
        };
        for half in ["gpus", "per"] {
            if g.get(half).is_none_or(Value::is_null) {
                return Err(malformed(
                    &format!("{path}.{LOAD_GPUS}.{half}"),
                    ReadProblem::Missing {
                        field: half.to_owned(),
                    },
                ));
            }
        }
    }
    Ok(())
}

/// Lists the default scenario leaves out when they are empty.
const OPTIONAL_LISTS: &[&str] = &["peaks"];

/// The entry a list starts from when the default has none to copy.
fn list_template(name: &str) -> Option<Value> {
    match name {
        "peaks" => Some(serde_json::json!({
            "start_hour": 0, "end_hour": 0, "gpus": 0, "days": "working_days",
            "days_of_month": 0, "months": []
        })),
        "months" => Some(Value::from(1)),
        _ => None,
    }
}

/// A list index as written by [`to_fragment`]: digits, no leading zero (so `rent.01.price` cannot
/// sneak past the duplicate check as a second `rent.1.price`).
fn index(seg: &str) -> Option<usize> {
    if seg.len() > 1 && seg.starts_with('0') {
        return None;
    }
    whole(seg).and_then(|n| usize::try_from(n).ok())
}

/// Splits `a.b.c` into the parent's segments `[a, b]` and the field `c`.
fn split(key: &str) -> (Vec<&str>, &str) {
    let mut segments: Vec<&str> = key.split('.').collect();
    let last = segments.pop().unwrap_or(key);
    (segments, last)
}

/// The model's limit on a list, so a link cannot make the reader copy an entry a billion times.
fn list_limit(name: &str) -> usize {
    match name {
        "rent" => MAX_RENT_OPTIONS,
        "batch" => MAX_BATCH_WINDOWS,
        "egress_tiers" => MAX_TIERS,
        _ => 16,
    }
}

fn set_length(root: &mut Value, key: &str, text: &str) -> Result<()> {
    let (segments, _) = split(key);
    let path = segments.join(".");
    let (Value::Array(list), _) = node(root, &segments, key)? else {
        return Err(unknown(key));
    };
    let n = whole(text)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| malformed(key, ReadProblem::NotWhole { or_null: false }))?;
    let max = list_limit(field(&path));
    if n > max {
        return Err(Error::TooMany {
            path,
            count: n,
            max,
        });
    }
    if n > list.len() {
        let template = list
            .last()
            .cloned()
            .or_else(|| list_template(field(&path)))
            .ok_or_else(|| malformed(key, ReadProblem::EmptyDefaultList))?;
        list.resize(n, template);
    } else {
        list.truncate(n);
    }
    Ok(())
}

fn set_mode(root: &mut Value, key: &str, text: &str) -> Result<()> {
    let (segments, _) = split(key);
    let (target, tagged) = node(root, &segments, key)?;
    let Value::Object(m) = target else {
        return Err(unknown(key));
    };
    if !tagged && !m.contains_key("mode") {
        return Err(unknown(key));
    }
    if m.get("mode").and_then(Value::as_str) != Some(text) {
        m.clear();
        m.insert("mode".to_owned(), Value::String(text.to_owned()));
    }
    Ok(())
}

fn set_leaf(root: &mut Value, key: &str, text: &str) -> Result<()> {
    let (segments, name) = split(key);
    let list_name = segments.last().copied().unwrap_or_default();
    let (parent, tagged) = node(root, &segments, key)?;
    // An entry of a list of numbers (`calendar.peaks.0.months.1`), typed by the list's name.
    if let Value::Array(items) = parent {
        let slot = index(name)
            .and_then(|i| items.get_mut(i))
            .ok_or_else(|| unknown(key))?;
        if matches!(slot, Value::Object(_) | Value::Array(_)) {
            return Err(unknown(key));
        }
        *slot = typed(list_name, text).map_err(|problem| malformed(key, problem))?;
        return Ok(());
    }
    let Value::Object(m) = parent else {
        return Err(unknown(key));
    };
    match m.get(name) {
        // A key names one value, never a whole object or list.
        Some(Value::Object(_) | Value::Array(_)) => return Err(unknown(key)),
        Some(_) => {}
        None if (tagged || m.contains_key("mode")) && MODE_FIELDS.contains(&name) => {}
        None => return Err(unknown(key)),
    }
    let value = typed(name, text).map_err(|problem| malformed(key, problem))?;
    m.insert(name.to_owned(), value);
    Ok(())
}

/// The JSON value of a field's text, by the field's type.
fn typed(name: &str, text: &str) -> core::result::Result<Value, ReadProblem> {
    if NULLABLE.contains(&name) && text == "null" {
        return Ok(Value::Null);
    }
    if is_whole_number(name) {
        return whole(text).map(Value::from).ok_or(ReadProblem::NotWhole {
            or_null: NULLABLE.contains(&name),
        });
    }
    if BOOLEANS.contains(&name) {
        return match text {
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ => Err(ReadProblem::NotBool),
        };
    }
    // Decimals stay text, exactly as written; checked here (as the scenario reader will parse
    // them) so that the error names the key even in a build without path tracking.
    if !TEXT.contains(&name) && decimal(text).is_none() {
        return Err(ReadProblem::NotDecimal {
            or_null: NULLABLE.contains(&name),
        });
    }
    Ok(Value::String(text.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_json_parses() {
        assert!(default_value().unwrap().is_object());
    }

    #[test]
    fn percent_encoding_round_trips_and_keeps_plus() {
        let text = "a b&c=d#e%f+g ä 日本 ~-._";
        let mut enc = String::new();
        percent_encode(text, &mut enc);
        assert_eq!(
            enc,
            "a%20b%26c%3Dd%23e%25f%2Bg%20%C3%A4%20%E6%97%A5%E6%9C%AC%20~-._"
        );
        assert_eq!(percent_decode(&enc).unwrap(), text);
        assert_eq!(percent_decode("a+b").unwrap(), "a+b");
        assert_eq!(percent_decode("%c3%a4").unwrap(), "ä");
    }

    #[test]
    fn bad_escapes_are_errors() {
        for bad in ["%", "%4", "%G1", "a%zz", "%C3", "%FF"] {
            assert!(percent_decode(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn indexes_are_canonical() {
        assert_eq!(index("0"), Some(0));
        assert_eq!(index("12"), Some(12));
        assert_eq!(index("01"), None);
        assert_eq!(index("-1"), None);
        assert_eq!(index("+1"), None);
        assert_eq!(index(""), None);
    }

    #[test]
    fn decimals_compare_by_value_labels_as_text() {
        let s = |t: &str| Value::String(t.to_owned());
        assert!(same_leaf(&s("0.50"), &s("0.5"), "price"));
        assert!(!same_leaf(&s("0.51"), &s("0.5"), "price"));
        assert!(!same_leaf(&s("1.0"), &s("1"), "label"));
        assert!(same_leaf(&Value::Null, &Value::Null, "up_to_gb"));
    }

    #[test]
    fn keys_are_ordered_mode_first() {
        let v: Value = serde_json::json!({"b": 1, "mode": "x", "a": 2});
        let Value::Object(m) = &v else { unreachable!() };
        let keys: Vec<&str> = ordered(m, "rent.0.billing")
            .iter()
            .map(|(k, _)| k.as_str())
            .collect();
        assert_eq!(keys, ["mode", "a", "b"]);
    }
}
