//! Measured load (issue 8): a month of serving metrics (Prometheus JSON or Grafana CSV) read in
//! the browser in slices, with progress, analysed by `gpu_tco_core::metrics::analyse`, shown, and offered
//! as the scenario's load profile (`calendar.measured`). The file never leaves the page.

use std::sync::Arc;

use gpu_tco_core::Error;
use gpu_tco_core::metrics::{
    AnalyseOptions, GpuCountSource, ImportOptions, Measured, Metric, MetricsImport,
    MetricsImporter, MetricsNote, WeekHour, analyse,
};
use leptos::prelude::*;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::Value;

use crate::features::import_texts::Tx;
use crate::first::{focus_later, follow_open, tr};
use crate::fmt::Fmt;
use crate::i18n::{Lang, error_message};
use crate::io;
use crate::state::{Ctx, parse_number};
use crate::texts::fill;

/// Bytes read per slice: small enough that parsing one keeps the page responsive, large enough
/// that the slices' own cost stays small.
const SLICE: f64 = 1024.0 * 1024.0;

/// A file read.
#[derive(Debug, Clone, PartialEq)]
struct Loaded {
    name: String,
    bytes: f64,
    millis: f64,
    import: Arc<MetricsImport>,
}

/// Where reading stands.
#[derive(Debug, Clone, PartialEq)]
enum Phase {
    Idle,
    Reading {
        name: String,
        read: f64,
        total: f64,
    },
    Cancelled {
        name: String,
    },
    /// `None`: the browser could not read the file.
    Failed {
        name: String,
        error: Option<Error>,
    },
    Done,
}

fn mb(f: &Fmt, bytes: f64) -> String {
    f.number(
        Decimal::from_f64_retain(bytes / 1_048_576.0)
            .unwrap_or_default()
            .round_dp(1),
        1,
    )
}

/// An ISO 8601 time as `2026-06-01 07:00`.
fn short_time(iso: &str) -> String {
    iso.get(..16).unwrap_or(iso).replace('T', " ")
}

fn note_text(lang: Lang, n: &MetricsNote) -> String {
    let t = Tx::of(lang);
    let f = Fmt::plain(lang);
    let num = |v: &Decimal| f.number(*v, 2);
    let counted = |n: u64, one: &str, many: &str| crate::fmt::count(lang, n, one, many);
    match n {
        MetricsNote::NotAMonth { days, factor } => fill(
            t.n_not_a_month(),
            &[("days", &num(days)), ("f", &f.number(*factor, 4))],
        ),
        MetricsNote::GapsCountedIdle { server, hours } => fill(
            t.n_gaps(),
            &[("server", server), ("h", &f.int_f64(f64::from(*hours)))],
        ),
        MetricsNote::DuplicatesDropped { count } => {
            counted(*count, t.n_duplicates_one(), t.n_duplicates())
        }
        MetricsNote::OutOfOrderSorted { count } => {
            counted(*count, t.n_out_of_order_one(), t.n_out_of_order())
        }
        MetricsNote::NegativeClamped { count } => {
            counted(*count, t.n_negative_one(), t.n_negative())
        }
        MetricsNote::NonFiniteDropped { count } => {
            counted(*count, t.n_non_finite_one(), t.n_non_finite())
        }
        MetricsNote::MixedSteps {
            series,
            steps_seconds,
        } => {
            let steps = steps_seconds
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            fill(t.n_mixed(), &[("series", series), ("steps", &steps)])
        }
        MetricsNote::CoarseStep { seconds } => fill(t.n_coarse(), &[("s", &seconds.to_string())]),
        MetricsNote::GpusAssumed { server, gpus } => fill(
            t.n_assumed(),
            &[("server", server), ("n", &crate::fmt::gpus_text(*gpus))],
        ),
        MetricsNote::GpusUnattributed { count } => counted(
            u64::from(*count),
            t.n_unattributed_one(),
            t.n_unattributed(),
        ),
        MetricsNote::WaitingUnmatched { count } => {
            counted(u64::from(*count), t.n_waiting_one(), t.n_waiting())
        }
        MetricsNote::MetricsIgnored { names } => {
            fill(t.n_ignored(), &[("names", &names.join(", "))])
        }
        MetricsNote::LocalTimes => t.n_local().to_owned(),
    }
}

/// Why a file could not be used: the analysis' own words for a file that is not what it should
/// be (they name the line, column or series), the page's for the rest.
fn reason_of(lang: Lang, e: &Error) -> String {
    let f = Fmt::plain(lang);
    match e {
        Error::Metrics {
            path,
            column,
            problem,
        } => crate::features::import_texts::metrics_error(lang, path, *column, problem),
        Error::TooLong { max, .. } => {
            fill(Tx::of(lang).too_big(), &[("max", &mb(&f, *max as f64))])
        }
        other => error_message(lang, other),
    }
}

/// The analysis options from what was typed (GPUs per server, UTC offset in hours): `Err(field)`
/// names a field that does not parse.
fn options_of(
    lang: Lang,
    gpus: &str,
    offset: &str,
    batch: &[String],
) -> Result<AnalyseOptions, &'static str> {
    let gpus = gpus.trim();
    let gpus_per_server = if gpus.is_empty() {
        None
    } else {
        Some(
            parse_number(gpus, lang)
                .and_then(|s| s.parse::<u32>().ok())
                .filter(|g| (1..=1024).contains(g))
                .ok_or("gpus")?,
        )
    };
    // Hours from −14 to 14 in quarter hours, as the analysis takes them (in minutes).
    let offset = parse_number(offset.trim(), lang)
        .and_then(|s| s.parse::<Decimal>().ok())
        .filter(|h| h.abs() <= Decimal::from(14))
        .and_then(|h| h.checked_mul(Decimal::from(60)))
        .filter(|m| (*m / Decimal::from(15)).fract().is_zero())
        .and_then(|m| m.to_i32())
        .ok_or("offset")?;
    Ok(AnalyseOptions {
        gpus_per_server,
        batch_servers: batch.to_vec(),
        utc_offset_minutes: offset,
        ..AnalyseOptions::default()
    })
}

/// Reads `file` slice by slice into an import, reporting progress to `phase`; stops when
/// `generation` moves on (a newer file, or Cancel).
async fn read_file(
    file: web_sys::File,
    unnamed: Option<Metric>,
    phase: RwSignal<Phase>,
    generation: StoredValue<u32>,
    mine: u32,
) -> Option<Result<(MetricsImport, f64), Option<Error>>> {
    let total = file.size();
    let name = file.name();
    let started = io::now_ms();
    let mut importer = MetricsImporter::new(ImportOptions { unnamed });
    let mut at = 0.0;
    while at < total {
        let end = (at + SLICE).min(total);
        let Some(bytes) = io::read_slice(&file, at, end).await else {
            return Some(Err(None));
        };
        if generation.get_value() != mine {
            return None;
        }
        if let Err(e) = importer.feed_bytes(&bytes) {
            return Some(Err(Some(e)));
        }
        at = end;
        phase.set(Phase::Reading {
            name: name.clone(),
            read: at,
            total,
        });
        io::yield_now().await;
        if generation.get_value() != mine {
            return None;
        }
    }
    Some(
        importer
            .finish()
            .map(|i| (i, io::now_ms() - started))
            .map_err(Some),
    )
}

/// The import section.
#[component]
pub fn ImportPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let phase = RwSignal::new(Phase::Idle);
    let loaded = RwSignal::new(None::<Loaded>);
    let generation = StoredValue::new(0u32);
    let file_kept = StoredValue::new_local(None::<web_sys::File>);
    let unnamed = RwSignal::new(None::<Metric>);
    let offset_hours = Decimal::from(io::utc_offset_minutes()) / Decimal::from(60);
    let gpus = RwSignal::new(String::new());
    let offset =
        RwSignal::new(Fmt::plain(ctx.lang.get_untracked()).number(offset_hours.normalize(), 2));
    let batch = RwSignal::new(Vec::<String>::new());
    let open = RwSignal::new(false);
    let options = Memo::new(move |_| {
        let lang = ctx.lang.get();
        gpus.with(|g| offset.with(|o| batch.with(|b| options_of(lang, g, o, b))))
    });
    let measured = Memo::new(move |_| {
        let options = options.get().ok()?;
        loaded.with(|l| {
            l.as_ref()
                .map(|l| analyse(&l.import, &options).map(Arc::new))
        })
    });

    let start = move |file: web_sys::File| {
        let mine = generation.get_value().wrapping_add(1);
        generation.set_value(mine);
        file_kept.set_value(Some(file.clone()));
        loaded.set(None);
        batch.set(Vec::new());
        open.set(true);
        let name = file.name();
        phase.set(Phase::Reading {
            name: name.clone(),
            read: 0.0,
            total: file.size(),
        });
        let how = unnamed.get_untracked();
        leptos::task::spawn_local(async move {
            let bytes = file.size();
            match read_file(file, how, phase, generation, mine).await {
                None => {}
                Some(Ok((import, millis))) => {
                    loaded.set(Some(Loaded {
                        name,
                        bytes,
                        millis,
                        import: Arc::new(import),
                    }));
                    phase.set(Phase::Done);
                }
                Some(Err(error)) => phase.set(Phase::Failed { name, error }),
            }
        });
    };
    let pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            start(file);
        }
        input.set_value("");
    };
    let drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        ev.stop_propagation();
        if let Some(file) = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            start(file);
        }
    };
    let cancel = move |_| {
        if let Phase::Reading { name, .. } = phase.get_untracked() {
            generation.update_value(|g| *g = g.wrapping_add(1));
            phase.set(Phase::Cancelled { name });
        }
    };
    let set_unnamed = move |ev: leptos::ev::Event| {
        let how = match event_target_value(&ev).as_str() {
            "running" => Some(Metric::Running),
            "waiting" => Some(Metric::Waiting),
            "sm" => Some(Metric::SmActive),
            _ => None,
        };
        unnamed.set(how);
        if let Some(file) = file_kept.get_value() {
            start(file);
        }
    };
    let use_it = move |_| {
        let lang = ctx.lang.get_untracked();
        let t = Tx::of(lang);
        let Some(Ok(m)) = measured.get_untracked() else {
            return;
        };
        let Some(name) = loaded.with_untracked(|l| l.as_ref().map(|l| l.name.clone())) else {
            return;
        };
        let mut source = fill(
            t.source(),
            &[
                ("name", &name),
                ("first", &short_time(&m.period.first)),
                ("last", &short_time(&m.period.last)),
                (
                    "n",
                    &crate::fmt::count(
                        lang,
                        u64::try_from(m.servers.len()).unwrap_or(u64::MAX),
                        t.source_server_one(),
                        t.source_server_many(),
                    ),
                ),
            ],
        );
        // The GPU counts go along (the banner and the printout repeat the source), saying
        // how many of them were assumed rather than given or found.
        let gpus: u32 = m.servers.iter().map(|s| s.gpus).sum();
        source.push_str(&fill(
            t.source_gpus(),
            &[(
                "gpus",
                &crate::fmt::count(lang, gpus, t.source_gpu_one(), t.source_gpu_many()),
            )],
        ));
        let assumed = m
            .servers
            .iter()
            .filter(|s| s.gpus_from == GpuCountSource::Assumed)
            .count();
        if assumed > 0 {
            source.push_str(&fill(t.source_assumed(), &[("k", &assumed.to_string())]));
        }
        if let Ok(value) = serde_json::to_value(m.calendar_load(&source)) {
            ctx.edit(|v| {
                if let Some(Value::Object(c)) = v.pointer_mut("/calendar") {
                    c.insert("measured".into(), value);
                }
            });
        }
    };

    // The phase without the bytes read, so that the reading view (and its Cancel button, which
    // may hold the keyboard focus) is built once per file; only the bar and its text follow.
    let stage = Memo::new(move |_| {
        phase.with(|p| match p {
            Phase::Reading { name, .. } => Phase::Reading {
                name: name.clone(),
                read: 0.0,
                total: 0.0,
            },
            other => other.clone(),
        })
    });
    let read_of = move || {
        phase.with(|p| match p {
            Phase::Reading { read, total, .. } => (*read, *total),
            _ => (0.0, 0.0),
        })
    };
    let status = move || {
        let lang = ctx.lang.get();
        let t = Tx::of(lang);
        let f = Fmt::plain(lang);
        match stage.get() {
            Phase::Idle => None,
            Phase::Reading { name, .. } => Some(
                view! {
                    // Only the start is announced; the bar and its figures are there to be read,
                    // not spoken on every slice.
                    <div class="import-progress">
                        <p role="status">{fill(t.reading(), &[("name", &name)])}</p>
                        <progress
                            id="import-progress"
                            aria-labelledby="import-progress-text"
                            max=move || read_of().1
                            value=move || read_of().0
                        ></progress>
                        <span id="import-progress-text">
                            {move || {
                                let (read, total) = read_of();
                                fill(t.progress(), &[("read", &mb(&f, read)), ("total", &mb(&f, total))])
                            }}
                        </span>
                        " "
                        <button type="button" id="import-cancel" on:click=cancel>{t.cancel()}</button>
                    </div>
                }
                .into_any(),
            ),
            Phase::Cancelled { name } => Some(
                view! { <p class="import-status" role="status">{fill(t.cancelled(), &[("name", &name)])}</p> }
                    .into_any(),
            ),
            Phase::Failed { name, error } => {
                let reason = match &error {
                    Some(e) => reason_of(lang, e),
                    None => t.unreadable().to_owned(),
                };
                Some(failed(t, &name, &reason))
            }
            Phase::Done => loaded.with(|l| {
                l.as_ref().map(|l| {
                    let s = f.number(
                        Decimal::from_f64_retain(l.millis / 1000.0)
                            .unwrap_or_default()
                            .round_dp(2),
                        2,
                    );
                    let text = fill(
                        t.read_in(),
                        &[("name", &l.name), ("mb", &mb(&f, l.bytes)), ("s", &s)],
                    );
                    view! {
                        <p class="import-status" id="import-done" role="status" data-ms=l.millis.round().to_string()>
                            {text}
                        </p>
                    }
                    .into_any()
                })
            }),
        }
    };

    let figures = move || {
        let lang = ctx.lang.get();
        let t = Tx::of(lang);
        match measured.get()? {
            Err(e) => {
                let reason = reason_of(lang, &e);
                let name = loaded.with(|l| l.as_ref().map(|l| l.name.clone()).unwrap_or_default());
                Some(failed(t, &name, &reason))
            }
            Ok(m) => Some(view! { <MeasuredView m=m batch=batch use_it=use_it /> }.into_any()),
        }
    };

    let t = move || Tx::of(ctx.lang.get());
    let gpus_bad = Signal::derive(move || matches!(options.get(), Err("gpus")));
    let offset_bad = Signal::derive(move || matches!(options.get(), Err("offset")));
    view! {
        <details
            class="panel import"
            data-testid="import"
            prop:open=move || open.get()
            on:toggle=follow_open(open)
        >
            <summary><h2 id="h-import">{tr(|t| t.import_title())}</h2></summary>
            <p>{move || t().intro()}</p>
            <p class="hint">{move || t().metrics()}</p>
            <p class="privacy">{move || t().private()}</p>
            <div class="drop-zone" on:dragover=|ev: leptos::ev::DragEvent| { ev.prevent_default(); ev.stop_propagation(); } on:drop=drop>
                <label for="import-file" class="button">{move || t().choose()}</label>
                <input
                    type="file"
                    id="import-file"
                    class="visually-hidden"
                    accept=".json,.csv,.txt,application/json,text/csv"
                    on:change=pick
                />
                " "
                <span>{move || t().drop()}</span>
            </div>
            <div class="import-options">
                <OptionField
                    id="import-gpus"
                    inputmode="numeric"
                    value=gpus
                    bad=gpus_bad
                    text=|t| (t.gpus(), t.gpus_hint(), t.bad_gpus())
                />
                <OptionField
                    id="import-offset"
                    inputmode="decimal"
                    value=offset
                    bad=offset_bad
                    text=|t| (t.offset(), t.offset_hint(), t.bad_offset())
                />
                <div class="field">
                    <label for="import-unnamed">{move || t().unnamed()}</label>
                    <select id="import-unnamed" on:change=set_unnamed>
                        <option value="none" selected>{move || t().unnamed_none()}</option>
                        <option value="running">{move || t().unnamed_running()}</option>
                        <option value="waiting">{move || t().unnamed_waiting()}</option>
                        <option value="sm">{move || t().unnamed_sm()}</option>
                    </select>
                </div>
            </div>
            {status}
            {figures}
        </details>
    }
}

/// One typed option of the analysis: a text box, its hint, and a message while it does not parse.
#[component]
fn OptionField(
    /// Element id of the box (its hint and message add `-hint` and `-err`).
    id: &'static str,
    /// The keyboard a phone shows.
    inputmode: &'static str,
    /// The text as typed.
    value: RwSignal<String>,
    /// Whether the text does not parse.
    bad: Signal<bool>,
    /// Label, hint and message.
    text: fn(&'static Tx) -> (&'static str, &'static str, &'static str),
) -> impl IntoView {
    let lang = Ctx::get().lang;
    let t = move || text(Tx::of(lang.get()));
    let hint_id = format!("{id}-hint");
    view! {
        <div class="field">
            <label for=id>{move || t().0}</label>
            <input
                id=id
                type="text"
                inputmode=inputmode
                aria-describedby=hint_id.clone()
                aria-invalid=move || bad.get().to_string()
                prop:value=value
                on:input=move |ev| value.set(event_target_value(&ev))
            />
            <small class="note-inline" id=hint_id>{move || t().1}</small>
            <Show when=move || bad.get()>
                <p class="field-error" id=format!("{id}-err") role="alert">{move || t().2}</p>
            </Show>
        </div>
    }
}

/// The message for a file that could not be used.
fn failed(t: &Tx, name: &str, reason: &str) -> AnyView {
    view! {
        <p class="import-error" id="import-error" role="alert">
            {fill(t.failed(), &[("name", name), ("reason", reason)])}
        </p>
    }
    .into_any()
}

/// What a measurement says, and the button that makes it the load profile.
#[component]
fn MeasuredView(
    m: Arc<Measured>,
    batch: RwSignal<Vec<String>>,
    use_it: impl Fn(leptos::ev::MouseEvent) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = Ctx::get();
    let lang = ctx.lang.get_untracked();
    let t = Tx::of(lang);
    let f = Fmt::plain(lang);
    let total = &m.total;
    let unit = lang.t().unit_hours();
    let hours = |v: Decimal| format!("{} {unit}", f.number(v, 1));
    let opt_pct =
        |v: Option<Decimal>| v.map_or_else(|| crate::fmt::NONE.to_owned(), |v| f.percent(v, 0));
    // "In use" only while the scenario's measured load is this measurement (not another file's,
    // nor this file's with other options).
    let mine = serde_json::to_value(m.calendar_load("")).ok();
    let in_use = move || {
        ctx.draft
            .with(|v| match (v.pointer("/calendar/measured"), &mine) {
                (Some(d), Some(c)) => {
                    d.get("days") == c.get("days")
                        && d.get("productive_share") == c.get("productive_share")
                }
                _ => false,
            })
    };
    let period = format!(
        "{} – {} · {} · {}",
        short_time(&m.period.first),
        short_time(&m.period.last),
        fill(t.step(), &[("s", &m.period.step_seconds.to_string())]),
        format_args!("{} {unit}", f.int_f64(f64::from(m.period.hours))),
    );
    let scaled = (m.scaling.factor != Decimal::ONE)
        .then(|| fill(t.scaled(), &[("f", &f.number(m.scaling.factor, 4))]));
    let servers = m
        .servers
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let id = s.id.clone();
            let checked = batch.with_untracked(|b| b.contains(&id));
            let label = fill(t.batch_label(), &[("server", &s.id)]);
            let box_id = format!("import-batch-{i}");
            let toggle = {
                let id = id.clone();
                let box_id = box_id.clone();
                move |ev: leptos::ev::Event| {
                    let on = event_target_checked(&ev);
                    batch.update(|b| {
                        b.retain(|x| x != &id);
                        if on {
                            b.push(id.clone());
                        }
                    });
                    // The figures are redrawn with the new split; keep the keyboard here.
                    focus_later(box_id.clone());
                }
            };
            let from = match s.gpus_from {
                GpuCountSource::Given => t.from_given(),
                GpuCountSource::Dcgm => t.from_dcgm(),
                GpuCountSource::Assumed => t.from_assumed(),
            };
            view! {
                <tr>
                    <th scope="row"><code>{s.id.clone()}</code></th>
                    <td class="num">{format!("{} ({from})", s.gpus)}</td>
                    <td class="num">{hours(s.figures.busy_hours_per_month)}</td>
                    <td class="num">{f.percent(s.figures.productive_share_per_month, 1)}</td>
                    <td class="num">{f.number(s.figures.busy_gpu_hours_per_month, 0)}</td>
                    <td class="num">{hours(s.figures.waiting_hours_per_month)}</td>
                    <td class="num">{opt_pct(s.figures.sm_active_busy)}</td>
                    <td><input type="checkbox" id=box_id aria-label=label prop:checked=checked on:change=toggle /></td>
                </tr>
            }
        })
        .collect_view();
    let notes = m
        .notes
        .iter()
        .map(|n| view! { <li>{note_text(lang, n)}</li> })
        .collect_view();
    let has_notes = !m.notes.is_empty();
    view! {
        <div class="measured" data-testid="measured">
            <p id="import-period"><strong>{t.period()}": "</strong>{period}</p>
            {scaled.map(|s| view! { <p class="hint">{s}</p> })}
            <dl class="measured-figures">
                <div><dt>{t.busy_hours()}" "{t.per_month()}</dt><dd id="import-busy-hours">{hours(total.busy_hours_per_month)}</dd></div>
                <div><dt>{t.share()}</dt><dd id="import-share">{f.percent(total.productive_share_per_month, 1)}</dd></div>
                <div><dt>{t.gpu_hours()}" "{t.per_month()}</dt><dd id="import-gpu-hours">{f.number(total.busy_gpu_hours_per_month, 0)}</dd></div>
                <div><dt>{t.starts()}</dt><dd id="import-starts">{f.number(total.starts_per_busy_day, 2)}</dd></div>
                <div><dt title=t.waiting_hint()>{t.waiting()}" "{t.per_month()}</dt><dd id="import-waiting">{hours(total.waiting_hours_per_month)}</dd></div>
                <div><dt>{t.sm_busy()}</dt><dd id="import-sm-busy">{opt_pct(total.sm_active_busy)}</dd></div>
                <div><dt>{t.sm_idle()}</dt><dd id="import-sm-idle">{opt_pct(total.sm_active_idle)}</dd></div>
                <div><dt>{t.gaps()}</dt><dd id="import-gaps">{format!("{} {unit}", f.int_f64(f64::from(total.gap_hours)))}</dd></div>
            </dl>
            <div class="table-wrap" tabindex="0" role="region" aria-label=t.servers()>
                <table class="compare" id="import-servers">
                    <caption>{t.servers()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.server()}</th>
                            <th scope="col">{t.server_gpus()}</th>
                            <th scope="col">{t.busy_hours()}</th>
                            <th scope="col">{t.share()}</th>
                            <th scope="col">{t.gpu_hours()}</th>
                            <th scope="col">{t.waiting()}</th>
                            <th scope="col">{t.sm_busy()}</th>
                            <th scope="col">{t.batch()}</th>
                        </tr>
                    </thead>
                    <tbody>{servers}</tbody>
                </table>
            </div>
            {has_notes.then(|| view! {
                <h3>{t.notes()}</h3>
                <ul id="import-notes">{notes}</ul>
            })}
            <HeatMap rows=m.total.heat_map.clone() lang=lang />
            <p class="hint">{t.use_hint()}</p>
            <button type="button" id="import-use" on:click=use_it>{t.use_profile()}</button>
            <Show when=in_use>
                <p class="import-status" id="import-in-use" role="status">{t.in_use()}" "{t.not_in_link()}</p>
            </Show>
        </div>
    }
}

/// The hour-of-week heat map as a table: a row per weekday, a cell per clock hour.
#[component]
fn HeatMap(rows: Vec<Vec<WeekHour>>, lang: Lang) -> impl IntoView {
    let t = Tx::of(lang);
    let f = Fmt::plain(lang);
    let body = rows
        .iter()
        .zip(t.weekdays())
        .map(|(row, day)| {
            let cells = row
                .iter()
                .enumerate()
                .map(|(h, c)| {
                    let hour = format!("{h:02}");
                    let (label, alpha) = if c.hours == 0 {
                        (fill(t.heat_never(), &[("day", day), ("hour", &hour)]), 0.0)
                    } else {
                        let mut s = fill(
                            t.heat_cell(),
                            &[
                                ("day", day),
                                ("hour", &hour),
                                ("share", &f.percent(c.busy_share, 0)),
                                ("busy", &c.busy_hours.to_string()),
                                ("n", &c.hours.to_string()),
                            ],
                        );
                        if let Some(sm) = c.sm_active {
                            s.push_str(&fill(t.heat_sm(), &[("sm", &f.percent(sm, 0))]));
                        }
                        (s, c.busy_share.to_f64().unwrap_or(0.0))
                    };
                    // Eleven shades (classes, as the page's CSP allows no inline styles).
                    let class = format!("h{}", (alpha * 10.0).round() as u8);
                    view! { <td class=class title=label.clone() aria-label=label></td> }
                })
                .collect_view();
            view! { <tr><th scope="row">{day}</th>{cells}</tr> }
        })
        .collect_view();
    let hours = (0..24)
        .map(|h| {
            // Every third hour is written; the others are there for screen readers only.
            let class = (h % 3 != 0).then_some("visually-hidden-text");
            view! { <th scope="col"><span class=class>{h.to_string()}</span></th> }
        })
        .collect_view();
    view! {
        <h3>{t.heat()}</h3>
        <div class="table-wrap" tabindex="0" role="region" aria-label=t.heat()>
            <table class="heat-week" id="import-heat-map">
                <caption>{t.heat_caption()}</caption>
                <thead><tr><td></td>{hours}</tr></thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counted note is singular for one and groups a large count as the language does.
    #[test]
    fn counted_notes_agree_with_their_count() {
        let one = MetricsNote::GpusUnattributed { count: 1 };
        assert_eq!(
            note_text(Lang::En, &one),
            "1 DCGM GPU matches no single server and is left out of the servers' SM activity."
        );
        assert_eq!(
            note_text(Lang::De, &MetricsNote::WaitingUnmatched { count: 2 }),
            "2 Warteschlangen-Serien passen zu keiner Serie laufender Anfragen und werden nicht verwendet."
        );
        assert_eq!(
            note_text(Lang::De, &MetricsNote::DuplicatesDropped { count: 12_345 }),
            "12.345 Messwerte mit wiederholtem Zeitstempel wurden verworfen."
        );
        assert_eq!(
            note_text(Lang::En, &MetricsNote::NonFiniteDropped { count: 1 }),
            "1 NaN or infinite value was dropped, as a missed scrape."
        );
        let assumed = MetricsNote::GpusAssumed {
            server: "node-a".to_owned(),
            gpus: 1,
        };
        assert_eq!(
            note_text(Lang::En, &assumed),
            "node-a: no GPU count given and no DCGM GPU found, counted as 1 GPU."
        );
    }
}
