//! The strings of "Sources of the figures used", German and English, beside the section.
//! Declared with `texts!` ([`crate::texts`]): one field per string, its two languages side by
//! side, so a string missing in one language is a compile error.
//!
//! The section is part of the page's module (it is printed), so these strings are there as they
//! were in [`crate::i18n::Texts`]; what it shares with the form's source notes (the date, "your
//! value", "check the price") stays in `Texts`.

crate::texts::texts! {
    /// The strings of the sources section.
    pub struct Tx with txt;
    sources_heading {
        en: "Sources of the figures used",
        de: "Quellen der verwendeten Werte",
    }
    sources_intro {
        en: "Each preset value with its source and date. Values you changed are marked as yours.",
        de: "Jeder Vorlagenwert mit Quelle und Datum. Von Ihnen geänderte Werte sind als eigene markiert.",
    }
}
