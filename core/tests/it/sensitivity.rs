//! The tornado (±20 % on the key inputs) and the heat map (productive share × tariff).

use gpu_tco_core::analysis::{Cheaper, SensitivityInput, heat_map, tornado, with_tariff};
use gpu_tco_core::{
    Billing, Calendar, Days, Error, LoadProfile, PriceUnit, Scenario, ServiceBilling, evaluate,
    evaluate_profile,
};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use crate::hybrid::{arb_scenario, config};
use crate::util::{calendar, free_own, rent, scenario, window};

// --- tornado ---------------------------------------------------------------------------------------

/// Rent: one 8-GPU instance always on at 5 USD an hour, 3,650 a month. Own: one 100,000 server,
/// a 1 kW base draw at 0.20 per kWh (146 a month; no busy or idle draw), 5 years, 10 % back at
/// the end; the horizon follows the service life. Over 60 months: rent 219,000, own
/// 100,000 + 8,760 − 10,000 = 98,760, savings 120,240.
fn tornado_case() -> Scenario {
    let mut s = scenario(
        Calendar::default(),
        vec![rent(8, dec!(5), PriceUnit::InstanceHour, Billing::AlwaysOn)],
        60,
    );
    s.own = free_own(8, 5);
    s.own.price_per_server = dec!(100000);
    s.own.energy.base_watts_per_server = dec!(1000);
    s.own.energy.price_per_kwh = dec!(0.2);
    s.own.residual_percent = dec!(10);
    s.finance.horizon_months = None;
    s
}

#[test]
fn the_tornado_ranks_the_inputs_by_their_effect() {
    let s = tornado_case();
    let bars = tornado(&s, 0).unwrap();
    let order: Vec<SensitivityInput> = bars.iter().map(|b| b.input).collect();
    assert_eq!(
        order,
        [
            SensitivityInput::RentTariff,
            SensitivityInput::CloudPriceChange,
            SensitivityInput::ServiceLife,
            SensitivityInput::ServerPrice,
            SensitivityInput::DiscountRate,
            SensitivityInput::ResidualValue,
            SensitivityInput::PowerPrice,
            SensitivityInput::ProductiveHours,
            SensitivityInput::StaffHours,
        ]
    );
    let bar = |input| bars.iter().find(|b| b.input == input).unwrap();
    for b in &bars {
        assert_eq!(b.base.savings, dec!(120240));
        // Own's cumulative 100,000 + 146 m reaches rent's 3,650 m in month 28.54.
        assert_eq!(b.base.break_even_month, Some(29));
    }

    // Tariff 4 and 6: rent 175,200 and 262,800; break-even at 100,000 / 2,774 and / 4,234.
    let t = bar(SensitivityInput::RentTariff);
    assert_eq!(
        (t.low.value, t.base.value, t.high.value),
        (dec!(4), dec!(5), dec!(6))
    );
    assert_eq!((t.low.savings, t.high.savings), (dec!(76440), dec!(164040)));
    assert_eq!(
        (t.low.break_even_month, t.high.break_even_month),
        (Some(37), Some(24))
    );
    assert_eq!(t.swing, dec!(87600));

    // The cloud's price change over its source's range: −25 % a year makes the five years'
    // 3,650 a month cost 12 × 3,650 × (1 + 0.75 + 0.5625 + 0.421875 + 0.31640625)
    // = 133,624.2188, so owning saves 34,864.2188; at 0 % the scenario as it is.
    let p = bar(SensitivityInput::CloudPriceChange);
    assert_eq!((p.low.value, p.high.value), (dec!(-25), dec!(0)));
    assert_eq!(
        (p.low.savings, p.high.savings),
        (dec!(34864.2188), dec!(120240))
    );
    assert_eq!(p.swing, dec!(85375.7812));
    // No staff in this case: half and one and a half times 0 change nothing.
    let st = bar(SensitivityInput::StaffHours);
    assert_eq!(
        (st.low.value, st.high.value, st.swing),
        (dec!(0), dec!(0), dec!(0))
    );

    // Life 4 and 6 years, the horizon with it: rent 175,200 / 262,800, own 97,008 / 100,512.
    let l = bar(SensitivityInput::ServiceLife);
    assert_eq!((l.low.value, l.high.value), (dec!(4), dec!(6)));
    assert_eq!((l.low.savings, l.high.savings), (dec!(78192), dec!(162288)));
    assert_eq!(l.swing, dec!(84096));

    // Server 80,000 and 120,000 (residual 8,000 and 12,000): own 80,760 and 116,760.
    let p = bar(SensitivityInput::ServerPrice);
    assert_eq!(
        (p.low.savings, p.high.savings),
        (dec!(138240), dec!(102240))
    );
    assert_eq!(
        (p.low.break_even_month, p.high.break_even_month),
        (Some(23), Some(35))
    );
    assert_eq!(p.swing, dec!(36000));

    // No discounting in the scenario: 0 % and 2 %; the high side is the report's present values.
    let r = bar(SensitivityInput::DiscountRate);
    assert_eq!((r.low.value, r.high.value), (dec!(0), dec!(2)));
    assert_eq!(r.low.savings, dec!(120240));
    let mut discounted = s.clone();
    discounted.finance.discount_rate_percent = dec!(2);
    let report = evaluate(&discounted).unwrap();
    assert_eq!(
        r.high.savings,
        report.rent[0].costs.npv.unwrap() - report.own.costs.npv.unwrap()
    );
    assert_eq!(
        r.high.break_even_month,
        report.rent[0].discounted_break_even_month
    );

    // Residual 8 % and 12 %: ±2,000.
    let v = bar(SensitivityInput::ResidualValue);
    assert_eq!(
        (v.low.savings, v.high.savings),
        (dec!(118240), dec!(122240))
    );

    // Power 0.16 and 0.24: energy 7,008 and 10,512 over 60 months.
    let e = bar(SensitivityInput::PowerPrice);
    assert_eq!(
        (e.low.savings, e.high.savings),
        (dec!(121992), dec!(118488))
    );
    assert_eq!(e.swing, dec!(3504));

    // Always-on rent and no busy draw: the hours change nothing (336 → 268.8 and 403.2).
    let h = bar(SensitivityInput::ProductiveHours);
    assert_eq!(
        (h.low.value, h.base.value, h.high.value),
        (dec!(268.8), dec!(336), dec!(403.2))
    );
    assert_eq!(h.swing, Decimal::ZERO);
}

#[test]
fn a_discount_rate_varies_by_a_fifth_and_savings_become_present_values() {
    let mut s = tornado_case();
    s.finance.discount_rate_percent = dec!(5);
    let bars = tornado(&s, 0).unwrap();
    let report = evaluate(&s).unwrap();
    let npv_savings = report.rent[0].costs.npv.unwrap() - report.own.costs.npv.unwrap();
    for b in &bars {
        assert_eq!(b.base.savings, npv_savings);
        assert_eq!(
            b.base.break_even_month,
            report.rent[0].discounted_break_even_month
        );
    }
    let r = bars
        .iter()
        .find(|b| b.input == SensitivityInput::DiscountRate)
        .unwrap();
    assert_eq!((r.low.value, r.high.value), (dec!(4), dec!(6)));
    // Discounting more weighs the later rent payments less: owning saves less.
    assert!(r.low.savings > r.base.savings && r.base.savings > r.high.savings);
}

#[test]
fn tariffs_move_spot_and_block_prices_in_proportion() {
    let spot = rent(
        8,
        dec!(10),
        PriceUnit::InstanceHour,
        Billing::SpotBatch {
            spot_price: dec!(4),
            rework_percent: dec!(10),
            service: ServiceBilling::AlwaysOn,
        },
    );
    let o = with_tariff(&spot, dec!(15)).unwrap();
    assert_eq!(o.price, dec!(15));
    assert!(matches!(o.billing, Billing::SpotBatch { spot_price, .. } if spot_price == dec!(6)));
    let block = rent(
        8,
        dec!(10),
        PriceUnit::InstanceHour,
        Billing::CapacityBlock {
            block_days: 7,
            blocks_per_year: 4,
            block_price: dec!(8),
        },
    );
    let o = with_tariff(&block, dec!(5)).unwrap();
    assert!(
        matches!(o.billing, Billing::CapacityBlock { block_price, .. } if block_price == dec!(4))
    );
    // From a price of 0 there is no proportion: only the price changes.
    let mut free = block.clone();
    free.price = Decimal::ZERO;
    assert_eq!(with_tariff(&free, dec!(3)).unwrap().billing, block.billing);
}

// --- heat map --------------------------------------------------------------------------------------

/// The cells of `heat_map(s, i, shares, tariffs)` against `evaluate_profile` of the scenario with
/// that tariff, on the calendar's profile without its idle kinds of day (they cost nothing) put
/// on `share × 730 / productive hours` times as many days.
fn assert_cells_are_direct_evaluations(
    s: &Scenario,
    i: usize,
    shares: &[Decimal],
    tariffs: &[Decimal],
) {
    let map = heat_map(s, i, shares, tariffs).unwrap();
    let profile = s.calendar.profile().unwrap();
    let hours = profile.productive_hours().unwrap();
    let busy = LoadProfile {
        days: profile
            .days
            .into_iter()
            .filter(|k| (0..24).any(|h| k.busy(h) > 0))
            .collect(),
    };
    assert_eq!(map.cells.len(), shares.len());
    for (row, share) in map.cells.iter().zip(shares) {
        assert_eq!(row.len(), tariffs.len());
        let scaled = busy.scaled(*share * dec!(730) / hours).unwrap();
        for (cell, tariff) in row.iter().zip(tariffs) {
            let mut point = s.clone();
            point.rent[i] = with_tariff(&s.rent[i], *tariff).unwrap();
            let r = evaluate_profile(&point, &scaled).unwrap();
            assert_eq!((cell.share, cell.tariff), (*share, *tariff));
            assert_eq!(
                cell.own_total, r.own.costs.total,
                "share {share} tariff {tariff}"
            );
            assert_eq!(
                cell.rent_total, r.rent[i].costs.total,
                "share {share} tariff {tariff}"
            );
            assert_eq!(cell.savings, r.rent[i].savings_with_own);
            let expected = if cell.savings > Decimal::ZERO {
                Cheaper::Own
            } else if cell.savings < Decimal::ZERO {
                Cheaper::Rent
            } else {
                Cheaper::Same
            };
            assert_eq!(cell.cheaper, expected);
        }
    }
    let r = evaluate(s).unwrap();
    assert_eq!(map.current.share, r.load.productive_share);
    assert_eq!(map.current.tariff, s.rent[i].price);
    assert_eq!(map.current.savings, r.rent[i].savings_with_own);
    assert_eq!(map.current.own_total, r.own.costs.total);
}

#[test]
fn every_heat_map_cell_is_a_direct_evaluation_of_its_point() {
    let s = Scenario::default();
    let tariffs = [dec!(0), dec!(20), dec!(40.5), dec!(63.296), dec!(98.7654)];
    // On the default calendar 21 working days carry the load: up to 0.4603 × 30.4167 / 21 the
    // scaled days stay a valid month.
    let shares = [dec!(0.05), dec!(0.1), dec!(0.25), dec!(0.4), dec!(0.6)];
    for i in 0..s.rent.len() {
        assert_cells_are_direct_evaluations(&s, i, &shares, &tariffs);
    }
}

#[test]
fn heat_map_cells_reach_a_full_month_on_every_billing_mode() {
    // Service around the clock on 10 working days: share σ is σ × 30.4167 such days, so every
    // share up to 1 is a valid month. One option per billing mode, prices per GPU-hour.
    let c = calendar(
        dec!(10),
        window(0, 24, 4, Days::WorkingDays),
        vec![window(1, 5, 6, Days::WorkingDays)],
    );
    let modes = [
        Billing::AlwaysOn,
        Billing::StartStop {
            start_overhead_hours: dec!(0.25),
        },
        Billing::SavingsPlan {
            term_years: 1,
            price_ratio: dec!(0.6),
            commitment_instances: None,
            start_overhead_hours: dec!(0.25),
        },
        Billing::ReservedSavingsPlan {
            term_years: 3,
            price_ratio: dec!(0.45),
        },
        Billing::SpotBatch {
            spot_price: dec!(1.2),
            rework_percent: dec!(15),
            service: ServiceBilling::StartStop {
                start_overhead_hours: dec!(0.5),
            },
        },
        Billing::CapacityBlock {
            block_days: 14,
            blocks_per_year: 26,
            block_price: dec!(2.5),
        },
        Billing::Monthly {
            setup_fee_per_instance: dec!(500),
            minimum_term_months: 12,
        },
    ];
    let options = modes
        .into_iter()
        .map(|b| rent(2, dec!(3.1), PriceUnit::GpuHour, b))
        .collect();
    let mut s = scenario(c, options, 36);
    s.own.price_per_server = dec!(150000);
    s.own.energy.busy_watts_per_gpu = dec!(300);
    s.own.energy.price_per_kwh = dec!(0.25);
    let shares = [dec!(0.1), dec!(0.33), dec!(0.5), dec!(0.75), dec!(1)];
    let tariffs = [dec!(1), dec!(2.5), dec!(3.1), dec!(4.75)];
    for i in 0..s.rent.len() {
        assert_cells_are_direct_evaluations(&s, i, &shares, &tariffs);
    }
}

#[test]
fn heat_map_inputs_are_checked_by_path() {
    let s = Scenario::default();
    let e = heat_map(&s, 0, &[dec!(0.5), dec!(1.5)], &[dec!(10)]).unwrap_err();
    assert_eq!(e.path(), "shares.1");
    let e = heat_map(&s, 0, &[dec!(0.5)], &[dec!(-1)]).unwrap_err();
    assert_eq!(e.path(), "tariffs.0");
    let many = vec![dec!(0.5); 65];
    assert!(matches!(
        heat_map(&s, 0, &many, &[dec!(1)]).unwrap_err(),
        Error::TooMany { ref path, max: 64, .. } if path == "shares"
    ));
    assert_eq!(heat_map(&s, 9, &[], &[]).unwrap_err().path(), "rent.9");
    assert_eq!(tornado(&s, 9).unwrap_err().path(), "rent.9");
}

#[test]
fn a_scenario_without_load_has_no_cells() {
    let mut s = Scenario::default();
    s.calendar.service.gpus = 0;
    s.calendar.batch.clear();
    let map = heat_map(&s, 0, &[dec!(0.5)], &[dec!(10)]).unwrap();
    assert!(map.cells.is_empty());
    assert_eq!(map.current.share, Decimal::ZERO);
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn the_tornado_starts_from_the_report(s in arb_scenario(), pick in 0usize..3) {
        let i = pick % s.rent.len();
        let bars = tornado(&s, i).unwrap();
        prop_assert_eq!(bars.len(), 9);
        prop_assert!(bars.windows(2).all(|w| w[0].swing >= w[1].swing));
        let r = evaluate(&s).unwrap();
        let (savings, month) = match (r.rent[i].costs.npv, r.own.costs.npv) {
            (Some(rent), Some(own)) => (rent - own, r.rent[i].discounted_break_even_month),
            _ => (r.rent[i].savings_with_own, r.rent[i].break_even_month),
        };
        for b in &bars {
            prop_assert_eq!(b.base.savings, savings);
            prop_assert_eq!(b.base.break_even_month, month);
            prop_assert_eq!(b.swing, (b.high.savings - b.low.savings).abs());
        }
    }

    #[test]
    fn the_heat_map_never_panics_and_starts_from_the_report(
        s in arb_scenario(),
        pick in 0usize..3,
        shares in prop::collection::vec((0i64..=100).prop_map(|n| Decimal::new(n, 2)), 0..=4),
        tariffs in prop::collection::vec((0i64..=100_000).prop_map(|n| Decimal::new(n, 2)), 0..=4),
    ) {
        let i = pick % s.rent.len();
        let map = heat_map(&s, i, &shares, &tariffs).unwrap();
        let r = evaluate(&s).unwrap();
        prop_assert_eq!(map.current.savings, r.rent[i].savings_with_own);
        if r.load.productive_hours > Decimal::ZERO {
            prop_assert_eq!(map.cells.len(), shares.len());
        }
    }
}

/// Scenario `s` with the tornado's `input` set to `value`, as the tornado sets it.
fn with_input(s: &Scenario, i: usize, input: SensitivityInput, value: Decimal) -> Scenario {
    let mut s = s.clone();
    match input {
        SensitivityInput::RentTariff => s.rent[i] = with_tariff(&s.rent[i], value).unwrap(),
        SensitivityInput::ServerPrice => s.own.price_per_server = value,
        SensitivityInput::PowerPrice => s.own.energy.price_per_kwh = value,
        SensitivityInput::ServiceLife => s.own.service_life_years = u32::try_from(value).unwrap(),
        SensitivityInput::ResidualValue => s.own.residual_percent = value,
        SensitivityInput::DiscountRate => s.finance.discount_rate_percent = value,
        SensitivityInput::CloudPriceChange => s.rent[i].extras.yearly_price_change_percent = value,
        SensitivityInput::StaffHours => s.own.staff_hours_per_month = value,
        SensitivityInput::ProductiveHours => {}
    }
    s
}

proptest! {
    #![proptest_config(config(24))]

    /// Every side of every bar is the report of its own scenario (the tornado prices only what
    /// the input changes: own's inputs reuse the option's costs, the option's own costs, the
    /// discount rate both), with a switch out of the option and its yearly price change too.
    #[test]
    fn every_side_is_the_report_of_its_scenario(
        s in arb_scenario(),
        pick in 0usize..3,
        change in prop_oneof![Just(dec!(0)), Just(dec!(-12.5)), Just(dec!(5))],
        switch in any::<bool>(),
    ) {
        let mut s = s;
        let i = pick % s.rent.len();
        s.rent[i].extras.yearly_price_change_percent = change;
        if switch {
            s.switching.from_rent = Some(i);
        }
        let profile = s.calendar.profile().unwrap();
        let hours = profile.productive_hours().unwrap();
        for bar in tornado(&s, i).unwrap() {
            for side in [&bar.low, &bar.high] {
                let report = if bar.input == SensitivityInput::ProductiveHours {
                    // The pattern on as many more or fewer days as the hours say.
                    let factor = if side.value == bar.base.value || hours.is_zero() {
                        Decimal::ONE
                    } else if side.value < bar.base.value {
                        dec!(0.8)
                    } else {
                        dec!(1.2)
                    };
                    match evaluate_profile(&s, &profile.scaled(factor).unwrap()) {
                        Ok(r) => r,
                        // More than a month of days: the tornado prices it, the report refuses.
                        Err(_) => continue,
                    }
                } else {
                    evaluate(&with_input(&s, i, bar.input, side.value)).unwrap()
                };
                let (savings, month) = match (report.rent[i].costs.npv, report.own.costs.npv) {
                    (Some(rent), Some(own)) => {
                        (rent - own, report.rent[i].discounted_break_even_month)
                    }
                    _ => (report.rent[i].savings_with_own, report.rent[i].break_even_month),
                };
                prop_assert_eq!(side.savings, savings, "{:?} at {}", bar.input, side.value);
                prop_assert_eq!(side.break_even_month, month, "{:?} at {}", bar.input, side.value);
            }
        }
    }
}
