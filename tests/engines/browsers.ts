/**
 * Which browsers the cross-engine suite runs and whether they are here.
 * Debian's by default: firefox-esr, and WebKitGTK's MiniBrowser with
 * WebKitWebDriver under xvfb-run. An empty FIREFOX_PATH or WEBKIT_DRIVER_PATH
 * means Playwright's own build instead (`npx playwright install firefox webkit`),
 * for machines without those packages (macOS, Windows).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export type EngineName = 'firefox' | 'webkit';

export interface EngineOptions {
  engine: EngineName;
  /** A stock browser (firefox-esr over BiDi, MiniBrowser over WebDriver) or Playwright's own build. */
  via: 'stock' | 'playwright';
}

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? 'WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export const ENGINES: EngineOptions[] = [
  { engine: 'firefox', via: FIREFOX_PATH === '' ? 'playwright' : 'stock' },
  { engine: 'webkit', via: WEBKIT_DRIVER === '' ? 'playwright' : 'stock' },
];

const onPath = (command: string) => spawnSync('sh', ['-c', 'command -v "$0"', command]).status === 0;

/** What is missing to run the engine here, or undefined when it can run. */
export function engineUnavailable({ engine, via }: EngineOptions): string | undefined {
  if (via === 'playwright') return undefined;
  if (engine === 'firefox')
    return existsSync(FIREFOX_PATH) ? undefined : `${FIREFOX_PATH} not found (Debian: apt-get install firefox-esr; or FIREFOX_PATH='')`;
  if (!onPath(WEBKIT_DRIVER)) return `${WEBKIT_DRIVER} not found (Debian: apt-get install webkit2gtk-driver; or WEBKIT_DRIVER_PATH='')`;
  if (!existsSync(MINIBROWSER)) return `MiniBrowser not found at ${MINIBROWSER} (set MINIBROWSER_PATH)`;
  if (!onPath('xvfb-run')) return 'xvfb-run not found (Debian: apt-get install xvfb xauth)';
  return undefined;
}
