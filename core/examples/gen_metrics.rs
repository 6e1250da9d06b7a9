//! Test data for the metrics import: a month of serving metrics in the worked example's pattern.
//!
//! ```text
//! cargo run -p gpu-tco-core --example gen_metrics -- --format prom|csv --noise N --out FILE
//!     [--step 15] [--days 30] [--start 2026-06-01] [--working-days 21] [--servers 1]
//!     [--gpus 8] [--utc-offset 0] [--time ms|s|iso|local] [--only-running] [--unnamed]
//!     [--seed 1]
//! ```
//!
//! The month: `--days` days from `--start` (local midnight at `--utc-offset` minutes east of
//! UTC); working days are Monday to Friday, less evenly spaced weekdays off until
//! `--working-days` remain (June 2026 has 22 weekdays: one is off). On working days each model
//! server serves requests 07:00–19:00 and runs a batch 01:00–05:00, so every working day has
//! 16 busy hours in two runs (21 × 16 = 336 busy hours, 2,688 GPU-hours on 8 GPUs); requests
//! wait in the hours 09 and 14. Per server: `vllm:num_requests_running`,
//! `vllm:num_requests_waiting` and `DCGM_FI_PROF_SM_ACTIVE` for each of its GPUs (host
//! `gpu{n}`), one sample every `--step` seconds (a divisor of 3,600).
//!
//! `--noise N` (0 = clean) adds, reproducibly from `--seed`:
//! - idle samples inside busy hours (each with probability 0.15 × N, at most 0.9), always
//!   leaving at least one busy sample per busy hour;
//! - N spurious single requests at night (20:00–24:00, any day): at most N extra busy hours and
//!   N extra starts;
//! - missed scrapes (each sample with probability 0.01 × N, never a busy hour's last busy one)
//!   and N whole idle hours without any sample (gaps, counted idle).
//!
//! So a noisy month has 336 to 336 + N busy hours. The integration tests include this file to
//! generate their data.

use std::fmt::Write as _;

/// Export format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Prometheus `query_range` JSON.
    Prom,
    /// Grafana panel CSV.
    Csv,
}

/// How the CSV writes times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeFormat {
    /// Unix milliseconds.
    Ms,
    /// Unix seconds.
    S,
    /// ISO 8601 in local time with the offset.
    Iso,
    /// ISO 8601 local wall-clock time without a zone.
    Local,
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub format: Format,
    pub noise: u32,
    pub seed: u64,
    pub step: u32,
    pub days: u32,
    pub start: (i64, u32, u32),
    pub working_days: u32,
    pub servers: u32,
    pub gpus: u32,
    pub utc_offset_minutes: i32,
    pub time: TimeFormat,
    /// Only `vllm:num_requests_running`.
    pub only_running: bool,
    /// Without metric names (Prometheus: no `__name__`; CSV: legend titles). Implies
    /// `only_running`.
    pub unnamed: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            format: Format::Prom,
            noise: 0,
            seed: 1,
            step: 15,
            days: 30,
            start: (2026, 6, 1),
            working_days: 21,
            servers: 1,
            gpus: 8,
            utc_offset_minutes: 0,
            time: TimeFormat::Ms,
            only_running: false,
            unnamed: false,
        }
    }
}

/// SplitMix64: small, seedable, good enough for test data.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }
}

/// Days since 1970-01-01 of a date.
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Monday = 0.
fn weekday(day: i64) -> i64 {
    (day + 3).rem_euclid(7)
}

/// The month's schedule, per local day: working or not.
pub fn working_days(cfg: &Config) -> Result<Vec<bool>, String> {
    let first = days_from_civil(cfg.start.0, cfg.start.1, cfg.start.2);
    let mut working: Vec<bool> = (0..i64::from(cfg.days))
        .map(|k| weekday(first + k) < 5)
        .collect();
    let weekdays = working.iter().filter(|w| **w).count() as u32;
    if weekdays < cfg.working_days {
        return Err(format!(
            "{} days from {:?} hold only {weekdays} weekdays",
            cfg.days, cfg.start
        ));
    }
    let off = weekdays - cfg.working_days;
    // Evenly spaced weekdays off: the ((j + 1) × weekdays / (off + 1))-th weekday.
    let marks: Vec<u32> = (0..off).map(|j| (j + 1) * weekdays / (off + 1)).collect();
    let mut seen = 0;
    for w in working.iter_mut() {
        if *w {
            if marks.contains(&seen) {
                *w = false;
            }
            seen += 1;
        }
    }
    Ok(working)
}

fn busy_hour(hour: u32) -> bool {
    (1..5).contains(&hour) || (7..19).contains(&hour)
}

fn service_hour(hour: u32) -> bool {
    (7..19).contains(&hour)
}

/// Samples of one server: running, waiting (per sample; `None` = not scraped), and whether
/// the sample exists for the DCGM series.
struct ServerData {
    running: Vec<Option<u32>>,
    waiting: Vec<Option<u32>>,
    sm: Vec<Vec<Option<f64>>>,
}

/// The whole export as text.
pub fn generate(cfg: &Config) -> Result<String, String> {
    if cfg.step == 0 || 3600 % cfg.step != 0 {
        return Err(format!("--step {} does not divide an hour", cfg.step));
    }
    let working = working_days(cfg)?;
    let per_hour = 3600 / cfg.step;
    let per_day = 24 * per_hour;
    let samples = (cfg.days * per_day) as usize;
    let mut rng = Rng(cfg.seed ^ 0x5EED);
    let noise = cfg.noise;
    let p_idle = (0.15 * f64::from(noise)).min(0.9);
    let p_drop = 0.01 * f64::from(noise);
    let index = |day: u32, hour: u32, k: u32| (day * per_day + hour * per_hour + k) as usize;

    // Spurious night requests and whole idle hours dropped, shared by all servers.
    let mut spurious = Vec::new();
    for _ in 0..noise {
        let day = rng.below(u64::from(cfg.days)) as u32;
        let hour = 20 + rng.below(4) as u32;
        let k = rng.below(u64::from(per_hour)) as u32;
        spurious.push(index(day, hour, k));
    }
    let mut dropped_hours = Vec::new();
    while (dropped_hours.len() as u32) < noise {
        let day = rng.below(u64::from(cfg.days)) as u32;
        let hour = rng.below(24) as u32;
        let is_working = working.get(day as usize).copied().unwrap_or(false);
        let start = index(day, hour, 0);
        let has_spurious = spurious
            .iter()
            .any(|s| (start..start + per_hour as usize).contains(s));
        if (is_working && busy_hour(hour)) || has_spurious || dropped_hours.contains(&(day, hour)) {
            continue;
        }
        dropped_hours.push((day, hour));
    }

    let only_running = cfg.only_running || cfg.unnamed;
    let mut data = Vec::new();
    for _ in 0..cfg.servers {
        let mut running = vec![Some(0u32); samples];
        let mut waiting = vec![Some(0u32); samples];
        let gpus = if only_running { 0 } else { cfg.gpus as usize };
        let mut sm = vec![vec![Some(0.0f64); samples]; gpus];
        for day in 0..cfg.days {
            let is_working = working.get(day as usize).copied().unwrap_or(false);
            for hour in 0..24 {
                let busy = is_working && busy_hour(hour);
                let forced = rng.below(u64::from(per_hour)) as u32;
                for k in 0..per_hour {
                    let i = index(day, hour, k);
                    let mut v = 0;
                    if busy {
                        let base = if service_hour(hour) {
                            1 + rng.below(6) as u32
                        } else {
                            2
                        };
                        v = if k == forced || rng.unit() >= p_idle {
                            base
                        } else {
                            0
                        };
                    } else if spurious.contains(&i) {
                        v = 1;
                    }
                    let w = if is_working && (hour == 9 || hour == 14) && k == forced {
                        1 + rng.below(3) as u32
                    } else {
                        0
                    };
                    let keep = (busy && k == forced) || spurious.contains(&i);
                    let dropped = dropped_hours.contains(&(day, hour));
                    let miss = |rng: &mut Rng| dropped || (!keep && rng.unit() < p_drop);
                    if let Some(slot) = running.get_mut(i) {
                        *slot = (!miss(&mut rng)).then_some(v);
                    }
                    if let Some(slot) = waiting.get_mut(i) {
                        *slot = (!miss(&mut rng)).then_some(w);
                    }
                    for gpu in sm.iter_mut() {
                        let a = if v > 0 { 0.4 + 0.4 * rng.unit() } else { 0.0 };
                        if let Some(slot) = gpu.get_mut(i) {
                            *slot = (!miss(&mut rng)).then_some(a);
                        }
                    }
                }
            }
        }
        data.push(ServerData {
            running,
            waiting,
            sm,
        });
    }
    let start_local = days_from_civil(cfg.start.0, cfg.start.1, cfg.start.2) * 86_400;
    let start_utc = start_local - i64::from(cfg.utc_offset_minutes) * 60;
    let time_of = |i: usize| start_utc + i as i64 * i64::from(cfg.step);
    Ok(match cfg.format {
        Format::Prom => prom(cfg, &data, time_of, only_running),
        Format::Csv => csv(cfg, &data, time_of, samples, only_running),
    })
}

fn running_labels(s: u32) -> Vec<(&'static str, String)> {
    vec![
        ("instance", format!("gpu{}:8000", s + 1)),
        ("job", "vllm".into()),
        ("model_name", "llama-3.1-70b".into()),
    ]
}

fn gpu_labels(s: u32, g: usize) -> Vec<(&'static str, String)> {
    vec![
        ("Hostname", format!("gpu{}", s + 1)),
        ("UUID", format!("GPU-{:08x}-{g}", s + 1)),
        ("gpu", g.to_string()),
        ("instance", format!("gpu{}:9400", s + 1)),
        ("job", "dcgm".into()),
        ("modelName", "NVIDIA H200".into()),
    ]
}

fn prom(
    cfg: &Config,
    data: &[ServerData],
    time_of: impl Fn(usize) -> i64,
    only_running: bool,
) -> String {
    let mut out = String::with_capacity(1 << 20);
    out.push_str(r#"{"status":"success","data":{"resultType":"matrix","result":["#);
    let mut first = true;
    let mut series = |out: &mut String,
                      name: Option<&str>,
                      labels: &[(&str, String)],
                      values: Vec<Option<String>>| {
        if !first {
            out.push(',');
        }
        first = false;
        out.push_str(r#"{"metric":{"#);
        let mut sep = "";
        if let Some(name) = name {
            let _ = write!(out, r#""__name__":"{name}""#);
            sep = ",";
        }
        for (k, v) in labels {
            let _ = write!(out, r#"{sep}"{k}":"{v}""#);
            sep = ",";
        }
        out.push_str(r#"},"values":["#);
        let mut sep = "";
        for (i, v) in values.iter().enumerate() {
            if let Some(v) = v {
                let _ = write!(out, r#"{sep}[{},"{v}"]"#, time_of(i));
                sep = ",";
            }
        }
        out.push_str("]}");
    };
    for (s, d) in data.iter().enumerate() {
        let s = s as u32;
        let name = (!cfg.unnamed).then_some("vllm:num_requests_running");
        let ints = |v: &[Option<u32>]| v.iter().map(|x| x.map(|x| x.to_string())).collect();
        series(&mut out, name, &running_labels(s), ints(&d.running));
        if only_running {
            continue;
        }
        series(
            &mut out,
            Some("vllm:num_requests_waiting"),
            &running_labels(s),
            ints(&d.waiting),
        );
        for (g, gpu) in d.sm.iter().enumerate() {
            let values = gpu.iter().map(|x| x.map(|x| format!("{x:.4}"))).collect();
            series(
                &mut out,
                Some("DCGM_FI_PROF_SM_ACTIVE"),
                &gpu_labels(s, g),
                values,
            );
        }
    }
    out.push_str("]}}\n");
    out
}

fn csv_title(name: Option<&str>, labels: &[(&str, String)]) -> String {
    let Some(name) = name else {
        return labels.first().map(|(_, v)| v.clone()).unwrap_or_default();
    };
    let inner: Vec<String> = labels.iter().map(|(k, v)| format!("{k}=\"{v}\"")).collect();
    let selector = format!("{name}{{{}}}", inner.join(","));
    format!("\"{}\"", selector.replace('"', "\"\""))
}

fn csv(
    cfg: &Config,
    data: &[ServerData],
    time_of: impl Fn(usize) -> i64,
    samples: usize,
    only_running: bool,
) -> String {
    let mut out = String::with_capacity(1 << 20);
    out.push_str("\"Time\"");
    let name = |n: &'static str| (!cfg.unnamed).then_some(n);
    for (s, d) in data.iter().enumerate() {
        let s = s as u32;
        let _ = write!(
            out,
            ",{}",
            csv_title(name("vllm:num_requests_running"), &running_labels(s))
        );
        if only_running {
            continue;
        }
        let _ = write!(
            out,
            ",{}",
            csv_title(name("vllm:num_requests_waiting"), &running_labels(s))
        );
        for g in 0..d.sm.len() {
            let _ = write!(
                out,
                ",{}",
                csv_title(name("DCGM_FI_PROF_SM_ACTIVE"), &gpu_labels(s, g))
            );
        }
    }
    out.push('\n');
    for i in 0..samples {
        let t = time_of(i);
        match cfg.time {
            TimeFormat::Ms => {
                let _ = write!(out, "{}", t * 1000);
            }
            TimeFormat::S => {
                let _ = write!(out, "{t}");
            }
            TimeFormat::Iso | TimeFormat::Local => {
                let off = i64::from(cfg.utc_offset_minutes);
                let local = t + off * 60;
                let (y, m, d) = civil_from_days(local.div_euclid(86_400));
                let sec = local.rem_euclid(86_400);
                let _ = write!(
                    out,
                    "{y:04}-{m:02}-{d:02}{}{:02}:{:02}:{:02}",
                    if cfg.time == TimeFormat::Iso {
                        'T'
                    } else {
                        ' '
                    },
                    sec / 3600,
                    sec / 60 % 60,
                    sec % 60
                );
                if cfg.time == TimeFormat::Iso {
                    if off == 0 {
                        out.push('Z');
                    } else {
                        let sign = if off < 0 { '-' } else { '+' };
                        let _ = write!(out, "{sign}{:02}:{:02}", off.abs() / 60, off.abs() % 60);
                    }
                }
            }
        }
        let cell = |out: &mut String, v: Option<String>| {
            out.push(',');
            if let Some(v) = v {
                out.push_str(&v);
            }
        };
        for d in data {
            cell(
                &mut out,
                d.running.get(i).copied().flatten().map(|v| v.to_string()),
            );
            if only_running {
                continue;
            }
            cell(
                &mut out,
                d.waiting.get(i).copied().flatten().map(|v| v.to_string()),
            );
            for gpu in &d.sm {
                cell(
                    &mut out,
                    gpu.get(i).copied().flatten().map(|v| format!("{v:.4}")),
                );
            }
        }
        out.push('\n');
    }
    out
}

/// Reads the command line: the config and the output path.
pub fn parse_args(args: &[String]) -> Result<(Config, String), String> {
    let mut cfg = Config::default();
    let mut out = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let num = |v: String| v.parse::<i64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--format" => {
                cfg.format = match value()?.as_str() {
                    "prom" => Format::Prom,
                    "csv" => Format::Csv,
                    other => return Err(format!("--format {other}: prom or csv")),
                }
            }
            "--time" => {
                cfg.time = match value()?.as_str() {
                    "ms" => TimeFormat::Ms,
                    "s" => TimeFormat::S,
                    "iso" => TimeFormat::Iso,
                    "local" => TimeFormat::Local,
                    other => return Err(format!("--time {other}: ms, s, iso or local")),
                }
            }
            "--noise" => cfg.noise = num(value()?)? as u32,
            "--seed" => cfg.seed = num(value()?)? as u64,
            "--step" => cfg.step = num(value()?)? as u32,
            "--days" => cfg.days = num(value()?)? as u32,
            "--working-days" => cfg.working_days = num(value()?)? as u32,
            "--servers" => cfg.servers = num(value()?)? as u32,
            "--gpus" => cfg.gpus = num(value()?)? as u32,
            "--utc-offset" => cfg.utc_offset_minutes = num(value()?)? as i32,
            "--start" => {
                let v = value()?;
                let parts: Vec<&str> = v.split('-').collect();
                let [y, m, d] = parts.as_slice() else {
                    return Err(format!("--start {v}: YYYY-MM-DD"));
                };
                let p = |s: &str| s.parse::<i64>().map_err(|e| format!("--start {v}: {e}"));
                cfg.start = (p(y)?, p(m)? as u32, p(d)? as u32);
            }
            "--only-running" => cfg.only_running = true,
            "--unnamed" => cfg.unnamed = true,
            "--out" => out = Some(value()?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    let out = out.ok_or("--out FILE is needed")?;
    Ok((cfg, out))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = parse_args(&args).and_then(|(cfg, out)| {
        let text = generate(&cfg)?;
        std::fs::write(&out, &text).map_err(|e| format!("{out}: {e}"))?;
        eprintln!("{out}: {} bytes", text.len());
        Ok(())
    });
    if let Err(e) = result {
        eprintln!("gen_metrics: {e}");
        std::process::exit(2);
    }
}
