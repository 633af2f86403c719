// ilgi: search inside an exported or served journal, in the browser, without the network.
// Reads the list of entries from search/YYYY.js (loaded before this script) and shows the ones
// whose title or text hold the query (tags through tag:name), read by `ilgiQuery`
// (search-query.js, which the site's search.js begins with). The entries' text comes from
// search/text-YYYY.js, loaded only once someone searches.
(function () {
  "use strict";
  var index = window.ilgiSearchIndex || [];
  var input = document.getElementById("search-query");
  var results = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  if (!input || !results || !status) return;

  var reader = ilgiQuery;
  var haystacks = index.map(function (item) {
    return reader.fields([item[1], item[4]]);
  });
  var tagLists = index.map(function (item) { return reader.tagList(item[5]); });
  var titles = index.map(function (item) { return reader.flat(item[1]); });

  // The entries' text, a script a year, each asked for once; every one that arrives searches again.
  var bodies = [];
  var asked = false;
  function body(i) {
    if (bodies[i] !== undefined) return bodies[i];
    var text = window.ilgiSearchText && window.ilgiSearchText[index[i][0]];
    if (text === undefined) return "";
    bodies[i] = reader.flat(text);
    return bodies[i];
  }
  function askForTexts() {
    if (asked) return;
    asked = true;
    var years = {};
    index.forEach(function (item) { years[String(item[2]).slice(0, 4)] = true; });
    Object.keys(years).sort().reverse().forEach(function (year) {
      var script = document.createElement("script");
      script.src = "search/text-" + year + ".js";
      script.onload = function () { show(input.value); };
      document.head.appendChild(script);
    });
  }

  function show(query) {
    while (results.firstChild) results.removeChild(results.firstChild);
    var parsed = reader.parse(query);
    if (reader.isEmpty(parsed)) { status.textContent = ""; return; }
    askForTexts();
    // Entries whose title holds what is looked for first, each part newest first (the index's
    // order), at most 200: the titles are read first, then the rest only until 200 are found.
    // A query of tags alone has no title to look in. (A journal's own search-query.js from
    // before titles ranked has no `inTitle`.)
    function found(i) {
      return reader.matches(parsed, haystacks[i] + "\u0000" + body(i), tagLists[i]);
    }
    var order = [];
    var first = {};
    if (parsed.groups.length > 0 && typeof reader.inTitle === "function") {
      for (var i = 0; i < index.length && order.length <= 200; i++) {
        if (reader.inTitle(parsed, titles[i]) && found(i)) {
          order.push(i);
          first[i] = true;
        }
      }
    }
    for (var j = 0; j < index.length && order.length <= 200; j++) {
      if (!first[j] && found(j)) order.push(j);
    }
    var more = order.length > 200;
    order = order.slice(0, 200);
    var shown = order.length;
    order.forEach(function (i) {
      var item = index[i];
      var li = document.createElement("li");
      li.className = "entry-row";
      var a = document.createElement("a");
      a.className = "entry-link";
      a.href = item[0];
      var title = document.createElement("span");
      title.className = "entry-title";
      title.textContent = item[1];
      var date = document.createElement("time");
      date.className = "entry-date";
      date.dateTime = item[2];
      date.textContent = item[3];
      a.appendChild(title);
      a.appendChild(date);
      if (item[4]) {
        var preview = document.createElement("span");
        preview.className = "entry-preview";
        preview.textContent = item[4];
        a.appendChild(preview);
      }
      li.appendChild(a);
      results.appendChild(li);
    });
    var count = String(shown) + (more ? "+" : "");
    status.textContent = shown === 0 ? status.getAttribute("data-none")
      : shown === 1 ? status.getAttribute("data-one")
      : status.getAttribute("data-many").replace("{1}", count);
    status.setAttribute("data-count", String(shown));
  }

  var query = new URLSearchParams(window.location.search).get("q") || "";
  input.value = query;
  show(query);
  input.addEventListener("input", function () {
    show(input.value);
    if (window.history && window.history.replaceState) {
      try { window.history.replaceState(null, "", "?q=" + encodeURIComponent(input.value)); } catch (e) { /* file:// */ }
    }
  });
})();
