//! Floor 2: Leptos' CSR runtime with one slider and one reactive text, no model.
use leptos::prelude::*;

fn main() {
    mount_to_body(|| {
        let (days, set_days) = signal(21u32);
        view! {
            <label>"Days" <input type="range" min="0" max="30"
                on:input=move |e| set_days.set(event_target_value(&e).parse().unwrap_or(0)) /></label>
            <p>{move || days.get().to_string()}</p>
        }
    });
}
