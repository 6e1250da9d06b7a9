//! The printed report's first block: the inputs in a few lines and the date printed
//! (on screen the form itself shows them, so this block is for print only).

use gpu_tco_core::{Billing, Days, Window};
use leptos::prelude::*;

use crate::features::print_texts::{Tx, txt};
use crate::first::results::fmt_for;
use crate::fmt::Fmt;
use crate::i18n::{Lang, mode_name, price_unit_text};
use crate::io;
use crate::state::{Ctx, Evaluated, Mode};
use crate::texts::fill;

/// The summary's lines for the scenario `ev` in `lang`, its figures formatted by `f`: the load,
/// each rent option, the hybrid mix, own's server, the switching and the finance inputs. A pure
/// function of its inputs, which [`PrintSummary`] only renders (tested natively below).
pub fn summary_lines(lang: Lang, f: &Fmt, ev: &Evaluated) -> Vec<String> {
    let t = lang.t();
    let tx = Tx::of(lang);
    let sc = &ev.scenario;
    let days = |d: Days| match d {
        Days::WorkingDays => t.days_working(),
        Days::AllDays => t.days_all(),
    };
    let window = |w: &Window| {
        fill(
            tx.print_window(),
            &[
                ("from", &w.start_hour.to_string()),
                ("to", &w.end_hour.to_string()),
                ("gpus", &w.gpus.to_string()),
                ("days", days(w.days)),
            ],
        )
    };
    let mut lines = Vec::new();
    if let Some(m) = &sc.calendar.measured {
        // The measured month is the load; the calendar's fields are not priced.
        lines.push(format!(
            "{} {}",
            fill(t.measured_banner(), &[("source", &m.source)]),
            f.percent(m.productive_share, 1)
        ));
    } else {
        lines.push(format!(
            "{}: {}",
            t.working_days(),
            f.number(sc.calendar.working_days, 2)
        ));
        lines.push(format!(
            "{}: {}",
            t.service_window(),
            window(&sc.calendar.service)
        ));
        for w in &sc.calendar.batch {
            lines.push(format!("{}: {}", t.batch_window(), window(w)));
        }
        for p in &sc.calendar.peaks {
            let months = if p.months.is_empty() {
                tx.print_every_month().to_owned()
            } else {
                p.months
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let days = match p.days {
                Days::WorkingDays => t.peak_days_working(),
                Days::AllDays => t.peak_days_all(),
            };
            lines.push(fill(
                tx.print_peak(),
                &[
                    ("from", &p.start_hour.to_string()),
                    ("to", &p.end_hour.to_string()),
                    ("gpus", &p.gpus.to_string()),
                    ("n", &p.days_of_month.to_string()),
                    ("days", days),
                    ("months", &months),
                ],
            ));
        }
    }
    // One yearly price change for every offer (the presets' default) is said once after them,
    // not at the end of each offer's line: six times over it pushed the German report onto a
    // third page.
    let shared_change = sc.shared_price_change();
    for r in &sc.rent {
        // A plan's term and rate beside its mode: the price is the on-demand rate it discounts.
        let plan = match &r.billing {
            Billing::SavingsPlan {
                term_years,
                price_ratio,
                ..
            }
            | Billing::ReservedSavingsPlan {
                term_years,
                price_ratio,
            } => Some((*term_years, *price_ratio)),
            Billing::CheapestPlan {
                term_years: Some(years),
                price_ratio: Some(ratio),
                ..
            } => Some((*years, *ratio)),
            _ => None,
        };
        let mut mode = mode_name(lang, Mode::of(&r.billing)).to_owned();
        if let Some((years, ratio)) = plan {
            mode.push_str(&fill(
                tx.print_plan(),
                &[
                    ("years", &years.to_string()),
                    ("ratio", &f.number(ratio, 4)),
                ],
            ));
        }
        let pct = r.extras.yearly_price_change_percent;
        let change = if pct.is_zero() || shared_change.is_some() {
            String::new()
        } else {
            fill(tx.print_change(), &[("pct", &f.percent_value(pct, 1))])
        };
        lines.push(
            fill(
                tx.print_option(),
                &[
                    ("label", &r.label),
                    ("mode", &mode),
                    ("price", &f.number(r.price, 4)),
                    ("currency", r.currency.code()),
                    ("unit", price_unit_text(t, r.price_unit)),
                    ("k", &r.gpus_per_instance.to_string()),
                    ("k_gpus", &crate::fmt::gpus_text(r.gpus_per_instance)),
                ],
            ) + &change,
        );
    }
    if let Some(pct) = shared_change {
        let template = if sc.has_plan_terms() {
            tx.print_change_all_plans()
        } else {
            tx.print_change_all()
        };
        lines.push(fill(template, &[("pct", &f.percent_value(pct, 1))]));
    }
    if let Some(h) = &ev.report.hybrid {
        lines.push(fill(
            t.hybrid_title_row(),
            &[("n", &h.own_gpus.to_string()), ("option", &h.rent_label)],
        ));
    }
    let o = &sc.own;
    let count = |n: u32, one, many| crate::fmt::count(lang, n, one, many);
    let (servers, spares) = (ev.report.own.servers, ev.report.own.spare_servers);
    lines.push(fill(
        tx.print_own(),
        &[
            ("label", &o.label),
            (
                "servers",
                &count(servers, tx.print_server_one(), tx.print_server_many()),
            ),
            (
                "spares",
                &if spares > 0 {
                    tx.print_own_spares().replace(
                        "{n}",
                        &count(spares, tx.print_spare_one(), tx.print_spare_many()),
                    )
                } else {
                    String::new()
                },
            ),
            ("price", &f.number(o.price_per_server, 2)),
            ("currency", o.currency.code()),
            ("gpus", &o.gpus_per_server.to_string()),
            ("kwh", &f.number(o.energy.price_per_kwh, 4)),
            ("life", &o.service_life_years.to_string()),
            ("residual", &f.number(o.residual_percent, 2)),
        ],
    ));
    // A loan changes what own pays when: its terms go with the printout (they were left out).
    if let gpu_tco_core::Financing::Loan {
        annual_interest_percent,
        term_months,
    } = &o.financing
    {
        lines.push(fill(
            tx.print_loan(),
            &[
                ("rate", &f.number(*annual_interest_percent, 2)),
                ("n", &term_months.to_string()),
            ],
        ));
    }
    let today = sc
        .switching
        .from_rent
        .and_then(|k| sc.rent.get(k))
        .map_or_else(|| t.from_rent_none().to_owned(), |o| o.label.clone());
    lines.push(fill(
        tx.print_switching(),
        &[
            ("option", &today),
            (
                "date",
                // In the page's own way of writing a date (05.12.2026 in German).
                &crate::fmt::date_text(
                    lang,
                    sc.switching.start_date.as_deref().unwrap_or_default(),
                ),
            ),
        ],
    ));
    lines.push(fill(
        tx.print_finance(),
        &[
            ("n", &ev.report.horizon_months.to_string()),
            ("d", &f.number(sc.finance.discount_rate_percent, 2)),
            ("cur", sc.finance.display_currency.code()),
            ("fx", &f.number(sc.finance.usd_per_eur, 4)),
        ],
    ));
    lines
}

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
        let tx = Tx::of(lang);
        ctx.shown.with(|s| {
            let ev = s.as_ref()?;
            let lines = summary_lines(lang, &fmt_for(lang, &ev.report), ev);
            Some(view! {
                <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                <p class="printed-on">
                    {fill(tx.printed_on(), &[("date", &io::today_text(lang.tag()))])}
                </p>
                <p class="print-link" data-testid="print-link">
                    {tx.print_link()}" "<span class="url">{io::href()}</span>
                </p>
            })
        })
    };
    view! {
        <section class="print-only print-summary" data-testid="print-summary">
            <h2>{txt(|x| x.print_inputs())}</h2>
            {body}
        </section>
    }
}

/// Snapshots of the summary's lines (under `snapshots/` beside this file; how to review a
/// changed one: `first::chart_views::tests`).
#[cfg(test)]
mod tests {
    use gpu_tco_core::{Peak, evaluate};

    use super::*;
    use crate::first::chart_views::tests::default_evaluated;

    #[test]
    fn the_default_scenarios_summary() {
        let ev = default_evaluated();
        for (lang, case) in [(Lang::En, "en"), (Lang::De, "de")] {
            let f = fmt_for(lang, &ev.report);
            let lines = summary_lines(lang, &f, &ev);
            insta::assert_snapshot!(format!("default_{case}"), lines.join("\n"));
            let t = lang.t();
            let h = if lang == Lang::En { "h" } else { "Uhr" };
            // Working days, the service window, the batch window, six rent options, their one
            // price change, own, where the load runs today, the finance inputs.
            assert_eq!(lines.len(), 13, "{case}: {lines:#?}");
            assert_eq!(lines[0], format!("{}: 21", t.working_days()));
            assert!(lines[1].starts_with(&format!("{}: 7–19 {h}, 8 GPUs", t.service_window())));
            assert!(lines[2].starts_with(&format!("{}: 1–5 {h}, 8 GPUs", t.batch_window())));
            for (line, option) in lines[3..9].iter().zip(&ev.scenario.rent) {
                assert!(line.starts_with(&format!("{}: ", option.label)), "{line}");
                assert!(
                    !line.contains(" 13"),
                    "the change said once, not here: {line}"
                );
            }
            let once = if lang == Lang::En {
                "Every cloud offer's price changes by −12.5% a year from month 13 (a plan's \
                 rate per term)"
            } else {
                "Jeder Cloud-Preis ändert sich ab Monat 13 um −12,5\u{a0}% im Jahr (ein Plan je \
                 Laufzeit)"
            };
            assert_eq!(lines[9], once);
            let own = format!("{}: {} ", ev.scenario.own.label, ev.report.own.servers);
            assert!(lines[10].starts_with(&own), "{}", lines[10]);
            assert!(lines[12].contains(&ev.report.horizon_months.to_string()));
        }
    }

    /// A loan's terms are printed after own's line (a controller's review: the printout of a
    /// financed server left them out).
    #[test]
    fn a_loan_is_printed_with_its_terms() {
        let mut ev = default_evaluated();
        ev.scenario.own.financing = gpu_tco_core::Financing::Loan {
            annual_interest_percent: rust_decimal::Decimal::from(6),
            term_months: 36,
        };
        ev.report = evaluate(&ev.scenario).expect("the financed scenario evaluates");
        let en = summary_lines(Lang::En, &fmt_for(Lang::En, &ev.report), &ev);
        assert_eq!(en.len(), 14, "{en:#?}");
        assert_eq!(
            en[11],
            "Financed by an amortizing loan (equal monthly payments) at 6% interest a year over 36 months"
        );
        let de = summary_lines(Lang::De, &fmt_for(Lang::De, &ev.report), &ev);
        assert_eq!(
            de[11],
            "Finanziert mit einem Annuitätenkredit zu 6 % Zinsen p. a. über 36 Monate"
        );
        // Paid in cash, no such line.
        let ev = default_evaluated();
        let lines = summary_lines(Lang::En, &fmt_for(Lang::En, &ev.report), &ev);
        assert!(!lines.iter().any(|l| l.starts_with("Financed")));
    }

    #[test]
    fn a_peak_and_a_hybrid_mix_have_their_lines() {
        let mut ev = default_evaluated();
        ev.scenario.calendar.peaks.push(Peak {
            start_hour: 9,
            end_hour: 12,
            gpus: 4,
            days: Days::WorkingDays,
            days_of_month: 5,
            months: vec![3, 9],
        });
        ev.scenario.hybrid = Some(gpu_tco_core::Hybrid {
            own_gpus: 8,
            rent: 0,
        });
        ev.report = evaluate(&ev.scenario).expect("the scenario with a peak evaluates");
        for (lang, case) in [(Lang::En, "en"), (Lang::De, "de")] {
            let lines = summary_lines(lang, &fmt_for(lang, &ev.report), &ev);
            insta::assert_snapshot!(format!("peak_and_hybrid_{case}"), lines.join("\n"));
            assert_eq!(lines.len(), 15, "{case}: {lines:#?}");
            let h = if lang == Lang::En { "h" } else { "Uhr" };
            assert!(
                lines[3].contains(&format!("9–12 {h}, 4 GPUs")),
                "{}",
                lines[3]
            );
            assert!(lines[3].contains("(5), 3, 9"), "{}", lines[3]);
            let hybrid = ev.report.hybrid.as_ref().expect("a hybrid result");
            assert!(lines[11].contains(&hybrid.rent_label), "{}", lines[11]);
        }
    }
}
