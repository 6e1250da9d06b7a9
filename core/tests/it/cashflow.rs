//! The finance view: cash flow by year (undiscounted and discounted) and selling own early.

use gpu_tco_core::analysis::{CashFlow, cash_flow_by_year, residual_curve, stop_curve};
use gpu_tco_core::{
    Billing, Calendar, CostKind, Financing, PriceUnit, Report, Scenario, evaluate, resale_fraction,
};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use crate::hybrid::{arb_scenario, config};
use crate::util::{free_own, line, rent, scenario};

/// The cash flow's years add up to the report's totals and present values, year by year to its
/// cumulative curves, and each year's parts to the year.
fn assert_adds_up(flow: &CashFlow, report: &Report) {
    let own = &flow.own.years;
    let own_total: Decimal = own.iter().map(|y| y.amounts.total).sum();
    assert_eq!(own_total, report.own.costs.total);
    for y in own {
        let a = &y.amounts;
        assert_eq!(a.purchase + a.loan + a.running + a.resale, a.total);
        if let Some(d) = &y.discounted {
            assert_eq!(d.purchase + d.loan + d.running + d.resale, d.total);
        }
    }
    // The resale column is the report's resale and value at the horizon; running costs are
    // never a credit.
    let resale: Decimal = own.iter().map(|y| y.amounts.resale).sum();
    let credited = line(&report.own.costs, CostKind::Residual)
        + line(&report.own.costs, CostKind::ValueAtHorizon);
    assert!(
        (resale - credited).abs() <= dec!(0.01),
        "{resale} against {credited}"
    );
    assert!(own.iter().all(|y| y.amounts.running >= Decimal::ZERO));
    let mut running = Decimal::ZERO;
    for y in &own[..own.len() - 1] {
        running += y.amounts.total;
        assert_eq!(running, report.own.costs.cumulative[y.last_month as usize]);
    }
    if let Some(npv) = report.own.costs.npv {
        let pv: Decimal = own
            .iter()
            .map(|y| y.discounted.as_ref().unwrap().total)
            .sum();
        assert_eq!(pv, npv);
    } else {
        assert!(own.iter().all(|y| y.discounted.is_none()));
    }
    assert_eq!(flow.rent.len(), report.rent.len());
    for (f, r) in flow.rent.iter().zip(&report.rent) {
        assert_eq!(f.label, r.costs.label);
        let total: Decimal = f.years.iter().map(|y| y.amounts.total).sum();
        assert_eq!(total, r.costs.total, "{}", f.label);
        for y in &f.years {
            assert_eq!(y.amounts.running + y.amounts.one_time, y.amounts.total);
        }
        if let Some(npv) = r.costs.npv {
            let pv: Decimal = f
                .years
                .iter()
                .map(|y| y.discounted.as_ref().unwrap().total)
                .sum();
            assert_eq!(pv, npv, "{}", f.label);
        }
    }
    // Year 0 is month 0, then whole years, the last one ending at the horizon.
    assert_eq!(
        (own[0].year, own[0].first_month, own[0].last_month),
        (0, 0, 0)
    );
    for w in own.windows(2) {
        assert_eq!(w[1].first_month, w[0].last_month + 1);
        assert!(w[1].last_month - w[0].last_month <= 12);
    }
    assert_eq!(own.last().unwrap().last_month, report.horizon_months);
}

#[test]
fn the_default_cash_flow_adds_up_to_the_report() {
    let s = Scenario::default();
    let flow = cash_flow_by_year(&s).unwrap();
    let report = evaluate(&s).unwrap();
    assert_adds_up(&flow, &report);
    let own = &flow.own.years;
    assert_eq!(own.len(), 6);
    // Paid up front: the server (319,000) and its setup (5,000).
    assert_eq!(own[0].amounts.purchase, dec!(324000));
    // The resale at the end of year 5: 12.5 % of 319,000.
    assert_eq!(own[5].amounts.resale, dec!(-39875));
    assert!(own[1..].iter().all(|y| y.amounts.purchase.is_zero()));
}

#[test]
fn a_horizon_inside_the_service_life_credits_the_market_value_as_resale() {
    // The worked example over 36 months (a reviewer's case): the server's market value at month
    // 36 is credited in the last year's resale, not as negative running costs (the year read
    // "0 | −728 | 0 | −728").
    let mut s = Scenario::default();
    s.finance.horizon_months = Some(36);
    let flow = cash_flow_by_year(&s).unwrap();
    let report = evaluate(&s).unwrap();
    assert_adds_up(&flow, &report);
    let value = line(&report.own.costs, CostKind::ValueAtHorizon);
    assert_eq!(value.round(), dec!(-88272));
    let own = &flow.own.years;
    assert_eq!(own.len(), 4);
    assert_eq!(own[3].amounts.resale.round(), dec!(-88272));
    let sum = flow.own.sum(false).unwrap().unwrap();
    assert_eq!(sum.purchase, dec!(324000));
    // 36 months of 7,295.30 running costs.
    assert_eq!(sum.running.round(), dec!(262631));
    assert_eq!(sum.total, report.own.costs.total);
}

#[test]
fn replacements_resale_and_rent_by_hand() {
    // Own: a 100,000 server for 1 year, half of it back at the end, replaced at month 12;
    // 10 staff hours at 100 a month. Rent: one instance always on at 10 an hour (7,300 a month).
    let mut s = scenario(
        Calendar::default(),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::AlwaysOn,
        )],
        24,
    );
    s.own = free_own(8, 1);
    s.own.price_per_server = dec!(100000);
    s.own.residual_percent = dec!(50);
    s.own.staff_hours_per_month = dec!(10);
    s.own.staff_hourly_rate = dec!(100);
    let flow = cash_flow_by_year(&s).unwrap();
    let own: Vec<_> = flow
        .own
        .years
        .iter()
        .map(|y| {
            let a = &y.amounts;
            (a.purchase, a.loan, a.running, a.resale, a.total)
        })
        .collect();
    let z = Decimal::ZERO;
    assert_eq!(
        own,
        [
            (dec!(100000), z, z, z, dec!(100000)),
            // Month 12: the first server sold for 50,000, the second bought for 100,000.
            (dec!(100000), z, dec!(12000), dec!(-50000), dec!(62000)),
            (z, z, dec!(12000), dec!(-50000), dec!(-38000)),
        ]
    );
    let rent: Vec<_> = flow.rent[0].years.iter().map(|y| y.amounts.total).collect();
    assert_eq!(rent, [z, dec!(87600), dec!(87600)]);
    assert_adds_up(&flow, &evaluate(&s).unwrap());
}

#[test]
fn a_loan_with_discounting_and_a_short_last_year() {
    let mut s = Scenario::default();
    s.own.financing = Financing::Loan {
        annual_interest_percent: dec!(6),
        term_months: 36,
    };
    s.finance.horizon_months = Some(30);
    s.finance.discount_rate_percent = dec!(7.5);
    let flow = cash_flow_by_year(&s).unwrap();
    let report = evaluate(&s).unwrap();
    assert_adds_up(&flow, &report);
    let own = &flow.own.years;
    assert_eq!(own.len(), 4);
    assert_eq!((own[3].first_month, own[3].last_month), (25, 30));
    // Setup up front, no purchase for cash; the payments run monthly and the balance left after
    // 30 of 36 payments falls due at the horizon.
    assert_eq!(own[0].amounts.purchase, dec!(5000));
    assert!(own[0].amounts.loan.is_zero());
    let payment = report.own.loan_payment.unwrap();
    assert!((own[1].amounts.loan - payment * dec!(12)).abs() < dec!(0.001));
    assert!(own[3].amounts.loan > payment * dec!(6));
    // Discounted amounts are smaller, year by year, than the amounts paid.
    for y in &own[1..] {
        assert!(y.discounted.as_ref().unwrap().total < y.amounts.total);
    }
}

// --- selling own early ----------------------------------------------------------------------------

#[test]
fn the_resale_curve_meets_the_used_market_and_the_residual() {
    // PRICES.md: 60–65 % after 1 year, 25–35 % after 3, 10–15 % after 5.
    let at = |months| resale_fraction(5, dec!(12.5), months).unwrap();
    assert_eq!(at(0), Decimal::ONE);
    assert!((dec!(0.60)..=dec!(0.65)).contains(&at(12)), "{}", at(12));
    assert!((dec!(0.25)..=dec!(0.35)).contains(&at(36)), "{}", at(36));
    assert_eq!(at(60), dec!(0.125));
    assert_eq!(at(75), dec!(0.125));
    // A residual of 0 is reached too, and 100 % stays flat.
    assert_eq!(
        resale_fraction(3, Decimal::ZERO, 36).unwrap(),
        Decimal::ZERO
    );
    assert_eq!(resale_fraction(3, dec!(100), 17).unwrap(), Decimal::ONE);
    for life in 1..=10 {
        for residual in [dec!(0), dec!(12.5), dec!(60)] {
            let values: Vec<Decimal> = (0..=life * 12 + 3)
                .map(|m| resale_fraction(life, residual, m).unwrap())
                .collect();
            assert!(
                values.windows(2).all(|w| w[1] <= w[0]),
                "life {life}, residual {residual}"
            );
        }
    }
}

#[test]
fn selling_at_the_end_of_life_is_the_report() {
    let s = Scenario::default();
    let curve = residual_curve(&s).unwrap();
    let report = evaluate(&s).unwrap();
    assert_eq!(curve.len(), 61);
    // Month 0: bought and sold at once, only the setup is spent.
    assert_eq!(
        (curve[0].value_percent, curve[0].own_total),
        (dec!(100), dec!(5000))
    );
    assert_eq!(curve[0].cost_per_productive_gpu_hour, None);
    let end = &curve[60];
    assert_eq!((end.value_percent, end.resale), (dec!(12.5), dec!(39875)));
    assert_eq!(end.own_total, report.own.costs.total);
    // Sold after a year: 319,000 × 64.7 %, against a year of running costs.
    let year = &curve[12];
    assert_eq!(
        year.resale,
        (dec!(319000) * resale_fraction(5, dec!(12.5), 12).unwrap()).round_dp(4)
    );
    let expected = report.own.costs.cumulative[12] - year.resale;
    assert!((year.own_total - expected).abs() <= dec!(0.0001));
    assert!(curve.windows(2).all(|w| w[1].own_total >= w[0].own_total));
}

#[test]
fn selling_a_replacement_and_a_financed_fleet() {
    // Life 2 years over 5: replaced at months 24 and 48; financed over 30 months.
    let mut s = Scenario::default();
    s.own.service_life_years = 2;
    s.own.financing = Financing::Loan {
        annual_interest_percent: dec!(8),
        term_months: 30,
    };
    s.finance.horizon_months = Some(60);
    let curve = residual_curve(&s).unwrap();
    assert!(curve.windows(2).all(|w| w[1].own_total >= w[0].own_total));
    // The second fleet is one month old at month 25.
    assert_eq!(curve[25].value_percent, curve[1].value_percent);
    assert_eq!(curve[24].value_percent, dec!(12.5));
    // The third fleet, bought at month 48, is still held at 60: the report credits its market
    // value then (12 months old), as the sale does.
    let report = evaluate(&s).unwrap().own.costs;
    assert_eq!(curve[60].value_percent, curve[12].value_percent);
    assert_eq!(curve[60].own_total, report.total);
    assert_eq!(line(&report, CostKind::ValueAtHorizon), -curve[60].resale);
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn cash_flow_adds_up_for_any_scenario(s in arb_scenario()) {
        let flow = cash_flow_by_year(&s).unwrap();
        assert_adds_up(&flow, &evaluate(&s).unwrap());
    }

    #[test]
    fn selling_later_never_costs_less(s in arb_scenario()) {
        let curve = residual_curve(&s).unwrap();
        prop_assert_eq!(curve.len() as u32, s.horizon_months() + 1);
        for w in curve.windows(2) {
            prop_assert!(w[1].own_total >= w[0].own_total, "month {}: {} < {}", w[1].month, w[1].own_total, w[0].own_total);
        }
        // Sold at the horizon is what the report counts for own at any horizon.
        prop_assert_eq!(curve.last().unwrap().own_total, evaluate(&s).unwrap().own.costs.total);
    }
}

#[test]
fn the_sums_are_the_report_totals_and_present_values() {
    let s = Scenario::default();
    let flow = cash_flow_by_year(&s).unwrap();
    let report = evaluate(&s).unwrap();
    let own = flow.own.sum(false).unwrap().unwrap();
    assert_eq!(own.total, report.own.costs.total);
    assert_eq!(
        own.purchase + own.loan + own.running + own.resale,
        own.total
    );
    assert_eq!((own.purchase, own.resale), (dec!(324000), dec!(-39875)));
    // Without a discount rate there are no discounted sums.
    assert_eq!(flow.own.sum(true).unwrap(), None);
    for (f, r) in flow.rent.iter().zip(&report.rent) {
        assert_eq!(f.sum(false).unwrap().unwrap().total, r.costs.total);
        assert_eq!(f.sum(true).unwrap(), None);
    }

    let mut s = Scenario::default();
    s.own.financing = Financing::Loan {
        annual_interest_percent: dec!(6),
        term_months: 36,
    };
    s.finance.discount_rate_percent = dec!(7.5);
    let flow = cash_flow_by_year(&s).unwrap();
    let report = evaluate(&s).unwrap();
    let own = flow.own.sum(true).unwrap().unwrap();
    assert_eq!(Some(own.total), report.own.costs.npv);
    assert_eq!(
        own.purchase + own.loan + own.running + own.resale,
        own.total
    );
    assert!(own.loan > Decimal::ZERO);
    assert_eq!(
        flow.own.sum(false).unwrap().unwrap().total,
        report.own.costs.total
    );
    for (f, r) in flow.rent.iter().zip(&report.rent) {
        let sum = f.sum(true).unwrap().unwrap();
        assert_eq!(Some(sum.total), r.costs.npv, "{}", f.label);
        assert_eq!(sum.running + sum.one_time, sum.total);
    }
}

/// The figures the page's finance view shows for the worked example with today's cloud prices
/// held (the end-to-end test `finance` reads the same ones on the page, from a version 1 link).
#[test]
fn the_finance_view_figures_of_the_worked_example() {
    let s = crate::util::prices_held();
    let report = evaluate(&s).unwrap();
    let flow = cash_flow_by_year(&s).unwrap();
    // Own: 324,000 up front, then 87,543.5824 of running costs a year (energy 4,352.4 kWh ×
    // 0.19 × 12 = 9,923.4824, colocation 8.6 kW × 165 × 12 = 17,028, support 31,900, staff
    // 32 h × 75 × 12 = 28,800);
    // the resale of 39,875 in year 5. In all 721,842.912, the report's total.
    assert_eq!(flow.own.years[1].amounts.running, dec!(87543.5824));
    assert_eq!(report.own.costs.total, dec!(721842.912));
    // The cheapest rent option over the horizon is Nebius per GPU, stopped outside busy hours;
    // its cost after 36 months.
    let (index, cheapest) = report.cheapest_rent().unwrap();
    assert_eq!(index, 4);
    assert_eq!(cheapest.costs.label, "Nebius H200 per GPU, cheapest way");
    assert_eq!(cheapest.costs.cumulative[36], dec!(306062.069));
    // Sold at month 36: 27.6714 % of 319,000 back; own has cost 498,359.068, 5.1500 per
    // productive GPU-hour (36 × 2,688 = 96,768 GPU-hours).
    let at = &residual_curve(&s).unwrap()[36];
    assert_eq!(at.value_percent, dec!(27.6714));
    assert_eq!(at.resale, dec!(88271.6792));
    assert_eq!(at.own_total, dec!(498359.068));
    assert_eq!(at.cost_per_productive_gpu_hour, Some(dec!(5.1500)));
    // The same as the report's own total over a 36-month horizon, which credits the servers'
    // market value then (the one horizon rule).
    let mut h36 = Scenario::default();
    h36.finance.horizon_months = Some(36);
    assert_eq!(evaluate(&h36).unwrap().own.costs.total, at.own_total);
    assert_eq!(
        (at.own_total / dec!(96768)).round_dp(4),
        at.cost_per_productive_gpu_hour.unwrap()
    );
    // Discounted at 7.5 %: the present value is the report's NPV.
    let mut s = Scenario::default();
    s.finance.discount_rate_percent = dec!(7.5);
    let flow = cash_flow_by_year(&s).unwrap();
    let own = flow.own.sum(true).unwrap().unwrap();
    assert_eq!(own.total, dec!(660636.4601));
    assert_eq!(Some(own.total), evaluate(&s).unwrap().own.costs.npv);
}

/// Stopping a rent option at month m costs what the report's figure for stopping counts over a
/// horizon of m months: at the horizon that figure; before it, a term still running is owed
/// whole.
#[test]
fn stopping_rent_early_owes_the_term() {
    let s = Scenario::default();
    let report = evaluate(&s).unwrap();
    for (i, r) in report.rent.iter().enumerate() {
        let curve = stop_curve(&s, i).unwrap();
        assert_eq!(curve.len(), 61);
        assert_eq!(curve[60], r.costs.stop.total, "{}", r.costs.label);
        assert!(curve.windows(2).all(|w| w[0] <= w[1]), "{}", r.costs.label);
        // Never less than what has been paid by then.
        for (m, c) in curve.iter().enumerate() {
            assert!(
                *c >= r.costs.cumulative[m].round_dp(2) - dec!(0.01),
                "{} at {m}",
                r.costs.label
            );
        }
    }
    // Start/stop has no term: stopped at 36 it is the cumulative cost plus the exit transfer.
    let start_stop = stop_curve(&s, 1).unwrap();
    assert_eq!(start_stop[36], dec!(603515.7569));
    assert_eq!(
        start_stop[36] - report.rent[1].costs.cumulative[36],
        dec!(31.0345),
        "the exit transfer"
    );
    // The reservation under the 3-year savings plan stopped after 12 months still owes the
    // other 24 months of its commitment: 618,298 where 207,193 have been paid so far; stopped at
    // 36 (the term's end) it is the cumulative cost plus the exit again.
    let plan = stop_curve(&s, 3).unwrap();
    assert_eq!(plan[12], dec!(618298.3779));
    assert_eq!(report.rent[3].costs.cumulative[12], dec!(207192.5628));
    assert_eq!(
        plan[36] - report.rent[3].costs.cumulative[36],
        dec!(31.0345)
    );
    // The savings plan alone commits nothing for the scenario's 60 months (its fixed rate does
    // not pay against an on-demand price falling 12.5 % a year), and a plan is signed at the
    // start: stopped early it owes no term either, at any month the cost of start/stop.
    assert_eq!(stop_curve(&s, 2).unwrap(), start_stop);
    // Never started: only the exit transfer of the data kept (31.03).
    assert_eq!(plan[0], dec!(31.0345));
    assert_eq!(stop_curve(&s, 9).unwrap_err().path(), "rent.9");
}
