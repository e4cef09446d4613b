/**
 * The notify-submission function in real Deno, its destinations served by a
 * local stub server (stub-server.ts). Run with `npm run test:functions`.
 */
import assert from 'node:assert/strict';
import { readConfig, DEFAULT_EMAIL_API_URL, type Config } from '../notify-submission/config.ts';
import { createHandler, SECRET_HEADER } from '../notify-submission/handler.ts';
import { escapeChat, escapeHtml } from '../notify-submission/message.ts';
import { DELIVERED_PATH, MARK_PATH, deadUrl, startStub, type Stub } from './stub-server.ts';

const SECRET = 'test-webhook-secret';

/** Every line any handler logged in this file: checked at the end for row contents. */
const allLogs: string[] = [];

function settings(stub: Stub, overrides: Record<string, string | undefined> = {}): Config {
  const env: Record<string, string | undefined> = {
    NOTIFY_WEBHOOK_SECRET: SECRET,
    RESEND_API_KEY: 're_test_key',
    RESEND_API_URL: stub.url('/email'),
    NOTIFY_EMAIL_FROM: 'Website <website@corvana.example>',
    NOTIFY_EMAIL_TO: 'team@corvana.example, sales@corvana.example',
    NOTIFY_CHAT_WEBHOOK_URL: stub.url('/chat'),
    NOTIFY_TIMEOUT_MS: '150',
    NOTIFY_RETRY_DELAY_MS: '10',
    ...overrides,
  };
  return readConfig((name) => env[name]);
}

async function call(config: Config, body: unknown, secret: string | null = SECRET) {
  const logs: string[] = [];
  const handler = createHandler(config, (line) => {
    logs.push(line);
    allLogs.push(line);
  });
  const headers = new Headers({ 'content-type': 'application/json' });
  if (secret !== null) headers.set(SECRET_HEADER, secret);
  const response = await handler(
    new Request('http://localhost/notify-submission', {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, logs };
}

async function withStub(test: (stub: Stub) => Promise<void>) {
  const stub = startStub();
  try {
    await test(stub);
  } finally {
    await stub.close();
  }
}

const webhook = (table: string, record: Record<string, unknown>, type = 'INSERT') => ({
  type,
  table,
  schema: 'public',
  record,
  old_record: null,
});

/** Rows as the four forms write them (src/lib/forms/*.ts), as the database sends them back. */
const rows = {
  contact: webhook('contact_submissions', {
    id: '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    company: null,
    message: 'We would like to talk about a project.',
    status: 'new',
    created_at: '2026-11-25T09:41:07.123456+00:00',
  }),
  demo: webhook('contact_submissions', {
    id: '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a02',
    first_name: 'Charles',
    last_name: 'Babbage',
    email: 'charles@example.org',
    company: 'Analytical Engines',
    message: '[DEMO REQUEST] Show us the planner.',
    status: 'new',
    created_at: '2026-11-25T09:42:00+00:00',
  }),
  careers: webhook('job_applications', {
    id: '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a03',
    full_name: 'Grace Hopper',
    email: 'grace@example.com',
    expertise: 'Cybersecurity',
    experience: '10+ years',
    portfolio_url: null,
    cover_letter: 'I would like to join.\nI debug things.',
    created_at: '2026-11-25T09:43:00Z',
  }),
  productTeam: webhook('job_applications', {
    id: '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a04',
    full_name: 'Alan Turing',
    email: 'alan@example.org',
    expertise: 'Newsbox - Data Science & Analytics',
    experience: '5 years',
    portfolio_url: 'https://example.org/alan',
    cover_letter: 'Newsbox matters to me.',
    created_at: '2026-11-25T09:44:00Z',
  }),
};

type EmailBody = { from: string; to: string[]; subject: string; text: string; html: string; reply_to?: string };
const emailOf = (stub: Stub) => stub.received('/email').map((r) => r.body as EmailBody);
const chatOf = (stub: Stub) => stub.received('/chat').map((r) => r.body as { text: string; unfurl_links: boolean });

Deno.test('a contact request reaches both destinations with its fields, row id and time', () =>
  withStub(async (stub) => {
    const result = await call(settings(stub), rows.contact);
    assert.equal(result.status, 200);
    assert.deepEqual(result.body, { delivered: ['email', 'chat'] });

    const [email] = emailOf(stub);
    assert.equal(email.subject, 'New contact request: Ada Lovelace');
    assert.deepEqual(email.to, ['team@corvana.example', 'sales@corvana.example']);
    assert.equal(email.from, 'Website <website@corvana.example>');
    assert.equal(email.reply_to, 'ada@example.com');
    for (const line of [
      'First Name: Ada',
      'Last Name: Lovelace',
      'Email: ada@example.com',
      'Company: (none)',
      'Message: We would like to talk about a project.',
    ]) {
      assert.ok(email.text.includes(line), `text lacks ${line}`);
    }
    assert.match(email.text, /Row 5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01 in contact_submissions, received 2026-11-25 09:41 UTC/);
    assert.match(email.html, /<th[^>]*>Email<\/th><td[^>]*>ada@example.com<\/td>/);
    // A long value (an address, a URL) breaks anywhere instead of widening the message past a phone's screen.
    for (const cell of email.html.match(/<td style="[^"]*"/g) ?? []) assert.match(cell, /overflow-wrap:anywhere;word-break:break-word/);
    const headers = stub.received('/email')[0].headers;
    assert.equal(headers.get('authorization'), 'Bearer re_test_key');
    assert.equal(headers.get('idempotency-key'), 'notify-submission/contact_submissions/5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01');

    const [chat] = chatOf(stub);
    assert.equal(chat.unfurl_links, false);
    assert.ok(chat.text.startsWith('*New contact request*\n*First Name:* Ada\n*Last Name:* Lovelace\n*Email:* ada@example.com'));
    assert.match(chat.text, /\nRow 5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01 in contact_submissions, received 2026-11-25 09:41 UTC$/);
  }),
);

Deno.test("each form gets its own title, and its fields with the website's labels", () =>
  withStub(async (stub) => {
    const expected = [
      [
        rows.demo,
        'New demo or sales request: Charles Babbage',
        ['I would like to: Request a demo', 'Company: Analytical Engines', 'Message: Show us the planner.'],
      ],
      [
        rows.careers,
        'New careers application: Grace Hopper',
        [
          'Full Name: Grace Hopper',
          'Area of Expertise: Cybersecurity',
          'Years of Experience: 10+ years',
          'Portfolio: (none)',
          'Cover Letter:\nI would like to join.\nI debug things.',
        ],
      ],
      [
        rows.productTeam,
        'New product-team application: Alan Turing',
        [
          'Product of Interest: Newsbox',
          'Domain Expertise: Data Science & Analytics',
          'Portfolio or Profile Link: https://example.org/alan',
        ],
      ],
    ] as const;
    for (const [row, subject, lines] of expected) {
      assert.equal((await call(settings(stub), row)).status, 200);
      const email = emailOf(stub).at(-1)!;
      const chat = chatOf(stub).at(-1)!;
      assert.equal(email.subject, subject);
      assert.ok(chat.text.startsWith(`*${subject.split(':')[0]}*`), chat.text);
      for (const line of lines) assert.ok(email.text.includes(line), `${subject}: text lacks ${JSON.stringify(line)}`);
    }
    // The demo form's tag becomes the title, not part of the message.
    assert.ok(!emailOf(stub)[0].text.includes('[DEMO REQUEST]'));
    // Data Science & Analytics is escaped in HTML and chat alike.
    assert.ok(emailOf(stub)[2].html.includes('Data Science &amp; Analytics'));
    assert.ok(chatOf(stub)[2].text.includes('*Domain Expertise:* Data Science &amp; Analytics'));
  }),
);

Deno.test('submitter text cannot inject HTML, mentions, links or headers', () =>
  withStub(async (stub) => {
    const hostile = webhook('contact_submissions', {
      ...rows.contact.record,
      first_name: 'Eve\r\nBcc: all@corvana.example',
      last_name: '<img src=x onerror=alert(1)>',
      message: '<script>alert("x")</script> & <!channel> <@U012AB> <#C99> <https://evil.example|click me> @here @channel\u202Egnp.exe',
    });
    assert.equal((await call(settings(stub), hostile)).status, 200);
    const [email] = emailOf(stub);
    const [chat] = chatOf(stub);

    assert.ok(!/[\r\n]/.test(email.subject), 'subject stays on one line');
    assert.equal(email.subject, 'New contact request: Eve Bcc: all@corvana.example <img src=x onerror=alert(1)>');
    assert.ok(!email.html.includes('<script') && !email.html.includes('<img'), email.html);
    assert.ok(email.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;!channel&gt;'));
    assert.ok(!email.html.includes('\u202E') && !email.text.includes('\u202E'), 'bidi override removed');

    for (const control of ['<!channel>', '<@U012AB>', '<#C99>', '<https://evil.example|click me>', '<script>']) {
      assert.ok(!chat.text.includes(control), `chat text contains ${control}`);
    }
    assert.ok(chat.text.includes('&lt;!channel&gt; &lt;@\u200BU012AB&gt;'));
    assert.ok(chat.text.includes('@\u200Bhere @\u200Bchannel'));
    assert.ok(chat.text.includes('*Email:* ada@example.com'), 'an address keeps its @');
  }),
);

Deno.test('every character that shows nothing is stripped from what the message shows', () =>
  withStub(async (stub) => {
    const hidden = [
      '\u202E',
      '\u2066',
      '\u2069',
      '\u200F',
      '\u061C',
      '\u00AD',
      '\u200B',
      '\uFEFF',
      '\u3164',
      '\u2800',
      '\uFE0F',
      '\uFFF9',
      '\u{E0041}',
      '\u{1D173}',
    ];
    const row = webhook('contact_submissions', {
      ...rows.contact.record,
      first_name: `A${hidden.join('')}da`,
      message: hidden.map((ch, i) => `part${i}${ch}`).join(' '),
    });
    assert.equal((await call(settings(stub), row)).status, 200);
    const [email] = emailOf(stub);
    const [chat] = chatOf(stub);
    for (const shown of [email.subject, email.text, email.html, chat.text]) {
      for (const ch of hidden) assert.ok(!shown.includes(ch), `U+${ch.codePointAt(0)!.toString(16).toUpperCase()} is shown`);
    }
    assert.equal(email.subject, 'New contact request: Ada Lovelace');
    assert.ok(email.text.includes('part0 part1 part2 part3'));
  }),
);

Deno.test('Reply-To is set only to an address the forms accept', () =>
  withStub(async (stub) => {
    const cases: [string, string | undefined][] = [
      ['ada@example.com', 'ada@example.com'],
      ['x@y.z?cc=victim@example.com', undefined],
      ['x@y.z,spy.example', undefined],
      ['a@b..c', undefined],
      ['-@-.-', undefined],
      ['ada\u202E@example.com', undefined],
      ['"Ada" <ada@example.com>', undefined],
    ];
    for (const [address, replyTo] of cases) {
      assert.equal((await call(settings(stub), webhook('contact_submissions', { ...rows.contact.record, email: address }))).status, 200);
      assert.equal(emailOf(stub).at(-1)!.reply_to, replyTo, address);
    }
  }),
);

/** The row numbered `number` in a window that started at 09:40 with `limit` messages. */
const numbered = (number: number, limit = 10) => ({
  ...webhook('job_applications', { ...rows.careers.record, id: `5b0f1c1e-1d7e-4c53-9a51-${String(number).padStart(12, '0')}` }),
  notification: { number, limit, window_started_at: '2026-11-25T09:40:00+00:00', window_ends_at: '2026-11-25T09:50:00+00:00' },
});

Deno.test('a window gets its limit of messages per destination, then one summary, then silence', () =>
  withStub(async (stub) => {
    const answers = [];
    for (let number = 1; number <= 14; number++) answers.push(await call(settings(stub), numbered(number)));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(14).fill(200),
    );
    assert.deepEqual(
      answers.slice(11).map((a) => a.body),
      Array(3).fill({ delivered: [], silenced: true }),
    );
    // Each destination: 10 row messages and the summary, nothing after.
    assert.equal(emailOf(stub).length, 11);
    assert.equal(chatOf(stub).length, 11);
    for (const email of emailOf(stub).slice(0, 10)) assert.equal(email.subject, 'New careers application: Grace Hopper');
    assert.ok(answers[13].logs.some((line) => line.includes('number 14 of its window, past the summary: not sent')));
  }),
);

Deno.test('the summary says how many since when, until when, and where to look, with nothing the visitor wrote', () =>
  withStub(async (stub) => {
    const result = await call(settings(stub), numbered(11));
    assert.equal(result.status, 200);
    const [email] = emailOf(stub);
    const [chat] = chatOf(stub);
    assert.equal(email.subject, 'More than 10 submissions since 09:40 UTC, probably automated');
    assert.equal(email.reply_to, undefined);
    const intro =
      'More than 10 submissions since 09:40 UTC, probably automated: this row is number 11. ' +
      'No message for the next ones until 09:50 UTC; see the tables contact_submissions and job_applications.';
    assert.ok(email.text.includes(intro), email.text);
    assert.ok(email.html.includes(`<p>${intro}</p>`), email.html);
    assert.ok(chat.text.startsWith(`*Probably automated submissions*\n${intro}`), chat.text);
    assert.ok(email.text.includes('Row 5b0f1c1e-1d7e-4c53-9a51-000000000011 in job_applications'));
    for (const typed of ['Grace Hopper', 'grace@example.com', 'I would like to join.']) {
      assert.ok(!email.text.includes(typed) && !email.html.includes(typed) && !chat.text.includes(typed), typed);
    }
  }),
);

/** A digest as the database's drain posts it (private.notify_take_digest()), with its outbox key. */
const digest = (overrides: Record<string, unknown> = {}) => ({
  type: 'SUMMARY',
  schema: 'public',
  summary: {
    digest_id: 42,
    first_at: '2026-11-25T09:40:02+00:00',
    last_at: '2026-11-25T09:49:58+00:00',
    notified: 10,
    unannounced: 940,
    held: 930,
    senders: 990,
    held_senders: 930,
    review: 'private.form_inbox',
    ...overrides,
  },
  delivery: { key: 'digest:42', attempt: 1 },
});

Deno.test('a digest reaches both destinations: counts, senders, and the query that lists exactly its rows', () =>
  withStub(async (stub) => {
    assert.equal((await call(settings(stub), digest())).status, 200);
    const [email] = emailOf(stub);
    const [chat] = chatOf(stub);
    assert.equal(email.subject, '940 more submissions, 2026-11-25, 09:40 UTC to 09:49 UTC: 930 held for review');
    assert.equal(email.reply_to, undefined);
    for (const text of [email.text, email.html, chat.text]) {
      assert.ok(
        text.includes(
          '940 submissions stored 2026-11-25, 09:40 UTC to 09:49 UTC, from about 990 senders, got no message of their own (10 did)',
        ),
        text,
      );
      assert.ok(text.includes('930 of them, from about 930 senders, are held for review'), text);
      assert.ok(text.includes('select * from private.form_inbox where digest_id = 42 order by created_at desc'), text);
      assert.ok(text.includes('release_held_submissions'), text);
    }
    assert.ok(email.text.includes('Digest 42, last row stored 2026-11-25 09:49 UTC'), email.text);
    const [request] = stub.received('/email');
    assert.equal(request.headers.get('idempotency-key'), 'notify-submission/digest:42');
  }),
);

Deno.test('answers 400 with the reason for a digest that is not one', () =>
  withStub(async (stub) => {
    const cases: [unknown, RegExp][] = [
      [{ ...digest(), schema: 'private' }, /schema must be "public"/],
      [{ ...digest(), summary: null }, /summary must be an object/],
      [digest({ held: -1 }), /summary\.held must be a whole number/],
      [digest({ senders: '3' }), /summary\.senders must be a whole number/],
      [digest({ digest_id: undefined }), /summary\.digest_id must be a whole number/],
      [digest({ last_at: 'soon' }), /summary\.last_at must be a timestamp/],
      [digest({ review: 'x; drop table y' }), /summary\.review must be a relation name/],
      [{ ...digest(), delivery: { key: 'digest:42', attempt: 0 } }, /delivery\.attempt must be a positive whole number/],
      [{ ...digest(), delivery: { key: 'no key here', attempt: 1 } }, /delivery\.key must be a delivery key/],
    ];
    for (const [body, reason] of cases) {
      const result = await call(settings(stub), body);
      assert.equal(result.status, 400, JSON.stringify(body));
      assert.match(String(result.body.error), reason);
    }
    assert.equal(stub.received().length, 0);
  }),
);

/** An alert as the database posts it (*_form_outbox.sql), with its outbox key. */
const alert = (fields: Record<string, unknown>, key = `alert:${String(fields.kind)}:1`) => ({
  type: 'ALERT',
  schema: 'public',
  alert: { at: '2026-11-25T09:41:07+00:00', review: 'private.form_inbox', ...fields },
  delivery: { key, attempt: 1 },
});

Deno.test('alerts are short and say what happened, since when, and where to look', () =>
  withStub(async (stub) => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { kind: 'held', window_started_at: '2026-11-25T09:40:00+00:00', window_ends_at: '2026-11-25T09:50:00+00:00' },
        'Submissions held for review since 09:41 UTC: a flood or a launch',
        'A digest with every held row follows when the notification window ends at 09:50 UTC.',
      ],
      [
        { kind: 'held', window_started_at: '2026-11-25T09:40:00+00:00', window_ends_at: '2026-11-25T09:50:00+00:00' },
        'Submissions held for review since 09:41 UTC: a flood or a launch',
        'Meanwhile list what the team has not seen with "select * from private.form_inbox order by created_at desc" as the service role',
      ],
      [
        { kind: 'refused', refused: 17 },
        '17 submissions refused for capacity by 09:41 UTC',
        'Those visitors were asked to try again later or to write to the support address, and their drafts were kept. Check with "select * from public.form_health()"',
      ],
      [
        { kind: 'storage', percent: 80, used_bytes: 251_658_240, budget_bytes: 314_572_800 },
        'Submission storage at 80%: 240.0 MB of 300.0 MB',
        'networks over their share are now refused, and at 100% every submission will be',
      ],
      [
        { kind: 'storage', percent: 100, used_bytes: 314_572_800, budget_bytes: 314_572_800 },
        'Submission storage at 100%: 300.0 MB of 300.0 MB',
        'every new submission is refused until rows are deleted or the budget is raised',
      ],
      [
        {
          kind: 'publishing',
          due_at: '2026-11-25T09:25:00+00:00',
          reason: 'entry',
          attempts: 6,
          last_error: '404',
          hook_confirmed: false,
          last_build_at: '2026-11-24T18:00:00+00:00',
        },
        'Scheduled build of 2026-11-25 09:25 UTC not live 15 minutes later',
        'A scheduled entry was due at 2026-11-25 09:25 UTC and is not on the site yet (last build seen: 2026-11-24 18:00 UTC). ' +
          'The build hook was not taken (6 attempts, last error 404): check the netlify_build_hook_url secret',
      ],
      [
        {
          kind: 'publishing',
          due_at: '2026-11-25T09:25:00+00:00',
          reason: 'renewal',
          attempts: 1,
          last_error: null,
          hook_confirmed: true,
          last_build_at: null,
        },
        'Scheduled build of 2026-11-25 09:25 UTC not live 15 minutes later',
        "The site's scheduled rebuild (before security.txt expires) was due at 2026-11-25 09:25 UTC and is not on the site yet " +
          '(last build seen: none). Netlify took the build hook, so the build itself failed or is still queued',
      ],
    ];
    for (const [fields, subject, words] of cases) {
      const result = await call(settings(stub), alert(fields));
      assert.equal(result.status, 200, JSON.stringify(result.body));
      const email = emailOf(stub).at(-1)!;
      const chat = chatOf(stub).at(-1)!;
      assert.equal(email.subject, subject);
      assert.equal(email.reply_to, undefined);
      for (const text of [email.text, chat.text]) assert.ok(text.includes(words), text);
      assert.equal(stub.received('/email').at(-1)!.headers.get('idempotency-key'), `notify-submission/alert:${String(fields.kind)}:1`);
    }
  }),
);

Deno.test('answers 400 with the reason for an alert that is not one', () =>
  withStub(async (stub) => {
    const cases: [unknown, RegExp][] = [
      [alert({ kind: 'panic' }), /alert\.kind must be "held", "refused", "storage" or "publishing" \(got "panic"\)/],
      [
        alert({ kind: 'publishing', due_at: 'x', reason: 'entry', attempts: 1, hook_confirmed: false }),
        /alert\.due_at must be a timestamp/,
      ],
      [
        alert({ kind: 'publishing', due_at: '2026-11-25T09:25:00Z', reason: 'later', attempts: 1 }),
        /alert\.reason must be "entry" or "renewal"/,
      ],
      [alert({ kind: 'held', window_started_at: 'now' }), /alert\.window_started_at must be a timestamp/],
      [alert({ kind: 'refused', refused: -2 }), /alert\.refused must be a whole number/],
      [alert({ kind: 'storage', percent: 90, used_bytes: 1, budget_bytes: 2 }), /alert\.percent must be 80 or 100/],
      [alert({ kind: 'refused', refused: 1, at: 'soon' }), /alert\.at must be a timestamp/],
      [{ ...alert({ kind: 'refused', refused: 1 }), alert: 'x' }, /alert must be an object/],
    ];
    for (const [body, reason] of cases) {
      const result = await call(settings(stub), body);
      assert.equal(result.status, 400, JSON.stringify(body));
      assert.match(String(result.body.error), reason);
    }
    assert.equal(stub.received().length, 0);
  }),
);

/** Settings with the project's REST API, where delivered keys are remembered. */
const remembering = (stub: Stub, overrides: Record<string, string | undefined> = {}) =>
  settings(stub, { SUPABASE_URL: stub.url(''), SUPABASE_SERVICE_ROLE_KEY: 'service-role-key', ...overrides });

const keyed = (key: string, attempt = 1) => ({ ...rows.contact, delivery: { key, attempt } });

Deno.test('remembers each delivered key per destination, as the service role, and drops a repeat', () =>
  withStub(async (stub) => {
    const first = await call(remembering(stub), keyed('row:contact_submissions:1'));
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { delivered: ['email', 'chat'] });
    // The exact calls to the project's REST API.
    const [look] = stub.received(DELIVERED_PATH);
    assert.deepEqual(look.body, { delivery_key: 'row:contact_submissions:1' });
    assert.equal(look.headers.get('apikey'), 'service-role-key');
    assert.equal(look.headers.get('authorization'), 'Bearer service-role-key');
    assert.deepEqual(
      stub
        .received(MARK_PATH)
        .map((r) => r.body)
        .sort((a, b) => String(a.destination).localeCompare(String(b.destination))),
      [
        { delivery_key: 'row:contact_submissions:1', destination: 'chat' },
        { delivery_key: 'row:contact_submissions:1', destination: 'email' },
      ],
    );

    // The database heard nothing (its answer was lost) and sends the message again.
    const repeat = await call(remembering(stub), keyed('row:contact_submissions:1', 2));
    assert.equal(repeat.status, 200);
    assert.deepEqual(repeat.body, { delivered: [], duplicate: ['email', 'chat'] });
    assert.equal(emailOf(stub).length, 1);
    assert.equal(chatOf(stub).length, 1);
    assert.ok(
      repeat.logs.some((line) => line.includes('row:contact_submissions:1: already delivered to email, chat; not sent there again')),
    );
  }),
);

Deno.test('after a partial failure the retry goes only where the message is still missing', () =>
  withStub(async (stub) => {
    stub.plan('/chat', 500, 500, 500);
    const failed = await call(remembering(stub), keyed('digest:7'));
    assert.equal(failed.status, 502);
    assert.deepEqual(failed.body, { error: 'a destination failed', failed: ['chat'], delivered: ['email'] });
    const retried = await call(remembering(stub), keyed('digest:7', 2));
    assert.equal(retried.status, 200);
    assert.deepEqual(retried.body, { delivered: ['chat'], duplicate: ['email'] });
    assert.equal(emailOf(stub).length, 1);
    assert.equal(stub.received('/chat').length, 4);
  }),
);

Deno.test('answers 503 and sends nothing when the memory of delivered keys cannot be read', () =>
  withStub(async (stub) => {
    stub.plan(DELIVERED_PATH, 500);
    const result = await call(remembering(stub), keyed('alert:held:2026-11-25T09:40:00.000000Z'));
    assert.equal(result.status, 503);
    assert.deepEqual(result.body, { error: 'delivery memory unavailable' });
    assert.equal(emailOf(stub).length + chatOf(stub).length, 0);
    // A delivered message whose receipt cannot be written is still delivered: 200, and the log says so.
    stub.plan(MARK_PATH, 500, 500);
    const unremembered = await call(remembering(stub), keyed('alert:held:2026-11-25T09:40:00.000000Z', 2));
    assert.equal(unremembered.status, 200);
    assert.ok(unremembered.logs.some((line) => line.includes('could not remember email: notify_mark_delivered answered HTTP 500')));
  }),
);

Deno.test('without the project settings a keyed message is sent, and the log says repeats are not recognised', () =>
  withStub(async (stub) => {
    const result = await call(settings(stub), keyed('row:contact_submissions:9'));
    assert.equal(result.status, 200);
    assert.equal(stub.received(DELIVERED_PATH).length, 0);
    assert.ok(result.logs.some((line) => line.includes('SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set')));
  }),
);

Deno.test('a lower limit from the database is obeyed as given', () =>
  withStub(async (stub) => {
    for (let number = 1; number <= 4; number++) await call(settings(stub), numbered(number, 2));
    assert.deepEqual(
      emailOf(stub).map((e) => e.subject),
      [
        'New careers application: Grace Hopper',
        'New careers application: Grace Hopper',
        'More than 2 submissions since 09:40 UTC, probably automated',
      ],
    );
  }),
);

Deno.test('escaping rules', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  assert.equal(escapeChat('<!here> a & b > c'), '&lt;!here&gt; a &amp; b &gt; c');
  assert.equal(escapeChat('@here\n(@everyone) mail me at x@y.io'), '@\u200Bhere\n(@\u200Beveryone) mail me at x@y.io');
  assert.equal(escapeChat('a\u0000b\u200Bc\u2066d'), 'abcd');
});

Deno.test('answers 401 without the shared secret, and sends nothing', () =>
  withStub(async (stub) => {
    for (const secret of [null, '', 'wrong-secret', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toUpperCase()]) {
      const result = await call(settings(stub), rows.contact, secret);
      assert.equal(result.status, 401, `secret ${JSON.stringify(secret)}`);
      assert.deepEqual(result.body, { error: 'unauthorized' });
    }
    assert.equal(stub.received().length, 0);
  }),
);

Deno.test('answers 500 when its own secret is not set, naming it in the log', () =>
  withStub(async (stub) => {
    const result = await call(settings(stub, { NOTIFY_WEBHOOK_SECRET: undefined }), rows.contact);
    assert.equal(result.status, 500);
    assert.ok(
      result.logs.some((line) => line.includes('NOTIFY_WEBHOOK_SECRET is not set')),
      result.logs.join('\n'),
    );
    assert.equal(stub.received().length, 0);
  }),
);

Deno.test('answers 400 with the reason for a payload that is not an INSERT of the two tables', () =>
  withStub(async (stub) => {
    const cases: [unknown, RegExp][] = [
      ['not json', /not JSON/],
      [[rows.contact], /JSON object/],
      [webhook('contact_submissions', rows.contact.record, 'UPDATE'), /type must be "INSERT" \(got "UPDATE"\)/],
      [webhook('contact_submissions', rows.contact.record, 'DELETE'), /type must be "INSERT"/],
      [webhook('profiles', rows.contact.record), /table must be one of contact_submissions, job_applications \(got "profiles"\)/],
      [{ ...rows.contact, schema: 'auth' }, /schema must be "public"/],
      [{ ...rows.contact, record: null }, /record must be an object/],
      [webhook('contact_submissions', { ...rows.contact.record, email: undefined }), /record\.email must be a non-empty string/],
      [webhook('job_applications', rows.contact.record), /record\.full_name must be a non-empty string/],
      [webhook('job_applications', { ...rows.careers.record, portfolio_url: 42 }), /record\.portfolio_url must be a string or null/],
      [webhook('job_applications', { ...rows.careers.record, created_at: 'yesterday' }), /record\.created_at must be a timestamp/],
      [{ ...rows.careers, notification: { number: 0, limit: 10 } }, /notification\.number must be a positive whole number/],
      [
        { ...numbered(3), notification: { ...numbered(3).notification, window_ends_at: 'soon' } },
        /notification\.window_ends_at must be a timestamp/,
      ],
    ];
    for (const [body, reason] of cases) {
      const result = await call(settings(stub), body);
      assert.equal(result.status, 400, JSON.stringify(body));
      assert.match(String(result.body.error), reason);
    }
    assert.equal(stub.received().length, 0);
  }),
);

Deno.test('answers 500 when no destination is configured, naming the missing secrets in the log', () =>
  withStub(async (stub) => {
    const none = { RESEND_API_KEY: undefined, NOTIFY_EMAIL_FROM: undefined, NOTIFY_EMAIL_TO: undefined, NOTIFY_CHAT_WEBHOOK_URL: '  ' };
    const result = await call(settings(stub, none), rows.contact);
    assert.equal(result.status, 500);
    assert.deepEqual(result.body, { error: 'no destination configured' });
    assert.ok(
      result.logs.some((line) => line.includes('missing: RESEND_API_KEY, NOTIFY_EMAIL_FROM, NOTIFY_EMAIL_TO, NOTIFY_CHAT_WEBHOOK_URL')),
      result.logs.join('\n'),
    );
    assert.equal(stub.received().length, 0);
  }),
);

Deno.test('one destination is enough; a half-configured one is logged', () =>
  withStub(async (stub) => {
    const result = await call(settings(stub, { NOTIFY_EMAIL_TO: undefined }), rows.careers);
    assert.equal(result.status, 200);
    assert.deepEqual(result.body, { delivered: ['chat'] });
    assert.ok(
      result.logs.some((line) => line.includes('not configured: e-mail (missing: NOTIFY_EMAIL_TO)')),
      result.logs.join('\n'),
    );
    assert.equal(stub.received('/email').length, 0);
  }),
);

Deno.test('a destination answering 5xx is retried twice with growing waits, then succeeds', () =>
  withStub(async (stub) => {
    stub.plan('/email', 503, 500);
    stub.plan('/chat', 502);
    const result = await call(settings(stub, { NOTIFY_RETRY_DELAY_MS: '40' }), rows.demo);
    assert.equal(result.status, 200);
    assert.equal(stub.received('/email').length, 3);
    assert.equal(stub.received('/chat').length, 2);
    assert.deepEqual(
      result.logs.filter((line) => line.includes('retrying')),
      [
        'notify-submission: email: attempt 1 failed (HTTP 503); retrying in 40 ms',
        'notify-submission: chat: attempt 1 failed (HTTP 502); retrying in 40 ms',
        'notify-submission: email: attempt 2 failed (HTTP 500); retrying in 80 ms',
      ],
    );
    // Every attempt carries the same idempotency key, so the e-mail API sends one message.
    assert.equal(new Set(stub.received('/email').map((r) => r.headers.get('idempotency-key'))).size, 1);
  }),
);

Deno.test('a destination that keeps failing is reported as 502 after three attempts', () =>
  withStub(async (stub) => {
    stub.plan('/email', 500, 500, 500, 200);
    const result = await call(settings(stub), rows.contact);
    assert.equal(result.status, 502);
    assert.deepEqual(result.body, { error: 'a destination failed', failed: ['email'], delivered: ['chat'] });
    assert.equal(stub.received('/email').length, 3);
    assert.ok(
      result.logs.includes(`notify-submission: contact_submissions/${rows.contact.record.id}: email failed after 3 attempt(s): HTTP 500`),
    );
  }),
);

Deno.test('a destination that is down is retried, then reported as 502', () =>
  withStub(async (stub) => {
    const result = await call(settings(stub, { NOTIFY_CHAT_WEBHOOK_URL: deadUrl() }), rows.productTeam);
    assert.equal(result.status, 502);
    assert.deepEqual(result.body.failed, ['chat']);
    assert.equal(
      result.logs.filter((line) => line.startsWith('notify-submission: chat: attempt') && line.includes('(unreachable)')).length,
      2,
    );
  }),
);

Deno.test('a destination that does not answer in time is retried; a later answer counts', () =>
  withStub(async (stub) => {
    stub.plan('/chat', 'hang');
    const slowThenFine = await call(settings(stub), rows.contact);
    assert.equal(slowThenFine.status, 200);
    assert.equal(stub.received('/chat').length, 2);
    assert.ok(slowThenFine.logs.includes('notify-submission: chat: attempt 1 failed (no answer within 150 ms); retrying in 10 ms'));

    stub.plan('/chat', 'hang', 'hang', 'hang');
    const started = Date.now();
    const neverAnswers = await call(settings(stub), rows.contact);
    assert.equal(neverAnswers.status, 502);
    assert.ok(Date.now() - started < 2000, 'three timeouts of 150 ms, not the default 4 s');
  }),
);

Deno.test('a refusal (4xx) is final: no retry, 502', () =>
  withStub(async (stub) => {
    stub.plan('/email', 401);
    // A generous timeout: on a loaded machine a slow 401 must not read as a timeout (which is retried).
    const result = await call(settings(stub, { NOTIFY_TIMEOUT_MS: '3000' }), rows.careers);
    assert.equal(result.status, 502);
    assert.equal(stub.received('/email').length, 1);
  }),
);

Deno.test('only POST is accepted', async () => {
  const handler = createHandler(
    readConfig(() => undefined),
    () => {},
  );
  assert.equal((await handler(new Request('http://localhost/', { method: 'GET' }))).status, 405);
});

Deno.test('settings: defaults, recipients list, and a bad number is refused', () => {
  const env: Record<string, string> = { RESEND_API_KEY: 'k', NOTIFY_EMAIL_FROM: 'a@b.co', NOTIFY_EMAIL_TO: ' x@b.co ,y@b.co,' };
  const config = readConfig((name) => env[name]);
  assert.deepEqual(config.email, { apiUrl: DEFAULT_EMAIL_API_URL, apiKey: 'k', from: 'a@b.co', to: ['x@b.co', 'y@b.co'] });
  assert.equal(config.chatUrl, undefined);
  assert.deepEqual([config.timeoutMs, config.retryDelayMs], [4000, 500]);
  assert.deepEqual(config.missing, ['NOTIFY_CHAT_WEBHOOK_URL']);
  assert.equal(config.receipts, undefined);
  const withProject = readConfig((name) => ({ SUPABASE_URL: 'https://ref.supabase.co/', SUPABASE_SERVICE_ROLE_KEY: 'k' })[name]);
  assert.deepEqual(withProject.receipts, { url: 'https://ref.supabase.co', serviceKey: 'k' });
  assert.throws(
    () => readConfig((name) => (name === 'NOTIFY_TIMEOUT_MS' ? '1.5s' : undefined)),
    /NOTIFY_TIMEOUT_MS must be a whole number/,
  );
});

Deno.test('logs never contain what the visitor typed', () => {
  assert.ok(allLogs.length > 20, 'the tests above logged');
  const typed = Object.values(rows).flatMap(({ record }) =>
    Object.entries(record)
      .filter(([column]) => !['id', 'created_at', 'status'].includes(column))
      .map(([, value]) => value),
  );
  for (const value of typed.filter((v): v is string => typeof v === 'string')) {
    for (const line of allLogs) assert.ok(!line.includes(value), `log line contains ${JSON.stringify(value)}: ${line}`);
  }
});
