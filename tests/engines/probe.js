// Loaded first in every served page (tests/engines/site-server.ts). Records what a
// developer console would show as a problem: uncaught errors, unhandled
// rejections, resources that failed to load, console.error calls and CSP
// violations. sessionStorage keeps the list across the tab's navigations
// (a sign-in that goes on to the home page); the tests read and clear it.
(() => {
  const KEY = '__engineProblems';
  const record = (kind, text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      list.push({ kind, text: String(text).slice(0, 500), page: location.pathname + location.search });
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch {
      // Storage disabled: nothing to record into; the test sees no probe and fails on that.
    }
  };
  window.__engineProbe = true;
  addEventListener(
    'error',
    (event) => {
      const target = event.target;
      // Firefox fires error on a <link rel="modulepreload"> for a module the page already imported (Vite's
      // preload helper adds them before a dynamic import). A module that really fails fails its import,
      // which is recorded as an error or rejection; HTTP errors are in the server's log.
      if (target instanceof HTMLLinkElement && target.rel === 'modulepreload') return;
      if (target && target !== window && target instanceof Element) {
        record('resource', `${target.tagName.toLowerCase()} failed to load: ${target.src || target.href || ''}`);
      } else {
        record('error', `${event.message} (${event.filename}:${event.lineno})`);
      }
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    record('rejection', (reason && (reason.stack || reason.message)) || reason);
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    record(
      'csp',
      `${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
    );
  });
  const consoleError = console.error;
  console.error = function (...args) {
    record('console.error', args.map((arg) => (arg instanceof Error ? arg.stack || arg.message : String(arg))).join(' '));
    return consoleError.apply(this, args);
  };
})();
