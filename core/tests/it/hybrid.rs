//! Peaks in the calendar and the hybrid pattern (own the base load, rent the peaks), with a
//! hand-computed case, the JSON extension's compatibility, and laws on bounded scenarios.
//!
//! `arb_scenario()` is shared with the sensitivity and cash-flow tests.

use gpu_tco_core::analysis::hybrid_sweep;
use gpu_tco_core::{
    Billing, Calendar, Currency, DEFAULT_JSON, Days, Error, Financing, Hybrid, MAX_PEAKS, Peak,
    PriceUnit, Scenario, ServiceBilling, Warning, Window, evaluate,
};
use proptest::prelude::*;
use proptest::test_runner::Config;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::json;

use crate::util::{calendar, free_own, rent, scenario, window};

fn peak(start_hour: u32, end_hour: u32, gpus: u32, days: Days, days_of_month: u32) -> Peak {
    Peak {
        start_hour,
        end_hour,
        gpus,
        days,
        days_of_month,
        months: Vec::new(),
    }
}

/// 8 GPUs around the clock on every day; a 16-GPU peak around the clock on the last 2 days of
/// every month. No working days, so every day is an "other" day and the numbers stay whole:
/// 30.4167 − 2 = 28.4167 base days at 8 GPUs, 2 peak days at 16 GPUs.
fn base_and_month_end_peak() -> Calendar {
    let mut c = calendar(dec!(0), window(0, 24, 8, Days::AllDays), vec![]);
    c.peaks = vec![peak(0, 24, 16, Days::AllDays, 2)];
    c
}

// --- peaks in the calendar ---------------------------------------------------------------------

#[test]
fn a_peak_adds_its_hours_as_extra_kinds_of_day() {
    let profile = base_and_month_end_peak().profile().unwrap();
    // Base: 8 × 730 = 5,840 GPU-hours; the peak adds 8 more GPUs × 24 h × 2 days = 384.
    assert_eq!(
        profile.productive_gpu_hours().unwrap().round_dp(10),
        dec!(6224)
    );
    assert_eq!(profile.productive_hours().unwrap().round_dp(10), dec!(730));
    assert_eq!(profile.peak_gpus(), 16);
    let days: Decimal = profile.days.iter().map(|k| k.days).sum();
    assert_eq!(days.round_dp(10), dec!(30.4166666667));
}

#[test]
fn a_peak_in_two_months_weighs_two_twelfths() {
    // Default calendar (8 GPUs 07–19 and 01–05 on 21 working days) and a 24-GPU peak 09–17 on
    // the last 3 working days of March and December: 3 × 2/12 = 0.5 working days a month,
    // each with 16 more GPUs for 8 hours: 0.5 × 8 × 16 = 64 GPU-hours a month.
    let c = Calendar {
        peaks: vec![Peak {
            months: vec![3, 12],
            ..peak(9, 17, 24, Days::WorkingDays, 3)
        }],
        ..Calendar::default()
    };
    let base = Calendar::default().profile().unwrap();
    let with = c.profile().unwrap();
    let extra = with.productive_gpu_hours().unwrap() - base.productive_gpu_hours().unwrap();
    assert_eq!(extra, dec!(64));
    assert_eq!(with.productive_hours().unwrap(), dec!(336));
    // The peak's days come out of the working days.
    assert_eq!(with.days[0].days, dec!(20.5));
    assert_eq!(with.days[2].days, dec!(0.5));
}

#[test]
fn overlapping_peaks_count_each_gpu_hour_once() {
    // Two working-days peaks, nested at the month's end: 16 GPUs on the last 4 working days,
    // 32 GPUs on the last 2, both 10–12. On the last 2 days 32 GPUs are busy (not 48), on the
    // 2 days before 16: (2 × 32 + 2 × 16 − 4 × 8) × 2 h = 128 GPU-hours more than the base.
    let c = Calendar {
        peaks: vec![
            peak(10, 12, 16, Days::WorkingDays, 4),
            peak(10, 12, 32, Days::WorkingDays, 2),
        ],
        ..Calendar::default()
    };
    let base = Calendar::default().profile().unwrap();
    let with = c.profile().unwrap();
    let extra = with.productive_gpu_hours().unwrap() - base.productive_gpu_hours().unwrap();
    assert_eq!(extra, dec!(128));
    assert_eq!(with.peak_gpus(), 32);
}

#[test]
fn a_working_days_peak_never_exceeds_the_working_days() {
    // 31 days asked, 21 working days there: the peak runs on all 21.
    let c = Calendar {
        peaks: vec![peak(7, 19, 16, Days::WorkingDays, 31)],
        ..Calendar::default()
    };
    let with = c.profile().unwrap();
    // Service 8 → 16 GPUs for 12 hours on 21 days: 8 × 12 × 21 = 2,016 more.
    let base = Calendar::default().profile().unwrap();
    let extra = with.productive_gpu_hours().unwrap() - base.productive_gpu_hours().unwrap();
    assert_eq!(extra, dec!(2016));
    // The plain working day is left on no day, so it is no kind of day at all.
    assert!(
        with.days.iter().all(|d| d.days > Decimal::ZERO),
        "{:?}",
        with.days
    );
    assert!(
        with.days
            .iter()
            .all(|d| d.service.contains(&16) || d.service.iter().all(|g| *g == 0))
    );
}

#[test]
fn a_calendar_days_peak_falls_on_working_and_other_days_in_proportion() {
    // 3 calendar days on a calendar whose base runs on working days only: 3 × 21 / 30.4167
    // of them are working days (base 8 GPUs, peak 10–12 at 16 adds 8 × 2), the rest other days
    // (no base load, the peak adds 16 × 2).
    let c = Calendar {
        peaks: vec![peak(10, 12, 16, Days::AllDays, 3)],
        ..Calendar::default()
    };
    let base = Calendar::default().profile().unwrap();
    let with = c.profile().unwrap();
    let extra = with.productive_gpu_hours().unwrap() - base.productive_gpu_hours().unwrap();
    let working = dec!(3) * dec!(21) * dec!(24) / dec!(730);
    let expected = working * dec!(16) + (dec!(3) - working) * dec!(32);
    assert_eq!(extra.round_dp(12), expected.round_dp(12));
}

#[test]
fn peaks_that_are_off_change_nothing() {
    let c = Calendar {
        peaks: vec![
            peak(9, 17, 24, Days::WorkingDays, 0),
            peak(9, 17, 0, Days::AllDays, 5),
        ],
        ..Calendar::default()
    };
    assert_eq!(c.profile().unwrap(), Calendar::default().profile().unwrap());
}

#[test]
fn files_without_peaks_still_read_and_the_default_json_is_unchanged() {
    // The default writes no `peaks` key at all.
    let v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    assert!(v["calendar"].get("peaks").is_none());
    assert_eq!(Scenario::default().to_json(), DEFAULT_JSON.trim_end());
    assert_eq!(
        Scenario::from_json(DEFAULT_JSON).unwrap(),
        Scenario::default()
    );
}

#[test]
fn peaks_round_trip_through_json_with_defaults_for_days_and_months() {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    v["calendar"]["peaks"] = json!([
        {"start_hour": 8, "end_hour": 20, "gpus": 24, "days_of_month": 2},
        {"start_hour": 0, "end_hour": 24, "gpus": 16, "days": "all_days",
         "days_of_month": 7, "months": [11, 12]}
    ]);
    let s = Scenario::from_json(&v.to_string()).unwrap();
    assert_eq!(s.calendar.peaks.len(), 2);
    assert_eq!(s.calendar.peaks[0].days, Days::WorkingDays);
    assert!(s.calendar.peaks[0].months.is_empty());
    assert_eq!(s.calendar.peaks[1].months, vec![11, 12]);
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    // A partial scenario (the JS API) may give the peak's whole numbers as JSON numbers.
    let partial = Scenario::from_partial_value(json!({
        "calendar": {"peaks": [{"start_hour": 8, "end_hour": 20, "gpus": 24,
                                "days_of_month": 2, "months": [1, 7]}]}
    }))
    .unwrap();
    assert_eq!(partial.calendar.peaks[0].months, vec![1, 7]);
}

#[test]
fn peak_fields_are_checked_by_path() {
    let with = |p: serde_json::Value| {
        let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
        v["calendar"]["peaks"] = json!([
            {"start_hour": 8, "end_hour": 20, "gpus": 24, "days_of_month": 2},
            p
        ]);
        Scenario::from_json(&v.to_string()).unwrap_err()
    };
    let ok = json!({"start_hour": 8, "end_hour": 20, "gpus": 24, "days_of_month": 2});
    let bad = |field: &str, value: serde_json::Value| {
        let mut p = ok.clone();
        p[field] = value;
        with(p)
    };
    assert_eq!(bad("gpus", json!(1025)).path(), "calendar.peaks.1.gpus");
    assert_eq!(
        bad("start_hour", json!(24)).path(),
        "calendar.peaks.1.start_hour"
    );
    assert_eq!(
        bad("end_hour", json!(25)).path(),
        "calendar.peaks.1.end_hour"
    );
    assert_eq!(
        bad("days_of_month", json!(32)).path(),
        "calendar.peaks.1.days_of_month"
    );
    assert_eq!(
        bad("months", json!([1, 13])).path(),
        "calendar.peaks.1.months.1"
    );
    assert_eq!(
        bad("months", json!([0])).path(),
        "calendar.peaks.1.months.0"
    );
    assert!(matches!(
        bad("months", json!(vec![1; 13])),
        Error::TooMany { max: 12, .. }
    ));
    assert!(matches!(
        bad("weekday", json!(1)),
        Error::Malformed { ref path, .. } if path == "calendar.peaks.1.weekday"
    ));
    let mut s = Scenario::default();
    s.calendar.peaks = vec![peak(8, 20, 16, Days::WorkingDays, 2); MAX_PEAKS + 1];
    assert!(matches!(
        s.validate().unwrap_err(),
        Error::TooMany { ref path, max: 8, .. } if path == "calendar.peaks"
    ));
}

// --- the hybrid ----------------------------------------------------------------------------------

/// Own: 8-GPU servers at 100,000 USD, nothing else, one year. Rent: 1-GPU instances on
/// start/stop at 4 USD an hour, no start overhead, no extras. 12 months.
fn hybrid_case() -> Scenario {
    let mut s = scenario(
        base_and_month_end_peak(),
        vec![rent(
            1,
            dec!(4),
            PriceUnit::InstanceHour,
            Billing::StartStop {
                start_overhead_hours: Decimal::ZERO,
            },
        )],
        12,
    );
    s.own = free_own(8, 1);
    s.own.price_per_server = dec!(100000);
    s
}

#[test]
fn owning_the_base_and_renting_the_peak_wins() {
    // Per month: 8 GPUs × 730 h = 5,840 GPU-hours of base, and 8 more GPUs × 48 h = 384 in the
    // peak: 6,224 productive GPU-hours, 74,688 over 12 months.
    //
    // N = 0, all rented: 6,224 × 4 = 24,896 a month, × 12 = 298,752.
    // N = 4: one server, 100,000; overflow 4 GPUs × 682 h (28.4167 base days × 24) = 2,728 and
    //        12 GPUs × 48 h = 576 → 3,304 × 4 × 12 = 158,592; total 258,592.
    // N = 8: one server, 100,000; overflow 8 GPUs × 48 h = 384 → 384 × 4 × 12 = 18,432;
    //        total 118,432 — the cheapest.
    // N = 9: two servers, 200,000; overflow 7 × 48 = 336 → 16,128; total 216,128.
    // N = 12: two servers, 200,000; overflow 4 × 48 = 192 → 9,216; total 209,216.
    // N = 16, all own: two servers, 200,000.
    let s = hybrid_case();
    let sweep = hybrid_sweep(&s, 0).unwrap();
    assert_eq!(sweep.peak_gpus, 16);
    assert_eq!(sweep.points.len(), 17);
    assert_eq!(sweep.productive_gpu_hours, dec!(74688));
    let total = |n: usize| sweep.points[n].total;
    assert_eq!(total(0), dec!(298752));
    assert_eq!(total(4), dec!(258592));
    assert_eq!(total(8), dec!(118432));
    assert_eq!(total(9), dec!(216128));
    assert_eq!(total(12), dec!(209216));
    assert_eq!(total(16), dec!(200000));
    assert_eq!(sweep.cheapest, 8);
    let best = &sweep.points[8];
    assert_eq!(
        (best.own_total, best.rent_total),
        (dec!(100000), dec!(18432))
    );
    assert_eq!(
        (best.own_servers, best.rented_peak_gpus, best.rent_instances),
        (1, 8, 8)
    );
    // Own serves 5,840 of 6,224 GPU-hours.
    assert_eq!(best.own_share, (dec!(5840) / dec!(6224)).round_dp(4));
    // 118,432 / 74,688 per productive GPU-hour.
    assert_eq!(
        best.cost_per_productive_gpu_hour,
        Some((dec!(118432) / dec!(74688)).round_dp(4))
    );
    // Both ends are the plain options of the report.
    let r = evaluate(&s).unwrap();
    assert_eq!(total(0), r.rent[0].costs.total);
    assert_eq!(total(16), r.own.costs.total);
}

#[test]
fn the_default_scenario_is_all_or_nothing_with_8_gpu_instances() {
    // Own's first GPU buys a whole server, and an overflow of 1–7 GPUs still takes a whole
    // 8-GPU instance: only the ends can win, and own does.
    let sweep = hybrid_sweep(&Scenario::default(), 0).unwrap();
    assert_eq!(sweep.points.len(), 9);
    assert_eq!(sweep.cheapest, 8);
    for p in &sweep.points[1..8] {
        assert_eq!(p.rent_total, sweep.points[0].rent_total);
    }
}

#[test]
fn capacity_blocks_take_a_planned_month_end_peak() {
    // The seed's pairing: planned peaks on capacity blocks. Overflow above 8 GPUs only on the
    // 2 peak days; 12 blocks of 2 days a year (one a month) of one 8-GPU instance at 50 an hour:
    // 2 × 24 × 50 = 2,400 a block, 28,800 a year. Own 8 GPUs: one server, 100,000.
    let mut s = hybrid_case();
    s.rent = vec![rent(
        8,
        dec!(50),
        PriceUnit::InstanceHour,
        Billing::CapacityBlock {
            block_days: 2,
            blocks_per_year: 12,
            block_price: dec!(50),
        },
    )];
    let sweep = hybrid_sweep(&s, 0).unwrap();
    assert_eq!(sweep.points[8].rent_total, dec!(28800));
    assert_eq!(sweep.points[8].total, dec!(128800));
    assert!(sweep.points[8].rent_warnings.is_empty());
    // Below 8 own GPUs the overflow runs every day, and 2 block days a month leave most of it
    // unserved: those points carry the warning and cannot be the cheapest, however little
    // the blocks cost (N = 0: two instances, 57,600).
    assert_eq!(sweep.points[0].rent_total, dec!(57600));
    for p in &sweep.points[..8] {
        assert!(
            p.rent_warnings
                .iter()
                .any(|w| matches!(w, Warning::CoverageGap { .. }))
        );
    }
    assert_eq!(sweep.cheapest, 8);
}

#[test]
fn a_missing_rent_option_is_an_error() {
    let e = hybrid_sweep(&Scenario::default(), 6).unwrap_err();
    assert_eq!(e.path(), "rent.6");
}

// --- a bounded scenario generator, shared with the other sweeps' tests ---------------------------

/// `lo..=hi` in steps of `10^-scale`.
fn dec_in(lo: i64, hi: i64, scale: u32) -> impl Strategy<Value = Decimal> {
    (lo..=hi).prop_map(move |n| Decimal::new(n, scale))
}

fn arb_window() -> impl Strategy<Value = Window> {
    (
        0u32..=23,
        0u32..=24,
        0u32..=12,
        prop_oneof![Just(Days::WorkingDays), Just(Days::AllDays)],
    )
        .prop_map(|(s, e, g, days)| window(s, e, g, days))
}

fn arb_peak() -> impl Strategy<Value = Peak> {
    (
        arb_window(),
        0u32..=31,
        prop::collection::vec(1u32..=12, 0..=3),
    )
        .prop_map(|(w, days_of_month, months)| Peak {
            start_hour: w.start_hour,
            end_hour: w.end_hour,
            gpus: w.gpus * 2,
            days: w.days,
            days_of_month,
            months,
        })
}

fn arb_billing() -> impl Strategy<Value = Billing> {
    prop_oneof![
        Just(Billing::AlwaysOn),
        dec_in(0, 100, 2).prop_map(|h| Billing::StartStop {
            start_overhead_hours: h
        }),
        (
            prop_oneof![Just(1u32), Just(3u32)],
            dec_in(5, 100, 2),
            prop::option::of(0u32..=4)
        )
            .prop_map(|(term_years, price_ratio, commitment_instances)| {
                Billing::SavingsPlan {
                    term_years,
                    price_ratio,
                    commitment_instances,
                    start_overhead_hours: dec!(0.25),
                }
            }),
        (dec_in(0, 5000, 2), dec_in(0, 50, 0), any::<bool>()).prop_map(
            |(spot_price, rework_percent, on)| Billing::SpotBatch {
                spot_price,
                rework_percent,
                service: if on {
                    ServiceBilling::AlwaysOn
                } else {
                    ServiceBilling::StartStop {
                        start_overhead_hours: dec!(0.25),
                    }
                },
            }
        ),
        (1u32..=14, 1u32..=26, dec_in(0, 5000, 2)).prop_map(|(days, n, block_price)| {
            Billing::CapacityBlock {
                block_days: days,
                blocks_per_year: 1 + (n - 1) % (365 / days),
                block_price,
            }
        }),
        (dec_in(0, 10_000, 0), 0u32..=24).prop_map(|(fee, term)| Billing::Monthly {
            setup_fee_per_instance: fee,
            minimum_term_months: term,
        }),
        (dec_in(0, 100, 2), prop::option::of(dec_in(5, 100, 2))).prop_map(|(h, ratio)| {
            Billing::CheapestPlan {
                start_overhead_hours: h,
                term_years: ratio.map(|_| 3),
                price_ratio: ratio,
            }
        }),
    ]
}

/// A valid scenario with small fleets (so a sweep stays short), peaks, every financing and
/// discounting choice, in either currency.
pub fn arb_scenario() -> impl Strategy<Value = Scenario> {
    (
        (
            dec_in(0, 304_167, 4),
            arb_window(),
            prop::collection::vec(arb_window(), 0..=2),
            prop::collection::vec(arb_peak(), 0..=3),
        ),
        prop::collection::vec(
            (
                prop_oneof![Just(1u32), Just(2u32), Just(8u32)],
                dec_in(0, 10_000, 2),
                prop_oneof![Just(PriceUnit::GpuHour), Just(PriceUnit::InstanceHour)],
                arb_billing(),
                any::<bool>(),
            ),
            1..=3,
        ),
        (
            prop_oneof![Just(2u32), Just(4u32), Just(8u32)],
            dec_in(0, 400_000, 0),
            1u32..=6,
            dec_in(0, 100, 0),
            prop_oneof![
                Just(Financing::Cash),
                (dec_in(0, 150, 1), 1u32..=72).prop_map(
                    |(annual_interest_percent, term_months)| {
                        Financing::Loan {
                            annual_interest_percent,
                            term_months,
                        }
                    }
                )
            ],
            (dec_in(0, 1000, 0), dec_in(0, 50, 2), dec_in(0, 20, 0)),
        ),
        (
            prop::option::of(1u32..=72),
            prop_oneof![Just(dec!(0)), dec_in(0, 150, 1)],
            any::<bool>(),
        ),
    )
        .prop_map(
            |((working_days, service, batch, peaks), rents, own, (horizon, rate, usd))| {
                let mut c = calendar(working_days, service, batch);
                c.peaks = peaks;
                let options = rents
                    .into_iter()
                    .map(|(k, price, unit, billing, eur)| {
                        let mut o = rent(k, price, unit, billing);
                        if eur {
                            o.currency = Currency::Eur;
                        }
                        o.extras.storage_gb = dec!(100);
                        o.extras.storage_price_per_gb_month = dec!(0.08);
                        o.extras.support_percent = dec!(3);
                        o.extras.exit_data_gb = dec!(50);
                        o.extras.egress_tiers = gpu_tco_core::aws_egress_tiers();
                        o
                    })
                    .collect();
                let (per_server, price, life, residual, financing, (watts, kwh, staff)) = own;
                let mut s = scenario(c, options, 12);
                s.own = free_own(per_server, life);
                s.own.price_per_server = price;
                s.own.setup_one_time = dec!(2000);
                s.own.residual_percent = residual;
                s.own.financing = financing;
                s.own.energy.busy_watts_per_gpu = watts;
                s.own.energy.idle_watts_per_gpu = watts / dec!(3);
                s.own.energy.base_watts_per_server = dec!(1500);
                s.own.energy.price_per_kwh = kwh;
                s.own.staff_hours_per_month = staff;
                s.own.staff_hourly_rate = dec!(75);
                s.finance.horizon_months = horizon;
                s.finance.discount_rate_percent = rate;
                if usd {
                    s.finance.display_currency = Currency::Usd;
                } else {
                    s.finance.display_currency = Currency::Eur;
                }
                s
            },
        )
}

/// [`crate::util::config`] without a file of regressions.
pub fn config(cases: u32) -> Config {
    Config {
        failure_persistence: None,
        ..crate::util::config(cases)
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn the_generated_scenarios_are_valid(s in arb_scenario()) {
        prop_assert!(s.validate().is_ok(), "{:?}", s.validate());
    }

    #[test]
    fn the_sweep_runs_from_all_rented_to_all_own(s in arb_scenario(), pick in 0usize..3) {
        let i = pick % s.rent.len();
        let sweep = hybrid_sweep(&s, i).unwrap();
        let r = evaluate(&s).unwrap();
        prop_assert_eq!(sweep.peak_gpus, r.load.peak_gpus);
        prop_assert_eq!(sweep.points.len() as u32, sweep.peak_gpus + 1);
        let serving = |p: &&gpu_tco_core::analysis::HybridPoint| {
            !p.rent_warnings.iter().any(|w| matches!(w, Warning::CoverageGap { .. }))
        };
        let best = sweep.points.iter().filter(serving).map(|p| p.total).min().unwrap();
        prop_assert_eq!(sweep.points[sweep.cheapest as usize].total, best);
        for (n, p) in sweep.points.iter().enumerate() {
            prop_assert_eq!(p.own_gpus as usize, n);
            prop_assert!((p.own_total + p.rent_total - p.total).abs() <= dec!(0.0001));
            prop_assert!(p.own_share >= Decimal::ZERO && p.own_share <= Decimal::ONE);
        }
        if sweep.peak_gpus > 0 {
            prop_assert_eq!(sweep.points[0].total, r.rent[i].costs.total);
            prop_assert_eq!(sweep.points.last().unwrap().total, r.own.costs.total);
            prop_assert_eq!(sweep.points.last().unwrap().own_share, Decimal::ONE);
        }
    }

    #[test]
    fn the_reported_hybrid_is_the_sweeps_point(s in arb_scenario(), pick in 0usize..3, n in 0u32..=40) {
        let i = pick % s.rent.len();
        let sweep = hybrid_sweep(&s, i).unwrap();
        let n = n % (sweep.peak_gpus + 1);
        let r = evaluate(&with_hybrid(s, n, i)).unwrap();
        let h = r.hybrid.unwrap();
        prop_assert_eq!(&h.point, &sweep.points[n as usize]);
        prop_assert_eq!(h.cumulative.len() as u32, r.horizon_months + 1);
        prop_assert!((*h.cumulative.last().unwrap() - h.point.total).abs() <= dec!(0.0001));
        prop_assert_eq!(h.savings_against_own, r.own.costs.total - h.point.total);
        prop_assert_eq!(h.savings_against_rent, r.rent[i].costs.total - h.point.total);
    }

    #[test]
    fn scenarios_with_peaks_survive_json(s in arb_scenario()) {
        prop_assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    }
}

// --- the chosen hybrid in the scenario and the report --------------------------------------------

fn with_hybrid(mut s: Scenario, own_gpus: u32, rent: usize) -> Scenario {
    s.hybrid = Some(Hybrid { own_gpus, rent });
    s
}

#[test]
fn the_chosen_hybrid_is_the_sweeps_point_for_every_n() {
    let s = hybrid_case();
    let sweep = hybrid_sweep(&s, 0).unwrap();
    let plain = evaluate(&s).unwrap();
    assert_eq!(plain.hybrid, None);
    for point in &sweep.points {
        let n = point.own_gpus;
        let r = evaluate(&with_hybrid(s.clone(), n, 0)).unwrap();
        let h = r.hybrid.unwrap();
        assert_eq!(&h.point, point, "N = {n}");
        assert_eq!((h.own_gpus, h.rent_index), (n, 0));
        assert_eq!(h.rent_label, "test");
        // Months 0..=12, ending at the total; each part ends at its own total.
        assert_eq!(h.cumulative.len(), 13);
        assert_eq!(h.cumulative.last(), Some(&point.total));
        assert_eq!(h.own_cumulative.last(), Some(&point.own_total));
        assert_eq!(h.rent_cumulative.last(), Some(&point.rent_total));
        for m in 0..13 {
            assert_eq!(h.cumulative[m], h.own_cumulative[m] + h.rent_cumulative[m]);
        }
        assert_eq!(h.savings_against_own, plain.own.costs.total - point.total);
        assert_eq!(
            h.savings_against_rent,
            plain.rent[0].costs.total - point.total
        );
        // The rest of the report does not change.
        assert_eq!(r.own, plain.own);
        assert_eq!(r.rent, plain.rent);
    }
    // N = 8: the server is bought up front (100,000 in month 0); the peak's overflow costs
    // 8 GPUs × 48 h × 4 = 1,536 every month.
    let h = evaluate(&with_hybrid(s.clone(), 8, 0))
        .unwrap()
        .hybrid
        .unwrap();
    assert_eq!(h.cumulative[0], dec!(100000));
    assert_eq!(h.cumulative[1], dec!(101536));
    assert_eq!(h.rent_cumulative[12], dec!(18432));
}

#[test]
fn more_own_gpus_than_the_peak_rent_nothing() {
    // 20 GPUs: three servers, 300,000, and no overflow at all.
    let h = evaluate(&with_hybrid(hybrid_case(), 20, 0))
        .unwrap()
        .hybrid
        .unwrap();
    assert_eq!(h.point.own_servers, 3);
    assert_eq!(
        (h.point.own_total, h.point.rent_total),
        (dec!(300000), dec!(0))
    );
    assert_eq!((h.point.rented_peak_gpus, h.point.rent_instances), (0, 0));
    assert_eq!(h.point.own_share, Decimal::ONE);
    assert!(h.rent_cumulative.iter().all(|c| c.is_zero()));
}

#[test]
fn the_hybrid_is_checked_by_path() {
    let s = hybrid_case();
    let e = with_hybrid(s.clone(), 8, 1).validate().unwrap_err();
    assert!(
        matches!(e, Error::OutOfRange { ref path, max, .. } if path == "hybrid.rent" && max == dec!(0)),
        "{e:?}"
    );
    let e = with_hybrid(s.clone(), 1025, 0).validate().unwrap_err();
    assert!(
        matches!(e, Error::OutOfRange { ref path, .. } if path == "hybrid.own_gpus"),
        "{e:?}"
    );
    assert!(with_hybrid(s.clone(), 1024, 0).validate().is_ok());
    let mut none = with_hybrid(s.clone(), 8, 0);
    none.rent.clear();
    assert_eq!(none.validate().unwrap_err().path(), "hybrid.rent");
    // evaluate and the sweep validate first.
    assert_eq!(
        evaluate(&with_hybrid(s.clone(), 8, 3)).unwrap_err().path(),
        "hybrid.rent"
    );
    assert_eq!(
        hybrid_sweep(&with_hybrid(s, 8, 3), 0).unwrap_err().path(),
        "hybrid.rent"
    );
}

#[test]
fn the_hybrid_round_trips_through_json_and_old_files_read_as_before() {
    let s = with_hybrid(Scenario::default(), 3, 1);
    let text = s.to_json();
    assert!(
        text.contains("\"hybrid\": {\n    \"own_gpus\": 3,\n    \"rent\": 1\n  }"),
        "{text}"
    );
    assert_eq!(Scenario::from_json(&text).unwrap(), s);
    // Without a hybrid the key is left out, and a file without it has none.
    assert!(!Scenario::default().to_json().contains("hybrid"));
    assert_eq!(Scenario::from_json(DEFAULT_JSON).unwrap().hybrid, None);
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    v["hybrid"] = serde_json::Value::Null;
    assert_eq!(Scenario::from_json(&v.to_string()).unwrap().hybrid, None);
    // A partial scenario (the JS API) gives whole numbers as JSON numbers.
    let partial = Scenario::from_partial_value(json!({"hybrid": {"own_gpus": 2, "rent": 3}}));
    assert_eq!(
        partial.unwrap().hybrid,
        Some(Hybrid {
            own_gpus: 2,
            rent: 3
        })
    );
}

#[test]
fn unknown_keys_inside_the_hybrid_are_refused() {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    v["hybrid"] = json!({"own_gpus": 3, "rent": 1, "share": "0.5"});
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert!(
        matches!(e, Error::Malformed { ref path, ref problem } if path == "hybrid.share"
            && problem.to_string().contains("unknown field")),
        "{e:?}"
    );
    // A missing field is named by its object, as serde reports it.
    v["hybrid"] = json!({"own_gpus": 3});
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert!(
        matches!(e, Error::Malformed { ref path, ref problem } if path == "hybrid"
            && problem.to_string().contains("missing field `rent`")),
        "{e:?}"
    );
    v["hybrid"] = json!({"own_gpus": -1, "rent": 0});
    assert_eq!(
        Scenario::from_json(&v.to_string()).unwrap_err().path(),
        "hybrid.own_gpus"
    );
}

/// The page's end-to-end case (tests/tests/e2e/hybrid.rs opens this link): `hybrid_case()` with
/// the page's default scenario as its start, in euros. Around the clock on every day 8 GPUs, and
/// 16 on the last 2 days of each month; one rent option of 1-GPU instances at 4 EUR an hour,
/// start/stop without overhead or extras; own 8-GPU servers at 100,000 EUR and nothing else
/// (no setup, power, colocation, support, staff or resale), a service life of one year; 12
/// months.
pub const PAGE_CASE: &str = "v=2&calendar.working_days=0&calendar.service.start_hour=0\
&calendar.service.end_hour=24&calendar.service.days=all_days&calendar.batch.length=0\
&calendar.peaks.length=1&calendar.peaks.0.end_hour=24&calendar.peaks.0.gpus=16\
&calendar.peaks.0.days=all_days&calendar.peaks.0.days_of_month=2\
&rent.length=1&rent.0.label=GPU%20cloud&rent.0.currency=EUR&rent.0.gpus_per_instance=1\
&rent.0.price=4&rent.0.billing.mode=start_stop&rent.0.billing.start_overhead_hours=0\
&rent.0.extras.storage_gb=0&rent.0.extras.egress_gb_per_month=0&rent.0.extras.exit_data_gb=0\
&own.price_per_server=100000&own.setup_one_time=0&own.energy.price_per_kwh=0\
&own.colocation_per_kw_month=0&own.hardware_support_percent_per_year=0\
&own.staff_hours_per_month=0&own.residual_percent=0&own.service_life_years=1\
&finance.horizon_months=12";

#[test]
fn the_page_case_has_its_optimum_inside() {
    // As in `owning_the_base_and_renting_the_peak_wins`: 6,224 productive GPU-hours a month,
    // 74,688 over the year. All rented 298,752; all own (16 GPUs, two servers) 200,000; own 8
    // GPUs (one server, 100,000) and rent the peak's 8 GPUs × 48 h × 4 = 1,536 a month,
    // 18,432 a year: 118,432, the cheapest, strictly between 0 and 16.
    // Per productive GPU-hour: 118,432 / 74,688 = 1.58569… → 1.5857.
    // Savings: against own alone 200,000 − 118,432 = 81,568; against renting alone
    // 298,752 − 118,432 = 180,320.
    let s = gpu_tco_core::share::from_fragment(PAGE_CASE).unwrap();
    let sweep = hybrid_sweep(&s, 0).unwrap();
    assert_eq!((sweep.peak_gpus, sweep.cheapest), (16, 8));
    let s = with_hybrid(s, 8, 0);
    // The link the page shows after "use this mix".
    let link = gpu_tco_core::share::to_fragment(&s);
    assert!(
        link.contains("&hybrid.own_gpus=8&hybrid.rent=0&own."),
        "{link}"
    );
    let r = evaluate(&s).unwrap();
    assert_eq!(r.currency, Currency::Eur);
    assert_eq!(r.own.costs.total, dec!(200000));
    assert_eq!(r.rent[0].costs.total, dec!(298752));
    let h = r.hybrid.unwrap();
    assert_eq!(h.rent_label, "GPU cloud");
    assert_eq!(h.point.total, dec!(118432));
    assert_eq!(h.point.cost_per_productive_gpu_hour, Some(dec!(1.5857)));
    assert_eq!(h.savings_against_own, dec!(81568));
    assert_eq!(h.savings_against_rent, dec!(180320));
    assert_eq!(h.cumulative[0], dec!(100000));
    assert_eq!(h.cumulative[12], dec!(118432));
}
