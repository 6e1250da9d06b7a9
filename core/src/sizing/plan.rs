//! The sizing carried through the comparison: one sizing per option of a scenario (each on its
//! option's GPU model), the GPU counts "Use these GPU counts" writes into the scenario, and what
//! a token costs on each option against a model API.
//!
//! - [`plan`] sizes the same model and load once per option. The load's own GPU count (the
//!   calendar's service window) becomes the count of the *reference* option: own when own is
//!   sized, else the first rent option that is. Every other option whose GPU model needs a
//!   different count for the same load gets a ratio ([`Ratio`]: `gpus` where the load counts
//!   `per`), the scenario's `load_gpus` of that option.
//! - [`token_table`] prices a month of the sized load's tokens on every option of a report and
//!   through an API: cost per 1M output tokens and per 1M input + output tokens, the API's bill
//!   for the same tokens, and the tokens a month from which the option costs less than the API;
//!   and, from the report's share curve, the cost per 1M tokens at every productive share.
//!
//! The tokens of a month are the sized load's request rate (for users: users × requests per
//! user-hour, the busiest hour's, without the peak factor, which sizes the GPUs for the busiest
//! moment but does not add requests) in every hour of the calendar's service window (the batch
//! windows run other work; a measured month: its productive hours), times the tokens of one
//! request. An option's monthly cost is its total over the horizon ÷ the horizon's months (it
//! pays for GPU time, not for tokens, so its cost per token falls as the tokens grow).
//!
//! ```
//! use gpu_tco_core::sizing::plan::{Side, plan};
//! use gpu_tco_core::sizing::{GpuChoice, Inputs};
//!
//! let inputs = Inputs::default(); // Llama 3.3 70B FP8, 1,000 users × 10 requests an hour
//! let gpus = [
//!     (Side::Own, Some(GpuChoice::Catalogue("h200-sxm".into()))),
//!     (Side::Rent(0), Some(GpuChoice::Catalogue("l40s".into()))),
//! ];
//! let p = plan(&inputs, &gpus).unwrap();
//! let (own, l40s) = (p.rows[0].gpus.unwrap(), p.rows[1].gpus.unwrap());
//! assert_eq!(p.service_gpus(), Some(own));
//! assert!(l40s > own);
//! assert_eq!(p.ratio(Side::Rent(0)).map(|r| (r.gpus, r.per)), Some((l40s, own)));
//! ```

use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::Serialize;

use super::{
    ApiPrice, Demand, GpuChoice, Inputs, Load, Sizing, TokenCost, Tokens, api_monthly_cost,
    cost_per_million, div, mul, size,
};
use crate::error::{Error, Result};
use crate::money::{Currency, round};
use crate::pricing::Pricer;
use crate::report::{Report, SharePoint};
use crate::scenario::Checked;
use crate::units::{HOURS_PER_MONTH, MAX_GPUS};

/// An option of the scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The own servers.
    Own,
    /// Rent option `i` (index into the scenario's `rent`).
    Rent(usize),
}

/// An option's GPU count for the load: `gpus` of its GPU model where the load counts `per`
/// (the scenario's `load_gpus` of the option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ratio {
    /// GPUs of the option's model.
    pub gpus: u32,
    /// GPUs the load counts.
    pub per: u32,
}

/// One option's sizing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The option.
    pub side: Side,
    /// Its GPU model (`None`: not known, the option is not sized).
    pub gpu: Option<GpuChoice>,
    /// The sizing on that GPU model (`None` when not sized or when the GPU's figures are
    /// invalid, see `problem`).
    pub sizing: Option<Sizing>,
    /// Why a chosen GPU model could not be sized (a typed GPU's field out of range).
    pub problem: Option<Error>,
    /// GPUs the load needs on this model (`None`: not sized, or the model does not fit, or more
    /// than [`MAX_GPUS`]).
    pub gpus: Option<u32>,
}

/// The sizing of every option, and the counts it writes into the scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Plan {
    /// The load in the units sizing needs.
    pub demand: Demand,
    /// One row per option, in the order asked.
    pub rows: Vec<Row>,
    /// The option whose count becomes the load's: own if sized, else the first sized rent
    /// option; `None` when no option has a count.
    pub reference: Option<Side>,
}

impl Plan {
    /// The load's GPU count (the calendar's service window): the reference option's.
    pub fn service_gpus(&self) -> Option<u32> {
        let side = self.reference?;
        self.row(side)?.gpus
    }

    /// The row of `side`.
    pub fn row(&self, side: Side) -> Option<&Row> {
        self.rows.iter().find(|r| r.side == side)
    }

    /// What `side`'s `load_gpus` becomes: its count over the load's where the two differ;
    /// `None` where they agree (or either is unknown: the option then keeps what it has, see
    /// [`Plan::keeps`]).
    pub fn ratio(&self, side: Side) -> Option<Ratio> {
        let per = self.service_gpus()?;
        let gpus = self.row(side)?.gpus?;
        (gpus != per).then_some(Ratio { gpus, per })
    }

    /// Whether `side` keeps its GPU count as it is when the plan is applied: it has no count of
    /// its own (not sized, does not fit, too many GPUs).
    pub fn keeps(&self, side: Side) -> bool {
        self.service_gpus().is_none() || self.row(side).is_none_or(|r| r.gpus.is_none())
    }
}

/// Sizes `inputs` on each option's GPU model (`None`: the option is not sized).
///
/// # Errors
/// An invalid model or input, as [`size`] reports it (paths under `sizing.`); a typed GPU whose
/// figures are out of range is the row's `problem`, not an error of the plan.
pub fn plan(inputs: &Inputs, gpus: &[(Side, Option<GpuChoice>)]) -> Result<Plan> {
    let (spec, _) = inputs.model_spec()?;
    inputs.check(&spec)?;
    let demand = super::demand(inputs)?;
    let rows: Vec<Row> = gpus
        .iter()
        .map(|(side, gpu)| {
            let (sizing, problem) = match gpu {
                None => (None, None),
                Some(g) => match size(inputs, g) {
                    Ok(s) => (Some(s), None),
                    Err(e) => (None, Some(e)),
                },
            };
            let count = sizing
                .as_ref()
                .and_then(|s| s.choice)
                .and_then(|c| u32::try_from(c.gpus).ok())
                .filter(|g| *g <= MAX_GPUS);
            Row {
                side: *side,
                gpu: gpu.clone(),
                sizing,
                problem,
                gpus: count,
            }
        })
        .collect();
    let reference = rows
        .iter()
        .find(|r| r.side == Side::Own && r.gpus.is_some())
        .or_else(|| rows.iter().find(|r| r.gpus.is_some()))
        .map(|r| r.side);
    Ok(Plan {
        demand,
        rows,
        reference,
    })
}

/// A model API's price in its currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Api {
    /// Per 1M input and output tokens.
    pub price: ApiPrice,
    /// The price's currency.
    pub currency: Currency,
}

/// One option's cost per token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TokenRow {
    /// The option.
    pub side: Side,
    /// Its average monthly cost (total ÷ months), display currency.
    pub monthly_cost: Decimal,
    /// Its cost per 1M tokens at the month's tokens, display currency.
    pub cost: TokenCost,
    /// Where it meets the API as the same request rate runs on more or fewer hours.
    pub against_api: AgainstApi,
    /// The most tokens a month its GPUs serve (all 730 hours at the sizing's throughput per GPU
    /// and target busy share, in the month's proportion); `None` when the option is not sized.
    pub capacity: Option<Tokens>,
}

/// Where an option meets the API: the same request rate on more or fewer hours of the month
/// (the productive share), so both the option's bill (its hours, its starts, its plan) and the
/// API's (its tokens) follow; the option pays for GPU time, the API for tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AgainstApi {
    /// The option costs no more than the API from this productive share on (up to all 730
    /// hours), that is from these tokens a month.
    From {
        /// The productive share, 0–1.
        share: Decimal,
        /// The tokens a month at that share.
        tokens: Tokens,
        /// Whether today's share is at or above it (the option is the cheaper one today).
        today: bool,
    },
    /// The option costs more than the API at every share up to all 730 hours: at this request
    /// rate it never beats the API (more tokens would need a higher rate, and more GPUs).
    Never,
    /// The API charges nothing for these tokens.
    ApiFree,
}

/// What a month of the sized load's tokens costs on each option and through the API.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TokenTable {
    /// Requests per second on average over the productive hours.
    pub requests_per_second: Decimal,
    /// Productive hours a month (the calendar's).
    pub productive_hours: Decimal,
    /// The hours a month that serve the requests: the service window's (batch windows run
    /// other work), or the productive hours of a measured month.
    pub token_hours: Decimal,
    /// Whether `token_hours` are the calendar's service window.
    pub service_window: bool,
    /// Tokens a month.
    pub tokens: Tokens,
    /// The API's price in the display currency.
    pub api_price: ApiPrice,
    /// The API's bill for the month's tokens, display currency.
    pub api_monthly: Decimal,
    /// The API's price per 1M input + output tokens at the month's proportion.
    pub api_per_million_total: Option<Decimal>,
    /// Own first, then each rent option.
    pub rows: Vec<TokenRow>,
    /// Cost per 1M input + output tokens by productive share.
    pub curve: Vec<TokenPoint>,
}

/// The cost per 1M input + output tokens at one productive share (the same load on more or
/// fewer hours, as the report's share curve).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TokenPoint {
    /// Productive share, 0–1.
    pub share: Decimal,
    /// Own.
    pub own: Decimal,
    /// Each rent option, in scenario order.
    pub rent: Vec<Decimal>,
}

/// The sized load's average request rate: the busiest moment's without its peak factor.
///
/// # Errors
/// [`Error::Overflow`] past the decimal range.
pub fn average_rate(inputs: &Inputs, demand: &Demand) -> Result<Decimal> {
    const PATH: &str = "sizing.load";
    match inputs.load {
        Load::Users {
            users,
            requests_per_user_hour,
            ..
        } => div(
            mul(users.into(), requests_per_user_hour, PATH)?,
            dec!(3600),
            PATH,
        ),
        Load::RequestsPerSecond { .. } | Load::Concurrent { .. } => Ok(demand.requests_per_second),
    }
}

/// Hours a month of the calendar's service window (its hours a day on its days), `None` for a
/// measured month (its hours are all productive ones).
fn served_hours(scenario: &crate::Scenario) -> Result<Option<Decimal>> {
    let c = &scenario.calendar;
    if c.measured.is_some() {
        return Ok(None);
    }
    let days = match c.service.days {
        crate::Days::WorkingDays => c.working_days,
        crate::Days::AllDays => crate::days_per_month(),
    };
    let hours = if c.service.gpus == 0 {
        Decimal::ZERO
    } else {
        Decimal::from(c.service.hours())
    };
    Ok(Some(mul(hours, days, "sizing.tokens")?))
}

/// The sized load's average requests an hour (users × requests per user-hour, exactly, for
/// users).
fn requests_per_hour(inputs: &Inputs, demand: &Demand) -> Result<Decimal> {
    const PATH: &str = "sizing.load";
    match inputs.load {
        Load::Users {
            users,
            requests_per_user_hour,
            ..
        } => mul(users.into(), requests_per_user_hour, PATH),
        Load::RequestsPerSecond { .. } | Load::Concurrent { .. } => {
            mul(demand.requests_per_second, dec!(3600), PATH)
        }
    }
}

/// Prices a month of the sized load's tokens on every option of `checked` (its `report` and
/// share curve `curve`, as [`Checked::evaluate`] and [`Checked::share_curve`] give them) and
/// through `api`, converting the API's price into the report's currency; `plan` gives the load
/// and, for each sized option, the throughput its GPUs serve at most. Where each option meets
/// the API is solved on the same load on more or fewer hours ([`AgainstApi`]): twenty shares
/// scanned, the first crossing then halved down to 10⁻⁶.
///
/// # Errors
/// [`Error::OutOfRange`] for a negative price; [`Error::Overflow`] past the decimal range.
pub fn token_table(
    checked: &Checked<'_>,
    report: &Report,
    curve: &[SharePoint],
    inputs: &Inputs,
    plan: &Plan,
    api: &Api,
) -> Result<TokenTable> {
    const PATH: &str = "sizing.tokens";
    let scenario = checked.scenario();
    let demand = &plan.demand;
    let rate = average_rate(inputs, demand)?;
    let hours = report.load.productive_hours;
    let token_hours = served_hours(scenario)?.unwrap_or(hours);
    let requests = mul(requests_per_hour(inputs, demand)?, token_hours, PATH)?;
    let tokens = Tokens {
        input: mul(requests, inputs.input_tokens.into(), PATH)?,
        output: mul(requests, inputs.output_tokens.into(), PATH)?,
    };
    let output_share = {
        let all = Decimal::from(inputs.input_tokens) + Decimal::from(inputs.output_tokens);
        if all.is_zero() {
            Decimal::ONE
        } else {
            div(inputs.output_tokens.into(), all, PATH)?
        }
    };
    let fx = api
        .currency
        .rate_to(report.currency, scenario.finance.usd_per_eur);
    let api_price = ApiPrice {
        input_per_million: round(fx.apply(api.price.input_per_million)?),
        output_per_million: round(fx.apply(api.price.output_per_million)?),
    };
    // The API's bill in its own currency, converted once (as the options' sums are).
    let api_exact = fx.apply(api_monthly_cost(&tokens, &api.price)?)?;
    let api_monthly = round(api_exact);
    let total = tokens.total()?;
    let millions = div(total, dec!(1000000), PATH)?;
    let api_per_million_total = if millions.is_zero() {
        None
    } else {
        Some(round(div(api_exact, millions, PATH)?))
    };
    let months = Decimal::from(report.horizon_months.max(1));

    // The same request rate on a share s of the month: the option's total at the factor of
    // days that gives that share, the API's bill ∝ the hours.
    let prep = Pricer::new(scenario, checked.profile())?;
    let full = prep.full()?;
    let share_now = report.load.productive_share;
    let api_at = |share: Decimal| -> Result<Decimal> {
        if hours.is_zero() {
            return Ok(Decimal::ZERO);
        }
        div(
            mul(mul(api_exact, share, PATH)?, HOURS_PER_MONTH, PATH)?,
            hours,
            PATH,
        )
    };
    let tokens_at = |share: Decimal| -> Result<Tokens> {
        let k = div(mul(share, HOURS_PER_MONTH, PATH)?, hours, PATH)?;
        Ok(Tokens {
            input: mul(tokens.input, k, PATH)?.round(),
            output: mul(tokens.output, k, PATH)?.round(),
        })
    };
    // Option total per month minus the API's bill at share s (≤ 0: the option is cheaper).
    let gap = |side: Side, share: Decimal, fmax: Decimal| -> Result<Decimal> {
        let f = mul(fmax, share, PATH)?;
        let total = match side {
            Side::Own => prep.own(f)?.series.total()?,
            Side::Rent(i) => prep.rent_total(i, f)?,
        };
        Ok(div(total, months, PATH)? - api_at(share)?)
    };
    let against = |side: Side| -> Result<AgainstApi> {
        if api_exact.is_zero() {
            return Ok(AgainstApi::ApiFree);
        }
        let Some(fmax) = full else {
            return Ok(AgainstApi::Never);
        };
        const STEPS: u32 = 20;
        let mut low = Decimal::ZERO;
        let mut found = None;
        for k in 1..=STEPS {
            let s = div(k.into(), STEPS.into(), PATH)?;
            if gap(side, s, fmax)? <= Decimal::ZERO {
                found = Some(s);
                break;
            }
            low = s;
        }
        let Some(mut high) = found else {
            return Ok(AgainstApi::Never);
        };
        while high - low > dec!(0.000001) {
            let mid = div(low + high, dec!(2), PATH)?;
            if gap(side, mid, fmax)? <= Decimal::ZERO {
                high = mid;
            } else {
                low = mid;
            }
        }
        let share = high.round_dp(6);
        Ok(AgainstApi::From {
            share,
            tokens: tokens_at(share)?,
            today: gap(side, share_now, fmax)? <= Decimal::ZERO,
        })
    };

    let row = |side: Side, total_cost: Decimal, gpus: u32| -> Result<TokenRow> {
        let exact = div(total_cost, months, PATH)?;
        let cost = cost_per_million(exact, &tokens)?;
        let cost = TokenCost {
            per_million_output: cost.per_million_output.map(round),
            per_million_total: cost.per_million_total.map(round),
        };
        // What the option's GPUs serve at most: every hour of the month at the sizing's
        // throughput per GPU and target busy share.
        let capacity = match plan.row(side).and_then(|r| r.sizing.as_ref()) {
            Some(s) => {
                let per_second = mul(
                    mul(
                        s.throughput.tokens_per_second_per_gpu,
                        inputs.target_busy,
                        PATH,
                    )?,
                    gpus.into(),
                    PATH,
                )?;
                let output = mul(mul(per_second, dec!(3600), PATH)?, HOURS_PER_MONTH, PATH)?;
                let total = if output_share.is_zero() {
                    output
                } else {
                    div(output, output_share, PATH)?
                };
                Some(Tokens {
                    input: (total - output).round(),
                    output: output.round(),
                })
            }
            None => None,
        };
        Ok(TokenRow {
            side,
            monthly_cost: round(exact),
            cost,
            against_api: against(side)?,
            capacity,
        })
    };
    // Own's GPUs are whole servers' (an 8-GPU server for a load of 2 serves with all 8).
    let own_gpus = report
        .own
        .servers
        .saturating_mul(scenario.own.gpus_per_server)
        .max(report.own.gpus);
    let mut rows = vec![row(Side::Own, report.own.costs.total, own_gpus)?];
    for (i, r) in report.rent.iter().enumerate() {
        rows.push(row(Side::Rent(i), r.costs.total, r.billed_gpus)?);
    }
    // Cost per productive GPU-hour × productive GPU-hours per 1M tokens: both grow with the
    // share, so the factor is the same at every share.
    let curve = if millions.is_zero() || report.load.productive_gpu_hours.is_zero() {
        Vec::new()
    } else {
        let k = div(report.load.productive_gpu_hours, millions, PATH)?;
        curve
            .iter()
            .map(|p| {
                Ok(TokenPoint {
                    share: p.share,
                    own: round(mul(p.own, k, PATH)?),
                    rent: p
                        .rent
                        .iter()
                        .map(|c| Ok(round(mul(*c, k, PATH)?)))
                        .collect::<Result<_>>()?,
                })
            })
            .collect::<Result<_>>()?
    };
    Ok(TokenTable {
        requests_per_second: round(rate),
        productive_hours: hours,
        token_hours: round(token_hours),
        service_window: served_hours(scenario)?.is_some(),
        tokens,
        api_price,
        api_monthly,
        api_per_million_total,
        rows,
        curve,
    })
}
