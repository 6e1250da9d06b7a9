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
    en: ["Loading the calculator…", "The calculator could not be loaded. Check the connection: it tries again when you next use it."],
    de: ["Der Rechner wird geladen …", "Der Rechner konnte nicht geladen werden. Prüfen Sie die Verbindung: Er versucht es erneut, sobald Sie ihn wieder bedienen."],
  };

  // The language as the module picks it (app.rs `initial_lang`, lang.rs `from_tag`), and
  // whether this is the default view: no parameter but the language and the old `view=embed`,
  // no scenario in the fragment, not a reload after a failure (the module says so).
  var tag = null;
  var plain = location.hash.length <= 1;
  location.search.replace(/^\?/, "").split("&").forEach(function (kv) {
    if (kv === "" || kv === "view=embed") return;
    // The first `lang`, as the module reads it.
    if (kv.indexOf("lang=") === 0) tag = tag === null ? kv.slice(5) : tag;
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
    middle: chart.innerHTML,
    narrow: document.getElementById("pre-" + lang + "-narrow").innerHTML,
  };
  var notice = pre.querySelector("[data-testid=notice]");

  // The chart's frame for this width, as the module picks it (app.rs `chart_fit`, charts.rs
  // `Fit::of_column`).
  var frame = null;
  function fit() {
    var w = innerWidth;
    var column = w <= 720 ? w - 30 : w - 330;
    var want = column < 540 ? "narrow" : "middle";
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
  var failedAt = 0;
  // Where the reader is: the control last touched. The state of the load is said there, beside
  // it (placed over the page, so nothing moves under the reader's hand), and announced by the
  // view's notice, which stays visually hidden.
  var near = null;
  var label = null;
  function say(i) {
    notice.classList.add("visually-hidden");
    notice.textContent = NOTE[lang][i];
    notice.hidden = false;
    if (!label) {
      label = document.createElement("p");
      label.className = "pre-status";
      label.setAttribute("aria-hidden", "true");
      document.body.appendChild(label);
    }
    label.textContent = NOTE[lang][i];
    label.classList.toggle("problem", i === 1);
    var box = (near && near.isConnected ? near : pre).getBoundingClientRect();
    // Under the control, within the frame's width (a box at the right edge: shifted left).
    var room = document.documentElement.clientWidth - label.offsetWidth - 4;
    label.style.left = Math.max(4, Math.min(box.left, room)) + scrollX + "px";
    label.style.top = box.bottom + scrollY + 4 + "px";
  }
  function unsay() {
    if (label) label.remove();
    label = null;
  }
  function touched(e) {
    if (e && e.target && e.target.nodeType === 1) near = e.target.closest("details") || e.target;
    if (waiting) return;
    // While the load fails, the next try waits a second: not one per key.
    if (Date.now() - failedAt < 1000) return;
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
      failedAt = Date.now();
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
  // The same element in the live view: by id, else by test id, else at the same place (the
  // live view starts as the copy was drawn: the same elements in the same order).
  function live(el, view) {
    if (el.id) return document.getElementById(el.id);
    var t = el.getAttribute("data-testid");
    if (t) return view.querySelector("[data-testid=\"" + t + "\"]");
    var path = [];
    for (var n = el; n && n !== pre; n = n.parentElement) {
      path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
    }
    var at = view;
    for (var i = 0; at && i < path.length; i++) at = at.children[path[i]];
    return at && at.tagName === el.tagName ? at : null;
  }
  function carryOver(focused) {
    unsay();
    var view = document.querySelector("main:not([data-prerendered])");
    if (!view) return;
    // Each element's counterpart first, while the live view is as the copy was.
    var values = changed.map(function (el) { return [el, live(el, view)]; });
    var opened = Array.prototype.map.call(pre.querySelectorAll("details[open]"), function (el) {
      return live(el, view);
    });
    // A press the reader has moved on from (scrolled away, or seconds ago) is not made for them.
    var presses = pressed.filter(function (p) {
      return Date.now() - p.at < 3000 && Math.abs(scrollY - p.y) < 50;
    }).map(function (p) { return live(p.el, view); });
    var target = focused ? live(focused, view) : null;
    opened.forEach(function (now) {
      if (now) now.open = true;
    });
    values.forEach(function (pair) {
      var el = pair[0];
      var now = pair[1];
      if (now && now.value !== el.value) {
        now.value = el.value;
        now.dispatchEvent(new Event("input", { bubbles: true }));
        now.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    presses.forEach(function (now) {
      if (now) now.click();
    });
    if (focused) {
      var now = target;
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
    // A slider's box and spoken value follow it meanwhile (the live view formats them).
    if (e.target.type === "range" && /-range$/.test(e.target.id)) {
      var box = document.getElementById(e.target.id.replace(/-range$/, ""));
      var unit = box && box.parentElement.querySelector(".unit");
      if (box) box.value = e.target.value;
      e.target.setAttribute("aria-valuetext", e.target.value + (unit ? " " + unit.textContent : ""));
    }
    touched(e);
  });
  // A section opened meanwhile says that its content is on its way.
  pre.addEventListener("toggle", function (e) {
    var d = e.target;
    var summary = d.querySelector("summary");
    var empty = summary && d.textContent.trim() === summary.textContent.trim();
    if (d.open && empty && !d.querySelector(".pre-wait")) {
      var wait = document.createElement("p");
      wait.className = "note pre-wait";
      wait.textContent = NOTE[lang][0];
      d.appendChild(wait);
    }
  }, true);
  // A press on a control is a touch (Safari gives a pressed button no focus); one on the text is
  // not, nor is a finger that scrolls the article across the frame.
  pre.addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("button") : null;
    if (b && pre.contains(b)) pressed.push({ el: b, at: Date.now(), y: scrollY });
    if (e.target.closest && e.target.closest("button, summary, input, select, textarea, label")) touched(e);
  });
  pre.addEventListener("focusin", function (e) {
    focused = e.target;
    // The link to the full calculator leaves the embed: no calculator for it.
    if (e.target.tagName !== "A") touched(e);
  });
  pre.addEventListener("focusout", function (e) {
    if (!pre.contains(e.relatedTarget)) focused = null;
  });
  pre.addEventListener("pointerdown", function () { down = true; });
  addEventListener("pointerup", function () { down = false; });
  addEventListener("pointercancel", function () { down = false; });
  pre.addEventListener("keydown", function (e) {
    if (!(e.target.tagName === "A" && e.key === "Enter")) touched(e);
  });
  // A mouse over a field or button is about to touch it: a head start (a finger's "over" comes
  // with its press, also when it only scrolls).
  pre.addEventListener("pointerover", function (e) {
    if (e.pointerType === "mouse" && e.target.closest && e.target.closest("input, button, summary, select, textarea")) load();
  });
})();
