//! Per-option GPU counts for the same load (issue 16): an option's `load_gpus {gpus, per}` says
//! its GPU model needs `gpus` GPUs where the load counts `per`.
//!
//! Equivalences first (an option at `{2, 1}` costs what it costs on a calendar with every GPU
//! count doubled; `gpus == per` is no field at all), then the per-option figures, the hybrid with
//! ratios, validation by path, the JSON and the link, and laws on bounded generators.

use gpu_tco_core::analysis::{
    cash_flow_by_year, heat_map, heat_map_grid, hybrid_sweep, stop_curve, tornado,
};
use gpu_tco_core::ranges::{Range, RangeInput, Sampling, spread};
use gpu_tco_core::share::{from_fragment, to_fragment};
use gpu_tco_core::{
    Calendar, DEFAULT_JSON, Error, Hybrid, LoadGpus, MAX_GPUS, ReadProblem, Report, Scenario,
    Warning, evaluate, evaluate_profile, share_curve,
};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::{Value, json};

use crate::util::config;

fn lg(gpus: u32, per: u32) -> Option<LoadGpus> {
    Some(LoadGpus { gpus, per })
}

/// Every GPU count of the calendar (service, batch windows, peaks) through `f`.
fn map_calendar(c: &Calendar, f: impl Fn(u32) -> u32) -> Calendar {
    let mut c = c.clone();
    c.service.gpus = f(c.service.gpus);
    for w in &mut c.batch {
        w.gpus = f(w.gpus);
    }
    for p in &mut c.peaks {
        p.gpus = f(p.gpus);
    }
    c
}

/// Every option (rent and own) with `load_gpus`.
fn all_with(s: &Scenario, g: Option<LoadGpus>) -> Scenario {
    let mut s = s.clone();
    for r in &mut s.rent {
        r.load_gpus = g;
    }
    s.own.load_gpus = g;
    s
}

/// The default with a batch window of another size than the service (4 GPUs at night against
/// 8 by day), a planned peak, a discount rate (so the present values are compared too) and a
/// load rented today (so switching is priced).
fn varied() -> Scenario {
    let mut s = Scenario::default();
    if let Some(b) = s.calendar.batch.first_mut() {
        b.gpus = 4;
    }
    s.calendar.peaks = vec![gpu_tco_core::Peak {
        start_hour: 9,
        end_hour: 17,
        gpus: 10,
        days: gpu_tco_core::Days::WorkingDays,
        days_of_month: 3,
        months: vec![11, 12],
    }];
    s.finance.discount_rate_percent = dec!(4);
    s.switching.from_rent = Some(1);
    s
}

/// The JSON of a value with every figure per productive GPU-hour taken out (those divide by
/// the load's GPU-hours, which the two sides of an equivalence count differently).
fn without_per_gpu_hour(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.retain(|k, _| {
                !matches!(
                    k.as_str(),
                    "cost_per_productive_gpu_hour"
                        | "levelized_cost_per_productive_gpu_hour"
                        | "productive_gpu_hours"
                )
            });
            m.values_mut().for_each(without_per_gpu_hour);
        }
        Value::Array(a) => a.iter_mut().for_each(without_per_gpu_hour),
        _ => {}
    }
}

fn comparable<T: serde::Serialize>(x: &T) -> Value {
    let mut v = serde_json::to_value(x).unwrap();
    without_per_gpu_hour(&mut v);
    v
}

/// `a` is `k` times `b` up to the rounding of both (4 places), or both are `None`.
fn about_times(a: Option<Decimal>, b: Option<Decimal>, k: Decimal) {
    match (a, b) {
        (Some(a), Some(b)) => {
            assert!(
                (a - b * k).abs() <= dec!(0.0001) * (k + Decimal::ONE),
                "{a} vs {k} × {b}"
            );
        }
        (a, b) => assert_eq!((a, b), (None, None)),
    }
}

// --- equivalences -----------------------------------------------------------------------------

#[test]
fn every_option_at_two_per_one_costs_what_a_doubled_calendar_costs() {
    for base in [Scenario::default(), varied()] {
        let ratio = all_with(&base, lg(16, 8));
        let mut doubled = base.clone();
        doubled.calendar = map_calendar(&base.calendar, |g| 2 * g);
        let (a, b) = (evaluate(&ratio).unwrap(), evaluate(&doubled).unwrap());

        // The load is the calendar's: half the doubled one's GPUs, the same hours.
        assert_eq!(a.load, evaluate(&base).unwrap().load);
        assert_eq!(a.load.productive_hours, b.load.productive_hours);
        assert_eq!(2 * a.load.peak_gpus, b.load.peak_gpus);

        // Everything an option provisions, bills and totals is the same, to the cent.
        let (mut va, mut vb) = (comparable(&a), comparable(&b));
        va.as_object_mut().unwrap().remove("load");
        vb.as_object_mut().unwrap().remove("load");
        assert_eq!(va, vb);
        assert_eq!(a.own.gpu_hours, b.own.gpu_hours);
        assert_eq!(a.own.productive_gpu_hours, b.own.productive_gpu_hours);

        // Per productive GPU-hour of the load: twice the doubled calendar's, whose GPU-hours
        // count twice.
        about_times(
            a.own.costs.cost_per_productive_gpu_hour,
            b.own.costs.cost_per_productive_gpu_hour,
            Decimal::TWO,
        );
        for (ra, rb) in a.rent.iter().zip(&b.rent) {
            about_times(
                ra.costs.cost_per_productive_gpu_hour,
                rb.costs.cost_per_productive_gpu_hour,
                Decimal::TWO,
            );
            about_times(
                ra.costs.levelized_cost_per_productive_gpu_hour,
                rb.costs.levelized_cost_per_productive_gpu_hour,
                Decimal::TWO,
            );
        }
    }
}

#[test]
fn a_single_rent_option_and_own_each_scale_like_the_calendar() {
    // One 8-GPU rent option with {16, 8} costs what it costs on the doubled calendar, whatever
    // own does; own with {16, 8} likewise.
    let mut base = varied();
    base.switching.from_rent = None;
    let mut doubled = base.clone();
    doubled.calendar = map_calendar(&base.calendar, |g| 2 * g);
    let b = evaluate(&doubled).unwrap();
    for k in 0..base.rent.len() {
        let mut one = base.clone();
        one.rent = vec![base.rent[k].clone()];
        one.rent[0].load_gpus = lg(16, 8);
        one.switching.from_rent = None;
        let mut one_doubled = doubled.clone();
        one_doubled.rent = vec![doubled.rent[k].clone()];
        one_doubled.switching.from_rent = None;
        let (ra, rb) = (evaluate(&one).unwrap(), evaluate(&one_doubled).unwrap());
        assert_eq!(
            comparable(&ra.rent[0].costs),
            comparable(&rb.rent[0].costs),
            "option {k}"
        );
        assert_eq!(ra.rent[0].instances, rb.rent[0].instances);
        assert_eq!(ra.rent[0].needed_gpus, 2 * ra.load.peak_gpus);
        // Own is not scaled here: it is the calendar's own.
        assert_eq!(ra.own, evaluate(&base).unwrap().own);
    }
    let mut own = base.clone();
    own.own.load_gpus = lg(16, 8);
    assert_eq!(comparable(&evaluate(&own).unwrap().own), comparable(&b.own));
}

#[test]
fn the_analyses_keep_a_scaled_option_scaled() {
    let base = varied();
    let ratio = all_with(&base, lg(2, 1));
    let mut doubled = base.clone();
    doubled.calendar = map_calendar(&base.calendar, |g| 2 * g);
    for k in 0..base.rent.len() {
        assert_eq!(
            tornado(&ratio, k).unwrap(),
            tornado(&doubled, k).unwrap(),
            "tornado {k}"
        );
        let (shares, tariffs) = heat_map_grid(&ratio, k).unwrap();
        assert_eq!(
            heat_map(&ratio, k, &shares, &tariffs).unwrap(),
            heat_map(&doubled, k, &shares, &tariffs).unwrap(),
            "heat map {k}"
        );
        assert_eq!(
            stop_curve(&ratio, k).unwrap(),
            stop_curve(&doubled, k).unwrap()
        );
        let (sa, sb) = (
            hybrid_sweep(&ratio, k).unwrap(),
            hybrid_sweep(&doubled, k).unwrap(),
        );
        assert_eq!(comparable(&sa), comparable(&sb), "hybrid sweep {k}");
        assert_eq!(
            sa.productive_gpu_hours * Decimal::TWO,
            sb.productive_gpu_hours
        );
    }
    assert_eq!(
        cash_flow_by_year(&ratio).unwrap(),
        cash_flow_by_year(&doubled).unwrap()
    );
    // The share curve divides by the load's GPU-hours: twice the doubled calendar's figures.
    let (ca, cb) = (
        share_curve(&ratio, 10).unwrap(),
        share_curve(&doubled, 10).unwrap(),
    );
    assert_eq!(ca.len(), cb.len());
    for (pa, pb) in ca.iter().zip(&cb) {
        assert_eq!(pa.share, pb.share);
        about_times(Some(pa.own), Some(pb.own), Decimal::TWO);
        for (x, y) in pa.rent.iter().zip(&pb.rent) {
            about_times(Some(*x), Some(*y), Decimal::TWO);
        }
    }
    // The spread over ranges (the productive hours among them) prices the same samples.
    let ranged = |s: &Scenario| {
        let mut s = s.clone();
        s.ranges.inputs.insert(
            RangeInput::ProductiveHours,
            Range {
                low: 280.into(),
                high: 400.into(),
            },
        );
        s.ranges.inputs.insert(
            RangeInput::ServerPrice,
            Range {
                low: 280_000.into(),
                high: 360_000.into(),
            },
        );
        spread(
            &s,
            Sampling {
                samples: 20,
                seed: 7,
            },
        )
        .unwrap()
    };
    assert_eq!(comparable(&ranged(&ratio)), comparable(&ranged(&doubled)));
}

#[test]
fn gpus_equal_to_per_is_no_field_at_all() {
    for base in [Scenario::default(), varied()] {
        let plain = evaluate(&base).unwrap();
        for g in [1, 3, 8, MAX_GPUS] {
            let same = all_with(&base, lg(g, g));
            assert_eq!(evaluate(&same).unwrap(), plain, "{g}/{g}");
            assert_eq!(tornado(&same, 1).unwrap(), tornado(&base, 1).unwrap());
            assert_eq!(
                hybrid_sweep(&same, 4).unwrap(),
                hybrid_sweep(&base, 4).unwrap()
            );
            assert_eq!(
                share_curve(&same, 20).unwrap(),
                share_curve(&base, 20).unwrap()
            );
            assert_eq!(
                cash_flow_by_year(&same).unwrap(),
                cash_flow_by_year(&base).unwrap()
            );
        }
        let mut chosen = base.clone();
        chosen.hybrid = Some(Hybrid {
            own_gpus: 5,
            rent: 1,
        });
        assert_eq!(
            evaluate(&all_with(&chosen, lg(7, 7))).unwrap(),
            evaluate(&chosen).unwrap()
        );
    }
}

// --- per-option figures -----------------------------------------------------------------------

#[test]
fn each_option_reports_its_own_gpus_and_the_loads_gpu_hours() {
    // An L40S-like own server needs 16 GPUs where the load counts 8; the Nebius per-GPU option
    // 12 (3 per 2); the p5en options the load's 8.
    let mut s = Scenario::default();
    s.own.load_gpus = lg(16, 8);
    s.rent[4].load_gpus = lg(3, 2);
    s.rent[0].load_gpus = lg(3, 2);
    let r = evaluate(&s).unwrap();
    let plain = evaluate(&Scenario::default()).unwrap();
    assert_eq!(r.load, plain.load);
    assert_eq!(r.load.productive_gpu_hours, dec!(2688));

    assert_eq!((r.own.gpus, r.own.servers), (16, 2));
    assert_eq!(r.own.gpu_hours, dec!(700800));
    assert_eq!(r.own.productive_gpu_hours, dec!(322560));
    // Per productive GPU-hour of the load (161,280 over five years), not of own's GPUs.
    let total = r.own.costs.total;
    assert_eq!(
        r.own.costs.cost_per_productive_gpu_hour,
        Some((total / dec!(161280)).round_dp(4))
    );
    assert_eq!(
        r.own.cost_per_gpu_hour,
        Some((total / dec!(700800)).round_dp(4))
    );

    let nebius = &r.rent[4];
    assert_eq!((nebius.needed_gpus, nebius.instances), (12, 12));
    assert_eq!(
        nebius.costs.cost_per_productive_gpu_hour,
        Some((nebius.costs.total / dec!(161280)).round_dp(4))
    );
    // An 8-GPU instance for 12 GPUs: two instances, 4 GPUs billed idle, always on.
    let p5en = &r.rent[0];
    assert_eq!(
        (p5en.needed_gpus, p5en.instances, p5en.billed_gpus),
        (12, 2, 16)
    );
    assert_eq!(p5en.billed_gpu_hours_per_month, dec!(11680));
    assert!(p5en.costs.warnings.contains(&Warning::IdleGpusBilled {
        billed: 16,
        needed: 12
    }));
    // The options without load_gpus are as before.
    assert_eq!(r.rent[1].costs.total, plain.rent[1].costs.total);
    assert_eq!(r.rent[1].needed_gpus, 8);
    assert_eq!(r.rent[1].savings_with_own, r.rent[1].costs.total - total);
}

// --- hybrid -----------------------------------------------------------------------------------

fn point_of(report: &Report) -> gpu_tco_core::analysis::HybridPoint {
    report.hybrid.clone().unwrap().point
}

#[test]
fn the_hybrid_mixes_in_the_loads_units() {
    // Own needs 16 GPUs where the load counts 8, the per-GPU rent option 3 where it counts 2.
    let mut s = Scenario::default();
    s.own.load_gpus = lg(16, 8);
    s.rent[4].load_gpus = lg(3, 2);
    let report = evaluate(&s).unwrap();
    let sweep = hybrid_sweep(&s, 4).unwrap();
    // Own's GPUs 0..=16, its peak in its GPUs.
    assert_eq!(sweep.peak_gpus, 16);
    assert_eq!(sweep.points.len(), 17);
    assert_eq!(sweep.productive_gpu_hours, dec!(161280));
    let (first, last) = (&sweep.points[0], &sweep.points[16]);
    assert_eq!(first.total, report.rent[4].costs.total);
    assert_eq!(first.rented_peak_gpus, 12);
    assert_eq!(first.own_share, Decimal::ZERO);
    assert_eq!(last.total, report.own.costs.total);
    assert_eq!((last.rented_peak_gpus, last.own_servers), (0, 2));
    assert_eq!(last.own_share, Decimal::ONE);
    // 8 own GPUs carry 4 of the load's 8: half the work; the other 4 need 6 rented GPUs.
    let half = &sweep.points[8];
    assert_eq!(half.own_share, dec!(0.5));
    assert_eq!((half.rented_peak_gpus, half.rent_instances), (6, 6));
    // 7 own GPUs carry 3.5: the rest, 4.5 of the load's GPUs, needs ceil(6.75) = 7 rented.
    let seven = &sweep.points[7];
    assert_eq!(seven.own_share, dec!(0.4375));
    assert_eq!(seven.rented_peak_gpus, 7);
    // Every point divides by the load's GPU-hours.
    for p in &sweep.points {
        assert_eq!(
            p.cost_per_productive_gpu_hour,
            Some((p.total / dec!(161280)).round_dp(4))
        );
    }
    // The chosen hybrid is the sweep's point, by the same code.
    let mut chosen = s.clone();
    chosen.hybrid = Some(Hybrid {
        own_gpus: 7,
        rent: 4,
    });
    let r = evaluate(&chosen).unwrap();
    assert_eq!(point_of(&r), sweep.points[7]);
    // Above own's peak own serves it all.
    chosen.hybrid = Some(Hybrid {
        own_gpus: 40,
        rent: 4,
    });
    let r = evaluate(&chosen).unwrap();
    assert_eq!(point_of(&r).rented_peak_gpus, 0);
    assert_eq!(point_of(&r).own_share, Decimal::ONE);
}

#[test]
fn a_hybrid_with_only_the_rent_side_scaled() {
    let mut s = Scenario::default();
    s.rent[1].load_gpus = lg(16, 8);
    let report = evaluate(&s).unwrap();
    let sweep = hybrid_sweep(&s, 1).unwrap();
    assert_eq!(sweep.peak_gpus, 8);
    assert_eq!(sweep.points[0].total, report.rent[1].costs.total);
    assert_eq!(sweep.points[0].rented_peak_gpus, 16);
    assert_eq!(sweep.points[0].rent_instances, 2);
    // 3 own GPUs: 5 of the load's GPUs above them, 10 rented GPUs, two 8-GPU instances.
    assert_eq!(sweep.points[3].rented_peak_gpus, 10);
    assert_eq!(sweep.points[3].rent_instances, 2);
    assert_eq!(sweep.points[8].total, report.own.costs.total);
    // Own's side is as without load_gpus.
    let plain = hybrid_sweep(&Scenario::default(), 1).unwrap();
    for (a, b) in sweep.points.iter().zip(&plain.points) {
        assert_eq!((a.own_total, a.own_share), (b.own_total, b.own_share));
    }
}

// --- validation -------------------------------------------------------------------------------

fn path_of(e: &Error) -> String {
    e.path().to_owned()
}

#[test]
fn counts_out_of_range_name_their_path() {
    let cases = [
        (
            2usize,
            LoadGpus { gpus: 0, per: 8 },
            "rent.2.load_gpus.gpus",
        ),
        (2, LoadGpus { gpus: 8, per: 0 }, "rent.2.load_gpus.per"),
        (
            5,
            LoadGpus {
                gpus: MAX_GPUS + 1,
                per: 1,
            },
            "rent.5.load_gpus.gpus",
        ),
    ];
    for (k, g, path) in cases {
        let mut s = Scenario::default();
        s.rent[k].load_gpus = Some(g);
        let e = s.validate().unwrap_err();
        assert!(matches!(e, Error::OutOfRange { .. }), "{e:?}");
        assert_eq!(path_of(&e), path);
        assert_eq!(path_of(&evaluate(&s).unwrap_err()), path);
    }
    let mut s = Scenario::default();
    s.own.load_gpus = lg(4, MAX_GPUS + 1);
    assert_eq!(path_of(&s.validate().unwrap_err()), "own.load_gpus.per");
    s.own.load_gpus = lg(0, 1);
    assert_eq!(path_of(&s.validate().unwrap_err()), "own.load_gpus.gpus");
}

#[test]
fn a_scaled_hour_above_the_limit_is_a_typed_error() {
    // 1,000 GPUs by day: at 3 per 2 that would be 1,500 of the option's GPUs.
    let mut s = Scenario::default();
    s.calendar.service.gpus = 1000;
    s.rent[3].load_gpus = lg(3, 2);
    // The scenario's fields are valid; its load does not fit the option.
    assert!(s.validate().is_ok());
    let e = s.check().unwrap_err();
    assert_eq!(
        e,
        Error::OutOfRange {
            path: "rent.3.load_gpus.gpus".into(),
            value: 3.into(),
            min: 1.into(),
            max: 2.into(),
        }
    );
    for e in [
        evaluate(&s).unwrap_err(),
        tornado(&s, 0).unwrap_err(),
        hybrid_sweep(&s, 3).unwrap_err(),
        cash_flow_by_year(&s).unwrap_err(),
        share_curve(&s, 10).unwrap_err(),
        stop_curve(&s, 3).unwrap_err(),
        gpu_tco_core::analysis::residual_curve(&s).unwrap_err(),
        spread(&s, Sampling::default()).unwrap_err(),
    ] {
        assert_eq!(path_of(&e), "rent.3.load_gpus.gpus");
    }
    s.rent[3].load_gpus = lg(2, 2);
    s.own.load_gpus = lg(3, 2);
    assert_eq!(path_of(&evaluate(&s).unwrap_err()), "own.load_gpus.gpus");
    // At the limit: 1,024 for 1,000 fits, and so does ceil(1,000 × 1,024 / 1,001) = 1,023.
    s.own.load_gpus = lg(1024, 1000);
    assert_eq!(evaluate(&s).unwrap().own.gpus, 1024);
    s.own.load_gpus = lg(1024, 1001);
    assert_eq!(evaluate(&s).unwrap().own.gpus, 1023);

    // A profile given directly, and the profile's own method.
    let profile = Scenario::default().calendar.profile().unwrap();
    let e = profile
        .for_gpus(&LoadGpus { gpus: 200, per: 1 })
        .unwrap_err();
    assert_eq!(
        e,
        Error::OutOfRange {
            path: "load_gpus.gpus".into(),
            value: 200.into(),
            min: 1.into(),
            max: 128.into(),
        }
    );
    assert_eq!(
        path_of(&profile.for_gpus(&LoadGpus { gpus: 1, per: 0 }).unwrap_err()),
        "load_gpus.per"
    );
    let mut big = Scenario::default();
    big.rent[0].load_gpus = lg(200, 1);
    assert_eq!(
        path_of(&evaluate_profile(&big, &profile).unwrap_err()),
        "rent.0.load_gpus.gpus"
    );
}

// --- JSON -------------------------------------------------------------------------------------

#[test]
fn old_json_reads_and_writes_as_before() {
    assert!(!DEFAULT_JSON.contains("load_gpus"));
    let s = Scenario::from_json(DEFAULT_JSON).unwrap();
    assert!(s.rent.iter().all(|r| r.load_gpus.is_none()));
    assert!(s.own.load_gpus.is_none());
    assert_eq!(DEFAULT_JSON.trim_end(), s.to_json());
    assert_eq!(to_fragment(&s), "v=2");

    let mut v: Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    v["rent"][2]["load_gpus"] = json!({"gpus": 16, "per": 8});
    v["own"]["load_gpus"] = json!({"gpus": 4, "per": 8});
    let s = Scenario::from_value(v.clone()).unwrap();
    assert_eq!(s.rent[2].load_gpus, lg(16, 8));
    assert_eq!(s.own.load_gpus, lg(4, 8));
    assert_eq!(serde_json::to_value(&s).unwrap(), v);
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    // `null` is no field.
    v["rent"][2]["load_gpus"] = Value::Null;
    assert_eq!(Scenario::from_value(v).unwrap().rent[2].load_gpus, None);
}

#[test]
fn wrong_shapes_are_typed_errors() {
    let with = |g: Value| {
        let mut v: Value = serde_json::from_str(DEFAULT_JSON).unwrap();
        v["rent"][2]["load_gpus"] = g;
        Scenario::from_value(v).unwrap_err()
    };
    let malformed = |e: Error| match e {
        Error::Malformed { path, problem } => (path, problem),
        other => panic!("not malformed: {other:?}"),
    };
    let (path, problem) = malformed(with(json!({"gpus": 16})));
    assert_eq!(path, "rent.2.load_gpus");
    assert_eq!(
        problem,
        ReadProblem::Missing {
            field: "per".into()
        }
    );
    let (path, problem) = malformed(with(json!({"gpus": 16, "per": 8, "of": 1})));
    assert!(path.starts_with("rent.2.load_gpus"), "{path}");
    assert!(matches!(problem, ReadProblem::UnknownField { field, .. } if field == "of"));
    for bad in [
        json!({"gpus": "16", "per": 8}),
        json!({"gpus": -1, "per": 8}),
        json!({"gpus": 1.5, "per": 8}),
    ] {
        let (path, problem) = malformed(with(bad));
        assert_eq!(path, "rent.2.load_gpus.gpus");
        assert!(
            matches!(problem, ReadProblem::WrongType { .. }),
            "{problem:?}"
        );
    }
    let (path, _) = malformed(with(json!(16)));
    assert_eq!(path, "rent.2.load_gpus");
    // The JS API's partial scenario: whole numbers stay whole.
    let s = Scenario::from_partial_value(json!({
        "rent": [{"load_gpus": {"gpus": 16, "per": 8}}],
        "own": {"load_gpus": {"gpus": 2, "per": 1}}
    }))
    .unwrap();
    assert_eq!(
        (s.rent[0].load_gpus, s.own.load_gpus),
        (lg(16, 8), lg(2, 1))
    );
    assert!(Scenario::from_partial_value(json!({"own": {"load_gpus": {"per": 1}}})).is_err());
}

// --- link -------------------------------------------------------------------------------------

#[test]
fn the_link_writes_load_gpus_whole_and_reads_it_back() {
    let mut s = Scenario::default();
    s.rent[2].load_gpus = lg(16, 8);
    assert_eq!(
        to_fragment(&s),
        "v=2&rent.2.load_gpus.gpus=16&rent.2.load_gpus.per=8"
    );
    assert_eq!(from_fragment(&to_fragment(&s)).unwrap(), s);
    // Equal halves are still written: the scenario says so.
    s.rent[2].load_gpus = lg(8, 8);
    s.own.load_gpus = lg(1, 2);
    let f = to_fragment(&s);
    assert_eq!(
        f,
        "v=2&own.load_gpus.gpus=1&own.load_gpus.per=2&rent.2.load_gpus.gpus=8&rent.2.load_gpus.per=8"
    );
    assert_eq!(from_fragment(&f).unwrap(), s);
    // An option past the default's list, copied from its last entry.
    let mut s = Scenario::default();
    let mut extra = s.rent[5].clone();
    extra.load_gpus = lg(2, 1);
    s.rent.push(extra);
    let f = to_fragment(&s);
    assert!(
        f.ends_with("rent.length=7&rent.6.load_gpus.gpus=2&rent.6.load_gpus.per=1"),
        "{f}"
    );
    assert_eq!(from_fragment(&f).unwrap(), s);
}

#[test]
fn a_link_with_half_a_load_gpus_or_a_bad_key_is_refused() {
    let malformed = |f: &str| match from_fragment(f).unwrap_err() {
        Error::Malformed { path, problem } => (path, problem),
        other => panic!("{f}: not malformed: {other:?}"),
    };
    assert_eq!(
        malformed("v=2&rent.2.load_gpus.gpus=16"),
        (
            "rent.2.load_gpus.per".to_owned(),
            ReadProblem::Missing {
                field: "per".into()
            }
        )
    );
    assert_eq!(
        malformed("v=2&own.load_gpus.per=8"),
        (
            "own.load_gpus.gpus".to_owned(),
            ReadProblem::Missing {
                field: "gpus".into()
            }
        )
    );
    for (f, key) in [
        ("v=2&rent.2.load_gpus=16", "rent.2.load_gpus"),
        ("v=2&rent.2.load_gpus.of=1", "rent.2.load_gpus.of"),
        ("v=2&calendar.load_gpus.gpus=1", "calendar.load_gpus.gpus"),
        (
            "v=2&rent.2.extras.load_gpus.gpus=1",
            "rent.2.extras.load_gpus.gpus",
        ),
        ("v=2&rent.9.load_gpus.gpus=1", "rent.9.load_gpus.gpus"),
        ("v=2&rent.2.load_gpus.mode=x", "rent.2.load_gpus.mode"),
    ] {
        assert_eq!(
            malformed(f),
            (key.to_owned(), ReadProblem::UnknownKey),
            "{f}"
        );
    }
    for value in ["abc", "-1", "1.5", "null", ""] {
        let f = format!("v=2&rent.2.load_gpus.gpus={value}&rent.2.load_gpus.per=8");
        let (path, problem) = malformed(&f);
        assert_eq!(path, "rent.2.load_gpus.gpus");
        assert!(matches!(problem, ReadProblem::NotWhole { .. }), "{f}");
    }
    // Whole numbers out of range are the validator's, by path.
    let e = from_fragment("v=2&rent.2.load_gpus.gpus=0&rent.2.load_gpus.per=8").unwrap_err();
    assert!(matches!(e, Error::OutOfRange { ref path, .. } if path == "rent.2.load_gpus.gpus"));
    let e = from_fragment("v=2&own.load_gpus.gpus=8&own.load_gpus.per=1025").unwrap_err();
    assert!(matches!(e, Error::OutOfRange { ref path, .. } if path == "own.load_gpus.per"));
}

// --- laws -------------------------------------------------------------------------------------

fn bounded() -> impl Strategy<Value = LoadGpus> {
    (1u32..=MAX_GPUS, 1u32..=MAX_GPUS).prop_map(|(gpus, per)| LoadGpus { gpus, per })
}

proptest! {
    #![proptest_config(config(48))]

    /// Any bounded `load_gpus` on any option, on a calendar of any size: a report or a typed
    /// error, never a panic; a report's options count the load in their GPUs.
    #[test]
    fn bounded_load_gpus_never_panic(
        rent in prop::collection::vec(prop::option::of(bounded()), 6),
        own in prop::option::of(bounded()),
        service in 0u32..=MAX_GPUS,
        batch in 0u32..=64,
        hybrid in prop::option::of((0u32..=MAX_GPUS, 0usize..6)),
    ) {
        let mut s = Scenario::default();
        s.calendar.service.gpus = service;
        if let Some(b) = s.calendar.batch.first_mut() {
            b.gpus = batch;
        }
        for (r, g) in s.rent.iter_mut().zip(&rent) {
            r.load_gpus = *g;
        }
        s.own.load_gpus = own;
        s.hybrid = hybrid.map(|(own_gpus, rent)| Hybrid { own_gpus, rent });
        prop_assert!(s.validate().is_ok());
        match evaluate(&s) {
            Ok(report) => {
                let peak = report.load.peak_gpus;
                let of = |g: &Option<LoadGpus>| g.map_or(peak, |g| g.of(peak).unwrap());
                for (r, g) in report.rent.iter().zip(&rent) {
                    prop_assert_eq!(r.needed_gpus, of(g));
                    prop_assert!(r.needed_gpus <= MAX_GPUS);
                }
                prop_assert_eq!(report.own.gpus, of(&own));
            }
            Err(e) => {
                prop_assert!(matches!(e, Error::OutOfRange { .. }), "{:?}", e);
                prop_assert!(e.path().ends_with(".load_gpus.gpus"), "{}", e.path());
            }
        }
        // The sweep over own's GPUs, where it is short enough for a debug build.
        if let Ok(checked) = s.check() {
            let own_peak = own.map_or(Some(service.max(batch)), |g| g.of(service.max(batch)));
            if own_peak.is_some_and(|p| p <= 48) {
                let sweep = checked.hybrid_sweep(1);
                prop_assert!(sweep.is_ok(), "{:?}", sweep.err());
            }
        }
    }

    /// An option that needs more GPUs for the same load never costs less.
    #[test]
    fn more_gpus_per_load_never_cost_less(
        a in 1u32..=48,
        extra in 0u32..=48,
        per in 1u32..=8,
        varied_load in any::<bool>(),
    ) {
        let base = if varied_load { varied() } else { Scenario::default() };
        let fewer = evaluate(&all_with(&base, lg(a, per))).unwrap();
        let more = evaluate(&all_with(&base, lg(a + extra, per))).unwrap();
        prop_assert!(more.own.costs.total >= fewer.own.costs.total);
        for (m, f) in more.rent.iter().zip(&fewer.rent) {
            prop_assert!(
                m.costs.total >= f.costs.total,
                "{}: {} < {}", m.costs.label, m.costs.total, f.costs.total
            );
            prop_assert!(m.needed_gpus >= f.needed_gpus);
        }
    }

    /// `gpus == per` is no field at all, for any count.
    #[test]
    fn equal_counts_are_the_identity(g in 1u32..=MAX_GPUS, k in 0usize..6) {
        let mut s = varied();
        s.rent[k].load_gpus = lg(g, g);
        s.own.load_gpus = lg(g, g);
        prop_assert_eq!(evaluate(&s).unwrap(), evaluate(&varied()).unwrap());
    }
}
