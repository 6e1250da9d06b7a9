//! Rent options: cloud instances under each billing mode, with their extras.

use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use crate::check;
use crate::error::{Error, ReadProblem, Result, StepRule};
use crate::load::{LoadGpus, LoadProfile, Usage};
use crate::money::{Currency, add, d, div, mul, pct, sub};
use crate::series::{CostKind, Escalation, Series, ceil_div};
use crate::units::HOURS_PER_MONTH;

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

impl PriceUnit {
    /// The rate per instance-hour of `price` quoted in this unit for an instance of
    /// `gpus_per_instance` GPUs (a month of 730 hours).
    ///
    /// # Errors
    /// An arithmetic overflow.
    pub fn instance_rate(self, price: Decimal, gpus_per_instance: u32) -> Result<Decimal> {
        match self {
            PriceUnit::GpuHour => mul(price, d(gpus_per_instance), "rent.price"),
            PriceUnit::InstanceHour => Ok(price),
            PriceUnit::InstanceMonth => div(price, HOURS_PER_MONTH, "rent.price"),
        }
    }
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
        /// Minimum term in months, 0–60; months still owed at the horizon count when renting
        /// stops there.
        minimum_term_months: u32,
    },
    /// The cheapest way to rent this offer for the load: the calculator tries every number of
    /// instances committed under the offer's plan (0 to the peak, if it has one) with the rest
    /// held all month or stopped outside busy hours, and bills the cheapest. It reports which
    /// plan it chose ([`PlanChoice`]) and the cheapest of the other capacity class (holding
    /// capacity, or accepting the capacity risk of restarts).
    CheapestPlan {
        /// Billed hours per start of a stopped instance, 0–24.
        start_overhead_hours: Decimal,
        /// The plan's term in years (1 or 3); `null` when the offer has no plan.
        term_years: Option<u32>,
        /// Plan rate ÷ on-demand rate, 0.05–1; `null` when the offer has no plan.
        price_ratio: Option<Decimal>,
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
pub(crate) enum ModeTag {
    AlwaysOn,
    Reserved,
    StartStop,
    SavingsPlan,
    ReservedSavingsPlan,
    SpotBatch,
    CapacityBlock,
    Monthly,
    CheapestPlan,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ServiceBillingRepr {
    pub(crate) mode: ModeTag,
    pub(crate) start_overhead_hours: Option<Decimal>,
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
pub(crate) struct BillingRepr {
    pub(crate) mode: ModeTag,
    pub(crate) start_overhead_hours: Option<Decimal>,
    pub(crate) term_years: Option<u32>,
    pub(crate) price_ratio: Option<Decimal>,
    pub(crate) commitment_instances: Option<u32>,
    pub(crate) spot_price: Option<Decimal>,
    pub(crate) rework_percent: Option<Decimal>,
    pub(crate) service: Option<ServiceBilling>,
    pub(crate) block_days: Option<u32>,
    pub(crate) blocks_per_year: Option<u32>,
    pub(crate) block_price: Option<Decimal>,
    pub(crate) setup_fee_per_instance: Option<Decimal>,
    pub(crate) minimum_term_months: Option<u32>,
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
            ModeTag::CheapestPlan => &["start_overhead_hours", "term_years", "price_ratio"],
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
            ModeTag::CheapestPlan => Billing::CheapestPlan {
                start_overhead_hours: need(r.start_overhead_hours, "start_overhead_hours")?,
                term_years: r.term_years,
                price_ratio: r.price_ratio,
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
            // The middle of the sources' range, −25 % (AWS's 2025 cut every year) to 0 %.
            yearly_price_change_percent: dec!(-12.5),
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
    /// This option's GPU model needs another number of GPUs than the load counts
    /// ([`LoadGpus`]): its instances, its billed hours and its idle-GPU warning follow the load
    /// in its own GPUs. Left out when it needs the load's GPUs, so files and links from before
    /// it read and write as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_gpus: Option<LoadGpus>,
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
    /// The horizon ends inside a commitment or minimum term: stopping there owes these months
    /// (in the figure for stopping at the horizon; the total counts only months up to it).
    OwedAfterHorizon {
        /// Months still owed.
        months: u32,
        /// The term's length, months (a plan's years × 12, or a minimum term).
        term_months: u32,
        /// The month the term the horizon ends in began (1 for the first term; a plan's term is
        /// renewed at its end, so a 3-year plan over 60 months ends in the term from month 37).
        term_from: u32,
    },
    /// The horizon ends inside a plan's term renewed at `from`, and holding the plan's instances
    /// on demand from then costs less than the months the renewed term would still owe:
    /// stopping at the horizon, the plan is not renewed (in the figure for stopping at the
    /// horizon; the total counts the renewed term's months up to it, as the plan search chose).
    NotRenewed {
        /// The month the plan would have been renewed (its term's first month).
        from: u32,
        /// Months from the renewal to the horizon, held on demand instead.
        months: u32,
        /// Months the renewed term would still owe after the horizon.
        owed_months: u32,
    },
    /// Own servers are still held at the horizon: the total credits their market value then.
    AssetHeldAtHorizon {
        /// Months of service life left.
        months_left: u32,
        /// Their market value at the horizon, percent of the purchase price.
        value_percent: Decimal,
    },
    /// Instances bill more GPUs than the load needs at its peak (an 8-GPU instance for 4 GPUs).
    IdleGpusBilled {
        /// GPUs billed: instances × GPUs per instance.
        billed: u32,
        /// Most GPUs the load keeps busy at once.
        needed: u32,
    },
    /// A loan is not repaid at the horizon; the balance is billed at the end.
    LoanOutstanding {
        /// Months of payments left.
        months_left: u32,
    },
    /// The colocation contract per server is below what the server draws with all its GPUs
    /// busy (busy watts × GPUs per server + the rest of the server): no site holds such a
    /// contract, so colocation is priced too low.
    ContractBelowDraw {
        /// Contracted kW per server.
        contracted_kw: Decimal,
        /// kW the server draws with all its GPUs busy.
        draw_kw: Decimal,
    },
}

impl Warning {
    /// The month a stop at the horizon falls in (the horizon), for [`Warning::OwedAfterHorizon`]
    /// (its term runs from `term_from` for `term_months` months and ends `months` after it) and
    /// [`Warning::NotRenewed`] (held on demand for `months` from the renewal at `from`). `None`
    /// for every other warning.
    pub fn stop_month(&self) -> Option<u32> {
        match *self {
            Warning::OwedAfterHorizon {
                months,
                term_months,
                term_from,
            } => term_from
                .checked_add(term_months)?
                .checked_sub(1)?
                .checked_sub(months),
            Warning::NotRenewed { from, months, .. } => from.checked_add(months)?.checked_sub(1),
            _ => None,
        }
    }

    /// The last month of the term before a renewal, for [`Warning::NotRenewed`] (the month
    /// before `from`). `None` for every other warning.
    pub fn term_end_before_renewal(&self) -> Option<u32> {
        match *self {
            Warning::NotRenewed { from, .. } => from.checked_sub(1),
            _ => None,
        }
    }

    /// GPUs billed that the load never keeps busy, for [`Warning::IdleGpusBilled`]. `None` for
    /// every other warning.
    pub fn idle_gpus(&self) -> Option<u32> {
        match *self {
            Warning::IdleGpusBilled { billed, needed } => billed.checked_sub(needed),
            _ => None,
        }
    }
}

/// Whether a rent option's instances are there when the load comes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Capacity {
    /// Every instance the load needs is held or reserved all month: the model answers at 07:00
    /// on every working day without depending on free capacity.
    Held,
    /// Instances are stopped and started again, or batch runs on spot: a start can fail with
    /// InsufficientInstanceCapacity, a spot instance can be taken back.
    AtRisk,
    /// Capacity blocks leave days with load uncovered: the option does not serve the whole load.
    NotCovered,
}

/// The plan a savings plan or a `cheapest_plan` offer bills for the load, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanChoice {
    /// Instances the load needs at its peak.
    pub instances: u32,
    /// Instances committed under the plan, owed every hour of its term.
    pub committed_instances: u32,
    /// Whether the instances above the commitment are held all month (`true`) or stopped
    /// outside their busy hours (`false`).
    pub rest_held: bool,
    /// The plan's term in years; `null` when the offer has no plan.
    pub term_years: Option<u32>,
    /// The plan's rate ÷ the on-demand rate; `null` when the offer has no plan.
    pub price_ratio: Option<Decimal>,
    /// Instance-hours a month the commitment pays for (730 × committed instances).
    pub committed_hours: Decimal,
    /// Instance-hours a month billed at the on-demand rate (held, or busy plus start overhead).
    pub on_demand_hours: Decimal,
    /// Instance-hours a month not billed because instances are stopped.
    pub stopped_hours: Decimal,
    /// Starts a month of the instances that are stopped and started again.
    pub starts_per_month: Decimal,
    /// For each instance (the first, second, … busiest), the hours a month it would bill on
    /// demand if stopped outside its busy hours: busy hours plus its starts' billed hours.
    pub instance_hours: Vec<Decimal>,
    /// Committing one more instance pays when its hours exceed this: 730 × the plan ratio ×
    /// [`PlanChoice::term_weight`]; `null` without a plan.
    pub commit_pays_above_hours: Option<Decimal>,
    /// Under a yearly price change, what a committed hour's rate (fixed for each term, renewed
    /// at the price of then) totals over the horizon against an on-demand hour's (changing every
    /// year), per unit of the plan ratio, to 4 places: 1.1137 for the worked example's 3-year
    /// plan over 60 months at −12.5 % a year; `null` without a plan or where it is 1.
    pub term_weight: Option<Decimal>,
    /// Whether this plan holds capacity (no instance is stopped when the load needs it).
    pub capacity: Capacity,
}

/// What the evaluation of a rent option knows besides its cost lines.
#[derive(Debug, Clone)]
pub(crate) struct RentCosts {
    pub series: Series,
    /// What stopping at the horizon adds to the total (months still owed, the exit), as
    /// one-time amounts at the horizon.
    pub stop: Series,
    pub instances: u32,
    pub instance_rate: Decimal,
    pub billed_instance_hours: Decimal,
    pub committed_instances: Option<u32>,
    pub capacity: Capacity,
    pub plan: Option<PlanChoice>,
    /// For a `cheapest_plan` offer: the cheapest plan of the other capacity class, priced whole.
    pub alternative: Option<Box<RentCosts>>,
    pub warnings: Vec<Warning>,
}

fn validate_term(path: &str, years: u32, ratio: Decimal) -> Result<()> {
    if years != 1 && years != 3 {
        return Err(Error::NotAllowedStep {
            path: format!("{path}.term_years"),
            value: d(years),
            rule: StepRule::TermYears,
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

impl Billing {
    /// Whether the billing commits under a plan with a term (a savings plan, a reservation under
    /// one, a `cheapest_plan` offer with a plan): its committed rate is fixed for each term.
    pub fn has_term(&self) -> bool {
        matches!(
            self,
            Billing::SavingsPlan { .. }
                | Billing::ReservedSavingsPlan { .. }
                | Billing::CheapestPlan {
                    term_years: Some(_),
                    ..
                }
        )
    }
}

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
                        rule: StepRule::BlockDays,
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
            Billing::CheapestPlan {
                start_overhead_hours,
                term_years,
                price_ratio,
            } => {
                validate_overhead(&b, *start_overhead_hours)?;
                match (term_years, price_ratio) {
                    (Some(years), Some(ratio)) => validate_term(&b, *years, *ratio)?,
                    (None, None) => {}
                    (Some(_), None) | (None, Some(_)) => {
                        let missing = if term_years.is_none() {
                            "term_years"
                        } else {
                            "price_ratio"
                        };
                        return Err(Error::Malformed {
                            path: format!("{b}.{missing}"),
                            problem: ReadProblem::PlanHalfGiven,
                        });
                    }
                }
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
        self.extras.validate(&format!("{path}.extras"))?;
        match &self.load_gpus {
            Some(g) => g.validate(&format!("{path}.load_gpus")),
            None => Ok(()),
        }
    }

    /// The rate per instance-hour for a price in this option's unit.
    fn instance_rate(&self, price: Decimal) -> Result<Decimal> {
        self.price_unit.instance_rate(price, self.gpus_per_instance)
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
    /// provisioned for `peak_gpus`. The total counts the months `1..=horizon` only; what
    /// stopping at the horizon adds (commitment and minimum-term months still owed) goes to
    /// [`RentCosts::stop`].
    pub(crate) fn costs(
        &self,
        load: &RentLoad,
        factor: Decimal,
        peak_gpus: u32,
        horizon: u32,
    ) -> Result<RentCosts> {
        self.costs_with(load, factor, peak_gpus, horizon, horizon, true)
    }

    /// [`RentOption::costs`] until a stop at month `months`, its plans chosen for `plans_for`
    /// months (the scenario's horizon: a plan is signed at the start).
    pub(crate) fn costs_until(
        &self,
        load: &RentLoad,
        factor: Decimal,
        peak_gpus: u32,
        months: u32,
        plans_for: u32,
    ) -> Result<RentCosts> {
        self.costs_with(load, factor, peak_gpus, months, plans_for, true)
    }

    /// [`RentOption::costs`] without a `cheapest_plan` offer's alternative (for the sweeps that
    /// need only the total).
    pub(crate) fn costs_alone(
        &self,
        load: &RentLoad,
        factor: Decimal,
        peak_gpus: u32,
        horizon: u32,
    ) -> Result<RentCosts> {
        self.costs_with(load, factor, peak_gpus, horizon, horizon, false)
    }

    /// Whether the option's total is the same whatever the load's share of the month (it bills
    /// every hour of its instances, or fixed blocks): the break-even share and the share curve
    /// price it once.
    pub(crate) fn bills_every_hour(&self) -> bool {
        matches!(
            self.billing,
            Billing::AlwaysOn
                | Billing::Reserved
                | Billing::ReservedSavingsPlan { .. }
                | Billing::Monthly { .. }
                | Billing::CapacityBlock { .. }
        )
    }

    fn costs_with(
        &self,
        load: &RentLoad,
        factor: Decimal,
        peak_gpus: u32,
        horizon: u32,
        plans_for: u32,
        alternative: bool,
    ) -> Result<RentCosts> {
        let cx = &Cx {
            detail: alternative,
            ..Cx::new(self, load, factor, peak_gpus, horizon, plans_for)?
        };
        let Billing::CheapestPlan {
            start_overhead_hours,
            term_years,
            price_ratio,
        } = &self.billing
        else {
            return self.priced(cx, |s, stop, warnings| {
                self.billed_part(cx, s, stop, warnings)
            });
        };
        let plan = match (term_years, price_ratio) {
            (Some(years), Some(ratio)) => Some((*years, *ratio)),
            _ => None,
        };
        let levels = &cx.levels(*start_overhead_hours)?;
        let overhead = *start_overhead_hours;
        let compared = plan.map(|(y, r)| cx.plan_ratio(y, r)).transpose()?;
        let (held, stopped) = search_plans(levels, cx.instances, compared)?;
        let part = |c: Candidate| {
            move |s: &mut Series, stop: &mut Series, w: &mut Vec<Warning>| {
                cx.plan_part(c, levels, plan, overhead, s, stop, w)
            }
        };
        // Equal costs go to the plan that holds capacity.
        let (chosen, other) = match stopped {
            Some(st) if cheaper(st.monthly, held.monthly) => (st, Some(held)),
            Some(st) => (held, Some(st)),
            None => (held, None),
        };
        let mut main = self.priced(cx, part(chosen))?;
        if let Some(o) = other.filter(|_| alternative) {
            main.alternative = Some(Box::new(self.priced(cx, part(o))?));
        }
        Ok(main)
    }

    /// The cost lines of one way of billing: `compute` adds the instance-hours (and what
    /// stopping owes), then the extras every mode shares follow.
    fn priced(
        &self,
        cx: &Cx<'_>,
        compute: impl FnOnce(&mut Series, &mut Series, &mut Vec<Warning>) -> Result<Part>,
    ) -> Result<RentCosts> {
        let horizon = cx.horizon;
        let x = &self.extras;
        let mut s = Series::new(horizon, cx.esc.clone());
        let mut stop = Series::new(horizon, Escalation::none());
        let mut warnings = Vec::new();
        let billed = cx.instances * self.gpus_per_instance;
        if billed > cx.peak {
            warnings.push(Warning::IdleGpusBilled {
                billed,
                needed: cx.peak,
            });
        }
        let part = compute(&mut s, &mut stop, &mut warnings)?;

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
        Ok(RentCosts {
            series: s,
            stop,
            instances: cx.instances,
            instance_rate: cx.rate,
            billed_instance_hours: part.billed_hours,
            committed_instances: part.committed,
            capacity: part.capacity,
            plan: part.plan,
            alternative: None,
            warnings,
        })
    }

    /// The instance-hours of every mode but `cheapest_plan`.
    fn billed_part(
        &self,
        cx: &Cx<'_>,
        s: &mut Series,
        stop: &mut Series,
        warnings: &mut Vec<Warning>,
    ) -> Result<Part> {
        let (load, horizon, rate, compute_rate) = (cx.load, cx.horizon, cx.rate, cx.compute_rate);
        let (virt, n, full_month) = (cx.virt, cx.n, cx.full_month);
        let f = |v: Decimal| cx.f(v);
        let u = &load.by_instance;
        let mut part = Part {
            month_bill: Decimal::ZERO,
            billed_hours: full_month,
            committed: None,
            capacity: Capacity::Held,
            plan: None,
        };
        match &self.billing {
            Billing::AlwaysOn | Billing::Reserved => {
                let compute = mul(full_month, compute_rate, "rent.compute")?;
                s.monthly(CostKind::Compute, compute, 1, horizon, true);
            }
            Billing::Monthly {
                setup_fee_per_instance,
                minimum_term_months,
            } => {
                let monthly = mul(full_month, compute_rate, "rent.compute")?;
                s.monthly(CostKind::Compute, monthly, 1, horizon, true);
                let setup = mul(*setup_fee_per_instance, n, "rent.setup_fee")?;
                s.once(CostKind::SetupFee, 0, setup);
                if *minimum_term_months > horizon && cx.instances > 0 {
                    let left = minimum_term_months - horizon;
                    warnings.push(Warning::OwedAfterHorizon {
                        months: left,
                        term_months: *minimum_term_months,
                        term_from: 1,
                    });
                    let last = s.escalated(monthly, horizon)?;
                    stop.once(CostKind::MinimumTerm, horizon, mul(last, d(left), "rent")?);
                }
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
                    part.capacity = Capacity::AtRisk;
                    warnings.push(Warning::CapacityRisk {
                        starts_per_month: crate::money::round(starts),
                    });
                }
                part.billed_hours = add(hours, overhead, "rent.billed_hours")?;
            }
            Billing::SavingsPlan {
                term_years,
                price_ratio,
                commitment_instances,
                start_overhead_hours,
            } => {
                let levels = cx.levels(*start_overhead_hours)?;
                let c = match commitment_instances {
                    Some(c) => *c,
                    None => {
                        let compared = cx.plan_ratio(*term_years, *price_ratio)?;
                        best_stopped(&levels, cx.instances, compared)?.committed
                    }
                };
                part = cx.plan_part(
                    Candidate {
                        committed: c,
                        rest_held: false,
                        monthly: Decimal::ZERO,
                    },
                    &levels,
                    Some((*term_years, *price_ratio)),
                    *start_overhead_hours,
                    s,
                    stop,
                    warnings,
                )?;
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
                let extra = sub(part.month_bill, plain, "rent")?;
                if extra > Decimal::ZERO {
                    warnings.push(Warning::SavingsPlanLoses {
                        extra_per_month: extra,
                    });
                }
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
                commitment_by_term(s, commit, *term_years, horizon)?;
                owed_for_term(
                    s,
                    stop,
                    warnings,
                    commit,
                    *price_ratio,
                    *term_years,
                    horizon,
                )?;
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
                            part.capacity = Capacity::AtRisk;
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
                if spot_hours > Decimal::ZERO {
                    part.capacity = Capacity::AtRisk;
                }
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
                part.billed_hours = add(add(service_hours, overhead, "rent")?, spot_hours, "rent")?;
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
                // The blocks a year holds, spread evenly over its months: the months up to the
                // horizon carry their share, as every other option's months do.
                let per_month = div(
                    mul(per_block, d(per_year), "rent.block")?,
                    dec!(12),
                    "rent.block",
                )?;
                s.monthly(CostKind::CapacityBlocks, per_month, 1, horizon, true);
                let covered = div(d(block_days * per_year), dec!(12), "rent.block")?;
                let busy_days = f(load.busy_days)?;
                if covered < busy_days {
                    part.capacity = Capacity::NotCovered;
                    warnings.push(Warning::CoverageGap {
                        covered_days_per_month: crate::money::round(covered),
                        busy_days_per_month: crate::money::round(busy_days),
                    });
                }
                part.billed_hours = mul(covered, mul(dec!(24), n, "rent.block")?, "rent.block")?;
            }
            Billing::CheapestPlan { .. } => {}
        }
        Ok(part)
    }
}

/// What one way of billing adds besides its cost lines.
struct Part {
    /// A plan's bill for a month before any price change: commitment, on-demand and starts.
    month_bill: Decimal,
    billed_hours: Decimal,
    committed: Option<u32>,
    capacity: Capacity,
    plan: Option<PlanChoice>,
}

/// A plan of [`Billing::CheapestPlan`] or [`Billing::SavingsPlan`]: `committed` instances under
/// the plan, the rest held all month or stopped, and its compute cost a month.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    committed: u32,
    rest_held: bool,
    monthly: Decimal,
}

/// How the instances are used, level by level, in the money of one option: `hours[j]` is what
/// the `j+1`-th instance bills on demand when stopped outside its busy hours (busy hours at the
/// compute rate, its starts' billed hours at the plain rate), as instance-hours at the compute
/// rate; `starts[j]` its starts a month.
struct Levels {
    hours: Vec<Decimal>,
    busy: Vec<Decimal>,
    starts: Vec<Decimal>,
}

/// Everything the modes share for one evaluation of an option.
struct Cx<'a> {
    load: &'a RentLoad,
    factor: Decimal,
    peak: u32,
    horizon: u32,
    instances: u32,
    n: Decimal,
    /// On-demand rate per instance-hour.
    rate: Decimal,
    /// The rate of compute hours: with the virtualisation loss, `rate / (1 − loss)`.
    compute_rate: Decimal,
    virt: Decimal,
    full_month: Decimal,
    /// The yearly price change's factors, over the horizon and the months the plans are chosen
    /// for, whichever is longer.
    esc: Escalation,
    /// The horizon the plans are chosen for: the scenario's, also where the option is priced
    /// until an earlier stop ([`RentOption::costs_until`]: a plan is signed at the start).
    plans_for: u32,
    /// Whether the report reads this evaluation (the plan's details), or only its total.
    detail: bool,
}

impl<'a> Cx<'a> {
    fn new(
        option: &RentOption,
        load: &'a RentLoad,
        factor: Decimal,
        peak: u32,
        horizon: u32,
        plans_for: u32,
    ) -> Result<Cx<'a>> {
        let instances = ceil_div(peak, option.gpus_per_instance);
        let n = d(instances);
        let rate = option.instance_rate(option.price)?;
        let x = &option.extras;
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
        Ok(Cx {
            load,
            factor,
            peak,
            horizon,
            instances,
            n,
            rate,
            compute_rate: mul(rate, virt, "rent.price")?,
            virt,
            full_month: mul(HOURS_PER_MONTH, n, "rent.instances")?,
            esc: Escalation::yearly(
                x.yearly_price_change_percent,
                horizon.max(plans_for),
                "rent.extras.yearly_price_change_percent",
            )?,
            plans_for,
            detail: true,
        })
    }

    fn f(&self, v: Decimal) -> Result<Decimal> {
        mul(v, self.factor, "load.scale")
    }

    /// A plan's ratio as its commitment compares with on-demand hours over the horizon: the
    /// ratio × [`Escalation::term_weight`] of its term (the ratio itself without a yearly
    /// change). The plans are chosen by it, so that a commitment whose fixed rate the falling
    /// on-demand price overtakes is not made for a first year's saving.
    fn plan_ratio(&self, years: u32, ratio: Decimal) -> Result<Decimal> {
        let w = self.term_weight(years)?;
        if w == Decimal::ONE {
            return Ok(ratio);
        }
        mul(ratio, w, "rent.billing.price_ratio")
    }

    /// [`Escalation::term_weight`] of a plan of `years` over the horizon the plans are chosen
    /// for.
    fn term_weight(&self, years: u32) -> Result<Decimal> {
        self.esc
            .term_weight(years.saturating_mul(12), self.plans_for)
    }

    fn levels(&self, overhead: Decimal) -> Result<Levels> {
        let u = &self.load.by_instance;
        // A start's billed hours are at the plain rate: in compute-rate hours, × 1 / virt.
        let boot = div(Decimal::ONE, self.virt, "rent.start_overhead")?;
        let mut out = Levels {
            hours: Vec::with_capacity(u.level_hours.len()),
            busy: Vec::with_capacity(u.level_hours.len()),
            starts: Vec::with_capacity(u.level_hours.len()),
        };
        for (h, st) in u.level_hours.iter().zip(&u.level_starts) {
            let (h, st) = (self.f(*h)?, self.f(*st)?);
            let extra = mul(mul(st, overhead, "rent.start_overhead")?, boot, "rent")?;
            out.hours.push(add(h, extra, "rent.overflow")?);
            out.busy.push(h);
            out.starts.push(st);
        }
        Ok(out)
    }

    /// The cost lines of candidate plan `c`: its commitment (owed for the term when renting
    /// stops), the held or busy on-demand hours above it, and their starts.
    #[allow(clippy::too_many_arguments)]
    fn plan_part(
        &self,
        c: Candidate,
        levels: &Levels,
        plan: Option<(u32, Decimal)>,
        overhead: Decimal,
        s: &mut Series,
        stop: &mut Series,
        warnings: &mut Vec<Warning>,
    ) -> Result<Part> {
        let horizon = self.horizon;
        // A commitment the user set above the peak is paid in full, and covers the whole load.
        let committed = c.committed;
        let ratio = plan.map_or(Decimal::ONE, |p| p.1);
        let commit_hours = mul(HOURS_PER_MONTH, d(committed), "rent.commitment")?;
        let commit = mul(
            mul(commit_hours, self.compute_rate, "rent.commitment")?,
            ratio,
            "rent.commitment",
        )?;
        match plan {
            Some((years, _)) => {
                commitment_by_term(s, commit, years, horizon)?;
                owed_for_term(s, stop, warnings, commit, ratio, years, horizon)?;
            }
            None => s.monthly(CostKind::Commitment, commit, 1, horizon, true),
        }
        let skip = committed as usize;
        let rest = self.instances.saturating_sub(committed);
        let (on_demand, starts, rest_bill) = if c.rest_held {
            let hours = mul(HOURS_PER_MONTH, d(rest), "rent.compute")?;
            let bill = mul(hours, self.compute_rate, "rent.compute")?;
            s.monthly(CostKind::Compute, bill, 1, horizon, true);
            (hours, Decimal::ZERO, bill)
        } else {
            let busy = crate::money::sum(levels.busy.get(skip..).unwrap_or(&[]), "rent")?;
            let starts = crate::money::sum(levels.starts.get(skip..).unwrap_or(&[]), "rent")?;
            let boot_hours = mul(starts, overhead, "rent.start_overhead")?;
            let overflow = mul(busy, self.compute_rate, "rent.compute")?;
            let boot = mul(boot_hours, self.rate, "rent.start_overhead")?;
            // Above a commitment the hours are its overflow; without one they are the plan's
            // whole compute (a cheapest-plan offer that chose no commitment).
            let kind = if committed == 0 {
                CostKind::Compute
            } else {
                CostKind::OnDemandOverflow
            };
            s.monthly(kind, overflow, 1, horizon, true);
            s.monthly(CostKind::StartOverhead, boot, 1, horizon, true);
            (
                add(busy, boot_hours, "rent")?,
                starts,
                add(overflow, boot, "rent")?,
            )
        };
        let month_bill = add(commit, rest_bill, "rent")?;
        let capacity = if starts > Decimal::ZERO {
            warnings.push(Warning::CapacityRisk {
                starts_per_month: crate::money::round(starts),
            });
            Capacity::AtRisk
        } else {
            Capacity::Held
        };
        let billed = add(commit_hours, on_demand, "rent")?;
        // A start's billed hours are hours the instance runs (it boots before its busy hours),
        // so the hours stopped are the month's less the billed ones: billed and stopped add up
        // to the instances' 730 hours.
        let stopped = sub(self.full_month, billed, "rent")?.max(Decimal::ZERO);
        let round = crate::money::round;
        if !self.detail {
            return Ok(Part {
                month_bill,
                billed_hours: billed,
                committed: Some(committed),
                capacity,
                plan: None,
            });
        }
        Ok(Part {
            month_bill,
            billed_hours: billed,
            committed: Some(committed),
            capacity,
            plan: Some(PlanChoice {
                instances: self.instances,
                committed_instances: committed,
                rest_held: c.rest_held,
                term_years: plan.map(|p| p.0),
                price_ratio: plan.map(|p| p.1),
                committed_hours: round(commit_hours),
                on_demand_hours: round(on_demand),
                stopped_hours: round(stopped),
                starts_per_month: round(starts),
                instance_hours: levels.hours.iter().copied().map(round).collect(),
                commit_pays_above_hours: plan
                    .map(|(y, r)| {
                        mul(
                            HOURS_PER_MONTH,
                            self.plan_ratio(y, r)?,
                            "rent.billing.price_ratio",
                        )
                        .map(round)
                    })
                    .transpose()?,
                term_weight: plan
                    .map(|(y, _)| self.term_weight(y))
                    .transpose()?
                    .filter(|w| *w != Decimal::ONE)
                    .map(|w| w.round_dp(4)),
                capacity,
            }),
        })
    }
}

/// The cheapest plan that holds capacity and the cheapest that stops instances, for `instances`
/// instances used as `levels` says, under a plan of rate `ratio` (or none), in compute-rate
/// instance-hours a month.
///
/// Holding: every instance runs all month, so each committed one costs `ratio` of an on-demand
/// one; all are committed when the plan is cheaper (`ratio < 1`), none otherwise. Stopping: the
/// first `c` instances are committed (a commitment pays for whichever instances run, so it
/// covers the busiest levels) and the rest bill their busy hours and starts, for every `c` from
/// 0 to `instances` (0 only, without a plan). A stopping plan that stops nothing (every instance
/// above the commitment busy all month) holds capacity and competes with the first.
fn search_plans(
    levels: &Levels,
    instances: u32,
    ratio: Option<Decimal>,
) -> Result<(Candidate, Option<Candidate>)> {
    let p = "rent.plan";
    let full = mul(HOURS_PER_MONTH, d(instances), p)?;
    let mut held = match ratio {
        Some(r) if r < Decimal::ONE => Candidate {
            committed: instances,
            rest_held: true,
            monthly: mul(full, r, p)?,
        },
        _ => Candidate {
            committed: 0,
            rest_held: true,
            monthly: full,
        },
    };
    let (hours, starts) = (
        suffix_sums(&levels.hours, instances)?,
        suffix_sums(&levels.starts, instances)?,
    );
    let most = if ratio.is_some() { instances } else { 0 };
    let per = mul(HOURS_PER_MONTH, ratio.unwrap_or(Decimal::ONE), p)?;
    let mut risk: Option<Candidate> = None;
    for c in 0..=most {
        let rest = hours.get(c as usize).copied().unwrap_or(Decimal::ZERO);
        let candidate = Candidate {
            committed: c,
            rest_held: false,
            monthly: add(mul(per, d(c), p)?, rest, p)?,
        };
        let stops = starts.get(c as usize).is_some_and(|s| *s > Decimal::ZERO);
        if !stops {
            if cheaper(candidate.monthly, held.monthly) {
                held = candidate;
            }
        } else if risk.is_none_or(|b| cheaper(candidate.monthly, b.monthly)) {
            risk = Some(candidate);
        }
    }
    Ok((held, risk))
}

/// Whether plan cost `a` is below `b`, in hours compared to 12 places: a month of 730 / 24 days
/// × 24 hours leaves a remainder near 1e-26 that must not decide a tie.
fn cheaper(a: Decimal, b: Decimal) -> bool {
    a.round_dp(12) < b.round_dp(12)
}

/// `out[c]` = the sum of `values[c..instances]`, for `c` in `0..=instances`.
fn suffix_sums(values: &[Decimal], instances: u32) -> Result<Vec<Decimal>> {
    let n = instances as usize;
    let mut out = vec![Decimal::ZERO; n + 1];
    for j in (0..n).rev() {
        let v = values.get(j).copied().unwrap_or(Decimal::ZERO);
        let next = out.get(j + 1).copied().unwrap_or(Decimal::ZERO);
        if let Some(slot) = out.get_mut(j) {
            *slot = add(next, v, "rent.plan")?;
        }
    }
    Ok(out)
}

/// The commitment `c` (0 to `instances`) that makes `730 × ratio × c + Σ_{j ≥ c} hours[j]`
/// least, the fewest instances among equal costs: committing the `j`-th instance pays only while
/// what it would bill on demand (busy hours and starts) exceeds 730 × ratio, compared exactly.
fn best_stopped(levels: &Levels, instances: u32, ratio: Decimal) -> Result<Candidate> {
    let p = "rent.plan";
    let per = mul(HOURS_PER_MONTH, ratio, p)?;
    // What the instances from `c` on bill on demand.
    let suffix = suffix_sums(&levels.hours, instances)?;
    let mut best = Candidate {
        committed: 0,
        rest_held: false,
        monthly: suffix.first().copied().unwrap_or(Decimal::ZERO),
    };
    for (c, rest) in suffix.iter().enumerate().skip(1) {
        let cost = add(mul(per, d(c as u32), p)?, *rest, p)?;
        if cheaper(cost, best.monthly) {
            best = Candidate {
                committed: c as u32,
                rest_held: false,
                monthly: cost,
            };
        }
    }
    Ok(best)
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

/// The optimal savings-plan commitment in instances, with starts billing nothing: commit the
/// `j`-th instance only while the hours that use it exceed 730 × the price ratio (each committed
/// hour costs `ratio`, each used on-demand hour costs 1), compared exactly. A scenario's savings
/// plan also counts each start's billed hours ([`crate::PlanChoice::instance_hours`]).
///
/// # Errors
/// On arithmetic overflow.
pub fn optimal_commitment(usage: &Usage, ratio: Decimal) -> Result<u32> {
    let levels = Levels {
        hours: usage.level_hours.clone(),
        busy: usage.level_hours.clone(),
        starts: usage.level_starts.clone(),
    };
    Ok(best_stopped(&levels, usage.peak(), ratio)?.committed)
}

/// A commitment is owed for whole terms: if the horizon ends inside one, stopping there owes the
/// rest, which goes to `stop` (the total counts the months up to the horizon only); unless the
/// term is a renewal that holding the instances on demand instead costs less ([`Warning::NotRenewed`]).
fn owed_for_term(
    s: &Series,
    stop: &mut Series,
    warnings: &mut Vec<Warning>,
    monthly: Decimal,
    ratio: Decimal,
    term_years: u32,
    horizon: u32,
) -> Result<()> {
    let term = term_years.max(1) * 12;
    let left = (term - horizon % term) % term;
    if left == 0 || monthly.is_zero() {
        return Ok(());
    }
    let from = term_start(horizon, term);
    // At the rate of the term the horizon falls in ([`commitment_by_term`]).
    let rate = s.escalated(monthly, from)?;
    let owed = mul(rate, d(left), "rent.commitment")?;
    // A renewal the horizon cuts short: whoever stops at the horizon would not renew a term
    // they cannot finish where holding the same instances on demand until then (the plan's
    // rate over its price ratio, with the yearly change) costs less than the months it owes.
    // The same rule as own's, whose servers are sold at the horizon, not kept for a term.
    if from > 1 && ratio > Decimal::ZERO {
        let on_demand = div(monthly, ratio, "rent.commitment")?;
        // Summed a year at a time (the yearly change holds within a year of months).
        let mut premium = Decimal::ZERO;
        let mut m = from;
        while m <= horizon {
            let year_end = ((m - 1) / 12 + 1) * 12;
            let to = year_end.min(horizon);
            let more = sub(s.escalated(on_demand, m)?, rate, "rent.commitment")?;
            let part = mul(more, d(to + 1 - m), "rent.commitment")?;
            premium = add(premium, part, "rent.commitment")?;
            m = to + 1;
        }
        let premium = premium.max(Decimal::ZERO);
        if premium < owed {
            warnings.push(Warning::NotRenewed {
                from,
                months: horizon + 1 - from,
                owed_months: left,
            });
            stop.once(CostKind::NotRenewed, horizon, premium);
            return Ok(());
        }
    }
    warnings.push(Warning::OwedAfterHorizon {
        months: left,
        term_months: term,
        term_from: from,
    });
    stop.once(CostKind::RemainingCommitment, horizon, owed);
    Ok(())
}

/// A term plan's commitment (a savings plan, a reservation): its rate is fixed for the term it
/// is signed for, so the yearly price change reaches it only when it is renewed, at the start
/// of each term (month 1, 12 × term + 1, …), not every year within a term as the on-demand
/// hours above it.
fn commitment_by_term(
    s: &mut Series,
    monthly: Decimal,
    term_years: u32,
    horizon: u32,
) -> Result<()> {
    for (from, to) in crate::series::terms(term_years.max(1) * 12, horizon) {
        let rate = s.escalated(monthly, from)?;
        s.monthly(CostKind::Commitment, rate, from, to, false);
    }
    Ok(())
}

/// The first month of the term (`term` months long, the first starting in month 1) that month
/// `m` falls in.
fn term_start(m: u32, term: u32) -> u32 {
    (m.max(1) - 1) / term * term + 1
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
