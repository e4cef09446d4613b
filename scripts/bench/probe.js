/**
 * Added to each page by the benchmark's server in the next-page measurement
 * (scripts/bench/serve.mjs), never to the site. It reports to /__bench/report:
 * - "shown": once the page is shown (after activation when it was
 *   prerendered) and has painted, its navigation timing, its largest
 *   contentful paint and where on the screen the link named in the URL's
 *   #bench-link=<href> fragment is (scrolled into view first, waited for when
 *   the page adds it later, as the search page adds its results), and what its
 *   time was made of (`detail`: when it was activated and painted, the frames and
 *   long frames around it, its resources);
 * - "click": the moment a link is clicked, as a time since the epoch;
 * - "leave": the moment the visitor asked to go back or forward (Alt+Left or
 *   Alt+Right, or the mouse's side buttons), as a time since the epoch;
 * - "restored": a page shown again from the back/forward cache (pageshow with
 *   `persisted`), with the time of its first frame after it;
 * - "hidden": the page was hidden (pagehide), and whether it may be kept in the
 *   back/forward cache (`persisted`).
 */
const send = (data) => navigator.sendBeacon('/__bench/report', JSON.stringify({ path: location.pathname, ...data }));
const epoch = (t) => performance.timeOrigin + t;

addEventListener(
  'click',
  (event) => {
    if (event.target instanceof Element && event.target.closest('a[href]'))
      send({ type: 'click', at: epoch(event.timeStamp), handled: epoch(performance.now()) });
  },
  { capture: true },
);

// Back and forward: the mouse's side buttons (3 and 4 in DOM terms) and Alt+arrow; the browser acts after the page saw them.
const leave = (direction, event) => send({ type: 'leave', direction, at: epoch(event.timeStamp) });
addEventListener('mouseup', (event) => event.button === 3 && leave('back', event), { capture: true });
addEventListener('mouseup', (event) => event.button === 4 && leave('forward', event), { capture: true });
addEventListener(
  'keydown',
  (event) =>
    event.altKey && ['ArrowLeft', 'ArrowRight'].includes(event.key) && leave(event.key === 'ArrowLeft' ? 'back' : 'forward', event),
  { capture: true },
);

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

addEventListener('pagehide', (event) => send({ type: 'hidden', persisted: event.persisted, at: epoch(event.timeStamp) }));
addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  const shownAt = epoch(event.timeStamp);
  // The restored page on the screen: when the first animation frame after pageshow runs, and the next one
  // (by then the first has been painted), as the time they run rather than their frame's start time.
  frame().then(async () => {
    const first = performance.now();
    await frame();
    send({ type: 'restored', at: shownAt, firstFrame: epoch(first), secondFrame: epoch(performance.now()) });
  });
});

let lcp = 0;
const lcps = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    lcp = entry.startTime;
    lcps.push({
      startTime: entry.startTime,
      renderTime: entry.renderTime,
      loadTime: entry.loadTime,
      size: entry.size,
      element: entry.element ? entry.element.tagName.toLowerCase() + (entry.element.id ? `#${entry.element.id}` : '') : '',
      url: entry.url ? new URL(entry.url).pathname : '',
    });
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });

/** Long animation frames (Chromium), kept from the start: what held the main thread around activation and paint. */
const frames = [];
if (PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame'))
  new PerformanceObserver((list) => {
    for (const f of list.getEntries())
      frames.push({
        startTime: f.startTime,
        duration: f.duration,
        renderStart: f.renderStart,
        styleAndLayoutStart: f.styleAndLayoutStart,
        blockingDuration: f.blockingDuration,
        scripts: f.scripts.map((s) => ({
          invoker: s.invoker,
          source: s.sourceURL ? new URL(s.sourceURL, location.href).pathname : '',
          startTime: s.startTime,
          duration: s.duration,
        })),
      });
  }).observe({ type: 'long-animation-frame', buffered: true });

// Activation (a prerendered page) and the frames after it, page clock.
const marks = { activated: 0, frames: [] };
const afterShown = async (at) => {
  marks.activated = at;
  for (let i = 0; i < 3; i++) marks.frames.push(await frame());
};
if (document.prerendering) document.addEventListener('prerenderingchange', () => void afterShown(performance.now()), { once: true });
else void afterShown(0);

/** The link to `href` on the screen: a visible one in the header first, else the first on the page. */
function findLink(href) {
  const links = [...document.querySelectorAll(`a[href="${CSS.escape(href)}"]`)];
  const visible = (a) => a.getBoundingClientRect().width > 0;
  return links.find((a) => a.closest('header') && visible(a)) ?? links.find(visible);
}

/** Where the link to `href` is on the screen, once there is one (the search page adds its results later), scrolled into view. */
async function linkPosition(href) {
  let link = findLink(href);
  for (const started = performance.now(); !link && performance.now() - started < 20_000; link = findLink(href))
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (!link) return undefined;
  link.scrollIntoView({ block: 'center', behavior: 'instant' });
  await frame();
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

const round = (value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value);

async function report() {
  const navigation = performance.getEntriesByType('navigation')[0];
  const target = /#bench-link=(.+)$/.exec(location.hash)?.[1];
  const link = target ? await linkPosition(decodeURIComponent(target)) : undefined;
  const reasons = navigation.notRestoredReasons;
  send({
    type: 'shown',
    timeOrigin: performance.timeOrigin,
    activationStart: navigation.activationStart ?? 0,
    deliveryType: navigation.deliveryType ?? '',
    navigationType: navigation.type,
    lcp,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    link,
    notRestoredReasons: reasons ? JSON.parse(JSON.stringify(reasons)) : undefined,
    detail: {
      navigation: Object.fromEntries(
        [
          'startTime',
          'fetchStart',
          'requestStart',
          'responseStart',
          'responseEnd',
          'domInteractive',
          'domContentLoadedEventEnd',
          'loadEventEnd',
          'transferSize',
        ].map((key) => [key, round(navigation[key])]),
      ),
      activated: round(marks.activated),
      frames: marks.frames.map(round),
      paints: performance.getEntriesByType('paint').map((p) => ({ name: p.name, startTime: round(p.startTime) })),
      lcps: lcps.map((l) => Object.fromEntries(Object.entries(l).map(([k, v]) => [k, round(v)]))),
      longFrames: frames,
      resources: performance.getEntriesByType('resource').map((r) => ({
        path: new URL(r.name).pathname,
        initiator: r.initiatorType,
        startTime: round(r.startTime),
        responseEnd: round(r.responseEnd),
        transferSize: r.transferSize,
        blocking: r.renderBlockingStatus,
        protocol: r.nextHopProtocol,
      })),
    },
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
