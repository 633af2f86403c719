// ilgi: a search query read as `ilgi search` reads it, for the searches that run in the browser
// (the exported site's, and the app's while the server cannot be reached): every word,
// "an exact phrase", a OR b, NOT word or -word, and tag:name or #name for an entry's tag (-tag:name
// for one it has not). Text is compared folded (case, and Latin diacritics), with every run of
// white space as one space.
var ilgiQuery = (function () {
  "use strict";

  // NFC keeps decomposed Hangul and accents comparable; diacritics are dropped for Latin text
  // only (NFD of Hangul would split syllables into jamo).
  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
  }

  // A phrase then finds its words across a line break.
  function flat(text) {
    return fold(text).replace(/\s+/g, " ");
  }

  // An entry's fields (title, text, tags, ...) as `matches` reads them: no phrase runs from one
  // into the next.
  function fields(list) {
    return list.map(flat).join("\u0000");
  }

  // An entry's tags as `matches` reads them: a tag is named without regard to case.
  function tagList(tags) {
    return tags.map(function (tag) { return String(tag).toLowerCase(); });
  }

  var wordy = /[\p{L}\p{N}]/u;

  // Groups that must all match, each of words or phrases any one of which may (OR); words or
  // phrases none of which may (NOT, -word); tags the entry must have, and tags it must not. A
  // quote left open runs to the end of the query; AND is the default and is skipped; a term
  // with no letter or digit is no term, as for the server.
  function parse(query) {
    var parsed = { groups: [], not: [], tags: [], notTags: [] };
    var pattern = /"([^"]*)"?|(\S+)/g;
    var pendingOr = false;
    var pendingNot = false;
    var match;
    while ((match = pattern.exec(String(query))) !== null) {
      var word = match[2];
      if (word === "OR" || word === "|") { pendingOr = parsed.groups.length > 0; continue; }
      if (word === "NOT") { pendingNot = true; continue; }
      if (word === "AND" || word === "&") continue;
      if (word !== undefined && word.length > 1 && word.charAt(0) === "-") { pendingNot = true; word = word.slice(1); }
      if (word !== undefined && /^(tag:|#)./i.test(word)) {
        var tag = word.replace(/^(tag:#?|#)/i, "").toLowerCase();
        if (tag) (pendingNot ? parsed.notTags : parsed.tags).push(tag);
        pendingOr = false;
        pendingNot = false;
        continue;
      }
      var text = flat(word !== undefined ? word : match[1]).trim();
      if (!wordy.test(text)) continue;
      var term = { text: text, phrase: word === undefined };
      if (pendingNot) parsed.not.push(term);
      else if (pendingOr) parsed.groups[parsed.groups.length - 1].push(term);
      else parsed.groups.push([term]);
      pendingOr = false;
      pendingNot = false;
    }
    return parsed;
  }

  function isEmpty(parsed) {
    return parsed.groups.length + parsed.not.length + parsed.tags.length + parsed.notTags.length === 0;
  }

  // The words and phrases to look for, to mark them in what is shown.
  function terms(parsed) {
    return parsed.groups.reduce(function (all, group) {
      return all.concat(group.map(function (term) { return term.text; }));
    }, []);
  }

  // Whether `text` holds `term` as the server's index finds it: a word at the start of a word
  // (`walk` finds `walking`, not `sidewalk`), a phrase as whole words.
  function holds(text, term) {
    var from = 0;
    for (;;) {
      var at = text.indexOf(term.text, from);
      if (at < 0) return false;
      var end = at + term.text.length;
      var starts = at === 0 || !wordy.test(text.charAt(at - 1)) || !wordy.test(term.text.charAt(0));
      var ends = !term.phrase || end === text.length || !wordy.test(text.charAt(end))
        || !wordy.test(term.text.charAt(term.text.length - 1));
      if (starts && ends) return true;
      from = at + 1;
    }
  }

  // Whether `title`, as `flat` gives it, holds one of the words or phrases looked for: such
  // entries come first, as the server weighs titles above bodies.
  function inTitle(parsed, title) {
    return parsed.groups.some(function (group) {
      return group.some(function (term) { return holds(title, term); });
    });
  }

  // Whether an entry whose `fields` are `text` and whose `tagList` is `tags` is found.
  function matches(parsed, text, tags) {
    function tagged(tag) { return tags.indexOf(tag) >= 0; }
    function held(term) { return holds(text, term); }
    if (!parsed.tags.every(tagged) || parsed.notTags.some(tagged)) return false;
    for (var g = 0; g < parsed.groups.length; g++) {
      if (!parsed.groups[g].some(held)) return false;
    }
    return !parsed.not.some(held);
  }

  return {
    flat: flat, fields: fields, tagList: tagList, parse: parse, isEmpty: isEmpty, terms: terms, matches: matches,
    inTitle: inTitle,
  };
})();
