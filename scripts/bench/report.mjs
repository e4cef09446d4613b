/**
 * What the benchmark prints: the Lighthouse table with its median and worst
 * rows checked against the targets, the next-page table, and the build-time
 * table with the growth per extra page. Tables are the tests' own
 * (tests/support/table.ts).
 */
import { loadavg } from 'node:os';
import { runnerImport } from 'vite';

const { module: tables } = await runnerImport('./tests/support/table.ts');
export const table = tables.table;

const TARGETS = { score: 100, lcpMedian: 1000, lcpMax: 1200, cls: 0, tbt: 0 };
const KEYS = ['perf', 'a11y', 'bp', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'js', 'html', 'thirdParty'];

export const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const s = (ms) => (ms / 1000).toFixed(2);
const k = (bytes) => (bytes / 1000).toFixed(1);
const format = (r, label = r.route) => [
  label,
  r.perf,
  r.a11y,
  r.bp,
  r.seo,
  s(r.fcp),
  s(r.lcp),
  Math.round(r.tbt),
  r.cls.toFixed(3),
  k(r.js),
  k(r.html),
  r.thirdParty,
];
const header = ['route', 'perf', 'a11y', 'bp', 'seo', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'JS KB', 'HTML KB', '3rd'];

/** Prints the Lighthouse rows of scripts/bench/lighthouse.mjs, their median and worst rows, and the targets met or missed. */
export function printLighthouse({ results, skipped }, runs) {
  const summary = Object.fromEntries(KEYS.map((key) => [key, median(results.map((r) => r[key]))]));
  const worst = {
    ...Object.fromEntries(['perf', 'a11y', 'bp', 'seo'].map((key) => [key, Math.min(...results.map((r) => r[key]))])),
    ...Object.fromEntries(
      ['fcp', 'lcp', 'tbt', 'cls', 'js', 'html', 'thirdParty'].map((key) => [key, Math.max(...results.map((r) => r[key]))]),
    ),
  };

  const cpu = median(results.map((r) => r.cpu));
  console.log(
    `\nLighthouse ${runs > 1 ? `(median of ${runs} runs per route) ` : ''}on a phone profile (Lighthouse's default mobile settings), ${results.length} routes. JS/HTML: gzip -9 KB loaded by the page.`,
  );
  console.log(
    `Machine: Lighthouse CPU benchmark index ${Math.round(cpu)} (median), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (a busy machine inflates TBT and LCP).`,
  );
  console.log(table(header, [...results.map((r) => format(r)), format(summary, 'MEDIAN'), format(worst, 'WORST')]));
  if (skipped.length) console.log(`Skipped (time limit or failures): ${skipped.join(', ')}`);
  for (const r of results.filter((x) => x.failed.length)) console.log(`  ${r.route}: audits below 100 in some run: ${r.failed.join(', ')}`);
  for (const r of results.filter((x) => x.shifts.length)) console.log(`  ${r.route}: layout shifts in some run: ${r.shifts.join('; ')}`);

  const checks = [
    ['all four scores 100 on every route', results.every((r) => [r.perf, r.a11y, r.bp, r.seo].every((v) => v >= TARGETS.score))],
    [`median LCP ≤ ${s(TARGETS.lcpMedian)} s`, summary.lcp <= TARGETS.lcpMedian],
    [`LCP ≤ ${s(TARGETS.lcpMax)} s on every route`, worst.lcp <= TARGETS.lcpMax],
    ['CLS 0 on every route', worst.cls <= TARGETS.cls],
    ['TBT 0 ms on every route', worst.tbt <= TARGETS.tbt],
    ['no third-party request', worst.thirdParty === 0],
  ];
  console.log(`\nTargets: ${checks.map(([name, ok]) => `${ok ? 'PASS' : 'FAIL'} ${name}`).join('; ')}`);
}

/** Prints the build timings of scripts/bench/build-time.mjs; with two, the growth per extra page. */
export function printBuildTimes(timings) {
  if (!timings.length) return;
  console.log('\nBuild time');
  console.log(
    table(
      ['build', 'pages', 'cold s', 'warm s', 'cards', 'cards cold s', 'cards cached s'],
      timings.map((t) => [
        t.what,
        t.pages,
        t.cold.toFixed(1),
        t.warm.toFixed(1),
        t.cards.cold?.cards ?? '-',
        t.cards.cold?.seconds.toFixed(1) ?? '-',
        t.cards.warm?.seconds.toFixed(1) ?? '-',
      ]),
    ),
  );
  // The cards' goals, per 1,000 pages: cold (every card drawn) ≤ 60 s, cached ≤ 5 s.
  for (const t of timings.filter((t) => t.cards.cold && t.cards.warm)) {
    const per1000 = (seconds) => ((seconds / t.cards.cold.cards) * 1000).toFixed(1);
    console.log(
      `Social cards of "${t.what}": ${per1000(t.cards.cold.seconds)} s per 1,000 pages cold (goal ≤ 60), ${per1000(t.cards.warm.seconds)} s cached (goal ≤ 5).`,
    );
  }
  if (timings.length === 2) {
    const [base, big] = timings;
    const extra = big.pages - base.pages;
    const growth = (key) =>
      `+${(big[key] - base[key]).toFixed(1)} s (${(((big[key] - base[key]) * 1000) / extra).toFixed(0)} ms per extra page)`;
    console.log(
      `Growth for +${extra} pages: cold ${growth('cold')}, warm ${growth('warm')}. The machine's load average was ${loadavg()[0].toFixed(1)}.`,
    );
  }
}

/** Prints the next-page figures of scripts/bench/next-page.mjs: per navigation, the click, back and forward, median and worst per engine. */
export function printNextPage(result, throttle) {
  if (result.skipped) {
    console.log(`\nNext page: skipped, ${result.skipped}.`);
    return;
  }
  const { rows, engines, modes, failures, unexpected, runs, hoverMs, protocol, targetMs } = result;
  console.log(
    `\nNext page: from the click to the new page's largest contentful paint (from its activation when prerendered), then back and forward (Alt+Left, Alt+Right) to the page shown again (a page restored from the back/forward cache: its second frame after pageshow), ms, median and worst of ${runs} run(s).`,
  );
  console.log(
    `Desktop 1280x800, ${protocol === 'h2' ? 'HTTP/2 over TLS' : 'HTTP/1.1'}; the server holds each response ${throttle.rttMs} ms plus its transfer at ${(throttle.kbps / 1000).toFixed(1)} Mbps; the pointer rests ${hoverMs} ms on the link before the click. Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  );
  const ms = (value) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');
  const over = (summary) => summary.runs > 0 && summary.worst > targetMs;
  const cell = (summary) => (summary.runs ? `${ms(summary.ms)} / ${ms(summary.worst)}${over(summary) ? ' OVER' : ''}` : '-');
  const how = (summary) =>
    summary.runs ? summary.served.join('/') + (summary.reasons.length ? `: ${summary.reasons.join(', ')}` : '') : '-';
  const mode = modes.includes('on') ? 'on' : modes[0];
  const steps = [
    ['forward', 'click'],
    ['back', 'back'],
    ['forwardAgain', 'forward'],
  ];
  const header = ['navigation', 'step', ...engines.flatMap((engine) => [`${engine} median / worst`, `${engine} served`])];
  const body = rows.flatMap((row) =>
    steps
      .filter(([step]) => row.cells.some((c) => c.mode === mode && c[step].runs))
      .map(([step, label], i) => [
        i === 0 ? `${row.from} → ${row.to}${row.what ? ` (${row.what})` : ''}` : '',
        label,
        ...engines.flatMap((engine) => {
          const found = row.cells.find((c) => c.engine === engine && c.mode === mode)?.[step] ?? { runs: 0 };
          return [cell(found), how(found)];
        }),
      ]),
  );
  console.log(modes.length > 1 ? `With the speculation (as built):` : '');
  console.log(table(header, body));

  // What each click's time was made of: the median of each part, and the parts of the worst run.
  const parts = (p) =>
    p
      ? Object.entries(p)
          .map(
            ([key, value]) =>
              `${{ toActivation: 'to activation', toPaint: 'to paint', htmlLate: 'HTML after the click', toHtml: 'to its HTML' }[key] ?? key} ${ms(value)}`,
          )
          .join(', ')
      : '-';
  console.log("\nWhat a click took (ms): median of each part, and the worst run's parts.");
  console.log(
    table(
      ['navigation', 'engine', 'median', 'worst run'],
      rows.flatMap((row) =>
        row.cells
          .filter((c) => c.mode === mode && c.forward.runs)
          .map((c) => [
            `${row.from} → ${row.to}`,
            c.engine,
            parts(c.forward.parts),
            `${ms(c.forward.worst)}: ${parts(c.forward.worstParts)}`,
          ]),
      ),
    ),
  );

  if (modes.includes('off') && modes.includes('on')) {
    console.log('\nThe click without the speculation (the server drops the rules and refuses prefetches): median / worst.');
    console.log(
      table(
        ['navigation', ...engines],
        rows.map((row) => [
          `${row.from} → ${row.to}`,
          ...engines.map((engine) => cell(row.cells.find((c) => c.engine === engine && c.mode === 'off')?.forward ?? { runs: 0 })),
        ]),
      ),
    );
  }
  const missed = rows.flatMap((row) =>
    row.cells
      .filter((c) => c.mode === mode)
      .flatMap((c) =>
        steps
          .filter(([step]) => over(c[step]))
          .map(([step, label]) => `${c.engine} ${row.from} → ${row.to} ${label} (worst ${ms(c[step].worst)})`),
      ),
  );
  console.log(
    `\nTargets: ${missed.length ? `OVER every navigation ≤ ${targetMs} ms in every run: ${missed.join('; ')}` : `PASS every navigation, back and forward ≤ ${targetMs} ms in every run, in every engine`}.`,
  );
  if (failures.length) console.log(`Failed runs: ${failures.length} (${failures.join('; ')})`);
  console.log(`Requests other than GET or HEAD while measuring (a form sent, a visit counted): ${unexpected.length}.`);
}

/** Prints the figures of scripts/bench/island-ready.mjs: first touch → ready per island and engine, and the bytes each page fetches at load. */
export function printIslandReady(result, { link, targetMs }) {
  const { ready, bytes, failures, runs } = result;
  console.log(
    `\nFirst touch → ready: a form island's first field tapped once the page is quiet, to the island's ready event; median of ${runs} run(s), min–max; the same tap at the load event (information: an impatient visitor).`,
  );
  console.log(
    `Phone 390x844, empty cache, the link of Lighthouse's phone profile (${link.rttMs} ms round trip, ${(link.kbps / 1000).toFixed(1)} Mbps): Chromium by DevTools emulation, Firefox by the server's throttle. Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  );
  console.log(
    table(
      [
        'engine',
        'island',
        'page',
        'ready ms',
        'min–max',
        'JS fetched ahead',
        'JS after the touch',
        'KB',
        'round trips',
        `≤ ${targetMs} ms`,
        'tapped at load, ms',
      ],
      ready.map((r) => [
        r.engine,
        r.component,
        r.path,
        Math.round(r.ms),
        `${Math.round(r.min)}–${Math.round(r.max)}`,
        `${r.aheadFiles} files`,
        `${r.files} files`,
        k(r.bytes),
        r.trips,
        r.ms <= targetMs ? 'pass' : 'OVER',
        Math.round(r.atLoad),
      ]),
    ),
  );
  console.log('\nBytes at load: what a page fetches before any interaction, until its network is quiet (as sent, compressed, KB).');
  console.log(
    table(
      ['engine', 'page', 'HTML', 'CSS', 'JS', 'JS files', 'JS arrived (from the load event)', 'other'],
      bytes.map((b) => [
        b.engine,
        b.path,
        k(b.html),
        k(b.css),
        k(b.js),
        b.files,
        b.files ? `${Math.round(b.jsFrom)} to ${Math.round(b.jsTo)} ms` : '-',
        k(b.other),
      ]),
    ),
  );
  if (failures.length) console.log(`Failed runs: ${failures.length} (${failures.join('; ')})`);
  const over = ready.filter((r) => !(r.ms <= targetMs));
  console.log(
    `\nTargets: ${over.length ? `OVER first touch → ready ≤ ${targetMs} ms: ${over.map((r) => `${r.engine} ${r.component}`).join(', ')}` : `PASS first touch → ready ≤ ${targetMs} ms for every island in every engine`}.`,
  );
}
