/**
 * Names this run of the build tests, so the probe build (./probe-build.ts)
 * is made once per run and never taken from an earlier one, and removes it
 * when the run ends; makes the large photo of its picture posts first
 * (tests/support/photos.ts, kept between runs).
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { largePhoto } from '../support/photos';

/** Where the probe builds of the runs go. */
export const PROBE_BUILDS = resolve('.tmp', 'probe-builds');

export default async function setup(project: TestProject) {
  await largePhoto();
  const run = `${process.pid}-${Date.now()}`;
  project.provide('probeRun', run);
  return () => {
    rmSync(join(PROBE_BUILDS, run), { recursive: true, force: true });
    rmSync(join(PROBE_BUILDS, `${run}.lock`), { recursive: true, force: true });
  };
}
