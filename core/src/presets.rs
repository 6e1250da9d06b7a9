//! Presets: the vendor's servers and the cloud offers people compare against, every value with
//! its source and as-of date (from `PRICES.md`). This file is the data; it is compiled in.
//!
//! A preset is a list of entries, each setting one field of an option (a path relative to
//! `own` or to `rent.N`, in the scenario's JSON form). Applying a preset writes those values;
//! the page looks up the entry of a field to show where its value comes from.

use serde_json::Value;

use crate::error::{Error, ReadProblem, Result};

/// Which side of the comparison a preset fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The own option (`own`).
    Own,
    /// A rent option (`rent.N`).
    Rent,
}

/// A preset value in its JSON form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Val {
    /// A decimal, stored as a JSON string.
    Dec(&'static str),
    /// A whole number.
    Int(u32),
    /// A text or a choice (`"USD"`, `"instance_hour"`).
    Text(&'static str),
    /// A boolean.
    Bool(bool),
    /// Any JSON (a billing object, a tier list).
    Json(&'static str),
}

impl Val {
    /// The value as JSON.
    ///
    /// # Errors
    /// [`Error::Malformed`] if a `Json` literal does not parse (the data tests rule this out).
    pub fn to_json(self) -> Result<Value> {
        Ok(match self {
            Val::Dec(s) | Val::Text(s) => Value::String(s.to_owned()),
            Val::Int(n) => Value::from(n),
            Val::Bool(b) => Value::Bool(b),
            Val::Json(s) => serde_json::from_str(s).map_err(|e| Error::Malformed {
                path: "presets".into(),
                problem: ReadProblem::from_reader(e.to_string()),
            })?,
        })
    }
}

/// One field of a preset, with where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Path of the field relative to the option (`price_per_server`, `energy.pue`).
    pub key: &'static str,
    /// The value.
    pub value: Val,
    /// Where the figure comes from (publisher, document).
    pub source: &'static str,
    /// As-of date, `YYYY-MM` or `YYYY` (a year alone counts from its January).
    pub as_of: &'static str,
    /// Range or remark in English (empty if none).
    pub note_en: &'static str,
    /// Range or remark in German (empty if none).
    pub note_de: &'static str,
}

const fn e(
    key: &'static str,
    value: Val,
    source: &'static str,
    as_of: &'static str,
    note_en: &'static str,
    note_de: &'static str,
) -> Entry {
    Entry {
        key,
        value,
        source,
        as_of,
        note_en,
        note_de,
    }
}

/// A named set of values for one option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Stable id (used in URLs and tests).
    pub id: &'static str,
    /// Which side it fills.
    pub side: Side,
    /// Name in English.
    pub name_en: &'static str,
    /// Name in German.
    pub name_de: &'static str,
    /// The preset's own entries, in groups; applied after the side's common entries, in order.
    pub entries: &'static [&'static [Entry]],
}

impl Preset {
    /// Every entry that applies, common ones first: a later entry for the same key wins.
    pub fn all_entries(&self) -> impl Iterator<Item = &'static Entry> {
        let common: &'static [Entry] = match self.side {
            Side::Own => OWN_SITE,
            Side::Rent => RENT_EXTRAS,
        };
        common
            .iter()
            .chain(self.entries.iter().flat_map(|group| group.iter()))
    }

    /// The entry in force for `key` (relative to the option), if the preset sets it.
    pub fn entry(&self, key: &str) -> Option<&'static Entry> {
        self.all_entries().filter(|e| e.key == key).last()
    }

    /// The mode of the preset's billing (`always_on`, `start_stop` …), if it sets one.
    pub fn billing_mode(&self) -> Option<String> {
        let billing = self.entry("billing")?.value.to_json().ok()?;
        billing.get("mode")?.as_str().map(str::to_owned)
    }

    /// The preset of the same offer (the same first group of entries: the instance, its
    /// price, currency and name) billed in `mode`: the first in the catalogue's order, `None`
    /// when the catalogue has none or `mode` is this preset's own.
    ///
    /// ```
    /// let on_demand = gpu_tco_core::presets::preset("aws-p5en-on-demand").unwrap();
    /// assert_eq!(on_demand.billed_as("start_stop").unwrap().id, "aws-p5en-start-stop");
    /// ```
    pub fn billed_as(&self, mode: &str) -> Option<&'static Preset> {
        let offer = self.entries.first()?;
        if self.billing_mode().as_deref() == Some(mode) {
            return None;
        }
        presets().iter().find(|p| {
            p.side == self.side
                && p.entries.first() == Some(offer)
                && p.billing_mode().as_deref() == Some(mode)
        })
    }

    /// Writes the preset's name and its billing (the billing object and the plan figures in
    /// it) into an option's JSON object, leaving the offer's other values as they are: what
    /// tells it from the other presets of its offer ([`Preset::billed_as`]).
    ///
    /// # Errors
    /// As [`Preset::apply`].
    pub fn apply_billing(&self, option: &mut Value) -> Result<()> {
        self.apply_where(option, |key| {
            key == "label" || key == "billing" || key.starts_with("billing.")
        })
    }

    /// Writes the preset's values into an option's JSON object (`own` or `rent.N`).
    ///
    /// # Errors
    /// [`Error::Malformed`] if a key does not name a field of `option`.
    pub fn apply(&self, option: &mut Value) -> Result<()> {
        self.apply_where(option, |_| true)
    }

    /// Writes the entries whose key `keep` takes, in order (a later entry for a key wins, the
    /// billing object before the figures inside it).
    fn apply_where(&self, option: &mut Value, keep: impl Fn(&str) -> bool) -> Result<()> {
        for entry in self.all_entries().filter(|e| keep(e.key)) {
            let pointer = format!("/{}", entry.key.replace('.', "/"));
            let value = entry.value.to_json()?;
            match option.pointer_mut(&pointer) {
                Some(slot) => *slot = value,
                None => {
                    return Err(Error::Malformed {
                        path: entry.key.to_owned(),
                        problem: ReadProblem::PresetField,
                    });
                }
            }
        }
        Ok(())
    }
}

/// Whether a value as of `as_of` (`YYYY-MM` or `YYYY`) is more than 12 months older than the
/// month `today` = (year, month 1–12). An unreadable date counts as stale.
pub fn is_stale(as_of: &str, today: (i32, u32)) -> bool {
    let mut parts = as_of.split('-');
    let year: Option<i32> = parts.next().and_then(|y| y.parse().ok());
    let month: u32 = match parts.next() {
        Some(m) => match m.parse() {
            Ok(m) if (1..=12).contains(&m) => m,
            _ => return true,
        },
        None => 1,
    };
    let Some(year) = year else { return true };
    let then = i64::from(year) * 12 + i64::from(month);
    let now = i64::from(today.0) * 12 + i64::from(today.1);
    now - then > 12
}

impl Entry {
    /// The source in German (`german`) or English. Names that read the same in both languages
    /// (a web site, a publisher's title) stay as they are.
    pub fn source_in(&self, german: bool) -> &'static str {
        if german {
            german_source(self.source).unwrap_or(self.source)
        } else {
            self.source
        }
    }

    /// The remark in German (`german`) or English (empty if none).
    pub fn note_in(&self, german: bool) -> &'static str {
        if german { self.note_de } else { self.note_en }
    }
}

/// The option names the presets give, in English and German: an unedited name reads in the
/// page's language, and links carry the English one.
const LABELS: &[(&str, &str)] = &[
    ("8× H200 server, own", "8× H200-Server, eigen"),
    ("8× H200 NVL server, own", "8× H200-NVL-Server, eigen"),
    ("4× H200 NVL server, own", "4× H200-NVL-Server, eigen"),
    (
        "8× RTX PRO 6000 Server Edition, own",
        "8× RTX PRO 6000 Server Edition, eigen",
    ),
    ("8× L40S server, own", "8× L40S-Server, eigen"),
    (
        "AWS p5en on-demand, always on",
        "AWS p5en On-Demand, immer an",
    ),
    (
        "AWS p5en on-demand, start/stop",
        "AWS p5en On-Demand, Start/Stopp",
    ),
    (
        "AWS p5en 3-year Savings Plan",
        "AWS p5en 3-Jahres-Savings-Plan",
    ),
    (
        "AWS p5en reservation + 3-year Savings Plan",
        "AWS p5en Reservierung + 3-Jahres-Savings-Plan",
    ),
    (
        "AWS p5en 3-year Savings Plan, all upfront",
        "AWS p5en 3-Jahres-Savings-Plan, volle Vorauszahlung",
    ),
    (
        "AWS p5en on-demand, eu-north-1",
        "AWS p5en On-Demand, eu-north-1",
    ),
    (
        "AWS p5en Capacity Blocks, 4 weeks at a time",
        "AWS p5en Capacity Blocks, je 4 Wochen",
    ),
    ("AWS p5 (8× H100) on-demand", "AWS p5 (8× H100) On-Demand"),
    (
        "AWS p5.4xlarge (1× H100), start/stop",
        "AWS p5.4xlarge (1× H100), Start/Stopp",
    ),
    (
        "Azure ND96isr H200 v5 on-demand",
        "Azure ND96isr H200 v5 On-Demand",
    ),
    (
        "Azure ND H200 v5, 3-year reservation",
        "Azure ND H200 v5, 3-Jahres-Reservierung",
    ),
    (
        "Google A3 Ultra (8× H200) on-demand",
        "Google A3 Ultra (8× H200) On-Demand",
    ),
    (
        "Oracle BM.GPU.H200.8, 3-year commitment",
        "Oracle BM.GPU.H200.8, 3-Jahres-Verpflichtung",
    ),
    ("Nebius H200 on-demand", "Nebius H200 On-Demand"),
    (
        "Nebius H200 per GPU, cheapest way",
        "Nebius H200 je GPU, günstigste Variante",
    ),
    ("AWS p5en, cheapest plan", "AWS p5en, günstigster Tarif"),
    ("RunPod H200 on-demand", "RunPod H200 On-Demand"),
    ("CoreWeave H200 on-demand", "CoreWeave H200 On-Demand"),
    ("Lambda H100 on-demand", "Lambda H100 On-Demand"),
    (
        "Bare-metal 8-GPU server, monthly",
        "Bare-Metal-Server mit 8 GPUs, monatlich",
    ),
];

/// A preset's option name (`label`) in German (`german`) or English, given it in either
/// language; `None` for a name the presets do not give (the user's own).
pub fn preset_label(label: &str, german: bool) -> Option<&'static str> {
    LABELS
        .iter()
        .find(|(en, de)| *en == label || *de == label)
        .map(|(en, de)| if german { *de } else { *en })
}

/// The German wording of a source that has words to translate.
pub(crate) fn german_source(source: &str) -> Option<&'static str> {
    Some(match source {
        "the calculator's price research" => "Preisrecherche des Rechners",
        "as a European vendor quotes; the presets' server prices are USD market figures converted at 1.16 USD per EUR" => {
            "wie ein europäischer Anbieter anbietet; die Serverpreise der Vorlagen sind USD-Marktpreise, umgerechnet zum Kurs von 1,16 USD je EUR"
        }
        "the method's second article, “KI-Inferenz auf Bare Metal” (2026)" => {
            "zweiter Artikel der Methode, „KI-Inferenz auf Bare Metal“ (2026)"
        }
        "the method's second article, “KI-Inferenz auf Bare Metal” (2026): benchmarks report 10–15%" => {
            "zweiter Artikel der Methode, „KI-Inferenz auf Bare Metal“ (2026): Benchmarks nennen 10–15 %"
        }
        "the method's second article, “KI-Inferenz auf Bare Metal” (2026): specialised GPU clouds 2–3 EUR per GPU-hour" => {
            "zweiter Artikel der Methode, „KI-Inferenz auf Bare Metal“ (2026): spezialisierte GPU-Clouds 2–3 EUR je GPU-Stunde"
        }
        "the method's second article, “KI-Inferenz auf Bare Metal” (2026): flat price with unlimited bandwidth" => {
            "zweiter Artikel der Methode, „KI-Inferenz auf Bare Metal“ (2026): Pauschalpreis mit unbegrenzter Bandbreite"
        }
        "the method's second article, “KI-Inferenz auf Bare Metal” (2026): storage included in the flat monthly price" => {
            "zweiter Artikel der Methode, „KI-Inferenz auf Bare Metal“ (2026): Speicher im monatlichen Pauschalpreis enthalten"
        }
        "Uptime Institute survey 2025" => "Umfrage des Uptime Institute 2025",
        "Eurostat, non-household, excl. VAT" => "Eurostat, Nicht-Haushalte, ohne MwSt.",
        "industry glossary (low confidence)" => "Branchenglossar (unsicher)",
        "industry estimate" => "Branchenschätzung",
        "10-K filings (Amazon moved servers from 6 to 5 years)" => {
            "10-K-Berichte (Amazon senkte Server von 6 auf 5 Jahre)"
        }
        "lender guide (low confidence)" => "Leitfaden eines Finanzierers (unsicher)",
        "AWS EBS pricing, gp3-class (secondary)" => "AWS-EBS-Preise, Klasse gp3 (Sekundärquelle)",
        "AWS EC2 data transfer out, as quoted (secondary)" => {
            "AWS EC2 ausgehende Datenübertragung, wie zitiert (Sekundärquelle)"
        }
        "AWS support plans" => "AWS-Supportpläne",
        "AWS News Blog (price cut of 1 June 2025: P5 −44%, P5en −25%)" => {
            "AWS News Blog (Preissenkung vom 1. Juni 2025: P5 −44 %, P5en −25 %)"
        }
        "AWS Capacity Blocks pricing page" => "Preisseite der AWS Capacity Blocks",
        "AWS Savings Plan price file (secondary)" => {
            "Preisdatei der AWS Savings Plans (Sekundärquelle)"
        }
        "Azure retail price API (secondary)" => "Azure-Retail-Preis-API (Sekundärquelle)",
        "public price summary (secondary)" => "öffentliche Preisübersicht (Sekundärquelle)",
        "public summaries (secondary)" => "öffentliche Übersichten (Sekundärquelle)",
        "Ma et al., arXiv 2605.11999 (H200 decode 137–300 W); NVIDIA data sheets (TDP) for other cards" => {
            "Ma et al., arXiv 2605.11999 (H200 Decode 137–300 W); NVIDIA-Datenblätter (TDP) für andere Karten"
        }
        "NVIDIA (H200 NVL ships a 5-year NVIDIA AI Enterprise subscription)" => {
            "NVIDIA (H200 NVL mit 5-Jahres-Abonnement NVIDIA AI Enterprise)"
        }
        "NVIDIA AI Enterprise: 4,500 USD per GPU-year" => {
            "NVIDIA AI Enterprise: 4.500 USD je GPU-Jahr"
        }
        "NVIDIA data sheets" => "NVIDIA-Datenblätter",
        "analyst estimate in a public TCO appendix" => {
            "Analystenschätzung im Anhang einer öffentlichen TCO-Studie"
        }
        "arXiv 2605.23918 (idle with a model loaded: bare idle + 26–66 W)" => {
            "arXiv 2605.23918 (Leerlauf mit geladenem Modell: reiner Leerlauf + 26–66 W)"
        }
        "derived from the DGX H200 maximum of 10.2 kW" => {
            "abgeleitet vom DGX-H200-Maximum von 10,2 kW"
        }
        "market reports (low confidence)" => "Marktberichte (unsicher)",
        "model cold start: 70B ≈ 4.5 min download + start, plus boot (various)" => {
            "Kaltstart eines Modells: 70B ≈ 4,5 min Download + Start, dazu Boot (verschiedene)"
        }
        "provider catalogue" => "Katalog des Anbieters",
        "provider price list" => "Preisliste des Anbieters",
        "retail reports" => "Händlerberichte",
        "the only 1-GPU size on the P5 page" => "die einzige 1-GPU-Größe auf der P5-Seite",
        _ => return None,
    })
}

/// Every preset, own servers first.
pub fn presets() -> &'static [Preset] {
    PRESETS
}

/// The preset with `id`.
pub fn preset(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// The presets the default scenario (the worked example) is made of: own, then each rent option.
pub const DEFAULT_OWN: &str = "own-h200-sxm-8";
/// See [`DEFAULT_OWN`].
pub const DEFAULT_RENT: [&str; 6] = [
    "aws-p5en-on-demand",
    "aws-p5en-start-stop",
    "aws-p5en-savings-plan-3y",
    "aws-p5en-reserved-savings-plan-3y",
    "nebius-h200",
    "bare-metal-monthly",
];

use Val::{Bool, Dec, Int, Json, Text};

const ASSUMPTION_EN: &str = "assumption; set your own";
const ASSUMPTION_DE: &str = "Annahme; tragen Sie Ihren Wert ein";
const PRICES: &str = "the calculator's price research";

/// Site and operation values every own preset starts from.
const OWN_SITE: &[Entry] = &[
    e(
        "currency",
        Text("EUR"),
        "as a European vendor quotes; the presets' server prices are USD market figures converted at 1.16 USD per EUR",
        "2026-11",
        "",
        "",
    ),
    e(
        "setup_one_time",
        Dec("5000"),
        PRICES,
        "2026-11",
        ASSUMPTION_EN,
        ASSUMPTION_DE,
    ),
    e(
        "energy.included_in_colocation",
        Bool(false),
        PRICES,
        "2026-11",
        "",
        "",
    ),
    e(
        "energy.pue",
        Dec("1.3"),
        "Uptime Institute survey 2025",
        "2025",
        "1.54 average; 1.2–1.3 modern colocation",
        "1,54 im Mittel; 1,2–1,3 moderne Colocation",
    ),
    e(
        "energy.price_per_kwh",
        Dec("0.19"),
        "Eurostat, non-household, excl. VAT",
        "2025-06",
        "EUR per kWh, EU average H1 2025",
        "EUR je kWh, EU-Mittel 1. Halbjahr 2025",
    ),
    e(
        "energy.yearly_price_change_percent",
        Dec("0"),
        PRICES,
        "2026-11",
        ASSUMPTION_EN,
        ASSUMPTION_DE,
    ),
    e(
        "colocation_per_server_month",
        Dec("0"),
        PRICES,
        "2026-11",
        "priced per kW instead",
        "stattdessen je kW berechnet",
    ),
    e(
        "colocation_per_kw_month",
        Dec("165"),
        "industry glossary (low confidence)",
        "2026",
        "130–250 USD per kW-month wholesale; middle 190 USD ÷ 1.16 ≈ 164 EUR, rounded up to 165",
        "130–250 USD je kW-Monat (Großhandel); Mitte 190 USD ÷ 1,16 ≈ 164 EUR, aufgerundet auf 165",
    ),
    e(
        "contracted_kw_per_server",
        Dec("8.6"),
        "NVIDIA data sheets",
        "2026",
        "derived: 8 × 700 W TDP + 3 kW rest of the server = 8.6 kW; NVIDIA gives 10.2 kW for its DGX H200, which a site billing the power supplies charges",
        "abgeleitet: 8 × 700 W TDP + 3 kW Rest des Servers = 8,6 kW; NVIDIA nennt 10,2 kW für sein DGX H200, was ein Standort berechnet, der die Netzteile abrechnet",
    ),
    e(
        "hardware_support_percent_per_year",
        Dec("10"),
        "industry estimate",
        "2026",
        "8–12% of the hardware value per year",
        "8–12 % des Hardwarewerts pro Jahr",
    ),
    e(
        "staff_hours_per_month",
        Dec("32"),
        PRICES,
        "2026-11",
        "0.2 FTE, the middle of 0.1–0.3 FTE for 1–2 servers (160 h per FTE-month); no source",
        "0,2 Vollzeitstellen, die Mitte von 0,1–0,3 für 1–2 Server (160 Std. je Vollzeitmonat); ohne Quelle",
    ),
    e(
        "staff_hourly_rate",
        Dec("75"),
        PRICES,
        "2026-11",
        ASSUMPTION_EN,
        ASSUMPTION_DE,
    ),
    e(
        "service_life_years",
        Int(5),
        "10-K filings (Amazon moved servers from 6 to 5 years)",
        "2025",
        "3–6 years",
        "3–6 Jahre",
    ),
    e(
        "residual_percent",
        Dec("12.5"),
        "lender guide (low confidence)",
        "2026-01",
        "10–15% after 5 years; 25–35% after 3",
        "10–15 % nach 5 Jahren; 25–35 % nach 3",
    ),
    e(
        "financing",
        Json(r#"{"mode": "cash"}"#),
        PRICES,
        "2026-11",
        "",
        "",
    ),
];

/// Extras every rent preset starts from.
const RENT_EXTRAS: &[Entry] = &[
    e(
        "extras.storage_gb",
        Dec("2000"),
        PRICES,
        "2026-11",
        "model weights, documents and index; assumption",
        "Modellgewichte, Dokumente und Index; Annahme",
    ),
    e(
        "extras.storage_price_per_gb_month",
        Dec("0.08"),
        "AWS EBS pricing, gp3-class (secondary)",
        "2026",
        "USD per GB-month",
        "USD je GB-Monat",
    ),
    e(
        "extras.egress_gb_per_month",
        Dec("21"),
        PRICES,
        "2026-11",
        "1,000 users × 50 answers × 20 KB × 21 days; illustrative",
        "1.000 Nutzer × 50 Antworten × 20 KB × 21 Tage; Beispiel",
    ),
    e(
        "extras.egress_tiers",
        Json(
            r#"[{"up_to_gb": "100", "price_per_gb": "0"}, {"up_to_gb": "10240", "price_per_gb": "0.09"}, {"up_to_gb": "51200", "price_per_gb": "0.085"}, {"up_to_gb": "153600", "price_per_gb": "0.07"}, {"up_to_gb": null, "price_per_gb": "0.05"}]"#,
        ),
        "AWS EC2 data transfer out, as quoted (secondary)",
        "2026",
        "100 GB free, then 0.09 / 0.085 / 0.07 / 0.05 USD per GB; AWS tiers stand in for other providers",
        "100 GB frei, dann 0,09 / 0,085 / 0,07 / 0,05 USD je GB; die AWS-Stufen stehen für andere Anbieter",
    ),
    e(
        "extras.support_percent",
        Dec("0"),
        "AWS support plans",
        "2026",
        "a % of the bill with a minimum; your input",
        "Anteil der Rechnung mit Minimum; Ihre Eingabe",
    ),
    e(
        "extras.support_minimum_per_month",
        Dec("0"),
        "AWS support plans",
        "2026",
        "your input",
        "Ihre Eingabe",
    ),
    e(
        "extras.other_per_month",
        Dec("0"),
        PRICES,
        "2026-11",
        "your input",
        "Ihre Eingabe",
    ),
    e(
        "extras.yearly_price_change_percent",
        Dec("-12.5"),
        "AWS News Blog (price cut of 1 June 2025: P5 −44%, P5en −25%)",
        "2025-06",
        "−12.5% a year, each year on the year before: the middle between −25% (AWS's 2025 cut every year; for other providers an assumption) and 0% (today's price held); the own server's market value falls faster (36% a year, the resale curve)",
        "−12,5 % im Jahr, jedes Jahr gegenüber dem Vorjahr: die Mitte zwischen −25 % (die AWS-Senkung von 2025 jedes Jahr; für andere Anbieter eine Annahme) und 0 % (heutiger Preis bleibt); der Marktwert des eigenen Servers fällt schneller (36 % im Jahr, die Wiederverkaufskurve)",
    ),
    e(
        "extras.virtualisation_loss_percent",
        Dec("0"),
        "the method's second article, “KI-Inferenz auf Bare Metal” (2026): benchmarks report 10–15%",
        "2026",
        "0 by default",
        "standardmäßig 0",
    ),
    e(
        "extras.exit_data_gb",
        Dec("500"),
        PRICES,
        "2026-11",
        ASSUMPTION_EN,
        ASSUMPTION_DE,
    ),
];

const VANTAGE: &str = "instances.vantage.sh";
const SP_FILE: &str = "AWS Savings Plan price file (secondary)";
const CB_PAGE: &str = "AWS Capacity Blocks pricing page";
const SUMMARY: &str = "public price summary (secondary)";
const COLD_START: &str = "model cold start: 70B ≈ 4.5 min download + start, plus boot (various)";

/// The five entries that describe a rent offer.
#[allow(clippy::too_many_arguments)]
const fn offer(
    label: &'static str,
    currency: &'static str,
    gpus: u32,
    price: &'static str,
    unit: &'static str,
    source: &'static str,
    as_of: &'static str,
    note_en: &'static str,
    note_de: &'static str,
) -> [Entry; 5] {
    [
        e("label", Text(label), source, as_of, "", ""),
        e("currency", Text(currency), source, as_of, "", ""),
        e("gpus_per_instance", Int(gpus), source, as_of, "", ""),
        e("price", Dec(price), source, as_of, note_en, note_de),
        e("price_unit", Text(unit), source, as_of, "", ""),
    ]
}

const fn billing(json: &'static str, source: &'static str, as_of: &'static str) -> [Entry; 1] {
    [e("billing", Json(json), source, as_of, "", "")]
}

const fn label(text: &'static str, source: &'static str, as_of: &'static str) -> [Entry; 1] {
    [e("label", Text(text), source, as_of, "", "")]
}

const P5EN: [Entry; 5] = offer(
    "AWS p5en on-demand, always on",
    "USD",
    8,
    "63.296",
    "instance_hour",
    VANTAGE,
    "2026-08",
    "p5en.48xlarge (8× H200), us-east-1; 7.912 per GPU-hour",
    "p5en.48xlarge (8× H200), us-east-1; 7,912 je GPU-Stunde",
);
const ALWAYS_ON: &str = r#"{"mode": "always_on"}"#;
const START_STOP: &str = r#"{"mode": "start_stop", "start_overhead_hours": "0.25"}"#;
const SP_3Y: &str = r#"{"mode": "savings_plan", "term_years": 3, "price_ratio": "0.43", "commitment_instances": null, "start_overhead_hours": "0.25"}"#;
const SP_3Y_UPFRONT: &str = r#"{"mode": "savings_plan", "term_years": 3, "price_ratio": "0.38", "commitment_instances": null, "start_overhead_hours": "0.25"}"#;
const RSP_3Y: &str = r#"{"mode": "reserved_savings_plan", "term_years": 3, "price_ratio": "0.43"}"#;
const CHEAPEST_NO_PLAN: &str = r#"{"mode": "cheapest_plan", "start_overhead_hours": "0.25", "term_years": null, "price_ratio": null}"#;
const CHEAPEST_3Y: &str = r#"{"mode": "cheapest_plan", "start_overhead_hours": "0.25", "term_years": 3, "price_ratio": "0.43"}"#;

/// The start overhead a start/stop option is billed (boot and model load), sourced on its own.
const START_OVERHEAD: [Entry; 1] = [e(
    "billing.start_overhead_hours",
    Dec("0.25"),
    COLD_START,
    "2026",
    "15 minutes billed per start",
    "15 Minuten je Start abgerechnet",
)];

/// A savings plan's term and rate (the plan rate ÷ the on-demand rate), sourced on their own.
const fn plan(
    term_years: u32,
    ratio: &'static str,
    note_en: &'static str,
    note_de: &'static str,
) -> [Entry; 2] {
    plan_from(SP_FILE, "2026-10", term_years, ratio, note_en, note_de)
}

/// A plan's term and rate from `source` (a reservation's or commitment's price list).
const fn plan_from(
    source: &'static str,
    as_of: &'static str,
    term_years: u32,
    ratio: &'static str,
    note_en: &'static str,
    note_de: &'static str,
) -> [Entry; 2] {
    [
        e("billing.term_years", Int(term_years), source, as_of, "", ""),
        e(
            "billing.price_ratio",
            Dec(ratio),
            source,
            as_of,
            note_en,
            note_de,
        ),
    ]
}

const PLAN_3Y: [Entry; 2] = plan(
    3,
    "0.43",
    "3 years, no upfront: 43% of the on-demand rate",
    "3 Jahre, ohne Vorauszahlung: 43 % des On-Demand-Preises",
);
const PLAN_3Y_UPFRONT: [Entry; 2] = plan(
    3,
    "0.38",
    "3 years, all upfront: 38% of the on-demand rate",
    "3 Jahre, volle Vorauszahlung: 38 % des On-Demand-Preises",
);

const P5EN_EU: [Entry; 5] = offer(
    "AWS p5en on-demand, eu-north-1",
    "USD",
    8,
    "67.727",
    "instance_hour",
    VANTAGE,
    "2026-08",
    "p5en.48xlarge, eu-north-1 (Stockholm)",
    "p5en.48xlarge, eu-north-1 (Stockholm)",
);
const P5EN_CB: [Entry; 5] = offer(
    "AWS p5en Capacity Blocks, 4 weeks at a time",
    "USD",
    8,
    "41.612",
    "instance_hour",
    CB_PAGE,
    "2026-02",
    "p5en / p5e / p5 blocks: 41.612 / 39.799 / 31.464 USD per hour; price set by supply and demand",
    "Blöcke p5en / p5e / p5: 41,612 / 39,799 / 31,464 USD je Stunde; Preis nach Angebot und Nachfrage",
);
const P5: [Entry; 5] = offer(
    "AWS p5 (8× H100) on-demand",
    "USD",
    8,
    "55.04",
    "instance_hour",
    VANTAGE,
    "2026-08",
    "p5.48xlarge, us-east-1; 6.88 per GPU-hour (−44% on 1 June 2025)",
    "p5.48xlarge, us-east-1; 6,88 je GPU-Stunde (−44 % am 1. Juni 2025)",
);
const P5_4XL: [Entry; 5] = offer(
    "AWS p5.4xlarge (1× H100), start/stop",
    "USD",
    1,
    "6.88",
    "instance_hour",
    VANTAGE,
    "2026-08",
    "the only 1-GPU size on the P5 page",
    "die einzige Größe mit einer GPU auf der P5-Seite",
);
const AZURE: [Entry; 5] = offer(
    "Azure ND96isr H200 v5 on-demand",
    "USD",
    8,
    "13.09",
    "gpu_hour",
    SUMMARY,
    "2026-01",
    "per GPU-hour",
    "je GPU-Stunde",
);
/// A 3-year reservation: the on-demand offer's rate (`AZURE`), and the reservation's rate as a
/// share of it (a plan's rate, fixed within each term, owed for the whole term).
const AZURE_3Y_PLAN: [Entry; 2] = plan_from(
    "Azure retail price API (secondary)",
    "2026-10",
    3,
    "0.4032",
    "3-year reservation: 42.22 per instance-hour (October 2026) ÷ 8 × 13.09 per GPU-hour on demand (January 2026), billed every hour of the term",
    "3-Jahres-Reservierung: 42,22 je Instanzstunde (Oktober 2026) ÷ 8 × 13,09 je GPU-Stunde On-Demand (Januar 2026), jede Stunde der Laufzeit berechnet",
);
const GOOGLE: [Entry; 5] = offer(
    "Google A3 Ultra (8× H200) on-demand",
    "USD",
    8,
    "10.85",
    "gpu_hour",
    SUMMARY,
    "2026-01",
    "per GPU-hour",
    "je GPU-Stunde",
);
const ORACLE_3Y: [Entry; 5] = offer(
    "Oracle BM.GPU.H200.8, 3-year commitment",
    "USD",
    8,
    "10.00",
    "gpu_hour",
    "public summaries (secondary)",
    "2026",
    "on-demand rate, which the commitment bills a share of",
    "On-Demand-Preis, von dem die Verpflichtung einen Anteil berechnet",
);
const ORACLE_3Y_PLAN: [Entry; 2] = plan_from(
    "public summaries (secondary)",
    "2026",
    3,
    "0.5",
    "3-year commitment: 5.00 of 10.00 per GPU-hour, billed every hour of the term",
    "3-Jahres-Verpflichtung: 5,00 von 10,00 je GPU-Stunde, jede Stunde der Laufzeit berechnet",
);
const NEBIUS: [Entry; 5] = offer(
    "Nebius H200 on-demand",
    "USD",
    1,
    "3.50",
    "gpu_hour",
    "provider catalogue",
    "2026",
    "specialised GPU cloud; its H100 lists at US$2.95 per GPU-hour",
    "spezialisierte GPU-Cloud; ihre H100 steht mit 2,95\u{a0}$ je GPU-Stunde in der Liste",
);
const RUNPOD: [Entry; 5] = offer(
    "RunPod H200 on-demand",
    "USD",
    1,
    "3.59",
    "gpu_hour",
    "provider price list",
    "2026-01",
    "specialised GPU cloud; H100 1.99–2.79",
    "spezialisierte GPU-Cloud; H100 1,99–2,79",
);
const COREWEAVE: [Entry; 5] = offer(
    "CoreWeave H200 on-demand",
    "USD",
    8,
    "6.40",
    "gpu_hour",
    "provider price list",
    "2026",
    "6.31–6.50 per GPU-hour",
    "6,31–6,50 je GPU-Stunde",
);
const LAMBDA: [Entry; 5] = offer(
    "Lambda H100 on-demand",
    "USD",
    1,
    "2.99",
    "gpu_hour",
    "provider price list",
    "2025-12",
    "H100 (no H200 price listed)",
    "H100 (kein H200-Preis genannt)",
);
const BARE_METAL: [Entry; 5] = offer(
    "Bare-metal 8-GPU server, monthly",
    "EUR",
    8,
    "14600",
    "instance_month",
    "the method's second article, “KI-Inferenz auf Bare Metal” (2026): specialised GPU clouds 2–3 EUR per GPU-hour",
    "2026",
    "2.50 EUR per GPU-hour × 730 h × 8 GPUs as a flat monthly price; no GPU model named, so its GPU-hour counts as one of any other option's; ask for a real offer naming the model",
    "2,50 EUR je GPU-Stunde × 730 Std. × 8 GPUs als Monatspauschale; kein GPU-Modell genannt, seine GPU-Stunde zählt daher wie die jeder anderen Option; fragen Sie ein echtes Angebot mit Modell an",
);
const FREE_TRANSFER: [Entry; 2] = [
    e(
        "extras.egress_tiers",
        Json(r#"[{"up_to_gb": null, "price_per_gb": "0"}]"#),
        "the method's second article, “KI-Inferenz auf Bare Metal” (2026): flat price with unlimited bandwidth",
        "2026",
        "no transfer fees",
        "keine Übertragungsgebühren",
    ),
    e(
        "extras.storage_gb",
        Dec("0"),
        "the method's second article, “KI-Inferenz auf Bare Metal” (2026): storage included in the flat monthly price",
        "2026",
        "local NVMe included in the flat price",
        "lokaler NVMe-Speicher im Pauschalpreis enthalten",
    ),
];

/// The hardware entries of an own server.
#[allow(clippy::too_many_arguments)]
const fn server(
    label: &'static str,
    gpus: u32,
    price: &'static str,
    price_source: &'static str,
    price_as_of: &'static str,
    price_en: &'static str,
    price_de: &'static str,
    busy_w: &'static str,
    idle_w: &'static str,
    base_w: &'static str,
    kw: &'static str,
    licence_years: u32,
) -> [Entry; 9] {
    [
        e("label", Text(label), price_source, price_as_of, "", ""),
        e(
            "gpus_per_server",
            Int(gpus),
            "NVIDIA data sheets",
            "2026",
            "2–8 GPUs per node",
            "2–8 GPUs je Knoten",
        ),
        e(
            "price_per_server",
            Dec(price),
            price_source,
            price_as_of,
            price_en,
            price_de,
        ),
        e(
            "licence_per_gpu_year",
            Dec("0"),
            "NVIDIA AI Enterprise: 4,500 USD per GPU-year",
            "2026",
            "0: open-source serving stack; enter 3,880 EUR (4,500 USD) if you need NVAIE",
            "0: quelloffener Serving-Stack; 3.880 EUR (4.500 USD) eintragen, wenn Sie NVAIE brauchen",
        ),
        e(
            "licence_bundled_years",
            Int(licence_years),
            "NVIDIA (H200 NVL ships a 5-year NVIDIA AI Enterprise subscription)",
            "2026",
            "",
            "",
        ),
        e(
            "energy.busy_watts_per_gpu",
            Dec(busy_w),
            "Ma et al., arXiv 2605.11999 (H200 decode 137–300 W); NVIDIA data sheets (TDP) for other cards",
            "2026-05",
            "measured draw, not TDP: H200 presets the upper end of the measured range; RTX PRO 6000 and L40S about 70% of their TDP (600 W → 400 W, 350 W → 250 W; assumption)",
            "gemessene Leistung, nicht TDP: H200-Vorlagen das obere Ende des Messbereichs; RTX PRO 6000 und L40S etwa 70 % ihrer TDP (600 W → 400 W, 350 W → 250 W; Annahme)",
        ),
        e(
            "energy.idle_watts_per_gpu",
            Dec(idle_w),
            "arXiv 2605.23918 (idle with a model loaded: bare idle + 26–66 W)",
            "2026",
            "",
            "",
        ),
        e(
            "energy.base_watts_per_server",
            Dec(base_w),
            "derived from the DGX H200 maximum of 10.2 kW",
            "2026",
            "non-GPU overhead 1.5–4.6 kW for an 8-GPU HGX server: the 8-GPU H200 presets take about the middle, 3 kW; PCIe servers with cards of 350–600 W less (8× RTX PRO 6000 1.5 kW, 8× L40S and 4× H200 NVL 1.2 kW; assumption)",
            "Nicht-GPU-Last 1,5–4,6 kW bei einem 8-GPU-HGX-Server: die 8-GPU-H200-Vorlagen nehmen etwa die Mitte, 3 kW; PCIe-Server mit Karten von 350–600 W weniger (8× RTX PRO 6000 1,5 kW, 8× L40S und 4× H200 NVL 1,2 kW; Annahme)",
        ),
        e(
            "contracted_kw_per_server",
            Dec(kw),
            "NVIDIA data sheets",
            "2026",
            "derived: the GPUs at TDP (data sheet) + the rest of the server; a site billing the power supplies charges more",
            "abgeleitet: die GPUs mit TDP (Datenblatt) + Rest des Servers; ein Standort, der die Netzteile abrechnet, verlangt mehr",
        ),
    ]
}

const H200_SXM_8: [Entry; 9] = server(
    "8× H200 server, own",
    8,
    "319000",
    "analyst estimate in a public TCO appendix",
    "2026-10",
    "370,000 USD typical (320,000–420,000) ÷ 1.16 USD per EUR",
    "370.000 USD typisch (320.000–420.000) ÷ 1,16 USD je EUR",
    "300",
    "100",
    "3000",
    "8.6",
    0,
);
const H200_NVL_8: [Entry; 9] = server(
    "8× H200 NVL server, own",
    8,
    "241000",
    "market reports (low confidence)",
    "2026",
    "8 × 30,000 USD per H200 (25,000–35,000) + 40,000 USD chassis (assumption), ÷ 1.16",
    "8 × 30.000 USD je H200 (25.000–35.000) + 40.000 USD Gehäuse (Annahme), ÷ 1,16",
    "300",
    "100",
    "3000",
    "7.8",
    5,
);
const H200_NVL_4: [Entry; 9] = server(
    "4× H200 NVL server, own",
    4,
    "129000",
    "market reports (low confidence)",
    "2026",
    "4 × 30,000 USD per H200 (25,000–35,000) + 30,000 USD chassis (assumption), ÷ 1.16",
    "4 × 30.000 USD je H200 (25.000–35.000) + 30.000 USD Gehäuse (Annahme), ÷ 1,16",
    "300",
    "100",
    "1200",
    "3.6",
    5,
);
const RTX_PRO_6000_8: [Entry; 9] = server(
    "8× RTX PRO 6000 Server Edition, own",
    8,
    "85000",
    "retail reports",
    "2026",
    "8 × 8,565 USD list (8,000–9,200) + 30,000 USD chassis (assumption), ÷ 1.16",
    "8 × 8.565 USD Liste (8.000–9.200) + 30.000 USD Gehäuse (Annahme), ÷ 1,16",
    "400",
    "60",
    "1500",
    "6.3",
    0,
);
const L40S_8: [Entry; 9] = server(
    "8× L40S server, own",
    8,
    "77600",
    "market reports (low confidence)",
    "2026",
    "complete server 60,000–120,000 USD; middle 90,000 ÷ 1.16",
    "Komplettserver 60.000–120.000 USD; Mitte 90.000 ÷ 1,16",
    "250",
    "40",
    "1200",
    "4",
    0,
);

static PRESETS: &[Preset] = &[
    Preset {
        id: "own-h200-sxm-8",
        side: Side::Own,
        name_en: "8× H200 SXM (HGX) server",
        name_de: "Server mit 8× H200 SXM (HGX)",
        entries: &[&H200_SXM_8],
    },
    Preset {
        id: "own-h200-nvl-8",
        side: Side::Own,
        name_en: "8× H200 NVL server (NVAIE for 5 years included)",
        name_de: "Server mit 8× H200 NVL (NVAIE 5 Jahre enthalten)",
        entries: &[&H200_NVL_8],
    },
    Preset {
        id: "own-h200-nvl-4",
        side: Side::Own,
        name_en: "4× H200 NVL server (NVAIE for 5 years included)",
        name_de: "Server mit 4× H200 NVL (NVAIE 5 Jahre enthalten)",
        entries: &[&H200_NVL_4],
    },
    Preset {
        id: "own-rtx-pro-6000-8",
        side: Side::Own,
        name_en: "8× RTX PRO 6000 Server Edition",
        name_de: "8× RTX PRO 6000 Server Edition",
        entries: &[&RTX_PRO_6000_8],
    },
    Preset {
        id: "own-l40s-8",
        side: Side::Own,
        name_en: "8× L40S server",
        name_de: "Server mit 8× L40S",
        entries: &[&L40S_8],
    },
    Preset {
        id: "aws-p5en-on-demand",
        side: Side::Rent,
        name_en: "AWS p5en (8× H200) on-demand, always on",
        name_de: "AWS p5en (8× H200) On-Demand, immer an",
        entries: &[&P5EN, &billing(ALWAYS_ON, VANTAGE, "2026-08")],
    },
    Preset {
        id: "aws-p5en-start-stop",
        side: Side::Rent,
        name_en: "AWS p5en on-demand, start/stop",
        name_de: "AWS p5en On-Demand, Start/Stopp",
        entries: &[
            &P5EN,
            &label("AWS p5en on-demand, start/stop", VANTAGE, "2026-08"),
            &billing(START_STOP, VANTAGE, "2026-08"),
            &START_OVERHEAD,
        ],
    },
    Preset {
        id: "aws-p5en-savings-plan-3y",
        side: Side::Rent,
        name_en: "AWS p5en 3-year Savings Plan, no upfront",
        name_de: "AWS p5en 3-Jahres-Savings-Plan, ohne Vorauszahlung",
        entries: &[
            &P5EN,
            &label("AWS p5en 3-year Savings Plan", SP_FILE, "2026-10"),
            &billing(SP_3Y, SP_FILE, "2026-10"),
            &PLAN_3Y,
            &START_OVERHEAD,
        ],
    },
    Preset {
        id: "aws-p5en-reserved-savings-plan-3y",
        side: Side::Rent,
        name_en: "AWS p5en capacity reservation + 3-year Savings Plan",
        name_de: "AWS p5en Kapazitätsreservierung + 3-Jahres-Savings-Plan",
        entries: &[
            &P5EN,
            &label(
                "AWS p5en reservation + 3-year Savings Plan",
                SP_FILE,
                "2026-10",
            ),
            &billing(RSP_3Y, SP_FILE, "2026-10"),
            &PLAN_3Y,
        ],
    },
    Preset {
        id: "aws-p5en-savings-plan-3y-upfront",
        side: Side::Rent,
        name_en: "AWS p5en 3-year Savings Plan, all upfront (paid monthly here)",
        name_de: "AWS p5en 3-Jahres-Savings-Plan, volle Vorauszahlung (hier monatlich)",
        entries: &[
            &P5EN,
            &label(
                "AWS p5en 3-year Savings Plan, all upfront",
                SP_FILE,
                "2026-10",
            ),
            &billing(SP_3Y_UPFRONT, SP_FILE, "2026-10"),
            &PLAN_3Y_UPFRONT,
            &START_OVERHEAD,
        ],
    },
    Preset {
        id: "aws-p5en-eu-north-1",
        side: Side::Rent,
        name_en: "AWS p5en on-demand, eu-north-1 (Stockholm)",
        name_de: "AWS p5en On-Demand, eu-north-1 (Stockholm)",
        entries: &[&P5EN_EU, &billing(ALWAYS_ON, VANTAGE, "2026-08")],
    },
    Preset {
        id: "aws-p5en-capacity-blocks",
        side: Side::Rent,
        name_en: "AWS p5en Capacity Blocks (13 blocks of 28 days a year)",
        name_de: "AWS p5en Capacity Blocks (13 Blöcke zu 28 Tagen im Jahr)",
        entries: &[
            &P5EN_CB,
            &billing(
                r#"{"mode": "capacity_block", "block_days": 28, "blocks_per_year": 13, "block_price": "41.612"}"#,
                CB_PAGE,
                "2026-02",
            ),
        ],
    },
    Preset {
        id: "aws-p5-on-demand",
        side: Side::Rent,
        name_en: "AWS p5 (8× H100) on-demand",
        name_de: "AWS p5 (8× H100) On-Demand",
        entries: &[&P5, &billing(ALWAYS_ON, VANTAGE, "2026-08")],
    },
    Preset {
        id: "aws-p5-4xlarge",
        side: Side::Rent,
        name_en: "AWS p5.4xlarge (1× H100), start/stop",
        name_de: "AWS p5.4xlarge (1× H100), Start/Stopp",
        entries: &[
            &P5_4XL,
            &billing(START_STOP, VANTAGE, "2026-08"),
            &START_OVERHEAD,
        ],
    },
    Preset {
        id: "azure-nd-h200-on-demand",
        side: Side::Rent,
        name_en: "Azure ND96isr H200 v5 on-demand",
        name_de: "Azure ND96isr H200 v5 On-Demand",
        entries: &[&AZURE, &billing(ALWAYS_ON, SUMMARY, "2026-01")],
    },
    Preset {
        id: "azure-nd-h200-reserved-3y",
        side: Side::Rent,
        name_en: "Azure ND H200 v5, 3-year reservation",
        name_de: "Azure ND H200 v5, 3-Jahres-Reservierung",
        entries: &[
            &AZURE,
            &label(
                "Azure ND H200 v5, 3-year reservation",
                "Azure retail price API (secondary)",
                "2026-10",
            ),
            &billing(
                r#"{"mode": "reserved_savings_plan", "term_years": 3, "price_ratio": "0.4032"}"#,
                "Azure retail price API (secondary)",
                "2026-10",
            ),
            &AZURE_3Y_PLAN,
        ],
    },
    Preset {
        id: "google-a3-ultra-on-demand",
        side: Side::Rent,
        name_en: "Google A3 Ultra (8× H200) on-demand",
        name_de: "Google A3 Ultra (8× H200) On-Demand",
        entries: &[&GOOGLE, &billing(ALWAYS_ON, SUMMARY, "2026-01")],
    },
    Preset {
        id: "oracle-h200-3y",
        side: Side::Rent,
        name_en: "Oracle BM.GPU.H200.8, 3-year commitment",
        name_de: "Oracle BM.GPU.H200.8, 3-Jahres-Verpflichtung",
        entries: &[
            &ORACLE_3Y,
            &billing(
                r#"{"mode": "reserved_savings_plan", "term_years": 3, "price_ratio": "0.5"}"#,
                "public summaries (secondary)",
                "2026",
            ),
            &ORACLE_3Y_PLAN,
        ],
    },
    Preset {
        id: "nebius-h200",
        side: Side::Rent,
        name_en: "Nebius H200 on-demand per GPU, held or stopped, whichever is cheaper",
        name_de: "Nebius H200 On-Demand je GPU, gehalten oder gestoppt, was günstiger ist",
        entries: &[
            &NEBIUS,
            &label(
                "Nebius H200 per GPU, cheapest way",
                "provider catalogue",
                "2026",
            ),
            &billing(CHEAPEST_NO_PLAN, "provider catalogue", "2026"),
            &START_OVERHEAD,
        ],
    },
    Preset {
        id: "aws-p5en-cheapest-plan",
        side: Side::Rent,
        name_en: "AWS p5en, cheapest plan for the load (3-year Savings Plan or on-demand, held or stopped)",
        name_de: "AWS p5en, günstigster Tarif für die Last (3-Jahres-Savings-Plan oder On-Demand, gehalten oder gestoppt)",
        entries: &[
            &P5EN,
            &label("AWS p5en, cheapest plan", SP_FILE, "2026-10"),
            &billing(CHEAPEST_3Y, SP_FILE, "2026-10"),
            &PLAN_3Y,
            &START_OVERHEAD,
        ],
    },
    Preset {
        id: "runpod-h200",
        side: Side::Rent,
        name_en: "RunPod H200 on-demand",
        name_de: "RunPod H200 On-Demand",
        entries: &[
            &RUNPOD,
            &billing(ALWAYS_ON, "provider price list", "2026-01"),
        ],
    },
    Preset {
        id: "coreweave-h200",
        side: Side::Rent,
        name_en: "CoreWeave H200 on-demand",
        name_de: "CoreWeave H200 On-Demand",
        entries: &[
            &COREWEAVE,
            &billing(ALWAYS_ON, "provider price list", "2026"),
        ],
    },
    Preset {
        id: "lambda-h100",
        side: Side::Rent,
        name_en: "Lambda H100 on-demand",
        name_de: "Lambda H100 On-Demand",
        entries: &[
            &LAMBDA,
            &billing(ALWAYS_ON, "provider price list", "2025-12"),
        ],
    },
    Preset {
        id: "bare-metal-monthly",
        side: Side::Rent,
        name_en: "Bare-metal 8-GPU server, monthly flat price",
        name_de: "Bare-Metal-Server mit 8 GPUs, Monatspauschale",
        entries: &[
            &BARE_METAL,
            &billing(
                r#"{"mode": "monthly", "setup_fee_per_instance": "0", "minimum_term_months": 12}"#,
                "the method's second article, “KI-Inferenz auf Bare Metal” (2026)",
                "2026",
            ),
            &FREE_TRANSFER,
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staleness_counts_months() {
        assert!(!is_stale("2026-08", (2026, 11)));
        assert!(!is_stale("2025-11", (2026, 11)));
        assert!(is_stale("2025-10", (2026, 11)));
        assert!(is_stale("2025", (2026, 11)));
        assert!(!is_stale("2026", (2026, 11)));
        assert!(is_stale("soon", (2026, 11)));
        assert!(is_stale("2026-13", (2026, 11)));
    }
}
