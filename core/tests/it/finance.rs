//! Money over time: annuity, present values, break-even months (plain and discounted) and the
//! levelized cost, against reference values.

use gpu_tco_core::{
    Billing, Currency, Days, PriceUnit, Report, Scenario, annuity, break_even_month, cumulative,
    discount_factors, evaluate, loan_balance, present_value,
};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use crate::util::{calendar, prices_held, rent, scenario, window};

#[test]
fn annuity_reference_values() {
    // 100,000 over 36 months at 6 % a year (0.5 % a month): 3,042.19 a month.
    assert_eq!(
        annuity(dec!(100000), dec!(0.005), 36).unwrap().round_dp(2),
        dec!(3042.19)
    );
    // 250,000 over 60 months at 4.8 % a year (0.4 % a month): 4,694.96 a month.
    assert_eq!(
        annuity(dec!(250000), dec!(0.004), 60).unwrap().round_dp(2),
        dec!(4694.94)
    );
    // Without interest the principal is spread evenly.
    assert_eq!(annuity(dec!(1200), dec!(0), 12).unwrap(), dec!(100));
    // One payment repays principal plus one month of interest.
    assert_eq!(
        annuity(dec!(1000), dec!(0.01), 1).unwrap().round_dp(20),
        dec!(1010)
    );
}

#[test]
fn annuity_over_zero_months_is_an_error_not_a_panic() {
    assert!(annuity(dec!(1000), dec!(0), 0).is_err());
    assert!(annuity(dec!(1000), dec!(0.01), 0).is_err());
    // Too large to represent: an error as well.
    assert!(annuity(Decimal::MAX, dec!(1), 1).is_err());
    assert!(annuity(dec!(1000), dec!(2), 120).is_err());
}

#[test]
fn loan_balance_runs_down_to_zero() {
    let p = annuity(dec!(100000), dec!(0.005), 36).unwrap();
    assert_eq!(
        loan_balance(dec!(100000), dec!(0.005), p, 0).unwrap(),
        dec!(100000)
    );
    // After 12 payments: the present value of the 24 left, 68,640.61.
    assert_eq!(
        loan_balance(dec!(100000), dec!(0.005), p, 12)
            .unwrap()
            .round_dp(2),
        dec!(68640.61)
    );
    let end = loan_balance(dec!(100000), dec!(0.005), p, 36).unwrap();
    assert!(end < dec!(0.000001), "{end}");
    // Never negative, even paid past the term.
    assert_eq!(
        loan_balance(dec!(100000), dec!(0.005), p, 40).unwrap(),
        dec!(0)
    );
}

#[test]
fn present_value_reference() {
    // 1,000 a month for 12 months at 1 % a month: 11,255.08.
    let f = discount_factors(dec!(12), 12).unwrap();
    assert_eq!(f.len(), 13);
    assert_eq!(f[0], dec!(1));
    assert_eq!(f[1].round_dp(10), dec!(0.9900990099));
    let mut amounts = vec![dec!(1000); 13];
    amounts[0] = dec!(0);
    assert_eq!(
        present_value(&amounts, &f).unwrap().round_dp(2),
        dec!(11255.08)
    );
    // Month 0 is not discounted.
    assert_eq!(present_value(&[dec!(500)], &f).unwrap(), dec!(500));
    // Without a rate every factor is 1.
    assert!(
        discount_factors(dec!(0), 5)
            .unwrap()
            .iter()
            .all(|f| *f == dec!(1))
    );
}

#[test]
fn cumulative_sums() {
    assert_eq!(
        cumulative(&[dec!(1), dec!(2), dec!(-0.5)]).unwrap(),
        vec![dec!(1), dec!(3), dec!(2.5)]
    );
    assert!(cumulative(&[Decimal::MAX, Decimal::MAX]).is_err());
}

#[test]
fn break_even_month_is_the_first_month_from_which_own_stays_at_or_below() {
    let d = |v: &[i64]| v.iter().map(|x| Decimal::from(*x)).collect::<Vec<_>>();
    // Own below from the start.
    assert_eq!(break_even_month(&d(&[0, 1, 2]), &d(&[5, 6, 7])), Some(0));
    // Crosses at month 2; equal counts as at or below.
    assert_eq!(
        break_even_month(&d(&[10, 12, 14, 16]), &d(&[0, 8, 14, 20])),
        Some(2)
    );
    // Dips below at month 1, rises above again at 2, stays below from 3.
    assert_eq!(
        break_even_month(&d(&[10, 10, 20, 20]), &d(&[0, 15, 15, 25])),
        Some(3)
    );
    // Below only in the last month (a resale credit, say).
    assert_eq!(
        break_even_month(&d(&[10, 20, 30, 5]), &d(&[0, 1, 2, 6])),
        Some(3)
    );
    // Never.
    assert_eq!(break_even_month(&d(&[10, 20, 30]), &d(&[0, 1, 2])), None);
    // Below, then above at the end: never within the horizon.
    assert_eq!(break_even_month(&d(&[0, 1, 9]), &d(&[5, 6, 7])), None);
    assert_eq!(break_even_month(&[], &[]), None);
}

/// Rent always on at 7,300 a month against own bought for 36,000, over 12 months at 12 % a year.
fn discounted() -> Scenario {
    let mut s = scenario(
        calendar(dec!(20), window(9, 17, 8, Days::WorkingDays), vec![]),
        vec![rent(
            8,
            dec!(10),
            PriceUnit::InstanceHour,
            Billing::AlwaysOn,
        )],
        12,
    );
    s.own.price_per_server = dec!(36000);
    s.finance.discount_rate_percent = dec!(12);
    s
}

fn eval(s: &Scenario) -> Report {
    evaluate(s).expect("scenario evaluates")
}

#[test]
fn npv_and_discounted_cumulative() {
    // Rent: 7,300 × Σ 1.01^−m for m = 1..12 = 7,300 × 11.255077… = 82,162.0656.
    let r = eval(&discounted());
    let a = &r.rent[0];
    assert_eq!(a.costs.npv, Some(dec!(82162.0656)));
    let dc = a.costs.discounted_cumulative.as_ref().unwrap();
    assert_eq!(dc.len(), 13);
    assert_eq!(dc[0], dec!(0));
    assert_eq!(dc[1], dec!(7227.7228));
    assert_eq!(dc[5], dec!(35430.048));
    assert_eq!(dc[12], dec!(82162.0656));
    // Own pays everything at month 0: its NPV is its price.
    assert_eq!(r.own.costs.npv, Some(dec!(36000)));
    // Undiscounted totals are unchanged by the rate.
    assert_eq!(a.costs.total, dec!(87600));
}

#[test]
fn discounted_break_even_comes_later() {
    // Plain: 36,000 ≤ 7,300 m from m = 4.93 → month 5.
    // Discounted: 36,000 ≤ 7,300 × a(m); a(5) = 4.8534 (35,430) is short, a(6) = 5.7955
    // (42,307) is enough → month 6.
    let r = eval(&discounted());
    assert_eq!(r.rent[0].break_even_month, Some(5));
    assert_eq!(r.rent[0].discounted_break_even_month, Some(6));
}

#[test]
fn levelized_cost_is_pv_of_cost_over_pv_of_productive_gpu_hours() {
    // PV of hours: 1,280 GPU-h × 11.255077… ; own 36,000 / 14,406.499… = 2.4989.
    // Rent: 7,300 / 1,280 = 5.703125 (the annuity factor cancels) → 5.7031.
    let r = eval(&discounted());
    assert_eq!(
        r.own.costs.levelized_cost_per_productive_gpu_hour,
        Some(dec!(2.4989))
    );
    assert_eq!(
        r.rent[0].costs.levelized_cost_per_productive_gpu_hour,
        Some(dec!(5.7031))
    );
}

#[test]
fn without_discounting_there_is_no_npv() {
    let mut s = discounted();
    s.finance.discount_rate_percent = dec!(0);
    let r = eval(&s);
    for c in std::iter::once(&r.own.costs).chain(r.rent.iter().map(|x| &x.costs)) {
        assert_eq!(c.npv, None);
        assert_eq!(c.discounted_cumulative, None);
        assert_eq!(c.levelized_cost_per_productive_gpu_hour, None);
    }
    assert_eq!(r.rent[0].discounted_break_even_month, None);
    assert_eq!(r.rent[0].break_even_month, Some(5));
}

#[test]
fn break_even_month_in_the_report_follows_the_cumulative_curves() {
    let r = eval(&discounted());
    let own = &r.own.costs.cumulative;
    let rent = &r.rent[0].costs.cumulative;
    let m = r.rent[0].break_even_month.unwrap() as usize;
    assert!(own[m..].iter().zip(&rent[m..]).all(|(o, r)| o <= r));
    assert!(own[m - 1] > rent[m - 1]);
}

#[test]
fn finance_fields_are_range_checked() {
    let mut s = discounted();
    s.finance.discount_rate_percent = dec!(30.01);
    assert_eq!(
        evaluate(&s).unwrap_err().path(),
        "finance.discount_rate_percent"
    );
    let mut s = discounted();
    s.finance.horizon_months = Some(0);
    assert_eq!(evaluate(&s).unwrap_err().path(), "finance.horizon_months");
    s.finance.horizon_months = Some(121);
    assert_eq!(evaluate(&s).unwrap_err().path(), "finance.horizon_months");
    let mut s = discounted();
    s.finance.usd_per_eur = dec!(0);
    s.finance.display_currency = Currency::Eur;
    assert_eq!(evaluate(&s).unwrap_err().path(), "finance.usd_per_eur");
}

#[test]
fn discounted_savings_are_the_difference_of_present_values() {
    let mut s = prices_held();
    assert!(
        evaluate(&s)
            .unwrap()
            .rent
            .iter()
            .all(|x| x.discounted_savings_with_own.is_none()),
        "no discounting, no present-value savings"
    );
    s.finance.discount_rate_percent = dec!(8);
    let r = evaluate(&s).unwrap();
    let own = r.own.costs.npv.unwrap();
    assert_eq!(own, dec!(657028.1779));
    for x in &r.rent {
        assert_eq!(
            x.discounted_savings_with_own,
            Some(x.costs.npv.unwrap() - own),
            "{}",
            x.costs.label
        );
        // Discounting shrinks the later savings more than the purchase up front.
        assert!(x.discounted_savings_with_own.unwrap() < x.savings_with_own);
    }
    // Start/stop: 939,263.7807 − 657,028.1779 = 282,235.6028, break-even in present value at
    // month 31 (28 undiscounted).
    assert_eq!(r.rent[1].costs.npv, Some(dec!(939263.7807)));
    assert_eq!(
        r.rent[1].discounted_savings_with_own,
        Some(dec!(282235.6028))
    );
    assert_eq!(r.rent[1].discounted_break_even_month, Some(31));
    assert_eq!(r.rent[1].break_even_month, Some(28));
}
