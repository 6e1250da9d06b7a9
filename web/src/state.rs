//! The page's state: the scenario being edited as JSON, and what the core made of it.
//!
//! The draft is a `serde_json::Value` in the scenario's documented JSON shape, so every input
//! is addressed by its JSON path (the same key the share link and the JS API use). The core
//! reads the draft with `Scenario::from_value`, which validates it and names the field of the
//! first problem; the page shows that message next to the field and keeps the last good results.

use std::sync::Arc;

use gpu_tco_core::presets::{DEFAULT_OWN, DEFAULT_RENT, Entry, Preset, preset};
use gpu_tco_core::{Billing, Error, Report, Scenario, SharePoint};
use leptos::prelude::*;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::lang::Lang;

/// Points of the cost-per-GPU-hour curve (5 % steps).
pub const CURVE_POINTS: u32 = 20;

/// A scenario the core accepted, with its results.
#[derive(Debug, Clone)]
pub struct Evaluated {
    /// The scenario.
    pub scenario: Scenario,
    /// Its report.
    pub report: Report,
    /// Cost per productive GPU-hour by share, once asked for ([`Evaluated::curve`]).
    curve: std::sync::OnceLock<Vec<SharePoint>>,
}

/// Two evaluations are the same when their scenarios and reports are: the curve follows from
/// the scenario, whether it has been computed yet or not.
impl PartialEq for Evaluated {
    fn eq(&self, other: &Self) -> bool {
        self.scenario == other.scenario && self.report == other.report
    }
}

impl Evaluated {
    /// `scenario` with its `report`.
    pub fn new(scenario: Scenario, report: Report) -> Evaluated {
        Evaluated {
            scenario,
            report,
            curve: std::sync::OnceLock::new(),
        }
    }

    /// Cost per productive GPU-hour by share ([`CURVE_POINTS`] points), computed the first time
    /// it is asked for: only the share chart and the sizing's table draw it, and a drag whose
    /// share chart is out of the window does not (some 120 pricings a step). Empty without
    /// load, or if the curve's arithmetic overflows where the results' did not.
    pub fn curve(&self) -> &[SharePoint] {
        self.curve.get_or_init(|| {
            self.scenario
                .check()
                .and_then(|checked| checked.share_curve(CURVE_POINTS))
                .unwrap_or_default()
        })
    }
}

/// The preset each option was loaded from: (`own` or `rent.N`, preset).
pub type OptionPresets = Vec<(String, &'static Preset)>;

/// Shared state of the page, provided as context.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    /// The page's language.
    pub lang: RwSignal<Lang>,
    /// The scenario as the user has entered it (may be invalid). It is written through
    /// [`Ctx::write`], [`Ctx::write_number`], [`Ctx::edit`] and [`Ctx::set_draft`], which tell
    /// the watched paths what changed ([`Ctx::read`]).
    pub draft: ReadSignal<Value>,
    /// The same, writable (through the methods above only).
    draft_rw: RwSignal<Value>,
    /// The paths written since the watched paths were last compared with the draft.
    written: StoredValue<Written>,
    /// What the core made of the draft.
    pub outcome: Memo<Result<Arc<Evaluated>, Error>>,
    /// The last valid evaluation (what the results show).
    pub shown: Memo<Option<Arc<Evaluated>>>,
    /// The core's error for the draft, if any, set when it changes: fields watch this, not every
    /// new result, so a valid input change neither reruns nor marks their messages.
    pub error: ReadSignal<Option<Error>>,
    /// The options' currency codes, `own` first then `rent.N`, set when they change: the money
    /// fields follow this one signal (a memo per field would rerun dozens on every input).
    pub currencies: ReadSignal<Vec<(String, String)>>,
    /// The frame the charts are drawn in, for the width of their column.
    pub fit: RwSignal<crate::charts::Fit>,
    /// Whether the window is at most 900 px wide (the phone layout with its result line).
    pub phone: RwSignal<bool>,
    /// Whether the results' verdict is scrolled out of the window (a wide window then shows
    /// the result line too while an input is edited).
    pub verdict_away: RwSignal<bool>,
    /// Fields whose text the draft cannot take (empty, not a number, not a whole number where
    /// one is needed), with what is wrong: the draft keeps the field's last good value.
    pub unparsable: RwSignal<Vec<(String, Problem)>>,
    /// The preset each option was last loaded from: (`own` or `rent.N`, preset).
    pub presets: RwSignal<Vec<(String, &'static Preset)>>,
    /// Counts the scenarios loaded whole (reset, file, link): a box holding text the draft could
    /// not take shows the loaded value again even where it equals the old one.
    pub reloads: RwSignal<u32>,
    /// The inputs and presets as they were before "Load the worked example", for its Undo.
    pub undo: RwSignal<Option<(Value, OptionPresets)>>,
    /// The batch windows and peaks that follow the service's GPU count during one entry in it
    /// (those that had the same count when the entry began), by dotted path of their `gpus`.
    pub followers: RwSignal<Option<Vec<String>>>,
    /// How sure the answer is over the scenario's ranges, once the inputs rest
    /// (`first::spread`).
    pub spread: RwSignal<crate::first::spread::Shown>,
    /// Fields whose value the results name (a hint at the field), by dotted path, each with
    /// whether its hint is a rent price of 0 (else a value that looks 1000 times off, or a GPU's
    /// price where an instance's belongs).
    pub suspect: RwSignal<Vec<(String, bool)>>,
    /// The scenario pinned as A for comparison.
    pub pinned: RwSignal<Option<Arc<Evaluated>>>,
    /// The pinned scenario as the core read it, as JSON text (the file "Save" writes): what the
    /// module of the sections opened on demand evaluates again for its comparison
    /// (`split::Shared`).
    pub pinned_scenario: RwSignal<Option<String>>,
    /// A message about loading a link or a file: (is it a problem, text).
    pub notice: RwSignal<Option<(bool, String)>>,
    /// While the page is being printed: every folded section is open.
    pub printing: RwSignal<bool>,
    /// The results as they were when the user began typing in a number box. While the draft is
    /// invalid these are shown, not those of a valid keystroke on the way ("4" on the way to an
    /// invalid "40" must not replace the results of the 21 that was there).
    pub anchor: RwSignal<Option<Arc<Evaluated>>>,
    /// The draft behind [`Ctx::anchor`] (see [`Ctx::shown_draft`]).
    anchor_draft: StoredValue<Option<Value>>,
    /// The draft's values at the paths read in reactive code ([`Ctx::read`]), each behind a
    /// signal that changes only when its value does: a slider step reruns the few views of the
    /// fields it changed, not the hundred that read the draft.
    watched: StoredValue<Vec<Watch>>,
}

/// What changed in the draft since the watched paths were last compared with it.
#[derive(Debug, Clone, Default)]
enum Written {
    /// Nothing written through [`Ctx::write`] or [`Ctx::write_number`]: any path may have
    /// changed (the draft's first value, or a whole edit).
    #[default]
    Unknown,
    /// Only the values at or under these dotted paths (a number typed or dragged).
    Paths(Vec<String>),
    /// Anything (an edit of several parts, a scenario loaded).
    All,
}

impl Written {
    /// Adds the paths of one write.
    fn add<'a>(&mut self, paths: impl IntoIterator<Item = &'a str>) {
        match self {
            Written::Unknown => {
                *self = Written::Paths(paths.into_iter().map(str::to_owned).collect())
            }
            Written::Paths(list) => list.extend(paths.into_iter().map(str::to_owned)),
            Written::All => {}
        }
    }

    /// Whether the value at `watched` may have changed: it is, contains or lies under a path
    /// written.
    fn touches(&self, watched: &str) -> bool {
        let Written::Paths(list) = self else {
            return true;
        };
        let under = |inner: &str, outer: &str| {
            inner
                .strip_prefix(outer)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
        };
        list.iter().any(|p| under(watched, p) || under(p, watched))
    }
}

/// A path of the draft that reactive code reads, with the value it last had.
#[derive(Debug, Clone)]
struct Watch {
    /// The dotted path.
    path: String,
    /// The value at it (`None` where the draft has none), set when it changes.
    value: ArcRwSignal<Option<Value>>,
}

/// Where a field's value comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sourced {
    /// The preset entry (source, as-of date, note).
    pub entry: &'static Entry,
    /// Whether the user has changed the preset's value.
    pub edited: bool,
}

impl Ctx {
    /// Builds the state around a starting scenario (as JSON), evaluated by [`run`].
    pub fn new(lang: Lang, start: Value) -> Ctx {
        let mut start = start;
        localise_labels(&mut start, lang);
        let draft_rw = RwSignal::new(start);
        let draft = draft_rw.read_only();
        let written = StoredValue::new(Written::Unknown);
        let outcome = Memo::new(move |_| draft.with(run));
        let anchor: RwSignal<Option<Arc<Evaluated>>> = RwSignal::new(None);
        let unparsable: RwSignal<Vec<(String, Problem)>> = RwSignal::new(Vec::new());
        // While a box holds what the draft cannot take (an emptied box, "4x"), the results are
        // those from before the typing began, as for a value the core rejects.
        let shown = Memo::new(move |prev: Option<&Option<Arc<Evaluated>>>| {
            let held = unparsable.with(|list| !list.is_empty());
            outcome.with(|o| match o {
                Ok(e) if !held => Some(Arc::clone(e)),
                Ok(e) => anchor
                    .get()
                    .or_else(|| prev.cloned().flatten())
                    .or_else(|| Some(Arc::clone(e))),
                Err(_) => anchor.get().or_else(|| prev.cloned().flatten()),
            })
        });
        // Signals set when their value changes, not memos: a memo's readers are all marked on
        // every change of what it reads (each new result, each draft), and a hundred fields read
        // these two, which a slider step leaves as they were.
        let error = RwSignal::new(None::<Error>);
        Effect::new(move |_| {
            let now = outcome.with(|o| o.as_ref().err().cloned());
            if error.with_untracked(|e| *e != now) {
                error.set(now);
            }
        });
        let currencies = RwSignal::new(draft.with_untracked(currency_codes));
        Effect::new(move |_| {
            let now = draft.with(currency_codes);
            if currencies.with_untracked(|c| *c != now) {
                currencies.set(now);
            }
        });
        let watched: StoredValue<Vec<Watch>> = StoredValue::new(Vec::new());
        // One pass over the watched paths per change of the draft (over those at, above or under
        // the paths written, for a number typed or dragged); only a path whose value changed
        // notifies its readers.
        Effect::new(move |_| {
            draft.with(|v| {
                let written = written
                    .try_update_value(std::mem::take)
                    .unwrap_or(Written::All);
                watched.with_value(|list| {
                    for w in list.iter().filter(|w| written.touches(&w.path)) {
                        let now = value_at(v, &w.path);
                        if w.value.with_untracked(|old| old.as_ref() != now) {
                            w.value.set(now.cloned());
                        }
                    }
                })
            })
        });
        Ctx {
            lang: RwSignal::new(lang),
            draft,
            draft_rw,
            written,
            outcome,
            shown,
            error: error.read_only(),
            currencies: currencies.read_only(),
            fit: RwSignal::new(crate::charts::Fit::Wide),
            phone: RwSignal::new(false),
            verdict_away: RwSignal::new(false),
            unparsable,
            presets: RwSignal::new(default_presets()),
            reloads: RwSignal::new(0),
            followers: RwSignal::new(None),
            spread: RwSignal::new(None),
            suspect: RwSignal::new(Vec::new()),
            undo: RwSignal::new(None),
            pinned: RwSignal::new(None),
            pinned_scenario: RwSignal::new(None),
            notice: RwSignal::new(None),
            printing: RwSignal::new(false),
            anchor,
            anchor_draft: StoredValue::new(None),
            watched,
        }
    }

    /// The state from context.
    pub fn get() -> Ctx {
        expect_context::<Ctx>()
    }

    /// The value at a dotted path of the draft. Reactive code that calls it reruns when the
    /// value at this path changes, not on every change of the draft. (The value returned is
    /// the draft's own, also right after a write.)
    pub fn read(&self, path: &str) -> Option<Value> {
        let value = self.draft.with_untracked(|v| value_at(v, path).cloned());
        let known = self.watched.with_value(|list| {
            list.iter()
                .find(|w| w.path == path)
                .map(|w| w.value.clone())
        });
        match known {
            Some(signal) => signal.track(),
            None => {
                let signal = ArcRwSignal::new(value.clone());
                signal.track();
                self.watched.update_value(|list| {
                    list.push(Watch {
                        path: path.to_owned(),
                        value: signal,
                    })
                });
            }
        }
        value
    }

    /// Replaces the value at a dotted path of the draft (no-op if the path does not exist).
    pub fn write(&self, path: &str, value: Value) {
        let p = pointer(path);
        self.written.update_value(|w| w.add([path]));
        self.draft_rw.update(|v| {
            if let Some(slot) = v.pointer_mut(&p) {
                *slot = value;
            }
        });
    }

    /// Changes the draft in any way (several parts, an option added or taken out): every watched
    /// path is compared with it again.
    pub fn edit(&self, f: impl FnOnce(&mut Value)) {
        self.written.set_value(Written::All);
        self.draft_rw.update(f);
    }

    /// Replaces the draft whole.
    pub fn set_draft(&self, value: Value) {
        self.written.set_value(Written::All);
        self.draft_rw.set(value);
    }

    /// Writes a number typed or dragged at `path`. The service's GPU count carries along the
    /// batch windows and peaks that had the same count when the entry began: one GPU control
    /// for the whole load, unless the user set a window apart.
    pub fn write_number(&self, path: &str, value: Value) {
        if path != SERVICE_GPUS {
            self.write(path, value);
            return;
        }
        let followers = self
            .followers
            .get_untracked()
            .unwrap_or_else(|| self.draft.with_untracked(following_windows));
        self.written
            .update_value(|w| w.add(followers.iter().map(String::as_str).chain([SERVICE_GPUS])));
        self.draft_rw.update(|v| {
            for p in followers.iter().map(String::as_str).chain([SERVICE_GPUS]) {
                if let Some(slot) = v.pointer_mut(&pointer(p)) {
                    *slot = value.clone();
                }
            }
        });
    }

    /// Marks the field at `path` as holding a value the results name: `Some(free)` (a rent price
    /// of 0, or else a value that looks 1000 times off), `None` clears it.
    pub fn mark_suspect(&self, path: &str, flag: Option<bool>) {
        let known = self
            .suspect
            .with_untracked(|list| list.iter().find(|(p, _)| p == path).map(|(_, free)| *free));
        if flag != known {
            self.suspect.update(|list| {
                list.retain(|(p, _)| p != path);
                if let Some(free) = flag {
                    list.push((path.to_owned(), free));
                }
            });
        }
    }

    /// An entry in the service's GPU count begins (focus): which windows follow it is fixed
    /// until it ends, so typing "16" over an 8 does not collect a window of 1 on the way.
    pub fn begin_follow(&self) {
        self.followers
            .set(Some(self.draft.with_untracked(following_windows)));
    }

    /// The entry in the service's GPU count ends (blur).
    pub fn end_follow(&self) {
        self.followers.set(None);
    }

    /// Marks the field at `path` as holding text the draft cannot take (or clears the mark).
    pub fn mark_unparsable(&self, path: &str, problem: Option<Problem>) {
        let known = self.unparsable.with_untracked(|list| {
            list.iter()
                .find(|(p, _)| p == path)
                .map(|(_, problem)| *problem)
        });
        if problem != known {
            self.unparsable.update(|list| {
                list.retain(|(p, _)| p != path);
                if let Some(problem) = problem {
                    list.push((path.to_owned(), problem));
                }
            });
        }
    }

    /// Loads preset `p` into the option at `prefix` (`own` or `rent.N`) and remembers it.
    pub fn load_preset(&self, prefix: &str, p: &'static Preset) {
        self.attach_preset(prefix, p, Preset::apply);
    }

    /// Writes preset `p` into the option at `prefix` with `write` (all of it, or its billing)
    /// and remembers it as the option's preset.
    fn attach_preset(
        &self,
        prefix: &str,
        p: &'static Preset,
        write: fn(&Preset, &mut Value) -> gpu_tco_core::Result<()>,
    ) {
        let pointer = pointer(prefix);
        self.edit(|v| {
            if let Some(option) = v.pointer_mut(&pointer) {
                // The data tests guarantee every key exists; a failure leaves the option as it was.
                let mut copy = option.clone();
                if write(p, &mut copy).is_ok() {
                    *option = copy;
                }
            }
            localise_labels(v, self.lang.get_untracked());
        });
        self.presets.update(|list| {
            list.retain(|(k, _)| k != prefix);
            list.push((prefix.to_owned(), p));
        });
    }

    /// Rent option `index` is billed in `mode` from now on. When the option still carries its
    /// preset's name and the catalogue has the same offer billed that way
    /// ([`Preset::billed_as`]), that preset's name and billing replace them and it becomes
    /// the option's preset (the offer's other figures stay as they are, typed or not): "AWS
    /// p5en on-demand, always on" switched to start/stop is "AWS p5en on-demand, start/stop",
    /// not an always-on name on a start/stop bill. Without such a preset, the mode's template
    /// is written and the name says the billing and where the other figures come from
    /// ("Bare metal, monthly – figures from “AWS p5en on-demand, always on”"); switched
    /// back to the preset's own mode, the preset's name returns. An option named by the user
    /// keeps its name and gets the mode's template.
    pub fn set_billing_mode(&self, index: usize, mode: Mode) {
        let prefix = format!("rent.{index}");
        let label = format!("{prefix}.label");
        let lang = self.lang.get_untracked();
        // The preset the option is named for: its name, or the name a switch below gave it.
        let named = self
            .preset_of(&prefix)
            .filter(|p| self.draft.with_untracked(|v| carries_name(v, &prefix, p)));
        let Some(p) = named else {
            self.write(&format!("{prefix}.billing"), mode.template());
            return;
        };
        // The same offer's preset for this mode (the preset itself, switched back to its own).
        let target = if p.billing_mode().as_deref() == Some(mode.tag()) {
            Some(p)
        } else {
            p.billed_as(mode.tag())
        };
        match target {
            Some(target) => self.attach_preset(&prefix, target, Preset::apply_billing),
            // No preset of the offer is billed this way: the name says the new billing and
            // where the other figures come from ("AWS p5en reservation + 3-year Savings Plan"
            // billed as spot read as that plan).
            None => {
                let name = billed_as_name(lang, mode, p);
                self.edit(|v| {
                    if let Some(slot) = v.pointer_mut(&pointer(&format!("{prefix}.billing"))) {
                        *slot = mode.template();
                    }
                    if let Some(slot) = v.pointer_mut(&pointer(&label)) {
                        *slot = Value::String(name);
                    }
                });
            }
        }
    }

    /// Replaces the whole scenario (from a link or a file). Presets stay attached only to the
    /// options that still carry their preset's name.
    pub fn replace_scenario(&self, value: Value) {
        let mut value = value;
        // A file from before the switching fields reads as a new workload with no date; the
        // draft gets the fields so that the inputs can set them.
        if let Some(root) = value.as_object_mut() {
            root.entry("switching")
                .or_insert_with(|| json!({"from_rent": null, "start_date": null}));
        }
        localise_labels(&mut value, self.lang.get_untracked());
        self.presets.update(|list| {
            list.retain(|(prefix, p)| {
                names_option(p, value.pointer(&pointer(&format!("{prefix}.label"))))
            })
        });
        self.set_draft(value);
        self.reloads.update(|n| *n += 1);
    }

    /// Loads a share link: its scenario, with the presets its options were chosen from.
    pub fn load_link(&self, link: gpu_tco_core::share::Link) {
        self.replace_scenario(link.scenario);
        self.presets.set(link.presets);
    }

    /// The share-link fragment of the draft now (not tracked).
    pub fn link_now(&self) -> String {
        self.presets.with_untracked(|presets| {
            self.draft
                .with_untracked(|v| link_fragment(v, presets.as_slice()))
        })
    }

    /// Switches the page's language, with the preset names of the options.
    pub fn set_lang(&self, lang: Lang) {
        self.lang.set(lang);
        self.edit(|v| localise_labels(v, lang));
        // While an entry falls back to the results from before it, those name their presets in
        // the page's language too (the draft's names change above, the anchor's did not).
        if self.anchor.with_untracked(Option::is_some) {
            self.anchor.update(|a| {
                if let Some(ev) = a {
                    *ev = Arc::new(localised(ev, lang));
                }
            });
            self.anchor_draft.update_value(|d| {
                if let Some(v) = d {
                    localise_labels(v, lang);
                }
            });
        }
        // The pinned A names its presets in the page's language too, as B does.
        if self.pinned.with_untracked(Option::is_some) {
            self.pinned.update(|p| {
                if let Some(ev) = p {
                    *ev = Arc::new(localised(ev, lang));
                }
            });
        }
    }

    /// Keeps a chosen hybrid in the draft (own `own_gpus` GPUs, the overflow on rent option
    /// `rent`), or with `None` takes it out, so the scenario is as it was before.
    pub fn set_hybrid(&self, hybrid: Option<(u32, usize)>) {
        self.edit(|v| {
            if let Some(root) = v.as_object_mut() {
                match hybrid {
                    Some((own_gpus, rent)) => {
                        root.insert(
                            "hybrid".to_owned(),
                            json!({"own_gpus": own_gpus, "rent": rent}),
                        );
                    }
                    None => {
                        root.remove("hybrid");
                    }
                }
            }
        });
    }

    /// Forgets the preset of rent option `index` and renumbers the ones after it.
    pub fn forget_rent(&self, index: usize) {
        self.presets.update(|list| {
            list.retain(|(k, _)| *k != format!("rent.{index}"));
            for (k, _) in list.iter_mut() {
                if let Some(n) = k
                    .strip_prefix("rent.")
                    .and_then(|n| n.parse::<usize>().ok())
                    && n > index
                {
                    *k = format!("rent.{}", n - 1);
                }
            }
        });
    }

    /// The preset the option at `prefix` was loaded from.
    pub fn preset_of(&self, prefix: &str) -> Option<&'static Preset> {
        self.presets
            .with(|list| list.iter().find(|(k, _)| k == prefix).map(|(_, p)| *p))
    }

    /// The preset entry behind `path` and the preset's value there (reads only the presets, so
    /// a field's memo over it does not rerun on every input change).
    pub fn preset_value(&self, path: &str) -> Option<(&'static Entry, Option<Value>)> {
        let (prefix, key) = split_option(path)?;
        let preset = self.preset_of(&prefix)?;
        // A field inside a preset's object (billing.price_ratio) is sourced by the object.
        let mut k = key;
        let entry = loop {
            if let Some(entry) = preset.entry(k) {
                break entry;
            }
            k = k.rsplit_once('.')?.0;
        };
        let rest = key[k.len()..].trim_start_matches('.');
        let value = entry.value.to_json().ok().and_then(|v| {
            if rest.is_empty() {
                Some(v)
            } else {
                v.pointer(&pointer(rest)).cloned()
            }
        });
        Some((entry, value))
    }

    /// Where the value at `path` comes from, if a preset set it.
    pub fn source_of(&self, path: &str) -> Option<Sourced> {
        let (entry, preset_value) = self.preset_value(path)?;
        Some(Sourced {
            entry,
            edited: is_edited(preset_value.as_ref(), self.read(path).as_ref()),
        })
    }

    /// A number box got the focus: its results so far are what an invalid entry falls back to.
    pub fn begin_entry(&self) {
        if self.outcome.with_untracked(Result::is_ok)
            && self.unparsable.with_untracked(Vec::is_empty)
        {
            self.anchor.set(self.shown.get_untracked());
            self.anchor_draft
                .set_value(Some(self.draft.get_untracked()));
        }
    }

    /// A number box lost the focus: once the draft is valid, nothing to fall back to.
    pub fn end_entry(&self) {
        if self.outcome.with_untracked(Result::is_ok)
            && self.unparsable.with_untracked(Vec::is_empty)
        {
            self.anchor.set(None);
            self.anchor_draft.set_value(None);
        }
    }

    /// The link of the scenario whose results the page shows: the draft's while it is valid and
    /// no box holds text it cannot take; while an entry falls back to the results from before
    /// it began, the link from then (a box left at "1.5" or "17" after a valid "1" on the way
    /// must not send a link to results the page never showed); otherwise none, as a link only
    /// ever holds a scenario that loads.
    pub fn shown_link(&self) -> Option<String> {
        if self.entry_held() {
            let anchor = self.anchor_draft.get_value()?;
            Some(
                self.presets
                    .with_untracked(|presets| link_fragment(&anchor, presets.as_slice())),
            )
        } else {
            Some(self.link_now())
        }
    }

    /// The draft whose results the page shows (tracked): the draft, or while an entry falls
    /// back to the results from before it, the draft from then. The sections loaded on demand
    /// and the printout evaluate this one, so that they never show a keystroke on the way
    /// ("400000" of "400000x") beside results that leave it out.
    pub fn shown_draft(&self) -> Value {
        self.outcome.track();
        self.unparsable.track();
        if self.entry_held()
            && let Some(anchor) = self.anchor_draft.get_value()
        {
            self.draft.track();
            return anchor;
        }
        self.draft.get()
    }

    /// Whether a box holds an entry that the results on screen leave out.
    pub fn entry_held(&self) -> bool {
        self.outcome.with_untracked(Result::is_err)
            || self.unparsable.with_untracked(|list| !list.is_empty())
    }

    /// Whether the results on screen are not those of what the inputs show.
    pub fn is_stale(&self) -> bool {
        self.error.with(Option::is_some) || self.unparsable.with(|list| !list.is_empty())
    }

    /// The message for the field at `path`, if the core rejected it.
    pub fn error_at(&self, path: &str) -> Option<Error> {
        self.error
            .with(|e| e.as_ref().filter(|e| e.path() == path).cloned())
    }
}

/// Dotted path of the service window's GPU count.
pub const SERVICE_GPUS: &str = "calendar.service.gpus";

/// Dotted paths of the `gpus` of each batch window and peak with the service's GPU count.
pub fn following_windows(v: &Value) -> Vec<String> {
    let service = v.pointer("/calendar/service/gpus");
    let mut out = Vec::new();
    for list in ["batch", "peaks"] {
        if let Some(items) = v
            .pointer(&format!("/calendar/{list}"))
            .and_then(Value::as_array)
        {
            for (i, item) in items.iter().enumerate() {
                if service.is_some() && item.get("gpus") == service {
                    out.push(format!("calendar.{list}.{i}.gpus"));
                }
            }
        }
    }
    out
}

/// The presets the default scenario is made of.
pub fn default_presets() -> Vec<(String, &'static Preset)> {
    let mut list: Vec<(String, &'static Preset)> = Vec::new();
    if let Some(p) = preset(DEFAULT_OWN) {
        list.push(("own".to_owned(), p));
    }
    for (i, id) in DEFAULT_RENT.iter().enumerate() {
        if let Some(p) = preset(id) {
            list.push((format!("rent.{i}"), p));
        }
    }
    list
}

/// `own.energy.pue` → (`own`, `energy.pue`); `rent.2.price` → (`rent.2`, `price`).
pub(crate) fn split_option(path: &str) -> Option<(String, &str)> {
    if let Some(key) = path.strip_prefix("own.") {
        return Some(("own".to_owned(), key));
    }
    let rest = path.strip_prefix("rent.")?;
    let (index, key) = rest.split_once('.')?;
    Some((format!("rent.{index}"), key))
}

/// Whether a field's value differs from its preset's.
pub fn is_edited(preset: Option<&Value>, current: Option<&Value>) -> bool {
    match (preset, current) {
        (Some(a), Some(b)) => !same_value(a, b),
        _ => true,
    }
}

/// Equal JSON values, decimals compared by value (`"0.50"` equals `"0.5"`).
fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) => {
            match (x.parse::<Decimal>(), y.parse::<Decimal>()) {
                (Ok(x), Ok(y)) => x == y,
                _ => x == y,
            }
        }
        _ => a == b,
    }
}

/// After rent option `removed` left the draft `v`: a hybrid on it goes too, and one on a later
/// option follows it to its new index; so does the option the load runs on today (on the removed
/// one: nowhere).
pub fn renumber_references(v: &mut Value, removed: usize) {
    renumber_ranges(v, removed);
    let index = |v: &Value, p: &str| {
        v.pointer(p)
            .and_then(Value::as_u64)
            .and_then(|r| usize::try_from(r).ok())
    };
    if let Some(from) = index(v, "/switching/from_rent")
        && let Some(slot) = v.pointer_mut("/switching/from_rent")
    {
        *slot = match from.cmp(&removed) {
            std::cmp::Ordering::Equal => Value::Null,
            std::cmp::Ordering::Greater => Value::from(from - 1),
            std::cmp::Ordering::Less => Value::from(from),
        };
    }
    let Some(rent) = index(v, "/hybrid/rent") else {
        return;
    };
    if rent == removed {
        if let Some(root) = v.as_object_mut() {
            root.remove("hybrid");
        }
    } else if rent > removed
        && let Some(slot) = v.pointer_mut("/hybrid/rent")
    {
        *slot = Value::from(rent - 1);
    }
}

/// The ranges on rent option `removed` go with it and those on later options move up
/// (`Ranges::remove_rent`). Ranges the core cannot read are left for its check to name.
fn renumber_ranges(v: &mut Value, removed: usize) {
    let Some(slot) = v.get_mut("ranges") else {
        return;
    };
    if let Ok(mut ranges) = gpu_tco_core::ranges::Ranges::from_value_ref(slot) {
        ranges.remove_rent(removed);
        if let Ok(moved) = serde_json::to_value(&ranges) {
            *slot = moved;
        }
    }
}

/// Whether preset `p` still names an option whose label is `label`: its name is there, in
/// either language.
fn names_option(p: &Preset, label: Option<&Value>) -> bool {
    let label = label
        .and_then(Value::as_str)
        .map(|l| gpu_tco_core::presets::preset_label(l, false).unwrap_or(l));
    p.entry("label")
        .and_then(|e| e.value.to_json().ok())
        .is_some_and(|l| l.as_str() == label)
}

/// Whether the option at `prefix` in draft `v` is named for preset `p`: its name, or the name
/// [`Ctx::set_billing_mode`] gave it for its billing now (in either language: the page's may
/// have been switched since).
fn carries_name(v: &Value, prefix: &str, p: &Preset) -> bool {
    let label = v.pointer(&pointer(&format!("{prefix}.label")));
    if names_option(p, label) {
        return true;
    }
    let mode = v
        .pointer(&pointer(&format!("{prefix}.billing.mode")))
        .and_then(Value::as_str)
        .and_then(Mode::from_tag);
    let label = label.and_then(Value::as_str);
    mode.is_some_and(|m| {
        [Lang::En, Lang::De]
            .into_iter()
            .any(|l| label == Some(billed_as_name(l, m, p).as_str()))
    })
}

/// The name of an option from preset `p` billed in `mode`, which no preset of its offer is:
/// the billing, then where the other figures come from (cut at the model's limit).
fn billed_as_name(lang: Lang, mode: Mode, p: &Preset) -> String {
    // The name the preset gives an option (its `label` entry), in the page's language.
    let label = p
        .entry("label")
        .and_then(|e| e.value.to_json().ok())
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    let preset = gpu_tco_core::presets::preset_label(&label, lang == Lang::De).unwrap_or(&label);
    let template = lang
        .t()
        .mode_with_figures_of()
        .replace("{mode}", crate::i18n::mode_name(lang, mode));
    // Over the limit, the preset's name is cut at the last word that fits, with an ellipsis
    // inside its quotes.
    let room =
        gpu_tco_core::MAX_LABEL.saturating_sub(template.replace("{name}", "").chars().count());
    if preset.chars().count() <= room {
        return template.replace("{name}", preset);
    }
    let head: String = preset.chars().take(room.saturating_sub(1)).collect();
    let head = head.rsplit_once(' ').map_or(head.as_str(), |(h, _)| h);
    template.replace("{name}", &format!("{}…", head.trim_end_matches([',', ' '])))
}

/// The default scenario (the worked example) in its JSON form.
pub fn default_value() -> Value {
    serde_json::from_str(gpu_tco_core::DEFAULT_JSON).unwrap_or(Value::Null)
}

/// Reads, checks and evaluates a scenario given as JSON (as the page does its draft).
///
/// # Errors
///
/// The core's error for a scenario it does not accept.
pub fn run(v: &Value) -> Result<Arc<Evaluated>, Error> {
    let mut scenario = Scenario::from_value_ref(v)?;
    starts_today(&mut scenario);
    // Checked once more than the reader's own check, as the start date may have changed. The
    // share chart's curve is computed when it is drawn ([`Evaluated::curve`]): the embed, which
    // draws none, carries none of its code.
    let report = scenario.check()?.evaluate()?;
    Ok(Arc::new(Evaluated::new(scenario, report)))
}

/// A scenario without a start date starts today (the date the EU Data Act's switching rule is
/// read against); the draft and the link keep it empty, so a link does not fix the day it was
/// made.
pub fn starts_today(scenario: &mut Scenario) {
    if scenario.switching.start_date.is_none() {
        scenario.switching.start_date = Some(crate::fmt::today_iso());
    }
}

/// The currency code and price unit (`gpu_hour`, …; empty for own) of `own` and of each rent
/// option, in that order.
fn currency_codes(v: &Value) -> Vec<(String, String)> {
    let code = |o: &Value| {
        (
            o["currency"].as_str().unwrap_or_default().to_owned(),
            o["price_unit"].as_str().unwrap_or_default().to_owned(),
        )
    };
    std::iter::once(code(&v["own"]))
        .chain(v["rent"].as_array().into_iter().flatten().map(code))
        .collect()
}

/// The option a field path belongs to: `own` 0, `rent.N` N + 1 (the order of
/// [`Ctx::currencies`], and rent option N + 1 as the page numbers them).
pub fn option_index(path: &str) -> Option<usize> {
    match split_option(path)?.0.split_once('.') {
        None => Some(0),
        Some((_, i)) => i.parse::<usize>().ok().map(|i| i + 1),
    }
}

/// Writes the options' preset names (`own.label`, `rent.N.label`) in `lang`; a name the user
/// gave stays as it is.
pub fn localise_labels(v: &mut Value, lang: Lang) {
    let fix = |slot: Option<&mut Value>| {
        if let Some(Value::String(name)) = slot {
            localise_name(name, lang);
        }
    };
    fix(v.pointer_mut("/own/label"));
    if let Some(Value::Array(options)) = v.pointer_mut("/rent") {
        for o in options {
            fix(o.get_mut("label"));
        }
    }
}

/// A preset's name in `lang` (a name of the user's own stays as it is).
fn localise_name(name: &mut String, lang: Lang) {
    if let Some(local) = gpu_tco_core::presets::preset_label(name, lang == Lang::De)
        && local != name
    {
        local.clone_into(name);
    }
}

/// An evaluation with its options' preset names in `lang` (the pinned A after a language
/// switch): the scenario's labels and the report's, which are the same names.
pub fn localised(ev: &Evaluated, lang: Lang) -> Evaluated {
    let fix = |name: &mut String| localise_name(name, lang);
    let mut ev = ev.clone();
    fix(&mut ev.scenario.own.label);
    for o in &mut ev.scenario.rent {
        fix(&mut o.label);
    }
    let r = &mut ev.report;
    fix(&mut r.own.costs.label);
    for x in &mut r.rent {
        fix(&mut x.costs.label);
    }
    for a in [&mut r.answers.holds_capacity, &mut r.answers.accepts_risk]
        .into_iter()
        .flatten()
    {
        fix(&mut a.label);
    }
    if let Some(h) = &mut r.hybrid {
        fix(&mut h.rent_label);
    }
    ev
}

/// The share-link fragment of a draft and the presets its options were chosen from. Preset
/// names go in English, as the default scenario has them, so a link is the same from either
/// language and leaves unchanged names out.
pub fn link_fragment(v: &Value, presets: &[(String, &'static Preset)]) -> String {
    let mut neutral = v.clone();
    localise_labels(&mut neutral, Lang::En);
    gpu_tco_core::share::link_to_fragment(&neutral, presets)
}

/// The value at a dotted path (`rent.0.price`), as `v.pointer(&pointer(path))` finds it but
/// without building the pointer or unescaping its tokens (a dotted path has no `/` or `~`): the
/// watched paths are looked up on every change of the draft.
pub fn value_at<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(v, |v, part| match v {
        Value::Object(map) => map.get(part),
        // An index as a JSON pointer reads one: digits only, no leading zero.
        Value::Array(list) => {
            let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
            (digits && (part == "0" || !part.starts_with('0')))
                .then(|| part.parse::<usize>().ok())
                .flatten()
                .and_then(|i| list.get(i))
        }
        _ => None,
    })
}

/// A dotted path (`rent.0.price`) as a JSON pointer (`/rent/0/price`).
pub fn pointer(path: &str) -> String {
    let mut p = String::with_capacity(path.len() + 1);
    for part in path.split('.') {
        p.push('/');
        p.push_str(part);
    }
    p
}

/// A stable element id for a path: `f-rent-0-price`.
pub fn field_id(path: &str) -> String {
    format!("f-{}", path.replace('.', "-"))
}

/// Reads a number as the user typed it in `lang` (`1.234,5` in German, `1,234.5` in English,
/// a plain `0.19` in either) into the plain form the scenario stores; `None` if it is not one.
pub fn parse_number(text: &str, lang: Lang) -> Option<String> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\u{2060}' | '\'' | '_'))
        // The minus sign the page writes its figures with, copied into a box.
        .map(|c| if c == crate::fmt::MINUS { '-' } else { c })
        .collect();
    let (group, decimal) = match lang {
        Lang::De => ('.', ','),
        Lang::En => (',', '.'),
    };
    // Group marks only where they group: before the decimal mark, 1 to 3 digits then threes
    // ("1.2.3", "63..2", "63,296.5" on the German page are not numbers: read as 123, 632 and
    // 63.2965 they were a thousand times off, or more, without a word).
    let in_threes = |int: &str| {
        let int = int.strip_prefix(['-', '+']).unwrap_or(int);
        let mut groups = int.split(group);
        let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
        groups
            .next()
            .is_some_and(|g| (1..=3).contains(&g.len()) && digits(g))
            && groups.all(|g| g.len() == 3 && digits(g))
    };
    let plain: String = if let Some((int, frac)) = cleaned.split_once(decimal) {
        if frac.contains([decimal, group]) || (int.contains(group) && !in_threes(int)) {
            return None;
        }
        format!("{}.{frac}", int.replace(group, ""))
    } else if cleaned.matches(group).count() == 1
        && cleaned.split(group).nth(1).is_some_and(|f| f.len() != 3)
    {
        // A single group mark not followed by three digits is the other decimal mark, not
        // grouping: "0.19" on the German page, "22,5" on the English one.
        cleaned.replace(group, ".")
    } else if cleaned.contains(group) && !in_threes(&cleaned) {
        return None;
    } else {
        cleaned.replace(group, "")
    };
    // Stored in the plain form the scenario JSON uses (`1e5` becomes `100000`).
    plain
        .strip_prefix('+')
        .unwrap_or(&plain)
        .parse::<Decimal>()
        .ok()
        .map(|d| d.to_string())
}

/// What is wrong with the text of a number box that the draft cannot take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// The box is empty.
    Empty,
    /// Not a number.
    NotNumber,
    /// Not a whole number of 0 or more, where the field takes one.
    NotWhole,
}

/// The value a number box's text stands for in `lang`, as the draft stores it: a JSON number
/// for a whole-number field, the plain decimal text otherwise.
///
/// # Errors
/// The [`Problem`] with the text; then the draft keeps the field's last good value.
pub fn read_entry(text: &str, lang: Lang, integer: bool) -> Result<Value, Problem> {
    if text.trim().is_empty() {
        return Err(Problem::Empty);
    }
    let plain = parse_number(text, lang).ok_or(Problem::NotNumber)?;
    if integer {
        // "3.0" is 3; "-5" and "2.5" are not a count.
        let d: Decimal = plain.parse().map_err(|_| Problem::NotNumber)?;
        if d.is_sign_negative() || d.fract() != Decimal::ZERO {
            return Err(Problem::NotWhole);
        }
        return d
            .normalize()
            .to_string()
            .parse::<u64>()
            .map(Value::from)
            .map_err(|_| Problem::NotWhole);
    }
    Ok(Value::String(plain))
}

/// Two readings of a typed number whose one separator could be either the decimal mark or a
/// thousands group ("63.296" is 63,296 on a German page, as AWS writes 63.296 USD per hour;
/// "1,250" is 1250 on an English page and 1.25 on a German one): the reading `lang` gives it
/// first, then the other, as plain numbers. `None` when the text has one reading only.
pub fn ambiguous(text: &str, lang: Lang) -> Option<(String, String)> {
    let t = text.trim();
    let t = t.strip_prefix('-').unwrap_or(t);
    let (int, frac) = t.split_once(['.', ','])?;
    let one_of_each = int.len() <= 3
        && !int.starts_with('0')
        && !int.is_empty()
        && frac.len() == 3
        && int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit());
    if !one_of_each {
        return None;
    }
    let this = parse_number(text, lang)?
        .parse::<Decimal>()
        .ok()?
        .normalize()
        .to_string();
    let grouped = format!("{int}{frac}");
    let decimal = format!("{int}.{frac}")
        .parse::<Decimal>()
        .ok()?
        .normalize()
        .to_string();
    let sign = if text.trim().starts_with(['-', crate::fmt::MINUS]) {
        "-"
    } else {
        ""
    };
    let (grouped, decimal) = (format!("{sign}{grouped}"), format!("{sign}{decimal}"));
    let other = if this == grouped { decimal } else { grouped };
    Some((this, other))
}

/// A stored number as the user should see it in an input field: the locale's decimal mark and,
/// from 10,000 up, its thousands grouping (`319,000` / `319.000`), which [`parse_number`] reads
/// back to the same value. Anything that is not a plain number is shown as stored.
pub fn display_number(v: &Value, lang: Lang) -> String {
    let s = match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    let group = match lang {
        Lang::De => '.',
        Lang::En => ',',
    };
    grouped(&s, lang, group, 5).unwrap_or_else(|| match lang {
        Lang::De => s.replace('.', ","),
        Lang::En => s,
    })
}

/// A plain number (`-1234.5`) with `lang`'s decimal mark and its whole part split into groups
/// of three by `group` once it has `from` digits or more; `None` if `plain` is not one.
pub fn grouped(plain: &str, lang: Lang, group: char, from: usize) -> Option<String> {
    let (sign, rest) = match plain.strip_prefix('-') {
        Some(r) => ("-", r),
        None => ("", plain),
    };
    let (int, frac) = rest.split_once('.').unwrap_or((rest, ""));
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut out = String::with_capacity(plain.len() + int.len() / 3 * group.len_utf8());
    out.push_str(sign);
    for (i, c) in int.chars().enumerate() {
        if int.len() >= from && i > 0 && (int.len() - i) % 3 == 0 {
            out.push(group);
        }
        out.push(c);
    }
    if !frac.is_empty() {
        out.push(match lang {
            Lang::De => ',',
            Lang::En => '.',
        });
        out.push_str(frac);
    }
    Some(out)
}

/// The billing modes, by their JSON tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `always_on`.
    AlwaysOn,
    /// `reserved`.
    Reserved,
    /// `start_stop`.
    StartStop,
    /// `savings_plan`.
    SavingsPlan,
    /// `reserved_savings_plan`.
    ReservedSavingsPlan,
    /// `spot_batch`.
    SpotBatch,
    /// `capacity_block`.
    CapacityBlock,
    /// `monthly`.
    Monthly,
    /// `cheapest_plan`.
    CheapestPlan,
}

impl Mode {
    /// Every mode, in the order of the select.
    pub const ALL: [Mode; 9] = [
        Mode::CheapestPlan,
        Mode::AlwaysOn,
        Mode::Reserved,
        Mode::StartStop,
        Mode::SavingsPlan,
        Mode::ReservedSavingsPlan,
        Mode::SpotBatch,
        Mode::CapacityBlock,
        Mode::Monthly,
    ];

    /// The JSON tag.
    pub fn tag(self) -> &'static str {
        match self {
            Mode::AlwaysOn => "always_on",
            Mode::Reserved => "reserved",
            Mode::StartStop => "start_stop",
            Mode::SavingsPlan => "savings_plan",
            Mode::ReservedSavingsPlan => "reserved_savings_plan",
            Mode::SpotBatch => "spot_batch",
            Mode::CapacityBlock => "capacity_block",
            Mode::Monthly => "monthly",
            Mode::CheapestPlan => "cheapest_plan",
        }
    }

    /// The mode of a billing the core read.
    pub fn of(billing: &Billing) -> Mode {
        match billing {
            Billing::AlwaysOn => Mode::AlwaysOn,
            Billing::Reserved => Mode::Reserved,
            Billing::StartStop { .. } => Mode::StartStop,
            Billing::SavingsPlan { .. } => Mode::SavingsPlan,
            Billing::ReservedSavingsPlan { .. } => Mode::ReservedSavingsPlan,
            Billing::SpotBatch { .. } => Mode::SpotBatch,
            Billing::CapacityBlock { .. } => Mode::CapacityBlock,
            Billing::Monthly { .. } => Mode::Monthly,
            Billing::CheapestPlan { .. } => Mode::CheapestPlan,
        }
    }

    /// The mode of a JSON tag.
    pub fn from_tag(tag: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.tag() == tag)
    }

    /// The billing object a newly chosen mode starts with (the documented defaults; prices
    /// for spot and blocks start at the AWS p5en figures of PRICES.md).
    pub fn template(self) -> Value {
        let overhead = gpu_tco_core::DEFAULT_START_OVERHEAD_HOURS.to_string();
        match self {
            Mode::AlwaysOn | Mode::Reserved => json!({ "mode": self.tag() }),
            Mode::StartStop => json!({ "mode": self.tag(), "start_overhead_hours": overhead }),
            Mode::SavingsPlan => json!({
                "mode": self.tag(), "term_years": 3, "price_ratio": "0.43",
                "commitment_instances": null, "start_overhead_hours": overhead
            }),
            Mode::ReservedSavingsPlan => {
                json!({ "mode": self.tag(), "term_years": 3, "price_ratio": "0.43" })
            }
            Mode::SpotBatch => json!({
                "mode": self.tag(), "spot_price": "25", "rework_percent": "10",
                "service": { "mode": "start_stop", "start_overhead_hours": overhead }
            }),
            Mode::CapacityBlock => json!({
                "mode": self.tag(), "block_days": 7, "blocks_per_year": 12, "block_price": "41.612"
            }),
            Mode::Monthly => json!({
                "mode": self.tag(), "setup_fee_per_instance": "0", "minimum_term_months": 12
            }),
            // The AWS p5en 3-year plan of PRICES.md; "no plan" sets both to null.
            Mode::CheapestPlan => json!({
                "mode": self.tag(), "start_overhead_hours": overhead,
                "term_years": 3, "price_ratio": "0.43"
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An option billed in a mode its preset's offer has no preset for is named for the billing
    /// and the preset its figures come from, in the page's language, within the model's limit.
    #[test]
    fn an_option_billed_another_way_says_so_in_its_name() {
        let p = preset("aws-p5en-on-demand").expect("the preset");
        assert_eq!(
            billed_as_name(Lang::En, Mode::Monthly, p),
            "Bare metal, monthly – figures from “AWS p5en on-demand, always on”"
        );
        assert_eq!(
            billed_as_name(Lang::De, Mode::Monthly, p),
            "Bare Metal, monatlich – Werte aus „AWS p5en On-Demand, immer an“"
        );
        // A longer name is cut at a word, with an ellipsis, within the model's limit.
        let p = preset("aws-p5en-reserved-savings-plan-3y").expect("the preset");
        let cut = billed_as_name(Lang::En, Mode::CheapestPlan, p);
        assert!(cut.chars().count() <= gpu_tco_core::MAX_LABEL, "{cut}");
        assert!(
            cut.starts_with("Cheapest plan for the load – figures from “AWS p5en")
                && cut.ends_with("…”")
                && !cut.ends_with(" …”"),
            "{cut}"
        );
    }

    /// The pinned A in German after a switch: every preset name, in the scenario and in the
    /// report (the comparison's "cheapest rent option" among them), and back to English.
    #[test]
    fn a_pinned_scenario_follows_the_language() {
        let en = crate::first::chart_views::tests::default_evaluated();
        let de = localised(&en, Lang::De);
        let german = |name: &str| {
            gpu_tco_core::presets::preset_label(name, true)
                .unwrap_or(name)
                .to_owned()
        };
        assert_eq!(
            de.report.own.costs.label,
            german(&en.report.own.costs.label)
        );
        assert_ne!(de.report.own.costs.label, en.report.own.costs.label);
        for (d, e) in de.report.rent.iter().zip(&en.report.rent) {
            assert_eq!(d.costs.label, german(&e.costs.label));
        }
        let (_, cheapest) = de.report.cheapest_rent().expect("a cheapest option");
        assert!(
            cheapest.costs.label.contains("je GPU"),
            "{}",
            cheapest.costs.label
        );
        assert_eq!(de.scenario.rent[4].label, de.report.rent[4].costs.label);
        assert_eq!(localised(&de, Lang::En), en);
    }

    /// `value_at` finds what the JSON pointer finds, for every path of the default draft and
    /// for paths that are not there (a key under a number, an index past the end, "01", "+1").
    #[test]
    fn a_dotted_path_reads_as_its_pointer() {
        fn paths(v: &Value, at: &str, out: &mut Vec<String>) {
            out.push(at.to_owned());
            let join = |k: &str| {
                if at.is_empty() {
                    k.to_owned()
                } else {
                    format!("{at}.{k}")
                }
            };
            match v {
                Value::Object(map) => map.iter().for_each(|(k, x)| paths(x, &join(k), out)),
                Value::Array(list) => list
                    .iter()
                    .enumerate()
                    .for_each(|(i, x)| paths(x, &join(&i.to_string()), out)),
                _ => {}
            }
        }
        let draft = serde_json::to_value(gpu_tco_core::Scenario::default()).expect("a draft");
        let mut all = Vec::new();
        paths(&draft, "", &mut all);
        all.retain(|p| !p.is_empty());
        assert!(all.len() > 200, "{}", all.len());
        all.extend(
            [
                "rent.6.price",
                "rent.01.price",
                "rent.+1.price",
                "rent.-1",
                "rent.0.price.x",
                "own.x",
                "",
                "rent..price",
            ]
            .map(String::from),
        );
        for p in &all {
            assert_eq!(value_at(&draft, p), draft.pointer(&pointer(p)), "{p}");
        }
        assert_eq!(
            value_at(&draft, "rent.1.gpus_per_instance"),
            Some(&json!(8))
        );
    }

    #[test]
    fn a_removed_option_takes_its_hybrid_along_and_renumbers_later_ones() {
        let mut v = json!({
            "rent": [1, 2, 3],
            "hybrid": {"own_gpus": 4, "rent": 2},
            "switching": {"from_rent": 2, "start_date": null}
        });
        renumber_references(&mut v, 0);
        assert_eq!(v["hybrid"], json!({"own_gpus": 4, "rent": 1}));
        assert_eq!(v["switching"]["from_rent"], json!(1));
        renumber_references(&mut v, 2);
        assert_eq!(v["hybrid"]["rent"], json!(1));
        assert_eq!(v["switching"]["from_rent"], json!(1));
        renumber_references(&mut v, 1);
        assert!(v.get("hybrid").is_none());
        assert_eq!(v["switching"]["from_rent"], Value::Null);
        renumber_references(&mut v, 0);
        assert!(v.get("hybrid").is_none());
    }

    #[test]
    fn ranges_follow_a_removed_option() {
        let mut v = json!({
            "rent": [1, 2, 3],
            "ranges": {
                "inputs": {
                    "server_price": {"low": "1", "high": "2"},
                    "rent_tariff.0": {"low": "1", "high": "2"},
                    "rent_tariff.1": {"low": "1", "high": "2"},
                    "cloud_price_change.2": {"low": "-25", "high": "0"}
                },
                "ties": [["server_price", "rent_tariff.1"], ["rent_tariff.0", "cloud_price_change.2"]]
            }
        });
        renumber_references(&mut v, 0);
        assert_eq!(
            v["ranges"],
            json!({
                "inputs": {
                    "server_price": {"low": "1", "high": "2"},
                    "rent_tariff.0": {"low": "1", "high": "2"},
                    "cloud_price_change.1": {"low": "-25", "high": "0"}
                },
                "ties": [["server_price", "rent_tariff.0"]]
            })
        );
    }

    #[test]
    fn entries_the_draft_cannot_take() {
        assert_eq!(read_entry("", Lang::En, false), Err(Problem::Empty));
        assert_eq!(read_entry("  ", Lang::De, true), Err(Problem::Empty));
        assert_eq!(read_entry("abc", Lang::En, false), Err(Problem::NotNumber));
        assert_eq!(read_entry("-5", Lang::En, true), Err(Problem::NotWhole));
        assert_eq!(read_entry("2,5", Lang::De, true), Err(Problem::NotWhole));
        assert_eq!(read_entry("3.0", Lang::En, true), Ok(Value::from(3)));
        assert_eq!(read_entry("-5", Lang::En, false), Ok(Value::from("-5")));
        assert_eq!(
            read_entry("319,000", Lang::En, false),
            Ok(Value::from("319000"))
        );
    }

    #[test]
    fn two_readings() {
        // The page's reading first.
        let two = ambiguous;
        assert_eq!(
            two("63.296", Lang::De),
            Some(("63296".to_owned(), "63.296".to_owned()))
        );
        assert_eq!(
            two("63.296", Lang::En),
            Some(("63.296".to_owned(), "63296".to_owned()))
        );
        assert_eq!(
            two("1,500", Lang::En),
            Some(("1500".to_owned(), "1.5".to_owned()))
        );
        assert_eq!(
            two("1,500", Lang::De),
            Some(("1.5".to_owned(), "1500".to_owned()))
        );
        // One reading only: a leading zero, other digit counts, both separators, a plain number.
        for t in ["0.125", "1.25", "1.234,5", "1234", "12.3456", "abc.def", ""] {
            assert_eq!(ambiguous(t, Lang::De), None, "{t}");
            assert_eq!(ambiguous(t, Lang::En), None, "{t}");
        }
    }

    #[test]
    fn windows_with_the_service_count_follow_it() {
        let v = json!({"calendar": {
            "service": {"gpus": 8},
            "batch": [{"gpus": 8}, {"gpus": 2}],
            "peaks": [{"gpus": 8}]
        }});
        assert_eq!(
            following_windows(&v),
            ["calendar.batch.0.gpus", "calendar.peaks.0.gpus"]
        );
    }

    #[test]
    fn numbers_in_both_locales() {
        assert_eq!(parse_number("1.234,5", Lang::De).as_deref(), Some("1234.5"));
        assert_eq!(parse_number("0,19", Lang::De).as_deref(), Some("0.19"));
        assert_eq!(parse_number("0.19", Lang::De).as_deref(), Some("0.19"));
        assert_eq!(parse_number("319.000", Lang::De).as_deref(), Some("319000"));
        assert_eq!(parse_number("1,234.5", Lang::En).as_deref(), Some("1234.5"));
        // A single comma not followed by three digits is a decimal comma in English too (a
        // visitor typed "22,5" working days and was told the range, not read as 225).
        assert_eq!(parse_number("22,5", Lang::En).as_deref(), Some("22.5"));
        // The page's own minus sign, copied from a figure into a box.
        assert_eq!(
            parse_number("\u{2212}12,5", Lang::De).as_deref(),
            Some("-12.5")
        );
        assert_eq!(parse_number("0,19", Lang::En).as_deref(), Some("0.19"));
        assert_eq!(parse_number("319,000", Lang::En).as_deref(), Some("319000"));
        assert_eq!(
            parse_number("1,234,567", Lang::En).as_deref(),
            Some("1234567")
        );
        assert_eq!(parse_number("-5", Lang::En).as_deref(), Some("-5"));
        assert_eq!(parse_number("abc", Lang::En), None);
        assert_eq!(parse_number("", Lang::En), None);
        assert_eq!(parse_number("1e5", Lang::En).as_deref(), Some("100000"));
        assert_eq!(parse_number("1.2.3", Lang::En), None);
        // Group marks only where they group (a visitor's entries on the German page were read
        // as 123, 632 and 63.29663296, and "63.296,5" on the English one as 63.2965).
        for (text, lang) in [
            ("1.2.3", Lang::De),
            ("63..2", Lang::De),
            ("63,29663.296", Lang::De),
            ("63,296.5", Lang::De),
            ("1,2,3", Lang::En),
            ("63,,2", Lang::En),
            ("63.296,5", Lang::En),
            ("1.234,5,6", Lang::De),
            ("12.34.567", Lang::De),
            (".234", Lang::De),
            // Four digits before the only group mark: not a thousands group, and read as one it
            // was a thousand times the decimal the English habit means.
            ("1234.567", Lang::De),
            ("1234,567", Lang::En),
        ] {
            assert_eq!(parse_number(text, lang), None, "{text} ({lang:?})");
        }
        for (text, lang, plain) in [
            ("1.234.567,89", Lang::De, "1234567.89"),
            ("-1.234", Lang::De, "-1234"),
            ("+1,234", Lang::En, "1234"),
            ("1234,5", Lang::De, "1234.5"),
            ("1.5e3", Lang::En, "1500"),
        ] {
            assert_eq!(parse_number(text, lang).as_deref(), Some(plain), "{text}");
        }
    }

    #[test]
    fn numbers_show_grouped_and_read_back_the_same() {
        for (stored, en, de) in [
            ("319000", "319,000", "319.000"),
            ("12345.678", "12,345.678", "12.345,678"),
            ("1234", "1234", "1234"),
            ("63.296", "63.296", "63,296"),
            ("-25000", "-25,000", "-25.000"),
            ("0.19", "0.19", "0,19"),
            ("abc", "abc", "abc"),
        ] {
            let v = Value::String(stored.into());
            assert_eq!(display_number(&v, Lang::En), en);
            assert_eq!(display_number(&v, Lang::De), de);
            if stored != "abc" {
                assert_eq!(parse_number(en, Lang::En).as_deref(), Some(stored));
                assert_eq!(parse_number(de, Lang::De).as_deref(), Some(stored));
            }
        }
        assert_eq!(
            display_number(&Value::from(1_000_000u64), Lang::En),
            "1,000,000"
        );
    }

    #[test]
    fn preset_names_follow_the_language_and_links_stay_english() {
        let mut v = default_value();
        v["rent"][0]["label"] = Value::from("my own tariff");
        localise_labels(&mut v, Lang::De);
        assert_eq!(v["own"]["label"], "8× H200-Server, eigen");
        assert_eq!(v["rent"][1]["label"], "AWS p5en On-Demand, Start/Stopp");
        assert_eq!(v["rent"][0]["label"], "my own tariff");
        // The German draft's link names only what differs from the default: the user's name.
        assert_eq!(
            link_fragment(&v, &default_presets()),
            "v=2&rent.0.label=my%20own%20tariff&preset.rent.0=aws-p5en-on-demand"
        );
        localise_labels(&mut v, Lang::En);
        assert_eq!(v["own"]["label"], "8× H200 server, own");
    }

    #[test]
    fn money_fields_find_their_options_currency() {
        let v = default_value();
        let codes = currency_codes(&v);
        let currencies: Vec<&str> = codes.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(
            currencies,
            ["EUR", "USD", "USD", "USD", "USD", "USD", "EUR"]
        );
        assert_eq!(codes[1].1, "instance_hour");
        assert_eq!(option_index("own.price_per_server"), Some(0));
        assert_eq!(option_index("own.energy.price_per_kwh"), Some(0));
        assert_eq!(
            option_index("rent.2.extras.egress_tiers.0.price_per_gb"),
            Some(3)
        );
        assert_eq!(option_index("calendar.working_days"), None);
    }

    #[test]
    fn paths_split_into_option_and_key() {
        assert_eq!(
            split_option("own.energy.pue"),
            Some(("own".into(), "energy.pue"))
        );
        assert_eq!(
            split_option("rent.12.price"),
            Some(("rent.12".into(), "price"))
        );
        assert_eq!(split_option("calendar.working_days"), None);
        assert!(same_value(&Value::from("0.50"), &Value::from("0.5")));
        assert!(!same_value(&Value::from("0.5"), &Value::from("0.6")));
    }

    #[test]
    fn every_template_is_a_valid_billing() {
        for m in Mode::ALL {
            let mut s = default_value();
            s["rent"][0]["billing"] = m.template();
            assert!(Scenario::from_value(s).is_ok(), "{}", m.tag());
        }
    }

    #[test]
    fn a_write_touches_the_paths_at_above_and_under_it_only() {
        let mut w = Written::default();
        // Nothing written through `write`: anything may have changed.
        assert!(w.touches("calendar.working_days"));
        w.add(["calendar.working_days"]);
        assert!(w.touches("calendar.working_days"));
        assert!(w.touches("calendar"));
        assert!(!w.touches("calendar.working"));
        assert!(!w.touches("calendar.working_days_x"));
        assert!(!w.touches("rent.0.price"));
        w.add(["rent.0.billing"]);
        assert!(w.touches("rent.0.billing.price_ratio"));
        assert!(!w.touches("rent.0.price"));
        assert!(!w.touches("rent.10.billing"));
        // An edit of anything else after it: every path again, whatever is written next.
        let mut all = Written::All;
        all.add(["rent.0.price"]);
        assert!(all.touches("own.price_per_server"));
    }
}
