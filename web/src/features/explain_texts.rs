//! The strings of "How it was computed" (the formulas with the scenario's figures), German and
//! English, beside the section. Declared with `texts!` ([`crate::texts`]): one field per string,
//! its two languages side by side, so a string missing in one language is a compile error.
//!
//! The section is loaded on demand (when opened, or before the page is printed), so these
//! strings are in that module only, out of [`crate::i18n::Texts`] (its heading, which shows
//! before it is loaded, is there).

crate::texts::texts! {
    /// The strings of "How it was computed". `{x}` marks a value filled in.
    pub struct Tx with txt;
    how_load {
        en: "Productive hours per month: hours in which at least one GPU serves a request or runs a batch job. Working days {wd} of 30.42 days (730 h ÷ 24).",
        de: "Produktive Stunden pro Monat: Stunden, in denen mindestens eine GPU eine Anfrage bedient oder einen Batch-Job ausführt. Werktage {wd} von 30,42 Tagen (730 Std. ÷ 24).",
    }
    how_measured {
        en: "Productive hours per month: from the measured month ({source}), {hours} h in which at least one GPU was busy (productive share {share}). The calendar's working days, windows and peaks are not used while it is.",
        de: "Produktive Stunden pro Monat: aus dem gemessenen Monat ({source}), {hours} Std., in denen mindestens eine GPU belegt war (produktiver Anteil {share}). Werktage, Zeitfenster und Spitzen des Kalenders werden solange nicht verwendet.",
    }
    how_share {
        en: "Productive share = {hours} h ÷ 730 h = {share}.",
        de: "Produktiver Anteil = {hours} Std. ÷ 730 Std. = {share}.",
    }
    how_gpu_hours {
        en: "Productive GPU-hours per month = Σ busy GPUs × hours = {gpuh}; over {n} months: {total}.",
        de: "Produktive GPU-Stunden pro Monat = Σ belegte GPUs × Stunden = {gpuh}; über {n} Monate: {total}.",
    }
    how_own {
        en: "Own: {servers} = ceil({gpus} ÷ {per_server}){spares}; purchase {purchase}; total over {n} months {total} (purchase, setup, power {kwh} kWh per month, colocation, support, staff, licences, minus resale) ÷ {prod} productive GPU-hours = {per}.",
        de: "Eigen: {servers} = aufgerundet({gpus} ÷ {per_server}){spares}; Kaufpreis {purchase}; Summe über {n} Monate {total} (Kauf, Einrichtung, Strom {kwh} kWh pro Monat, Colocation, Support, Personal, Lizenzen, abzüglich Restwert) ÷ {prod} produktive GPU-Stunden = {per}.",
    }
    how_own_spares {
        en: " plus {n}, bought, supported, housed and licensed like them and idling, powered (in the power figure)",
        de: " plus {n}, gekauft, gewartet, untergebracht und lizenziert wie sie, eingeschaltet im Leerlauf (im Strom enthalten)",
    }
    /// A count of servers in [`Tx::how_own`] and [`Tx::how_colocation`].
    how_server_one {
        en: "1 server",
        de: "1 Server",
    }
    how_server_many {
        en: "{n} servers",
        de: "{n} Server",
    }
    /// A count of spare servers in [`Tx::how_own_spares`].
    how_spare_one {
        en: "1 spare",
        de: "1 Reserveserver",
    }
    how_spare_many {
        en: "{n} spares",
        de: "{n} Reserveserver",
    }
    how_own_life {
        en: "Own per GPU-hour of the horizon: {total} ÷ ({gpus} × 730 h × {n} months = {gpuh} GPU-hours) = {per}.",
        de: "Eigen je GPU-Stunde des Zeitraums: {total} ÷ ({gpus} × 730 Std. × {n} Monate = {gpuh} GPU-Stunden) = {per}.",
    }
    how_energy {
        en: "Power = ({busy_w} W draw while serving × {busy_h} productive GPU-hours + {idle_w} W draw while idle × {idle_h} idle GPU-hours (GPUs bought × 730 h − productive GPU-hours) + {base_w} W rest of the server × 730 h × {servers} (every server bought)) × PUE {pue} (the data centre's overhead) ÷ 1000 = {kwh} kWh a month{price} (measured draw, not TDP).",
        de: "Strom = ({busy_w} W Leistung im Betrieb × {busy_h} produktive GPU-Stunden + {idle_w} W Leistung im Leerlauf × {idle_h} GPU-Stunden im Leerlauf (gekaufte GPUs × 730 Std. − produktive GPU-Stunden) + {base_w} W Rest des Servers × 730 Std. × {servers} (jeder gekaufte Server)) × PUE {pue} (Mehrverbrauch des Rechenzentrums) ÷ 1000 = {kwh} kWh im Monat{price} (gemessene Leistung, nicht TDP).",
    }
    /// The energy line in [`Tx::how_energy`] ({per_kwh}: own's price per kWh; {monthly}: the
    /// line's average month over the horizon).
    how_energy_price {
        en: " × {per_kwh} per kWh: the energy line, {monthly} a month on average over {n} months",
        de: " × {per_kwh} je kWh: der Stromposten, {monthly} im Monat im Mittel über {n} Monate",
    }
    /// [`Tx::how_energy_price`] while the price of a kWh changes every year.
    how_energy_price_change {
        en: " × {per_kwh} per kWh in the first year, changing {pct}% a year: the energy line, {monthly} a month on average over {n} months",
        de: " × {per_kwh} je kWh im ersten Jahr, jährlich {pct} % Änderung: der Stromposten, {monthly} im Monat im Mittel über {n} Monate",
    }
    /// [`Tx::how_energy`] while power is paid with the colocation.
    how_energy_in_colocation {
        en: ", paid with the colocation (no energy line)",
        de: ", mit der Colocation bezahlt (kein eigener Stromposten)",
    }
    how_energy_spares {
        en: "A spare server's GPUs idle all 730 h, and its base draw counts too.",
        de: "Die GPUs eines Reserveservers laufen alle 730 Std. im Leerlauf, und seine Grundlast zählt mit.",
    }
    how_support {
        en: "Hardware support = {pct}% a year × purchase {purchase} ÷ 12 = {monthly} a month.",
        de: "Hardware-Support = {pct} % pro Jahr × Kaufpreis {purchase} ÷ 12 = {monthly} im Monat.",
    }
    how_colocation {
        en: "Colocation = ({per_server} per server-month + {kw} kW contracted × {per_kw} per kW-month) × {servers} = {monthly} a month{power}.",
        de: "Colocation = ({per_server} je Server-Monat + {kw} kW vertraglich × {per_kw} je kW-Monat) × {servers} = {monthly} im Monat{power}.",
    }
    how_colocation_power {
        en: ", power included (no energy line)",
        de: ", Strom inbegriffen (kein eigener Stromposten)",
    }
    how_rent {
        en: "{option}: {instances} × {k}-GPU instance = ceil({peak} ÷ {k}); {billed} instance-hours billed per month ({gpu_billed} GPU-hours) at the on-demand rate of {rate} per instance-hour{change}{mode}; total with every cost line {total} ÷ {prod} productive GPU-hours = {per}.",
        de: "{option}: {instances} × Instanz mit {k_gpus} = aufgerundet({peak} ÷ {k}); {billed} Instanzstunden pro Monat abgerechnet ({gpu_billed} GPU-Stunden) zum On-Demand-Preis von {rate} je Instanzstunde{change}{mode}; Summe mit allen Kostenposten {total} ÷ {prod} produktive GPU-Stunden = {per}.",
    }
    how_rent_monthly {
        en: "{option}: {instances} × {k}-GPU server = ceil({peak} ÷ {k}) at a flat {price} per {unit}{change} (billed all month: {gpu_billed} GPU-hours){mode}; total with every cost line {total} ÷ {prod} productive GPU-hours = {per}.",
        de: "{option}: {instances} × Server mit {k_gpus} = aufgerundet({peak} ÷ {k}) zum Pauschalpreis von {price} je {unit}{change} (den ganzen Monat berechnet: {gpu_billed} GPU-Stunden){mode}; Summe mit allen Kostenposten {total} ÷ {prod} produktive GPU-Stunden = {per}.",
    }
    /// In [`Tx::how_rent`] and [`Tx::how_rent_monthly`], where the option's price changes a year.
    how_rent_change {
        en: " in the first year, changing {pct} a year from month 13",
        de: " im ersten Jahr, ab Monat 13 mit {pct} im Jahr",
    }
    /// In [`Tx::how_rent`] and [`Tx::how_rent_monthly`] where every option's price changes by
    /// the same percentage a year ([`Tx::how_rent_change_all`] says it once).
    how_rent_first_year {
        en: " in the first year",
        de: " im ersten Jahr",
    }
    /// Before the rent options' lines, where every one changes its price by the same percentage.
    how_rent_change_all {
        en: "Every cloud offer's price changes by {pct} a year from month 13; the rates below are the first year's.",
        de: "Jeder Cloud-Preis ändert sich ab Monat 13 um {pct} im Jahr; die Preise unten gelten im ersten Jahr.",
    }
    /// [`Tx::how_rent_change_all`] where an offer commits under a plan with a term.
    how_rent_change_all_plans {
        en: "Every cloud offer's price changes by {pct} a year from month 13, but a plan's committed rate stays as agreed for each term and is renewed at the price of then (a 3-year plan's from month 37); the rates below are the first year's.",
        de: "Jeder Cloud-Preis ändert sich ab Monat 13 um {pct} im Jahr, der zugesagte Preis eines Plans aber bleibt für jede Laufzeit wie vereinbart und wird zum dann geltenden Preis verlängert (bei 3 Jahren ab Monat 37); die Preise unten gelten im ersten Jahr.",
    }
    /// [`Tx::how_mode_sp`] where the plan commits no instance (its row says why).
    how_mode_sp_none {
        en: ", no instance committed under the {years}-year plan at {ratio} × that rate, as committing does not pay for this load (see its row): all on demand",
        de: ", keine Instanz im {years}-jährigen Plan zu {ratio} × diesem Preis zugesagt, da sich das für diese Last nicht lohnt (siehe seine Zeile): alles On-Demand",
    }
    how_mode_sp {
        en: ", of which the committed instances ({c}) are owed every hour of the {years}-year term at {ratio} × that rate (the savings plan)",
        de: ", davon die zugesagten Instanzen ({c}) jede Stunde der {years}-jährigen Laufzeit zu {ratio} × diesem Preis (Savings Plan)",
    }
    how_mode_rsp {
        en: ", every hour of the {years}-year term at {ratio} × that rate (reservation with savings plan)",
        de: ", jede Stunde der {years}-jährigen Laufzeit zu {ratio} × diesem Preis (Reservierung mit Savings Plan)",
    }
    how_mode_spot {
        en: "; the batch windows run on spot at {price} per {unit}, plus {rework}% rework",
        de: "; die Batch-Fenster laufen auf Spot zu {price} je {unit}, dazu {rework} % Nacharbeit",
    }
    how_mode_blocks {
        en: "; capacity blocks instead: {blocks} × {days} days × 24 h a year at {price} per {unit}",
        de: "; stattdessen Kapazitätsblöcke: {blocks} × {days} Tage × 24 h im Jahr zu {price} je {unit}",
    }
    how_mode_monthly {
        en: ", for at least {m} months",
        de: ", für mindestens {m} Monate",
    }
    how_mode_cheapest {
        en: "; the cheapest plan for the load: {plan}",
        de: "; der günstigste Tarif für die Last: {plan}",
    }
    how_horizon {
        en: "One horizon rule for both sides: each side carries the costs of months 0 to {n}. Servers still held at month {n} are credited their market value then (from the resale curve), as a commitment's months after month {n} are not charged. Stopping everything at month {n} is a separate figure (the “Stop at month {n}” column).",
        de: "Eine Zeitraum-Regel für beide Seiten: Jede Seite trägt die Kosten der Monate 0 bis {n}. Noch gehaltene Server werden in Monat {n} mit ihrem Marktwert gutgeschrieben (aus der Wiederverkaufskurve), so wie die Monate einer Verpflichtung nach Monat {n} nicht berechnet werden. Alles in Monat {n} zu beenden ist eine eigene Zahl (Spalte „Ausstieg in Monat {n}“).",
    }
    /// Servers held at the horizon: `{residual}`, `{life}` years, month `{n}`, `{value}`.
    how_resale {
        en: "Resale curve: the used market's 36% loss a year (straight-line within each year), scaled to run from the purchase price at month 0 to the residual value of {residual} at the end of the {life}-year service life; at month {n} the servers are worth {value} of the purchase price.",
        de: "Wiederverkaufskurve: Wertverlust am Gebrauchtmarkt von 36 % pro Jahr (linear innerhalb jedes Jahres), skaliert vom Kaufpreis in Monat 0 auf den Restwert von {residual} am Ende der Nutzungsdauer ({life} J.); in Monat {n} sind die Server noch {value} des Kaufpreises wert.",
    }
    /// With a discount rate `{rate}`.
    how_present_value {
        en: "Present value at {rate} a year: the cost of month m counts × 1 ÷ (1 + {rate} ÷ 12)^m (compounded monthly; what is paid at month 0 counts in full). In present-value terms, the cost per productive GPU-hour is the present value of the costs ÷ the productive GPU-hours discounted the same way, so it is above the undiscounted (as-paid) figure when most of the cost comes early (a server bought up front).",
        de: "Barwert bei einem Kalkulationszins von {rate} p. a.: Die Kosten des Monats m werden mit 1 ÷ (1 + {rate} ÷ 12)^m gewichtet (monatliche Abzinsung; Zahlungen in Monat 0 zählen voll). Im Barwert sind die Kosten je produktiver GPU-Stunde der Barwert der Kosten ÷ die ebenso abgezinsten produktiven GPU-Stunden; sie liegen daher über dem nicht abgezinsten Wert, wenn der Großteil der Kosten früh anfällt (ein zu Beginn gekaufter Server).",
    }
    how_break_even {
        en: "Break-even month: the first month from which own's cumulative cost stays at or below the rent option's until the horizon.",
        de: "Break-even-Monat: der erste Monat, ab dem die kumulierten Kosten des eigenen Servers bis zum Ende des Zeitraums höchstens so hoch sind wie die der Mietoption.",
    }
    how_break_even_share {
        en: "Break-even share: the same busy pattern on more or fewer days, until own and the rent option cost the same per productive GPU-hour.",
        de: "Break-even-Anteil: dasselbe Lastmuster an mehr oder weniger Tagen, bis eigener Server und Mietoption je produktiver GPU-Stunde gleich viel kosten.",
    }
    /// How it was computed, with ranges: `{n}`, `{seed}`, `{inputs}`.
    how_ranges {
        en: "Ranges: {n} samples (Latin hypercube, seed {seed}) of the scenario with {inputs} drawn uniformly from their ranges, independently unless tied; P10, median and P90 of each figure over the samples. The point results above are those of the values in the inputs.",
        de: "Spannen: {n} Stichproben (Latin Hypercube, Startwert {seed}) des Szenarios, in denen {inputs} gleichverteilt aus ihren Spannen gezogen werden, unabhängig, außer wo gekoppelt; P10, Median und P90 jeder Zahl über die Stichproben. Die Punktergebnisse oben sind die der eingegebenen Werte.",
    }
}
