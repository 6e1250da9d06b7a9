//! The workload panel's banner while a measured load (the metrics import's result, kept in the
//! scenario) replaces the calendar, with the way back. It reads the scenario only, so the first
//! screen shows it without the import.

use leptos::prelude::*;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::fmt::Fmt;
use crate::state::Ctx;

/// The notice in the workload panel while a measured load replaces the calendar, with the way
/// back.
#[component]
pub fn MeasuredBanner() -> impl IntoView {
    let ctx = Ctx::get();
    // A memo of the measurement's path (`Ctx::read`), so that the banner is rebuilt when the
    // measurement changes, not on every input.
    let info = Memo::new(move |_| {
        let m = ctx.read("calendar.measured")?;
        let source = m.get("source")?.as_str()?.to_owned();
        let share = m
            .get("productive_share")?
            .as_str()?
            .parse::<Decimal>()
            .ok()?;
        Some((source, share))
    });
    let back = move |_| {
        ctx.edit(|v| {
            if let Some(Value::Object(c)) = v.pointer_mut("/calendar") {
                c.remove("measured");
            }
        })
    };
    move || {
        let (source, share) = info.get()?;
        let lang = ctx.lang.get();
        let t = lang.t();
        let f = Fmt::plain(lang);
        Some(view! {
            <div class="measured-banner" id="measured-banner" role="status">
                <p>
                    <strong>{t.measured_banner().replace("{source}", &source)}</strong>
                    " "
                    {t.measured_share().replace("{share}", &f.percent(share, 1))}
                </p>
                <button type="button" id="measured-back" on:click=back>{t.measured_back()}</button>
            </div>
        })
    }
}
