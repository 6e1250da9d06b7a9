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

// A sum of money in the report's currency, whole, in the page's language.
function money(value, currency) {
  const n = Number(value);
  if (!Number.isFinite(n)) return "?";
  return new Intl.NumberFormat(document.documentElement.lang || "en", {
    style: "currency",
    currency: currency || "EUR",
    maximumFractionDigits: 0,
  }).format(n);
}

// The held answer in words: owning's break-even month, or by how much renting stays cheaper.
function answer(held, report) {
  if (!held) return "?";
  const month = held.break_even_month;
  if (month !== null && month !== undefined) {
    return `the own server has paid for itself from month ${month} on`;
  }
  const savings = Number(held.savings_with_own);
  if (!Number.isFinite(savings)) return "?";
  return savings < 0
    ? `owning costs ${money(-savings, report.currency)} more than that server over the ${report.horizon_months} months`
    : `the own server does not pay for itself within the ${report.horizon_months} months`;
}

async function quote() {
  // The default scenario is the worked example.
  const result = await evaluate({});
  if (result.error) {
    put("quote-hours", "?");
    put("quote-held", "?");
    put("quote-answer", "?");
    console.warn("gpu-tco: the example could not be evaluated", result.error);
    return;
  }
  const report = result.report;
  put("quote-hours", whole(report.load.productive_hours));
  // The answer a cloud advocate accepts: against the cheapest way to rent that holds capacity
  // all month (not the dearest, an instance on demand around the clock).
  const held = report.answers && report.answers.holds_capacity;
  put("quote-held", held ? held.label : "?");
  put("quote-answer", answer(held, report));
}

quote().catch((e) => {
  put("quote-hours", "?");
  put("quote-held", "?");
  put("quote-answer", "?");
  console.warn("gpu-tco: the calculator's interface did not load", e);
});
