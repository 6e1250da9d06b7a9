//! The strings of the ranges section (how sure the answer is), German and English.
//!
//! Kept beside the section, in the module loaded on demand, so that they are not in the first
//! screen's data (a string in [`crate::i18n::Texts`] is linked wherever `Texts` is). One struct
//! with a field per string, so a string missing in one language is a compile error.
//!
//! The heading, the input names and what the first screen's results show of the ranges (the
//! verdict, the bands, the months) stay in [`crate::i18n::Texts`].

use leptos::prelude::*;

use crate::lang::Lang;
use crate::state::Ctx;

/// The strings of the ranges section. `{x}` marks a value filled in.
#[derive(Debug)]
pub struct Tx {
    /// What the section does.
    pub range_intro: &'static str,
    /// Button: take the sources' ranges.
    pub range_sourced: &'static str,
    /// Notice after it: `{n}` ranges.
    pub range_sourced_done: &'static str,
    /// Button: remove every range.
    pub range_clear_all: &'static str,
    /// Caption of the range inputs.
    pub range_inputs: &'static str,
    /// Column: the input.
    pub range_input: &'static str,
    /// Column and label: the lowest value.
    pub range_low: &'static str,
    /// Column and label: the highest value.
    pub range_high: &'static str,
    /// Column and label: moves with the other tied inputs.
    pub range_tie: &'static str,
    /// Column of the messages (for screen readers).
    pub range_message: &'static str,
    /// A range with one end only.
    pub range_both_ends: &'static str,
    /// While the spread is being computed.
    pub range_pending: &'static str,
    /// The method: `{n}` samples, `{seed}`.
    pub range_method: &'static str,
    /// Caption of the results over the ranges.
    pub range_table: &'static str,
    /// Column: total over `{n}` months, P10 to P90.
    pub range_col_total: &'static str,
    /// Column: savings with own.
    pub range_col_savings: &'static str,
    /// Column: how sure.
    pub range_col_verdict: &'static str,
    /// Button: the bands as CSV.
    pub range_csv: &'static str,
    /// Under the ranges' results: a range with today's value at one end.
    pub range_one_sided: &'static str,
}

impl Tx {
    /// The strings of `lang`.
    pub fn of(lang: Lang) -> &'static Tx {
        match lang {
            Lang::De => &DE,
            Lang::En => &EN,
        }
    }
}

/// One of these strings, following the language (as [`crate::first::tr`] does for the page's
/// texts: one closure type for all of them).
pub fn txt(
    text: fn(&'static Tx) -> &'static str,
) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = Ctx::get().lang;
    move || text(Tx::of(lang.get()))
}

static EN: Tx = Tx {
    range_intro: "Every figure behind the verdict is uncertain. Give the inputs that swing the answer a range (lowest and highest), or take the ranges the sources give; the page then shows the P10 to P90 of each total, of the savings and of the break-even month, and bands around the cumulative curves.",
    range_sourced: "Use the sources’ ranges",
    range_sourced_done: "{n} ranges from the sources of the presets are set.",
    range_clear_all: "Remove all ranges",
    range_inputs: "Ranges on the inputs",
    range_input: "Input",
    range_low: "lowest",
    range_high: "highest",
    range_tie: "moves with the other ticked ones",
    range_message: "Message",
    range_both_ends: "Enter both ends, or neither.",
    range_pending: "Bringing the ranges up to date …",
    range_method: "{n} samples of the scenario (Latin hypercube, seed {seed}): each range uniform, the ranges independent unless ticked to move together. P10: one case in ten is at or below it; P90: nine in ten.",
    range_table: "Results over the ranges",
    range_col_total: "Total over {n} months",
    range_col_savings: "Savings by owning (below zero: renting costs less)",
    range_col_verdict: "How sure",
    range_csv: "Bands as CSV",
    range_one_sided: "A range with today's value at one end moves the band to one side of the line: the sources' yearly cloud price change runs from −25 % to 0 %, so today's prices are its highest case and the bands of the rent options lie below their lines.",
};

static DE: Tx = Tx {
    range_intro: "Jede Zahl hinter dem Ergebnis ist unsicher. Geben Sie den Eingaben, die die Antwort bewegen, eine Spanne (niedrigster und höchster Wert) oder übernehmen Sie die Spannen der Quellen; die Seite zeigt dann P10 bis P90 jeder Summe, der Ersparnis und des Break-even-Monats sowie Bänder um die kumulierten Kurven.",
    range_sourced: "Spannen der Quellen übernehmen",
    range_sourced_done: "{n} Spannen aus den Quellen der Vorlagen sind gesetzt.",
    range_clear_all: "Alle Spannen entfernen",
    range_inputs: "Spannen der Eingaben",
    range_input: "Eingabe",
    range_low: "niedrigster",
    range_high: "höchster",
    range_tie: "bewegt sich mit den anderen angekreuzten",
    range_message: "Hinweis",
    range_both_ends: "Bitte beide Enden angeben oder keines.",
    range_pending: "Die Spannen werden neu berechnet …",
    range_method: "{n} Stichproben des Szenarios (Latin Hypercube, Startwert {seed}): jede Spanne gleichverteilt, die Spannen unabhängig, außer wenn sie als gemeinsam angekreuzt sind. P10: jeder zehnte Fall liegt darunter oder gleich; P90: neun von zehn.",
    range_table: "Ergebnisse über die Spannen",
    range_col_total: "Summe über {n} Monate",
    range_col_savings: "Ersparnis durch eigen (unter null: Miete günstiger)",
    range_col_verdict: "Wie sicher",
    range_csv: "Bänder als CSV",
    range_one_sided: "Eine Spanne, an deren einem Ende der heutige Wert liegt, verschiebt das Band zu einer Seite der Linie: Die jährliche Preisänderung der Cloud reicht laut Quellen von −25 % bis 0 %, die heutigen Preise sind also ihr höchster Fall, und die Bänder der Mietoptionen liegen unter ihren Linien.",
};
