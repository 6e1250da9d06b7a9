//! Small scenario builders shared by the integration tests: USD everywhere, display in USD (no
//! exchange-rate noise), extras zeroed, an own option that costs nothing unless a test says so.

use gpu_tco_core::{
    Billing, Calendar, CostKind, Costs, Currency, Days, Energy, Finance, Financing, OwnOption,
    PriceUnit, RentExtras, RentOption, Scenario, Tier, VERSION, Window,
};
use proptest::prelude::*;
use proptest::test_runner::Config;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

/// A daily window.
pub fn window(start_hour: u32, end_hour: u32, gpus: u32, days: Days) -> Window {
    Window {
        start_hour,
        end_hour,
        gpus,
        days,
    }
}

/// A calendar with `working_days`, a service window and batch windows.
pub fn calendar(working_days: Decimal, service: Window, batch: Vec<Window>) -> Calendar {
    Calendar {
        working_days,
        service,
        batch,
        peaks: Vec::new(),
        measured: None,
    }
}

/// No storage, no transfer, no support, no exit, no price change, no virtualisation loss.
pub fn no_extras() -> RentExtras {
    RentExtras {
        storage_gb: Decimal::ZERO,
        storage_price_per_gb_month: Decimal::ZERO,
        egress_gb_per_month: Decimal::ZERO,
        egress_tiers: Vec::new(),
        support_percent: Decimal::ZERO,
        support_minimum_per_month: Decimal::ZERO,
        other_per_month: Decimal::ZERO,
        yearly_price_change_percent: Decimal::ZERO,
        virtualisation_loss_percent: Decimal::ZERO,
        exit_data_gb: Decimal::ZERO,
    }
}

/// A USD rent option without extras.
pub fn rent(
    gpus_per_instance: u32,
    price: Decimal,
    unit: PriceUnit,
    billing: Billing,
) -> RentOption {
    RentOption {
        label: "test".to_owned(),
        currency: Currency::Usd,
        gpus_per_instance,
        price,
        price_unit: unit,
        billing,
        extras: no_extras(),
        load_gpus: None,
    }
}

/// A USD own option that costs nothing: free servers, no power, no staff, cash, `life` years.
pub fn free_own(gpus_per_server: u32, life_years: u32) -> OwnOption {
    OwnOption {
        label: "own".to_owned(),
        currency: Currency::Usd,
        gpus_per_server,
        spare_servers: 0,
        price_per_server: Decimal::ZERO,
        setup_one_time: Decimal::ZERO,
        licence_per_gpu_year: Decimal::ZERO,
        licence_bundled_years: 0,
        energy: Energy {
            included_in_colocation: false,
            busy_watts_per_gpu: Decimal::ZERO,
            idle_watts_per_gpu: Decimal::ZERO,
            base_watts_per_server: Decimal::ZERO,
            pue: Decimal::ONE,
            price_per_kwh: Decimal::ZERO,
            yearly_price_change_percent: Decimal::ZERO,
        },
        colocation_per_server_month: Decimal::ZERO,
        colocation_per_kw_month: Decimal::ZERO,
        contracted_kw_per_server: Decimal::ZERO,
        hardware_support_percent_per_year: Decimal::ZERO,
        staff_hours_per_month: Decimal::ZERO,
        staff_hourly_rate: Decimal::ZERO,
        service_life_years: life_years,
        residual_percent: Decimal::ZERO,
        financing: Financing::Cash,
        load_gpus: None,
    }
}

/// The worked example with today's cloud prices held (every rent option's yearly price change
/// 0 %, the default until the middle of its range, −12.5 %, replaced it): for the tests of a
/// mechanism that this scenario's crossings show (a break-even month, a break-even share within
/// reach, a plan's share), whose figures a falling cloud price would move without changing
/// what they show.
pub fn prices_held() -> Scenario {
    let mut s = Scenario::default();
    for o in &mut s.rent {
        o.extras.yearly_price_change_percent = Decimal::ZERO;
    }
    s
}

/// Finance in USD, undiscounted, over `horizon` months.
pub fn usd_finance(horizon: u32) -> Finance {
    Finance {
        horizon_months: Some(horizon),
        discount_rate_percent: Decimal::ZERO,
        display_currency: Currency::Usd,
        usd_per_eur: dec!(1.16),
    }
}

/// A USD scenario over `horizon` months with the given calendar and rent options and a free
/// own option with 8 GPUs per server and a service life of `horizon` (rounded up to years).
pub fn scenario(calendar: Calendar, rent: Vec<RentOption>, horizon: u32) -> Scenario {
    Scenario {
        version: VERSION,
        calendar,
        rent,
        own: free_own(8, horizon.div_ceil(12).clamp(1, 10)),
        finance: usd_finance(horizon),
        hybrid: None,
        switching: gpu_tco_core::Switching::default(),
        ranges: Default::default(),
        sizing: None,
    }
}

/// The total of one cost line, or zero when the option has no such line.
pub fn line(costs: &Costs, kind: CostKind) -> Decimal {
    costs
        .lines
        .iter()
        .filter(|l| l.kind == kind)
        .map(|l| l.total)
        .sum()
}

/// The total of one line of the figure for stopping at the horizon, or zero.
pub fn stop_line(costs: &Costs, kind: CostKind) -> Decimal {
    costs
        .stop
        .lines
        .iter()
        .filter(|l| l.kind == kind)
        .map(|l| l.total)
        .sum()
}

/// The kinds of the cost lines, in order.
pub fn kinds(costs: &Costs) -> Vec<CostKind> {
    costs.lines.iter().map(|l| l.kind).collect()
}

/// Cost of month `m` alone (cumulative difference).
pub fn month(costs: &Costs, m: usize) -> Decimal {
    let cum = &costs.cumulative;
    if m == 0 { cum[0] } else { cum[m] - cum[m - 1] }
}

/// Proptest settings: `cases` per law, or `PROPTEST_CASES` when set (for a long run:
/// `PROPTEST_CASES=20000`).
pub fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    Config {
        cases,
        ..Config::default()
    }
}

/// Ascending egress tiers built from up to `most` band widths; the last one may be open-ended.
pub fn banded_tiers(most: usize) -> impl Strategy<Value = Vec<Tier>> {
    (
        prop::collection::vec((1i64..=50_000, 0i64..=200), 0..=most),
        any::<bool>(),
    )
        .prop_map(|(bands, open)| {
            let n = bands.len();
            let mut floor = 0;
            bands
                .into_iter()
                .enumerate()
                .map(|(i, (width, cents))| {
                    floor += width;
                    Tier {
                        up_to_gb: (!(open && i + 1 == n)).then(|| Decimal::from(floor)),
                        price_per_gb: Decimal::new(cents, 2),
                    }
                })
                .collect()
        })
}
