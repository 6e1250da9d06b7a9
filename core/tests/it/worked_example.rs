//! The worked example of seed 000 (DESIGN.md §3.5), value by value, on the default scenario.

use gpu_tco_core::{
    BreakEvenShare, GpuHours, HOURS_PER_MONTH, Report, Scenario, Warning, evaluate,
};
use rust_decimal_macros::dec;

fn report() -> Report {
    evaluate(&Scenario::default()).expect("the default scenario evaluates")
}

#[test]
fn productive_hours_per_month_are_336() {
    // 21 working days × 12 h (07:00–19:00) = 252 h, plus 21 × 4 h of batch (01:00–05:00) = 84 h.
    let r = report();
    assert_eq!(r.load.productive_hours, dec!(336));
    assert_eq!(dec!(21) * dec!(12) + dec!(21) * dec!(4), dec!(336));
}

#[test]
fn productive_share_is_46_percent() {
    let r = report();
    // 336 / 730 = 0.460273… → 0.4603 at the report's four places, 0.46 at two.
    assert_eq!(r.load.productive_share, dec!(0.4603));
    assert_eq!(r.load.productive_share.round_dp(2), dec!(0.46));
    // The same 16 busy hours a day on every day of the month (30.4167 days): 16 × 30.4167 / 730
    // = 66.7 %, the most this pattern reaches; a break-even share above it is out of reach.
    assert_eq!(r.load.max_productive_share, dec!(0.6667));
    assert_eq!(HOURS_PER_MONTH, dec!(730));
}

#[test]
fn always_on_bills_730_instance_hours_and_5840_gpu_hours() {
    let r = report();
    let always_on = &r.rent[0];
    assert_eq!(always_on.costs.label, "AWS p5en on-demand, always on");
    assert_eq!(always_on.instances, 1);
    assert_eq!(always_on.gpus_per_instance, 8);
    assert_eq!(always_on.billed_instance_hours_per_month, dec!(730));
    assert_eq!(always_on.billed_gpu_hours_per_month, dec!(5840));
}

#[test]
fn productive_gpu_hours_per_month_are_2688() {
    // 336 h × 8 GPUs.
    let r = report();
    assert_eq!(r.load.productive_gpu_hours, dec!(2688));
    assert_eq!(r.load.peak_gpus, 8);
}

#[test]
fn own_serves_350400_gpu_hours_over_five_years_161280_of_them_productive() {
    let r = report();
    assert_eq!(r.horizon_months, 60);
    assert_eq!(r.own.gpus, 8);
    assert_eq!(r.own.servers, 1);
    // 8 GPUs × 730 h × 60 months.
    assert_eq!(r.own.gpu_hours, dec!(350400));
    // 2,688 × 60.
    assert_eq!(r.own.productive_gpu_hours, dec!(161280));
}

#[test]
fn start_stop_starts_twice_a_day() {
    // Batch 01:00–05:00 and service 07:00–19:00 are not adjacent: two busy blocks a day.
    let r = report();
    assert_eq!(r.load.starts_per_day, 2);
    assert_eq!(r.load.starts_per_month, dec!(42));
    let start_stop = &r.rent[1];
    assert!(start_stop.costs.warnings.contains(&Warning::CapacityRisk {
        starts_per_month: dec!(42)
    }));
    // 336 busy hours + 42 starts × 0.25 h overhead.
    assert_eq!(start_stop.billed_instance_hours_per_month, dec!(346.5));
    assert_eq!(start_stop.billed_gpu_hours_per_month, dec!(2772));
}

#[test]
fn load_duration_curve_is_394_idle_hours_and_336_hours_at_8_gpus() {
    let r = report();
    assert_eq!(
        r.load.hours_by_gpus,
        vec![
            GpuHours {
                gpus: 0,
                hours: dec!(394)
            },
            GpuHours {
                gpus: 8,
                hours: dec!(336)
            },
        ]
    );
    let sum: rust_decimal::Decimal = r.load.hours_by_gpus.iter().map(|p| p.hours).sum();
    assert_eq!(sum, dec!(730));
}

#[test]
fn always_on_and_reservation_share_cancels_out() {
    // Held all 730 hours a month: the productive share stands on both sides and cancels out.
    let r = report();
    assert_eq!(
        r.rent[0].break_even_share,
        Some(BreakEvenShare::OwnCheaperAtAnyShare {
            share_cancels_out: true
        })
    );
    assert_eq!(
        r.rent[3].break_even_share,
        Some(BreakEvenShare::OwnCheaperAtAnyShare {
            share_cancels_out: true
        })
    );
}

#[test]
fn default_results_are_in_euro_over_the_service_life() {
    let r = report();
    assert_eq!(r.currency, gpu_tco_core::Currency::Eur);
    // 63.296 USD / 1.16 USD per EUR = 54.5655 EUR per instance-hour.
    assert_eq!(r.rent[0].instance_rate, dec!(54.5655));
    assert_eq!(r.own.purchase, dec!(319000));
    assert_eq!(r.own.costs.cumulative.len(), 61);
    for rent in &r.rent {
        assert_eq!(rent.costs.cumulative.len(), 61);
    }
}
