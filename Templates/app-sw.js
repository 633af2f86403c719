// ilgi: the app's service worker. It keeps the app's own pages, script and style, and the
// entries most recently listed or opened and the calendar's pages lately shown, so that the app
// opens, reads, searches what it keeps and writes while the server cannot be reached. Every request goes to the server first; a
// kept copy answers only when the server does not (or is slower than `patience`).
//
// `keptEntries`, the line the server puts above this script from the `keep` of its address
// (the page registers it with the device's app.offline and app.offline_entries), is how many
// entries to keep: 0 keeps none, only the app itself. Texts
// written offline are not kept here: the page keeps them until the server has them.
//
// Every read it sends on carries the token (`ilgiToken`, from app-token.js, which this script
// begins with), but never a form posted as a page: a page of any site may post one. What a
// phone's share sheet posts waits in this browser until the person keeps it.
'use strict';

/** The app itself: script, style, icon, manifest and the pages that hold no entry. */
const shellCache = 'ilgi-app-1';
const shellFiles = ['/app/app.js', '/app/app.css', '/app/icon.svg', '/manifest.webmanifest', '/write', '/search', '/offline'];
/** Entries (their page, writing page, text and pictures) and the list, with what is kept when. */
const entryCache = 'ilgi-entries-1';
const keptIndex = '/.kept';
/** The calendar's pages lately shown (`calendarPages` of them), each under its address. */
const calendarCache = 'ilgi-calendar-1';
const calendarPages = 12;
/** What was shared to the app and not yet kept or dropped (see `keepShared`). */
const sharedCache = 'ilgi-shared';
/** How long a page waits for the server before a kept copy is shown, in milliseconds. */
const patience = 4000;

/** An entry id as one segment of an address, encoded as the server encodes it. */
const segment = (id) => encodeURIComponent(id).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
/** The addresses kept of the entry whose id is written `name` in addresses. */
const addresses = (name) => ['/entry/' + name, '/write/' + name, '/api/entries/' + name];

self.addEventListener('install', (event) => {
  // What cannot be had now (the token not yet kept) is kept when a page asks for it.
  event.waitUntil((async () => {
    const cache = await caches.open(shellCache);
    await Promise.all(shellFiles.map(async (file) => {
      const reply = await ilgiToken.authorized(file).catch(() => null);
      if (reply && reply.ok) await cache.put(file, reply);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (![shellCache, entryCache, calendarCache, sharedCache].includes(name)) await caches.delete(name);
    }
    if (keptEntries === 0) await Promise.all([caches.delete(entryCache), caches.delete(calendarCache)]);
    else await serially(trim);
    await self.clients.claim();
  })());
});

// A page says an entry changed (saved, made) or went (deleted): its copies are fetched again
// or dropped, and the list kept is fetched again.
self.addEventListener('message', (event) => {
  const { changed, gone } = event.data || {};
  if (keptEntries === 0) return;
  if (changed) event.waitUntil(serially(() => keepEntry(changed, Date.now(), null).then(trim)).then(refreshList));
  // A calendar kept would still show the title of an entry deleted: it is kept again when seen.
  if (gone) event.waitUntil(serially(() => forget(gone)).then(() => caches.delete(calendarCache)).then(refreshList));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // An address with the token opens the page that keeps it (app-enter.js): sent as it is.
  if (url.origin !== self.location.origin || url.searchParams.has('token')) return;
  if (request.mode === 'navigate' && request.method !== 'GET') {
    if (request.method === 'POST' && url.pathname === '/share') event.respondWith(keepShared(request));
    return;
  }
  if (request.method === 'POST' && url.pathname === '/api/search') {
    event.respondWith(ilgiToken.authorized(request.clone()).catch(() => searchKept(request)));
    return;
  }
  // The pages' own requests to change something carry the token themselves (app.js).
  if (request.method !== 'GET') return;
  const kind = kindOf(url);
  if (kind) event.respondWith(serverFirst(event, request, url, kind));
  else if (request.mode === 'navigate') event.respondWith(ilgiToken.authorized(request).catch(offlinePage));
  else event.respondWith(ilgiToken.authorized(request));
});

/**
 * A share sheet's form, kept in this browser, and the writing page that asks the person
 * whether to keep it (app.js): the worker cannot tell it from a form another site's page
 * posted, so only the person sends it to the server.
 */
async function keepShared(request) {
  const type = request.headers.get('Content-Type') || '';
  const cache = await caches.open(sharedCache);
  await cache.put('/.shared', new Response(await request.arrayBuffer(), { headers: { 'Content-Type': type } }));
  return Response.redirect('/write?shared', 303);
}

/**
 * What an address is to the worker: `shell` (the app), `list`, `entry` (an entry's pages,
 * text and files), or null for what is never kept (the weather, the token's exchange, ...).
 */
function kindOf(url) {
  const path = url.pathname;
  if (shellFiles.includes(path) && (!url.search || path.startsWith('/app/'))) return 'shell';
  if (path.startsWith('/app/')) return 'shell';
  if (path === '/' || path === '/onthisday') return 'list';
  if (/^\/(entry|write)\/[^/]+$/.test(path) || /^\/api\/entries\/[^/]+$/.test(path)) return 'entry';
  if (/^\/file\/[^/]+\/[^/]+$/.test(path)) return 'entry';
  if (/^\/calendar(\/\d{4}(-\d{2})?)?$/.test(path)) return 'calendar';
  return null;
}

/** The encoded id an entry's address names. */
const nameIn = (url) => url.pathname.split('/')[url.pathname.startsWith('/api/') ? 3 : 2];

/**
 * The address a copy is kept under: the list's without its filters and page, a calendar's
 * with only its shading (a day chosen in it is the same month).
 */
const keyOf = (url, kind) => {
  if (kind === 'calendar') return url.pathname + (url.searchParams.has('by') ? '?by=' + url.searchParams.get('by') : '');
  return kind === 'list' || (kind === 'shell' && !url.pathname.startsWith('/app/')) ? url.pathname : url.pathname + url.search;
};

/**
 * The server's reply, kept for later when it is one to keep; the kept copy when the server
 * cannot be reached or keeps the page waiting; the offline page for a page never kept.
 */
function serverFirst(event, request, url, kind) {
  const fromServer = ilgiToken.authorized(request).then((reply) => {
    // A proxy in front of a stopped server (tailscale serve, Caddy) answers for it: unreachable.
    if (reply.status >= 500) throw Object.assign(new Error('unreachable'), { reply });
    if (reply.ok && reply.type === 'basic' && !reply.redirected) {
      const copy = reply.clone();
      event.waitUntil(keep(kind, url, copy).catch(() => {}));
    }
    // An entry that is gone is no longer kept.
    if (reply.status === 404 && kind === 'entry' && !url.pathname.startsWith('/file/')) {
      event.waitUntil(serially(() => forget(nameIn(url))).catch(() => {}));
    }
    return reply;
  });
  fromServer.catch(() => {});
  const slow = new Promise((resolve) => setTimeout(resolve, patience)).then(async () => (await keptCopy(url, kind)) || fromServer);
  return Promise.race([fromServer, slow]).catch(async (error) => {
    const kept = await keptCopy(url, kind);
    if (kept) return kept;
    if (request.mode === 'navigate') return offlinePage();
    return error.reply || Response.error();
  });
}

async function keptCopy(url, kind) {
  if (kind === 'shell') return caches.match(keyOf(url, kind), { cacheName: shellCache });
  if (keptEntries === 0) return undefined;
  if (kind === 'calendar') return caches.match(keyOf(url, kind), { cacheName: calendarCache });
  const cache = await caches.open(entryCache);
  // A list with filters or another page shows the first page kept.
  return (await cache.match(keyOf(url, kind))) || (kind === 'list' ? cache.match('/') : undefined);
}

async function offlinePage() {
  return (await caches.match('/offline', { cacheName: shellCache })) || Response.error();
}

/** Keeps a reply the server just gave. */
async function keep(kind, url, reply) {
  if (kind === 'shell') {
    if (keyOf(url, kind) === url.pathname + url.search) await (await caches.open(shellCache)).put(keyOf(url, kind), reply);
    return;
  }
  if (keptEntries === 0) return;
  if (kind === 'calendar') {
    // A month is kept as shown with no day chosen; the newest pages are kept, and the cache's
    // keys come oldest first.
    if (url.searchParams.has('day')) return;
    const cache = await caches.open(calendarCache);
    await cache.delete(keyOf(url, kind));
    await cache.put(keyOf(url, kind), reply);
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - calendarPages))) await cache.delete(old);
    return;
  }
  if (kind === 'list') {
    // The page is kept as the app opens on it, unfiltered (or just after a delete, which the
    // list then no longer shows); the entries of any page listed are.
    const text = await reply.text();
    const first = [...url.searchParams.keys()].every((key) => key === 'deleted');
    if (first) await (await caches.open(entryCache)).put(url.pathname, new Response(text, { headers: reply.headers }));
    const names = [...text.matchAll(/href="\/entry\/([^"/]+)"/g)].map((m) => m[1]);
    await keepListed([...new Set(names)]);
    return;
  }
  const name = nameIn(url);
  await serially(async () => {
    const index = await readIndex();
    const cache = await caches.open(entryCache);
    // A file is kept for an entry that is kept; an entry's page makes it kept.
    if (url.pathname.startsWith('/file/')) {
      if (index[name]) await cache.put(url.pathname + url.search, reply);
      return;
    }
    await cache.put(url.pathname, reply);
    // Its other copies move with it: fetched again when its version is not the one kept.
    const versions = index[name] ? await versionsOf([name]) : {};
    await keepEntry(name, Date.now(), versions[decodeURIComponent(name)] || null);
    await trim();
  });
}

/** The version of each entry named (as in addresses) that the server has, by id. */
async function versionsOf(names) {
  const versions = {};
  for (let start = 0; start < names.length; start += 100) {
    const query = names.slice(start, start + 100).map((name) => 'id=' + encodeURIComponent(decodeURIComponent(name))).join('&');
    const reply = await ilgiToken.authorized('/api/versions?' + query);
    if (!reply.ok) throw new Error('versions: ' + reply.status);
    Object.assign(versions, (await reply.json()).versions);
  }
  return versions;
}

/**
 * The entries a list shows, kept in its order (the first is the latest kept), and those kept
 * before: each fetched again only when its version changed, and dropped when it is gone. A few
 * requests ask for the versions of all of them.
 */
let earlierChecked = 0;
async function keepListed(names) {
  const listed = names.slice(0, keptEntries);
  await serially(async () => {
    const index = await readIndex();
    // Those kept before are asked about every few minutes, not at every list: each costs the
    // server a read of its file.
    const checkEarlier = Date.now() - earlierChecked > 300000;
    if (checkEarlier) earlierChecked = Date.now();
    const earlier = checkEarlier ? Object.keys(index).filter((name) => !listed.includes(name)) : [];
    const versions = await versionsOf([...listed, ...earlier]);
    const now = Date.now();
    for (const [place, name] of [...listed.entries(), ...earlier.map((name) => [null, name])]) {
      const version = versions[decodeURIComponent(name)];
      if (version === undefined) await forget(name);
      else await keepEntry(name, place === null ? index[name].at : now - place, version);
    }
    await trim();
  });
}

/**
 * Keeps the entry `name` as of `at`: its pages and text are fetched when `version` is not the
 * one kept (or unknown). Runs inside `serially`.
 */
async function keepEntry(name, at, version) {
  const index = await readIndex();
  const known = index[name];
  if (!version || !known || known.version !== version) {
    const cache = await caches.open(entryCache);
    const [entry, write, text] = await Promise.all(addresses(name).map((address) => ilgiToken.authorized(address)));
    if (text.status === 404) { await forget(name); return; }
    if (!entry.ok || !write.ok || !text.ok) return;
    version = (await text.clone().json()).version;
    await Promise.all([cache.put(addresses(name)[0], entry), cache.put(addresses(name)[1], write), cache.put(addresses(name)[2], text)]);
  }
  const latest = await readIndex();
  latest[name] = { at: Math.max(at, known ? known.at : 0), version };
  await writeIndex(latest);
}

/** Drops every copy of the entry `name`. Runs inside `serially`. */
async function forget(name) {
  const cache = await caches.open(entryCache);
  for (const address of addresses(name)) await cache.delete(address);
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith('/file/' + name + '/')) await cache.delete(request);
  }
  const index = await readIndex();
  delete index[name];
  await writeIndex(index);
}

/** Keeps the latest `keptEntries` entries and drops the rest. Runs inside `serially`. */
async function trim() {
  const index = await readIndex();
  const names = Object.keys(index).sort((a, b) => index[b].at - index[a].at);
  for (const name of names.slice(keptEntries)) await forget(name);
}

let listAsked = 0;
let listWaiting = null;
/** The list kept, fetched again after a change: at most every few seconds, and after the last. */
async function refreshList() {
  const wait = listAsked + 3000 - Date.now();
  if (wait > 0) {
    listWaiting ||= new Promise((resolve) => setTimeout(resolve, wait)).then(() => { listWaiting = null; return refreshList(); });
    return listWaiting;
  }
  listAsked = Date.now();
  const cache = await caches.open(entryCache);
  if (!(await cache.match('/'))) return;
  try {
    const reply = await ilgiToken.authorized('/');
    if (reply.ok && !reply.redirected) await keep('list', new URL('/', self.location.origin), reply);
  } catch (error) { /* kept as it was */ }
}

async function readIndex() {
  const kept = await (await caches.open(entryCache)).match(keptIndex);
  return kept ? kept.json() : {};
}

async function writeIndex(index) {
  await (await caches.open(entryCache)).put(keptIndex, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));
}

/** Runs `work` after the work before it: the index of what is kept is read and written whole. */
let queue = Promise.resolve();
function serially(work) {
  const run = queue.then(work);
  queue = run.catch(() => {});
  return run;
}

/**
 * A search while the server cannot be reached: the kept entries the query finds, read as the
 * server reads it (`ilgiQuery`, from search-query.js, which this script begins with).
 */
async function searchKept(request) {
  const asked = await request.json().catch(() => ({}));
  const query = ilgiQuery.parse(asked.q || '');
  const words = ilgiQuery.terms(query);
  const cache = await caches.open(entryCache);
  const index = keptEntries === 0 ? {} : await readIndex();
  const hits = [];
  for (const name of Object.keys(index)) {
    const kept = await cache.match(addresses(name)[2]);
    if (!kept) continue;
    const entry = await kept.json();
    const tags = String(entry.tags || '').split(/\s+/).filter((tag) => tag);
    const text = ilgiQuery.fields([entry.title, entry.content]);
    if (ilgiQuery.isEmpty(query) || !ilgiQuery.matches(query, text, ilgiQuery.tagList(tags))) continue;
    hits.push({
      href: '/entry/' + name, title: entry.title, date: entry.date, iso: entry.iso, symbol: '',
      snippet: snippet(entry.content, words),
      titled: typeof ilgiQuery.inTitle === 'function' && ilgiQuery.inTitle(query, ilgiQuery.flat(entry.title)),
    });
  }
  // Those whose title holds what is looked for first, as the server weighs titles; newest first,
  // then by address, as the server orders by path.
  const newer = (a, b) => (a.iso !== b.iso ? (a.iso < b.iso ? 1 : -1) : a.href < b.href ? 1 : a.href > b.href ? -1 : 0);
  hits.sort((a, b) => (a.titled !== b.titled ? (a.titled ? -1 : 1) : newer(a, b)));
  const body = JSON.stringify({ hits: hits.slice(0, Number(asked.limit) || 50), kept: Object.keys(index).length, offline: true });
  return new Response(body, { headers: { 'Content-Type': 'application/json' } });
}

/**
 * The line around the first word found, the words in it marked: in the text below the title
 * when a word is there (the title is shown beside it), else in the title and text, as the server.
 */
function snippet(content, words) {
  const body = content.slice(content.indexOf('\n') + 1);
  const found = (text) => words.map((word) => text.toLowerCase().indexOf(word)).filter((at) => at >= 0);
  const text = found(body).length ? body : content;
  const at = Math.min(...found(text), words.length && found(text).length ? Infinity : 0);
  const start = Math.max(0, at - 40);
  const line = text.slice(start, at + 80).replace(/\s+/g, ' ').trim();
  if (!words.length) return [{ text: line, mark: false }];
  const pieces = [];
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) pieces.push({ text: line.slice(last, match.index), mark: false });
    pieces.push({ text: match[0], mark: true });
    last = match.index + match[0].length;
  }
  if (last < line.length) pieces.push({ text: line.slice(last), mark: false });
  return pieces;
}
