//! One hand-computed case per billing mode, and the extras every rent option carries.
//!
//! Every scenario is in USD with USD display (no exchange-rate noise) and zero extras unless a
//! test adds them; the own option costs nothing unless a test says otherwise. Expected values are
//! worked out in the comments.

use gpu_tco_core::{
    Billing, BreakEvenShare, Calendar, CostKind, Currency, Days, Error, PriceUnit, Report,
    Scenario, ServiceBilling, Tier, Warning, evaluate, is_block_length, tiered,
};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use crate::util::{calendar, kinds, line, month, rent, scenario, stop_line, window};

/// 20 working days, 09:00–17:00 on 8 GPUs, no batch: 160 productive hours, 1,280 GPU-hours.
fn office_hours(gpus: u32) -> Calendar {
    calendar(dec!(20), window(9, 17, gpus, Days::WorkingDays), vec![])
}

/// 2 GPUs around the clock on all days, 4 GPUs 08:00–20:00 on 20 working days.
/// Levels (1 GPU per instance): 1st and 2nd instance 730 h, 3rd and 4th 12 × 20 = 240 h.
/// The 3rd and 4th start once per working day: 40 starts a month above level 2.
fn base_and_peak() -> Calendar {
    calendar(
        dec!(20),
        window(0, 24, 2, Days::AllDays),
        vec![window(8, 20, 4, Days::WorkingDays)],
    )
}

/// 20 working days, service 09:00–17:00 on 2 GPUs, batch 00:00–04:00 on 3 GPUs.
fn service_and_batch() -> Calendar {
    calendar(
        dec!(20),
        window(9, 17, 2, Days::WorkingDays),
        vec![window(0, 4, 3, Days::WorkingDays)],
    )
}

fn eval(s: &Scenario) -> Report {
    evaluate(s).expect("scenario evaluates")
}

// --- always_on and reserved -------------------------------------------------------------------

#[test]
fn always_on_bills_730_hours_per_instance() {
    // 1 instance × 730 h × 10 USD = 7,300 a month; 12 months = 87,600.
    let s = scenario(
        office_hours(8),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::AlwaysOn,
        )],
        12,
    );
    let r = eval(&s);
    let a = &r.rent[0];
    assert_eq!(a.instances, 1);
    assert_eq!(a.instance_rate, dec!(10));
    assert_eq!(a.billed_instance_hours_per_month, dec!(730));
    assert_eq!(a.billed_gpu_hours_per_month, dec!(5840));
    assert_eq!(a.costs.total, dec!(87600));
    assert_eq!(a.costs.monthly, dec!(7300));
    assert_eq!(a.costs.one_time, dec!(0));
    assert_eq!(kinds(&a.costs), vec![CostKind::Compute]);
    assert_eq!(month(&a.costs, 0), dec!(0));
    assert_eq!(month(&a.costs, 1), dec!(7300));
    assert_eq!(a.costs.cumulative[12], dec!(87600));
    // 87,600 / (1,280 GPU-hours × 12) = 5.703125.
    assert_eq!(a.costs.cost_per_productive_gpu_hour, Some(dec!(5.7031)));
    assert!(a.costs.warnings.is_empty());
}

#[test]
fn gpu_hour_prices_bill_every_gpu_of_the_instance() {
    // 1.25 per GPU-hour × 8 GPUs = 10 per instance-hour: the same 87,600.
    let s = scenario(
        office_hours(8),
        vec![rent(8, dec!(1.25), PriceUnit::GpuHour, Billing::AlwaysOn)],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(a.instance_rate, dec!(10));
    assert_eq!(a.costs.total, dec!(87600));
}

#[test]
fn instances_round_up_to_whole_instances() {
    // 9 GPUs on 8-GPU instances: 2 instances, 1,460 instance-hours, 11,680 GPU-hours a month.
    let s = scenario(
        office_hours(9),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::AlwaysOn,
        )],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(a.instances, 2);
    assert_eq!(a.billed_instance_hours_per_month, dec!(1460));
    assert_eq!(a.billed_gpu_hours_per_month, dec!(11680));
    assert_eq!(a.costs.total, dec!(175200));
}

#[test]
fn reserved_bills_730_hours_at_on_demand_like_always_on() {
    let s = scenario(
        office_hours(8),
        vec![
            rent(8, dec!(10), PriceUnit::InstanceHour, Billing::Reserved),
            rent(8, dec!(10), PriceUnit::InstanceHour, Billing::AlwaysOn),
        ],
        12,
    );
    let r = eval(&s);
    assert_eq!(r.rent[0].costs.total, dec!(87600));
    assert_eq!(r.rent[0].billed_instance_hours_per_month, dec!(730));
    assert_eq!(r.rent[0].costs.cumulative, r.rent[1].costs.cumulative);
}

#[test]
fn always_on_share_cancels_out_own_cheaper() {
    // Own costs nothing: cheaper at any share, and the share cancels out (billed all month).
    let s = scenario(
        office_hours(8),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::AlwaysOn,
        )],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(
        a.break_even_share,
        Some(BreakEvenShare::OwnCheaperAtAnyShare {
            share_cancels_out: true
        })
    );
    // Own's cumulative (0) is at or below rent's from month 0 on.
    assert_eq!(a.break_even_month, Some(0));
    assert_eq!(a.savings_with_own, dec!(87600));
}

#[test]
fn always_on_share_cancels_out_rent_cheaper() {
    // Own: one server for 1,000,000 (12-month life, no resale) against 87,600 of renting.
    let mut s = scenario(
        office_hours(8),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::AlwaysOn,
        )],
        12,
    );
    s.own.price_per_server = dec!(1000000);
    let r = eval(&s);
    let a = &r.rent[0];
    assert_eq!(r.own.costs.total, dec!(1000000));
    assert_eq!(
        a.break_even_share,
        Some(BreakEvenShare::RentCheaperAtAnyShare {
            share_cancels_out: true
        })
    );
    assert_eq!(a.break_even_month, None);
    assert_eq!(a.savings_with_own, dec!(-912400));
}

// --- start_stop -------------------------------------------------------------------------------

#[test]
fn start_stop_bills_busy_hours_plus_start_overhead() {
    // 160 busy instance-hours × 10 = 1,600; 20 starts × 0.5 h × 10 = 100; 1,700 a month.
    let s = scenario(
        office_hours(8),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::StartStop {
                start_overhead_hours: dec!(0.5),
            },
        )],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(a.billed_instance_hours_per_month, dec!(170));
    assert_eq!(a.billed_gpu_hours_per_month, dec!(1360));
    assert_eq!(line(&a.costs, CostKind::Compute), dec!(19200));
    assert_eq!(line(&a.costs, CostKind::StartOverhead), dec!(1200));
    assert_eq!(a.costs.total, dec!(20400));
    assert_eq!(
        a.costs.warnings,
        vec![Warning::CapacityRisk {
            starts_per_month: dec!(20)
        }]
    );
}

#[test]
fn start_stop_break_even_share_matches_the_hand_solution() {
    // Own: 30,000 cash, 2-year life, no resale, 500 W per busy GPU, 0.25 per kWh, nothing else.
    // With the load on f times as many days (f = 1 is the calendar):
    //   own(f)  = 30,000 + 24 × (1,280 f GPU-h × 0.5 kW × 0.25) = 30,000 + 3,840 f
    //   rent(f) = 24 × 1,700 f = 40,800 f
    // They meet at f = 30,000 / 36,960; the share is f × 160 / 730 = 0.177904… → 0.1779.
    let mut s = scenario(
        office_hours(8),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::StartStop {
                start_overhead_hours: dec!(0.5),
            },
        )],
        24,
    );
    s.own.price_per_server = dec!(30000);
    s.own.service_life_years = 2;
    s.own.energy.busy_watts_per_gpu = dec!(500);
    s.own.energy.price_per_kwh = dec!(0.25);
    let r = eval(&s);
    assert_eq!(r.own.kwh_per_month, dec!(640));
    assert_eq!(r.own.costs.total, dec!(33840));
    let a = &r.rent[0];
    assert_eq!(a.costs.total, dec!(40800));
    assert_eq!(a.savings_with_own, dec!(6960));
    assert_eq!(
        a.break_even_share,
        Some(BreakEvenShare::At {
            share: dec!(0.1779)
        })
    );
    // Break-even month at the calendar's load: 30,000 + 160 m ≤ 1,700 m from m = 19.48 on.
    // Month 19: own 33,040 > rent 32,300; month 20: own 33,200 ≤ rent 34,000.
    assert_eq!(a.costs.cumulative[19], dec!(32300));
    assert_eq!(r.own.costs.cumulative[19], dec!(33040));
    assert_eq!(a.break_even_month, Some(20));
}

#[test]
fn start_stop_counts_a_block_that_wraps_midnight_once() {
    // 22:00–06:00 on all days: one start a day, 8 h × 30.4167 days = 243.3333 h.
    let s = scenario(
        calendar(dec!(21), window(22, 6, 8, Days::AllDays), vec![]),
        vec![rent(
            8,
            dec!(1),
            PriceUnit::InstanceHour,
            Billing::StartStop {
                start_overhead_hours: dec!(0),
            },
        )],
        12,
    );
    let r = eval(&s);
    assert_eq!(r.load.starts_per_day, 1);
    assert_eq!(r.load.starts_per_month, dec!(30.4167));
    assert_eq!(r.load.productive_hours, dec!(243.3333));
    assert_eq!(r.rent[0].billed_instance_hours_per_month, dec!(243.3333));
}

// --- savings_plan -----------------------------------------------------------------------------

fn savings_plan(term_years: u32, ratio: Decimal, commitment: Option<u32>) -> Billing {
    Billing::SavingsPlan {
        term_years,
        price_ratio: ratio,
        commitment_instances: commitment,
        start_overhead_hours: dec!(0.5),
    }
}

#[test]
fn savings_plan_optimal_commitment() {
    // Ratio 0.4: commit an instance while its hours exceed 0.4 × 730 = 292. Levels 1–2 run
    // 730 h (commit), levels 3–4 run 240 h (on demand): commitment 2.
    //   commitment 2 × 730 × 10 × 0.4      = 5,840
    //   on demand above it 480 h × 10      = 4,800
    //   40 starts above it × 0.5 h × 10    =   200
    //   a month                            = 10,840; 12 months = 130,080
    let s = scenario(
        base_and_peak(),
        vec![rent(
            1,
            dec!(10),
            PriceUnit::InstanceHour,
            savings_plan(1, dec!(0.4), None),
        )],
        12,
    );
    let r = eval(&s);
    assert_eq!(r.load.productive_gpu_hours, dec!(1940));
    let a = &r.rent[0];
    assert_eq!(a.instances, 4);
    assert_eq!(a.committed_instances, Some(2));
    assert_eq!(line(&a.costs, CostKind::Commitment), dec!(70080));
    assert_eq!(line(&a.costs, CostKind::OnDemandOverflow), dec!(57600));
    assert_eq!(line(&a.costs, CostKind::StartOverhead), dec!(2400));
    assert_eq!(a.costs.total, dec!(130080));
    // 1,460 committed + 480 on demand + 20 start-overhead hours.
    assert_eq!(a.billed_instance_hours_per_month, dec!(1960));
    assert_eq!(
        a.costs.warnings,
        vec![Warning::CapacityRisk {
            starts_per_month: dec!(40)
        }]
    );
}

#[test]
fn savings_plan_given_commitment_that_loses_money() {
    // Ratio 0.9, 4 instances committed: 4 × 730 × 10 × 0.9 = 26,280 a month, nothing above.
    // The same hours on start/stop on demand: 1,940 h × 10 + 40 starts × 0.5 h × 10 = 19,600.
    // The plan costs 6,680 a month more.
    let s = scenario(
        base_and_peak(),
        vec![rent(
            1,
            dec!(10),
            PriceUnit::InstanceHour,
            savings_plan(1, dec!(0.9), Some(4)),
        )],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(a.committed_instances, Some(4));
    assert_eq!(a.costs.total, dec!(315360));
    assert_eq!(a.billed_instance_hours_per_month, dec!(2920));
    assert_eq!(
        a.costs.warnings,
        vec![Warning::SavingsPlanLoses {
            extra_per_month: dec!(6680)
        }]
    );
}

#[test]
fn savings_plan_loss_is_reported_in_the_display_currency() {
    // As above, shown in EUR at 2 USD per EUR: 6,680 USD = 3,340 EUR a month.
    let mut s = scenario(
        base_and_peak(),
        vec![rent(
            1,
            dec!(10),
            PriceUnit::InstanceHour,
            savings_plan(1, dec!(0.9), Some(4)),
        )],
        12,
    );
    s.finance.display_currency = Currency::Eur;
    s.finance.usd_per_eur = dec!(2);
    let a = &eval(&s).rent[0];
    assert_eq!(a.costs.total, dec!(157680));
    assert_eq!(
        a.costs.warnings,
        vec![Warning::SavingsPlanLoses {
            extra_per_month: dec!(3340)
        }]
    );
}

#[test]
fn savings_plan_commitment_is_owed_for_the_whole_term() {
    // 3-year term, 24-month horizon: the total counts the 24 months up to the horizon; stopping
    // there owes 12 months of commitment (12 × 5,840 = 70,080), in the figure for stopping.
    let s = scenario(
        base_and_peak(),
        vec![rent(
            1,
            dec!(10),
            PriceUnit::InstanceHour,
            savings_plan(3, dec!(0.4), None),
        )],
        24,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(line(&a.costs, CostKind::RemainingCommitment), dec!(0));
    assert_eq!(
        stop_line(&a.costs, CostKind::RemainingCommitment),
        dec!(70080)
    );
    // 24 × 10,840, and 70,080 more when renting stops at month 24.
    assert_eq!(a.costs.total, dec!(260160));
    assert_eq!(a.costs.stop.total, dec!(330240));
    assert_eq!(a.costs.stop.month, 24);
    assert_eq!(a.costs.one_time, dec!(0));
    assert!(a.costs.warnings.contains(&Warning::OwedAfterHorizon {
        months: 12,
        term_months: 36,
        term_from: 1
    }));
}

#[test]
fn savings_plan_term_must_be_one_or_three_years() {
    let s = scenario(
        base_and_peak(),
        vec![rent(
            1,
            dec!(10),
            PriceUnit::InstanceHour,
            savings_plan(2, dec!(0.4), None),
        )],
        12,
    );
    let e = evaluate(&s).unwrap_err();
    assert!(matches!(e, Error::NotAllowedStep { .. }), "{e:?}");
    assert_eq!(e.path(), "rent.0.billing.term_years");
}

// --- reserved_savings_plan --------------------------------------------------------------------

#[test]
fn reserved_savings_plan_bills_730_hours_at_the_plan_rate() {
    // Peak 4 GPUs on 1-GPU instances: 4 × 730 × 10 × 0.4 = 11,680 a month; 12 months 140,160.
    let s = scenario(
        base_and_peak(),
        vec![rent(
            1,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::ReservedSavingsPlan {
                term_years: 1,
                price_ratio: dec!(0.4),
            },
        )],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(a.billed_instance_hours_per_month, dec!(2920));
    assert_eq!(line(&a.costs, CostKind::Commitment), dec!(140160));
    assert_eq!(a.costs.total, dec!(140160));
    assert_eq!(a.committed_instances, None);
    assert_eq!(
        a.break_even_share,
        Some(BreakEvenShare::OwnCheaperAtAnyShare {
            share_cancels_out: true
        })
    );
}

#[test]
fn a_term_plans_rate_changes_only_when_it_is_renewed() {
    // The reserved plan's 11,680 a month is fixed for its term: with prices falling 25 % a
    // year a 3-year plan pays 11,680 in months 1–36 and renews at the list price of year 4,
    // 11,680 × 0.75³ = 4,927.5 a month, for months 37–48 (not 8,760 in year 2 and 6,570 in
    // year 3, as on-demand hours would). 36 × 11,680 + 12 × 4,927.5 = 479,610.
    let mut o = rent(
        1,
        dec!(10),
        PriceUnit::InstanceHour,
        Billing::ReservedSavingsPlan {
            term_years: 3,
            price_ratio: dec!(0.4),
        },
    );
    o.extras.yearly_price_change_percent = dec!(-25);
    let s = scenario(base_and_peak(), vec![o.clone()], 48);
    let a = &eval(&s).rent[0];
    assert_eq!(month(&a.costs, 13), dec!(11680));
    assert_eq!(month(&a.costs, 36), dec!(11680));
    assert_eq!(month(&a.costs, 37), dec!(4927.5));
    assert_eq!(line(&a.costs, CostKind::Commitment), dec!(479610));
    // Stopping at month 48 would leave two years of the renewed term owed at its rate,
    // 24 × 4,927.5 = 118,260; whoever stops then does not renew at month 37 but holds the
    // instance on demand for months 37–48, at 29,200 × 0.75³ = 12,318.75 a month, 7,391.25
    // above the plan: 12 × 7,391.25 = 88,695, less than the term would owe.
    assert_eq!(stop_line(&a.costs, CostKind::RemainingCommitment), dec!(0));
    assert_eq!(stop_line(&a.costs, CostKind::NotRenewed), dec!(88695));
    assert!(a.costs.warnings.contains(&Warning::NotRenewed {
        from: 37,
        months: 12,
        owed_months: 24
    }));
    // A 1-year plan renews every year, so it follows the yearly change.
    if let Billing::ReservedSavingsPlan { term_years, .. } = &mut o.billing {
        *term_years = 1;
    }
    let s = scenario(base_and_peak(), vec![o], 24);
    let a = &eval(&s).rent[0];
    assert_eq!(month(&a.costs, 13), dec!(8760));
}

// --- spot_batch -------------------------------------------------------------------------------

fn spot(service: ServiceBilling) -> Billing {
    Billing::SpotBatch {
        spot_price: dec!(4),
        rework_percent: dec!(25),
        service,
    }
}

#[test]
fn spot_batch_with_the_service_always_on() {
    // Service: 2 instances held all month, 1,460 h × 10 = 14,600.
    // Batch 3 GPUs at 00–04: 2 run on the held instances, 1 on spot: 80 h × 4 × 1.25 = 400.
    // 15,000 a month; 12 months = 180,000.
    let s = scenario(
        service_and_batch(),
        vec![rent(
            1,
            dec!(10),
            PriceUnit::InstanceHour,
            spot(ServiceBilling::AlwaysOn),
        )],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(a.instances, 3);
    assert_eq!(line(&a.costs, CostKind::Compute), dec!(175200));
    assert_eq!(line(&a.costs, CostKind::Spot), dec!(4800));
    assert_eq!(a.costs.total, dec!(180000));
    assert_eq!(a.billed_instance_hours_per_month, dec!(1540));
    assert!(a.costs.warnings.is_empty());
}

#[test]
fn spot_batch_with_the_service_started_and_stopped() {
    // Service: 2 × 8 h × 20 days = 320 h × 10 = 3,200; 40 starts × 0.5 h × 10 = 200.
    // Batch: 3 spot instances × 4 h × 20 days = 240 h × 4 × 1.25 = 1,200.
    // 4,600 a month; 12 months = 55,200.
    let s = scenario(
        service_and_batch(),
        vec![rent(
            1,
            dec!(10),
            PriceUnit::InstanceHour,
            spot(ServiceBilling::StartStop {
                start_overhead_hours: dec!(0.5),
            }),
        )],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(line(&a.costs, CostKind::Compute), dec!(38400));
    assert_eq!(line(&a.costs, CostKind::StartOverhead), dec!(2400));
    assert_eq!(line(&a.costs, CostKind::Spot), dec!(14400));
    assert_eq!(a.costs.total, dec!(55200));
    assert_eq!(a.billed_instance_hours_per_month, dec!(580));
    assert_eq!(
        a.costs.warnings,
        vec![Warning::CapacityRisk {
            starts_per_month: dec!(40)
        }]
    );
}

// --- capacity_block ---------------------------------------------------------------------------

fn block(block_days: u32, blocks_per_year: u32) -> Billing {
    Billing::CapacityBlock {
        block_days,
        blocks_per_year,
        block_price: dec!(10),
    }
}

#[test]
fn capacity_blocks_are_whole_days_spread_over_the_year() {
    // 4 instances × 7 days × 24 h × 10 = 6,720 per block, 4 blocks a year = 26,880 a year,
    // 2,240 in each month: 53,760 over 24 months.
    let s = scenario(
        base_and_peak(),
        vec![rent(1, dec!(99), PriceUnit::InstanceHour, block(7, 4))],
        24,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(line(&a.costs, CostKind::CapacityBlocks), dec!(53760));
    assert_eq!(a.costs.total, dec!(53760));
    for m in [1, 4, 12, 13, 24] {
        assert_eq!(month(&a.costs, m), dec!(2240), "month {m}");
    }
    assert_eq!(month(&a.costs, 0), dec!(0));
    // Blocks leave days uncovered: the option answers neither question of the verdict.
    assert_eq!(a.capacity, gpu_tco_core::Capacity::NotCovered);
    // 28 block days a year = 2.3333 days a month × 24 h × 4 instances.
    assert_eq!(a.billed_instance_hours_per_month, dec!(224));
    // The load runs on every day: blocks leave a gap.
    assert_eq!(
        a.costs.warnings,
        vec![Warning::CoverageGap {
            covered_days_per_month: dec!(2.3333),
            busy_days_per_month: dec!(30.4167),
        }]
    );
}

#[test]
fn capacity_block_lengths_follow_the_step_rule() {
    for days in 0..=200u32 {
        let weekly = (7..=182).step_by(7).any(|w| w == days);
        let expected = (1..=14).contains(&days) || weekly;
        assert_eq!(is_block_length(days), expected, "{days} days");
    }
    for days in [1, 13, 14, 21, 28, 182] {
        let s = scenario(
            base_and_peak(),
            vec![rent(1, dec!(1), PriceUnit::InstanceHour, block(days, 1))],
            12,
        );
        assert!(evaluate(&s).is_ok(), "{days} days");
    }
    for days in [0, 15, 20, 183, 189] {
        let s = scenario(
            base_and_peak(),
            vec![rent(1, dec!(1), PriceUnit::InstanceHour, block(days, 1))],
            12,
        );
        let e = evaluate(&s).unwrap_err();
        assert!(
            matches!(&e, Error::NotAllowedStep { value, .. } if *value == Decimal::from(days)),
            "{days} days: {e:?}"
        );
        assert_eq!(e.path(), "rent.0.billing.block_days");
    }
}

#[test]
fn capacity_blocks_cannot_exceed_a_year() {
    // 182-day blocks: at most 2 a year.
    let s = scenario(
        base_and_peak(),
        vec![rent(1, dec!(1), PriceUnit::InstanceHour, block(182, 3))],
        12,
    );
    let e = evaluate(&s).unwrap_err();
    assert!(matches!(e, Error::OutOfRange { .. }), "{e:?}");
    assert_eq!(e.path(), "rent.0.billing.blocks_per_year");
}

// --- monthly ----------------------------------------------------------------------------------

#[test]
fn monthly_rental_with_setup_fee_and_minimum_term_beyond_the_horizon() {
    // 12 GPUs on 8-GPU servers: 2 servers × 2,000 a month = 4,000; setup 2 × 500 at month 0.
    // Minimum term 24 months, horizon 12: the total is 1,000 + 12 × 4,000 = 49,000; stopping at
    // month 12 owes 12 months × 4,000 = 48,000 more (97,000).
    let s = scenario(
        office_hours(12),
        vec![rent(
            8,
            dec!(2000),
            PriceUnit::InstanceMonth,
            Billing::Monthly {
                setup_fee_per_instance: dec!(500),
                minimum_term_months: 24,
            },
        )],
        12,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(a.instances, 2);
    assert_eq!(a.billed_instance_hours_per_month, dec!(1460));
    assert_eq!(line(&a.costs, CostKind::Compute), dec!(48000));
    assert_eq!(line(&a.costs, CostKind::SetupFee), dec!(1000));
    assert_eq!(line(&a.costs, CostKind::MinimumTerm), dec!(0));
    assert_eq!(stop_line(&a.costs, CostKind::MinimumTerm), dec!(48000));
    assert_eq!(a.costs.total, dec!(49000));
    assert_eq!(a.costs.stop.total, dec!(97000));
    assert_eq!(a.costs.one_time, dec!(1000));
    assert_eq!(a.costs.monthly, dec!(4000));
    assert_eq!(a.costs.cumulative[0], dec!(1000));
    assert_eq!(month(&a.costs, 12), dec!(4000));
    assert_eq!(
        a.costs.warnings,
        vec![
            Warning::IdleGpusBilled {
                billed: 16,
                needed: 12
            },
            Warning::OwedAfterHorizon {
                months: 12,
                term_months: 24,
                term_from: 1
            }
        ]
    );
}

#[test]
fn monthly_rental_inside_its_minimum_term_owes_nothing_extra() {
    let s = scenario(
        office_hours(12),
        vec![rent(
            8,
            dec!(2000),
            PriceUnit::InstanceMonth,
            Billing::Monthly {
                setup_fee_per_instance: dec!(0),
                minimum_term_months: 12,
            },
        )],
        24,
    );
    let a = &eval(&s).rent[0];
    assert_eq!(a.costs.total, dec!(96000));
    assert_eq!(a.costs.stop.total, dec!(96000));
    assert_eq!(stop_line(&a.costs, CostKind::MinimumTerm), dec!(0));
    // 12 GPUs on 8-GPU servers: 16 billed.
    assert_eq!(
        a.costs.warnings,
        vec![Warning::IdleGpusBilled {
            billed: 16,
            needed: 12
        }]
    );
    assert_eq!(a.costs.warnings[0].idle_gpus(), Some(4));
    assert_eq!(a.costs.warnings[0].stop_month(), None);
}

// --- extras -----------------------------------------------------------------------------------

fn tiers() -> Vec<Tier> {
    vec![
        Tier {
            up_to_gb: Some(dec!(100)),
            price_per_gb: dec!(0),
        },
        Tier {
            up_to_gb: Some(dec!(1000)),
            price_per_gb: dec!(0.09),
        },
        Tier {
            up_to_gb: None,
            price_per_gb: dec!(0.05),
        },
    ]
}

#[test]
fn tiered_egress_with_a_free_allowance() {
    let t = tiers();
    assert_eq!(tiered(dec!(0), &t).unwrap(), dec!(0));
    assert_eq!(tiered(dec!(100), &t).unwrap(), dec!(0));
    // 900 × 0.09
    assert_eq!(tiered(dec!(1000), &t).unwrap(), dec!(81));
    // 81 + 500 × 0.05
    assert_eq!(tiered(dec!(1500), &t).unwrap(), dec!(106));
    // Without an open-ended tier the last bounded tier's price applies above it.
    let bounded = &t[..2];
    assert_eq!(tiered(dec!(1500), bounded).unwrap(), dec!(126));
    assert_eq!(tiered(dec!(50), &[]).unwrap(), dec!(0));
}

fn with_extras(price: Decimal) -> gpu_tco_core::RentOption {
    let mut o = rent(8, price, PriceUnit::InstanceHour, Billing::AlwaysOn);
    o.extras.storage_gb = dec!(1000);
    o.extras.storage_price_per_gb_month = dec!(0.1);
    o.extras.egress_gb_per_month = dec!(1500);
    o.extras.egress_tiers = tiers();
    o.extras.support_percent = dec!(10);
    o.extras.support_minimum_per_month = dec!(500);
    o.extras.other_per_month = dec!(50);
    o.extras.yearly_price_change_percent = dec!(-10);
    o.extras.exit_data_gb = dec!(2000);
    o
}

#[test]
fn extras_storage_egress_support_price_change_and_exit() {
    // Year 1: compute 7,300 + storage 100 + transfer 106 + other 50 = 7,556; support 10 % =
    //         755.6 (above the 500 minimum); 8,311.6 a month.
    // Year 2: prices 10 % lower: compute 6,570 + storage 90 + transfer 95.4 + other 50
    //         (not a cloud price) = 6,805.4; support 680.54; 7,485.94 a month.
    // Total 12 × 8,311.6 + 12 × 7,485.94 = 189,570.48. Stopping at month 24 moves 2,000 GB
    // out over the tiers: 0 + 81 + 50 = 131 (no start date: switching charges apply).
    let s = scenario(office_hours(8), vec![with_extras(dec!(10))], 24);
    let a = &eval(&s).rent[0];
    assert_eq!(month(&a.costs, 1), dec!(8311.6));
    assert_eq!(month(&a.costs, 12), dec!(8311.6));
    assert_eq!(month(&a.costs, 13), dec!(7485.94));
    assert_eq!(month(&a.costs, 24), dec!(7485.94));
    assert_eq!(line(&a.costs, CostKind::Compute), dec!(166440));
    assert_eq!(line(&a.costs, CostKind::Storage), dec!(2280));
    assert_eq!(line(&a.costs, CostKind::DataTransfer), dec!(2416.8));
    assert_eq!(line(&a.costs, CostKind::Other), dec!(1200));
    assert_eq!(line(&a.costs, CostKind::Support), dec!(17233.68));
    assert_eq!(line(&a.costs, CostKind::Exit), dec!(0));
    assert_eq!(stop_line(&a.costs, CostKind::Exit), dec!(131));
    assert_eq!(a.costs.total, dec!(189570.48));
    assert_eq!(a.costs.stop.total, dec!(189701.48));
    assert!(!a.costs.stop.exit_free_under_data_act);
    assert_eq!(a.costs.one_time, dec!(0));
    // From 12 January 2027 a full switch carries no switching charges: the exit is free.
    let mut later = s.clone();
    later.switching.start_date = Some("2025-01-12".into());
    let b = &eval(&later).rent[0];
    assert_eq!(b.costs.stop.total, dec!(189570.48));
    assert!(b.costs.stop.exit_free_under_data_act);
    // 24 months from 2024-12-01 end on 2026-12-01, before the date: charged.
    later.switching.start_date = Some("2024-12-01".into());
    assert_eq!(eval(&later).rent[0].costs.stop.total, dec!(189701.48));
}

#[test]
fn support_minimum_applies_when_the_percentage_is_smaller() {
    // Compute 365 (0.5 × 730) + 100 + 106 + 50 = 621 → 10 % = 62.1 < 500: 500 in every month.
    let s = scenario(office_hours(8), vec![with_extras(dec!(0.5))], 24);
    let a = &eval(&s).rent[0];
    assert_eq!(line(&a.costs, CostKind::Support), dec!(12000));
    // Year 2: 328.5 + 90 + 95.4 + 50 + 500.
    assert_eq!(month(&a.costs, 13), dec!(1063.9));
}

#[test]
fn virtualisation_loss_raises_the_hours_paid_for_the_same_work() {
    // 20 % loss: 1 / 0.8 = 1.25 × the compute. Always on: 730 × 10 × 1.25 = 9,125 a month.
    // Start/stop: 160 × 10 × 1.25 + 20 starts × 0.5 h × 10 (boot is not work) = 2,100.
    let mut always = rent(8, dec!(10), PriceUnit::InstanceHour, Billing::AlwaysOn);
    always.extras.virtualisation_loss_percent = dec!(20);
    let mut stop = rent(
        8,
        dec!(10),
        PriceUnit::InstanceHour,
        Billing::StartStop {
            start_overhead_hours: dec!(0.5),
        },
    );
    stop.extras.virtualisation_loss_percent = dec!(20);
    let s = scenario(office_hours(8), vec![always, stop], 12);
    let r = eval(&s);
    assert_eq!(r.rent[0].costs.monthly, dec!(9125));
    assert_eq!(r.rent[0].costs.total, dec!(109500));
    assert_eq!(r.rent[1].costs.monthly, dec!(2100));
    assert_eq!(r.rent[1].costs.total, dec!(25200));
}

#[test]
fn yearly_price_change_compounds() {
    // +10 % a year: 7,300, then 8,030, then 8,833 a month.
    let mut o = rent(8, dec!(10), PriceUnit::InstanceHour, Billing::AlwaysOn);
    o.extras.yearly_price_change_percent = dec!(10);
    let s = scenario(office_hours(8), vec![o], 36);
    let a = &eval(&s).rent[0];
    assert_eq!(month(&a.costs, 12), dec!(7300));
    assert_eq!(month(&a.costs, 13), dec!(8030));
    assert_eq!(month(&a.costs, 25), dec!(8833));
    assert_eq!(a.costs.total, dec!(289956));
}

#[test]
fn usd_prices_are_converted_to_the_display_currency() {
    // 87,600 USD at 1.25 USD per EUR = 70,080 EUR; an EUR option shown in USD the other way.
    let mut s = scenario(
        office_hours(8),
        vec![
            rent(8, dec!(10), PriceUnit::InstanceHour, Billing::AlwaysOn),
            rent(8, dec!(10), PriceUnit::InstanceHour, Billing::AlwaysOn),
        ],
        12,
    );
    s.rent[1].currency = Currency::Eur;
    s.finance.usd_per_eur = dec!(1.25);
    s.finance.display_currency = Currency::Eur;
    let r = eval(&s);
    assert_eq!(r.currency, Currency::Eur);
    assert_eq!(r.rent[0].costs.total, dec!(70080));
    assert_eq!(r.rent[0].instance_rate, dec!(8));
    assert_eq!(r.rent[1].costs.total, dec!(87600));
    s.finance.display_currency = Currency::Usd;
    let r = eval(&s);
    assert_eq!(r.rent[0].costs.total, dec!(87600));
    assert_eq!(r.rent[1].costs.total, dec!(109500));
}

#[test]
fn no_load_bills_nothing_but_always_on_still_provisions_nothing() {
    // 0 GPUs: no instances, no cost, no cost per productive hour, no break-even share.
    let s = scenario(
        calendar(dec!(21), window(7, 19, 0, Days::WorkingDays), vec![]),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::AlwaysOn,
        )],
        12,
    );
    let r = eval(&s);
    assert_eq!(r.load.productive_hours, dec!(0));
    assert_eq!(r.rent[0].instances, 0);
    assert_eq!(r.rent[0].costs.total, dec!(0));
    assert_eq!(r.rent[0].costs.cost_per_productive_gpu_hour, None);
    assert_eq!(r.rent[0].break_even_share, None);
}
