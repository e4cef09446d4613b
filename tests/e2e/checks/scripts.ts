/**
 * JavaScript a page loads, as the browser fetched it: every script response
 * recorded, mapped to its file in dist/ and weighed gzip -9 (the budgets of
 * src/lib/deploy/gate/budgets.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from '@playwright/test';
import { gzipSize } from '../../../src/lib/deploy/gate/budgets';
import { servedFile } from '../../../src/lib/deploy/dist-folder';
import { DIST } from '../../support/site-under-test';

export interface ScriptRecorder {
  /** Paths of the scripts received since the recorder started (or since `mark()`), in order. */
  paths(): string[];
  /** From now on, paths() lists only scripts not received before; mark(0) lists all again. */
  mark(from?: number): void;
}

export function recordScripts(page: Page): ScriptRecorder {
  const seen: string[] = [];
  let from = 0;
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    if (!seen.includes(path)) seen.push(path);
  });
  return {
    paths: () => seen.slice(from),
    mark: (at = seen.length) => void (from = at),
  };
}

export interface ScriptWeight {
  /** gzip -9 bytes of every script together. */
  bytes: number;
  files: number;
  /** Scripts that are not files of the build (each a problem). */
  strangers: string[];
}

/** The weight of scripts the browser loaded, read from their files in dist/. */
export function scriptWeight(paths: string[]): ScriptWeight {
  const weight: ScriptWeight = { bytes: 0, files: paths.length, strangers: [] };
  for (const path of paths) {
    const file = servedFile(decodeURIComponent(path), (f) => existsSync(join(DIST, f)));
    if (!file) weight.strangers.push(path);
    else weight.bytes += gzipSize(readFileSync(join(DIST, file)));
  }
  return weight;
}
