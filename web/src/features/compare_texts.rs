//! The strings of the comparison of a pinned scenario A with the current one B, German and
//! English, beside the section. Declared with `texts!` ([`crate::texts`]): one field per string,
//! its two languages side by side, so a string missing in one language is a compile error.
//!
//! The comparison is loaded on demand (once A is pinned), so these strings are in that module
//! only; the row names it shares with the results table (productive hours, own's total, …) stay
//! in [`crate::i18n::Texts`].

crate::texts::texts! {
    /// The strings of the comparison of A and B.
    pub struct Tx;
    compare_title {
        en: "Compare: A (pinned) and B (now)",
        de: "Vergleich: A (gemerkt) und B (jetzt)",
    }
    /// "table", naming a scrollable table's region apart from its section.
    table_word {
        en: "table",
        de: "Tabelle",
    }
    /// A's figures on a phone, where the table is a card per figure and its head is not shown.
    compare_a {
        en: "A (pinned)",
        de: "A (gemerkt)",
    }
    /// B's figures on a phone.
    compare_b {
        en: "B (now)",
        de: "B (jetzt)",
    }
    compare_quantity {
        en: "Figure",
        de: "Kennzahl",
    }
    /// The verdict's answer holding capacity: the cheapest way to rent that does, its total.
    held_total {
        en: "Holding capacity: cheapest rent, total",
        de: "Mit vorgehaltener Kapazität: günstigste Miete, Summe",
    }
    held_savings {
        en: "Holding capacity: owning saves",
        de: "Mit vorgehaltener Kapazität: Ersparnis durch Kauf",
    }
    held_break_even {
        en: "Holding capacity: own breaks even",
        de: "Mit vorgehaltener Kapazität: Kauf rechnet sich",
    }
    /// The verdict's answer accepting the capacity risk (start/stop, spot).
    risk_total {
        en: "Accepting capacity risk: cheapest rent, total",
        de: "Mit Kapazitätsrisiko: günstigste Miete, Summe",
    }
    risk_savings {
        en: "Accepting capacity risk: owning saves",
        de: "Mit Kapazitätsrisiko: Ersparnis durch Kauf",
    }
    risk_break_even {
        en: "Accepting capacity risk: own breaks even",
        de: "Mit Kapazitätsrisiko: Kauf rechnet sich",
    }
    compare_legend {
        en: "Thin lines: A. Thick lines: B.",
        de: "Dünne Linien: A. Dicke Linien: B.",
    }
}
