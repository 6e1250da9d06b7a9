//! The strings of the what-if analysis (hybrid, sensitivity, heat map), German and English.
//!
//! Kept beside the section, in the module loaded on demand, so that they are not in the first
//! screen's data (a string in [`crate::i18n::Texts`] is linked wherever `Texts` is). One struct
//! with a field per string, so a string missing in one language is a compile error.
//!
//! The analysis's heading, which the first screen's placeholder shows too, stays in
//! [`crate::i18n::Texts`].

use crate::lang::Lang;

/// The strings of the analysis. `{x}` marks a value filled in.
#[derive(Debug)]
pub struct Tx {
    pub analysis_option: &'static str,
    pub hybrid_title: &'static str,
    pub hybrid_desc: &'static str,
    pub hybrid_best: &'static str,
    pub hybrid_all_own: &'static str,
    pub hybrid_lumps: &'static str,
    pub hybrid_all_rent: &'static str,
    pub hybrid_use: &'static str,
    pub hybrid_in_use: &'static str,
    pub axis_own_gpus: &'static str,
    pub axis_total: &'static str,
    pub tornado_title: &'static str,
    pub tornado_desc: &'static str,
    pub heat_title: &'static str,
    pub heat_desc: &'static str,
    pub axis_tariff: &'static str,
    pub in_tariff: &'static str,
    pub in_server_price: &'static str,
    pub in_power_price: &'static str,
    pub in_productive_hours: &'static str,
    pub in_service_life: &'static str,
    pub in_residual: &'static str,
    pub in_discount: &'static str,
    pub in_price_change: &'static str,
    pub in_staff: &'static str,
    pub tornado_lower: &'static str,
    pub tornado_higher: &'static str,
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

static EN: Tx = Tx {
    analysis_option: "Rent option analysed",
    hybrid_title: "Own the base load, rent the peaks: total cost by own GPUs",
    hybrid_desc: "Own N GPUs serve the load up to N; the rest runs on the rent option under its billing mode. The dot marks the cheapest N.",
    hybrid_best: "Cheapest mix: own {n} GPUs and rent the rest, {total} over {months} months (all rented: {rent}; all own: {own}).",
    hybrid_all_own: "Owning all {n} GPUs is cheapest: {total} over {months} months. Renting part of the load on {option} only adds cost (all rented: {rent}).",
    hybrid_lumps: "The curve moves in steps: own GPUs come in servers of {s} and rented ones in instances of {k}, so owning part of a server buys the whole server, and renting part of an instance pays for the whole instance.",
    hybrid_all_rent: "Renting all of the load on {option} is cheapest: {total} over {months} months. Owning GPUs only adds cost (all own: {own}).",
    hybrid_use: "Use this mix (own {n} GPUs + the rest on {option})",
    hybrid_in_use: "This mix is in use: own {n} GPUs + the rest on {option}.",
    axis_own_gpus: "Own GPUs",
    axis_total: "Total over the horizon",
    tornado_title: "What moves the savings: each input ±20 %",
    tornado_desc: "Savings of owning over the horizon (present value when discounting) with each input lower and higher: 20 % either way, the cloud's yearly price change from −25 % (the 2025 cut, every year) to 0 %, and the staff hours half and one and a half times; the longest bar matters most. The line is today's value. In brackets: the month from which owning pays off with the lower / the higher value (one month when both are the same).",
    heat_title: "Which is cheaper, by productive share and cloud tariff",
    heat_desc: "Green: owning is cheaper; orange: renting is cheaper; deeper colour, larger difference. The ring marks today's share and tariff.",
    axis_tariff: "Cloud tariff",
    in_tariff: "Cloud tariff",
    in_server_price: "Server price",
    in_power_price: "Power price",
    in_productive_hours: "Productive hours",
    in_service_life: "Service life",
    in_residual: "Resale value",
    in_discount: "Discount rate",
    in_price_change: "Cloud price change a year (−25 % and 0 %)",
    in_staff: "Staff hours (half and 1.5 ×)",
    tornado_lower: "lower",
    tornado_higher: "higher",
};

static DE: Tx = Tx {
    analysis_option: "Untersuchte Mietoption",
    hybrid_title: "Grundlast besitzen, Spitzen mieten: Gesamtkosten nach eigenen GPUs",
    hybrid_desc: "N eigene GPUs tragen die Last bis N; der Rest läuft auf der Mietoption in ihrem Abrechnungsmodell. Der Punkt markiert das günstigste N.",
    hybrid_best: "Günstigste Mischung: {n} eigene GPUs, den Rest mieten, {total} über {months} Monate (alles gemietet: {rent}; alles eigen: {own}).",
    hybrid_all_own: "Alle {n} GPUs zu besitzen ist am günstigsten: {total} über {months} Monate. Einen Teil der Last auf {option} zu mieten, kostet nur mehr (alles gemietet: {rent}).",
    hybrid_lumps: "Die Kurve verläuft in Stufen: eigene GPUs gibt es in Servern zu {s}, gemietete in Instanzen zu {k}. Wer einen Teil eines Servers besitzen will, kauft den ganzen Server; wer einen Teil einer Instanz mietet, bezahlt die ganze Instanz.",
    hybrid_all_rent: "Die ganze Last auf {option} zu mieten ist am günstigsten: {total} über {months} Monate. Eigene GPUs kosten nur mehr (alles eigen: {own}).",
    hybrid_use: "Diese Mischung verwenden ({n} eigene GPUs + der Rest auf {option})",
    hybrid_in_use: "Diese Mischung ist gewählt: {n} eigene GPUs + der Rest auf {option}.",
    axis_own_gpus: "Eigene GPUs",
    axis_total: "Summe über den Zeitraum",
    tornado_title: "Was die Ersparnis bewegt: jede Eingabe ±20 %",
    tornado_desc: "Ersparnis durch Kauf über den Zeitraum (Barwert bei Abzinsung), wenn jede Eingabe niedriger oder höher ist: je 20 %, die jährliche Preisänderung der Cloud von −25 % (die Senkung von 2025, jedes Jahr) bis 0 % und die Personalstunden halb und anderthalbfach; der längste Balken zählt am meisten. Die Linie ist der heutige Wert. In Klammern: der Monat, ab dem sich der Kauf rechnet, mit dem niedrigeren / dem höheren Wert (einer, wenn beide gleich sind).",
    heat_title: "Was ist günstiger, nach produktivem Anteil und Cloud-Tarif",
    heat_desc: "Grün: Kauf ist günstiger; Orange: Miete ist günstiger; kräftigere Farbe, größerer Unterschied. Der Ring markiert den heutigen Anteil und Tarif.",
    axis_tariff: "Cloud-Tarif",
    in_tariff: "Cloud-Tarif",
    in_server_price: "Serverpreis",
    in_power_price: "Strompreis",
    in_productive_hours: "Produktive Stunden",
    in_service_life: "Nutzungsdauer",
    in_residual: "Restwert",
    in_discount: "Kalkulationszins",
    in_price_change: "Cloud-Preisänderung pro Jahr (−25 % und 0 %)",
    in_staff: "Personalstunden (halb und 1,5-fach)",
    tornado_lower: "niedriger",
    tornado_higher: "höher",
};
