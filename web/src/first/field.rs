//! Input fields bound to a JSON path of the draft scenario.

use std::sync::Arc;

use leptos::prelude::*;

use crate::first::tr;
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::Value;

use crate::i18n::{Texts, error_message};
use crate::state::{Ctx, Problem, ambiguous, display_number, field_id, parse_number, read_entry};
use gpu_tco_core::inputs::{Hint, PriceUnit};
use gpu_tco_core::schema::whole_range;

/// The own server's residual value, whose hint reads the service life beside it.
const RESIDUAL: &str = "own.residual_percent";
/// The own server's service life in years.
const SERVICE_LIFE: &str = "own.service_life_years";

/// Picks a string from the current language's texts.
pub type Text = fn(&'static Texts) -> &'static str;

/// A JSON number or numeric string as a decimal.
pub(crate) fn value_decimal(v: &Value) -> Option<Decimal> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.to_string().parse().ok(),
        _ => None,
    }
}

fn value_plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// Sets the value at a dotted path of the draft, adding the last key to its object if a file
/// left it out because the scenario has a default for it (a peak's `days` or `months`).
pub fn put(ctx: Ctx, path: &str, value: Value) {
    let (parent, key) = path.rsplit_once('.').unwrap_or(("", path));
    let parent = if parent.is_empty() {
        String::new()
    } else {
        crate::state::pointer(parent)
    };
    ctx.edit(|v| {
        if let Some(object) = v.pointer_mut(&parent).and_then(Value::as_object_mut) {
            object.insert(key.to_owned(), value);
        }
    });
}

/// Sets a rent option's price unit (`rent.N.price_unit`) to `unit` and quotes its prices (on
/// demand, spot, block) in it, so that the option costs what it did ([`convert_price`]): the
/// unit switched alone read an 8-GPU instance's 63.296 an hour as 63.296 a GPU-hour, 8 times as
/// much. A price the draft does not hold as a number stays as it is.
///
/// [`convert_price`]: gpu_tco_core::inputs::convert_price
pub fn set_price_unit(ctx: Ctx, path: &str, unit: &str) {
    let prefix = path.trim_end_matches(".price_unit");
    let read_unit = |v: Option<&Value>| v.and_then(|v| PriceUnit::deserialize(v).ok());
    let Some(to) = read_unit(Some(&Value::String(unit.to_owned()))) else {
        return;
    };
    ctx.edit(|v| {
        let at = |key: &str| crate::state::pointer(&format!("{prefix}.{key}"));
        let from = read_unit(v.pointer(&at("price_unit"))).unwrap_or_default();
        let gpus = v
            .pointer(&at("gpus_per_instance"))
            .and_then(value_decimal)
            .and_then(|g| u32::try_from(g).ok());
        if let Some(gpus) = gpus {
            for key in ["price", "billing.spot_price", "billing.block_price"] {
                if let Some(slot) = v.pointer_mut(&at(key)) {
                    let converted = value_decimal(slot).and_then(|price| {
                        gpu_tco_core::inputs::convert_price(price, from, to, gpus)
                    });
                    if let Some(price) = converted {
                        *slot = Value::String(price.to_string());
                    }
                }
            }
        }
        let option = v
            .pointer_mut(&crate::state::pointer(prefix))
            .and_then(Value::as_object_mut);
        if let Some(option) = option {
            option.insert("price_unit".to_owned(), Value::String(unit.to_owned()));
        }
    });
}

/// `text` with its decimal points and commas swapped: a number as typed in one language,
/// written in the other's separators ("1,234.5" and "1.234,5"); other characters stay.
///
/// ```
/// use gpu_tco_web::first::field::swap_separators;
///
/// assert_eq!(swap_separators("1,234.5"), "1.234,5");
/// assert_eq!(swap_separators("1,5"), "1.5");
/// assert_eq!(swap_separators("400000x"), "400000x");
/// ```
pub fn swap_separators(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '.' => ',',
            ',' => '.',
            c => c,
        })
        .collect()
}

/// Where a field's value comes from: an info toggle with the preset's source and date, a
/// "check this figure" hint when it is over a year old, and a mark when the user changed it.
#[component]
pub fn SourceInfo(
    /// The field's dotted path.
    path: Arc<str>,
    /// The field's value (the field's own memo of it).
    value: Memo<Option<Value>>,
    /// The field's label: each info button says which figure it is about.
    label: Text,
) -> impl IntoView {
    let ctx = Ctx::get();
    let id = field_id(&path);
    // The preset's entry follows the presets only and the value only this field, so an input
    // elsewhere reruns neither.
    let entry = Memo::new(move |_| ctx.preset_value(&path));
    let info = Memo::new(move |_| {
        entry.with(|e| {
            e.as_ref().map(|(entry, preset)| crate::state::Sourced {
                entry,
                edited: crate::state::is_edited(preset.as_ref(), value.get().as_ref()),
            })
        })
    });
    move || {
        info.get().map(|s| {
            let lang = ctx.lang.get();
            let t = lang.t();
            let stale = gpu_tco_core::presets::is_stale(s.entry.as_of, crate::fmt::today());
            let note = s.entry.note_in(lang == crate::i18n::Lang::De);
            view! {
                <details class="info" class:old=stale id=format!("{id}-source") on:keydown=close_on_escape>
                    <summary
                        aria-label=if stale {
                            format!("{}: {} ({})", t.info_label(), label(t), t.check_price())
                        } else {
                            format!("{}: {}", t.info_label(), label(t))
                        }
                        title=if stale {
                            format!("{} ({})", t.info_label(), t.check_price())
                        } else {
                            t.info_label().to_owned()
                        }
                    >
                        "i"
                    </summary>
                    <p>
                        <strong>{t.source()}": "</strong>
                        {s.entry.source_in(lang == crate::i18n::Lang::De)}
                        {format!(" ({} {})", t.as_of(), crate::fmt::month_year(lang, s.entry.as_of))}
                    </p>
                    <p hidden=note.is_empty()>{note}</p>
                    <p class="check" hidden=!stale>{t.check_price()}</p>
                </details>
                <span class="yours" id=format!("{id}-yours") hidden=!s.edited>
                    {t.your_value()}
                </span>
            }
        })
    }
}

/// Escape closes an open info toggle and leaves the focus on its button.
fn close_on_escape(ev: leptos::ev::KeyboardEvent) {
    if ev.key() != "Escape" {
        return;
    }
    let Some(details) = ev
        .current_target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(t).ok())
    else {
        return;
    };
    if details.open() {
        details.set_open(false);
        if let Some(summary) = details
            .query_selector("summary")
            .ok()
            .flatten()
            .and_then(|s| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(s).ok())
        {
            let _ = summary.focus();
        }
        ev.prevent_default();
    }
}

/// A message under a field: the core's error for `path`, or what is wrong with the text.
#[component]
fn FieldError(
    /// Element id of the message (the input points to it with `aria-describedby`).
    id: String,
    /// The field's dotted path.
    path: Arc<str>,
    /// What is wrong with the text in the box, if the draft cannot take it.
    problem: Signal<Option<Problem>>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let message = move || {
        let lang = ctx.lang.get();
        if let Some(p) = problem.get() {
            return Some(problem_message(lang.t(), p, whole_range(&path)));
        }
        ctx.error_at(&path).map(|e| error_message(lang, &e))
    };
    view! {
        <p class="field-error" id=id role="status" aria-live="polite">
            {message}
        </p>
    }
}

/// The message for a box whose text the draft cannot take; `range` is the values the field
/// takes if it takes whole numbers ([`whole_range`] for a field of the scenario).
pub fn problem_message(t: &'static Texts, p: Problem, range: (u32, Option<u32>)) -> String {
    match p {
        Problem::Empty | Problem::NotNumber => t.err_number().to_owned(),
        Problem::NotWhole => crate::i18n::whole_message(t, range),
    }
}

/// A plain number as the two-readings question shows it: the page's decimal mark and, from 1,000 up, groups of
/// three split by a narrow space, which reads the same in either language ("63 296", "63.296"
/// on the English page, "63,296" on the German one) and is read back by [`parse_number`].
fn unambiguous(plain: &str, lang: crate::i18n::Lang) -> String {
    crate::state::grouped(plain, lang, '\u{202f}', 4).unwrap_or_else(|| plain.to_owned())
}

/// What a number field shows and accepts.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// Last part of the JSON path (`working_days`), appended to the field list's prefix.
    pub key: &'static str,
    /// The label.
    pub label: Text,
    /// Unit shown after the box.
    pub unit: Option<Text>,
    /// With a slider, whose span comes from the field's range for its unit and preset
    /// (`gpu_tco_core::inputs::slider_span`).
    pub slider: bool,
    /// An amount of money: the box is followed by its option's currency code.
    pub money: bool,
}

impl Spec {
    /// A number field: whole numbers only where the scenario's schema says so
    /// (`gpu_tco_core::schema::is_whole_number`), else a decimal.
    pub const fn num(key: &'static str, label: Text) -> Spec {
        Spec {
            key,
            label,
            unit: None,
            slider: false,
            money: false,
        }
    }

    /// An amount in the currency of the option it belongs to.
    pub const fn money(mut self) -> Spec {
        self.money = true;
        self
    }

    /// With a unit.
    pub const fn unit(mut self, unit: Text) -> Spec {
        self.unit = Some(unit);
        self
    }

    /// With a slider.
    pub const fn slider(mut self) -> Spec {
        self.slider = true;
        self
    }
}

/// Number fields for `specs`, each at `prefix.key`.
#[component]
pub fn NumFields(
    /// Dotted path of the object the fields belong to (empty for the root).
    #[prop(into)]
    prefix: String,
    /// The fields.
    specs: &'static [Spec],
) -> impl IntoView {
    specs
        .iter()
        .map(|spec| {
            let path = if prefix.is_empty() {
                spec.key.to_owned()
            } else {
                format!("{prefix}.{}", spec.key)
            };
            view! { <NumField path=path spec=*spec /> }
        })
        .collect_view()
}

/// A number: a text box (typed in the user's locale) and, optionally, a paired slider.
#[component]
pub fn NumField(
    /// Dotted JSON path of the value, e.g. `calendar.working_days`.
    #[prop(into)]
    path: String,
    /// Label, unit, slider and kind.
    spec: Spec,
) -> impl IntoView {
    let Spec {
        label,
        unit,
        slider,
        money,
        ..
    } = spec;
    // Whole numbers only (stored as JSON numbers) where the scenario's schema says so.
    let integer = gpu_tco_core::schema::is_whole_number(path.rsplit('.').next().unwrap_or(&path));
    let ctx = Ctx::get();
    let id = field_id(&path);
    // Money is in the currency of its option (`own.currency` or `rent.N.currency`); a rent
    // tariff also says per what ("USD / instance-hour"), as the compact embed has no unit select.
    let per_unit = matches!(spec.key, "price" | "spot_price" | "block_price");
    let currency = money
        .then(|| crate::state::option_index(&path))
        .flatten()
        .map(|i| {
            move || {
                let t = ctx.lang.get().t();
                ctx.currencies.with(|list| {
                    let Some((code, unit)) = list.get(i) else {
                        return String::new();
                    };
                    let unit = crate::first::panels::PRICE_UNITS
                        .iter()
                        .find(|(key, _)| key == unit)
                        .filter(|_| per_unit);
                    match unit {
                        Some((_, text)) => format!("{code} / {}", text(t)),
                        None => code.clone(),
                    }
                })
            }
        });
    let err_id = format!("{id}-err");
    let hint_id = format!("{id}-hint");
    let follows = path == crate::state::SERVICE_GPUS;
    let path: Arc<str> = Arc::from(path);
    let stored = Memo::new({
        let path = Arc::clone(&path);
        move |_| ctx.read(&path)
    });
    let text = RwSignal::new(String::new());
    // Whether the text is the user's typing (not what the page wrote into the box), and the
    // text whose two readings the user has already chosen between.
    let typed = RwSignal::new(false);
    let answered = RwSignal::new(None::<String>);
    // Re-sync the box when the stored value changes from elsewhere (slider, reset, language,
    // a loaded scenario), but never overwrite what the user is typing when it already means
    // the stored value. The effect returns the language the box was last written for: after
    // a switch the text is written again in the new one, as "63.296" (English) is 63,296 read
    // as German.
    Effect::new({
        let path = Arc::clone(&path);
        move |written_in: Option<crate::i18n::Lang>| {
            let lang = ctx.lang.get();
            let switched = written_in.is_some_and(|l| l != lang);
            let reloaded = ctx.reloads.get();
            let Some(v) = stored.get() else { return lang };
            let typed_text = text.get_untracked();
            let typed_value =
                parse_number(&typed_text, lang).and_then(|p| p.parse::<Decimal>().ok());
            let unparsed_same = matches!(&v, Value::String(s) if *s == typed_text);
            let held = ctx
                .unparsable
                .with_untracked(|list| list.iter().any(|(p, _)| **p == *path));
            // A box holding what the draft cannot take ("1.5" spares, "400000x") keeps it through
            // a language switch, in the new language's separators: written again from the
            // draft, it showed the valid keystroke on the way, which the results then took up
            // as if entered.
            if switched && held {
                text.set(swap_separators(&typed_text));
                return lang;
            }
            if typed_text.is_empty()
                || (typed_value != value_decimal(&v) && !unparsed_same)
                || (held && reloaded > 0)
                || (switched && !held)
            {
                text.set(display_number(&v, lang));
                typed.set(false);
                ctx.mark_unparsable(&path, None);
            }
            lang
        }
    });
    on_cleanup({
        let path = Arc::clone(&path);
        move || ctx.mark_unparsable(&path, None)
    });
    let problem = Signal::derive(move || {
        let t = text.get();
        read_entry(&t, ctx.lang.get(), integer).err()
    });
    let write = {
        let path = Arc::clone(&path);
        move |raw: String, from_slider: bool| {
            let lang = ctx.lang.get_untracked();
            let entry = if from_slider {
                // The slider's value is plain ("14600", "0.25").
                read_entry(&raw, crate::i18n::Lang::En, integer)
            } else {
                read_entry(&raw, lang, integer)
            };
            match entry {
                Ok(value) => {
                    ctx.mark_unparsable(&path, None);
                    ctx.write_number(&path, value);
                }
                // The draft keeps its last good value; the box says what is wrong.
                Err(p) => ctx.mark_unparsable(&path, Some(p)),
            }
        }
    };
    let write_text = write.clone();
    let invalid = {
        let path = Arc::clone(&path);
        move || problem.with(Option::is_some) || ctx.error_at(&path).is_some()
    };
    // The unit a price is quoted in (its slider and its sourced range depend on it).
    // (`option_index` counts own as 0 and rent option N as N + 1.)
    let unit_path = crate::state::option_index(&path)
        .and_then(|i| i.checked_sub(1))
        .filter(|_| matches!(spec.key, "price" | "billing.spot_price" | "spot_price"))
        .map(|i| format!("rent.{i}.price_unit"));
    let preset_unit = unit_path.clone();
    // A rent option's GPUs per instance: a price per GPU-hour typed into the box of a whole
    // instance's price is that many times too low.
    let gpus_path = unit_path
        .as_ref()
        .map(|p| p.replace(".price_unit", ".gpus_per_instance"));
    let gpus = Memo::new(move |_| {
        gpus_path
            .as_ref()
            .and_then(|p| ctx.read(p))
            .and_then(|v| v.as_u64())
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(1)
    });
    let price_unit = Memo::new(move |_| {
        unit_path
            .as_ref()
            .and_then(|p| ctx.read(p).and_then(|v| PriceUnit::deserialize(&v).ok()))
    });
    // The preset's figure, while it is in the unit the price is now quoted in (a price turned
    // from per instance-hour to per GPU-hour is not a tenth of its preset's figure).
    let preset_figure = Memo::new({
        let path = Arc::clone(&path);
        move |_| {
            let same_unit = preset_unit.as_ref().is_none_or(|p| {
                ctx.preset_value(p)
                    .and_then(|(_, v)| v)
                    .is_none_or(|v| PriceUnit::deserialize(&v).ok() == price_unit.get())
            });
            same_unit
                .then(|| ctx.preset_value(&path).and_then(|(_, v)| v))
                .flatten()
                .as_ref()
                .and_then(value_decimal)
        }
    });
    let span = Memo::new({
        let path = Arc::clone(&path);
        move |_| {
            let value = stored.with(|v| v.as_ref().and_then(value_decimal));
            gpu_tco_core::inputs::slider_span(&path, price_unit.get(), value, preset_figure.get())
        }
    });
    // The residual value's hint reads the service life beside it.
    let life = (&*path == RESIDUAL).then(|| {
        Memo::new(move |_| {
            ctx.read(SERVICE_LIFE)
                .as_ref()
                .and_then(value_decimal)
                .and_then(|y| u32::try_from(y).ok())
        })
    });
    let hint = Memo::new({
        let path = Arc::clone(&path);
        move |_| {
            let value = stored.with(|v| v.as_ref().and_then(value_decimal))?;
            if let Some(life) = life {
                return gpu_tco_core::inputs::residual_hint(life.get()?, value);
            }
            gpu_tco_core::inputs::price_hint(
                &path,
                price_unit.get(),
                value,
                preset_figure.get(),
                gpus.get(),
            )
        }
    });
    // A value that looks 1000 times off, or a rent price of 0, is named in the results too.
    Effect::new({
        let path = Arc::clone(&path);
        move |_| {
            let flag = match hint.get() {
                Some(Hint::Scale { .. } | Hint::PerGpu { .. }) => Some(false),
                Some(Hint::Free) => Some(true),
                _ => None,
            };
            ctx.mark_suspect(&path, flag);
        }
    });
    on_cleanup({
        let path = Arc::clone(&path);
        move || ctx.mark_suspect(&path, None)
    });
    // Two readings of what the user typed, until the user picks one. No question when the
    // other reading would be flagged: when the page's is unremarkable (the preset's 63.296 typed
    // on the English page is not 63,296 an hour), and when both would be (the page's hint then
    // names the likely figure).
    let readings = Memo::new({
        let path = Arc::clone(&path);
        move |_| {
            if integer || !typed.get() {
                return None;
            }
            let t = text.get();
            if answered.with(|a| a.as_deref() == Some(t.as_str())) {
                return None;
            }
            let (a, b) = ambiguous(&t, ctx.lang.get())?;
            let flagged = |x: &str| {
                x.parse::<Decimal>().ok().and_then(|v| {
                    gpu_tco_core::inputs::price_hint(
                        &path,
                        price_unit.get(),
                        v,
                        preset_figure.get(),
                        gpus.get(),
                    )
                })
            };
            // Asked only where a reading is unremarkable: when both would get a hint and the
            // page's reading's names a likely figure, that hint says more ("7.912" in an 8-GPU
            // instance's box: the per-GPU hint with 63.296, not a choice between 7.912 and
            // 7,912, both wrong, while the results already pointed to a hint).
            let page = flagged(&a);
            let names_likely = matches!(page, Some(Hint::Scale { .. } | Hint::PerGpu { .. }));
            if flagged(&b).is_some() && (page.is_none() || names_likely) {
                return None;
            }
            Some((t, a, b))
        }
    });
    let choose = {
        let write = write.clone();
        let id = id.clone();
        move |plain: String| {
            let lang = ctx.lang.get_untracked();
            let shown = display_number(&Value::String(plain.clone()), lang);
            answered.set(Some(shown.clone()));
            text.set(shown);
            typed.set(false);
            write(plain, true);
            // The button goes with its hint: the focus goes back to the box it fixed, not to
            // the page's body.
            crate::first::focus_later(id.clone());
        }
    };
    let hint_view = {
        let id = id.clone();
        let hint_path = Arc::clone(&path);
        move || {
            let lang = ctx.lang.get();
            let t = lang.t();
            let button = |n: usize, plain: String, label: String| {
                let choose = choose.clone();
                view! {
                    <button type="button" class="link" id=format!("{id}-fix{n}")
                        on:click=move |_| choose(plain.clone())>
                        {label}
                    </button>
                }
            };
            // A thousand-times hint that names the other reading says more than the question.
            let hinted = hint.get().and_then(|h| match h {
                Hint::Scale { likely, .. } | Hint::PerGpu { likely, .. } => {
                    Some(likely.normalize().to_string())
                }
                Hint::Outside { .. }
                | Hint::FarFromPreset { .. }
                | Hint::Free
                | Hint::FreeServer
                | Hint::ResidualForLife { .. } => None,
            });
            if let Some((typed_text, a, b)) = readings.get().filter(|(_, _, b)| {
                hinted.as_deref()
                    != b.parse::<Decimal>()
                        .ok()
                        .map(|d| d.normalize().to_string())
                        .as_deref()
            }) {
                let text = t
                    .hint_two_readings()
                    .replace("{text}", &typed_text)
                    .replace("{a}", &unambiguous(&a, lang))
                    .replace("{b}", &unambiguous(&b, lang));
                return Some(
                    view! {
                        <span>{text}" "</span>
                        {button(0, a.clone(), unambiguous(&a, lang))}
                        " "
                        {button(1, b.clone(), unambiguous(&b, lang))}
                    }
                    .into_any(),
                );
            }
            if problem.with(Option::is_some) {
                return None;
            }
            // A hint's figures in the page's own format (the field shows them so once fixed).
            let n = |d: Decimal| display_number(&Value::String(d.normalize().to_string()), lang);
            // A hint's text and its one button, which puts the figure probably meant in the box.
            let with_fix = |text: String, likely: Decimal| {
                let plain = likely.normalize().to_string();
                view! {
                    <span>{text}" "</span>
                    {button(0, plain, t.hint_use().replace("{likely}", &n(likely)))}
                }
                .into_any()
            };
            match hint.get()? {
                Hint::Scale { likely, preset } => {
                    let text = match (preset, preset_figure.get()) {
                        (true, Some(p)) => {
                            let below = stored
                                .with(|v| v.as_ref().and_then(value_decimal))
                                .is_some_and(|v| v < likely);
                            if below { t.hint_below_preset() } else { t.hint_above_preset() }
                                .replace("{preset}", &n(p))
                        }
                        _ => {
                            let range =
                                gpu_tco_core::inputs::field_range(&hint_path, price_unit.get());
                            let (low, high) = range.map(|r| (r.low, r.high)).unwrap_or_default();
                            t.hint_scale_sources()
                                .replace("{low}", &n(low))
                                .replace("{high}", &n(high))
                        }
                    }
                    .replace("{likely}", &n(likely));
                    Some(with_fix(text, likely))
                }
                Hint::PerGpu { gpus, likely } => {
                    let unit = match price_unit.get() {
                        Some(PriceUnit::InstanceMonth) => t.hint_per_instance_month(),
                        _ => t.hint_per_instance_hour(),
                    };
                    let text = t
                        .hint_per_gpu()
                        .replace("{gpus}", &gpus.to_string())
                        .replace("{unit}", unit)
                        .replace("{likely}", &n(likely));
                    Some(with_fix(text, likely))
                }
                Hint::FarFromPreset { preset, below } => Some(view! {
                    <span>{if below { t.hint_far_below_preset() } else { t.hint_far_above_preset() }
                        .replace("{preset}", &n(preset))}</span>
                }.into_any()),
                // In a sentence both ends grouped alike ("3,000 to 600,000"; a box's own style
                // groups from five digits).
                Hint::Outside { low, high } => {
                    let g = |d: Decimal| crate::fmt::Fmt::plain(lang).number_text(&d.normalize().to_string());
                    Some(view! {
                        <span>{t.hint_outside().replace("{low}", &g(low)).replace("{high}", &g(high))}</span>
                    }.into_any())
                }
                Hint::Free => Some(view! { <span>{t.hint_free()}</span> }.into_any()),
                Hint::FreeServer => {
                    Some(view! { <span>{t.hint_free_server()}</span> }.into_any())
                }
                Hint::ResidualForLife { life_years, likely } => {
                    let text = t
                        .hint_residual_life()
                        .replace("{life}", &crate::i18n::years_after(lang, life_years))
                        .replace("{likely}", &n(likely));
                    Some(with_fix(text, likely))
                }
            }
        }
    };
    let range = slider.then(|| {
        let write = write.clone();
        let range_id = format!("{id}-range");
        let bound = move |f: fn(&gpu_tco_core::inputs::SliderSpan) -> Decimal| {
            move || span.with(|s| s.as_ref().map(|s| f(s).normalize().to_string()))
        };
        let value = move || stored.get().map(|v| value_plain(&v)).unwrap_or_default();
        // What a screen reader says of the slider: the box's figure in the page's language with
        // its unit ("0,21 EUR / kWh"), not the slider's plain "0.21".
        let valuetext = move || {
            let mut v = text.get();
            if let Some(u) = unit {
                v.push(' ');
                v.push_str(u(ctx.lang.get().t()));
            } else if let Some(c) = currency {
                v.push(' ');
                v.push_str(&c());
            }
            v
        };
        let input = view! {
            <input
                type="range"
                id=range_id
                aria-valuetext=valuetext
                min=bound(|s| s.min)
                max=bound(|s| s.max)
                step=bound(|s| s.step)
                aria-label=tr(label)
                prop:value=value
                on:input=move |ev| write(event_target_value(&ev), true)
            />
        };
        // Only the service's GPU slider listens to focus and blur (which windows follow it is
        // fixed for one entry); no other slider gets handlers it does not need, which a page
        // unloading after a failed module would still call.
        if follows {
            input
                .into_inner()
                .on(leptos::ev::focus, move |_| ctx.begin_follow())
                .on(leptos::ev::blur, move |_| ctx.end_follow())
                .into_any()
        } else {
            input.into_any()
        }
    });
    view! {
        <div class="field" class:has-slider=slider>
            <div class="label-row">
                <label for=id.clone()>{tr(label)}</label>
                <SourceInfo path=Arc::clone(&path) value=stored label=label />
            </div>
            <div class="field-row">
                {range}
                <input
                    type="text"
                    inputmode=if integer { "numeric" } else { "decimal" }
                    id=id
                    class="num"
                    autocomplete="off"
                    aria-describedby=format!("{err_id} {hint_id}")
                    aria-invalid=move || if invalid() { "true" } else { "false" }
                    prop:value=move || text.get()
                    on:focus=move |_| {
                        ctx.begin_entry();
                        if follows {
                            ctx.begin_follow();
                        }
                    }
                    on:blur=move |_| {
                        ctx.end_entry();
                        if follows {
                            ctx.end_follow();
                        }
                    }
                    on:input=move |ev| {
                        let raw = event_target_value(&ev);
                        text.set(raw.clone());
                        typed.set(true);
                        write_text(raw, false);
                    }
                />
                {unit.map(|u| view! { <span class="unit">{tr(u)}</span> })}
                {currency.map(|c| view! { <span class="unit">{c}</span> })}
            </div>
            <FieldError id=err_id path=Arc::clone(&path) problem=problem />
            <p class="field-hint" id=hint_id role="status" aria-live="polite">
                {hint_view}
            </p>
        </div>
    }
}

/// A choice among fixed JSON strings.
#[component]
pub fn SelectField(
    /// Dotted JSON path of the value.
    #[prop(into)]
    path: String,
    /// The label.
    label: Text,
    /// (stored value, its label).
    options: &'static [(&'static str, Text)],
    /// How a choice is written (`ctx`, the path, the value chosen); without it, the value
    /// alone at the path ([`put`]). A price unit also quotes its option's prices in it
    /// ([`set_price_unit`]).
    #[prop(optional)]
    write: Option<fn(Ctx, &str, &str)>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let id = field_id(&path);
    let path: Arc<str> = Arc::from(path);
    let stored = Memo::new({
        let path = Arc::clone(&path);
        move |_| ctx.read(&path)
    });
    let current = move || stored.with(|v| v.as_ref().map(value_plain).unwrap_or_default());
    let source = Arc::clone(&path);
    view! {
        <div class="field">
            <div class="label-row">
                <label for=id.clone()>{tr(label)}</label>
                <SourceInfo path=source value=stored label=label />
            </div>
            <select
                id=id
                on:change=move |ev| {
                    let value = event_target_value(&ev);
                    match write {
                        Some(write) => write(ctx, &path, &value),
                        None => put(ctx, &path, Value::String(value)),
                    }
                }
            >
                {options
                    .iter()
                    .map(|&(value, text)| {

                        view! {
                            <option value=value selected=move || current() == value>
                                {tr(text)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// A yes/no value.
#[component]
pub fn CheckField(
    /// Dotted JSON path of the value.
    #[prop(into)]
    path: String,
    /// The label.
    label: Text,
) -> impl IntoView {
    let ctx = Ctx::get();
    let id = field_id(&path);
    let path: Arc<str> = Arc::from(path);
    let checked = {
        let path = Arc::clone(&path);
        move || ctx.read(&path).and_then(|v| v.as_bool()).unwrap_or(false)
    };
    view! {
        <div class="field check">
            <input
                type="checkbox"
                id=id.clone()
                prop:checked=checked
                on:change=move |ev| ctx.write(&path, Value::Bool(event_target_checked(&ev)))
            />
            <label for=id>{tr(label)}</label>
        </div>
    }
}

/// A whole number that may be left to the model (`null`): a checkbox, and the number when
/// the checkbox is off.
#[component]
pub fn NullableField(
    /// Dotted JSON path of the value.
    #[prop(into)]
    path: String,
    /// Label of the checkbox that leaves the value to the model.
    auto_label: Text,
    /// The number when it is given.
    spec: Spec,
    /// Value set when the checkbox is turned off.
    start: u64,
) -> impl IntoView {
    let ctx = Ctx::get();
    let id = format!("{}-auto", field_id(&path));
    let is_auto = Memo::new({
        let path = path.clone();
        move |_| ctx.read(&path).is_some_and(|v| v.is_null())
    });
    let toggle = {
        let path = path.clone();
        move |ev| {
            let auto = event_target_checked(&ev);
            ctx.write(
                &path,
                if auto {
                    Value::Null
                } else {
                    Value::from(start)
                },
            );
        }
    };
    view! {
        <div class="field check">
            <input type="checkbox" id=id.clone() prop:checked=move || is_auto.get() on:change=toggle />
            <label for=id>{tr(auto_label)}</label>
        </div>
        <Show when=move || !is_auto.get()>
            <NumField path=path.clone() spec=spec />
        </Show>
    }
}
