//! Prints the report of the default scenario (or of a JSON file given as the first argument).

fn main() {
    let scenario = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|t| gpu_tco_core::Scenario::from_json(&t).map_err(|e| e.to_string()))
        {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        },
        None => gpu_tco_core::Scenario::default(),
    };
    match gpu_tco_core::evaluate(&scenario) {
        Ok(r) => println!("{}", serde_json::to_string_pretty(&r).unwrap_or_default()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
