//! The strings of the printout's summary of the inputs, German and English, beside it. Declared
//! with `texts!` ([`crate::texts`]): one field per string, its two languages side by side, so a
//! string missing in one language is a compile error.
//!
//! The summary is loaded on demand (before the page is printed), so these strings are in that
//! module only; the inputs' names it shares with the form (working days, the windows, …) stay in
//! [`crate::i18n::Texts`].

crate::texts::texts! {
    /// The strings of the printout's summary. `{x}` marks a value filled in.
    pub struct Tx with txt;
    print_inputs {
        en: "Inputs",
        de: "Eingaben",
    }
    print_window {
        en: "{from}–{to} h, {gpus} GPUs, on {days}",
        de: "{from}–{to} Uhr, {gpus} GPUs, an {days}",
    }
    print_peak {
        en: "Peak: {from}–{to} h, {gpus} GPUs, {days} of the month ({n}), {months}",
        de: "Spitze: {from}–{to} Uhr, {gpus} GPUs, {days} des Monats ({n}), {months}",
    }
    print_every_month {
        en: "every month",
        de: "jeden Monat",
    }
    print_plan {
        en: " ({years} years, {ratio} × on-demand)",
        de: " ({years} Jahre, {ratio} × On-Demand)",
    }
    print_option {
        en: "{label}: {mode}, {price} {currency} per {unit}, {k_gpus} per instance",
        de: "{label}: {mode}, {price} {currency} je {unit}, {k_gpus} je Instanz",
    }
    /// After [`Tx::print_option`] where the option's price changes a year.
    print_change {
        en: ", {pct} a year from month 13",
        de: ", ab Monat 13 {pct} im Jahr",
    }
    /// After the rent options where every one changes its price by the same percentage a year.
    print_change_all {
        en: "Every cloud offer's price changes by {pct} a year from month 13",
        de: "Jeder Cloud-Preis ändert sich ab Monat 13 um {pct} im Jahr",
    }
    /// [`Tx::print_change_all`] where an offer commits under a plan with a term.
    print_change_all_plans {
        en: "Every cloud offer's price changes by {pct} a year from month 13 (a plan's rate per term)",
        de: "Jeder Cloud-Preis ändert sich ab Monat 13 um {pct} im Jahr (ein Plan je Laufzeit)",
    }
    print_own {
        en: "{label}: {servers}{spares} at {price} {currency}, {gpus} GPUs per server, power {kwh} {currency}/kWh, life {life} years, resale {residual}%",
        de: "{label}: {servers}{spares} zu {price} {currency}, {gpus} GPUs je Server, Strom {kwh} {currency}/kWh, Nutzung {life} Jahre, Restwert {residual} %",
    }
    /// A count of servers in [`Tx::print_own`].
    print_server_one {
        en: "1 server",
        de: "1 Server",
    }
    print_server_many {
        en: "{n} servers",
        de: "{n} Server",
    }
    /// A count of spare servers in [`Tx::print_own_spares`].
    print_spare_one {
        en: "1 spare",
        de: "1 Reserveserver",
    }
    print_spare_many {
        en: "{n} spares",
        de: "{n} Reserveserver",
    }
    print_own_spares {
        en: " and {n}",
        de: " und {n}",
    }
    print_switching {
        en: "Where the load runs today: {option}; the comparison starts on {date}.",
        de: "Wo die Last heute läuft: {option}; der Vergleich beginnt am {date}.",
    }
    print_loan {
        en: "Financed by an amortizing loan (equal monthly payments) at {rate}% interest a year over {n} months",
        de: "Finanziert mit einem Annuitätenkredit zu {rate} % Zinsen p. a. über {n} Monate",
    }
    print_finance {
        en: "Horizon {n} months, discount rate {d}%, results in {cur} at {fx} USD per EUR",
        de: "Zeitraum {n} Monate, Kalkulationszins {d} %, Ergebnisse in {cur} zu {fx} USD je EUR",
    }
    printed_on {
        en: "Printed on {date}",
        de: "Gedruckt am {date}",
    }
    print_link {
        en: "This scenario online (opens it with every input):",
        de: "Dieses Szenario online (öffnet es mit allen Eingaben):",
    }
}
