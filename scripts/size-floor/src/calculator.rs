//! The page of floors 3 and 3a: one slider (working days), two results and one plotters SVG
//! chart over a scenario the binary provides.
use gpu_tco_core::{Scenario, evaluate};
use leptos::prelude::*;
use plotters::prelude::*;

fn chart(points: &[(u32, f64)]) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 320)).into_drawing_area();
        let max = points.iter().map(|p| p.1).fold(1.0, f64::max);
        if let Ok(mut c) = ChartBuilder::on(&root)
            .x_label_area_size(30)
            .y_label_area_size(60)
            .build_cartesian_2d(0u32..60u32, 0f64..max)
        {
            let _ = c.configure_mesh().x_desc("month").draw();
            let _ = c.draw_series(LineSeries::new(points.iter().copied(), &BLUE));
        }
        let _ = root.present();
    }
    svg
}

/// Mounts the page over `start`.
pub fn mount(start: Scenario) {
    mount_to_body(move || {
        let scenario = RwSignal::new(start);
        let report = Memo::new(move |_| scenario.with(evaluate).ok());
        view! {
            <label>"Working days" <input type="range" min="0" max="30"
                on:input=move |e| {
                    if let Ok(d) = event_target_value(&e).parse() {
                        scenario.update(|s| s.calendar.working_days = d);
                    }
                } /></label>
            <p id="hours">{move || report.with(|r| r.as_ref().map(|r| r.load.productive_hours.to_string()))}</p>
            <p id="own">{move || report.with(|r| r.as_ref().map(|r| r.own.costs.total.to_string()))}</p>
            <div inner_html=move || report.with(|r| r.as_ref().map(|r| {
                let pts: Vec<(u32, f64)> = (0..=60u32)
                    .map(|m| (m, f64::from(m) * r.own.costs.total.to_string().parse::<f64>().unwrap_or(0.0) / 60.0))
                    .collect();
                chart(&pts)
            }).unwrap_or_default())></div>
        }
    });
}
