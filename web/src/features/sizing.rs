//! GPUs from the model and the users (issue 16): the sizing inputs, one sizing per option on its
//! GPU model ([`gpu_tco_core::sizing::plan`]), "Use these GPU counts" with its Undo, and the cost
//! per 1M tokens on every option against a model API, with its chart.
//!
//! The sizing's inputs are the section's own (a JSON value of [`Inputs`], so that a box holding
//! text it cannot take keeps the last good value); what it writes into the comparison is the
//! service window's GPU count and each option's `load_gpus`, which links and files carry. The
//! arithmetic is the core's: this module reads boxes, calls `plan` and `token_table`, and
//! formats what they return.

use gpu_tco_core::Error;
use gpu_tco_core::sizing::plan::{AgainstApi, Api, Plan, Side, TokenTable, plan, token_table};
use gpu_tco_core::sizing::{
    ApiPrice, Binding, GpuChoice, Inputs, ModelChoice, ThroughputBasis, Warning, api_offer,
    api_offers, gpu, gpu_for_preset, gpus, model, models,
};
use leptos::prelude::*;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::charts::{self, Axes, Frame, Series};
use crate::features::sizing_texts::{Tx, txt};
use crate::first::chart_views::{line_sample, share_series};
use crate::first::offer::OfferButton;
use crate::first::results::fmt_for;
use crate::first::{follow_open, tr};
use crate::fmt::Fmt;
use crate::i18n::{Lang, error_message};
use crate::state::{Ctx, Evaluated, SERVICE_GPUS, display_number, pointer, read_entry};
use crate::texts::fill;

/// The option's key in the draft and in the presets (`own`, `rent.N`).
fn key(side: Side) -> String {
    match side {
        Side::Own => "own".to_owned(),
        Side::Rent(i) => format!("rent.{i}"),
    }
}

/// The section's state.
#[derive(Clone, Copy)]
struct Sz {
    /// The sizing inputs as entered (a JSON value of [`Inputs`]).
    inputs: RwSignal<Value>,
    /// Boxes holding text the inputs cannot take, by path.
    bad: RwSignal<Vec<String>>,
    /// GPU models chosen here, by option key (`""`: not sized); others follow the presets.
    picked: RwSignal<Vec<(String, String)>>,
    /// The API: an offer's id, `typed`, or empty for the one that matches the model.
    api: RwSignal<String>,
    /// A typed API price: input, output (decimal text), currency (`usd`, `eur`).
    typed_api: RwSignal<(String, String, String)>,
    /// The draft before the last "Use these GPU counts", for its Undo.
    undo: RwSignal<Option<Value>>,
    /// What the last action did.
    status: RwSignal<Option<String>>,
}

/// The inputs of the section, read.
fn read_inputs(v: &Value) -> Option<Inputs> {
    Inputs::from_kept(v).ok()
}

/// Each option of the evaluated scenario with its name and GPU model (`None`: not sized).
fn options(ev: &Evaluated, sz: Sz, ctx: Ctx) -> Vec<(Side, String, Option<String>)> {
    let from_preset = |k: &str| {
        ctx.presets.with(|list| {
            list.iter()
                .find(|(key, _)| key == k)
                .and_then(|(_, p)| gpu_for_preset(p.id))
                .map(|g| g.id.to_owned())
        })
    };
    let chosen = |k: &str| {
        sz.picked.with(|list| {
            list.iter()
                .find(|(key, _)| key == k)
                .map(|(_, id)| (!id.is_empty()).then(|| id.clone()))
        })
    };
    option_names(&ev.scenario)
        .into_iter()
        .map(|(side, label)| {
            let k = key(side);
            let gpu = chosen(&k).unwrap_or_else(|| from_preset(&k));
            (side, label, gpu)
        })
        .collect()
}

/// Each option of `scenario` with its name as the page shows it: own's label, then `N · label`.
fn option_names(scenario: &gpu_tco_core::Scenario) -> Vec<(Side, String)> {
    std::iter::once((Side::Own, scenario.own.label.clone()))
        .chain(
            scenario
                .rent
                .iter()
                .enumerate()
                .map(|(i, r)| (Side::Rent(i), format!("{} · {}", i + 1, r.label))),
        )
        .collect()
}

/// The sizing section.
#[component]
pub fn SizingPanel() -> impl IntoView {
    let ctx = Ctx::get();
    // The inputs the scenario keeps (a link's, a file's), else the defaults.
    let kept = |v: &Value| {
        v.get("sizing")
            .filter(|x| !x.is_null())
            .cloned()
            .unwrap_or_else(|| serde_json::to_value(Inputs::default()).unwrap_or(Value::Null))
    };
    let sz = Sz {
        inputs: RwSignal::new(ctx.draft.with_untracked(kept)),
        bad: RwSignal::new(Vec::new()),
        picked: RwSignal::new(Vec::new()),
        api: RwSignal::new(String::new()),
        typed_api: RwSignal::new(("0.88".into(), "0.88".into(), "usd".into())),
        undo: RwSignal::new(None),
        status: RwSignal::new(None),
    };
    let parsed = Memo::new(move |_| sz.inputs.with(read_inputs));
    // Whether the section is open: the cost per token (it prices every option some forty times
    // to find where each meets the API) follows the first screen's inputs only then, not on
    // every slider move of a page where the section was once opened and closed again.
    let open = RwSignal::new(false);
    let rows = Memo::new(move |_| {
        ctx.shown
            .with(|s| s.as_ref().map(|ev| options(ev, sz, ctx)))
            .unwrap_or_default()
    });
    let attempt: Memo<Option<Result<Plan, Error>>> = Memo::new(move |_| {
        let inputs = parsed.get()?;
        let gpus: Vec<(Side, Option<GpuChoice>)> = rows.with(|rows| {
            rows.iter()
                .map(|(side, _, g)| (*side, g.clone().map(GpuChoice::Catalogue)))
                .collect()
        });
        Some(plan(&inputs, &gpus))
    });
    // What the section shows: the last plan the inputs gave (an input out of range says so at
    // its field, and the figures stay those of the last good inputs).
    let planned: Memo<Option<Result<Plan, Error>>> =
        Memo::new(move |prev: Option<&Option<Result<Plan, Error>>>| {
            attempt.with(|a| match a {
                Some(Err(_)) => prev
                    .cloned()
                    .flatten()
                    .filter(|p| p.is_ok())
                    .or_else(|| a.clone()),
                other => other.clone(),
            })
        });
    // The scenario keeps the inputs (so a link or a file opens the sizing as it was): a valid
    // change goes into the draft (left out when they are the defaults), and a draft loaded
    // whole (a link, a file, Undo) brings its inputs here.
    let kept_value = Memo::new(move |_| ctx.draft.with(kept));
    let in_draft = Memo::new(move |_| kept_value.with(read_inputs));
    Effect::new(move |_| {
        let from_draft = in_draft.get();
        if from_draft.is_some() && from_draft != parsed.get_untracked() {
            sz.inputs.set(kept_value.get_untracked());
            sz.bad.set(Vec::new());
        }
    });
    Effect::new(move |_| {
        let valid = attempt.with(|a| matches!(a, Some(Ok(_))));
        let Some(now) = parsed.get().filter(|_| valid) else {
            return;
        };
        if in_draft.get_untracked().as_ref() == Some(&now) {
            return;
        }
        ctx.edit(|v| {
            if let Some(root) = v.as_object_mut() {
                if now == Inputs::default() {
                    root.remove("sizing");
                } else if let Ok(value) = serde_json::to_value(&now) {
                    root.insert("sizing".to_owned(), value);
                }
            }
        });
    });
    let error_at = move |path: &str| -> Option<Error> {
        attempt.with(|p| match p {
            Some(Err(e)) if e.path() == format!("sizing.{path}") => Some(e.clone()),
            _ => None,
        })
    };
    // An error no field shows (none should be left): said above the figures.
    let plan_error = move || {
        attempt.with(|p| match p {
            Some(Err(e))
                if !e.path().starts_with("sizing.") || e.path().starts_with("sizing.gpu") =>
            {
                Some(error_message(ctx.lang.get(), e))
            }
            _ => None,
        })
    };
    view! {
        <details class="panel sizing" data-testid="sizing" on:toggle=follow_open(open)>
            <summary><h2 id="h-sizing">{tr(|t| t.sizing_title())}</h2></summary>
            <p class="intro">{txt(|t| t.intro())}</p>
            <ModelInputs sz=sz error_at=error_at />
            <LoadInputs sz=sz error_at=error_at />
            <p class="field-error" role="status" data-testid="sizing-error">{plan_error}</p>
            <Demand sz=sz planned=planned />
            <GpuTable sz=sz rows=rows planned=planned />
            <Apply sz=sz planned=planned />
            <Tokens sz=sz parsed=parsed planned=planned open=open />
            <Offer parsed=parsed planned=planned rows=rows />
            <p class="note">{txt(|t| t.method())}</p>
        </details>
    }
}

/// A number box of the sizing inputs at `path` (dotted, in the inputs' JSON).
#[component]
fn Num(
    sz: Sz,
    /// Dotted path in the inputs.
    path: &'static str,
    /// The label.
    label: fn(&'static Tx) -> &'static str,
    /// Whether it takes whole numbers only.
    #[prop(optional)]
    integer: bool,
    /// The plan's error at a path.
    error_at: impl Fn(&str) -> Option<Error> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = Ctx::get();
    let id = format!("sz-{}", path.replace('.', "-"));
    let err_id = format!("{id}-error");
    let stored = move || sz.inputs.with(|v| v.pointer(&pointer(path)).cloned());
    let text = RwSignal::new(String::new());
    let editing = RwSignal::new(false);
    // The box shows the stored value in the page's format, except while it is being typed in
    // (the text stays as typed) or holds text the inputs cannot take.
    Effect::new(move |_| {
        let lang = ctx.lang.get();
        let v = stored();
        let typing = editing.get();
        if !typing && !sz.bad.with_untracked(|b| b.iter().any(|p| p == path)) {
            text.set(v.map(|v| display_number(&v, lang)).unwrap_or_default());
        }
    });
    let input = move |ev: leptos::ev::Event| {
        let typed = event_target_value(&ev);
        text.set(typed.clone());
        match read_entry(&typed, ctx.lang.get_untracked(), integer) {
            Ok(v) => {
                sz.bad.update(|b| b.retain(|p| p != path));
                sz.inputs.update(|inputs| {
                    if let Some(slot) = inputs.pointer_mut(&pointer(path)) {
                        *slot = v;
                    }
                });
            }
            Err(_) => {
                if !sz.bad.with_untracked(|b| b.iter().any(|p| p == path)) {
                    sz.bad.update(|b| b.push(path.to_owned()));
                }
            }
        }
    };
    let message = move || {
        let lang = ctx.lang.get();
        if sz.bad.with(|b| b.iter().any(|p| p == path)) {
            let t = Tx::of(lang);
            return Some(
                if integer {
                    t.field_whole()
                } else {
                    t.field_problem()
                }
                .to_owned(),
            );
        }
        error_at(path).map(|e| error_message(lang, &e))
    };
    let invalid = move || message().is_some();
    view! {
        <div class="field">
            <div class="label-row"><label for=id.clone()>{txt(label)}</label></div>
            <input
                type="text"
                class="num"
                id=id
                inputmode=if integer { "numeric" } else { "decimal" }
                autocomplete="off"
                aria-describedby=err_id.clone()
                aria-invalid=move || if invalid() { "true" } else { "false" }
                prop:value=move || text.get()
                on:input=input
                on:focus=move |_| editing.set(true)
                on:blur=move |_| editing.set(false)
            />
            <p class="field-error" id=err_id role="status" aria-live="polite">{message}</p>
        </div>
    }
}

/// A choice: `options` as (value, label), the current value, and what a change does.
#[component]
fn Pick(
    /// The select's id.
    id: String,
    /// The label.
    label: Signal<String>,
    /// (value, label) of each option.
    options: Signal<Vec<(String, String)>>,
    /// The current value.
    current: Signal<String>,
    /// Called with the chosen value.
    change: Callback<String>,
    /// A test id.
    #[prop(optional)]
    testid: &'static str,
) -> impl IntoView {
    view! {
        <div class="field">
            <div class="label-row"><label for=id.clone()>{label}</label></div>
            <select id=id data-testid=testid on:change=move |ev| change.run(event_target_value(&ev))>
                {move || {
                    let now = current.get();
                    options
                        .get()
                        .into_iter()
                        .map(|(value, text)| {
                            let selected = value == now;
                            view! { <option value=value selected=selected>{text}</option> }
                        })
                        .collect_view()
                }}
            </select>
        </div>
    }
}

/// One of the section's strings, chosen by the language.
type Label = fn(&'static Tx) -> &'static str;

/// A label of the section's strings as a signal.
fn label(text: fn(&'static Tx) -> &'static str) -> Signal<String> {
    let f = txt(text);
    Signal::derive(move || f().to_owned())
}

/// Fixed choices: (stored value, label).
fn fixed(list: &'static [(&'static str, Label)]) -> Signal<Vec<(String, String)>> {
    let lang = Ctx::get().lang;
    Signal::derive(move || {
        let t = Tx::of(lang.get());
        list.iter()
            .map(|(v, l)| ((*v).to_owned(), l(t).to_owned()))
            .collect()
    })
}

/// Names that are the same in both languages.
fn plain(list: &'static [(&'static str, &'static str)]) -> Signal<Vec<(String, String)>> {
    Signal::derive(move || {
        list.iter()
            .map(|(v, l)| ((*v).to_owned(), (*l).to_owned()))
            .collect()
    })
}

/// The value at `path` as text (a string, or an object's only key: an enum's variant). A memo:
/// the views that switch on it (the load's fields, the typed model's) are made again only when
/// it changes, not on every keystroke in the inputs (which would replace the box being typed in).
fn variant(sz: Sz, path: &'static str) -> Signal<String> {
    Memo::new(move |_| {
        sz.inputs.with(|v| match v.pointer(&pointer(path)) {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Object(m)) => m.keys().next().cloned().unwrap_or_default(),
            _ => String::new(),
        })
    })
    .into()
}

/// Sets the value at `path`.
fn set(sz: Sz, path: &str, value: Value) {
    sz.inputs.update(|v| {
        if let Some(slot) = v.pointer_mut(&pointer(path)) {
            *slot = value;
        }
    });
}

/// The model: from the catalogue or typed, its precisions and its tokens.
#[component]
fn ModelInputs(
    sz: Sz,
    error_at: impl Fn(&str) -> Option<Error> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = Ctx::get();
    // A memo, as `variant`: the typed model's fields are made again only when the choice changes.
    let chosen: Signal<String> = Memo::new(move |_| {
        sz.inputs.with(|v| match v.pointer("/model") {
            Some(Value::Object(m)) if m.contains_key("typed") => "typed".to_owned(),
            Some(Value::Object(m)) => m
                .get("catalogue")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            _ => String::new(),
        })
    })
    .into();
    let model_options = Signal::derive(move || {
        let t = Tx::of(ctx.lang.get());
        let mut list: Vec<(String, String)> = models()
            .iter()
            .map(|m| (m.id.to_owned(), m.name.to_owned()))
            .collect();
        list.push(("typed".to_owned(), t.typed_model().to_owned()));
        list
    });
    let change_model = Callback::new(move |id: String| {
        if id == "typed" {
            // Start from the architecture of the model chosen until now.
            let spec = sz
                .inputs
                .with_untracked(read_inputs)
                .and_then(|i| i.model_spec().ok())
                .map(|(s, _)| s)
                .or_else(|| models().first().map(|m| m.spec));
            if let Some(spec) = spec {
                set(sz, "model", json!({ "typed": spec }));
            }
        } else {
            set(sz, "model", json!({ "catalogue": id }));
        }
        sz.bad.update(|b| b.retain(|p| !p.starts_with("model.")));
    });
    let typed = move || chosen.get() == "typed";
    let source = move || {
        let id = chosen.get();
        model(&id).map(|m| {
            let lang = ctx.lang.get();
            let t = Tx::of(lang);
            let note = if lang == Lang::De {
                m.note_de
            } else {
                m.note_en
            };
            info_toggle(
                lang,
                t.model(),
                m.name,
                m.source,
                m.as_of,
                note,
                "sizing-model-source",
            )
        })
    };
    let attention = variant(sz, "model.typed.attention");
    let change_attention = Callback::new(move |kind: String| {
        let layers = sz.inputs.with_untracked(|v| {
            v.pointer("/model/typed/layers")
                .and_then(Value::as_u64)
                .unwrap_or(1)
        });
        let value = match kind.as_str() {
            "sliding" => json!({"sliding": {"full_layers": layers / 2, "window": 4096}}),
            "mla" => json!({"mla": {"kv_lora_rank": 512, "rope_dim": 64}}),
            "linear_hybrid" => json!({"linear_hybrid": {"full_layers": layers / 4}}),
            _ => json!("full"),
        };
        set(sz, "model.typed.attention", value);
    });
    view! {
        <fieldset class="group">
            <legend>{txt(|t| t.model_legend())}</legend>
            <Pick
                id="sz-model".into()
                label=label(|t| t.model())
                options=model_options
                current=chosen
                change=change_model
                testid="sizing-model"
            />
            {source}
            {move || typed().then(|| view! {
                <div class="typed-model" data-testid="sizing-typed-model">
                    <Num sz=sz path="model.typed.params_total_b" label=|t| t.params_total() error_at=error_at />
                    <Num sz=sz path="model.typed.params_active_b" label=|t| t.params_active() error_at=error_at />
                    <Num sz=sz path="model.typed.layers" label=|t| t.layers() integer=true error_at=error_at />
                    <Num sz=sz path="model.typed.heads" label=|t| t.heads() integer=true error_at=error_at />
                    <Num sz=sz path="model.typed.kv_heads" label=|t| t.kv_heads() integer=true error_at=error_at />
                    <Num sz=sz path="model.typed.head_dim" label=|t| t.head_dim() integer=true error_at=error_at />
                    <Num sz=sz path="model.typed.max_context" label=|t| t.max_context() integer=true error_at=error_at />
                    <Pick
                        id="sz-attention".into()
                        label=label(|t| t.attention())
                        options=fixed(&[
                            ("full", |t| t.att_full()),
                            ("sliding", |t| t.att_sliding()),
                            ("mla", |t| t.att_mla()),
                            ("linear_hybrid", |t| t.att_linear()),
                        ])
                        current=attention
                        change=change_attention
                    />
                    {move || match attention.get().as_str() {
                        "sliding" => Some(view! {
                            <Num sz=sz path="model.typed.attention.sliding.full_layers" label=|t| t.full_layers() integer=true error_at=error_at />
                            <Num sz=sz path="model.typed.attention.sliding.window" label=|t| t.window() integer=true error_at=error_at />
                        }.into_any()),
                        "mla" => Some(view! {
                            <Num sz=sz path="model.typed.attention.mla.kv_lora_rank" label=|t| t.kv_lora() integer=true error_at=error_at />
                            <Num sz=sz path="model.typed.attention.mla.rope_dim" label=|t| t.rope_dim() integer=true error_at=error_at />
                        }.into_any()),
                        "linear_hybrid" => Some(view! {
                            <Num sz=sz path="model.typed.attention.linear_hybrid.full_layers" label=|t| t.full_layers() integer=true error_at=error_at />
                        }.into_any()),
                        _ => None,
                    }}
                </div>
            })}
            <Pick
                id="sz-weights".into()
                label=label(|t| t.weight_precision())
                options=plain(&[
                    ("fp32", "FP32"),
                    ("bf16", "BF16 / FP16"),
                    ("fp8", "FP8"),
                    ("int8", "INT8"),
                    ("int4", "INT4"),
                    ("fp4", "FP4 (NVFP4, MXFP4)"),
                ])
                current=variant(sz, "weight_precision")
                change=Callback::new(move |v: String| set(sz, "weight_precision", Value::String(v)))
            />
            <Pick
                id="sz-kv".into()
                label=label(|t| t.kv_precision())
                options=plain(&[("bf16", "BF16"), ("fp8", "FP8")])
                current=variant(sz, "kv_precision")
                change=Callback::new(move |v: String| set(sz, "kv_precision", Value::String(v)))
                testid="sizing-kv"
            />
            <Num sz=sz path="context_tokens" label=|t| t.context() integer=true error_at=error_at />
            <Num sz=sz path="input_tokens" label=|t| t.input_tokens() integer=true error_at=error_at />
            <Num sz=sz path="output_tokens" label=|t| t.output_tokens() integer=true error_at=error_at />
        </fieldset>
    }
}

/// The load, the latency and the engine's shares.
#[component]
fn LoadInputs(
    sz: Sz,
    error_at: impl Fn(&str) -> Option<Error> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let kind = variant(sz, "load");
    let change_kind = Callback::new(move |k: String| {
        let value = match k.as_str() {
            "requests_per_second" => json!({"requests_per_second": {"rate": "2.78"}}),
            "concurrent" => json!({"concurrent": {"sequences": 100}}),
            _ => {
                json!({"users": {"users": 1000, "requests_per_user_hour": "10", "peak_factor": "1"}})
            }
        };
        set(sz, "load", value);
        sz.bad.update(|b| b.retain(|p| !p.starts_with("load.")));
    });
    // A measured month (the metrics import) says how many requests ran at once at its peak.
    let ctx = Ctx::get();
    let measured_peak = Memo::new(move |_| {
        ctx.draft.with(|v| {
            v.pointer("/calendar/measured/peak_in_flight")
                .and_then(Value::as_u64)
                .filter(|n| *n > 0)
        })
    });
    let measured = move || {
        measured_peak.get().map(|n| {
            let t = Tx::of(ctx.lang.get());
            let take = move |_| {
                set(sz, "load", json!({"concurrent": {"sequences": n}}));
                sz.bad.update(|b| b.retain(|p| !p.starts_with("load.")));
            };
            view! {
                <p class="hint" data-testid="sizing-measured">
                    {fill(t.measured_peak(), &[("n", &n.to_string())])}
                    " "
                    <button type="button" data-testid="sizing-measured-use" on:click=take>{t.measured_use()}</button>
                </p>
            }
        })
    };
    view! {
        <fieldset class="group">
            <legend>{txt(|t| t.load_legend())}</legend>
            {measured}
            <Pick
                id="sz-load".into()
                label=label(|t| t.load_kind())
                options=fixed(&[
                    ("users", |t| t.load_users()),
                    ("requests_per_second", |t| t.load_rps()),
                    ("concurrent", |t| t.load_concurrent()),
                ])
                current=kind
                change=change_kind
                testid="sizing-load"
            />
            {move || match kind.get().as_str() {
                "requests_per_second" => view! {
                    <Num sz=sz path="load.requests_per_second.rate" label=|t| t.rate() error_at=error_at />
                }.into_any(),
                "concurrent" => view! {
                    <Num sz=sz path="load.concurrent.sequences" label=|t| t.sequences() integer=true error_at=error_at />
                }.into_any(),
                _ => view! {
                    <Num sz=sz path="load.users.users" label=|t| t.users() integer=true error_at=error_at />
                    <Num sz=sz path="load.users.requests_per_user_hour" label=|t| t.rph() error_at=error_at />
                    <Num sz=sz path="load.users.peak_factor" label=|t| t.peak_factor() error_at=error_at />
                }.into_any(),
            }}
            <Pick
                id="sz-latency".into()
                label=label(|t| t.latency())
                options=fixed(&[
                    ("interactive", |t| t.lat_interactive()),
                    ("relaxed", |t| t.lat_relaxed()),
                ])
                current=variant(sz, "latency")
                change=Callback::new(move |v: String| set(sz, "latency", Value::String(v)))
            />
            <Pick
                id="sz-resident".into()
                label=label(|t| t.resident())
                options=fixed(&[("full", |t| t.res_full()), ("average", |t| t.res_average())])
                current=variant(sz, "resident")
                change=Callback::new(move |v: String| set(sz, "resident", Value::String(v)))
            />
            <Num sz=sz path="gpu_memory_utilization" label=|t| t.mem_util() error_at=error_at />
            <Num sz=sz path="target_busy" label=|t| t.target_busy() error_at=error_at />
        </fieldset>
    }
}

/// The load in sizing's units (Little's law).
#[component]
fn Demand(sz: Sz, planned: Memo<Option<Result<Plan, Error>>>) -> impl IntoView {
    let ctx = Ctx::get();
    move || {
        let lang = ctx.lang.get();
        let f = Fmt::plain(lang);
        let out = sz.inputs.with(|v| v.pointer("/output_tokens").cloned());
        planned.with(|p| {
            let Some(Ok(p)) = p else { return None };
            let d = &p.demand;
            let text = fill(
                Tx::of(lang).demand(),
                &[
                    ("rps", &f.number(d.requests_per_second, 2)),
                    ("w", &f.number(d.seconds_per_request, 2)),
                    (
                        "out",
                        &out.map(|v| display_number(&v, lang)).unwrap_or_default(),
                    ),
                    ("c", &f.number(d.concurrent_sequences.into(), 0)),
                    ("tokens", &f.number(d.resident_tokens.into(), 0)),
                ],
            );
            Some(view! { <p data-testid="sizing-demand">{text}</p> })
        })
    }
}

/// Where a catalogue figure comes from, as the presets' are shown: an "i" toggle (outlined in
/// dashes when the figure is more than a year old) with the source, its date and the note.
fn info_toggle(
    lang: Lang,
    what: &str,
    name: &str,
    source: &str,
    as_of: &str,
    note: &str,
    testid: &'static str,
) -> impl IntoView + use<> {
    let t = lang.t();
    let stale = gpu_tco_core::presets::is_stale(as_of, crate::fmt::today());
    let label = if stale {
        format!("{}: {what}, {name} ({})", t.info_label(), t.check_price())
    } else {
        format!("{}: {what}, {name}", t.info_label())
    };
    let note = note.to_owned();
    let line = format!(
        "{}: {source} ({} {})",
        t.source(),
        t.as_of(),
        crate::fmt::month_year(lang, as_of)
    );
    view! {
        <details class="info" class:old=stale data-testid=testid>
            <summary aria-label=label.clone() title=label>"i"</summary>
            <p>{line}</p>
            <p hidden=note.is_empty()>{note.clone()}</p>
            <p class="check" hidden=!stale>{t.check_price()}</p>
        </details>
    }
}

/// A sizing warning as a sentence.
fn warning_text(lang: Lang, w: &Warning) -> String {
    let t = Tx::of(lang);
    let f = Fmt::plain(lang);
    let n = |d: Decimal, digits: u8| f.number(d, digits);
    match w {
        Warning::DoesNotFit {
            weight_gib,
            largest_tp,
        } => fill(
            t.w_does_not_fit(),
            &[("gib", &n(*weight_gib, 1)), ("tp", &largest_tp.to_string())],
        ),
        Warning::FullRequestDoesNotFit { context_tokens } => fill(
            t.w_full_request(),
            &[("tokens", &n((*context_tokens).into(), 0))],
        ),
        Warning::FullContextForEverySequence => t.w_full_context().to_owned(),
        Warning::TpOverPcie { tp, nvlink_domain } => fill(
            t.w_tp_pcie(),
            &[
                ("tp", &tp.to_string()),
                ("domain", &nvlink_domain.to_string()),
            ],
        ),
        Warning::KvDuplicated {
            tp,
            kv_heads,
            factor,
        } => fill(
            t.w_kv_dup(),
            &[
                ("tp", &tp.to_string()),
                ("kv", &kv_heads.to_string()),
                ("factor", &n(*factor, 1)),
            ],
        ),
        Warning::MoeMemoryByTotal { total_b, active_b } => fill(
            t.w_moe(),
            &[("total", &n(*total_b, 1)), ("active", &n(*active_b, 1))],
        ),
        Warning::ContextDependentKv => t.w_context_kv().to_owned(),
        Warning::BenchmarkBestCase { benchmark, basis } => {
            let bench = serde_json::to_value(benchmark)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
                .replace('_', "-");
            let basis = match basis {
                ThroughputBasis::Measured => t.basis_measured(),
                ThroughputBasis::ClassScaled => t.basis_class(),
                ThroughputBasis::BandwidthScaled => t.basis_bandwidth(),
            };
            fill(t.w_best_case(), &[("bench", &bench), ("basis", basis)])
        }
        Warning::Fp4WithoutFp4Cores => t.w_fp4().to_owned(),
        Warning::SizedAtChatSpeed => t.w_chat_speed().to_owned(),
        Warning::HeavierWeightsThanBenchmark { benchmark_weights } => fill(
            t.w_heavier(),
            &[(
                "bench",
                &serde_json::to_value(benchmark_weights)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_uppercase))
                    .unwrap_or_default(),
            )],
        ),
    }
}

/// GPUs per option: each option's GPU model (a choice) and its sizing.
#[component]
fn GpuTable(
    sz: Sz,
    rows: Memo<Vec<(Side, String, Option<String>)>>,
    planned: Memo<Option<Result<Plan, Error>>>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let gpu_options = Signal::derive(move || {
        let t = Tx::of(ctx.lang.get());
        let mut list = vec![(String::new(), t.no_gpu().to_owned())];
        list.extend(gpus().iter().map(|g| (g.id.to_owned(), g.name.to_owned())));
        list
    });
    let body = move || {
        let lang = ctx.lang.get();
        let t = Tx::of(lang);
        let f = Fmt::plain(lang);
        rows.get()
            .into_iter()
            .map(|(side, name, gpu_id)| {
                let k = key(side);
                let testid = format!("sizing-row-{}", k.replace('.', "-"));
                let cells = planned.with(|p| {
                    let row = match p {
                        Some(Ok(p)) => p.row(side).cloned(),
                        _ => None,
                    };
                    let sizing = row.as_ref().and_then(|r| r.sizing.clone());
                    let choice = sizing.as_ref().and_then(|s| s.choice);
                    let gpus = match (&row, choice) {
                        (Some(r), Some(_)) if r.gpus.is_none() => t.too_many().to_owned(),
                        (_, Some(c)) => f.number(c.gpus.into(), 0),
                        (Some(r), None) if r.sizing.is_some() => t.does_not_fit().to_owned(),
                        _ => String::new(),
                    };
                    let layout = choice
                        .map(|c| {
                            fill(
                                t.layout(),
                                &[("replicas", &c.replicas.to_string()), ("tp", &c.tp.to_string())],
                            )
                        })
                        .unwrap_or_default();
                    let memory = choice.map(|c| f.number(c.memory_gpus.into(), 0)).unwrap_or_default();
                    let throughput = choice
                        .map(|c| {
                            format!(
                                "{} ({})",
                                f.number(c.throughput_gpus.into(), 0),
                                f.number(c.throughput_gpus_exact, 2)
                            )
                        })
                        .unwrap_or_default();
                    let binds = choice
                        .map(|c| match c.binding {
                            Binding::Memory => t.binds_memory(),
                            Binding::Throughput => t.binds_throughput(),
                            Binding::Both => t.binds_both(),
                        })
                        .unwrap_or_default();
                    let mut notes: Vec<String> = sizing
                        .as_ref()
                        .map(|s| s.warnings.iter().map(|w| warning_text(lang, w)).collect())
                        .unwrap_or_default();
                    if let Some(e) = row.as_ref().and_then(|r| r.problem.as_ref()) {
                        notes.push(error_message(lang, e));
                    }
                    // Chosen here against the option's preset: its price is for the preset's GPU.
                    let preset_gpu = ctx.presets.with(|list| {
                        list.iter()
                            .find(|(key, _)| *key == k)
                            .and_then(|(_, p)| gpu_for_preset(p.id))
                    });
                    if let (Some(pg), Some(chosen)) = (preset_gpu, gpu_id.as_deref())
                        && pg.id != chosen
                    {
                        notes.insert(0, fill(t.not_preset_gpu(), &[("gpu", pg.name)]));
                    }
                    (gpus, layout, memory, throughput, binds.to_owned(), notes)
                });
                let (gpus_text, layout, memory, throughput, binds, notes) = cells;
                let has_notes = !notes.is_empty();
                let select_id = format!("sz-gpu-{}", k.replace('.', "-"));
                let select_label = fill(t.gpu_for(), &[("option", &name)]);
                let current = gpu_id.clone().unwrap_or_default();
                let k2 = k.clone();
                let name2 = name.clone();
                view! {
                    <tr data-testid=testid.clone() class:has-warnings=has_notes>
                        <th scope="row">{name}</th>
                        <td data-label=t.col_gpu()>
                            <select
                                id=select_id
                                aria-label=select_label
                                data-testid=format!("sizing-gpu-{}", k.replace('.', "-"))
                                on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    let k = k2.clone();
                                    sz.picked.update(|list| {
                                        list.retain(|(key, _)| *key != k);
                                        list.push((k, v));
                                    });
                                }
                            >
                                {gpu_options
                                    .get()
                                    .into_iter()
                                    .map(|(value, text)| {
                                        let selected = value == current;
                                        view! { <option value=value selected=selected>{text}</option> }
                                    })
                                    .collect_view()}
                            </select>
                            {gpu_id.as_deref().and_then(gpu).map(|g| {
                                let note = if lang == Lang::De { g.note_de } else { g.note_en };
                                let source = g.source_in(lang == Lang::De);
                                info_toggle(lang, t.col_gpu(), g.name, source, g.as_of, note, "sizing-gpu-source")
                            })}
                        </td>
                        <td class="num" data-label=t.col_gpus() data-testid="sizing-gpus">{gpus_text}</td>
                        <td data-label=t.col_layout()>{layout}</td>
                        <td class="num" data-label=t.col_memory()>{memory}</td>
                        <td class="num" data-label=t.col_throughput()>{throughput}</td>
                        <td data-label=t.col_binds() data-testid="sizing-binds">{binds}</td>
                    </tr>
                    <tr class="warn-row notes-row" hidden=!has_notes data-testid=format!("{testid}-notes")>
                        <td colspan="7" class="notes-cell">
                            <ul class="notes" aria-label=format!("{}: {}", t.col_notes(), name2)>
                                {notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                            </ul>
                        </td>
                    </tr>
                }
            })
            .collect_view()
    };
    // Where each GPU model's figures come from, for the models in the table.
    let sources = move || {
        let lang = ctx.lang.get();
        let t = Tx::of(lang);
        let mut ids: Vec<String> =
            rows.with(|rows| rows.iter().filter_map(|(_, _, g)| g.clone()).collect());
        gpu_tco_core::order::sort(&mut ids);
        ids.dedup();
        let items: Vec<String> = ids
            .iter()
            .filter_map(|id| gpu(id))
            .map(|g| {
                let stale = gpu_tco_core::presets::is_stale(g.as_of, crate::fmt::today());
                format!(
                    "{}: {} ({} {}){}",
                    g.name,
                    g.source_in(lang == Lang::De),
                    t.as_of(),
                    crate::fmt::month_year(lang, g.as_of),
                    if stale { t.stale() } else { "" }
                )
            })
            .collect();
        (!items.is_empty()).then(|| format!("{} {}", t.gpu_sources(), items.join("; ")))
    };
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label=txt(|t| t.table())>
            <table class="compare sizing-table" data-testid="sizing-table">
                <caption>{txt(|t| t.table())}</caption>
                <thead>
                    <tr>
                        <th scope="col">{txt(|t| t.col_option())}</th>
                        <th scope="col">{txt(|t| t.col_gpu())}</th>
                        <th scope="col">{txt(|t| t.col_gpus())}</th>
                        <th scope="col">{txt(|t| t.col_layout())}</th>
                        <th scope="col">{txt(|t| t.col_memory())}</th>
                        <th scope="col">{txt(|t| t.col_throughput())}</th>
                        <th scope="col">{txt(|t| t.col_binds())}</th>
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
        <p class="note" data-testid="sizing-gpu-sources">{sources}</p>
    }
}

/// The name of `side` in the scenario shown.
fn side_name(ctx: Ctx, side: Side) -> String {
    ctx.shown.with(|s| {
        s.as_ref()
            .and_then(|ev| {
                option_names(&ev.scenario)
                    .into_iter()
                    .find(|(x, _)| *x == side)
                    .map(|(_, name)| name)
            })
            .unwrap_or_default()
    })
}

/// The GPU model's name of a plan row.
fn gpu_name(p: &Plan, side: Side) -> String {
    p.row(side)
        .and_then(|r| match &r.gpu {
            Some(GpuChoice::Catalogue(id)) => gpu(id).map(|g| g.name.to_owned()),
            _ => None,
        })
        .unwrap_or_default()
}

/// What the plan writes, and "Use these GPU counts" with its Undo.
#[component]
fn Apply(sz: Sz, planned: Memo<Option<Result<Plan, Error>>>) -> impl IntoView {
    let ctx = Ctx::get();
    let summary = move || {
        let lang = ctx.lang.get();
        let t = Tx::of(lang);
        planned.with(|p| {
            let Some(Ok(p)) = p else { return None };
            let Some(n) = p.service_gpus() else {
                return Some(
                    view! { <p data-testid="sizing-reference">{t.no_reference()}</p> }.into_any(),
                );
            };
            let side = p.reference?;
            let main = fill(
                t.reference(),
                &[
                    ("n", &crate::fmt::gpus_text(n)),
                    ("option", &side_name(ctx, side)),
                    ("gpu", &gpu_name(p, side)),
                ],
            );
            let others: Vec<String> = p
                .rows
                .iter()
                .filter_map(|r| {
                    p.ratio(r.side).map(|ratio| {
                        fill(
                            t.other_item(),
                            &[
                                ("option", &side_name(ctx, r.side)),
                                ("n", &ratio.gpus.to_string()),
                                ("gpu", &gpu_name(p, r.side)),
                            ],
                        )
                    })
                })
                .collect();
            let more = (!others.is_empty())
                .then(|| fill(t.other_models(), &[("list", &others.join("; "))]));
            Some(
                view! {
                    <p data-testid="sizing-reference">{main}" "{more}</p>
                }
                .into_any(),
            )
        })
    };
    let apply = move |_| {
        let Some(Ok(p)) = planned.get_untracked() else {
            return;
        };
        let Some(n) = p.service_gpus() else {
            return;
        };
        let t = Tx::of(ctx.lang.get_untracked());
        let before = ctx.draft.get_untracked();
        ctx.write_number(SERVICE_GPUS, json!(n));
        ctx.edit(|v| {
            for r in &p.rows {
                if p.keeps(r.side) {
                    continue;
                }
                let Some(option) = v
                    .pointer_mut(&pointer(&key(r.side)))
                    .and_then(Value::as_object_mut)
                else {
                    continue;
                };
                match p.ratio(r.side) {
                    Some(ratio) => {
                        option.insert(
                            "load_gpus".into(),
                            json!({"gpus": ratio.gpus, "per": ratio.per}),
                        );
                    }
                    None => {
                        option.remove("load_gpus");
                    }
                }
            }
        });
        if ctx.draft.with_untracked(|v| *v == before) {
            sz.status.set(Some(t.already().to_owned()));
            return;
        }
        let others: Vec<String> = p
            .rows
            .iter()
            .filter_map(|r| {
                p.ratio(r.side)
                    .map(|ratio| format!("{}: {}", side_name(ctx, r.side), ratio.gpus))
            })
            .collect();
        let others = if others.is_empty() {
            String::new()
        } else {
            format!("; {}", others.join("; "))
        };
        sz.undo.set(Some(before));
        sz.status.set(Some(fill(
            t.applied(),
            &[("n", &crate::fmt::gpus_text(n)), ("others", &others)],
        )));
    };
    let undo = move |_| {
        if let Some(before) = sz.undo.get_untracked() {
            ctx.set_draft(before);
            sz.undo.set(None);
            crate::first::focus_later("sz-apply".to_owned());
            sz.status
                .set(Some(Tx::of(ctx.lang.get_untracked()).undone().to_owned()));
        }
    };
    let can_apply =
        move || planned.with(|p| matches!(p, Some(Ok(p)) if p.service_gpus().is_some()));
    view! {
        {summary}
        <div class="actions">
            <button type="button" id="sz-apply" data-testid="sizing-apply" disabled=move || !can_apply() on:click=apply>
                {txt(|t| t.apply())}
            </button>
            {move || sz.undo.with(Option::is_some).then(|| view! {
                <button type="button" data-testid="sizing-undo" on:click=undo>{txt(|t| t.undo())}</button>
            })}
        </div>
        <p role="status" aria-live="polite" data-testid="sizing-status">{move || sz.status.get()}</p>
    }
}

/// The API chosen: an offer, or the typed price.
fn chosen_api(
    sz: Sz,
    inputs: Option<&Inputs>,
) -> Option<(Api, String, Option<&'static gpu_tco_core::sizing::ApiOffer>)> {
    let pick = sz.api.get();
    if pick == "typed" {
        let (i, o, c) = sz.typed_api.get();
        let price = ApiPrice {
            input_per_million: i.parse().ok()?,
            output_per_million: o.parse().ok()?,
        };
        let currency = if c == "eur" {
            gpu_tco_core::Currency::Eur
        } else {
            gpu_tco_core::Currency::Usd
        };
        return Some((Api { price, currency }, String::new(), None));
    }
    let offer = api_offer(&pick).or_else(|| {
        let model_id = inputs.and_then(|i| match &i.model {
            ModelChoice::Catalogue(id) => Some(id.clone()),
            ModelChoice::Typed(_) => None,
        });
        api_offers()
            .iter()
            .find(|o| model_id.is_some() && o.model == model_id.as_deref())
            .or_else(|| api_offers().first())
    })?;
    Some((
        Api {
            price: offer.price,
            currency: offer.currency,
        },
        format!("{} {}", offer.provider, offer.model_name),
        Some(offer),
    ))
}

/// Cost per 1M tokens on every option against the API, and its chart.
#[component]
fn Tokens(
    sz: Sz,
    parsed: Memo<Option<Inputs>>,
    planned: Memo<Option<Result<Plan, Error>>>,
    /// Whether the section is open (or the page printed).
    open: RwSignal<bool>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let api = Memo::new(move |_| parsed.with(|i| chosen_api(sz, i.as_ref())));
    let table: Memo<Option<Result<TokenTable, Error>>> = Memo::new(move |_| {
        if !open.get() && !ctx.printing.get() {
            return None;
        }
        let inputs = parsed.get()?;
        let plan = planned.with(|p| match p {
            Some(Ok(p)) => Some(p.clone()),
            _ => None,
        })?;
        let (api, _, _) = api.get()?;
        ctx.outcome.with(|o| {
            let ev = o.as_ref().ok()?;
            Some(ev.scenario.check().and_then(|checked| {
                token_table(&checked, &ev.report, ev.curve(), &inputs, &plan, &api)
            }))
        })
    });
    let api_options = Signal::derive(move || {
        let lang = ctx.lang.get();
        let t = Tx::of(lang);
        let f = crate::fmt::Fmt::plain(lang);
        let mut list: Vec<(String, String)> = api_offers()
            .iter()
            .map(|o| {
                // "Mistral Small", not "Mistral Mistral Small": the provider once.
                let name = if o.model_name.starts_with(o.provider) {
                    o.model_name.to_string()
                } else {
                    format!("{} {}", o.provider, o.model_name)
                };
                (
                    o.id.to_owned(),
                    fill(
                        t.api_option(),
                        &[
                            ("api", &name),
                            ("in", &f.number(o.price.input_per_million, 4)),
                            ("out", &f.number(o.price.output_per_million, 4)),
                            ("cur", o.currency.code()),
                        ],
                    ),
                )
            })
            .collect();
        list.push(("typed".to_owned(), t.api_typed().to_owned()));
        list
    });
    let current_api = Signal::derive(move || {
        let pick = sz.api.get();
        if !pick.is_empty() {
            return pick;
        }
        api.with(|a| a.as_ref().and_then(|(_, _, o)| o.map(|o| o.id.to_owned())))
            .unwrap_or_default()
    });
    // A typed API price: text it cannot take or a negative price is said at its box, and the
    // figures stay those of the last good price.
    let typed_bad = RwSignal::new([false; 2]);
    let typed_box = move |which: usize,
                          label_text: fn(&'static Tx) -> &'static str,
                          id: &'static str| {
        let value = move || {
            let (i, o, _) = sz.typed_api.get();
            display_number(
                &Value::String(if which == 0 { i } else { o }),
                ctx.lang.get(),
            )
        };
        let err_id = format!("{id}-error");
        let path = if which == 0 {
            "sizing.api.input_per_million"
        } else {
            "sizing.api.output_per_million"
        };
        let message = move || {
            let lang = ctx.lang.get();
            if typed_bad.with(|b| b[which]) {
                return Some(Tx::of(lang).field_price().to_owned());
            }
            table.with(|t| match t {
                Some(Err(e)) if e.path() == path => Some(error_message(lang, e)),
                _ => None,
            })
        };
        let invalid = move || message().is_some();
        view! {
            <div class="field">
                <div class="label-row"><label for=id>{txt(label_text)}</label></div>
                <input type="text" class="num" id=id inputmode="decimal" autocomplete="off"
                    aria-describedby=err_id.clone()
                    aria-invalid=move || if invalid() { "true" } else { "false" }
                    prop:value=value
                    on:change=move |ev| {
                        match read_entry(&event_target_value(&ev), ctx.lang.get_untracked(), false) {
                            Ok(Value::String(v)) if !v.starts_with('-') => {
                                typed_bad.update(|b| b[which] = false);
                                sz.typed_api.update(|p| if which == 0 { p.0 = v } else { p.1 = v });
                            }
                            _ => typed_bad.update(|b| b[which] = true),
                        }
                    }
                />
                <p class="field-error" id=err_id role="status" aria-live="polite">{message}</p>
            </div>
        }
    };
    let source = move || {
        api.with(|a| {
            a.as_ref().and_then(|(_, _, o)| *o).map(|o| {
                let lang = ctx.lang.get();
                let t = Tx::of(lang);
                let note = if lang == Lang::De {
                    o.note_de
                } else {
                    o.note_en
                };
                let name = format!("{} {}", o.provider, o.model_name);
                info_toggle(
                    lang,
                    t.api(),
                    &name,
                    o.source,
                    o.as_of,
                    note,
                    "sizing-api-source",
                )
            })
        })
    };
    let body = move || {
        let lang = ctx.lang.get();
        let t = Tx::of(lang);
        let fit = ctx.fit.get();
        let result = table.get()?;
        let tt = match result {
            Ok(tt) => tt,
            Err(e) => {
                return Some(
                    view! { <p class="field-error">{error_message(lang, &e)}</p> }.into_any(),
                );
            }
        };
        let (f, labels, counted, share, rent_count) = ctx.outcome.with(|o| {
            o.as_ref().ok().map(|ev| {
                let labels: Vec<String> = option_names(&ev.scenario)
                    .into_iter()
                    .map(|(_, name)| name)
                    .collect();
                let r = &ev.report;
                let f = fmt_for(lang, r);
                (
                    f,
                    labels,
                    r.load.peak_gpus,
                    r.load.productive_share,
                    r.rent.len(),
                )
            })
        })?;
        let plain = Fmt::plain(lang);
        let m = |d: Decimal| plain.number(d / Decimal::from(1_000_000), 0);
        let api_name = api
            .with(|a| a.as_ref().map(|(_, n, _)| n.clone()))
            .unwrap_or_default();
        let api_name = if api_name.is_empty() {
            t.api_typed_name().to_owned()
        } else {
            api_name
        };
        let inputs = parsed.get()?;
        let total = tt.tokens.input + tt.tokens.output;
        let rps_digits = if tt.requests_per_second < Decimal::ONE {
            4
        } else {
            2
        };
        let template = if tt.service_window {
            t.tokens_line()
        } else {
            t.tokens_line_measured()
        };
        let line = fill(
            template,
            &[
                ("rps", &plain.number(tt.requests_per_second, rps_digits)),
                ("hours", &plain.number(tt.token_hours, 0)),
                ("in", &plain.number(inputs.input_tokens.into(), 0)),
                ("out", &plain.number(inputs.output_tokens.into(), 0)),
                ("total", &m(total)),
                ("min", &m(tt.tokens.input)),
                ("mout", &m(tt.tokens.output)),
            ],
        );
        let api_line = fill(
            t.api_line(),
            &[
                ("api", &api_name),
                ("monthly", &f.money(tt.api_monthly, 0)),
                ("per", &f.money_opt(tt.api_per_million_total, 2)),
            ],
        );
        // The options are priced as the comparison counts them, which may not be the sizing's.
        let sized = planned.with(|p| match p {
            Some(Ok(p)) => p.service_gpus(),
            _ => None,
        });
        let priced = match sized {
            Some(n) if n != counted => Some(fill(
                t.priced_as_compared(),
                &[
                    ("counted", &crate::fmt::gpus_text(counted)),
                    ("sized", &n.to_string()),
                ],
            )),
            _ => None,
        };
        let other_model = api.with(|a| {
            let offer = a.as_ref().and_then(|(_, _, o)| *o)?;
            let id = match &inputs.model {
                ModelChoice::Catalogue(id) => id.clone(),
                ModelChoice::Typed(_) => return None,
            };
            (offer.model != Some(id.as_str())).then(|| {
                fill(
                    t.api_other_model(),
                    &[
                        ("api", &format!("{} {}", offer.provider, offer.model_name)),
                        ("model", model(&id).map(|m| m.name).unwrap_or_default()),
                    ],
                )
            })
        });
        let rows = tt
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let name = labels.get(i).cloned().unwrap_or_default();
                let against = match r.against_api {
                    AgainstApi::From {
                        share,
                        tokens,
                        today,
                    } => fill(
                        if today { t.cheaper() } else { t.beats_from() },
                        &[
                            ("m", &m(tokens.input + tokens.output)),
                            ("share", &f.percent(share, 0)),
                        ],
                    ),
                    AgainstApi::Never => t.never().to_owned(),
                    AgainstApi::ApiFree => t.api_free().to_owned(),
                };
                let capacity = r
                    .capacity
                    .map_or_else(
                        || t.capacity_unsized().to_owned(),
                        |c| fill(t.capacity(), &[("m", &m(c.input + c.output))]),
                    );
                view! {
                    <tr data-testid=format!("sizing-tokens-{}", key(r.side).replace('.', "-"))>
                        <th scope="row">{name}</th>
                        <td class="num" data-label=t.tok_col_monthly()>{f.money(r.monthly_cost, 0)}</td>
                        <td class="num" data-label=t.tok_col_output() data-testid="per-output">{f.money_opt(r.cost.per_million_output, 2)}</td>
                        <td class="num" data-label=t.tok_col_total() data-testid="per-total">{f.money_opt(r.cost.per_million_total, 2)}</td>
                        <td data-label=t.tok_col_capacity() data-testid="capacity">{capacity}</td>
                        <td data-label=t.tok_col_beats() data-testid="against-api">{against}</td>
                    </tr>
                }
            })
            .collect_view();
        // The chart: each option's cost per 1M tokens by share, the API's price as a line.
        let coord = crate::first::chart_views::coord;
        let mut lines = share_series(&tt.curve, rent_count, |p| (p.share, p.own, &p.rent));
        if let Some(api_per) = tt.api_per_million_total {
            lines.push(Series {
                points: vec![(0.0, coord(api_per)), (1.0, coord(api_per))],
                color: charts::HYBRID,
                width: 3,
            });
        }
        let frame = Frame::for_fit(fit);
        let pct = |v: f64| f.percent_f64(v);
        let money = |v: f64| f.money_f64(v);
        // Framed around what decides: three times the API's price or twice the cheapest option's
        // at today's share, whichever is higher; dearer lines run off the top (the table above
        // has every figure).
        let cheapest = tt
            .rows
            .iter()
            .filter_map(|r| r.cost.per_million_total)
            .map(coord)
            .fold(f64::INFINITY, f64::min);
        let api_now = tt.api_per_million_total.map(coord).unwrap_or(0.0);
        let top = (3.0 * api_now).max(2.0 * cheapest);
        let svg = charts::svg(frame, |root| {
            charts::draw_share(
                root,
                frame,
                &lines,
                coord(share),
                &format!("{} {}", t.today_share(), f.percent(share, 0)),
                &[],
                &Axes {
                    x_desc: lang.t().axis_share(),
                    y_desc: t.axis_per_million(),
                    x_fmt: &pct,
                    y_fmt: &money,
                },
                Some(if top.is_finite() { top } else { 0.0 }),
                None,
            )
        });
        let legend = labels
            .iter()
            .enumerate()
            .map(|(i, l)| view! { <li>{line_sample(i)}{l.clone()}</li> })
            .collect_view();
        Some(view! {
            <p data-testid="sizing-tokens-line">{line}</p>
            <p data-testid="sizing-api-line">{api_line}</p>
            {other_model.map(|text| view! { <p class="note" data-testid="sizing-api-other">{text}</p> })}
            {priced.map(|text| view! { <p class="hint" data-testid="sizing-priced">{text}</p> })}
            <div class="table-wrap" tabindex="0" role="region" aria-label=t.tok_table()>
                <table class="compare" data-testid="sizing-tokens">
                    <caption>{t.tok_table()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.col_option()}</th>
                            <th scope="col">{t.tok_col_monthly()}</th>
                            <th scope="col">{t.tok_col_output()}</th>
                            <th scope="col">{t.tok_col_total()}</th>
                            <th scope="col">{t.tok_col_capacity()}</th>
                            <th scope="col">{t.tok_col_beats()}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <figure data-testid="chart-tokens">
                <figcaption>{t.chart_title()}</figcaption>
                <div class="chart" role="img" aria-label=t.chart_desc() inner_html=svg></div>
                <p class="note">{t.chart_cut()}</p>
                <ul class="legend">
                    {legend}
                    <li data-testid="legend-api">
                        {line_sample(charts::HYBRID)}
                        {fill(t.api_legend(), &[("api", &api_name)])}
                    </li>
                </ul>
            </figure>
        }.into_any())
    };
    let needs_valid = move || {
        ctx.outcome
            .with(|o| o.is_err())
            .then(|| view! { <p class="field-error">{txt(|t| t.needs_valid())}</p> })
    };
    view! {
        <section class="tokens" aria-labelledby="h-sizing-tokens">
            <h3 id="h-sizing-tokens">{txt(|t| t.tokens_title())}</h3>
            <Pick
                id="sz-api".into()
                label=label(|t| t.api())
                options=api_options
                current=current_api
                change=Callback::new(move |v: String| sz.api.set(v))
                testid="sizing-api"
            />
            {source}
            {move || (sz.api.get() == "typed").then(|| view! {
                {typed_box(0, |t| t.api_in(), "sz-api-in")}
                {typed_box(1, |t| t.api_out(), "sz-api-out")}
                <Pick
                    id="sz-api-currency".into()
                    label=label(|t| t.api_currency())
                    options=plain(&[("usd", "USD"), ("eur", "EUR")])
                    current=Signal::derive(move || sz.typed_api.get().2)
                    change=Callback::new(move |v: String| sz.typed_api.update(|p| p.2 = v))
                />
            })}
            {needs_valid}
            {body}
        </section>
    }
}

/// "Ask for an offer for this configuration" ([`OfferButton`]), with the model, the load, the
/// GPUs per option and the verdict.
#[component]
fn Offer(
    parsed: Memo<Option<Inputs>>,
    planned: Memo<Option<Result<Plan, Error>>>,
    rows: Memo<Vec<(Side, String, Option<String>)>>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let compose = Callback::new(move |()| {
        let lang = ctx.lang.get_untracked();
        let t = Tx::of(lang);
        let (model_name, load_text, gpus_text) = planned.with_untracked(|p| {
            let Some(Ok(p)) = p else {
                return (String::new(), String::new(), String::new());
            };
            let f = Fmt::plain(lang);
            let load = fill(
                t.offer_load(),
                &[
                    ("rps", &f.number(p.demand.requests_per_second, 2)),
                    ("c", &p.demand.concurrent_sequences.to_string()),
                ],
            );
            let gpus: Vec<String> = rows.with_untracked(|rows| {
                rows.iter()
                    .filter_map(|(side, name, _)| {
                        p.row(*side)?
                            .gpus
                            .map(|g| format!("{name}: {g} × {}", gpu_name(p, *side)))
                    })
                    .collect()
            });
            let name = parsed.with_untracked(|i| match i.as_ref().map(|i| &i.model) {
                Some(ModelChoice::Catalogue(id)) => model(id).map(|m| m.name.to_owned()),
                _ => Some(t.typed_model().to_owned()),
            });
            (name.unwrap_or_default(), load, gpus.join("; "))
        });
        let verdict = ctx.shown.with_untracked(|s| {
            s.as_ref()
                .map(|ev| crate::first::results::verdict_sentences(lang, &ev.report).join(" "))
                .unwrap_or_default()
        });
        let body = fill(
            t.offer_body(),
            &[
                ("model", &model_name),
                ("load", &load_text),
                ("gpus", &gpus_text),
                ("verdict", &verdict),
            ],
        );
        let subject = fill(
            t.offer_subject(),
            &[("model", &model_name), ("users", &load_text)],
        );
        (subject, body)
    });
    view! { <OfferButton testid="sizing-offer" compose=compose /> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_tco_core::sizing::{Benchmark, Precision};

    /// Every warning of the sizing reads as a sentence in both languages, its figures filled in.
    #[test]
    fn every_warning_has_both_languages_filled_in() {
        let all = [
            Warning::DoesNotFit {
                weight_gib: Decimal::from(756),
                largest_tp: 8,
            },
            Warning::FullRequestDoesNotFit {
                context_tokens: 131_072,
            },
            Warning::FullContextForEverySequence,
            Warning::TpOverPcie {
                tp: 4,
                nvlink_domain: 1,
            },
            Warning::KvDuplicated {
                tp: 8,
                kv_heads: 4,
                factor: Decimal::from(2),
            },
            Warning::MoeMemoryByTotal {
                total_b: Decimal::from(235),
                active_b: Decimal::from(22),
            },
            Warning::ContextDependentKv,
            Warning::BenchmarkBestCase {
                benchmark: Benchmark::Llama2_70b,
                basis: ThroughputBasis::BandwidthScaled,
            },
            Warning::Fp4WithoutFp4Cores,
            Warning::HeavierWeightsThanBenchmark {
                benchmark_weights: Precision::Fp8,
            },
            Warning::SizedAtChatSpeed,
        ];
        for lang in [Lang::En, Lang::De] {
            for w in &all {
                let text = warning_text(lang, w);
                assert!(text.len() > 20, "{lang:?} {w:?}: {text}");
                assert!(
                    !text.contains('{'),
                    "{lang:?} {w:?}: a placeholder left: {text}"
                );
            }
        }
        assert!(
            warning_text(Lang::En, &all[7]).contains("llama2-70b"),
            "the benchmark named as MLPerf does"
        );
        assert!(warning_text(Lang::De, &all[9]).contains("FP8-Ergebnis"));
    }

    #[test]
    fn option_keys_are_the_drafts_paths() {
        assert_eq!(key(Side::Own), "own");
        assert_eq!(key(Side::Rent(5)), "rent.5");
    }
}
