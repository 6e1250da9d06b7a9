//! Exact at the edges (issue 21): a kind of day with no days vanishes, a tie at a plan ratio of
//! 1 commits nothing, a converted sum on a tie at the fourth place rounds away from zero, every
//! reported difference is normalised, and the break-even share lands on the flip.

use gpu_tco_core::analysis::hybrid_sweep;
use gpu_tco_core::{
    Billing, BreakEvenShare, CostKind, Currency, Days, GpuHours, Peak, PriceUnit, Scenario, Tier,
    Warning, evaluate,
};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use crate::hybrid::{arb_scenario, config};
use crate::util::{calendar, line, rent, scenario, window};

/// The default with the month busy around the clock: a peak of 40 GPUs 0–24 h on all days,
/// the last 31 days of every month.
fn around_the_clock(working_days: Decimal) -> Scenario {
    let mut s = Scenario::default();
    s.calendar.working_days = working_days;
    s.calendar.peaks = vec![Peak {
        start_hour: 0,
        end_hour: 24,
        gpus: 40,
        days: Days::AllDays,
        days_of_month: 31,
        months: Vec::new(),
    }];
    s
}

#[test]
fn a_kind_of_day_left_with_no_days_vanishes() {
    for wd in [dec!(30.4167), dec!(30.4166), dec!(21)] {
        let s = around_the_clock(wd);
        let profile = s.calendar.profile().unwrap();
        assert!(
            profile
                .days
                .iter()
                .all(|d| d.days.round_dp(10) > Decimal::ZERO),
            "{wd}: {:?}",
            profile.days
        );
        let r = evaluate(&s).unwrap();
        // Busy all 730 hours with 40 GPUs: nothing starts, one point of the duration curve.
        assert_eq!(r.load.starts_per_day, 0, "{wd}");
        assert_eq!(r.load.starts_per_month, Decimal::ZERO, "{wd}");
        assert_eq!(
            r.load.hours_by_gpus,
            vec![GpuHours {
                gpus: 40,
                hours: dec!(730)
            }],
            "{wd}"
        );
        // Start/stop never stops: no start overhead and no capacity risk.
        let ss = &r.rent[1];
        assert_eq!(
            line(&ss.costs, CostKind::StartOverhead),
            Decimal::ZERO,
            "{wd}"
        );
        assert!(
            !ss.costs
                .warnings
                .iter()
                .any(|w| matches!(w, Warning::CapacityRisk { .. })),
            "{wd}: {:?}",
            ss.costs.warnings
        );
        assert_eq!(ss.capacity, gpu_tco_core::Capacity::Held, "{wd}");
    }
}

#[test]
fn a_plan_at_ratio_1_commits_nothing_for_an_instance_busy_all_month() {
    // One instance busy all 730 hours: committing it at ratio 1 costs exactly what on demand
    // does, so the rule (commit while its hours exceed 730 × ratio) commits nothing, and
    // nothing is owed after a 13-month horizon.
    let mut s = scenario(
        calendar(dec!(0), window(0, 24, 8, Days::AllDays), vec![]),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::SavingsPlan {
                term_years: 1,
                price_ratio: Decimal::ONE,
                commitment_instances: None,
                start_overhead_hours: dec!(0.25),
            },
        )],
        13,
    );
    s.finance.horizon_months = Some(13);
    let r = evaluate(&s).unwrap();
    let x = &r.rent[0];
    assert_eq!(x.committed_instances, Some(0));
    // 730 h × 10 × 13 months, on demand.
    assert_eq!(x.costs.total, dec!(94900));
    assert_eq!(x.costs.stop.total, dec!(94900));
    assert!(
        !x.costs
            .warnings
            .iter()
            .any(|w| matches!(w, Warning::OwedAfterHorizon { .. }))
    );
}

#[test]
fn a_converted_sum_on_a_tie_rounds_away_from_zero() {
    // 11.500058 + 0.08 + 0.02 = 11.600058 USD a month is exactly 10.00005 EUR at 1.16: the
    // lines are summed in dollars and converted once, so the tie stays a tie and rounds up.
    // (Converting each line first, at 28 digits, gave 10.0000499999….)
    let mut o = rent(8, Decimal::ZERO, PriceUnit::InstanceHour, Billing::AlwaysOn);
    o.extras.storage_gb = Decimal::ONE;
    o.extras.storage_price_per_gb_month = dec!(11.500058);
    o.extras.other_per_month = dec!(0.08);
    o.extras.egress_gb_per_month = Decimal::ONE;
    o.extras.egress_tiers = vec![Tier {
        up_to_gb: None,
        price_per_gb: dec!(0.02),
    }];
    let mut s = scenario(
        calendar(dec!(21), window(9, 17, 8, Days::WorkingDays), vec![]),
        vec![o],
        1,
    );
    s.finance.display_currency = Currency::Eur;
    let r = evaluate(&s).unwrap();
    assert_eq!(r.rent[0].costs.total, dec!(10.0001));
    assert_eq!(r.rent[0].costs.cumulative[1], dec!(10.0001));
}

#[test]
fn differences_are_normalised() {
    // A hybrid whose savings are nothing reads "0", not "0.000"; every figure has no trailing
    // zeros.
    let s = Scenario {
        hybrid: Some(gpu_tco_core::Hybrid {
            own_gpus: 8,
            rent: 1,
        }),
        ..Scenario::default()
    };
    let r = evaluate(&s).unwrap();
    let h = r.hybrid.as_ref().unwrap();
    assert_eq!(h.savings_against_own.to_string(), "0");
    assert_eq!(h.savings_against_own, h.savings_against_own.normalize());
    assert_eq!(h.savings_against_rent, h.savings_against_rent.normalize());
    for x in &r.rent {
        assert_eq!(x.savings_with_own, x.savings_with_own.normalize());
    }
}

#[test]
fn the_break_even_share_lands_on_a_kink_not_before_it() {
    // One 8-GPU instance on a savings plan at ratio 0.82 for a load 0–24 h: below a share of
    // 0.82 committing does not pay and the instance runs on demand for its busy hours; from
    // 0.82 on the commitment costs 730 × 0.82 × 10 = 5,986 a month whatever the share. Own
    // costs exactly that (5,986 a month of staff): own and rent meet from 0.82 on, and the
    // break-even share is 0.82, not 0.819….
    let mut s = scenario(
        calendar(dec!(0), window(0, 24, 8, Days::AllDays), vec![]),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::SavingsPlan {
                term_years: 1,
                price_ratio: dec!(0.82),
                commitment_instances: None,
                start_overhead_hours: Decimal::ZERO,
            },
        )],
        12,
    );
    s.own.staff_hours_per_month = dec!(598.6);
    s.own.staff_hourly_rate = dec!(10);
    let r = evaluate(&s).unwrap();
    assert_eq!(
        r.rent[0].break_even_share,
        Some(BreakEvenShare::At { share: dec!(0.82) }),
        "{:?}",
        r.rent[0].costs.total
    );
}

proptest! {
    #![proptest_config(config(64))]

    /// No profile has a kind of day without days, and a month busy in every hour starts
    /// nothing.
    #[test]
    fn profiles_hold_only_days_that_occur(s in arb_scenario()) {
        let profile = s.calendar.profile().unwrap();
        for d in &profile.days {
            prop_assert!(d.days.round_dp(10) > Decimal::ZERO, "{:?}", d);
        }
        let r = evaluate(&s).unwrap();
        if r.load.productive_hours == dec!(730) {
            prop_assert_eq!(r.load.starts_per_day, 0);
            prop_assert_eq!(r.load.starts_per_month, Decimal::ZERO);
        }
        let _ = hybrid_sweep(&s, 0);
    }
}
