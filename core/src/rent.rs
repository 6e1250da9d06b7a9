//! Rent options: cloud instances under each billing mode, with their extras.

use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use crate::calendar::HOURS_PER_MONTH;
use crate::check;
use crate::error::{Error, Result};
use crate::load::{LoadProfile, Usage};
use crate::money::{Currency, add, d, div, mul, pct, sub};
use crate::series::{CostKind, Escalation, Series, ceil_div};

/// The EU Data Act note that goes with the exit cost (seed 000, PRICES.md), in English.
pub const DATA_ACT_NOTE_EN: &str = "EU Data Act (Regulation 2023/2854): until 12 January 2027 a provider may charge reduced switching fees limited to its direct costs, from that date none (Art. 29); data egress fees count as switching fees (Art. 2(36)), early-termination penalties do not. Not legal advice.";

/// The EU Data Act note that goes with the exit cost, in German.
pub const DATA_ACT_NOTE_DE: &str = "EU-Datenverordnung (Verordnung 2023/2854): Bis 12. Januar 2027 dürfen Anbieter ermäßigte Wechselentgelte in Höhe ihrer direkten Kosten erheben, ab dann keine mehr (Art. 29); Datenextraktionsentgelte zählen zu den Wechselentgelten (Art. 2 Nr. 36), Sanktionen bei vorzeitiger Kündigung nicht. Keine Rechtsberatung.";

/// Most rent options a scenario may hold.
pub const MAX_RENT_OPTIONS: usize = 8;
/// Most data-transfer tiers an option may hold.
pub const MAX_TIERS: usize = 10;
/// Most characters in a label.
pub const MAX_LABEL: usize = 80;

/// What the quoted price is per.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PriceUnit {
    /// Per GPU and hour (an instance bills all its GPUs).
    GpuHour,
    /// Per instance and hour.
    #[default]
    InstanceHour,
    /// Per instance (server) and month of 730 hours: bare-metal and dedicated rentals.
    InstanceMonth,
}

/// How an instance that serves the service window is billed, under spot batch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "mode",
    rename_all = "snake_case",
    try_from = "ServiceBillingRepr"
)]
pub enum ServiceBilling {
    /// Held all month at the on-demand rate.
    AlwaysOn,
    /// Stopped outside the service window.
    StartStop {
        /// Billed hours per start for boot and model load, 0–24.
        start_overhead_hours: Decimal,
    },
}

/// Which hours are billed, and at what rate. See the README for the formula of each mode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case", try_from = "BillingRepr")]
pub enum Billing {
    /// On-demand, held all month: 730 instance-hours per instance.
    AlwaysOn,
    /// Capacity reservation: billed at the on-demand rate for 730 hours whether used or not.
    Reserved,
    /// On-demand, stopped outside busy hours: busy instance-hours plus start overhead.
    StartStop {
        /// Billed hours per start for boot and model load from persistent storage, 0–24.
        start_overhead_hours: Decimal,
    },
    /// Savings plan: an hourly commitment owed for the whole term, on-demand above it.
    SavingsPlan {
        /// Term in years: 1 or 3.
        term_years: u32,
        /// Savings-plan rate divided by the on-demand rate, 0.05–1.
        price_ratio: Decimal,
        /// Instances committed; `null` derives the optimal commitment from the load profile.
        commitment_instances: Option<u32>,
        /// Billed hours per start of an instance above the commitment, 0–24.
        start_overhead_hours: Decimal,
    },
    /// Capacity reservation discounted by a savings plan: 730 hours at the plan rate.
    ReservedSavingsPlan {
        /// Term in years: 1 or 3.
        term_years: u32,
        /// Savings-plan rate divided by the on-demand rate, 0.05–1.
        price_ratio: Decimal,
    },
    /// Batch windows on spot instances; the service window under `service`.
    SpotBatch {
        /// Spot price, in the option's price unit.
        spot_price: Decimal,
        /// Work redone after interruptions, percent of batch hours, 0–100.
        rework_percent: Decimal,
        /// How the service window is billed.
        service: ServiceBilling,
    },
    /// Prepaid capacity blocks: whole days × 24 h × block rate.
    CapacityBlock {
        /// Length of one block: 1–14 days, or 7–182 days in 7-day steps.
        block_days: u32,
        /// Blocks booked per year, 1–365, at most 365 days in all.
        blocks_per_year: u32,
        /// Block rate, in the option's price unit.
        block_price: Decimal,
    },
    /// Bare-metal or dedicated server rented per month: flat while it exists.
    Monthly {
        /// One-time setup fee per server.
        setup_fee_per_instance: Decimal,
        /// Minimum term in months, 0–60; months still owed at the horizon are billed.
        minimum_term_months: u32,
    },
}

// The JSON form of `ServiceBilling` and `Billing` as read: one flat struct with the tag and
// every mode's fields, checked against the mode afterwards. This rejects stray fields (serde
// ignores them next to the tag of a unit variant, even with `deny_unknown_fields`) and compiles
// to far less code than an internally tagged enum, which buffers its input first (the page
// carries this deserializer in its WebAssembly).

/// `mode` values of a billing object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum ModeTag {
    AlwaysOn,
    Reserved,
    StartStop,
    SavingsPlan,
    ReservedSavingsPlan,
    SpotBatch,
    CapacityBlock,
    Monthly,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ServiceBillingRepr {
    mode: ModeTag,
    start_overhead_hours: Option<Decimal>,
}

impl TryFrom<ServiceBillingRepr> for ServiceBilling {
    type Error = String;

    fn try_from(r: ServiceBillingRepr) -> Result<Self, String> {
        match (r.mode, r.start_overhead_hours) {
            (ModeTag::AlwaysOn, None) => Ok(ServiceBilling::AlwaysOn),
            (ModeTag::AlwaysOn, Some(_)) => {
                Err("unknown field `start_overhead_hours` for mode `always_on`".into())
            }
            (ModeTag::StartStop, Some(start_overhead_hours)) => Ok(ServiceBilling::StartStop {
                start_overhead_hours,
            }),
            (ModeTag::StartStop, None) => Err("missing field `start_overhead_hours`".into()),
            _ => Err("unknown variant: expected `always_on` or `start_stop`".into()),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BillingRepr {
    mode: ModeTag,
    start_overhead_hours: Option<Decimal>,
    term_years: Option<u32>,
    price_ratio: Option<Decimal>,
    commitment_instances: Option<u32>,
    spot_price: Option<Decimal>,
    rework_percent: Option<Decimal>,
    service: Option<ServiceBilling>,
    block_days: Option<u32>,
    blocks_per_year: Option<u32>,
    block_price: Option<Decimal>,
    setup_fee_per_instance: Option<Decimal>,
    minimum_term_months: Option<u32>,
}

fn need<T>(value: Option<T>, name: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("missing field `{name}`"))
}

impl TryFrom<BillingRepr> for Billing {
    type Error = String;

    fn try_from(r: BillingRepr) -> Result<Self, String> {
        let present = [
            ("start_overhead_hours", r.start_overhead_hours.is_some()),
            ("term_years", r.term_years.is_some()),
            ("price_ratio", r.price_ratio.is_some()),
            ("commitment_instances", r.commitment_instances.is_some()),
            ("spot_price", r.spot_price.is_some()),
            ("rework_percent", r.rework_percent.is_some()),
            ("service", r.service.is_some()),
            ("block_days", r.block_days.is_some()),
            ("blocks_per_year", r.blocks_per_year.is_some()),
            ("block_price", r.block_price.is_some()),
            ("setup_fee_per_instance", r.setup_fee_per_instance.is_some()),
            ("minimum_term_months", r.minimum_term_months.is_some()),
        ];
        let allowed: &[&str] = match r.mode {
            ModeTag::AlwaysOn | ModeTag::Reserved => &[],
            ModeTag::StartStop => &["start_overhead_hours"],
            ModeTag::SavingsPlan => &[
                "term_years",
                "price_ratio",
                "commitment_instances",
                "start_overhead_hours",
            ],
            ModeTag::ReservedSavingsPlan => &["term_years", "price_ratio"],
            ModeTag::SpotBatch => &["spot_price", "rework_percent", "service"],
            ModeTag::CapacityBlock => &["block_days", "blocks_per_year", "block_price"],
            ModeTag::Monthly => &["setup_fee_per_instance", "minimum_term_months"],
        };
        if let Some((name, _)) = present
            .iter()
            .find(|(name, given)| *given && !allowed.contains(name))
        {
            return Err(format!("unknown field `{name}` for this mode"));
        }
        Ok(match r.mode {
            ModeTag::AlwaysOn => Billing::AlwaysOn,
            ModeTag::Reserved => Billing::Reserved,
            ModeTag::StartStop => Billing::StartStop {
                start_overhead_hours: need(r.start_overhead_hours, "start_overhead_hours")?,
            },
            ModeTag::SavingsPlan => Billing::SavingsPlan {
                term_years: need(r.term_years, "term_years")?,
                price_ratio: need(r.price_ratio, "price_ratio")?,
                commitment_instances: r.commitment_instances,
                start_overhead_hours: need(r.start_overhead_hours, "start_overhead_hours")?,
            },
            ModeTag::ReservedSavingsPlan => Billing::ReservedSavingsPlan {
                term_years: need(r.term_years, "term_years")?,
                price_ratio: need(r.price_ratio, "price_ratio")?,
            },
            ModeTag::SpotBatch => Billing::SpotBatch {
                spot_price: need(r.spot_price, "spot_price")?,
                rework_percent: need(r.rework_percent, "rework_percent")?,
                service: need(r.service, "service")?,
            },
            ModeTag::CapacityBlock => Billing::CapacityBlock {
                block_days: need(r.block_days, "block_days")?,
                blocks_per_year: need(r.blocks_per_year, "blocks_per_year")?,
                block_price: need(r.block_price, "block_price")?,
            },
            ModeTag::Monthly => Billing::Monthly {
                setup_fee_per_instance: need(r.setup_fee_per_instance, "setup_fee_per_instance")?,
                minimum_term_months: need(r.minimum_term_months, "minimum_term_months")?,
            },
        })
    }
}

/// A band of the data-transfer price list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tier {
    /// Upper end of the band in GB per month (cumulative); `null` = no upper end.
    pub up_to_gb: Option<Decimal>,
    /// Price per GB in the band (0 for a free allowance).
    pub price_per_gb: Decimal,
}

/// Costs on top of the instance-hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RentExtras {
    /// Persistent storage in GB.
    pub storage_gb: Decimal,
    /// Storage price per GB-month.
    pub storage_price_per_gb_month: Decimal,
    /// Data transfer out per month in GB.
    pub egress_gb_per_month: Decimal,
    /// Data-transfer price list, ascending; the first band is usually the free allowance.
    pub egress_tiers: Vec<Tier>,
    /// Support plan, percent of the monthly bill, 0–100.
    pub support_percent: Decimal,
    /// Support plan minimum per month.
    pub support_minimum_per_month: Decimal,
    /// Other monthly costs (monitoring, IPs, …).
    pub other_per_month: Decimal,
    /// Yearly price change of cloud charges, percent, −50–50 (negative: prices fall).
    pub yearly_price_change_percent: Decimal,
    /// Performance lost to virtualisation, percent, 0–50: more GPU-hours for the same work.
    pub virtualisation_loss_percent: Decimal,
    /// Data moved out once at the end (exit), GB, priced on the same tiers.
    pub exit_data_gb: Decimal,
}

impl Default for RentExtras {
    /// Storage for weights and documents, the worked example's chat egress, AWS's tiers.
    fn default() -> Self {
        RentExtras {
            storage_gb: dec!(2000),
            storage_price_per_gb_month: dec!(0.08),
            egress_gb_per_month: dec!(21),
            egress_tiers: aws_egress_tiers(),
            support_percent: Decimal::ZERO,
            support_minimum_per_month: Decimal::ZERO,
            other_per_month: Decimal::ZERO,
            yearly_price_change_percent: Decimal::ZERO,
            virtualisation_loss_percent: Decimal::ZERO,
            exit_data_gb: dec!(500),
        }
    }
}

/// AWS data transfer out to the internet (PRICES.md, 2026, secondary): 100 GB free, then
/// 0.09 to 10 TB, 0.085 to 50 TB, 0.07 to 150 TB, 0.05 above.
pub fn aws_egress_tiers() -> Vec<Tier> {
    let t = |up: Option<Decimal>, p: Decimal| Tier {
        up_to_gb: up,
        price_per_gb: p,
    };
    vec![
        t(Some(dec!(100)), dec!(0)),
        t(Some(dec!(10240)), dec!(0.09)),
        t(Some(dec!(51200)), dec!(0.085)),
        t(Some(dec!(153600)), dec!(0.07)),
        t(None, dec!(0.05)),
    ]
}

/// A way to rent the GPUs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RentOption {
    /// Name shown on the page, at most 80 characters (plain text, never markup).
    pub label: String,
    /// Currency of every price of this option.
    pub currency: Currency,
    /// GPUs per instance, 1–64 (8 for p5en, 1 for p5.4xlarge).
    pub gpus_per_instance: u32,
    /// On-demand price, per `price_unit`.
    pub price: Decimal,
    /// What `price` (and the spot and block prices) are per.
    pub price_unit: PriceUnit,
    /// The billing mode.
    pub billing: Billing,
    /// Storage, transfer, support and the rest.
    pub extras: RentExtras,
}

/// Something the user should know about an option's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Warning {
    /// Each start of a stopped instance can fail with InsufficientInstanceCapacity.
    CapacityRisk {
        /// Instance starts per month.
        starts_per_month: Decimal,
    },
    /// The commitment costs more than on-demand for the same hours would.
    SavingsPlanLoses {
        /// Extra cost per month against plain start/stop on-demand, display currency.
        extra_per_month: Decimal,
    },
    /// The booked blocks do not cover the days with load.
    CoverageGap {
        /// Block days per month.
        covered_days_per_month: Decimal,
        /// Days per month with any load.
        busy_days_per_month: Decimal,
    },
    /// The horizon ends inside a commitment or minimum term; the rest is billed at the end.
    OwedAfterHorizon {
        /// Months still owed.
        months: u32,
    },
    /// Own servers are still held at the horizon; their remaining value is not credited.
    AssetHeldAtHorizon {
        /// Months of service life left.
        months_left: u32,
    },
    /// A loan is not repaid at the horizon; the balance is billed at the end.
    LoanOutstanding {
        /// Months of payments left.
        months_left: u32,
    },
}

/// What the evaluation of a rent option knows besides its cost lines.
#[derive(Debug, Clone)]
pub(crate) struct RentCosts {
    pub series: Series,
    pub instances: u32,
    pub instance_rate: Decimal,
    pub billed_instance_hours: Decimal,
    pub committed_instances: Option<u32>,
    pub warnings: Vec<Warning>,
}

fn validate_term(path: &str, years: u32, ratio: Decimal) -> Result<()> {
    if years != 1 && years != 3 {
        return Err(Error::NotAllowedStep {
            path: format!("{path}.term_years"),
            value: d(years),
            rule: "1 or 3 years".into(),
        });
    }
    check::range((path, "price_ratio"), ratio, dec!(0.05), Decimal::ONE)
}

fn validate_overhead(path: &str, hours: Decimal) -> Result<()> {
    check::range(
        (path, "start_overhead_hours"),
        hours,
        Decimal::ZERO,
        dec!(24),
    )
}

/// Whether `days` is a bookable capacity-block length: 1–14, or 7–182 in 7-day steps.
pub fn is_block_length(days: u32) -> bool {
    (1..=14).contains(&days) || ((7..=182).contains(&days) && days.is_multiple_of(7))
}

const MAX_PRICE: Decimal = dec!(1000000);
const MAX_AMOUNT: Decimal = dec!(1000000000);
const MAX_GB: Decimal = dec!(100000000);

impl RentOption {
    /// Checks every field; `path` is the option's own path (`rent.2`).
    ///
    /// # Errors
    /// The first field out of range, by its path.
    pub fn validate(&self, path: &str) -> Result<()> {
        check::text((path, "label"), &self.label, MAX_LABEL)?;
        check::range_u32((path, "gpus_per_instance"), self.gpus_per_instance, 1, 64)?;
        check::range((path, "price"), self.price, Decimal::ZERO, MAX_PRICE)?;
        let b = format!("{path}.billing");
        match &self.billing {
            Billing::AlwaysOn | Billing::Reserved => {}
            Billing::StartStop {
                start_overhead_hours,
            } => validate_overhead(&b, *start_overhead_hours)?,
            Billing::SavingsPlan {
                term_years,
                price_ratio,
                commitment_instances,
                start_overhead_hours,
            } => {
                validate_term(&b, *term_years, *price_ratio)?;
                if let Some(n) = commitment_instances {
                    check::range_u32((b.as_str(), "commitment_instances"), *n, 0, 1024)?;
                }
                validate_overhead(&b, *start_overhead_hours)?;
            }
            Billing::ReservedSavingsPlan {
                term_years,
                price_ratio,
            } => validate_term(&b, *term_years, *price_ratio)?,
            Billing::SpotBatch {
                spot_price,
                rework_percent,
                service,
            } => {
                check::range(
                    (b.as_str(), "spot_price"),
                    *spot_price,
                    Decimal::ZERO,
                    MAX_PRICE,
                )?;
                check::range(
                    (b.as_str(), "rework_percent"),
                    *rework_percent,
                    Decimal::ZERO,
                    dec!(100),
                )?;
                if let ServiceBilling::StartStop {
                    start_overhead_hours,
                } = service
                {
                    validate_overhead(&format!("{b}.service"), *start_overhead_hours)?;
                }
            }
            Billing::CapacityBlock {
                block_days,
                blocks_per_year,
                block_price,
            } => {
                if !is_block_length(*block_days) {
                    return Err(Error::NotAllowedStep {
                        path: format!("{b}.block_days"),
                        value: d(*block_days),
                        rule: "1-14 days, or 7-182 days in 7-day steps".into(),
                    });
                }
                let most = (365 / block_days).max(1);
                check::range_u32((b.as_str(), "blocks_per_year"), *blocks_per_year, 1, most)?;
                check::range(
                    (b.as_str(), "block_price"),
                    *block_price,
                    Decimal::ZERO,
                    MAX_PRICE,
                )?;
            }
            Billing::Monthly {
                setup_fee_per_instance,
                minimum_term_months,
            } => {
                check::range(
                    (b.as_str(), "setup_fee_per_instance"),
                    *setup_fee_per_instance,
                    Decimal::ZERO,
                    MAX_AMOUNT,
                )?;
                check::range_u32(
                    (b.as_str(), "minimum_term_months"),
                    *minimum_term_months,
                    0,
                    60,
                )?;
            }
        }
        self.extras.validate(&format!("{path}.extras"))
    }

    /// The rate per instance-hour for a price in this option's unit.
    fn instance_rate(&self, price: Decimal) -> Result<Decimal> {
        match self.price_unit {
            PriceUnit::GpuHour => mul(price, d(self.gpus_per_instance), "rent.price"),
            PriceUnit::InstanceHour => Ok(price),
            PriceUnit::InstanceMonth => div(price, HOURS_PER_MONTH, "rent.price"),
        }
    }

    /// What this option needs to know of a load profile, computed once per profile.
    ///
    /// # Errors
    /// On arithmetic overflow.
    pub(crate) fn load(&self, profile: &LoadProfile) -> Result<RentLoad> {
        let k = self.gpus_per_instance;
        let svc = |dl: &crate::load::DayLoad, h: usize| dl.service.get(h).copied().unwrap_or(0);
        let batch = |dl: &crate::load::DayLoad, h: usize| dl.batch.get(h).copied().unwrap_or(0);
        let mut load = RentLoad {
            by_instance: profile.usage(|dl, h| ceil_div(dl.busy(h), k))?,
            ..RentLoad::default()
        };
        match &self.billing {
            Billing::SpotBatch { service, .. } => {
                let held = profile
                    .days
                    .iter()
                    .filter(|dl| dl.days > Decimal::ZERO)
                    .flat_map(|dl| dl.service.iter().copied())
                    .max()
                    .map(|g| ceil_div(g, k))
                    .unwrap_or(0);
                load.service_held = held;
                let always_on = matches!(service, ServiceBilling::AlwaysOn);
                load.service = profile.usage(|dl, h| ceil_div(svc(dl, h), k))?;
                load.spot = profile.usage(|dl, h| {
                    let units = if always_on {
                        held
                    } else {
                        ceil_div(svc(dl, h), k)
                    };
                    ceil_div(batch(dl, h).saturating_sub(units.saturating_mul(k)), k)
                })?;
            }
            Billing::CapacityBlock { .. } => {
                load.busy_days = profile
                    .days
                    .iter()
                    .filter(|dl| (0..24).any(|h| dl.busy(h) > 0))
                    .try_fold(Decimal::ZERO, |acc, dl| add(acc, dl.days, "rent.block"))?;
            }
            _ => {}
        }
        Ok(load)
    }

    /// Monthly cost lines over `horizon` months for `load` on `factor` times as many days,
    /// provisioned for `peak_gpus`.
    pub(crate) fn costs(
        &self,
        load: &RentLoad,
        factor: Decimal,
        peak_gpus: u32,
        horizon: u32,
    ) -> Result<RentCosts> {
        let k = self.gpus_per_instance;
        let instances = ceil_div(peak_gpus, k);
        let n = d(instances);
        let rate = self.instance_rate(self.price)?;
        let x = &self.extras;
        let esc = Escalation::yearly(
            x.yearly_price_change_percent,
            horizon,
            "rent.extras.yearly_price_change_percent",
        )?;
        let f = |v: Decimal| mul(v, factor, "load.scale");
        // Virtualisation loss: the same work needs 1 / (1 - loss) as many GPU-hours.
        let virt = if x.virtualisation_loss_percent.is_zero() {
            Decimal::ONE
        } else {
            div(
                Decimal::ONE,
                sub(
                    Decimal::ONE,
                    pct(x.virtualisation_loss_percent),
                    "rent.extras",
                )?,
                "rent.extras.virtualisation_loss_percent",
            )?
        };
        let compute_rate = mul(rate, virt, "rent.price")?;
        let mut s = Series::new(horizon, esc);
        let mut warnings = Vec::new();
        let mut committed = None;
        let full_month = mul(HOURS_PER_MONTH, n, "rent.instances")?;
        let u = &load.by_instance;

        let billed_hours = match &self.billing {
            Billing::AlwaysOn | Billing::Reserved => {
                let compute = mul(full_month, compute_rate, "rent.compute")?;
                s.monthly(CostKind::Compute, compute, 1, horizon, true);
                full_month
            }
            Billing::Monthly {
                setup_fee_per_instance,
                minimum_term_months,
            } => {
                let monthly = mul(full_month, compute_rate, "rent.compute")?;
                s.monthly(CostKind::Compute, monthly, 1, horizon, true);
                let setup = mul(*setup_fee_per_instance, n, "rent.setup_fee")?;
                s.once(CostKind::SetupFee, 0, setup);
                if *minimum_term_months > horizon && instances > 0 {
                    let left = minimum_term_months - horizon;
                    warnings.push(Warning::OwedAfterHorizon { months: left });
                    let last = s.escalated(monthly, horizon)?;
                    s.once(CostKind::MinimumTerm, horizon, mul(last, d(left), "rent")?);
                }
                full_month
            }
            Billing::StartStop {
                start_overhead_hours,
            } => {
                let hours = f(u.unit_hours()?)?;
                let starts = f(u.starts()?)?;
                let overhead = mul(starts, *start_overhead_hours, "rent.start_overhead")?;
                let compute = mul(hours, compute_rate, "rent.compute")?;
                s.monthly(CostKind::Compute, compute, 1, horizon, true);
                let boot = mul(overhead, rate, "rent.start_overhead")?;
                s.monthly(CostKind::StartOverhead, boot, 1, horizon, true);
                if starts > Decimal::ZERO {
                    warnings.push(Warning::CapacityRisk {
                        starts_per_month: crate::money::round(starts),
                    });
                }
                add(hours, overhead, "rent.billed_hours")?
            }
            Billing::SavingsPlan {
                term_years,
                price_ratio,
                commitment_instances,
                start_overhead_hours,
            } => {
                let c = match commitment_instances {
                    Some(c) => *c,
                    None => optimal_commitment_scaled(u, *price_ratio, factor)?,
                };
                committed = Some(c);
                let (over_hours, over_starts) = above_level(u, c)?;
                let (over_hours, over_starts) = (f(over_hours)?, f(over_starts)?);
                let commit_hours = mul(HOURS_PER_MONTH, d(c), "rent.commitment")?;
                let commit = mul(
                    mul(commit_hours, compute_rate, "rent.commitment")?,
                    *price_ratio,
                    "rent.commitment",
                )?;
                let overflow = mul(over_hours, compute_rate, "rent.compute")?;
                let overhead = mul(over_starts, *start_overhead_hours, "rent.start_overhead")?;
                let boot = mul(overhead, rate, "rent.start_overhead")?;
                s.monthly(CostKind::Commitment, commit, 1, horizon, true);
                s.monthly(CostKind::OnDemandOverflow, overflow, 1, horizon, true);
                s.monthly(CostKind::StartOverhead, boot, 1, horizon, true);
                owed_for_term(&mut s, &mut warnings, commit, *term_years, horizon)?;
                // The same hours on plain on-demand start/stop, to flag a plan that loses money.
                let plain = add(
                    mul(f(u.unit_hours()?)?, compute_rate, "rent")?,
                    mul(
                        mul(f(u.starts()?)?, *start_overhead_hours, "rent")?,
                        rate,
                        "rent",
                    )?,
                    "rent",
                )?;
                let extra = sub(
                    add(add(commit, overflow, "rent")?, boot, "rent")?,
                    plain,
                    "rent",
                )?;
                if extra > Decimal::ZERO {
                    warnings.push(Warning::SavingsPlanLoses {
                        extra_per_month: extra,
                    });
                }
                if over_starts > Decimal::ZERO {
                    warnings.push(Warning::CapacityRisk {
                        starts_per_month: crate::money::round(over_starts),
                    });
                }
                add(add(commit_hours, over_hours, "rent")?, overhead, "rent")?
            }
            Billing::ReservedSavingsPlan {
                term_years,
                price_ratio,
            } => {
                let commit = mul(
                    mul(full_month, compute_rate, "rent.compute")?,
                    *price_ratio,
                    "rent.compute",
                )?;
                s.monthly(CostKind::Commitment, commit, 1, horizon, true);
                owed_for_term(&mut s, &mut warnings, commit, *term_years, horizon)?;
                full_month
            }
            Billing::SpotBatch {
                spot_price,
                rework_percent,
                service,
            } => {
                let (service_hours, overhead) = match service {
                    ServiceBilling::AlwaysOn => (
                        mul(HOURS_PER_MONTH, d(load.service_held), "rent.compute")?,
                        Decimal::ZERO,
                    ),
                    ServiceBilling::StartStop {
                        start_overhead_hours,
                    } => {
                        let starts = f(load.service.starts()?)?;
                        if starts > Decimal::ZERO {
                            warnings.push(Warning::CapacityRisk {
                                starts_per_month: crate::money::round(starts),
                            });
                        }
                        (
                            f(load.service.unit_hours()?)?,
                            mul(starts, *start_overhead_hours, "rent.start_overhead")?,
                        )
                    }
                };
                let spot_hours = f(load.spot.unit_hours()?)?;
                let spot_rate = mul(
                    mul(
                        self.instance_rate(*spot_price)?,
                        virt,
                        "rent.billing.spot_price",
                    )?,
                    add(
                        Decimal::ONE,
                        pct(*rework_percent),
                        "rent.billing.rework_percent",
                    )?,
                    "rent.billing.spot_price",
                )?;
                let compute = mul(service_hours, compute_rate, "rent.compute")?;
                s.monthly(CostKind::Compute, compute, 1, horizon, true);
                let boot = mul(overhead, rate, "rent.start_overhead")?;
                s.monthly(CostKind::StartOverhead, boot, 1, horizon, true);
                let spot = mul(spot_hours, spot_rate, "rent.spot")?;
                s.monthly(CostKind::Spot, spot, 1, horizon, true);
                add(add(service_hours, overhead, "rent")?, spot_hours, "rent")?
            }
            Billing::CapacityBlock {
                block_days,
                blocks_per_year,
                block_price,
            } => {
                let block_rate = mul(self.instance_rate(*block_price)?, virt, "rent.block")?;
                let block_hours = mul(d(block_days * 24), n, "rent.block")?;
                let per_block = mul(block_hours, block_rate, "rent.block")?;
                let per_year = (*blocks_per_year).max(1);
                for year in 0..horizon.div_ceil(12) {
                    for i in 0..per_year {
                        let month = year * 12 + 1 + i * 12 / per_year;
                        let amount = s.escalated(per_block, month)?;
                        s.once(CostKind::CapacityBlocks, month, amount);
                    }
                }
                let covered = div(d(block_days * per_year), dec!(12), "rent.block")?;
                let busy_days = f(load.busy_days)?;
                if covered < busy_days {
                    warnings.push(Warning::CoverageGap {
                        covered_days_per_month: crate::money::round(covered),
                        busy_days_per_month: crate::money::round(busy_days),
                    });
                }
                mul(covered, mul(dec!(24), n, "rent.block")?, "rent.block")?
            }
        };

        // Extras: storage, transfer and other costs, then support on the month's bill.
        let storage = mul(
            x.storage_gb,
            x.storage_price_per_gb_month,
            "rent.extras.storage_gb",
        )?;
        s.monthly(CostKind::Storage, storage, 1, horizon, true);
        let transfer = tiered(x.egress_gb_per_month, &x.egress_tiers)?;
        s.monthly(CostKind::DataTransfer, transfer, 1, horizon, true);
        s.monthly(CostKind::Other, x.other_per_month, 1, horizon, false);
        if x.support_percent > Decimal::ZERO || x.support_minimum_per_month > Decimal::ZERO {
            let bills = s.month_totals(|kind| !kind.is_one_time())?;
            let share = pct(x.support_percent);
            for (m, bill) in bills.iter().enumerate().skip(1) {
                let fee = mul(*bill, share, "rent.extras.support_percent")?
                    .max(x.support_minimum_per_month);
                s.once(CostKind::Support, m as u32, fee);
            }
        }
        s.once(
            CostKind::Exit,
            horizon,
            tiered(x.exit_data_gb, &x.egress_tiers)?,
        );

        Ok(RentCosts {
            series: s,
            instances,
            instance_rate: rate,
            billed_instance_hours: billed_hours,
            committed_instances: committed,
            warnings,
        })
    }
}

/// The parts of a load profile a rent option's cost depends on.
#[derive(Debug, Clone, Default)]
pub(crate) struct RentLoad {
    by_instance: Usage,
    service: Usage,
    service_held: u32,
    spot: Usage,
    busy_days: Decimal,
}

impl RentExtras {
    fn validate(&self, path: &str) -> Result<()> {
        check::range((path, "storage_gb"), self.storage_gb, Decimal::ZERO, MAX_GB)?;
        check::range(
            (path, "storage_price_per_gb_month"),
            self.storage_price_per_gb_month,
            Decimal::ZERO,
            dec!(1000),
        )?;
        check::range(
            (path, "egress_gb_per_month"),
            self.egress_gb_per_month,
            Decimal::ZERO,
            MAX_GB,
        )?;
        check::count((path, "egress_tiers"), self.egress_tiers.len(), MAX_TIERS)?;
        let mut floor = Decimal::ZERO;
        for (i, t) in self.egress_tiers.iter().enumerate() {
            check::range(
                check::Lazy(|| format!("{path}.egress_tiers.{i}.price_per_gb")),
                t.price_per_gb,
                Decimal::ZERO,
                dec!(1000),
            )?;
            if let Some(up) = t.up_to_gb {
                check::range(
                    check::Lazy(|| format!("{path}.egress_tiers.{i}.up_to_gb")),
                    up,
                    floor,
                    MAX_GB,
                )?;
                floor = up;
            }
        }
        check::range(
            (path, "support_percent"),
            self.support_percent,
            Decimal::ZERO,
            dec!(100),
        )?;
        check::range(
            (path, "support_minimum_per_month"),
            self.support_minimum_per_month,
            Decimal::ZERO,
            MAX_AMOUNT,
        )?;
        check::range(
            (path, "other_per_month"),
            self.other_per_month,
            Decimal::ZERO,
            MAX_AMOUNT,
        )?;
        check::range(
            (path, "yearly_price_change_percent"),
            self.yearly_price_change_percent,
            dec!(-50),
            dec!(50),
        )?;
        check::range(
            (path, "virtualisation_loss_percent"),
            self.virtualisation_loss_percent,
            Decimal::ZERO,
            dec!(50),
        )?;
        check::range(
            (path, "exit_data_gb"),
            self.exit_data_gb,
            Decimal::ZERO,
            MAX_GB,
        )
    }
}

/// The optimal savings-plan commitment in instances: commit the `j`-th instance only while the
/// share of hours that use it exceeds the price ratio (each committed hour costs `ratio`, each
/// used on-demand hour costs 1).
///
/// # Errors
/// On arithmetic overflow.
pub fn optimal_commitment(usage: &Usage, ratio: Decimal) -> Result<u32> {
    optimal_commitment_scaled(usage, ratio, Decimal::ONE)
}

fn optimal_commitment_scaled(usage: &Usage, ratio: Decimal, factor: Decimal) -> Result<u32> {
    let threshold = mul(HOURS_PER_MONTH, ratio, "rent.billing.price_ratio")?;
    let mut count = 0;
    for h in &usage.level_hours {
        if mul(*h, factor, "load.scale")? > threshold {
            count += 1;
        }
    }
    Ok(count)
}

/// Hours and starts per month above the first `level` units.
fn above_level(usage: &Usage, level: u32) -> Result<(Decimal, Decimal)> {
    let skip = level as usize;
    let hours = crate::money::sum(
        usage.level_hours.get(skip..).unwrap_or(&[]),
        "rent.overflow",
    )?;
    let starts = crate::money::sum(
        usage.level_starts.get(skip..).unwrap_or(&[]),
        "rent.overflow",
    )?;
    Ok((hours, starts))
}

/// A commitment is owed for whole terms: if the horizon ends inside one, the rest is billed then.
fn owed_for_term(
    s: &mut Series,
    warnings: &mut Vec<Warning>,
    monthly: Decimal,
    term_years: u32,
    horizon: u32,
) -> Result<()> {
    let term = term_years * 12;
    let left = (term - horizon % term) % term;
    if left > 0 && !monthly.is_zero() {
        warnings.push(Warning::OwedAfterHorizon { months: left });
        let owed = mul(s.escalated(monthly, horizon)?, d(left), "rent.commitment")?;
        s.once(CostKind::RemainingCommitment, horizon, owed);
    }
    Ok(())
}

/// Price of `gb` over the tiers; above the last bounded tier, its price applies.
///
/// # Errors
/// On arithmetic overflow.
pub fn tiered(gb: Decimal, tiers: &[Tier]) -> Result<Decimal> {
    let mut cost = Decimal::ZERO;
    let mut floor = Decimal::ZERO;
    let mut last_price = Decimal::ZERO;
    for t in tiers {
        last_price = t.price_per_gb;
        let top = match t.up_to_gb {
            Some(up) => up.min(gb),
            None => gb,
        };
        if top > floor {
            cost = add(
                cost,
                mul(sub(top, floor, "tiers")?, t.price_per_gb, "tiers")?,
                "tiers",
            )?;
            floor = top;
        }
        if t.up_to_gb.is_none() || floor >= gb {
            return Ok(cost);
        }
    }
    if gb > floor {
        cost = add(
            cost,
            mul(sub(gb, floor, "tiers")?, last_price, "tiers")?,
            "tiers",
        )?;
    }
    Ok(cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aws_tiers() {
        let t = aws_egress_tiers();
        assert_eq!(tiered(dec!(21), &t).unwrap(), dec!(0));
        assert_eq!(tiered(dec!(600), &t).unwrap(), dec!(45));
        // 100 free, 10,140 × 0.09, 1,000 × 0.085
        assert_eq!(tiered(dec!(11240), &t).unwrap(), dec!(997.6));
    }

    #[test]
    fn block_lengths() {
        assert!(is_block_length(1) && is_block_length(14) && is_block_length(21));
        assert!(is_block_length(182) && !is_block_length(15) && !is_block_length(189));
        assert!(!is_block_length(0));
    }
}
