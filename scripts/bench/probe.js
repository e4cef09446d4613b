/**
 * Added to each page by the benchmark's server in the next-page measurement
 * (scripts/bench/serve.mjs), never to the site. It reports to /__bench/report:
 * - "shown": once the page is shown (after activation when it was
 *   prerendered) and has painted, its navigation timing, its largest
 *   contentful paint and where on the screen the link named in the URL's
 *   #bench-link=<href> fragment is (scrolled into view first);
 * - "click": the moment a link is clicked, as a time since the epoch.
 */
const send = (data) => navigator.sendBeacon('/__bench/report', JSON.stringify({ path: location.pathname, ...data }));

addEventListener(
  'click',
  (event) => {
    if (event.target instanceof Element && event.target.closest('a[href]'))
      send({ type: 'click', at: performance.timeOrigin + event.timeStamp });
  },
  { capture: true },
);

let lcp = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) lcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });

/** Where the link to `href` is on the screen: a visible one in the header first, else the first on the page. */
function linkPosition(href) {
  const links = [...document.querySelectorAll(`a[href="${CSS.escape(href)}"]`)];
  const visible = (a) => a.getBoundingClientRect().width > 0;
  const link = links.find((a) => a.closest('header') && visible(a)) ?? links.find(visible);
  if (!link) return undefined;
  link.scrollIntoView({ block: 'center', behavior: 'instant' });
  const box = link.getBoundingClientRect();
  // Firefox knows where the page sits on the screen; Chromium in kiosk mode draws it at 0,0.
  const left = window.mozInnerScreenX ?? 0;
  const top = window.mozInnerScreenY ?? 0;
  return {
    x: Math.round(left + box.x + box.width / 2),
    y: Math.round(top + box.y + box.height / 2),
    inHeader: Boolean(link.closest('header')),
  };
}

function report() {
  const navigation = performance.getEntriesByType('navigation')[0];
  const target = /#bench-link=(.+)$/.exec(location.hash)?.[1];
  send({
    type: 'shown',
    timeOrigin: performance.timeOrigin,
    activationStart: navigation.activationStart ?? 0,
    deliveryType: navigation.deliveryType ?? '',
    lcp,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    link: target ? linkPosition(decodeURIComponent(target)) : undefined,
  });
}

/**
 * A second after the load event and the first largest-paint entry (on a busy
 * machine the paint can come after the load event), once the page is shown.
 */
function whenSettled() {
  const started = performance.now();
  const poll = () => (lcp > 0 || performance.now() - started > 30_000 ? setTimeout(report, 1000) : setTimeout(poll, 100));
  if (document.readyState === 'complete') poll();
  else addEventListener('load', poll, { once: true });
}
if (document.prerendering) document.addEventListener('prerenderingchange', whenSettled, { once: true });
else whenSettled();
