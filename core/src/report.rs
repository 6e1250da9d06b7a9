//! Evaluation: the scenario in, every option's costs and the comparisons out.
//!
//! Options on different GPU models may need different GPU counts for the same load
//! ([`crate::LoadGpus`]). The report then keeps two kinds of GPU figures apart:
//!
//! - **The load's**: [`Report::load`] (productive hours, share, productive GPU-hours, peak) is
//!   the calendar's (or the measured month's), in the load's GPUs. Every cost *per productive
//!   GPU-hour* (each option's [`Costs::cost_per_productive_gpu_hour`], the levelized cost, the
//!   share curve, the hybrid's) divides by these GPU-hours: the same work for every option,
//!   so the figures compare what that work costs (DESIGN §3.6). An option that needs twice
//!   the GPUs for it shows twice its cost per GPU-hour of its own, not half.
//! - **The option's own**: what an option provisions and bills is counted in its GPUs: a rent
//!   option's `instances`, `billed_gpus`, `needed_gpus` (its GPUs at the load's peak),
//!   `billed_gpu_hours_per_month` and its idle-GPU warning; own's `gpus`, `servers`,
//!   `gpu_hours`, `productive_gpu_hours` (its GPUs' busy hours), `cost_per_gpu_hour` (per
//!   GPU-hour of its fleet) and its energy.
//!
//! Without `load_gpus` (or with `gpus == per`) the two are the same.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::error::Result;
use crate::finance::{break_even_month, cumulative, discounted, present_value};
use crate::hybrid::{HybridResult, hybrid_result};
use crate::load::{LoadProfile, LoadSummary};
use crate::money::{Currency, add, d, div, mul, overflow, round, round_curve, sub};
use crate::pricing::{Pricer, switch_price};
use crate::rent::{Capacity, PlanChoice, RentCosts, Warning};
use crate::scenario::{Checked, Scenario};
use crate::series::{CostKind, Series, month_hours};
use crate::units::HOURS_PER_MONTH;

/// The results for a scenario, in the display currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Currency of every amount.
    pub currency: Currency,
    /// Months compared.
    pub horizon_months: u32,
    /// The annual discount rate of the present values, percent (0: none, amounts as paid only).
    pub discount_rate_percent: Decimal,
    /// The load profile's headline figures.
    pub load: LoadSummary,
    /// Productive GPU-hours over the horizon, in the load's GPUs (5 years of the worked
    /// example: 161,280): the denominator of every cost per productive GPU-hour.
    pub productive_gpu_hours: Decimal,
    /// The own servers.
    pub own: OwnReport,
    /// Each rent option, in scenario order.
    pub rent: Vec<RentReport>,
    /// The scenario's chosen hybrid, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hybrid: Option<HybridResult>,
    /// The two answers of the rent side: the cheapest way to rent that holds capacity, and the
    /// cheapest that accepts the capacity risk of restarts (DESIGN §3.6).
    pub answers: Answers,
    /// Moving the data out of the option the load runs on today; `null` for a new workload.
    pub switching: Option<SwitchReport>,
}

/// The cheapest way to rent, twice: holding capacity, and accepting the capacity risk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answers {
    /// The cheapest option (or a `cheapest_plan` offer's plan) that keeps every instance the load
    /// needs held or reserved all month; `null` if none does.
    pub holds_capacity: Option<Answer>,
    /// The cheapest that stops and restarts instances or runs batch on spot; `null` if none.
    pub accepts_risk: Option<Answer>,
}

impl Answers {
    /// Whether accepting the capacity risk saves anything: its answer costs less than the one
    /// that holds capacity (or nothing holds capacity). When it does not, renting at risk is
    /// dearer for no gain, and an answer that names it would point a visitor to the worse way.
    pub fn risk_pays(&self) -> bool {
        match (&self.accepts_risk, &self.holds_capacity) {
            (Some(risk), Some(held)) => risk.total < held.total,
            (Some(_), None) => true,
            (None, _) => false,
        }
    }
}

/// One answer of [`Answers`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The rent option (index into the scenario's `rent`).
    pub rent_index: usize,
    /// Its label.
    pub label: String,
    /// Whether this is the option's other plan ([`RentReport::alternative`]), not its row.
    pub alternative: bool,
    /// The plan it bills, for a savings plan or a `cheapest_plan` offer.
    pub plan: Option<PlanChoice>,
    /// Total over the horizon.
    pub total: Decimal,
    /// This answer's total minus own's (positive: owning saves that much).
    pub savings_with_own: Decimal,
    /// First month from which own's cumulative cost stays at or below this answer's.
    pub break_even_month: Option<u32>,
    /// Whether that month is the horizon only because own is credited the servers' value then
    /// ([`RentReport::break_even_by_sale`]).
    pub break_even_by_sale: bool,
    /// This answer's present value minus own's; `null` without discounting.
    pub discounted_savings_with_own: Option<Decimal>,
    /// The break-even month on discounted cumulative costs; `null` without discounting.
    pub discounted_break_even_month: Option<u32>,
    /// The same as [`Answer::break_even_by_sale`] for the discounted break-even month.
    pub discounted_break_even_by_sale: bool,
}

/// Moving the data out of the rented option the load runs on today, at the start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SwitchReport {
    /// The option the load runs on today.
    pub from_rent: usize,
    /// Data moved, GB.
    pub data_gb: Decimal,
    /// What that option's transfer tiers charge for it (display currency).
    pub at_tiers: Decimal,
    /// What own pays at its start (a full switch): the tiers' price, or 0 from 12 January 2027.
    pub charged_to_own: Decimal,
    /// A full switch on the start date carries no switching charges (EU Data Act, Art. 29).
    pub free_under_data_act: bool,
}

/// What stopping everything at the horizon costs: a second figure beside the total, never mixed
/// into it. Own is sold at its market value and its loan repaid (both already in own's total);
/// a rent option pays the commitment and minimum-term months still owed and moves its data out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StopAtHorizon {
    /// Month of the stop: the horizon.
    pub month: u32,
    /// The total plus what stopping adds.
    pub total: Decimal,
    /// What stopping adds to the total.
    pub lines: Vec<CostLine>,
    /// Moving the data out costs nothing: a full switch on that day, from 12 January 2027
    /// (EU Data Act, Art. 29). Not legal advice.
    pub exit_free_under_data_act: bool,
}

impl Report {
    /// The rent option cheapest over the horizon (the first of equal totals), with its index.
    pub fn cheapest_rent(&self) -> Option<(usize, &RentReport)> {
        self.rent
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.costs.total.cmp(&b.1.costs.total))
    }
}

/// What every option reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Costs {
    /// The option's label.
    pub label: String,
    /// Total over the horizon.
    pub total: Decimal,
    /// One-time amounts over the horizon (purchase, setup, exit, resale credit, …).
    pub one_time: Decimal,
    /// Running cost per month, averaged over the horizon.
    pub monthly: Decimal,
    /// What makes up the total.
    pub lines: Vec<CostLine>,
    /// Total / productive GPU-hours of the load over the horizon (in the load's GPUs, the same
    /// work for every option); `null` without load.
    pub cost_per_productive_gpu_hour: Option<Decimal>,
    /// Cumulative cost at the end of months `0..=horizon` (month 0 = up front).
    pub cumulative: Vec<Decimal>,
    /// Net present value of the costs; `null` when the discount rate is 0.
    pub npv: Option<Decimal>,
    /// Discounted cumulative cost; `null` when the discount rate is 0.
    pub discounted_cumulative: Option<Vec<Decimal>>,
    /// Present value of cost / present value of the load's productive GPU-hours; `null` when
    /// the discount rate is 0 or there is no load.
    pub levelized_cost_per_productive_gpu_hour: Option<Decimal>,
    /// Things to know about this result.
    pub warnings: Vec<Warning>,
    /// The figure for stopping at the horizon.
    pub stop: StopAtHorizon,
}

/// One line of an option's cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CostLine {
    /// What it is.
    pub kind: CostKind,
    /// Whether it is one-time rather than running.
    pub one_time: bool,
    /// Sum over the horizon.
    pub total: Decimal,
    /// Average per month over the horizon.
    pub monthly: Decimal,
}

/// The own servers' results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnReport {
    /// Cost figures.
    #[serde(flatten)]
    pub costs: Costs,
    /// GPUs owned (the peak load, in own's GPUs).
    pub gpus: u32,
    /// Servers bought for the load.
    pub servers: u32,
    /// Spare servers bought besides (`own.spare_servers`; 0 when no server serves the load).
    pub spare_servers: u32,
    /// Purchase price of the fleet.
    pub purchase: Decimal,
    /// Electricity per month, kWh (including PUE): (`own.energy.busy_watts_per_gpu` ×
    /// [`OwnReport::busy_gpu_hours_per_month`] + `idle_watts_per_gpu` ×
    /// [`OwnReport::idle_gpu_hours_per_month`] + `base_watts_per_server` × 730 h × every server
    /// bought, spares too) × PUE ÷ 1000 (the worked example: 2,688 busy and 3,152 idle).
    pub kwh_per_month: Decimal,
    /// GPU-hours a month that draw busy power (the load's, in own's GPUs).
    pub busy_gpu_hours_per_month: Decimal,
    /// GPU-hours a month that draw idle power: the rest of each GPU's 730 hours, a spare
    /// server's GPUs all of them.
    pub idle_gpu_hours_per_month: Decimal,
    /// Loan payment per month, if financed.
    pub loan_payment: Option<Decimal>,
    /// GPU-hours of the horizon: GPUs × 730 × months (5 years, 8 GPUs: 350,400).
    pub gpu_hours: Decimal,
    /// Of which productive: own's GPUs' busy hours (5 years at the worked example: 161,280).
    pub productive_gpu_hours: Decimal,
    /// Total / GPU-hours of the horizon.
    pub cost_per_gpu_hour: Option<Decimal>,
    /// What own is credited in the horizon month for its servers (their resale, or their value
    /// at the horizon where their life goes on): its cumulative cost falls by it there, less
    /// that month's running cost. Zero when nothing is credited.
    pub horizon_credit: Decimal,
}

impl OwnReport {
    /// Every server bought: those the load needs and the spares besides.
    #[must_use]
    pub fn servers_bought(&self) -> u32 {
        self.servers.saturating_add(self.spare_servers)
    }

    /// The GPUs in every server bought, `gpus_per_server` each: what own holds and pays for,
    /// a spare's idle GPUs included.
    #[must_use]
    pub fn held_gpus(&self, gpus_per_server: u32) -> u32 {
        self.servers_bought().saturating_mul(gpus_per_server)
    }
}

/// A rent option's results and its comparison with own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RentReport {
    /// Cost figures.
    #[serde(flatten)]
    pub costs: Costs,
    /// Instances provisioned: ceil(peak GPUs / GPUs per instance), the peak in this option's
    /// GPUs.
    pub instances: u32,
    /// GPUs per instance.
    pub gpus_per_instance: u32,
    /// On-demand rate per instance-hour, display currency.
    pub instance_rate: Decimal,
    /// Instance-hours billed per month (always on: 730 × instances).
    pub billed_instance_hours_per_month: Decimal,
    /// GPU-hours billed per month (always on, 8 GPUs: 5,840).
    pub billed_gpu_hours_per_month: Decimal,
    /// Savings-plan commitment in instances (given or optimal).
    pub committed_instances: Option<u32>,
    /// GPUs billed: instances × GPUs per instance (an instance bills all its GPUs).
    pub billed_gpus: u32,
    /// Most of this option's GPUs the load keeps busy at once (the load's peak, in the GPUs of
    /// its `load_gpus`).
    pub needed_gpus: u32,
    /// Whether the option holds the capacity the load needs all month.
    pub capacity: Capacity,
    /// The plan billed, for a savings plan or a `cheapest_plan` offer: what is committed, what
    /// runs on demand, what is stopped, and why.
    pub plan: Option<PlanChoice>,
    /// For a `cheapest_plan` offer: the cheapest plan of the other capacity class.
    pub alternative: Option<Alternative>,
    /// First month from which own's cumulative cost stays at or below this option's.
    pub break_even_month: Option<u32>,
    /// Whether that month is the horizon only because own is credited the servers' value then
    /// (their market value at the horizon, or their resale where their life ends there): own's
    /// costs month by month stay above this option's up to the horizon, and owning comes out
    /// cheaper only by selling then. The month then depends on the horizon chosen (36 at 36
    /// months, 40 at 40), not on when owning pays off.
    pub break_even_by_sale: bool,
    /// The same on discounted cumulative costs; `null` without discounting.
    pub discounted_break_even_month: Option<u32>,
    /// The same as [`RentReport::break_even_by_sale`] for the discounted break-even month.
    pub discounted_break_even_by_sale: bool,
    /// Productive share at which own and this option cost the same per productive GPU-hour.
    pub break_even_share: Option<BreakEvenShare>,
    /// The plan the option bills at that share, when it holds capacity differently from
    /// [`RentReport::plan`]: a savings plan that commits nothing at the break-even share and
    /// stops its instances outside their busy hours (capacity at risk) breaks even where that
    /// plan does. `null` otherwise.
    pub break_even_plan: Option<PlanChoice>,
    /// This option's total minus own's total (positive: owning saves that much).
    pub savings_with_own: Decimal,
    /// The same on present values (this option's NPV minus own's); `null` without discounting.
    pub discounted_savings_with_own: Option<Decimal>,
}

/// A `cheapest_plan` offer's cheapest plan of the other capacity class (holding capacity when the
/// row accepts the risk, or the other way round), priced whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Alternative {
    /// The plan.
    pub plan: PlanChoice,
    /// Running cost per month, averaged over the horizon.
    pub monthly: Decimal,
    /// Total over the horizon.
    pub total: Decimal,
    /// Total / the load's productive GPU-hours over the horizon; `null` without load.
    pub cost_per_productive_gpu_hour: Option<Decimal>,
    /// First month from which own's cumulative cost stays at or below this plan's.
    pub break_even_month: Option<u32>,
    /// As [`RentReport::break_even_by_sale`].
    pub break_even_by_sale: bool,
    /// This plan's total minus own's (positive: owning saves that much).
    pub savings_with_own: Decimal,
    /// The same on present values; `null` without discounting.
    pub discounted_savings_with_own: Option<Decimal>,
    /// The break-even month on discounted cumulative costs; `null` without discounting.
    pub discounted_break_even_month: Option<u32>,
    /// As [`RentReport::discounted_break_even_by_sale`].
    pub discounted_break_even_by_sale: bool,
    /// The figure for stopping at the horizon.
    pub stop: StopAtHorizon,
    /// Things to know about this plan.
    pub warnings: Vec<Warning>,
}

/// Where own and a rent option cost the same per productive GPU-hour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BreakEvenShare {
    /// At this productive share (0–1); above it own is cheaper.
    At {
        /// The share.
        share: Decimal,
    },
    /// Own is cheaper at every share from 0 to 100 %.
    OwnCheaperAtAnyShare {
        /// The rent option's cost does not depend on the share (it is billed all month).
        share_cancels_out: bool,
    },
    /// The rent option is cheaper at every share.
    RentCheaperAtAnyShare {
        /// The rent option's cost does not depend on the share.
        share_cancels_out: bool,
    },
}

/// One point of the cost-per-productive-GPU-hour curve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SharePoint {
    /// Productive share, 0–1.
    pub share: Decimal,
    /// Own cost per productive GPU-hour (of the load, as every option's).
    pub own: Decimal,
    /// Each rent option's cost per productive GPU-hour of the load, in scenario order.
    pub rent: Vec<Decimal>,
}

/// Evaluates a scenario: validates it, compiles its calendar and compares every option.
///
/// ```
/// let report = gpu_tco_core::evaluate(&gpu_tco_core::Scenario::default()).unwrap();
/// assert_eq!(report.load.productive_hours, 336.into());
/// ```
///
/// # Errors
/// The first invalid field, or an arithmetic overflow, as an [`crate::Error`].
///
/// # Panics
/// Never.
pub fn evaluate(scenario: &Scenario) -> Result<Report> {
    scenario.check()?.evaluate()
}

impl Checked<'_> {
    /// [`evaluate`] on a scenario checked once ([`Scenario::check`]).
    ///
    /// ```
    /// let scenario = gpu_tco_core::Scenario::default();
    /// let report = scenario.check().unwrap().evaluate().unwrap();
    /// assert_eq!(report, gpu_tco_core::evaluate(&scenario).unwrap());
    /// ```
    ///
    /// # Errors
    /// An arithmetic overflow.
    ///
    /// # Panics
    /// Never.
    pub fn evaluate(&self) -> Result<Report> {
        compare(self.scenario(), self.profile())
    }
}

/// Evaluates a scenario on a given load profile (the calendar's, or one measured elsewhere).
///
/// # Errors
/// The first invalid field of the scenario or the profile ([`LoadProfile::validate`]), or an
/// arithmetic overflow.
pub fn evaluate_profile(scenario: &Scenario, profile: &LoadProfile) -> Result<Report> {
    scenario.validate()?;
    profile.validate()?;
    compare(scenario, profile)
}

/// [`evaluate_profile`] once the scenario and the profile are validated ([`evaluate`] has
/// validated the scenario already, on the slider's hot path).
fn compare(scenario: &Scenario, profile: &LoadProfile) -> Result<Report> {
    let fin = &scenario.finance;
    let prep = Pricer::new(scenario, profile)?;
    let horizon = prep.horizon;
    let load = profile.summary()?;
    let productive_total = mul(prep.busy_gpu_hours, d(horizon), "load")?;
    let factors = fin.factors(horizon)?;
    let pv_hours = match &factors {
        Some(f) => {
            let mut flow = vec![prep.busy_gpu_hours; horizon as usize + 1];
            if let Some(first) = flow.first_mut() {
                *first = Decimal::ZERO;
            }
            Some(present_value(&flow, f)?)
        }
        None => None,
    };

    let own = prep.own(Decimal::ONE)?;
    let own_costs = summarise(
        &scenario.own.label,
        &own.series,
        None,
        own.warnings,
        productive_total,
        factors.as_deref(),
        pv_hours,
    )?;
    let exit_free = !crate::switching::switching_charged(scenario.switching.end(horizon));
    let gpu_hours = mul(month_hours(horizon)?, d(own.gpus), "own.gpu_hours")?;
    // What own is credited for its servers at the horizon month (a break-even month that is
    // the horizon only by it says so).
    let credit = -own
        .series
        .once_at(horizon, &[CostKind::Residual, CostKind::ValueAtHorizon])?;
    let own_report = OwnReport {
        cost_per_gpu_hour: ratio(own_costs.total, gpu_hours)?,
        gpus: own.gpus,
        servers: own.servers,
        spare_servers: own.spares,
        purchase: round(prep.own_fx.apply(own.purchase)?),
        kwh_per_month: round(own.kwh_per_month),
        busy_gpu_hours_per_month: round(own.busy_gpu_hours),
        idle_gpu_hours_per_month: round(own.idle_gpu_hours),
        loan_payment: own
            .loan_payment
            .map(|p| prep.own_fx.apply(p).map(round))
            .transpose()?,
        gpu_hours: round(gpu_hours),
        productive_gpu_hours: round(mul(prep.own_busy, d(horizon), "own.gpu_hours")?),
        horizon_credit: round(credit),
        costs: own_costs,
    };
    let sale = Sale {
        horizon,
        credit,
        discounted: match factors.as_deref().and_then(|f| f.get(horizon as usize)) {
            Some(f) => Some(mul(credit, *f, "break_even")?),
            None => None,
        },
    };

    // Break-even shares: own at no load and at a full month of load (own is affine between).
    let full = prep.full()?;
    let own_ends = match full {
        Some(fmax) => Some((
            prep.own(Decimal::ZERO)?.series.total()?,
            prep.own(fmax)?.series.total()?,
            fmax,
        )),
        None => None,
    };

    let mut rent_reports = Vec::with_capacity(scenario.rent.len());
    for (i, option) in scenario.rent.iter().enumerate() {
        let Some(rc) = prep.rent(i, Decimal::ONE)? else {
            continue;
        };
        prep.remember_total(i, &rc)?;
        let fx = prep.rent_fx(i);
        let summary = |c: &RentCosts| {
            summarise(
                &option.label,
                &c.series,
                Some((&c.stop, exit_free && !option.extras.exit_data_gb.is_zero())),
                prep.rent_warnings(i, c.warnings.clone())?,
                productive_total,
                factors.as_deref(),
                pv_hours,
            )
        };
        let costs = summary(&rc)?;
        let break_even_share = match own_ends {
            Some((own0, own1, fmax)) => Some(solve_share(&prep, i, own0, own1, fmax)?),
            None => None,
        };
        let break_even_plan = match (&break_even_share, &rc.plan) {
            (Some(BreakEvenShare::At { share }), Some(plan))
                if !prep.productive_hours.is_zero() =>
            {
                let p = "break_even";
                let f = div(mul(*share, HOURS_PER_MONTH, p)?, prep.productive_hours, p)?;
                prep.rent(i, f)?
                    .and_then(|c| c.plan)
                    .filter(|at| at.capacity != plan.capacity)
            }
            _ => None,
        };
        let row = vs_own(&own_report.costs, &costs, &sale)?;
        let alternative = match (
            &rc.alternative,
            rc.alternative.as_ref().and_then(|a| a.plan.clone()),
        ) {
            (Some(alt), Some(plan)) => {
                let c = summary(alt)?;
                let vs = vs_own(&own_report.costs, &c, &sale)?;
                Some(Alternative {
                    plan,
                    monthly: c.monthly,
                    break_even_month: vs.break_even_month,
                    break_even_by_sale: vs.by_sale,
                    savings_with_own: vs.savings,
                    discounted_savings_with_own: vs.discounted_savings,
                    discounted_break_even_month: vs.discounted_break_even_month,
                    discounted_break_even_by_sale: vs.discounted_by_sale,
                    total: c.total,
                    cost_per_productive_gpu_hour: c.cost_per_productive_gpu_hour,
                    stop: c.stop,
                    warnings: c.warnings,
                })
            }
            _ => None,
        };
        rent_reports.push(RentReport {
            break_even_month: row.break_even_month,
            break_even_by_sale: row.by_sale,
            discounted_break_even_month: row.discounted_break_even_month,
            discounted_break_even_by_sale: row.discounted_by_sale,
            break_even_share,
            break_even_plan,
            savings_with_own: row.savings,
            discounted_savings_with_own: row.discounted_savings,
            instances: rc.instances,
            gpus_per_instance: option.gpus_per_instance,
            instance_rate: round(fx.apply(rc.instance_rate)?),
            billed_instance_hours_per_month: round(rc.billed_instance_hours),
            billed_gpu_hours_per_month: round(mul(
                rc.billed_instance_hours,
                d(option.gpus_per_instance),
                "rent",
            )?),
            committed_instances: rc.committed_instances,
            billed_gpus: rc.instances.saturating_mul(option.gpus_per_instance),
            needed_gpus: prep.rent_peak(i),
            capacity: rc.capacity,
            plan: rc.plan.clone(),
            alternative,
            costs,
        });
    }
    let answers = answers(&rent_reports);
    let switching = switch_price(scenario)?.map(|sw| SwitchReport {
        from_rent: sw.from_rent,
        data_gb: round(sw.data_gb),
        at_tiers: round(sw.at_tiers),
        charged_to_own: round(sw.full_switch),
        free_under_data_act: !crate::switching::switching_charged(scenario.switching.start()),
    });

    // Only a scenario with a chosen hybrid pays for pricing it.
    let hybrid = match scenario.hybrid {
        Some(h) => {
            let rent = rent_reports
                .get(h.rent)
                .map_or(Decimal::ZERO, |r| r.costs.total);
            Some(hybrid_result(&prep, h, own_report.costs.total, rent)?)
        }
        None => None,
    };
    Ok(Report {
        currency: fin.display_currency,
        horizon_months: horizon,
        discount_rate_percent: fin.discount_rate_percent,
        load,
        productive_gpu_hours: round(productive_total),
        own: own_report,
        rent: rent_reports,
        hybrid,
        answers,
        switching,
    })
}

/// A row's or a plan's figures against own's, as paid and in present value (`None` without
/// discounting).
struct VsOwn {
    break_even_month: Option<u32>,
    by_sale: bool,
    savings: Decimal,
    discounted_savings: Option<Decimal>,
    discounted_break_even_month: Option<u32>,
    discounted_by_sale: bool,
}

/// What own is credited at the horizon for its servers (their market value then, or their
/// resale where their life ends there), as paid and in present value: positive.
struct Sale {
    horizon: u32,
    credit: Decimal,
    discounted: Option<Decimal>,
}

/// Whether a break-even month `at` is the horizon only by the servers' sale then: without that
/// credit own's cumulative cost would still be above the option's at the horizon.
fn by_sale(
    at: Option<u32>,
    own: &[Decimal],
    rent: &[Decimal],
    horizon: u32,
    credit: Decimal,
) -> Result<bool> {
    let h = horizon as usize;
    Ok(match (at, own.get(h), rent.get(h)) {
        (Some(m), Some(o), Some(r)) if m == horizon && horizon > 0 && credit > Decimal::ZERO => {
            add(*o, credit, "break_even")? > *r
        }
        _ => false,
    })
}

fn vs_own(own: &Costs, c: &Costs, sale: &Sale) -> Result<VsOwn> {
    let at = break_even_month(&own.cumulative, &c.cumulative);
    let (discounted_at, discounted_by_sale) = match (
        &own.discounted_cumulative,
        &c.discounted_cumulative,
        sale.discounted,
    ) {
        (Some(o), Some(r), Some(credit)) => {
            let m = break_even_month(o, r);
            (m, by_sale(m, o, r, sale.horizon, credit)?)
        }
        _ => (None, false),
    };
    Ok(VsOwn {
        break_even_month: at,
        by_sale: by_sale(
            at,
            &own.cumulative,
            &c.cumulative,
            sale.horizon,
            sale.credit,
        )?,
        savings: round(sub(c.total, own.total, "savings")?),
        discounted_savings: match (c.npv, own.npv) {
            (Some(r), Some(o)) => Some(round(sub(r, o, "savings")?)),
            _ => None,
        },
        discounted_break_even_month: discounted_at,
        discounted_by_sale,
    })
}

/// The cheapest row or alternative plan of each capacity class (the first of equal totals; an
/// option that leaves days uncovered answers neither).
fn answers(rent: &[RentReport]) -> Answers {
    let mut out = Answers {
        holds_capacity: None,
        accepts_risk: None,
    };
    for (i, r) in rent.iter().enumerate() {
        let row = (
            r.capacity,
            Answer {
                rent_index: i,
                label: r.costs.label.clone(),
                alternative: false,
                plan: r.plan.clone(),
                total: r.costs.total,
                savings_with_own: r.savings_with_own,
                break_even_month: r.break_even_month,
                break_even_by_sale: r.break_even_by_sale,
                discounted_savings_with_own: r.discounted_savings_with_own,
                discounted_break_even_month: r.discounted_break_even_month,
                discounted_break_even_by_sale: r.discounted_break_even_by_sale,
            },
        );
        let alt = r.alternative.as_ref().map(|a| {
            (
                a.plan.capacity,
                Answer {
                    rent_index: i,
                    label: r.costs.label.clone(),
                    alternative: true,
                    plan: Some(a.plan.clone()),
                    total: a.total,
                    savings_with_own: a.savings_with_own,
                    break_even_month: a.break_even_month,
                    break_even_by_sale: a.break_even_by_sale,
                    discounted_savings_with_own: a.discounted_savings_with_own,
                    discounted_break_even_month: a.discounted_break_even_month,
                    discounted_break_even_by_sale: a.discounted_break_even_by_sale,
                },
            )
        });
        for (capacity, answer) in std::iter::once(row).chain(alt) {
            let slot = match capacity {
                Capacity::Held => &mut out.holds_capacity,
                Capacity::AtRisk => &mut out.accepts_risk,
                Capacity::NotCovered => continue,
            };
            if slot.as_ref().is_none_or(|best| answer.total < best.total) {
                *slot = Some(answer);
            }
        }
    }
    out
}

fn ratio(total: Decimal, hours: Decimal) -> Result<Option<Decimal>> {
    if hours.is_zero() {
        return Ok(None);
    }
    Ok(Some(round(div(total, hours, "cost_per_gpu_hour")?)))
}

fn summarise(
    label: &str,
    series: &Series,
    stop: Option<(&Series, bool)>,
    warnings: Vec<Warning>,
    productive_total: Decimal,
    factors: Option<&[Decimal]>,
    pv_hours: Option<Decimal>,
) -> Result<Costs> {
    let horizon = d(series.horizon.max(1));
    // The exact total converted once (the lines are each converted once).
    let (total, by_kind) = series.totals()?;
    let mut lines = Vec::with_capacity(by_kind.len());
    let mut one_time = Decimal::ZERO;
    for (kind, line_total) in by_kind {
        if kind.is_one_time() {
            one_time = add(one_time, line_total, "total")?;
        }
        lines.push(CostLine {
            kind,
            one_time: kind.is_one_time(),
            total: round(line_total),
            monthly: round(div(line_total, horizon, "monthly")?),
        });
    }
    let (stop_total, stop_lines, exit_free) = match stop {
        Some((stop, exit_free)) => {
            let mut extra = Decimal::ZERO;
            let mut lines = Vec::new();
            for (kind, t) in stop.totals_by_kind()? {
                extra = add(extra, t, "stop")?;
                lines.push(CostLine {
                    kind,
                    one_time: true,
                    total: round(t),
                    monthly: round(div(t, horizon, "monthly")?),
                });
            }
            (add(total, extra, "stop")?, lines, exit_free)
        }
        None => (total, Vec::new(), false),
    };
    // The months are converted to 12 places; the horizon's point is the exact total. Without
    // discounting, a rented option's curve sums in whole numbers of its places.
    let fixed = match factors {
        Some(_) => None,
        None => series.running_total_fixed()?,
    };
    let (cum, npv, discounted, levelized) = match (fixed, factors) {
        (Some(cum), _) => {
            let mut rounded = Vec::with_capacity(cum.len());
            for c in cum {
                rounded.push(round_curve(c).ok_or_else(|| overflow("series"))?);
            }
            let mut cum = rounded;
            if let Some(last) = cum.last_mut() {
                *last = round(total);
            }
            (cum, None, None, None)
        }
        (None, f) => {
            let months = series.month_totals(|_| true)?;
            let mut cum = cumulative(&months)?;
            if let Some(last) = cum.last_mut() {
                *last = total;
            }
            let cum = cum.into_iter().map(round).collect();
            match f {
                Some(f) => {
                    let dcum = cumulative(&discounted(&months, f)?)?;
                    let npv = dcum.last().copied().unwrap_or(Decimal::ZERO);
                    let levelized = match pv_hours {
                        Some(h) => ratio(npv, h)?,
                        None => None,
                    };
                    (
                        cum,
                        Some(round(npv)),
                        Some(dcum.into_iter().map(round).collect()),
                        levelized,
                    )
                }
                None => (cum, None, None, None),
            }
        }
    };
    Ok(Costs {
        label: label.to_owned(),
        monthly: round(div(sub(total, one_time, "monthly")?, horizon, "monthly")?),
        total: round(total),
        one_time: round(one_time),
        lines,
        cost_per_productive_gpu_hour: ratio(total, productive_total)?,
        cumulative: cum,
        npv,
        discounted_cumulative: discounted,
        levelized_cost_per_productive_gpu_hour: levelized,
        warnings,
        stop: StopAtHorizon {
            month: series.horizon,
            total: round(stop_total),
            lines: stop_lines,
            exit_free_under_data_act: exit_free,
        },
    })
}

/// Finds the share where own's and rent option `i`'s totals meet, by regula falsi (Illinois) on
/// the day-scaling factor `f` in `0..=fmax`. Own is affine in `f`; rent is piecewise affine.
fn solve_share(
    prep: &Pricer<'_>,
    i: usize,
    own0: Decimal,
    own1: Decimal,
    fmax: Decimal,
) -> Result<BreakEvenShare> {
    let p = "break_even";
    let rent0 = prep.rent_total(i, Decimal::ZERO)?;
    let rent1 = prep.rent_total(i, fmax)?;
    let g0 = sub(own0, rent0, p)?;
    let g1 = sub(own1, rent1, p)?;
    let cancels = rent0 == rent1;
    if g0 <= Decimal::ZERO && g1 <= Decimal::ZERO {
        return Ok(BreakEvenShare::OwnCheaperAtAnyShare {
            share_cancels_out: cancels,
        });
    }
    if g0 > Decimal::ZERO && g1 > Decimal::ZERO {
        return Ok(BreakEvenShare::RentCheaperAtAnyShare {
            share_cancels_out: cancels,
        });
    }
    let slope = div(sub(own1, own0, p)?, fmax, p)?;
    let g_at = |f: Decimal| -> Result<Decimal> {
        let own = add(own0, mul(slope, f, p)?, p)?;
        sub(own, prep.rent_total(i, f)?, p)
    };
    // Regula falsi (Illinois) on g = own − rent, which is piecewise affine, to a point on own's
    // side (g ≤ 0) within a thousandth of a unit of money. Then the flip itself: the answer is
    // the point of own's side next to the other side, to 1e-10 of the factor. That is the
    // root where g crosses zero, and where g jumps or stays at zero over a range (a commitment
    // that starts to pay at a share, own and rent equal from there on) it is the share at which
    // the flip happens, not a hair before it nor anywhere in the range.
    let (mut a, mut ga, mut b, mut gb) = (Decimal::ZERO, g0, fmax, g1);
    let mut side = 0i8;
    let tolerance = Decimal::new(1, 3);
    let width = Decimal::new(1, 10);
    let mut found = None;
    for _ in 0..60 {
        let denom = sub(gb, ga, p)?;
        let f = if denom.is_zero() {
            div(add(a, b, p)?, Decimal::TWO, p)?
        } else {
            sub(b, div(mul(gb, sub(b, a, p)?, p)?, denom, p)?, p)?
        };
        let gf = g_at(f)?;
        if gf <= Decimal::ZERO && gf.abs() <= tolerance {
            found = Some((f, gf));
            break;
        }
        if (gf > Decimal::ZERO) == (gb > Decimal::ZERO) {
            b = f;
            gb = gf;
            if side == -1 {
                ga = div(ga, Decimal::TWO, p)?;
            }
            side = -1;
        } else {
            a = f;
            ga = gf;
            if side == 1 {
                gb = div(gb, Decimal::TWO, p)?;
            }
            side = 1;
        }
        if sub(b, a, p)?.abs() < width {
            break;
        }
    }
    // `own_side` has g ≤ 0, `other` g > 0 (Illinois halves the kept end's value, never its
    // sign).
    let (mut own_side, mut other) = if gb <= Decimal::ZERO { (b, a) } else { (a, b) };
    if let Some((f, _)) = found {
        own_side = f;
    }
    let toward = |from: Decimal, to: Decimal| -> Result<Decimal> {
        let step = if to > from { width } else { -width };
        add(from, step, p)
    };
    // A root where g is below zero is a crossing (g is continuous there): done. Where g is
    // exactly zero it may stay so over a range; one look just past it toward the other side
    // tells, and halving finds the range's end.
    let crossing = found.is_some_and(|(_, g)| g < Decimal::ZERO);
    let next = toward(own_side, other)?;
    if crossing || (next - other).abs() < width || g_at(next)? > Decimal::ZERO {
        other = next;
    }
    for _ in 0..80 {
        if sub(own_side, other, p)?.abs() <= width {
            break;
        }
        let mid = div(add(own_side, other, p)?, Decimal::TWO, p)?;
        if g_at(mid)? <= Decimal::ZERO {
            own_side = mid;
        } else {
            other = mid;
        }
    }
    let f = own_side;
    let share = div(mul(f, prep.productive_hours, p)?, HOURS_PER_MONTH, p)?;
    Ok(BreakEvenShare::At {
        share: round(share.clamp(Decimal::ZERO, Decimal::ONE)),
    })
}

/// Cost per productive GPU-hour of own and every rent option at productive shares
/// `1/points, 2/points, …, 1` (the same pattern on more or fewer days, peak kept).
///
/// Empty when the scenario has no load. `points` is clamped to 2–100.
///
/// # Errors
/// The first invalid field, or an arithmetic overflow.
pub fn share_curve(scenario: &Scenario, points: u32) -> Result<Vec<SharePoint>> {
    scenario.check()?.share_curve(points)
}

impl Checked<'_> {
    /// [`share_curve`] on a scenario checked once ([`Scenario::check`]).
    ///
    /// # Errors
    /// An arithmetic overflow.
    pub fn share_curve(&self, points: u32) -> Result<Vec<SharePoint>> {
        let (scenario, profile) = (self.scenario(), self.profile());
        let prep = Pricer::new(scenario, profile)?;
        let Some(fmax) = prep.full()? else {
            return Ok(Vec::new());
        };
        let p = "share_curve";
        let points = points.clamp(2, 100);
        let gpus_per_busy_hour = div(prep.busy_gpu_hours, prep.productive_hours, p)?;
        let months = d(prep.horizon);
        let own0 = prep.own(Decimal::ZERO)?.series.total()?;
        let own1 = prep.own(fmax)?.series.total()?;
        let mut out = Vec::with_capacity(points as usize);
        for step in 1..=points {
            let share = div(d(step), d(points), p)?;
            let f = mul(fmax, share, p)?;
            // Productive GPU-hours over the horizon at this share.
            let hours = mul(
                mul(mul(HOURS_PER_MONTH, share, p)?, gpus_per_busy_hour, p)?,
                months,
                p,
            )?;
            let per = |total: Decimal| -> Result<Decimal> { Ok(round(div(total, hours, p)?)) };
            let own = add(own0, mul(sub(own1, own0, p)?, share, p)?, p)?;
            let rent = (0..scenario.rent.len())
                .map(|i| per(prep.rent_total(i, f)?))
                .collect::<Result<_>>()?;
            out.push(SharePoint {
                share: round(share),
                own: per(own)?,
                rent,
            });
        }
        Ok(out)
    }
}
