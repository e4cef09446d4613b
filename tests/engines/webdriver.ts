/**
 * Just enough of the W3C WebDriver protocol (classic, over HTTP) to drive
 * WebKitGTK's MiniBrowser through WebKitWebDriver, which Playwright cannot
 * drive. MiniBrowser has no headless mode, so the driver runs under
 * xvfb-run; its GTK settings come from a private XDG_CONFIG_HOME:
 * - gtk.css lets the window shrink below the toolbar's natural width (447 px),
 *   so the page gets an exact 390 px phone viewport;
 * - settings.ini turns GTK animations off, which WebKitGTK reports to pages as
 *   prefers-reduced-motion: reduce (smooth scrolling would make the driver
 *   click elements still moving into view).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MINIBROWSER, WEBKIT_DRIVER } from './browsers';

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
/** How long one command may take before the driver counts as hung. */
const COMMAND_TIMEOUT_MS = 90_000;

export class WebDriverError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}

export interface ElementRef {
  [ELEMENT_KEY]: string;
}

export const isElementRef = (value: unknown): value is ElementRef =>
  typeof value === 'object' && value !== null && ELEMENT_KEY in (value as Record<string, unknown>);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

async function request(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  });
  const text = await response.text();
  let json: { value?: unknown } = {};
  try {
    json = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverError('unknown error', `${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  const value = json.value as { error?: string; message?: string } | null | undefined;
  if (!response.ok || (value && typeof value === 'object' && typeof value.error === 'string')) {
    throw new WebDriverError(value?.error ?? `HTTP ${response.status}`, `${method} ${path}: ${value?.message ?? text.slice(0, 200)}`);
  }
  return json.value;
}

export class WebDriverSession {
  readonly base: string;
  readonly id: string;
  constructor(base: string, id: string) {
    this.base = base;
    this.id = id;
  }
  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return request(this.base, method, `/session/${this.id}${path}`, method === 'POST' ? (body ?? {}) : undefined) as Promise<T>;
  }
  navigate(url: string) {
    return this.command('POST', '/url', { url });
  }
  currentUrl() {
    return this.command<string>('GET', '/url');
  }
  /** Runs `body` (a function body; arguments in `arguments`) in the page; a returned promise is awaited. */
  execute<T>(body: string, args: unknown[] = []) {
    return this.command<T>('POST', '/execute/sync', { script: body, args });
  }
  click(element: ElementRef) {
    return this.command('POST', `/element/${element[ELEMENT_KEY]}/click`);
  }
  clear(element: ElementRef) {
    return this.command('POST', `/element/${element[ELEMENT_KEY]}/clear`);
  }
  sendKeys(element: ElementRef, text: string) {
    return this.command('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  }
  /** Press and release one key (a WebDriver key code such as \uE007 for Enter) on the focused element. */
  async pressKey(key: string) {
    await this.command('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: key },
            { type: 'keyUp', value: key },
          ],
        },
      ],
    });
    await this.command('DELETE', '/actions');
  }
  setWindowRect(rect: { width: number; height: number }) {
    return this.command('POST', '/window/rect', rect);
  }
  async delete() {
    await request(this.base, 'DELETE', `/session/${this.id}`).catch(() => undefined);
  }
}

export interface WebKitDriver {
  newSession(): Promise<WebDriverSession>;
  close(): Promise<void>;
}

/** Starts WebKitWebDriver under xvfb-run with the GTK settings above. */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  const config = mkdtempSync(join(tmpdir(), 'webkit-gtk-'));
  mkdirSync(join(config, 'gtk-3.0'));
  // Every GTK widget may shrink: the toolbar then takes the window's width instead of imposing its own.
  writeFileSync(
    join(config, 'gtk-3.0', 'gtk.css'),
    '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n',
  );
  writeFileSync(join(config, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-enable-animations=false\n');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // A process group of its own (xvfb-run starts Xvfb and the driver, which starts MiniBrowser), to end it all at once.
  const child: ChildProcess = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], {
    env: { ...process.env, XDG_CONFIG_HOME: config },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  for (let waited = 0; ; waited += 200) {
    try {
      const status = (await request(base, 'GET', '/status')) as { ready?: boolean };
      if (status.ready !== false) break;
    } catch (error) {
      if (child.exitCode !== null || waited > 30_000) {
        stop();
        throw new Error(`WebKitWebDriver did not start: ${(error as Error).message}\n${stderr}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const capabilities = {
    alwaysMatch: {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    },
  };
  return {
    async newSession() {
      // A launch sometimes hangs on a busy machine ("cannot open display"): one more try.
      let lastError: unknown;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const { sessionId } = (await request(base, 'POST', '/session', { capabilities })) as { sessionId: string };
          const session = new WebDriverSession(base, sessionId);
          await session.command('POST', '/timeouts', { script: 30_000, pageLoad: 60_000, implicit: 0 });
          return session;
        } catch (error) {
          lastError = error;
        }
      }
      throw new Error(`WebKit session could not start: ${(lastError as Error).message}\n${stderr}`);
    },
    async close() {
      stop();
      const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      const timer = setTimeout(() => stop('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(config, { recursive: true, force: true });
    },
  };
}
