//! CSV export: RFC 4180 and Excel (German), read back with a small RFC 4180 reader.

use gpu_tco_core::{
    CostKind, CsvStyle, Report, Scenario, cost_lines_csv, cost_lines_csv_named, evaluate,
    monthly_csv,
};
use rust_decimal::Decimal;

/// Reads RFC 4180 records (CRLF between records, `"` quoting with doubled quotes) and checks
/// that the text is well formed on the way.
fn read(text: &str, sep: char) -> Vec<Vec<String>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    assert!(text.ends_with("\r\n"), "every record ends in CRLF");
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => {
                    quoted = false;
                    let next = chars.peek().copied();
                    assert!(
                        next == Some(sep) || next == Some('\r'),
                        "a closing quote ends the field"
                    );
                }
                _ => field.push(c),
            }
        } else if c == '"' {
            assert!(field.is_empty(), "a quote opens a field or nothing");
            quoted = true;
        } else if c == sep {
            record.push(std::mem::take(&mut field));
        } else if c == '\r' {
            assert_eq!(
                chars.next(),
                Some('\n'),
                "CR only before LF, outside quotes"
            );
            record.push(std::mem::take(&mut field));
            records.push(std::mem::take(&mut record));
        } else {
            assert_ne!(c, '\n', "a bare LF outside quotes");
            field.push(c);
        }
    }
    assert!(!quoted && record.is_empty() && field.is_empty());
    records
}

fn number(cell: &str, style: CsvStyle) -> Decimal {
    let text = match style {
        CsvStyle::Rfc4180 => cell.to_owned(),
        CsvStyle::ExcelDe => {
            assert!(
                !cell.contains('.'),
                "{cell}: no decimal point in German cells"
            );
            cell.replace(',', ".")
        }
    };
    text.parse()
        .unwrap_or_else(|e| panic!("{cell:?} is no number: {e}"))
}

fn worked_example() -> Report {
    evaluate(&Scenario::default()).unwrap()
}

fn labelled(labels: &[&str]) -> Report {
    let mut s = Scenario::default();
    s.own.label = labels[0].to_owned();
    s.rent.truncate(labels.len() - 1);
    for (r, l) in s.rent.iter_mut().zip(&labels[1..]) {
        r.label = (*l).to_owned();
    }
    evaluate(&s).unwrap()
}

#[test]
fn the_worked_example_has_a_row_per_month() {
    let r = worked_example();
    let text = monthly_csv(&r, CsvStyle::Rfc4180);
    assert_eq!(text.lines().count(), 62);
    assert!(text.starts_with("month,\"8× H200 server, own monthly (EUR)\",\"8× H200 server, own cumulative (EUR)\",\"AWS p5en on-demand, always on monthly (EUR)\","));
    let rows = read(&text, ',');
    assert_eq!(rows.len(), 62);
    assert_eq!(rows[0].len(), 1 + 2 * 7);
    assert_eq!(rows[0][0], "month");
    assert_eq!(rows[0][1], "8× H200 server, own monthly (EUR)");
    assert_eq!(rows[0][2], "8× H200 server, own cumulative (EUR)");
    assert_eq!(
        rows[0][10],
        "AWS p5en reservation + 3-year Savings Plan cumulative (EUR)"
    );
    for (m, row) in rows[1..].iter().enumerate() {
        assert_eq!(row.len(), 15);
        assert_eq!(row[0], m.to_string());
    }
    let last = &rows[61];
    assert_eq!(last[0], "60");
    assert_eq!(
        number(&last[2], CsvStyle::Rfc4180),
        r.own.costs.cumulative[60]
    );
    // Month 0 is the up-front payment: monthly equals cumulative.
    assert_eq!(rows[1][1], rows[1][2]);
    assert_eq!(
        number(&rows[1][1], CsvStyle::Rfc4180),
        r.own.costs.cumulative[0]
    );
}

#[test]
fn months_add_up_to_the_cumulative_cost() {
    let r = worked_example();
    for style in [CsvStyle::Rfc4180, CsvStyle::ExcelDe] {
        let sep = if style == CsvStyle::Rfc4180 { ',' } else { ';' };
        let rows = read(&monthly_csv(&r, style), sep);
        let curves = std::iter::once(&r.own.costs).chain(r.rent.iter().map(|x| &x.costs));
        for (k, costs) in curves.enumerate() {
            let mut sum = Decimal::ZERO;
            for (m, row) in rows[1..].iter().enumerate() {
                sum += number(&row[1 + 2 * k], style);
                assert_eq!(number(&row[2 + 2 * k], style), costs.cumulative[m]);
                assert_eq!(sum, costs.cumulative[m], "{}: month {m}", costs.label);
            }
        }
    }
}

#[test]
fn excel_de_has_a_bom_semicolons_and_decimal_commas() {
    let r = worked_example();
    let text = monthly_csv(&r, CsvStyle::ExcelDe);
    assert!(text.starts_with(
        "\u{feff}Monat;8× H200 server, own monatlich (EUR);8× H200 server, own kumuliert (EUR);"
    ));
    assert_eq!(text.lines().count(), 62);
    let rows = read(&text, ';');
    assert_eq!(rows[0][3], "AWS p5en on-demand, always on monatlich (EUR)");
    assert_eq!(rows[0][4], "AWS p5en on-demand, always on kumuliert (EUR)");
    assert_eq!(
        number(&rows[61][2], CsvStyle::ExcelDe),
        r.own.costs.cumulative[60]
    );
    // Some amount has decimals, and they are written with a comma.
    assert!(rows[1..].iter().flatten().any(|cell| cell.contains(',')));
    // No BOM in the RFC 4180 style.
    assert!(monthly_csv(&r, CsvStyle::Rfc4180).starts_with("month,"));
}

#[test]
fn labels_with_separators_quotes_and_newlines_survive() {
    let labels = [
        "own, \"the\" server",
        "line\nbreak; semicolon",
        "tab\there\r\nand CRLF",
    ];
    let r = labelled(&labels);
    for (style, sep) in [(CsvStyle::Rfc4180, ','), (CsvStyle::ExcelDe, ';')] {
        let monthly = read(&monthly_csv(&r, style), sep);
        assert_eq!(monthly.len(), 62);
        let word = if sep == ',' { "monthly" } else { "monatlich" };
        for (k, label) in labels.iter().enumerate() {
            assert_eq!(monthly[0][1 + 2 * k], format!("{label} {word} (EUR)"));
        }
        let lines = read(&cost_lines_csv(&r, style), sep);
        assert_eq!(lines[1][0], labels[0]);
        assert!(lines.iter().any(|row| row[0] == labels[2]));
    }
    // Quotes are doubled inside a quoted field.
    assert!(
        monthly_csv(&r, CsvStyle::Rfc4180).contains("\"own, \"\"the\"\" server monthly (EUR)\"")
    );
}

#[test]
fn formula_starts_are_neutralised() {
    let labels = ["=HYPERLINK(\"http://x\")", "+1", "-1", "@SUM(A1)", "\tTab"];
    let r = labelled(&labels);
    let monthly = read(&monthly_csv(&r, CsvStyle::Rfc4180), ',');
    let lines = read(&cost_lines_csv(&r, CsvStyle::Rfc4180), ',');
    for (k, label) in labels.iter().enumerate() {
        assert_eq!(monthly[0][1 + 2 * k], format!("'{label} monthly (EUR)"));
        assert!(
            lines.iter().any(|row| row[0] == format!("'{label}")),
            "{label}"
        );
    }
    // Numbers are not text: a negative amount keeps its sign.
    let text = cost_lines_csv(&worked_example(), CsvStyle::Rfc4180);
    let residual = read(&text, ',')
        .into_iter()
        .find(|row| row[1] == "residual")
        .unwrap();
    assert!(residual[3].starts_with('-'), "{residual:?}");
}

#[test]
fn cost_lines_with_names_add_a_last_column() {
    // The page's CSV names each line in the reader's language after the keys (a controller's
    // German Excel showed `loan_payments`); the keys and the other columns stay as they are.
    let r = worked_example();
    let name = |kind: CostKind| match kind {
        CostKind::Hardware => "Hardware (Kauf)",
        CostKind::RemainingCommitment => "Restliche Verpflichtung",
        _ => "anderer Posten",
    };
    let text = cost_lines_csv_named(&r, CsvStyle::ExcelDe, Some((&name, "Ausstieg in Monat 60")));
    let rows = read(text.trim_start_matches('\u{feff}'), ';');
    assert_eq!(rows[0].len(), 6);
    assert_eq!(rows[0][5], "Bezeichnung");
    let plain = read(
        cost_lines_csv(&r, CsvStyle::ExcelDe).trim_start_matches('\u{feff}'),
        ';',
    );
    assert_eq!(plain[0].len(), 5);
    for (named, key) in rows.iter().zip(&plain) {
        assert_eq!(
            named[..5],
            key[..],
            "the named rows are the plain ones plus a name"
        );
    }
    let hardware = rows.iter().find(|row| row[1] == "hardware").unwrap();
    assert_eq!(hardware[5], "Hardware (Kauf)");
    let owed = rows
        .iter()
        .find(|row| row[1] == "stop_at_horizon.remaining_commitment")
        .unwrap();
    assert_eq!(owed[5], "Ausstieg in Monat 60: Restliche Verpflichtung");
    let stop = rows.iter().find(|row| row[1] == "stop_at_horizon").unwrap();
    assert_eq!(stop[5], "Ausstieg in Monat 60");
}

#[test]
fn cost_lines_of_the_worked_example() {
    let r = worked_example();
    let text = cost_lines_csv(&r, CsvStyle::Rfc4180);
    let rows = read(&text, ',');
    assert_eq!(
        rows[0],
        [
            "option",
            "cost line",
            "one-time",
            "total",
            "average per month (EUR)"
        ]
    );
    // Each option's lines, the lines stopping adds and the figure for stopping.
    let count = r.own.costs.lines.len()
        + 1
        + r.rent
            .iter()
            .map(|x| x.costs.lines.len() + x.costs.stop.lines.len() + 1)
            .sum::<usize>();
    assert_eq!(rows.len(), 1 + count);
    let own: Vec<&Vec<String>> = rows[1..]
        .iter()
        .filter(|row| row[0] == r.own.costs.label && !row[1].starts_with("stop_at_horizon"))
        .collect();
    assert_eq!(own.len(), r.own.costs.lines.len());
    for (row, line) in own.iter().zip(&r.own.costs.lines) {
        assert_eq!(row[2], if line.one_time { "yes" } else { "no" });
        assert_eq!(number(&row[3], CsvStyle::Rfc4180), line.total);
        assert_eq!(number(&row[4], CsvStyle::Rfc4180), line.monthly);
    }
    let kinds: Vec<&str> = own.iter().map(|row| row[1].as_str()).collect();
    for kind in [
        "hardware",
        "energy",
        "colocation",
        "hardware_support",
        "staff",
        "residual",
    ] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
    assert!(rows.iter().any(|row| row[1] == "compute" && row[2] == "no"));
    // The reservation under the 3-year savings plan over 60 months: stopping owes 12 months of
    // commitment. (The savings plan alone commits nothing: at −12.5 % a year on demand its fixed
    // rate does not pay over the term.)
    let plan = &r.rent[3];
    let stop: Vec<&Vec<String>> = rows
        .iter()
        .filter(|row| row[0] == plan.costs.label && row[1].starts_with("stop_at_horizon"))
        .collect();
    assert_eq!(stop[0][1], "stop_at_horizon.remaining_commitment");
    assert_eq!(
        number(&stop[0][3], CsvStyle::Rfc4180),
        plan.costs.stop.lines[0].total
    );
    let last = stop.last().unwrap();
    assert_eq!(last[1], "stop_at_horizon");
    assert_eq!(number(&last[3], CsvStyle::Rfc4180), plan.costs.stop.total);
    assert!(plan.costs.stop.total > plan.costs.total);
    assert!(
        rows.iter()
            .any(|row| row[1] == "hardware" && row[2] == "yes")
    );

    let de = cost_lines_csv(&r, CsvStyle::ExcelDe);
    assert!(de.starts_with(
        "\u{feff}Option;Kostenposten;einmalig;Summe;Durchschnitt pro Monat (EUR)\r\n"
    ));
    let de_rows = read(&de, ';');
    assert_eq!(de_rows.len(), rows.len());
    for (de_row, row) in de_rows[1..].iter().zip(&rows[1..]) {
        assert_eq!(de_row[0], row[0]);
        assert_eq!(de_row[1], row[1], "kind names are not translated");
        let one_time = match row[2].as_str() {
            "yes" => "ja",
            "no" => "nein",
            other => other,
        };
        assert_eq!(de_row[2], one_time);
        assert_eq!(
            number(&de_row[3], CsvStyle::ExcelDe),
            number(&row[3], CsvStyle::Rfc4180)
        );
    }
}

#[test]
fn the_currency_is_in_the_headers() {
    let mut s = Scenario::default();
    s.finance.display_currency = gpu_tco_core::Currency::Usd;
    let r = evaluate(&s).unwrap();
    let rows = read(&monthly_csv(&r, CsvStyle::Rfc4180), ',');
    assert!(
        rows[0][1..].iter().all(|h| h.ends_with(" (USD)")),
        "{:?}",
        rows[0]
    );
    assert!(
        cost_lines_csv(&r, CsvStyle::Rfc4180)
            .starts_with("option,cost line,one-time,total,average per month (USD)\r\n")
    );
}

#[test]
fn a_short_curve_leaves_cells_empty() {
    // A hand-built report whose curve is shorter than its horizon: empty cells, no panic.
    let mut r = worked_example();
    r.own.costs.cumulative.truncate(10);
    let rows = read(&monthly_csv(&r, CsvStyle::Rfc4180), ',');
    assert_eq!(rows.len(), 62);
    assert_eq!(
        number(&rows[10][2], CsvStyle::Rfc4180),
        r.own.costs.cumulative[9]
    );
    assert_eq!(rows[11][1], "");
    assert_eq!(rows[11][2], "");
    assert_ne!(rows[11][3], "");
}

#[test]
fn a_chosen_hybrid_comes_last() {
    let s = Scenario {
        hybrid: Some(gpu_tco_core::Hybrid {
            own_gpus: 4,
            rent: 1,
        }),
        ..Scenario::default()
    };
    let r = evaluate(&s).unwrap();
    let h = r.hybrid.as_ref().unwrap();
    for (style, sep, header) in [
        (
            CsvStyle::Rfc4180,
            ',',
            "hybrid: own 4 GPUs + AWS p5en on-demand, start/stop cumulative (EUR)",
        ),
        (
            CsvStyle::ExcelDe,
            ';',
            "Hybrid: 4 eigene GPUs + AWS p5en on-demand, start/stop kumuliert (EUR)",
        ),
    ] {
        let rows = read(&monthly_csv(&r, style), sep);
        assert_eq!(rows[0].len(), 1 + 2 * 8);
        assert_eq!(rows[0][16], header);
        let mut sum = Decimal::ZERO;
        for (m, row) in rows[1..].iter().enumerate() {
            sum += number(&row[15], style);
            assert_eq!(number(&row[16], style), h.cumulative[m]);
            assert_eq!(sum, h.cumulative[m]);
        }
        assert_eq!(sum, h.point.total);
    }
}
