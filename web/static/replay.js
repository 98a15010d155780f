// Replay stepping: the control links and the arrow keys (Shift: deal by deal) fetch the
// next step's page and swap in its #replay section, so the page does not blink. Without
// this script the controls are plain links and work the same, one page per step.
// A key pressed or a control clicked while a step loads is queued, not dropped: each one
// is done in turn from the page it lands on (at most MAX_QUEUED wait).
(function () {
  "use strict";

  var byKey = { ArrowLeft: "prev-move", ArrowRight: "next-move" };
  var byShiftKey = { ArrowLeft: "prev-deal", ArrowRight: "next-deal" };
  var MAX_QUEUED = 50;
  var busy = false;
  var queued = [];

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

  function linkFor(name) {
    return document.querySelector('#replay a[data-nav="' + name + '"]');
  }

  // The next queued step from the page as it is now; a control that is disabled here
  // (the first or the last step reached) ends the queue.
  function next() {
    while (queued.length) {
      var link = linkFor(queued.shift());
      if (link) {
        go(link.href);
        return;
      }
      queued.length = 0;
    }
  }

  function go(href) {
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
          throw new Error("no replay in the page");
        }
        busy = false;
        next();
      })
      .catch(function () {
        queued.length = 0;
        window.location.assign(href);
      });
  }

  function ask(name) {
    if (busy) {
      if (queued.length < MAX_QUEUED) {
        queued.push(name);
      }
      return;
    }
    var link = linkFor(name);
    if (link) {
      go(link.href);
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("#replay a[data-nav]") : null;
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    ask(link.dataset.nav);
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    var name = (event.shiftKey ? byShiftKey : byKey)[event.key];
    if (!name || !(busy || linkFor(name))) {
      return;
    }
    event.preventDefault();
    ask(name);
  });
})();
