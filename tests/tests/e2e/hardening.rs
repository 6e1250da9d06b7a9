//! Issue 18: one bad call must not kill the calculator. From a host page, the JS API answers
//! every hostile value with a typed error (no exception, no trap) and then still evaluates a
//! valid scenario; when the module does fail (the test hook `__gpu_tco_fault` overflows its
//! stack, the failure the issue found), the failing call is answered with
//! `{error: {kind: "internal"}}` and the next call gets a fresh instance. On the calculator page
//! a failed module makes the page reload itself with the scenario from its link and say so; a
//! second failure within a minute shows a message and a choice instead of a reload loop.

use gpu_tco_e2e::{Error, Harness, Result, poll, testid_css};
use serde_json::{Value, json};

const SLIDER: &str = "f-calendar-working_days-range";

/// Every hostile value of the issue (and a few more a host page could pass), evaluated one after
/// the other through `api.js`, then a valid one; each call's outcome: `report`, the error's
/// `kind` and `path`, or `threw …`.
const HOSTILE: &str = "
    const done = arguments[arguments.length - 1];
    (async () => {
      const api = await import('/api.js');
      const nest = (make) => { const root = make(); let at = root;
        for (let i = 0; i < 5000; i++) { const next = make(); Array.isArray(at) ? at.push(next) : (at.a = next); at = next; }
        return root; };
      const cyclic = {}; cyclic.self = cyclic;
      const revocable = Proxy.revocable({}, {}); revocable.revoke();
      const tenMb = 'x'.repeat(10 * 1024 * 1024);
      const values = [
        ['null', null], ['number', 42], ['array', [1, 2, 3]], ['version 2', { version: 2 }],
        ['NaN', NaN], ['1e400', 1e400], ['-1', -1], ['undefined', undefined],
        ['10,000 rent options', { rent: Array.from({ length: 10000 }, () => ({})) }],
        ['prototype pollution', JSON.parse('{\"__proto__\": {\"polluted\": true}, \"constructor\": {\"prototype\": {\"polluted\": true}}}')],
        ['5,000 objects deep', nest(() => ({}))],
        ['5,000 arrays deep', nest(() => [])],
        ['cyclic', cyclic],
        ['huge array', new Array(1e7)],
        ['a million zeros', new Array(1e6).fill(0)],
        ['10 MB string', tenMb],
        ['10 MB label', { own: { label: tenMb } }],
        ['NaN field', { calendar: { working_days: NaN } }],
        ['throwing getter', { get calendar() { throw new Error('boom'); } }],
        ['throwing proxy', new Proxy({}, { ownKeys() { throw new Error('boom'); } })],
        ['revoked proxy', revocable.proxy],
        ['function', () => 1],
        ['symbol', Symbol('x')],
        ['huge BigInt', 10n ** 30n],
      ];
      const out = [];
      for (const [name, value] of values) {
        let seen;
        try {
          const r = await api.evaluate(value);
          seen = r.report ? 'report' : !r.error ? JSON.stringify(r)
            : r.error.path === undefined ? r.error.kind : r.error.kind + ' at \"' + r.error.path + '\"';
        } catch (e) { seen = 'threw ' + e; }
        out.push([name, seen]);
      }
      const valid = await api.evaluate({});
      out.push(['valid', valid.report ? String(Number(valid.report.load.productive_hours)) : JSON.stringify(valid)]);
      out.push(['prototype untouched', String(({}).polluted === undefined && Object.prototype.polluted === undefined)]);
      return out;
    })().then(done, (e) => done([['script', 'failed: ' + e]]));";

/// Step: hostile values through `api.js` on the demo page, then a module that fails.
pub async fn api(h: &Harness) -> Result<()> {
    no_console_errors(h, "before the step").await?;
    h.open_page("/demo.html", "#quote-hours").await?;
    h.wait_until_css("#quote-hours", |t| t == "336", "\"336\"")
        .await?;

    let seen = h.js_async(HOSTILE, vec![]).await?;
    let seen: Vec<(String, String)> = seen
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| (str_at(p, 0), str_at(p, 1)))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    // The first array or object one level too deep is 32 keys or indexes down.
    let too_deep = |segment: &str| format!("too_deep at \"{}\"", vec![segment; 32].join("."));
    let (deep_a, deep_0, deep_self) = (too_deep("a"), too_deep("0"), too_deep("self"));
    let expected: &[(&str, &str)] = &[
        ("null", "malformed at \"version\""),
        ("number", "malformed at \"version\""),
        ("array", "malformed at \"version\""),
        // This error names no path: it is about the whole scenario.
        ("version 2", "unsupported_version"),
        ("NaN", "malformed at \"\""),
        ("1e400", "malformed at \"\""),
        ("-1", "malformed at \"version\""),
        ("undefined", "malformed at \"version\""),
        ("10,000 rent options", "too_many at \"rent\""),
        // Read as the key it is (no prototype is touched), and refused as an unknown field,
        // named by its path (every reader names it since the scenario reader of core/src/read.rs).
        ("prototype pollution", "malformed at \"__proto__\""),
        ("5,000 objects deep", &deep_a),
        ("5,000 arrays deep", &deep_0),
        ("cyclic", &deep_self),
        ("huge array", "too_many at \"\""),
        ("a million zeros", "too_many at \"\""),
        ("10 MB string", "too_long at \"\""),
        ("10 MB label", "too_long at \"own.label\""),
        ("NaN field", "malformed at \"calendar.working_days\""),
        ("throwing getter", "malformed at \"calendar\""),
        ("throwing proxy", "malformed at \"\""),
        ("revoked proxy", "malformed at \"\""),
        ("function", "malformed at \"\""),
        ("symbol", "malformed at \"\""),
        ("huge BigInt", "malformed at \"\""),
        // The worked example: 21 days × (12 h service + 4 h batch).
        ("valid", "336"),
        ("prototype untouched", "true"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect();
    assert_eq!(seen, expected, "every call resolves, none throws");

    // The module fails (its stack overflows) and is left unusable, as the issue found it. It is
    // the JS API's own module, the one api.js imports.
    let api = std::fs::read_to_string(gpu_tco_e2e::dist_dir().join("api.js"))
        .map_err(|e| Error(format!("dist/api.js: {e}")))?;
    let glue = api
        .split('"')
        .find(|s| s.starts_with("./gpu-tco-api-") && s.ends_with(".js"))
        .map(|s| s.trim_start_matches("./").to_owned())
        .ok_or_else(|| Error("api.js imports no gpu-tco-api module".to_owned()))?;
    let after = h
        .js_async(
            "const done = arguments[arguments.length - 1];
             (async () => {
               const api = await import('/api.js');
               // The same module instance api.js loaded (one per URL).
               const glue = await import('/' + arguments[0]);
               const trap = (f) => { try { f(); return 'returned'; }
                 catch (e) { return e instanceof WebAssembly.RuntimeError ? 'trap' : 'threw ' + e; } };
               const fault = trap(() => glue.__gpu_tco_fault());
               const broken = trap(() => glue.evaluate({}));
               const answer = async (s) => { try { const r = await api.evaluate(s);
                 return r.report ? String(Number(r.report.load.productive_hours)) : r.error.kind; } catch (e) { return 'threw ' + e; } };
               const failing = await answer({});
               const fresh = await answer({});
               const partial = await answer({ calendar: { working_days: '20' } });
               const deep = await answer(JSON.parse('['.repeat(5000) + ']'.repeat(5000)));
               const still = trap(() => glue.evaluate({}));
               return [fault, broken, failing, fresh, partial, deep, still];
             })().then(done, (e) => done(['failed: ' + e]));",
            vec![json!(glue)],
        )
        .await?;
    assert_eq!(
        after,
        json!([
            // The fault traps, and the instance's own calls trap from then on.
            "trap", "trap",
            // api.js answers the call that met the broken instance...
            "internal",
            // ...and the next ones come from a fresh one: 21 and 20 days × 16 h.
            "336", "320", "too_deep",
            // The old instance stays broken; api.js no longer uses it.
            "trap"
        ]),
        "a failed module costs one call, not the page"
    );
    no_console_errors(h, "during the step").await
}

/// Step: on the calculator page a failed module reloads the page with its link's scenario and
/// a message; a second failure within a minute leaves the choice to the person.
pub async fn page(h: &Harness) -> Result<()> {
    no_console_errors(h, "before the step").await?;
    h.open("/?lang=en&load=fault#v=2&calendar.working_days=20")
        .await?;
    h.js("sessionStorage.clear();").await?;
    h.wait_for_text("result-productive-hours", "320 h").await?;

    // The module fails; then a person moves the slider, whose handler meets the dead module.
    fault(h).await?;
    nudge(h).await?;
    wait_reloaded(h).await?;
    // The scenario from the link (the move to 19 never reached it), and the page says why.
    h.wait_for_text("result-productive-hours", "320 h").await?;
    let notice = h
        .wait_until("notice", |t| !t.is_empty(), "a notice after the reload")
        .await?;
    assert!(
        notice.starts_with(
            "The calculator stopped because of an internal error and was reloaded with the \
             scenario from its link."
        ),
        "{notice:?}"
    );
    // It works again: 18 days × 16 h, and the link follows.
    h.move_slider(SLIDER, 18.0).await?;
    h.wait_for_text("result-productive-hours", "288 h").await?;
    h.wait_for_hash(
        |x| x == "#v=2&calendar.working_days=18",
        "the link follows again",
    )
    .await?;

    // A second failure within a minute: no reload, a message with a choice, focused.
    fault(h).await?;
    nudge(h).await?;
    h.wait_for_css("#failed").await?;
    let message = h.text_of("#failed p").await?;
    assert!(
        message.starts_with("The calculator stopped because of an internal error. Reload the page"),
        "{message:?}"
    );
    let state = h
        .js(
            "return [window.__e2eFault === true, document.activeElement.id,
                     document.getElementById('failed').getAttribute('role'),
                     document.getElementById('failed-example').getAttribute('href')];",
        )
        .await?;
    assert_eq!(
        state,
        json!([true, "failed-reload", "alert", "/?lang=en&load=fault"]),
        "the page was not reloaded; the reload button has the focus"
    );
    h.click("#failed-reload").await?;
    wait_reloaded(h).await?;
    h.wait_for_text("result-productive-hours", "288 h").await?;
    let hidden = h
        .js(&format!(
            "return document.querySelector('{}').hidden",
            testid_css("notice")
        ))
        .await?;
    assert_eq!(hidden, true, "a reload the person chose raises no notice");

    // The same in German.
    h.open("/?lang=de&load=fault-de#v=2&calendar.working_days=20")
        .await?;
    fault(h).await?;
    nudge(h).await?;
    h.wait_for_css("#failed").await?;
    let message = h.text_of("#failed p").await?;
    assert!(
        message.starts_with("Der Rechner ist wegen eines internen Fehlers stehen geblieben."),
        "{message:?}"
    );
    assert_eq!(h.text_of("#failed-reload").await?, "Neu laden");

    // The recovery notice in German: after a reload the page marks as one (as the guard does).
    h.js("sessionStorage.clear(); sessionStorage.setItem('gpu-tco-reloaded', '1');")
        .await?;
    h.open("/?lang=de&load=fault-de2#v=2&calendar.working_days=20")
        .await?;
    let notice = h
        .wait_until("notice", |t| !t.is_empty(), "the German notice")
        .await?;
    assert!(
        notice
            .starts_with("Der Rechner ist wegen eines internen Fehlers stehen geblieben und wurde"),
        "{notice:?}"
    );
    h.js("sessionStorage.clear();").await?;
    no_console_errors(h, "during the step").await
}

/// Makes the page's module fail (the test hook overflows its stack) and marks the document, so
/// that a reload can be told apart.
async fn fault(h: &Harness) -> Result<()> {
    let v = h
        .js("window.__e2eFault = true;
             try { wasmBindings.__gpu_tco_fault(); return 'returned'; }
             catch (e) { return e instanceof WebAssembly.RuntimeError ? 'trap' : 'threw ' + e; }")
        .await?;
    if v != json!("trap") {
        return Err(Error(format!("the fault hook did not trap: {v}")));
    }
    Ok(())
}

/// Moves the working-days slider one step down with the keyboard (the page may reload at once,
/// so nothing is read back).
async fn nudge(h: &Harness) -> Result<()> {
    h.send_keys(
        &format!("#{SLIDER}"),
        &char::from(fantoccini::key::Key::Left).to_string(),
    )
    .await
}

/// Waits until the page has been reloaded (the marker of [`fault`] is gone) and shows results.
async fn wait_reloaded(h: &Harness) -> Result<()> {
    poll(
        async || {
            let v = h
                .js("return window.__e2eFault !== true
                      && document.querySelector('[data-testid=result-productive-hours]') !== null;")
                .await;
            // While the old document unloads a script may fail; that is "not yet".
            Ok(if v.ok() == Some(Value::Bool(true)) {
                Ok(())
            } else {
                Err(())
            })
        },
        |()| "the page did not reload itself".to_owned(),
    )
    .await
}

/// No `SEVERE` console entry since the last look at the log (a failure handled by the page or
/// by `api.js` is a warning, not an error).
async fn no_console_errors(h: &Harness, when: &str) -> Result<()> {
    let log = h.browser_log().await?;
    let severe: Vec<_> = log.iter().filter(|e| e.level == "SEVERE").collect();
    if severe.is_empty() {
        Ok(())
    } else {
        Err(Error(format!("console errors {when}: {severe:#?}")))
    }
}

fn str_at(v: &Value, i: usize) -> String {
    v.get(i)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}
