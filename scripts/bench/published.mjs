#!/usr/bin/env node
/**
 * Every published address keeps answering, and scheduled entries keep their time: the benchmark of
 * src/lib/routes/history.ts and src/lib/routes/published.ts.
 *
 * 1. History: a copy of content/ with 150 more posts and a past of 1,000 content commits (one every six
 *    hours; tests/support/content-history.ts writes them in one `git fast-import`): 40 posts renamed,
 *    10 of them twice (50 renames), 50 posts removed, the other commits edits. Built with its history
 *    and, for the comparison, the same final content without git, each cold (no cache) and cached (the
 *    cold build's cache, as Netlify keeps node_modules/.astro; the median of --runs builds of each, taken
 *    in turn, as one build's time varies by a second or more). Prints the build times, the step that
 *    reads the history (its own log line) and what the history added, against the goal: under 5% of a
 *    cached build. Then every path of the history is asked of the built site as Netlify answers it
 *    (netlifyAnswer: dist/_redirects, forced rules over files): each is a page, a 301 or a 410, and the
 *    count of 404s must be 0.
 *    The same history's step on a blobless clone of it (`git clone --filter=blob:none`, as Netlify's build
 *    clone may be: every file version git reads is fetched from the origin unless fetched ahead): its time,
 *    cold, and how many fetches it made (the origin's upload-pack runs, counted from GIT_TRACE), against the
 *    full clone's.
 * 2. A scheduled post, built one minute before its publishAt and one minute after (BUILD_TIME): where it
 *    is in each output (page, /blog, feed, sitemap, search index, social card, structured data, entry
 *    link, 410 list, the due times of dist/publishing.json).
 * 3. The rebuild trigger's decisions (supabase/schemas/70_site_publishing.sql), on the migrations in
 *    PGlite with the stand-ins for pg_cron, Vault and pg_net, the job run by hand: not due, due, due
 *    again while the post is in flight and after it is confirmed, three due at once, the hook failing.
 *
 *   npm run bench:published [-- --commits 1000] [-- --posts 150] [-- --runs 3] [-- --only blobless]
 *
 * The temporary folders under .tmp/bench-published are removed at the end.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runnerImport } from 'vite';

const ROOT = '.tmp/bench-published';
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const COMMITS = option('commits', 1000);
const POSTS = option('posts', 150);
/** Cached builds of each, alternating, whose median is printed: one build's time varies by a second or more. */
const RUNS = option('runs', 3);
/** `--only blobless`: write the history and measure its step on a blobless clone, nothing else. */
const ONLY_BLOBLESS = process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'blobless';
const RENAMED = 40;
const RENAMED_TWICE = 10;
const REMOVED = 50;

const load = async (path) => (await runnerImport(path)).module;
const { buildCopy } = await load('./tests/support/build-copy.ts');
const { snapshot, writeHistory } = await load('./tests/support/content-history.ts');
const { table } = await load('./tests/support/table.ts');
const { netlifyAnswer, parseRedirectsFile } = await load('./src/lib/deploy/netlify.ts');
const { servedFile, sitemapPaths, builtPages } = await load('./src/lib/deploy/dist-folder.ts');
const { readPathHistory } = await load('./src/lib/routes/history.ts');
const { readSite } = await load('./src/lib/content/read.ts');
const { placeholderValues } = await load('./src/lib/content/placeholders.ts');
const { cardBase } = await load('./src/lib/social-cards/card.ts');

const post = (n, path, edit = 0) =>
  [
    '---',
    'meta:',
    `  path: ${path}`,
    `  name: Bench ${n}`,
    `  title: "Benchmark post ${n} of the {brand} blog"`,
    '  description: "A post of the benchmark of published paths: it is renamed, removed or edited over a thousand commits."',
    `published: 2024-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
    'author: The benchmark',
    '---',
    `Benchmark post ${n}, edit ${edit}.`,
    '',
  ].join('\n');
const id = (n) => String(n).padStart(3, '0');
const file = (n) => `content/posts/bench-${id(n)}.md`;

/** The 1,000 commits: the base (the content and the posts), then renames, removals and edits spread evenly. */
function commits(root) {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const time = (i) => new Date(start + i * 6 * 3600_000).toISOString();
  const paths = new Map();
  const base = snapshot(root, 'content');
  for (let n = 1; n <= POSTS; n++) {
    paths.set(n, `/post/bench-${id(n)}`);
    base[file(n)] = post(n, paths.get(n));
  }
  const events = [
    ...Array.from({ length: RENAMED }, (_, i) => ({ kind: 'rename', n: i + 1 })),
    ...Array.from({ length: RENAMED_TWICE }, (_, i) => ({ kind: 'rename', n: i + 1 })),
    ...Array.from({ length: REMOVED }, (_, i) => ({ kind: 'remove', n: RENAMED + i + 1 })),
  ];
  const history = [{ time: time(0), message: 'the content and the benchmark posts', files: base }];
  const every = Math.floor((COMMITS - 1) / events.length);
  const edits = new Map();
  for (let i = 1; i < COMMITS; i++) {
    const event = i % every === 0 ? events[i / every - 1] : undefined;
    if (event?.kind === 'rename') {
      const version = (paths.get(event.n).match(/-v(\d+)$/)?.[1] ?? '1') * 1 + 1;
      paths.set(event.n, `/post/bench-${id(event.n)}-v${version}`);
      history.push({ time: time(i), message: `rename post ${event.n}`, files: { [file(event.n)]: post(event.n, paths.get(event.n)) } });
    } else if (event?.kind === 'remove') {
      paths.delete(event.n);
      history.push({ time: time(i), message: `remove post ${event.n}`, files: { [file(event.n)]: null } });
    } else {
      const live = [...paths.keys()];
      const n = live[i % live.length];
      edits.set(n, (edits.get(n) ?? 0) + 1);
      history.push({ time: time(i), message: `edit post ${n}`, files: { [file(n)]: post(n, paths.get(n), edits.get(n)) } });
    }
  }
  return history;
}

/** Builds a copy, timing it; the history step's own time from its log line. */
function timedBuild(root, contentDir, out) {
  const started = performance.now();
  const build = buildCopy({ root, contentDir, out });
  const seconds = (performance.now() - started) / 1000;
  if (build.status !== 0) throw new Error(`the build of ${contentDir} failed:\n${build.output.slice(-3000)}`);
  const step = /published paths: (.*) in (\d+) ms/.exec(build.output);
  const pages = /(\d+) page\(s\) built in ([\d.]+)s/.exec(build.output);
  return { seconds, step: step ? Number(step[2]) : NaN, line: step?.[0] ?? '', pages: pages ? Number(pages[1]) : NaN };
}

/** The copy of content/ with its past of COMMITS commits, at ROOT/history. */
function writeBenchHistory() {
  const withGit = join(ROOT, 'history');
  mkdirSync(withGit, { recursive: true });
  cpSync('content', join(withGit, 'content'), { recursive: true });
  console.log(
    `Published paths: writing ${COMMITS} content commits (${POSTS} more posts, ${RENAMED + RENAMED_TWICE} renames, ${REMOVED} removals)…`,
  );
  const t0 = performance.now();
  writeHistory(withGit, commits(withGit));
  console.log(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return withGit;
}

/** The history step of `repo`'s content/, timed, with the fetches it made from an origin (upload-pack runs in GIT_TRACE). */
function historyStep(repo, name) {
  const trace = resolve(ROOT, `trace-${name}.txt`);
  const values = placeholderValues(readSite(join(repo, 'content')));
  process.env.GIT_TRACE = trace;
  const started = performance.now();
  let history;
  try {
    history = readPathHistory(join(repo, 'content'), { at: new Date(), values });
  } finally {
    delete process.env.GIT_TRACE;
  }
  const ms = performance.now() - started;
  const lines = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n') : [];
  const fetches = lines.filter((l) => /run_command: .*git-upload-pack/.test(l)).length;
  return { ms, fetches, paths: history.paths.length, commits: history.commits, problem: history.problem };
}

/** The history step on the full repository and on a blobless clone of it (served by a bare copy that allows filters). */
function bloblessBench(withGit) {
  const origin = resolve(ROOT, 'origin.git');
  const clone = join(ROOT, 'blobless');
  execFileSync('git', ['clone', '-q', '--bare', withGit, origin]);
  execFileSync('git', ['-C', origin, 'config', 'uploadpack.allowFilter', 'true']);
  execFileSync('git', ['clone', '-q', '--filter=blob:none', `file://${origin}`, clone]);
  console.log('Published paths: the history step on the full repository and on a blobless clone of it, cold…');
  return { full: historyStep(withGit, 'full'), blobless: historyStep(clone, 'blobless'), again: historyStep(clone, 'again') };
}

function printBlobless({ full, blobless, again }) {
  console.log(`\nThe history step (${full.commits} content commits, ${full.paths} paths), by clone:`);
  console.log(
    table(
      ['clone', 'ms', 'fetches from the origin', 'paths'],
      [
        ['full', full.ms.toFixed(0), full.fetches, full.paths],
        ['blobless (--filter=blob:none), cold', blobless.ms.toFixed(0), blobless.fetches, blobless.paths],
        ['blobless, read again', again.ms.toFixed(0), again.fetches, again.paths],
      ],
    ),
  );
  for (const { problem } of [full, blobless, again]) if (problem) console.log(`  ${problem}`);
  if (blobless.paths !== full.paths) process.exitCode = 1;
}

function historyBench(withGit) {
  const without = join(ROOT, 'no-history');
  mkdirSync(without, { recursive: true });
  cpSync(join(withGit, 'content'), join(without, 'content'), { recursive: true });

  const variants = [
    ['with its history', withGit],
    ['without git', without],
  ];
  const times = {};
  for (const [name, root] of variants) {
    console.log(`Published paths: building the content ${name}, cold…`);
    times[name] = { cold: timedBuild(root, join(root, 'content'), join(root, 'dist')), runs: [] };
  }
  for (let run = 1; run <= RUNS; run++)
    for (const [name, root] of variants) {
      console.log(`Published paths: building the content ${name}, cached (${run} of ${RUNS})…`);
      times[name].runs.push(timedBuild(root, join(root, 'content'), join(root, 'dist')));
    }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [name] of variants) {
    const { runs } = times[name];
    times[name].cached = { ...runs[0], seconds: median(runs.map((r) => r.seconds)), step: median(runs.map((r) => r.step)) };
  }

  // Every path the history published, asked of the build as Netlify answers it.
  const dist = join(withGit, 'dist');
  const values = placeholderValues(readSite(join(withGit, 'content')));
  const history = readPathHistory(join(withGit, 'content'), { at: new Date(), values });
  const rules = parseRedirectsFile(readFileSync(join(dist, '_redirects'), 'utf8'));
  const answers = { 200: 0, 301: 0, 410: 0, other: 0 };
  const missing = [];
  for (const { path } of history.paths) {
    const answer = netlifyAnswer(path, rules, (p) => servedFile(p, (f) => existsSync(join(dist, f))));
    if (answer.status in answers) answers[answer.status]++;
    else answers.other++;
    if (answer.status === 404) missing.push(path);
  }
  return { times, history, answers, missing };
}

/** Where a post is in a build: each output the site has. */
function outputsOf(dist, path, title) {
  const exists = (f) => existsSync(join(dist, f));
  const pages = builtPages(dist);
  const fragments = join(dist, 'pagefind', 'fragment');
  const indexed = existsSync(fragments)
    ? readdirSync(fragments).some((f) =>
        gunzipSync(readFileSync(join(fragments, f)))
          .toString('utf8')
          .includes(title),
      )
    : undefined;
  const rules = parseRedirectsFile(readFileSync(join(dist, '_redirects'), 'utf8'));
  const page = servedFile(path, exists);
  return {
    'its page': Boolean(page),
    '/blog (any page)': pages.some((p) => /^\/blog(\/\d+)?$/.test(p.path) && p.html.includes(`href="${path}"`)),
    'RSS feed': readFileSync(join(dist, 'rss.xml'), 'utf8').includes(path),
    sitemap: sitemapPaths(dist).includes(path),
    'search index': indexed,
    'social card': exists(`${cardBase(path)}.png`),
    'structured data (BlogPosting)': Boolean(page) && /"BlogPosting"/.test(readFileSync(join(dist, page), 'utf8')),
    'any page naming it': pages.some((p) => p.html.includes(path)),
    'CMS entry link (302)': rules.some((r) => r.status === 302 && r.to === path),
    '410 list': rules.some((r) => r.from === path),
    'due in publishing.json': JSON.parse(readFileSync(join(dist, 'publishing.json'), 'utf8')).due.length > 0,
  };
}

function scheduleBench() {
  const root = join(ROOT, 'schedule');
  mkdirSync(root, { recursive: true });
  const contentDir = join(root, 'content');
  cpSync('content', contentDir, { recursive: true });
  const publishAt = '2026-12-08T09:00:00+01:00';
  const path = '/post/bench-scheduled';
  const title = 'A benchmark post scheduled for Tuesday at nine';
  writeFileSync(
    join(contentDir, 'posts', 'bench-scheduled.md'),
    post(1, path)
      .replace(/title: .*/, `title: "${title}"`)
      .replace(/published: .*/, `published: 2026-12-08\npublishAt: ${publishAt}`),
  );
  writeHistory(root, [{ time: '2026-12-01T10:00:00Z', message: 'schedule a post', files: snapshot(root, 'content') }]);
  const at = Date.parse(publishAt);
  const results = {};
  for (const [name, time] of [
    ['1 min before', at - 60_000],
    ['1 min after', at + 60_000],
  ]) {
    console.log(`Scheduled post: building ${name} its time…`);
    process.env.BUILD_TIME = new Date(time).toISOString();
    const out = join(root, `dist-${time}`);
    timedBuild(root, contentDir, out);
    execFileSync(process.execPath, ['node_modules/pagefind/lib/runner/bin.cjs', '--site', out], { stdio: 'ignore' });
    results[name] = outputsOf(out, path, title);
  }
  delete process.env.BUILD_TIME;
  return results;
}

/** The trigger's decisions, each scenario a fresh database: what the job posted, and what health said. */
async function triggerBench() {
  const { PGlite } = await import('@electric-sql/pglite');
  // As tests/support/supabase/postgrest.ts prepares the SQL tests' database: Supabase's roles, the stand-ins, the migrations.
  const scripts = [
    'tests/db/supabase-roles.sql',
    ...['cron', 'vault', 'net'].map((name) => `tests/db/stand-ins/${name}.sql`),
    ...readdirSync('supabase/migrations')
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => `supabase/migrations/${f}`),
  ].map((file) => readFileSync(file, 'utf8'));
  const HOOK = 'https://api.netlify.com/build_hooks/bench';
  const SITE = 'https://corvana.example/publishing.json';
  const minutes = (n) => new Date(Date.now() + n * 60_000).toISOString();
  const fresh = async () => {
    const db = await PGlite.create();
    for (const sql of scripts) await db.exec(sql);
    await db.query(`insert into vault.decrypted_secrets values ('netlify_build_hook_url', $1), ('site_publishing_url', $2)`, [HOOK, SITE]);
    return db;
  };
  const tick = async (db) => (await db.query('select private.site_publish_tick() as r')).rows[0].r;
  const posts = async (db) => (await db.query(`select id from net.http_request_queue where method = 'POST' order by id`)).rows;
  const site = async (db, builtAt, due) => {
    const { fetch_request: id } = (await db.query('select fetch_request from private.site_publish_state')).rows[0];
    await db.query(`insert into net._http_response (id, status_code, content) values ($1, 200, $2)`, [
      id,
      JSON.stringify({ builtAt, due }),
    ]);
  };
  const answer = (db, id, status) =>
    db.query('insert into net._http_response (id, status_code, content) values ($1, $2, $3)', [id, status, '']);
  const health = async (db) =>
    (await db.query(`select ok, detail from public.form_health() where item = 'site publishing'`)).rows.map(
      (r) => `${r.ok ? 'ok' : 'NOT ok'}: ${r.detail}`,
    )[0];
  const rows = [];
  const scenario = async (name, run) => {
    const db = await fresh();
    try {
      rows.push([name, ...(await run(db))]);
    } finally {
      await db.close();
    }
  };
  await scenario('not due (next in 60 min)', async (db) => {
    await tick(db);
    await site(db, minutes(-5), [minutes(60)]);
    await tick(db);
    return [(await posts(db)).length, (await health(db)).slice(0, 90)];
  });
  await scenario('due (1 min ago), then 2 more runs, answered 200', async (db) => {
    await tick(db);
    await site(db, minutes(-5), [minutes(-1)]);
    await tick(db);
    await tick(db);
    await answer(db, (await posts(db))[0].id, 200);
    await tick(db);
    return [(await posts(db)).length, (await health(db)).slice(0, 90)];
  });
  await scenario('3 due at once', async (db) => {
    await tick(db);
    await site(db, minutes(-30), [minutes(-3), minutes(-2), minutes(-1)]);
    await tick(db);
    return [(await posts(db)).length, (await health(db)).slice(0, 90)];
  });
  await scenario('due, the hook answering 500 five times', async (db) => {
    await tick(db);
    await site(db, minutes(-5), [minutes(-1)]);
    for (let i = 0; i < 5; i++) {
      await tick(db);
      await answer(db, (await posts(db)).at(-1).id, 500);
    }
    await tick(db);
    return [(await posts(db)).length, (await health(db)).slice(0, 90)];
  });
  return rows;
}

/** Everything else: the builds with and without the history, the scheduled post, the trigger. */
async function fullBench(withGit, blobless) {
  const { times, history, answers, missing } = historyBench(withGit);
  const schedule = scheduleBench();
  const trigger = await triggerBench();

  const s = (x) => x.toFixed(1);
  const w = times['with its history'];
  const o = times['without git'];
  console.log(
    `\nBuild time (astro build --mode test) of the content plus ${POSTS} posts, cached: median of ${RUNS}, load average ${loadavg()[0].toFixed(1)}:`,
  );
  console.log(
    table(
      ['build', 'pages', 'cold s', 'cached s', 'history step cold ms', 'history step cached ms'],
      [
        ['with its history', w.cached.pages, s(w.cold.seconds), s(w.cached.seconds), w.cold.step, w.cached.step],
        ['without git', o.cached.pages, s(o.cold.seconds), s(o.cached.seconds), o.cold.step, o.cached.step],
        [
          'added by the history',
          w.cached.pages - o.cached.pages,
          s(w.cold.seconds - o.cold.seconds),
          s(w.cached.seconds - o.cached.seconds),
          w.cold.step - o.cold.step,
          w.cached.step - o.cached.step,
        ],
      ],
    ),
  );
  const share = (w.cached.step - o.cached.step) / 1000 / w.cached.seconds;
  const whole = (w.cached.seconds - o.cached.seconds) / w.cached.seconds;
  console.log(
    `  the history step: ${(share * 100).toFixed(1)}% of a cached build (goal < 5%); the whole difference, with its redirect and gone pages: ${(whole * 100).toFixed(1)}% (goal < 5%)`,
  );
  console.log(`  ${w.cached.line}`);
  printBlobless(blobless);
  console.log(`\nEvery path of ${history.commits} content commits (${history.paths.length} paths), asked as Netlify answers:`);
  console.log(
    table(
      ['answer', 'paths'],
      [
        ['200 its page', answers[200]],
        ['301 to where it is now', answers[301]],
        ['410 gone, with its page', answers[410]],
        ['404 or other', answers.other],
      ],
    ),
  );
  if (missing.length > 0) console.log(`  404: ${missing.join(', ')}`);
  console.log(`\nA post scheduled for 2026-12-08T09:00:00+01:00, in each output of a build:`);
  const names = Object.keys(schedule['1 min before']);
  const yes = (v) => (v === undefined ? 'n/a' : v ? 'present' : 'absent');
  console.log(
    table(
      ['output', '1 min before', '1 min after'],
      names.map((n) => [n, yes(schedule['1 min before'][n]), yes(schedule['1 min after'][n])]),
    ),
  );
  console.log('  (the site has no related-links section: a post lists only the links its own `links` field names)');
  console.log(`\nThe rebuild trigger (private.site_publish_tick(), the job run by hand on PGlite):`);
  console.log(table(['scenario', 'posts of the build hook', "health 'site publishing'"], trigger));
  if (missing.length > 0 || answers.other > 0) process.exitCode = 1;
}

rmSync(ROOT, { recursive: true, force: true });
try {
  const withGit = writeBenchHistory();
  const blobless = bloblessBench(withGit);
  if (ONLY_BLOBLESS) printBlobless(blobless);
  else await fullBench(withGit, blobless);
} finally {
  rmSync(ROOT, { recursive: true, force: true });
}
