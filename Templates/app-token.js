// ilgi: where this browser keeps the token of `ilgi serve`, and the requests that carry it.
//
// A cookie for 127.0.0.1 goes to every port of 127.0.0.1, so any program of any account on
// the computer that gets the browser to open its own port would be handed the token.
// IndexedDB belongs to one origin (scheme, host and port): only this server's pages and its
// service worker read it. The worker puts the token on the browser's reads of this origin
// (pages, pictures) as an `Authorization` header; the pages put it on their own requests.
//
// Loaded by the pages (/app/token.js) and put at the head of each service worker.
'use strict';
self.ilgiToken = (() => {
  let opened = null;
  /** The database, opened once and again after the browser closes it. */
  function database() {
    opened ||= new Promise((resolve, reject) => {
      const request = indexedDB.open('ilgi', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('keys');
      request.onsuccess = () => {
        request.result.onclose = () => { opened = null; };
        resolve(request.result);
      };
      request.onerror = () => { opened = null; reject(request.error); };
    });
    return opened;
  }

  /** What `act` asks of the store, once its transaction is done (a write is then seen by all). */
  async function ask(mode, act) {
    const transaction = (await database()).transaction('keys', mode);
    return new Promise((resolve, reject) => {
      const request = act(transaction.objectStore('keys'));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  }

  /** The token kept, or undefined (none kept, or storage this browser refuses). */
  async function read() {
    try { return await ask('readonly', (store) => store.get('token')); } catch (error) { return undefined; }
  }

  /** Keeps `token` for this origin. */
  function write(token) { return ask('readwrite', (store) => store.put(token, 'token')); }

  /** `headers` (a Headers) with the token's `Authorization` set, when one is kept. */
  async function sign(headers) {
    const token = await read();
    if (token && !headers.has('Authorization')) headers.set('Authorization', 'Bearer ' + token);
    return headers;
  }

  /**
   * `request` (a Request or an address) sent with the token. A page's navigation is sent on
   * as a request of the worker's: its redirects are handed back to the browser to follow
   * (`manual`), and its body read whole (a navigation's stream cannot be sent on as it is).
   */
  async function authorized(request) {
    if (typeof request === 'string') request = new Request(request);
    const init = {
      method: request.method,
      headers: await sign(new Headers(request.headers)),
      credentials: 'same-origin',
      redirect: request.mode === 'navigate' ? 'manual' : request.redirect,
      cache: request.cache === 'only-if-cached' ? 'default' : request.cache,
      referrerPolicy: 'no-referrer',
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') init.body = await request.clone().arrayBuffer();
    return fetch(request.url, init);
  }

  return { read, write, sign, authorized };
})();
