// ilgi: the diary app's script. Saving by itself, search as you type, delete with undo, share.
// No framework and no build step; every request goes to this server only.
(() => {
  'use strict';
  const meta = document.querySelector('meta[name="ilgi-strings"]');
  const strings = meta ? JSON.parse(meta.content) : {};
  const t = (key, ...args) => (strings[key] || key).replace(/\{(\d)\}/g, (_, n) => args[n - 1] ?? '');
  const enc = encodeURIComponent;

  /** `ms` (the page's clock) as ISO 8601 in this browser's zone with its offset: when a text was begun. */
  const localTime = (ms) => {
    if (!ms) return undefined;
    const at = new Date(ms);
    const pad = (n) => String(Math.abs(n)).padStart(2, '0');
    const offset = -at.getTimezoneOffset();
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:`
      + `${pad(at.getSeconds())}${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  };

  // The token, kept in this origin's storage (app-token.js) and read once: every request of
  // this page carries it itself, as one sent while the page closes may not pass the worker.
  let token;
  let tokenKnown = !self.ilgiToken;
  const tokenRead = self.ilgiToken ? ilgiToken.read().then((kept) => { token = kept; tokenKnown = true; }) : Promise.resolve();
  /**
   * `fetch` of an address of this server, with the token. Sent at once once the token is read
   * (a save as the page closes cannot wait for anything).
   */
  function send(path, options = {}) {
    const go = () => {
      const headers = new Headers(options.headers || {});
      if (token) headers.set('Authorization', 'Bearer ' + token);
      return fetch(path, { ...options, headers, credentials: 'same-origin' });
    };
    return tokenKnown ? go() : tokenRead.then(go);
  }

  /** A request to the app's API: JSON both ways, with the header every write needs. */
  function api(method, path, body, keepalive = false) {
    const options = { method, headers: { 'X-Ilgi-Request': '1' }, keepalive };
    if (body !== undefined) {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
      // A browser keeps at most 64 KiB of requests alive past the page's end.
      if (options.body.length > 60000) options.keepalive = false;
    }
    return send(path, options);
  }

  // Where texts the server does not have yet wait. The browser's storage outlives a reload and
  // a crash, but its files hold a removed value until the browser compacts them: with
  // app.offline off (an encrypted journal's default) nothing of a text is written there, and a
  // text waits in this page's memory only, which the page says, and asks before it is closed.
  const pageOnly = document.body.dataset.texts === 'page';
  const storage = pageOnly ? memoryStorage() : (() => { try { return window.localStorage; } catch (error) { return null; } })();
  /** The part of the Storage interface this script uses, in this page's memory. */
  function memoryStorage() {
    const items = new Map();
    return {
      get length() { return items.size; },
      key: (index) => [...items.keys()][index] ?? null,
      getItem: (name) => (items.has(name) ? items.get(name) : null),
      setItem: (name, value) => { items.set(name, String(value)); },
      removeItem: (name) => { items.delete(name); },
    };
  }
  /** An entry id as one segment of an address, encoded as the server encodes it. */
  const segment = (id) => enc(id).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  // The server ends a text with one line break and writes tags with spaces between them.
  const same = (a, b) => a.replace(/\s+$/, '') === b.replace(/\s+$/, '');
  const sameTags = (a, b) => a.split(/[\s,]+/).filter(Boolean).join(' ') === b.split(/[\s,]+/).filter(Boolean).join(' ');

  const toastElement = document.getElementById('toast');
  let toastTimer;
  function toast(text) {
    if (!toastElement) return;
    toastElement.textContent = text;
    toastElement.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toastElement.hidden = true; }, 5000);
  }

  // Delete: asks first, then the entry goes to the trash and the list offers undo.
  function askToDelete(id, before) {
    const dialog = document.querySelector('dialog.confirm');
    if (!dialog) return;
    dialog.returnValue = '';
    dialog.addEventListener('close', async () => {
      if (dialog.returnValue !== 'delete') return;
      if (before) before();
      const reply = await api('DELETE', '/api/entries/' + enc(id));
      if (!reply.ok) { toast((await reply.json()).error || reply.statusText); return; }
      const { trash } = await reply.json();
      tellWorker({ gone: segment(id) });
      location.assign('/?deleted=' + enc(trash));
    }, { once: true });
    dialog.showModal();
  }

  // The server syncs with the journal's remote by itself: a list shown before a sync brought
  // another device's entries, or went otherwise than it says, is shown again, unless the
  // person is doing something on it.
  const syncLine = document.getElementById('sync');
  if (syncLine) {
    setInterval(async () => {
      if (document.visibilityState !== 'visible' || document.querySelector('dialog[open], details[open]')) return;
      try {
        const reply = await send('/api/sync');
        if (!reply.ok) return;
        const status = await reply.json();
        if (status.brought > Number(syncLine.dataset.brought) || status.state !== syncLine.dataset.state) location.reload();
      } catch (error) { /* the server is away: the page stays */ }
    }, 10000);
  }

  for (const button of document.querySelectorAll('button.undo')) {
    button.addEventListener('click', async () => {
      button.disabled = true;
      const reply = await api('POST', '/api/restore', { trash: button.dataset.trash });
      if (!reply.ok) { toast((await reply.json()).error || reply.statusText); button.disabled = false; return; }
      location.assign((await reply.json()).href);
    });
  }

  // Share: the system's share sheet where there is one, else the clipboard.
  async function share(id) {
    const reply = await send('/api/entries/' + enc(id) + '/share');
    if (!reply.ok) return;
    const { title, text } = await reply.json();
    if (navigator.share) {
      try { await navigator.share({ title, text }); return; } catch (error) {
        if (error.name === 'AbortError') return;
      }
    }
    if (navigator.clipboard && window.isSecureContext) {
      try { await navigator.clipboard.writeText(text); toast(t('copied')); return; } catch (error) { /* below */ }
    }
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
    toast(t('copied'));
  }

  const article = document.querySelector('article.entry');
  if (article) {
    article.querySelector('button.share')?.addEventListener('click', () => share(article.dataset.id));
    article.querySelector('button.delete')?.addEventListener('click', () => askToDelete(article.dataset.id));
    // A picture is shown as a copy the size of a page (in a grid, cropped square); a tap opens
    // it whole, with the entry's other pictures before and after it.
    const pictures = [...article.querySelectorAll('img[src^="/file/"]')];
    pictures.forEach((picture, at) => picture.addEventListener('click', () => showPicture(pictures, at)));
    // A task list's boxes tick in the file: the box's number among the entry's, the version
    // shown and the item's words. A file changed since takes the tap where one item still reads
    // so, and is shown as it is now; where none does, it is shown to tick again.
    // The boxes a task list's items start with (a box in raw HTML is none), as the server
    // counts them: a footnote's aside.
    // Another entry's text shown in place (`![[Title]]`) holds its own boxes, none of these.
    const boxes = [...article.querySelectorAll(
      '.body li > input[type="checkbox"]:first-child, .body li > p:first-child > input[type="checkbox"]:first-child')]
      .filter((box) => !box.closest('section.footnotes') && !box.closest('figure.wiki-embed'));
    boxes.forEach((box, index) => {
      box.disabled = false;
      box.addEventListener('change', async () => {
        const checked = box.checked;
        boxes.forEach((each) => { each.disabled = true; });
        try {
          const reply = await api('POST', '/api/entries/' + enc(article.dataset.id) + '/task',
            { index, checked, base: article.dataset.version, text: taskText(box) });
          const answer = await reply.json().catch(() => ({}));
          if (reply.ok) {
            article.dataset.version = answer.version;
            if (answer.changedElsewhere) { location.reload(); return; }
          } else {
            box.checked = !checked;
            toast(answer.error || t('taskChanged'));
            if (reply.status === 409) { setTimeout(() => location.reload(), 1500); return; }
          }
        } catch (error) {
          box.checked = !checked;
          toast(t('offline'));
        }
        boxes.forEach((each) => { each.disabled = false; });
      });
    });
  }

  /** The words of the task item `box` starts: its paragraph's text, not a list inside it. */
  function taskText(box) {
    let text = '';
    for (const node of box.parentElement.childNodes) {
      if (node.nodeName === 'UL' || node.nodeName === 'OL') break;
      text += node.textContent;
    }
    return text.replace(/\s+/g, ' ').trim();
  }

  // The calendar goes to the month (or year) before or after with a swipe or the arrow keys.
  const calendar = document.querySelector('section.calendar');
  if (calendar) {
    const go = (where) => { const href = calendar.dataset[where]; if (href) location.assign(href); };
    let touch = null;
    calendar.addEventListener('touchstart', (event) => {
      touch = event.touches.length === 1 ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
    }, { passive: true });
    calendar.addEventListener('touchend', (event) => {
      if (!touch) return;
      const dx = event.changedTouches[0].clientX - touch.x;
      const dy = event.changedTouches[0].clientY - touch.y;
      touch = null;
      if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) go(dx < 0 ? 'next' : 'previous');
    });
    document.addEventListener('keydown', (event) => {
      if (event.target.closest('input, textarea, select') || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') go('previous');
      if (event.key === 'ArrowRight') go('next');
    });
  }

  /** Shows `pictures[at]` whole over the page: arrows, a swipe or the keys go to its neighbours. */
  function showPicture(pictures, at) {
    const viewer = document.createElement('dialog');
    viewer.className = 'viewer';
    const image = document.createElement('img');
    // Dragged, a picture would be taken for a file to drop elsewhere, not swiped.
    image.draggable = false;
    const button = (label, text, go) => {
      const made = document.createElement('button');
      made.type = 'button';
      made.textContent = text;
      made.setAttribute('aria-label', label);
      made.addEventListener('click', (event) => { event.stopPropagation(); go(); });
      return made;
    };
    const before = button(t('previousPicture'), '‹', () => show(at - 1));
    const after = button(t('nextPicture'), '›', () => show(at + 1));
    const close = button(t('closePicture'), '×', () => viewer.close());
    close.className = 'close';
    viewer.append(image, before, after, close);
    function show(index) {
      at = Math.max(0, Math.min(pictures.length - 1, index));
      image.src = pictures[at].src.split('?')[0];
      image.alt = pictures[at].alt;
      before.hidden = at === 0;
      after.hidden = at === pictures.length - 1;
    }
    viewer.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowLeft') show(at - 1);
      if (event.key === 'ArrowRight') show(at + 1);
    });
    // A swipe goes to a neighbour; a tap on the picture (not the end of a swipe) closes it.
    let startX = null;
    let swiped = false;
    viewer.addEventListener('pointerdown', (event) => { startX = event.clientX; swiped = false; });
    viewer.addEventListener('pointerup', (event) => {
      const moved = startX === null ? 0 : event.clientX - startX;
      startX = null;
      swiped = Math.abs(moved) > 40;
      if (swiped) show(at + (moved < 0 ? 1 : -1));
    });
    image.addEventListener('click', () => { if (!swiped) viewer.close(); });
    viewer.addEventListener('close', () => viewer.remove());
    document.body.append(viewer);
    show(at);
    viewer.showModal();
  }

  // Offline. The service worker (app-sw.js) keeps the app and the entries lately listed or
  // opened; browsers run it on localhost and over HTTPS only, which a page on plain http says.
  // Texts written while the server cannot be reached wait in this browser's storage (as
  // drafts, each under its entry's or its new entry's key) and are sent from any page of the
  // app once the server answers, oldest first, under the version rules of a save: a text whose
  // entry changed meanwhile is kept for the person to settle in the merge view.
  const worker = 'serviceWorker' in navigator && window.isSecureContext ? navigator.serviceWorker : null;
  // The worker needs no token, so it learns how many entries to keep from its address.
  // Not from the page that asks for the token: the token's page (app-enter.js) starts it.
  if (worker && !document.body.dataset.tokenNeeded) {
    worker.register('/sw.js?keep=' + (Number(document.body.dataset.keep) || 0)).catch(() => {});
  }
  else if (!window.isSecureContext && document.body.dataset.page === 'list') {
    const note = document.getElementById('needs-https');
    if (note) note.hidden = false;
  }
  /** Tells the worker an entry changed or went, so that its copies do too. */
  function tellWorker(message) { if (worker && worker.controller) worker.controller.postMessage(message); }

  // This page's name while it is open: a page holds the lock of its name as long as it lives,
  // and the drafts it keeps carry the name, so no other page sends a text its page still edits.
  const pageName = newKey();
  if (navigator.locks && document.getElementById('write')) {
    navigator.locks.request('ilgi:page:' + pageName, () => new Promise(() => {})).catch(() => {});
  }
  const draftPrefix = 'ilgi:draft:';
  /** Every text this browser keeps that the server may not have, oldest first. */
  function waitingTexts() {
    if (!storage) return [];
    const found = [];
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i);
      if (!name || !name.startsWith(draftPrefix)) continue;
      try {
        const draft = JSON.parse(storage.getItem(name));
        if (draft && typeof draft.text === 'string' && draft.text.trim()) found.push({ name, draft });
      } catch (error) { /* not a draft */ }
    }
    return found.sort((a, b) => (a.draft.since || a.draft.at || 0) - (b.draft.since || b.draft.at || 0));
  }
  const isNewText = (name) => name.startsWith(draftPrefix + 'new:');
  /** The entry a kept edit is of: its slot's name, without the page that keeps it apart. */
  const idOf = (name) => name.slice(draftPrefix.length).split('\n')[0];
  /** Where the person settles a text: its entry's writing page, or the New page that offers it. */
  const pageOf = (name) => (isNewText(name) ? '/write' : '/write/' + segment(idOf(name)));

  const connection = document.getElementById('connection');
  let unreachable = false;
  /** "Offline, 3 waiting", and a link to a text to settle; nothing when all is sent. */
  function showConnection() {
    if (!connection) return;
    const texts = waitingTexts();
    const toSettle = texts.filter(({ draft }) => draft.settle || draft.held);
    const offline = unreachable || navigator.onLine === false;
    // This page's own text is its status's to show, unless the server cannot be reached.
    const waiting = texts.filter(({ draft }) => !draft.settle && !draft.held && (offline || draft.page !== pageName));
    const parts = [];
    if (offline) parts.push(t('offlineNow'));
    if (waiting.length) parts.push(t('waiting', waiting.length));
    connection.replaceChildren(parts.join(', '));
    if (toSettle.length) {
      const link = document.createElement('a');
      link.href = pageOf(toSettle[0].name);
      link.textContent = t('toSettle', toSettle.length);
      connection.append(parts.length ? ', ' : '', link);
    }
    connection.dataset.waiting = String(waiting.length);
    connection.hidden = !parts.length && !toSettle.length;
  }
  function reached(ok) {
    unreachable = !ok;
    showConnection();
  }

  /** Sends one waiting text, unless a page still edits it. Throws when the server is unreachable. */
  async function sendText({ name }) {
    // As it is now: a page may have taken it up, or changed it, since the list was read.
    const kept = storage.getItem(name);
    let draft;
    try { draft = JSON.parse(kept || 'null'); } catch (error) { return; }
    if (!draft || !draft.text || !draft.text.trim() || draft.settle || draft.held || draft.page === pageName) return;
    if (navigator.locks) {
      const open = draft.page && await navigator.locks.request('ilgi:page:' + draft.page, { ifAvailable: true }, (lock) => !lock);
      if (open) return;
    } else if (Date.now() - (draft.at || 0) < 60000) {
      return;
    }
    const isNew = isNewText(name);
    if (!isNew && !draft.version) {
      storage.setItem(name, JSON.stringify({ ...draft, settle: true }));
      return;
    }
    const body = { content: draft.text, tags: draft.tags || '', weather: draft.weather || null };
    const reply = isNew
      ? await api('POST', '/api/entries', { ...body, key: draft.key, sequence: Date.now() * 1000 + 999, written: localTime(draft.written || draft.since) })
      : await api('PUT', '/api/entries/' + enc(idOf(name)), {
        ...body, base: draft.version, settled: true,
        // As the page that wrote it, after its saves: one of them may have landed on the base.
        page: draft.page, sequence: Date.now() * 1000 + 999,
      });
    // A proxy in front of a stopped server answers for it: the text waits.
    if (reply.status >= 500 || reply.status === 408 || reply.status === 429) throw new Error('unreachable');
    const answer = await reply.json().catch(() => ({}));
    // The page may have been opened and the text changed while this one was on its way.
    const unchanged = storage.getItem(name) === kept;
    const id = answer.id || idOf(name);
    if (reply.ok || (reply.status === 409 && same(answer.content || '', draft.text) && sameTags(answer.tags || '', draft.tags || ''))) {
      if (unchanged) storage.removeItem(name);
      tellWorker({ changed: segment(id) });
    } else if (reply.status === 409 && unchanged) {
      // Changed elsewhere meanwhile: its writing page shows both texts.
      // A new entry's text moves to the entry the server says its key made.
      storage.removeItem(name);
      storage.setItem(isNew ? draftPrefix + id : name, JSON.stringify({ ...draft, version: isNew ? null : draft.version, baseText: isNew ? '' : draft.baseText, settle: true }));
    } else if (reply.status === 404 && !isNew && unchanged) {
      // Deleted elsewhere: kept as a new entry's text, which the New page offers.
      storage.removeItem(name);
      const key = newKey();
      storage.setItem(draftPrefix + 'new:' + key, JSON.stringify({ ...draft, key, version: null, held: true }));
    } else if (!reply.ok && unchanged) {
      storage.setItem(name, JSON.stringify({ ...draft, settle: true }));
    }
  }

  let sending = false;
  let sendTimer;
  let sendWait = 2000;
  /** Sends every waiting text, oldest first, one page at a time; tries again later if offline. */
  async function sendWaiting() {
    if (sending || !storage) return;
    sending = true;
    clearTimeout(sendTimer);
    try {
      const run = async () => { for (const text of waitingTexts()) await sendText(text); };
      if (navigator.locks) await navigator.locks.request('ilgi:send', run); else await run();
      // Asked nothing: a look at whether the server answers, for the line under the bar.
      const probe = await send('/api/versions', { method: 'HEAD', cache: 'no-store' });
      if (probe.status >= 500) throw new Error('unreachable');
      sendWait = 2000;
      reached(true);
    } catch (error) {
      reached(false);
    } finally {
      sending = false;
    }
    const more = waitingTexts().some(({ draft }) => !draft.settle && !draft.held && draft.page !== pageName);
    if (more || unreachable) {
      sendTimer = setTimeout(sendWaiting, sendWait);
      sendWait = Math.min(sendWait * 2, 60000);
    }
  }
  window.addEventListener('online', () => { sendWait = 2000; sendWaiting(); });
  window.addEventListener('offline', showConnection);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') sendWaiting(); });
  window.addEventListener('storage', (event) => { if (event.key && event.key.startsWith(draftPrefix)) showConnection(); });
  showConnection();
  sendWaiting();

  // Search as you type: the index's search, newest question wins.
  const searchBox = document.getElementById('q');
  if (searchBox && document.body.dataset.page === 'search') {
    const hits = document.getElementById('hits');
    const none = document.getElementById('none');
    let timer;
    let asked = 0;
    const row = (hit) => {
      const item = document.createElement('li');
      item.className = 'entry-row';
      const link = document.createElement('a');
      link.className = 'row-link';
      link.href = hit.href;
      const title = document.createElement('span');
      title.className = 'row-title';
      title.textContent = hit.title;
      const when = document.createElement('span');
      when.className = 'row-meta';
      const time = document.createElement('time');
      time.dateTime = hit.iso;
      time.textContent = hit.date;
      when.append(time);
      if (hit.symbol) when.append(' ' + hit.symbol);
      const snippet = document.createElement('span');
      snippet.className = 'row-preview';
      for (const piece of hit.snippet || []) {
        if (piece.mark) {
          const mark = document.createElement('mark');
          mark.textContent = piece.text;
          snippet.append(mark);
        } else {
          snippet.append(piece.text);
        }
      }
      link.append(title, when, snippet);
      item.append(link);
      return item;
    };
    // The query goes in the request's body, never in an address; the page's own address keeps
    // it only where the form is a GET (an encrypted journal's is a POST: not in the history).
    const inAddress = searchBox.form.method === 'get';
    const ask = async () => {
      const text = searchBox.value;
      const number = ++asked;
      if (inAddress) history.replaceState(null, '', text ? '/search?q=' + enc(text) : '/search');
      if (!text.trim()) { hits.replaceChildren(); none.hidden = true; return; }
      try {
        const reply = await api('POST', '/api/search', { q: text });
        const answer = await reply.json();
        if (number !== asked) return;
        // A query the search cannot run says why where the results would be.
        const found = reply.ok ? answer.hits : [];
        hits.replaceChildren(...found.map(row));
        // Answered by the worker from what this browser keeps: said, found or not.
        none.textContent = answer.offline ? t('searchedKept', answer.kept) : (reply.ok ? t('noResults') : answer.error);
        none.hidden = found.length > 0 && !answer.offline;
      } catch (error) { /* the next keystroke asks again */ }
    };
    searchBox.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(ask, 120); });
    searchBox.closest('form').addEventListener('submit', (event) => { event.preventDefault(); ask(); });
  }

  // Writing: saves shortly after typing stops, when the field is left and when the page is
  // hidden or closed. Every save names the version it was based on; the server refuses it
  // (409) when the file changed meanwhile, and the page shows both texts. Until the server has
  // the text, it is kept in this browser's storage, so a reload or a crash loses nothing.
  const form = document.getElementById('write');

  // The lines of two texts, each marked when it is not among the lines the two share in order
  // (their longest common subsequence): what one side has that the other does not.
  function differingLines(theirs, mine) {
    const a = theirs.replace(/\n$/, '').split('\n');
    const b = mine.replace(/\n$/, '').split('\n');
    let start = 0;
    while (start < a.length && start < b.length && a[start] === b[start]) start++;
    let endA = a.length;
    let endB = b.length;
    while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB--; }
    const inA = a.map((_, i) => i < start || i >= endA);
    const inB = b.map((_, i) => i < start || i >= endB);
    const n = endA - start;
    const m = endB - start;
    // The table is n × m; texts too long for it are marked whole between the shared ends.
    if (n * m <= 4000000) {
      const width = m + 1;
      const table = new Uint32Array((n + 1) * width);
      for (let i = n - 1; i >= 0; i--) {
        for (let j = m - 1; j >= 0; j--) {
          table[i * width + j] = a[start + i] === b[start + j]
            ? table[(i + 1) * width + j + 1] + 1
            : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
        }
      }
      for (let i = 0, j = 0; i < n && j < m;) {
        if (a[start + i] === b[start + j]) { inA[start + i] = inB[start + j] = true; i++; j++; }
        else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) i++;
        else j++;
      }
    }
    return {
      theirs: a.map((line, i) => ({ line, differs: !inA[i] })),
      mine: b.map((line, i) => ({ line, differs: !inB[i] })),
    };
  }

  // One side of a conflict: its differing lines marked, with two lines around each; longer
  // runs of shared lines are one line saying how many.
  function showLines(element, lines) {
    const near = 2;
    const shown = lines.map((_, i) => lines.slice(Math.max(0, i - near), i + near + 1).some((l) => l.differs));
    if (!lines.some((l) => l.differs)) shown.fill(true);
    element.replaceChildren();
    for (let i = 0; i < lines.length;) {
      if (shown[i]) {
        const line = document.createElement(lines[i].differs ? 'mark' : 'span');
        if (lines[i].differs) line.className = 'differs';
        line.textContent = lines[i].line;
        element.append(line);
        i++;
      } else {
        let end = i;
        while (end < lines.length && !shown[end]) end++;
        if (end - i === 1) { shown[i] = true; continue; }
        const same = document.createElement('span');
        same.className = 'same';
        same.textContent = t('sameLines', end - i);
        element.append(same);
        i = end;
      }
    }
  }

  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  if (form) {
    const text = document.getElementById('text');
    const tags = document.getElementById('tags');
    const activities = document.getElementById('activities');
    const chosenTemplate = document.getElementById('template');
    // The mood chosen (1 to 5; 0 for none) and the activities: sent with every save, as tags are.
    const mood = () => Number(form.querySelector('input[name="mood"]:checked')?.value || 0);
    const fields = () => ({ mood: mood() || null, activities: activities.value });
    const fieldsText = () => mood() + '|' + activities.value;
    const status = document.getElementById('status');
    const weatherOutput = document.getElementById('weather');
    const conflict = document.getElementById('conflict');
    const state = {
      id: form.dataset.id || null,
      version: form.dataset.version || null,
      baseText: text.value,
      baseTags: tags.value,
      baseFields: fieldsText(),
      // A new page's text as a template began it: untouched, it is no entry of the person's.
      templateText: form.dataset.id ? null : text.value,
      weather: null,
      saving: false,
      again: false,
      paused: false,
      unsettled: false,
      // The person has kept what they wanted of the two versions a sync left: the next save
      // says so, and the server takes the entry's `unsettled:` line out.
      resolve: false,
      theirs: null,
      // This new entry's key, sent with each create of it: the server makes one entry of them.
      key: newKey(),
      retry: null,
      retryWait: 1000,
      // Whether this page keeps its text apart from another page's of the same entry.
      slotOfItsOwn: false,
      // When this page's text began to wait: texts are sent in the order they were written.
      since: null,
      // A text whose entry was deleted elsewhere: kept, and sent only when the person goes on.
      held: false,
      // When this new entry's text was begun (the page's clock): the entry is dated then, not
      // when the server receives it, which may be the next day after a night offline.
      written: null,
    };
    // A new entry's text is kept under its own key, so two new pages never share one slot.
    // Two pages of one entry (two tabs) keep their texts apart: a page keeps its text in the
    // entry's slot unless another page still open keeps its own there, and then in a slot of
    // its own beside it (the entry's slot, a line break, the page's name; an id is one line).
    let openPages = new Set();
    const askOpenPages = () => {
      if (!navigator.locks) return;
      navigator.locks.query().then(({ held }) => {
        openPages = new Set(held.map((lock) => lock.name).filter((name) => name.startsWith('ilgi:page:')).map((name) => name.slice(10)));
      }).catch(() => {});
    };
    const draftKey = () => {
      if (!state.id) return 'ilgi:draft:new:' + state.key;
      return 'ilgi:draft:' + state.id + (state.slotOfItsOwn ? '\n' + pageName : '');
    };
    const othersSlot = () => {
      if (!state.id || state.slotOfItsOwn) return false;
      let there = null;
      try { there = JSON.parse(storage.getItem('ilgi:draft:' + state.id) || 'null'); } catch (error) { return false; }
      if (!there || !there.page || there.page === pageName || there.text === text.value) return false;
      if (!navigator.locks) return Date.now() - (there.at || 0) < 60000;
      // Asked anew for the next keystroke: a lock's query is not answered at once.
      if (!openPages.has(there.page)) askOpenPages();
      return openPages.has(there.page);
    };
    askOpenPages();
    // Each create of the key numbered later than the one before, across pages that take the
    // key up (the clock, then a count): the server never writes an older one over a newer.
    let sent = 0;
    const sequence = () => Date.now() * 1000 + (sent++ % 1000);
    const say = (key) => {
      status.textContent = key ? t(key === 'offline' && pageOnly ? 'offlinePageOnly' : key) : '';
      status.dataset.state = key || '';
    };
    // A text only this page holds (see `pageOnly`): the browser asks before the page closes.
    if (pageOnly) {
      window.addEventListener('beforeunload', (event) => { if (storage.getItem(draftKey())) event.preventDefault(); });
    }

    const keepDraft = () => {
      if (!storage) return;
      if (othersSlot()) state.slotOfItsOwn = true;
      state.since ||= Date.now();
      if (!state.id) state.written ||= Date.now();
      storage.setItem(draftKey(), JSON.stringify({
        text: text.value, tags: tags.value, ...fields(), version: state.version, baseText: state.baseText,
        weather: state.weather, key: state.key, at: Date.now(), since: state.since, page: pageName,
        held: state.held, written: state.written,
      }));
      showConnection();
    };
    /** The mood and activities a kept draft holds, put back in their fields. */
    const restoreFields = (draft) => {
      if (typeof draft.activities === 'string') activities.value = draft.activities;
      if (draft.mood) {
        for (const choice of form.querySelectorAll('input[name="mood"]')) choice.checked = Number(choice.value) === draft.mood;
      }
    };
    const dropDraft = () => {
      if (storage) storage.removeItem(draftKey());
      state.since = null;
      showConnection();
    };
    const changed = () =>
      text.value !== state.baseText || tags.value !== state.baseTags || fieldsText() !== state.baseFields || state.resolve;
    const resolve = document.getElementById('resolve');
    // Pressed, the button keeps the focus where it was: the text's blur would save first and
    // move the page under the finger before the press ends.
    resolve?.addEventListener('mousedown', (event) => event.preventDefault());
    resolve?.addEventListener('click', () => {
      state.resolve = true;
      save({ settled: true });
    });

    function showConflict(theirs) {
      state.paused = true;
      state.theirs = theirs;
      const sides = differingLines(theirs.content, text.value);
      showLines(document.getElementById('theirs'), sides.theirs);
      showLines(document.getElementById('mine'), sides.mine);
      conflict.hidden = false;
      say('conflict');
      conflict.scrollIntoView({ block: 'nearest' });
      document.getElementById('keep-both').focus();
    }
    function settleConflict(textNow, base) {
      state.version = state.theirs.version;
      state.baseText = base;
      state.baseTags = state.theirs.tags;
      state.theirs = null;
      state.paused = false;
      conflict.hidden = true;
      if (textNow !== null) text.value = textNow;
      keepDraft();
      text.focus();
    }
    document.getElementById('keep-mine').addEventListener('click', () => {
      settleConflict(null, state.theirs.content);
      save({ settled: true });
    });
    document.getElementById('keep-theirs').addEventListener('click', () => {
      const theirs = state.theirs;
      settleConflict(theirs.content, theirs.content);
      tags.value = theirs.tags;
      dropDraft();
      say('saved');
    });
    document.getElementById('keep-both').addEventListener('click', async () => {
      const theirs = state.theirs;
      const reply = await api('POST', '/api/merge', { base: state.baseText, mine: text.value, theirs: theirs.content });
      if (!reply.ok) { toast((await reply.json()).error || reply.statusText); return; }
      const merged = await reply.json();
      settleConflict(merged.content, theirs.content);
      toast(t(merged.clean ? 'merged' : 'mergedConflicts'));
      // Two versions of the same lines stand one after the other: the person sees them first,
      // and the next keystroke or leaving saves.
      if (merged.clean) save({ settled: true }); else say('unsaved');
    });

    // The entry the server made of this new page's text: the page is now that entry's, its
    // text kept under the entry's slot.
    function becomeEntry(id) {
      dropDraft();
      state.id = id;
      history.replaceState(null, '', '/write/' + enc(id));
      form.dataset.id = id;
      document.getElementById('done').href = '/entry/' + enc(id);
      for (const name of ['share', 'delete']) document.getElementById(name).hidden = false;
      document.getElementById('locate')?.remove();
      // A template begins a new entry only.
      document.querySelector('.template-line')?.remove();
    }

    async function save({ settled = false, leaving = false } = {}) {
      if (state.paused) return;
      if (state.saving) {
        state.again = true;
        state.unsettled ||= settled;
        // Leaving while the create is on its way: send it again now, with the same key (the
        // server writes it onto the entry the first one makes), as the page cannot wait.
        if (leaving && !state.id && text.value.trim()) {
          api('POST', '/api/entries', { content: text.value, tags: tags.value, ...fields(), weather: state.weather, key: state.key, sequence: sequence(), written: localTime(state.written) }, true)
            .catch(() => {});
        }
        // Leaving while a save of the entry is on its way: the last text now, numbered after
        // it and on the same base (the server writes it on top of this page's own save).
        if (leaving && state.id && text.value.trim()) {
          api('PUT', '/api/entries/' + enc(state.id), {
            content: text.value, tags: tags.value, ...fields(), base: state.version, weather: state.weather, settled: true,
            page: pageName, sequence: sequence(),
          }, true).catch(() => {});
        }
        return;
      }
      const content = text.value;
      const tagText = tags.value;
      const sentFields = fields();
      const fieldText = fieldsText();
      const resolving = state.resolve;
      if (!state.id && (!content.trim() || content === state.templateText)) { dropDraft(); say(''); return; }
      if (state.id && !changed()) {
        if (settled && state.unsettled) {
          state.unsettled = false;
          api('POST', '/api/entries/' + enc(state.id) + '/settle', undefined, leaving).catch(() => {});
        }
        return;
      }
      if (state.id && !content.trim()) { say('empty'); return; }
      state.saving = true;
      say('saving');
      try {
        let reply;
        if (!state.id) {
          state.written ||= Date.now();
          reply = await api('POST', '/api/entries', { content, tags: tagText, ...sentFields, weather: state.weather, key: state.key, sequence: sequence(), written: localTime(state.written) }, leaving);
        } else {
          reply = await api('PUT', '/api/entries/' + enc(state.id), {
            content, tags: tagText, ...sentFields, base: state.version, weather: state.weather, settled, page: pageName, sequence: sequence(),
            resolved: resolving || undefined,
          }, leaving);
        }
        const answer = await reply.json();
        state.retryWait = 1000;
        reached(true);
        if (reply.ok) {
          tellWorker({ changed: segment(answer.id) });
          const wasNew = !state.id;
          if (wasNew) becomeEntry(answer.id);
          state.version = answer.version;
          state.baseText = content;
          state.baseTags = tagText;
          state.baseFields = fieldText;
          state.unsettled = !settled && !wasNew;
          if (resolving) {
            state.resolve = false;
            document.getElementById('two-versions')?.remove();
          }
          if (changed()) { keepDraft(); say('unsaved'); } else { dropDraft(); say('saved'); }
        } else if (reply.status === 409 && same(answer.content, content) && sameTags(answer.tags, tagText)) {
          // The file already holds this very text (a save from this page that landed while it
          // was being reloaded): nothing to settle, but a resolve it did not carry is sent again.
          state.version = answer.version;
          state.baseText = content;
          state.baseTags = tagText;
          state.baseFields = fieldText;
          if (resolving) state.again = true;
          if (changed()) { keepDraft(); say('unsaved'); } else { dropDraft(); say('saved'); }
        } else if (reply.status === 409) {
          // A create of this page's key whose entry changed elsewhere since: this page becomes
          // that entry, and the person settles the two texts on it.
          if (!state.id && answer.id) becomeEntry(answer.id);
          keepDraft();
          showConflict(answer);
        } else if (reply.status === 404) {
          // Deleted elsewhere: the text becomes a new entry's, kept under a key of its own,
          // which the New page offers (and this page saves, if the person goes on typing).
          dropDraft();
          state.id = null;
          state.version = null;
          state.key = newKey();
          state.held = true;
          keepDraft();
          say('gone');
        } else {
          keepDraft();
          toast(answer.error || reply.statusText);
          say('unsaved');
        }
      } catch (error) {
        unreachable = true;
        keepDraft();
        say('offline');
        retryLater();
      } finally {
        state.saving = false;
        if (state.again) {
          state.again = false;
          const settle = state.unsettled;
          save({ settled: settle });
        }
      }
    }

    // Unsaved text is sent again by itself: when the browser is back online, and after a wait
    // that doubles up to a minute while the server cannot be reached.
    function retryLater() {
      clearTimeout(state.retry);
      state.retry = setTimeout(() => { state.retryWait = Math.min(state.retryWait * 2, 60000); save(); }, state.retryWait);
    }
    window.addEventListener('online', () => { state.retryWait = 1000; clearTimeout(state.retry); save(); });

    let timer;
    const typed = () => {
      state.held = false;
      keepDraft();
      if (!state.paused) say(state.id || text.value.trim() ? 'unsaved' : '');
      clearTimeout(timer);
      timer = setTimeout(() => save(), 800);
    };
    text.addEventListener('input', typed);
    tags.addEventListener('input', typed);
    activities.addEventListener('input', typed);
    activities.addEventListener('blur', () => { clearTimeout(timer); save({ settled: true }); });
    document.getElementById('mood').addEventListener('change', () => { typed(); clearTimeout(timer); save({ settled: true }); });
    // An activity often written, a tap away: added to the field, or taken out when it is there.
    for (const chip of form.querySelectorAll('button.usual-activity')) {
      chip.addEventListener('click', () => {
        const words = activities.value.split(',').map((word) => word.trim()).filter(Boolean);
        const name = chip.dataset.activity;
        const at = words.findIndex((word) => word.toLowerCase() === name.toLowerCase());
        if (at >= 0) words.splice(at, 1); else words.push(name);
        activities.value = words.join(', ');
        typed();
      });
    }
    // A template chosen on the New page begins the text, while the person has written none of
    // their own (the text is empty, or as the last template left it).
    const untouched = () => !text.value.trim() || text.value === state.templateText;
    let begun = { tags: tags.value, activities: activities.value, mood: mood() };
    chosenTemplate?.addEventListener('change', async () => {
      if (!untouched()) return;
      const name = chosenTemplate.value;
      let start = { content: '', tags: '', mood: null, activities: '' };
      if (name) {
        try {
          const reply = await api('GET', '/api/templates/' + enc(name));
          if (!reply.ok) return;
          start = await reply.json();
        } catch (error) { return; }
      }
      // Asked again: the person may have typed while the template came.
      if (!untouched()) return;
      text.value = start.content;
      // A field is the template's only while it is as the last template left it.
      if (tags.value === begun.tags) tags.value = start.tags;
      if (activities.value === begun.activities) activities.value = start.activities;
      if (mood() === begun.mood) {
        for (const choice of form.querySelectorAll('input[name="mood"]')) choice.checked = Number(choice.value) === start.mood;
      }
      begun = { tags: tags.value, activities: activities.value, mood: mood() };
      state.templateText = start.content;
      text.focus();
    });
    text.addEventListener('blur', () => { clearTimeout(timer); save({ settled: true }); });
    tags.addEventListener('blur', () => { clearTimeout(timer); save({ settled: true }); });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') { clearTimeout(timer); save({ settled: true, leaving: true }); }
    });
    window.addEventListener('pagehide', () => { clearTimeout(timer); save({ settled: true, leaving: true }); });

    // Photos and other files: from the camera or gallery, pasted or dropped. Each is sent by
    // itself and kept by the server under its content's name (sent again, it is the same file);
    // its link goes where the cursor is, and the save that follows files it beside the entry.
    // Left before a reply, nothing is linked and the text is as it was.
    // A picture is a paragraph of its own, as `ilgi attach` makes it: a blank line parts it
    // from the text before and after (on the line under a paragraph it would float inside
    // it), and pictures added one after another stand together, a line each.
    const insertLink = (link) => {
      let start = text.selectionStart ?? text.value.length;
      let end = text.selectionEnd ?? start;
      // Never before the title line: a link there would become the title. (A recording sent
      // when the page opens finds the cursor at the start.)
      if (!text.value.slice(0, start).trim() && text.value.trim()) start = end = text.value.length;
      const before = text.value.slice(0, start);
      const after = text.value.slice(end);
      const lastLine = before.replace(/\n$/, '').split('\n').pop();
      const opening = !before || before.endsWith('\n\n') ? ''
        : before.endsWith('\n') ? (/^!\[[^\]]*\]\([^)]*\)$/.test(lastLine) ? '' : '\n') : '\n\n';
      const closing = !after || after.startsWith('\n') ? '\n' : '\n\n';
      const line = opening + link + closing;
      text.value = before + line + after;
      text.selectionStart = text.selectionEnd = start + opening.length + link.length + 1;
    };
    async function addFiles(files) {
      const list = Array.from(files || []);
      for (let i = 0; i < list.length; i++) {
        status.textContent = t('uploading', i + 1, list.length);
        status.dataset.state = 'uploading';
        const name = list[i].name || 'photo';
        try {
          const reply = await send('/api/uploads?name=' + enc(name), {
            method: 'POST', body: list[i],
            headers: { 'X-Ilgi-Request': '1', 'Content-Type': 'application/octet-stream' },
          });
          const answer = await reply.json().catch(() => ({}));
          if (!reply.ok) { toast(answer.error || t('uploadFailed', name)); continue; }
          insertLink(answer.link);
          typed();
        } catch (error) {
          // A recording made offline is sent when the server can be reached again.
          if (list[i].type.startsWith('audio/')) {
            if (list[i].keptAs === undefined) keepWaiting(list[i]); else waitingFiles.push(list[i]);
            toast(t('recordingWaits'));
          }
          else toast(t('uploadFailed', name));
        }
      }
      say(changed() ? 'unsaved' : (state.id ? 'saved' : ''));
    }
    // Recordings the server has not had yet: kept in the browser's IndexedDB under this text's
    // key (not for a journal that keeps nothing in the browser), so a page closed offline sends
    // them when its text is opened again, and in the page until then.
    const waitingFiles = [];
    const recordings = (mode, work) => new Promise((resolve) => {
      if (pageOnly || !window.indexedDB) { resolve(null); return; }
      const opened = indexedDB.open('ilgi-recordings', 1);
      opened.onupgradeneeded = () => opened.result.createObjectStore('waiting', { autoIncrement: true });
      opened.onerror = () => resolve(null);
      opened.onsuccess = () => {
        const store = opened.result.transaction('waiting', mode).objectStore('waiting');
        const request = work(store);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      };
    });
    const keepWaiting = (file) => {
      waitingFiles.push(file);
      recordings('readwrite', (store) => store.add({ draft: draftKey(), name: file.name, type: file.type, blob: file }))
        .then((key) => { file.keptAs = key; });
    };
    const sendWaitingFiles = async () => {
      if (!waitingFiles.length) return;
      const sending = waitingFiles.splice(0);
      await addFiles(sending);
      for (const file of sending) {
        if (file.keptAs !== undefined && !waitingFiles.includes(file)) recordings('readwrite', (store) => store.delete(file.keptAs));
      }
    };
    window.addEventListener('online', sendWaitingFiles);
    setInterval(() => { if (waitingFiles.length && navigator.onLine) sendWaitingFiles(); }, 15000);
    (async () => {
      // The recordings this text left waiting, sent now.
      const all = await recordings('readonly', (store) => store.getAll());
      const keys = await recordings('readonly', (store) => store.getAllKeys());
      (all || []).forEach((kept, at) => {
        if (kept.draft !== draftKey()) return;
        const file = new File([kept.blob], kept.name, { type: kept.type });
        file.keptAs = keys[at];
        waitingFiles.push(file);
      });
      if (navigator.onLine) sendWaitingFiles();
    })();

    // A voice note: the microphone recorded in the page (MediaRecorder, which the browser allows
    // on localhost and HTTPS), a timer while it runs, and on stop the recording kept beside the
    // entry as a photo is, its link where the cursor is.
    const recordButton = document.getElementById('record');
    const clock = document.getElementById('record-time');
    if (recordButton && window.MediaRecorder && navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
      recordButton.hidden = false;
      let recorder = null;
      let startedAt = 0;
      let tick = null;
      const elapsed = () => {
        const seconds = Math.floor((Date.now() - startedAt) / 1000);
        return Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
      };
      recordButton.addEventListener('click', async () => {
        if (recorder) { recorder.stop(); return; }
        let stream;
        try { stream = await navigator.mediaDevices.getUserMedia({ audio: true }); } catch (error) { toast(t('noMicrophone')); return; }
        const type = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus'].find((kind) => MediaRecorder.isTypeSupported(kind)) || '';
        const chunks = [];
        recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
        recorder.addEventListener('dataavailable', (event) => { if (event.data.size) chunks.push(event.data); });
        recorder.addEventListener('stop', () => {
          stream.getTracks().forEach((track) => track.stop());
          clearInterval(tick);
          const kind = recorder.mimeType || type || 'audio/webm';
          const ending = kind.includes('mp4') ? 'm4a' : kind.includes('ogg') ? 'ogg' : 'webm';
          const file = new File(chunks, t('voiceNote', elapsed()) + '.' + ending, { type: kind.split(';')[0] });
          recorder = null;
          recordButton.textContent = t('record');
          recordButton.setAttribute('aria-pressed', 'false');
          clock.hidden = true;
          addFiles([file]);
        });
        recorder.start(1000);
        startedAt = Date.now();
        clock.textContent = '0:00';
        clock.hidden = false;
        tick = setInterval(() => { clock.textContent = elapsed(); }, 250);
        recordButton.textContent = t('stopRecording');
        recordButton.setAttribute('aria-pressed', 'true');
      });
    }
    const picker = document.getElementById('files');
    picker.addEventListener('change', () => { addFiles(picker.files).then(() => { picker.value = ''; }); });
    text.addEventListener('paste', (event) => {
      const files = event.clipboardData && event.clipboardData.files;
      if (files && files.length) { event.preventDefault(); addFiles(files); }
    });
    text.addEventListener('dragover', (event) => { if (event.dataTransfer && event.dataTransfer.types.includes('Files')) event.preventDefault(); });
    text.addEventListener('drop', (event) => {
      const files = event.dataTransfer && event.dataTransfer.files;
      if (files && files.length) { event.preventDefault(); addFiles(files); }
    });

    document.getElementById('share').addEventListener('click', () => { if (state.id) share(state.id); });
    document.getElementById('delete').addEventListener('click', () => {
      if (state.id) askToDelete(state.id, () => { state.paused = true; dropDraft(); });
    });

    // New entries' texts this browser kept that the server may not have: offered, each on its
    // own; opening one makes this page that entry (its key), so it is never filed twice.
    const keptNew = () => waitingTexts().filter(({ name }) => isNewText(name) && name !== draftKey());
    // A kept text whose create reached the server (a page left before the reply came) is
    // dropped when the entry holds that very text; one the server cannot be asked about stays.
    const alreadySaved = async ({ draft }) => {
      if (!draft.key) return false;
      try {
        const reply = await api('GET', '/api/created/' + enc(draft.key));
        if (!reply.ok) return false;
        const entry = await reply.json();
        return same(entry.content, draft.text) && sameTags(entry.tags, draft.tags || '');
      } catch (error) { return false; }
    };
    /** A box above the writing form, `id`, saying `said`: what this browser holds unsent. */
    const keptBox = (id, said) => {
      const box = document.createElement('section');
      box.id = id;
      box.className = 'kept';
      const heading = document.createElement('p');
      heading.textContent = said;
      box.append(heading);
      return box;
    };
    /** A button of the box, `id` or `className` naming it. */
    const button = (label, { id, className } = {}) => {
      const made = document.createElement('button');
      made.type = 'button';
      if (id) made.id = id;
      if (className) made.className = className;
      made.textContent = label;
      return made;
    };
    const offer = (offered) => {
      if (!offered.length) return;
      const box = keptBox('kept', t('keptTexts'));
      const list = document.createElement('ul');
      for (const { name, draft } of offered) {
        const item = document.createElement('li');
        const line = document.createElement('span');
        line.textContent = draft.text.trim().split('\n')[0].slice(0, 80);
        const open = button(t('openKept'), { className: 'open-kept' });
        open.addEventListener('click', () => {
          if (text.value.trim()) return;
          dropDraft();
          storage.removeItem(name);
          state.key = draft.key || state.key;
          state.written = draft.written || draft.since || state.written;
          text.value = draft.text;
          tags.value = draft.tags || '';
          restoreFields(draft);
          if (draft.weather) state.weather = draft.weather;
          item.remove();
          if (!list.children.length) box.remove();
          save();
        });
        item.append(line, ' ', open);
        list.append(item);
      }
      box.append(list);
      form.before(box);
    };
    // What a share sheet sent, kept by the worker (app-sw.js) until the person says: kept, it
    // is posted to the server as the share sheet posted it and becomes an entry.
    if (!state.id && new URLSearchParams(location.search).has('shared') && self.caches) offerShared();
    async function offerShared() {
      const cache = await caches.open('ilgi-shared');
      const shared = await cache.match('/.shared');
      if (!shared) return;
      const body = await shared.blob();
      const fields = await new Response(body, { headers: { 'Content-Type': shared.headers.get('Content-Type') || '' } })
        .formData().catch(() => null);
      const box = keptBox('shared-waiting', t('sharedWaiting'));
      const line = document.createElement('p');
      line.className = 'shared-line';
      // Its words and the names of its files, as a line to recognise it by.
      const parts = fields ? [...fields.values()].map((value) => (typeof value === 'string' ? value : value.name)) : [];
      line.textContent = parts.filter(Boolean).join(' · ').slice(0, 160);
      const keep = button(t('sharedKeep'), { id: 'keep-shared' });
      const drop = button(t('sharedDrop'), { id: 'drop-shared' });
      keep.addEventListener('click', async () => {
        keep.disabled = drop.disabled = true;
        try {
          const reply = await send('/share', { method: 'POST', body, headers: { 'Content-Type': shared.headers.get('Content-Type') || '' } });
          if (!reply.ok) {
            // The server's page saying why: its one line.
            const said = new DOMParser().parseFromString(await reply.text(), 'text/html').querySelector('.problem');
            throw new Error((said && said.textContent) || reply.statusText);
          }
          await cache.delete('/.shared');
          location.replace(reply.url);
        } catch (error) {
          toast(String(error.message || error));
          keep.disabled = drop.disabled = false;
        }
      });
      drop.addEventListener('click', () => {
        box.remove();
        history.replaceState(null, '', '/write');
        cache.delete('/.shared');
      });
      box.append(line, keep, ' ', drop);
      form.before(box);
    }

    if (!state.id) {
      const kept = keptNew();
      Promise.all(kept.map(alreadySaved)).then((saved) => {
        kept.forEach(({ name }, i) => { if (saved[i]) storage.removeItem(name); });
        offer(kept.filter((_, i) => !saved[i]));
        form.dataset.keptChecked = 'true';
      });
    }

    // A text kept apart for this entry by a page since closed, which the sender could not save
    // (the entry changed since): taken up here, where the person settles it.
    if (state.id && storage && !storage.getItem(draftKey())) {
      for (const { name, draft } of waitingTexts()) {
        if (name.startsWith(draftKey() + '\n') && draft.settle) {
          storage.setItem(draftKey(), storage.getItem(name));
          storage.removeItem(name);
          break;
        }
      }
    }
    // A draft this browser kept of this entry: the text the server does not have yet.
    const kept = state.id && storage && JSON.parse(storage.getItem(draftKey()) || 'null');
    const keptFields = kept && (kept.mood || 0) + '|' + (kept.activities ?? activities.value);
    if (kept && (kept.text !== text.value || kept.tags !== tags.value || keptFields !== fieldsText())) {
      if (!state.id || kept.version === state.version) {
        text.value = kept.text;
        tags.value = kept.tags;
        restoreFields(kept);
        if (kept.weather) state.weather = kept.weather;
        say('unsaved');
        save();
      } else {
        // The file changed since the draft's save was based on it.
        state.baseText = kept.baseText;
        const theirs = { content: text.value, tags: tags.value, version: state.version };
        text.value = kept.text;
        showConflict(theirs);
      }
    } else if (kept) {
      dropDraft();
    }

    // The weather at creation: the journal's place, or this device's if the person allows it.
    const askWeather = async (query) => {
      try {
        const reply = await send('/api/weather' + query);
        const { weather } = await reply.json();
        if (weather) { state.weather = weather; weatherOutput.value = weather; }
        return weather;
      } catch (error) { return null; }
    };
    if (!state.id) {
      askWeather('');
      document.getElementById('locate')?.addEventListener('click', () => {
        if (!navigator.geolocation) { toast(t('noLocation')); return; }
        navigator.geolocation.getCurrentPosition(async (position) => {
          const { latitude, longitude } = position.coords;
          const weather = await askWeather('?lat=' + latitude.toFixed(3) + '&lon=' + longitude.toFixed(3));
          toast(weather ? t('located', weather) : t('noLocation'));
        }, () => toast(t('noLocation')), { timeout: 10000, maximumAge: 600000 });
      });
    }
  }
})();
