//! The input limits (`check_input`): each one at its edge, on every way in (a value, a file's
//! text, a partial scenario of the JS API, a share link, a metrics export), and the hostile
//! inputs of issue 18 answered with typed errors and no overflow.

use gpu_tco_core::metrics::{ImportOptions, parse_prometheus};
use gpu_tco_core::share::from_fragment;
use gpu_tco_core::{
    Error, JsonProblem, MAX_DEPTH, MAX_INPUT_BYTES, MAX_ITEMS, MAX_KEYS, MAX_TEXT, MetricsProblem,
    Scenario, check_input, evaluate,
};
use rust_decimal::Decimal;
use serde_json::{Map, Value, json};

/// `levels` arrays nested in one another around `0`, as a value.
fn nested(levels: usize) -> Value {
    let mut v = json!(0);
    for _ in 0..levels {
        v = Value::Array(vec![v]);
    }
    v
}

/// The same as JSON text.
fn nested_text(levels: usize) -> String {
    format!("{}0{}", "[".repeat(levels), "]".repeat(levels))
}

/// `calendar.0.0.…` with `n` indexes: the path of the `n`-th nested array under `calendar`.
fn calendar_path(n: usize) -> String {
    let mut p = "calendar".to_owned();
    for _ in 0..n {
        p.push_str(".0");
    }
    p
}

#[test]
fn depth_passes_at_the_limit_and_is_typed_one_beyond() {
    assert_eq!(check_input(&nested(MAX_DEPTH)), Ok(()));
    assert_eq!(
        check_input(&nested(MAX_DEPTH + 1)),
        Err(Error::TooDeep {
            // The outermost array is the root, the one too deep is 32 indexes down.
            path: vec!["0"; MAX_DEPTH].join("."),
            max: MAX_DEPTH,
        })
    );
    // Under a key: the root object is level 1, `calendar`'s arrays levels 2….
    let at_limit = json!({ "calendar": nested(MAX_DEPTH - 1) });
    assert_eq!(check_input(&at_limit), Ok(()));
    let beyond = json!({ "calendar": nested(MAX_DEPTH) });
    assert_eq!(
        check_input(&beyond),
        Err(Error::TooDeep {
            path: calendar_path(MAX_DEPTH - 1),
            max: MAX_DEPTH,
        })
    );
    // The readers: at the limit the value gets as far as serde (a wrong type), beyond it not.
    for read in [Scenario::from_value, Scenario::from_partial_value] {
        assert!(matches!(
            read(at_limit.clone()),
            Err(Error::Malformed { .. } | Error::UnsupportedVersion { .. })
        ));
        assert!(
            matches!(read(beyond.clone()), Err(Error::TooDeep { max, .. }) if max == MAX_DEPTH)
        );
    }
}

#[test]
fn a_file_nested_too_deep_is_typed_whatever_its_depth() {
    // Within serde_json's own limit (128) the value is read and the path named.
    let text = |levels: usize| format!("{{\"version\":1,\"calendar\":{}}}", nested_text(levels));
    assert!(matches!(
        Scenario::from_json(&text(MAX_DEPTH - 1)),
        Err(Error::Malformed { .. })
    ));
    assert_eq!(
        Scenario::from_json(&text(MAX_DEPTH)),
        Err(Error::TooDeep {
            path: calendar_path(MAX_DEPTH - 1),
            max: MAX_DEPTH
        })
    );
    // Beyond it serde_json stops first; the error still says why, not "not valid JSON".
    for levels in [200, 5_000, 50_000] {
        assert_eq!(
            Scenario::from_json(&text(levels)),
            Err(Error::TooDeep {
                path: String::new(),
                max: MAX_DEPTH
            }),
            "{levels} levels"
        );
    }
    // Brackets inside a string are text (this one is read, and lacks fields), and broken JSON
    // stays a syntax error.
    let quoted = format!(
        "{{\"version\":1,\"own\":{{\"label\":\"{}\"}}}}",
        "[".repeat(500)
    );
    assert!(matches!(
        Scenario::from_json(&quoted),
        Err(Error::Malformed { path, .. }) if path == "own"
    ));
    assert!(matches!(
        Scenario::from_json("{\"version\": 1,"),
        Err(Error::Syntax {
            ends_early: true,
            ..
        })
    ));
}

#[test]
fn keys_of_one_object_pass_at_the_limit() {
    let object = |n: usize| {
        let m: Map<String, Value> = (0..n).map(|i| (format!("k{i}"), json!(i))).collect();
        json!({ "own": Value::Object(m) })
    };
    assert_eq!(check_input(&object(MAX_KEYS)), Ok(()));
    assert_eq!(
        check_input(&object(MAX_KEYS + 1)),
        Err(Error::TooMany {
            path: "own".into(),
            count: MAX_KEYS + 1,
            max: MAX_KEYS
        })
    );
    // The root object too.
    let m: Map<String, Value> = (0..=MAX_KEYS).map(|i| (format!("{i}"), json!(0))).collect();
    assert!(matches!(
        Scenario::from_partial_value(Value::Object(m)),
        Err(Error::TooMany { path, .. }) if path.is_empty()
    ));
}

#[test]
fn items_of_one_array_pass_at_the_limit() {
    let list = |n: usize| json!({ "rent": vec![json!({}); n] });
    assert_eq!(check_input(&list(MAX_ITEMS)), Ok(()));
    assert_eq!(
        check_input(&list(MAX_ITEMS + 1)),
        Err(Error::TooMany {
            path: "rent".into(),
            count: MAX_ITEMS + 1,
            max: MAX_ITEMS
        })
    );
    // Within the limit the model's own (8 rent options) still speaks.
    assert_eq!(
        Scenario::from_partial_value(json!({ "rent": vec![json!({}); 9] })),
        Err(Error::TooMany {
            path: "rent".into(),
            count: 9,
            max: 8
        })
    );
}

#[test]
fn strings_and_keys_pass_at_the_limit_counted_in_characters() {
    // Two bytes a character: the limit counts characters, not bytes.
    let label = |n: usize| json!({ "own": { "label": "ä".repeat(n) } });
    assert_eq!(check_input(&label(MAX_TEXT)), Ok(()));
    assert_eq!(
        check_input(&label(MAX_TEXT + 1)),
        Err(Error::TooLong {
            path: "own.label".into(),
            len: MAX_TEXT + 1,
            max: MAX_TEXT
        })
    );
    // Below it the field's own limit (80) speaks, with the same error type.
    assert!(matches!(
        Scenario::from_partial_value(label(MAX_TEXT)),
        Err(Error::TooLong { max: 80, .. })
    ));
    // A key too long is named by its object's path.
    let key = |n: usize| {
        let mut m = Map::new();
        m.insert("k".repeat(n), json!(1));
        json!({ "own": Value::Object(m) })
    };
    assert_eq!(check_input(&key(MAX_TEXT)), Ok(()));
    assert_eq!(
        check_input(&key(MAX_TEXT + 1)),
        Err(Error::TooLong {
            path: "own".into(),
            len: MAX_TEXT + 1,
            max: MAX_TEXT
        })
    );
}

#[test]
fn the_whole_input_passes_at_its_size_limit() {
    // 103 strings, 102 of the longest allowed and one to fill up: exactly the limit as compact
    // JSON, then one byte more.
    let filled = |last: usize| {
        let mut items = vec![json!("x".repeat(MAX_TEXT)); 102];
        items.push(json!("y".repeat(last)));
        Value::Array(items)
    };
    let at = filled(90);
    assert_eq!(serde_json::to_string(&at).unwrap().len(), MAX_INPUT_BYTES);
    assert_eq!(check_input(&at), Ok(()));
    assert_eq!(
        check_input(&filled(91)),
        Err(Error::TooLong {
            path: String::new(),
            len: MAX_INPUT_BYTES + 1,
            max: MAX_INPUT_BYTES
        })
    );
}

#[test]
fn hostile_partial_scenarios_get_typed_errors_and_a_valid_one_still_works() {
    // Deep, but not so deep that building, printing or dropping the value here (all of which
    // recurse in serde_json) overflows the test's own stack; the text reader above takes 50,000.
    let mut very_deep = json!({});
    for _ in 0..1_000 {
        very_deep = json!({ "a": very_deep });
    }
    let hostile = [
        Value::Null,
        json!(42),
        json!(-1),
        json!([1, 2, 3]),
        json!("junk"),
        json!({ "version": 2 }),
        json!({ "calendar": { "working_days": -1 } }),
        json!({ "calendar": { "working_days": null } }),
        json!({ "calendar": { "working_days": 1e300 } }),
        json!({ "rent": vec![json!({}); 10_000] }),
        json!({ "__proto__": { "polluted": true } }),
        json!({ "constructor": { "prototype": { "polluted": true } } }),
        very_deep,
        Value::Array(vec![json!(0); 1_000_000]),
        json!({ "own": { "label": "x".repeat(10 << 20) } }),
    ];
    for (i, v) in hostile.into_iter().enumerate() {
        let e = Scenario::from_partial_value(v).expect_err(&format!("hostile value {i}"));
        assert!(!e.to_string().is_empty(), "hostile value {i}");
    }
    let s = Scenario::from_partial_value(json!({})).unwrap();
    assert_eq!(
        evaluate(&s).unwrap().load.productive_hours,
        Decimal::from(336)
    );
}

#[test]
fn a_link_key_too_deep_is_typed_before_anything_is_built() {
    // Below `billing` (an object with a mode) a link may make objects; a mode field ends it.
    let key = |segments: usize| {
        let mut k = "rent.0.billing".to_owned();
        for _ in 3..segments - 1 {
            k.push_str(".x");
        }
        k.push_str(".term_years");
        assert_eq!(k.split('.').count(), segments);
        k
    };
    // At the limit the link is read, and the scenario reader refuses the unknown field.
    assert!(matches!(
        from_fragment(&format!("v=2&{}=3", key(MAX_DEPTH))),
        Err(Error::Malformed { .. })
    ));
    let deeper = key(MAX_DEPTH + 1);
    assert_eq!(
        from_fragment(&format!("v=2&{deeper}=3")),
        Err(Error::TooDeep {
            path: deeper,
            max: MAX_DEPTH
        })
    );
    // As deep as 100 KB allows: the same, at once.
    let huge = key(40_000);
    assert!(matches!(
        from_fragment(&format!("v=2&{huge}=3")),
        Err(Error::TooDeep { .. })
    ));
}

#[test]
fn a_metrics_export_nested_too_deep_is_typed() {
    // The root object is level 1, so `x` may hold arrays down to level 32.
    let text = |levels: usize| {
        format!(
            "{{\"status\":\"success\",\"x\":{}}}",
            "[".repeat(levels) + &"]".repeat(levels)
        )
    };
    let problem = |t: &str| match parse_prometheus(t, &ImportOptions::default()) {
        Err(Error::Metrics { problem, .. }) => Some(problem),
        _ => None,
    };
    let at_limit = problem(&text(MAX_DEPTH - 1));
    assert_eq!(at_limit, Some(MetricsProblem::NoResult));
    let too_deep = Some(MetricsProblem::Json(JsonProblem::TooDeep {
        max: MAX_DEPTH,
    }));
    assert_eq!(problem(&text(MAX_DEPTH)), too_deep);
    // Ten million brackets stop at the 33rd, not when memory runs out.
    assert_eq!(
        problem(&format!("{{\"x\":{}", "[".repeat(10 << 20))),
        too_deep
    );
}
