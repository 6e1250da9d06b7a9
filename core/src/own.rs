//! The own option: buy (or lease) servers and run them in a colocation or in-house.

use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use crate::check;
use crate::error::Result;
use crate::finance::annuity;
use crate::load::LoadGpus;
use crate::money::{Currency, add, d, div, mul, pct, sub};
use crate::rent::Warning;
use crate::series::{CostKind, Escalation, Series, ceil_div};
use crate::units::HOURS_PER_MONTH;

/// Electricity of the own servers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Energy {
    /// Power is part of the colocation price: no separate energy line.
    pub included_in_colocation: bool,
    /// Measured draw of one GPU while it serves (not TDP), W, 0–2,000.
    pub busy_watts_per_gpu: Decimal,
    /// Draw of one idle GPU with the model loaded, W, 0–2,000.
    pub idle_watts_per_gpu: Decimal,
    /// Draw of the rest of one server (CPUs, memory, fans, NICs), W, 0–20,000.
    pub base_watts_per_server: Decimal,
    /// Power usage effectiveness of the room, 1–3.
    pub pue: Decimal,
    /// Price per kWh.
    pub price_per_kwh: Decimal,
    /// Yearly change of the power price, percent, −50–50.
    pub yearly_price_change_percent: Decimal,
}

/// How the purchase is paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case", try_from = "FinancingRepr")]
pub enum Financing {
    /// Paid in full at the start.
    Cash,
    /// Annuity loan or lease over the server price.
    Loan {
        /// Annual interest, percent, 0–30 (monthly rate = annual / 12).
        annual_interest_percent: Decimal,
        /// Term in months, 1–120.
        term_months: u32,
    },
}

// `Financing` as read: a flat struct checked against its mode, so a stray field next to
// `"mode": "cash"` is rejected (serde ignores it for unit variants) and the page's WebAssembly
// carries no buffering deserializer (see `rent::BillingRepr`).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum FinancingTag {
    Cash,
    Loan,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FinancingRepr {
    pub(crate) mode: FinancingTag,
    pub(crate) annual_interest_percent: Option<Decimal>,
    pub(crate) term_months: Option<u32>,
}

impl TryFrom<FinancingRepr> for Financing {
    type Error = String;

    fn try_from(r: FinancingRepr) -> Result<Self, String> {
        match (r.mode, r.annual_interest_percent, r.term_months) {
            (FinancingTag::Cash, None, None) => Ok(Financing::Cash),
            (FinancingTag::Cash, _, _) => Err("unknown field for mode `cash`".into()),
            (FinancingTag::Loan, Some(annual_interest_percent), Some(term_months)) => {
                Ok(Financing::Loan {
                    annual_interest_percent,
                    term_months,
                })
            }
            (FinancingTag::Loan, None, _) => Err("missing field `annual_interest_percent`".into()),
            (FinancingTag::Loan, _, None) => Err("missing field `term_months`".into()),
        }
    }
}

/// Own servers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnOption {
    /// Name shown on the page, at most 80 characters (plain text, never markup).
    pub label: String,
    /// Currency of every price of this option.
    pub currency: Currency,
    /// GPUs per server, 1–16. Servers = ceil(peak GPUs / GPUs per server).
    pub gpus_per_server: u32,
    /// Spare servers beyond those the load needs (N+1 and more), 0–16: bought, supported,
    /// housed and licensed like the others, powered and idle, ready to take over from one that
    /// fails (a cloud instance starts again on other hardware; an own server waits for its
    /// repair). None when the fleet serves nothing (a hybrid with no own GPUs). Files and links
    /// from before it read as 0.
    #[serde(default)]
    pub spare_servers: u32,
    /// Purchase price per server.
    pub price_per_server: Decimal,
    /// One-time setup and installation per purchase of the fleet.
    pub setup_one_time: Decimal,
    /// Licence per GPU and year (for example NVIDIA AI Enterprise).
    pub licence_per_gpu_year: Decimal,
    /// Years of licence bundled with the hardware, 0–10 (H200 NVL ships 5).
    pub licence_bundled_years: u32,
    /// Electricity.
    pub energy: Energy,
    /// Rack space or colocation per server and month.
    pub colocation_per_server_month: Decimal,
    /// Colocation per contracted kW and month.
    pub colocation_per_kw_month: Decimal,
    /// Contracted kW per server, 0–100.
    pub contracted_kw_per_server: Decimal,
    /// Hardware support and warranty per year, percent of the purchase price, 0–100.
    pub hardware_support_percent_per_year: Decimal,
    /// Staff hours per month for the fleet, 0–744.
    pub staff_hours_per_month: Decimal,
    /// Cost of one staff hour.
    pub staff_hourly_rate: Decimal,
    /// Service life in years, 1–10 (default 5). Servers are replaced at its end.
    pub service_life_years: u32,
    /// Resale value at the end of the service life, percent of the purchase price, 0–100. At a
    /// horizon inside the life the servers are credited their market value then
    /// ([`resale_fraction`]).
    pub residual_percent: Decimal,
    /// How the purchase is paid.
    pub financing: Financing,
    /// The servers' GPU model needs another number of GPUs than the load counts
    /// ([`LoadGpus`]): the fleet is sized for the load's peak in these GPUs, and its energy
    /// counts their busy hours. Left out when it needs the load's GPUs, so files and links from
    /// before it read and write as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_gpus: Option<LoadGpus>,
}

/// What the evaluation of the own option knows besides its cost lines.
#[derive(Debug, Clone)]
pub(crate) struct OwnCosts {
    pub series: Series,
    pub gpus: u32,
    /// Servers bought for the load, spares not counted.
    pub servers: u32,
    /// Spare servers bought besides.
    pub spares: u32,
    pub purchase: Decimal,
    pub kwh_per_month: Decimal,
    /// GPU-hours a month drawing busy power (the load's, in own's GPUs).
    pub busy_gpu_hours: Decimal,
    /// GPU-hours a month drawing idle power (the rest of the 730 h, spares' GPUs all of them).
    pub idle_gpu_hours: Decimal,
    pub loan_payment: Option<Decimal>,
    pub warnings: Vec<Warning>,
}

const MAX_AMOUNT: Decimal = dec!(1000000000);

/// Yearly fall of a used GPU server's market value assumed by [`resale_fraction`]: 36 %, so
/// 64 % is left after 1 year, 26 % after 3 and 11 % after 5 (PRICES.md, lender guide Jan 2026:
/// 60–65 %, 25–35 %, 10–15 %).
pub const MARKET_DECLINE_PER_YEAR: Decimal = dec!(0.36);

/// Share of the purchase price a server fetches at `age_months`, given its service life and its
/// residual value (percent) at the end of it.
///
/// The curve is the used market's declining balance (36 % a year,
/// [`MARKET_DECLINE_PER_YEAR`], straight within each year) stretched to run from the full price
/// at month 0 to the residual at the end of the life: with `M(a)` = 0.64^y × (1 − 0.36 × k / 12)
/// for `a` = 12y + k months and `L` the life in months,
/// `value(a) = residual + (1 − residual) × (M(a) − M(L)) / (1 − M(L))`, and `residual` from `L`
/// on. For the default (5 years, 12.5 %) that is 64.7 % after 1 year, 27.7 % after 3 and 12.5 %
/// after 5, inside PRICES.md's ranges. It never rises with age, and needs no root or logarithm:
/// every step is exact decimal arithmetic.
///
/// # Errors
/// On arithmetic overflow.
pub fn resale_fraction(
    life_years: u32,
    residual_percent: Decimal,
    age_months: u32,
) -> Result<Decimal> {
    let p = "own.residual_percent";
    let residual = pct(residual_percent);
    let life = life_years.max(1) * 12;
    if age_months >= life {
        return Ok(residual);
    }
    let end = market(life)?;
    let span = sub(Decimal::ONE, end, p)?;
    let left = div(sub(market(age_months)?, end, p)?, span, p)?;
    add(residual, mul(sub(Decimal::ONE, residual, p)?, left, p)?, p)
}

/// The used market's share of the purchase price after `life_years` (percent, one decimal):
/// the curve of [`resale_fraction`] without a residual of its own, 0.64 a year (64 % after 1
/// year, 26.2 % after 3, 10.7 % after 5).
///
/// # Errors
/// On arithmetic overflow.
pub fn market_residual_percent(life_years: u32) -> Result<Decimal> {
    // 0.64 a year leaves under 0.05 % after 18 years: beyond 100 the figure rounds to 0 alike,
    // and a life of millions of years is not a loop of millions of multiplications.
    let share = market(life_years.min(100) * 12)?;
    Ok(mul(share, dec!(100), "own.residual_percent")?.round_dp(1))
}

/// The market's value share at `age` months: 0.64 per year, straight within a year.
fn market(age: u32) -> Result<Decimal> {
    let p = "own.residual_percent";
    let keep = sub(Decimal::ONE, MARKET_DECLINE_PER_YEAR, p)?;
    let whole = crate::money::powi(keep, age / 12, p)?;
    let within = div(mul(MARKET_DECLINE_PER_YEAR, d(age % 12), p)?, dec!(12), p)?;
    mul(whole, sub(Decimal::ONE, within, p)?, p)
}

impl OwnOption {
    /// Checks every field.
    ///
    /// # Errors
    /// The first field out of range, by its path.
    pub fn validate(&self) -> Result<()> {
        let z = Decimal::ZERO;
        check::text("own.label", &self.label, crate::rent::MAX_LABEL)?;
        check::range_u32("own.gpus_per_server", self.gpus_per_server, 1, 16)?;
        check::range_u32("own.spare_servers", self.spare_servers, 0, 16)?;
        check::range("own.price_per_server", self.price_per_server, z, MAX_AMOUNT)?;
        check::range("own.setup_one_time", self.setup_one_time, z, MAX_AMOUNT)?;
        check::range(
            "own.licence_per_gpu_year",
            self.licence_per_gpu_year,
            z,
            dec!(1000000),
        )?;
        check::range_u32(
            "own.licence_bundled_years",
            self.licence_bundled_years,
            0,
            10,
        )?;
        let e = &self.energy;
        check::range(
            "own.energy.busy_watts_per_gpu",
            e.busy_watts_per_gpu,
            z,
            dec!(2000),
        )?;
        check::range(
            "own.energy.idle_watts_per_gpu",
            e.idle_watts_per_gpu,
            z,
            dec!(2000),
        )?;
        check::range(
            "own.energy.base_watts_per_server",
            e.base_watts_per_server,
            z,
            dec!(20000),
        )?;
        check::range("own.energy.pue", e.pue, Decimal::ONE, dec!(3))?;
        check::range("own.energy.price_per_kwh", e.price_per_kwh, z, dec!(10))?;
        check::range(
            "own.energy.yearly_price_change_percent",
            e.yearly_price_change_percent,
            dec!(-50),
            dec!(50),
        )?;
        check::range(
            "own.colocation_per_server_month",
            self.colocation_per_server_month,
            z,
            dec!(1000000),
        )?;
        check::range(
            "own.colocation_per_kw_month",
            self.colocation_per_kw_month,
            z,
            dec!(100000),
        )?;
        check::range(
            "own.contracted_kw_per_server",
            self.contracted_kw_per_server,
            z,
            dec!(100),
        )?;
        check::range(
            "own.hardware_support_percent_per_year",
            self.hardware_support_percent_per_year,
            z,
            dec!(100),
        )?;
        check::range(
            "own.staff_hours_per_month",
            self.staff_hours_per_month,
            z,
            dec!(744),
        )?;
        check::range(
            "own.staff_hourly_rate",
            self.staff_hourly_rate,
            z,
            dec!(10000),
        )?;
        check::range_u32("own.service_life_years", self.service_life_years, 1, 10)?;
        check::range("own.residual_percent", self.residual_percent, z, dec!(100))?;
        if let Financing::Loan {
            annual_interest_percent,
            term_months,
        } = &self.financing
        {
            check::range(
                "own.financing.annual_interest_percent",
                *annual_interest_percent,
                z,
                dec!(30),
            )?;
            check::range_u32("own.financing.term_months", *term_months, 1, 120)?;
        }
        match &self.load_gpus {
            Some(g) => g.validate("own.load_gpus"),
            None => Ok(()),
        }
    }

    /// Monthly cost lines over `horizon` months for `profile`, sized for `peak_gpus`.
    pub(crate) fn costs(
        &self,
        busy_gpu_hours: Decimal,
        peak_gpus: u32,
        horizon: u32,
    ) -> Result<OwnCosts> {
        let gpus = peak_gpus;
        let servers = ceil_div(gpus, self.gpus_per_server);
        let spares = if servers == 0 { 0 } else { self.spare_servers };
        // Every server bought, spares included: the purchase, its support and resale, the
        // colocation; the spares' GPUs idle and are licensed.
        let fleet = servers + spares;
        let spare_gpus = spares * self.gpus_per_server;
        let purchase = mul(self.price_per_server, d(fleet), "own.price_per_server")?;
        let life = self.service_life_years * 12;
        let e = &self.energy;
        let energy_esc = Escalation::yearly(
            e.yearly_price_change_percent,
            horizon,
            "own.energy.yearly_price_change_percent",
        )?;
        let mut s = Series::new(horizon, energy_esc);
        let mut warnings = Vec::new();
        let mut loan_payment = None;
        // A colocation contract priced per kW must carry the server busy; the energy below
        // counts the load's busy GPUs, the contract the server's.
        if !self.colocation_per_kw_month.is_zero() {
            let draw_kw = div(
                add(
                    mul(
                        e.busy_watts_per_gpu,
                        d(self.gpus_per_server),
                        "own.energy.busy_watts_per_gpu",
                    )?,
                    e.base_watts_per_server,
                    "own.energy.base_watts_per_server",
                )?,
                dec!(1000),
                "own.contracted_kw_per_server",
            )?;
            if self.contracted_kw_per_server < draw_kw {
                warnings.push(Warning::ContractBelowDraw {
                    contracted_kw: self.contracted_kw_per_server,
                    draw_kw,
                });
            }
        }

        // Purchases at month 0 and at each end of life inside the horizon.
        let mut bought = 0;
        while bought < horizon || bought == 0 {
            s.once(CostKind::Setup, bought, self.setup_one_time);
            match &self.financing {
                Financing::Cash => s.once(CostKind::Hardware, bought, purchase),
                Financing::Loan {
                    annual_interest_percent,
                    term_months,
                } => {
                    let rate = div(pct(*annual_interest_percent), dec!(12), "own.financing")?;
                    let payment = annuity(purchase, rate, *term_months)?;
                    loan_payment = Some(payment);
                    s.monthly(
                        CostKind::LoanPayments,
                        payment,
                        bought + 1,
                        bought + term_months,
                        false,
                    );
                    let paid = horizon - bought;
                    if *term_months > paid {
                        warnings.push(Warning::LoanOutstanding {
                            months_left: term_months - paid,
                        });
                        let balance = crate::finance::loan_balance(purchase, rate, payment, paid)?;
                        s.once(CostKind::LoanBalance, horizon, balance);
                    }
                }
            }
            let end = bought + life;
            if end <= horizon {
                s.once(
                    CostKind::Residual,
                    end,
                    -mul(purchase, pct(self.residual_percent), "own.residual_percent")?,
                );
            } else {
                // One horizon rule for both sides (DESIGN §3.6): the servers still held at the
                // horizon are worth their market value then, as a commitment's months after the
                // horizon are not charged to the rent side.
                let value = resale_fraction(
                    self.service_life_years,
                    self.residual_percent,
                    horizon - bought,
                )?;
                s.once(
                    CostKind::ValueAtHorizon,
                    horizon,
                    -mul(purchase, value, "own.residual_percent")?,
                );
                warnings.push(Warning::AssetHeldAtHorizon {
                    months_left: end - horizon,
                    value_percent: crate::money::round(mul(
                        value,
                        Decimal::ONE_HUNDRED,
                        "own.residual_percent",
                    )?),
                });
            }
            bought = end;
        }

        // Licences: none while bundled, then per GPU-year.
        s.monthly(
            CostKind::Licences,
            div(
                mul(
                    self.licence_per_gpu_year,
                    d(gpus + spare_gpus),
                    "own.licence_per_gpu_year",
                )?,
                dec!(12),
                "own.licence_per_gpu_year",
            )?,
            self.licence_bundled_years * 12 + 1,
            horizon,
            false,
        );

        // Energy: busy, idle and base draw, times PUE (not TDP × hours). Every GPU in the
        // servers the load needs draws power, those the load leaves free (4 of an 8-GPU server
        // for a load of 4) idle all month, as the spares' do.
        let installed = servers * self.gpus_per_server;
        let all_gpu_hours = mul(HOURS_PER_MONTH, d(installed), "own.energy")?;
        let idle_gpu_hours = add(
            sub(all_gpu_hours, busy_gpu_hours, "own.energy")?.max(Decimal::ZERO),
            mul(HOURS_PER_MONTH, d(spare_gpus), "own.energy")?,
            "own.energy",
        )?;
        let wh = add(
            add(
                mul(
                    e.busy_watts_per_gpu,
                    busy_gpu_hours,
                    "own.energy.busy_watts_per_gpu",
                )?,
                mul(
                    e.idle_watts_per_gpu,
                    idle_gpu_hours,
                    "own.energy.idle_watts_per_gpu",
                )?,
                "own.energy",
            )?,
            mul(
                mul(e.base_watts_per_server, d(fleet), "own.energy")?,
                HOURS_PER_MONTH,
                "own.energy.base_watts_per_server",
            )?,
            "own.energy",
        )?;
        let kwh = div(mul(wh, e.pue, "own.energy.pue")?, dec!(1000), "own.energy")?;
        if !e.included_in_colocation {
            let energy = mul(kwh, e.price_per_kwh, "own.energy.price_per_kwh")?;
            s.monthly(CostKind::Energy, energy, 1, horizon, true);
        }

        let colo_per_server = add(
            self.colocation_per_server_month,
            mul(
                self.colocation_per_kw_month,
                self.contracted_kw_per_server,
                "own.colocation_per_kw_month",
            )?,
            "own.colocation",
        )?;
        s.monthly(
            CostKind::Colocation,
            mul(colo_per_server, d(fleet), "own.colocation")?,
            1,
            horizon,
            false,
        );
        s.monthly(
            CostKind::HardwareSupport,
            div(
                mul(
                    purchase,
                    pct(self.hardware_support_percent_per_year),
                    "own.support",
                )?,
                dec!(12),
                "own.support",
            )?,
            1,
            horizon,
            false,
        );
        s.monthly(
            CostKind::Staff,
            mul(
                self.staff_hours_per_month,
                self.staff_hourly_rate,
                "own.staff",
            )?,
            1,
            horizon,
            false,
        );

        Ok(OwnCosts {
            series: s,
            gpus,
            servers,
            spares,
            purchase,
            kwh_per_month: kwh,
            busy_gpu_hours,
            idle_gpu_hours,
            loan_payment,
            warnings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_market_falls_36_percent_a_year_straight_within_the_year() {
        assert_eq!(market(0).unwrap(), Decimal::ONE);
        assert_eq!(market(12).unwrap(), dec!(0.64));
        assert_eq!(market(18).unwrap(), dec!(0.5248));
        assert_eq!(market(36).unwrap(), dec!(0.262144));
    }
}
