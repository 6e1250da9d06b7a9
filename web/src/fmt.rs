//! Numbers and money in the user's locale, written as the browser's `Intl.NumberFormat` writes
//! them for `en-GB` and `de-DE`, but in Rust (see `format_decimal`); months through
//! `Intl.DateTimeFormat`.

use rust_decimal::Decimal;

use crate::lang::Lang;

/// What a cell or figure shows where there is no value (an en dash).
pub const NONE: &str = "–";

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
        format_decimal(self.lang, Style::Currency(self.currency), digits, v)
    }

    /// Money, or a dash where there is none (a cost per hour without productive hours).
    pub fn money_opt(&self, v: Option<Decimal>, digits: u8) -> String {
        v.map_or_else(|| NONE.to_owned(), |v| self.money(v, digits))
    }

    /// Money in compact form for chart axes: `1,2 Mio. €` / `€1.2M`.
    pub fn money_compact(&self, v: f64) -> String {
        format_f64(self.lang, Style::CompactCurrency(self.currency), v)
    }

    /// A plain number with up to `digits` fraction digits and grouping: `2.688` / `2,688`.
    pub fn number(&self, v: Decimal, digits: u8) -> String {
        format_decimal(self.lang, Style::Decimal, digits, v)
    }

    /// A number given as text (from an error or warning), up to 2 fraction digits.
    pub fn number_text(&self, v: &str) -> String {
        format_str(self.lang, Style::Decimal, 2, v)
    }

    /// A share 0–1 as percent with `digits` fraction digits: `46,0 %` / `46.0%`.
    pub fn percent(&self, share: Decimal, digits: u8) -> String {
        format_decimal(self.lang, Style::Percent, digits, share)
    }

    /// A value in percent (`-12.5` for −12.5 %) as [`Fmt::percent`] writes a share.
    pub fn percent_value(&self, percent: Decimal, digits: u8) -> String {
        self.percent(percent / Decimal::ONE_HUNDRED, digits)
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

/// A count with its noun, from a language's two forms (`one` for 1, `many` with `{n}` for the
/// rest, grouped as `lang` writes numbers): `1 server`, `2 servers`, `12,345 samples`.
pub fn count(lang: Lang, n: impl Into<u64>, one: &str, many: &str) -> String {
    match n.into() {
        1 => one.to_owned(),
        n => many.replace("{n}", &Fmt::plain(lang).number(Decimal::from(n), 0)),
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Currency(&'static str),
    CompactCurrency(&'static str),
    Decimal,
    Percent,
}

// The numbers are formatted here, in Rust, exactly as the browser's
// `Intl.NumberFormat(lang.tag(), …)` writes them for the two locales (`en-GB`, `de-DE`) and
// the two currencies (EUR, USD) the model knows: rounded half away from zero, grouping by
// threes, and `Intl`'s compact forms for chart axes. Two differences, for a finance page: the
// sign of a negative value is the minus sign (U+2212, `−€1,235`), not the hyphen `Intl` writes,
// which is short and easy to miss before a figure; and a value that rounds to zero has no sign
// (`Intl` writes `-€0`, as `signDisplay: "negative"` would not). A slider step formats about a hundred
// numbers; through `Intl` each was two strings across the WebAssembly boundary and a call into
// ICU (README "Budgets"). The work is done on the number's decimal text (a decimal's or a
// float's shortest form, both without exponent), so no arithmetic is linked for it. The native
// tests hold the output to what Chromium's `Intl` wrote for the same values.

/// The no-break space `Intl` puts between a number and its unit in German.
const NBSP: char = '\u{a0}';

/// The sign of a negative figure (U+2212).
pub const MINUS: char = '\u{2212}';

/// The word joiner (U+2060), invisible, between the sign and a currency symbol after it: a
/// browser may otherwise break the line between the two.
pub const WORD_JOINER: char = '\u{2060}';

/// A number as its decimal digits: sign, integer digits (no leading zeros; empty for zero)
/// and fraction digits.
struct Digits {
    negative: bool,
    int: Vec<u8>,
    frac: Vec<u8>,
}

impl Digits {
    /// `-12.50`, `0.3`, `7`: `None` for anything else (an exponent, a word).
    fn parse(text: &str) -> Option<Digits> {
        let text = text.trim();
        let (negative, text) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (int, frac) = text.split_once('.').unwrap_or((text, ""));
        let digit = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || !digit(int) || !digit(frac) {
            return None;
        }
        let int = int.trim_start_matches('0').as_bytes().to_vec();
        Some(Digits {
            negative,
            int,
            frac: frac.as_bytes().to_vec(),
        })
    }

    /// Whether every digit is zero (a value that rounds to zero shows no sign).
    fn is_zero(&self) -> bool {
        self.int.iter().chain(&self.frac).all(|d| *d == b'0')
    }

    /// Multiplies by 1000^`k` (`k` > 0) or divides by it (`k` < 0), by moving the point.
    fn shift(&mut self, places: i32) {
        for _ in 0..places.max(0) {
            let d = if self.frac.is_empty() {
                b'0'
            } else {
                self.frac.remove(0)
            };
            if !(self.int.is_empty() && d == b'0') {
                self.int.push(d);
            }
        }
        for _ in 0..(-places).max(0) {
            let d = self.int.pop().unwrap_or(b'0');
            self.frac.insert(0, d);
        }
    }

    /// Rounds half away from zero to at most `max` fraction digits.
    fn round(&mut self, max: usize) {
        if self.frac.len() <= max {
            return;
        }
        let up = self.frac[max] >= b'5';
        self.frac.truncate(max);
        if !up {
            return;
        }
        // Add one in the last place kept, carrying through the fraction into the integer.
        for d in self.frac.iter_mut().rev().chain(self.int.iter_mut().rev()) {
            if *d == b'9' {
                *d = b'0';
            } else {
                *d += 1;
                return;
            }
        }
        self.int.insert(0, b'1');
    }

    /// The digits without sign: at least `min` fraction digits, trailing zeros beyond them
    /// dropped, grouped by threes once the integer part has `3 + min_grouping` digits or more
    /// (`Intl` groups 4 digits, and in German compact notation 5).
    fn text(&self, lang: Lang, min: usize, min_grouping: usize) -> String {
        let (group, point) = match lang {
            Lang::En => (',', '.'),
            Lang::De => ('.', ','),
        };
        let mut frac = self.frac.as_slice();
        while frac.len() > min && frac.last() == Some(&b'0') {
            frac = &frac[..frac.len() - 1];
        }
        let mut out = String::with_capacity(self.int.len() + frac.len() + 8);
        if self.int.is_empty() {
            out.push('0');
        }
        let n = self.int.len();
        for (i, d) in self.int.iter().enumerate() {
            if i > 0 && n >= 3 + min_grouping && (n - i).is_multiple_of(3) {
                out.push(group);
            }
            out.push(char::from(*d));
        }
        if frac.len().max(min) > 0 {
            out.push(point);
            out.extend(frac.iter().map(|d| char::from(*d)));
            out.extend(std::iter::repeat_n('0', min.saturating_sub(frac.len())));
        }
        out
    }
}

/// A number with its sign and, for money, its currency where the language puts it:
/// `−€1,234.50`, `US$3`, `−1.234,50 €`; `unit` (`m`, `Mio.`) goes between number and currency.
fn with_sign_and_currency(
    lang: Lang,
    negative: bool,
    number: &str,
    unit: &str,
    currency: Option<&'static str>,
) -> String {
    let mut out = String::with_capacity(number.len() + 12);
    if negative {
        out.push(MINUS);
    }
    let symbol = |c: &'static str| -> &'static str {
        match (lang, c) {
            (_, "EUR") => "€",
            (Lang::En, "USD") => "US$",
            (Lang::De, "USD") => "$",
            _ => c,
        }
    };
    match lang {
        Lang::En => {
            if let Some(c) = currency {
                // No line break between the sign and the currency before the digits
                // (`−` / `€65,908` on two lines in a narrow column).
                if negative {
                    out.push(WORD_JOINER);
                }
                out.push_str(symbol(c));
            }
            out.push_str(number);
            out.push_str(unit);
        }
        Lang::De => {
            out.push_str(number);
            for part in [Some(unit).filter(|u| !u.is_empty()), currency.map(symbol)]
                .into_iter()
                .flatten()
            {
                out.push(NBSP);
                out.push_str(part);
            }
        }
    }
    out
}

/// The number in `text` in `style`: money with exactly `max` fraction digits, plain numbers
/// and percentages with up to `max`; text that is no plain decimal number as it came.
fn format_str(lang: Lang, style: Style, max: u8, text: &str) -> String {
    let Some(mut n) = Digits::parse(text) else {
        return text.to_owned();
    };
    let max = usize::from(max);
    // The sign, once rounded: none for a value that rounds to zero.
    let negative = |n: &Digits| n.negative && !n.is_zero();
    match style {
        Style::Currency(c) => {
            n.round(max);
            with_sign_and_currency(lang, negative(&n), &n.text(lang, max, 1), "", Some(c))
        }
        Style::CompactCurrency(c) => compact(lang, n, c),
        Style::Decimal => {
            n.round(max);
            with_sign_and_currency(lang, negative(&n), &n.text(lang, 0, 1), "", None)
        }
        Style::Percent => {
            n.shift(2);
            n.round(max);
            let mut out = with_sign_and_currency(lang, negative(&n), &n.text(lang, 0, 1), "", None);
            if lang == Lang::De {
                out.push(NBSP);
            }
            out.push('%');
            out
        }
    }
}

/// A decimal in `style` (see [`format_str`]).
fn format_decimal(lang: Lang, style: Style, max: u8, v: Decimal) -> String {
    format_str(lang, style, max, &v.to_string())
}

/// Money in `Intl`'s short compact notation: `€1.2m`, `€120k`, `US$1.5bn`; `1,2 Mio. €`,
/// `120.000 €` (German abbreviates from a million on). Two significant digits below ten of a
/// unit, whole units from ten on; a value that rounds up to a thousand units takes the next.
fn compact(lang: Lang, mut n: Digits, currency: &'static str) -> String {
    const EN: [&str; 5] = ["", "k", "m", "bn", "tn"];
    const DE: [&str; 5] = ["", "", "Mio.", "Mrd.", "Bio."];
    let units = match lang {
        Lang::En => &EN,
        Lang::De => &DE,
    };
    // The largest power of a thousand with a name that is not above the value.
    let unit_of = |int_digits: usize| {
        (1..units.len())
            .rev()
            .find(|&k| int_digits > 3 * k && !units[k].is_empty())
            .unwrap_or(0)
    };
    let mut unit = unit_of(n.int.len());
    n.shift(-3 * unit as i32);
    let fraction = |n: &Digits| match n.int.len() {
        0 => n.frac.iter().take_while(|d| **d == b'0').count() + 2,
        1 => 1,
        _ => 0,
    };
    n.round(fraction(&n));
    // 999,950 rounds to 1000k: the million it now is.
    let grown = unit_of(n.int.len() + 3 * unit);
    if grown != unit {
        n.shift(-3 * (grown - unit) as i32);
        unit = grown;
        n.round(fraction(&n));
    }
    let min_grouping = if lang == Lang::De && unit == 0 { 2 } else { 1 };
    let number = n.text(lang, 0, min_grouping);
    let negative = n.negative && !n.is_zero();
    with_sign_and_currency(lang, negative, &number, units[unit], Some(currency))
}

/// A chart coordinate, in its shortest decimal form (which is what `Intl` formats): money with
/// two fraction digits, everything else in whole numbers. The value goes through `rust_decimal`
/// (its conversion keeps the digits an `f64` guarantees, so `0.1 + 0.2` is `0.3`), not `f64`'s
/// own `Display`: the page then carries no float printing (about 14 KB of code and tables).
/// Not a number, an infinity and a value beyond a decimal's reach (±7.9 × 10²⁸) read "–".
fn format_f64(lang: Lang, style: Style, v: f64) -> String {
    let max = match style {
        Style::Currency(_) => 2,
        _ => 0,
    };
    match Decimal::try_from(v) {
        Ok(d) => format_decimal(lang, style, max, d.normalize()),
        Err(_) => NONE.to_owned(),
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

/// An ISO date (`2026-12-05`) as the language writes it: unchanged in English, `05.12.2026`
/// in German; anything else as it is.
pub fn date_text(lang: Lang, iso: &str) -> String {
    let mut parts = iso.splitn(3, '-');
    match (lang, parts.next(), parts.next(), parts.next()) {
        (Lang::De, Some(y), Some(m), Some(d)) if y.len() == 4 && m.len() == 2 && d.len() == 2 => {
            format!("{d}.{m}.{y}")
        }
        _ => iso.to_owned(),
    }
}

/// Today as `YYYY-MM-DD`; natively a fixed date, for tests.
#[cfg(not(target_arch = "wasm32"))]
pub fn today_iso() -> String {
    "2026-12-01".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Chromium's `Intl.NumberFormat` wrote for these values (headless Chromium 156 on
    /// 5 December 2026, `en-GB` and `de-DE`; `~` stands for the no-break space), with the page's
    /// two differences applied by [`nb`]: the minus sign for the hyphen, and no sign on zero.
    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    fn nb(s: &str) -> String {
        let s = s.replace('~', "\u{a0}");
        // `Intl`'s `-0`, `-€0`, `-0 %` (a negative value rounded to zero): no sign.
        let zero = s
            .trim_start_matches('-')
            .chars()
            .all(|c| !c.is_ascii_digit() || c == '0');
        if zero {
            s.trim_start_matches('-').to_owned()
        } else {
            s.replace("-€", "-\u{2060}€")
                .replace("-US$", "-\u{2060}US$")
                .replace('-', "\u{2212}")
        }
    }

    #[test]
    fn money_is_written_as_intl_writes_it() {
        let cases = [
            (
                "1234567.5",
                "€1,234,568",
                "€1,234,567.50",
                "1.234.568~€",
                "1.234.567,50~€",
            ),
            ("-0.4", "-€0", "-€0.40", "-0~€", "-0,40~€"),
            (
                "-1234.5",
                "-€1,235",
                "-€1,234.50",
                "-1.235~€",
                "-1.234,50~€",
            ),
            ("0.005", "€0", "€0.01", "0~€", "0,01~€"),
            ("999.995", "€1,000", "€1,000.00", "1.000~€", "1.000,00~€"),
            ("2.5", "€3", "€2.50", "3~€", "2,50~€"),
            ("3.5", "€4", "€3.50", "4~€", "3,50~€"),
        ];
        for (v, en0, en2, de0, de2) in cases {
            let en = Fmt {
                lang: Lang::En,
                currency: "EUR",
            };
            let de = Fmt {
                lang: Lang::De,
                currency: "EUR",
            };
            assert_eq!(en.money(d(v), 0), nb(en0), "{v}");
            assert_eq!(en.money(d(v), 2), nb(en2), "{v}");
            assert_eq!(de.money(d(v), 0), nb(de0), "{v}");
            assert_eq!(de.money(d(v), 2), nb(de2), "{v}");
        }
        let en = Fmt {
            lang: Lang::En,
            currency: "USD",
        };
        let de = Fmt {
            lang: Lang::De,
            currency: "USD",
        };
        assert_eq!(en.money(d("1234567.5"), 2), "US$1,234,567.50");
        assert_eq!(en.money(d("-0.4"), 0), "US$0");
        assert_eq!(de.money(d("-1234.5"), 2), nb("-1.234,50~$"));
        assert_eq!(en.money_f64(2.5), "US$2.50");
        assert_eq!(de.money_f64(0.1 + 0.2), nb("0,30~$"));
    }

    #[test]
    fn compact_money_is_written_as_intl_writes_it() {
        let values = [
            0.0,
            500.0,
            999.0,
            1000.0,
            1234.0,
            9999.0,
            12345.0,
            99999.0,
            120_000.0,
            999_999.0,
            1e6,
            1_234_567.0,
            12_345_678.0,
            123_456_789.0,
            1.5e9,
            -250_000.0,
            0.5,
        ];
        let en = [
            "€0", "€500", "€999", "€1k", "€1.2k", "€10k", "€12k", "€100k", "€120k", "€1m", "€1m",
            "€1.2m", "€12m", "€123m", "€1.5bn", "-€250k", "€0.5",
        ];
        let de = [
            "0~€",
            "500~€",
            "999~€",
            "1000~€",
            "1234~€",
            "9999~€",
            "12.345~€",
            "99.999~€",
            "120.000~€",
            "999.999~€",
            "1~Mio.~€",
            "1,2~Mio.~€",
            "12~Mio.~€",
            "123~Mio.~€",
            "1,5~Mrd.~€",
            "-250.000~€",
            "0,5~€",
        ];
        let f_en = Fmt {
            lang: Lang::En,
            currency: "EUR",
        };
        let f_de = Fmt {
            lang: Lang::De,
            currency: "EUR",
        };
        for ((v, e), g) in values.iter().zip(en).zip(de) {
            assert_eq!(f_en.money_compact(*v), nb(e), "{v}");
            assert_eq!(f_de.money_compact(*v), nb(g), "{v}");
        }
        let usd = Fmt {
            lang: Lang::En,
            currency: "USD",
        };
        assert_eq!(usd.money_compact(1.5e9), "US$1.5bn");
        assert_eq!(usd.money_compact(-250_000.0), nb("-US$250k"));
        let usd = Fmt {
            lang: Lang::De,
            currency: "USD",
        };
        assert_eq!(usd.money_compact(1_234_567.0), nb("1,2~Mio.~$"));
    }

    #[test]
    fn numbers_and_percentages_are_written_as_intl_writes_them() {
        let en = Fmt::plain(Lang::En);
        let de = Fmt::plain(Lang::De);
        let pct = [
            ("0.46", "46%", "46~%"),
            ("-0.0001", "-0%", "-0~%"),
            ("1", "100%", "100~%"),
            ("0.12345", "12.3%", "12,3~%"),
            ("0.0005", "0.1%", "0,1~%"),
        ];
        for (v, e, g) in pct {
            assert_eq!(en.percent(d(v), 1), nb(e), "{v}");
            assert_eq!(de.percent(d(v), 1), nb(g), "{v}");
        }
        let dec = [
            ("2688", "2,688", "2.688"),
            ("1234567.891", "1,234,567.89", "1.234.567,89"),
            ("-0.001", "-0", "-0"),
            ("0.005", "0.01", "0,01"),
            ("12.5", "12.5", "12,5"),
            ("-3", "-3", "-3"),
            ("0", "0", "0"),
        ];
        for (v, e, g) in dec {
            assert_eq!(en.number(d(v), 2), nb(e), "{v}");
            assert_eq!(de.number(d(v), 2), nb(g), "{v}");
            assert_eq!(en.number_text(v), nb(e), "{v}");
        }
        assert_eq!(en.int_f64(20.5), "21");
        assert_eq!(de.int_f64(1e21), "1.000.000.000.000.000.000.000");
        assert_eq!(en.percent_f64(0.4), "40%");
        assert_eq!(de.percent_f64(0.4), nb("40~%"));
        assert_eq!(en.int_f64(f64::NAN), "–");
        assert_eq!(en.int_f64(f64::INFINITY), "–");
        assert_eq!(en.int_f64(1e29), "–");
        assert_eq!(en.money_f64(-0.004), "€0.00");
        assert_eq!(en.money_f64(1_234_567.125), "€1,234,567.13");
        assert_eq!(en.money_compact(1_234_567.0), "€1.2m");
        assert_eq!(de.percent_f64(0.125), nb("13~%"));
        assert_eq!(en.number_text("n/a"), "n/a");
    }

    /// Rounding and grouping on the digits agree with `rust_decimal`'s own rounding half away
    /// from zero, over a spread of values, signs and fraction digits.
    #[test]
    fn the_digits_round_as_decimal_arithmetic_does() {
        use rust_decimal::RoundingStrategy;
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for i in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let scale = (x % 9) as u32;
            let mantissa = (x >> 8) as i64 % 10_000_000_000;
            let v = Decimal::new(if i % 3 == 0 { -mantissa } else { mantissa }, scale);
            for max in [0u8, 1, 2, 4] {
                let reference = v
                    .round_dp_with_strategy(u32::from(max), RoundingStrategy::MidpointAwayFromZero)
                    .abs()
                    .normalize()
                    .to_string();
                let ours = format_decimal(Lang::En, Style::Decimal, max, v).replace(',', "");
                let sign = if v.is_sign_negative() && reference != "0" {
                    "\u{2212}"
                } else {
                    ""
                };
                assert_eq!(ours, format!("{sign}{reference}"), "{v} at {max}");
            }
        }
        // Text that is no plain number comes back as it is; nothing panics.
        for text in ["", "-", ".", ".5", "1e5", "--1", "1.2.3", "NaN", "٣"] {
            assert_eq!(Fmt::plain(Lang::De).number_text(text), text);
        }
        assert_eq!(Fmt::plain(Lang::De).number_text("1."), "1");
    }

    #[test]
    fn dates_in_each_language() {
        assert_eq!(date_text(Lang::De, "2026-12-05"), "05.12.2026");
        assert_eq!(date_text(Lang::En, "2026-12-05"), "2026-12-05");
        assert_eq!(date_text(Lang::De, "2026-12"), "2026-12");
    }
}
