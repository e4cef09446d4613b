/**
 * The site rebuilds itself when a scheduled entry is due (supabase/schemas/70_site_publishing.sql:
 * private.site_publish_tick(), run every minute by pg_cron's site-publish job), on PGlite with stand-ins
 * for pg_cron, Vault and pg_net (tests/db/stand-ins/), the job run by hand: the site's /publishing.json as pg_net would fetch it, then the decisions. Due: one post of the
 * Netlify build hook, whatever number of due times came at once, never a second for the same time; not
 * due: none; the hook failing: retried (each run five times, then backing off), reported by
 * public.form_health(), as is a due time still unpublished after 15 minutes; a build at or after the
 * due time ends it. None of it reachable by the API roles.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAlert } from '../../supabase/functions/notify-submission/payload';
import { API_ROLES, databaseSuite, type Row } from './database';

const HOOK = 'https://api.netlify.com/build_hooks/0123456789abcdef01234567';
const SITE = 'https://corvana.example/publishing.json';
const suite = databaseSuite({ extensions: ['vault', 'net', 'cron'] });

const one = async <T = Row>(sql: string, params?: unknown[]) => (await suite.db.query<T>(sql, params)).rows[0];
const all = async <T = Row>(sql: string, params?: unknown[]) => (await suite.db.query<T>(sql, params)).rows;
const tick = async () => (await one<{ result: string }>('select private.site_publish_tick() as result')).result;

interface Request {
  id: number;
  method: string;
  url: string;
  params: Row;
}
const requests = () => all<Request>('select id, method, url, params from net.http_request_queue order by id');
const posts = async () => (await requests()).filter((r) => r.method === 'POST');

/** pg_net's answer to request `id`. */
const answer = (id: number, status: number | null, content = '', extra: { timed_out?: boolean; error_msg?: string } = {}) =>
  suite.db.query('insert into net._http_response (id, status_code, content, timed_out, error_msg) values ($1, $2, $3, $4, $5)', [
    id,
    status,
    content,
    extra.timed_out ?? false,
    extra.error_msg ?? null,
  ]);
/** The site answers the pending fetch of /publishing.json with what a build wrote. */
async function site(builtAt: Date, due: Date[], renewBy?: Date) {
  await siteAnswers(
    JSON.stringify({ builtAt: builtAt.toISOString(), due: due.map((d) => d.toISOString()), renewBy: renewBy?.toISOString() }),
  );
}
/** The site answers the pending fetch with this text. */
async function siteAnswers(content: string) {
  const fetch = (await one<{ fetch_request: number | null }>('select fetch_request from private.site_publish_state'))!.fetch_request;
  if (fetch === null) throw new Error('no fetch of /publishing.json is pending');
  await answer(fetch, 200, content);
}
const minutes = (n: number) => new Date(Date.now() + n * 60_000);
/** What public.form_health() says, as the service role reads it. */
const health = async () => {
  const result = await suite.runAs('service_role', 'select item, ok, detail from public.form_health()');
  if (!result.ok) throw new Error(result.message);
  return Object.fromEntries((result.rows as { item: string; ok: boolean; detail: string }[]).map((r) => [r.item, r]));
};

beforeAll(() =>
  suite.db.query(`insert into vault.decrypted_secrets values ('netlify_build_hook_url', $1), ('site_publishing_url', $2)`, [HOOK, SITE]),
);
beforeEach(() =>
  suite.db.exec(`truncate net.http_request_queue, net._http_response, private.site_publish_due, private.notify_outbox;
    update private.site_publish_state set fetch_request = null, fetched_at = null, built_at = null, read_at = null, fetch_error = null, renew_by = null`),
);

describe('the decisions', () => {
  it('fetches /publishing.json each run, and posts nothing while nothing is due', async () => {
    expect(await tick()).toBe('nothing due');
    expect((await requests()).map((r) => [r.method, r.url])).toEqual([['GET', SITE]]);
    await site(minutes(-10), [minutes(30)]);
    expect(await tick()).toBe('nothing due');
    expect(await posts()).toEqual([]);
    expect(await one('select due_at, request_id from private.site_publish_due')).toMatchObject({ request_id: null });
  });

  it('posts the build hook once when an entry is due, and again for nothing until a build covers it', async () => {
    await tick();
    await site(minutes(-10), [minutes(-1), minutes(60)]);
    expect(await tick()).toBe('posted the build hook for 1 due time(s)');
    const [post] = await posts();
    expect(post).toMatchObject({ method: 'POST', url: HOOK, params: { trigger_title: 'Scheduled publishing' } });
    // In flight, then confirmed: no second post for the same time.
    await tick();
    await answer(post.id, 200);
    await tick();
    await tick();
    expect(await posts()).toHaveLength(1);
    // The build it started publishes the entry: the due time is done.
    await site(minutes(0), [minutes(60)]);
    await tick();
    expect(await one('select built_at is not null as built from private.site_publish_due where due_at < now()')).toEqual({ built: true });
    expect(await posts()).toHaveLength(1);
  });

  it('covers several due times that came at once with one post', async () => {
    await tick();
    await site(minutes(-30), [minutes(-3), minutes(-2), minutes(-1)]);
    expect(await tick()).toBe('posted the build hook for 3 due time(s)');
    expect(await posts()).toHaveLength(1);
  });

  it('posts nothing for a due time a build already covered', async () => {
    await tick();
    await site(minutes(0), [minutes(-1)]);
    expect(await tick()).toBe('nothing due');
    expect(await posts()).toEqual([]);
  });
});

describe('a failing hook', () => {
  it('is retried at each run for five attempts, then after 2, 4 … minutes, and reported', async () => {
    await tick();
    await site(minutes(-10), [minutes(-1)]);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await tick();
      const last = (await posts()).at(-1)!;
      expect((await posts()).length, `attempt ${attempt}`).toBe(attempt);
      await answer(last.id, attempt % 2 ? 500 : null, '', attempt % 2 ? {} : { timed_out: true });
    }
    await tick(); // reads the fifth failure: the next attempt waits 2 minutes
    expect(await posts()).toHaveLength(5);
    const due = await one<{ attempts: number; last_error: string; wait: number }>(
      `select attempts, last_error, round(extract(epoch from next_attempt_at - now()) / 60)::int as wait from private.site_publish_due`,
    );
    expect(due).toMatchObject({ attempts: 5, last_error: '500', wait: 2 });
    const report = (await health())['site publishing'];
    expect(report.ok).toBe(false);
    expect(report.detail).toMatch(/build hook failing: 5 attempts, last error 500/);
    // The hook recovers: the next attempt is confirmed and health is ok again.
    await suite.db.query(`update private.site_publish_due set next_attempt_at = now()`);
    await tick();
    await answer((await posts()).at(-1)!.id, 201);
    await tick();
    await site(minutes(0), []);
    await tick();
    expect((await health())['site publishing'].ok).toBe(true);
  });

  it('is reported when the hook was taken but no build came within 15 minutes, and when the secrets or the file are missing', async () => {
    await tick();
    await site(minutes(-30), []);
    await suite.db.query(`insert into private.site_publish_due (due_at, request_id, posted_at, attempts, confirmed_at)
      values (now() - interval '20 minutes', 1, now() - interval '20 minutes', 1, now() - interval '19 minutes')`);
    await tick();
    expect((await health())['site publishing'].detail).toMatch(/due .* not published 15 minutes later/);

    await suite.db.exec(`delete from vault.decrypted_secrets where name = 'netlify_build_hook_url'`);
    expect((await health())['site publishing']).toMatchObject({ ok: false, detail: expect.stringMatching(/netlify_build_hook_url/) });
    await suite.db.query(`insert into vault.decrypted_secrets values ('netlify_build_hook_url', $1)`, [HOOK]);

    const fetch = (await requests()).filter((r) => r.method === 'GET').at(-1)!;
    await answer(fetch.id, 404);
    await tick();
    expect((await health())['site publishing'].detail).toMatch(/publishing\.json.*404/);
  });
});

describe('a year unattended', () => {
  const alerts = () =>
    all<{ key: string; alert: Row }>(`select key, body -> 'alert' as alert from private.notify_outbox where kind = 'alert' order by id`);

  it('rebuilds the site before what it publishes expires: renewBy is a due time of its own', async () => {
    await tick();
    await site(minutes(-60 * 24 * 330), [], minutes(-1));
    expect(await tick()).toBe('posted the build hook for 1 due time(s)');
    expect(await one('select reason, attempts from private.site_publish_due')).toEqual({ reason: 'renewal', attempts: 1 });
    expect(await one('select renew_by is not null as known from private.site_publish_state')).toEqual({ known: true });
    // The build it started names a later renewal: the old one is done, the new one waits.
    await site(minutes(0), [], minutes(60 * 24 * 330));
    await tick();
    expect(await all('select reason, built_at is not null as built from private.site_publish_due order by due_at')).toEqual([
      { reason: 'renewal', built: true },
      { reason: 'renewal', built: false },
    ]);
    expect(await posts()).toHaveLength(1);
    // A later build moves the renewal on: the earlier one, still ahead, leaves.
    await site(minutes(10), [], minutes(60 * 24 * 331));
    await tick();
    expect(
      await all(
        `select round(extract(epoch from due_at - now()) / 86400)::int as days from private.site_publish_due where built_at is null`,
      ),
    ).toEqual([{ days: 331 }]);
  });

  it('reads at most 64 KB and 500 due times of /publishing.json, and says why it refused more', async () => {
    await tick();
    await siteAnswers(JSON.stringify({ builtAt: minutes(0).toISOString(), due: [], padding: 'x'.repeat(70_000) }));
    await tick();
    expect((await health())['site publishing']).toMatchObject({ ok: false, detail: expect.stringMatching(/larger than 64 KB/) });
    const many = Array.from({ length: 501 }, (_, i) => minutes(10 + i).toISOString());
    await siteAnswers(JSON.stringify({ builtAt: minutes(0).toISOString(), due: many }));
    await tick();
    expect((await health())['site publishing']).toMatchObject({ ok: false, detail: expect.stringMatching(/more than 500 due times/) });
    expect(await all('select due_at from private.site_publish_due')).toEqual([]);
    await site(
      minutes(0),
      many.slice(0, 500).map((d) => new Date(d)),
    );
    await tick();
    expect((await health())['site publishing'].ok).toBe(true);
  });

  it('tells the team once, through the forms’ alert path, when a due time is not built 15 minutes after it', async () => {
    await tick();
    await site(minutes(-60), [minutes(-14)]);
    await tick();
    expect(await alerts()).toEqual([]);
    await suite.db.query(`update private.site_publish_due set due_at = due_at - interval '2 minutes'`);
    await tick();
    await tick();
    const sent = await alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toMatch(/^alert:publishing:/);
    expect(sent[0].alert).toMatchObject({
      kind: 'publishing',
      reason: 'entry',
      attempts: 1,
      hook_confirmed: false,
      review: 'private.form_inbox',
    });
    // The Edge Function takes the body as the database writes it.
    const { body } = (await one<{ body: unknown }>(`select body from private.notify_outbox where kind = 'alert'`))!;
    expect(parseAlert(body)).toMatchObject({ ok: true, alert: { kind: 'publishing', reason: 'entry', hookConfirmed: false } });
  });

  it('drops a due time never built after 13 months (the team was told), and a built one after 30 days', async () => {
    await suite.db.exec(`insert into private.site_publish_due (due_at, built_at, alerted_at) values
      (now() - interval '13 months 1 day', null, now() - interval '13 months'),
      (now() - interval '12 months', null, now() - interval '12 months'),
      (now() - interval '31 days', now() - interval '31 days', null)`);
    await tick();
    expect(
      await all(
        `select due_at between now() - interval '12 months 1 hour' and now() - interval '11 months' as a_year_old from private.site_publish_due`,
      ),
    ).toEqual([{ a_year_old: true }]);
  });
});

describe('privileges and the schedule', () => {
  it('is scheduled every minute and reachable by no API role', async () => {
    expect(await one(`select schedule, command from cron.job where jobname = 'site-publish'`)).toEqual({
      schedule: '* * * * *',
      command: 'select private.site_publish_tick()',
    });
    for (const role of API_ROLES)
      for (const sql of [
        'select private.site_publish_tick()',
        'select * from private.site_publish_due',
        'select * from private.site_publish_health()',
      ])
        expect(await suite.runAs(role, sql), `${role}: ${sql}`).toMatchObject({ ok: false, code: '42501' });
  });
});
