//! The printed report's first block: the inputs in a few lines and the date printed
//! (on screen the form itself shows them, so this block is for print only).

use gpu_tco_core::{Days, Window};
use leptos::prelude::*;

use crate::first::results::fmt_for;
use crate::i18n::mode_name;
use crate::io;
use crate::state::{Ctx, Mode};

/// Inputs summary for print.
#[component]
pub fn PrintSummary() -> impl IntoView {
    let ctx = Ctx::get();
    // Only while printing: on screen the form shows the inputs, and this would redo its work on
    // every input change.
    let body = move || {
        if !ctx.printing.get() {
            return None;
        }
        let lang = ctx.lang.get();
        let t = lang.t();
        ctx.shown.with(|s| {
            let ev = s.as_ref()?;
            let sc = &ev.scenario;
            let f = fmt_for(lang, &ev.report);
            let days = |d: Days| match d {
                Days::WorkingDays => t.days_working,
                Days::AllDays => t.days_all,
            };
            let window = |w: &Window| {
                t.print_window
                    .replace("{from}", &w.start_hour.to_string())
                    .replace("{to}", &w.end_hour.to_string())
                    .replace("{gpus}", &w.gpus.to_string())
                    .replace("{days}", days(w.days))
            };
            let mut lines = Vec::new();
            if let Some(m) = &sc.calendar.measured {
                // The measured month is the load; the calendar's fields are not priced.
                lines.push(format!(
                    "{} {}",
                    t.measured_banner.replace("{source}", &m.source),
                    f.percent(m.productive_share, 1)
                ));
            } else {
                lines.push(format!(
                    "{}: {}",
                    t.working_days,
                    f.number(sc.calendar.working_days, 2)
                ));
                lines.push(format!("{}: {}", t.service_window, window(&sc.calendar.service)));
                for w in &sc.calendar.batch {
                    lines.push(format!("{}: {}", t.batch_window, window(w)));
                }
                for p in &sc.calendar.peaks {
                    let months = if p.months.is_empty() {
                        t.print_every_month.to_owned()
                    } else {
                        p.months
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    lines.push(
                        t.print_peak
                            .replace("{from}", &p.start_hour.to_string())
                            .replace("{to}", &p.end_hour.to_string())
                            .replace("{gpus}", &p.gpus.to_string())
                            .replace("{n}", &p.days_of_month.to_string())
                            .replace(
                                "{days}",
                                match p.days {
                                    Days::WorkingDays => t.peak_days_working,
                                    Days::AllDays => t.peak_days_all,
                                },
                            )
                            .replace("{months}", &months),
                    );
                }
            }
            for r in &sc.rent {
                let mode = mode_name(lang, Mode::of(&r.billing));
                let unit = crate::i18n::price_unit_text(t, r.price_unit);
                lines.push(
                    t.print_option
                        .replace("{label}", &r.label)
                        .replace("{mode}", mode)
                        .replace("{price}", &f.number(r.price, 4))
                        .replace("{currency}", r.currency.code())
                        .replace("{unit}", unit)
                        .replace("{k}", &r.gpus_per_instance.to_string()),
                );
            }
            if let Some(h) = &ev.report.hybrid {
                lines.push(
                    t.hybrid_title_row
                        .replace("{n}", &h.own_gpus.to_string())
                        .replace("{option}", &h.rent_label),
                );
            }
            let o = &sc.own;
            lines.push(
                t.print_own
                    .replace("{label}", &o.label)
                    .replace("{servers}", &ev.report.own.servers.to_string())
                    .replace("{price}", &f.number(o.price_per_server, 2))
                    .replace("{currency}", o.currency.code())
                    .replace("{gpus}", &o.gpus_per_server.to_string())
                    .replace("{kwh}", &f.number(o.energy.price_per_kwh, 4))
                    .replace("{life}", &o.service_life_years.to_string())
                    .replace("{residual}", &f.number(o.residual_percent, 2)),
            );
            let today = sc
                .switching
                .from_rent
                .and_then(|k| sc.rent.get(k))
                .map_or_else(|| t.from_rent_none.to_owned(), |o| o.label.clone());
            lines.push(
                t.print_switching
                    .replace("{option}", &today)
                    .replace("{date}", sc.switching.start_date.as_deref().unwrap_or_default()),
            );
            lines.push(
                t.print_finance
                    .replace("{n}", &ev.report.horizon_months.to_string())
                    .replace("{d}", &f.number(sc.finance.discount_rate_percent, 2))
                    .replace("{cur}", sc.finance.display_currency.code())
                    .replace("{fx}", &f.number(sc.finance.usd_per_eur, 4)),
            );
            Some(view! {
                <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                <p class="printed-on">{t.printed_on.replace("{date}", &io::today_text(lang.tag()))}</p>
                <p class="print-link" data-testid="print-link">
                    {t.print_link}" "<span class="url">{io::href()}</span>
                </p>
            })
        })
    };
    view! {
        <section class="print-only print-summary" data-testid="print-summary">
            <h2>{move || ctx.lang.get().t().print_inputs}</h2>
            {body}
        </section>
    }
}
