//! Rent-vs-own cost model for steady GPU inference.
//!
//! A [`Scenario`] describes when the GPUs work (a calendar of working days, a service window and
//! batch windows), several ways to rent them (cloud instances under a billing mode, bare-metal
//! rentals) and the own servers (purchase, power, colocation, support, staff, resale, financing).
//! [`evaluate`] turns it into a [`Report`]: each option's cost lines, cumulative cost by month,
//! cost per productive GPU-hour, and the break-even month and productive share of own against
//! each rent option. Money is [`rust_decimal::Decimal`] throughout; nothing panics.
//! One load serves every option; an option on another GPU model that needs another number of
//! GPUs for it says so with [`LoadGpus`] (16 GPUs where the load counts 8), and is provisioned
//! and billed in its own GPUs while every cost per productive GPU-hour stays per GPU-hour of
//! the load, the same work for all.
//! A scenario travels as JSON ([`Scenario::from_json`]) or as a share-link fragment
//! ([`share::to_fragment`], [`share::from_fragment`]); a report exports as CSV ([`monthly_csv`],
//! [`cost_lines_csv`]). [`sizing`] finds how many GPUs of each GPU model a model and a load
//! need, and what a token costs against a model API; [`ranges::spread`] says how sure the answer
//! is over the ranges of its inputs.
//!
//! ```
//! use gpu_tco_core::{Scenario, evaluate};
//!
//! let report = evaluate(&Scenario::default()).unwrap();
//! // The worked example of seed 000: 336 productive hours, 46 % of 730.
//! assert_eq!(report.load.productive_hours, 336.into());
//! assert_eq!(report.load.productive_share.round_dp(2).to_string(), "0.46");
//! assert_eq!(report.rent[0].billed_gpu_hours_per_month, 5840.into());
//! ```
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod calendar;
mod cashflow;
mod check;
mod csv;
mod error;
mod finance;
mod hybrid;
pub mod inputs;
mod limits;
mod load;
pub mod metrics;
mod money;
pub mod order;
mod own;
mod peak;
pub mod presets;
mod pricing;
pub mod ranges;
mod read;
mod rent;
mod report;
mod scenario;
pub mod schema;
mod sensitivity;
mod series;
pub mod share;
pub mod sizing;
mod switching;
mod units;

pub use crate::calendar::{
    Calendar, Days, MAX_BATCH_WINDOWS, MAX_MEASURED_DAYS, MAX_MEASURED_SOURCE, MeasuredLoad, Window,
};
pub use crate::csv::{CsvStyle, cost_lines_csv, cost_lines_csv_named, monthly_csv};
pub use crate::error::{
    Error, JsPart, JsonProblem, Kind, MetricsProblem, ReadProblem, Result, StepRule,
};
pub use crate::finance::{
    Finance, annuity, break_even_month, cumulative, discount_factors, loan_balance, present_value,
};
pub use crate::hybrid::Hybrid;
pub use crate::limits::{
    InputLimits, MAX_DEPTH, MAX_ITEMS, MAX_KEYS, MAX_TEXT, check_input, number_len,
};
pub use crate::load::{DayLoad, GpuHours, LoadGpus, LoadProfile, LoadSummary, Usage};
pub use crate::money::{Currency, REPORT_DP, round};
pub use crate::own::{
    Energy, Financing, MARKET_DECLINE_PER_YEAR, OwnOption, market_residual_percent, resale_fraction,
};
pub use crate::peak::{MAX_PEAKS, Peak};
pub use crate::rent::{
    Billing, Capacity, DATA_ACT_NOTE_DE, DATA_ACT_NOTE_EN, MAX_LABEL, MAX_RENT_OPTIONS, MAX_TIERS,
    PlanChoice, PriceUnit, RentExtras, RentOption, ServiceBilling, Tier, Warning, aws_egress_tiers,
    is_block_length, optimal_commitment, tiered,
};
pub use crate::report::{
    Alternative, Answer, Answers, BreakEvenShare, CostLine, Costs, OwnReport, RentReport, Report,
    SharePoint, StopAtHorizon, SwitchReport, evaluate, evaluate_profile, share_curve,
};
pub use crate::scenario::{
    Checked, DEFAULT_JSON, DEFAULT_START_OVERHEAD_HOURS, MAX_INPUT_BYTES, Scenario, VERSION,
};
pub use crate::series::CostKind;
pub use crate::switching::{DATA_ACT_FREE_FROM, Date, Switching, switching_charged};
pub use crate::units::{HOURS_PER_MONTH, MAX_GPUS, days_per_month};

/// The analyses of a scenario beyond its report: owning the base and renting the peaks (the
/// hybrid sweep), the sensitivity of the answer to each input (tornado, heat map), and the cash
/// flow by year with resale and stopping early.
pub mod analysis {
    pub use crate::cashflow::{
        CashFlow, OwnAmounts, OwnCashFlow, OwnYear, RentAmounts, RentCashFlow, RentYear,
        ResalePoint, cash_flow_by_year, residual_curve, stop_curve,
    };
    pub use crate::hybrid::{Hybrid, HybridPoint, HybridResult, HybridSweep, hybrid_sweep};
    pub use crate::sensitivity::{
        Cheaper, HeatCell, HeatMap, MAX_HEAT_MAP_STEPS, SensitivityInput, TornadoBar, TornadoSide,
        heat_map, heat_map_grid, tornado, with_tariff,
    };
}
