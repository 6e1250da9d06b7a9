//! How the page's strings are declared and filled in: `texts!` declares a table of strings in
//! German and English from one listing, [`fill`] puts values into a string's placeholders.
//!
//! A leaf beside [`crate::lang`]: the first screen's texts ([`crate::i18n`]) and each feature's
//! (`web/src/features/*_texts.rs`) are declared with it, so that they all work alike.

/// Declares a table of strings: a struct with one method per string (its doc comment kept), its
/// German and its English value, and `of(lang)`, which gives the table of a language. A method,
/// not a field: a module links only the strings it calls, not every string of the table in both
/// languages.
///
/// Each string is listed once, with both languages beside each other, so a string missing in
/// one language does not compile (the listing does not match the macro). A string is a
/// `&'static str` unless it names another type (`weekdays: [&'static str; 7] { … }`).
///
/// `pub struct Tx with txt;` declares `txt` as well: one of the strings, following the page's
/// language (one closure type for all of them, as [`crate::first::tr`] is for the first
/// screen's).
///
/// ```ignore
/// crate::texts::texts! {
///     /// The strings of a section. `{x}` marks a value filled in.
///     pub struct Tx with txt;
///     /// A column: the total over `{n}` months.
///     total {
///         en: "Total over {n} months",
///         de: "Summe über {n} Monate",
///     }
/// }
/// ```
macro_rules! texts {
    (@type) => { &'static str };
    (@type $ty:ty) => { $ty };
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident with $txt:ident;
        $($rest:tt)*
    ) => {
        $crate::texts::texts! {
            $(#[$meta])*
            $vis struct $name;
            $($rest)*
        }

        /// One of these strings, following the page's language (as [`crate::first::tr`] does
        /// for the first screen's texts: one closure type for all of them).
        $vis fn $txt(
            text: fn(&'static $name) -> &'static str,
        ) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
            let lang = $crate::state::Ctx::get().lang;
            move || text($name::of(::leptos::prelude::Get::get(&lang)))
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident;
        $(
            $(#[$field_meta:meta])*
            $field:ident $(: $ty:ty)? {
                en: $en:expr,
                de: $de:expr $(,)?
            }
        )*
    ) => {
        $(#[$meta])*
        ///
        /// Each string is a method, so that a module links only the strings it shows (a field
        /// per string put every string of both languages into every module that used one).
        #[derive(Debug)]
        $vis struct $name($crate::lang::Lang);

        impl $name {
            /// The strings of `lang`.
            pub fn of(lang: $crate::lang::Lang) -> &'static $name {
                static EN: $name = $name($crate::lang::Lang::En);
                static DE: $name = $name($crate::lang::Lang::De);
                match lang {
                    $crate::lang::Lang::De => &DE,
                    $crate::lang::Lang::En => &EN,
                }
            }

            $(
                $(#[$field_meta])*
                pub fn $field(&self) -> $crate::texts::texts!(@type $($ty)?) {
                    match self.0 {
                        $crate::lang::Lang::De => $de,
                        $crate::lang::Lang::En => $en,
                    }
                }
            )*
        }
    };
}

pub(crate) use texts;

/// `template` with each placeholder `{key}` of `pairs` replaced by its value, wherever it occurs,
/// pair after pair in the order given (as a chain of `replace` calls does).
pub fn fill(template: &str, pairs: &[(&str, &str)]) -> String {
    pairs.iter().fold(template.to_owned(), |s, (key, value)| {
        s.replace(&format!("{{{key}}}"), value)
    })
}

#[cfg(test)]
mod tests {
    use super::fill;
    use crate::lang::Lang;

    texts! {
        /// A table for the test.
        struct Probe;
        /// A plain string.
        plain {
            en: "Total over {n} months",
            de: "Summe über {n} Monate",
        }
        days: [&'static str; 2] {
            en: ["Mon", "Tue"],
            de: ["Mo", "Di"],
        }
    }

    #[test]
    fn a_table_gives_each_language_its_strings() {
        assert_eq!(Probe::of(Lang::En).plain(), "Total over {n} months");
        assert_eq!(Probe::of(Lang::De).plain(), "Summe über {n} Monate");
        assert_eq!(Probe::of(Lang::De).days(), ["Mo", "Di"]);
        // One static per language, not a new table per call.
        assert!(std::ptr::eq(Probe::of(Lang::En), Probe::of(Lang::En)));
    }

    #[test]
    fn placeholders_are_filled_in_order_every_time_they_occur() {
        let t = Probe::of(Lang::En).plain();
        assert_eq!(fill(t, &[("n", "60")]), "Total over 60 months");
        assert_eq!(fill("{a}–{b}, {a}", &[("a", "1"), ("b", "12")]), "1–12, 1");
        // Unknown keys and placeholders without a value are left as they are.
        assert_eq!(fill("{a} {c}", &[("b", "x")]), "{a} {c}");
        // As a chain of `replace`: a value may hold a later placeholder, which is then filled.
        assert_eq!(fill("{a}", &[("a", "{b}"), ("b", "2")]), "2");
    }
}
