//! The share link: a scenario as `key=value` pairs of the values that differ from the default.
//!
//! Laws on bounded generators (a scenario survives the link, and the link is canonical), then
//! examples of every rule and every error.

use gpu_tco_core::share::{
    LINK_VERSION, MAX_LINK_PAIRS, fragment_to_value, from_fragment, to_fragment, value_to_fragment,
};
use gpu_tco_core::{
    Billing, Currency, DEFAULT_JSON, Days, Error, Financing, Hybrid, LoadGpus, MAX_INPUT_BYTES,
    PriceUnit, RentOption, Scenario, ServiceBilling, Window,
};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::{Value, json};

use crate::util::{banded_tiers, config, no_extras};

// --- generators -------------------------------------------------------------------------------
//
// Scenarios are the default with a few edits, as a link carries them: changed values, lists made
// longer or shorter, billing and financing modes switched, labels in any script. Every edit stays
// valid, because reading a link validates the scenario.

/// `lo..=hi` in steps of `10^-scale` (the built-in `Decimal` strategy is unbounded).
fn dec(lo: i64, hi: i64, scale: u32) -> impl Strategy<Value = Decimal> {
    (lo..=hi).prop_map(move |n| Decimal::new(n, scale))
}

fn label() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,80}",
        "(?s).{0,30}",
        "[ -~]{0,40}",
        Just("<img src=x onerror=alert(1)>".to_owned()),
        Just("a&b=c#d%e+f ?/".to_owned()),
        Just("null".to_owned()),
        Just("12.50".to_owned()),
        Just("=SUM(A1)".to_owned()),
    ]
}

fn window() -> impl Strategy<Value = Window> {
    (
        0u32..=23,
        0u32..=24,
        0u32..=1024,
        prop_oneof![Just(Days::WorkingDays), Just(Days::AllDays)],
    )
        .prop_map(|(start_hour, end_hour, gpus, days)| Window {
            start_hour,
            end_hour,
            gpus,
            days,
        })
}

fn price() -> impl Strategy<Value = Decimal> {
    // Scale 4 makes `63.2960` (the default's value with another scale) and `50.5000` likely.
    prop_oneof![dec(0, 10_000_000_000, 4), Just(dec!(63.2960))]
}

fn overhead() -> impl Strategy<Value = Decimal> {
    prop_oneof![dec(0, 2400, 2), Just(dec!(0.250))]
}

fn billing() -> impl Strategy<Value = Billing> {
    let term = prop_oneof![Just(1u32), Just(3u32)];
    prop_oneof![
        Just(Billing::AlwaysOn),
        Just(Billing::Reserved),
        overhead().prop_map(|start_overhead_hours| Billing::StartStop {
            start_overhead_hours
        }),
        (
            term.clone(),
            dec(5, 100, 2),
            prop::option::of(0u32..=1024),
            overhead()
        )
            .prop_map(|(term_years, price_ratio, commitment_instances, h)| {
                Billing::SavingsPlan {
                    term_years,
                    price_ratio,
                    commitment_instances,
                    start_overhead_hours: h,
                }
            }),
        (term, dec(5, 100, 2)).prop_map(|(term_years, price_ratio)| Billing::ReservedSavingsPlan {
            term_years,
            price_ratio
        }),
        (
            price(),
            dec(0, 100, 0),
            prop_oneof![
                Just(ServiceBilling::AlwaysOn),
                overhead().prop_map(|start_overhead_hours| ServiceBilling::StartStop {
                    start_overhead_hours
                })
            ]
        )
            .prop_map(|(spot_price, rework_percent, service)| Billing::SpotBatch {
                spot_price,
                rework_percent,
                service
            }),
        (1u32..=14, 1u32..=26, price()).prop_map(|(block_days, n, block_price)| {
            Billing::CapacityBlock {
                block_days,
                blocks_per_year: n,
                block_price,
            }
        }),
        (dec(0, 100_000, 1), 0u32..=60).prop_map(
            |(setup_fee_per_instance, minimum_term_months)| {
                Billing::Monthly {
                    setup_fee_per_instance,
                    minimum_term_months,
                }
            }
        ),
    ]
}

fn rent_option() -> impl Strategy<Value = RentOption> {
    (
        label(),
        prop_oneof![Just(Currency::Eur), Just(Currency::Usd)],
        1u32..=64,
        price(),
        prop_oneof![
            Just(PriceUnit::GpuHour),
            Just(PriceUnit::InstanceHour),
            Just(PriceUnit::InstanceMonth)
        ],
        billing(),
        prop::option::of(banded_tiers(6)),
        prop::option::of(load_gpus()),
    )
        .prop_map(
            |(label, currency, gpus_per_instance, price, price_unit, billing, tiers, load_gpus)| {
                let mut extras = Scenario::default().rent[0].extras.clone();
                if let Some(tiers) = tiers {
                    extras = no_extras();
                    extras.egress_tiers = tiers;
                }
                RentOption {
                    label,
                    currency,
                    gpus_per_instance,
                    price,
                    price_unit,
                    billing,
                    extras,
                    load_gpus,
                }
            },
        )
}

/// A bounded [`LoadGpus`], often the identity (which a link still writes).
fn load_gpus() -> impl Strategy<Value = LoadGpus> {
    prop_oneof![
        (1u32..=1024, 1u32..=1024).prop_map(|(gpus, per)| LoadGpus { gpus, per }),
        (1u32..=16).prop_map(|g| LoadGpus { gpus: g, per: g }),
    ]
}

/// One valid change to a scenario.
#[derive(Debug, Clone)]
enum Edit {
    WorkingDays(Decimal),
    Service(Window),
    Batch(Vec<Window>),
    /// Make the rent list this long, new entries being the given option.
    RentLen(usize, RentOption),
    /// Replace rent option `i % len`.
    Rent(usize, RentOption),
    RentLabel(usize, String),
    RentPrice(usize, Decimal),
    RentBilling(usize, Billing),
    OwnLabel(String),
    OwnGpusPerServer(u32),
    OwnPrice(Decimal),
    PowerIncluded(bool),
    Pue(Decimal),
    Life(u32),
    Financing(Financing),
    Horizon(Option<u32>),
    Discount(Decimal),
    Display(Currency),
    Hybrid(Option<(u32, usize)>),
    OwnLoadGpus(Option<LoadGpus>),
    RentLoadGpus(usize, Option<LoadGpus>),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        dec(0, 304_167, 4).prop_map(Edit::WorkingDays),
        window().prop_map(Edit::Service),
        prop::collection::vec(window(), 0..=8).prop_map(Edit::Batch),
        (0usize..=8, rent_option()).prop_map(|(n, o)| Edit::RentLen(n, o)),
        (0usize..8, rent_option()).prop_map(|(i, o)| Edit::Rent(i, o)),
        (0usize..8, label()).prop_map(|(i, l)| Edit::RentLabel(i, l)),
        (0usize..8, price()).prop_map(|(i, p)| Edit::RentPrice(i, p)),
        (0usize..8, billing()).prop_map(|(i, b)| Edit::RentBilling(i, b)),
        label().prop_map(Edit::OwnLabel),
        (1u32..=16).prop_map(Edit::OwnGpusPerServer),
        dec(0, 10_000_000_000, 1).prop_map(Edit::OwnPrice),
        any::<bool>().prop_map(Edit::PowerIncluded),
        prop_oneof![dec(100, 300, 2), Just(dec!(1.30))].prop_map(Edit::Pue),
        (1u32..=10).prop_map(Edit::Life),
        prop_oneof![
            Just(Financing::Cash),
            (dec(0, 300, 1), 1u32..=120).prop_map(|(annual_interest_percent, term_months)| {
                Financing::Loan {
                    annual_interest_percent,
                    term_months,
                }
            })
        ]
        .prop_map(Edit::Financing),
        prop::option::of(1u32..=120).prop_map(Edit::Horizon),
        dec(0, 300, 1).prop_map(Edit::Discount),
        prop_oneof![Just(Currency::Eur), Just(Currency::Usd)].prop_map(Edit::Display),
        prop::option::of((0u32..=1024, 0usize..8)).prop_map(Edit::Hybrid),
        prop::option::of(load_gpus()).prop_map(Edit::OwnLoadGpus),
        (0usize..8, prop::option::of(load_gpus())).prop_map(|(i, g)| Edit::RentLoadGpus(i, g)),
    ]
}

fn apply(s: &mut Scenario, e: Edit) {
    let n = s.rent.len().max(1);
    match e {
        Edit::WorkingDays(d) => s.calendar.working_days = d,
        Edit::Service(w) => s.calendar.service = w,
        Edit::Batch(b) => s.calendar.batch = b,
        Edit::RentLen(len, o) => s.rent.resize(len, o),
        Edit::Rent(i, o) => {
            if let Some(r) = s.rent.get_mut(i % n) {
                *r = o;
            }
        }
        Edit::RentLabel(i, l) => {
            if let Some(r) = s.rent.get_mut(i % n) {
                r.label = l;
            }
        }
        Edit::RentPrice(i, p) => {
            if let Some(r) = s.rent.get_mut(i % n) {
                r.price = p;
            }
        }
        Edit::RentBilling(i, b) => {
            if let Some(r) = s.rent.get_mut(i % n) {
                r.billing = b;
            }
        }
        Edit::OwnLabel(l) => s.own.label = l,
        Edit::OwnGpusPerServer(g) => s.own.gpus_per_server = g,
        Edit::OwnPrice(p) => s.own.price_per_server = p,
        Edit::PowerIncluded(b) => s.own.energy.included_in_colocation = b,
        Edit::Pue(p) => s.own.energy.pue = p,
        Edit::Life(y) => s.own.service_life_years = y,
        Edit::Financing(f) => s.own.financing = f,
        Edit::Horizon(h) => s.finance.horizon_months = h,
        Edit::Discount(d) => s.finance.discount_rate_percent = d,
        Edit::Display(c) => s.finance.display_currency = c,
        Edit::Hybrid(h) => {
            s.hybrid = h.map(|(own_gpus, i)| Hybrid {
                own_gpus,
                rent: i % n,
            })
        }
        Edit::OwnLoadGpus(g) => s.own.load_gpus = g,
        Edit::RentLoadGpus(i, g) => {
            if let Some(r) = s.rent.get_mut(i % n) {
                r.load_gpus = g;
            }
        }
    }
}

/// A valid scenario: the default with up to eight edits.
fn scenario() -> impl Strategy<Value = Scenario> {
    prop::collection::vec(edit(), 0..=8).prop_map(|edits| {
        let mut s = Scenario::default();
        for e in edits {
            apply(&mut s, e);
        }
        // A later edit may have removed the hybrid's rent option.
        if s.hybrid.is_some_and(|h| h.rent >= s.rent.len()) {
            s.hybrid = None;
        }
        s
    })
}

fn only_link_characters(fragment: &str) -> bool {
    fragment
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~%=&".contains(&b))
}

// --- laws -------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn scenario_survives_the_link(s in scenario()) {
        prop_assert!(s.validate().is_ok(), "generator made an invalid scenario: {:?}", s.validate());
        let fragment = to_fragment(&s);
        prop_assert!(fragment.starts_with("v=2"));
        prop_assert!(only_link_characters(&fragment), "{}", fragment);
        let back = from_fragment(&fragment);
        prop_assert!(back.is_ok(), "{}: {:?}", fragment, back.err());
        let back = back.unwrap();
        prop_assert_eq!(&back, &s);
        // The link is canonical: the scenario read from it gives the same link.
        prop_assert_eq!(to_fragment(&back), fragment.clone());
        // With a leading `#`, as `location.hash` gives it.
        prop_assert_eq!(&from_fragment(&format!("#{fragment}")).unwrap(), &s);
    }

    #[test]
    fn scenario_survives_json(s in scenario()) {
        prop_assert_eq!(&Scenario::from_json(&s.to_json()).unwrap(), &s);
    }

    #[test]
    fn the_page_value_gives_the_same_link(s in scenario()) {
        // The page keeps its draft as a JSON value.
        let v: Value = serde_json::from_str(&s.to_json()).unwrap();
        prop_assert_eq!(value_to_fragment(&v), to_fragment(&s));
    }

    #[test]
    fn no_text_panics(text in prop_oneof![
        "\\PC{0,60}",
        "[v=2&.a-z0-9%]{0,60}",
        "v=2&[a-z_.0-9]{1,40}=[a-z0-9%.+-]{0,10}",
    ]) {
        let _ = fragment_to_value(&text);
        let _ = from_fragment(&text);
    }

    #[test]
    fn no_mutated_link_panics(s in scenario(), at in any::<prop::sample::Index>(), byte in prop_oneof![
        Just(b'&'), Just(b'='), Just(b'.'), Just(b'%'), Just(b'0'), Just(b'9'), Just(b'x'),
    ]) {
        let mut bytes = to_fragment(&s).into_bytes();
        let i = at.index(bytes.len());
        bytes[i] = byte;
        let text = String::from_utf8(bytes).unwrap();
        let _ = from_fragment(&text);
    }
}

// --- examples ---------------------------------------------------------------------------------

fn malformed(text: &str) -> (String, String) {
    match fragment_to_value(text) {
        Err(Error::Malformed { path, problem }) => (path, problem.to_string()),
        other => panic!("{text}: expected Malformed, got {other:?}"),
    }
}

#[test]
fn the_default_is_just_the_version() {
    assert_eq!(to_fragment(&Scenario::default()), "v=2");
    let page: Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    assert_eq!(value_to_fragment(&page), "v=2");
    assert_eq!(from_fragment("v=2").unwrap(), Scenario::default());
    assert_eq!(from_fragment("#v=2").unwrap(), Scenario::default());
    assert_eq!(fragment_to_value("v=2").unwrap(), page);
}

#[test]
fn one_changed_value_is_one_pair() {
    let mut s = Scenario::default();
    s.calendar.working_days = dec!(20);
    assert_eq!(to_fragment(&s), "v=2&calendar.working_days=20");
    assert_eq!(from_fragment("v=2&calendar.working_days=20").unwrap(), s);

    let mut v: Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    v["rent"][0]["price"] = json!("50.5");
    assert_eq!(value_to_fragment(&v), "v=2&rent.0.price=50.5");
    assert_eq!(fragment_to_value("v=2&rent.0.price=50.5").unwrap(), v);
}

#[test]
fn pairs_come_in_a_fixed_order() {
    let mut s = Scenario::default();
    s.finance.horizon_months = Some(36);
    s.own.energy.pue = dec!(1.2);
    s.calendar.service.gpus = 4;
    s.rent[3].price = dec!(60);
    assert_eq!(
        to_fragment(&s),
        "v=2&calendar.service.gpus=4&finance.horizon_months=36&own.energy.pue=1.2&rent.3.price=60"
    );
    // Any order reads the same.
    assert_eq!(
        from_fragment("rent.3.price=60&own.energy.pue=1.2&v=2&finance.horizon_months=36&calendar.service.gpus=4")
            .unwrap(),
        s
    );
}

#[test]
fn decimals_compare_by_value() {
    let mut s = Scenario::default();
    s.calendar.working_days = dec!(21.00);
    s.own.energy.pue = dec!(1.30);
    assert_eq!(to_fragment(&s), "v=2");
    assert_eq!(
        from_fragment("v=2&calendar.working_days=21.00").unwrap(),
        Scenario::default()
    );
    // A changed decimal keeps its digits as written.
    let v = fragment_to_value("v=2&rent.0.price=50.50").unwrap();
    assert_eq!(v["rent"][0]["price"], json!("50.50"));
}

#[test]
fn a_removed_rent_option_is_a_shorter_list() {
    let mut s = Scenario::default();
    s.rent.pop();
    assert_eq!(to_fragment(&s), "v=2&rent.length=5");
    assert_eq!(from_fragment("v=2&rent.length=5").unwrap(), s);

    // Removing one in the middle shifts the rest: each compares with the default at its index.
    let mut s = Scenario::default();
    s.rent.remove(1);
    let f = to_fragment(&s);
    assert!(
        f.starts_with("v=2&rent.length=5&rent.1.billing.mode=savings_plan&"),
        "{f}"
    );
    assert!(
        f.contains("&rent.1.label=AWS%20p5en%203-year%20Savings%20Plan"),
        "{f}"
    );
    assert_eq!(from_fragment(&f).unwrap(), s);

    let mut s = Scenario::default();
    s.rent.clear();
    assert_eq!(to_fragment(&s), "v=2&rent.length=0");
    assert_eq!(from_fragment("v=2&rent.length=0").unwrap(), s);
}

#[test]
fn added_entries_compare_with_a_copy_of_the_last() {
    let mut s = Scenario::default();
    let mut extra = s.rent[5].clone();
    extra.price = dec!(40);
    s.rent.push(extra);
    assert_eq!(to_fragment(&s), "v=2&rent.length=7&rent.6.price=40");
    assert_eq!(
        from_fragment("v=2&rent.length=7&rent.6.price=40").unwrap(),
        s
    );

    let mut s = Scenario::default();
    s.calendar.batch.push(Window {
        start_hour: 22,
        end_hour: 23,
        gpus: 8,
        days: Days::WorkingDays,
    });
    s.calendar.batch.push(s.calendar.batch[0].clone());
    assert_eq!(
        to_fragment(&s),
        "v=2&calendar.batch.length=3&calendar.batch.1.end_hour=23&calendar.batch.1.start_hour=22"
    );
    assert_eq!(from_fragment(&to_fragment(&s)).unwrap(), s);

    let mut s = Scenario::default();
    s.calendar.batch.clear();
    s.rent[0].extras.egress_tiers.truncate(1);
    assert_eq!(
        to_fragment(&s),
        "v=2&calendar.batch.length=0&rent.0.extras.egress_tiers.length=1"
    );
    assert_eq!(from_fragment(&to_fragment(&s)).unwrap(), s);
}

#[test]
fn the_length_comes_before_the_entries_wherever_it_stands() {
    // The writer puts a list's `length` before its entries; the reader applies lengths first,
    // wherever they stand.
    let s =
        from_fragment("v=2&rent.7.label=eighth&rent.length=8&rent.7.extras.egress_tiers.length=2")
            .unwrap();
    assert_eq!(s.rent.len(), 8);
    assert_eq!(s.rent[7].label, "eighth");
    assert_eq!(s.rent[7].extras.egress_tiers.len(), 2);
    assert_eq!(s.rent[6], Scenario::default().rent[5]);
}

#[test]
fn billing_switched_to_always_on_and_back() {
    let mut s = Scenario::default();
    s.rent[1].billing = Billing::AlwaysOn;
    assert_eq!(to_fragment(&s), "v=2&rent.1.billing.mode=always_on");
    let v = fragment_to_value("v=2&rent.1.billing.mode=always_on").unwrap();
    assert_eq!(v["rent"][1]["billing"], json!({"mode": "always_on"}));
    assert_eq!(
        from_fragment("v=2&rent.1.billing.mode=always_on").unwrap(),
        s
    );

    // Back to start/stop: the mode and all of its values, even the one equal to the default's.
    let mut s = Scenario::default();
    s.rent[0].billing = Billing::StartStop {
        start_overhead_hours: dec!(0.25),
    };
    let f = to_fragment(&s);
    assert_eq!(
        f,
        "v=2&rent.0.billing.mode=start_stop&rent.0.billing.start_overhead_hours=0.25"
    );
    assert_eq!(from_fragment(&f).unwrap(), s);

    // A field that does not belong to the mode is caught when the scenario is read.
    let text = "v=2&rent.1.billing.mode=always_on&rent.1.billing.start_overhead_hours=0.5";
    assert!(fragment_to_value(text).is_ok());
    let e = from_fragment(text).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert!(e.path().starts_with("rent.1.billing"), "{e:?}");

    // The same mode as the default keeps the default's other values.
    let s = from_fragment("v=2&rent.1.billing.mode=start_stop").unwrap();
    assert_eq!(s, Scenario::default());
}

#[test]
fn nested_modes_and_financing() {
    let mut s = Scenario::default();
    s.rent[2].billing = Billing::SpotBatch {
        spot_price: dec!(20.5),
        rework_percent: dec!(10),
        service: ServiceBilling::StartStop {
            start_overhead_hours: dec!(0.5),
        },
    };
    s.own.financing = Financing::Loan {
        annual_interest_percent: dec!(4.5),
        term_months: 60,
    };
    let f = to_fragment(&s);
    assert_eq!(
        f,
        "v=2&own.financing.mode=loan&own.financing.annual_interest_percent=4.5\
         &own.financing.term_months=60&rent.2.billing.mode=spot_batch\
         &rent.2.billing.rework_percent=10&rent.2.billing.service.mode=start_stop\
         &rent.2.billing.service.start_overhead_hours=0.5&rent.2.billing.spot_price=20.5"
    );
    assert_eq!(from_fragment(&f).unwrap(), s);

    let mut s = Scenario::default();
    s.rent[2].billing = Billing::SavingsPlan {
        term_years: 1,
        price_ratio: dec!(0.6),
        commitment_instances: Some(1),
        start_overhead_hours: dec!(0.25),
    };
    assert_eq!(
        to_fragment(&s),
        "v=2&rent.2.billing.commitment_instances=1&rent.2.billing.price_ratio=0.6\
         &rent.2.billing.term_years=1"
    );
    assert_eq!(from_fragment(&to_fragment(&s)).unwrap(), s);
}

#[test]
fn types_follow_the_field() {
    let v = fragment_to_value(
        "v=2&finance.horizon_months=24&own.energy.included_in_colocation=true\
         &rent.0.extras.egress_tiers.4.up_to_gb=200000&rent.1.extras.egress_tiers.0.up_to_gb=null\
         &rent.2.billing.commitment_instances=3&own.label=null&own.currency=USD",
    )
    .unwrap();
    assert_eq!(v["finance"]["horizon_months"], json!(24));
    assert_eq!(v["own"]["energy"]["included_in_colocation"], json!(true));
    assert_eq!(
        v["rent"][0]["extras"]["egress_tiers"][4]["up_to_gb"],
        json!("200000")
    );
    assert_eq!(
        v["rent"][1]["extras"]["egress_tiers"][0]["up_to_gb"],
        Value::Null
    );
    assert_eq!(v["rent"][2]["billing"]["commitment_instances"], json!(3));
    assert_eq!(v["own"]["label"], json!("null"));
    assert_eq!(v["own"]["currency"], json!("USD"));

    let mut s = Scenario::default();
    s.finance.horizon_months = Some(24);
    assert_eq!(to_fragment(&s), "v=2&finance.horizon_months=24");
    s.finance.horizon_months = None;
    s.rent[2].billing = Billing::SavingsPlan {
        term_years: 3,
        price_ratio: dec!(0.43),
        commitment_instances: Some(0),
        start_overhead_hours: dec!(0.25),
    };
    assert_eq!(to_fragment(&s), "v=2&rent.2.billing.commitment_instances=0");
    let mut back = from_fragment("v=2&rent.2.billing.commitment_instances=0").unwrap();
    assert_eq!(back, s);
    back.rent[2].billing = Scenario::default().rent[2].billing.clone();
    assert_eq!(back, Scenario::default());
}

#[test]
fn labels_are_text_in_any_script() {
    let labels = [
        "GPU cloud & co = 50 % off #1",
        "Grüße aus Köln – 8× H200 (€)",
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "a+b c",
        "日本語のラベル",
        "two\nlines\t\"quoted\"",
        "",
    ];
    for label in labels {
        let mut s = Scenario::default();
        s.rent[0].label = label.to_owned();
        s.own.label = label.to_owned();
        let f = to_fragment(&s);
        assert!(only_link_characters(&f), "{f}");
        assert_eq!(from_fragment(&f).unwrap(), s, "{label:?}");
    }
    let mut s = Scenario::default();
    s.own.label = "A & B = C".to_owned();
    assert_eq!(to_fragment(&s), "v=2&own.label=A%20%26%20B%20%3D%20C");
    // `+` is a plus sign; raw UTF-8 (as a browser may show it) reads too.
    assert_eq!(from_fragment("v=2&own.label=a+b").unwrap().own.label, "a+b");
    assert_eq!(
        from_fragment("v=2&own.label=Grüße").unwrap().own.label,
        "Grüße"
    );
    assert_eq!(
        from_fragment("v=2&own.label=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
            .unwrap()
            .own
            .label,
        "<img src=x onerror=alert(1)>"
    );
    // A raw `=` inside a value is part of the value.
    assert_eq!(from_fragment("v=2&own.label=a=b").unwrap().own.label, "a=b");
}

#[test]
fn empty_pairs_are_ignored() {
    assert_eq!(
        from_fragment("v=2&&calendar.working_days=20&").unwrap(),
        from_fragment("v=2&calendar.working_days=20").unwrap()
    );
}

#[test]
fn the_read_scenario_is_validated() {
    assert!(fragment_to_value("v=2&calendar.working_days=31").is_ok());
    let e = from_fragment("v=2&calendar.working_days=31").unwrap_err();
    assert!(matches!(e, Error::OutOfRange { .. }), "{e:?}");
    assert_eq!(e.path(), "calendar.working_days");

    // A choice that does not exist is the scenario reader's to name.
    assert!(fragment_to_value("v=2&own.currency=CHF").is_ok());
    let e = from_fragment("v=2&own.currency=CHF").unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert_eq!(e.path(), "own.currency");

    let e = from_fragment("v=2&rent.0.billing.mode=hourly").unwrap_err();
    assert!(e.path().starts_with("rent.0.billing"), "{e:?}");
}

#[test]
fn too_long_is_refused() {
    let text = format!("v=2&own.label={}", "a".repeat(MAX_INPUT_BYTES));
    assert_eq!(
        fragment_to_value(&text).unwrap_err(),
        Error::TooLong {
            path: String::new(),
            len: text.len(),
            max: MAX_INPUT_BYTES
        }
    );
}

#[test]
fn too_many_pairs_are_refused() {
    let text = format!("v=2{}", "&x=1".repeat(MAX_LINK_PAIRS));
    assert_eq!(
        fragment_to_value(&text).unwrap_err(),
        Error::TooMany {
            path: String::new(),
            count: MAX_LINK_PAIRS + 1,
            max: MAX_LINK_PAIRS
        }
    );
    // Exactly the limit is read (and then fails on its first unknown key).
    let text: String = std::iter::once("v=2".to_owned())
        .chain((1..MAX_LINK_PAIRS).map(|i| format!("x{i}=1")))
        .collect::<Vec<_>>()
        .join("&");
    assert_eq!(malformed(&text), ("x1".into(), "unknown key".into()));
}

#[test]
fn a_list_longer_than_the_model_allows_is_refused() {
    assert_eq!(
        fragment_to_value("v=2&rent.length=9").unwrap_err(),
        Error::TooMany {
            path: "rent".into(),
            count: 9,
            max: 8
        }
    );
    assert_eq!(
        fragment_to_value("v=2&rent.0.extras.egress_tiers.length=11").unwrap_err(),
        Error::TooMany {
            path: "rent.0.extras.egress_tiers".into(),
            count: 11,
            max: 10
        }
    );
    assert_eq!(
        fragment_to_value("v=2&calendar.batch.length=100000000000").unwrap_err(),
        Error::TooMany {
            path: "calendar.batch".into(),
            count: 100_000_000_000,
            max: 8
        }
    );
    assert_eq!(
        malformed("v=2&rent.length=99999999999999999999999").0,
        "rent.length"
    );
    assert_eq!(malformed("v=2&rent.length=-1").0, "rent.length");
}

#[test]
fn a_version_1_link_keeps_the_price_change_it_was_written_with() {
    // Version 1 links were written while every rent option's yearly price change defaulted to
    // 0 %: one that leaves it out still means 0 %, on its added options too, and says so when
    // written again; one that set it keeps its value.
    let old = from_fragment("#v=1&calendar.working_days=20&rent.length=7").unwrap();
    assert_eq!(old.calendar.working_days.to_string(), "20");
    assert_eq!(old.rent.len(), 7);
    assert!(
        old.rent
            .iter()
            .all(|o| o.extras.yearly_price_change_percent.is_zero())
    );
    assert!(to_fragment(&old).starts_with(
        "v=2&calendar.working_days=20&rent.length=7&rent.0.extras.yearly_price_change_percent=0&"
    ));
    assert_eq!(from_fragment(&to_fragment(&old)).unwrap(), old);
    let set = from_fragment("#v=1&rent.2.extras.yearly_price_change_percent=-5").unwrap();
    assert_eq!(set.rent[2].extras.yearly_price_change_percent, dec!(-5));
    assert!(set.rent[1].extras.yearly_price_change_percent.is_zero());
    // Today's links start from today's default: −12.5 % a year, the middle of −25 % to 0 %.
    let new = from_fragment("#v=2&calendar.working_days=20").unwrap();
    assert!(
        new.rent
            .iter()
            .all(|o| o.extras.yearly_price_change_percent == dec!(-12.5))
    );
    assert_eq!(from_fragment("#v=2").unwrap(), Scenario::default());
    // The link says which version it was, so that a page can say why its figures differ.
    let link = gpu_tco_core::share::fragment_to_link("v=1").unwrap();
    assert_eq!(link.version, 1);
    assert_eq!(
        gpu_tco_core::share::fragment_to_link("v=2")
            .unwrap()
            .version,
        LINK_VERSION
    );
}

#[test]
fn the_version_is_checked_first() {
    assert_eq!(malformed("calendar.working_days=20").0, "v");
    assert_eq!(malformed("").0, "v");
    assert_eq!(malformed("#").0, "v");
    assert_eq!(malformed("v").0, "v");
    assert_eq!(malformed("v=abc").0, "v");
    assert_eq!(malformed("v=-1").0, "v");
    let unsupported = Error::UnsupportedVersion {
        found: 3,
        supported: LINK_VERSION,
    };
    assert_eq!(fragment_to_value("v=3").unwrap_err(), unsupported);
    // A later version's keys are not judged by this build.
    assert_eq!(
        fragment_to_value("future.key=%ZZ&v=3").unwrap_err(),
        unsupported
    );
    assert_eq!(from_fragment("#v=3").unwrap_err().path(), "version");
    assert_eq!(fragment_to_value("v=3&garbage").unwrap_err(), unsupported);
    assert_eq!(
        fragment_to_value("v=0").unwrap_err(),
        Error::UnsupportedVersion {
            found: 0,
            supported: LINK_VERSION,
        }
    );
    // Something that is no share link at all is named.
    assert_eq!(
        malformed("garbage"),
        ("garbage".into(), "missing `=`".into())
    );
    assert_eq!(
        malformed("section%202"),
        ("section 2".into(), "missing `=`".into())
    );
}

#[test]
fn unknown_keys_are_named() {
    for key in [
        "colour",
        "calendar.colour",
        "rent.6.price",
        "rent.01.price",
        "rent.x.price",
        "rent.0.price.x",
        "rent.0",
        "rent.0.billing",
        "rent.0.extras.egress_tiers.5.price_per_gb",
        "calendar.service.mode",
        "own.energy.mode",
        "mode",
        "length",
        "rent.0.length",
        "own.length",
        "calendar.working_days.length",
        "rent.0.billing.colour",
        "own.financing.colour",
        "rent.0.billing.service.colour",
    ] {
        assert_eq!(
            malformed(&format!("v=2&{key}=1")),
            (key.to_owned(), "unknown key".to_owned()),
            "{key}"
        );
    }
    // An index past the end after the list was cut.
    assert_eq!(
        malformed("v=2&calendar.batch.length=0&calendar.batch.0.gpus=4"),
        ("calendar.batch.0.gpus".into(), "unknown key".into())
    );
    // The JSON's version is not a key: the link's is `v`.
    assert_eq!(malformed("v=2&version=1").0, "version");
}

#[test]
fn keys_under_a_mode_are_left_to_the_scenario_reader() {
    // `term_years` is no field of start/stop billing, but of other modes: the reader decides.
    let v = fragment_to_value("v=2&rent.1.billing.term_years=3").unwrap();
    assert_eq!(v["rent"][1]["billing"]["term_years"], json!(3));
    let e = from_fragment("v=2&rent.1.billing.term_years=3").unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert!(e.path().starts_with("rent.1.billing"), "{e:?}");
}

#[test]
fn bad_pairs_name_their_key() {
    assert_eq!(
        malformed("v=2&calendar.working_days"),
        ("calendar.working_days".into(), "missing `=`".into())
    );
    assert_eq!(malformed("v=2&=5"), (String::new(), "empty key".into()));
    assert_eq!(
        malformed("v=2&own.energy.pue=1.2&own.energy.pue=1.3"),
        ("own.energy.pue".into(), "duplicate key".into())
    );
    assert_eq!(malformed("v=2&v=2"), ("v".into(), "duplicate key".into()));
    // An escaped key is the same key.
    assert_eq!(
        malformed("v=2&own.label=a&own%2Elabel=b"),
        ("own.label".into(), "duplicate key".into())
    );
}

#[test]
fn wrong_types_name_their_key() {
    for (pair, key) in [
        ("calendar.service.gpus=abc", "calendar.service.gpus"),
        ("calendar.service.gpus=-1", "calendar.service.gpus"),
        ("calendar.service.gpus=1.5", "calendar.service.gpus"),
        ("calendar.service.gpus=null", "calendar.service.gpus"),
        ("calendar.service.gpus=", "calendar.service.gpus"),
        ("calendar.service.gpus=%2B8", "calendar.service.gpus"),
        ("finance.horizon_months=never", "finance.horizon_months"),
        (
            "own.energy.included_in_colocation=yes",
            "own.energy.included_in_colocation",
        ),
        (
            "own.service_life_years=99999999999999999999",
            "own.service_life_years",
        ),
        ("rent.0.price=lots", "rent.0.price"),
        ("rent.0.price=", "rent.0.price"),
        ("rent.0.price=1,5", "rent.0.price"),
        ("own.energy.pue=null", "own.energy.pue"),
        (
            "rent.0.extras.egress_tiers.0.up_to_gb=open",
            "rent.0.extras.egress_tiers.0.up_to_gb",
        ),
        // A field that only some modes have is typed too.
        (
            "rent.1.billing.mode=spot_batch&rent.1.billing.spot_price=cheap",
            "rent.1.billing.spot_price",
        ),
    ] {
        let (path, message) = malformed(&format!("v=2&{pair}"));
        assert_eq!(path, key, "{pair}");
        assert!(message.starts_with("expected "), "{pair}: {message}");
    }
    // Decimals are read as the scenario reader reads them, and kept as written.
    let v = fragment_to_value("v=2&rent.0.price=-5&rent.1.price=1e2&rent.2.price=0.50").unwrap();
    assert_eq!(v["rent"][0]["price"], json!("-5"));
    assert_eq!(v["rent"][1]["price"], json!("1e2"));
    assert_eq!(v["rent"][2]["price"], json!("0.50"));
    assert_eq!(
        from_fragment("v=2&rent.1.price=1e2").unwrap().rent[1].price,
        dec!(100)
    );
    // In range for the link, out of range for the model: the reader says so.
    let e = from_fragment("v=2&calendar.service.gpus=99999999999").unwrap_err();
    assert_eq!(e.path(), "calendar.service.gpus");
}

#[test]
fn bad_escapes_name_their_key() {
    assert_eq!(malformed("v=2&own.label=%ZZ").0, "own.label");
    assert_eq!(malformed("v=2&own.label=50%").0, "own.label");
    let (path, message) = malformed("v=2&own.label=%FF%FE");
    assert_eq!(path, "own.label");
    assert!(message.contains("UTF-8"), "{message}");
    // A key that cannot be decoded is named as written.
    assert_eq!(malformed("v=2&own.%ZZ=1").0, "own.%ZZ");
}

#[test]
fn a_default_preset_option_round_trips() {
    // A rent option of another unit and currency, with its own tiers.
    let mut s = Scenario::default();
    s.rent[3] = RentOption {
        label: "Bare metal, monthly".to_owned(),
        currency: Currency::Eur,
        gpus_per_instance: 8,
        price: dec!(14990),
        price_unit: PriceUnit::InstanceMonth,
        billing: Billing::Monthly {
            setup_fee_per_instance: dec!(0),
            minimum_term_months: 12,
        },
        extras: no_extras(),
        load_gpus: None,
    };
    let f = to_fragment(&s);
    assert!(f.contains("&rent.3.extras.egress_tiers.length=0&"), "{f}");
    assert_eq!(from_fragment(&f).unwrap(), s);
}

#[test]
fn peaks_travel_in_the_link() {
    use gpu_tco_core::share::{from_fragment, to_fragment};
    use gpu_tco_core::{Days, Peak};
    let mut s = gpu_tco_core::Scenario::default();
    s.calendar.peaks.push(Peak {
        start_hour: 8,
        end_hour: 20,
        gpus: 16,
        days: Days::AllDays,
        days_of_month: 2,
        months: vec![3, 12],
    });
    let link = to_fragment(&s);
    assert!(link.contains("calendar.peaks.length=1"), "{link}");
    assert!(link.contains("calendar.peaks.0.months.1=12"), "{link}");
    assert_eq!(from_fragment(&link).unwrap(), s);
    // A link with no peaks leaves them out, as the default JSON does.
    assert_eq!(to_fragment(&gpu_tco_core::Scenario::default()), "v=2");
}

#[test]
fn a_chosen_hybrid_travels_whole() {
    let mut s = Scenario {
        hybrid: Some(Hybrid {
            own_gpus: 8,
            rent: 0,
        }),
        ..Scenario::default()
    };
    // Written whole, even where a value equals what a link that leaves it out reads (0).
    assert_eq!(to_fragment(&s), "v=2&hybrid.own_gpus=8&hybrid.rent=0");
    assert_eq!(
        from_fragment("#v=2&hybrid.own_gpus=8&hybrid.rent=0").unwrap(),
        s
    );
    s.hybrid = Some(Hybrid {
        own_gpus: 3,
        rent: 2,
    });
    let link = to_fragment(&s);
    assert_eq!(link, "v=2&hybrid.own_gpus=3&hybrid.rent=2");
    assert_eq!(from_fragment(&link).unwrap(), s);
    // In any order, and one of the two alone reads 0 for the other.
    assert_eq!(
        from_fragment("v=2&hybrid.rent=2&hybrid.own_gpus=3").unwrap(),
        s
    );
    assert_eq!(
        from_fragment("v=2&hybrid.own_gpus=5").unwrap().hybrid,
        Some(Hybrid {
            own_gpus: 5,
            rent: 0
        })
    );
    // No hybrid, no key; the page's draft may hold `"hybrid": null`, which writes nothing.
    assert_eq!(to_fragment(&Scenario::default()), "v=2");
    let mut v: Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    v["hybrid"] = Value::Null;
    assert_eq!(value_to_fragment(&v), "v=2");
    v["hybrid"] = json!({"own_gpus": 4, "rent": 1});
    assert_eq!(value_to_fragment(&v), "v=2&hybrid.own_gpus=4&hybrid.rent=1");
}

#[test]
fn a_hybrid_with_bad_values_is_refused() {
    for (link, key, message) in [
        (
            "v=2&hybrid.own_gpus=abc",
            "hybrid.own_gpus",
            "expected a whole number",
        ),
        (
            "v=2&hybrid.own_gpus=-1",
            "hybrid.own_gpus",
            "expected a whole number",
        ),
        (
            "v=2&hybrid.own_gpus=2.5",
            "hybrid.own_gpus",
            "expected a whole number",
        ),
        (
            "v=2&hybrid.rent=1.0",
            "hybrid.rent",
            "expected a whole number",
        ),
        (
            "v=2&hybrid.rent=null",
            "hybrid.rent",
            "expected a whole number",
        ),
        ("v=2&hybrid.share=1", "hybrid.share", "unknown key"),
        ("v=2&hybrid=1", "hybrid", "unknown key"),
        (
            "v=2&hybrid.own_gpus.x=1",
            "hybrid.own_gpus.x",
            "unknown key",
        ),
    ] {
        assert_eq!(
            malformed(link),
            (key.to_owned(), message.to_owned()),
            "{link}"
        );
    }
    // Past the limit or past the options: the scenario's validation says which.
    let e = from_fragment("v=2&hybrid.own_gpus=1025&hybrid.rent=0").unwrap_err();
    assert!(
        matches!(e, Error::OutOfRange { ref path, .. } if path == "hybrid.own_gpus"),
        "{e:?}"
    );
    let e = from_fragment("v=2&hybrid.own_gpus=8&hybrid.rent=6").unwrap_err();
    assert!(
        matches!(e, Error::OutOfRange { ref path, max, .. } if path == "hybrid.rent" && max == dec!(5)),
        "{e:?}"
    );
    let e = from_fragment("v=2&rent.length=1&hybrid.own_gpus=8&hybrid.rent=1").unwrap_err();
    assert_eq!(e.path(), "hybrid.rent");
}

// --- presets ----------------------------------------------------------------------------------

fn default_json() -> Value {
    serde_json::from_str(DEFAULT_JSON).unwrap()
}

fn ids(
    presets: &[(String, &'static gpu_tco_core::presets::Preset)],
) -> Vec<(String, &'static str)> {
    let mut v: Vec<_> = presets.iter().map(|(s, p)| (s.clone(), p.id)).collect();
    v.sort();
    v
}

#[test]
fn the_default_link_names_no_preset_and_reads_the_defaults() {
    let v = default_json();
    let presets = gpu_tco_core::share::default_link_presets(&v);
    assert_eq!(presets.len(), 7);
    assert_eq!(presets[0].1.id, gpu_tco_core::presets::DEFAULT_OWN);
    assert_eq!(gpu_tco_core::share::link_to_fragment(&v, &presets), "v=2");
    let link = gpu_tco_core::share::fragment_to_link("v=2").unwrap();
    assert_eq!(ids(&link.presets), ids(&presets));
}

#[test]
fn a_chosen_preset_survives_the_link() {
    let mut v = default_json();
    let mut presets = gpu_tco_core::share::default_link_presets(&v);
    // Rent option 1 becomes Nebius (values and name), own the NVL server whose
    // name the user then changed: both presets must come back, the renamed one included.
    let metal = gpu_tco_core::presets::preset("nebius-h200").unwrap();
    let nvl = gpu_tco_core::presets::preset("own-h200-nvl-8").unwrap();
    metal.apply(&mut v["rent"][1]).unwrap();
    nvl.apply(&mut v["own"]).unwrap();
    v["own"]["label"] = json!("our NVL box");
    presets.retain(|(s, _)| s != "rent.1" && s != "own");
    presets.push(("rent.1".into(), metal));
    presets.push(("own".into(), nvl));
    let fragment = gpu_tco_core::share::link_to_fragment(&v, &presets);
    assert!(
        fragment.contains(&format!("&preset.rent.1={}", metal.id))
            && fragment.contains("&preset.own=own-h200-nvl-8"),
        "{fragment}"
    );
    let link = gpu_tco_core::share::fragment_to_link(&fragment).unwrap();
    assert_eq!(ids(&link.presets), ids(&presets));
    assert_eq!(link.scenario, v);
    // The scenario reader takes the same link and ignores the presets.
    assert_eq!(fragment_to_value(&fragment).unwrap(), v);
}

#[test]
fn an_option_without_a_preset_says_none() {
    let v = default_json();
    let mut presets = gpu_tco_core::share::default_link_presets(&v);
    presets.retain(|(s, _)| s != "rent.2");
    let fragment = gpu_tco_core::share::link_to_fragment(&v, &presets);
    assert_eq!(fragment, "v=2&preset.rent.2=none");
    let link = gpu_tco_core::share::fragment_to_link(&fragment).unwrap();
    assert_eq!(ids(&link.presets), ids(&presets));
}

#[test]
fn a_removed_option_moves_its_neighbours_preset_along() {
    // Option 0 removed: option 1's values and preset are option 0's now. Its name differs from
    // the default option 0's, so without the key a reader would drop it.
    let mut v = default_json();
    let mut presets = gpu_tco_core::share::default_link_presets(&v);
    v["rent"].as_array_mut().unwrap().remove(0);
    presets.retain(|(s, _)| s != "rent.0");
    for (s, _) in presets.iter_mut() {
        if let Some(i) = s
            .strip_prefix("rent.")
            .and_then(|i| i.parse::<usize>().ok())
        {
            *s = format!("rent.{}", i - 1);
        }
    }
    let fragment = gpu_tco_core::share::link_to_fragment(&v, &presets);
    assert!(
        fragment.contains("&preset.rent.0=aws-p5en-start-stop"),
        "{fragment}"
    );
    let link = gpu_tco_core::share::fragment_to_link(&fragment).unwrap();
    assert_eq!(ids(&link.presets), ids(&presets));
}

#[test]
fn preset_keys_are_checked() {
    for bad in [
        "v=2&preset.rent.6=aws-p5en-on-demand",
        "v=2&preset.rent.01=none",
        "v=2&preset.x=none",
        "v=2&preset.own.label=none",
    ] {
        match gpu_tco_core::share::fragment_to_link(bad) {
            Err(Error::Malformed { path, .. }) => assert!(path.starts_with("preset."), "{bad}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    // An id this build does not know, or of the other side, is no preset.
    let link = gpu_tco_core::share::fragment_to_link(
        "v=2&preset.own=aws-p5en-on-demand&preset.rent.0=a-preset-from-the-future",
    )
    .unwrap();
    assert!(
        link.presets
            .iter()
            .all(|(s, _)| s != "own" && s != "rent.0"),
        "{:?}",
        ids(&link.presets)
    );
    // A German preset name is the preset's name too.
    let de = gpu_tco_core::presets::preset_label("8× H200 server, own", true).unwrap();
    let link =
        gpu_tco_core::share::fragment_to_link(&format!("v=2&own.label={}", de.replace(' ', "%20")))
            .unwrap();
    assert_eq!(link.presets[0].1.id, gpu_tco_core::presets::DEFAULT_OWN);
}
