//! MetricSeries names and labels: `name{label="value",…}`, server keys, host names.

use super::MetricLabel;

/// A series name as Prometheus and Grafana write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Selector {
    /// The metric name, if one is given.
    pub(crate) name: Option<String>,
    /// The labels (without `__name__`).
    pub(crate) labels: Vec<MetricLabel>,
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == ':'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == ':'
}

fn is_metric_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(is_name_start) && chars.all(is_name_char)
}

/// Reads `name{a="b",c="d"}`, `{a="b"}` or a bare metric name the import knows. `None` for
/// anything else (a Grafana legend text such as `gpu1 llama`).
pub(crate) fn parse_selector(text: &str) -> Option<Selector> {
    let text = text.trim();
    let Some(open) = text.find('{') else {
        return super::Metric::from_name(text).map(|_| Selector {
            name: Some(text.to_owned()),
            labels: Vec::new(),
        });
    };
    let (name, rest) = text.split_at_checked(open)?;
    let name = name.trim();
    if !name.is_empty() && !is_metric_name(name) {
        return None;
    }
    let body = rest.strip_prefix('{')?.strip_suffix('}')?;
    let mut labels = Vec::new();
    let mut name_label = None;
    let mut chars = body.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace() || *c == ',').is_some() {}
        if chars.peek().is_none() {
            break;
        }
        let mut key = String::new();
        while let Some(c) = chars.next_if(|c| is_name_char(*c)) {
            key.push(c);
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if key.is_empty() || chars.next() != Some('=') {
            return None;
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.next() != Some('"') {
            return None;
        }
        let mut value = String::new();
        loop {
            match chars.next()? {
                '"' => break,
                '\\' => match chars.next()? {
                    'n' => value.push('\n'),
                    c => value.push(c),
                },
                c => value.push(c),
            }
        }
        if key == "__name__" {
            name_label = Some(value);
        } else {
            labels.push(MetricLabel { name: key, value });
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        match chars.next() {
            None => break,
            Some(',') => {}
            Some(_) => return None,
        }
    }
    let name = if name.is_empty() {
        name_label
    } else {
        Some(name.to_owned())
    };
    Some(Selector { name, labels })
}

/// `{a="b",c="d"}` with `"` and `\` escaped, labels in the order given.
pub(crate) fn render(labels: &[MetricLabel]) -> String {
    let mut out = String::from("{");
    for (i, l) in labels.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&l.name);
        out.push_str("=\"");
        for c in l.value.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                c => out.push(c),
            }
        }
        out.push('"');
    }
    out.push('}');
    out
}

/// The value of a label.
pub(crate) fn get<'a>(labels: &'a [MetricLabel], name: &str) -> Option<&'a str> {
    labels
        .iter()
        .find(|l| l.name == name)
        .map(|l| l.value.as_str())
}

/// Host names a series names, lower case: the `Hostname`, `hostname`, `host`, `node` or
/// `nodename` label, and the host part of `instance` (`gpu1:8000` → `gpu1`).
pub(crate) fn hosts(labels: &[MetricLabel]) -> Vec<String> {
    let mut out: Vec<String> = ["Hostname", "hostname", "host", "node", "nodename"]
        .iter()
        .filter_map(|k| get(labels, k))
        .map(str::to_ascii_lowercase)
        .collect();
    if let Some(instance) = get(labels, "instance") {
        out.push(instance_host(instance).to_ascii_lowercase());
    }
    out.retain(|h| !h.is_empty());
    out.sort();
    out.dedup();
    out
}

/// `gpu1:8000` → `gpu1`, `[::1]:8000` → `::1`, `http://gpu1:8000/metrics` → `gpu1`.
fn instance_host(instance: &str) -> &str {
    let s = instance
        .split_once("://")
        .map_or(instance, |(_, rest)| rest);
    let s = s.split('/').next().unwrap_or(s);
    if let Some(v6) = s.strip_prefix('[') {
        return v6.split(']').next().unwrap_or(v6);
    }
    match s.rsplit_once(':') {
        Some((host, port)) if !host.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => {
            host
        }
        _ => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(name: &str, value: &str) -> MetricLabel {
        MetricLabel {
            name: name.into(),
            value: value.into(),
        }
    }

    #[test]
    fn reads_selectors() {
        let s =
            parse_selector(r#"vllm:num_requests_running{instance="gpu1:8000", model_name="a\"b"}"#)
                .unwrap();
        assert_eq!(s.name.as_deref(), Some("vllm:num_requests_running"));
        assert_eq!(
            s.labels,
            vec![l("instance", "gpu1:8000"), l("model_name", "a\"b")]
        );
        let s = parse_selector(r#"{__name__="DCGM_FI_PROF_SM_ACTIVE",gpu="0",}"#).unwrap();
        assert_eq!(s.name.as_deref(), Some("DCGM_FI_PROF_SM_ACTIVE"));
        assert_eq!(s.labels, vec![l("gpu", "0")]);
        assert_eq!(parse_selector("{}").unwrap().labels, vec![]);
        assert!(parse_selector("vllm:num_requests_waiting").is_some());
        for legend in [
            "gpu1 llama",
            "gpu1",
            "a{b",
            r#"x{a="b"} y"#,
            "{a=b}",
            "1x{}",
        ] {
            assert_eq!(parse_selector(legend), None, "{legend}");
        }
    }

    #[test]
    fn renders_and_reads_back() {
        let labels = vec![l("a", "x\"y\\z"), l("b", "")];
        let text = render(&labels);
        assert_eq!(text, r#"{a="x\"y\\z",b=""}"#);
        assert_eq!(parse_selector(&text).unwrap().labels, labels);
    }

    #[test]
    fn finds_hosts() {
        assert_eq!(hosts(&[l("instance", "GPU1:8000")]), vec!["gpu1"]);
        assert_eq!(
            hosts(&[l("Hostname", "node-a"), l("instance", "10.0.0.5:9400")]),
            vec!["10.0.0.5", "node-a"]
        );
        assert_eq!(hosts(&[l("instance", "[fe80::1]:8000")]), vec!["fe80::1"]);
        assert_eq!(
            hosts(&[l("instance", "http://gpu2:8000/metrics")]),
            vec!["gpu2"]
        );
        assert!(hosts(&[l("gpu", "0")]).is_empty());
    }
}
