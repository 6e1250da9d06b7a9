//! The scenario JSON: versioned, unknown fields rejected, decimals as strings, errors by path.

use gpu_tco_core::{Error, MAX_INPUT_BYTES, Scenario, VERSION, evaluate};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::{Value, json};

fn default_value() -> Value {
    serde_json::from_str(&Scenario::default().to_json()).unwrap()
}

fn read(v: &Value) -> Result<Scenario, Error> {
    Scenario::from_json(&v.to_string())
}

#[test]
fn default_scenario_round_trips() {
    let s = Scenario::default();
    let text = s.to_json();
    assert_eq!(Scenario::from_json(&text).unwrap(), s);
    // And through a value (the JS API's path).
    assert_eq!(Scenario::from_value(default_value()).unwrap(), s);
}

#[test]
fn decimals_are_written_as_strings() {
    let v = default_value();
    assert_eq!(v["version"], json!(1));
    assert_eq!(v["calendar"]["working_days"], json!("21"));
    assert_eq!(v["rent"][0]["price"], json!("63.296"));
    assert_eq!(v["rent"][2]["billing"]["price_ratio"], json!("0.43"));
    assert_eq!(v["own"]["energy"]["pue"], json!("1.3"));
    assert_eq!(v["finance"]["usd_per_eur"], json!("1.16"));
    assert_eq!(v["finance"]["horizon_months"], Value::Null);
    assert_eq!(v["rent"][1]["billing"]["mode"], json!("start_stop"));
    assert_eq!(v["own"]["financing"]["mode"], json!("cash"));
}

#[test]
fn decimals_keep_every_digit() {
    let mut v = default_value();
    v["rent"][0]["price"] = json!("63.2961234567890123456789");
    let s = read(&v).unwrap();
    assert_eq!(s.rent[0].price, dec!(63.2961234567890123456789));
    let back: Value = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(back["rent"][0]["price"], json!("63.2961234567890123456789"));
}

#[test]
fn report_decimals_are_strings_too() {
    let r = evaluate(&Scenario::default()).unwrap();
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["load"]["productive_hours"], json!("336"));
    assert_eq!(v["load"]["productive_share"], json!("0.4603"));
    assert_eq!(v["rent"][0]["billed_gpu_hours_per_month"], json!("5840"));
    assert_eq!(v["currency"], json!("EUR"));
    assert_eq!(
        v["rent"][0]["break_even_share"],
        json!({"kind": "own_cheaper_at_any_share", "share_cancels_out": true})
    );
}

#[test]
fn unknown_top_level_field_is_rejected() {
    let mut v = default_value();
    v["colour"] = json!("red");
    let e = read(&v).unwrap_err();
    let Error::Malformed { path, problem } = &e else {
        panic!("expected Malformed, got {e:?}");
    };
    let message = problem.to_string();
    assert!(message.contains("unknown field `colour`"), "{message}");
    assert_eq!(path, "colour");
}

#[test]
fn unknown_nested_field_names_its_path() {
    let mut v = default_value();
    v["calendar"]["service"]["colour"] = json!("red");
    let e = read(&v).unwrap_err();
    let Error::Malformed { path, problem } = &e else {
        panic!("expected Malformed, got {e:?}");
    };
    let message = problem.to_string();
    assert!(message.contains("unknown field `colour`"), "{message}");
    assert_eq!(path, "calendar.service.colour");

    let mut v = default_value();
    v["rent"][2]["extras"]["colour"] = json!(1);
    let e = read(&v).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert_eq!(e.path(), "rent.2.extras.colour");
}

#[test]
fn unknown_field_inside_a_tagged_enum_is_rejected() {
    let mut v = default_value();
    v["rent"][0]["billing"]["colour"] = json!(1);
    let e = read(&v).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert!(e.path().starts_with("rent.0.billing"), "{}", e.path());
    let mut v = default_value();
    v["rent"][0]["billing"] = json!({"mode": "hourly"});
    let e = read(&v).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert!(e.path().starts_with("rent.0.billing"), "{}", e.path());
}

#[test]
fn wrong_type_names_the_field() {
    let mut v = default_value();
    v["own"]["gpus_per_server"] = json!("eight");
    let e = read(&v).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert_eq!(e.path(), "own.gpus_per_server");
    let mut v = default_value();
    v["calendar"]["working_days"] = json!("twenty");
    assert_eq!(read(&v).unwrap_err().path(), "calendar.working_days");
}

#[test]
fn version_2_is_unsupported() {
    let mut v = default_value();
    v["version"] = json!(2);
    assert_eq!(
        read(&v).unwrap_err(),
        Error::UnsupportedVersion {
            found: 2,
            supported: VERSION
        }
    );
    // The version is checked before anything else: a version-2 file with fields this build
    // does not know still says "version".
    let e = Scenario::from_json(r#"{"version": 2, "future": true}"#).unwrap_err();
    assert_eq!(
        e,
        Error::UnsupportedVersion {
            found: 2,
            supported: 1
        }
    );
    assert_eq!(e.path(), "version");
    assert_eq!(
        e.to_string(),
        "version: 2 is not supported (this build reads version 1)"
    );
}

#[test]
fn missing_or_non_numeric_version_is_malformed() {
    let mut v = default_value();
    v.as_object_mut().unwrap().remove("version");
    let e = read(&v).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert_eq!(e.path(), "version");
    v["version"] = json!("1");
    let e = read(&v).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert_eq!(e.path(), "version");
    for text in ["[]", "null", "1", "\"x\"", "{}"] {
        let e = Scenario::from_json(text).unwrap_err();
        assert!(matches!(e, Error::Malformed { .. }), "{text}: {e:?}");
    }
}

#[test]
fn text_that_is_not_json_says_where_the_reader_stopped() {
    let e = Scenario::from_json("{\"version\": 1,").unwrap_err();
    assert_eq!(
        e,
        Error::Syntax {
            line: 1,
            column: 14,
            ends_early: true
        }
    );
    assert_eq!(e.path(), "");
    assert_eq!(
        e.to_string(),
        "the JSON ends early, at line 1, column 14 (a cut-off file?)"
    );
    let e = Scenario::from_json("{\n  \"version\": 1\n  x").unwrap_err();
    assert_eq!(
        e,
        Error::Syntax {
            line: 3,
            column: 3,
            ends_early: false
        }
    );
    assert_eq!(e.to_string(), "not valid JSON at line 3, column 3");
    assert!(matches!(
        Scenario::from_json(""),
        Err(Error::Syntax {
            ends_early: true,
            ..
        })
    ));
}

#[test]
fn input_over_100_kb_is_too_long() {
    assert_eq!(MAX_INPUT_BYTES, 102_400);
    // The default scenario padded with spaces to exactly the limit still reads.
    let text = Scenario::default().to_json();
    let padded = format!("{text}{}", " ".repeat(MAX_INPUT_BYTES - text.len()));
    assert_eq!(padded.len(), MAX_INPUT_BYTES);
    assert!(Scenario::from_json(&padded).is_ok());
    // One byte more does not, and the input is not parsed at all.
    let over = format!("{padded} ");
    assert_eq!(
        Scenario::from_json(&over).unwrap_err(),
        Error::TooLong {
            path: String::new(),
            len: MAX_INPUT_BYTES + 1,
            max: MAX_INPUT_BYTES
        }
    );
    let garbage = "x".repeat(200 * 1024);
    assert!(matches!(
        Scenario::from_json(&garbage),
        Err(Error::TooLong { .. })
    ));
}

#[test]
fn working_days_31_is_out_of_range() {
    let mut v = default_value();
    v["calendar"]["working_days"] = json!("31");
    assert_eq!(
        read(&v).unwrap_err(),
        Error::OutOfRange {
            path: "calendar.working_days".into(),
            value: dec!(31),
            min: dec!(0),
            max: dec!(30.4167),
        }
    );
    // The most an average month allows is accepted.
    v["calendar"]["working_days"] = json!("30.4167");
    assert!(read(&v).is_ok());
}

#[test]
fn zero_gpus_per_instance_is_out_of_range() {
    let mut v = default_value();
    v["rent"][0]["gpus_per_instance"] = json!(0);
    let e = read(&v).unwrap_err();
    assert_eq!(
        e,
        Error::OutOfRange {
            path: "rent.0.gpus_per_instance".into(),
            value: dec!(0),
            min: dec!(1),
            max: dec!(64),
        }
    );
    assert_eq!(
        e.to_string(),
        "rent.0.gpus_per_instance: 0 is outside 1..=64"
    );
}

#[test]
fn out_of_range_values_name_their_dotted_path() {
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "/calendar/service/start_hour",
            json!(24),
            "calendar.service.start_hour",
        ),
        (
            "/calendar/batch/0/end_hour",
            json!(25),
            "calendar.batch.0.end_hour",
        ),
        (
            "/calendar/batch/0/gpus",
            json!(1025),
            "calendar.batch.0.gpus",
        ),
        ("/rent/3/price", json!("-1"), "rent.3.price"),
        (
            "/rent/1/extras/support_percent",
            json!("101"),
            "rent.1.extras.support_percent",
        ),
        (
            "/rent/1/extras/egress_tiers/1/price_per_gb",
            json!("1001"),
            "rent.1.extras.egress_tiers.1.price_per_gb",
        ),
        (
            "/rent/0/extras/egress_tiers/2/up_to_gb",
            json!("50"),
            "rent.0.extras.egress_tiers.2.up_to_gb",
        ),
        (
            "/rent/2/billing/price_ratio",
            json!("0.04"),
            "rent.2.billing.price_ratio",
        ),
        (
            "/rent/1/billing/start_overhead_hours",
            json!("24.5"),
            "rent.1.billing.start_overhead_hours",
        ),
        ("/own/energy/pue", json!("3.01"), "own.energy.pue"),
        (
            "/own/staff_hours_per_month",
            json!("745"),
            "own.staff_hours_per_month",
        ),
        (
            "/finance/horizon_months",
            json!(121),
            "finance.horizon_months",
        ),
        ("/finance/usd_per_eur", json!("10.5"), "finance.usd_per_eur"),
    ];
    for (pointer, value, path) in cases {
        let mut v = default_value();
        *v.pointer_mut(pointer)
            .unwrap_or_else(|| panic!("{pointer}")) = value;
        let e = read(&v).unwrap_err();
        assert!(matches!(e, Error::OutOfRange { .. }), "{pointer}: {e:?}");
        assert_eq!(e.path(), path);
    }
}

#[test]
fn lists_and_labels_have_limits() {
    let mut v = default_value();
    let one = v["rent"][0].clone();
    v["rent"] = Value::Array(vec![one; 9]);
    assert_eq!(
        read(&v).unwrap_err(),
        Error::TooMany {
            path: "rent".into(),
            count: 9,
            max: 8
        }
    );
    let mut v = default_value();
    let w = v["calendar"]["batch"][0].clone();
    v["calendar"]["batch"] = Value::Array(vec![w; 9]);
    assert_eq!(read(&v).unwrap_err().path(), "calendar.batch");
    let mut v = default_value();
    v["rent"][1]["label"] = json!("é".repeat(81));
    assert_eq!(
        read(&v).unwrap_err(),
        Error::TooLong {
            path: "rent.1.label".into(),
            len: 81,
            max: 80
        }
    );
    // 80 characters (160 bytes) are fine: the limit counts characters.
    v["rent"][1]["label"] = json!("é".repeat(80));
    assert!(read(&v).is_ok());
}

#[test]
fn markup_in_a_label_is_kept_as_plain_text() {
    let label = "<script>alert(1)</script><svg onload=x>";
    let mut v = default_value();
    v["rent"][0]["label"] = json!(label);
    v["own"]["label"] = json!(label);
    let s = read(&v).unwrap();
    assert_eq!(s.rent[0].label, label);
    let r = evaluate(&s).unwrap();
    assert_eq!(r.rent[0].costs.label, label);
    assert_eq!(r.own.costs.label, label);
    // Still the same text after another round trip.
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
}

#[test]
fn errors_serialise_with_a_kind_and_a_path() {
    let mut v = default_value();
    v["calendar"]["working_days"] = json!("31");
    let e = read(&v).unwrap_err();
    let ev = serde_json::to_value(&e).unwrap();
    assert_eq!(ev["kind"], json!("out_of_range"));
    assert_eq!(ev["path"], json!("calendar.working_days"));
    assert_eq!(ev["value"], json!("31"));
    assert_eq!(ev["max"], json!("30.4167"));
}

#[test]
fn numbers_beyond_decimal_range_are_errors() {
    let mut v = default_value();
    v["rent"][0]["price"] = json!("79228162514264337593543950335");
    let e = read(&v).unwrap_err();
    assert!(matches!(e, Error::OutOfRange { .. }), "{e:?}");
    assert_eq!(e.path(), "rent.0.price");
    v["rent"][0]["price"] = json!("79228162514264337593543950336");
    let e = read(&v).unwrap_err();
    assert!(matches!(e, Error::Malformed { .. }), "{e:?}");
    assert_eq!(e.path(), "rent.0.price");
    v["rent"][0]["price"] = json!(1e300);
    assert!(read(&v).is_err());
    v["rent"][0]["price"] = json!(Decimal::MAX.to_string());
    assert!(read(&v).is_err());
}

#[test]
fn stray_field_next_to_a_unit_mode_is_rejected() {
    // Serde ignores extra fields beside the tag of a unit variant; the scenario must not.
    let cases: Vec<(&str, Value)> = vec![
        ("/rent/0/billing", json!({"mode": "always_on", "colour": 1})),
        ("/rent/0/billing", json!({"mode": "reserved", "colour": 1})),
        (
            "/rent/0/billing",
            json!({"mode": "spot_batch", "spot_price": "1", "rework_percent": "0",
                   "service": {"mode": "always_on", "colour": 1}}),
        ),
        ("/own/financing", json!({"mode": "cash", "colour": 1})),
    ];
    for (pointer, bad) in cases {
        let mut v = default_value();
        *v.pointer_mut(pointer).unwrap() = bad.clone();
        let e = read(&v).unwrap_err();
        let Error::Malformed { problem, .. } = &e else {
            panic!("{bad}: expected Malformed, got {e:?}");
        };
        let message = problem.to_string();
        assert!(message.contains("unknown field `colour`"), "{message}");
        let dotted = pointer.trim_start_matches('/').replace('/', ".");
        assert!(e.path().starts_with(&dotted), "{}", e.path());
    }
    // Without the stray field the same modes read and write back unchanged.
    let mut v = default_value();
    v["rent"][0]["billing"] = json!({"mode": "spot_batch", "spot_price": "1",
        "rework_percent": "0", "service": {"mode": "always_on"}});
    v["rent"][1]["billing"] = json!({"mode": "reserved"});
    let s = read(&v).unwrap();
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    let back: Value = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(back["rent"][1]["billing"], json!({"mode": "reserved"}));
    assert_eq!(back["own"]["financing"], json!({"mode": "cash"}));
}
