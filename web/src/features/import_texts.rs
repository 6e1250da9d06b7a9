//! The strings of the metrics import, German and English (kept beside the import, in the module
//! loaded on demand, as the ranges', the analysis's and the finance view's are beside theirs;
//! the first screen's strings and those it shares are in [`crate::i18n`]).

use gpu_tco_core::{JsonProblem, MetricsProblem};

use crate::lang::Lang;

/// The import's strings. `{x}` marks a value filled in.
#[derive(Debug)]
pub struct Tx {
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
    pub column: &'static str,
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
    // Issue 14: the banner repeats the GPU counts.
    pub source_gpus: &'static str,
    pub source_assumed: &'static str,
}

/// Why a metrics file cannot be used, in `lang`: the core's typed problem, with its line and
/// column where it has them ("line 3, column 5: …" / "Zeile 3, Spalte 5: …"). English is the
/// core's own wording; German is written out here for every problem.
pub fn metrics_error(
    lang: Lang,
    path: &str,
    column: Option<u64>,
    problem: &MetricsProblem,
) -> String {
    let tx = Tx::of(lang);
    let text = match lang {
        Lang::En => problem.to_string(),
        Lang::De => german(problem),
    };
    let text = match column {
        Some(c) => format!("{} {c}: {text}", tx.column),
        None => text,
    };
    match path.strip_prefix("metrics.line.") {
        Some(line) => format!("{} {line}, {text}", tx.line),
        None => text,
    }
}

fn german(problem: &MetricsProblem) -> String {
    use MetricsProblem as P;
    match problem {
        P::Empty => "die Datei ist leer".to_owned(),
        P::NotText { offset } => format!(
            "Byte {offset} ist kein UTF-8-Text: exportieren Sie die Metriken als Prometheus-JSON \
             oder Grafana-CSV"
        ),
        P::MixedClocks => "eine Datei hat Zeiten mit Zeitzone (oder Unix-Zeiten), die andere \
                           Uhrzeiten ohne: exportieren Sie beide gleich"
            .to_owned(),
        P::TooShort { hours, min } => format!(
            "der Export umfasst {hours} Stunden; mindestens {min} sind nötig (exportieren Sie \
             einen Monat)"
        ),
        P::TooLongPeriod { days, max } => format!(
            "der Export umfasst {days} Tage; höchstens {max} werden gelesen (exportieren Sie \
             einen Monat)"
        ),
        P::StepTooLong { seconds } => format!(
            "eine Schrittweite von {seconds} s: aus Messwerten, die über eine Stunde \
             auseinanderliegen, lassen sich keine Stunden zählen (exportieren Sie mit 15 s bis \
             5 min)"
        ),
        P::NoUsableSample => "die Serien vllm:num_requests_running enthalten keinen brauchbaren \
                              Messwert (alle leer, NaN oder unendlich)"
            .to_owned(),
        P::NoRunningSeries { found } => {
            let found = if found.is_empty() {
                "gar keine Serie".to_owned()
            } else {
                format!("nur {}", found.join(", "))
            };
            format!(
                "keine Serie vllm:num_requests_running ({found}); sie ist nötig: exportieren Sie \
                 sie oder wählen Sie, dass Serien ohne Metriknamen sie sind"
            )
        }
        P::NoSuchServer { server } => format!("kein Server {server} im Export"),
        P::LineTooLong => "eine Zeile länger als 4 MiB".to_owned(),
        P::NoRows => "die Datei hat eine Kopfzeile, aber keine Zeilen".to_owned(),
        P::JsonNotCsv => "das ist JSON, kein CSV: es wird als Antwort von Prometheus \
                          query_range gelesen"
            .to_owned(),
        P::HeaderTooNarrow => "die Kopfzeile braucht eine Zeitspalte und mindestens eine \
                               Serienspalte (getrennt durch ',', ';' oder Tabulator)"
            .to_owned(),
        P::ColumnNamesNoMetric { column, title } => format!(
            "Spalte {column} („{title}“) nennt keine Metrik: wählen Sie, welche Metrik die Datei \
             enthält"
        ),
        P::UnclosedQuote => "ein Anführungszeichen ohne Ende".to_owned(),
        P::NotATime { text } => format!(
            "„{text}“ ist keine Zeit (ISO 8601, Unix-Sekunden oder -Millisekunden, 1970–2199)"
        ),
        P::MixedZones => "Zeiten mit und ohne Zeitzone in einer Datei".to_owned(),
        P::TooManyFields { columns } => {
            format!("mehr Felder als die {columns} Spalten der Kopfzeile")
        }
        P::TooFewFields { fields, columns } => {
            format!("{fields} Felder, die Kopfzeile hat {columns} Spalten")
        }
        P::NotANumber { text } => format!("„{text}“ ist keine Zahl"),
        P::SeriesNamesNoMetric => "diese Serie hat kein Label __name__: wählen Sie, welche \
                                   Metrik die Datei enthält"
            .to_owned(),
        P::PrometheusError {
            status,
            error_type,
            error,
        } => format!(
            "Prometheus antwortete mit Status „{status}“: {}: {}",
            error_type.as_deref().unwrap_or("ohne Fehlerart"),
            error.as_deref().unwrap_or("ohne Meldung")
        ),
        P::CutOff => {
            "die Datei endet vor dem JSON-Dokument (ein abgeschnittener Export?)".to_owned()
        }
        P::NoResult => "kein data.result: keine Antwort von Prometheus query_range".to_owned(),
        P::Json(j) => german_json(j),
    }
}

fn german_json(problem: &JsonProblem) -> String {
    use JsonProblem as J;
    match problem {
        J::NotQueryRange => {
            "keine Antwort von Prometheus query_range (ein JSON-Objekt wird erwartet)".to_owned()
        }
        J::UnexpectedCharacter => "unerwartetes Zeichen".to_owned(),
        J::TextAfterEnd => "Text nach dem Ende des JSON-Dokuments".to_owned(),
        J::KeyNotQuoted => "ein Schlüssel in doppelten Anführungszeichen wird erwartet".to_owned(),
        J::ColonExpected => "':' nach dem Schlüssel wird erwartet".to_owned(),
        J::KeyExpected => "ein Schlüssel wird erwartet".to_owned(),
        J::CommaOrClose { closer } => format!("',' oder '{closer}' wird erwartet"),
        J::TooDeep { max } => {
            format!("Listen und Objekte mehr als {max} Ebenen tief ineinander verschachtelt")
        }
        J::ValueTooLong => "ein einzelner Wert länger als 1 MiB".to_owned(),
        J::EndsInString => "die Datei endet in einer Zeichenkette".to_owned(),
        J::BadEscape => "eine ungültige Escape-Folge in einer Zeichenkette".to_owned(),
        J::InstantQuery => "eine Sofortabfrage (resultType „vector“): exportieren Sie eine \
                            Bereichsabfrage (/api/v1/query_range) über den Monat"
            .to_owned(),
        J::ResultType { found } => {
            format!("resultType „{found}“: eine Bereichsabfrage („matrix“) ist nötig")
        }
        J::ResultTypeNotString => "„resultType“ muss eine Zeichenkette sein".to_owned(),
        J::DataNotObject => "„data“ muss ein Objekt sein".to_owned(),
        J::ResultNotArray => "„result“ muss eine Liste sein".to_owned(),
        J::ItemShape => "jedes Ergebnis muss ein Objekt mit „metric“ und „values“ sein".to_owned(),
        J::MetricNotObject => "„metric“ muss ein Objekt aus Labels sein".to_owned(),
        J::LabelNotString => "ein Label-Wert muss eine Zeichenkette sein".to_owned(),
        J::ValuesShape => "„values“ muss eine Liste aus [Zeit, „Wert“] sein".to_owned(),
        J::SampleShape => "ein Messwert ist [Zeit, „Wert“]".to_owned(),
        J::TimestampNotSeconds => "ein Zeitstempel muss in Unix-Sekunden sein".to_owned(),
        J::TimestampRange => "ein Zeitstempel vor 1970 oder nach 2199".to_owned(),
        J::ValueShape => "ein Messwert muss eine Zahl in einer Zeichenkette sein".to_owned(),
        J::UnexpectedValue => "unerwarteter Wert".to_owned(),
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
    intro: "Export a month of serving metrics and the calculator counts, per model server, the hours with at least one running request: the productive hours the method counts.",
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
    column: "column",
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
    // Issue 14: the banner repeats the GPU counts.
    source_gpus: ", {gpus} GPU(s)",
    source_assumed: " ({k} of them assumed, 1 per server: no count given and no DCGM GPU found)",
};

static DE: Tx = Tx {
    intro: "Exportieren Sie einen Monat Serving-Metriken: Der Rechner zählt je Modellserver die Stunden mit mindestens einer laufenden Anfrage – die produktiven Stunden, die die Methode zählt.",
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
    column: "Spalte",
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
    // Issue 14: the banner repeats the GPU counts.
    source_gpus: ", {gpus} GPU(s)",
    source_assumed: " (davon {k} angenommen, 1 je Server: keine Zahl angegeben und keine DCGM-GPU gefunden)",
};

#[cfg(test)]
mod tests {
    use gpu_tco_core::metrics::{ImportOptions, parse_metrics};
    use gpu_tco_core::{JsonProblem, MetricsProblem};

    use super::metrics_error;
    use crate::i18n::Lang;

    fn both(text: &str) -> (String, String) {
        let e = parse_metrics(text, &ImportOptions::default()).unwrap_err();
        let gpu_tco_core::Error::Metrics {
            path,
            column,
            problem,
        } = &e
        else {
            panic!("expected a metrics error, got {e:?}");
        };
        (
            metrics_error(Lang::En, path, *column, problem),
            metrics_error(Lang::De, path, *column, problem),
        )
    }

    #[test]
    fn a_file_the_core_rejects_reads_in_both_languages_with_line_and_column() {
        let (en, de) = both("{\"status\": \"success\",\n  \"data\": [1]}");
        assert_eq!(en, "line 2, column 11: \"data\" must be an object");
        assert_eq!(de, "Zeile 2, Spalte 11: „data“ muss ein Objekt sein");
        let (en, de) = both("time,vllm:num_requests_running\n2026-01-05T10:00:00Z,abc\n");
        assert_eq!(en, "line 2, column 2: \"abc\" is not a number");
        assert_eq!(de, "Zeile 2, Spalte 2: „abc“ ist keine Zahl");
        let (en, de) = both("");
        assert_eq!(en, "the file is empty");
        assert_eq!(de, "die Datei ist leer");
    }

    #[test]
    fn the_missing_metric_reads_as_before() {
        let p = MetricsProblem::NoRunningSeries {
            found: vec!["DCGM_FI_PROF_SM_ACTIVE".into()],
        };
        assert_eq!(
            metrics_error(Lang::De, "metrics", None, &p),
            "keine Serie vllm:num_requests_running (nur DCGM_FI_PROF_SM_ACTIVE); sie ist nötig: \
             exportieren Sie sie oder wählen Sie, dass Serien ohne Metriknamen sie sind"
        );
        assert_eq!(
            metrics_error(Lang::En, "metrics", None, &p),
            "no vllm:num_requests_running series (only DCGM_FI_PROF_SM_ACTIVE); it is required: \
             export it, or say that series without a name are it"
        );
        let none = MetricsProblem::NoRunningSeries { found: vec![] };
        assert!(metrics_error(Lang::De, "metrics", None, &none).contains("(gar keine Serie)"));
    }

    #[test]
    fn no_german_text_is_the_english_one() {
        // Every problem has its own German wording (the match in `german` is exhaustive; this
        // guards against a copied English text).
        let json = [
            JsonProblem::NotQueryRange,
            JsonProblem::UnexpectedCharacter,
            JsonProblem::TextAfterEnd,
            JsonProblem::KeyNotQuoted,
            JsonProblem::ColonExpected,
            JsonProblem::KeyExpected,
            JsonProblem::CommaOrClose { closer: ']' },
            JsonProblem::TooDeep { max: 32 },
            JsonProblem::ValueTooLong,
            JsonProblem::EndsInString,
            JsonProblem::BadEscape,
            JsonProblem::InstantQuery,
            JsonProblem::ResultType { found: "x".into() },
            JsonProblem::ResultTypeNotString,
            JsonProblem::DataNotObject,
            JsonProblem::ResultNotArray,
            JsonProblem::ItemShape,
            JsonProblem::MetricNotObject,
            JsonProblem::LabelNotString,
            JsonProblem::ValuesShape,
            JsonProblem::SampleShape,
            JsonProblem::TimestampNotSeconds,
            JsonProblem::TimestampRange,
            JsonProblem::ValueShape,
            JsonProblem::UnexpectedValue,
        ];
        let mut all: Vec<MetricsProblem> = json.into_iter().map(MetricsProblem::Json).collect();
        all.extend([
            MetricsProblem::Empty,
            MetricsProblem::NotText { offset: 4 },
            MetricsProblem::MixedClocks,
            MetricsProblem::TooShort { hours: 5, min: 24 },
            MetricsProblem::TooLongPeriod {
                days: 500,
                max: 400,
            },
            MetricsProblem::StepTooLong { seconds: 7200 },
            MetricsProblem::NoUsableSample,
            MetricsProblem::NoSuchServer { server: "a".into() },
            MetricsProblem::LineTooLong,
            MetricsProblem::NoRows,
            MetricsProblem::JsonNotCsv,
            MetricsProblem::HeaderTooNarrow,
            MetricsProblem::ColumnNamesNoMetric {
                column: 2,
                title: "t".into(),
            },
            MetricsProblem::UnclosedQuote,
            MetricsProblem::NotATime { text: "x".into() },
            MetricsProblem::MixedZones,
            MetricsProblem::TooManyFields { columns: 3 },
            MetricsProblem::TooFewFields {
                fields: 2,
                columns: 3,
            },
            MetricsProblem::NotANumber { text: "x".into() },
            MetricsProblem::SeriesNamesNoMetric,
            MetricsProblem::PrometheusError {
                status: "error".into(),
                error_type: None,
                error: None,
            },
            MetricsProblem::CutOff,
            MetricsProblem::NoResult,
        ]);
        for p in &all {
            let en = metrics_error(Lang::En, "metrics", None, p);
            let de = metrics_error(Lang::De, "metrics", None, p);
            assert_ne!(en, de, "{p:?}");
            assert!(!de.is_empty());
        }
    }
}
