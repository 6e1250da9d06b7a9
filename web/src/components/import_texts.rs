//! The strings of the metrics import, German and English (kept beside the import because it
//! has many of its own; every other string is in [`crate::i18n`]).

use crate::i18n::Lang;

/// The import's strings. `{x}` marks a value filled in.
#[derive(Debug)]
pub struct Tx {
    pub heading: &'static str,
    pub intro: &'static str,
    pub metrics: &'static str,
    pub private: &'static str,
    pub choose: &'static str,
    pub drop: &'static str,
    pub gpus: &'static str,
    pub gpus_hint: &'static str,
    pub offset: &'static str,
    pub offset_hint: &'static str,
    pub unnamed: &'static str,
    pub unnamed_none: &'static str,
    pub unnamed_running: &'static str,
    pub unnamed_waiting: &'static str,
    pub unnamed_sm: &'static str,
    pub reading: &'static str,
    pub progress: &'static str,
    pub cancel: &'static str,
    pub cancelled: &'static str,
    pub failed: &'static str,
    pub unreadable: &'static str,
    pub too_big: &'static str,
    pub line: &'static str,
    pub bad_gpus: &'static str,
    pub bad_offset: &'static str,
    pub read_in: &'static str,
    pub period: &'static str,
    pub step: &'static str,
    pub scaled: &'static str,
    pub busy_hours: &'static str,
    pub share: &'static str,
    pub gpu_hours: &'static str,
    pub starts: &'static str,
    pub waiting: &'static str,
    pub waiting_hint: &'static str,
    pub sm_busy: &'static str,
    pub sm_idle: &'static str,
    pub gaps: &'static str,
    pub per_month: &'static str,
    pub servers: &'static str,
    pub server: &'static str,
    pub server_gpus: &'static str,
    pub from_given: &'static str,
    pub from_dcgm: &'static str,
    pub from_assumed: &'static str,
    pub batch: &'static str,
    pub batch_label: &'static str,
    pub notes: &'static str,
    pub heat: &'static str,
    pub heat_caption: &'static str,
    pub heat_cell: &'static str,
    pub heat_sm: &'static str,
    pub heat_never: &'static str,
    pub weekdays: [&'static str; 7],
    pub use_profile: &'static str,
    pub use_hint: &'static str,
    pub in_use: &'static str,
    pub source: &'static str,
    pub banner: &'static str,
    pub banner_share: &'static str,
    pub back: &'static str,
    pub not_in_link: &'static str,
    pub n_not_a_month: &'static str,
    pub n_gaps: &'static str,
    pub n_duplicates: &'static str,
    pub n_out_of_order: &'static str,
    pub n_negative: &'static str,
    pub n_non_finite: &'static str,
    pub n_mixed: &'static str,
    pub n_coarse: &'static str,
    pub n_assumed: &'static str,
    pub n_unattributed: &'static str,
    pub n_waiting: &'static str,
    pub n_ignored: &'static str,
    pub n_local: &'static str,
}

/// The core's English detail of a metrics file it cannot read, in German where it is one of the
/// messages people meet (the required metric missing, a period too short or too long, an empty
/// file, a column); other details stay as the core words them.
pub fn german_detail(message: &str) -> String {
    let (column, rest) = match message.strip_prefix("column ") {
        Some(r) => match r.split_once(": ") {
            Some((c, rest)) => (Some(c), rest),
            None => (None, message),
        },
        None => (None, message),
    };
    let text = if let Some(found) = rest
        .strip_prefix("no vllm:num_requests_running series (")
        .and_then(|r| r.split_once(");").map(|(f, _)| f))
    {
        let found = if found == "no series at all" {
            "gar keine Serie".to_owned()
        } else {
            found.replacen("only ", "nur ", 1)
        };
        format!(
            "keine Serie vllm:num_requests_running ({found}); sie ist nötig: exportieren Sie sie \
             oder wählen Sie, dass Serien ohne Metriknamen sie sind"
        )
    } else if rest.starts_with("the vllm:num_requests_running series hold no usable sample") {
        "die Serien vllm:num_requests_running enthalten keinen brauchbaren Messwert (alle leer, \
         NaN oder unendlich)"
            .to_owned()
    } else if let Some(n) = rest
        .strip_prefix("the export covers ")
        .and_then(|r| r.strip_suffix(" hours; at least 24 are needed (export a month)"))
    {
        format!(
            "der Export umfasst {n} Stunden; mindestens 24 sind nötig (exportieren Sie einen Monat)"
        )
    } else if let Some(n) = rest
        .strip_prefix("the export covers ")
        .and_then(|r| r.strip_suffix(" days; at most 400 are read (export a month)"))
    {
        format!(
            "der Export umfasst {n} Tage; höchstens 400 werden gelesen (exportieren Sie einen Monat)"
        )
    } else {
        match rest {
            "the file is empty" => "die Datei ist leer".to_owned(),
            "the file has a header but no rows" => {
                "die Datei hat eine Kopfzeile, aber keine Zeilen".to_owned()
            }
            "not a Prometheus query_range response (JSON object expected)" => {
                "keine Antwort von Prometheus query_range (ein JSON-Objekt wird erwartet)"
                    .to_owned()
            }
            other => other.to_owned(),
        }
    };
    match column {
        Some(c) => format!("Spalte {c}: {text}"),
        None => text,
    }
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
    heading: "Measure your load from serving metrics",
    intro: "Export a month of serving metrics and the calculator counts, per model server, the hours with at least one running request: the productive hours of seed 000's method.",
    metrics: "Accepted: the JSON of Prometheus /api/v1/query_range, or the CSV of a Grafana panel (a time column, one column per series). Required: vllm:num_requests_running; optional: vllm:num_requests_waiting and DCGM_FI_PROF_SM_ACTIVE. Steps from 15 s to 5 min.",
    private: "The file is read here, in your browser. Nothing is uploaded.",
    choose: "Choose a metrics file",
    drop: "or drop it here",
    gpus: "GPUs per model server",
    gpus_hint: "Empty: counted from the DCGM series of each server, else 1.",
    offset: "Local time: UTC +",
    offset_hint: "Hours (e.g. 1 or 5.5), for hours of the day and weekdays. Preset from this browser's time zone.",
    unnamed: "Series without a metric name",
    unnamed_none: "are an error",
    unnamed_running: "are running requests",
    unnamed_waiting: "are waiting requests",
    unnamed_sm: "are SM activity",
    reading: "Reading {name} …",
    progress: "{read} of {total} MB read",
    cancel: "Cancel",
    cancelled: "Reading {name} was cancelled.",
    failed: "{name} could not be used: {reason}",
    unreadable: "the browser could not read the file",
    too_big: "the file is larger than {max} MB; export a shorter period or fewer series",
    line: "line",
    bad_gpus: "Enter a whole number from 1 to 1,024, or leave it empty.",
    bad_offset: "Enter hours from −14 to 14 in quarter hours (e.g. 1, −5 or 5.75).",
    read_in: "{name}: {mb} MB read in {s} s.",
    period: "Period",
    step: "every {s} s",
    scaled: "Figures per month are scaled by {f} (730 hours ÷ hours covered).",
    busy_hours: "Busy hours",
    share: "Productive share",
    gpu_hours: "Busy GPU-hours",
    starts: "Starts per busy day",
    waiting: "Hours with waiting requests",
    waiting_hint: "Hours in which requests queued: the load an overflow (hybrid) must take.",
    sm_busy: "SM activity in busy hours",
    sm_idle: "SM activity in other hours",
    gaps: "Hours without samples (counted idle)",
    per_month: "per month",
    servers: "Model servers",
    server: "Server (labels)",
    server_gpus: "GPUs",
    from_given: "as entered",
    from_dcgm: "from DCGM",
    from_assumed: "assumed",
    batch: "Batch",
    batch_label: "{server} runs batch work",
    notes: "What the import did with the data",
    heat: "When the servers are busy",
    heat_caption: "Share of each hour of the week with at least one running request (darker = busier), with the mean SM activity in the busy hours.",
    heat_cell: "{day} {hour}:00: busy {share} ({busy} of {n} hours)",
    heat_sm: ", SM activity {sm}",
    heat_never: "{day} {hour}:00: not in the period",
    weekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    use_profile: "Use as load profile",
    use_hint: "Replaces the working days, windows and peaks by the measured month in every result, chart and analysis; you can go back to the calendar at any time.",
    in_use: "This measurement is the load profile now.",
    source: "{name}, {first} – {last}, {n} server(s)",
    banner: "Measured load in use: {source}.",
    banner_share: "Productive share {share}. The working days, windows and peaks below are kept but not used while it is.",
    back: "Back to the calendar",
    not_in_link: "A share link does not carry a measured load (only the calendar); save the scenario as a file to keep it.",
    n_not_a_month: "The period covers {days} days, not a month: figures per month are scaled by {f}.",
    n_gaps: "{server}: {h} h without any sample, counted as idle.",
    n_duplicates: "{n} samples with a repeated timestamp were dropped.",
    n_out_of_order: "{n} samples out of time order were put in order (the figures do not depend on it).",
    n_negative: "{n} negative values (impossible for these gauges) were read as 0.",
    n_non_finite: "{n} NaN or infinite values were dropped, as missed scrapes.",
    n_mixed: "{series} was exported with several steps ({steps} s); hours are counted the same way.",
    n_coarse: "Steps of {s} s are longer than 5 minutes: requests between two samples are not seen, so busy hours may be too few.",
    n_assumed: "{server}: no GPU count given and no DCGM GPU found, counted as {n} GPU.",
    n_unattributed: "{n} DCGM GPU(s) match no single server and are left out of the servers' SM activity.",
    n_waiting: "{n} waiting-queue series match no running-request series and are not used.",
    n_ignored: "Metrics not read: {names}.",
    n_local: "The times carry no time zone: hours and weekdays are read as written, no UTC offset applied.",
};

static DE: Tx = Tx {
    heading: "Last aus Serving-Metriken messen",
    intro: "Exportieren Sie einen Monat Serving-Metriken: Der Rechner zählt je Modellserver die Stunden mit mindestens einer laufenden Anfrage – die produktiven Stunden der Methode aus Artikel 000.",
    metrics: "Lesbar: das JSON von Prometheus /api/v1/query_range oder das CSV eines Grafana-Panels (eine Zeitspalte, eine Spalte je Serie). Nötig: vllm:num_requests_running; optional: vllm:num_requests_waiting und DCGM_FI_PROF_SM_ACTIVE. Schrittweiten von 15 s bis 5 min.",
    private: "Die Datei wird hier im Browser gelesen. Nichts wird hochgeladen.",
    choose: "Metrik-Datei wählen",
    drop: "oder hierher ziehen",
    gpus: "GPUs je Modellserver",
    gpus_hint: "Leer: aus den DCGM-Serien je Server gezählt, sonst 1.",
    offset: "Ortszeit: UTC +",
    offset_hint: "Stunden (z. B. 1 oder 5,5), für Tagesstunden und Wochentage. Vorbelegt mit der Zeitzone dieses Browsers.",
    unnamed: "Serien ohne Metriknamen",
    unnamed_none: "sind ein Fehler",
    unnamed_running: "sind laufende Anfragen",
    unnamed_waiting: "sind wartende Anfragen",
    unnamed_sm: "sind SM-Aktivität",
    reading: "{name} wird gelesen …",
    progress: "{read} von {total} MB gelesen",
    cancel: "Abbrechen",
    cancelled: "Das Lesen von {name} wurde abgebrochen.",
    failed: "{name} ist nicht verwendbar: {reason}",
    unreadable: "der Browser konnte die Datei nicht lesen",
    too_big: "die Datei ist größer als {max} MB; exportieren Sie einen kürzeren Zeitraum oder weniger Serien",
    line: "Zeile",
    bad_gpus: "Bitte eine ganze Zahl von 1 bis 1.024 eingeben oder leer lassen.",
    bad_offset: "Bitte Stunden von −14 bis 14 in Viertelstunden eingeben (z. B. 1, −5 oder 5,75).",
    read_in: "{name}: {mb} MB in {s} s gelesen.",
    period: "Zeitraum",
    step: "alle {s} s",
    scaled: "Monatswerte sind mit {f} skaliert (730 Stunden ÷ erfasste Stunden).",
    busy_hours: "Belegte Stunden",
    share: "Produktiver Anteil",
    gpu_hours: "Belegte GPU-Stunden",
    starts: "Starts je belegtem Tag",
    waiting: "Stunden mit wartenden Anfragen",
    waiting_hint: "Stunden, in denen sich Anfragen stauten: die Last, die ein Überlauf (Hybrid) tragen muss.",
    sm_busy: "SM-Aktivität in belegten Stunden",
    sm_idle: "SM-Aktivität in übrigen Stunden",
    gaps: "Stunden ohne Messwerte (als Leerlauf gezählt)",
    per_month: "pro Monat",
    servers: "Modellserver",
    server: "Server (Labels)",
    server_gpus: "GPUs",
    from_given: "eingegeben",
    from_dcgm: "aus DCGM",
    from_assumed: "angenommen",
    batch: "Batch",
    batch_label: "{server} rechnet Batch-Jobs",
    notes: "Was der Import mit den Daten gemacht hat",
    heat: "Wann die Server belegt sind",
    heat_caption: "Anteil jeder Wochenstunde mit mindestens einer laufenden Anfrage (dunkler = belegter), mit der mittleren SM-Aktivität in den belegten Stunden.",
    heat_cell: "{day} {hour}:00 Uhr: belegt {share} ({busy} von {n} Stunden)",
    heat_sm: ", SM-Aktivität {sm}",
    heat_never: "{day} {hour}:00 Uhr: nicht im Zeitraum",
    weekdays: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
    use_profile: "Als Lastprofil verwenden",
    use_hint: "Ersetzt Arbeitstage, Zeitfenster und Spitzen in allen Ergebnissen, Diagrammen und Analysen durch den gemessenen Monat; der Weg zurück zum Kalender bleibt jederzeit offen.",
    in_use: "Diese Messung ist jetzt das Lastprofil.",
    source: "{name}, {first} – {last}, {n} Server",
    banner: "Gemessene Last in Verwendung: {source}.",
    banner_share: "Produktiver Anteil {share}. Arbeitstage, Zeitfenster und Spitzen unten bleiben erhalten, werden aber solange nicht verwendet.",
    back: "Zurück zum Kalender",
    not_in_link: "Ein geteilter Link enthält keine gemessene Last (nur den Kalender); speichern Sie das Szenario als Datei, um sie zu behalten.",
    n_not_a_month: "Der Zeitraum umfasst {days} Tage, keinen Monat: Monatswerte sind mit {f} skaliert.",
    n_gaps: "{server}: {h} Std. ganz ohne Messwert, als Leerlauf gezählt.",
    n_duplicates: "{n} Messwerte mit wiederholtem Zeitstempel wurden verworfen.",
    n_out_of_order: "{n} Messwerte außer der Zeitfolge wurden sortiert (die Zahlen hängen nicht davon ab).",
    n_negative: "{n} negative Werte (bei diesen Messgrößen unmöglich) wurden als 0 gelesen.",
    n_non_finite: "{n} NaN- oder unendliche Werte wurden wie verpasste Abfragen verworfen.",
    n_mixed: "{series} wurde mit mehreren Schrittweiten ({steps} s) exportiert; Stunden werden gleich gezählt.",
    n_coarse: "Schritte von {s} s sind länger als 5 Minuten: Anfragen zwischen zwei Messwerten bleiben unsichtbar, belegte Stunden können fehlen.",
    n_assumed: "{server}: keine GPU-Zahl angegeben und keine DCGM-GPU gefunden, als {n} GPU gezählt.",
    n_unattributed: "{n} DCGM-GPU(s) passen zu keinem einzelnen Server und fehlen in der SM-Aktivität der Server.",
    n_waiting: "{n} Warteschlangen-Serien passen zu keiner Serie laufender Anfragen und werden nicht verwendet.",
    n_ignored: "Nicht gelesene Metriken: {names}.",
    n_local: "Die Zeiten haben keine Zeitzone: Stunden und Wochentage gelten wie geschrieben, ohne UTC-Versatz.",
};

#[cfg(test)]
mod tests {
    use super::german_detail;

    #[test]
    fn the_common_details_read_in_german() {
        assert_eq!(
            german_detail(
                "no vllm:num_requests_running series (only DCGM_FI_PROF_SM_ACTIVE); it is \
                 required: export it, or say that series without a name are it"
            ),
            "keine Serie vllm:num_requests_running (nur DCGM_FI_PROF_SM_ACTIVE); sie ist nötig: \
             exportieren Sie sie oder wählen Sie, dass Serien ohne Metriknamen sie sind"
        );
        assert_eq!(
            german_detail("column 1: not a Prometheus query_range response (JSON object expected)"),
            "Spalte 1: keine Antwort von Prometheus query_range (ein JSON-Objekt wird erwartet)"
        );
        assert_eq!(
            german_detail("the export covers 5 hours; at least 24 are needed (export a month)"),
            "der Export umfasst 5 Stunden; mindestens 24 sind nötig (exportieren Sie einen Monat)"
        );
        assert_eq!(german_detail("the file is empty"), "die Datei ist leer");
        // Others stay as the core words them.
        assert_eq!(
            german_detail("column 7: expected a key"),
            "Spalte 7: expected a key"
        );
    }
}
