//! The strings of the what-if analysis (hybrid, sensitivity, heat map), German and English.
//!
//! Kept beside the section, in the module loaded on demand, so that they are not in the first
//! screen's data (a string in [`crate::i18n::Texts`] is linked wherever `Texts` is). Declared with
//! `texts!` ([`crate::texts`]): one field per string, its two languages side by side, so a
//! string missing in one language is a compile error.
//!
//! The analysis's heading, which the first screen's placeholder shows too, stays in
//! [`crate::i18n::Texts`].

crate::texts::texts! {
    /// The strings of the analysis. `{x}` marks a value filled in.
    pub struct Tx;
    analysis_option {
        en: "Rent option analysed",
        de: "Untersuchte Mietoption",
    }
    chart_of_option {
        en: "{desc} Rent option analysed: {option}.",
        de: "{desc} Untersuchte Mietoption: {option}.",
    }
    hybrid_title {
        en: "Own the base load, rent the peaks: total cost by own GPUs",
        de: "Grundlast besitzen, Spitzen mieten: Gesamtkosten nach eigenen GPUs",
    }
    hybrid_desc {
        en: "Own N GPUs serve the load up to N; the rest runs on the rent option under its billing mode. Totals as paid (not discounted). The dot marks the cheapest N.",
        de: "N eigene GPUs tragen die Last bis N; der Rest läuft auf der Mietoption in ihrem Abrechnungsmodell. Summen wie gezahlt (nicht abgezinst). Der Punkt markiert das günstigste N.",
    }
    hybrid_best {
        en: "Cheapest mix: own {n} GPUs and rent the rest, {total} over {months} months (all rented: {rent}; all own: {own}).",
        de: "Günstigste Mischung: {n} eigene GPUs, den Rest mieten, {total} über {months} Monate (alles gemietet: {rent}; alles eigen: {own}).",
    }
    hybrid_all_own {
        en: "Owning all {n} GPUs is cheapest: {total} over {months} months. Renting part of the load on {option} only adds cost (all rented: {rent}).",
        de: "Alle {n} GPUs zu besitzen ist am günstigsten: {total} über {months} Monate. Einen Teil der Last auf {option} zu mieten, kostet nur mehr (alles gemietet: {rent}).",
    }
    hybrid_lumps {
        en: "The curve moves in steps: own GPUs come in servers of {s} and rented ones in instances of {k}, so owning part of a server buys the whole server, and renting part of an instance pays for the whole instance.",
        de: "Die Kurve verläuft in Stufen: eigene GPUs gibt es in Servern zu {s}, gemietete in Instanzen zu {k}. Wer einen Teil eines Servers besitzen will, kauft den ganzen Server; wer einen Teil einer Instanz mietet, bezahlt die ganze Instanz.",
    }
    hybrid_all_rent {
        en: "Renting all of the load on {option} is cheapest: {total} over {months} months. Owning GPUs only adds cost (all own: {own}).",
        de: "Die ganze Last auf {option} zu mieten ist am günstigsten: {total} über {months} Monate. Eigene GPUs kosten nur mehr (alles eigen: {own}).",
    }
    hybrid_use {
        en: "Use this mix (own {n} GPUs + the rest on {option})",
        de: "Diese Mischung verwenden ({n} eigene GPUs + der Rest auf {option})",
    }
    hybrid_in_use {
        en: "This mix is in use: own {n} GPUs + the rest on {option}.",
        de: "Diese Mischung ist gewählt: {n} eigene GPUs + der Rest auf {option}.",
    }
    axis_own_gpus {
        en: "Own GPUs",
        de: "Eigene GPUs",
    }
    axis_total {
        en: "Total over the horizon",
        de: "Summe über den Zeitraum",
    }
    tornado_title {
        en: "What moves the savings: each input ±20%",
        de: "Was die Ersparnis bewegt: jede Eingabe ±20 %",
    }
    tornado_desc {
        en: "Savings of owning over the horizon (present value when discounting) with each input lower and higher: 20% either way, the cloud's yearly price change from −25% (the 2025 cut, every year) to 0%, and the staff hours half and one and a half times; the longest bar matters most. The line is today's value. In brackets: the month from which owning pays off with the lower / the higher value (one month when both are the same; said once under the chart when it is the same for every input).",
        de: "Ersparnis durch Kauf über den Zeitraum (Barwert bei Abzinsung), wenn jede Eingabe niedriger oder höher ist: je 20 %, die jährliche Preisänderung der Cloud von −25 % (die Senkung von 2025, jedes Jahr) bis 0 % und die Personalstunden halb und anderthalbfach; der längste Balken zählt am meisten. Die Linie ist der heutige Wert. In Klammern: der Monat, ab dem sich der Kauf rechnet, mit dem niedrigeren / dem höheren Wert (einer, wenn beide gleich sind; einmal unter dem Diagramm, wenn er für jede Eingabe derselbe ist).",
    }
    /// Under the tornado, when the break-even month `{months}` is the same at both ends of
    /// every input.
    tornado_months_all {
        en: "The month from which owning pays off, at both ends of every input: {months}.",
        de: "Der Monat, ab dem sich der Kauf rechnet, an beiden Enden jeder Eingabe: {months}.",
    }
    heat_title {
        en: "Which is cheaper, by productive share and cloud tariff",
        de: "Was ist günstiger, nach produktivem Anteil und Cloud-Tarif",
    }
    heat_desc {
        en: "Green: owning is cheaper; orange: renting is cheaper, over the whole horizon as paid (not discounted); the deeper the colour, the larger the difference (the key below names the largest each way). The ring marks today's share and tariff.",
        de: "Grün: Kauf ist günstiger; Orange: Miete ist günstiger, über den ganzen Zeitraum wie gezahlt (nicht abgezinst); je kräftiger die Farbe, desto größer der Unterschied (die Legende darunter nennt den größten in jede Richtung). Der Ring markiert den heutigen Anteil und Tarif.",
    }
    /// The heat map's faded rows: the shares above `{max}`.
    heat_reach {
        en: "Faded rows: shares above {max}, which this load's pattern cannot reach (it would need more busy days than the month has); the key leaves them out.",
        de: "Blasse Zeilen: Anteile über {max}, die das Muster dieser Last nicht erreicht (sie müsste dafür an mehr Tagen laufen, als der Monat hat); die Legende lässt sie aus.",
    }
    heat_key_rent {
        en: "Renting up to {x} cheaper",
        de: "Miete bis zu {x} günstiger",
    }
    heat_key_own {
        en: "Owning up to {x} cheaper",
        de: "Kauf bis zu {x} günstiger",
    }
    heat_key_rent_none {
        en: "Renting is cheaper nowhere on the map",
        de: "Miete ist nirgends auf der Karte günstiger",
    }
    heat_key_own_none {
        en: "Owning is cheaper nowhere on the map",
        de: "Kauf ist nirgends auf der Karte günstiger",
    }
    axis_tariff {
        en: "Cloud tariff",
        de: "Cloud-Tarif",
    }
    in_tariff {
        en: "Cloud tariff",
        de: "Cloud-Tarif",
    }
    in_server_price {
        en: "Server price",
        de: "Serverpreis",
    }
    in_power_price {
        en: "Power price",
        de: "Strompreis",
    }
    in_productive_hours {
        en: "Productive hours",
        de: "Produktive Stunden",
    }
    in_service_life {
        en: "Service life",
        de: "Nutzungsdauer",
    }
    in_residual {
        en: "Resale value",
        de: "Restwert",
    }
    in_discount {
        en: "Discount rate",
        de: "Kalkulationszins",
    }
    in_price_change {
        en: "Cloud price change a year (−25% and 0%)",
        de: "Cloud-Preisänderung pro Jahr (−25 % und 0 %)",
    }
    in_staff {
        en: "Staff hours (half and 1.5 ×)",
        de: "Personalstunden (halb und 1,5-fach)",
    }
    tornado_lower {
        en: "lower",
        de: "niedriger",
    }
    tornado_higher {
        en: "higher",
        de: "höher",
    }
    /// The folded tables under the charts: each chart's figures for a screen reader and for
    /// reading exact amounts (the summary also names the table's scrollable box).
    table_hybrid {
        en: "The chart as a table (total cost by own GPUs)",
        de: "Das Diagramm als Tabelle (Gesamtkosten nach eigenen GPUs)",
    }
    table_hybrid_caption {
        en: "Total cost over {months} months as paid (not discounted) with this many own GPUs and the rest rented on {option}.",
        de: "Gesamtkosten über {months} Monate wie gezahlt (nicht abgezinst) mit so vielen eigenen GPUs und dem Rest gemietet auf {option}.",
    }
    /// The hybrid table's cheapest row, `{n}` own GPUs.
    table_cheapest {
        en: "{n} (cheapest)",
        de: "{n} (am günstigsten)",
    }
    table_tornado {
        en: "The chart as a table (savings at each input's lower and higher value)",
        de: "Das Diagramm als Tabelle (Ersparnis beim niedrigeren und höheren Wert jeder Eingabe)",
    }
    /// `{base}`: the savings at today's values (the tornado's line).
    table_tornado_caption {
        en: "Savings of owning over the horizon (present value when discounting; negative: renting is cheaper) and the month from which owning pays off, with each input at its lower and its higher value, the largest effect first. {today}",
        de: "Ersparnis durch Kauf über den Zeitraum (Barwert bei Abzinsung; negativ: Miete ist günstiger) und der Monat, ab dem sich der Kauf rechnet, mit jeder Eingabe beim niedrigeren und beim höheren Wert, die größte Wirkung zuerst. {today}",
    }
    /// The tornado table's caption: today's savings `{x}` when owning saves.
    table_today_own {
        en: "At today's values owning saves {x} (the chart's line).",
        de: "Mit den heutigen Werten spart der Kauf {x} (die Linie im Diagramm).",
    }
    /// The same when renting is cheaper, by `{x}`.
    table_today_rent {
        en: "At today's values renting is cheaper by {x} (the chart's line).",
        de: "Mit den heutigen Werten ist die Miete {x} günstiger (die Linie im Diagramm).",
    }
    table_input {
        en: "Input",
        de: "Eingabe",
    }
    table_lower {
        en: "At the lower value",
        de: "Beim niedrigeren Wert",
    }
    table_higher {
        en: "At the higher value",
        de: "Beim höheren Wert",
    }
    table_value {
        en: "Value",
        de: "Wert",
    }
    /// A service life in the tornado's table.
    table_years {
        en: "{n} years",
        de: "{n} Jahre",
    }
    table_one_year {
        en: "1 year",
        de: "1 Jahr",
    }
    table_heat {
        en: "The chart as a table (savings by productive share and cloud tariff)",
        de: "Das Diagramm als Tabelle (Ersparnis nach produktivem Anteil und Cloud-Tarif)",
    }
    /// `{unit}`: the tariff's currency and price unit, `USD / GPU-hour`.
    table_heat_caption {
        en: "Savings of owning over the horizon as paid (not discounted; negative: renting is cheaper) by productive share (rows) and the tariff of {option} in {unit} (columns); “today” marks the scenario as it is (the ring).",
        de: "Ersparnis durch Kauf über den Zeitraum wie gezahlt (nicht abgezinst; negativ: Miete ist günstiger) nach produktivem Anteil (Zeilen) und Tarif von {option} in {unit} (Spalten); „heute“ markiert das Szenario, wie es ist (der Ring).",
    }
    /// The heat map's tariff, share or cell `{x}` of the scenario as it is.
    table_today {
        en: "{x} (today)",
        de: "{x} (heute)",
    }
}
