/*
 * GPU rent-vs-own calculator: embed loader.
 *
 *   <div data-gpu-tco data-lang="de" data-own="own-h200-nvl-8"
 *        data-rent="azure-nd-h200-on-demand" data-scenario="v=2&..."
 *        data-offer="mailto:sales@vendor.example"></div>
 *   <script src="https://calculator.example/embed.js" defer></script>
 *
 * Every div[data-gpu-tco] gets an iframe with the calculator's compact embed view; existing
 * iframe[data-gpu-tco-frame] elements (the plain iframe snippet) are adopted as they are. The
 * calculator is the folder this script was loaded from. Each embed posts its content height to
 * this page; the one message listener here resizes an iframe only for a message that came from
 * that very iframe's window and carries a plausible height. Nothing else is read or sent.
 * data-offer (a mailto: address, or "event") shows "Ask for an offer" in the embed: pressed, it
 * opens that mail link, or posts {type: "gpu-tco:offer", link, summary} to this page.
 */
(function () {
  "use strict";

  var TYPE = "gpu-tco:height";
  var MIN_HEIGHT = 100;
  var MAX_HEIGHT = 10000;
  var TITLE = "GPU rent vs own calculator";
  // The frame's accessible name in the embed's language (data-lang="de": German).
  var TITLE_DE = "Rechner: GPUs mieten oder eigenen Server kaufen";

  var script = document.currentScript;
  var base;
  try {
    base = new URL(".", script && script.src ? script.src : document.baseURI);
  } catch (e) {
    return;
  }

  // One loader per page, even if the snippet is pasted twice.
  var state = window.__gpuTcoEmbed;
  if (!state) {
    state = window.__gpuTcoEmbed = { frames: [] };
    window.addEventListener("message", onMessage);
  }

  function onMessage(event) {
    var frame = null;
    for (var i = 0; i < state.frames.length; i++) {
      var f = state.frames[i];
      if (f.contentWindow !== null && f.contentWindow === event.source) {
        frame = f;
        break;
      }
    }
    if (frame === null) return;
    var data = event.data;
    if (data === null || typeof data !== "object" || data.type !== TYPE) return;
    var height = data.height;
    if (typeof height !== "number" || !isFinite(height)) return;
    if (height < MIN_HEIGHT || height > MAX_HEIGHT) return;
    frame.style.height = Math.ceil(height) + "px";
  }

  function adopt(frame) {
    if (state.frames.indexOf(frame) >= 0) return;
    state.frames.push(frame);
    if (!frame.title) frame.title = TITLE;
    frame.style.width = "100%";
    frame.style.border = "0";
    frame.style.display = "block";
  }

  // The ids are plain words; anything else is percent-encoded, never interpreted.
  function param(name, value) {
    return name + "=" + String(value).split(",").map(function (part) {
      return encodeURIComponent(part.trim());
    }).join(",");
  }

  function embedUrl(div) {
    var query = ["view=embed"];
    var attrs = [["lang", "data-lang"], ["own", "data-own"], ["rent", "data-rent"], ["offer", "data-offer"]];
    for (var i = 0; i < attrs.length; i++) {
      var v = div.getAttribute(attrs[i][1]);
      if (v !== null && v.trim() !== "") query.push(param(attrs[i][0], v.trim()));
    }
    var url = new URL("embed.html?" + query.join("&"), base);
    var scenario = div.getAttribute("data-scenario");
    if (scenario !== null && scenario.trim() !== "") {
      url.hash = scenario.trim().replace(/^#/, "");
    }
    return url.href;
  }

  function mount(div) {
    if (div.getAttribute("data-gpu-tco-mounted") !== null) return;
    div.setAttribute("data-gpu-tco-mounted", "");
    var frame = document.createElement("iframe");
    var de = div.getAttribute("data-lang") === "de";
    frame.title = de ? TITLE_DE : TITLE;
    // Its name read in its language (the host page's may be another).
    if (de) frame.setAttribute("lang", "de");
    frame.setAttribute("width", "100%");
    frame.setAttribute("loading", "lazy");
    frame.setAttribute("referrerpolicy", "no-referrer");
    frame.src = embedUrl(div);
    adopt(frame);
    div.appendChild(frame);
  }

  function scan() {
    var divs = document.querySelectorAll("div[data-gpu-tco]");
    for (var i = 0; i < divs.length; i++) mount(divs[i]);
    var frames = document.querySelectorAll("iframe[data-gpu-tco-frame]");
    for (var j = 0; j < frames.length; j++) adopt(frames[j]);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", scan);
  } else {
    scan();
  }
})();
