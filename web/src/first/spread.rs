//! How sure the answer is, as far as the first screen shows it: the spread over the scenario's
//! ranges, computed once the inputs rest, which the results' verdict and the cumulative chart's
//! bands read (the section with the ranges' inputs and table is a feature of its own).

use std::sync::Arc;

use gpu_tco_core::ranges::{RangeInput, Sampling, Spread, Verdict};

use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;

use crate::first::panels::PriceName;
use crate::first::results::month_text;
use crate::i18n::{Lang, Texts};
use crate::state::{Ctx, Evaluated};

/// Milliseconds the inputs rest before the spread is computed.
pub const REST_MS: u64 = 400;

/// The spread of the scenario on screen, if it has ranges: the evaluation it belongs to (a band
/// is drawn only on its own curves) and the spread, or why there is none.
pub type Shown = Option<(Arc<Evaluated>, Result<Arc<Spread>, String>)>;

/// How a spread is computed: for `ev`, setting `ctx.spread` when it is known (at once, or
/// later), under `owner` (the component that follows the spread).
pub type Compute = fn(Ctx, &Owner, Arc<Evaluated>);

/// Computes the spread here, at once (the on-demand module; the full page's first screen and the
/// embed leave it to that module, [`crate::split::spread`], [`crate::split::spread_alone`]).
pub fn here(ctx: Ctx, _: &Owner, ev: Arc<Evaluated>) {
    let spread = sample(&ev.scenario, ctx.lang.get_untracked()).map(Arc::new);
    ctx.spread.set(Some((ev, spread)));
}

/// The spread of `scenario` with the page's sampling, or why there is none in `lang`.
fn sample(scenario: &gpu_tco_core::Scenario, lang: Lang) -> Result<Spread, String> {
    gpu_tco_core::ranges::spread(scenario, Sampling::default())
        .map_err(|e| crate::i18n::error_message(lang, &e))
}

/// The spread of `scenario` (JSON; without a start date it starts today) as JSON, or
/// `{"error": …}` in `lang`: what the on-demand module gives the first screen
/// ([`crate::split::spread`]).
pub fn spread_json(scenario: &str, lang: Lang) -> String {
    let spread = gpu_tco_core::Scenario::from_json(scenario)
        .map_err(|e| crate::i18n::error_message(lang, &e))
        .and_then(|mut s| {
            // A scenario without a start date starts today, as the first screen evaluates it.
            crate::state::starts_today(&mut s);
            sample(&s, lang)
        });
    match spread {
        Ok(s) => serde_json::to_string(&s).unwrap_or_default(),
        Err(message) => serde_json::json!({ "error": message }).to_string(),
    }
}

/// Reads what [`spread_json`] wrote: the spread, or the message why there is none (`None` for
/// text that is neither).
pub fn read_spread_json(text: &str) -> Option<Result<Spread, String>> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    if let Some(message) = v.get("error").and_then(serde_json::Value::as_str) {
        return Some(Err(message.to_owned()));
    }
    Spread::from_json_value(&v).map(Ok)
}

/// Keeps `ctx.spread` in step with the results on screen, `REST_MS` after they last changed,
/// computed by `compute`.
pub fn follow_spread(ctx: Ctx, compute: Compute) {
    let owner = Owner::current().unwrap_or_default();
    let timer = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let shown = ctx.shown.get();
        if let Some(t) = timer.get_value() {
            t.clear();
            timer.set_value(None);
        }
        let Some(ev) = shown.filter(|ev| !ev.scenario.ranges.is_empty()) else {
            if ctx.spread.with_untracked(Option::is_some) {
                ctx.spread.set(None);
            }
            return;
        };
        let first = ctx.spread.with_untracked(Option::is_none);
        let owner = owner.clone();
        let handle = set_timeout_with_handle(
            move || {
                timer.set_value(None);
                compute(ctx, &owner, ev);
            },
            // The first spread of a page (a link with ranges, the on-demand module opened) at
            // once: there is no band yet that a slider's steps would make flicker.
            std::time::Duration::from_millis(if first { 0 } else { REST_MS }),
        );
        timer.set_value(handle.ok());
    });
}

/// The spread when it belongs to the results on screen (else `None`: not yet computed).
pub fn current(ctx: Ctx) -> Option<Arc<Spread>> {
    let shown = ctx.shown.get()?;
    ctx.spread.with(|s| {
        s.as_ref()
            .filter(|(ev, _)| Arc::ptr_eq(ev, &shown))
            .and_then(|(_, r)| r.as_ref().ok().cloned())
    })
}

/// The verdict over the ranges in words.
pub fn verdict_text(t: &'static Texts, v: Verdict) -> String {
    match v {
        Verdict::CloseCall {
            own_cheaper_percent,
        } => t
            .range_close_call()
            .replace("{n}", &own_cheaper_percent.to_string()),
        Verdict::Clear {
            own_cheaper_percent,
        } => t
            .range_clear()
            .replace("{n}", &own_cheaper_percent.to_string()),
    }
}

/// A break-even month's P10–P90 in words ("month 24 to 34", "at best month 30, at worst not within the
/// horizon": "never" sorts last, so only the P90 can be never when the two differ).
pub fn months_text(lang: Lang, p10: Option<u32>, p90: Option<u32>) -> String {
    let t = lang.t();
    if p10 == p90 {
        return month_text(lang, p10);
    }
    if let (Some(a), Some(b)) = (p10, p90) {
        return t
            .range_month_numbers()
            .replace("{a}", &a.to_string())
            .replace("{b}", &b.to_string());
    }
    t.range_months()
        .replace("{a}", &month_text(lang, p10.or(p90)))
}

/// An input's name on the page (a rent option's with the option's name; `monthly` lists the
/// options billed by the month, with what their price is named as their field names it).
pub fn label(
    t: &'static Texts,
    input: RangeInput,
    rent_labels: &[String],
    monthly: &[(usize, PriceName)],
) -> String {
    let named = |i: usize, what: &str| {
        let option = rent_labels.get(i).cloned().unwrap_or_default();
        format!("{option}: {what}")
    };
    match input {
        RangeInput::ServerPrice => t.price_per_server().to_owned(),
        RangeInput::PowerPrice => t.price_per_kwh().to_owned(),
        RangeInput::ColocationPerKw => t.colo_per_kw().to_owned(),
        RangeInput::HardwareSupport => t.hw_support().to_owned(),
        RangeInput::StaffHours => t.staff_hours().to_owned(),
        RangeInput::ServiceLife => t.service_life().to_owned(),
        RangeInput::ResidualValue => t.residual().to_owned(),
        RangeInput::DiscountRate => t.discount_rate().to_owned(),
        RangeInput::ProductiveHours => t.range_productive_hours().to_owned(),
        RangeInput::RentTariff(i) => named(
            i,
            monthly
                .iter()
                .find(|(k, _)| *k == i)
                .map_or(PriceName::OnDemand, |(_, name)| *name)
                .text(t),
        ),
        RangeInput::CloudPriceChange(i) => named(i, t.yearly_change()),
    }
}

/// An input's name on the page for `scenario` ([`label`] with its rent options' names and which
/// of them bill by the month).
pub fn input_label(
    t: &'static Texts,
    input: RangeInput,
    scenario: &gpu_tco_core::Scenario,
) -> String {
    let labels: Vec<String> = scenario.rent.iter().map(|o| o.label.clone()).collect();
    let monthly: Vec<(usize, PriceName)> = scenario
        .rent
        .iter()
        .map(PriceName::of_option)
        .enumerate()
        .filter(|(_, name)| *name != PriceName::OnDemand)
        .collect();
    label(t, input, &labels, &monthly)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::first::panels::PriceName;
    use gpu_tco_core::{PriceUnit, Scenario};

    /// A rent price is named as its field names it: an on-demand rate, a flat monthly offer's
    /// monthly price, or, billed monthly at a rate per hour, a price billed by the month.
    #[test]
    fn a_rent_price_is_named_for_its_billing_and_unit() {
        assert_eq!(
            PriceName::of(Some("monthly"), Some("instance_month")),
            PriceName::Monthly
        );
        assert_eq!(
            PriceName::of(Some("monthly"), Some("instance_hour")),
            PriceName::BilledMonthly
        );
        assert_eq!(
            PriceName::of(Some("always_on"), Some("instance_month")),
            PriceName::OnDemand
        );
        let t = Lang::En.t();
        let mut s = Scenario::default();
        // Option 6 is the bare-metal server at a flat price per server-month.
        assert_eq!(
            input_label(t, RangeInput::RentTariff(5), &s),
            format!("{}: Monthly price", s.rent[5].label)
        );
        assert_eq!(
            input_label(t, RangeInput::RentTariff(0), &s),
            format!("{}: On-demand price", s.rent[0].label)
        );
        s.rent[5].price_unit = PriceUnit::InstanceHour;
        assert_eq!(
            input_label(Lang::De.t(), RangeInput::RentTariff(5), &s),
            format!("{}: Preis (monatlich abgerechnet)", s.rent[5].label)
        );
    }
}
