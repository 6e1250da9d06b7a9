//! The page's language: a leaf that the formatting, the state and every text module build on
//! (the strings themselves are in [`crate::i18n`] and beside the sections loaded on demand).

/// The page's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// German.
    De,
    /// English.
    En,
}

impl Lang {
    /// BCP 47 tag for `Intl` and the `lang` attribute.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::De => "de-DE",
            Lang::En => "en-GB",
        }
    }

    /// Short code used in URLs (`?lang=de`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The language for a code or browser tag (`de`, `de-AT`, `en-US`, …); English otherwise.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("de") {
            Lang::De
        } else {
            Lang::En
        }
    }
}
