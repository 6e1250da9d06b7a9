//! The strings of the finance view (cash flow by year, sell at month m), German and English.
//!
//! Kept beside the section, in the module loaded on demand, so that they are not in the first
//! screen's data (a string in [`crate::i18n::Texts`] is linked wherever `Texts` is). One struct
//! with a field per string, so a string missing in one language is a compile error.
//!
//! The section's heading, which the first screen's placeholder shows too, stays in
//! [`crate::i18n::Texts`].

use leptos::prelude::*;

use crate::lang::Lang;
use crate::state::Ctx;

/// The strings of the finance view. `{x}` marks a value filled in.
#[derive(Debug)]
pub struct Tx {
    pub cf_caption: &'static str,
    pub cf_view: &'static str,
    pub cf_paid: &'static str,
    pub cf_discounted: &'static str,
    pub cf_no_rate: &'static str,
    pub cf_year: &'static str,
    pub cf_year_0: &'static str,
    pub cf_months: &'static str,
    pub cf_purchase: &'static str,
    pub cf_loan: &'static str,
    pub cf_running: &'static str,
    pub cf_resale: &'static str,
    pub cf_own_total: &'static str,
    pub cf_rent_total: &'static str,
    pub cf_sum: &'static str,
    pub cf_own_group: &'static str,
    pub cf_rent_group: &'static str,
    pub cf_col_purchase: &'static str,
    pub cf_col_loan: &'static str,
    pub cf_col_running: &'static str,
    pub cf_col_resale: &'static str,
    pub cf_col_total: &'static str,
    pub sell_title: &'static str,
    pub sell_desc: &'static str,
    pub sell_month: &'static str,
    pub sell_own: &'static str,
    pub sell_text: &'static str,
    pub sell_text_no_hours: &'static str,
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
    cf_caption: "Payments by year; year 0 is paid up front. Negative amounts are money back.",
    cf_view: "Amounts",
    cf_paid: "as paid",
    cf_discounted: "discounted to today",
    cf_no_rate: "Discounting needs a discount rate above 0 % (Finance panel).",
    cf_year: "Year",
    cf_year_0: "0 (up front)",
    cf_months: "months {a}–{b}",
    cf_purchase: "Own: purchase and setup",
    cf_loan: "Own: loan",
    cf_running: "Own: running",
    cf_resale: "Own: resale",
    cf_own_total: "Own: total",
    cf_rent_total: "{n} {label}: total",
    cf_sum: "Sum",
    cf_own_group: "Own: {label}",
    cf_rent_group: "Rent: each option's total (running and one-time)",
    cf_col_purchase: "Purchase and setup",
    cf_col_loan: "Loan",
    cf_col_running: "Running",
    cf_col_resale: "Resale",
    cf_col_total: "Total",
    sell_title: "Sell at month m",
    sell_desc: "Own's total if the servers are sold at each month, the sale credited, against the cheapest rent option stopped at that month (a term or commitment still running is owed in full, the exit paid). The line marks the month chosen.",
    sell_month: "Sell at month",
    sell_own: "Own, sold at that month",
    sell_text: "Sold at month {m} the servers bring {resale} ({percent} of the price); own has then cost {total} in all, {per_hour} per productive GPU-hour, against {rent} for {option} if stopped then.",
    sell_text_no_hours: "Sold at month {m} the servers bring {resale} ({percent} of the price); own has then cost {total} in all, against {rent} for {option} if stopped then.",
};

static DE: Tx = Tx {
    cf_caption: "Zahlungen nach Jahren; Jahr 0 wird vorab gezahlt. Negative Beträge fließen zurück.",
    cf_view: "Beträge",
    cf_paid: "wie gezahlt",
    cf_discounted: "auf heute abgezinst",
    cf_no_rate: "Abzinsen braucht einen Kalkulationszins über 0 % (Bereich Finanzen).",
    cf_year: "Jahr",
    cf_year_0: "0 (vorab)",
    cf_months: "Monate {a}–{b}",
    cf_purchase: "Eigen: Kauf und Einrichtung",
    cf_loan: "Eigen: Kredit",
    cf_running: "Eigen: laufend",
    cf_resale: "Eigen: Wiederverkauf",
    cf_own_total: "Eigen: Summe",
    cf_rent_total: "{n} {label}: Summe",
    cf_sum: "Summe",
    cf_own_group: "Eigen: {label}",
    cf_rent_group: "Miete: Summe je Option (laufend und einmalig)",
    cf_col_purchase: "Kauf und Einrichtung",
    cf_col_loan: "Kredit",
    cf_col_running: "Laufend",
    cf_col_resale: "Wiederverkauf",
    cf_col_total: "Summe",
    sell_title: "Verkauf in Monat m",
    sell_desc: "Gesamtkosten eigen, wenn die Server im jeweiligen Monat verkauft werden (Erlös gutgeschrieben), gegen die günstigste Mietoption, in diesem Monat beendet (eine laufende Laufzeit oder Zusage wird voll fällig, der Ausstieg bezahlt). Die Linie markiert den gewählten Monat.",
    sell_month: "Verkauf in Monat",
    sell_own: "Eigen, in dem Monat verkauft",
    sell_text: "Bei Verkauf in Monat {m} bringen die Server {resale} ({percent} des Preises); eigen hat dann insgesamt {total} gekostet, {per_hour} je produktive GPU-Stunde, gegenüber {rent} für {option} bei Ende in diesem Monat.",
    sell_text_no_hours: "Bei Verkauf in Monat {m} bringen die Server {resale} ({percent} des Preises); eigen hat dann insgesamt {total} gekostet, gegenüber {rent} für {option} bei Ende in diesem Monat.",
};
