//! "Sources of the figures used": every preset value in force, with its source and date.

use leptos::prelude::*;
use serde_json::Value;

use crate::features::sources_texts::txt;
use crate::first::follow_open;
use crate::first::panels::{PriceName, field_text, price_name};
use crate::fmt::{Fmt, month_year, today};
use crate::i18n::Lang;
use crate::state::Ctx;

/// One line of the list.
#[derive(Debug, Clone, PartialEq)]
struct Line {
    field: String,
    value: String,
    source: &'static str,
    as_of: String,
    note: &'static str,
    stale: bool,
    edited: bool,
}

fn shown_value(v: Option<Value>, f: &Fmt, t: &'static crate::i18n::Texts) -> String {
    use crate::first::panels::{DAYS, PRICE_UNITS};
    match v {
        Some(Value::String(s)) => match s.parse::<rust_decimal::Decimal>() {
            Ok(d) => f.number(d, 4),
            // A choice reads as the page words it ("instance-hour", not `instance_hour`).
            Err(_) => PRICE_UNITS
                .iter()
                .chain(DAYS)
                .find(|(key, _)| *key == s)
                .map_or(s, |(_, text)| text(t).to_owned()),
        },
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => if b { "✓" } else { "✗" }.to_owned(),
        _ => String::new(),
    }
}

/// The sources section.
#[component]
pub fn SourcesPanel() -> impl IntoView {
    let ctx = Ctx::get();
    // Filled in only while open (or printing): every line re-reads its field, which is too much
    // work to repeat on every input change for a closed section.
    let open = RwSignal::new(false);
    let groups = move || {
        if !open.get() {
            return None;
        }
        let lang = ctx.lang.get();
        let t = lang.t();
        let f = Fmt::plain(lang);
        let now = today();
        let list = ctx.presets.get();
        let mut ordered: Vec<(String, &'static gpu_tco_core::presets::Preset)> = list;
        gpu_tco_core::order::sort_by_key(&mut ordered, |(k, _)| {
            k.strip_prefix("rent.")
                .and_then(|n| n.parse::<usize>().ok())
                .map_or(0, |n| n + 1)
        });
        ordered
            .into_iter()
            .map(|(prefix, preset)| {
                let mut seen: Vec<&str> = Vec::new();
                let mut lines: Vec<Line> = Vec::new();
                let entries: Vec<_> = preset.all_entries().collect();
                for entry in entries.iter().rev() {
                    if seen.contains(&entry.key) || entry.key == "label" {
                        continue;
                    }
                    seen.push(entry.key);
                    let path = format!("{prefix}.{}", entry.key);
                    let sourced = ctx.source_of(&path);
                    // A flat monthly offer's price is named as its field names it (it has no
                    // on-demand rate).
                    let price = (entry.key == "price")
                        .then(|| price_name(ctx, &prefix))
                        .filter(|n| *n != PriceName::OnDemand);
                    lines.push(Line {
                        field: if let Some(name) = price {
                            name.text(t).to_owned()
                        } else {
                            field_text(entry.key)
                                .map_or_else(|| entry.key.to_owned(), |l| l(t).to_owned())
                        },
                        value: shown_value(ctx.read(&path), &f, t),
                        source: entry.source_in(lang == Lang::De),
                        as_of: month_year(lang, entry.as_of),
                        note: entry.note_in(lang == Lang::De),
                        stale: gpu_tco_core::presets::is_stale(entry.as_of, now),
                        edited: sourced.is_some_and(|s| s.edited),
                    });
                }
                lines.reverse();
                let name = ctx
                    .read(&format!("{prefix}.label"))
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                let items = lines
                    .into_iter()
                    .map(|l| {
                        view! {
                            <li class:old=l.stale>
                                <span class="src-field">{l.field}</span>
                                " "
                                <span class="src-value">{l.value}</span>
                                <span class="yours" hidden=!l.edited>{t.your_value()}</span>
                                " — "
                                {l.source}
                                {format!(" ({} {})", t.as_of(), l.as_of)}
                                {(!l.note.is_empty()).then(|| format!("; {}", l.note))}
                                <span class="check" hidden=!l.stale>{format!(" {}", t.check_price())}</span>
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="src-group">
                        <h3>{name}</h3>
                        <ul class="sources">{items}</ul>
                    </div>
                }
            })
            .collect_view()
            .into()
    };
    view! {
        <details
            class="panel sources"
            data-testid="sources"
            on:toggle=follow_open(open)
        >
            <summary><h2>{crate::first::tr(|t| t.sources_title())}</h2></summary>
            <p class="desc">{txt(|x| x.sources_intro())}</p>
            {groups}
        </details>
    }
}

/// The printed list of sources: each source once, with the fields it backs, so the report
/// stays short (part of the printout's own part, with the inputs' summary).
#[component]
pub fn PrintSources() -> impl IntoView {
    let ctx = Ctx::get();
    let compact = move || {
        if !ctx.printing.get() {
            return None;
        }
        let lang = ctx.lang.get();
        let t = lang.t();
        let now = today();
        let mut rows: Vec<(&'static str, String, bool, Vec<String>)> = Vec::new();
        for (prefix, preset) in ctx.presets.get() {
            let mut seen: Vec<&str> = Vec::new();
            let entries: Vec<_> = preset.all_entries().collect();
            for entry in entries.iter().rev() {
                if seen.contains(&entry.key) || entry.key == "label" {
                    continue;
                }
                seen.push(entry.key);
                let field =
                    field_text(entry.key).map_or_else(|| entry.key.to_owned(), |l| l(t).to_owned());
                let as_of = month_year(lang, entry.as_of);
                let edited = ctx
                    .source_of(&format!("{prefix}.{}", entry.key))
                    .is_some_and(|s| s.edited);
                let field = if edited {
                    format!("{field} ({})", t.your_value())
                } else {
                    field
                };
                match rows
                    .iter_mut()
                    .find(|r| r.0 == entry.source_in(lang == Lang::De) && r.1 == as_of)
                {
                    Some(row) => {
                        if !row.3.contains(&field) {
                            row.3.push(field);
                        }
                    }
                    None => rows.push((
                        entry.source_in(lang == Lang::De),
                        as_of,
                        gpu_tco_core::presets::is_stale(entry.as_of, now),
                        vec![field],
                    )),
                }
            }
        }
        let items = rows
            .into_iter()
            .map(|(source, as_of, stale, fields)| {
                view! {
                    <li class:old=stale>
                        <strong>{source}</strong>
                        {format!(" ({} {}): {}", t.as_of(), as_of, fields.join(", "))}
                    </li>
                }
            })
            .collect_view();
        Some(items)
    };
    view! {
        <section class="print-only print-sources">
            <h2>{crate::first::tr(|t| t.sources_title())}</h2>
            <ul class="sources">{compact}</ul>
        </section>
    }
}
