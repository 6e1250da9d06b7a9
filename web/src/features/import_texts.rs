//! The strings of the metrics import, German and English (kept beside the import, in the module
//! loaded on demand, as the ranges', the analysis's and the finance view's are beside theirs;
//! the first screen's strings and those it shares are in [`crate::i18n`]). Declared with
//! `texts!` ([`crate::texts`]), as theirs are.

use gpu_tco_core::{JsonProblem, MetricsProblem};

use crate::lang::Lang;

crate::texts::texts! {
    /// The import's strings. `{x}` marks a value filled in.
    pub struct Tx;
    intro {
        en: "Export a month of serving metrics and the calculator counts, per model server, the hours with at least one running request: the productive hours the method counts.",
        de: "Exportieren Sie einen Monat Serving-Metriken: Der Rechner zählt je Modellserver die Stunden mit mindestens einer laufenden Anfrage – die produktiven Stunden, die die Methode zählt.",
    }
    metrics {
        en: "Accepted: the JSON of Prometheus /api/v1/query_range, or the CSV of a Grafana panel (a time column, one column per series). Required: vllm:num_requests_running; optional: vllm:num_requests_waiting and DCGM_FI_PROF_SM_ACTIVE. Steps from 15 s to 5 min.",
        de: "Lesbar: das JSON von Prometheus /api/v1/query_range oder das CSV eines Grafana-Panels (eine Zeitspalte, eine Spalte je Serie). Nötig: vllm:num_requests_running; optional: vllm:num_requests_waiting und DCGM_FI_PROF_SM_ACTIVE. Schrittweiten von 15 s bis 5 min.",
    }
    private {
        en: "The file is read here, in your browser. Nothing is uploaded.",
        de: "Die Datei wird hier im Browser gelesen. Nichts wird hochgeladen.",
    }
    choose {
        en: "Choose a metrics file",
        de: "Metrik-Datei wählen",
    }
    drop {
        en: "or drop it here",
        de: "oder hierher ziehen",
    }
    gpus {
        en: "GPUs per model server",
        de: "GPUs je Modellserver",
    }
    gpus_hint {
        en: "Empty: counted from the DCGM series of each server, else 1.",
        de: "Leer: aus den DCGM-Serien je Server gezählt, sonst 1.",
    }
    offset {
        en: "Local time: UTC +",
        de: "Ortszeit: UTC +",
    }
    offset_hint {
        en: "Hours (e.g. 1 or 5.5), for hours of the day and weekdays. Preset from this browser's time zone.",
        de: "Stunden (z. B. 1 oder 5,5), für Tagesstunden und Wochentage. Vorbelegt mit der Zeitzone dieses Browsers.",
    }
    unnamed {
        en: "Series without a metric name",
        de: "Serien ohne Metriknamen",
    }
    unnamed_none {
        en: "are an error",
        de: "sind ein Fehler",
    }
    unnamed_running {
        en: "are running requests",
        de: "sind laufende Anfragen",
    }
    unnamed_waiting {
        en: "are waiting requests",
        de: "sind wartende Anfragen",
    }
    unnamed_sm {
        en: "are SM activity",
        de: "sind SM-Aktivität",
    }
    reading {
        en: "Reading {name} …",
        de: "{name} wird gelesen …",
    }
    progress {
        en: "{read} of {total} MB read",
        de: "{read} von {total} MB gelesen",
    }
    cancel {
        en: "Cancel",
        de: "Abbrechen",
    }
    cancelled {
        en: "Reading {name} was cancelled.",
        de: "Das Lesen von {name} wurde abgebrochen.",
    }
    failed {
        en: "{name} could not be used: {reason}",
        de: "{name} ist nicht verwendbar: {reason}",
    }
    unreadable {
        en: "the browser could not read the file",
        de: "der Browser konnte die Datei nicht lesen",
    }
    too_big {
        en: "the file is larger than {max} MB; export a shorter period or fewer series",
        de: "die Datei ist größer als {max} MB; exportieren Sie einen kürzeren Zeitraum oder weniger Serien",
    }
    line {
        en: "line",
        de: "Zeile",
    }
    column {
        en: "column",
        de: "Spalte",
    }
    bad_gpus {
        en: "Enter a whole number from 1 to 1,024, or leave it empty.",
        de: "Bitte eine ganze Zahl von 1 bis 1.024 eingeben oder leer lassen.",
    }
    bad_offset {
        en: "Enter hours from −14 to 14 in quarter hours (e.g. 1, −5 or 5.75).",
        de: "Bitte Stunden von −14 bis 14 in Viertelstunden eingeben (z. B. 1, −5 oder 5,75).",
    }
    read_in {
        en: "{name}: {mb} MB read in {s} s.",
        de: "{name}: {mb} MB in {s} s gelesen.",
    }
    period {
        en: "Period",
        de: "Zeitraum",
    }
    step {
        en: "every {s} s",
        de: "alle {s} s",
    }
    scaled {
        en: "Figures per month are scaled by {f} (730 hours ÷ hours covered).",
        de: "Monatswerte sind mit {f} skaliert (730 Stunden ÷ erfasste Stunden).",
    }
    busy_hours {
        en: "Busy hours",
        de: "Belegte Stunden",
    }
    share {
        en: "Productive share",
        de: "Produktiver Anteil",
    }
    gpu_hours {
        en: "Busy GPU-hours",
        de: "Belegte GPU-Stunden",
    }
    starts {
        en: "Starts per busy day",
        de: "Starts je belegtem Tag",
    }
    waiting {
        en: "Hours with waiting requests",
        de: "Stunden mit wartenden Anfragen",
    }
    waiting_hint {
        en: "Hours in which requests queued: the load an overflow (hybrid) must take.",
        de: "Stunden, in denen sich Anfragen stauten: die Last, die ein Überlauf (Hybrid) tragen muss.",
    }
    sm_busy {
        en: "SM activity in busy hours",
        de: "SM-Aktivität in belegten Stunden",
    }
    sm_idle {
        en: "SM activity in other hours",
        de: "SM-Aktivität in übrigen Stunden",
    }
    gaps {
        en: "Hours without samples (counted idle)",
        de: "Stunden ohne Messwerte (als Leerlauf gezählt)",
    }
    per_month {
        en: "per month",
        de: "pro Monat",
    }
    servers {
        en: "Model servers",
        de: "Modellserver",
    }
    server {
        en: "Server (labels)",
        de: "Server (Labels)",
    }
    server_gpus {
        en: "GPUs",
        de: "GPUs",
    }
    from_given {
        en: "as entered",
        de: "eingegeben",
    }
    from_dcgm {
        en: "from DCGM",
        de: "aus DCGM",
    }
    from_assumed {
        en: "assumed",
        de: "angenommen",
    }
    batch {
        en: "Batch",
        de: "Batch",
    }
    batch_label {
        en: "{server} runs batch work",
        de: "{server} rechnet Batch-Jobs",
    }
    notes {
        en: "What the import did with the data",
        de: "Was der Import mit den Daten gemacht hat",
    }
    heat {
        en: "When the servers are busy",
        de: "Wann die Server belegt sind",
    }
    heat_caption {
        en: "Share of each hour of the week with at least one running request (darker = busier), with the mean SM activity in the busy hours.",
        de: "Anteil jeder Wochenstunde mit mindestens einer laufenden Anfrage (dunkler = belegter), mit der mittleren SM-Aktivität in den belegten Stunden.",
    }
    heat_cell {
        en: "{day} {hour}:00: busy {share} ({busy} of {n} hours)",
        de: "{day} {hour}:00 Uhr: belegt {share} ({busy} von {n} Stunden)",
    }
    heat_sm {
        en: ", SM activity {sm}",
        de: ", SM-Aktivität {sm}",
    }
    heat_never {
        en: "{day} {hour}:00: not in the period",
        de: "{day} {hour}:00 Uhr: nicht im Zeitraum",
    }
    weekdays: [&'static str; 7] {
        en: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        de: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
    }
    use_profile {
        en: "Use as load profile",
        de: "Als Lastprofil verwenden",
    }
    use_hint {
        en: "Replaces the working days, windows and peaks by the measured month in every result, chart and analysis; you can go back to the calendar at any time.",
        de: "Ersetzt Werktage, Zeitfenster und Spitzen in allen Ergebnissen, Diagrammen und Analysen durch den gemessenen Monat; der Weg zurück zum Kalender bleibt jederzeit offen.",
    }
    in_use {
        en: "This measurement is the load profile now.",
        de: "Diese Messung ist jetzt das Lastprofil.",
    }
    source {
        en: "{name}, {first} – {last}, {n}",
        de: "{name}, {first} – {last}, {n}",
    }
    not_in_link {
        en: "A share link does not carry a measured load (only the calendar); save the scenario as a file to keep it.",
        de: "Ein geteilter Link enthält keine gemessene Last (nur den Kalender); speichern Sie das Szenario als Datei, um sie zu behalten.",
    }
    n_not_a_month {
        en: "The period covers {days} days, not a month: figures per month are scaled by {f}.",
        de: "Der Zeitraum umfasst {days} Tage, keinen Monat: Monatswerte sind mit {f} skaliert.",
    }
    n_gaps {
        en: "{server}: {h} h without any sample, counted as idle.",
        de: "{server}: {h} Std. ganz ohne Messwert, als Leerlauf gezählt.",
    }
    n_duplicates {
        en: "{n} samples with a repeated timestamp were dropped.",
        de: "{n} Messwerte mit wiederholtem Zeitstempel wurden verworfen.",
    }
    n_duplicates_one {
        en: "1 sample with a repeated timestamp was dropped.",
        de: "1 Messwert mit wiederholtem Zeitstempel wurde verworfen.",
    }
    n_out_of_order {
        en: "{n} samples out of time order were put in order (the figures do not depend on it).",
        de: "{n} Messwerte außer der Zeitfolge wurden sortiert (die Zahlen hängen nicht davon ab).",
    }
    n_out_of_order_one {
        en: "1 sample out of time order was put in order (the figures do not depend on it).",
        de: "1 Messwert außer der Zeitfolge wurde einsortiert (die Zahlen hängen nicht davon ab).",
    }
    n_negative {
        en: "{n} negative values (impossible for these gauges) were read as 0.",
        de: "{n} negative Werte (bei diesen Messgrößen unmöglich) wurden als 0 gelesen.",
    }
    n_negative_one {
        en: "1 negative value (impossible for these gauges) was read as 0.",
        de: "1 negativer Wert (bei diesen Messgrößen unmöglich) wurde als 0 gelesen.",
    }
    n_non_finite {
        en: "{n} NaN or infinite values were dropped, as missed scrapes.",
        de: "{n} NaN- oder unendliche Werte wurden wie verpasste Abfragen verworfen.",
    }
    n_non_finite_one {
        en: "1 NaN or infinite value was dropped, as a missed scrape.",
        de: "1 NaN- oder unendlicher Wert wurde wie eine verpasste Abfrage verworfen.",
    }
    n_mixed {
        en: "{series} was exported with several steps ({steps} s); hours are counted the same way.",
        de: "{series} wurde mit mehreren Schrittweiten ({steps} s) exportiert; Stunden werden gleich gezählt.",
    }
    n_coarse {
        en: "Steps of {s} s are longer than 5 minutes: requests between two samples are not seen, so busy hours may be too few.",
        de: "Schritte von {s} s sind länger als 5 Minuten: Anfragen zwischen zwei Messwerten bleiben unsichtbar, belegte Stunden können fehlen.",
    }
    n_assumed {
        en: "{server}: no GPU count given and no DCGM GPU found, counted as {n}.",
        de: "{server}: keine GPU-Zahl angegeben und keine DCGM-GPU gefunden, als {n} gezählt.",
    }
    n_unattributed {
        en: "{n} DCGM GPUs match no single server and are left out of the servers' SM activity.",
        de: "{n} DCGM-GPUs passen zu keinem einzelnen Server und fehlen in der SM-Aktivität der Server.",
    }
    n_unattributed_one {
        en: "1 DCGM GPU matches no single server and is left out of the servers' SM activity.",
        de: "1 DCGM-GPU passt zu keinem einzelnen Server und fehlt in der SM-Aktivität der Server.",
    }
    n_waiting {
        en: "{n} waiting-queue series match no running-request series and are not used.",
        de: "{n} Warteschlangen-Serien passen zu keiner Serie laufender Anfragen und werden nicht verwendet.",
    }
    n_waiting_one {
        en: "1 waiting-queue series matches no running-request series and is not used.",
        de: "1 Warteschlangen-Serie passt zu keiner Serie laufender Anfragen und wird nicht verwendet.",
    }
    n_ignored {
        en: "Metrics not read: {names}.",
        de: "Nicht gelesene Metriken: {names}.",
    }
    n_local {
        en: "The times carry no time zone: hours and weekdays are read as written, no UTC offset applied.",
        de: "Die Zeiten haben keine Zeitzone: Stunden und Wochentage gelten wie geschrieben, ohne UTC-Versatz.",
    }
    // Issue 14: the banner repeats the GPU counts.
    source_gpus {
        en: ", {gpus}",
        de: ", {gpus}",
    }
    /// Counts in [`Tx::source`] and [`Tx::source_gpus`].
    source_server_one {
        en: "1 server",
        de: "1 Server",
    }
    source_server_many {
        en: "{n} servers",
        de: "{n} Server",
    }
    source_gpu_one {
        en: "1 GPU",
        de: "1 GPU",
    }
    source_gpu_many {
        en: "{n} GPUs",
        de: "{n} GPUs",
    }
    source_assumed {
        en: " ({k} of them assumed, 1 per server: no count given and no DCGM GPU found)",
        de: " (davon {k} angenommen, 1 je Server: keine Zahl angegeben und keine DCGM-GPU gefunden)",
    }
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
        Some(c) => format!("{} {c}: {text}", tx.column()),
        None => text,
    };
    match path.strip_prefix("metrics.line.") {
        Some(line) => format!("{} {line}, {text}", tx.line()),
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
