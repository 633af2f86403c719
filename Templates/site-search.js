// ilgi: search inside an exported or served journal, in the browser, without the network.
// Reads the list of entries from search/YYYY.js (loaded before this script) and shows the ones
// whose title, preview, tags, weather, date or text hold the query, read as `ilgi search` reads
// it: every word, "an exact phrase", a OR b, NOT word or -word, tag:name or #name. The entries'
// text comes from search/text-YYYY.js, loaded only once someone searches.
(function () {
  "use strict";
  var index = window.ilgiSearchIndex || [];
  var input = document.getElementById("search-query");
  var results = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  if (!input || !results || !status) return;

  // NFC keeps decomposed Hangul and accents comparable; diacritics are dropped for Latin text
  // only (NFD of Hangul would split syllables into jamo).
  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
  }
  // Runs of space, tabs and line ends read as one space, so a phrase finds its words across a
  // line break.
  function flat(text) {
    return fold(text).replace(/\s+/g, " ");
  }
  var haystacks = index.map(function (item) {
    return flat([item[1], item[4], item[5].join(" "), item[6], item[2], item[3]].join("\n"));
  });
  var tagLists = index.map(function (item) {
    return " " + item[5].map(fold).join(" ") + " ";
  });

  // The query as `ilgi search` reads it: groups that must all match, each of words or phrases
  // any of which may (OR); words or phrases none of which may (NOT, -word); tags every one of
  // which the entry has. A quote left open runs to the end; AND is the default and is skipped.
  function parse(query) {
    var parsed = { groups: [], not: [], tags: [] };
    var pattern = /"([^"]*)"?|(\S+)/g;
    var pendingOr = false;
    var pendingNot = false;
    var match;
    while ((match = pattern.exec(query)) !== null) {
      var word = match[2];
      var text = match[1];
      if (word === "OR" || word === "|") { pendingOr = parsed.groups.length > 0; continue; }
      if (word === "NOT") { pendingNot = true; continue; }
      if (word === "AND" || word === "&") continue;
      if (word !== undefined && word.length > 1 && word.charAt(0) === "-") { pendingNot = true; word = word.slice(1); }
      if (word !== undefined && /^(tag:|#)./i.test(word) && !pendingNot) {
        parsed.tags.push(fold(word.replace(/^(tag:|#)/i, "")));
        pendingOr = false;
        continue;
      }
      var term = flat(word !== undefined ? word : text).trim();
      if (term.length === 0) continue;
      if (pendingNot) parsed.not.push(term);
      else if (pendingOr) parsed.groups[parsed.groups.length - 1].push(term);
      else parsed.groups.push([term]);
      pendingOr = false;
      pendingNot = false;
    }
    return parsed;
  }

  function matches(parsed, i) {
    for (var t = 0; t < parsed.tags.length; t++) {
      if (tagLists[i].indexOf(" " + parsed.tags[t] + " ") < 0) return false;
    }
    var text = haystacks[i] + " " + body(i);
    for (var g = 0; g < parsed.groups.length; g++) {
      if (!parsed.groups[g].some(function (term) { return text.indexOf(term) >= 0; })) return false;
    }
    return !parsed.not.some(function (term) { return text.indexOf(term) >= 0; });
  }

  // The entries' text, a script a year, each asked for once; every one that arrives searches again.
  var bodies = [];
  var asked = false;
  function body(i) {
    if (bodies[i] !== undefined) return bodies[i];
    var text = window.ilgiSearchText && window.ilgiSearchText[index[i][0]];
    if (text === undefined) return "";
    bodies[i] = flat(text);
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
    var parsed = parse(query);
    if (parsed.groups.length + parsed.not.length + parsed.tags.length === 0) { status.textContent = ""; return; }
    askForTexts();
    var shown = 0;
    for (var i = 0; i < index.length && shown < 200; i++) {
      if (!matches(parsed, i)) continue;
      shown++;
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
    }
    var count = String(shown) + (shown === 200 ? "+" : "");
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
