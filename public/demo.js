// Quotes live figures in the article text through the calculator's JavaScript interface.
import { evaluate } from "./api.js";

function put(id, text) {
  const el = document.getElementById(id);
  if (el) el.textContent = text;
}

// Decimals come as strings ("336" or "336.0000"); show them as whole numbers of the page's language.
function whole(value) {
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n).toLocaleString(document.documentElement.lang || "en") : "?";
}

async function quote() {
  // The default scenario is the worked example.
  const result = await evaluate({});
  if (result.error) {
    put("quote-hours", "?");
    put("quote-held", "?");
    put("quote-break-even", "?");
    console.warn("gpu-tco: the example could not be evaluated", result.error);
    return;
  }
  const report = result.report;
  put("quote-hours", whole(report.load.productive_hours));
  // The answer a cloud advocate accepts: against the cheapest way to rent that holds capacity
  // all month (not the dearest, an instance on demand around the clock).
  const held = report.answers && report.answers.holds_capacity;
  put("quote-held", held ? held.label : "?");
  const month = held ? held.break_even_month : null;
  put("quote-break-even", month === null || month === undefined ? "(never)" : String(month));
}

quote().catch((e) => {
  put("quote-hours", "?");
  put("quote-held", "?");
  put("quote-break-even", "?");
  console.warn("gpu-tco: the calculator's interface did not load", e);
});
