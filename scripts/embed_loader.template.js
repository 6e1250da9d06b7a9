// embed-loader (scripts/embed_loader.template.js, written into embed.html by post_build.py).
// The default answer is in this page, drawn at build time by the embed's own module
// (scripts/prerender.py) in English and German: a reader who never touches the embed downloads
// no calculator. Touched (a control pressed, a key, the focus), the module loads and takes
// over the view; what was entered, opened or focused meanwhile is carried over. Reading,
// scrolling and selecting text are no touch. A host page's scenario, presets, offer link or
// any other parameter: the module loads at once, as before.
(function () {
  "use strict";
  var GLUE = "/__GLUE__";
  var WASM = "/__WASM__";
  var WASM_SRI = "__WASM_SRI__";
  var NOTE = {
    en: ["Loading the calculator…", "The calculator could not be loaded. Check the connection, then touch it again."],
    de: ["Der Rechner wird geladen …", "Der Rechner konnte nicht geladen werden. Prüfen Sie die Verbindung und tippen Sie ihn erneut an."],
  };

  // The language as the module picks it (app.rs `initial_lang`, lang.rs `from_tag`), and
  // whether this is the default view: no parameter but the language and the old `view=embed`,
  // no scenario in the fragment, not a reload after a failure (the module says so).
  var tag = null;
  var plain = location.hash.length <= 1;
  location.search.replace(/^\?/, "").split("&").forEach(function (kv) {
    if (kv === "" || kv === "view=embed") return;
    if (kv.indexOf("lang=") === 0) tag = kv.slice(5);
    else plain = false;
  });
  try {
    if (sessionStorage.getItem("gpu-tco-reloaded")) plain = false;
  } catch (e) {
    // No storage (a sandboxed frame): nothing was reloaded.
  }
  var lang = String(tag === null ? navigator.language || "" : tag).toLowerCase().indexOf("de") === 0 ? "de" : "en";

  var started = null;
  function fetchModule() {
    return fetch(WASM, { integrity: WASM_SRI }).then(function (r) {
      if (!r.ok) throw new Error("the calculator's module: HTTP " + r.status);
      var type = r.headers.get("Content-Type") || "";
      return type.indexOf("application/wasm") === 0 && WebAssembly.compileStreaming
        ? WebAssembly.compileStreaming(r)
        : r.arrayBuffer().then(function (b) { return WebAssembly.compile(b); });
    });
  }
  // The module's glue and compiled code, once (a failed load may be tried again).
  function load() {
    if (!started) {
      started = Promise.all([import(GLUE), fetchModule()]).catch(function (e) {
        started = null;
        throw e;
      });
    }
    return started;
  }
  // Runs the module: its `main` (embed_main.rs) removes `main[data-prerendered]` and mounts the
  // live view in the same task, so no frame shows neither.
  function run(parts) {
    return parts[0].default({ module_or_path: parts[1] }).then(function (wasm) {
      window.wasmBindings = parts[0];
      dispatchEvent(new CustomEvent("TrunkApplicationStarted", { detail: { wasm: wasm } }));
    });
  }

  if (!plain) {
    load().then(run);
    return;
  }

  var template = document.getElementById("pre-" + lang);
  if (!template) {
    load().then(run);
    return;
  }
  document.documentElement.lang = lang;
  document.title = template.getAttribute("data-title");
  document.body.appendChild(template.content.cloneNode(true));
  var pre = document.querySelector("main[data-prerendered]");
  var chart = pre.querySelector("[data-testid=chart-cumulative] .chart");
  var frames = {
    wide: chart.innerHTML,
    narrow: document.getElementById("pre-" + lang + "-narrow").innerHTML,
  };
  var notice = pre.querySelector("[data-testid=notice]");

  // The chart's frame for this width, as the module picks it (app.rs `is_narrow`).
  var frame = null;
  function fit() {
    var w = innerWidth;
    var column = w <= 720 ? w - 30 : w - 330;
    var want = column < 560 ? "narrow" : "wide";
    if (want !== frame) {
      frame = want;
      chart.innerHTML = frames[want];
    }
  }
  fit();
  addEventListener("resize", fit);

  // The content's height to the host page (embed.js sizes the frame), as the module does.
  var observer = null;
  if (window.parent !== window && window.ResizeObserver) {
    var last = 0;
    observer = new ResizeObserver(function () {
      var height = pre.scrollHeight;
      if (height !== last) {
        last = height;
        window.parent.postMessage({ type: "gpu-tco:height", height: height }, "*");
      }
    });
    observer.observe(pre);
  }

  // What the reader does before the module runs: the fields changed (in order), the buttons
  // pressed, the field with the focus and whether a pointer is down (a slider being dragged:
  // the module takes over when it is released, so the drag is not cut off).
  var changed = [];
  var pressed = [];
  var focused = null;
  var down = false;
  var waiting = false;
  function say(i) {
    notice.textContent = NOTE[lang][i];
    notice.classList.toggle("problem", i === 1);
    notice.hidden = false;
  }
  function touched() {
    if (waiting) return;
    waiting = true;
    var slow = setTimeout(function () { say(0); }, 150);
    load().then(function (parts) {
      clearTimeout(slow);
      if (down) {
        addEventListener("pointerup", function () { takeOver(parts); }, { once: true });
        addEventListener("pointercancel", function () { takeOver(parts); }, { once: true });
      } else {
        takeOver(parts);
      }
    }, function (e) {
      clearTimeout(slow);
      waiting = false;
      say(1);
      console.warn("gpu-tco: the calculator's module did not load", e);
    });
  }
  var done = false;
  function takeOver(parts) {
    if (done) return;
    done = true;
    removeEventListener("resize", fit);
    if (observer) observer.disconnect();
    // The focus as it is now: the module's removing the view moves it to the page.
    var had = focused;
    run(parts).then(function () {
      carryOver(had);
    });
  }
  // The same element in the live view: by id, else by test id.
  function live(el) {
    if (el.id) return document.getElementById(el.id);
    var t = el.getAttribute("data-testid");
    return t ? document.querySelector("main:not([data-prerendered]) [data-testid=\"" + t + "\"]") : null;
  }
  function carryOver(focused) {
    changed.forEach(function (el) {
      var now = live(el);
      if (now && now.value !== el.value) {
        now.value = el.value;
        now.dispatchEvent(new Event("input", { bubbles: true }));
        now.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    Array.prototype.forEach.call(pre.querySelectorAll("details[open]"), function (el) {
      var now = live(el);
      if (now) now.open = true;
    });
    pressed.forEach(function (el) {
      var now = live(el);
      if (now) now.click();
    });
    if (focused) {
      var now = live(focused);
      if (now) {
        now.focus({ preventScroll: true });
        if (typeof focused.selectionStart === "number" && now.type === "text") {
          try {
            now.setSelectionRange(focused.selectionStart, focused.selectionEnd);
          } catch (e) {
            // Not a field with a selection.
          }
        }
      }
    }
  }

  pre.addEventListener("input", function (e) {
    var i = changed.indexOf(e.target);
    if (i >= 0) changed.splice(i, 1);
    changed.push(e.target);
    touched();
  });
  // A press on a control is a touch (Safari gives a pressed button no focus); one on the text is
  // not, nor is a finger that scrolls the article across the frame.
  pre.addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("button") : null;
    if (b && pre.contains(b)) pressed.push(b);
    if (e.target.closest && e.target.closest("button, summary, input, select, textarea, label")) touched();
  });
  pre.addEventListener("focusin", function (e) {
    focused = e.target;
    touched();
  });
  pre.addEventListener("focusout", function (e) {
    if (!pre.contains(e.relatedTarget)) focused = null;
  });
  pre.addEventListener("pointerdown", function () { down = true; });
  addEventListener("pointerup", function () { down = false; });
  addEventListener("pointercancel", function () { down = false; });
  pre.addEventListener("keydown", touched);
  // A mouse over a field or button is about to touch it: a head start (a finger's "over" comes
  // with its press, also when it only scrolls).
  pre.addEventListener("pointerover", function (e) {
    if (e.pointerType === "mouse" && e.target.closest && e.target.closest("input, button, summary, select, textarea")) load();
  });
})();
