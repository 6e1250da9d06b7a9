//! Laws the model must obey for any input, checked with proptest on bounded generators.
//!
//! The built-in `Decimal` strategy overflows in arithmetic, so money is built from whole numbers
//! and a scale. Valid scenarios come from `scenario()`; `wild()` then breaks up to four fields
//! with values up to and beyond the validation limits and near `Decimal::MAX`.

use gpu_tco_core::{
    Billing, Calendar, Currency, DayLoad, Days, Energy, Error, Finance, Financing, Hybrid,
    LoadProfile, OwnOption, PriceUnit, RentExtras, RentOption, Scenario, ServiceBilling, Tier,
    VERSION, Window, aws_egress_tiers, evaluate, evaluate_profile, share_curve,
};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use crate::util::{banded_tiers, config, no_extras};

// --- generators -------------------------------------------------------------------------------

/// `lo..=hi` in steps of `10^-scale`.
fn dec(lo: i64, hi: i64, scale: u32) -> impl Strategy<Value = Decimal> {
    (lo..=hi).prop_map(move |n| Decimal::new(n, scale))
}

fn window() -> impl Strategy<Value = Window> {
    (
        0u32..=23,
        0u32..=24,
        prop_oneof![8 => 0u32..=16, 1 => Just(1024u32)],
        prop_oneof![Just(Days::WorkingDays), Just(Days::AllDays)],
    )
        .prop_map(|(start_hour, end_hour, gpus, days)| Window {
            start_hour,
            end_hour,
            gpus,
            days,
        })
}

fn calendar() -> impl Strategy<Value = Calendar> {
    (
        prop_oneof![
            dec(0, 304_167, 4),
            Just(dec!(0)),
            Just(dec!(21)),
            Just(dec!(30.4167))
        ],
        window(),
        prop::collection::vec(window(), 0..=3),
    )
        .prop_map(|(working_days, service, batch)| Calendar {
            working_days,
            service,
            batch,
            peaks: Vec::new(),
            measured: None,
        })
}

fn price() -> impl Strategy<Value = Decimal> {
    prop_oneof![8 => dec(0, 1_000_000, 3), 1 => Just(dec!(1000000))]
}

fn overhead() -> impl Strategy<Value = Decimal> {
    dec(0, 2400, 2)
}

fn term() -> impl Strategy<Value = u32> {
    prop_oneof![Just(1u32), Just(3u32)]
}

fn block_days() -> impl Strategy<Value = u32> {
    prop_oneof![1u32..=14, (1u32..=26).prop_map(|k| 7 * k)]
}

fn billing() -> impl Strategy<Value = Billing> {
    prop_oneof![
        Just(Billing::AlwaysOn),
        Just(Billing::Reserved),
        overhead().prop_map(|start_overhead_hours| Billing::StartStop {
            start_overhead_hours
        }),
        (
            term(),
            dec(5, 100, 2),
            prop::option::of(0u32..=8),
            overhead()
        )
            .prop_map(
                |(term_years, price_ratio, commitment_instances, start_overhead_hours)| {
                    Billing::SavingsPlan {
                        term_years,
                        price_ratio,
                        commitment_instances,
                        start_overhead_hours,
                    }
                }
            ),
        (term(), dec(5, 100, 2)).prop_map(|(term_years, price_ratio)| {
            Billing::ReservedSavingsPlan {
                term_years,
                price_ratio,
            }
        }),
        (
            price(),
            dec(0, 100, 0),
            prop_oneof![
                Just(ServiceBilling::AlwaysOn),
                overhead().prop_map(|start_overhead_hours| ServiceBilling::StartStop {
                    start_overhead_hours
                })
            ]
        )
            .prop_map(|(spot_price, rework_percent, service)| Billing::SpotBatch {
                spot_price,
                rework_percent,
                service,
            }),
        (block_days(), 1u32..=365, price()).prop_map(|(block_days, n, block_price)| {
            let most = (365 / block_days).max(1);
            Billing::CapacityBlock {
                block_days,
                blocks_per_year: 1 + (n - 1) % most,
                block_price,
            }
        }),
        (dec(0, 100_000, 0), 0u32..=60).prop_map(
            |(setup_fee_per_instance, minimum_term_months)| Billing::Monthly {
                setup_fee_per_instance,
                minimum_term_months,
            }
        ),
        (overhead(), prop::option::of((term(), dec(5, 100, 2)))).prop_map(
            |(start_overhead_hours, plan)| Billing::CheapestPlan {
                start_overhead_hours,
                term_years: plan.map(|p| p.0),
                price_ratio: plan.map(|p| p.1),
            }
        ),
    ]
}

/// The AWS tiers, or ascending tiers built from band widths.
fn tiers() -> impl Strategy<Value = Vec<Tier>> {
    prop_oneof![Just(aws_egress_tiers()), banded_tiers(4)]
}

fn extras() -> impl Strategy<Value = RentExtras> {
    (
        (
            dec(0, 100_000, 0),
            dec(0, 100, 2),
            dec(0, 200_000, 0),
            tiers(),
        ),
        (dec(0, 100, 0), dec(0, 1000, 0), dec(0, 1000, 0)),
        (dec(-50, 50, 0), dec(0, 50, 0), dec(0, 200_000, 0)),
    )
        .prop_map(
            |(
                (storage_gb, storage_price_per_gb_month, egress_gb_per_month, egress_tiers),
                (support_percent, support_minimum_per_month, other_per_month),
                (yearly_price_change_percent, virtualisation_loss_percent, exit_data_gb),
            )| RentExtras {
                storage_gb,
                storage_price_per_gb_month,
                egress_gb_per_month,
                egress_tiers,
                support_percent,
                support_minimum_per_month,
                other_per_month,
                yearly_price_change_percent,
                virtualisation_loss_percent,
                exit_data_gb,
            },
        )
}

fn currency() -> impl Strategy<Value = Currency> {
    prop_oneof![Just(Currency::Eur), Just(Currency::Usd)]
}

fn rent_option() -> impl Strategy<Value = RentOption> {
    (
        prop_oneof!["[ -~]{0,20}", Just("<script>alert(1)</script>".to_owned())],
        currency(),
        prop_oneof![Just(1u32), Just(8u32), 1u32..=64],
        price(),
        prop_oneof![
            Just(PriceUnit::GpuHour),
            Just(PriceUnit::InstanceHour),
            Just(PriceUnit::InstanceMonth)
        ],
        billing(),
        extras(),
    )
        .prop_map(
            |(label, currency, gpus_per_instance, price, price_unit, billing, extras)| RentOption {
                label,
                currency,
                gpus_per_instance,
                price,
                price_unit,
                billing,
                extras,
                load_gpus: None,
            },
        )
}

fn own() -> impl Strategy<Value = OwnOption> {
    (
        (
            currency(),
            1u32..=16,
            dec(0, 1_000_000, 0),
            dec(0, 10_000, 0),
            dec(0, 10_000, 0),
            0u32..=10,
        ),
        (
            any::<bool>(),
            dec(0, 2000, 0),
            dec(0, 2000, 0),
            dec(0, 20_000, 0),
            dec(100, 300, 2),
            dec(0, 1000, 3),
            dec(-50, 50, 0),
        ),
        (
            dec(0, 10_000, 0),
            dec(0, 1000, 0),
            dec(0, 100, 0),
            dec(0, 100, 0),
            dec(0, 744, 0),
            dec(0, 500, 0),
        ),
        (
            1u32..=10,
            dec(0, 100, 0),
            prop_oneof![3 => Just(0u32), 1 => 1u32..=3],
            prop_oneof![
                Just(Financing::Cash),
                (dec(0, 300, 1), 1u32..=120).prop_map(|(annual_interest_percent, term_months)| {
                    Financing::Loan {
                        annual_interest_percent,
                        term_months,
                    }
                })
            ],
        ),
    )
        .prop_map(
            |(
                (currency, gpus_per_server, price, setup, licence, bundled),
                (included, busy, idle, base, pue, kwh, energy_change),
                (colo_server, colo_kw, kw, support, staff_hours, staff_rate),
                (life, residual, spare_servers, financing),
            )| OwnOption {
                label: "own".to_owned(),
                currency,
                gpus_per_server,
                spare_servers,
                price_per_server: price,
                setup_one_time: setup,
                licence_per_gpu_year: licence,
                licence_bundled_years: bundled,
                energy: Energy {
                    included_in_colocation: included,
                    busy_watts_per_gpu: busy,
                    idle_watts_per_gpu: idle,
                    base_watts_per_server: base,
                    pue,
                    price_per_kwh: kwh,
                    yearly_price_change_percent: energy_change,
                },
                colocation_per_server_month: colo_server,
                colocation_per_kw_month: colo_kw,
                contracted_kw_per_server: kw,
                hardware_support_percent_per_year: support,
                staff_hours_per_month: staff_hours,
                staff_hourly_rate: staff_rate,
                service_life_years: life,
                residual_percent: residual,
                financing,
                load_gpus: None,
            },
        )
}

fn finance() -> impl Strategy<Value = Finance> {
    (
        prop::option::of(1u32..=120),
        prop_oneof![Just(dec!(0)), dec(0, 300, 1)],
        currency(),
        dec(10, 1000, 2),
    )
        .prop_map(
            |(horizon_months, discount_rate_percent, display_currency, usd_per_eur)| Finance {
                horizon_months,
                discount_rate_percent,
                display_currency,
                usd_per_eur,
            },
        )
}

/// A valid scenario.
fn scenario() -> impl Strategy<Value = Scenario> {
    (
        calendar(),
        prop::collection::vec(rent_option(), 0..=3),
        own(),
        finance(),
        prop::option::of((0u32..=40, 0usize..8)),
        (prop::option::of(0usize..8), prop::option::of(0u32..48)),
    )
        .prop_map(
            |(calendar, rent, own, finance, mix, (from, start))| Scenario {
                version: VERSION,
                calendar,
                // The load rented today from one of the options (or nowhere), starting some month
                // around the Data Act's date of 12 January 2027.
                switching: gpu_tco_core::Switching {
                    from_rent: from.and_then(|k| (!rent.is_empty()).then(|| k % rent.len())),
                    start_date: start.map(|m| {
                        gpu_tco_core::Date {
                            year: 2025,
                            month: 1,
                            day: 12,
                        }
                        .plus_months(m)
                        .to_string()
                    }),
                },
                // A chosen mix of own and one of the options, when there is an option to choose.
                hybrid: mix.and_then(|(own_gpus, pick)| {
                    (!rent.is_empty()).then(|| Hybrid {
                        own_gpus,
                        rent: pick % rent.len(),
                    })
                }),
                rent,
                own,
                finance,
                ranges: Default::default(),
                sizing: None,
            },
        )
}

/// Decimals from tame to absurd: around the limits, negative, 28 places, near `Decimal::MAX`.
fn wild_decimal() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        dec(-1000, 1000, 0),
        dec(-100_000_000, 2_000_000_000, 2),
        Just(dec!(30.4167)),
        Just(dec!(30.41670001)),
        Just(dec!(31)),
        Just(dec!(1000000)),
        Just(dec!(1000000.0001)),
        Just(dec!(1000000000)),
        Just(dec!(100000000.5)),
        Just(Decimal::MAX),
        Just(Decimal::MIN),
        Just(Decimal::MAX - Decimal::ONE),
        Just(Decimal::new(1, 28)),
        (
            any::<u32>(),
            any::<u32>(),
            any::<u32>(),
            any::<bool>(),
            0u32..=28
        )
            .prop_map(|(lo, mid, hi, neg, scale)| Decimal::from_parts(lo, mid, hi, neg, scale)),
    ]
}

fn wild_u32() -> impl Strategy<Value = u32> {
    prop_oneof![
        0u32..=30,
        Just(24),
        Just(25),
        Just(64),
        Just(65),
        Just(120),
        Just(121),
        Just(182),
        Just(189),
        Just(365),
        Just(1024),
        Just(1025),
        Just(u32::MAX),
        any::<u32>(),
    ]
}

const FIELDS: usize = 49;

/// Sets field number `field` of `s` to `x` (decimals) or `n` (whole numbers).
fn poke(s: &mut Scenario, field: usize, x: Decimal, n: u32) {
    if s.rent.is_empty() {
        s.rent.push(Scenario::default().rent.swap_remove(1));
    }
    let c = &mut s.calendar;
    let o = &mut s.own;
    let f = &mut s.finance;
    let r = &mut s.rent[0];
    let e = &mut r.extras;
    match field {
        0 => c.working_days = x,
        1 => c.service.start_hour = n,
        2 => c.service.end_hour = n,
        3 => c.service.gpus = n,
        4 => c.batch.push(Window {
            start_hour: n % 25,
            end_hour: n,
            gpus: n,
            days: Days::AllDays,
        }),
        5 => r.gpus_per_instance = n,
        6 => r.price = x,
        7 => {
            r.billing = Billing::StartStop {
                start_overhead_hours: x,
            }
        }
        8 => {
            r.billing = Billing::SavingsPlan {
                term_years: n % 4,
                price_ratio: x,
                commitment_instances: Some(n),
                start_overhead_hours: x,
            }
        }
        9 => {
            r.billing = Billing::ReservedSavingsPlan {
                term_years: n,
                price_ratio: x,
            }
        }
        10 => {
            r.billing = Billing::SpotBatch {
                spot_price: x,
                rework_percent: x,
                service: ServiceBilling::StartStop {
                    start_overhead_hours: x,
                },
            }
        }
        11 => {
            r.billing = Billing::CapacityBlock {
                block_days: n,
                blocks_per_year: n,
                block_price: x,
            }
        }
        12 => {
            r.billing = Billing::Monthly {
                setup_fee_per_instance: x,
                minimum_term_months: n,
            }
        }
        13 => e.storage_gb = x,
        14 => e.storage_price_per_gb_month = x,
        15 => e.egress_gb_per_month = x,
        16 => e.egress_tiers.push(Tier {
            up_to_gb: Some(x),
            price_per_gb: x,
        }),
        17 => e.support_percent = x,
        18 => e.support_minimum_per_month = x,
        19 => e.other_per_month = x,
        20 => e.yearly_price_change_percent = x,
        21 => e.virtualisation_loss_percent = x,
        22 => e.exit_data_gb = x,
        23 => o.gpus_per_server = n,
        24 => o.price_per_server = x,
        25 => o.setup_one_time = x,
        26 => o.licence_per_gpu_year = x,
        27 => o.licence_bundled_years = n,
        28 => o.energy.busy_watts_per_gpu = x,
        29 => o.energy.idle_watts_per_gpu = x,
        30 => o.energy.base_watts_per_server = x,
        31 => o.energy.pue = x,
        32 => o.energy.price_per_kwh = x,
        33 => o.energy.yearly_price_change_percent = x,
        34 => o.colocation_per_server_month = x,
        35 => o.colocation_per_kw_month = x,
        36 => o.contracted_kw_per_server = x,
        37 => o.hardware_support_percent_per_year = x,
        38 => o.staff_hours_per_month = x,
        39 => o.staff_hourly_rate = x,
        40 => o.service_life_years = n,
        41 => o.residual_percent = x,
        42 => {
            o.financing = Financing::Loan {
                annual_interest_percent: x,
                term_months: n,
            }
        }
        43 => f.horizon_months = Some(n),
        44 => f.discount_rate_percent = x,
        45 => f.usd_per_eur = x,
        46 => s.version = u64::from(n),
        47 => o.spare_servers = n,
        _ => r.label = "x".repeat(n as usize % 200),
    }
}

/// A valid scenario with up to four fields set to wild values.
fn wild() -> impl Strategy<Value = Scenario> {
    (
        scenario(),
        prop::collection::vec((0..FIELDS, wild_decimal(), wild_u32()), 0..=4),
    )
        .prop_map(|(mut s, pokes)| {
            for (field, x, n) in pokes {
                poke(&mut s, field, x, n);
            }
            s
        })
}

/// Rounded values can differ by a unit in the last place from an exact identity.
fn close(a: Decimal, b: Decimal, tolerance: Decimal) -> bool {
    (a - b).abs() <= tolerance
}

// --- laws -------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn valid_scenarios_evaluate(s in scenario()) {
        let r = evaluate(&s);
        prop_assert!(r.is_ok(), "{:?}", r.err());
        let load = r.unwrap().load;
        prop_assert!(load.productive_share >= Decimal::ZERO && load.productive_share <= Decimal::ONE);
        let curve: Decimal = load.hours_by_gpus.iter().map(|p| p.hours).sum();
        prop_assert!(close(curve, dec!(730), dec!(0.001)), "curve sums to {}", curve);
        if load.productive_hours.is_zero() {
            prop_assert_eq!(load.starts_per_day, 0);
            prop_assert_eq!(load.starts_per_month, Decimal::ZERO);
        }
    }

    #[test]
    fn rent_cumulative_cost_never_decreases(s in scenario()) {
        let r = evaluate(&s).unwrap();
        for rent in &r.rent {
            let c = &rent.costs.cumulative;
            prop_assert_eq!(c.len(), r.horizon_months as usize + 1);
            prop_assert!(c[0] >= Decimal::ZERO);
            for (m, w) in c.windows(2).enumerate() {
                prop_assert!(w[1] >= w[0], "{}: month {} {} < {}", rent.costs.label, m + 1, w[1], w[0]);
            }
        }
    }

    #[test]
    fn own_cumulative_cost_falls_only_at_resale_months(s in scenario()) {
        let r = evaluate(&s).unwrap();
        let life = s.own.service_life_years * 12;
        let c = &r.own.costs.cumulative;
        prop_assert_eq!(c.len(), r.horizon_months as usize + 1);
        for (m, w) in c.windows(2).enumerate() {
            let month = m as u32 + 1;
            // At an end of life the resale comes in; at the horizon the market value of the
            // servers still held.
            if w[1] < w[0] {
                let at_end_of_life = month.is_multiple_of(life) && s.own.residual_percent > Decimal::ZERO;
                prop_assert!(at_end_of_life || month == r.horizon_months, "fell in month {} (life {} months)", month, life);
            }
        }
    }

    #[test]
    fn totals_agree_with_lines_and_curves(s in scenario()) {
        let r = evaluate(&s).unwrap();
        let all = std::iter::once(&r.own.costs).chain(r.rent.iter().map(|x| &x.costs));
        for c in all {
            let lines: Decimal = c.lines.iter().map(|l| l.total).sum();
            let tolerance = Decimal::new(1, 4) * Decimal::from(c.lines.len() + 1);
            prop_assert!(close(lines, c.total, tolerance), "{}: lines {} total {}", c.label, lines, c.total);
            let last = *c.cumulative.last().unwrap();
            prop_assert!(close(last, c.total, dec!(0.0002)), "{}: curve {} total {}", c.label, last, c.total);
            if let Some(npv) = c.npv {
                let dc = c.discounted_cumulative.as_ref().unwrap();
                prop_assert_eq!(npv, *dc.last().unwrap());
            }
        }
    }

    #[test]
    fn break_even_month_means_own_stays_at_or_below(s in scenario()) {
        let r = evaluate(&s).unwrap();
        let own = &r.own.costs.cumulative;
        for rent in &r.rent {
            let curve = &rent.costs.cumulative;
            match rent.break_even_month {
                Some(m) => {
                    let m = m as usize;
                    prop_assert!(own[m..].iter().zip(&curve[m..]).all(|(o, c)| o <= c));
                    if m > 0 {
                        prop_assert!(own[m - 1] > curve[m - 1]);
                    }
                }
                None => prop_assert!(own.last() > curve.last()),
            }
        }
    }

    #[test]
    fn scenario_survives_json(s in scenario()) {
        let text = s.to_json();
        prop_assert_eq!(&Scenario::from_json(&text).unwrap(), &s);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&Scenario::from_value(value).unwrap(), &s);
    }

    #[test]
    fn share_curve_never_panics(s in scenario(), points in 0u32..=120) {
        let curve = share_curve(&s, points).unwrap();
        if !curve.is_empty() {
            prop_assert_eq!(curve.len() as u32, points.clamp(2, 100));
            prop_assert_eq!(curve.last().unwrap().share, Decimal::ONE);
            prop_assert!(curve.iter().all(|p| p.rent.len() == s.rent.len()));
        }
    }
}

/// A rent option without extras that cost money, whose every price can be doubled.
fn bare_rent_option() -> impl Strategy<Value = RentOption> {
    (rent_option(), dec(-50, 50, 0), dec(0, 50, 0)).prop_map(|(mut o, change, loss)| {
        o.extras = RentExtras {
            yearly_price_change_percent: change,
            virtualisation_loss_percent: loss,
            ..no_extras()
        };
        o
    })
}

fn doubled(o: &RentOption) -> RentOption {
    let mut o = o.clone();
    o.price *= Decimal::TWO;
    match &mut o.billing {
        Billing::SpotBatch { spot_price, .. } => *spot_price *= Decimal::TWO,
        Billing::CapacityBlock { block_price, .. } => *block_price *= Decimal::TWO,
        Billing::Monthly {
            setup_fee_per_instance,
            ..
        } => *setup_fee_per_instance *= Decimal::TWO,
        _ => {}
    }
    o
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn rent_total_is_linear_in_the_price(
        mut s in scenario(),
        option in bare_rent_option(),
        price in dec(0, 500_000, 3),
    ) {
        // Every price, doubled, must stay within the 1,000,000 limit.
        let half = dec!(500000);
        let mut option = option;
        option.price = price;
        match &mut option.billing {
            Billing::SpotBatch { spot_price, .. } => *spot_price = (*spot_price).min(half),
            Billing::CapacityBlock { block_price, .. } => *block_price = (*block_price).min(half),
            _ => {}
        }
        s.rent = vec![option.clone(), doubled(&option)];
        // The mix, if any, now on the first option (its old one may be gone).
        s.hybrid = s.hybrid.map(|h| Hybrid { rent: 0, ..h });
        s.switching.from_rent = s.switching.from_rent.map(|_| 0);
        let r = evaluate(&s).unwrap();
        let (one, two) = (&r.rent[0].costs, &r.rent[1].costs);
        prop_assert!(
            close(two.total, one.total * Decimal::TWO, dec!(0.0002)),
            "{} vs 2 × {}", two.total, one.total
        );
        for (a, b) in one.cumulative.iter().zip(&two.cumulative) {
            prop_assert!(close(*b, *a * Decimal::TWO, dec!(0.0002)));
        }
    }

    #[test]
    fn evaluate_never_panics(s in wild()) {
        let valid = s.validate();
        let result = evaluate(&s);
        // Whatever validation rejects, evaluation rejects with the same error.
        if let Err(e) = valid {
            prop_assert_eq!(result.unwrap_err(), e);
        }
        let _ = share_curve(&s, 10);
    }

    #[test]
    fn working_days_beyond_a_month_are_an_error(
        mut s in scenario(),
        days in prop_oneof![dec(304_168, 10_000_000, 4), Just(dec!(31)), Just(Decimal::MAX)],
    ) {
        s.calendar.working_days = days;
        let e = evaluate(&s).unwrap_err();
        prop_assert!(matches!(e, Error::OutOfRange { .. }), "{:?}", e);
        prop_assert_eq!(e.path(), "calendar.working_days");
    }
}

/// Mutations of a valid scenario's JSON text.
#[derive(Debug, Clone)]
enum Mutation {
    /// Drop the characters in `at..at + len`.
    Delete(usize, usize),
    /// Insert a text at `at`.
    Insert(usize, String),
    /// Replace the `n`-th JSON string or number value with a token.
    Replace(usize, String),
}

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        Just("[]".to_owned()),
        Just("{}".to_owned()),
        Just("-0".to_owned()),
        Just("1e400".to_owned()),
        Just("-1e-400".to_owned()),
        Just("18446744073709551616".to_owned()),
        Just("\"79228162514264337593543950336\"".to_owned()),
        Just("\"-79228162514264337593543950335\"".to_owned()),
        Just("\"1e28\"".to_owned()),
        Just("\"1E-30\"".to_owned()),
        Just("\"0.00000000000000000000000000001\"".to_owned()),
        Just("\"\"".to_owned()),
        Just("\"31\"".to_owned()),
        Just("4294967296".to_owned()),
        Just("{\"mode\":\"monthly\"}".to_owned()),
        Just("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[".to_owned()),
        (-1_000_000i64..=1_000_000).prop_map(|n| n.to_string()),
        (any::<i64>(), 0u32..=30).prop_map(|(n, s)| format!("\"{n}e-{s}\"")),
        "\"[ -~]{0,12}\"",
        "[ -~]{0,8}",
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => (any::<usize>(), 1usize..=40).prop_map(|(a, l)| Mutation::Delete(a, l)),
        1 => (any::<usize>(), token()).prop_map(|(a, t)| Mutation::Insert(a, t)),
        4 => (any::<usize>(), token()).prop_map(|(n, t)| Mutation::Replace(n, t)),
    ]
}

/// Applies `m` to `text` on character boundaries.
fn mutate(text: &str, m: &Mutation) -> String {
    let chars: Vec<char> = text.chars().collect();
    match m {
        Mutation::Delete(at, len) => {
            let at = at % (chars.len() + 1);
            let end = (at + len).min(chars.len());
            chars[..at].iter().chain(&chars[end..]).collect()
        }
        Mutation::Insert(at, t) => {
            let at = at % (chars.len() + 1);
            let mut out: String = chars[..at].iter().collect();
            out.push_str(t);
            out.extend(&chars[at..]);
            out
        }
        Mutation::Replace(n, t) => {
            // Values follow ": " in the pretty form; replace the n-th one up to its end.
            let starts: Vec<usize> = text.match_indices(": ").map(|(i, _)| i + 2).collect();
            let Some(&start) = starts.get(n % starts.len().max(1)) else {
                return text.to_owned();
            };
            let rest = &text[start..];
            let end = rest.find([',', '\n']).unwrap_or(rest.len());
            format!("{}{}{}", &text[..start], t, &rest[end..])
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn from_json_never_panics_on_arbitrary_text(text in prop_oneof![
        ".{0,200}",
        "[\\[\\]{}\",:0-9a-z_. \\-]{0,120}",
        "\\{\"version\": ?1, ?\"[a-z]{1,10}\": ?[0-9\\[\\]{}\"a-z]{0,20}\\}",
    ]) {
        if let Ok(s) = Scenario::from_json(&text) {
            let _ = evaluate(&s);
        }
    }

    #[test]
    fn from_json_never_panics_on_mutated_scenarios(
        s in scenario(),
        ms in prop::collection::vec(mutation(), 1..=4),
    ) {
        let mut text = s.to_json();
        for m in &ms {
            text = mutate(&text, m);
        }
        if let Ok(read) = Scenario::from_json(&text) {
            // Whatever loads is valid and evaluates without panicking.
            prop_assert!(read.validate().is_ok());
            let _ = evaluate(&read);
        }
    }
}

// --- measured load profiles -------------------------------------------------------------------

fn wild_gpus() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 0u32..=16, 1 => Just(1024u32), 1 => Just(1025u32), 1 => any::<u32>()]
}

fn day_load() -> impl Strategy<Value = DayLoad> {
    (
        prop_oneof![dec(0, 304_167, 4), wild_decimal()],
        prop::array::uniform24(wild_gpus()),
        prop::array::uniform24(wild_gpus()),
    )
        .prop_map(|(days, service, batch)| DayLoad {
            days,
            service,
            batch,
        })
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn evaluate_profile_never_panics(
        s in scenario(),
        days in prop::collection::vec(day_load(), 0..=4),
    ) {
        let profile = LoadProfile { days };
        let result = evaluate_profile(&s, &profile);
        if let Err(e) = profile.validate() {
            prop_assert_eq!(result.unwrap_err(), e);
        }
    }

    #[test]
    fn the_calendar_profile_gives_the_same_report(s in scenario()) {
        let profile = s.calendar.profile().unwrap();
        prop_assert_eq!(evaluate_profile(&s, &profile).unwrap(), evaluate(&s).unwrap());
    }
}

// --- edge calendars, spelled out ----------------------------------------------------------------

fn edge(service: Window, batch: Vec<Window>, working_days: Decimal) -> Scenario {
    Scenario {
        calendar: Calendar {
            working_days,
            service,
            batch,
            peaks: Vec::new(),
            measured: None,
        },
        ..Scenario::default()
    }
}

fn w(start_hour: u32, end_hour: u32, gpus: u32, days: Days) -> Window {
    Window {
        start_hour,
        end_hour,
        gpus,
        days,
    }
}

#[test]
fn round_the_clock_load_has_full_share_and_no_starts() {
    let s = edge(w(0, 24, 8, Days::AllDays), vec![], dec!(21));
    let r = evaluate(&s).unwrap();
    assert_eq!(r.load.productive_hours, dec!(730));
    assert_eq!(r.load.productive_share, dec!(1));
    assert_eq!(r.load.starts_per_day, 0);
    assert_eq!(r.load.starts_per_month, dec!(0));
    // Start/stop never stops: it bills the same 730 hours as always-on.
    assert_eq!(r.rent[1].billed_instance_hours_per_month, dec!(730));
    assert_eq!(r.rent[1].costs.total, r.rent[0].costs.total);
}

#[test]
fn empty_and_zero_gpu_windows_and_no_working_days_evaluate() {
    for s in [
        edge(w(5, 5, 8, Days::AllDays), vec![], dec!(21)),
        edge(w(7, 19, 0, Days::WorkingDays), vec![], dec!(21)),
        edge(w(7, 19, 8, Days::WorkingDays), vec![], dec!(0)),
    ] {
        let r = evaluate(&s).unwrap();
        assert_eq!(r.load.productive_hours, dec!(0));
        assert_eq!(r.load.productive_share, dec!(0));
        assert_eq!(r.load.starts_per_day, 0);
        assert_eq!(r.load.starts_per_month, dec!(0));
        assert_eq!(r.own.costs.cost_per_productive_gpu_hour, None);
        assert!(r.rent.iter().all(|x| x.break_even_share.is_none()));
        assert!(share_curve(&s, 10).unwrap().is_empty());
    }
}

#[test]
fn wrapped_and_overlapping_windows_count_each_gpu_hour_once() {
    // Service 22:00–06:00 on 8 GPUs, batch 04:00–08:00 on 4 and 02:00–03:00 on 16, all days.
    // Per day, the largest count in each hour: 22–02 8, 02–03 16, 03–06 8, 06–08 4: 10 busy
    // hours in one block, 4 × 8 + 16 + 3 × 8 + 2 × 4 = 80 GPU-hours; on all 30.4167 days.
    let s = edge(
        w(22, 6, 8, Days::AllDays),
        vec![w(4, 8, 4, Days::AllDays), w(2, 3, 16, Days::AllDays)],
        dec!(20),
    );
    let r = evaluate(&s).unwrap();
    let days = dec!(730) / dec!(24);
    assert_eq!(r.load.productive_hours, (dec!(10) * days).round_dp(4));
    assert_eq!(r.load.productive_gpu_hours, (dec!(80) * days).round_dp(4));
    assert_eq!(r.load.peak_gpus, 16);
    assert_eq!(r.load.starts_per_day, 1);
}

#[test]
fn absurd_values_are_errors_not_panics() {
    let mut s = Scenario::default();
    s.rent[0].price = Decimal::MAX;
    assert_eq!(evaluate(&s).unwrap_err().path(), "rent.0.price");
    let mut s = Scenario::default();
    s.own.price_per_server = Decimal::MAX;
    assert_eq!(evaluate(&s).unwrap_err().path(), "own.price_per_server");
    let mut s = Scenario::default();
    s.calendar.service.gpus = u32::MAX;
    assert_eq!(evaluate(&s).unwrap_err().path(), "calendar.service.gpus");
    let mut s = Scenario::default();
    s.finance.horizon_months = Some(u32::MAX);
    assert_eq!(evaluate(&s).unwrap_err().path(), "finance.horizon_months");
    let mut s = Scenario::default();
    s.calendar.working_days = dec!(31);
    assert_eq!(evaluate(&s).unwrap_err().path(), "calendar.working_days");
}

#[test]
fn measured_profiles_are_checked_by_path() {
    let s = Scenario::default();
    let day = |days: Decimal, gpus: u32| DayLoad {
        days,
        service: [gpus; 24],
        batch: [0; 24],
    };
    let ok = LoadProfile {
        days: vec![day(dec!(20), 8), day(dec!(10.4167), 0)],
    };
    let r = evaluate_profile(&s, &ok).unwrap();
    assert_eq!(r.load.productive_hours, dec!(480));
    let cases = [
        (vec![day(dec!(-1), 8)], "profile.days.0.days"),
        (
            vec![day(dec!(20), 8), day(dec!(31), 8)],
            "profile.days.1.days",
        ),
        (vec![day(dec!(20), 8), day(dec!(11), 8)], "profile.days"),
        (vec![day(dec!(20), 1025)], "profile.days.0.service.0"),
        (vec![day(dec!(20), u32::MAX)], "profile.days.0.service.0"),
    ];
    for (days, path) in cases {
        let e = evaluate_profile(&s, &LoadProfile { days }).unwrap_err();
        assert!(matches!(e, Error::OutOfRange { .. }), "{path}: {e:?}");
        assert_eq!(e.path(), path);
    }
    let mut batch = day(dec!(1), 0);
    batch.batch[23] = 2000;
    let e = evaluate_profile(&s, &LoadProfile { days: vec![batch] }).unwrap_err();
    assert_eq!(e.path(), "profile.days.0.batch.23");
}
