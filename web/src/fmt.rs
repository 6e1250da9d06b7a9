//! Numbers and money in the user's locale, through the browser's `Intl.NumberFormat`.
//!
//! Decimals are handed to `Intl` as strings, which it formats exactly. Natively (tests) a plain
//! fallback is used.

use rust_decimal::Decimal;

use crate::lang::Lang;

/// Formats numbers for one language and currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fmt {
    /// The language (and so the locale).
    pub lang: Lang,
    /// ISO 4217 code of money amounts.
    pub currency: &'static str,
}

impl Fmt {
    /// A formatter for numbers outside a report (messages, the metrics import), which show no
    /// money; were they to, it would be in euros.
    pub fn plain(lang: Lang) -> Fmt {
        Fmt {
            lang,
            currency: "EUR",
        }
    }

    /// Money with `digits` fraction digits: `1.234,56 €` / `€1,234.56`.
    pub fn money(&self, v: Decimal, digits: u8) -> String {
        format_str(
            self.lang,
            Style::Currency(self.currency),
            digits,
            &v.to_string(),
        )
    }

    /// Money, or a dash where there is none (a cost per hour without productive hours).
    pub fn money_opt(&self, v: Option<Decimal>, digits: u8) -> String {
        v.map_or_else(|| "–".to_owned(), |v| self.money(v, digits))
    }

    /// Money in compact form for chart axes: `1,2 Mio. €` / `€1.2M`.
    pub fn money_compact(&self, v: f64) -> String {
        format_f64(self.lang, Style::CompactCurrency(self.currency), v)
    }

    /// A plain number with up to `digits` fraction digits and grouping: `2.688` / `2,688`.
    pub fn number(&self, v: Decimal, digits: u8) -> String {
        format_str(self.lang, Style::Decimal, digits, &v.to_string())
    }

    /// A number given as text (from an error or warning), up to 2 fraction digits.
    pub fn number_text(&self, v: &str) -> String {
        format_str(self.lang, Style::Decimal, 2, v)
    }

    /// A share 0–1 as percent with `digits` fraction digits: `46,0 %` / `46.0%`.
    pub fn percent(&self, share: Decimal, digits: u8) -> String {
        format_str(self.lang, Style::Percent, digits, &share.to_string())
    }

    /// A chart coordinate as percent without fraction: `40 %` / `40%`.
    pub fn percent_f64(&self, share: f64) -> String {
        format_f64(self.lang, Style::Percent, share)
    }

    /// A chart coordinate as a plain whole number.
    pub fn int_f64(&self, v: f64) -> String {
        format_f64(self.lang, Style::Decimal, v)
    }

    /// Money for chart axes with two fraction digits (costs per GPU-hour).
    pub fn money_f64(&self, v: f64) -> String {
        format_f64(self.lang, Style::Currency(self.currency), v)
    }
}

/// A GPU count with its noun, the same in English and German: `1 GPU`, `2 GPUs`.
pub fn gpus_text(n: u32) -> String {
    if n == 1 {
        "1 GPU".to_owned()
    } else {
        format!("{n} GPUs")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Style {
    Currency(&'static str),
    CompactCurrency(&'static str),
    Decimal,
    Percent,
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::{Lang, Style};
    use js_sys::{Array, Intl, Object, Reflect};
    use std::cell::RefCell;
    use wasm_bindgen::JsValue;

    type Key = (Lang, Style, u8);

    thread_local! {
        // A handful of formats are in use; a list beats a hash map in code size.
        static CACHE: RefCell<Vec<(Key, Intl::NumberFormat)>> = const { RefCell::new(Vec::new()) };
    }

    fn formatter(lang: Lang, style: Style, digits: u8) -> Intl::NumberFormat {
        let key = (lang, style, digits);
        CACHE.with(|cache| {
            if let Some((_, f)) = cache.borrow().iter().find(|(k, _)| *k == key) {
                return f.clone();
            }
            let o = Object::new();
            let set = |k: &str, v: JsValue| {
                let _ = Reflect::set(&o, &JsValue::from_str(k), &v);
            };
            match style {
                Style::Currency(c) => {
                    set("style", "currency".into());
                    set("currency", c.into());
                }
                Style::CompactCurrency(c) => {
                    set("style", "currency".into());
                    set("currency", c.into());
                    set("notation", "compact".into());
                }
                Style::Decimal => {}
                Style::Percent => set("style", "percent".into()),
            }
            if !matches!(style, Style::CompactCurrency(_)) {
                set("minimumFractionDigits", JsValue::from_f64(0.0));
                if let Style::Currency(_) = style {
                    set(
                        "minimumFractionDigits",
                        JsValue::from_f64(f64::from(digits)),
                    );
                }
                set(
                    "maximumFractionDigits",
                    JsValue::from_f64(f64::from(digits)),
                );
            }
            let f = Intl::NumberFormat::new(&Array::of1(&lang.tag().into()), &o);
            cache.borrow_mut().push((key, f.clone()));
            f
        })
    }

    pub fn format(lang: Lang, style: Style, digits: u8, value: JsValue) -> String {
        formatter(lang, style, digits)
            .format()
            .call1(&JsValue::NULL, &value)
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default()
    }
}

#[cfg(target_arch = "wasm32")]
fn format_str(lang: Lang, style: Style, digits: u8, v: &str) -> String {
    imp::format(lang, style, digits, wasm_bindgen::JsValue::from_str(v))
}

#[cfg(target_arch = "wasm32")]
fn format_f64(lang: Lang, style: Style, v: f64) -> String {
    let digits = match style {
        Style::Currency(_) => 2,
        _ => 0,
    };
    imp::format(lang, style, digits, wasm_bindgen::JsValue::from_f64(v))
}

#[cfg(not(target_arch = "wasm32"))]
fn format_str(_lang: Lang, style: Style, digits: u8, v: &str) -> String {
    let d: Decimal = v.parse().unwrap_or_default();
    match style {
        Style::Percent => format!(
            "{}%",
            (d * Decimal::ONE_HUNDRED)
                .round_dp(u32::from(digits))
                .normalize()
        ),
        Style::Currency(c) | Style::CompactCurrency(c) => {
            format!("{} {c}", d.round_dp(u32::from(digits)))
        }
        Style::Decimal => d.round_dp(u32::from(digits)).normalize().to_string(),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn format_f64(_lang: Lang, style: Style, v: f64) -> String {
    match style {
        Style::Percent => format!("{:.0}%", v * 100.0),
        Style::Currency(c) | Style::CompactCurrency(c) => format!("{v:.0} {c}"),
        Style::Decimal => format!("{v:.0}"),
    }
}

/// An as-of date (`2026-08` or `2026`) as month and year in `lang`: `Aug 2026` / `Aug. 2026`.
pub fn month_year(lang: Lang, as_of: &str) -> String {
    let mut parts = as_of.split('-');
    let year = parts.next().and_then(|y| y.parse::<i32>().ok());
    let month = parts.next().and_then(|m| m.parse::<u32>().ok());
    match (year, month) {
        (Some(y), Some(m)) => month_year_imp(lang, y, m),
        _ => as_of.to_owned(),
    }
}

#[cfg(target_arch = "wasm32")]
fn month_year_imp(lang: Lang, year: i32, month: u32) -> String {
    use js_sys::{Array, Date, Intl, Object, Reflect};
    use wasm_bindgen::JsValue;
    let o = Object::new();
    let _ = Reflect::set(&o, &"month".into(), &"short".into());
    let _ = Reflect::set(&o, &"year".into(), &"numeric".into());
    let f = Intl::DateTimeFormat::new(&Array::of1(&lang.tag().into()), &o);
    let date = Date::new_with_year_month_day(year as u32, month.saturating_sub(1) as i32, 1);
    f.format()
        .call1(&JsValue::NULL, &date)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

#[cfg(not(target_arch = "wasm32"))]
fn month_year_imp(_lang: Lang, year: i32, month: u32) -> String {
    format!("{year}-{month:02}")
}

/// Today as (year, month 1–12), from the browser's clock.
#[cfg(target_arch = "wasm32")]
pub fn today() -> (i32, u32) {
    let d = js_sys::Date::new_0();
    (d.get_full_year() as i32, d.get_month() + 1)
}

/// Today as (year, month 1–12); natively a fixed date, for tests.
#[cfg(not(target_arch = "wasm32"))]
pub fn today() -> (i32, u32) {
    (2026, 11)
}

/// Today as `YYYY-MM-DD` in the visitor's time zone, from the browser's clock: the start date of
/// a scenario that gives none.
#[cfg(target_arch = "wasm32")]
pub fn today_iso() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// Today as `YYYY-MM-DD`; natively a fixed date, for tests.
#[cfg(not(target_arch = "wasm32"))]
pub fn today_iso() -> String {
    "2026-12-01".to_owned()
}
