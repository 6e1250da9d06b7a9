//! How sure the answer is (issue 17): ranges on the inputs that swing it, the P10–P90 of each
//! total, of the savings and of the break-even month, and the verdict over the ranges.
//!
//! The spread prices the scenario some two hundred times, so it is computed once the inputs
//! rest ([`crate::first::spread::REST_MS`] after the last change), never on a slider's every step; until then the
//! page says that the ranges are being brought up to date and draws no band.

use std::sync::Arc;

use gpu_tco_core::CsvStyle;
use gpu_tco_core::ranges::{RangeInput, band_csv, preset_ranges};

use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use serde_json::{Value, json};

use crate::features::ranges_texts::{Tx, txt};
use crate::first::field::value_decimal as number;
use crate::first::panels::PriceName;
use crate::first::results::fmt_for;
pub use crate::first::spread::label;
use crate::first::spread::{current, months_text, verdict_text};
use crate::first::tr;
use crate::i18n::Lang;
use crate::state::{Ctx, Problem, display_number, field_id, read_entry};
use crate::texts::fill;

/// The range on `key` in the draft's `ranges` value, as (low, high) JSON values.
fn stored(ranges: &Option<Value>, key: &str) -> Option<(Value, Value)> {
    let r = ranges.as_ref()?.get("inputs")?.get(key)?;
    Some((r.get("low")?.clone(), r.get("high")?.clone()))
}

/// Writes (or with `None` removes) the range on `key`, and keeps the tie to inputs with ranges.
fn put_range(ctx: Ctx, key: &str, range: Option<(Value, Value)>) {
    ctx.edit(|v| {
        let Some(root) = v.as_object_mut() else {
            return;
        };
        let ranges = root
            .entry("ranges")
            .or_insert_with(|| json!({"inputs": {}, "ties": []}));
        // (Indexing a JSON value that is not an object would panic.)
        if !ranges.is_object() {
            *ranges = json!({"inputs": {}, "ties": []});
        }
        if !ranges.get("inputs").is_some_and(Value::is_object) {
            ranges["inputs"] = json!({});
        }
        match range {
            Some((low, high)) => {
                ranges["inputs"][key] = json!({"low": low, "high": high});
            }
            None => {
                if let Some(inputs) = ranges["inputs"].as_object_mut() {
                    inputs.remove(key);
                }
                untie(ranges, key);
            }
        }
    });
}

/// Takes `key` out of every tie, dropping ties of fewer than two inputs.
fn untie(ranges: &mut Value, key: &str) {
    if let Some(ties) = ranges.get_mut("ties").and_then(Value::as_array_mut) {
        for tie in ties.iter_mut() {
            if let Some(list) = tie.as_array_mut() {
                list.retain(|k| k.as_str() != Some(key));
            }
        }
        ties.retain(|tie| tie.as_array().is_some_and(|l| l.len() >= 2));
    }
}

/// Whether `key` is in a tie of the draft's `ranges` value.
fn tied(ranges: &Option<Value>, key: &str) -> bool {
    ranges
        .as_ref()
        .and_then(|r| r.get("ties"))
        .and_then(Value::as_array)
        .is_some_and(|ties| {
            ties.iter().any(|tie| {
                tie.as_array()
                    .is_some_and(|l| l.iter().any(|k| k.as_str() == Some(key)))
            })
        })
}

/// Puts `key` into the one tie the page offers (or takes it out). A tie needs two inputs: one
/// checked alone waits in `pending` until a second joins it.
fn set_tied(ctx: Ctx, pending: RwSignal<Vec<String>>, key: &str, on: bool) {
    let mut members: Vec<String> = ctx.draft.with_untracked(|v| {
        v.pointer("/ranges/ties")
            .and_then(Value::as_array)
            .map(|ties| {
                ties.iter()
                    .filter_map(Value::as_array)
                    .flatten()
                    .filter_map(|k| k.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    });
    members.extend(pending.get_untracked());
    members.retain(|k| k != key);
    if on {
        members.push(key.to_owned());
    }
    let tie = members.len() >= 2;
    ctx.edit(|v| {
        if let Some(ranges) = v.get_mut("ranges").and_then(Value::as_object_mut) {
            let ties = if tie {
                json!([members.clone()])
            } else {
                json!([])
            };
            ranges.insert("ties".to_owned(), ties);
        }
    });
    pending.set(if tie { Vec::new() } else { members });
}

/// One input's range: lowest and highest, and whether it moves with the other tied ones.
/// The rent options' names, and those billed by the month with what their price is named.
type OptionNames = (Vec<String>, Vec<(usize, PriceName)>);

#[component]
fn RangeRow(
    /// The input.
    input: RangeInput,
    /// An input checked to be tied while no other is (no tie yet).
    pending: RwSignal<Vec<String>>,
    /// The draft's `ranges` value (a memo: a row reruns only when the ranges change).
    ranges: Memo<Option<Value>>,
    /// The rent options' names, and which of them are billed by the month.
    labels: Memo<OptionNames>,
    /// The ranges the presets' sources give for the scenario's values.
    sourced: Memo<Vec<gpu_tco_core::ranges::SourcedRange>>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let key = input.key();
    let base = format!("ranges.inputs.{key}");
    let low_id = field_id(&format!("{base}.low"));
    let high_id = field_id(&format!("{base}.high"));
    let tie_id = format!("range-{}-tie", key.replace('.', "-"));
    let low = RwSignal::new(String::new());
    let high = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let whole = matches!(input, RangeInput::ServiceLife);
    let range = Memo::new({
        let key = key.clone();
        move |_| ranges.with(|r| stored(r, &key))
    });
    // The boxes follow the draft when it changes from elsewhere (sourced ranges, a link).
    Effect::new(move |_| {
        let lang = ctx.lang.get();
        let now = range.get();
        let same = |text: &str, v: Option<&Value>| {
            let typed = read_entry(text, lang, whole).ok();
            typed.as_ref().and_then(number) == v.and_then(number)
        };
        let (l, h) = match &now {
            Some((l, h)) => (Some(l), Some(h)),
            None => (None, None),
        };
        if !same(&low.get_untracked(), l) || !same(&high.get_untracked(), h) {
            low.set(l.map(|v| display_number(v, lang)).unwrap_or_default());
            high.set(h.map(|v| display_number(v, lang)).unwrap_or_default());
            problem.set(None);
        }
    });
    let write = {
        let key = key.clone();
        move || {
            let lang = ctx.lang.get_untracked();
            let (l, h) = (low.get_untracked(), high.get_untracked());
            let t = lang.t();
            let tx = Tx::of(lang);
            match (read_entry(&l, lang, whole), read_entry(&h, lang, whole)) {
                (Err(Problem::Empty), Err(Problem::Empty)) => {
                    problem.set(None);
                    put_range(ctx, &key, None);
                }
                (Ok(a), Ok(b)) => {
                    problem.set(None);
                    put_range(ctx, &key, Some((a, b)));
                }
                (Err(Problem::Empty), _) | (_, Err(Problem::Empty)) => {
                    problem.set(Some(tx.range_both_ends().to_owned()));
                }
                (Err(p), _) | (_, Err(p)) => {
                    // The input's own values (a service life of 1 to 10 years).
                    let (least, most) = input.bounds();
                    let range = (least.to_u32().unwrap_or(0), most.to_u32());
                    problem.set(Some(crate::first::field::problem_message(t, p, range)));
                }
            }
        }
    };
    let write_low = write.clone();
    let message = {
        let base = base.clone();
        move || {
            let lang = ctx.lang.get();
            problem.get().or_else(|| {
                ctx.error.with(|e| {
                    e.as_ref()
                        .filter(|e| e.path().starts_with(&base))
                        .map(|e| crate::i18n::error_message(lang, e))
                })
            })
        }
    };
    let err_id = format!("{low_id}-err");
    let has_range = Memo::new(move |_| range.with(Option::is_some));
    let tie_key = key.clone();
    let checked_key = key.clone();
    let name = move || labels.with(|(l, m)| label(ctx.lang.get().t(), input, l, m));
    // Where the row's range comes from, while it is the one a source gives.
    let source = move || {
        let german = ctx.lang.get() == Lang::De;
        let t = ctx.lang.get().t();
        let now = range.get()?;
        sourced.with(|list| {
            let s = list.iter().find(|s| s.input == input)?;
            let same = number(&now.0) == Some(s.range.low.normalize())
                && number(&now.1) == Some(s.range.high.normalize());
            same.then(|| {
                format!(
                    "{}: {} ({} {})",
                    t.source(),
                    s.source_in(german),
                    t.as_of(),
                    crate::fmt::month_year(ctx.lang.get(), s.as_of)
                )
            })
        })
    };
    let source_id = format!("range-{}-source", key.replace('.', "-"));
    view! {
        <tr data-testid=format!("range-{}", key.replace('.', "-"))>
            <th scope="row">
                {name}
                <span class="range-source" id=source_id>{source}</span>
            </th>
            // Each cell names its column where a phone shows the row as a card (no header).
            <td data-label=txt(|x| x.range_low())>
                <label class="visually-hidden" for=low_id.clone()>
                    {move || format!("{}, {}", name(), Tx::of(ctx.lang.get()).range_low())}
                </label>
                <input type="text" class="num" inputmode="decimal" autocomplete="off" id=low_id
                    aria-describedby=err_id.clone()
                    prop:value=move || low.get()
                    on:input=move |ev| { low.set(event_target_value(&ev)); write_low(); } />
            </td>
            <td data-label=txt(|x| x.range_high())>
                <label class="visually-hidden" for=high_id.clone()>
                    {move || format!("{}, {}", name(), Tx::of(ctx.lang.get()).range_high())}
                </label>
                <input type="text" class="num" inputmode="decimal" autocomplete="off" id=high_id
                    aria-describedby=err_id.clone()
                    prop:value=move || high.get()
                    on:input=move |ev| { high.set(event_target_value(&ev)); write(); } />
            </td>
            <td data-label=txt(|x| x.range_tie())>
                <input type="checkbox" id=tie_id.clone()
                    disabled=move || !has_range.get()
                    prop:checked=move || {
                        ranges.with(|r| tied(r, &checked_key))
                            || pending.with(|p| p.contains(&checked_key))
                    }
                    on:change=move |ev| set_tied(ctx, pending, &tie_key, event_target_checked(&ev)) />
                <label class="visually-hidden" for=tie_id>
                    {move || format!("{}, {}", name(), Tx::of(ctx.lang.get()).range_tie())}
                </label>
            </td>
            <td class="field-error" id=err_id role="status">{message}</td>
        </tr>
    }
}

/// The section: the range inputs and what they make of the answer.
#[component]
pub fn RangesPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let rent = crate::first::panels::array_len(ctx, "rent");
    let sourced = move |_| {
        let Some(ev) = ctx.shown.get_untracked() else {
            return;
        };
        let presets = ctx.presets.get_untracked();
        let Ok(list) = preset_ranges(&ev.scenario, &presets) else {
            return;
        };
        for s in &list {
            let low = Value::String(s.range.low.normalize().to_string());
            let high = Value::String(s.range.high.normalize().to_string());
            put_range(ctx, &s.input.key(), Some((low, high)));
        }
        let tx = Tx::of(ctx.lang.get_untracked());
        ctx.notice.set(Some((
            false,
            fill(tx.range_sourced_done(), &[("n", &list.len().to_string())]),
        )));
    };
    let pending = RwSignal::new(Vec::<String>::new());
    let open = RwSignal::new(false);
    let ranges = Memo::new(move |_| ctx.draft.with(|v| v.get("ranges").cloned()));
    let labels = Memo::new(move |_| {
        ctx.draft.with(|v| {
            let options = v.get("rent").and_then(Value::as_array);
            let names = options
                .map(|l| {
                    l.iter()
                        .map(|o| o["label"].as_str().unwrap_or_default().to_owned())
                        .collect()
                })
                .unwrap_or_default();
            let monthly = options
                .map(|l| {
                    l.iter()
                        .enumerate()
                        .map(|(i, o)| {
                            let name = PriceName::of(
                                o["billing"]["mode"].as_str(),
                                o["price_unit"].as_str(),
                            );
                            (i, name)
                        })
                        .filter(|(_, name)| *name != PriceName::OnDemand)
                        .collect()
                })
                .unwrap_or_default();
            (names, monthly)
        })
    });
    let clear = move |_| {
        pending.set(Vec::new());
        ctx.edit(|v| {
            if let Some(o) = v.as_object_mut() {
                o.remove("ranges");
            }
        });
    };
    let csv = move |_| {
        if let Some(s) = current(ctx) {
            let style = match ctx.lang.get_untracked() {
                Lang::De => CsvStyle::ExcelDe,
                Lang::En => CsvStyle::Rfc4180,
            };
            crate::io::download(
                "gpu-rent-vs-own-ranges.csv",
                "text/csv;charset=utf-8",
                &band_csv(&s, style),
            );
        }
    };
    let sourced_list = Memo::new(move |_| {
        // Only while the section is open (closed, a slider's move computes nothing here).
        if !open.get() {
            return Vec::new();
        }
        let presets = ctx.presets.get();
        ctx.shown
            .with(|s| {
                s.as_ref()
                    .and_then(|ev| preset_ranges(&ev.scenario, &presets).ok())
            })
            .unwrap_or_default()
    });
    let any = Memo::new(move |_| {
        ranges.with(|r| {
            r.as_ref()
                .and_then(|r| r.get("inputs"))
                .and_then(Value::as_object)
                .is_some_and(|o| !o.is_empty())
        })
    });
    let results = move || {
        if !open.get() || !any.get() {
            return None;
        }
        let lang = ctx.lang.get();
        let t = lang.t();
        let tx = Tx::of(lang);
        let ev = ctx.shown.get()?;
        let failed = ctx.spread.with(|s| {
            s.as_ref()
                .filter(|(e, _)| Arc::ptr_eq(e, &ev))
                .and_then(|(_, r)| r.as_ref().err().cloned())
        });
        if let Some(message) = failed {
            return Some(
                view! { <p class="field-error" data-testid="range-status">{message}</p> }
                    .into_any(),
            );
        }
        let Some(s) = current(ctx) else {
            return Some(
                view! { <p class="note" data-testid="range-status">{tx.range_pending()}</p> }
                    .into_any(),
            );
        };
        let f = fmt_for(lang, &ev.report);
        let q = |q: &gpu_tco_core::ranges::Quantiles| {
            fill(
                t.range_p(),
                &[
                    ("p10", &f.money(q.p10, 0)),
                    ("p50", &f.money(q.p50, 0)),
                    ("p90", &f.money(q.p90, 0)),
                ],
            )
        };
        let months = |m: &gpu_tco_core::ranges::MonthQuantiles| months_text(lang, m.p10, m.p90);
        // Discounted: the same table in present value, as the verdict's sentence over the
        // ranges adds it (the figures as paid alone overstate what owning saves today).
        let pv_table = s
            .own
            .npv
            .filter(|_| {
                s.rent
                    .iter()
                    .any(|x| x.discounted_savings_with_own.is_some())
            })
            .map(|own_npv| RangeTable {
                id: "range-pv",
                caption: fill(
                    tx.range_pv_table(),
                    &[(
                        "rate",
                        &crate::first::results::rate_text(lang, &f, &ev.scenario),
                    )],
                ),
                total_head: fill(
                    tx.range_pv_col_total(),
                    &[("n", &s.horizon_months.to_string())],
                ),
                own: (s.own.label.clone(), q(&own_npv)),
                rows: s
                    .rent
                    .iter()
                    .map(|x| {
                        let d = x.discounted_savings_with_own.as_ref();
                        RangeRow {
                            label: x.costs.label.clone(),
                            total: x.costs.npv.as_ref().map(q),
                            savings: d.map(|d| q(&d.savings)),
                            months: d.map(|d| months(&d.break_even_month)),
                            verdict: d.map(|d| verdict_text(t, d.verdict)),
                        }
                    })
                    .collect(),
            });
        let as_paid = RangeTable {
            id: "range",
            // Beside one in present value, it says it is as paid.
            caption: if pv_table.is_some() {
                tx.range_table_paid()
            } else {
                tx.range_table()
            }
            .to_owned(),
            total_head: fill(
                tx.range_col_total(),
                &[("n", &s.horizon_months.to_string())],
            ),
            own: (s.own.label.clone(), q(&s.own.total)),
            rows: s
                .rent
                .iter()
                .map(|x| RangeRow {
                    label: x.costs.label.clone(),
                    total: Some(q(&x.costs.total)),
                    savings: Some(q(&x.savings_with_own)),
                    months: Some(months(&x.break_even_month)),
                    verdict: Some(verdict_text(t, x.verdict)),
                })
                .collect(),
        };
        let method = fill(
            tx.range_method(),
            &[("n", &s.samples.to_string()), ("seed", &s.seed.to_string())],
        );
        // Said where a cloud price change sits at the top of its range (today's price held,
        // 0 % on the sources' −25 % to 0 %), not for the default's −12.5 %, the middle.
        let one_sided = s
            .leaning
            .iter()
            .any(|l| matches!(l.input, RangeInput::CloudPriceChange(_)) && l.value == l.range.high);
        Some(view! {
            <p class="note" data-testid="range-status">{method}</p>
            <p class="note" data-testid="range-one-sided" hidden=!one_sided>{tx.range_one_sided()}</p>
            {range_table(t, tx, as_paid)}
            {pv_table.map(|table| range_table(t, tx, table))}
            <button type="button" id="csv-ranges" on:click=csv>{tx.range_csv()}</button>
        }.into_any())
    };
    view! {
        <details
            class="panel ranges"
            data-testid="ranges"
            class:no-ranges=move || !any.get()
            on:toggle=crate::first::follow_open(open)
        >
            <summary><h2>{tr(|t| t.range_title())}</h2></summary>
            <p class="desc">{txt(|x| x.range_intro())}</p>
            <p>
                <button type="button" id="ranges-sourced" on:click=sourced>{txt(|x| x.range_sourced())}</button>
                " "
                <button type="button" id="ranges-clear" class="link" on:click=clear hidden=move || !any.get()>
                    {txt(|x| x.range_clear_all())}
                </button>
            </p>
            <div class="table-wrap" tabindex="0" role="region" aria-label=txt(|x| x.range_inputs())>
                <table class="compare range-inputs">
                    <caption>{txt(|x| x.range_inputs())}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{txt(|x| x.range_input())}</th>
                            <th scope="col">{txt(|x| x.range_low())}</th>
                            <th scope="col">{txt(|x| x.range_high())}</th>
                            <th scope="col">{txt(|x| x.range_tie())}</th>
                            <th scope="col"><span class="visually-hidden">{txt(|x| x.range_message())}</span></th>
                        </tr>
                    </thead>
                    <tbody>
                        // Rows only while the section is open: closed, a slider's move reruns none.
                        {move || open.get().then(|| {
                            RangeInput::all(rent.get())
                                .into_iter()
                                .map(|input| view! {
                                    <RangeRow input=input pending=pending ranges=ranges labels=labels sourced=sourced_list />
                                })
                                .collect_view()
                        })}
                    </tbody>
                </table>
            </div>
            {results}
        </details>
    }
}

/// One of the section's tables over the ranges: the figures as paid (`range-…` test ids) or in
/// present value (`range-pv-…`).
struct RangeTable {
    /// The test ids' stem: `{id}-table`, `{id}-own`, `{id}-rent-{i}-total` and so on.
    id: &'static str,
    caption: String,
    /// The head of the totals' column.
    total_head: String,
    /// Own's name and total.
    own: (String, String),
    /// Each rent option's figures, in scenario order.
    rows: Vec<RangeRow>,
}

/// A rent option's row of a [`RangeTable`]; `None` shows "–".
struct RangeRow {
    label: String,
    total: Option<String>,
    savings: Option<String>,
    months: Option<String>,
    verdict: Option<String>,
}

/// A [`RangeTable`] in the page's scrollable box, as cards on a phone (each cell labelled).
fn range_table(
    t: &'static crate::i18n::Texts,
    tx: &'static Tx,
    table: RangeTable,
) -> impl IntoView {
    let RangeTable {
        id,
        caption,
        total_head,
        own,
        rows,
    } = table;
    let cell = |label: String, test: String, v: Option<String>| {
        view! {
            <td class="wrap" data-label=label data-testid=test>
                {v.unwrap_or_else(|| crate::fmt::NONE.to_owned())}
            </td>
        }
    };
    let rows = rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let test = |what: &str| format!("{id}-rent-{i}-{what}");
            view! {
                <tr data-testid=format!("{id}-rent-{i}")>
                    <th scope="row">{r.label}</th>
                    {cell(total_head.clone(), test("total"), r.total)}
                    {cell(tx.range_col_savings().to_owned(), test("savings"), r.savings)}
                    {cell(t.col_break_even().to_owned(), test("break-even"), r.months)}
                    {cell(tx.range_col_verdict().to_owned(), test("verdict"), r.verdict)}
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label=caption.clone()>
            <table class="compare" data-testid=format!("{id}-table")>
                <caption>{caption.clone()}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.col_option()}</th>
                        <th scope="col">{total_head.clone()}</th>
                        <th scope="col">{tx.range_col_savings()}</th>
                        <th scope="col">{t.col_break_even()}</th>
                        <th scope="col">{tx.range_col_verdict()}</th>
                    </tr>
                </thead>
                <tbody>
                    <tr data-testid=format!("{id}-own")>
                        <th scope="row">{own.0}</th>
                        {cell(total_head, format!("{id}-own-total"), Some(own.1))}
                        <td class="na">"–"</td>
                        <td class="na">"–"</td>
                        <td class="na">"–"</td>
                    </tr>
                    {rows}
                </tbody>
            </table>
        </div>
    }
}
