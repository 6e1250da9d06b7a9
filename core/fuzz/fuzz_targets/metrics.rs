//! Arbitrary bytes, read as UTF-8 (lossy), into both metrics parsers, whole and in pieces;
//! and as raw byte slices the way the page reads a file; whatever reads is analysed, and its
//! load profiles evaluated (also as a scenario's measured load). None of it may panic (a panic
//! kills the WebAssembly instance of the page), and reading in pieces must give what reading
//! the whole text gives.
#![no_main]

use gpu_tco_core::metrics::{
    AnalyseOptions, ImportOptions, Metric, MetricsImport, MetricsImporter, MonthRule, analyse,
    parse_grafana_csv, parse_metrics, parse_prometheus,
};
use gpu_tco_core::{Scenario, evaluate_profile};
use libfuzzer_sys::fuzz_target;

/// Reads the text in pieces of `size` bytes (widened to character boundaries).
fn in_pieces(
    text: &str,
    size: usize,
    options: ImportOptions,
) -> gpu_tco_core::Result<MetricsImport> {
    let mut importer = MetricsImporter::new(options);
    let mut at = 0;
    while at < text.len() {
        let mut end = (at + size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        importer.feed(&text[at..end])?;
        at = end;
    }
    importer.finish()
}

fn use_import(import: &MetricsImport, scenario: &Scenario) {
    let options = [
        AnalyseOptions::default(),
        AnalyseOptions {
            gpus_per_server: Some(8),
            utc_offset_minutes: 90,
            month: MonthRule::Proportional,
            batch_servers: import
                .series
                .iter()
                .filter(|s| s.metric == Metric::Running)
                .take(1)
                .map(|s| s.id())
                .collect(),
            ..AnalyseOptions::default()
        },
    ];
    for o in &options {
        if let Ok(measured) = analyse(import, o) {
            let _ = serde_json::to_string(&measured);
            let mut with_measured = scenario.clone();
            with_measured.calendar.measured = Some(measured.calendar_load("fuzz"));
            assert!(
                with_measured.validate().is_ok(),
                "an analysis gave an invalid measured load"
            );
            let _ = gpu_tco_core::evaluate(&with_measured);
            for profile in [measured.load_profile(), measured.weekly_profile()] {
                assert!(
                    profile.validate().is_ok(),
                    "an analysis gave an invalid profile"
                );
                let _ = evaluate_profile(scenario, &profile);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let size = data.first().map_or(1, |b| usize::from(*b % 64) + 1);
    let scenario = Scenario::default();
    for unnamed in [None, Some(Metric::Running)] {
        let options = ImportOptions { unnamed };
        for import in [
            parse_prometheus(&text, &options),
            parse_grafana_csv(&text, &options),
        ]
        .into_iter()
        .flatten()
        {
            use_import(&import, &scenario);
        }
        let whole = parse_metrics(&text, &options);
        let pieces = in_pieces(&text, size, options);
        // The page's way: raw byte slices, a character cut by a border carried over.
        let mut importer = MetricsImporter::new(options);
        let bytes = data
            .chunks(size)
            .try_for_each(|c| importer.feed_bytes(c))
            .and_then(|()| importer.finish());
        match (std::str::from_utf8(data), &bytes) {
            (Ok(_), _) => assert_eq!(
                bytes.as_ref().ok(),
                whole.as_ref().ok(),
                "byte slices of {size} read differently"
            ),
            (Err(_), Ok(_)) => panic!("bytes that are not UTF-8 were read"),
            (Err(_), Err(_)) => {}
        }
        match (&whole, &pieces) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "pieces of {size} read differently"),
            (Err(_), Err(_)) => {}
            _ => panic!("whole: {whole:?}, pieces of {size}: {pieces:?}"),
        }
    }
});
