/**
 * The main-thread budget (Chromium): while the site does its own work (a page
 * loading and settling, the first scroll, an island's first interaction), no
 * single task may hold the main thread longer than TASK_LIMIT_MS, or the
 * visitor's next tap or key waits that long. Read from the page itself: the
 * Long Tasks API (every task over 50 ms) from the start of the document
 * (buffered), with the Long Animation Frames that contain each task to name the
 * scripts it ran. The test's own work in the page (axe, the focus walk, the
 * layout probes) falls outside the windows a test names, so only the site's
 * counts.
 *
 * The limit: a busy loop of one second planted in an island always fails (on
 * a loaded machine its task only grows), and the site's longest task stays far
 * below it on a loaded machine too (the figures the visit prints; see
 * TASK_LIMIT_MS).
 */
import type { Page } from '@playwright/test';

/**
 * The longest task the site may run, ms. A planted one-second loop runs at least 1000 ms of wall clock whatever
 * the load (1003-1016 ms seen), so the limit sits just under it, as far as it can from the site's own work: its
 * longest task was 60-245 ms with both cores busy, and 612 ms once (the sign-in card hydrating on /login, phone,
 * load average 8.6 during a full suite), which a limit of 500 ms failed.
 */
export const TASK_LIMIT_MS = 900;

/** A long task of the page, with the scripts that ran in the animation frames around it. */
export interface LongTask {
  start: number;
  duration: number;
  scripts: string[];
}

/** What a long animation frame says of each script it ran (PerformanceScriptTiming). */
interface ScriptTiming {
  sourceURL: string;
  invoker: string;
  duration: number;
}

interface Recorded {
  type: string;
  start: number;
  duration: number;
  scripts: { source: string; invoker: string; duration: number }[];
}

declare global {
  interface Window {
    __longTasks?: Recorded[];
  }
}

/** Runs in the page before its own scripts: keeps every long task and long animation frame from the start. */
function recorder() {
  const kept: Recorded[] = [];
  window.__longTasks = kept;
  for (const type of ['longtask', 'long-animation-frame'])
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const scripts = ((entry as PerformanceEntry & { scripts?: ScriptTiming[] }).scripts ?? []).map((s) => {
            const url = s.sourceURL ? new URL(s.sourceURL, location.href) : undefined;
            // The page's own inline module: its URL is the page's.
            const inline = !url || url.pathname === location.pathname;
            return {
              source: url && !inline ? url.pathname : '',
              invoker: s.invoker.replace(location.origin, ''),
              duration: s.duration,
            };
          });
          kept.push({ type: entry.entryType, start: entry.startTime, duration: entry.duration, scripts });
        }
      }).observe({ type, buffered: true });
    } catch {
      /* an engine without the entry type */
    }
}

/** Start recording: call before the page loads. */
export async function recordMainThread(page: Page): Promise<void> {
  await page.addInitScript(recorder);
}

/** The page's clock, ms since its time origin: the edges of a window of the site's own work. */
export const pageClock = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The long tasks that overlap any of `windows` ([from, to], the page's clock), longest first. */
export async function longTasks(page: Page, windows: [number, number][]): Promise<LongTask[]> {
  const recorded = await page.evaluate(() => window.__longTasks ?? []);
  const frames = recorded.filter((r) => r.type === 'long-animation-frame');
  const overlaps = (a: { start: number; duration: number }, from: number, to: number) => a.start < to && a.start + a.duration > from;
  return recorded
    .filter((r) => r.type === 'longtask' && windows.some(([from, to]) => overlaps(r, from, to)))
    .map((task) => ({
      start: Math.round(task.start),
      duration: Math.round(task.duration),
      scripts: [
        ...new Set(
          frames
            .filter((f) => overlaps(f, task.start, task.start + task.duration))
            .flatMap((f) =>
              f.scripts
                .filter((s) => s.duration >= 5)
                .map((s) => `${s.invoker} (${s.source || "the page's inline script"}, ${Math.round(s.duration)} ms)`),
            ),
        ),
      ],
    }))
    .sort((a, b) => b.duration - a.duration);
}

/** The tasks over the limit, as lines a failure can show. */
export const overLimit = (tasks: LongTask[]): string[] =>
  tasks
    .filter((t) => t.duration > TASK_LIMIT_MS)
    .map(
      (t) =>
        `${t.duration} ms at ${t.start} ms${t.scripts.length ? `: ${t.scripts.join('; ')}` : ' (no script named: style, layout or the parser)'}`,
    );

/** The longest of `tasks`, ms (0 when none was long). */
export const longest = (tasks: LongTask[]): number => Math.max(0, ...tasks.map((t) => t.duration));
