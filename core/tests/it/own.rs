//! The own option by hand: servers, energy, colocation, support, staff, licences, resale,
//! replacement, and loan financing.

use gpu_tco_core::{
    CostKind, Days, Error, Financing, Report, Scenario, Warning, annuity, evaluate, loan_balance,
};
use rust_decimal_macros::dec;

use crate::util::{calendar, kinds, line, month, scenario, window};

/// 12 GPUs busy 09:00–17:00 on 20 working days: 1,920 productive GPU-hours a month.
/// Own: 2 servers of 8 GPUs at 100,000, 2-year life, 25 % resale, over 36 months.
fn fleet() -> Scenario {
    let mut s = scenario(
        calendar(dec!(20), window(9, 17, 12, Days::WorkingDays), vec![]),
        vec![],
        36,
    );
    let o = &mut s.own;
    o.gpus_per_server = 8;
    o.price_per_server = dec!(100000);
    o.setup_one_time = dec!(3000);
    o.licence_per_gpu_year = dec!(1200);
    o.licence_bundled_years = 1;
    o.energy.busy_watts_per_gpu = dec!(400);
    o.energy.idle_watts_per_gpu = dec!(100);
    o.energy.base_watts_per_server = dec!(1000);
    o.energy.pue = dec!(1.5);
    o.energy.price_per_kwh = dec!(0.2);
    o.colocation_per_server_month = dec!(500);
    o.colocation_per_kw_month = dec!(100);
    o.contracted_kw_per_server = dec!(5);
    o.hardware_support_percent_per_year = dec!(12);
    o.staff_hours_per_month = dec!(10);
    o.staff_hourly_rate = dec!(50);
    o.service_life_years = 2;
    o.residual_percent = dec!(25);
    s
}

fn eval(s: &Scenario) -> Report {
    evaluate(s).expect("scenario evaluates")
}

#[test]
fn servers_are_gpus_over_gpus_per_server_rounded_up() {
    let r = eval(&fleet());
    assert_eq!(r.own.gpus, 12);
    assert_eq!(r.own.servers, 2);
    assert_eq!(r.own.purchase, dec!(200000));
    let mut s = fleet();
    s.own.gpus_per_server = 4;
    assert_eq!(eval(&s).own.servers, 3);
    s.own.gpus_per_server = 16;
    assert_eq!(eval(&s).own.servers, 1);
}

#[test]
fn energy_is_busy_idle_and_base_draw_times_pue() {
    // Busy 400 W × 1,920 GPU-h        =   768,000 Wh
    // Idle 100 W × (16 × 730 − 1,920) =   976,000 Wh (every GPU of the 2 servers: the 4 the
    //                                                 load of 12 leaves free idle all month)
    // Base 1,000 W × 2 servers × 730  = 1,460,000 Wh
    // × PUE 1.5 / 1,000 = 4,806 kWh a month; × 0.2 = 961.2 a month; 36 months = 34,603.2.
    let r = eval(&fleet());
    assert_eq!(r.own.busy_gpu_hours_per_month, dec!(1920));
    assert_eq!(r.own.idle_gpu_hours_per_month, dec!(9760));
    assert_eq!(r.own.kwh_per_month, dec!(4806));
    assert_eq!(line(&r.own.costs, CostKind::Energy), dec!(34603.2));
}

#[test]
fn the_whole_fleet_over_36_months_by_hand() {
    // Setup        2 × 3,000                              =   6,000
    // Hardware     2 × 200,000 (month 0, month 24)        = 400,000
    // Residual     −25 % × 200,000 at the end of life     = −50,000
    // Licences     12 GPUs × 1,200 / 12 from month 13     =  28,800  (24 × 1,200)
    // Energy       36 × 961.2                             =  34,603.2
    // Colocation   2 × (500 + 100 × 5 kW) × 36            =  72,000
    // Support      12 % × 200,000 / 12 × 36               =  72,000
    // Staff        10 h × 50 × 36                         =  18,000
    // Value at 36  the replacement, 12 months old of 24:
    //              M(12) = 0.64, M(24) = 0.4096, value = 0.25 + 0.75 × (0.64 − 0.4096) /
    //              (1 − 0.4096) = 0.5426829268…; × 200,000    = −108,536.5854
    // Total                                               = 472,866.6146
    let r = eval(&fleet());
    let c = &r.own.costs;
    assert_eq!(line(c, CostKind::Setup), dec!(6000));
    assert_eq!(line(c, CostKind::Hardware), dec!(400000));
    assert_eq!(line(c, CostKind::Residual), dec!(-50000));
    assert_eq!(line(c, CostKind::Licences), dec!(28800));
    assert_eq!(line(c, CostKind::Colocation), dec!(72000));
    assert_eq!(line(c, CostKind::HardwareSupport), dec!(72000));
    assert_eq!(line(c, CostKind::Staff), dec!(18000));
    assert_eq!(line(c, CostKind::ValueAtHorizon), dec!(-108536.5854));
    assert_eq!(c.total, dec!(472866.6146));
    assert_eq!(c.one_time, dec!(247463.4146));
    // (472,866.6146 − 247,463.4146) / 36
    assert_eq!(c.monthly, dec!(6261.2));
    // Month by month: purchase up front, licences from month 13, replacement at month 24.
    assert_eq!(c.cumulative[0], dec!(203000));
    assert_eq!(month(c, 1), dec!(5461.2));
    assert_eq!(month(c, 12), dec!(5461.2));
    assert_eq!(month(c, 13), dec!(6661.2));
    // 3,000 + 200,000 − 50,000 + 6,661.2
    assert_eq!(month(c, 24), dec!(159661.2));
    assert_eq!(c.cumulative[36], dec!(472866.6146));
    // GPU-hours of the horizon: 12 × 730 × 36 = 315,360; productive 1,920 × 36 = 69,120.
    assert_eq!(r.own.gpu_hours, dec!(315360));
    assert_eq!(r.own.productive_gpu_hours, dec!(69120));
    // 472,866.6146 / 315,360 and / 69,120.
    assert_eq!(r.own.cost_per_gpu_hour, Some(dec!(1.4995)));
    assert_eq!(c.cost_per_productive_gpu_hour, Some(dec!(6.8412)));
    // The replacement bought at month 24 still has 12 months of life at month 36.
    assert_eq!(
        c.warnings,
        vec![Warning::AssetHeldAtHorizon {
            months_left: 12,
            value_percent: dec!(54.2683)
        }]
    );
}

#[test]
fn residual_value_is_credited_at_the_end_of_each_life() {
    // Horizon 48 = two lives: two purchases, two resale credits at months 24 and 48.
    let mut s = fleet();
    s.finance.horizon_months = Some(48);
    let r = eval(&s);
    let c = &r.own.costs;
    assert_eq!(line(c, CostKind::Hardware), dec!(400000));
    assert_eq!(line(c, CostKind::Residual), dec!(-100000));
    assert!(c.warnings.is_empty());
    // The last month is the resale month: cumulative falls by 50,000 − 6,661.2.
    assert_eq!(month(c, 48), dec!(-43338.8));
    // The credit in the horizon month alone (the chart's note names it), not month 24's too.
    assert_eq!(r.own.horizon_credit, dec!(50000));
    // Without resale nothing is credited.
    s.own.residual_percent = dec!(0);
    assert_eq!(eval(&s).own.horizon_credit, dec!(0));
}

#[test]
fn horizon_defaults_to_the_service_life() {
    let mut s = fleet();
    s.finance.horizon_months = None;
    let r = eval(&s);
    assert_eq!(r.horizon_months, 24);
    assert_eq!(r.own.costs.cumulative.len(), 25);
    assert_eq!(line(&r.own.costs, CostKind::Hardware), dec!(200000));
    assert_eq!(line(&r.own.costs, CostKind::Residual), dec!(-50000));
}

#[test]
fn power_included_in_colocation_drops_the_energy_line() {
    let mut s = fleet();
    s.own.energy.included_in_colocation = true;
    let r = eval(&s);
    assert!(!kinds(&r.own.costs).contains(&CostKind::Energy));
    // kWh are still reported; the total loses the 34,603.2 of energy.
    assert_eq!(r.own.kwh_per_month, dec!(4806));
    assert_eq!(r.own.costs.total, dec!(438263.4146));
}

#[test]
fn power_price_changes_yearly() {
    // +10 % a year: 961.2, then 1,057.32, then 1,163.052 a month.
    let mut s = fleet();
    s.own.energy.yearly_price_change_percent = dec!(10);
    let r = eval(&s);
    let energy = line(&r.own.costs, CostKind::Energy);
    assert_eq!(
        energy,
        dec!(12) * (dec!(961.2) + dec!(1057.32) + dec!(1163.052))
    );
    assert_eq!(month(&r.own.costs, 13), dec!(6661.2) + dec!(96.12));
}

#[test]
fn licences_start_after_the_bundled_years() {
    // Bundled 3 years, horizon 36: no licence at all; bundled 0: 36 × 1,200.
    let mut s = fleet();
    s.own.licence_bundled_years = 3;
    assert_eq!(line(&eval(&s).own.costs, CostKind::Licences), dec!(0));
    s.own.licence_bundled_years = 0;
    assert_eq!(line(&eval(&s).own.costs, CostKind::Licences), dec!(43200));
}

/// One 8-GPU server for 100,000 on a loan at 6 % a year over 36 months, 5-year life.
fn financed(horizon: u32) -> Scenario {
    let mut s = scenario(
        calendar(dec!(20), window(9, 17, 8, Days::WorkingDays), vec![]),
        vec![],
        horizon,
    );
    s.own.price_per_server = dec!(100000);
    s.own.service_life_years = 5;
    s.own.financing = Financing::Loan {
        annual_interest_percent: dec!(6),
        term_months: 36,
    };
    s
}

#[test]
fn loan_payments_replace_the_purchase() {
    // Annuity 100,000 × 0.005 / (1 − 1.005^−36) = 3,042.1937…; 36 payments = 109,518.9748.
    let r = eval(&financed(36));
    let c = &r.own.costs;
    assert_eq!(r.own.loan_payment, Some(dec!(3042.1937)));
    assert_eq!(line(c, CostKind::Hardware), dec!(0));
    assert_eq!(line(c, CostKind::LoanBalance), dec!(0));
    // The server is 36 months old of 60 at the horizon, with no residual at the end of life:
    // (M(36) − M(60)) / (1 − M(60)) = (0.262144 − 0.1073741824) / 0.8926258176 = 17.3387 %.
    assert_eq!(line(c, CostKind::ValueAtHorizon), dec!(-17338.7118));
    assert_eq!(c.total, dec!(92180.2631));
    assert_eq!(c.cumulative[0], dec!(0));
    assert_eq!(month(c, 1), dec!(3042.1937));
    assert!(matches!(
        c.warnings.as_slice(),
        [Warning::AssetHeldAtHorizon {
            months_left: 24,
            ..
        }]
    ));
}

#[test]
fn loan_balance_is_billed_when_the_horizon_is_shorter_than_the_loan() {
    // After 24 payments, the balance is the present value of the 12 payments left:
    // 3,042.1937… × (1 − 1.005^−12) / 0.005 = 35,347.0425. Total 24 × payment + balance.
    let r = eval(&financed(24));
    let c = &r.own.costs;
    assert_eq!(line(c, CostKind::LoanPayments), dec!(73012.6499));
    assert_eq!(line(c, CostKind::LoanBalance), dec!(35347.0425));
    // The server, 24 months old of 60, is worth (0.4096 − 0.1073741824) / 0.8926258176
    // = 33.8583 % of 100,000: 108,359.6923 − 33,858.0637.
    assert_eq!(line(c, CostKind::ValueAtHorizon), dec!(-33858.0637));
    assert_eq!(c.total, dec!(74501.6287));
    assert_eq!(c.one_time, dec!(35347.0425) - dec!(33858.0637));
    assert!(
        c.warnings
            .contains(&Warning::LoanOutstanding { months_left: 12 })
    );
    assert!(c.warnings.iter().any(|w| matches!(
        w,
        Warning::AssetHeldAtHorizon {
            months_left: 36,
            ..
        }
    )));
    // The same figures from the public finance functions.
    let payment = annuity(dec!(100000), dec!(0.005), 36).unwrap();
    let balance = loan_balance(dec!(100000), dec!(0.005), payment, 24).unwrap();
    assert_eq!(balance.round_dp(4), dec!(35347.0425));
}

#[test]
fn interest_free_loan_is_the_price_spread_over_the_term() {
    let mut s = financed(24);
    s.own.financing = Financing::Loan {
        annual_interest_percent: dec!(0),
        term_months: 40,
    };
    let r = eval(&s);
    assert_eq!(r.own.loan_payment, Some(dec!(2500)));
    // 24 × 2,500 paid, 16 × 2,500 outstanding: the price, as if paid in cash; less the
    // server's value at 24 months (33.8583 %), as in cash.
    assert_eq!(line(&r.own.costs, CostKind::LoanPayments), dec!(60000));
    assert_eq!(line(&r.own.costs, CostKind::LoanBalance), dec!(40000));
    assert_eq!(r.own.costs.total, dec!(100000) - dec!(33858.0637));
    let mut cash = s.clone();
    cash.own.financing = Financing::Cash;
    assert_eq!(eval(&cash).own.costs.total, r.own.costs.total);
}

#[test]
fn replacement_purchases_are_financed_again() {
    // 1-year life, horizon 24, loan over 12 months: two loans of 12 payments, both repaid.
    let mut s = financed(24);
    s.own.service_life_years = 1;
    s.own.residual_percent = dec!(10);
    s.own.financing = Financing::Loan {
        annual_interest_percent: dec!(0),
        term_months: 12,
    };
    let r = eval(&s);
    let c = &r.own.costs;
    assert_eq!(line(c, CostKind::LoanPayments), dec!(200000));
    assert_eq!(line(c, CostKind::Residual), dec!(-20000));
    assert_eq!(c.total, dec!(180000));
    assert!(c.warnings.is_empty());
}

#[test]
fn own_in_euro_is_converted_to_dollars() {
    let mut s = fleet();
    s.own.currency = gpu_tco_core::Currency::Eur;
    s.finance.usd_per_eur = dec!(1.5);
    let r = eval(&s);
    assert_eq!(r.own.purchase, dec!(300000));
    // 1.5 × 472,866.6146, the fleet's total in dollars.
    assert_eq!(r.own.costs.total, dec!(709299.922));
}

/// A way to break a scenario, and the path the error must name.
type Breakage = (fn(&mut Scenario), &'static str);

#[test]
fn own_fields_are_range_checked_by_path() {
    let cases: Vec<Breakage> = vec![
        (|s| s.own.gpus_per_server = 0, "own.gpus_per_server"),
        (|s| s.own.gpus_per_server = 17, "own.gpus_per_server"),
        (|s| s.own.energy.pue = dec!(0.9), "own.energy.pue"),
        (|s| s.own.service_life_years = 0, "own.service_life_years"),
        (|s| s.own.service_life_years = 11, "own.service_life_years"),
        (
            |s| s.own.residual_percent = dec!(101),
            "own.residual_percent",
        ),
        (
            |s| s.own.price_per_server = dec!(-1),
            "own.price_per_server",
        ),
        (
            |s| {
                s.own.financing = Financing::Loan {
                    annual_interest_percent: dec!(31),
                    term_months: 12,
                }
            },
            "own.financing.annual_interest_percent",
        ),
        (
            |s| {
                s.own.financing = Financing::Loan {
                    annual_interest_percent: dec!(5),
                    term_months: 0,
                }
            },
            "own.financing.term_months",
        ),
    ];
    for (break_it, path) in cases {
        let mut s = fleet();
        break_it(&mut s);
        let e = evaluate(&s).unwrap_err();
        assert!(matches!(e, Error::OutOfRange { .. }), "{path}: {e:?}");
        assert_eq!(e.path(), path);
    }
}

/// A colocation contract below what the server draws with all its GPUs busy is named: the
/// default's 8.6 kW carries 8 × 300 W + 3 kW = 5.4 kW; 5 kW does not. Priced per server instead
/// of per kW, the contract costs nothing and says nothing.
#[test]
fn a_colocation_contract_below_the_servers_draw_is_named() {
    let below = |s: &Scenario| {
        evaluate(s)
            .unwrap()
            .own
            .costs
            .warnings
            .into_iter()
            .filter(|w| matches!(w, Warning::ContractBelowDraw { .. }))
            .collect::<Vec<_>>()
    };
    let mut s = Scenario::default();
    assert_eq!(below(&s), []);
    s.own.contracted_kw_per_server = dec!(5);
    assert_eq!(
        below(&s),
        [Warning::ContractBelowDraw {
            contracted_kw: dec!(5),
            draw_kw: dec!(5.4)
        }]
    );
    s.own.colocation_per_kw_month = dec!(0);
    assert_eq!(below(&s), []);
}

#[test]
fn a_spare_server_is_bought_housed_supported_licensed_and_idles() {
    // The fleet above plus one spare (N+1): 3 servers bought, 2 for the load.
    // Setup        once per purchase of the fleet           =   6,000
    // Hardware     3 × 300,000 … 3 × 100,000 (months 0, 24)  = 600,000
    // Residual     −25 % × 300,000                          = −75,000
    // Licences     (12 + 8) GPUs × 1,200 / 12 from month 13 =  48,000
    // Energy       + spare idle 8 × 100 W × 730 = 584,000 Wh and base 1,000 W × 730 = 730,000 Wh:
    //              4,518,000 Wh × 1.5 / 1,000 = 6,777 kWh; × 0.2 × 36 =  48,794.4
    // Colocation   3 × 1,000 × 36                           = 108,000
    // Support      12 % × 300,000 / 12 × 36                 = 108,000
    // Staff        unchanged                                =  18,000
    // Value at 36  0.5426829268… × 300,000                  = −162,804.878
    // Total                                                 = 698,989.522
    let mut s = fleet();
    s.own.spare_servers = 1;
    let r = eval(&s);
    assert_eq!((r.own.gpus, r.own.servers, r.own.spare_servers), (12, 2, 1));
    // Three servers of 8 GPUs bought: 24 GPUs held and paid for, the load's 12 in two of them.
    assert_eq!(r.own.servers_bought(), 3);
    assert_eq!(r.own.held_gpus(s.own.gpus_per_server), 24);
    assert_eq!(r.own.purchase, dec!(300000));
    assert_eq!(r.own.kwh_per_month, dec!(6777));
    // The spare's 8 GPUs idle all 730 h: 9,760 + 5,840.
    assert_eq!(r.own.busy_gpu_hours_per_month, dec!(1920));
    assert_eq!(r.own.idle_gpu_hours_per_month, dec!(15600));
    let c = &r.own.costs;
    assert_eq!(line(c, CostKind::Setup), dec!(6000));
    assert_eq!(line(c, CostKind::Hardware), dec!(600000));
    assert_eq!(line(c, CostKind::Residual), dec!(-75000));
    assert_eq!(line(c, CostKind::Licences), dec!(48000));
    assert_eq!(line(c, CostKind::Energy), dec!(48794.4));
    assert_eq!(line(c, CostKind::Colocation), dec!(108000));
    assert_eq!(line(c, CostKind::HardwareSupport), dec!(108000));
    assert_eq!(line(c, CostKind::Staff), dec!(18000));
    assert_eq!(line(c, CostKind::ValueAtHorizon), dec!(-162804.878));
    assert_eq!(c.total, dec!(698989.522));
    // The spare serves nothing: the GPU-hours of the horizon are the load's 12 GPUs'.
    assert_eq!(r.own.gpu_hours, dec!(315360));
    // Out of range, by its path.
    s.own.spare_servers = 17;
    assert_eq!(
        evaluate(&s).unwrap_err().path(),
        "own.spare_servers",
        "17 spares are refused"
    );
}

#[test]
fn a_fleet_that_serves_nothing_has_no_spare() {
    // No load: no server for it, and no spare beside none.
    let mut s = fleet();
    s.calendar.service.gpus = 0;
    s.own.spare_servers = 2;
    let r = eval(&s);
    assert_eq!((r.own.servers, r.own.spare_servers), (0, 0));
    assert_eq!(r.own.purchase, dec!(0));
}

#[test]
fn a_file_from_before_spares_reads_none() {
    let mut v = serde_json::to_value(Scenario::default()).unwrap();
    v["own"].as_object_mut().unwrap().remove("spare_servers");
    let s = Scenario::from_json(&v.to_string()).unwrap();
    assert_eq!(s.own.spare_servers, 0);
    assert_eq!(s, Scenario::default());
}
