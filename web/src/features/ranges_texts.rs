//! The strings of the ranges section (how sure the answer is), German and English.
//!
//! Kept beside the section, in the module loaded on demand, so that they are not in the first
//! screen's data (a string in [`crate::i18n::Texts`] is linked wherever `Texts` is). Declared with
//! `texts!` ([`crate::texts`]): one field per string, its two languages side by side, so a
//! string missing in one language is a compile error.
//!
//! The heading, the input names and what the first screen's results show of the ranges (the
//! verdict, the bands, the months) stay in [`crate::i18n::Texts`].

crate::texts::texts! {
    /// The strings of the ranges section. `{x}` marks a value filled in.
    pub struct Tx with txt;
    /// What the section does.
    range_intro {
        en: "Every figure behind the verdict is uncertain. Give the inputs that swing the answer a range (lowest and highest), or take the ranges the sources give; the page then shows the P10 to P90 of each total, of the savings and of the break-even month, and bands around the cumulative curves.",
        de: "Jede Zahl hinter dem Ergebnis ist unsicher. Geben Sie den Eingaben, die die Antwort bewegen, eine Spanne (niedrigster und höchster Wert) oder übernehmen Sie die Spannen der Quellen; die Seite zeigt dann P10 bis P90 jeder Summe, der Ersparnis und des Break-even-Monats sowie Bänder um die kumulierten Kurven.",
    }
    /// Button: take the sources' ranges.
    range_sourced {
        en: "Use the sources’ ranges",
        de: "Spannen der Quellen übernehmen",
    }
    /// Notice after it: `{n}` ranges.
    range_sourced_done {
        en: "{n} ranges from the sources of the presets are set.",
        de: "{n} Spannen aus den Quellen der Vorlagen sind gesetzt.",
    }
    /// Button: remove every range.
    range_clear_all {
        en: "Remove all ranges",
        de: "Alle Spannen entfernen",
    }
    /// Caption of the range inputs.
    range_inputs {
        en: "Ranges on the inputs",
        de: "Spannen der Eingaben",
    }
    /// Column: the input.
    range_input {
        en: "Input",
        de: "Eingabe",
    }
    /// Column and label: the lowest value.
    range_low {
        en: "lowest",
        de: "niedrigster",
    }
    /// Column and label: the highest value.
    range_high {
        en: "highest",
        de: "höchster",
    }
    /// Column and label: moves with the other tied inputs.
    range_tie {
        en: "moves with the other ticked ones",
        de: "bewegt sich mit den anderen angekreuzten",
    }
    /// Column of the messages (for screen readers).
    range_message {
        en: "Message",
        de: "Hinweis",
    }
    /// A range with one end only.
    range_both_ends {
        en: "Enter both ends, or neither.",
        de: "Bitte beide Enden angeben oder keines.",
    }
    /// While the spread is being computed.
    range_pending {
        en: "Bringing the ranges up to date …",
        de: "Die Spannen werden neu berechnet …",
    }
    /// The method: `{n}` samples, `{seed}`.
    range_method {
        en: "{n} samples of the scenario (Latin hypercube, seed {seed}): each range uniform, the ranges independent unless ticked to move together. P10: one case in ten is at or below it; P90: nine in ten.",
        de: "{n} Stichproben des Szenarios (Latin Hypercube, Startwert {seed}): jede Spanne gleichverteilt, die Spannen unabhängig, außer wenn sie als gemeinsam angekreuzt sind. P10: jeder zehnte Fall liegt darunter oder gleich; P90: neun von zehn.",
    }
    /// Caption of the results over the ranges.
    range_table {
        en: "Results over the ranges",
        de: "Ergebnisse über die Spannen",
    }
    /// Caption of the results over the ranges when the scenario discounts (a table in present
    /// value follows).
    range_table_paid {
        en: "Results over the ranges, as paid",
        de: "Ergebnisse über die Spannen, wie gezahlt",
    }
    /// Caption of the same results in present value, at `{rate}` a year.
    range_pv_table {
        en: "The same in present value, discounted at {rate} a year",
        de: "Dasselbe als Barwert, abgezinst mit {rate} im Jahr",
    }
    /// Column: present value of the costs over `{n}` months, P10 to P90.
    range_pv_col_total {
        en: "Present value of the costs over {n} months",
        de: "Barwert der Kosten über {n} Monate",
    }
    /// Column: total over `{n}` months, P10 to P90.
    range_col_total {
        en: "Total over {n} months",
        de: "Summe über {n} Monate",
    }
    /// Column: savings with own.
    range_col_savings {
        en: "Savings by owning (below zero: renting costs less)",
        de: "Ersparnis durch Kauf (unter null: Miete günstiger)",
    }
    /// Column: how sure.
    range_col_verdict {
        en: "How sure",
        de: "Wie sicher",
    }
    /// Button: the bands as CSV.
    range_csv {
        en: "Bands as CSV",
        de: "Bänder als CSV",
    }
    /// Under the ranges' results: a range with today's value at one end.
    range_one_sided {
        en: "A range with today's value at one end moves the band to one side of the line: the sources' yearly cloud price change runs from −25% to 0%, so today's prices are its highest case and the bands of the rent options lie below their lines.",
        de: "Eine Spanne, an deren einem Ende der heutige Wert liegt, verschiebt das Band zu einer Seite der Linie: Die jährliche Preisänderung der Cloud reicht laut Quellen von −25 % bis 0 %, die heutigen Preise sind also ihr höchster Fall, und die Bänder der Mietoptionen liegen unter ihren Linien.",
    }
}
