/**
 * What happens to a submission after the insert, on PGlite with stand-ins for
 * pg_cron, Vault and pg_net (tests/db/stand-ins/) so the migrations'
 * guarded parts run; forms.test.ts applies the same migrations without them.
 *
 * - The retention periods the privacy policy states (content/site.yaml
 *   `retention`, held rows included) are the ones purge_expired_submissions()
 *   enforces, and it is scheduled daily, next to the bookkeeping purge and the
 *   notification summary.
 * - erase_submitter(email) deletes exactly that address's rows in both tables.
 * - Both are for service_role only.
 * - Each insert queues the database webhook to the notify-submission function
 *   with the secret from Vault, and the insert never fails because of it; the
 *   rows are numbered in a window so the team gets 10 messages and nothing
 *   more until the window ends (per sender and held rows: hold.test.ts).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { newRowId, toRow } from '../../src/lib/forms/definition';
import { contactForm } from '../../src/lib/forms/contact';
import { careersForm } from '../../src/lib/forms/careers';
import { readSite } from '../../src/lib/content/read';
import { fillDeep, placeholderValues } from '../../src/lib/content/placeholders';
import { RETENTION_TABLES, formatDays, formatMonths } from '../../src/lib/content/retention';
import { parsePayload } from '../../supabase/functions/notify-submission/payload';
import { API_ROLES, databaseSuite, type Row } from './database';

const site = readSite('content');
const FUNCTION_URL = 'http://127.0.0.1:54321/functions/v1/notify-submission';
const SECRET = 'test-only-webhook-secret';

// These tests store several rows per address; the write limits have their own tests (throttle.test.ts).
const suite = databaseSuite({ extensions: true, resetLimits: true });

beforeAll(async () => {
  await suite.db.query(`insert into vault.decrypted_secrets values ('notify_submission_url', $1), ('notify_submission_secret', $2)`, [
    FUNCTION_URL,
    SECRET,
  ]);
});

const contact = (email: string) =>
  toRow(contactForm, { firstName: 'Ada', lastName: 'Lovelace', email, company: '', message: 'Hello.' }, newRowId());
const application = (email: string) =>
  toRow(
    careersForm,
    { name: 'Grace Hopper', email, expertise: 'Cybersecurity', experience: '10 years', portfolio: '', coverLetter: 'Hi.' },
    newRowId(),
  );

/** Store a row as the table owner, optionally backdated (visitors cannot set created_at). */
async function store(table: 'contact_submissions' | 'job_applications', row: Row, age?: { months: number; plusHours: number }) {
  const columns = Object.keys(row);
  const values = columns.map((_, i) => `$${i + 1}`);
  if (age) {
    columns.push('created_at');
    values.push(`now() - make_interval(months => ${age.months}) + make_interval(hours => ${age.plusHours})`);
  }
  await suite.db.query(`insert into public.${table} (${columns.join(', ')}) values (${values.join(', ')})`, Object.values(row));
}

const ids = async (table: string, where = 'true') =>
  (await suite.db.query<{ id: string }>(`select id from public.${table} where ${where}`)).rows.map((r) => r.id);

describe('retention: the privacy policy and the database agree', () => {
  const policy = parseYaml(readFileSync('content/pages/privacy-policy.yaml', 'utf8')) as { sections: unknown[] };
  const policyText = JSON.stringify(policy.sections);

  it("the policy states each period through its placeholder, so it shows content/site.yaml's numbers", () => {
    for (const key of Object.keys(RETENTION_TABLES)) expect(policyText).toContain(`{retention.${key}}`);
    const shown = JSON.stringify(fillDeep(policy.sections, placeholderValues(site)));
    expect(shown).toContain(`contact and demo requests for ${formatMonths(site.retention.contactRequests)}`);
    expect(shown).toContain(`applications for ${formatMonths(site.retention.jobApplications)}`);
    expect(policyText).toContain('{retention.heldSubmissions}');
    expect(shown).toContain(`those we do not release are deleted after ${formatDays(site.retention.heldSubmissions)}`);
  });

  it.each(Object.values(RETENTION_TABLES))(
    'purge_expired_submissions() keeps held rows of %s for exactly the stated days, and released rows for the full period',
    async (table) => {
      const days = site.retention.heldSubmissions;
      let n = 0;
      const row = () => {
        const email = `held-retention-${++n}@example.com`;
        return table === 'contact_submissions' ? contact(email) : application(email);
      };
      const backdate = async (r: Row, hours: number, held: boolean) => {
        await store(table, r);
        await suite.db.query(`update public.${table} set held = $2, created_at = now() - make_interval(hours => $3) where id = $1`, [
          r.id,
          held,
          hours,
        ]);
      };
      const [justInside, justExpired, released] = [row(), row(), row()];
      await backdate(justInside, days * 24 - 1, true);
      await backdate(justExpired, days * 24 + 1, true);
      await backdate(released, days * 24 + 1, true);
      expect(await suite.runAs('service_role', 'select public.release_held_submissions($1) as released', [[released.id]])).toEqual({
        ok: true,
        rows: [{ released: 1 }],
      });
      expect(await suite.runAs('service_role', 'select public.purge_expired_submissions() as deleted')).toEqual({
        ok: true,
        rows: [{ deleted: 1 }],
      });
      expect((await ids(table, `email like 'held-retention-%'`)).sort()).toEqual([justInside.id, released.id].sort());
      await suite.db.query(`delete from public.${table} where email like 'held-retention-%'`);
    },
  );

  it.each(Object.entries(RETENTION_TABLES) as [keyof typeof RETENTION_TABLES, 'contact_submissions' | 'job_applications'][])(
    'purge_expired_submissions() keeps %s for exactly the stated months (table %s)',
    async (key, table) => {
      const months = site.retention[key];
      // One address per row: the per-address write limit counts inserts, not their backdated times.
      let n = 0;
      const row = () => {
        const email = `retention-${++n}@example.com`;
        return table === 'contact_submissions' ? contact(email) : application(email);
      };
      const recent = row();
      const justInside = row();
      const justExpired = row();
      const longExpired = row();
      await store(table, recent);
      await store(table, justInside, { months, plusHours: 1 });
      await store(table, justExpired, { months, plusHours: -1 });
      await store(table, longExpired, { months: months * 3, plusHours: 0 });

      const purged = await suite.runAs('service_role', 'select public.purge_expired_submissions() as deleted');
      expect(purged).toEqual({ ok: true, rows: [{ deleted: 2 }] });
      const left = await ids(table, `email like 'retention-%@example.com'`);
      expect(left.sort()).toEqual([recent.id, justInside.id].sort());
      await suite.db.query(`delete from public.${table} where email like 'retention-%@example.com'`);
    },
  );

  it('the purge deletes nothing when nothing has expired', async () => {
    await store('contact_submissions', contact('fresh@example.com'));
    expect(await suite.runAs('service_role', 'select public.purge_expired_submissions() as deleted')).toEqual({
      ok: true,
      rows: [{ deleted: 0 }],
    });
    expect(await ids('contact_submissions', `email = 'fresh@example.com'`)).toHaveLength(1);
  });

  it('is scheduled daily with pg_cron where it exists, next to the bookkeeping purge, the outbox drain and the site’s publishing', async () => {
    const { rows } = await suite.db.query('select jobname, schedule, command from cron.job order by jobname');
    expect(rows).toEqual([
      { jobname: 'form-throttle-purge', schedule: '*/10 * * * *', command: 'select private.form_throttle_purge()' },
      { jobname: 'notify-submission-drain', schedule: '* * * * *', command: 'select private.notify_drain()' },
      // pg_cron before 1.5 schedules by the minute: a second job drains 30 s into it.
      { jobname: 'notify-submission-drain-half', schedule: '* * * * *', command: 'select pg_sleep(30); select private.notify_drain()' },
      { jobname: 'purge-expired-submissions', schedule: '30 3 * * *', command: 'select public.purge_expired_submissions()' },
      { jobname: 'site-publish', schedule: '* * * * *', command: 'select private.site_publish_tick()' },
    ]);
  });
});

describe('health reads the scheduled jobs’ runs', () => {
  const jobHealth = async () => {
    const result = await suite.runAs(
      'service_role',
      `select item, ok, detail from public.form_health() where item like 'job %' or item = 'pg_cron'`,
    );
    if (!result.ok) throw new Error(result.message);
    return Object.fromEntries(result.rows.map((r) => [r.item, { ok: r.ok, detail: r.detail }]));
  };
  const ran = (job: string, status: string, ago: string, message = '1 row') =>
    suite.db.query(
      `insert into cron.job_run_details (jobid, status, return_message, start_time, end_time)
       select jobid, $2, $3, now() - $4::interval, now() - $4::interval from cron.job where jobname = $1`,
      [job, status, message, ago],
    );

  it('scheduled and never run, ran, failed or late: each job says which', async () => {
    await suite.db.exec('truncate cron.job_run_details');
    expect(await jobHealth()).toEqual({
      pg_cron: { ok: true, detail: 'installed' },
      'job notify-submission-drain': { ok: false, detail: 'scheduled, never run yet' },
      'job notify-submission-drain-half': { ok: false, detail: 'scheduled, never run yet' },
      'job form-throttle-purge': { ok: false, detail: 'scheduled, never run yet' },
      'job purge-expired-submissions': { ok: false, detail: 'scheduled, never run yet' },
      'job site-publish': { ok: false, detail: 'scheduled, never run yet' },
    });
    await ran('notify-submission-drain', 'succeeded', '30 seconds');
    await ran('form-throttle-purge', 'failed', '2 minutes', 'ERROR: permission denied for table job_run_details');
    await ran('purge-expired-submissions', 'succeeded', '27 hours');
    const report = await jobHealth();
    expect(report['job notify-submission-drain']).toEqual({ ok: true, detail: expect.stringMatching(/^last run .*: succeeded$/) });
    expect(report['job form-throttle-purge']).toEqual({
      ok: false,
      detail: expect.stringMatching(/^last run .*: failed \(ERROR: permission denied for table job_run_details\)$/),
    });
    expect(report['job purge-expired-submissions']).toEqual({ ok: false, detail: expect.stringMatching(/^late: last run /) });
    await suite.db.exec(`update cron.job set active = false where jobname = 'notify-submission-drain'`);
    expect((await jobHealth())['job notify-submission-drain']).toEqual({ ok: false, detail: 'scheduled (* * * * *) but not active' });
    await suite.db.exec(`update cron.job set active = true`);
  });

  it('the bookkeeping purge keeps a day of the jobs’ log, and counts it against the storage budget', async () => {
    await suite.db.exec('truncate cron.job_run_details');
    await ran('notify-submission-drain', 'succeeded', '25 hours');
    await ran('notify-submission-drain', 'succeeded', '23 hours');
    await suite.db.query('select private.form_throttle_purge()');
    const { rows } = await suite.db.query(`select count(*)::int as n from cron.job_run_details`);
    expect(rows).toEqual([{ n: 1 }]);
    const { rows: bookkeeping } = await suite.db.query<{ bytes: string }>(
      `select sum(bytes) as bytes from private.form_storage where part = 'bookkeeping'`,
    );
    expect(Number(bookkeeping[0].bytes)).toBeGreaterThan(0);
  });

  it('keeps a day of every job’s log by one rule, a job added later and the every-minute site-publish included, and each job’s newest run', async () => {
    await suite.db.exec(`truncate cron.job_run_details; select cron.schedule('added-later', '0 4 * * 1', 'select 1')`);
    for (const job of ['site-publish', 'added-later', 'purge-expired-submissions'])
      for (const ago of ['40 days', '3 days', '25 hours']) await ran(job, 'succeeded', ago);
    await ran('site-publish', 'succeeded', '23 hours');
    await ran('site-publish', 'succeeded', '1 minute');
    // A run still going has no end_time yet: judged by its start.
    await suite.db.exec(`insert into cron.job_run_details (jobid, status, start_time)
      select jobid, 'running', now() - interval '2 days' from cron.job where jobname = 'added-later'`);
    await suite.db.query('select private.form_throttle_purge()');
    const { rows } = await suite.db.query<{ jobname: string; ages: string[] }>(
      `select j.jobname, array_agg(extract(epoch from now() - d.start_time)::int / 3600 || 'h' order by d.start_time) as ages
       from cron.job_run_details d join cron.job j using (jobid) group by j.jobname order by j.jobname`,
    );
    expect(rows).toEqual([
      // The weekly and the daily job: their newest run stays, however old, for form_health().
      { jobname: 'added-later', ages: ['48h'] },
      { jobname: 'purge-expired-submissions', ages: ['25h'] },
      { jobname: 'site-publish', ages: ['23h', '0h'] },
    ]);
    await suite.db.exec(`select cron.unschedule('added-later'); truncate cron.job_run_details`);
  });

  it('drops pg_net’s answers after a day: the drain and the publishing job read them within minutes', async () => {
    await suite.db.exec(`truncate net._http_response;
      insert into net._http_response (id, status_code, created) values (1, 200, now() - interval '2 days'), (2, 200, now() - interval '23 hours')`);
    await suite.db.query('select private.form_throttle_purge()');
    const { rows } = await suite.db.query<{ id: string }>('select id from net._http_response order by id');
    expect(rows.map((r) => Number(r.id))).toEqual([2]);
  });
});

describe('every table has a rule (private.data_retention), and health says when one is kept past it', () => {
  const retention = async () => {
    const result = await suite.runAs('service_role', `select ok, detail from public.form_health() where item = 'retention'`);
    if (!result.ok) throw new Error(result.message);
    return result.rows[0];
  };

  it('lists every table of the project’s schemas and of pg_cron and pg_net', async () => {
    const { rows: tables } = await suite.db.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_tables
       where schemaname in ('public', 'private', 'cron', 'net') order by 1`,
    );
    const { rows: rules } = await suite.db.query<{ relation: string }>('select relation from private.data_retention order by 1');
    expect(rules.map((r) => r.relation)).toEqual(tables.map((t) => t.name));
  });

  it('within its rule: ok; a receipt kept 40 days (its job stopped): named, with the count', async () => {
    await suite.db.exec(`truncate private.notify_receipts, cron.job_run_details, net._http_response`);
    expect(await retention()).toEqual({ ok: true, detail: 'every table within its rule (private.data_retention)' });
    await suite.db.exec(`insert into private.notify_receipts (delivery_key, destination, delivered_at)
      values ('row:a', 'email', now() - interval '40 days'), ('row:b', 'email', now() - interval '40 days'), ('row:c', 'email', now())`);
    expect(await retention()).toEqual({ ok: false, detail: 'private.notify_receipts: 2 rows kept past their rule' });
    await suite.db.query('select private.form_throttle_purge()');
    expect((await retention()).ok).toBe(true);
    await suite.db.exec('truncate private.notify_receipts');
  });
});

describe('erase_submitter(email)', () => {
  const address = 'Erin.Example@Example.com';
  const others = ['erin.example@example.co', 'xerin.example@example.com', 'erin.example@example.com.au', 'someone@example.com'];

  it('deletes every row of that address from both tables, trimmed and case-insensitive, and nothing else', async () => {
    const theirs = [contact(address), contact(address.toLowerCase())];
    const theirApplication = application(address.toUpperCase());
    for (const row of theirs) await store('contact_submissions', row);
    await store('job_applications', theirApplication);
    for (const other of others) {
      await store('contact_submissions', contact(other));
      await store('job_applications', application(other));
    }
    const before = { contacts: (await ids('contact_submissions')).length, applications: (await ids('job_applications')).length };

    const erased = await suite.runAs('service_role', 'select public.erase_submitter($1) as deleted', ['  erin.EXAMPLE@example.COM ']);
    expect(erased).toEqual({ ok: true, rows: [{ deleted: 3 }] });
    expect(await ids('contact_submissions', `lower(email) = lower('${address}')`)).toEqual([]);
    expect(await ids('job_applications', `lower(email) = lower('${address}')`)).toEqual([]);
    expect((await ids('contact_submissions')).length).toBe(before.contacts - 2);
    expect((await ids('job_applications')).length).toBe(before.applications - 1);
    for (const other of others) expect(await ids('job_applications', `email = '${other}'`)).toHaveLength(1);

    expect(await suite.runAs('service_role', 'select public.erase_submitter($1) as deleted', [address])).toEqual({
      ok: true,
      rows: [{ deleted: 0 }],
    });
  });

  it('matches the address literally: % and _ are not wildcards', async () => {
    const count = (await ids('contact_submissions')).length;
    for (const pattern of ['%', '%@example.com', 'someone@example_com']) {
      expect(await suite.runAs('service_role', 'select public.erase_submitter($1) as deleted', [pattern])).toEqual({
        ok: true,
        rows: [{ deleted: 0 }],
      });
    }
    expect((await ids('contact_submissions')).length).toBe(count);
  });

  it.each([[null], [''], ['   ']])('refuses a missing address (%j)', async (email) => {
    expect(await suite.runAs('service_role', 'select public.erase_submitter($1)', [email])).toMatchObject({ ok: false, code: '22023' });
  });

  it("is called by name the way supabase.rpc('erase_submitter', { email }) calls it", async () => {
    await store('contact_submissions', contact('named@example.com'));
    expect(await suite.runAs('service_role', 'select public.erase_submitter(email => $1) as deleted', ['named@example.com'])).toEqual({
      ok: true,
      rows: [{ deleted: 1 }],
    });
  });
});

describe.each(API_ROLES)('as %s', (role) => {
  it('may not purge', async () => {
    await store('contact_submissions', contact('old@example.com'), { months: 600, plusHours: 0 });
    expect(await suite.runAs(role, 'select public.purge_expired_submissions()')).toMatchObject({ ok: false, code: '42501' });
    expect(await ids('contact_submissions', `email = 'old@example.com'`)).toHaveLength(1);
    await suite.db.query(`delete from public.contact_submissions where email = 'old@example.com'`);
  });

  it('may not erase', async () => {
    const email = `kept-${role}@example.com`;
    await store('job_applications', application(email));
    expect(await suite.runAs(role, 'select public.erase_submitter($1)', [email])).toMatchObject({ ok: false, code: '42501' });
    expect(await ids('job_applications', `email = '${email}'`)).toHaveLength(1);
  });

  it('may not read the webhook secret', async () => {
    expect(await suite.runAs(role, 'select decrypted_secret from vault.decrypted_secrets')).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('the functions', () => {
  it('run as definer with a fixed search_path, executable by service_role only', async () => {
    const { rows } = await suite.db.query<Row>(
      `select p.proname, p.prosecdef, p.proconfig,
              has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
              has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated,
              has_function_privilege('service_role', p.oid, 'EXECUTE') as service_role
       from pg_proc p where p.pronamespace = 'public'::regnamespace order by p.proname`,
    );
    expect(rows).toEqual(
      [
        'erase_submitter',
        'form_health',
        'notify_delivered',
        'notify_mark_delivered',
        'purge_expired_submissions',
        'release_held_submissions',
        'team_describe_row',
        'team_describe_sender',
        'team_erase',
        'team_held_rows',
        'team_release',
      ].map((proname) => ({
        proname,
        prosecdef: true,
        proconfig: ['search_path=""'],
        anon: false,
        authenticated: false,
        service_role: true,
      })),
    );
  });
});

describe('the database webhook', () => {
  const queued = async () =>
    (await suite.db.query<Row>('select url, body, headers, timeout_milliseconds from net.http_request_queue order by id')).rows;

  it.each(API_ROLES)('queues one POST per insert by %s, with the secret from Vault and the inserted row', async (role) => {
    await suite.db.query('truncate net.http_request_queue');
    const request = contact('notify@example.com');
    const apply = application('notify@example.com');
    expect(await suite.insertAs(role, 'contact_submissions', request)).toEqual({ ok: true, rows: [{ count: 1 }] });
    expect(await suite.insertAs(role, 'job_applications', apply)).toEqual({ ok: true, rows: [{ count: 1 }] });

    const [first, second] = await queued();
    expect(await queued()).toHaveLength(2);
    expect(first).toMatchObject({
      url: FUNCTION_URL,
      headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
      timeout_milliseconds: 20000,
    });
    expect(first.body).toMatchObject({
      type: 'INSERT',
      schema: 'public',
      table: 'contact_submissions',
      old_record: null,
      record: { ...request, status: 'new' },
      notification: { number: 1, limit: 10 },
    });
    expect(second.body).toMatchObject({ table: 'job_applications', record: apply });
    // The record is the whole row and nothing more, and the function accepts it.
    const stored = (await suite.db.query<Row>('select to_jsonb(c) as row from public.contact_submissions c where id = $1', [request.id]))
      .rows[0].row;
    expect((first.body as { record: Row }).record).toEqual(stored);
    for (const { body } of [first, second]) expect(parsePayload(body)).toMatchObject({ ok: true });
  });

  type Notification = { number: number; limit: number; window_started_at: string; window_ends_at: string };
  const notifications = async () => (await queued()).map((q) => (q.body as { notification: Notification }).notification);
  /** `count` rows, alternating tables, each from a sender (client address) of its own. */
  const submit = async (count: number, prefix: string) => {
    for (let i = 0; i < count; i++) {
      const email = `${prefix}-${i}@example.com`;
      const [table, row] = i % 2 ? (['job_applications', application(email)] as const) : (['contact_submissions', contact(email)] as const);
      const headers = { 'cf-connecting-ip': `198.${51 + i}.100.${(i % 250) + 1}` };
      expect(await suite.insertAs('anon', table, row, { headers })).toMatchObject({ ok: true });
    }
  };

  it('numbers the rows of both tables in a 10-minute window: 10 messages, then nothing is even queued (the summary comes when it ends)', async () => {
    await suite.db.query('truncate net.http_request_queue');
    await submit(14, 'flood');
    const numbered = await notifications();
    expect(numbered.map((n) => n.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const n of numbered) {
      expect(n.limit).toBe(10);
      expect(n.window_started_at).toBe(numbered[0].window_started_at);
      expect(Date.parse(n.window_ends_at) - Date.parse(n.window_started_at)).toBe(600_000);
    }
    const { rows } = await suite.db.query<{ n: number }>(
      `select count(*)::int as n from public.contact_submissions where email like 'flood-%'`,
    );
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('numbers only stored rows: a row the write limits refuse is never counted for the team', async () => {
    await suite.db.query('truncate net.http_request_queue');
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await suite.insertAs('anon', 'contact_submissions', contact('same-sender@example.com')));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, false]);
    expect((await notifications()).map((n) => n.number)).toEqual([1, 2, 3]);
  });

  it('starts a new window with the first row after the last one ended', async () => {
    await suite.db.query('truncate net.http_request_queue');
    await submit(12, 'before');
    await suite.db.exec(`update private.notify_window set started_at = started_at - interval '10 minutes'`);
    await submit(1, 'after');
    expect((await notifications()).map((n) => n.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
  });

  it('takes its ceiling from the notifications row of private.form_limits', async () => {
    await suite.db.query('truncate net.http_request_queue');
    expect(await suite.runAs('service_role', `update private.form_limits set max_rows = 2 where name = 'notifications'`)).toMatchObject({
      ok: true,
    });
    try {
      await submit(5, 'two');
    } finally {
      await suite.runAs('service_role', `update private.form_limits set max_rows = 10 where name = 'notifications'`);
    }
    expect((await notifications()).map((n) => [n.number, n.limit])).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('without the Vault secrets, the insert still succeeds and nothing is queued', async () => {
    await suite.db.query('truncate net.http_request_queue');
    const result = await suite.db.transaction(async (tx) => {
      await tx.exec(`delete from vault.decrypted_secrets where name = 'notify_submission_secret'`);
      await tx.exec('set local role anon');
      const inserted = await tx.query(
        `insert into public.contact_submissions (id, first_name, last_name, email, message) values ($1, 'A', 'B', 'a@b.co', 'Hi')`,
        [newRowId()],
      );
      await tx.exec('reset role');
      const requests = await tx.query('select count(*)::int as n from net.http_request_queue');
      await tx.rollback();
      return { inserted: inserted.affectedRows, requests: requests.rows };
    });
    expect(result).toEqual({ inserted: 1, requests: [{ n: 0 }] });
  });

  it('when queueing the request fails, the insert still succeeds', async () => {
    const result = await suite.db.transaction(async (tx) => {
      await tx.exec(`create or replace function net.http_post(url text, body jsonb default '{}', params jsonb default '{}', headers jsonb default '{}', timeout_milliseconds integer default 5000)
        returns bigint language plpgsql as $$ begin raise exception 'queue is full'; end $$`);
      await tx.exec('set local role anon');
      const inserted = await tx.query(
        `insert into public.job_applications (id, full_name, email, expertise, experience, cover_letter) values ($1, 'A', 'a@b.co', 'X', '1', 'Hi')`,
        [newRowId()],
      );
      await tx.rollback();
      return inserted.affectedRows;
    });
    expect(result).toBe(1);
  });
});
