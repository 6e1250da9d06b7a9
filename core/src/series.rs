//! Monthly cost series: one row per cost line, one column per month 0..=horizon.

use std::sync::Arc;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::error::Result;
use crate::money::{CURVE_DP, Fx, add, d, mul, powi};

/// What a cost line is. The page translates these; the core never shows text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CostKind {
    /// Billed instance-hours (on-demand, reserved, or the service part of spot batch).
    Compute,
    /// Instance-hours billed while an instance boots and loads the model.
    StartOverhead,
    /// Savings-plan commitment, owed every hour whether used or not.
    Commitment,
    /// On-demand usage above what a savings-plan commitment covers.
    OnDemandOverflow,
    /// Batch work on spot instances, including rework after interruptions.
    Spot,
    /// Prepaid capacity blocks.
    CapacityBlocks,
    /// One-time setup fee of a monthly rental.
    SetupFee,
    /// Months of a minimum rental term still owed when the horizon ends (in the figure for
    /// stopping at the horizon, not in the total).
    MinimumTerm,
    /// Savings-plan commitment still owed when the horizon ends inside a term (in the figure for
    /// stopping at the horizon, not in the total).
    RemainingCommitment,
    /// What holding a plan's instances on demand costs above the plan from a renewal the horizon
    /// cuts short to the horizon, where that is less than the renewed term would owe (in the
    /// figure for stopping at the horizon, not in the total).
    NotRenewed,
    /// Persistent storage for weights and data.
    Storage,
    /// Data transfer out to the internet, over the tiers.
    DataTransfer,
    /// Support plan.
    Support,
    /// Other monthly costs.
    Other,
    /// Moving the data out when renting stops at the horizon (one-time egress, in the figure for
    /// stopping at the horizon; none from 12 January 2027 under the EU Data Act).
    Exit,
    /// Purchase of the servers (cash), including replacements within the horizon.
    Hardware,
    /// One-time setup and installation.
    Setup,
    /// Loan or lease payments.
    LoanPayments,
    /// Loan principal still outstanding when the horizon ends.
    LoanBalance,
    /// Software licences.
    Licences,
    /// Electricity.
    Energy,
    /// Rack space or colocation.
    Colocation,
    /// Hardware support and warranty.
    HardwareSupport,
    /// Staff time.
    Staff,
    /// Resale value at the end of the service life (a credit).
    Residual,
    /// Market value of the servers still held when the horizon ends inside their service life
    /// (a credit): the horizon rule that also leaves a commitment's later months uncharged.
    ValueAtHorizon,
    /// Moving the data out of the rented option the load runs on today, at the start (own and
    /// the hybrid; none for a full switch from 12 January 2027 under the EU Data Act).
    Switching,
}

impl CostKind {
    /// Whether the line is a one-time amount rather than a running cost.
    pub fn is_one_time(self) -> bool {
        matches!(
            self,
            CostKind::SetupFee
                | CostKind::MinimumTerm
                | CostKind::RemainingCommitment
                | CostKind::NotRenewed
                | CostKind::Exit
                | CostKind::Hardware
                | CostKind::Setup
                | CostKind::LoanBalance
                | CostKind::Residual
                | CostKind::ValueAtHorizon
                | CostKind::Switching
        )
    }
}

/// Cost lines as flows over months `0..=horizon` (month 0 holds what is paid up front).
///
/// A flow is an amount charged in every month of a range, optionally times the series' yearly
/// escalation. Totals come from the flows directly; month-by-month sums only when needed.
///
/// Amounts are kept in the option's own currency; [`Series::scale`] sets the conversion to the
/// display currency, which every sum applies once, to the exact sum (one rounding, at the
/// report). A flow added with [`Series::once_converted`] is already in the display currency.
#[derive(Debug, Clone)]
pub(crate) struct Series {
    pub horizon: u32,
    esc: Escalation,
    flows: Vec<Flow>,
    fx: Fx,
}

#[derive(Debug, Clone, Copy)]
struct Flow {
    kind: CostKind,
    amount: Decimal,
    from: u32,
    to: u32,
    escalate: bool,
    converted: bool,
}

impl Series {
    /// An empty series whose escalating flows follow `esc`.
    pub fn new(horizon: u32, esc: Escalation) -> Series {
        Series {
            horizon,
            esc,
            flows: Vec::with_capacity(8),
            fx: Fx::ONE,
        }
    }

    /// `amount` in every month `from..=to` (clamped to `1..=horizon`), escalated if asked.
    pub fn monthly(&mut self, kind: CostKind, amount: Decimal, from: u32, to: u32, escalate: bool) {
        let (from, to) = (from.max(1), to.min(self.horizon));
        if !amount.is_zero() && from <= to {
            self.flows.push(Flow {
                kind,
                amount,
                from,
                to,
                escalate: escalate && !self.esc.factors.is_empty(),
                converted: false,
            });
        }
    }

    /// `amount` once, in `month` (ignored past the horizon).
    pub fn once(&mut self, kind: CostKind, month: u32, amount: Decimal) {
        self.push_once(kind, month, amount, false);
    }

    /// `amount`, already in the display currency, once in `month`.
    pub fn once_converted(&mut self, kind: CostKind, month: u32, amount: Decimal) {
        self.push_once(kind, month, amount, true);
    }

    fn push_once(&mut self, kind: CostKind, month: u32, amount: Decimal, converted: bool) {
        if !amount.is_zero() && month <= self.horizon {
            self.flows.push(Flow {
                kind,
                amount,
                from: month,
                to: month,
                escalate: false,
                converted,
            });
        }
    }

    /// The display-currency sum of the one-time flows of `kinds` in `month` (the servers'
    /// resale or market value credited at the horizon: negative).
    pub fn once_at(&self, month: u32, kinds: &[CostKind]) -> Result<Decimal> {
        self.sum(
            self.flows
                .iter()
                .filter(|f| f.from == month && f.to == month && kinds.contains(&f.kind)),
        )
    }

    fn flow_total(&self, f: &Flow) -> Result<Decimal> {
        let months = if f.escalate {
            self.esc.weight(f.from, f.to)?
        } else {
            d(f.to - f.from + 1)
        };
        mul(f.amount, months, "series")
    }

    /// Total over the horizon, in the display currency: the exact sum converted once.
    pub fn total(&self) -> Result<Decimal> {
        self.sum(self.flows.iter())
    }

    /// The display-currency sum of `flows`: those in the option's currency added up, then
    /// converted, plus those already converted.
    fn sum<'a>(&self, flows: impl Iterator<Item = &'a Flow>) -> Result<Decimal> {
        let (mut own, mut converted) = (Decimal::ZERO, Decimal::ZERO);
        for f in flows {
            let t = self.flow_total(f)?;
            if f.converted {
                converted = add(converted, t, "series")?;
            } else {
                own = add(own, t, "series")?;
            }
        }
        add(self.fx.apply(own)?, converted, "series")
    }

    /// Total of each kind, in the order the kinds first appear (display currency).
    pub fn totals_by_kind(&self) -> Result<Vec<(CostKind, Decimal)>> {
        Ok(self.totals()?.1)
    }

    /// [`Series::total`] and [`Series::totals_by_kind`] together, each flow's total computed
    /// once: every sum (the whole, each kind's) is of the flows in the option's currency
    /// converted once, plus those already converted.
    pub fn totals(&self) -> Result<(Decimal, Vec<(CostKind, Decimal)>)> {
        // (kind, in the option's currency, already converted), in the order kinds appear.
        let mut kinds: Vec<(CostKind, Decimal, Decimal)> = Vec::with_capacity(self.flows.len());
        let (mut own, mut converted) = (Decimal::ZERO, Decimal::ZERO);
        for f in &self.flows {
            let t = self.flow_total(f)?;
            if !kinds.iter().any(|k| k.0 == f.kind) {
                kinds.push((f.kind, Decimal::ZERO, Decimal::ZERO));
            }
            let Some(slot) = kinds.iter_mut().find(|k| k.0 == f.kind) else {
                continue;
            };
            if f.converted {
                slot.2 = add(slot.2, t, "series")?;
                converted = add(converted, t, "series")?;
            } else {
                slot.1 = add(slot.1, t, "series")?;
                own = add(own, t, "series")?;
            }
        }
        let total = add(self.fx.apply(own)?, converted, "series")?;
        let by_kind = kinds
            .into_iter()
            .map(|(kind, own, converted)| {
                Ok((kind, add(self.fx.apply(own)?, converted, "series")?))
            })
            .collect::<Result<_>>()?;
        Ok((total, by_kind))
    }

    /// Sum, month by month, of the flows whose kind passes `keep` (a running rate plus changes),
    /// in the display currency.
    pub fn month_totals(&self, keep: impl Fn(CostKind) -> bool) -> Result<Vec<Decimal>> {
        self.raw_month_totals(&keep)
    }

    /// Each flow's monthly amount converted once, to 12 places (the totals convert the exact
    /// sum instead), then the running rate.
    fn raw_month_totals(&self, keep: &dyn Fn(CostKind) -> bool) -> Result<Vec<Decimal>> {
        let len = self.horizon as usize + 1;
        let mut delta = vec![Decimal::ZERO; len + 1];
        self.month_amounts(keep, &mut |from, to, v| {
            for (at, v) in [(from, v), (to + 1, -v)] {
                if let Some(slot) = delta.get_mut(at as usize) {
                    *slot = add(*slot, v, "series")?;
                }
            }
            Ok(true)
        })?;
        let mut rate = Decimal::ZERO;
        delta
            .iter()
            .take(len)
            .map(|dv| {
                rate = add(rate, *dv, "series")?;
                Ok(rate)
            })
            .collect()
    }

    /// The flows whose kind passes `keep` as the amounts they charge in the display currency
    /// every month `from..=to`: `put(from, to, amount)`, an escalating flow once for each year
    /// of the escalation, a flow not yet converted converted to [`CURVE_DP`] places. Stops when
    /// `put` returns false, and says whether it went through.
    fn month_amounts(
        &self,
        keep: &dyn Fn(CostKind) -> bool,
        put: &mut dyn FnMut(u32, u32, Decimal) -> Result<bool>,
    ) -> Result<bool> {
        let fx = self.fx;
        let convert = |f: &Flow, v: Decimal| {
            if f.converted {
                Ok(v)
            } else {
                fx.apply_short(v)
            }
        };
        for f in self.flows.iter().filter(|f| keep(f.kind)) {
            if f.escalate {
                for (year, factor) in self.esc.factors.iter().enumerate() {
                    let (lo, hi) = (year as u32 * 12 + 1, year as u32 * 12 + 12);
                    let (a, b) = (f.from.max(lo), f.to.min(hi));
                    if a <= b && !put(a, b, convert(f, mul(f.amount, *factor, "series")?)?)? {
                        return Ok(false);
                    }
                }
            } else if !put(f.from, f.to, convert(f, f.amount)?)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The running total of every flow at each month `0..=horizon`, in whole numbers of
    /// 10^−[`CURVE_DP`] of the display currency: each equal to the decimal sums of
    /// [`Series::month_totals`] and their running sum, where every month's amount has at most
    /// that many places (each flow converted to them, as a rented option's are) and every sum
    /// fits a decimal's 96 bits (so no decimal addition rounds). `None` otherwise (an owned
    /// option's amounts, not converted, keep more places), for the decimal sums.
    pub fn running_total_fixed(&self) -> Result<Option<Vec<i128>>> {
        const MAX: u128 = (1 << 96) - 1;
        let len = self.horizon as usize + 1;
        let mut delta = vec![0i128; len + 1];
        // `v` from `from` to `to` in whole numbers of 10^−CURVE_DP; false where it has more
        // places or a change would not fit.
        let whole = self.month_amounts(&|_| true, &mut |from, to, v| {
            let Some(m) = CURVE_DP
                .checked_sub(v.scale())
                .and_then(|e| v.mantissa().checked_mul(crate::money::pow10(e)?))
            else {
                return Ok(false);
            };
            for (at, m) in [(from, m), (to.saturating_add(1), -m)] {
                if let Some(slot) = delta.get_mut(at as usize) {
                    match slot.checked_add(m) {
                        Some(x) if x.unsigned_abs() <= MAX => *slot = x,
                        _ => return Ok(false),
                    }
                }
            }
            Ok(true)
        })?;
        if !whole {
            return Ok(None);
        }
        let (mut rate, mut total) = (0i128, 0i128);
        let mut out = Vec::with_capacity(len);
        for dv in delta.iter().take(len) {
            let Some((r, t)) = rate
                .checked_add(*dv)
                .and_then(|r| Some((r, total.checked_add(r)?)))
            else {
                return Ok(None);
            };
            if r.unsigned_abs() > MAX || t.unsigned_abs() > MAX {
                return Ok(None);
            }
            (rate, total) = (r, t);
            out.push(total);
        }
        Ok(Some(out))
    }

    /// Converts every amount (so far and to come, but those added converted) with `fx`.
    pub fn scale(&mut self, fx: Fx) -> Result<()> {
        self.fx = self.fx.then(fx)?;
        Ok(())
    }

    /// Amount charged in month `m` by escalating flows of base `amount` (for one-time extras).
    pub fn escalated(&self, amount: Decimal, m: u32) -> Result<Decimal> {
        self.esc.apply(amount, m)
    }
}

/// Yearly price change: the factor `(1 + p)^year` for each year of the horizon.
///
/// Shared (cloned by reference count): every series of an option, and every pricing of it at
/// another share of the month, uses the same factors, which the last change's are kept for.
#[derive(Debug, Clone)]
pub(crate) struct Escalation {
    factors: Arc<[Decimal]>,
    /// `before[y]`: the factors of the months before year `y` summed (`12 × factor` a year), so
    /// that a flow's total is its amount times one sum of factors, not a product a year.
    before: Arc<[Decimal]>,
}

thread_local! {
    /// The last yearly change's factors, by its percent and horizon: an evaluation prices the
    /// same options at several shares of the month, and the options mostly share one change.
    static LAST: std::cell::RefCell<Option<(Decimal, u32, Escalation)>> =
        const { std::cell::RefCell::new(None) };
}

impl Escalation {
    /// No change over time.
    pub fn none() -> Escalation {
        Escalation {
            factors: Arc::new([]),
            before: Arc::new([]),
        }
    }

    /// `(1 + percent/100)^y` for the years that months `1..=horizon` fall into.
    pub fn yearly(percent: Decimal, horizon: u32, path: &str) -> Result<Escalation> {
        if percent.is_zero() {
            return Ok(Escalation::none());
        }
        let kept = LAST.with_borrow(|last| match last {
            Some((p, h, e)) if *p == percent && *h == horizon => Some(e.clone()),
            _ => None,
        });
        if let Some(e) = kept {
            return Ok(e);
        }
        let base = add(Decimal::ONE, crate::money::pct(percent), path)?;
        let years = horizon.div_ceil(12);
        let factors = (0..years)
            .map(|y| powi(base, y, path))
            .collect::<Result<Vec<_>>>()?;
        let mut before = Vec::with_capacity(factors.len() + 1);
        let mut sum = Decimal::ZERO;
        before.push(sum);
        for f in &factors {
            sum = add(sum, mul(*f, d(12), path)?, path)?;
            before.push(sum);
        }
        let e = Escalation {
            factors: factors.into(),
            before: before.into(),
        };
        LAST.set(Some((percent, horizon, e.clone())));
        Ok(e)
    }

    /// The factor of month `m` (1-based; month 1–12 is year 0); 1 past the last year.
    fn factor(&self, m: u32) -> Decimal {
        let year = (m.max(1) - 1) / 12;
        self.factors
            .get(year as usize)
            .copied()
            .unwrap_or(Decimal::ONE)
    }

    /// `amount` as charged in month `m` (1-based; month 1–12 is year 0).
    pub fn apply(&self, amount: Decimal, m: u32) -> Result<Decimal> {
        match self.factor(m) {
            f if f != Decimal::ONE => mul(amount, f, "series.escalation"),
            _ => Ok(amount),
        }
    }

    /// The factors of months `1..=m` summed (0 for month 0).
    fn through(&self, m: u32) -> Result<Decimal> {
        if m == 0 {
            return Ok(Decimal::ZERO);
        }
        let year = ((m - 1) / 12).min(self.factors.len() as u32);
        let whole = self.before.get(year as usize).copied().unwrap_or_default();
        let part = mul(self.factor(m), d(m - year * 12), "series.escalation")?;
        add(whole, part, "series.escalation")
    }

    /// The factors of months `from..=to` summed: what a flow charged in each of them totals
    /// per unit of its amount (months from 1: a month 0 counts as none).
    fn weight(&self, from: u32, to: u32) -> Result<Decimal> {
        crate::money::sub(
            self.through(to)?,
            self.through(from.saturating_sub(1))?,
            "series.escalation",
        )
    }

    /// What a commitment's rate totals over months `1..=horizon` against a rate that changes
    /// every year, per unit of both: the commitment's rate is fixed for each term of `term`
    /// months (the first from month 1, each renewed at the price of its first month), so its
    /// factors summed ÷ the months' own factors summed. 1 without a change (exactly: no
    /// division).
    pub(crate) fn term_weight(&self, term: u32, horizon: u32) -> Result<Decimal> {
        if self.factors.is_empty() || horizon == 0 {
            return Ok(Decimal::ONE);
        }
        let path = "series.escalation";
        let mut fixed = Decimal::ZERO;
        for (from, to) in terms(term, horizon) {
            let months = mul(self.factor(from), d(to - from + 1), path)?;
            fixed = add(fixed, months, path)?;
        }
        let changing = self.weight(1, horizon)?;
        if changing.is_zero() || fixed == changing {
            return Ok(Decimal::ONE);
        }
        crate::money::div(fixed, changing, path)
    }
}

/// The terms of `term` months (at least 1) that months `1..=horizon` fall into, as their first
/// and last month: a plan signed at month 1 and renewed at the start of each term, the last
/// cut at the horizon.
pub(crate) fn terms(term: u32, horizon: u32) -> impl Iterator<Item = (u32, u32)> {
    let term = term.max(1);
    std::iter::successors(Some(1u32), move |from| from.checked_add(term))
        .take_while(move |from| *from <= horizon)
        .map(move |from| (from, from.saturating_add(term - 1).min(horizon)))
}

/// `ceil(a / b)` for whole numbers; `b == 0` gives 0.
pub(crate) fn ceil_div(a: u32, b: u32) -> u32 {
    if b == 0 { 0 } else { a.div_ceil(b) }
}

/// Hours in `months` average months.
pub(crate) fn month_hours(months: u32) -> Result<Decimal> {
    mul(
        crate::units::HOURS_PER_MONTH,
        d(months),
        "finance.horizon_months",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    /// The worked example's 3-year plan over 60 months at −12.5 % a year: its rate is the
    /// first year's for months 1–36 and year 4's (0.875³) for months 37–60, 36 + 24 × 0.669921875
    /// = 52.078125 month-factors, against 12 × (1 + 0.875 + 0.875² + 0.875³ + 0.875⁴) =
    /// 46.7607421875 for a rate that changes every year.
    #[test]
    fn a_fixed_terms_weight_against_a_yearly_change() {
        let e = Escalation::yearly(dec!(-12.5), 60, "x").unwrap();
        let w = e.term_weight(36, 60).unwrap();
        assert_eq!(w, dec!(52.078125) / dec!(46.7607421875));
        assert_eq!(w.round_dp(4), dec!(1.1137));
        // A 1-year term renews every year: the same factors.
        assert_eq!(e.term_weight(12, 60).unwrap(), Decimal::ONE);
        // Within one term, or without a change: 1.
        assert_eq!(e.term_weight(36, 12).unwrap(), Decimal::ONE);
        let none = Escalation::yearly(Decimal::ZERO, 60, "x").unwrap();
        assert_eq!(none.term_weight(36, 60).unwrap(), Decimal::ONE);
        // A rising price makes the fixed rate the cheaper: below 1.
        let up = Escalation::yearly(dec!(4), 60, "x").unwrap();
        assert!(up.term_weight(36, 60).unwrap() < Decimal::ONE);
    }

    #[test]
    fn escalation_changes_by_year() {
        let e = Escalation::yearly(dec!(-10), 36, "x").unwrap();
        assert_eq!(e.apply(dec!(100), 12).unwrap(), dec!(100));
        assert_eq!(e.apply(dec!(100), 13).unwrap(), dec!(90));
        assert_eq!(e.apply(dec!(100), 25).unwrap(), dec!(81));
    }

    #[test]
    fn a_flows_weight_is_its_months_factors_summed() {
        for percent in [dec!(-12.5), dec!(-7.3), dec!(4)] {
            let e = Escalation::yearly(percent, 60, "x").unwrap();
            for (from, to) in [(1, 60), (1, 12), (5, 13), (13, 13), (14, 47), (25, 70)] {
                let by_month = (from..=to)
                    .map(|m| e.apply(Decimal::ONE, m).unwrap())
                    .sum::<Decimal>();
                assert_eq!(
                    e.weight(from, to).unwrap(),
                    by_month,
                    "{percent} {from}..={to}"
                );
            }
        }
        // Months past the factors' years are charged at the last change's end: factor 1.
        let e = Escalation::yearly(dec!(-10), 12, "x").unwrap();
        assert_eq!(e.weight(1, 14).unwrap(), dec!(14));
        // Another change right after (the last one's factors are kept for the next call).
        let other = Escalation::yearly(dec!(-20), 24, "x").unwrap();
        assert_eq!(other.weight(1, 24).unwrap(), dec!(21.6));
    }

    #[test]
    fn series_totals_and_months() {
        let esc = Escalation::yearly(dec!(-10), 24, "x").unwrap();
        let mut s = Series::new(24, esc);
        s.monthly(CostKind::Compute, dec!(10), 1, 99, true);
        s.monthly(CostKind::Staff, dec!(1), 1, 99, false);
        s.once(CostKind::Hardware, 0, dec!(100));
        s.once(CostKind::Hardware, 99, dec!(100));
        let t = s.month_totals(|_| true).unwrap();
        assert_eq!(
            (t[0], t[1], t[12], t[13], t[24]),
            (dec!(100), dec!(11), dec!(11), dec!(10), dec!(10))
        );
        // 100 + 12 × 10 + 12 × 9 + 24 × 1
        assert_eq!(s.total().unwrap(), dec!(352));
        assert_eq!(t.iter().sum::<Decimal>(), dec!(352));
    }

    /// A rented option's curve in whole numbers of 10⁻¹² is the decimal months' running sum
    /// exactly; an amount with more places leaves it to the decimals.
    #[test]
    fn a_curve_in_whole_numbers_is_the_decimal_running_sum() {
        let esc = Escalation::yearly(dec!(-12.5), 60, "x").unwrap();
        let mut s = Series::new(60, esc);
        s.monthly(CostKind::Compute, dec!(7425.61), 1, 60, true);
        s.monthly(CostKind::Storage, dec!(93.3), 4, 41, true);
        s.monthly(CostKind::Other, dec!(-12.01), 1, 17, false);
        s.once(CostKind::SetupFee, 0, dec!(250));
        s.once_converted(CostKind::Exit, 60, dec!(-31.415926535897));
        s.scale(Fx {
            times: Decimal::ONE,
            over: dec!(1.16),
        })
        .unwrap();
        let by_decimals = crate::finance::cumulative(&s.month_totals(|_| true).unwrap()).unwrap();
        let whole = s.running_total_fixed().unwrap().unwrap();
        assert_eq!(whole.len(), 61);
        for (w, d) in whole.iter().zip(&by_decimals) {
            assert_eq!(Decimal::from_i128_with_scale(*w, CURVE_DP), *d);
        }
        // 250 ÷ 1.16 up front: 215.517241379310 (12 places).
        assert_eq!(whole[0], 215_517_241_379_310);
        let mut more = s.clone();
        more.once_converted(CostKind::Exit, 60, dec!(0.0000000000001));
        assert_eq!(more.running_total_fixed().unwrap(), None);
    }
}
