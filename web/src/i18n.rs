//! The first screen's strings, and those it shares with a section (the sections' headings,
//! which their placeholders show), in German and English. Every section keeps the strings only
//! it shows beside it (`web/src/features/*_texts.rs`): those loaded on demand in their own
//! module, the comparison, the explanation, the sources and the printed summary in the page's.
//! What is here is linked into every module that uses `Texts`.
//!
//! `Texts` is declared with `texts!` ([`crate::texts`]), as every section's table is: one field
//! per string, its two languages side by side, so a string missing in one language is a compile
//! error. Placeholders in braces (`{min}`) are filled by the caller.

use gpu_tco_core::{CostKind, Error, Kind, ReadProblem, StepRule, Warning};

use crate::fmt::Fmt;
use crate::state::Mode;

// `Lang` lives in the leaf `crate::lang` (the formatting and the state need it, not the texts);
// it is re-exported here so that `crate::i18n::Lang` keeps working.
pub use crate::lang::Lang;

impl Lang {
    /// The strings of this language.
    pub fn t(self) -> &'static Texts {
        Texts::of(self)
    }
}

crate::texts::texts! {
    /// The strings of one language.
    pub struct Texts;
    title {
        en: "Rent GPUs or own a server?",
        de: "GPUs mieten oder eigenen Server kaufen?",
    }
    intro {
        en: "For a steady inference workload: what renting cloud GPUs and owning a GPU server cost, whether and from which month owning pays off, and at which utilisation the answer flips. Method: cost per productive GPU-hour on both sides.",
        de: "Für gleichmäßige Inferenz: was gemietete Cloud-GPUs und ein eigener GPU-Server kosten, ob und ab welchem Monat sich der Kauf rechnet und bei welcher Auslastung die Antwort kippt. Methode: Kosten je produktiver GPU-Stunde auf beiden Seiten.",
    }
    privacy {
        en: "Everything is computed in your browser. No input leaves this page.",
        de: "Alles wird in Ihrem Browser berechnet. Keine Eingabe verlässt diese Seite.",
    }
    switch_lang {
        en: "Deutsch",
        de: "English",
    }
    switch_lang_label {
        en: "Sprache auf Deutsch umstellen",
        de: "Switch the language to English",
    }
    panel_workload {
        en: "Workload",
        de: "Last",
    }
    panel_cloud {
        en: "Cloud (rent)",
        de: "Cloud (mieten)",
    }
    panel_own {
        en: "Own server",
        de: "Eigener Server",
    }
    panel_finance {
        en: "Finance",
        de: "Finanzen",
    }
    advanced {
        en: "More settings",
        de: "Weitere Einstellungen",
    }
    working_days {
        en: "Working days per month",
        de: "Werktage pro Monat",
    }
    service_window {
        en: "Service window (interactive)",
        de: "Servicezeit (interaktiv)",
    }
    batch_window {
        en: "Batch window",
        de: "Batch-Fenster",
    }
    from_hour {
        en: "From (hour)",
        de: "Von (Uhr)",
    }
    to_hour {
        en: "To (hour)",
        de: "Bis (Uhr)",
    }
    gpus {
        en: "GPUs",
        de: "GPUs",
    }
    days {
        en: "Runs on",
        de: "Läuft an",
    }
    days_working {
        en: "working days",
        de: "Werktagen",
    }
    days_all {
        en: "every day",
        de: "allen Tagen",
    }
    add_batch {
        en: "Add batch window",
        de: "Batch-Fenster hinzufügen",
    }
    remove {
        en: "Remove",
        de: "Entfernen",
    }
    add_option {
        en: "Add rent option",
        de: "Mietoption hinzufügen",
    }
    no_rent_note {
        en: "No rent option is left, so owning has nothing to be compared with. Add one below; it starts as AWS p5en with start/stop, and its “Preset” list holds the other offers.",
        de: "Es ist keine Mietoption mehr da, mit der sich der eigene Server vergleichen ließe. Fügen Sie unten eine hinzu; sie beginnt als AWS p5en mit Start/Stopp, und ihre Liste „Vorlage“ enthält die anderen Angebote.",
    }
    option_n {
        en: "Option {n}",
        de: "Option {n}",
    }
    label {
        en: "Name",
        de: "Name",
    }
    currency {
        en: "Currency",
        de: "Währung",
    }
    gpus_per_instance {
        en: "GPUs per instance",
        de: "GPUs pro Instanz",
    }
    price {
        en: "On-demand price",
        de: "On-Demand-Preis",
    }
    price_unit {
        en: "Price per",
        de: "Preis pro",
    }
    unit_gpu_hour {
        en: "GPU-hour",
        de: "GPU-Stunde",
    }
    unit_instance_hour {
        en: "instance-hour",
        de: "Instanzstunde",
    }
    unit_instance_month {
        en: "server-month",
        de: "Server-Monat",
    }
    billing_mode {
        en: "Billing mode",
        de: "Abrechnungsmodell",
    }
    start_overhead_hours {
        en: "Billed hours per start (boot + model load)",
        de: "Abgerechnete Stunden je Start (Boot + Modell laden)",
    }
    term_years {
        en: "Term (years)",
        de: "Laufzeit (Jahre)",
    }
    price_ratio {
        en: "Plan rate ÷ on-demand rate",
        de: "Plan-Tarif ÷ On-Demand-Tarif",
    }
    commitment_optimal {
        en: "Optimal commitment from the load",
        de: "Optimale Verpflichtung aus der Last",
    }
    commitment_instances {
        en: "Committed instances",
        de: "Zugesagte Instanzen",
    }
    spot_price {
        en: "Spot price",
        de: "Spot-Preis",
    }
    rework_percent {
        en: "Rework after interruptions",
        de: "Wiederholung nach Unterbrechungen",
    }
    service_billing {
        en: "Service window billed as",
        de: "Servicezeit abgerechnet als",
    }
    svc_always_on {
        en: "on-demand, always on",
        de: "On-Demand, immer an",
    }
    svc_start_stop {
        en: "on-demand, start/stop",
        de: "On-Demand, Start/Stopp",
    }
    block_days {
        en: "Days per block",
        de: "Tage je Block",
    }
    blocks_per_year {
        en: "Blocks per year",
        de: "Blöcke pro Jahr",
    }
    block_price {
        en: "Block price",
        de: "Block-Preis",
    }
    setup_fee_per_instance {
        en: "Setup fee per server",
        de: "Einrichtungsgebühr je Server",
    }
    minimum_term_months {
        en: "Minimum term",
        de: "Mindestlaufzeit",
    }
    extras {
        en: "Storage, transfer, support",
        de: "Speicher, Übertragung, Support",
    }
    storage_gb {
        en: "Persistent storage",
        de: "Persistenter Speicher",
    }
    storage_price {
        en: "Storage price per GB-month",
        de: "Speicherpreis je GB-Monat",
    }
    egress_gb {
        en: "Data transfer out per month",
        de: "Ausgehende Daten pro Monat",
    }
    egress_tiers {
        en: "Transfer price tiers",
        de: "Preisstufen Datenübertragung",
    }
    tier_up_to {
        en: "Up to GB",
        de: "Bis GB",
    }
    tier_price {
        en: "Price per GB",
        de: "Preis je GB",
    }
    tier_open {
        en: "open",
        de: "offen",
    }
    support_percent {
        en: "Support plan (% of bill)",
        de: "Supportplan (% der Rechnung)",
    }
    support_minimum {
        en: "Support minimum per month",
        de: "Support-Minimum pro Monat",
    }
    other_per_month {
        en: "Other costs per month",
        de: "Sonstige Kosten pro Monat",
    }
    yearly_change {
        en: "Yearly price change",
        de: "Jährliche Preisänderung",
    }
    virtualisation_loss {
        en: "Virtualisation loss",
        de: "Virtualisierungsverlust",
    }
    exit_data_gb {
        en: "Data moved out (at the end, or when switching away)",
        de: "Daten umgezogen (am Ende oder beim Wechsel weg)",
    }
    data_act_note {
        en: gpu_tco_core::DATA_ACT_NOTE_EN,
        de: gpu_tco_core::DATA_ACT_NOTE_DE,
    }
    gpus_per_server {
        en: "GPUs per server",
        de: "GPUs pro Server",
    }
    spare_servers {
        en: "Spare servers (N+1)",
        de: "Reserveserver (N+1)",
    }
    spare_servers_note {
        en: "A spare is bought, supported, housed and licensed like the servers the load needs, and runs idle, powered, ready to take over from one that fails. It serves no load: the cost per GPU-hour counts the load's GPUs only.",
        de: "Ein Reserveserver wird gekauft, gewartet, untergebracht und lizenziert wie die Server, die die Last braucht, und läuft eingeschaltet im Leerlauf, bereit, einen ausgefallenen zu ersetzen. Er trägt keine Last: Die Kosten je GPU-Stunde zählen nur die GPUs der Last.",
    }
    per_server_note {
        en: "{list}: still the preset's, for its server with {n} GPUs. With {m} GPUs per server, enter this server's figures.",
        de: "{list}: noch die der Vorlage, für ihren Server mit {n} GPUs. Mit {m} GPUs pro Server tragen Sie die Werte dieses Servers ein.",
    }
    price_per_server {
        en: "Price per server",
        de: "Preis pro Server",
    }
    setup_one_time {
        en: "Setup and installation (one-time)",
        de: "Einrichtung und Installation (einmalig)",
    }
    licence_per_gpu_year {
        en: "Licence per GPU-year",
        de: "Lizenz je GPU-Jahr",
    }
    licence_bundled_years {
        en: "Licence years bundled",
        de: "Enthaltene Lizenzjahre",
    }
    energy_included {
        en: "Power included in colocation",
        de: "Strom in der Colocation enthalten",
    }
    busy_watts {
        en: "GPU draw while serving",
        de: "GPU-Leistung im Betrieb",
    }
    idle_watts {
        en: "GPU draw while idle",
        de: "GPU-Leistung im Leerlauf",
    }
    base_watts {
        en: "Rest of the server",
        de: "Rest des Servers",
    }
    pue {
        en: "PUE",
        de: "PUE",
    }
    price_per_kwh {
        en: "Power price per kWh",
        de: "Strompreis je kWh",
    }
    colo_per_server {
        en: "Rack per server-month",
        de: "Rack je Server-Monat",
    }
    colo_per_kw {
        en: "Colocation per kW-month",
        de: "Colocation je kW-Monat",
    }
    contracted_kw {
        en: "Contracted kW per server",
        de: "Vertragliche kW je Server",
    }
    hw_support {
        en: "Hardware support per year (% of price)",
        de: "Hardware-Support pro Jahr (% vom Preis)",
    }
    staff_hours {
        en: "Staff hours per month",
        de: "Personalstunden pro Monat",
    }
    staff_rate {
        en: "Staff cost per hour",
        de: "Personalkosten je Stunde",
    }
    service_life {
        en: "Service life",
        de: "Nutzungsdauer",
    }
    residual {
        en: "Resale value at end of life",
        de: "Restwert am Ende der Nutzung",
    }
    financing {
        en: "Financing",
        de: "Finanzierung",
    }
    cash {
        en: "Cash",
        de: "Barkauf",
    }
    loan {
        en: "Loan or lease",
        de: "Kredit oder Leasing",
    }
    interest {
        en: "Interest per year",
        de: "Zins pro Jahr",
    }
    loan_term {
        en: "Loan term",
        de: "Kreditlaufzeit",
    }
    horizon_life {
        en: "Compare over the service life",
        de: "Über die Nutzungsdauer vergleichen",
    }
    horizon_months {
        en: "Horizon",
        de: "Zeitraum",
    }
    discount_rate {
        en: "Discount rate per year",
        de: "Kalkulationszins pro Jahr",
    }
    display_currency {
        en: "Show results in",
        de: "Ergebnisse in",
    }
    usd_per_eur {
        en: "US dollars per euro",
        de: "US-Dollar je Euro",
    }
    unit_hours {
        en: "h",
        de: "Std.",
    }
    unit_days {
        en: "days",
        de: "Tage",
    }
    cancels_note {
        en: "* Billed all month: the productive share cancels out, so no share flips the answer; compare own cost per GPU-hour of the horizon with the rent's (its total ÷ the same GPU-hours, with its price change).",
        de: "* Ganzen Monat abgerechnet: Der produktive Anteil kürzt sich heraus, kein Anteil dreht die Antwort; vergleichen Sie die eigenen Kosten je GPU-Stunde des Zeitraums mit denen der Miete (ihre Summe ÷ dieselben GPU-Stunden, mit ihrer Preisänderung).",
    }
    /// What the amounts are before: tax (a controller asked).
    tax_note {
        en: "All amounts exclude VAT (enter net prices, as in the presets) and are before income tax and depreciation.",
        de: "Alle Beträge ohne MwSt. (geben Sie Nettopreise ein, wie in den Vorlagen), vor Ertragsteuern und Abschreibungen.",
    }
    rounding_note {
        en: "Amounts are computed exactly and shown rounded to whole units, so a difference shown can be off by 1 from the difference of the rounded figures.",
        de: "Beträge werden exakt berechnet und auf ganze Einheiten gerundet gezeigt; eine gezeigte Differenz kann daher um 1 von der Differenz der gerundeten Zahlen abweichen.",
    }
    share_as_table {
        en: "The chart as a table (cost per productive GPU-hour, today and at every 20% share)",
        de: "Das Diagramm als Tabelle (Kosten je produktiver GPU-Stunde, heute und je 20 % Anteil)",
    }
    chart_as_table {
        en: "The chart as a table (cumulative cost, every 12 months)",
        de: "Das Diagramm als Tabelle (kumulierte Kosten, alle 12 Monate)",
    }
    month_col {
        en: "Month {n}",
        de: "Monat {n}",
    }
    pv_title {
        en: "In present value, discounted at {rate}% a year",
        de: "Als Barwert, abgezinst mit {rate} % im Jahr",
    }
    pv_col_total {
        en: "Present value of the costs",
        de: "Barwert der Kosten",
    }
    pv_col_per {
        en: "Per productive GPU-hour (discounted)",
        de: "Je produk\u{ad}tiver GPU-Stunde (abgezinst)",
    }
    pv_note {
        en: "Each month's costs are discounted to today at the discount rate (Finance panel); the break-even month and the savings compare these present values. The table above shows the amounts as paid.",
        de: "Die Kosten jedes Monats werden mit dem Kalkulationszins (Bereich Finanzen) auf heute abgezinst; Break-even-Monat und Ersparnis vergleichen diese Barwerte. Die Tabelle oben zeigt die Beträge wie gezahlt.",
    }
    unit_h_day {
        en: "h",
        de: "Uhr",
    }
    unit_months {
        en: "months",
        de: "Monate",
    }
    unit_years {
        en: "years",
        de: "Jahre",
    }
    unit_servers {
        en: "servers",
        de: "Server",
    }
    unit_percent {
        en: "%",
        de: "%",
    }
    unit_watts {
        en: "W",
        de: "W",
    }
    unit_kw {
        en: "kW",
        de: "kW",
    }
    unit_gb {
        en: "GB",
        de: "GB",
    }
    results {
        en: "Results",
        de: "Ergebnisse",
    }
    stale {
        en: "An input is not valid; the results below are still those from before it was entered.",
        de: "Eine Eingabe ist ungültig; die Ergebnisse unten sind noch die von vor dieser Eingabe.",
    }
    /// Above the short answers (at the top on a phone, the line kept in view while editing)
    /// while an input is not valid.
    /// [`Texts::answers_stale`] naming the field ({field}: its label in quotation marks).
    answers_stale_field {
        en: "The value in {field} is not valid: these answers still use its previous value.",
        de: "Die Eingabe bei {field} ist ungültig: Diese Antworten beruhen noch auf dem vorigen Wert.",
    }
    answers_stale {
        en: "An input is not valid: these answers still use its previous value.",
        de: "Eine Eingabe ist ungültig: Diese Antworten beruhen noch auf ihrem vorigen Wert.",
    }
    skip_nav {
        en: "Skip links",
        de: "Sprunglinks",
    }
    skip_inputs {
        en: "Skip to the inputs",
        de: "Zu den Eingaben",
    }
    skip_results {
        en: "Skip to the results",
        de: "Zu den Ergebnissen",
    }
    /// The heading (for screen readers) of a phone's answer at the top.
    answer_top {
        en: "The answer in short",
        de: "Die Antwort in Kürze",
    }
    /// Its link down to the results.
    to_results {
        en: "The results and charts ↓",
        de: "Zu den Ergebnissen und Diagrammen ↓",
    }
    doc_title {
        en: "GPU rent vs own: cost calculator",
        de: "GPU mieten oder kaufen: Kostenrechner",
    }
    go_to_field {
        en: "Go to the field",
        de: "Zum Feld",
    }
    productive_hours {
        en: "Productive hours per month",
        de: "Produktive Stunden pro Monat",
    }
    productive_share {
        en: "Productive share",
        de: "Produktiver Anteil",
    }
    productive_gpu_hours {
        en: "Productive GPU-hours per month",
        de: "Produktive GPU-Stunden pro Monat",
    }
    own_cost_per_hour {
        en: "Own: cost per productive GPU-hour",
        de: "Eigen: Kosten je produktiver GPU-Stunde",
    }
    /// The embed's table of what each option costs (`results::cost_columns`).
    embed_costs {
        en: "What each option costs",
        de: "Was jede Option kostet",
    }
    embed_col_price {
        en: "Price",
        de: "Preis",
    }
    embed_col_capacity {
        en: "Capacity",
        de: "Kapazität",
    }
    embed_col_lines {
        en: "Made up of",
        de: "Zusammensetzung",
    }
    /// A running cost line in the embed's costs table, by its average month.
    embed_line_month {
        en: "{name} {x} a month",
        de: "{name} {x} pro Monat",
    }
    /// A one-time cost line there (own's setup, its resale credit), by its amount.
    embed_line_once {
        en: "{name} {x} one-time",
        de: "{name} {x} einmalig",
    }
    embed_own_price {
        en: "{price} per server, {servers} bought",
        de: "{price} je Server, {servers} gekauft",
    }
    embed_server_one {
        en: "1 server",
        de: "1 Server",
    }
    embed_server_many {
        en: "{n} servers",
        de: "{n} Server",
    }
    embed_costs_average {
        en: "“Running cost per month” is an average over the {n} months, with each option's yearly price change. All amounts except the prices are rounded to whole units: {n} times the running cost plus the one-time amounts can differ from the total by up to half a unit a month.",
        de: "„Laufende Kosten pro Monat“ ist ein Durchschnitt über die {n} Monate, mit der jährlichen Preisänderung jeder Option. Die Beträge außer den Preisen sind auf ganze Einheiten gerundet: {n}-mal die laufenden Kosten plus die einmaligen Beträge können von der Summe um bis zu eine halbe Einheit je Monat abweichen.",
    }
    embed_costs_fx {
        en: " Prices in {from} are converted at {rate} US dollars per euro.",
        de: " Preise in {from} werden mit {rate} US-Dollar je Euro umgerechnet.",
    }
    embed_rent_price {
        en: "{price} per {unit}{plan}, {gpus} billed",
        de: "{price} je {unit}{plan}, {gpus} berechnet",
    }
    /// After a plan's on-demand rate: its term and its share of that rate.
    embed_plan_rate {
        en: " ({years}-year term at {ratio} × that rate)",
        de: " ({years}-jährige Laufzeit zu {ratio} × diesem Preis)",
    }
    /// Own's capacity in the embed's costs table: without a spare server, a fault stops a
    /// server's load until it is repaired.
    embed_own_no_spare {
        en: "own servers, no spare",
        de: "eigene Server, kein Reserveserver",
    }
    embed_own_spare_one {
        en: "own servers, 1 spare",
        de: "eigene Server, 1 Reserveserver",
    }
    embed_own_spare_many {
        en: "own servers, {n} spares",
        de: "eigene Server, {n} Reserveserver",
    }
    /// A spot batch option: its service window's price, then the batch windows' spot price.
    embed_rent_spot {
        en: "{price} per {unit}, batch on spot at {spot}, {gpus} billed",
        de: "{price} je {unit}, Batch auf Spot zu {spot}, {gpus} berechnet",
    }
    embed_rent_block {
        en: "{price} per {unit} in capacity blocks, {gpus} billed",
        de: "{price} je {unit} in Capacity Blocks, {gpus} berechnet",
    }
    col_option {
        en: "Option",
        de: "Option",
    }
    col_monthly {
        en: "Running cost per month",
        de: "Laufende Kosten pro Monat",
    }
    /// After [`Texts::col_monthly`] on the screen (the printout keeps to two pages without
    /// it): a price that changes each year makes the column an average over the horizon.
    col_monthly_average {
        en: " (average)",
        de: " (Durchschnitt)",
    }
    col_one_time {
        en: "One-time, net of resale",
        de: "Einmalig, abzüglich Restwert",
    }
    col_total {
        en: "Total over {n} months",
        de: "Summe über {n} Monate",
    }
    col_per_gpu_hour {
        en: "Per productive GPU-hour",
        de: "Je produk\u{ad}tiver GPU-Stunde",
    }
    col_break_even {
        en: "Own breaks even",
        de: "Kauf rechnet sich",
    }
    col_break_even_share {
        en: "Break-even share",
        de: "Break-even-Anteil",
    }
    col_savings {
        en: "Owning saves",
        de: "Ersparnis durch Kauf",
    }
    breakdown_bars {
        en: "The bars",
        de: "Die Balken",
    }
    own_row {
        en: "own",
        de: "eigen",
    }
    month_n {
        en: "month {n}",
        de: "ab Monat {n}",
    }
    /// A break-even month that is the horizon only because the servers are sold then at their
    /// market value (month by month owning costs more up to it).
    month_sale {
        en: "month {n} (only by selling the servers then)",
        de: "in Monat {n} (nur durch den dann fälligen Verkauf der Server)",
    }
    never {
        en: "not within the horizon",
        de: "nicht im Zeitraum",
    }
    own_cheaper_any {
        en: "own at any share",
        de: "eigen bei jedem Anteil",
    }
    rent_cheaper_any {
        en: "rent at any share",
        de: "Miete bei jedem Anteil",
    }
    verdict_share {
        en: "Against {option}, owning wins above a productive share of {share} (today: {today}).",
        de: "Gegenüber {option} gewinnt der eigene Server ab einem produktiven Anteil von {share} (heute: {today}).",
    }
    /// After [`Texts::verdict_share`] when that share is above what the load's pattern reaches.
    verdict_share_reach {
        en: "This load's pattern reaches at most {max} (busy every day of the month), so the share above is out of its reach.",
        de: "Das Lastmuster erreicht höchstens {max} (an jedem Tag des Monats ausgelastet); der obige Anteil ist damit nicht erreichbar.",
    }
    /// After [`Texts::verdict_share`] when that share is within what the load's pattern reaches.
    verdict_share_most {
        en: "This load's pattern reaches at most {max} (busy every day of the month).",
        de: "Das Lastmuster erreicht höchstens {max} (an jedem Tag des Monats ausgelastet).",
    }
    /// The same when the scenario discounts: the share compares the totals as paid.
    verdict_share_paid {
        en: "Against {option}, owning wins above a productive share of {share} on the totals as paid, not discounted (today: {today}).",
        de: "Gegenüber {option} gewinnt der eigene Server ab einem produktiven Anteil von {share}, gemessen an den Summen wie gezahlt, nicht abgezinst (heute: {today}).",
    }
    /// After an answer: its option's price, while it is still the preset's, with the preset's
    /// source and date, and its remark where it has one.
    /// A share link of version 1 opened: its options keep the 0 % a year of its time.
    old_link {
        en: "This link was made with an earlier version of the calculator, whose rent options kept today's prices (0% a year): it shows its figures as they were, with those 0% marked as your values. Today's default is −12.5% a year, the middle of the sources' −25% to 0%.",
        de: "Dieser Link stammt aus einer früheren Version des Rechners, deren Mietoptionen die heutigen Preise beibehielten (0 % im Jahr): Er zeigt seine Zahlen wie damals, diese 0 % als Ihre Werte markiert. Heute ist −12,5 % im Jahr voreingestellt, die Mitte der Quellen-Spanne von −25 % bis 0 %.",
    }
    /// After an answer whose option's price changes each year: the assumption it rests on.
    verdict_change {
        en: "It assumes that the price of {option} changes by {change} a year from month 13, each year on the year before.",
        de: "Sie setzt voraus, dass sich der Preis von {option} ab Monat 13 um {change} im Jahr ändert, jedes Jahr gegenüber dem Vorjahr.",
    }
    /// [`Texts::verdict_change`] for both answers, their offers' prices changing alike.
    verdict_changes {
        en: "Both answers assume that the prices of {held} and {risk} change by {change} a year from month 13, each year on the year before.",
        de: "Beide Antworten setzen voraus, dass sich die Preise von {held} und {risk} ab Monat 13 um {change} im Jahr ändern, jedes Jahr gegenüber dem Vorjahr.",
    }
    /// After [`Texts::verdict_change`]: the held answer with every cloud option's price change
    /// at the sourced range's ends ({high}: today's prices held; {fall}: how fast they fall at
    /// the other end).
    verdict_change_ends {
        en: "Holding capacity: if every cloud price stays at today's level ({high} a year), {at_high}; if every cloud price falls {fall} a year (the sources' fastest: AWS's 2025 cut, every year), {at_low}.",
        de: "Mit vorgehaltener Kapazität gilt: Bleiben alle Cloud-Preise auf heutigem Stand ({high} im Jahr), {at_high}; fallen alle Cloud-Preise um {fall} im Jahr (die schnellste der Quellen: die Senkung von AWS 2025, jedes Jahr), {at_low}.",
    }
    /// An answer of [`Texts::verdict_change_ends`] where owning wins, from month {when}.
    /// ({option}: the cheapest way to rent at that end, which need not be the answer's.)
    end_own_from {
        en: "owning is cheaper than {option} by {x} and pays off from {when}",
        de: "ist der eigene Server {x} günstiger als {option} und rechnet sich {when}",
    }
    /// The same without a break-even month.
    end_own {
        en: "owning is cheaper than {option} by {x}",
        de: "ist der eigene Server {x} günstiger als {option}",
    }
    /// An answer of [`Texts::verdict_change_ends`] where renting stays cheaper.
    end_rent {
        en: "{option} is cheaper than owning by {x}",
        de: "ist {option} {x} günstiger als der eigene Server",
    }
    verdict_basis {
        en: "This answer rests on the preset price of {option}: {price} per {unit} ({source}, as of {as_of}).",
        de: "Diese Antwort beruht auf dem Preis der Vorlage für {option}: {price} je {unit} ({source}, Stand {as_of}).",
    }
    /// After a savings plan's price in [`Texts::verdict_basis`]: it is the on-demand rate, of
    /// which the plan bills `{ratio}`.
    basis_on_demand {
        en: "on demand",
        de: "On-Demand",
    }
    /// After a savings plan's basis: the share of that rate its plan bills (`{source}`: the
    /// plan's own source in [`Texts::basis_ratio_source`], or nothing once it is edited).
    basis_ratio {
        en: "Its plan (a savings plan, reservation or commitment for a term) bills {ratio} × that rate{source}.",
        de: "Sein Tarif (Savings Plan, Reservierung oder Verpflichtung über eine Laufzeit) berechnet {ratio} × diesen Preis{source}.",
    }
    basis_ratio_source {
        en: " ({source}, as of {as_of})",
        de: " ({source}, Stand {as_of})",
    }
    verdict_basis_note {
        en: "This answer rests on the preset price of {option}: {price} per {unit} ({source}, as of {as_of}; {note}).",
        de: "Diese Antwort beruht auf dem Preis der Vorlage für {option}: {price} je {unit} ({source}, Stand {as_of}; {note}).",
    }
    verdict_pv_own {
        en: "In present value (discount rate {rate} a year, compounded monthly) owning saves {x} against {option} and pays off from {when}.",
        de: "Als Barwert (Kalkulationszins {rate} p. a., monatlich abgezinst) spart der eigene Server gegenüber {option} {x} und rechnet sich {when}.",
    }
    verdict_pv_class_own {
        en: "{class}, in present value (discount rate {rate} a year, compounded monthly): owning saves {x} against {option} and pays off from {when}.",
        de: "{class}, als Barwert (Kalkulationszins {rate} p. a., monatlich abgezinst): Gegenüber {option} spart der eigene Server {x} und rechnet sich {when}.",
    }
    verdict_pv_class_rent {
        en: "{class}, in present value (discount rate {rate} a year, compounded monthly): {option} is cheaper than owning by {x}.",
        de: "{class}, als Barwert (Kalkulationszins {rate} p. a., monatlich abgezinst): {option} ist um {x} günstiger als der eigene Server.",
    }
    /// After the answers when no discount rate is set.
    verdict_nominal {
        en: "Totals as paid, not discounted: a discount rate (Finance) weighs a server paid up front against rent paid later.",
        de: "Summen wie gezahlt, nicht abgezinst: Ein Kalkulationszins (Finanzen) wägt einen vorab bezahlten Server gegen später gezahlte Miete ab.",
    }
    /// The same in the embed, which has no Finance panel: the rate is one of the full
    /// calculator's inputs.
    verdict_nominal_embed {
        en: "Totals as paid, not discounted: a discount rate (in the full calculator) weighs a server paid up front against rent paid later.",
        de: "Summen wie gezahlt, nicht abgezinst: Ein Kalkulationszins (im vollständigen Rechner) wägt einen vorab bezahlten Server gegen später gezahlte Miete ab.",
    }
    /// First in the verdict when the discount rate turns an answer: as paid owning is cheaper,
    /// in present value the rent option.
    verdict_turns_rent {
        en: "{class}, the discount rate turns the answer: as paid, owning is cheaper by {y}; in present value (discount rate {rate} a year, compounded monthly) {option} is cheaper than owning by {x}.",
        de: "{class} kehrt der Kalkulationszins die Antwort um: nominal ist der eigene Server {y} günstiger, als Barwert (Kalkulationszins {rate} p. a., monatlich abgezinst) ist {option} um {x} günstiger als der eigene Server.",
    }
    /// The same the other way round: as paid the rent option is cheaper, in present value own.
    verdict_turns_own {
        en: "{class}, the discount rate turns the answer: as paid, {option} is cheaper than owning by {y}; in present value (discount rate {rate} a year, compounded monthly) owning saves {x} and pays off from {when}.",
        de: "{class} kehrt der Kalkulationszins die Antwort um: nominal ist {option} um {y} günstiger als der eigene Server, als Barwert (Kalkulationszins {rate} p. a., monatlich abgezinst) spart der eigene Server {x} und rechnet sich {when}.",
    }
    verdict_risk_dearer {
        en: "Accepting the capacity risk does not pay here: the cheapest way at risk, {option}, costs {x} over {n} months, more than the way above that holds capacity.",
        de: "Das Kapazitätsrisiko lohnt sich hier nicht: Der günstigste Weg mit Risiko, {option}, kostet {x} über {n} Monate, mehr als der Weg oben mit vorgehaltener Kapazität.",
    }
    verdict_pv_rent {
        en: "In present value (discount rate {rate} a year, compounded monthly) {option} is cheaper than owning by {x}.",
        de: "Als Barwert (Kalkulationszins {rate} p. a., monatlich abgezinst) ist {option} um {x} günstiger als der eigene Server.",
    }
    cost_lines {
        en: "Cost lines (average per month over the horizon)",
        de: "Kostenposten (Durchschnitt pro Monat über den Zeitraum)",
    }
    chart_cumulative {
        en: "Cumulative cost by month",
        de: "Kumulierte Kosten nach Monat",
    }
    chart_share {
        en: "Cost per productive GPU-hour by productive share",
        de: "Kosten je produktiver GPU-Stunde nach produktivem Anteil",
    }
    chart_breakdown {
        en: "Monthly cost by cost line (average over the horizon)",
        de: "Monatliche Kosten nach Kostenposten (Durchschnitt über den Zeitraum)",
    }
    axis_month {
        en: "Month",
        de: "Monat",
    }
    axis_cumulative {
        en: "Cumulative cost",
        de: "Kumulierte Kosten",
    }
    axis_share {
        en: "Productive share",
        de: "Produktiver Anteil",
    }
    axis_per_hour {
        en: "Cost per productive GPU-hour",
        de: "Kosten je produktiver GPU-Stunde",
    }
    axis_monthly {
        en: "Per month",
        de: "Pro Monat",
    }
    today_share {
        en: "today",
        de: "heute",
    }
    chart_cumulative_desc {
        en: "Lines: cumulative cost of each option from month 0 (purchase) to the horizon. Dots mark the month from which owning stays cheaper.",
        de: "Linien: kumulierte Kosten jeder Option von Monat 0 (Kauf) bis zum Ende des Zeitraums. Punkte markieren den Monat, ab dem der eigene Server günstiger bleibt.",
    }
    /// The cumulative chart's options whose lines run above its top ({list} of `chart_above_item`).
    chart_above {
        en: "Above the chart's top: {list}. The chart as a table below lists the figures.",
        de: "Oberhalb des Diagramms: {list}. Die Tabelle zum Diagramm darunter enthält die Werte.",
    }
    /// Under the cumulative chart: own's line falls in the horizon month by what its servers
    /// are credited then ({own} its name, quoted; {h} the month; {x} the credit).
    chart_resale {
        en: "The line of {own} falls in month {h}: what its servers are worth then, {x}, is credited.",
        de: "Die Linie von {own} fällt in Monat {h}: Was die Server dann wert sind, {x}, wird gutgeschrieben.",
    }
    chart_above_item {
        en: "{n} · {option} from month {m} ({x} over {h} months)",
        de: "{n} · {option} ab Monat {m} ({x} über {h} Monate)",
    }
    chart_same {
        en: "Lines on top of each other: {list}.",
        de: "Linien übereinander: {list}.",
    }
    chart_same_equal {
        en: "{pair} cost the same in every month",
        de: "{pair} kosten in jedem Monat dasselbe",
    }
    chart_same_close {
        en: "{pair} differ by less than the chart can show in any month",
        de: "{pair} unterscheiden sich in keinem Monat um mehr, als das Diagramm zeigen kann",
    }
    chart_same_item {
        en: "{list} and {last}",
        de: "{list} und {last}",
    }
    chart_share_desc {
        en: "How the cost of one productive GPU-hour falls as the GPUs are busy more hours of the month. The vertical line is today's share; a dot on own's line, labelled with its share, is where a rent option's line crosses it: its break-even share (the results table's column \u{201c}Break-even share\u{201d}), above which owning is cheaper.",
        de: "Wie die Kosten einer produktiven GPU-Stunde sinken, wenn die GPUs mehr Stunden im Monat arbeiten. Die senkrechte Linie ist der heutige Anteil; ein Punkt auf der Linie des eigenen Servers, beschriftet mit seinem Anteil, ist, wo die Linie einer Mietoption sie kreuzt: ihr Break-even-Anteil (Spalte \u{201e}Break-even-Anteil\u{201c} der Ergebnistabelle), über dem Besitzen günstiger ist.",
    }
    /// The share chart's label on the shares the load's pattern cannot reach.
    chart_share_reach {
        en: "out of reach",
        de: "unerreichbar",
    }
    /// After [`Texts::chart_share_desc`] where the pattern cannot reach every share.
    chart_share_reach_desc {
        en: "The shaded shares, above {max}, are out of this load's reach: it would need more busy days than the month has.",
        de: "Die grau hinterlegten Anteile über {max} erreicht diese Last nicht: Sie müsste dafür an mehr Tagen laufen, als der Monat hat.",
    }
    chart_breakdown_desc {
        en: "What makes up each option's cost, per month on average over the horizon (one-time amounts spread over the months).",
        de: "Woraus sich die Kosten jeder Option zusammensetzen, pro Monat im Durchschnitt über den Zeitraum (einmalige Beträge auf die Monate verteilt).",
    }
    err_range {
        en: "Enter a value from {min} to {max}.",
        de: "Bitte einen Wert von {min} bis {max} eingeben.",
    }
    /// The working days' bound, the days of an average month (365 ÷ 12 = 30.42), said as such.
    err_range_working_days {
        en: "Enter a value from {min} to {max}: an average month has 365 ÷ 12 days.",
        de: "Bitte einen Wert von {min} bis {max} eingeben: Ein Monat hat im Mittel 365 ÷ 12 Tage.",
    }
    err_step {
        en: "This value is not allowed.",
        de: "Dieser Wert ist nicht zulässig.",
    }
    err_step_block {
        en: "Blocks last 1–14 days, or 7–182 days in 7-day steps.",
        de: "Blöcke dauern 1–14 Tage oder 7–182 Tage in 7-Tage-Schritten.",
    }
    err_step_term {
        en: "Terms are 1 or 3 years.",
        de: "Laufzeiten sind 1 oder 3 Jahre.",
    }
    err_too_many {
        en: "At most {max} entries.",
        de: "Höchstens {max} Einträge.",
    }
    err_too_long {
        en: "At most {max} characters.",
        de: "Höchstens {max} Zeichen.",
    }
    err_too_deep {
        en: "Lists and objects nested more than {max} levels deep.",
        de: "Listen und Objekte mehr als {max} Ebenen tief verschachtelt.",
    }
    err_version {
        en: "scenario version {found} is not supported (this page reads version {supported})",
        de: "Szenario-Version {found} wird nicht unterstützt (diese Seite liest Version {supported})",
    }
    err_number {
        en: "Enter a number.",
        de: "Bitte eine Zahl eingeben.",
    }
    /// A box or a link's value that is not a whole number of at least `{min}` (the field's
    /// least value), for a field without a fixed greatest value.
    err_whole {
        en: "Enter a whole number ({min} or more).",
        de: "Bitte eine ganze Zahl ab {min} eingeben.",
    }
    /// The same for a field that takes `{min}` to `{max}` (a horizon: 1 to 120).
    err_whole_range {
        en: "Enter a whole number from {min} to {max}.",
        de: "Bitte eine ganze Zahl von {min} bis {max} eingeben.",
    }
    /// A typed number with two readings: `{text}`, `{a}` (the page's reading), `{b}`.
    hint_two_readings {
        en: "“{text}” can be read as {a} or as {b}. Which did you mean?",
        de: "„{text}“ lässt sich als {a} oder als {b} lesen. Welche Zahl ist gemeint?",
    }
    /// About 1000 times below the preset's figure `{preset}`; `{likely}` probably meant.
    hint_below_preset {
        en: "This is about a thousandth of the preset’s {preset}. Did you mean {likely}?",
        de: "Das ist etwa ein Tausendstel des Vorlagenwerts {preset}. Ist {likely} gemeint?",
    }
    /// About 1000 times above the preset's figure `{preset}`; `{likely}` probably meant.
    hint_above_preset {
        en: "This is about 1,000 times the preset’s {preset}. Did you mean {likely}?",
        de: "Das ist etwa das 1.000-Fache des Vorlagenwerts {preset}. Ist {likely} gemeint?",
    }
    /// At most a fifth of the preset's figure `{preset}` (not 1000 times off).
    hint_far_below_preset {
        en: "This is under a fifth of the preset’s {preset}. Please check this figure: is a digit missing?",
        de: "Das ist weniger als ein Fünftel des Vorlagenwerts {preset}. Bitte prüfen: Fehlt eine Ziffer?",
    }
    /// At least five times the preset's figure `{preset}` (not 1000 times off).
    hint_far_above_preset {
        en: "This is over five times the preset’s {preset}. Please check this figure: is a digit too many?",
        de: "Das ist mehr als das Fünffache des Vorlagenwerts {preset}. Bitte prüfen: Ist eine Ziffer zu viel?",
    }
    /// Outside the sourced range `{low}`–`{high}` while `{likely}` is inside it.
    hint_scale_sources {
        en: "The sources give {low} to {high}. Did you mean {likely}?",
        de: "Die Quellen nennen {low} bis {high}. Ist {likely} gemeint?",
    }
    /// Far outside the sourced range `{low}`–`{high}`.
    hint_free {
        en: "At a price of 0 this option costs only its extras, and the answer names it the cheapest way to rent. Please enter its price.",
        de: "Mit einem Preis von 0 kostet diese Option nur ihre Nebenkosten, und die Antwort nennt sie den günstigsten Weg zu mieten. Bitte geben Sie ihren Preis ein.",
    }
    /// The own server's price of 0.
    hint_free_server {
        en: "At a price of 0 the comparison counts only running the servers: right for servers you own already; for a purchase, please enter the server's price.",
        de: "Mit einem Preis von 0 zählt der Vergleich nur den Betrieb der Server: richtig für Server, die Sie schon besitzen; für einen Kauf geben Sie bitte den Serverpreis ein.",
    }
    hint_residual_life {
        en: "After {life} the used market leaves about {likely}% of the price (the sources: 60–65% after 1 year, 25–35% after 3, 10–15% after 5); the value here is what it leaves after a different service life.",
        de: "Nach {life} lässt der Gebrauchtmarkt etwa {likely} % des Preises übrig (die Quellen: 60–65 % nach 1 Jahr, 25–35 % nach 3, 10–15 % nach 5); der Wert hier ist der nach einer anderen Nutzungsdauer.",
    }
    hint_outside {
        en: "Far outside what the sources give ({low} to {high}). Please check this figure.",
        de: "Weit außerhalb dessen, was die Quellen nennen ({low} bis {high}). Bitte prüfen.",
    }
    /// The one-click fix: use `{likely}`.
    hint_per_gpu {
        en: "This looks like a price per GPU-hour: this box takes the price of a whole instance of {gpus} GPUs {unit}, which would be {likely}. Set “Price per” to “GPU-hour”, or use the instance's price:",
        de: "Das sieht nach einem Preis je GPU-Stunde aus: Dieses Feld nimmt den Preis einer ganzen Instanz mit {gpus} GPUs {unit}, das wären {likely}. Stellen Sie „Preis pro“ auf „GPU-Stunde“ oder nehmen Sie den Preis der Instanz:",
    }
    hint_per_instance_hour {
        en: "per instance-hour",
        de: "je Instanzstunde",
    }
    hint_per_instance_month {
        en: "per instance-month",
        de: "je Instanzmonat",
    }
    hint_use {
        en: "Use {likely}",
        de: "{likely} übernehmen",
    }
    /// A label cut at `{max}` characters.
    label_cut {
        en: "A name holds at most {max} characters; the rest was not kept.",
        de: "Ein Name hat höchstens {max} Zeichen; der Rest wurde nicht übernommen.",
    }
    /// The section on ranges.
    range_title {
        en: "How sure is the answer?",
        de: "Wie sicher ist die Antwort?",
    }
    /// Heading of the sizing section (GPUs from the model and the users).
    sizing_title {
        en: "How many GPUs? From the model and the users",
        de: "Wie viele GPUs? Aus Modell und Nutzern",
    }
    /// An option sized for its own GPU model: `{gpus}` where the load counts `{per}`.
    load_gpus_note {
        en: "Sized for its GPU model: {gpus} where the load counts {per}.",
        de: "Für sein GPU-Modell bemessen: {gpus}, wo die Last {per} zählt.",
    }
    /// Button: count the option as the load again.
    load_gpus_remove {
        en: "Count as the load",
        de: "Wie die Last zählen",
    }
    /// Button: ask the host for an offer (where the host page asks for it).
    offer {
        en: "Ask for an offer for this configuration",
        de: "Angebot für diese Konfiguration anfragen",
    }
    /// What the offer button does (a mail link).
    offer_note {
        en: "Opens your mail program with the link to this comparison and a short summary; the calculator itself sends nothing.",
        de: "Öffnet Ihr E-Mail-Programm mit dem Link zu diesem Vergleich und einer kurzen Zusammenfassung; der Rechner selbst sendet nichts.",
    }
    /// What the offer button does (handed to the host page).
    offer_note_event {
        en: "Hands the link to this comparison and a short summary to this website; the calculator itself sends nothing.",
        de: "Übergibt den Link zu diesem Vergleich und eine kurze Zusammenfassung an diese Website; der Rechner selbst sendet nichts.",
    }
    /// After the offer was handed to the host page.
    offer_sent {
        en: "Handed to the website: the link and the summary.",
        de: "An die Website übergeben: der Link und die Zusammenfassung.",
    }
    /// The embed's offer request: subject (`{gpus}`).
    offer_embed_subject {
        en: "Offer request: {gpus}",
        de: "Angebotsanfrage: {gpus}",
    }
    /// The embed's offer request: body (`{gpus}`, `{verdict}`, `{link}`).
    offer_embed_body {
        en: "GPUs for the load: {gpus}\nAnswer: {verdict}\n\nThe comparison: {link}",
        de: "GPUs für die Last: {gpus}\nAntwort: {verdict}\n\nDer Vergleich: {link}",
    }
    /// `{p10}` to `{p90}` (median `{p50}`).
    range_p {
        en: "{p10} to {p90} (median {p50})",
        de: "{p10} bis {p90} (Median {p50})",
    }
    /// A break-even month whose P90 is never: `{a}` the P10 month.
    range_months {
        en: "at best {a}, at worst not within the horizon",
        de: "bestenfalls {a}, im ungünstigsten Fall nicht im Zeitraum",
    }
    /// A range of two months within the horizon: month `{a}` to `{b}`.
    range_month_numbers {
        en: "month {a} to {b}",
        de: "Monat {a} bis {b}",
    }
    /// Close call; owning cheaper in `{n}` % of the cases.
    range_close_call {
        en: "Close call: owning is cheaper in {n}% of the cases",
        de: "Knappe Entscheidung: Der eigene Server ist in {n} % der Fälle günstiger",
    }
    /// Owning cheaper in `{n}` % of the cases.
    range_clear {
        en: "Owning is cheaper in {n}% of the cases",
        de: "Der eigene Server ist in {n} % der Fälle günstiger",
    }
    /// The productive hours input.
    range_productive_hours {
        en: "Productive hours per month",
        de: "Produktive Stunden pro Monat",
    }
    /// The verdict over the ranges: `{option}`, `{verdict}`, `{months}`, `{savings}`.
    verdict_range {
        en: "Over the ranges, against {option}: {verdict}; break-even {months}; savings by owning {savings} (below zero: renting costs less).",
        de: "Über die Spannen, gegen {option}: {verdict}; Break-even {months}; Ersparnis durch Kauf {savings} (unter null: Miete ist günstiger).",
    }
    /// The same as paid, when the scenario discounts (a sentence in present value follows).
    verdict_range_paid {
        en: "Over the ranges, as paid, against {option}: {verdict}; break-even {months}; savings by owning {savings} (below zero: renting costs less).",
        de: "Über die Spannen, wie gezahlt, gegen {option}: {verdict}; Break-even {months}; Ersparnis durch Kauf {savings} (unter null: Miete ist günstiger).",
    }
    /// The verdict over the ranges in present value, after the one as paid: `{rate}` (the
    /// discount rate, or its range), `{verdict}`, `{months}`, `{savings}`.
    verdict_range_pv {
        en: "In present value, discounted at {rate} a year: {verdict}; break-even {months}; savings by owning {savings}.",
        de: "Als Barwert, abgezinst mit {rate} im Jahr: {verdict}; Break-even {months}; Ersparnis durch Kauf {savings}.",
    }
    /// After it, when the present value shown above (`{point}`) lies outside its P10–P90 for the
    /// reason the figure as paid does.
    range_pv_point_outside_too {
        en: "The {point} in present value above lies outside this P10–P90 for the same reason.",
        de: "Der Barwert oben ({point}) liegt aus demselben Grund außerhalb dieses P10–P90.",
    }
    /// A discount rate's range, `{low}` to `{high}` (each with its percent sign).
    range_rate_span {
        en: "{low} to {high}",
        de: "{low} bis {high}",
    }
    /// After it, when the savings shown above (`{point}`) lie outside their P10–P90.
    range_point_outside {
        en: "The {point} above lies outside this P10–P90: the ranges are not centred on the inputs as entered (some reach to one side only), so most samples come out on one side of it.",
        de: "Die Zahl oben ({point}) liegt außerhalb dieses P10–P90: Die Spannen liegen nicht mittig um die eingegebenen Werte (manche reichen nur nach einer Seite), daher fallen die meisten Stichproben auf eine Seite davon.",
    }
    /// The phone's answer and result line over the scenario's ranges, after an answer's figures.
    live_range {
        en: "Over the ranges, owning is cheaper in {n}% of the cases (median saving by owning {p50}).",
        de: "Über die Spannen ist der eigene Server in {n} % der Fälle günstiger (Median der Ersparnis durch Kauf {p50}).",
    }
    /// The same when the scenario discounts: the share of cases and median in present value,
    /// `{rate}` the discount rate (or its range).
    live_range_pv {
        en: "Over the ranges, in present value discounted at {rate} a year, owning is cheaper in {n}% of the cases (median saving by owning {p50}).",
        de: "Über die Spannen, als Barwert abgezinst mit {rate} im Jahr, ist der eigene Server in {n} % der Fälle günstiger (Median der Ersparnis durch Kauf {p50}).",
    }
    /// Why the figure above lies above the P10–P90: inputs at owning's end of their ranges.
    range_point_leans_own {
        en: "The {point} above lies outside this P10–P90 because it takes {inputs}: the end of the range that favours owning. The samples spread over the whole range, so the figure above is owning's best case here and the median (P50) the middle case.",
        de: "Die Zahl oben ({point}) liegt außerhalb dieses P10–P90, weil sie {inputs} annimmt: das Ende der Spanne, das den Kauf begünstigt. Die Stichproben verteilen sich über die ganze Spanne; die Zahl oben ist hier also der günstigste Fall für den Kauf, der Median (P50) der mittlere.",
    }
    /// Why the figure above lies below the P10–P90: inputs at renting's end of their ranges.
    range_point_leans_rent {
        en: "The {point} above lies outside this P10–P90 because it takes {inputs}: the end of the range that favours renting. The samples spread over the whole range, so the figure above is renting's best case here and the median (P50) the middle case.",
        de: "Die Zahl oben ({point}) liegt außerhalb dieses P10–P90, weil sie {inputs} annimmt: das Ende der Spanne, das die Miete begünstigt. Die Stichproben verteilen sich über die ganze Spanne; die Zahl oben ist hier also der günstigste Fall für die Miete, der Median (P50) der mittlere.",
    }
    /// One input at an end of its range, in [`Texts::range_point_leans_own`].
    range_leaning_input {
        en: "“{name}” at {value} (sources' range {low} to {high})",
        de: "„{name}“ mit {value} (Spanne der Quellen {low} bis {high})",
    }
    /// An answer that is an option's other plan, which the spread does not price.
    range_no_alternative {
        en: "The ranges price each option as its row does: the other plan of {option} that an answer above names has no band.",
        de: "Die Spannen rechnen jede Option so, wie ihre Zeile sie rechnet: Der andere Tarif von {option}, den eine Antwort oben nennt, hat keine Spanne.",
    }
    /// Legend of the cumulative chart's bands.
    band_legend {
        en: "Shaded: P10 to P90 of each option over the ranges (How sure is the answer?)",
        de: "Schattiert: P10 bis P90 jeder Option über die Spannen (Wie sicher ist die Antwort?)",
    }
    /// The same in the embed, which has no section of the ranges to point to.
    band_legend_embed {
        en: "Shaded: P10 to P90 of each option over the ranges of the link's inputs (80% of the samples lie within)",
        de: "Schattiert: P10 bis P90 jeder Option über die Spannen der Eingaben des Links (80 % der Stichproben liegen darin)",
    }
    /// Results banner: a rent price of 0, `{fields}`.
    check_free {
        en: "Check {fields}: a price of 0 makes that option cost only its extras, so the answer below may name it the cheapest way to rent. The results below use it as typed.",
        de: "Bitte {fields} prüfen: Ein Preis von 0 lässt diese Option nur ihre Nebenkosten kosten, die Antwort unten nennt sie daher womöglich den günstigsten Weg zu mieten. Die Ergebnisse unten rechnen mit dem eingegebenen Wert.",
    }
    /// Results banner: figures that look 1000 times off, `{fields}`.
    check_fields {
        en: "Check {fields}: the value looks off by a factor (1,000 times, or a GPU's price where an instance's belongs; see the hint at the field). The results below use it as typed.",
        de: "Bitte {fields} prüfen: Der Wert scheint um einen Faktor daneben zu liegen (1.000-fach, oder der Preis einer GPU, wo der einer Instanz hingehört; siehe Hinweis am Feld). Die Ergebnisse unten rechnen mit dem eingegebenen Wert.",
    }
    /// After "Load the worked example", beside its Undo.
    undo_note {
        en: "The worked example replaced your inputs.",
        de: "Das Rechenbeispiel hat Ihre Eingaben ersetzt.",
    }
    /// Brings back the inputs from before the worked example.
    undo {
        en: "Undo",
        de: "Rückgängig",
    }
    /// The embed's line with the rest of the load: `{list}` of [`Texts::embed_window`].
    embed_load {
        en: "Also in the load: {list}.",
        de: "Außerdem in der Last: {list}.",
    }
    /// One window in it: `{name}`, `{gpus}`, `{from}`, `{to}` (hours).
    embed_window {
        en: "{name}: {gpus} from {from}:00 to {to}:00",
        de: "{name}: {gpus} von {from} bis {to} Uhr",
    }
    /// Under the service GPUs: windows with the same count follow it.
    window_overnight {
        en: "Runs past midnight: {from} to {to} the next day, {h} h a day.",
        de: "Läuft über Mitternacht: {from} bis {to} Uhr am Folgetag, {h} Std. pro Tag.",
    }
    window_empty {
        en: "From and To are the same hour, so this window is empty (0 h). For the whole day, enter 0 to 24.",
        de: "Von und Bis sind dieselbe Stunde, das Fenster ist also leer (0 Std.). Für den ganzen Tag 0 bis 24 eintragen.",
    }
    /// Under the service window's GPUs: where the count the page starts with comes from.
    gpus_example {
        en: "The 8 GPUs the page starts with are the worked example's figure, not derived from a model or its users; the verdict depends on this count.",
        de: "Die 8 GPUs, mit denen die Seite beginnt, sind die Zahl des Rechenbeispiels, nicht aus einem Modell oder seinen Nutzern abgeleitet; das Ergebnis hängt an dieser Zahl.",
    }
    /// The way from the GPU count to the sizing section.
    gpus_to_sizing {
        en: "Size it from the model and the users",
        de: "Aus Modell und Nutzern bemessen",
    }
    /// Under the verdict, while options on different GPU models are compared one GPU-hour for
    /// one ({models}: each model with the options on it).
    models_differ {
        en: "The options run on different GPU models ({models}), and the answer below counts an hour of one GPU as an hour of any other, though the models serve different numbers of tokens an hour. The sizing counts each option's GPUs for your model and load; where a model needs more GPUs for the same work, “Use these GPU counts” prices them.",
        de: "Die Optionen laufen auf verschiedenen GPU-Modellen ({models}), und die Antwort darunter zählt eine Stunde der einen GPU wie eine Stunde jeder anderen, obwohl die Modelle unterschiedlich viele Token pro Stunde liefern. Die Bemessung zählt die GPUs jeder Option für Ihr Modell und Ihre Last; wo ein Modell für dieselbe Arbeit mehr GPUs braucht, preist „Diese GPU-Anzahlen übernehmen“ sie ein.",
    }
    /// One model with its options in [`Texts::models_differ`].
    models_on {
        en: "{gpu}: {options}",
        de: "{gpu}: {options}",
    }
    /// In [`Texts::models_differ`]: the options whose presets name no GPU model (a bare-metal
    /// offer, an option entered by hand).
    models_unnamed {
        en: "no model named: {options}",
        de: "kein Modell genannt: {options}",
    }
    /// The phone's result line kept in view, while [`Texts::models_differ`] applies.
    models_marker {
        en: "Different GPU models: see the note above the answer.",
        de: "Verschiedene GPU-Modelle: siehe den Hinweis über der Antwort.",
    }
    /// A phone's answer at the top, while [`Texts::models_differ`] applies.
    models_short {
        en: "The options run on different GPU models, and these answers count an hour of one GPU as an hour of another: see the note with the answer below.",
        de: "Die Optionen laufen auf verschiedenen GPU-Modellen, und diese Antworten zählen eine Stunde der einen GPU wie eine Stunde der anderen: siehe den Hinweis bei der Antwort unten.",
    }
    /// The embed's ending of [`Texts::models_differ`] (it has no sizing section).
    models_in_full {
        en: "The full calculator has the sizing, under “How many GPUs?”.",
        de: "Der vollständige Rechner hat die Bemessung, unter „Wie viele GPUs?“.",
    }
    gpus_follow {
        en: "Batch windows and peaks with the same GPU count follow this number; give one another count to set it apart.",
        de: "Batch-Fenster und Spitzen mit gleicher GPU-Zahl folgen dieser Zahl; eine andere Zahl dort trennt sie davon.",
    }
    err_malformed {
        en: "Not a valid scenario: {detail}",
        de: "Kein gültiges Szenario: {detail}",
    }
    err_json {
        en: "not a scenario file: no valid JSON at line {line}, column {column}",
        de: "keine Szenario-Datei: kein gültiges JSON in Zeile {line}, Spalte {column}",
    }
    err_json_ends {
        en: "the file is cut off: its JSON ends early, at line {line}, column {column}",
        de: "die Datei ist abgeschnitten: ihr JSON endet zu früh, in Zeile {line}, Spalte {column}",
    }
    err_overflow {
        en: "This value is too large to compute.",
        de: "Dieser Wert ist zu groß zum Rechnen.",
    }
    /// A metrics file's problem where the import does not word it itself.
    err_metrics {
        en: "This metrics file cannot be used.",
        de: "Diese Messdatei ist nicht verwendbar.",
    }
    /// The metrics import's heading (shown before the import is loaded too).
    import_title {
        en: "Measure your load from serving metrics",
        de: "Last aus Serving-Metriken messen",
    }
    /// A section opened for the first time, while its code loads.
    part_loading {
        en: "Loading this section…",
        de: "Dieser Abschnitt wird geladen …",
    }
    /// "How it was computed": its heading (shown before the section is loaded too).
    how_title {
        en: "How it was computed",
        de: "So wurde gerechnet",
    }
    /// The sources section's heading (shown before the section is loaded too, and printed).
    sources_title {
        en: "Sources of the figures used",
        de: "Quellen der verwendeten Werte",
    }
    /// The comparison's place while its code loads (a scenario was just pinned).
    compare_loading {
        en: "Loading the comparison of A and B…",
        de: "Der Vergleich von A und B wird geladen …",
    }
    /// Printed when the page is printed through the browser's menu before the printout's
    /// parts were loaded: what the printout lacks and how to get it.
    print_partial {
        en: "This printout shows the results only. For the report with the inputs, how it was computed and the sources, use “Print / PDF” on the page.",
        de: "Dieser Ausdruck zeigt nur die Ergebnisse. Für den Bericht mit den Eingaben, dem Rechenweg und den Quellen nutzen Sie „Drucken / PDF“ auf der Seite.",
    }
    /// A section whose code could not be loaded.
    part_failed {
        en: "This section could not be loaded. Check the connection, then close and open it again.",
        de: "Dieser Abschnitt konnte nicht geladen werden. Prüfen Sie die Verbindung, dann schließen und öffnen Sie ihn erneut.",
    }
    /// The workload panel's banner while a measured load is in use (`{source}`).
    measured_banner {
        en: "Measured load in use: {source}.",
        de: "Gemessene Last in Verwendung: {source}.",
    }
    /// The banner's second sentence (`{share}`, the productive share).
    measured_share {
        en: "Productive share {share}. The working days, windows and peaks below are kept but not used while it is.",
        de: "Produktiver Anteil {share}. Werktage, Zeitfenster und Spitzen unten bleiben erhalten, werden aber solange nicht verwendet.",
    }
    /// The banner's button back to the calendar.
    measured_back {
        en: "Back to the calendar",
        de: "Zurück zum Kalender",
    }
    warn_capacity {
        en: "On average {n} instance starts per month: each start needs free on-demand capacity and can fail (InsufficientInstanceCapacity).",
        de: "Durchschnittlich {n} Instanzstarts pro Monat: Jeder Start braucht freie On-Demand-Kapazität und kann fehlschlagen (InsufficientInstanceCapacity).",
    }
    warn_sp_loses {
        en: "This commitment costs {x} per month more than on-demand start/stop for the same hours.",
        de: "Diese Verpflichtung kostet {x} pro Monat mehr als On-Demand mit Start/Stopp für dieselben Stunden.",
    }
    warn_gap {
        en: "The blocks cover {c} days per month, the load needs {b}.",
        de: "Die Blöcke decken {c} Tage pro Monat ab, die Last braucht {b}.",
    }
    warn_contract {
        en: "The colocation contract of {c} kW per server is below the {d} kW the server draws with all its GPUs busy (GPUs per server × busy watts + the rest of the server): no site holds it, so colocation is priced too low.",
        de: "Der Colocation-Vertrag über {c} kW je Server liegt unter den {d} kW, die der Server mit allen GPUs unter Last aufnimmt (GPUs pro Server × Leistung unter Last + Rest des Servers): Kein Standort hält ihn, die Colocation ist zu niedrig angesetzt.",
    }
    warn_owed {
        en: "The horizon ends inside a term: stopping there still owes {months} (only in the “Stop at month {h}” column).",
        de: "Der Zeitraum endet in einer Laufzeit: Wer dort aufhört, zahlt noch {months} (nur in der Spalte „Ausstieg in Monat {h}“).",
    }
    /// The same in a plan's term renewed at the end of the one before, from month `{from}`.
    warn_owed_renewed {
        en: "The horizon ends inside the term renewed at month {from}: stopping there still owes {months} (only in the “Stop at month {h}” column).",
        de: "Der Zeitraum endet in der ab Monat {from} verlängerten Laufzeit: Wer dort aufhört, zahlt noch {months} (nur in der Spalte „Ausstieg in Monat {h}“).",
    }
    /// Stopping at the horizon, a plan's renewal from month `{from}` is not made: its `{n}`
    /// months to the horizon are held on demand, which costs less than the `{owed}` months the
    /// renewed term would owe.
    warn_not_renewed {
        en: "The plan's term ends with month {end}: stopping at month {h}, it is not renewed, and from month {from} it runs on demand, which costs less than renewing and still owing {owed_months}. The “Stop at month {h}” column adds that on-demand premium; the total prices these months at the plan rate.",
        de: "Die Laufzeit des Tarifs endet mit Monat {end}: Bei Ausstieg in Monat {h} wird er nicht verlängert, ab Monat {from} gilt On-Demand; das kostet weniger, als zu verlängern und noch {owed_months} zu zahlen. Die Spalte „Ausstieg in Monat {h}“ rechnet diesen On-Demand-Aufpreis hinzu; die Summe bewertet diese Monate zum Tarifpreis.",
    }
    warn_asset {
        en: "The servers still have {months} of service life at the horizon: their market value then, {v}% of the price, is credited.",
        de: "Die Server haben am Ende des Zeitraums noch {months} Nutzungsdauer: Ihr Marktwert dann, {v} % des Preises, wird gutgeschrieben.",
    }
    warn_loan {
        en: "The loan runs {months} past the horizon; the balance is billed at the end.",
        de: "Der Kredit läuft {months} über den Zeitraum hinaus; die Restschuld wird am Ende berechnet.",
    }
    reset {
        en: "Load the worked example",
        de: "Rechenbeispiel laden",
    }
    analysis_title {
        en: "Hybrid, sensitivity and heat map",
        de: "Hybrid, Sensitivität und Heatmap",
    }
    hybrid_title_row {
        en: "Hybrid: own {n} GPUs, overflow on {option}",
        de: "Hybrid: {n} eigene GPUs, Überlauf auf {option}",
    }
    hybrid_total {
        en: "Total over {months} months",
        de: "Summe über {months} Monate",
    }
    hybrid_per_hour {
        en: "Per productive GPU-hour",
        de: "Pro produktiver GPU-Stunde",
    }
    hybrid_vs_own {
        en: "Saves against own alone",
        de: "Ersparnis gegenüber nur eigen",
    }
    hybrid_vs_rent {
        en: "Saves against {option} alone",
        de: "Ersparnis gegenüber nur {option}",
    }
    hybrid_remove {
        en: "Remove the mix",
        de: "Mischung entfernen",
    }
    hybrid_legend {
        en: "Hybrid: own {n} GPUs + {option}",
        de: "Hybrid: {n} eigene GPUs + {option}",
    }
    open_full {
        en: "Open the full calculator",
        de: "Vollständigen Rechner öffnen",
    }
    act_copy {
        en: "Copy link",
        de: "Link kopieren",
    }
    act_copied {
        en: "Link copied. It holds the whole scenario; nothing is stored anywhere else.",
        de: "Link kopiert. Er enthält das ganze Szenario; gespeichert wird nichts anderswo.",
    }
    act_copied_held {
        en: "Link copied. It holds the scenario whose results are shown, without the entry marked at its field, which the page cannot take; nothing is stored anywhere else.",
        de: "Link kopiert. Er enthält das Szenario, dessen Ergebnisse angezeigt werden, ohne die am Feld markierte Eingabe, die die Seite nicht übernehmen kann; gespeichert wird nichts anderswo.",
    }
    act_copy_failed {
        en: "Copying failed: copy the address from the address bar.",
        de: "Kopieren fehlgeschlagen: Kopieren Sie die Adresse aus der Adresszeile.",
    }
    act_save {
        en: "Save scenario (JSON)",
        de: "Szenario speichern (JSON)",
    }
    act_open {
        en: "Open scenario…",
        de: "Szenario öffnen…",
    }
    act_drop {
        en: "or drop a scenario file on the page",
        de: "oder eine Szenario-Datei auf die Seite ziehen",
    }
    act_csv_monthly {
        en: "CSV: costs by month",
        de: "CSV: Kosten je Monat",
    }
    act_csv_lines {
        en: "CSV: cost lines",
        de: "CSV: Kostenposten",
    }
    act_print {
        en: "Print / PDF",
        de: "Drucken / PDF",
    }
    /// The Print button while the printout's parts load.
    act_print_busy {
        en: "Preparing the printout…",
        de: "Ausdruck wird vorbereitet …",
    }
    act_pin {
        en: "Pin as A to compare",
        de: "Als A zum Vergleich merken",
    }
    act_unpin {
        en: "Stop comparing",
        de: "Vergleich beenden",
    }
    /// Beside "Stop comparing": goes to the comparison below the results.
    act_to_compare {
        en: "Go to the comparison",
        de: "Zum Vergleich",
    }
    actions_label {
        en: "Share, save and export",
        de: "Teilen, speichern und exportieren",
    }
    bad_link {
        en: "This link could not be loaded ({reason}). The calculator shows the worked example instead.",
        de: "Dieser Link konnte nicht geladen werden ({reason}). Der Rechner zeigt stattdessen das Rechenbeispiel.",
    }
    recovered {
        en: "The calculator stopped because of an internal error and was reloaded with the scenario from its link. A measured load is never in a link: if you had used one, import it again.",
        de: "Der Rechner ist wegen eines internen Fehlers stehen geblieben und wurde mit dem Szenario aus seinem Link neu geladen. Eine gemessene Last steht nie in einem Link: Falls Sie eine verwendet hatten, importieren Sie sie erneut.",
    }
    /// The URL's `own=`/`rent=` ids the page could not load, each with its reason.
    presets_left_out {
        en: "The address names presets that were not loaded: {ids}. {rest}",
        de: "Die Adresse nennt Vorlagen, die nicht geladen wurden: {ids}. {rest}",
    }
    preset_unknown {
        en: "“{id}” (no such preset)",
        de: "„{id}“ (keine solche Vorlage)",
    }
    preset_not_own {
        en: "“{id}” (a rent option's preset, not an own server's)",
        de: "„{id}“ (Vorlage einer Mietoption, nicht eines eigenen Servers)",
    }
    preset_not_rent {
        en: "“{id}” (an own server's preset, not a rent option's)",
        de: "„{id}“ (Vorlage eines eigenen Servers, nicht einer Mietoption)",
    }
    preset_past_max {
        en: "“{id}” (past the {max} rent options a comparison holds)",
        de: "„{id}“ (über die {max} Mietoptionen hinaus, die ein Vergleich fasst)",
    }
    presets_rest_loaded {
        en: "The others are loaded.",
        de: "Die übrigen sind geladen.",
    }
    presets_none_loaded {
        en: "None was loaded: the calculator shows the worked example's options.",
        de: "Keine wurde geladen: Der Rechner zeigt die Optionen des Rechenbeispiels.",
    }
    link_damaged {
        en: "the link is damaged or incomplete",
        de: "der Link ist beschädigt oder unvollständig",
    }
    link_damaged_at {
        en: "the link is damaged or incomplete at “{key}”",
        de: "der Link ist bei „{key}“ beschädigt oder unvollständig",
    }
    bad_file {
        en: "The file {name} could not be opened ({reason}). Nothing was changed.",
        de: "Die Datei {name} konnte nicht geöffnet werden ({reason}). Es wurde nichts geändert.",
    }
    opened_file {
        en: "Scenario opened from {name}.",
        de: "Szenario aus {name} geöffnet.",
    }
    unreadable {
        en: "the file could not be read",
        de: "die Datei ist nicht lesbar",
    }
    own_total {
        en: "Own: total over the horizon",
        de: "Eigen: Summe über den Zeitraum",
    }
    preset {
        en: "Preset",
        de: "Vorlage",
    }
    preset_custom {
        en: "— your own values —",
        de: "— eigene Werte —",
    }
    source {
        en: "Source",
        de: "Quelle",
    }
    as_of {
        en: "as of",
        de: "Stand",
    }
    check_price {
        en: "Check this figure: it is more than 12 months old.",
        de: "Prüfen Sie diesen Wert: Er ist älter als 12 Monate.",
    }
    your_value {
        en: "your value",
        de: "eigener Wert",
    }
    info_label {
        en: "Where this figure comes from",
        de: "Woher dieser Wert stammt",
    }
    footer_sources {
        en: "Default prices: AWS p5en.48xlarge on-demand us-east-1 (63.296 USD/h, Aug 2026), savings plan ratio 0.43 (3 years, no upfront, Oct 2026), 8× H200 server 370,000 USD typical (Oct 2026), power 0.19 EUR/kWh (Eurostat H1 2025), PUE 1.3, colocation 165 EUR per kW-month, hardware support 10% a year, resale 12.5% after 5 years. Workload: the worked example (1,000 employees, 21 working days, 07:00–19:00 and a 4-hour nightly batch on 8 GPUs).",
        de: "Standardpreise: AWS p5en.48xlarge On-Demand us-east-1 (63,296 USD/Std., Aug. 2026), Savings-Plan-Verhältnis 0,43 (3 Jahre, ohne Vorauszahlung, Okt. 2026), Server mit 8× H200 typisch 370.000 USD (Okt. 2026), Strom 0,19 EUR/kWh (Eurostat 1. Hj. 2025), PUE 1,3, Colocation 165 EUR je kW-Monat, Hardware-Support 10 % pro Jahr, Restwert 12,5 % nach 5 Jahren. Last: das Rechenbeispiel (1.000 Mitarbeitende, 21 Werktage, 07:00–19:00 Uhr und 4 Std. nächtlicher Batch auf 8 GPUs).",
    }
    // issue 7: peaks and finance view
    peaks_title {
        en: "Planned peaks",
        de: "Geplante Lastspitzen",
    }
    peaks_intro {
        en: "Extra load on the last days of the month, e.g. month-end closing or a seasonal campaign. In each hour the largest GPU count of the windows and peaks running then is busy.",
        de: "Zusätzliche Last an den letzten Tagen des Monats, etwa zum Monatsabschluss oder in einer Saisonaktion. In jeder Stunde ist die größte GPU-Zahl der dann laufenden Fenster und Spitzen belegt.",
    }
    peak_n {
        en: "Peak {n}",
        de: "Spitze {n}",
    }
    add_peak {
        en: "Add a peak",
        de: "Lastspitze hinzufügen",
    }
    remove_peak {
        en: "Remove peak {n}",
        de: "Spitze {n} entfernen",
    }
    peaks_full {
        en: "At most {max} peaks.",
        de: "Höchstens {max} Spitzen.",
    }
    peak_days_of_month {
        en: "Days at the month's end",
        de: "Tage am Monatsende",
    }
    peak_which_days {
        en: "Which days count",
        de: "Welche Tage zählen",
    }
    peak_days_working {
        en: "the last working days",
        de: "die letzten Werktage",
    }
    peak_days_all {
        en: "the last calendar days",
        de: "die letzten Kalendertage",
    }
    peak_months {
        en: "Months of the year",
        de: "Monate des Jahres",
    }
    peak_months_note {
        en: "None ticked: every month.",
        de: "Keiner angekreuzt: jeden Monat.",
    }
    month_names: [&'static str; 12] {
        en: [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ],
        de: [
            "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.",
            "Dez.",
        ],
    }
    cf_title {
        en: "Cash flow by year and selling early",
        de: "Zahlungen nach Jahren und früher Verkauf",
    }
    has_plan {
        en: "The offer has a commitment plan",
        de: "Das Angebot hat einen Verpflichtungstarif",
    }
    switching_legend {
        en: "Today and the start",
        de: "Heute und der Start",
    }
    from_rent {
        en: "Where the load runs today",
        de: "Wo die Last heute läuft",
    }
    from_rent_none {
        en: "nowhere yet (a new workload)",
        de: "noch nirgends (neue Last)",
    }
    start_date {
        en: "The comparison starts on",
        de: "Der Vergleich beginnt am",
    }
    start_date_today {
        en: "Empty: today ({date}).",
        de: "Leer: heute ({date}).",
    }
    switching_note {
        en: "If the load runs on a rent option today, moving its data out (that option's “data moved out” on its transfer tiers) is a one-time cost of owning, and of the hybrid, at the start. From 12 January 2027 a full switch carries no switching charges (EU Data Act, Art. 29); the hybrid keeps renting from that provider, so its transfer is still paid. Moving between rent options is not priced. Not legal advice.",
        de: "Läuft die Last heute auf einer Mietoption, ist der Umzug ihrer Daten (die „Daten umgezogen“ dieser Option zu ihren Übertragungspreisen) ein einmaliger Kostenposten des eigenen Servers und des Hybrids zu Beginn. Ab 12. Januar 2027 kostet ein vollständiger Wechsel keine Wechselentgelte (EU-Datenverordnung, Art. 29); der Hybrid mietet bei diesem Anbieter weiter, seine Übertragung bleibt also kostenpflichtig. Ein Wechsel zwischen Mietoptionen wird nicht bepreist. Keine Rechtsberatung.",
    }
    col_gpus {
        en: "GPUs billed (needed)",
        de: "GPUs berechnet (benötigt)",
    }
    col_stop {
        en: "Stop at month {n}",
        de: "Ausstieg in Monat {n}",
    }
    stop_note {
        en: "Stop at month {n}: what everything costs if it all ends then. Own is sold at its market value and its loan repaid (both in its total already); a rent option also pays the commitment and minimum-term months still owed and moves its data out ({exit}). The totals count the months up to the horizon on both sides: servers still held are credited their market value, a commitment's later months are not charged.",
        de: "Ausstieg in Monat {n}: was alles kostet, wenn alles dann endet. Der eigene Server wird zum Marktwert verkauft und sein Kredit getilgt (beides ist schon in seiner Summe); eine Mietoption zahlt zusätzlich die noch geschuldeten Monate von Verpflichtung und Mindestlaufzeit und zieht ihre Daten um ({exit}). Die Summen zählen auf beiden Seiten die Monate bis zum Ende des Zeitraums: noch gehaltene Server werden mit ihrem Marktwert gutgeschrieben, spätere Monate einer Verpflichtung nicht berechnet.",
    }
    /// Own's servers are priced without a spare, which a cloud reservation does not need.
    spare_note {
        en: "Own is priced with {servers} and no spare: a hardware fault stops the load on a server until it is repaired under its support contract, while the cloud starts an instance held for you again on other hardware.{bare} To price a spare, set “Spare servers (N+1)” under “Own server”.",
        de: "Der eigene Server ist mit {servers} ohne Reserveserver gerechnet: Ein Hardwaredefekt hält die Last auf einem Server an, bis er im Rahmen des Supportvertrags behoben ist, während die Cloud eine für Sie gehaltene Instanz auf anderer Hardware neu startet.{bare} Einen Reserveserver rechnen Sie unter „Eigener Server“ mit „Reserveserver (N+1)“.",
    }
    /// In [`Texts::spare_note`] while an option is rented by the server-month.
    spare_bare_same {
        en: " A bare-metal server rented by the month has the same risk as your own.",
        de: " Ein monatlich gemieteter Bare-Metal-Server trägt dasselbe Risiko wie der eigene.",
    }
    spare_note_priced {
        en: "Own is priced with {servers} and {spares}, ready to take over from one that fails.{bare}",
        de: "Der eigene Server ist mit {servers} und {spares} gerechnet, bereit, einen ausgefallenen zu ersetzen.{bare}",
    }
    /// In [`Texts::spare_note_priced`] while an option is rented by the server-month.
    spare_bare_priced {
        en: " A bare-metal server rented by the month is priced without one: a hardware fault stops its load until the provider repairs it, unless the offer includes a spare.",
        de: " Ein monatlich gemieteter Bare-Metal-Server wird ohne Reserveserver gerechnet: Ein Hardwaredefekt hält seine Last an, bis der Anbieter ihn repariert, es sei denn, das Angebot enthält einen.",
    }
    /// A count of servers in the spare notes (German: after „mit“).
    n_server_one {
        en: "1 server",
        de: "1 Server",
    }
    n_server_many {
        en: "{n} servers",
        de: "{n} Servern",
    }
    /// A count of spare servers in the spare notes (German: after „mit“).
    n_spare_one {
        en: "1 spare",
        de: "1 Reserveserver",
    }
    n_spare_many {
        en: "{n} spares",
        de: "{n} Reserveservern",
    }
    exit_free {
        en: "free: a full switch from 12 January 2027 carries no switching charges, EU Data Act Art. 29; not legal advice",
        de: "kostenlos: ein vollständiger Wechsel ab 12. Januar 2027 kostet keine Wechselentgelte, EU-Datenverordnung Art. 29; keine Rechtsberatung",
    }
    exit_charged {
        en: "at its transfer tiers: before 12 January 2027 a provider may charge its direct costs, EU Data Act Art. 29; not legal advice",
        de: "zu ihren Übertragungspreisen: vor dem 12. Januar 2027 darf ein Anbieter seine direkten Kosten berechnen, EU-Datenverordnung Art. 29; keine Rechtsberatung",
    }
    capacity_held {
        en: "holds capacity",
        de: "hält Kapazität",
    }
    capacity_risk {
        en: "capacity risk",
        de: "Kapazitätsrisiko",
    }
    capacity_gap {
        en: "does not cover the load",
        de: "deckt die Last nicht",
    }
    /// The `{lead}` of the answers' sentences: the cheapest of several ways to rent.
    lead_held {
        en: "the cheapest way to rent is",
        de: "Am günstigsten mietet man",
    }
    lead_risk {
        en: "the cheapest is",
        de: "Am günstigsten ist",
    }
    /// The same when the scenario compares one rent option alone (no cheapest to name).
    lead_one {
        en: "the only rent option compared is",
        de: "Die einzige verglichene Mietoption ist",
    }
    verdict_held_own {
        en: "Holding capacity (every instance held or reserved all month, so the model answers when the users come): {lead} {option}, {x} over {n} months. Owning is cheaper by {y} and pays off from {when}.",
        de: "Mit vorgehaltener Kapazität (jede Instanz den ganzen Monat gehalten oder reserviert, das Modell antwortet also, wenn die Nutzer kommen): {lead} {option}, {x} über {n} Monate. Der eigene Server ist {y} günstiger und rechnet sich {when}.",
    }
    verdict_held_rent {
        en: "Holding capacity (every instance held or reserved all month, so the model answers when the users come): {lead} {option}, {x} over {n} months, {y} cheaper than owning.",
        de: "Mit vorgehaltener Kapazität (jede Instanz den ganzen Monat gehalten oder reserviert, das Modell antwortet also, wenn die Nutzer kommen): {lead} {option}, {x} über {n} Monate, {y} günstiger als der eigene Server.",
    }
    verdict_risk_own {
        en: "Accepting the capacity risk (instances stopped outside busy hours and started again, or batch on spot; a start can fail when the provider has no free capacity): {lead} {option}, {x} over {n} months. Owning is cheaper by {y} and pays off from {when}.",
        de: "Mit Kapazitätsrisiko (Instanzen außerhalb der belegten Stunden gestoppt und wieder gestartet, oder Batch auf Spot; ein Start kann scheitern, wenn der Anbieter keine Kapazität frei hat): {lead} {option}, {x} über {n} Monate. Der eigene Server ist {y} günstiger und rechnet sich {when}.",
    }
    verdict_risk_rent {
        en: "Accepting the capacity risk (instances stopped outside busy hours and started again, or batch on spot; a start can fail when the provider has no free capacity): {lead} {option}, {x} over {n} months, {y} cheaper than owning.",
        de: "Mit Kapazitätsrisiko (Instanzen außerhalb der belegten Stunden gestoppt und wieder gestartet, oder Batch auf Spot; ein Start kann scheitern, wenn der Anbieter keine Kapazität frei hat): {lead} {option}, {x} über {n} Monate, {y} günstiger als der eigene Server.",
    }
    verdict_no_rent {
        en: "There is no rent option to compare owning with: add one under “Cloud (rent)” with “Add rent option”, or load a preset there.",
        de: "Es gibt keine Mietoption, mit der sich der eigene Server vergleichen ließe: Fügen Sie unter „Cloud (mieten)“ mit „Mietoption hinzufügen“ eine hinzu oder laden Sie dort eine Vorlage.",
    }
    verdict_no_load {
        en: "This load keeps no GPU busy at any hour (its GPU counts or its working days are 0), so there is nothing to compare: renting would cost only its fixed charges (storage, support, other monthly fees), and owning only its fixed costs (staff, setup), as no server is needed. Enter how many GPUs the service hours or a batch window keep busy.",
        de: "Diese Last hält zu keiner Stunde eine GPU beschäftigt (ihre GPU-Zahlen oder ihre Werktage sind 0), es gibt also nichts zu vergleichen: Mieten würde nur seine festen Gebühren kosten (Speicher, Support, sonstige Monatsgebühren), der eigene Betrieb nur seine festen Kosten (Personal, Einrichtung), da kein Server nötig ist. Geben Sie an, wie viele GPUs die Servicezeit oder ein Batch-Fenster beschäftigt.",
    }
    verdict_no_held {
        en: "No rent option here holds capacity all month.",
        de: "Keine Mietoption hier hält den ganzen Monat Kapazität.",
    }
    verdict_no_risk {
        en: "No rent option here stops instances or uses spot (the cheaper, riskier way the method's first article names); a start/stop or “cheapest plan” option shows it.",
        de: "Keine Mietoption hier stoppt Instanzen oder nutzt Spot (der günstigere, riskantere Weg aus dem ersten Artikel der Methode); eine Option mit Start/Stopp oder „günstigster Tarif“ zeigt ihn.",
    }
    its_other_plan_is {
        en: "{option} with its other plan ({plan}; its row shows the plan it bills at today's load)",
        de: "{option} mit dem anderen Tarif ({plan}; seine Zeile zeigt den Tarif, den es bei der heutigen Last berechnet)",
    }
    its_other_plan {
        en: "{option} with its other plan",
        de: "{option} mit dem anderen Tarif",
    }
    its_held_plan {
        en: "{option} with its plan that holds every instance",
        de: "{option} mit seinem Tarif, der jede Instanz hält",
    }
    its_risk_plan {
        en: "{option} with its plan that stops instances outside busy hours",
        de: "{option} mit seinem Tarif, der Instanzen außerhalb der belegten Stunden stoppt",
    }
    plan_committed {
        en: "{c} of {n} instances committed under the {years}-year plan at {ratio} × the on-demand rate",
        de: "{c} von {n} Instanzen im {years}-Jahres-Tarif zu {ratio} × On-Demand-Preis zugesagt",
    }
    /// The same for a plan of one instance, committed.
    plan_committed_one {
        en: "its one instance committed under the {years}-year plan at {ratio} × the on-demand rate",
        de: "die eine Instanz im {years}-Jahres-Tarif zu {ratio} × On-Demand-Preis zugesagt",
    }
    plan_none_committed {
        en: "no instance committed",
        de: "keine Instanz zugesagt",
    }
    /// In a plan's sentence: the instances it does not commit, when it commits none ([`plan_text`]).
    plan_rest_one {
        en: "its one instance",
        de: "die eine Instanz",
    }
    plan_rest_both {
        en: "both instances",
        de: "beide Instanzen",
    }
    plan_rest_all {
        en: "all {n} instances",
        de: "alle {n} Instanzen",
    }
    /// A load that needs no instance.
    plan_rest_none {
        en: "no instance",
        de: "keine Instanz",
    }
    /// The same when it commits some.
    plan_rest_other_one {
        en: "the other instance",
        de: "die übrige Instanz",
    }
    plan_rest_other {
        en: "the other {n} instances",
        de: "die übrigen {n} Instanzen",
    }
    plan_rest_held {
        en: "{rest} held on demand all month",
        de: "{rest} den ganzen Monat On-Demand gehalten",
    }
    plan_rest_stopped {
        en: "{rest} stopped outside busy hours: {od} instance-hours a month billed on demand (busy hours and on average {starts} starts), {stopped} h stopped",
        de: "{rest} außerhalb der belegten Stunden gestoppt: {od} Instanzstunden im Monat On-Demand berechnet (belegte Stunden und durchschnittlich {starts} Starts), {stopped} Std. gestoppt",
    }
    plan_label {
        en: "Plan billed",
        de: "Berechneter Tarif",
    }
    plan_why {
        en: "Committing an instance pays when it would bill more than {above} instance-hours a month on demand ({basis}); here the busiest would bill {max} h, the least busy {min} h (busy hours plus the billed hours of its starts).",
        de: "Eine Instanz zuzusagen lohnt sich, wenn für sie On-Demand mehr als {above} Instanzstunden im Monat berechnet würden ({basis}); hier käme die meistbelegte auf {max} Std., die am wenigsten belegte auf {min} Std. (belegte Stunden plus die berechneten Stunden ihrer Starts).",
    }
    /// The same for a plan of one instance.
    plan_why_one {
        en: "Committing an instance pays when it would bill more than {above} instance-hours a month on demand ({basis}); here it would bill {max} h (busy hours plus the billed hours of its starts).",
        de: "Eine Instanz zuzusagen lohnt sich, wenn für sie On-Demand mehr als {above} Instanzstunden im Monat berechnet würden ({basis}); hier käme sie auf {max} Std. (belegte Stunden plus die berechneten Stunden ihrer Starts).",
    }
    /// In [`Texts::plan_why`]: how the threshold is reached, without a yearly price change.
    plan_basis {
        en: "730 h × {ratio}",
        de: "730 Std. × {ratio}",
    }
    /// The same under a yearly price change: the plan's rate is fixed for its term.
    plan_basis_change {
        en: "730 h × {ratio} × {w}: the plan's rate is fixed for each term while the on-demand price changes every year, so over the horizon a committed hour costs {w} × {ratio} of the same hour on demand",
        de: "730 Std. × {ratio} × {w}: Der Preis des Plans gilt fest für jede Laufzeit, der On-Demand-Preis ändert sich jedes Jahr; über den Zeitraum kostet eine zugesagte Stunde daher {w} × {ratio} derselben Stunde On-Demand",
    }
    plan_equals_start_stop {
        en: "With none committed this costs what on-demand start/stop costs.",
        de: "Ohne Zusage kostet das so viel wie On-Demand mit Start/Stopp.",
    }
    alt_held {
        en: "Holding capacity instead ({plan}): {x} over {n} months.",
        de: "Mit vorgehaltener Kapazität stattdessen ({plan}): {x} über {n} Monate.",
    }
    /// A row whose break-even share is that of another plan of the same offer.
    break_even_plan {
        en: "† Break-even share {share}: at that share this offer's cheapest plan changes to {plan} ({capacity}), so the share is where that plan and owning cost the same; at today's share the plan above applies.",
        de: "† Break-even-Anteil {share}: Bei diesem Anteil wechselt der günstigste Tarif dieses Angebots auf „{plan}“ ({capacity}); der Anteil ist also der, bei dem dieser Tarif und der eigene Server gleich viel kosten. Beim heutigen Anteil gilt der Tarif oben.",
    }
    /// Under the printed table, once for every share marked ‡ (past `{max}`, the most the load's
    /// pattern reaches); on screen each row's note says it.
    reach_note {
        en: "‡ Out of this load pattern's reach, which is at most {max} (busy every day of the month): at any share it reaches, the offer stays cheaper than owning.",
        de: "‡ Für dieses Lastmuster nicht erreichbar; es erreicht höchstens {max} (an jedem Tag des Monats ausgelastet). Bei jedem erreichbaren Anteil bleibt das Angebot günstiger als der eigene Server.",
    }
    /// Under the printed table, once for every share marked † (another plan's of the same
    /// offer); on screen each row's note names the plan.
    plan_mark_note {
        en: "† At a marked share, another plan of the same offer is the cheapest: the share is where that plan and owning cost the same.",
        de: "† Bei einem so markierten Anteil ist ein anderer Tarif desselben Angebots der günstigste; bei diesem Anteil kosten jener Tarif und der eigene Server gleich viel.",
    }
    /// A row's note on a break-even share (`{share}`) past the most the load's pattern reaches
    /// (`{max}`, every day of the month busy); its cell is marked ‡.
    share_reach_row {
        en: "‡ Break-even share {share}: out of this load pattern's reach, which is at most {max} (busy every day of the month); at any share the pattern reaches, this offer stays cheaper than owning.",
        de: "‡ Break-even-Anteil {share}: Für dieses Lastmuster nicht erreichbar; es erreicht höchstens {max} (an jedem Tag des Monats ausgelastet). Bei jedem Anteil, den das Muster erreicht, bleibt dieses Angebot günstiger als der eigene Server.",
    }
    alt_risk {
        en: "Accepting the capacity risk instead ({plan}): {x} over {n} months.",
        de: "Mit Kapazitätsrisiko stattdessen ({plan}): {x} über {n} Monate.",
    }
    switch_charged {
        en: "The load runs on {option} today: owning pays {x} at its start for moving {gb} GB out at that option's transfer tiers (before 12 January 2027 the EU Data Act lets a provider charge its direct costs). A hybrid that keeps renting from {option} pays it too. Not legal advice.",
        de: "Die Last läuft heute auf {option}: Der eigene Server zahlt zu Beginn {x}, um {gb} GB zu den Übertragungspreisen dieser Option umzuziehen (vor dem 12. Januar 2027 darf ein Anbieter nach der EU-Datenverordnung seine direkten Kosten berechnen). Ein Hybrid, der weiter bei {option} mietet, zahlt das auch. Keine Rechtsberatung.",
    }
    switch_free {
        en: "The load runs on {option} today: moving its {gb} GB out costs owning nothing, a full switch from 12 January 2027 carries no switching charges (EU Data Act, Art. 29). A hybrid that keeps renting from {option} still pays the transfer ({x}). Not legal advice.",
        de: "Die Last läuft heute auf {option}: Der Umzug ihrer {gb} GB kostet den eigenen Server nichts, ein vollständiger Wechsel ab 12. Januar 2027 kostet keine Wechselentgelte (EU-Datenverordnung, Art. 29). Ein Hybrid, der weiter bei {option} mietet, zahlt die Übertragung weiter ({x}). Keine Rechtsberatung.",
    }
    warn_idle_own {
        en: "Holds {held} GPUs in whole servers; the load needs at most {needed}, so {idle} are idle and paid for all the same.",
        de: "Hält {held} GPUs in ganzen Servern; die Last braucht höchstens {needed}, also sind {idle} ungenutzt und trotzdem bezahlt.",
    }
    warn_idle_own_spares {
        en: "Holds {held} GPUs: {spare} as spares, ready to take over, and {rest} for a load that needs at most {needed}.",
        de: "Hält {held} GPUs: {spare} als Reserve, bereit einzuspringen, und {rest} für eine Last, die höchstens {needed} braucht.",
    }
    warn_idle {
        en: "Bills {billed} GPUs; the load needs at most {needed}, so {idle} are billed idle.",
        de: "Berechnet {billed} GPUs; die Last braucht höchstens {needed}, also werden {idle} ungenutzt berechnet.",
    }
    idle_note {
        en: "The load needs at most {needed}; paid for and idle: {list}.",
        de: "Die Last braucht höchstens {needed}; bezahlt und ungenutzt: {list}.",
    }
    /// An option in [`idle_note`]: its name quoted, the GPUs it bills or holds, those idle.
    idle_item {
        en: "{option}: {billed} GPUs, {idle} idle",
        de: "{option}: {billed} GPUs, {idle} ungenutzt",
    }
    // Issue 14: results in view, shared views, print and embed.
    /// A rent option's name once it is billed in a mode (`{mode}`) its preset (`{name}`) has no
    /// sibling for: the new billing, and where its other figures come from.
    mode_with_figures_of {
        en: "{mode} – figures from “{name}”",
        de: "{mode} – Werte aus „{name}“",
    }
    price_monthly {
        en: "Monthly price",
        de: "Monatspreis",
    }
    /// The price field of a flat monthly offer whose price is given per hour or GPU-hour.
    price_billed_monthly {
        en: "Price (billed by the month)",
        de: "Preis (monatlich abgerechnet)",
    }
    one_time_spread {
        en: "one-time {x}, spread over {n} months",
        de: "einmalig {x}, verteilt auf {n} Monate",
    }
    monthly_note {
        en: "“Running cost per month” leaves out the one-time amounts (purchase, setup, resale, data moved out). The chart of cost lines spreads them over the {n} months as well, so there {option} costs {avg} a month: {running} running plus {once} one-time ÷ {n}.",
        de: "„Laufende Kosten pro Monat“ enthalten keine einmaligen Beträge (Kauf, Einrichtung, Restwert, Datenauszug). Das Diagramm der Kostenposten verteilt sie zusätzlich auf die {n} Monate; dort kostet {option} daher {avg} pro Monat: {running} laufend plus {once} einmalig ÷ {n}.",
    }
    /// [`Texts::monthly_note`] when own is financed by a loan, followed by
    /// [`Texts::monthly_note_loan`] when the loan ends before the horizon.
    monthly_note_financed {
        en: "“Running cost per month” leaves out the one-time amounts (setup, a loan balance repaid at the horizon, resale, data moved out). The chart of cost lines spreads them over the {n} months as well, so there {option} costs {avg} a month: {running} running plus {once} one-time ÷ {n}.",
        de: "„Laufende Kosten pro Monat“ enthalten keine einmaligen Beträge (Einrichtung, eine am Ende des Zeitraums getilgte Restschuld, Restwert, Datenauszug). Das Diagramm der Kostenposten verteilt sie zusätzlich auf die {n} Monate; dort kostet {option} daher {avg} pro Monat: {running} laufend plus {once} einmalig ÷ {n}.",
    }
    /// `{payment}` a month over `{term}` months.
    monthly_note_loan {
        en: "Own's running cost averages the loan payments over the {n} months: {payment} a month is paid during the loan's {term} months, and nothing after.",
        de: "Die „Laufenden Kosten pro Monat“ des eigenen Servers mitteln die Kreditraten über die {n} Monate: In den {term} Monaten Kreditlaufzeit fließen {payment} im Monat ab, danach nichts mehr.",
    }
    act_copied_measured {
        en: "Link copied. It holds the whole scenario except the measured load ({source}, productive share {share}): a link never carries one, so whoever opens it gets the calendar below it instead ({wd} working days, service {from}–{to} h on {gpus} GPUs, {batches} batch window(s)) and other results. Save the scenario as a file to pass the measurement on.",
        de: "Link kopiert. Er enthält das ganze Szenario außer der gemessenen Last ({source}, produktiver Anteil {share}): Ein Link trägt nie eine, wer ihn öffnet, bekommt stattdessen den Kalender darunter ({wd} Werktage, Betrieb {from}–{to} Uhr auf {gpus} GPUs, {batches} Batch-Fenster) und andere Ergebnisse. Speichern Sie das Szenario als Datei, um die Messung weiterzugeben.",
    }
    live_own {
        en: "{class}: owning pays off from {when} against {option} and saves {x}.",
        de: "{class}: Der eigene Server rechnet sich {when} gegenüber {option} und spart {x}.",
    }
    live_rent {
        en: "{class}: {option} is cheaper than owning by {x} over {n} months.",
        de: "{class}: {option} ist über {n} Monate {x} günstiger als der eigene Server.",
    }
    /// After a phone's short answers, where an answer's offer's price changes each year.
    /// Between the changes of [`Texts::top_change`] where its answers' offers differ.
    top_change_and {
        en: " and ",
        de: " bzw. ",
    }
    /// [`Texts::top_change`] with the held answer at today's prices ({at_high} is
    /// [`Texts::end_own`] or [`Texts::end_rent`]).
    top_change_held {
        en: "Assumed: cloud prices change by {change} a year from month 13. Holding capacity, at {high} a year {at_high}; at {low} a year {at_low}.",
        de: "Angenommen: Die Cloud-Preise ändern sich ab Monat 13 um {change} im Jahr. Mit vorgehaltener Kapazität: bei {high} im Jahr {at_high}; bei {low} im Jahr {at_low}.",
    }
    top_change {
        en: "Assumed: cloud prices change by {change} a year from month 13.",
        de: "Angenommen: Die Cloud-Preise ändern sich ab Monat 13 um {change} im Jahr.",
    }
    live_pv_own {
        en: "In present value at {rate} a year owning saves {x} and pays off from {when}.",
        de: "Als Barwert bei {rate} im Jahr spart der eigene Server {x} und rechnet sich {when}.",
    }
    live_pv_rent {
        en: "In present value at {rate} a year renting is cheaper by {x}.",
        de: "Als Barwert bei {rate} im Jahr ist die Miete {x} günstiger.",
    }
    live_held {
        en: "Holding capacity",
        de: "Mit vorgehaltener Kapazität",
    }
    live_risk {
        en: "Accepting capacity risk",
        de: "Mit Kapazitätsrisiko",
    }
    results_table {
        en: "The options side by side",
        de: "Die Optionen im Vergleich",
    }
    charts_heading {
        en: "Charts",
        de: "Diagramme",
    }
}

/// Name of a billing mode.
pub fn mode_name(lang: Lang, mode: Mode) -> &'static str {
    // English and German, one row per mode.
    let names = match mode {
        Mode::AlwaysOn => ["On-demand, always on", "On-Demand, immer an"],
        Mode::Reserved => ["Capacity reservation", "Kapazitätsreservierung"],
        Mode::StartStop => ["On-demand, start/stop", "On-Demand, Start/Stopp"],
        Mode::SavingsPlan => ["Savings plan", "Savings Plan"],
        Mode::ReservedSavingsPlan => ["Reservation + savings plan", "Reservierung + Savings Plan"],
        Mode::SpotBatch => ["Spot for batch", "Spot für Batch"],
        Mode::CapacityBlock => ["Capacity blocks", "Capacity Blocks"],
        Mode::Monthly => ["Bare metal, monthly", "Bare Metal, monatlich"],
        Mode::CheapestPlan => [
            "Cheapest plan for the load",
            "Günstigster Tarif für die Last",
        ],
    };
    in_lang(lang, names)
}

/// Name of a cost line.
pub fn cost_name(lang: Lang, kind: CostKind) -> &'static str {
    use CostKind as K;
    // English and German, one row per cost line.
    let names = match kind {
        K::Compute => ["Compute", "Rechenzeit"],
        K::StartOverhead => ["Start and model load", "Start und Modell-Laden"],
        K::Commitment => ["Commitment", "Verpflichtung"],
        K::OnDemandOverflow => ["On-demand above commitment", "On-Demand über Verpflichtung"],
        K::Spot => ["Spot (incl. rework)", "Spot (inkl. Wiederholung)"],
        K::CapacityBlocks => ["Capacity blocks", "Capacity Blocks"],
        K::SetupFee => ["Setup fee", "Einrichtungsgebühr"],
        K::MinimumTerm => ["Rest of minimum term", "Rest der Mindestlaufzeit"],
        K::RemainingCommitment => ["Rest of commitment", "Rest der Verpflichtung"],
        K::NotRenewed => [
            "Final months on demand (plan not renewed)",
            "Letzte Monate On-Demand (Tarif nicht verlängert)",
        ],
        K::Storage => ["Storage", "Speicher"],
        K::DataTransfer => ["Data transfer", "Datenübertragung"],
        K::Support => ["Support plan", "Supportplan"],
        K::Other => ["Other", "Sonstiges"],
        K::Exit => ["Moving the data out at the end", "Datenumzug am Ende"],
        K::Switching => [
            "Moving the data from today's provider",
            "Datenumzug vom heutigen Anbieter",
        ],
        K::ValueAtHorizon => [
            "Market value at the horizon (credit)",
            "Marktwert am Ende des Zeitraums (Gutschrift)",
        ],
        K::Hardware => ["Hardware", "Hardware"],
        K::Setup => ["Setup", "Einrichtung"],
        K::LoanPayments => ["Loan payments", "Kreditraten"],
        K::LoanBalance => ["Loan balance", "Restschuld"],
        K::Licences => ["Licences", "Lizenzen"],
        K::Energy => ["Power", "Strom"],
        K::Colocation => ["Colocation", "Colocation"],
        K::HardwareSupport => ["Hardware support", "Hardware-Support"],
        K::Staff => ["Staff", "Personal"],
        K::Residual => ["Resale value (credit)", "Restwert (Gutschrift)"],
    };
    in_lang(lang, names)
}

/// The English or the German of a pair `[en, de]`.
fn in_lang(lang: Lang, [en, de]: [&'static str; 2]) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::De => de,
    }
}

/// An error as a sentence in `lang`.
pub fn error_message(lang: Lang, e: &Error) -> String {
    let t = lang.t();
    let num = |n: &str| Fmt::plain(lang).number_text(n);
    match e {
        // A whole-number field's range says so ("Enter a whole number from 1 to 10."), as its
        // message for a fraction does.
        Error::OutOfRange { path, min, max, .. } => if path == "calendar.working_days" {
            t.err_range_working_days()
        } else if path
            .rsplit('.')
            .find(|p| !p.bytes().all(|b| b.is_ascii_digit()))
            .is_some_and(gpu_tco_core::schema::is_whole_number)
        {
            t.err_whole_range()
        } else {
            t.err_range()
        }
        .replace("{min}", &num(&min.to_string()))
        .replace("{max}", &num(&max.to_string())),
        Error::NotAllowedStep { rule, .. } => match rule {
            StepRule::BlockDays => t.err_step_block().to_owned(),
            StepRule::TermYears => t.err_step_term().to_owned(),
            StepRule::WholeYears => t.err_step().to_owned(),
        },
        Error::TooMany { max, .. } => t.err_too_many().replace("{max}", &max.to_string()),
        Error::TooLong { max, .. } => t.err_too_long().replace("{max}", &max.to_string()),
        Error::TooDeep { max, .. } => t.err_too_deep().replace("{max}", &max.to_string()),
        Error::UnsupportedVersion {
            found, supported, ..
        } => t
            .err_version()
            .replace("{found}", &found.to_string())
            .replace("{supported}", &supported.to_string()),
        Error::Malformed { problem, .. } => match wrong_type(problem) {
            Some(WrongType::Whole) => whole_message(t, gpu_tco_core::schema::whole_range(e.path())),
            Some(WrongType::Number) => t.err_number().to_owned(),
            None => t.err_malformed().replace("{detail}", &problem.to_string()),
        },
        Error::Overflow { .. } => t.err_overflow().to_owned(),
        Error::Syntax {
            line,
            column,
            ends_early,
        } => if *ends_early {
            t.err_json_ends()
        } else {
            t.err_json()
        }
        .replace("{line}", &line.to_string())
        .replace("{column}", &column.to_string()),
        Error::Metrics { .. } => t.err_metrics().to_owned(),
    }
}

/// What a field needed when the reader's message says its value had the wrong type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrongType {
    /// A whole number.
    Whole,
    /// A decimal number.
    Number,
}

/// Whether a [`Error::Malformed`] problem is a number of the wrong type that the page words as
/// a typed field's ("Enter a number."), and which: a link's `-3` or `1.5` GPUs reads as its
/// field's "Enter a whole number from 0 to 1,024", not as a damaged link.
pub fn wrong_type(problem: &ReadProblem) -> Option<WrongType> {
    match problem {
        ReadProblem::WrongType {
            expected: Kind::Whole,
            ..
        }
        | ReadProblem::NotWhole { .. } => Some(WrongType::Whole),
        ReadProblem::WrongType {
            expected: Kind::Decimal,
            ..
        }
        | ReadProblem::NotDecimal { .. }
        | ReadProblem::NotRange => Some(WrongType::Number),
        _ => None,
    }
}

/// "Enter a whole number from 1 to 120." for a field that takes `range` (its least and, where
/// fixed, its greatest value: [`gpu_tco_core::schema::whole_range`]).
pub fn whole_message(t: &'static Texts, range: (u32, Option<u32>)) -> String {
    let n = |v: u32| Fmt::plain(t.0).number_text(&v.to_string());
    match range {
        (least, Some(most)) => t
            .err_whole_range()
            .replace("{min}", &n(least))
            .replace("{max}", &n(most)),
        (least, None) => t.err_whole().replace("{min}", &n(least)),
    }
}

/// A price unit in words ("instance-hour").
pub fn price_unit_text(t: &'static Texts, unit: gpu_tco_core::PriceUnit) -> &'static str {
    match unit {
        gpu_tco_core::PriceUnit::GpuHour => t.unit_gpu_hour(),
        gpu_tco_core::PriceUnit::InstanceHour => t.unit_instance_hour(),
        gpu_tco_core::PriceUnit::InstanceMonth => t.unit_instance_month(),
    }
}

/// A warning as a sentence in `lang`.
pub fn warning_message(lang: Lang, w: &Warning) -> String {
    let t = lang.t();
    let num = |n: &str| Fmt::plain(lang).number_text(n);
    match w {
        Warning::CapacityRisk { starts_per_month } => t
            .warn_capacity()
            .replace("{n}", &num(&starts_per_month.to_string())),
        Warning::SavingsPlanLoses { extra_per_month } => t
            .warn_sp_loses()
            .replace("{x}", &num(&extra_per_month.to_string())),
        Warning::CoverageGap {
            covered_days_per_month,
            busy_days_per_month,
        } => t
            .warn_gap()
            .replace("{c}", &num(&covered_days_per_month.to_string()))
            .replace("{b}", &num(&busy_days_per_month.to_string())),
        Warning::OwedAfterHorizon {
            months, term_from, ..
        } => if *term_from > 1 {
            t.warn_owed_renewed()
        } else {
            t.warn_owed()
        }
        .replace("{months}", &months_text(lang, *months))
        .replace("{from}", &term_from.to_string())
        .replace("{h}", &w.stop_month().unwrap_or_default().to_string()),
        Warning::NotRenewed {
            from, owed_months, ..
        } => t
            .warn_not_renewed()
            .replace(
                "{end}",
                &w.term_end_before_renewal().unwrap_or_default().to_string(),
            )
            .replace("{h}", &w.stop_month().unwrap_or_default().to_string())
            .replace("{from}", &from.to_string())
            .replace("{owed_months}", &months_text(lang, *owed_months)),
        Warning::AssetHeldAtHorizon {
            months_left,
            value_percent,
        } => t
            .warn_asset()
            .replace("{months}", &months_text(lang, *months_left))
            .replace("{v}", &num(&value_percent.round_dp(1).to_string())),
        Warning::IdleGpusBilled { billed, needed } => t
            .warn_idle()
            .replace("{billed}", &billed.to_string())
            .replace("{needed}", &needed.to_string())
            .replace("{idle}", &w.idle_gpus().unwrap_or_default().to_string()),
        Warning::LoanOutstanding { months_left } => t
            .warn_loan()
            .replace("{months}", &months_text(lang, *months_left)),
        Warning::ContractBelowDraw {
            contracted_kw,
            draw_kw,
        } => t
            .warn_contract()
            .replace("{c}", &num(&contracted_kw.normalize().to_string()))
            .replace("{d}", &num(&draw_kw.round_dp(1).normalize().to_string())),
    }
}

/// A number of years after "after" / "nach": `1 year` / `1 Jahr`, `3 years` / `3 Jahren`.
pub fn years_after(lang: Lang, n: u32) -> String {
    let [one, many] = match lang {
        Lang::En => ["1 year", "{n} years"],
        Lang::De => ["1 Jahr", "{n} Jahren"],
    };
    crate::fmt::count(lang, n, one, many)
}

/// A number of months with its noun: `1 month` / `1 Monat`, `12 months` / `12 Monate`.
fn months_text(lang: Lang, n: u32) -> String {
    let [one, many] = match lang {
        Lang::En => ["1 month", "{n} months"],
        Lang::De => ["1 Monat", "{n} Monate"],
    };
    crate::fmt::count(lang, n, one, many)
}

/// A plan in words: what is committed under it, and whether the rest is held or stopped.
pub fn plan_text(lang: Lang, p: &gpu_tco_core::PlanChoice) -> String {
    let t = lang.t();
    let f = Fmt::plain(lang);
    let rest = p.instances.saturating_sub(p.committed_instances);
    let mut parts = Vec::with_capacity(2);
    match (p.term_years, p.price_ratio) {
        (Some(years), Some(ratio)) if p.committed_instances > 0 => parts.push(
            if p.instances == 1 {
                t.plan_committed_one()
            } else {
                t.plan_committed()
            }
            .replace("{c}", &p.committed_instances.to_string())
            .replace("{n}", &p.instances.to_string())
            .replace("{years}", &years.to_string())
            .replace("{ratio}", &f.number(ratio, 4)),
        ),
        (Some(_), Some(_)) => parts.push(t.plan_none_committed().to_owned()),
        _ => {}
    }
    if rest > 0 || parts.is_empty() {
        // The instances not committed, named: all of them, or the others.
        let who = match (p.committed_instances, rest) {
            (0, 0) => t.plan_rest_none().to_owned(),
            (0, 1) => t.plan_rest_one().to_owned(),
            (0, 2) => t.plan_rest_both().to_owned(),
            (0, _) => t.plan_rest_all().replace("{n}", &rest.to_string()),
            (_, 1) => t.plan_rest_other_one().to_owned(),
            _ => t.plan_rest_other().replace("{n}", &rest.to_string()),
        };
        parts.push(if p.rest_held {
            t.plan_rest_held().replace("{rest}", &who)
        } else {
            t.plan_rest_stopped()
                .replace("{rest}", &who)
                .replace("{od}", &f.number(p.on_demand_hours, 1))
                .replace("{starts}", &f.number(p.starts_per_month, 1))
                .replace("{stopped}", &f.number(p.stopped_hours, 1))
        });
    }
    parts.join("; ")
}

/// Why a plan commits what it commits, for a plan with a rate; `None` without one.
pub fn plan_why(lang: Lang, p: &gpu_tco_core::PlanChoice) -> Option<String> {
    let t = lang.t();
    let f = Fmt::plain(lang);
    let (above, ratio) = (p.commit_pays_above_hours?, p.price_ratio?);
    let max = p.instance_hours.first().copied()?;
    let min = p.instance_hours.last().copied()?;
    let basis = match p.term_weight {
        Some(w) => t.plan_basis_change().replace("{w}", &f.number(w, 4)),
        None => t.plan_basis().to_owned(),
    };
    let mut text = if p.instance_hours.len() == 1 {
        t.plan_why_one()
    } else {
        t.plan_why()
    }
    .replace("{basis}", &basis)
    .replace("{above}", &f.number(above, 1))
    .replace("{ratio}", &f.number(ratio, 4))
    .replace("{max}", &f.number(max, 1))
    .replace("{min}", &f.number(min, 1));
    if p.committed_instances == 0 && !p.rest_held {
        text.push(' ');
        text.push_str(t.plan_equals_start_stop());
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_tco_core::share::from_fragment;
    use gpu_tco_core::{DEFAULT_JSON, Scenario};

    fn file_with(pointer: &str, value: serde_json::Value) -> Error {
        let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
        *v.pointer_mut(pointer).unwrap() = value;
        Scenario::from_value(v).unwrap_err()
    }

    /// A plan of one instance says so, not "1 of 1 instance(s)", nor a busiest and a least busy.
    #[test]
    fn a_plan_of_one_instance_reads_as_one() {
        // With today's cloud prices held, the savings plan commits its one instance.
        let mut s = Scenario::default();
        for o in &mut s.rent {
            o.extras.yearly_price_change_percent = rust_decimal::Decimal::ZERO;
        }
        let r = gpu_tco_core::evaluate(&s).unwrap();
        let p = r.rent[2].plan.as_ref().unwrap();
        assert_eq!(
            plan_text(Lang::En, p),
            "its one instance committed under the 3-year plan at 0.43 × the on-demand rate"
        );
        assert_eq!(
            plan_why(Lang::En, p).unwrap(),
            "Committing an instance pays when it would bill more than 313.9 instance-hours a \
             month on demand (730 h × 0.43); here it would bill 346.5 h (busy hours plus the \
             billed hours of its starts)."
        );
        assert!(
            plan_why(Lang::De, p)
                .unwrap()
                .ends_with("hier käme sie auf 346,5 Std. (belegte Stunden plus die berechneten Stunden ihrer Starts).")
        );
        // Under the default's price falling 12.5 % a year the plan's fixed rate does not pay over
        // the term, and the threshold says why.
        let r = gpu_tco_core::evaluate(&Scenario::default()).unwrap();
        let p = r.rent[2].plan.as_ref().unwrap();
        assert_eq!(p.committed_instances, 0);
        let why = plan_why(Lang::En, p).unwrap();
        assert!(
            why.starts_with(
                "Committing an instance pays when it would bill more than 349.6 instance-hours \
                 a month on demand (730 h × 0.43 × 1.1137: the plan's rate is fixed for each term \
                 while the on-demand price changes every year, so over the horizon a committed \
                 hour costs 1.1137 × 0.43 of the same hour on demand); here it would bill \
                 346.5 h (busy hours plus the billed hours of its starts). "
            ),
            "{why}"
        );
        assert!(plan_why(Lang::De, p).unwrap().contains(
            "(730 Std. × 0,43 × 1,1137: Der Preis des Plans gilt fest für jede Laufzeit"
        ),);
    }

    /// The instances a plan does not commit are named: all of them, its one, or the others.
    #[test]
    fn a_plans_uncommitted_instances_are_named() {
        let d = |v: i64| rust_decimal::Decimal::new(v, 1);
        let plan = |instances, committed, rest_held| gpu_tco_core::PlanChoice {
            instances,
            committed_instances: committed,
            rest_held,
            term_years: Some(3),
            price_ratio: Some(rust_decimal::Decimal::new(43, 2)),
            committed_hours: d(0),
            on_demand_hours: d(3465),
            stopped_hours: d(3835),
            starts_per_month: d(209),
            instance_hours: vec![d(3465)],
            commit_pays_above_hours: None,
            term_weight: None,
            capacity: gpu_tco_core::Capacity::AtRisk,
        };
        assert_eq!(
            plan_text(Lang::En, &plan(1, 0, false)),
            "no instance committed; its one instance stopped outside busy hours: 346.5 \
             instance-hours a month billed on demand (busy hours and on average 20.9 starts), \
             383.5 h stopped"
        );
        assert_eq!(
            plan_text(Lang::De, &plan(1, 0, false)),
            "keine Instanz zugesagt; die eine Instanz außerhalb der belegten Stunden gestoppt: \
             346,5 Instanzstunden im Monat On-Demand berechnet (belegte Stunden und \
             durchschnittlich 20,9 Starts), 383,5 Std. gestoppt"
        );
        assert_eq!(
            plan_text(Lang::En, &plan(8, 0, true)),
            "no instance committed; all 8 instances held on demand all month"
        );
        assert_eq!(
            plan_text(Lang::De, &plan(8, 0, true)),
            "keine Instanz zugesagt; alle 8 Instanzen den ganzen Monat On-Demand gehalten"
        );
        // Two are both; a load that needs none holds none (it read "all 2", "all 0 instances").
        assert_eq!(
            plan_text(Lang::En, &plan(2, 0, true)),
            "no instance committed; both instances held on demand all month"
        );
        let mut none = plan(0, 0, true);
        (none.term_years, none.price_ratio) = (None, None);
        assert_eq!(
            plan_text(Lang::De, &none),
            "keine Instanz den ganzen Monat On-Demand gehalten"
        );
        assert_eq!(
            plan_text(Lang::En, &plan(4, 3, true)),
            "3 of 4 instances committed under the 3-year plan at 0.43 × the on-demand rate; the \
             other instance held on demand all month"
        );
        assert!(
            plan_text(Lang::De, &plan(4, 1, false))
                .starts_with("1 von 4 Instanzen im 3-Jahres-Tarif zu 0,43 × On-Demand-Preis zugesagt; die übrigen 3 Instanzen außerhalb")
        );
        // An offer without a plan commits nothing and says no "no instance committed".
        let mut none = plan(2, 0, false);
        none.term_years = None;
        none.price_ratio = None;
        assert!(
            plan_text(Lang::En, &none).starts_with("both instances stopped outside busy hours"),
            "{}",
            plan_text(Lang::En, &none)
        );
    }

    #[test]
    fn a_contract_below_the_draw_says_both_figures() {
        let w = Warning::ContractBelowDraw {
            contracted_kw: rust_decimal::Decimal::new(50, 1),
            draw_kw: rust_decimal::Decimal::new(54, 1),
        };
        assert_eq!(
            warning_message(Lang::En, &w),
            "The colocation contract of 5 kW per server is below the 5.4 kW the server draws \
             with all its GPUs busy (GPUs per server × busy watts + the rest of the server): no \
             site holds it, so colocation is priced too low."
        );
        assert!(
            warning_message(Lang::De, &w)
                .starts_with("Der Colocation-Vertrag über 5 kW je Server liegt unter den 5,4 kW,")
        );
    }

    #[test]
    fn reader_problems_are_worded_by_their_kind() {
        // A server takes 1 to 16 GPUs, a horizon 1 to 120 months: the message says which.
        let whole = file_with("/own/gpus_per_server", serde_json::json!("eight"));
        assert_eq!(
            error_message(Lang::En, &whole),
            "Enter a whole number from 1 to 16."
        );
        assert_eq!(
            error_message(Lang::De, &whole),
            "Bitte eine ganze Zahl von 1 bis 16 eingeben."
        );
        let negative = file_with("/own/gpus_per_server", serde_json::json!(-1));
        assert_eq!(
            error_message(Lang::En, &negative),
            "Enter a whole number from 1 to 16."
        );
        let horizon = file_with("/finance/horizon_months", serde_json::json!(12.5));
        assert_eq!(
            error_message(Lang::En, &horizon),
            "Enter a whole number from 1 to 120."
        );
        let decimal = file_with("/own/price_per_server", serde_json::json!("abc"));
        assert_eq!(
            error_message(Lang::En, &decimal),
            Texts::of(Lang::En).err_number()
        );
        let link = from_fragment("v=2&rent.0.price=abc").unwrap_err();
        assert_eq!(
            error_message(Lang::De, &link),
            Texts::of(Lang::De).err_number()
        );
        // A link's whole number that is not one reads as a file's does (its field's words); an
        // unknown field keeps the reader's words.
        for fragment in ["v=2&hybrid.own_gpus=abc", "v=2&calendar.service.gpus=-3"] {
            let link = from_fragment(fragment).unwrap_err();
            assert_eq!(
                error_message(Lang::En, &link),
                "Enter a whole number from 0 to 1,024.",
                "{fragment}"
            );
        }
        let unknown = file_with("/calendar", serde_json::json!({"nonsense": 1}));
        assert!(
            error_message(Lang::De, &unknown)
                .starts_with("Kein gültiges Szenario: unknown field `nonsense`"),
            "{}",
            error_message(Lang::De, &unknown)
        );
    }

    #[test]
    fn steps_are_worded_by_their_rule() {
        let s = crate::first::chart_views::tests::with_blocks(15, 1, 1.into());
        let e = s.validate().unwrap_err();
        assert_eq!(
            error_message(Lang::En, &e),
            Texts::of(Lang::En).err_step_block()
        );
    }
}
