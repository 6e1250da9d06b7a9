//! The first screen's strings, and those it shares with a section (the sections' headings,
//! which their placeholders show), in German and English. Every section keeps the strings only
//! it shows beside it (`web/src/features/*_texts.rs`): those loaded on demand in their own
//! module, the comparison, the explanation, the sources and the printed summary in the page's.
//! What is here is linked into every module that uses `Texts`.
//!
//! `Texts` is one struct with a field per string, so a string missing in one language is a
//! compile error. Placeholders in braces (`{min}`) are filled by the caller.

use gpu_tco_core::{CostKind, Error, Kind, ReadProblem, StepRule, Warning};

use crate::fmt::Fmt;
use crate::state::Mode;

// `Lang` lives in the leaf `crate::lang` (the formatting and the state need it, not the texts);
// it is re-exported here so that `crate::i18n::Lang` keeps working.
pub use crate::lang::Lang;

impl Lang {
    /// The strings of this language.
    pub fn t(self) -> &'static Texts {
        match self {
            Lang::De => &DE,
            Lang::En => &EN,
        }
    }
}

/// The strings of one language.
#[derive(Debug)]
pub struct Texts {
    pub title: &'static str,
    pub intro: &'static str,
    pub privacy: &'static str,
    pub switch_lang: &'static str,
    pub switch_lang_label: &'static str,
    pub panel_workload: &'static str,
    pub panel_cloud: &'static str,
    pub panel_own: &'static str,
    pub panel_finance: &'static str,
    pub advanced: &'static str,
    pub working_days: &'static str,
    pub service_window: &'static str,
    pub batch_window: &'static str,
    pub from_hour: &'static str,
    pub to_hour: &'static str,
    pub gpus: &'static str,
    pub days: &'static str,
    pub days_working: &'static str,
    pub days_all: &'static str,
    pub add_batch: &'static str,
    pub remove: &'static str,
    pub add_option: &'static str,
    pub option_n: &'static str,
    pub label: &'static str,
    pub currency: &'static str,
    pub gpus_per_instance: &'static str,
    pub price: &'static str,
    pub price_unit: &'static str,
    pub unit_gpu_hour: &'static str,
    pub unit_instance_hour: &'static str,
    pub unit_instance_month: &'static str,
    pub billing_mode: &'static str,
    pub start_overhead_hours: &'static str,
    pub term_years: &'static str,
    pub price_ratio: &'static str,
    pub commitment_optimal: &'static str,
    pub commitment_instances: &'static str,
    pub spot_price: &'static str,
    pub rework_percent: &'static str,
    pub service_billing: &'static str,
    pub svc_always_on: &'static str,
    pub svc_start_stop: &'static str,
    pub block_days: &'static str,
    pub blocks_per_year: &'static str,
    pub block_price: &'static str,
    pub setup_fee_per_instance: &'static str,
    pub minimum_term_months: &'static str,
    pub extras: &'static str,
    pub storage_gb: &'static str,
    pub storage_price: &'static str,
    pub egress_gb: &'static str,
    pub egress_tiers: &'static str,
    pub tier_up_to: &'static str,
    pub tier_price: &'static str,
    pub tier_open: &'static str,
    pub support_percent: &'static str,
    pub support_minimum: &'static str,
    pub other_per_month: &'static str,
    pub yearly_change: &'static str,
    pub virtualisation_loss: &'static str,
    pub exit_data_gb: &'static str,
    pub data_act_note: &'static str,
    pub gpus_per_server: &'static str,
    pub price_per_server: &'static str,
    pub setup_one_time: &'static str,
    pub licence_per_gpu_year: &'static str,
    pub licence_bundled_years: &'static str,
    pub energy_included: &'static str,
    pub busy_watts: &'static str,
    pub idle_watts: &'static str,
    pub base_watts: &'static str,
    pub pue: &'static str,
    pub price_per_kwh: &'static str,
    pub colo_per_server: &'static str,
    pub colo_per_kw: &'static str,
    pub contracted_kw: &'static str,
    pub hw_support: &'static str,
    pub staff_hours: &'static str,
    pub staff_rate: &'static str,
    pub service_life: &'static str,
    pub residual: &'static str,
    pub financing: &'static str,
    pub cash: &'static str,
    pub loan: &'static str,
    pub interest: &'static str,
    pub loan_term: &'static str,
    pub horizon_life: &'static str,
    pub horizon_months: &'static str,
    pub discount_rate: &'static str,
    pub display_currency: &'static str,
    pub usd_per_eur: &'static str,
    pub unit_hours: &'static str,
    pub unit_days: &'static str,
    pub cancels_note: &'static str,
    pub rounding_note: &'static str,
    pub chart_as_table: &'static str,
    pub month_col: &'static str,
    pub pv_title: &'static str,
    pub pv_col_total: &'static str,
    pub pv_col_per: &'static str,
    pub pv_note: &'static str,
    pub unit_h_day: &'static str,
    pub unit_months: &'static str,
    pub unit_years: &'static str,
    pub unit_percent: &'static str,
    pub unit_watts: &'static str,
    pub unit_gb: &'static str,
    pub results: &'static str,
    pub stale: &'static str,
    pub skip_nav: &'static str,
    pub skip_inputs: &'static str,
    pub skip_results: &'static str,
    /// The heading (for screen readers) of a phone's answer at the top.
    pub answer_top: &'static str,
    /// Its link down to the results.
    pub to_results: &'static str,
    pub doc_title: &'static str,
    pub go_to_field: &'static str,
    pub productive_hours: &'static str,
    pub productive_share: &'static str,
    pub productive_gpu_hours: &'static str,
    pub best_rent: &'static str,
    pub own_cost_per_hour: &'static str,
    pub col_option: &'static str,
    pub col_monthly: &'static str,
    pub col_one_time: &'static str,
    pub col_total: &'static str,
    pub col_per_gpu_hour: &'static str,
    pub col_break_even: &'static str,
    pub col_break_even_share: &'static str,
    pub col_savings: &'static str,
    pub col_npv: &'static str,
    pub own_row: &'static str,
    pub month_n: &'static str,
    pub never: &'static str,
    pub own_cheaper_any: &'static str,
    pub rent_cheaper_any: &'static str,
    pub cancels_out: &'static str,
    pub savings_positive: &'static str,
    pub savings_negative: &'static str,
    pub verdict_own: &'static str,
    pub verdict_rent: &'static str,
    pub verdict_share: &'static str,
    pub verdict_pv_own: &'static str,
    pub verdict_pv_rent: &'static str,
    pub cost_lines: &'static str,
    pub one_time_mark: &'static str,
    pub chart_cumulative: &'static str,
    pub chart_share: &'static str,
    pub chart_breakdown: &'static str,
    pub axis_month: &'static str,
    pub axis_cumulative: &'static str,
    pub axis_share: &'static str,
    pub axis_per_hour: &'static str,
    pub axis_monthly: &'static str,
    pub today_share: &'static str,
    pub chart_cumulative_desc: &'static str,
    pub chart_share_desc: &'static str,
    pub chart_breakdown_desc: &'static str,
    pub err_range: &'static str,
    pub err_step: &'static str,
    pub err_step_block: &'static str,
    pub err_step_term: &'static str,
    pub err_too_many: &'static str,
    pub err_too_long: &'static str,
    pub err_too_deep: &'static str,
    pub err_version: &'static str,
    pub err_number: &'static str,
    pub err_whole: &'static str,
    /// A typed number with two readings: `{text}`, `{a}` (the page's reading), `{b}`.
    pub hint_two_readings: &'static str,
    /// About 1000 times below the preset's figure `{preset}`; `{likely}` probably meant.
    pub hint_below_preset: &'static str,
    /// About 1000 times above the preset's figure `{preset}`; `{likely}` probably meant.
    pub hint_above_preset: &'static str,
    /// Outside the sourced range `{low}`–`{high}` while `{likely}` is inside it.
    pub hint_scale_sources: &'static str,
    /// Far outside the sourced range `{low}`–`{high}`.
    pub hint_outside: &'static str,
    /// The one-click fix: use `{likely}`.
    pub hint_use: &'static str,
    /// A label cut at `{max}` characters.
    pub label_cut: &'static str,
    /// The section on ranges.
    pub range_title: &'static str,
    /// Heading of the sizing section (GPUs from the model and the users).
    pub sizing_title: &'static str,
    /// An option sized for its own GPU model: `{gpus}` where the load counts `{per}`.
    pub load_gpus_note: &'static str,
    /// Button: count the option as the load again.
    pub load_gpus_remove: &'static str,
    /// Button: ask the host for an offer (where the host page asks for it).
    pub offer: &'static str,
    /// What the offer button does (a mail link).
    pub offer_note: &'static str,
    /// What the offer button does (handed to the host page).
    pub offer_note_event: &'static str,
    /// After the offer was handed to the host page.
    pub offer_sent: &'static str,
    /// The embed's offer request: subject (`{gpus}`).
    pub offer_embed_subject: &'static str,
    /// The embed's offer request: body (`{gpus}`, `{verdict}`, `{link}`).
    pub offer_embed_body: &'static str,
    /// `{p10}` to `{p90}` (median `{p50}`).
    pub range_p: &'static str,
    /// A month range: `{a}` to `{b}`.
    pub range_months: &'static str,
    /// Close call; owning cheaper in `{n}` % of the cases.
    pub range_close_call: &'static str,
    /// Owning cheaper in `{n}` % of the cases.
    pub range_clear: &'static str,
    /// The productive hours input.
    pub range_productive_hours: &'static str,
    /// The verdict over the ranges: `{option}`, `{verdict}`, `{months}`, `{savings}`.
    pub verdict_range: &'static str,
    /// After it, when the savings shown above (`{point}`) lie outside their P10–P90.
    pub range_point_outside: &'static str,
    /// Legend of the cumulative chart's bands.
    pub band_legend: &'static str,
    /// Results banner: figures that look 1000 times off, `{fields}`.
    pub check_fields: &'static str,
    /// After "Load the worked example", beside its Undo.
    pub undo_note: &'static str,
    /// Brings back the inputs from before the worked example.
    pub undo: &'static str,
    /// The embed's line with the rest of the load: `{list}` of [`Texts::embed_window`].
    pub embed_load: &'static str,
    /// One window in it: `{name}`, `{gpus}`, `{from}`, `{to}` (hours).
    pub embed_window: &'static str,
    /// Under the service GPUs: windows with the same count follow it.
    pub gpus_follow: &'static str,
    pub err_malformed: &'static str,
    pub err_json: &'static str,
    pub err_json_ends: &'static str,
    pub err_overflow: &'static str,
    /// A metrics file's problem where the import does not word it itself.
    pub err_metrics: &'static str,
    /// The metrics import's heading (shown before the import is loaded too).
    pub import_title: &'static str,
    /// A section opened for the first time, while its code loads.
    pub part_loading: &'static str,
    /// A section whose code could not be loaded.
    pub part_failed: &'static str,
    /// The workload panel's banner while a measured load is in use (`{source}`).
    pub measured_banner: &'static str,
    /// The banner's second sentence (`{share}`, the productive share).
    pub measured_share: &'static str,
    /// The banner's button back to the calendar.
    pub measured_back: &'static str,
    pub warn_capacity: &'static str,
    pub warn_sp_loses: &'static str,
    pub warn_gap: &'static str,
    pub warn_owed: &'static str,
    pub warn_asset: &'static str,
    pub warn_loan: &'static str,
    pub reset: &'static str,
    pub analysis_title: &'static str,
    pub hybrid_title_row: &'static str,
    pub hybrid_total: &'static str,
    pub hybrid_per_hour: &'static str,
    pub hybrid_vs_own: &'static str,
    pub hybrid_vs_rent: &'static str,
    pub hybrid_remove: &'static str,
    pub hybrid_legend: &'static str,
    pub open_full: &'static str,
    pub act_copy: &'static str,
    pub act_copied: &'static str,
    pub act_copy_failed: &'static str,
    pub act_save: &'static str,
    pub act_open: &'static str,
    pub act_drop: &'static str,
    pub act_csv_monthly: &'static str,
    pub act_csv_lines: &'static str,
    pub act_print: &'static str,
    pub act_pin: &'static str,
    pub act_unpin: &'static str,
    pub actions_label: &'static str,
    pub bad_link: &'static str,
    pub recovered: &'static str,
    pub link_damaged: &'static str,
    pub link_damaged_at: &'static str,
    pub bad_file: &'static str,
    pub opened_file: &'static str,
    pub unreadable: &'static str,
    pub own_total: &'static str,
    pub horizon: &'static str,
    pub preset: &'static str,
    pub preset_custom: &'static str,
    pub source: &'static str,
    pub as_of: &'static str,
    pub check_price: &'static str,
    pub your_value: &'static str,
    pub info_label: &'static str,
    pub footer_sources: &'static str,
    // issue 7: peaks and finance view
    pub peaks_title: &'static str,
    pub peaks_intro: &'static str,
    pub peak_n: &'static str,
    pub add_peak: &'static str,
    pub remove_peak: &'static str,
    pub peaks_full: &'static str,
    pub peak_days_of_month: &'static str,
    pub peak_which_days: &'static str,
    pub peak_days_working: &'static str,
    pub peak_days_all: &'static str,
    pub peak_months: &'static str,
    pub peak_months_note: &'static str,
    pub month_names: [&'static str; 12],
    pub cf_title: &'static str,
    pub has_plan: &'static str,
    pub switching_legend: &'static str,
    pub from_rent: &'static str,
    pub from_rent_none: &'static str,
    pub start_date: &'static str,
    pub start_date_today: &'static str,
    pub switching_note: &'static str,
    pub col_gpus: &'static str,
    pub col_stop: &'static str,
    pub stop_note: &'static str,
    pub exit_free: &'static str,
    pub exit_charged: &'static str,
    pub capacity_held: &'static str,
    pub capacity_risk: &'static str,
    pub capacity_gap: &'static str,
    pub verdict_held_own: &'static str,
    pub verdict_held_rent: &'static str,
    pub verdict_risk_own: &'static str,
    pub verdict_risk_rent: &'static str,
    pub verdict_no_held: &'static str,
    pub verdict_no_risk: &'static str,
    pub its_other_plan: &'static str,
    pub plan_committed: &'static str,
    pub plan_none_committed: &'static str,
    pub plan_rest_held: &'static str,
    pub plan_rest_stopped: &'static str,
    pub plan_all_held: &'static str,
    pub plan_label: &'static str,
    pub plan_why: &'static str,
    pub plan_equals_start_stop: &'static str,
    pub alt_held: &'static str,
    pub alt_risk: &'static str,
    pub switch_charged: &'static str,
    pub switch_free: &'static str,
    pub warn_idle: &'static str,
    pub idle_note: &'static str,
    pub idle_item: &'static str,
    // Issue 14: results in view, shared views, print and embed.
    pub price_monthly: &'static str,
    pub one_time_spread: &'static str,
    pub monthly_note: &'static str,
    pub act_copied_measured: &'static str,
    pub live_label: &'static str,
    pub live_own: &'static str,
    pub live_rent: &'static str,
    pub live_held: &'static str,
    pub live_risk: &'static str,
    pub results_table: &'static str,
    pub charts_heading: &'static str,
}

/// Name of a billing mode.
pub fn mode_name(lang: Lang, mode: Mode) -> &'static str {
    // English and German, one row per mode.
    let names = match mode {
        Mode::AlwaysOn => ["On-demand, always on", "On-Demand, immer an"],
        Mode::Reserved => ["Capacity reservation", "Kapazitätsreservierung"],
        Mode::StartStop => ["On-demand, start/stop", "On-Demand, Start/Stopp"],
        Mode::SavingsPlan => ["Savings plan", "Savings Plan"],
        Mode::ReservedSavingsPlan => ["Reservation + savings plan", "Reservierung + Savings Plan"],
        Mode::SpotBatch => ["Spot for batch", "Spot für Batch"],
        Mode::CapacityBlock => ["Capacity blocks", "Capacity Blocks"],
        Mode::Monthly => ["Bare metal, monthly", "Bare Metal, monatlich"],
        Mode::CheapestPlan => [
            "Cheapest plan for the load",
            "Günstigster Tarif für die Last",
        ],
    };
    in_lang(lang, names)
}

/// Name of a cost line.
pub fn cost_name(lang: Lang, kind: CostKind) -> &'static str {
    use CostKind as K;
    // English and German, one row per cost line.
    let names = match kind {
        K::Compute => ["Compute", "Rechenzeit"],
        K::StartOverhead => ["Start and model load", "Start und Modell-Laden"],
        K::Commitment => ["Commitment", "Verpflichtung"],
        K::OnDemandOverflow => ["On-demand above commitment", "On-Demand über Verpflichtung"],
        K::Spot => ["Spot (incl. rework)", "Spot (inkl. Wiederholung)"],
        K::CapacityBlocks => ["Capacity blocks", "Capacity Blocks"],
        K::SetupFee => ["Setup fee", "Einrichtungsgebühr"],
        K::MinimumTerm => ["Rest of minimum term", "Rest der Mindestlaufzeit"],
        K::RemainingCommitment => ["Rest of commitment", "Rest der Verpflichtung"],
        K::Storage => ["Storage", "Speicher"],
        K::DataTransfer => ["Data transfer", "Datenübertragung"],
        K::Support => ["Support plan", "Supportplan"],
        K::Other => ["Other", "Sonstiges"],
        K::Exit => ["Moving the data out at the end", "Datenumzug am Ende"],
        K::Switching => [
            "Moving the data from today's provider",
            "Datenumzug vom heutigen Anbieter",
        ],
        K::ValueAtHorizon => [
            "Market value at the horizon (credit)",
            "Marktwert am Ende des Zeitraums (Gutschrift)",
        ],
        K::Hardware => ["Hardware", "Hardware"],
        K::Setup => ["Setup", "Einrichtung"],
        K::LoanPayments => ["Loan payments", "Kreditraten"],
        K::LoanBalance => ["Loan balance", "Restschuld"],
        K::Licences => ["Licences", "Lizenzen"],
        K::Energy => ["Power", "Strom"],
        K::Colocation => ["Colocation", "Colocation"],
        K::HardwareSupport => ["Hardware support", "Hardware-Support"],
        K::Staff => ["Staff", "Personal"],
        K::Residual => ["Resale value (credit)", "Restwert (Gutschrift)"],
    };
    in_lang(lang, names)
}

/// The English or the German of a pair `[en, de]`.
fn in_lang(lang: Lang, [en, de]: [&'static str; 2]) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::De => de,
    }
}

/// An error as a sentence in `lang`.
pub fn error_message(lang: Lang, e: &Error) -> String {
    let t = lang.t();
    let num = |n: &str| Fmt::plain(lang).number_text(n);
    match e {
        Error::OutOfRange { min, max, .. } => t
            .err_range
            .replace("{min}", &num(&min.to_string()))
            .replace("{max}", &num(&max.to_string())),
        Error::NotAllowedStep { rule, .. } => match rule {
            StepRule::BlockDays => t.err_step_block.to_owned(),
            StepRule::TermYears => t.err_step_term.to_owned(),
            StepRule::WholeYears => t.err_step.to_owned(),
        },
        Error::TooMany { max, .. } => t.err_too_many.replace("{max}", &max.to_string()),
        Error::TooLong { max, .. } => t.err_too_long.replace("{max}", &max.to_string()),
        Error::TooDeep { max, .. } => t.err_too_deep.replace("{max}", &max.to_string()),
        Error::UnsupportedVersion {
            found, supported, ..
        } => t
            .err_version
            .replace("{found}", &found.to_string())
            .replace("{supported}", &supported.to_string()),
        Error::Malformed { problem, .. } => match wrong_type(problem) {
            Some(WrongType::Whole) => t.err_whole.to_owned(),
            Some(WrongType::Number) => t.err_number.to_owned(),
            None => t.err_malformed.replace("{detail}", &problem.to_string()),
        },
        Error::Overflow { .. } => t.err_overflow.to_owned(),
        Error::Syntax {
            line,
            column,
            ends_early,
        } => if *ends_early {
            t.err_json_ends
        } else {
            t.err_json
        }
        .replace("{line}", &line.to_string())
        .replace("{column}", &column.to_string()),
        Error::Metrics { .. } => t.err_metrics.to_owned(),
    }
}

/// What a field needed when the reader's message says its value had the wrong type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrongType {
    /// A whole number.
    Whole,
    /// A decimal number.
    Number,
}

/// Whether a [`Error::Malformed`] problem is a number of the wrong type that the page words as
/// a typed field's ("Enter a number."), and which. A link's whole number that is not one stays
/// the link's own problem.
pub fn wrong_type(problem: &ReadProblem) -> Option<WrongType> {
    match problem {
        ReadProblem::WrongType {
            expected: Kind::Whole,
            ..
        } => Some(WrongType::Whole),
        ReadProblem::WrongType {
            expected: Kind::Decimal,
            ..
        }
        | ReadProblem::NotDecimal { .. }
        | ReadProblem::NotRange => Some(WrongType::Number),
        _ => None,
    }
}

/// A price unit in words ("instance-hour").
pub fn price_unit_text(t: &'static Texts, unit: gpu_tco_core::PriceUnit) -> &'static str {
    match unit {
        gpu_tco_core::PriceUnit::GpuHour => t.unit_gpu_hour,
        gpu_tco_core::PriceUnit::InstanceHour => t.unit_instance_hour,
        gpu_tco_core::PriceUnit::InstanceMonth => t.unit_instance_month,
    }
}

/// A warning as a sentence in `lang`.
pub fn warning_message(lang: Lang, w: &Warning) -> String {
    let t = lang.t();
    let num = |n: &str| Fmt::plain(lang).number_text(n);
    match w {
        Warning::CapacityRisk { starts_per_month } => t
            .warn_capacity
            .replace("{n}", &num(&starts_per_month.to_string())),
        Warning::SavingsPlanLoses { extra_per_month } => t
            .warn_sp_loses
            .replace("{x}", &num(&extra_per_month.to_string())),
        Warning::CoverageGap {
            covered_days_per_month,
            busy_days_per_month,
        } => t
            .warn_gap
            .replace("{c}", &num(&covered_days_per_month.to_string()))
            .replace("{b}", &num(&busy_days_per_month.to_string())),
        Warning::OwedAfterHorizon { months } => t.warn_owed.replace("{n}", &months.to_string()),
        Warning::AssetHeldAtHorizon {
            months_left,
            value_percent,
        } => t
            .warn_asset
            .replace("{n}", &months_left.to_string())
            .replace("{v}", &num(&value_percent.round_dp(1).to_string())),
        Warning::IdleGpusBilled { billed, needed } => t
            .warn_idle
            .replace("{billed}", &billed.to_string())
            .replace("{needed}", &needed.to_string())
            .replace("{idle}", &billed.saturating_sub(*needed).to_string()),
        Warning::LoanOutstanding { months_left } => {
            t.warn_loan.replace("{n}", &months_left.to_string())
        }
    }
}

/// A plan in words: what is committed under it, and whether the rest is held or stopped.
pub fn plan_text(lang: Lang, p: &gpu_tco_core::PlanChoice) -> String {
    let t = lang.t();
    let f = Fmt::plain(lang);
    let rest = p.instances.saturating_sub(p.committed_instances);
    let mut parts = Vec::with_capacity(2);
    match (p.term_years, p.price_ratio) {
        (Some(years), Some(ratio)) if p.committed_instances > 0 => parts.push(
            t.plan_committed
                .replace("{c}", &p.committed_instances.to_string())
                .replace("{n}", &p.instances.to_string())
                .replace("{years}", &years.to_string())
                .replace("{ratio}", &f.number(ratio, 4)),
        ),
        (Some(_), Some(_)) => parts.push(t.plan_none_committed.to_owned()),
        _ => {}
    }
    if rest > 0 || parts.is_empty() {
        parts.push(if p.rest_held {
            if p.committed_instances == 0 {
                t.plan_all_held.to_owned()
            } else {
                t.plan_rest_held.replace("{rest}", &rest.to_string())
            }
        } else {
            t.plan_rest_stopped
                .replace("{rest}", &rest.to_string())
                .replace("{od}", &f.number(p.on_demand_hours, 1))
                .replace("{starts}", &f.number(p.starts_per_month, 1))
                .replace("{stopped}", &f.number(p.stopped_hours, 1))
        });
    }
    parts.join("; ")
}

/// Why a plan commits what it commits, for a plan with a rate; `None` without one.
pub fn plan_why(lang: Lang, p: &gpu_tco_core::PlanChoice) -> Option<String> {
    let t = lang.t();
    let f = Fmt::plain(lang);
    let (above, ratio) = (p.commit_pays_above_hours?, p.price_ratio?);
    let max = p.instance_hours.first().copied()?;
    let min = p.instance_hours.last().copied()?;
    let mut text = t
        .plan_why
        .replace("{above}", &f.number(above, 1))
        .replace("{ratio}", &f.number(ratio, 4))
        .replace("{max}", &f.number(max, 1))
        .replace("{min}", &f.number(min, 1));
    if p.committed_instances == 0 && !p.rest_held {
        text.push(' ');
        text.push_str(t.plan_equals_start_stop);
    }
    Some(text)
}

/// English.
pub static EN: Texts = Texts {
    title: "Rent GPUs or own a server?",
    intro: "For a steady inference workload: what renting cloud GPUs and owning a GPU server cost, from which month owning pays off, and at which utilisation the answer flips. Method: cost per productive GPU-hour on both sides.",
    privacy: "Everything is computed in your browser. No input leaves this page.",
    switch_lang: "Deutsch",
    switch_lang_label: "Sprache auf Deutsch umstellen",
    panel_workload: "Workload",
    panel_cloud: "Cloud (rent)",
    panel_own: "Own server",
    panel_finance: "Finance",
    advanced: "More settings",
    working_days: "Working days per month",
    service_window: "Service window (interactive)",
    batch_window: "Batch window",
    from_hour: "From (hour)",
    to_hour: "To (hour)",
    gpus: "GPUs",
    days: "Runs on",
    days_working: "working days",
    days_all: "every day",
    add_batch: "Add batch window",
    remove: "Remove",
    add_option: "Add rent option",
    option_n: "Option {n}",
    label: "Name",
    currency: "Currency",
    gpus_per_instance: "GPUs per instance",
    price: "On-demand price",
    price_unit: "Price per",
    unit_gpu_hour: "GPU-hour",
    unit_instance_hour: "instance-hour",
    unit_instance_month: "server-month",
    billing_mode: "Billing mode",
    start_overhead_hours: "Billed hours per start (boot + model load)",
    term_years: "Term (years)",
    price_ratio: "Plan rate ÷ on-demand rate",
    commitment_optimal: "Optimal commitment from the load",
    commitment_instances: "Committed instances",
    spot_price: "Spot price",
    rework_percent: "Rework after interruptions",
    service_billing: "Service window billed as",
    svc_always_on: "on-demand, always on",
    svc_start_stop: "on-demand, start/stop",
    block_days: "Days per block",
    blocks_per_year: "Blocks per year",
    block_price: "Block price",
    setup_fee_per_instance: "Setup fee per server",
    minimum_term_months: "Minimum term",
    extras: "Storage, transfer, support",
    storage_gb: "Persistent storage",
    storage_price: "Storage price per GB-month",
    egress_gb: "Data transfer out per month",
    egress_tiers: "Transfer price tiers",
    tier_up_to: "Up to GB",
    tier_price: "Price per GB",
    tier_open: "open",
    support_percent: "Support plan (% of bill)",
    support_minimum: "Support minimum per month",
    other_per_month: "Other costs per month",
    yearly_change: "Yearly price change",
    virtualisation_loss: "Virtualisation loss",
    exit_data_gb: "Data moved out (at the end, or when switching away)",
    data_act_note: gpu_tco_core::DATA_ACT_NOTE_EN,
    gpus_per_server: "GPUs per server",
    price_per_server: "Price per server",
    setup_one_time: "Setup and installation (one-time)",
    licence_per_gpu_year: "Licence per GPU-year",
    licence_bundled_years: "Licence years bundled",
    energy_included: "Power included in colocation",
    busy_watts: "GPU draw while serving",
    idle_watts: "GPU draw while idle",
    base_watts: "Rest of the server",
    pue: "PUE",
    price_per_kwh: "Power price per kWh",
    colo_per_server: "Rack per server-month",
    colo_per_kw: "Colocation per kW-month",
    contracted_kw: "Contracted kW per server",
    hw_support: "Hardware support per year (% of price)",
    staff_hours: "Staff hours per month",
    staff_rate: "Staff cost per hour",
    service_life: "Service life",
    residual: "Resale value at end of life",
    financing: "Financing",
    cash: "Cash",
    loan: "Loan or lease",
    interest: "Interest per year",
    loan_term: "Loan term",
    horizon_life: "Compare over the service life",
    horizon_months: "Horizon",
    discount_rate: "Discount rate per year",
    display_currency: "Show results in",
    usd_per_eur: "US dollars per euro",
    unit_hours: "h",
    unit_days: "days",
    chart_as_table: "The chart as a table (cumulative cost, every 12 months)",
    month_col: "Month {n}",
    pv_title: "In present value, discounted at {rate} % a year",
    pv_col_total: "Present value of the costs",
    pv_col_per: "Per productive GPU-hour (levelized)",
    pv_note: "Each month's costs are discounted to today at the discount rate (Finance panel); the break-even month and the savings compare these present values. The table above shows the amounts as paid.",
    rounding_note: "Amounts are computed exactly and shown rounded to whole units, so a difference shown can be off by 1 from the difference of the rounded figures.",
    cancels_note: "* Billed all month: the productive share cancels out, so no share flips the answer; compare own cost per GPU-hour of the horizon with the rent rate.",
    unit_h_day: "h",
    unit_months: "months",
    unit_years: "years",
    unit_percent: "%",
    unit_watts: "W",
    unit_gb: "GB",
    results: "Results",
    stale: "An input is not valid; the results below are still those from before it was entered.",
    go_to_field: "Go to the field",
    skip_nav: "Skip links",
    skip_inputs: "Skip to the inputs",
    skip_results: "Skip to the results",
    answer_top: "The answer in short",
    to_results: "The results and charts ↓",
    doc_title: "GPU rent vs own: cost calculator",
    productive_hours: "Productive hours per month",
    productive_share: "Productive share",
    productive_gpu_hours: "Productive GPU-hours per month",
    best_rent: "Cheapest rent option",
    own_cost_per_hour: "Own: cost per productive GPU-hour",
    col_option: "Option",
    col_monthly: "Running cost per month",
    col_one_time: "One-time, net of resale",
    col_total: "Total over {n} months",
    col_per_gpu_hour: "Per productive GPU-hour",
    col_break_even: "Own breaks even",
    col_break_even_share: "Break-even share",
    col_savings: "Owning saves",
    col_npv: "Net present value",
    own_row: "own",
    month_n: "month {n}",
    never: "not within the horizon",
    own_cheaper_any: "own at any share",
    rent_cheaper_any: "rent at any share",
    cancels_out: "(billed all month: the share cancels out)",
    savings_positive: "Owning saves {x} against {option} over {n} months.",
    savings_negative: "Renting ({option}) is {x} cheaper than owning over {n} months.",
    verdict_own: "Owning is cheaper than every rent option over {n} months. It pays off against the cheapest ({option}) from {when}.",
    verdict_rent: "{option} is cheaper than owning over {n} months, by {x}.",
    verdict_pv_own: "In present value (discount rate in the Finance panel) owning saves {x} against {option} and pays off from {when}.",
    verdict_pv_rent: "In present value (discount rate in the Finance panel) {option} is cheaper than owning by {x}.",
    verdict_share: "Against {option}, owning wins above a productive share of {share} (today: {today}).",
    cost_lines: "Cost lines (average per month over the horizon)",
    one_time_mark: "one-time",
    chart_cumulative: "Cumulative cost by month",
    chart_share: "Cost per productive GPU-hour by productive share",
    chart_breakdown: "Monthly cost by cost line (average over the horizon)",
    axis_month: "Month",
    axis_cumulative: "Cumulative cost",
    axis_share: "Productive share",
    axis_per_hour: "Cost per productive GPU-hour",
    axis_monthly: "Per month",
    today_share: "today",
    chart_cumulative_desc: "Lines: cumulative cost of each option from month 0 (purchase) to the horizon. Dots mark the month from which owning stays cheaper.",
    chart_share_desc: "How the cost of one productive GPU-hour falls as the GPUs are busy more hours of the month. The vertical line is today's share.",
    chart_breakdown_desc: "What makes up each option's cost, per month on average over the horizon (one-time amounts spread over the months).",
    err_range: "Enter a value from {min} to {max}.",
    err_step: "This value is not allowed.",
    err_step_block: "Blocks last 1–14 days, or 7–182 days in 7-day steps.",
    err_step_term: "Terms are 1 or 3 years.",
    err_too_many: "At most {max} entries.",
    err_too_long: "At most {max} characters.",
    err_too_deep: "Lists and objects nested more than {max} levels deep.",
    err_version: "scenario version {found} is not supported (this page reads version {supported})",
    err_number: "Enter a number.",
    err_whole: "Enter a whole number (0 or more).",
    hint_two_readings: "“{text}” can be read as {a} or as {b}. Which did you mean?",
    hint_below_preset: "This is a thousandth of the preset’s {preset}. Did you mean {likely}?",
    hint_above_preset: "This is 1,000 times the preset’s {preset}. Did you mean {likely}?",
    hint_scale_sources: "The sources give {low} to {high}. Did you mean {likely}?",
    hint_outside: "Far outside what the sources give ({low} to {high}). Please check this figure.",
    hint_use: "Use {likely}",
    label_cut: "A name holds at most {max} characters; the rest was not kept.",
    undo_note: "The worked example replaced your inputs.",
    undo: "Undo",
    band_legend: "Shaded: P10 to P90 of each option over the ranges (How sure is the answer?)",
    check_fields: "Check {fields}: the value looks 1,000 times off (see the hint at the field). The results below use it as typed.",
    range_title: "How sure is the answer?",
    sizing_title: "How many GPUs? From the model and the users",
    load_gpus_note: "Sized for its GPU model: {gpus} where the load counts {per}.",
    load_gpus_remove: "Count as the load",
    offer: "Ask for an offer for this configuration",
    offer_note: "Opens your mail program with the link to this comparison and a short summary; the calculator itself sends nothing.",
    offer_note_event: "Hands the link to this comparison and a short summary to this website; the calculator itself sends nothing.",
    offer_sent: "Handed to the website: the link and the summary.",
    offer_embed_subject: "Offer request: {gpus} GPUs",
    offer_embed_body: "GPUs for the load: {gpus}\nAnswer: {verdict}\n\nThe comparison: {link}",
    range_p: "{p10} to {p90} (median {p50})",
    range_months: "{a} to {b}",
    range_close_call: "Close call: owning is cheaper in {n} % of the cases",
    range_clear: "Owning is cheaper in {n} % of the cases",
    range_productive_hours: "Productive hours per month",
    verdict_range: "Over the ranges, against {option}: {verdict}; break-even {months}; savings by owning {savings} (below zero: renting costs less).",
    range_point_outside: "The {point} above lies outside this P10–P90: the ranges are not centred on the inputs as entered (some reach to one side only, such as the cloud's price change), so most samples come out on one side of it.",
    embed_load: "Also in the load: {list}.",
    embed_window: "{name}, {gpus} GPUs from {from} to {to} h",
    gpus_follow: "Batch windows and peaks with the same GPU count follow this number; give one another count to set it apart.",
    err_malformed: "Not a valid scenario: {detail}",
    err_json: "not a scenario file: no valid JSON at line {line}, column {column}",
    err_json_ends: "the file is cut off: its JSON ends early, at line {line}, column {column}",
    err_overflow: "This value is too large to compute.",
    err_metrics: "This metrics file cannot be used.",
    import_title: "Measure your load from serving metrics",
    part_loading: "Loading this section…",
    part_failed: "This section could not be loaded. Check the connection, then close and open it again.",
    measured_banner: "Measured load in use: {source}.",
    measured_share: "Productive share {share}. The working days, windows and peaks below are kept but not used while it is.",
    measured_back: "Back to the calendar",
    warn_capacity: "{n} instance starts per month: each start needs free on-demand capacity and can fail (InsufficientInstanceCapacity).",
    warn_sp_loses: "This commitment costs {x} per month more than on-demand start/stop for the same hours.",
    warn_gap: "The blocks cover {c} days per month, the load needs {b}.",
    warn_owed: "The horizon ends inside a term: stopping there owes {n} more months (in the “Stop at month” column, not in the total).",
    warn_asset: "The servers still have {n} months of service life at the horizon: their market value then, {v} % of the price, is credited.",
    warn_loan: "The loan runs {n} months past the horizon; the balance is billed at the end.",
    reset: "Load the worked example",
    analysis_title: "Hybrid, sensitivity and heat map",
    hybrid_title_row: "Hybrid: own {n} GPUs, overflow on {option}",
    hybrid_total: "Total over {months} months",
    hybrid_per_hour: "Per productive GPU-hour",
    hybrid_vs_own: "Saves against own alone",
    hybrid_vs_rent: "Saves against {option} alone",
    hybrid_remove: "Remove the mix",
    hybrid_legend: "Hybrid: own {n} GPUs + {option}",
    open_full: "Open the full calculator",
    act_copy: "Copy link",
    act_copied: "Link copied. It holds the whole scenario; nothing is stored anywhere else.",
    act_copy_failed: "Copying failed: copy the address from the address bar.",
    act_save: "Save scenario (JSON)",
    act_open: "Open scenario…",
    act_drop: "or drop a scenario file on the page",
    act_csv_monthly: "CSV: costs by month",
    act_csv_lines: "CSV: cost lines",
    act_print: "Print / PDF",
    act_pin: "Pin as A to compare",
    act_unpin: "Stop comparing",
    actions_label: "Share, save and export",
    bad_link: "This link could not be loaded ({reason}). The calculator shows the worked example instead.",
    recovered: "The calculator stopped because of an internal error and was reloaded with the scenario from its link. A measured load is never in a link: if you had used one, import it again.",
    link_damaged: "the link is damaged or incomplete",
    link_damaged_at: "the link is damaged or incomplete at “{key}”",
    bad_file: "The file {name} could not be opened ({reason}). Nothing was changed.",
    opened_file: "Scenario opened from {name}.",
    unreadable: "the file could not be read",
    own_total: "Own: total over the horizon",
    horizon: "Horizon",
    preset: "Preset",
    preset_custom: "— your own values —",
    source: "Source",
    as_of: "as of",
    check_price: "Check this figure: it is more than 12 months old.",
    your_value: "your value",
    info_label: "Where this figure comes from",
    footer_sources: "Default prices: AWS p5en.48xlarge on-demand us-east-1 (63.296 USD/h, Aug 2026), savings plan ratio 0.43 (3 years, no upfront, Oct 2026), 8× H200 server 370,000 USD typical (Oct 2026), power 0.19 EUR/kWh (Eurostat H1 2025), PUE 1.3, colocation 165 EUR per kW-month, hardware support 10 % a year, resale 12.5 % after 5 years. Workload: the worked example (1,000 employees, 21 working days, 07:00–19:00 and a 4-hour nightly batch on 8 GPUs).",
    // issue 7: peaks and finance view
    peaks_title: "Planned peaks",
    peaks_intro: "Extra load on the last days of the month, e.g. month-end closing or a seasonal campaign. In each hour the largest GPU count of the windows and peaks running then is busy.",
    peak_n: "Peak {n}",
    add_peak: "Add a peak",
    remove_peak: "Remove peak {n}",
    peaks_full: "At most {max} peaks.",
    peak_days_of_month: "Days at the month's end",
    peak_which_days: "Which days count",
    peak_days_working: "the last working days",
    peak_days_all: "the last calendar days",
    peak_months: "Months of the year",
    peak_months_note: "None ticked: every month.",
    month_names: [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ],
    cf_title: "Cash flow by year and selling early",
    has_plan: "The offer has a commitment plan",
    switching_legend: "Today and the start",
    from_rent: "Where the load runs today",
    from_rent_none: "nowhere yet (a new workload)",
    start_date: "The comparison starts on",
    start_date_today: "Empty: today ({date}).",
    switching_note: "If the load runs on a rent option today, moving its data out (that option's “data moved out” on its transfer tiers) is a one-time cost of owning, and of the hybrid, at the start. From 12 January 2027 a full switch carries no switching charges (EU Data Act, Art. 29); the hybrid keeps renting from that provider, so its transfer is still paid. Moving between rent options is not priced. Not legal advice.",
    col_gpus: "GPUs billed (needed)",
    col_stop: "Stop at month {n}",
    stop_note: "Stop at month {n}: what everything costs if it all ends then. Own is sold at its market value and its loan repaid (both in its total already); a rent option also pays the commitment and minimum-term months still owed and moves its data out ({exit}). The totals count the months up to the horizon on both sides: servers still held are credited their market value, a commitment's later months are not charged.",
    exit_free: "free: a full switch from 12 January 2027 carries no switching charges, EU Data Act Art. 29; not legal advice",
    exit_charged: "at its transfer tiers: before 12 January 2027 a provider may charge its direct costs, EU Data Act Art. 29; not legal advice",
    capacity_held: "holds capacity",
    capacity_risk: "capacity risk",
    capacity_gap: "does not cover the load",
    verdict_held_own: "Holding capacity (every instance held or reserved all month, so the model answers when the users come): the cheapest way to rent is {option}, {x} over {n} months. Owning is cheaper by {y} and pays off from {when}.",
    verdict_held_rent: "Holding capacity (every instance held or reserved all month, so the model answers when the users come): the cheapest way to rent is {option}, {x} over {n} months, {y} cheaper than owning.",
    verdict_risk_own: "Accepting the capacity risk (instances stopped outside busy hours and started again, or batch on spot; a start can fail when the provider has no free capacity): the cheapest is {option}, {x}. Owning is cheaper by {y} and pays off from {when}.",
    verdict_risk_rent: "Accepting the capacity risk (instances stopped outside busy hours and started again, or batch on spot; a start can fail when the provider has no free capacity): the cheapest is {option}, {x}, {y} cheaper than owning.",
    verdict_no_held: "No rent option here holds capacity all month.",
    verdict_no_risk: "No rent option here stops instances or uses spot (the cheaper, riskier way the method's first article names); a start/stop or “cheapest plan” option shows it.",
    its_other_plan: "{option} with its other plan",
    plan_committed: "{c} of {n} instance(s) committed under the {years}-year plan at {ratio} × the on-demand rate",
    plan_none_committed: "no instance committed",
    plan_rest_held: "{rest} held on demand all month",
    plan_rest_stopped: "{rest} stopped outside busy hours: {od} instance-hours a month billed on demand (busy hours and {starts} starts), {stopped} stopped",
    plan_all_held: "all held on demand all month",
    plan_label: "Plan billed",
    plan_why: "Committing an instance pays when it would bill more than {above} instance-hours a month on demand (730 h × {ratio}); here the busiest would bill {max} h, the least busy {min} h (busy hours plus the billed hours of its starts).",
    plan_equals_start_stop: "With none committed this costs what on-demand start/stop costs.",
    alt_held: "Holding capacity instead ({plan}): {x} over {n} months.",
    alt_risk: "Accepting the capacity risk instead ({plan}): {x} over {n} months.",
    switch_charged: "The load runs on {option} today: owning pays {x} at its start for moving {gb} GB out at that option's transfer tiers (before 12 January 2027 the EU Data Act lets a provider charge its direct costs). A hybrid that keeps renting from {option} pays it too. Not legal advice.",
    switch_free: "The load runs on {option} today: moving its {gb} GB out costs owning nothing, a full switch from 12 January 2027 carries no switching charges (EU Data Act, Art. 29). A hybrid that keeps renting from {option} still pays the transfer ({x}). Not legal advice.",
    warn_idle: "Bills {billed} GPUs, the load needs at most {needed}: {idle} billed idle.",
    idle_note: "The load needs at most {needed} GPUs; billed idle: {list}.",
    idle_item: "{option} bills {billed} ({idle} idle)",
    // Issue 14: results in view, shared views, print and embed.
    price_monthly: "Monthly price",
    one_time_spread: "one-time {x}, spread over {n} months",
    monthly_note: "“Running cost per month” leaves out the one-time amounts (purchase, setup, resale, data moved out). The chart of cost lines spreads them over the {n} months as well, so there {option} costs {avg} a month: {running} running plus {once} one-time ÷ {n}.",
    act_copied_measured: "Link copied. It holds the whole scenario except the measured load ({source}, productive share {share}): a link never carries one, so whoever opens it gets the calendar below it instead ({wd} working days, service {from}–{to} h on {gpus} GPUs, {batches} batch window(s)) and other results. Save the scenario as a file to pass the measurement on.",
    live_label: "Result while you edit",
    live_own: "{class}: owning pays off from {when} against {option} and saves {x}.",
    live_rent: "{class}: {option} is cheaper than owning by {x}; no break-even within {n} months.",
    live_held: "Holding capacity",
    live_risk: "Accepting capacity risk",
    results_table: "The options side by side",
    charts_heading: "Charts",
};

/// German.
pub static DE: Texts = Texts {
    title: "GPUs mieten oder eigenen Server kaufen?",
    intro: "Für gleichmäßige Inferenz: was gemietete Cloud-GPUs und ein eigener GPU-Server kosten, ab welchem Monat sich der Kauf rechnet und bei welcher Auslastung die Antwort kippt. Methode: Kosten je produktiver GPU-Stunde auf beiden Seiten.",
    privacy: "Alles wird in Ihrem Browser berechnet. Keine Eingabe verlässt diese Seite.",
    switch_lang: "English",
    switch_lang_label: "Switch the language to English",
    panel_workload: "Last",
    panel_cloud: "Cloud (mieten)",
    panel_own: "Eigener Server",
    panel_finance: "Finanzen",
    advanced: "Weitere Einstellungen",
    working_days: "Werktage pro Monat",
    service_window: "Servicezeit (interaktiv)",
    batch_window: "Batch-Fenster",
    from_hour: "Von (Uhr)",
    to_hour: "Bis (Uhr)",
    gpus: "GPUs",
    days: "Läuft an",
    days_working: "Werktagen",
    days_all: "allen Tagen",
    add_batch: "Batch-Fenster hinzufügen",
    remove: "Entfernen",
    add_option: "Mietoption hinzufügen",
    option_n: "Option {n}",
    label: "Name",
    currency: "Währung",
    gpus_per_instance: "GPUs pro Instanz",
    price: "On-Demand-Preis",
    price_unit: "Preis pro",
    unit_gpu_hour: "GPU-Stunde",
    unit_instance_hour: "Instanzstunde",
    unit_instance_month: "Server-Monat",
    billing_mode: "Abrechnungsmodell",
    start_overhead_hours: "Abgerechnete Stunden je Start (Boot + Modell laden)",
    term_years: "Laufzeit (Jahre)",
    price_ratio: "Plan-Tarif ÷ On-Demand-Tarif",
    commitment_optimal: "Optimale Verpflichtung aus der Last",
    commitment_instances: "Zugesagte Instanzen",
    spot_price: "Spot-Preis",
    rework_percent: "Wiederholung nach Unterbrechungen",
    service_billing: "Servicezeit abgerechnet als",
    svc_always_on: "On-Demand, immer an",
    svc_start_stop: "On-Demand, Start/Stopp",
    block_days: "Tage je Block",
    blocks_per_year: "Blöcke pro Jahr",
    block_price: "Block-Preis",
    setup_fee_per_instance: "Einrichtungsgebühr je Server",
    minimum_term_months: "Mindestlaufzeit",
    extras: "Speicher, Übertragung, Support",
    storage_gb: "Persistenter Speicher",
    storage_price: "Speicherpreis je GB-Monat",
    egress_gb: "Ausgehende Daten pro Monat",
    egress_tiers: "Preisstufen Datenübertragung",
    tier_up_to: "Bis GB",
    tier_price: "Preis je GB",
    tier_open: "offen",
    support_percent: "Supportplan (% der Rechnung)",
    support_minimum: "Support-Minimum pro Monat",
    other_per_month: "Sonstige Kosten pro Monat",
    yearly_change: "Jährliche Preisänderung",
    virtualisation_loss: "Virtualisierungsverlust",
    exit_data_gb: "Daten umgezogen (am Ende oder beim Wechsel weg)",
    data_act_note: gpu_tco_core::DATA_ACT_NOTE_DE,
    gpus_per_server: "GPUs pro Server",
    price_per_server: "Preis pro Server",
    setup_one_time: "Einrichtung und Installation (einmalig)",
    licence_per_gpu_year: "Lizenz je GPU-Jahr",
    licence_bundled_years: "Enthaltene Lizenzjahre",
    energy_included: "Strom in der Colocation enthalten",
    busy_watts: "GPU-Leistung im Betrieb",
    idle_watts: "GPU-Leistung im Leerlauf",
    base_watts: "Rest des Servers",
    pue: "PUE",
    price_per_kwh: "Strompreis je kWh",
    colo_per_server: "Rack je Server-Monat",
    colo_per_kw: "Colocation je kW-Monat",
    contracted_kw: "Vertragliche kW je Server",
    hw_support: "Hardware-Support pro Jahr (% vom Preis)",
    staff_hours: "Personalstunden pro Monat",
    staff_rate: "Personalkosten je Stunde",
    service_life: "Nutzungsdauer",
    residual: "Restwert am Ende der Nutzung",
    financing: "Finanzierung",
    cash: "Barkauf",
    loan: "Kredit oder Leasing",
    interest: "Zins pro Jahr",
    loan_term: "Kreditlaufzeit",
    horizon_life: "Über die Nutzungsdauer vergleichen",
    horizon_months: "Zeitraum",
    discount_rate: "Kalkulationszins pro Jahr",
    display_currency: "Ergebnisse in",
    usd_per_eur: "US-Dollar je Euro",
    unit_hours: "Std.",
    unit_days: "Tage",
    chart_as_table: "Das Diagramm als Tabelle (kumulierte Kosten, alle 12 Monate)",
    month_col: "Monat {n}",
    pv_title: "Als Barwert, abgezinst mit {rate} % im Jahr",
    pv_col_total: "Barwert der Kosten",
    pv_col_per: "Je produktive GPU-Stunde (levelized)",
    pv_note: "Die Kosten jedes Monats werden mit dem Kalkulationszins (Bereich Finanzen) auf heute abgezinst; Break-even-Monat und Ersparnis vergleichen diese Barwerte. Die Tabelle oben zeigt die Beträge wie gezahlt.",
    rounding_note: "Beträge werden exakt berechnet und auf ganze Einheiten gerundet gezeigt; eine gezeigte Differenz kann daher um 1 von der Differenz der gerundeten Zahlen abweichen.",
    cancels_note: "* Ganzen Monat abgerechnet: Der produktive Anteil kürzt sich heraus, kein Anteil dreht die Antwort; vergleichen Sie die eigenen Kosten je GPU-Stunde des Zeitraums mit dem Miettarif.",
    unit_h_day: "Uhr",
    unit_months: "Monate",
    unit_years: "Jahre",
    unit_percent: "%",
    unit_watts: "W",
    unit_gb: "GB",
    results: "Ergebnisse",
    stale: "Eine Eingabe ist ungültig; die Ergebnisse unten sind noch die von vor dieser Eingabe.",
    go_to_field: "Zum Feld",
    skip_nav: "Sprunglinks",
    skip_inputs: "Zu den Eingaben",
    skip_results: "Zu den Ergebnissen",
    answer_top: "Die Antwort in Kürze",
    to_results: "Zu den Ergebnissen und Diagrammen ↓",
    doc_title: "GPU mieten oder kaufen: Kostenrechner",
    productive_hours: "Produktive Stunden pro Monat",
    productive_share: "Produktiver Anteil",
    productive_gpu_hours: "Produktive GPU-Stunden pro Monat",
    best_rent: "Günstigste Mietoption",
    own_cost_per_hour: "Eigen: Kosten je produktiver GPU-Stunde",
    col_option: "Option",
    col_monthly: "Laufende Kosten pro Monat",
    col_one_time: "Einmalig, abzgl. Restwert",
    col_total: "Summe über {n} Monate",
    col_per_gpu_hour: "Je produktiver GPU-Stunde",
    col_break_even: "Eigen rechnet sich",
    col_break_even_share: "Break-even-Anteil",
    col_savings: "Ersparnis durch Kauf",
    col_npv: "Barwert",
    own_row: "eigen",
    month_n: "ab Monat {n}",
    never: "nicht im Zeitraum",
    own_cheaper_any: "eigen bei jedem Anteil",
    rent_cheaper_any: "Miete bei jedem Anteil",
    cancels_out: "(ganzen Monat abgerechnet: der Anteil kürzt sich heraus)",
    savings_positive: "Der eigene Server spart gegenüber {option} {x} über {n} Monate.",
    savings_negative: "Mieten ({option}) ist über {n} Monate {x} günstiger als der eigene Server.",
    verdict_own: "Der eigene Server ist über {n} Monate günstiger als jede Mietoption. Gegenüber der günstigsten ({option}) rechnet er sich {when}.",
    verdict_rent: "{option} ist über {n} Monate um {x} günstiger als der eigene Server.",
    verdict_pv_own: "Als Barwert (Kalkulationszins im Bereich Finanzen) spart der eigene Server gegenüber {option} {x} und rechnet sich {when}.",
    verdict_pv_rent: "Als Barwert (Kalkulationszins im Bereich Finanzen) ist {option} um {x} günstiger als der eigene Server.",
    verdict_share: "Gegenüber {option} gewinnt der eigene Server ab einem produktiven Anteil von {share} (heute: {today}).",
    cost_lines: "Kostenposten (Durchschnitt pro Monat über den Zeitraum)",
    one_time_mark: "einmalig",
    chart_cumulative: "Kumulierte Kosten nach Monat",
    chart_share: "Kosten je produktiver GPU-Stunde nach produktivem Anteil",
    chart_breakdown: "Monatliche Kosten nach Kostenposten (Durchschnitt über den Zeitraum)",
    axis_month: "Monat",
    axis_cumulative: "Kumulierte Kosten",
    axis_share: "Produktiver Anteil",
    axis_per_hour: "Kosten je produktiver GPU-Stunde",
    axis_monthly: "Pro Monat",
    today_share: "heute",
    chart_cumulative_desc: "Linien: kumulierte Kosten jeder Option von Monat 0 (Kauf) bis zum Ende des Zeitraums. Punkte markieren den Monat, ab dem der eigene Server günstiger bleibt.",
    chart_share_desc: "Wie die Kosten einer produktiven GPU-Stunde sinken, wenn die GPUs mehr Stunden im Monat arbeiten. Die senkrechte Linie ist der heutige Anteil.",
    chart_breakdown_desc: "Woraus sich die Kosten jeder Option zusammensetzen, pro Monat im Durchschnitt über den Zeitraum (einmalige Beträge auf die Monate verteilt).",
    err_range: "Bitte einen Wert von {min} bis {max} eingeben.",
    err_step: "Dieser Wert ist nicht zulässig.",
    err_step_block: "Blöcke dauern 1–14 Tage oder 7–182 Tage in 7-Tage-Schritten.",
    err_step_term: "Laufzeiten sind 1 oder 3 Jahre.",
    err_too_many: "Höchstens {max} Einträge.",
    err_too_long: "Höchstens {max} Zeichen.",
    err_too_deep: "Listen und Objekte mehr als {max} Ebenen tief verschachtelt.",
    err_version: "Szenario-Version {found} wird nicht unterstützt (diese Seite liest Version {supported})",
    err_number: "Bitte eine Zahl eingeben.",
    err_whole: "Bitte eine ganze Zahl ab 0 eingeben.",
    hint_two_readings: "„{text}“ lässt sich als {a} oder als {b} lesen. Welche Zahl ist gemeint?",
    hint_below_preset: "Das ist ein Tausendstel des Vorlagenwerts {preset}. Ist {likely} gemeint?",
    hint_above_preset: "Das ist das 1.000-Fache des Vorlagenwerts {preset}. Ist {likely} gemeint?",
    hint_scale_sources: "Die Quellen nennen {low} bis {high}. Ist {likely} gemeint?",
    hint_outside: "Weit außerhalb dessen, was die Quellen nennen ({low} bis {high}). Bitte prüfen.",
    hint_use: "{likely} übernehmen",
    label_cut: "Ein Name hat höchstens {max} Zeichen; der Rest wurde nicht übernommen.",
    undo_note: "Das Rechenbeispiel hat Ihre Eingaben ersetzt.",
    undo: "Rückgängig",
    band_legend: "Schattiert: P10 bis P90 jeder Option über die Spannen (Wie sicher ist die Antwort?)",
    check_fields: "Bitte {fields} prüfen: Der Wert scheint um den Faktor 1.000 daneben zu liegen (siehe Hinweis am Feld). Die Ergebnisse unten rechnen mit dem eingegebenen Wert.",
    range_title: "Wie sicher ist die Antwort?",
    sizing_title: "Wie viele GPUs? Aus Modell und Nutzern",
    load_gpus_note: "Für sein GPU-Modell bemessen: {gpus}, wo die Last {per} zählt.",
    load_gpus_remove: "Wie die Last zählen",
    offer: "Angebot für diese Konfiguration anfragen",
    offer_note: "Öffnet Ihr E-Mail-Programm mit dem Link zu diesem Vergleich und einer kurzen Zusammenfassung; der Rechner selbst sendet nichts.",
    offer_note_event: "Übergibt den Link zu diesem Vergleich und eine kurze Zusammenfassung an diese Website; der Rechner selbst sendet nichts.",
    offer_sent: "An die Website übergeben: der Link und die Zusammenfassung.",
    offer_embed_subject: "Angebotsanfrage: {gpus} GPUs",
    offer_embed_body: "GPUs für die Last: {gpus}\nAntwort: {verdict}\n\nDer Vergleich: {link}",
    range_p: "{p10} bis {p90} (Median {p50})",
    range_months: "{a} bis {b}",
    range_close_call: "Knappe Entscheidung: eigen ist in {n} % der Fälle günstiger",
    range_clear: "Eigen ist in {n} % der Fälle günstiger",
    range_productive_hours: "Produktive Stunden pro Monat",
    verdict_range: "Über die Spannen, gegen {option}: {verdict}; Break-even {months}; Ersparnis durch eigen {savings} (unter null: Miete ist günstiger).",
    range_point_outside: "Die {point} oben liegen außerhalb dieses P10–P90: Die Spannen liegen nicht mittig um die eingegebenen Werte (manche reichen nur nach einer Seite, etwa die Preisänderung der Cloud), daher fallen die meisten Stichproben auf eine Seite davon.",
    embed_load: "Außerdem in der Last: {list}.",
    embed_window: "{name}, {gpus} GPUs von {from} bis {to} Uhr",
    gpus_follow: "Batch-Fenster und Spitzen mit gleicher GPU-Zahl folgen dieser Zahl; eine andere Zahl dort trennt sie davon.",
    err_malformed: "Kein gültiges Szenario: {detail}",
    err_json: "keine Szenario-Datei: kein gültiges JSON in Zeile {line}, Spalte {column}",
    err_json_ends: "die Datei ist abgeschnitten: ihr JSON endet zu früh, in Zeile {line}, Spalte {column}",
    err_overflow: "Dieser Wert ist zu groß zum Rechnen.",
    err_metrics: "Diese Messdatei ist nicht verwendbar.",
    import_title: "Last aus Serving-Metriken messen",
    part_loading: "Dieser Abschnitt wird geladen …",
    part_failed: "Dieser Abschnitt konnte nicht geladen werden. Prüfen Sie die Verbindung, dann schließen und öffnen Sie ihn erneut.",
    measured_banner: "Gemessene Last in Verwendung: {source}.",
    measured_share: "Produktiver Anteil {share}. Arbeitstage, Zeitfenster und Spitzen unten bleiben erhalten, werden aber solange nicht verwendet.",
    measured_back: "Zurück zum Kalender",
    warn_capacity: "{n} Instanzstarts pro Monat: Jeder Start braucht freie On-Demand-Kapazität und kann fehlschlagen (InsufficientInstanceCapacity).",
    warn_sp_loses: "Diese Verpflichtung kostet {x} pro Monat mehr als On-Demand mit Start/Stopp für dieselben Stunden.",
    warn_gap: "Die Blöcke decken {c} Tage pro Monat ab, die Last braucht {b}.",
    warn_owed: "Der Zeitraum endet in einer Laufzeit: Ein Ende dort schuldet {n} weitere Monate (in der Spalte „Ende in Monat“, nicht in der Summe).",
    warn_asset: "Die Server haben am Ende des Zeitraums noch {n} Monate Nutzungsdauer: Ihr Marktwert dann, {v} % des Preises, wird gutgeschrieben.",
    warn_loan: "Der Kredit läuft {n} Monate über den Zeitraum hinaus; die Restschuld wird am Ende berechnet.",
    reset: "Rechenbeispiel laden",
    analysis_title: "Hybrid, Sensitivität und Heatmap",
    hybrid_title_row: "Hybrid: {n} eigene GPUs, Überlauf auf {option}",
    hybrid_total: "Summe über {months} Monate",
    hybrid_per_hour: "Pro produktiver GPU-Stunde",
    hybrid_vs_own: "Ersparnis gegenüber nur eigen",
    hybrid_vs_rent: "Ersparnis gegenüber nur {option}",
    hybrid_remove: "Mischung entfernen",
    hybrid_legend: "Hybrid: {n} eigene GPUs + {option}",
    open_full: "Vollständigen Rechner öffnen",
    act_copy: "Link kopieren",
    act_copied: "Link kopiert. Er enthält das ganze Szenario; gespeichert wird nichts anderswo.",
    act_copy_failed: "Kopieren fehlgeschlagen: Kopieren Sie die Adresse aus der Adresszeile.",
    act_save: "Szenario speichern (JSON)",
    act_open: "Szenario öffnen…",
    act_drop: "oder eine Szenario-Datei auf die Seite ziehen",
    act_csv_monthly: "CSV: Kosten je Monat",
    act_csv_lines: "CSV: Kostenposten",
    act_print: "Drucken / PDF",
    act_pin: "Als A zum Vergleich merken",
    act_unpin: "Vergleich beenden",
    actions_label: "Teilen, speichern und exportieren",
    bad_link: "Dieser Link konnte nicht geladen werden ({reason}). Der Rechner zeigt stattdessen das Rechenbeispiel.",
    recovered: "Der Rechner ist wegen eines internen Fehlers stehen geblieben und wurde mit dem Szenario aus seinem Link neu geladen. Eine gemessene Last steht nie in einem Link: Falls Sie eine verwendet hatten, importieren Sie sie erneut.",
    link_damaged: "der Link ist beschädigt oder unvollständig",
    link_damaged_at: "der Link ist bei „{key}“ beschädigt oder unvollständig",
    bad_file: "Die Datei {name} konnte nicht geöffnet werden ({reason}). Es wurde nichts geändert.",
    opened_file: "Szenario aus {name} geöffnet.",
    unreadable: "die Datei ist nicht lesbar",
    own_total: "Eigen: Summe über den Zeitraum",
    horizon: "Zeitraum",
    preset: "Vorlage",
    preset_custom: "— eigene Werte —",
    source: "Quelle",
    as_of: "Stand",
    check_price: "Prüfen Sie diesen Wert: Er ist älter als 12 Monate.",
    your_value: "eigener Wert",
    info_label: "Woher dieser Wert stammt",
    footer_sources: "Standardpreise: AWS p5en.48xlarge On-Demand us-east-1 (63,296 USD/Std., Aug. 2026), Savings-Plan-Verhältnis 0,43 (3 Jahre, ohne Vorauszahlung, Okt. 2026), Server mit 8× H200 typisch 370.000 USD (Okt. 2026), Strom 0,19 EUR/kWh (Eurostat 1. Hj. 2025), PUE 1,3, Colocation 165 EUR je kW-Monat, Hardware-Support 10 % pro Jahr, Restwert 12,5 % nach 5 Jahren. Last: das Rechenbeispiel (1.000 Mitarbeitende, 21 Werktage, 07:00–19:00 Uhr und 4 Std. nächtlicher Batch auf 8 GPUs).",
    // issue 7: peaks and finance view
    peaks_title: "Geplante Lastspitzen",
    peaks_intro: "Zusätzliche Last an den letzten Tagen des Monats, etwa zum Monatsabschluss oder in einer Saisonaktion. In jeder Stunde ist die größte GPU-Zahl der dann laufenden Fenster und Spitzen belegt.",
    peak_n: "Spitze {n}",
    add_peak: "Lastspitze hinzufügen",
    remove_peak: "Spitze {n} entfernen",
    peaks_full: "Höchstens {max} Spitzen.",
    peak_days_of_month: "Tage am Monatsende",
    peak_which_days: "Welche Tage zählen",
    peak_days_working: "die letzten Werktage",
    peak_days_all: "die letzten Kalendertage",
    peak_months: "Monate des Jahres",
    peak_months_note: "Keiner angekreuzt: jeden Monat.",
    month_names: [
        "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.",
        "Dez.",
    ],
    cf_title: "Zahlungen nach Jahren und früher Verkauf",
    has_plan: "Das Angebot hat einen Verpflichtungstarif",
    switching_legend: "Heute und der Start",
    from_rent: "Wo die Last heute läuft",
    from_rent_none: "noch nirgends (neue Last)",
    start_date: "Der Vergleich beginnt am",
    start_date_today: "Leer: heute ({date}).",
    switching_note: "Läuft die Last heute auf einer Mietoption, ist der Umzug ihrer Daten (die „Daten umgezogen“ dieser Option zu ihren Übertragungspreisen) ein einmaliger Kostenposten des eigenen Servers und des Hybrids zu Beginn. Ab 12. Januar 2027 kostet ein vollständiger Wechsel keine Wechselentgelte (EU-Datenverordnung, Art. 29); der Hybrid mietet bei diesem Anbieter weiter, seine Übertragung bleibt also kostenpflichtig. Ein Wechsel zwischen Mietoptionen wird nicht bepreist. Keine Rechtsberatung.",
    col_gpus: "GPUs berechnet (benötigt)",
    col_stop: "Ende in Monat {n}",
    stop_note: "Ende in Monat {n}: was alles kostet, wenn alles dann endet. Der eigene Server wird zum Marktwert verkauft und sein Kredit getilgt (beides ist schon in seiner Summe); eine Mietoption zahlt zusätzlich die noch geschuldeten Monate von Verpflichtung und Mindestlaufzeit und zieht ihre Daten um ({exit}). Die Summen zählen auf beiden Seiten die Monate bis zum Ende des Zeitraums: noch gehaltene Server werden mit ihrem Marktwert gutgeschrieben, spätere Monate einer Verpflichtung nicht berechnet.",
    exit_free: "kostenlos: ein vollständiger Wechsel ab 12. Januar 2027 kostet keine Wechselentgelte, EU-Datenverordnung Art. 29; keine Rechtsberatung",
    exit_charged: "zu seinen Übertragungspreisen: vor dem 12. Januar 2027 darf ein Anbieter seine direkten Kosten berechnen, EU-Datenverordnung Art. 29; keine Rechtsberatung",
    capacity_held: "hält Kapazität",
    capacity_risk: "Kapazitätsrisiko",
    capacity_gap: "deckt die Last nicht",
    verdict_held_own: "Mit gehaltener Kapazität (jede Instanz den ganzen Monat gehalten oder reserviert, das Modell antwortet also, wenn die Nutzer kommen): Am günstigsten mietet man {option}, {x} über {n} Monate. Der eigene Server ist {y} günstiger und rechnet sich {when}.",
    verdict_held_rent: "Mit gehaltener Kapazität (jede Instanz den ganzen Monat gehalten oder reserviert, das Modell antwortet also, wenn die Nutzer kommen): Am günstigsten mietet man {option}, {x} über {n} Monate, {y} günstiger als der eigene Server.",
    verdict_risk_own: "Mit Kapazitätsrisiko (Instanzen außerhalb der belegten Stunden gestoppt und wieder gestartet, oder Batch auf Spot; ein Start kann scheitern, wenn der Anbieter keine Kapazität frei hat): Am günstigsten ist {option}, {x}. Der eigene Server ist {y} günstiger und rechnet sich {when}.",
    verdict_risk_rent: "Mit Kapazitätsrisiko (Instanzen außerhalb der belegten Stunden gestoppt und wieder gestartet, oder Batch auf Spot; ein Start kann scheitern, wenn der Anbieter keine Kapazität frei hat): Am günstigsten ist {option}, {x}, {y} günstiger als der eigene Server.",
    verdict_no_held: "Keine Mietoption hier hält den ganzen Monat Kapazität.",
    verdict_no_risk: "Keine Mietoption hier stoppt Instanzen oder nutzt Spot (der günstigere, riskantere Weg aus dem ersten Artikel der Methode); eine Option mit Start/Stopp oder „günstigster Tarif“ zeigt ihn.",
    its_other_plan: "{option} mit dem anderen Tarif",
    plan_committed: "{c} von {n} Instanz(en) im {years}-Jahres-Tarif zu {ratio} × On-Demand-Preis zugesagt",
    plan_none_committed: "keine Instanz zugesagt",
    plan_rest_held: "{rest} den ganzen Monat On-Demand gehalten",
    plan_rest_stopped: "{rest} außerhalb der belegten Stunden gestoppt: {od} Instanzstunden im Monat On-Demand berechnet (belegte Stunden und {starts} Starts), {stopped} gestoppt",
    plan_all_held: "alle den ganzen Monat On-Demand gehalten",
    plan_label: "Berechneter Tarif",
    plan_why: "Eine Instanz zuzusagen lohnt sich, wenn sie On-Demand mehr als {above} Instanzstunden im Monat kosten würde (730 Std. × {ratio}); hier käme die meistbelegte auf {max} Std., die am wenigsten belegte auf {min} Std. (belegte Stunden plus die berechneten Stunden ihrer Starts).",
    plan_equals_start_stop: "Ohne Zusage kostet das so viel wie On-Demand mit Start/Stopp.",
    alt_held: "Mit gehaltener Kapazität stattdessen ({plan}): {x} über {n} Monate.",
    alt_risk: "Mit Kapazitätsrisiko stattdessen ({plan}): {x} über {n} Monate.",
    switch_charged: "Die Last läuft heute auf {option}: Der eigene Server zahlt zu Beginn {x}, um {gb} GB zu den Übertragungspreisen dieser Option umzuziehen (vor dem 12. Januar 2027 darf ein Anbieter nach der EU-Datenverordnung seine direkten Kosten berechnen). Ein Hybrid, der weiter bei {option} mietet, zahlt das auch. Keine Rechtsberatung.",
    switch_free: "Die Last läuft heute auf {option}: Der Umzug ihrer {gb} GB kostet den eigenen Server nichts, ein vollständiger Wechsel ab 12. Januar 2027 kostet keine Wechselentgelte (EU-Datenverordnung, Art. 29). Ein Hybrid, der weiter bei {option} mietet, zahlt die Übertragung weiter ({x}). Keine Rechtsberatung.",
    warn_idle: "Berechnet {billed} GPUs, die Last braucht höchstens {needed}: {idle} werden ungenutzt berechnet.",
    idle_note: "Die Last braucht höchstens {needed} GPUs; ungenutzt berechnet: {list}.",
    idle_item: "{option} berechnet {billed} ({idle} ungenutzt)",
    // Issue 14: results in view, shared views, print and embed.
    price_monthly: "Monatspreis",
    one_time_spread: "einmalig {x}, verteilt auf {n} Monate",
    monthly_note: "„Laufende Kosten pro Monat“ enthalten keine einmaligen Beträge (Kauf, Einrichtung, Restwert, Datenauszug). Das Diagramm der Kostenposten verteilt sie zusätzlich auf die {n} Monate; dort kostet {option} daher {avg} pro Monat: {running} laufend plus {once} einmalig ÷ {n}.",
    act_copied_measured: "Link kopiert. Er enthält das ganze Szenario außer der gemessenen Last ({source}, produktiver Anteil {share}): Ein Link trägt nie eine, wer ihn öffnet, bekommt stattdessen den Kalender darunter ({wd} Werktage, Betrieb {from}–{to} Uhr auf {gpus} GPUs, {batches} Batch-Fenster) und andere Ergebnisse. Speichern Sie das Szenario als Datei, um die Messung weiterzugeben.",
    live_label: "Ergebnis während der Eingabe",
    live_own: "{class}: Der eigene Server rechnet sich {when} gegenüber {option} und spart {x}.",
    live_rent: "{class}: {option} ist {x} günstiger als der eigene Server; er rechnet sich nicht in {n} Monaten.",
    live_held: "Mit gehaltener Kapazität",
    live_risk: "Mit Kapazitätsrisiko",
    results_table: "Die Optionen im Vergleich",
    charts_heading: "Diagramme",
};

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_tco_core::share::from_fragment;
    use gpu_tco_core::{DEFAULT_JSON, Scenario};

    fn file_with(pointer: &str, value: serde_json::Value) -> Error {
        let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
        *v.pointer_mut(pointer).unwrap() = value;
        Scenario::from_value(v).unwrap_err()
    }

    #[test]
    fn reader_problems_are_worded_by_their_kind() {
        let whole = file_with("/own/gpus_per_server", serde_json::json!("eight"));
        assert_eq!(error_message(Lang::En, &whole), EN.err_whole);
        assert_eq!(error_message(Lang::De, &whole), DE.err_whole);
        let negative = file_with("/own/gpus_per_server", serde_json::json!(-1));
        assert_eq!(error_message(Lang::En, &negative), EN.err_whole);
        let decimal = file_with("/own/price_per_server", serde_json::json!("abc"));
        assert_eq!(error_message(Lang::En, &decimal), EN.err_number);
        let link = from_fragment("v=1&rent.0.price=abc").unwrap_err();
        assert_eq!(error_message(Lang::De, &link), DE.err_number);
        // A link's whole number that is not one, and an unknown field, keep the reader's words.
        let link = from_fragment("v=1&hybrid.own_gpus=abc").unwrap_err();
        assert_eq!(
            error_message(Lang::En, &link),
            "Not a valid scenario: expected a whole number"
        );
        let unknown = file_with("/calendar", serde_json::json!({"nonsense": 1}));
        assert!(
            error_message(Lang::De, &unknown)
                .starts_with("Kein gültiges Szenario: unknown field `nonsense`"),
            "{}",
            error_message(Lang::De, &unknown)
        );
    }

    #[test]
    fn steps_are_worded_by_their_rule() {
        let mut s = Scenario::default();
        s.rent[0].billing = gpu_tco_core::Billing::CapacityBlock {
            block_days: 15,
            blocks_per_year: 1,
            block_price: 1.into(),
        };
        let e = s.validate().unwrap_err();
        assert_eq!(error_message(Lang::En, &e), EN.err_step_block);
    }
}
