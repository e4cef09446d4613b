/**
 * axe as every browser test runs it: WCAG 2.0/2.1/2.2 A and AA and axe's best
 * practices, reporting violations.
 *
 * Two settings make it about three times faster with the same findings (1.2–2.4 s
 * a page → 0.4–0.8 s here): legacy mode runs `axe.run` in the page itself instead
 * of `runPartial` in each frame and `finishRun` in a blank page the builder opens
 * for every call (only cross-origin frames go unchecked, and the site has no
 * frames), and `resultTypes` stops axe describing every node that passed. Its
 * "incomplete" contrast (text over a gradient or a layer) is decided from the
 * pixels (./contrast.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** A builder for `page` with the project's rules; narrow it with `.include(…)`, then `.analyze()`. */
export const axe = (page: Page): AxeBuilder =>
  new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations', 'incomplete'] });

/** Each violation as one line per node: impact, rule, help, where, and what to fix. */
export const describeViolations = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] =>
  violations.flatMap((v) =>
    v.nodes.map(
      (n) => `[${v.impact}] ${v.id}: ${v.help} | ${n.target.join(' ')} | ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
    ),
  );
