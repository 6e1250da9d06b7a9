//! The strings of "Sources of the figures used", German and English, beside the section.
//! Declared with `texts!` ([`crate::texts`]): one field per string, its two languages side by
//! side, so a string missing in one language is a compile error.
//!
//! The section is loaded on demand (when opened, or before the page is printed), so these
//! strings are in that module only; its heading, which shows before it is loaded, and what it
//! shares with the form's source notes (the date, "your value", "check the price") are in
//! [`crate::i18n::Texts`].

crate::texts::texts! {
    /// The strings of the sources section.
    pub struct Tx with txt;
    sources_intro {
        en: "Each preset value with its source and date. Values you changed are marked as yours.",
        de: "Jeder Vorlagenwert mit Quelle und Datum. Von Ihnen geänderte Werte sind als eigene markiert.",
    }
}
