// ilgi: the service worker of a site `ilgi serve --read-only` serves. It only puts the token
// (`ilgiToken`, from app-token.js, which this script begins with) on each request of the site:
// the token stays in this origin's storage, never in a cookie that other ports would get.
'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // An address with the token opens the page that keeps it; a site is only read.
  if (url.origin !== self.location.origin || url.searchParams.has('token')) return;
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  event.respondWith(ilgiToken.authorized(request));
});
