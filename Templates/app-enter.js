// ilgi: the page that the address with the token opens (http://127.0.0.1:8080/?token=...).
// It keeps the token in this origin's storage (app-token.js), takes it out of the address bar,
// starts the service worker that puts it on every request, and goes on to the page asked for.
//
// A browser that runs no worker here (plain http on a network address, a private window that
// keeps none) goes on through /app/session instead, which keeps the token in a cookie: that
// cookie reaches the other ports of the same host, which the README says.
//
// The same script on the page that asks for the token: a page loaded past the worker (a
// reload that skips it) is loaded once more through it.
(async () => {
  'use strict';
  const body = document.body.dataset;
  const worker = 'serviceWorker' in navigator && window.isSecureContext ? navigator.serviceWorker : null;
  const here = new URL(location.href);
  const token = here.searchParams.get('token');
  const guard = 'ilgi-reloaded';

  if (token === null) {
    if (!body.tokenNeeded) { try { sessionStorage.removeItem(guard); } catch (error) { /* no storage */ } return; }
    const registered = worker && (await worker.getRegistration().catch(() => null));
    if (!registered || worker.controller || !(await ilgiToken.read())) return;
    try {
      if (sessionStorage.getItem(guard) === location.href) return;
      sessionStorage.setItem(guard, location.href);
    } catch (error) { return; }
    location.reload();
    return;
  }

  here.searchParams.delete('token');
  const onward = here.pathname + here.search + here.hash;
  history.replaceState(null, '', onward);
  const session = () => location.replace('/app/session?to=' + encodeURIComponent(onward) + '&token=' + encodeURIComponent(token));
  if (!worker) { session(); return; }
  try {
    await ilgiToken.write(token);
    const registration = await worker.register(body.worker);
    // The next page is the worker's once one is active: a new one (the first, or one of a
    // newer ilgi) is waited for; one that fails to start leaves the cookie's way.
    const coming = registration.installing || registration.waiting;
    const started = coming ? activated(coming) : worker.ready;
    const late = new Promise((resolve, reject) => setTimeout(() => reject(new Error('no worker')), 10000));
    await Promise.race([started, late]);
    location.replace(onward);
  } catch (error) {
    session();
  }

  /** Resolves when `next` runs; fails when it is dropped (its install failed). */
  function activated(next) {
    return new Promise((resolve, reject) => {
      const settle = () => {
        if (next.state === 'activated') resolve();
        if (next.state === 'redundant') reject(new Error('the worker did not start'));
      };
      next.addEventListener('statechange', settle);
      settle();
    });
  }
})();
