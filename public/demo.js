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
  // The default scenario is the worked example: rent option 0 is the always-on instance.
  const result = await evaluate({});
  if (result.error) {
    put("quote-hours", "?");
    put("quote-break-even", "?");
    console.warn("gpu-tco: the example could not be evaluated", result.error);
    return;
  }
  const report = result.report;
  put("quote-hours", whole(report.load.productive_hours));
  const month = report.rent[0].break_even_month;
  put("quote-break-even", month === null || month === undefined ? "(never)" : String(month));
}

quote().catch((e) => {
  put("quote-hours", "?");
  put("quote-break-even", "?");
  console.warn("gpu-tco: the calculator's interface did not load", e);
});
