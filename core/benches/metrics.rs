//! Benchmarks of the metrics import on ~50 MB exports:
//! `cargo bench -p gpu-tco-core --bench metrics`.
//! Budget (issue 8): a 50 MB export parses well under 1 s natively.

#[allow(dead_code)]
#[path = "../examples/gen_metrics.rs"]
mod gen_metrics;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gen_metrics::{Config, Format, generate};
use gpu_tco_core::metrics::{
    AnalyseOptions, ImportOptions, MetricsImporter, analyse, parse_grafana_csv, parse_prometheus,
};

/// A month at 15-second steps: Prometheus JSON with 1 server and 8 GPUs over 40 days
/// (≈ 48 MB), a Grafana CSV with 4 servers of 8 GPUs over 30 days (≈ 52 MB).
fn exports() -> (String, String) {
    let prom = Config {
        format: Format::Prom,
        days: 40,
        working_days: 28,
        noise: 1,
        ..Config::default()
    };
    let csv = Config {
        format: Format::Csv,
        servers: 4,
        noise: 1,
        ..Config::default()
    };
    let text = |c: &Config| generate(c).unwrap_or_default();
    (text(&prom), text(&csv))
}

fn bench(c: &mut Criterion) {
    let (prom, csv) = exports();
    let options = ImportOptions::default();
    let mut group = c.benchmark_group("metrics");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));

    group.throughput(Throughput::Bytes(prom.len() as u64));
    group.bench_function(format!("parse_prometheus({} MB)", prom.len() >> 20), |b| {
        b.iter(|| parse_prometheus(black_box(&prom), &options))
    });
    group.bench_function(
        format!(
            "MetricsImporter, Prometheus in 1 MB pieces ({} MB)",
            prom.len() >> 20
        ),
        |b| {
            b.iter(|| {
                let mut importer = MetricsImporter::new(options);
                let mut at = 0;
                while at < prom.len() {
                    let mut end = (at + (1 << 20)).min(prom.len());
                    while !prom.is_char_boundary(end) {
                        end += 1;
                    }
                    let _ = importer.feed(black_box(prom.get(at..end).unwrap_or_default()));
                    at = end;
                }
                importer.finish()
            })
        },
    );
    group.throughput(Throughput::Bytes(csv.len() as u64));
    group.bench_function(format!("parse_grafana_csv({} MB)", csv.len() >> 20), |b| {
        b.iter(|| parse_grafana_csv(black_box(&csv), &options))
    });
    group.finish();

    if let Ok(import) = parse_grafana_csv(&csv, &options) {
        let analyse_options = AnalyseOptions::default();
        c.bench_function("analyse(4 servers, 32 GPUs, 30 days)", |b| {
            b.iter(|| analyse(black_box(&import), &analyse_options))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
