// Replay stepping: the control links and the arrow keys (Shift: deal by deal) fetch the
// next step's page and swap in its #replay section, so the page does not blink. Without
// this script the controls are plain links and work the same, one page per step.
(function () {
  "use strict";

  var byKey = { ArrowLeft: "prev-move", ArrowRight: "next-move" };
  var byShiftKey = { ArrowLeft: "prev-deal", ArrowRight: "next-deal" };
  var busy = false;

  function swap(doc, href) {
    var fresh = doc.getElementById("replay");
    var current = document.getElementById("replay");
    if (!fresh || !current) {
      return false;
    }
    current.replaceWith(document.adoptNode(fresh));
    var freshSwitch = doc.getElementById("lang-switch");
    var mySwitch = document.getElementById("lang-switch");
    if (freshSwitch && mySwitch) {
      mySwitch.setAttribute("href", freshSwitch.getAttribute("href"));
    }
    window.history.replaceState(null, "", href);
    return true;
  }

  function go(href) {
    if (busy) {
      return;
    }
    busy = true;
    fetch(href, { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("status " + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        if (!swap(doc, href)) {
          window.location.assign(href);
        }
      })
      .catch(function () {
        window.location.assign(href);
      })
      .finally(function () {
        busy = false;
      });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("#replay a[data-nav]") : null;
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    go(link.href);
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    var name = (event.shiftKey ? byShiftKey : byKey)[event.key];
    var link = name ? document.querySelector('#replay a[data-nav="' + name + '"]') : null;
    if (!link) {
      return;
    }
    event.preventDefault();
    go(link.href);
  });
})();
