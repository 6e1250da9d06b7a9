//! The metrics import (issue 8): a month of vLLM and DCGM metrics from Prometheus or Grafana
//! into measured busy hours and a load profile, checked against the worked example of seed 000
//! (21 working days × 16 busy hours = 336 hours, 2,688 GPU-hours on 8 GPUs, two starts a day).

#[allow(dead_code)]
#[path = "../../examples/gen_metrics.rs"]
mod gen_metrics;

use gen_metrics::{Config, Format, TimeFormat, generate};
use gpu_tco_core::metrics::{
    AnalyseOptions, CsvImporter, GpuCountSource, ImportOptions, MAX_METRICS_BYTES, Measured,
    Metric, MetricsClock, MetricsImport, MetricsImporter, MetricsNote, MonthRule, PromImporter,
    ServerGpus, analyse, parse_grafana_csv, parse_metrics, parse_prometheus,
};
use gpu_tco_core::{Error, JsonProblem, MetricsProblem, Scenario, evaluate_profile};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

fn text(cfg: &Config) -> String {
    generate(cfg).expect("the generator accepts the config")
}

fn month(format: Format, step: u32) -> Config {
    Config {
        format,
        step,
        ..Config::default()
    }
}

fn import(text: &str) -> MetricsImport {
    parse_metrics(text, &ImportOptions::default()).expect("the export reads")
}

fn measure(text: &str) -> Measured {
    analyse(&import(text), &AnalyseOptions::default()).expect("the export analyses")
}

/// Feeds the text in pieces of varying size, as a page reading a file would.
fn import_in_pieces(text: &str, options: ImportOptions) -> MetricsImport {
    let mut importer = MetricsImporter::new(options);
    let mut at = 0;
    let mut size = 1;
    while at < text.len() {
        let mut end = (at + size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        importer.feed(&text[at..end]).expect("a piece reads");
        at = end;
        size = size * 7 % 65_521 + 1;
    }
    assert_eq!(importer.bytes_read(), text.len() as u64);
    importer.finish().expect("the pieces read")
}

/// The worked example's figures, measured.
fn assert_worked_example(m: &Measured) {
    let t = &m.total;
    assert_eq!(m.period.hours, 720, "30 days");
    assert_eq!(m.period.days, dec!(30));
    assert_eq!(t.busy_hours, 336, "21 working days × 16 h");
    assert_eq!(t.busy_gpu_hours, dec!(2688), "336 h × 8 GPUs");
    assert_eq!(t.gpus, 8);
    // A 30-day month with 21 working days is the model's month: no scaling of busy hours.
    assert_eq!(m.scaling.rule, MonthRule::CalendarMonth);
    assert_eq!(m.scaling.factor, Decimal::ONE);
    assert_eq!(t.busy_hours_per_month, dec!(336));
    assert_eq!(t.busy_gpu_hours_per_month, dec!(2688));
    assert_eq!(t.productive_share_per_month, dec!(0.4603));
    assert_eq!(t.productive_share_per_month.round_dp(2), dec!(0.46));
    // Of the 720 hours covered: 46.67 %.
    assert_eq!(t.productive_share, dec!(0.4667));
    assert_eq!(t.starts, 42);
    assert_eq!(t.busy_days, 21);
    assert_eq!(t.starts_per_busy_day, dec!(2));
    assert_eq!(t.starts_per_day, dec!(1.4));
    assert_eq!(t.gap_hours, 0);
    assert_eq!(m.servers.len(), 1);
    assert_eq!(m.servers[0].figures.busy_hours, 336);
}

#[test]
fn a_clean_month_from_prometheus_is_the_worked_example() {
    let m = measure(&text(&month(Format::Prom, 15)));
    assert_worked_example(&m);
    let server = &m.servers[0];
    assert_eq!(
        server.id,
        r#"{instance="gpu1:8000",job="vllm",model_name="llama-3.1-70b"}"#
    );
    assert_eq!(server.gpus, 8);
    assert_eq!(server.gpus_from, GpuCountSource::Dcgm);
    assert_eq!(server.dcgm_gpus, 8);
    assert_eq!(server.step_seconds, Some(15));
    assert_eq!(server.samples, 30 * 24 * 240);
    assert_eq!(server.missing_samples, 0);
    // Requests wait in the hours 09 and 14 of every working day.
    assert_eq!(m.total.waiting_hours, 42);
    assert_eq!(m.total.waiting_hours_per_month, dec!(42));
    // SM activity: 0.4–0.8 while serving, 0 otherwise.
    let busy = m.total.sm_active_busy.unwrap();
    assert!(busy > dec!(0.55) && busy < dec!(0.65), "{busy}");
    assert_eq!(m.total.sm_active_idle, Some(Decimal::ZERO));
    assert_eq!(m.gpus.len(), 8);
    assert!(
        m.gpus
            .iter()
            .all(|g| g.server.as_deref() == Some(server.id.as_str()))
    );
    assert_eq!(m.notes, vec![]);
    assert_eq!(m.period.first, "2026-06-01T00:00:00Z");
    assert_eq!(m.period.last, "2026-06-30T23:59:45Z");
    assert_eq!(m.period.step_seconds, 15);
}

#[test]
fn a_clean_month_from_grafana_is_the_worked_example() {
    for time in [TimeFormat::Ms, TimeFormat::S, TimeFormat::Iso] {
        let cfg = Config {
            time,
            ..month(Format::Csv, 60)
        };
        let m = measure(&text(&cfg));
        assert_worked_example(&m);
        assert_eq!(m.total.waiting_hours, 42);
        assert_eq!(m.servers[0].gpus_from, GpuCountSource::Dcgm);
        assert_eq!(m.notes, vec![], "{time:?}");
    }
}

#[test]
fn every_step_from_15_seconds_to_5_minutes_counts_the_same_hours() {
    for step in [15, 30, 60, 120, 300] {
        for format in [Format::Prom, Format::Csv] {
            let cfg = Config {
                only_running: true,
                ..month(format, step)
            };
            let options = AnalyseOptions {
                gpus_per_server: Some(8),
                ..AnalyseOptions::default()
            };
            let m = analyse(&import(&text(&cfg)), &options).unwrap();
            assert_worked_example(&m);
            assert_eq!(m.period.step_seconds, step);
            assert_eq!(m.servers[0].gpus_from, GpuCountSource::Given);
        }
    }
}

#[test]
fn local_times_and_utc_offsets_put_the_hours_where_they_were_worked() {
    // The schedule in Berlin summer time (UTC+2), exported as instants.
    let berlin = Config {
        utc_offset_minutes: 120,
        ..month(Format::Csv, 300)
    };
    let export = text(&berlin);
    let options = AnalyseOptions {
        utc_offset_minutes: 120,
        ..AnalyseOptions::default()
    };
    let m = analyse(&import(&export), &options).unwrap();
    assert_worked_example(&m);
    assert_eq!(m.period.first, "2026-06-01T00:00:00+02:00");
    // Read as UTC, the working day shifts by two hours: the batch now starts at 23:00 the day
    // before, so the same hours fall on other days (hours and starts stay, the weekdays move).
    let utc = measure(&export);
    assert_eq!(utc.total.busy_hours, 336);
    assert_eq!(utc.total.heat_map[0][21].busy_hours, 0);
    assert_eq!(m.total.heat_map[0][23].busy_hours, 0);
    assert_eq!(
        utc.total.heat_map[6][23].busy_hours, 5,
        "Sunday 23:00 UTC = Monday 01:00"
    );
    // Wall-clock times without a zone are read as written, and no offset is applied.
    let local = Config {
        time: TimeFormat::Local,
        ..berlin
    };
    let import = import(&text(&local));
    assert_eq!(import.clock, MetricsClock::Local);
    let m = analyse(&import, &options).unwrap();
    assert_worked_example(&m);
    assert_eq!(m.notes, vec![MetricsNote::LocalTimes]);
    assert_eq!(m.period.first, "2026-06-01T00:00:00");
    assert_eq!(m.period.utc_offset_minutes, 0);
}

#[test]
fn the_heat_map_shows_the_working_week() {
    let m = measure(&text(&month(Format::Prom, 60)));
    let map = &m.total.heat_map;
    assert_eq!(map.len(), 7);
    assert!(map.iter().all(|day| day.len() == 24));
    // June 2026: five Mondays, all worked; five Tuesdays, one (16 June) off.
    assert_eq!((map[0][7].hours, map[0][7].busy_hours), (5, 5));
    assert_eq!(map[0][7].busy_share, dec!(1));
    assert_eq!(map[1][7].busy_share, dec!(0.8));
    assert_eq!(map[2][18].busy_share, dec!(1));
    assert_eq!(map[2][19].busy_share, dec!(0));
    assert_eq!(map[0][1].busy_share, dec!(1), "the night batch");
    assert_eq!(map[0][5].busy_share, dec!(0));
    assert_eq!(map[5][10].busy_share, dec!(0), "Saturday");
    let sm = map[0][10].sm_active.unwrap();
    assert!(sm > dec!(0.4) && sm < dec!(0.8), "{sm}");
    assert_eq!(map[5][10].sm_active, None);
    // Per server too.
    assert_eq!(m.servers[0].figures.heat_map, m.total.heat_map);
}

#[test]
fn the_load_profile_prices_like_the_worked_example() {
    let m = measure(&text(&month(Format::Prom, 60)));
    let profile = m.load_profile();
    profile.validate().unwrap();
    assert_eq!(profile.days.len(), 2, "a working day and an idle day");
    assert_eq!(profile.days[0].days, dec!(21));
    assert_eq!(profile.days[1].days, dec!(9));
    assert_eq!(profile.days[0].service[7], 8);
    assert_eq!(profile.days[0].service[19], 0);
    let report = evaluate_profile(&Scenario::default(), &profile).unwrap();
    assert_eq!(report.load.productive_hours, dec!(336));
    assert_eq!(report.load.productive_gpu_hours, dec!(2688));
    assert_eq!(report.load.productive_share, dec!(0.4603));
    assert_eq!(report.load.starts_per_day, 2);
    assert_eq!(report.load.peak_gpus, 8);
    // Always on: 730 instance-hours, 5,840 GPU-hours, as for the calendar.
    let calendar = gpu_tco_core::evaluate(&Scenario::default()).unwrap();
    assert_eq!(report.rent[0].billed_gpu_hours_per_month, dec!(5840));
    assert_eq!(report.rent[0].billed_instance_hours_per_month, dec!(730));
    assert_eq!(report.own.productive_gpu_hours, dec!(161280));
    // The measured month costs what the calendar's worked example costs.
    for (a, b) in report.rent.iter().zip(&calendar.rent) {
        assert_eq!(a.costs.total, b.costs.total, "{}", a.costs.label);
    }
    assert_eq!(report.own.costs.total, calendar.own.costs.total);
}

#[test]
fn the_weekly_profile_keeps_the_gpu_hours() {
    let m = measure(&text(&month(Format::Csv, 300)));
    let week = m.weekly_profile();
    week.validate().unwrap();
    assert_eq!(week.days.len(), 7);
    let per_day = dec!(730) / dec!(24) / dec!(7);
    assert!(week.days.iter().all(|d| d.days == per_day));
    let gpu_hours = week.productive_gpu_hours().unwrap();
    assert!(
        (gpu_hours - dec!(2688)).abs() <= dec!(2.2),
        "{gpu_hours} vs 2,688"
    );
    // Weekends stay idle; Monday 10:00 (worked every Monday) holds all 8 GPUs.
    assert!(week.days[5].service.iter().all(|g| *g == 0));
    assert_eq!(week.days[0].service[10], 8);
    evaluate_profile(&Scenario::default(), &week).unwrap();
}

#[test]
fn noisy_months_stay_within_the_stated_tolerance() {
    // Noise N adds at most N spurious night hours (and starts) and N idle hours without data;
    // the idle gaps inside busy hours and the missed scrapes must not lose a busy hour.
    let cases = [
        (Format::Prom, 15, 3),
        (Format::Prom, 60, 1),
        (Format::Csv, 60, 2),
        (Format::Csv, 300, 1),
        (Format::Csv, 300, 2),
        (Format::Csv, 300, 3),
    ];
    for (format, step, noise) in cases {
        {
            let cfg = Config {
                noise,
                seed: u64::from(noise) * 7 + u64::from(step),
                ..month(format, step)
            };
            let m = measure(&text(&cfg));
            let t = &m.total;
            let n = noise;
            assert!(
                (336..=336 + n).contains(&t.busy_hours),
                "{format:?} {step} s noise {n}: {} busy hours",
                t.busy_hours
            );
            assert!((42..=42 + n).contains(&t.starts), "{} starts", t.starts);
            assert!((21..=21 + n).contains(&t.busy_days));
            let share = t.productive_share_per_month;
            assert!(share >= dec!(0.4603) && share <= dec!(0.4644), "{share}");
            assert_eq!(t.gap_hours, n, "whole idle hours without a sample");
            assert!(m.notes.contains(&MetricsNote::GapsCountedIdle {
                server: m.servers[0].id.clone(),
                hours: n,
            }));
            assert!(m.servers[0].missing_samples > 0);
            let report = evaluate_profile(&Scenario::default(), &m.load_profile()).unwrap();
            assert_eq!(report.load.productive_hours, Decimal::from(t.busy_hours));
            assert_eq!(report.rent[0].billed_gpu_hours_per_month, dec!(5840));
        }
    }
}

#[test]
fn pieces_of_any_size_read_the_same_as_the_whole() {
    for format in [Format::Prom, Format::Csv] {
        let cfg = Config {
            noise: 2,
            days: 3,
            working_days: 1,
            ..month(format, 60)
        };
        let export = text(&cfg);
        let whole = import(&export);
        assert_eq!(import_in_pieces(&export, ImportOptions::default()), whole);
        match format {
            Format::Prom => {
                let mut p = PromImporter::new(ImportOptions::default());
                for piece in export.as_bytes().chunks(4096) {
                    p.feed(std::str::from_utf8(piece).unwrap()).unwrap();
                }
                assert_eq!(p.finish().unwrap(), whole);
            }
            Format::Csv => {
                let mut c = CsvImporter::new(ImportOptions::default());
                for piece in export.as_bytes().chunks(4096) {
                    c.feed(std::str::from_utf8(piece).unwrap()).unwrap();
                }
                assert_eq!(c.finish().unwrap(), whole);
            }
        }
    }
}

#[test]
fn the_committed_samples_are_the_generators_and_read_as_the_worked_example() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    let cases = [
        ("month_5m.prom.json", Format::Prom, 0),
        ("month_5m.csv", Format::Csv, 0),
        ("noisy_5m.csv", Format::Csv, 2),
    ];
    for (file, format, noise) in cases {
        let stored = std::fs::read_to_string(format!("{dir}{file}")).unwrap();
        assert!(
            stored.len() < 200 * 1024,
            "{file} is {} bytes",
            stored.len()
        );
        let cfg = Config {
            noise,
            only_running: true,
            ..month(format, 300)
        };
        assert_eq!(stored, text(&cfg), "{file}: regenerate with gen_metrics");
        let options = AnalyseOptions {
            gpus_per_server: Some(8),
            ..AnalyseOptions::default()
        };
        let m = analyse(&import(&stored), &options).unwrap();
        if noise == 0 {
            assert_worked_example(&m);
        } else {
            assert!((336..=338).contains(&m.total.busy_hours));
        }
    }
}

#[test]
fn the_proportional_rule_scales_by_time() {
    let options = AnalyseOptions {
        month: MonthRule::Proportional,
        gpus_per_server: Some(8),
        ..AnalyseOptions::default()
    };
    let cfg = Config {
        only_running: true,
        ..month(Format::Csv, 300)
    };
    let m = analyse(&import(&text(&cfg)), &options).unwrap();
    // 336 × 730 / 720.
    assert_eq!(m.scaling.rule, MonthRule::Proportional);
    assert_eq!(m.scaling.factor, dec!(1.0139));
    assert_eq!(m.total.busy_hours_per_month, dec!(340.6667));
    assert_eq!(m.total.productive_share_per_month, dec!(0.4667));
    assert_eq!(m.total.busy_gpu_hours_per_month, dec!(2725.3333));
    let report = evaluate_profile(&Scenario::default(), &m.load_profile()).unwrap();
    assert_eq!(report.load.productive_hours, dec!(340.6667));
}

#[test]
fn a_period_other_than_a_month_is_scaled_and_said() {
    // One week: 5 working days of 16 h = 80 h in 168 h, × 730 / 168.
    let cfg = Config {
        days: 7,
        working_days: 5,
        only_running: true,
        ..month(Format::Prom, 60)
    };
    let m = analyse(
        &import(&text(&cfg)),
        &AnalyseOptions {
            gpus_per_server: Some(8),
            ..AnalyseOptions::default()
        },
    )
    .unwrap();
    assert_eq!(m.total.busy_hours, 80);
    assert_eq!(m.scaling.rule, MonthRule::Proportional);
    assert_eq!(m.total.busy_hours_per_month, dec!(347.619));
    assert_eq!(
        m.notes[0],
        MetricsNote::NotAMonth {
            days: dec!(7),
            factor: dec!(4.3452)
        }
    );
    let report = evaluate_profile(&Scenario::default(), &m.load_profile()).unwrap();
    assert_eq!(report.load.productive_hours, dec!(347.619));
    // Two months: halved.
    let cfg = Config {
        days: 61,
        working_days: 43,
        only_running: true,
        ..month(Format::Csv, 300)
    };
    let m = measure(&text(&cfg));
    assert_eq!(m.total.busy_hours, 43 * 16);
    assert!(matches!(m.notes[0], MetricsNote::NotAMonth { .. }));
    // Less than a day: refused.
    let short = "Time,vllm:num_requests_running\n1780272000,1\n1780300000,1\n";
    let e = analyse(&import(short), &AnalyseOptions::default()).unwrap_err();
    assert_eq!(e.path(), "metrics");
    assert!(e.to_string().contains("at least 24"), "{e}");
    // Over 400 days: refused.
    let long = "Time,vllm:num_requests_running\n1700000000,1\n1780300000,1\n";
    let e = analyse(&import(long), &AnalyseOptions::default()).unwrap_err();
    assert!(e.to_string().contains("at most 400"), "{e}");
}

/// A CSV month of one server, 5-minute steps, as lines (header first).
fn csv_lines() -> Vec<String> {
    let cfg = Config {
        only_running: true,
        ..month(Format::Csv, 300)
    };
    text(&cfg).lines().map(str::to_owned).collect()
}

fn join(lines: &[String]) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

fn eight() -> AnalyseOptions {
    AnalyseOptions {
        gpus_per_server: Some(8),
        ..AnalyseOptions::default()
    }
}

#[test]
fn out_of_order_and_duplicate_rows_change_nothing_but_are_noted() {
    let lines = csv_lines();
    let clean = analyse(&import(&join(&lines)), &eight()).unwrap();
    let mut reversed = vec![lines[0].clone()];
    reversed.extend(lines[1..].iter().rev().cloned());
    let m = analyse(&import(&join(&reversed)), &eight()).unwrap();
    assert_eq!(m.total, clean.total);
    assert_eq!(
        m.notes,
        vec![MetricsNote::OutOfOrderSorted {
            count: 30 * 288 - 1
        }]
    );
    let mut doubled = vec![lines[0].clone()];
    for l in &lines[1..] {
        doubled.push(l.clone());
        doubled.push(l.clone());
    }
    let m = analyse(&import(&join(&doubled)), &eight()).unwrap();
    assert_eq!(m.total, clean.total);
    assert_eq!(
        m.notes,
        vec![MetricsNote::DuplicatesDropped { count: 30 * 288 }]
    );
}

#[test]
fn gaps_nan_inf_and_negative_values_are_handled_and_noted() {
    let lines = csv_lines();
    // Three hours without rows on Monday 1 June, 08:00–11:00 (busy hours): counted idle.
    let mut gappy = vec![lines[0].clone()];
    gappy.extend(
        lines[1..]
            .iter()
            .enumerate()
            .filter(|(i, _)| !(8 * 12..11 * 12).contains(i))
            .map(|(_, l)| l.clone()),
    );
    let m = analyse(&import(&join(&gappy)), &eight()).unwrap();
    assert_eq!(m.total.busy_hours, 333);
    assert_eq!(m.total.gap_hours, 3);
    assert_eq!(m.total.starts, 43, "the gap splits a run");
    assert_eq!(
        m.notes,
        vec![MetricsNote::GapsCountedIdle {
            server: m.servers[0].id.clone(),
            hours: 3
        }]
    );
    assert_eq!(m.servers[0].missing_samples, 36);
    // NaN and ±Inf: dropped like missed scrapes; negative values: read as 0.
    let mut odd = lines.clone();
    for (i, l) in odd.iter_mut().enumerate().skip(1) {
        let (t, v) = l.split_once(',').unwrap();
        let v = match i % 97 {
            0 => "NaN",
            1 => "+Inf",
            2 => "-Inf",
            3 if v == "0" => "-1",
            _ => v,
        };
        *l = format!("{t},{v}");
    }
    let m = analyse(&import(&join(&odd)), &eight()).unwrap();
    assert_eq!(m.total.busy_hours, 336);
    assert!(
        m.notes
            .contains(&MetricsNote::NonFiniteDropped { count: 269 }),
        "{:?}",
        m.notes
    );
    assert!(
        m.notes
            .iter()
            .any(|n| matches!(n, MetricsNote::NegativeClamped { count } if *count > 40))
    );
}

#[test]
fn mixed_steps_are_noted() {
    // The first half at 60 s, the second at 300 s: two exports joined.
    let fine = text(&Config {
        only_running: true,
        ..month(Format::Csv, 60)
    });
    let coarse = text(&Config {
        only_running: true,
        ..month(Format::Csv, 300)
    });
    let split = 1_780_272_000_000i64 + 15 * 86_400_000;
    let mut lines: Vec<&str> = vec![fine.lines().next().unwrap()];
    let time = |l: &str| l.split(',').next().unwrap().parse::<i64>().unwrap();
    lines.extend(fine.lines().skip(1).filter(|l| time(l) < split));
    lines.extend(coarse.lines().skip(1).filter(|l| time(l) >= split));
    let m = analyse(&import(&(lines.join("\n") + "\n")), &eight()).unwrap();
    assert_eq!(m.total.busy_hours, 336);
    assert_eq!(
        m.notes,
        vec![MetricsNote::MixedSteps {
            series: r#"vllm:num_requests_running{instance="gpu1:8000",job="vllm",model_name="llama-3.1-70b"}"#.into(),
            steps_seconds: vec![60, 300],
        }]
    );
}

#[test]
fn steps_over_five_minutes_are_noted_and_over_an_hour_refused() {
    let lines = csv_lines();
    let every_third: Vec<String> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || (i - 1) % 3 == 0)
        .map(|(_, l)| l.clone())
        .collect();
    let m = analyse(&import(&join(&every_third)), &eight()).unwrap();
    assert!(m.notes.contains(&MetricsNote::CoarseStep { seconds: 900 }));
    let two_hourly: Vec<String> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || (i - 1) % 24 == 0)
        .map(|(_, l)| l.clone())
        .collect();
    let e = analyse(&import(&join(&two_hourly)), &eight()).unwrap_err();
    assert_eq!(e.path(), "metrics.series.0");
    assert!(e.to_string().contains("7200 s"), "{e}");
}

#[test]
fn the_required_metric_must_be_there() {
    // DCGM only.
    let gpu_only = "Time,\"DCGM_FI_PROF_SM_ACTIVE{gpu=\"\"0\"\"}\"\n1780272000,0.5\n";
    let e = analyse(&import(gpu_only), &AnalyseOptions::default()).unwrap_err();
    assert_eq!(e.path(), "metrics");
    assert!(
        e.to_string()
            .contains("no vllm:num_requests_running series (only DCGM_FI_PROF_SM_ACTIVE)"),
        "{e}"
    );
    let nothing = r#"{"status":"success","data":{"resultType":"matrix","result":[]}}"#;
    let e = analyse(&import(nothing), &AnalyseOptions::default()).unwrap_err();
    assert!(e.to_string().contains("no series at all"), "{e}");
    let all_nan = "Time,vllm:num_requests_running\n1780272000,NaN\n";
    let e = analyse(&import(all_nan), &AnalyseOptions::default()).unwrap_err();
    assert!(e.to_string().contains("no usable sample"), "{e}");
}

#[test]
fn wrong_formats_say_so() {
    let csv = join(&csv_lines()[..3]);
    let e = parse_prometheus(&csv, &ImportOptions::default()).unwrap_err();
    assert_eq!(
        e,
        Error::Metrics {
            path: "metrics.line.1".into(),
            column: Some(1),
            problem: MetricsProblem::Json(JsonProblem::NotQueryRange),
        }
    );
    assert!(
        e.to_string()
            .contains("not a Prometheus query_range response")
    );
    let json = r#"{"status":"success","data":{"resultType":"matrix","result":[]}}"#;
    let e = parse_grafana_csv(json, &ImportOptions::default()).unwrap_err();
    assert!(e.to_string().contains("this is JSON"), "{e}");
    for (bad, path, problem, needle) in [
        (
            "hello world\n",
            "metrics.line.1",
            MetricsProblem::HeaderTooNarrow,
            "time column",
        ),
        (
            "\u{0}\u{1}\u{2}",
            "metrics.line.1",
            MetricsProblem::HeaderTooNarrow,
            "time column",
        ),
        (
            "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[",
            "metrics.line.1",
            MetricsProblem::CutOff,
            "ends before",
        ),
        ("   ", "metrics", MetricsProblem::Empty, "empty"),
    ] {
        let e = parse_metrics(bad, &ImportOptions::default()).unwrap_err();
        assert_eq!(
            e,
            Error::Metrics {
                path: path.into(),
                column: None,
                problem
            },
            "{bad:?}"
        );
        assert!(e.to_string().contains(needle), "{bad:?}: {e}");
    }
    // A value in the wrong place names its line and column, and the problem by kind.
    let e = parse_metrics(
        "{\"status\":\"success\",\n\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":{\"__name__\":7}}]}}",
        &ImportOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e,
        Error::Metrics {
            path: "metrics.line.2".into(),
            column: Some(63),
            problem: MetricsProblem::Json(JsonProblem::LabelNotString),
        }
    );
    assert_eq!(
        e.to_string(),
        "metrics.line.2: column 63: a label value must be a string"
    );
}

#[test]
fn exports_over_64_mb_are_refused() {
    let big = " ".repeat(MAX_METRICS_BYTES + 1);
    for e in [
        parse_prometheus(&big, &ImportOptions::default()).unwrap_err(),
        parse_grafana_csv(&big, &ImportOptions::default()).unwrap_err(),
        parse_metrics(&big, &ImportOptions::default()).unwrap_err(),
    ] {
        assert_eq!(
            e,
            Error::TooLong {
                path: "metrics".into(),
                len: MAX_METRICS_BYTES + 1,
                max: MAX_METRICS_BYTES
            }
        );
    }
    // Fed in pieces: refused at the piece that crosses the limit, before it is read.
    let mut p = PromImporter::new(ImportOptions::default());
    let chunk = " ".repeat(MAX_METRICS_BYTES / 4);
    for _ in 0..4 {
        p.feed(&chunk).unwrap();
    }
    assert!(matches!(p.feed("{"), Err(Error::TooLong { .. })));
    let mut m = MetricsImporter::new(ImportOptions::default());
    m.feed(&big[..MAX_METRICS_BYTES]).unwrap();
    assert!(matches!(m.feed(" "), Err(Error::TooLong { .. })));
}

#[test]
fn files_without_metric_names_need_the_callers_word() {
    let cfg = Config {
        unnamed: true,
        ..month(Format::Prom, 300)
    };
    let running = text(&cfg);
    let e = parse_prometheus(&running, &ImportOptions::default()).unwrap_err();
    assert_eq!(e.path(), "metrics.series.0");
    let told = ImportOptions {
        unnamed: Some(Metric::Running),
    };
    let mut one = parse_prometheus(&running, &told).unwrap();
    assert_eq!(one.series[0].metric, Metric::Running);
    // Another file with the waiting queue and the GPUs: merged by labels.
    let rest = text(&month(Format::Prom, 300));
    let mut other = import(&rest);
    other.series.retain(|s| s.metric != Metric::Running);
    one.merge(other).unwrap();
    let m = analyse(&one, &AnalyseOptions::default()).unwrap();
    assert_worked_example(&m);
    assert_eq!(m.total.waiting_hours, 42);
    assert_eq!(m.servers[0].gpus_from, GpuCountSource::Dcgm);
    // A Grafana legend column likewise.
    let cfg = Config {
        unnamed: true,
        ..month(Format::Csv, 300)
    };
    let legend = text(&cfg);
    assert!(legend.starts_with("\"Time\",gpu1:8000\n"));
    assert!(parse_grafana_csv(&legend, &ImportOptions::default()).is_err());
    let i = parse_grafana_csv(&legend, &told).unwrap();
    assert_eq!(i.series[0].id(), r#"{series="gpu1:8000"}"#);
    let m = analyse(&i, &eight()).unwrap();
    assert_worked_example(&m);
}

#[test]
fn several_servers_batch_servers_and_gpu_attribution() {
    let cfg = Config {
        servers: 2,
        gpus: 4,
        ..month(Format::Prom, 300)
    };
    let mut import = import(&text(&cfg));
    // A GPU on a host with no model server.
    let mut stray = import
        .series
        .iter()
        .find(|s| s.metric == Metric::SmActive)
        .unwrap()
        .clone();
    for l in &mut stray.labels {
        if l.name == "Hostname" || l.name == "instance" {
            l.value = "gpu9".into();
        }
    }
    let extra = MetricsImport {
        series: vec![stray],
        ignored: vec![],
        clock: MetricsClock::Utc,
        bytes: 0,
    };
    import.merge(extra).unwrap();
    let m = analyse(&import, &AnalyseOptions::default()).unwrap();
    assert_eq!(m.servers.len(), 2);
    assert!(
        m.servers
            .iter()
            .all(|s| s.gpus == 4 && s.figures.busy_hours == 336)
    );
    assert_eq!(m.total.gpus, 8);
    assert_eq!(
        m.total.busy_hours, 336,
        "the servers are busy in the same hours"
    );
    assert_eq!(m.total.busy_gpu_hours, dec!(2688));
    assert_eq!(m.gpus.len(), 9);
    assert_eq!(m.gpus[8].server, None);
    assert!(
        m.notes
            .contains(&MetricsNote::GpusUnattributed { count: 1 })
    );
    // The second server runs batch work: the profile puts its GPUs under batch.
    let second = m.servers[1].id.clone();
    let options = AnalyseOptions {
        batch_servers: vec![second.clone()],
        server_gpus: vec![ServerGpus {
            server: second.clone(),
            gpus: 2,
        }],
        ..AnalyseOptions::default()
    };
    let m = analyse(&import, &options).unwrap();
    assert!(m.servers[1].batch);
    assert_eq!(m.servers[1].gpus, 2);
    assert_eq!(m.servers[1].gpus_from, GpuCountSource::Given);
    assert_eq!(m.total.busy_gpu_hours, dec!(336) * dec!(6));
    let profile = m.load_profile();
    assert_eq!(profile.days[0].service[10], 4);
    assert_eq!(
        profile.days[0].batch[10], 6,
        "service and batch GPUs both busy"
    );
    let report = evaluate_profile(&Scenario::default(), &profile).unwrap();
    assert_eq!(report.load.productive_gpu_hours, dec!(2016));
    // Options naming no server, or out of range.
    for (options, path) in [
        (
            AnalyseOptions {
                batch_servers: vec!["{x=\"y\"}".into()],
                ..AnalyseOptions::default()
            },
            "metrics.batch_servers.0",
        ),
        (
            AnalyseOptions {
                server_gpus: vec![ServerGpus {
                    server: second.clone(),
                    gpus: 0,
                }],
                ..AnalyseOptions::default()
            },
            "metrics.server_gpus.0.gpus",
        ),
        (
            AnalyseOptions {
                utc_offset_minutes: 7,
                ..AnalyseOptions::default()
            },
            "metrics.utc_offset_minutes",
        ),
        (
            AnalyseOptions {
                gpus_per_server: Some(1000),
                ..AnalyseOptions::default()
            },
            "metrics.gpus",
        ),
    ] {
        assert_eq!(analyse(&import, &options).unwrap_err().path(), path);
    }
}

#[test]
fn a_server_without_a_gpu_count_is_assumed_one_gpu() {
    let cfg = Config {
        only_running: true,
        ..month(Format::Csv, 300)
    };
    let m = measure(&text(&cfg));
    assert_eq!(m.servers[0].gpus, 1);
    assert_eq!(m.servers[0].gpus_from, GpuCountSource::Assumed);
    assert!(m.notes.contains(&MetricsNote::GpusAssumed {
        server: m.servers[0].id.clone(),
        gpus: 1
    }));
}

#[test]
fn the_figures_serialise_for_the_page() {
    let m = measure(&text(&month(Format::Csv, 300)));
    let v = serde_json::to_value(&m).unwrap();
    assert_eq!(v["total"]["busy_hours"], 336);
    assert_eq!(v["total"]["productive_share_per_month"], "0.4603");
    assert_eq!(v["scaling"]["rule"], "calendar_month");
    assert_eq!(v["total"]["heat_map"][1][7]["busy_share"], "0.8");
    assert_eq!(v["servers"][0]["gpus_from"], "dcgm");
    assert!(v.get("profile").is_none());
    let note = serde_json::to_value(MetricsNote::DuplicatesDropped { count: 3 }).unwrap();
    assert_eq!(
        note,
        serde_json::json!({"kind": "duplicates_dropped", "count": 3})
    );
    let options: AnalyseOptions = serde_json::from_str(
        r#"{"gpus_per_server": 8, "utc_offset_minutes": 60, "month": "proportional"}"#,
    )
    .unwrap();
    assert_eq!(options.month, MonthRule::Proportional);
}

#[test]
fn byte_slices_cut_inside_a_character_read_the_same_as_the_whole() {
    // A label with two- and four-byte characters, so that slice borders fall inside them.
    let mut export = String::from("Time,vllm:num_requests_running{model=\"Übersetzer-🚀\"}\n");
    for i in 0..200 {
        export.push_str(&format!(
            "{},{}\n",
            1_780_272_000 + i * 300,
            u8::from(i % 3 == 0)
        ));
    }
    let whole = import(&export);
    for size in [1, 2, 3, 5, 64, 4096] {
        let mut importer = MetricsImporter::new(ImportOptions::default());
        for piece in export.as_bytes().chunks(size) {
            importer.feed_bytes(piece).expect("a slice reads");
        }
        assert_eq!(importer.finish().expect("the slices read"), whole, "{size}");
    }
    assert_eq!(whole.series[0].labels[0].value, "Übersetzer-🚀");
}

#[test]
fn bytes_that_are_not_utf8_are_refused_with_their_offset() {
    let mut bad = b"Time,vllm:num_requests_running\n1780272000,1\n".to_vec();
    bad.push(0xFF);
    let mut importer = MetricsImporter::new(ImportOptions::default());
    let err = importer.feed_bytes(&bad).unwrap_err();
    assert_eq!(err.path(), "metrics");
    assert!(err.to_string().contains("byte 44 is not UTF-8"), "{err}");
    // A file that ends inside a character.
    let mut cut = b"Time,vllm:num_requests_running\n1780272000,1\n".to_vec();
    cut.extend_from_slice(&"Ü".as_bytes()[..1]);
    let mut importer = MetricsImporter::new(ImportOptions::default());
    importer.feed_bytes(&cut).unwrap();
    let err = importer.finish().unwrap_err();
    assert!(err.to_string().contains("byte 44 is not UTF-8"), "{err}");
}

#[test]
fn a_measured_load_replaces_the_calendar_in_every_view() {
    let m = measure(&text(&month(Format::Prom, 60)));
    let load = m.calendar_load("month_5m.prom.json, 2026-06-01 – 2026-06-30, 1 server");
    assert_eq!(load.productive_share, dec!(0.4603));
    // A calendar that says something else: 10 working days, one window.
    let mut s = Scenario::default();
    s.calendar.working_days = dec!(10);
    s.calendar.batch.clear();
    let calendar = gpu_tco_core::evaluate(&s).unwrap();
    assert_eq!(calendar.load.productive_hours, dec!(120));
    s.calendar.measured = Some(load.clone());
    let measured = gpu_tco_core::evaluate(&s).unwrap();
    assert_eq!(measured.load.productive_hours, dec!(336));
    assert_eq!(measured.load.productive_share, dec!(0.4603));
    assert_eq!(measured.load.productive_gpu_hours, dec!(2688));
    assert_eq!(measured.own.productive_gpu_hours, dec!(161280));
    assert_eq!(measured.rent[0].billed_gpu_hours_per_month, dec!(5840));
    let worked = gpu_tco_core::evaluate(&Scenario::default()).unwrap();
    assert_eq!(measured.own.costs.total, worked.own.costs.total);
    // The sweeps see it too.
    let sweep = gpu_tco_core::analysis::hybrid_sweep(&s, 1).unwrap();
    assert_eq!(sweep.productive_gpu_hours, dec!(161280));
    // A saved file keeps it; a share link leaves it out and carries the calendar.
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(Scenario::from_json(&json).unwrap(), s);
    let link = gpu_tco_core::share::to_fragment(&s);
    assert!(!link.contains("measured"), "{link}");
    let back = gpu_tco_core::share::from_fragment(&link).unwrap();
    assert_eq!(back.calendar.measured, None);
    assert_eq!(back.calendar.working_days, dec!(10));
    // Going back to the calendar is removing it.
    s.calendar.measured = None;
    assert_eq!(gpu_tco_core::evaluate(&s).unwrap(), calendar);
}

#[test]
fn a_measured_load_is_validated_by_its_paths() {
    let m = measure(&text(&month(Format::Csv, 300)));
    let mut s = Scenario::default();
    let mut load = m.calendar_load("x");
    load.days[0].service[3] = 5000;
    s.calendar.measured = Some(load);
    assert_eq!(
        s.validate().unwrap_err().path(),
        "calendar.measured.days.0.service.3"
    );
    let mut load = m.calendar_load("x");
    load.days[0].days = dec!(40);
    s.calendar.measured = Some(load);
    assert_eq!(
        s.validate().unwrap_err().path(),
        "calendar.measured.days.0.days"
    );
    let mut load = m.calendar_load("x");
    load.source = "x".repeat(301);
    s.calendar.measured = Some(load);
    assert_eq!(s.validate().unwrap_err().path(), "calendar.measured.source");
    // Unknown fields are refused, as everywhere in the scenario.
    let mut v = serde_json::to_value(Scenario::default()).unwrap();
    v["calendar"]["measured"] = serde_json::json!({
        "source": "x", "productive_share": "0.5", "days": [], "extra": 1
    });
    assert!(Scenario::from_value(v).is_err());
}

#[test]
fn a_saved_measured_load_reads_through_the_js_api() {
    // The page saves a scenario with a measured load; the JS API reads partial scenarios whose
    // decimals may be JSON numbers. The GPUs per hour are whole numbers and stay so.
    let m = measure(&text(&month(Format::Prom, 60)));
    let mut s = Scenario::default();
    s.calendar.measured = Some(m.calendar_load("month_5m.prom.json"));
    let mut v = serde_json::to_value(&s).unwrap();
    let back = Scenario::from_partial_value(v.clone()).unwrap();
    assert_eq!(back, s);
    // Decimals given as numbers, as JavaScript would write them.
    v["calendar"]["measured"]["productive_share"] = serde_json::json!(0.4603);
    v["calendar"]["measured"]["days"][0]["days"] = serde_json::json!(21);
    let back = Scenario::from_partial_value(v).unwrap();
    assert_eq!(back, s);
    assert_eq!(
        gpu_tco_core::evaluate(&back).unwrap().load.productive_hours,
        dec!(336)
    );
}

#[test]
fn the_peak_in_flight_is_the_busiest_quarter_hours_running_requests() {
    // The generator runs 1 to 6 requests in each sample of a service hour on each server: over a
    // month of 15-second samples the peak is 6 per server, summed over servers at the same
    // quarter hour; the calendar's measured load carries it for the sizing.
    let one = measure(&text(&month(Format::Prom, 15)));
    assert_eq!(one.peak_in_flight, 6);
    assert_eq!(one.calendar_load("x").peak_in_flight, Some(6));
    let three = measure(&text(&Config {
        servers: 3,
        ..month(Format::Csv, 60)
    }));
    assert_eq!(three.peak_in_flight, 18);
}
