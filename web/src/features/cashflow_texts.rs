//! The strings of the finance view (cash flow by year, sell at month m), German and English.
//!
//! Kept beside the section, in the module loaded on demand, so that they are not in the first
//! screen's data (a string in [`crate::i18n::Texts`] is linked wherever `Texts` is). Declared with
//! `texts!` ([`crate::texts`]): one field per string, its two languages side by side, so a
//! string missing in one language is a compile error.
//!
//! The section's heading, which the first screen's placeholder shows too, stays in
//! [`crate::i18n::Texts`].

crate::texts::texts! {
    /// The strings of the finance view. `{x}` marks a value filled in.
    pub struct Tx with txt;
    cf_caption {
        en: "Payments by year; year 0 is paid up front. Negative amounts are money back.",
        de: "Zahlungen nach Jahren; Jahr 0 wird vorab gezahlt. Negative Beträge fließen zurück.",
    }
    cf_view {
        en: "Amounts",
        de: "Beträge",
    }
    cf_paid {
        en: "as paid",
        de: "wie gezahlt",
    }
    cf_discounted {
        en: "discounted to today",
        de: "auf heute abgezinst",
    }
    cf_no_rate {
        en: "Discounting needs a discount rate above 0% (Finance panel).",
        de: "Abzinsen braucht einen Kalkulationszins über 0 % (Bereich Finanzen).",
    }
    cf_year {
        en: "Year",
        de: "Jahr",
    }
    cf_year_0 {
        en: "0 (up front)",
        de: "0 (vorab)",
    }
    cf_months {
        en: "months {a}–{b}",
        de: "Monate {a}–{b}",
    }
    cf_purchase {
        en: "Own: purchase and setup",
        de: "Eigen: Kauf und Einrichtung",
    }
    cf_loan {
        en: "Own: loan",
        de: "Eigen: Kredit",
    }
    cf_running {
        en: "Own: running",
        de: "Eigen: laufend",
    }
    cf_resale {
        en: "Own: resale",
        de: "Eigen: Wiederverkauf",
    }
    cf_own_total {
        en: "Own: total",
        de: "Eigen: Summe",
    }
    cf_rent_total {
        en: "{n} {label}: total",
        de: "{n} {label}: Summe",
    }
    cf_sum {
        en: "Sum",
        de: "Summe",
    }
    cf_own_group {
        en: "Own: {label}",
        de: "Eigen: {label}",
    }
    cf_rent_group {
        en: "Rent: each option's total (running and one-time)",
        de: "Miete: Summe je Option (laufend und einmalig)",
    }
    cf_col_purchase {
        en: "Purchase and setup",
        de: "Kauf und Einrichtung",
    }
    cf_col_loan {
        en: "Loan",
        de: "Kredit",
    }
    cf_col_running {
        en: "Running",
        de: "Laufend",
    }
    cf_col_resale {
        en: "Resale",
        de: "Wiederverkauf",
    }
    cf_col_total {
        en: "Total",
        de: "Summe",
    }
    sell_title {
        en: "Sell at month m",
        de: "Verkauf in Monat m",
    }
    sell_desc {
        en: "Own's total if the servers are sold at each month, the sale credited, against the cheapest rent option stopped at that month (a term or commitment still running is owed in full, the exit paid). The line marks the month chosen.",
        de: "Gesamtkosten eigen, wenn die Server im jeweiligen Monat verkauft werden (Erlös gutgeschrieben), gegen die günstigste Mietoption, in diesem Monat beendet (eine laufende Laufzeit oder Zusage wird voll fällig, der Ausstieg bezahlt). Die Linie markiert den gewählten Monat.",
    }
    sell_month {
        en: "Sell at month",
        de: "Verkauf in Monat",
    }
    sell_own {
        en: "Own, sold at that month",
        de: "Eigen, in dem Monat verkauft",
    }
    sell_text {
        en: "Sold at month {m} the servers bring {resale} ({percent} of the price); own has then cost {total} in all, {per_hour} per productive GPU-hour, against {rent} for {option} if stopped then.",
        de: "Bei Verkauf in Monat {m} bringen die Server {resale} ({percent} des Preises); eigen hat dann insgesamt {total} gekostet, {per_hour} je produktiver GPU-Stunde, gegenüber {rent} für {option} bei Ende in diesem Monat.",
    }
    sell_text_no_hours {
        en: "Sold at month {m} the servers bring {resale} ({percent} of the price); own has then cost {total} in all, against {rent} for {option} if stopped then.",
        de: "Bei Verkauf in Monat {m} bringen die Server {resale} ({percent} des Preises); eigen hat dann insgesamt {total} gekostet, gegenüber {rent} für {option} bei Ende in diesem Monat.",
    }
}
