/**
 * The team's actions in real Deno: the signed links (./links.ts), the actions endpoint the
 * website's page posts to (./actions.ts) with the database played in memory (./memory-store.ts)
 * and, for the exact calls, over the stub's REST API, and the links the messages carry.
 * Run with `npm run test:functions`.
 */
import assert from 'node:assert/strict';
import { readConfig, type Config } from '../notify-submission/config.ts';
import { createHandler, SECRET_HEADER } from '../notify-submission/handler.ts';
import { LINK_LIFETIME_SECONDS, senderKey, signLink, verifyLink, type LinkBody } from '../notify-submission/links.ts';
import { restActionsStore } from '../notify-submission/actions-store.ts';
import { PAGE_SIZE } from '../notify-submission/actions.ts';
import { heldContact, memoryStore, type MemoryStore } from './memory-store.ts';
import { startStub, type Stub } from './stub-server.ts';

const LINK_SECRET = 'a-link-secret-of-at-least-32-characters!';
const SITE = 'https://corvana.example';
const NOW = Date.parse('2026-11-25T10:00:00Z');
const NOW_S = NOW / 1000;
const ROW = '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01';
const OTHER = '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a02';

const logs: string[] = [];

function settings(stub?: Stub, overrides: Record<string, string | undefined> = {}): Config {
  const env: Record<string, string | undefined> = {
    NOTIFY_WEBHOOK_SECRET: 'test-webhook-secret',
    NOTIFY_LINK_SECRET: LINK_SECRET,
    NOTIFY_SITE_URL: `${SITE}/`,
    ...(stub
      ? {
          RESEND_API_KEY: 're_test_key',
          RESEND_API_URL: stub.url('/email'),
          NOTIFY_EMAIL_FROM: 'Website <website@corvana.example>',
          NOTIFY_EMAIL_TO: 'team@corvana.example',
          NOTIFY_CHAT_WEBHOOK_URL: stub.url('/chat'),
        }
      : {}),
    NOTIFY_TIMEOUT_MS: '500',
    NOTIFY_RETRY_DELAY_MS: '10',
    ...overrides,
  };
  return readConfig((name) => env[name]);
}

const link = (body: Omit<LinkBody, 'expires'>, expires = NOW_S + LINK_LIFETIME_SECONDS, secret = LINK_SECRET) =>
  signLink(secret, { ...body, expires });

/** POST to the actions endpoint as the page does (or with other headers), through the whole handler. */
async function act(
  store: MemoryStore,
  body: unknown,
  init: { origin?: string | null; type?: string; method?: string; config?: Config } = {},
) {
  const headers = new Headers();
  const origin = init.origin === undefined ? SITE : init.origin;
  if (origin !== null) headers.set('origin', origin);
  headers.set('content-type', init.type ?? 'application/json');
  const handler = createHandler(
    init.config ?? settings(),
    (line) => logs.push(line),
    undefined,
    store,
    () => NOW,
  );
  const method = init.method ?? 'POST';
  const response = await handler(
    new Request('http://localhost/notify-submission/actions', {
      method,
      headers,
      body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const stored = () =>
  memoryStore([heldContact(ROW), heldContact(OTHER, { first_name: 'Charles', last_name: 'Babbage', email: 'Charles@Example.org ' })], () =>
    new Date(NOW).toISOString(),
  );

// ---------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------

Deno.test('a link reads back as it was signed, for each kind, in characters a fragment carries as they are', async () => {
  for (const body of [
    { kind: 'release', subject: ROW },
    { kind: 'erase', subject: 'Zoë.Ωmega+tag@bücher.example' },
    { kind: 'list', subject: '42' },
  ] as const) {
    const signed = await link(body);
    assert.match(signed.token, /^[rel]\.[A-Za-z0-9_\-]+\.\d+\.[A-Za-z0-9_-]{43}$/);
    const read = await verifyLink(LINK_SECRET, signed.token, NOW_S);
    assert.ok(read.ok, JSON.stringify(read));
    assert.deepEqual(
      [read.link.kind, read.link.subject, read.link.expires, read.link.id],
      [body.kind, body.subject, NOW_S + 7 * 86400, signed.id],
    );
  }
});

Deno.test('a tampered, foreign, malformed or expired link is refused, each with its own reason', async () => {
  const release = await link({ kind: 'release', subject: ROW });
  const [, , expires, signature] = release.token.split('.');
  const erase = await link({ kind: 'erase', subject: 'ada@example.com' });
  // Another kind with the same subject cannot be read at all (each kind's subject has its own form): malformed, below.
  const tampered = [
    `r.${OTHER}.${expires}.${signature}`, // another row
    `r.${ROW}.${Number(expires) + 86400}.${signature}`, // a longer life
    `r.${ROW}.${expires}.${signature.slice(0, -1)}${signature.at(-1) === 'A' ? 'B' : 'A'}`, // one character of the signature
    erase.token.replace(erase.token.split('.')[1], btoa('eve@example.com').replace(/=+$/, '')), // another address
  ];
  for (const token of tampered) assert.deepEqual(await verifyLink(LINK_SECRET, token, NOW_S), { ok: false, code: 'link_invalid' }, token);
  // The same signature spelled another way (the last character's spare bits): another link to the ledger, so refused.
  const last = signature.at(-1)!;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const twin = alphabet[alphabet.indexOf(last) ^ 1];
  assert.deepEqual(await verifyLink(LINK_SECRET, `${release.token.slice(0, -1)}${twin}`, NOW_S), { ok: false, code: 'link_invalid' });
  // Signed with another key (another project, a guess): the same refusal.
  const foreign = await link({ kind: 'release', subject: ROW }, undefined, 'another-secret-of-at-least-32-characters');
  assert.deepEqual(await verifyLink(LINK_SECRET, foreign.token, NOW_S), { ok: false, code: 'link_invalid' });
  for (const token of [
    '',
    'r.x',
    `e.${release.token.slice(2)}`,
    `x.${ROW}.${expires}.${signature}`,
    `r.not-a-uuid.${expires}.${signature}`,
    `r.${ROW}.soon.${signature}`,
    `l.0.${expires}.${signature}`,
    `e.!!.${expires}.${signature}`,
    42,
    null,
    'a'.repeat(3000),
  ])
    assert.deepEqual(await verifyLink(LINK_SECRET, token, NOW_S), { ok: false, code: 'link_malformed' }, String(token));
  const old = await link({ kind: 'release', subject: ROW }, NOW_S - 1);
  assert.deepEqual(await verifyLink(LINK_SECRET, old.token, NOW_S), { ok: false, code: 'link_expired', expired: NOW_S - 1 });
  // The signature is checked before the age: an expired forgery is a forgery.
  assert.equal((await verifyLink(LINK_SECRET, `r.${ROW}.${NOW_S - 1}.${signature}`, NOW_S)).ok, false);
});

Deno.test("a sender's key is the same for every spelling erase_submitter treats as one address, and secret-bound", async () => {
  const key = await senderKey(LINK_SECRET, 'ada@example.com');
  assert.equal(await senderKey(LINK_SECRET, '  ADA@Example.com '), key);
  assert.notEqual(await senderKey(LINK_SECRET, 'ada@example.org'), key);
  assert.notEqual(await senderKey('another-secret-of-at-least-32-characters', 'ada@example.com'), key);
  assert.ok(!key.includes('ada'));
});

// ---------------------------------------------------------------------------
// The actions endpoint
// ---------------------------------------------------------------------------

Deno.test(
  'CORS: the site gets its preflight and its answers; any other origin gets neither, and nothing is asked of the database',
  async () => {
    const store = stored();
    const preflight = await act(store, null, { method: 'OPTIONS' });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), SITE);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST');
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'content-type');
    const token = (await link({ kind: 'release', subject: ROW })).token;
    for (const origin of ['https://evil.example', 'https://corvana.example.evil.example', 'http://corvana.example', 'null', null]) {
      const foreignPreflight = await act(store, null, { method: 'OPTIONS', origin });
      assert.equal(foreignPreflight.status, 403);
      assert.equal(foreignPreflight.headers.get('access-control-allow-origin'), null);
      const post = await act(store, { link: token, act: true }, { origin });
      assert.equal(post.status, 403, String(origin));
      assert.deepEqual(post.body, { code: 'origin_refused' });
      assert.equal(post.headers.get('access-control-allow-origin'), null);
    }
    assert.deepEqual(store.calls, []);
    const get = await act(store, null, { method: 'GET' });
    assert.equal(get.status, 405);
    assert.equal(get.body.code, 'method_not_allowed');
    const answered = await act(store, { link: token });
    assert.equal(answered.headers.get('access-control-allow-origin'), SITE);
    assert.equal(answered.headers.get('cache-control'), 'no-store');
    assert.equal(answered.headers.get('content-type'), 'application/json');
  },
);

Deno.test('what a release link would do: the held row as the message showed it, and nothing changes', async () => {
  const store = stored();
  const { token } = await link({ kind: 'release', subject: ROW });
  const described = await act(store, { link: token });
  assert.equal(described.status, 200);
  assert.deepEqual(described.body, {
    action: 'release',
    row: {
      form: 'Contact request',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      received: '2026-11-25T09:41:07.000Z',
      excerpt: 'We would like to talk about a project.',
    },
    expires: '2026-12-02T10:00:00.000Z',
  });
  assert.equal(store.rows[0].held, true);
});

Deno.test('a release link works once: the row becomes a normal row; a second use says what was done and when', async () => {
  const store = stored();
  const signed = await link({ kind: 'release', subject: ROW });
  const released = await act(store, { link: signed.token, act: true });
  assert.equal(released.status, 200);
  assert.deepEqual(released.body, { action: 'release', done: { action: 'release', at: '2026-11-25T10:00:00.000Z', count: 1 } });
  assert.deepEqual(store.calls.at(-1), { method: 'release', args: [ROW, signed.id, '2026-12-02T10:00:00.000Z'] });
  assert.equal(store.rows[0].held, false);
  for (const again of [{ link: signed.token, act: true }, { link: signed.token }]) {
    const second = await act(store, again);
    assert.equal(second.status, 409);
    assert.deepEqual(second.body, { code: 'link_used', done: { action: 'release', at: '2026-11-25T10:00:00.000Z', count: 1 } });
  }
  // Another link for the same row (the alert's, after the digest's was used).
  const other = await link({ kind: 'release', subject: ROW }, NOW_S + 3600);
  const late = await act(store, { link: other.token, act: true });
  assert.equal(late.status, 409);
  assert.deepEqual(late.body, { code: 'already_released', at: '2026-11-25T10:00:00.000Z' });
});

Deno.test('an erase link asks for the address typed again, then erases every row of it once; later links say when', async () => {
  const store = stored();
  store.rows.push(heldContact('5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a03', { email: 'ADA@example.com' }));
  const signed = await link({ kind: 'erase', subject: 'ada@example.com' });
  const described = await act(store, { link: signed.token });
  assert.equal(described.status, 200);
  const row = { form: 'Contact request', received: '2026-11-25T09:41:07.000Z', held: true };
  assert.deepEqual(described.body, {
    action: 'erase',
    email: 'ada@example.com',
    total: 2,
    rows: [row, row],
    kept: 0,
    expires: '2026-12-02T10:00:00.000Z',
  });
  for (const address of [undefined, '', 'ada@example.org', 'eve@example.com']) {
    const refused = await act(store, { link: signed.token, act: true, address });
    assert.equal(refused.status, 422, String(address));
    assert.deepEqual(refused.body, { code: 'address_mismatch' });
  }
  assert.equal(store.rows.length, 3, 'nothing erased by a refusal');
  const erased = await act(store, { link: signed.token, act: true, address: '  Ada@Example.COM ' });
  assert.equal(erased.status, 200);
  assert.deepEqual(erased.body, { action: 'erase', done: { action: 'erase', at: '2026-11-25T10:00:00.000Z', count: 2 }, kept: 0 });
  const key = await senderKey(LINK_SECRET, 'ada@example.com');
  assert.deepEqual(store.calls.at(-1), {
    method: 'erase',
    args: ['ada@example.com', key, signed.id, '2026-12-02T10:00:00.000Z', '2026-11-25T10:00:00.000Z'],
  });
  assert.deepEqual(
    store.rows.map((row) => row.record.email),
    ['Charles@Example.org '],
  );
  const again = await act(store, { link: signed.token, act: true, address: 'ada@example.com' });
  assert.equal(again.status, 409);
  assert.deepEqual(again.body, { code: 'link_used', done: { action: 'erase', at: '2026-11-25T10:00:00.000Z', count: 2 } });
  const other = await link({ kind: 'erase', subject: 'ada@example.com' }, NOW_S + 60);
  const nothing = await act(store, { link: other.token });
  assert.equal(nothing.status, 410);
  assert.deepEqual(nothing.body, { code: 'nothing_stored', erased: '2026-11-25T10:00:00.000Z' });
  // A release link of an erased row says it was erased, and when.
  const release = await link({ kind: 'release', subject: ROW });
  const gone = await act(store, { link: release.token, act: true });
  assert.equal(gone.status, 410);
  assert.deepEqual(gone.body, { code: 'row_gone', erased: '2026-11-25T10:00:00.000Z' });
});

Deno.test('an erase link erases only what its message could have shown: a row stored after it is kept, and said', async () => {
  // The link's message was written at NOW (it expires a link lifetime later); one row came 2 s after it.
  const store = stored();
  const later = heldContact('5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a03', { created_at: '2026-11-25T10:00:02+00:00' });
  later.held = false;
  // Stored within the second the message was written: the message could have shown it.
  const sameSecond = heldContact('5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a04', { created_at: '2026-11-25T10:00:00.900+00:00' });
  store.rows.push(later, sameSecond);
  const signed = await link({ kind: 'erase', subject: 'ada@example.com' });
  const described = await act(store, { link: signed.token });
  assert.deepEqual([described.status, described.body.total, described.body.kept], [200, 2, 1]);
  assert.deepEqual(described.body.rows, [
    { form: 'Contact request', received: '2026-11-25T10:00:00.900Z', held: true },
    { form: 'Contact request', received: '2026-11-25T09:41:07.000Z', held: true },
  ]);
  const erased = await act(store, { link: signed.token, act: true, address: 'ada@example.com' });
  assert.deepEqual(erased.body, { action: 'erase', done: { action: 'erase', at: '2026-11-25T10:00:00.000Z', count: 2 }, kept: 1 });
  assert.deepEqual(
    store.rows.map((row) => row.record.id),
    [OTHER, later.record.id],
  );
});

Deno.test('an erase link that finds nothing to erase is used all the same, and says what it kept', async () => {
  const store = memoryStore([heldContact(ROW, { created_at: '2026-11-25T10:05:00+00:00' })], () => new Date(NOW).toISOString());
  const signed = await link({ kind: 'erase', subject: 'ada@example.com' });
  const described = await act(store, { link: signed.token });
  assert.deepEqual([described.status, described.body], [410, { code: 'nothing_stored', kept: 1 }]);
  // Pressed anyway (the row it had shown was erased by another link meanwhile): nothing erased, and the link is spent.
  const pressed = await act(store, { link: signed.token, act: true, address: 'ada@example.com' });
  assert.deepEqual([pressed.status, pressed.body], [410, { code: 'nothing_stored', kept: 1 }]);
  const again = await act(store, { link: signed.token, act: true, address: 'ada@example.com' });
  assert.deepEqual(
    [again.status, again.body],
    [409, { code: 'link_used', done: { action: 'erase', at: '2026-11-25T10:00:00.000Z', count: 0 } }],
  );
  assert.equal(store.rows.length, 1);
});

Deno.test('after a rotation, links signed with the previous secret work until they expire; no other secret does', async () => {
  const OLD = 'the-secret-before-the-rotation-0123456789';
  const rotated = settings(undefined, { NOTIFY_LINK_SECRET: LINK_SECRET, NOTIFY_LINK_SECRET_PREVIOUS: OLD });
  const store = stored();
  const before = await link({ kind: 'release', subject: ROW }, NOW_S + 3600, OLD);
  const described = await act(store, { link: before.token }, { config: rotated });
  assert.equal(described.status, 200, JSON.stringify(described.body));
  assert.ok(logs.some((line) => line.includes('accepted a release link signed with NOTIFY_LINK_SECRET_PREVIOUS')));
  // Without PREVIOUS (removed 7 days after the rotation), or signed with any other key: refused.
  assert.deepEqual((await act(store, { link: before.token })).body, { code: 'link_invalid' });
  const foreign = await link({ kind: 'release', subject: ROW }, NOW_S + 3600, 'another-secret-of-at-least-32-characters');
  assert.deepEqual((await act(store, { link: foreign.token }, { config: rotated })).body, { code: 'link_invalid' });
  const expired = await link({ kind: 'release', subject: ROW }, NOW_S - 1, OLD);
  assert.equal((await act(store, { link: expired.token }, { config: rotated })).body.code, 'link_expired');
  assert.equal(settings(undefined, { NOTIFY_LINK_SECRET_PREVIOUS: 'short' }).previousLinkSecret, undefined);
  // New links are signed with the new secret only.
  const listed = await act(store, { link: (await link({ kind: 'list', subject: '42' }, NOW_S + 3600, OLD)).token }, { config: rotated });
  const rowLink = (listed.body.rows as Record<string, string>[])[0].release;
  assert.ok((await verifyLink(LINK_SECRET, rowLink, NOW_S)).ok);
  assert.ok(!(await verifyLink(OLD, rowLink, NOW_S)).ok);
});

Deno.test('a body past 4 KB is refused (413) without reading the rest of it', async () => {
  let pulled = 0;
  const chunk = new TextEncoder().encode('x'.repeat(1024));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled++ === 1024) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const handler = createHandler(
    settings(),
    () => {},
    undefined,
    stored(),
    () => NOW,
  );
  const response = await handler(
    new Request('http://localhost/notify-submission/actions', {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body,
    }),
  );
  assert.deepEqual([response.status, await response.json()], [413, { code: 'too_large' }]);
  assert.ok(pulled <= 8, `${pulled} KB of a 1 MB body pulled`);
});

Deno.test('a row that is not held, or no longer exists, is not released: 409 and 410', async () => {
  const store = stored();
  store.rows[0].held = false;
  const notHeld = await act(store, { link: (await link({ kind: 'release', subject: ROW })).token, act: true });
  assert.deepEqual([notHeld.status, notHeld.body], [409, { code: 'not_held' }]);
  const missing = await act(store, { link: (await link({ kind: 'release', subject: '00000000-0000-4000-8000-000000000000' })).token });
  assert.deepEqual([missing.status, missing.body], [410, { code: 'row_gone' }]);
});

Deno.test('the list link pages through a digest’s held rows, each with its own links that expire with the list', async () => {
  const rows = Array.from({ length: PAGE_SIZE + 10 }, (_, i) =>
    heldContact(`5b0f1c1e-1d7e-4c53-9a51-${String(i).padStart(12, '0')}`, { email: `sender${i}@example.com` }),
  );
  rows.forEach((row, i) => (row.record.created_at = new Date(Date.parse('2026-11-25T09:00:00Z') + i * 1000).toISOString()));
  const store = memoryStore(rows);
  const list = await link({ kind: 'list', subject: '42' }, NOW_S + 3 * 86400);
  const first = await act(store, { link: list.token });
  assert.equal(first.status, 200);
  assert.equal(first.body.total, PAGE_SIZE + 10);
  const listed = first.body.rows as Record<string, string>[];
  assert.equal(listed.length, PAGE_SIZE);
  assert.equal(listed[0].email, `sender${PAGE_SIZE + 9}@example.com`, 'newest first');
  assert.deepEqual(Object.keys(listed[0]).sort(), ['email', 'erase', 'excerpt', 'form', 'id', 'name', 'received', 'release']);
  const release = await verifyLink(LINK_SECRET, listed[0].release, NOW_S);
  const erase = await verifyLink(LINK_SECRET, listed[0].erase, NOW_S);
  assert.ok(release.ok && erase.ok);
  assert.deepEqual([release.link.kind, release.link.subject, release.link.expires], ['release', listed[0].id, NOW_S + 3 * 86400]);
  assert.deepEqual([erase.link.kind, erase.link.subject], ['erase', `sender${PAGE_SIZE + 9}@example.com`]);
  const second = await act(store, { link: list.token, skip: PAGE_SIZE });
  assert.equal((second.body.rows as unknown[]).length, 10);
  assert.deepEqual((await act(store, { link: list.token, act: true })).body, { code: 'bad_request' });
  const unknown = await act(store, { link: (await link({ kind: 'list', subject: '7' })).token });
  assert.deepEqual([unknown.status, unknown.body], [410, { code: 'digest_gone' }]);
});

Deno.test('bad requests are refused before the database is asked, each with a reason code and nothing else', async () => {
  const store = stored();
  const good = (await link({ kind: 'release', subject: ROW })).token;
  const expired = (await link({ kind: 'release', subject: ROW }, NOW_S - 60)).token;
  const cases: [unknown, { type?: string }, number, Record<string, unknown>][] = [
    [{ link: good }, { type: 'text/plain' }, 415, { code: 'wrong_type' }],
    ['{"link":', {}, 400, { code: 'not_json' }],
    [[good], {}, 400, { code: 'bad_request' }],
    [{ link: good, act: 'yes' }, {}, 400, { code: 'bad_request' }],
    [{ link: good, skip: -1 }, {}, 400, { code: 'bad_request' }],
    [{ link: `${good}x` }, {}, 400, { code: 'link_malformed' }],
    [{}, {}, 400, { code: 'link_malformed' }],
    [{ link: good.replace(ROW, OTHER) }, {}, 403, { code: 'link_invalid' }],
    [{ link: expired }, {}, 410, { code: 'link_expired', expired: '2026-11-25T09:59:00.000Z' }],
    [{ link: good, padding: 'x'.repeat(5000) }, {}, 413, { code: 'too_large' }],
  ];
  for (const [body, init, status, answer] of cases) {
    const result = await act(store, body, init);
    assert.deepEqual([result.status, result.body], [status, answer], JSON.stringify(body).slice(0, 80));
  }
  assert.deepEqual(store.calls, []);
});

Deno.test(
  'without its secret, its site or the database, the endpoint says it is not configured; a database failure is 503 with no detail',
  async () => {
    const store = stored();
    const { token } = await link({ kind: 'release', subject: ROW });
    for (const overrides of [{ NOTIFY_LINK_SECRET: undefined }, { NOTIFY_LINK_SECRET: 'too-short' }]) {
      const result = await act(store, { link: token }, { config: settings(undefined, overrides), origin: SITE });
      // Without a site there is no origin to allow; with one but no secret: not configured.
      assert.deepEqual([result.status, result.body], [503, { code: 'not_configured' }]);
    }
    const noSite = await act(store, { link: token }, { config: settings(undefined, { NOTIFY_SITE_URL: 'http://corvana.example' }) });
    assert.deepEqual([noSite.status, noSite.body], [403, { code: 'origin_refused' }]);
    store.failing = true;
    const failing = await act(store, { link: token, act: true });
    assert.deepEqual([failing.status, failing.body], [503, { code: 'unavailable' }]);
    assert.ok(logs.some((line) => line.includes('release link') && line.includes('nothing done')));
  },
);

Deno.test('the store calls the five database functions as the service role, with exactly their arguments', () =>
  (async () => {
    const stub = startStub();
    try {
      const store = restActionsStore({ url: stub.url(''), serviceKey: 'service-role-key' }, 1000);
      const held = { table: 'contact_submissions', record: heldContact(ROW).record };
      stub.reply('/rest/v1/rpc/team_describe_row', { state: 'held', row: { ...held, record: { ...held.record, secret_column: 'x' } } });
      stub.reply('/rest/v1/rpc/team_release', { outcome: 'released', at: '2026-11-25T10:00:00+00:00' });
      stub.reply('/rest/v1/rpc/team_describe_sender', { total: 3, rows: [{ ...held, held: true }], kept: 1, erased_at: null });
      stub.reply('/rest/v1/rpc/team_erase', { outcome: 'link_used', used: { action: 'erase', at: '2026-11-25T09:00:00+00:00', count: 3 } });
      stub.reply('/rest/v1/rpc/team_held_rows', { total: 1, rows: [held] });
      const described = await store.describeRow(ROW, 'link-id');
      assert.equal(described.state, 'held');
      assert.ok(described.state === 'held' && !('secret_column' in described.row.record), 'only the form and source columns are kept');
      assert.deepEqual(await store.release(ROW, 'link-id', '2026-12-02T10:00:00.000Z'), {
        outcome: 'released',
        at: '2026-11-25T10:00:00+00:00',
      });
      const sender = await store.describeSender('ada@example.com', 'key', 'link-id', '2026-11-25T10:00:00.000Z');
      assert.deepEqual(
        [sender.total, sender.rows.map((r) => [r.row.record.id, r.held]), sender.kept, sender.erasedAt],
        [3, [[ROW, true]], 1, null],
      );
      assert.deepEqual(await store.erase('ada@example.com', 'key', 'link-id', '2026-12-02T10:00:00.000Z', '2026-11-25T10:00:00.000Z'), {
        outcome: 'link_used',
        used: { action: 'erase', at: '2026-11-25T09:00:00+00:00', count: 3 },
      });
      assert.equal((await store.heldRows(42, 0, 50))?.total, 1);
      assert.deepEqual(
        stub.received().map((r) => [r.path, r.body, r.headers.get('apikey'), r.headers.get('authorization')]),
        [
          ['/rest/v1/rpc/team_describe_row', { row_id: ROW, link_id: 'link-id' }, 'service-role-key', 'Bearer service-role-key'],
          [
            '/rest/v1/rpc/team_release',
            { row_id: ROW, link_id: 'link-id', link_expires_at: '2026-12-02T10:00:00.000Z' },
            'service-role-key',
            'Bearer service-role-key',
          ],
          [
            '/rest/v1/rpc/team_describe_sender',
            { email: 'ada@example.com', sender_key: 'key', link_id: 'link-id', message_at: '2026-11-25T10:00:00.000Z' },
            'service-role-key',
            'Bearer service-role-key',
          ],
          [
            '/rest/v1/rpc/team_erase',
            {
              email: 'ada@example.com',
              sender_key: 'key',
              link_id: 'link-id',
              link_expires_at: '2026-12-02T10:00:00.000Z',
              message_at: '2026-11-25T10:00:00.000Z',
            },
            'service-role-key',
            'Bearer service-role-key',
          ],
          ['/rest/v1/rpc/team_held_rows', { digest_id: 42, skip: 0, take: 50 }, 'service-role-key', 'Bearer service-role-key'],
        ],
      );
      stub.plan('/rest/v1/rpc/team_release', 500);
      await assert.rejects(store.release(ROW, 'link-id', 'x'), /team_release answered HTTP 500/);
    } finally {
      await stub.close();
    }
  })(),
);

// ---------------------------------------------------------------------------
// The links in the messages
// ---------------------------------------------------------------------------

type EmailBody = { subject: string; text: string; html: string };

async function post(config: Config, body: unknown) {
  const handler = createHandler(
    config,
    (line) => logs.push(line),
    undefined,
    undefined,
    () => NOW,
  );
  const response = await handler(
    new Request('http://localhost/notify-submission', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: 'test-webhook-secret' },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: await response.json() };
}

async function withStub(test: (stub: Stub) => Promise<void>) {
  const stub = startStub();
  try {
    await test(stub);
  } finally {
    await stub.close();
  }
}

/** The links of a text, read back: what each would do. */
function linksIn(text: string) {
  const tokens = [...text.matchAll(/https:\/\/corvana\.example\/team-action#link=([A-Za-z0-9_.:-]+)/g)].map((m) => m[1]);
  return Promise.all(
    tokens.map(async (token) => {
      const read = await verifyLink(LINK_SECRET, token, NOW_S);
      assert.ok(read.ok, token);
      return `${read.link.kind} ${read.link.subject} +${read.link.expires - NOW_S}s`;
    }),
  );
}

const heldRow = (i: number, fields: Record<string, unknown> = {}) => ({
  table: i % 2 ? 'job_applications' : 'contact_submissions',
  record:
    i % 2
      ? {
          id: `5b0f1c1e-1d7e-4c53-9a51-${String(i).padStart(12, '0')}`,
          created_at: '2026-11-25T09:45:00Z',
          full_name: `Applicant ${i}`,
          email: `applicant${i}@example.com`,
          expertise: 'Cybersecurity',
          experience: '5 years',
          portfolio_url: null,
          cover_letter: 'I would like to join.',
          ...fields,
        }
      : {
          id: `5b0f1c1e-1d7e-4c53-9a51-${String(i).padStart(12, '0')}`,
          created_at: '2026-11-25T09:44:00Z',
          first_name: 'Sender',
          last_name: String(i),
          email: `sender${i}@example.com`,
          company: null,
          message: `[DEMO REQUEST] Message number ${i}, which goes on and on ${'and on '.repeat(40)}`,
          status: 'new',
          ...fields,
        },
});

const digestWith = (rows: unknown[], total: number) => ({
  type: 'SUMMARY',
  schema: 'public',
  summary: {
    digest_id: 42,
    first_at: '2026-11-25T09:40:02+00:00',
    last_at: '2026-11-25T09:49:58+00:00',
    notified: 10,
    unannounced: 940,
    held: total,
    senders: 990,
    held_senders: total,
    review: 'private.form_inbox',
    held_rows: rows,
    held_total: total,
  },
  delivery: { key: 'digest:42', attempt: 1 },
});

Deno.test('a digest lists its first held rows, each with Release and Erase sender, then the link to all of them', () =>
  withStub(async (stub) => {
    const rows = Array.from({ length: 50 }, (_, i) => heldRow(i));
    assert.equal((await post(settings(stub), digestWith(rows, 930))).status, 200);
    const email = stub.received('/email')[0].body as EmailBody;
    const chat = (stub.received('/chat')[0].body as { text: string }).text;
    assert.ok(email.text.includes('Held for review, newest first: 50 of 930:'), email.text);
    assert.ok(
      email.text.includes(
        '- Demo or sales request · Sender 0 <sender0@example.com> · 2026-11-25 09:44 UTC · "Message number 0, which goes on',
      ),
    );
    assert.ok(
      email.text.includes('- Careers application · Applicant 1 <applicant1@example.com> · 2026-11-25 09:45 UTC · "I would like to join."'),
    );
    assert.ok(email.text.includes('and 880 more in the list'));
    const week = `+${7 * 86400}s`;
    for (const text of [email.text, email.html, chat]) {
      const links = await linksIn(text);
      assert.equal(links.length, 101, 'two per row and the list');
      assert.deepEqual(links.slice(0, 2), [`release ${rows[0].record.id} ${week}`, `erase sender0@example.com ${week}`]);
      assert.equal(links.at(-1), `list 42 ${week}`);
      assert.ok(!text.includes('release_held_submissions'), 'no SQL when the links are there');
    }
    assert.match(
      email.html,
      /<a href="https:\/\/corvana\.example\/team-action#link=r\.[^"]+" style="[^"]*padding:8px 14px[^"]*">Release<\/a>/,
    );
    assert.match(
      chat,
      /• Demo or sales request · Sender 0 &lt;sender0@example\.com&gt; · .* {2}<https:\/\/corvana\.example\/team-action#link=r\.[^|>]+\|Release> · <https:[^|>]+\|Erase sender>/,
    );
    // A long address or message breaks anywhere, so a held row never widens the message past a phone's screen.
    const items = email.html.match(/<li style="[^"]*"/g) ?? [];
    assert.equal(items.length, 50);
    for (const item of items) assert.ok(item.includes('overflow-wrap:anywhere') && item.includes('word-break:break-word'), item);
    // Chat stays within what Slack shows of one message (40,000 characters).
    assert.ok(chat.length < 40_000, `${chat.length} characters`);
  }),
);

Deno.test('a held row’s line is escaped like every visitor text, and a digest with more than 50 rows is refused', () =>
  withStub(async (stub) => {
    const hostile = heldRow(0, { first_name: '<!channel> <img src=x>', message: '@here <https://evil.example|click>\u202E' });
    assert.equal((await post(settings(stub), digestWith([hostile], 1))).status, 200);
    const email = stub.received('/email')[0].body as EmailBody;
    const chat = (stub.received('/chat')[0].body as { text: string }).text;
    assert.ok(!email.html.includes('<img') && email.html.includes('&lt;!channel&gt; &lt;img src=x&gt;'));
    assert.ok(!chat.includes('<!channel>') && !chat.includes('<https://evil.example|') && chat.includes('@\u200Bhere'));
    assert.ok(!email.text.includes('\u202E'));
    assert.ok(!email.text.includes('more in the list'), 'all of them shown: no rest');
    const tooMany = await post(
      settings(stub),
      digestWith(
        Array.from({ length: 51 }, (_, i) => heldRow(i)),
        51,
      ),
    );
    assert.equal(tooMany.status, 400);
    assert.match(String(tooMany.body.error), /summary\.held_rows must be a list of at most 50 rows/);
  }),
);

Deno.test('a digest of 50 held rows, each as long as the database lets it be, is taken and sent', () =>
  withStub(async (stub) => {
    const longest = (i: number) =>
      heldRow(i * 2, {
        first_name: 'ä'.repeat(100),
        last_name: 'ö'.repeat(100),
        email: `${'x'.repeat(238)}${String(i).padStart(2, '0')}@example.com`,
        company: 'ü'.repeat(200),
        message: `[DEMO REQUEST] ${'m'.repeat(185)}`,
        sent_from: `/${'p'.repeat(299)}`,
        landing_page: `/${'l'.repeat(299)}`,
        referrer_origin: `https://${'r'.repeat(280)}.example`,
        utm_source: 's'.repeat(100),
        utm_medium: 'm'.repeat(100),
        utm_campaign: '🚀'.repeat(100),
      });
    const body = digestWith(
      Array.from({ length: 50 }, (_, i) => longest(i)),
      930,
    );
    const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
    assert.ok(bytes > 64 * 1024, `${bytes} bytes: more than the earlier 64 KB limit`);
    const result = await post(settings(stub), body);
    assert.equal(result.status, 200, JSON.stringify(result.body));
  }),
);

Deno.test('a held alert carries the held rows it knows of with their actions', () =>
  withStub(async (stub) => {
    const alert = {
      type: 'ALERT',
      schema: 'public',
      alert: {
        kind: 'held',
        at: '2026-11-25T09:41:07+00:00',
        window_started_at: '2026-11-25T09:40:00+00:00',
        window_ends_at: '2026-11-25T09:50:00+00:00',
        review: 'private.form_inbox',
        held_rows: [heldRow(0)],
        held_total: 1,
      },
      delivery: { key: 'alert:held:1', attempt: 1 },
    };
    assert.equal((await post(settings(stub), alert)).status, 200);
    const email = stub.received('/email')[0].body as EmailBody;
    assert.deepEqual(await linksIn(email.text), [`release ${heldRow(0).record.id} +604800s`, `erase sender0@example.com +604800s`]);
    assert.ok(!email.text.includes('select * from'), email.text);
  }),
);

const lead = (record: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type: 'INSERT',
  table: 'contact_submissions',
  schema: 'public',
  record: {
    id: ROW,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'Ada@Example.com',
    company: null,
    message: 'We would like to talk about a project.',
    status: 'new',
    created_at: '2026-11-25T09:41:07+00:00',
    ...record,
  },
  old_record: null,
  ...extra,
});

Deno.test('a lead says where it came from, and carries Erase sender', () =>
  withStub(async (stub) => {
    const source = {
      sent_from: '/contact',
      landing_page: '/blog/launch',
      referrer_origin: 'https://www.linkedin.com',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-launch',
    };
    assert.equal((await post(settings(stub), lead(source))).status, 200);
    const email = stub.received('/email')[0].body as EmailBody;
    const chat = (stub.received('/chat')[0].body as { text: string }).text;
    for (const line of [
      'Sent from: /contact',
      'Landed on: /blog/launch',
      'Referred by: https://www.linkedin.com',
      'Campaign (source / medium / name): newsletter / email / spring-launch',
    ])
      assert.ok(email.text.includes(line), line);
    assert.ok(chat.includes('*Referred by:* https://www.linkedin.com'));
    assert.deepEqual(await linksIn(email.text), ['erase Ada@Example.com +604800s']);
    assert.ok(email.text.includes('Erase sender: https://corvana.example/team-action#link=e.'));
    // A row without any: one line says so; a campaign with parts missing shows dashes.
    await post(settings(stub), lead({ id: OTHER }));
    assert.ok((stub.received('/email')[1].body as EmailBody).text.includes("Came from: not recorded (sent without the website's script)"));
    await post(settings(stub), lead({ id: '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a09', utm_campaign: 'winter' }));
    assert.ok((stub.received('/email')[2].body as EmailBody).text.includes('Campaign (source / medium / name): – / – / winter'));
  }),
);

Deno.test('a released row comes as a lead of its own, saying it was held and released', () =>
  withStub(async (stub) => {
    const released = lead(
      {},
      { released: { at: '2026-11-25T10:04:00+00:00', digest_id: 42 }, delivery: { key: `row:contact_submissions:${ROW}`, attempt: 1 } },
    );
    assert.equal((await post(settings(stub), released)).status, 200);
    const email = stub.received('/email')[0].body as EmailBody;
    assert.equal(email.subject, 'New contact request (released from review): Ada Lovelace');
    assert.ok(
      email.text.includes(
        'Held for review while the forms received more than their limits (counted in digest 42), and released by the team 2026-11-25 10:04 UTC: a lead of its own.',
      ),
    );
    const bad = await post(settings(stub), lead({}, { released: { at: 'soon' } }));
    assert.deepEqual([bad.status, bad.body.error], [400, 'released.at must be a timestamp']);
  }),
);

Deno.test('without the link secret or the site, messages carry no links but the SQL that does the same, and the log says why', () =>
  withStub(async (stub) => {
    const config = settings(stub, { NOTIFY_LINK_SECRET: undefined, NOTIFY_SITE_URL: 'ftp://corvana.example' });
    assert.deepEqual(config.linksOff, ['NOTIFY_LINK_SECRET is not set', 'NOTIFY_SITE_URL is not an https URL']);
    assert.equal((await post(config, digestWith([heldRow(0)], 1))).status, 200);
    assert.equal((await post(config, lead())).status, 200);
    const [digest, leadMail] = stub.received('/email').map((r) => r.body as EmailBody);
    assert.ok(!digest.text.includes('team-action') && !leadMail.text.includes('team-action'));
    assert.ok(digest.text.includes('- Demo or sales request · Sender 0'), 'the rows are still listed');
    assert.ok(digest.text.includes('release real ones with "select public.release_held_submissions(array[\'<id>\']::uuid[])"'));
    assert.ok(leadMail.text.includes(`Erase this sender with "select public.erase_submitter('Ada@Example.com')"`));
    assert.ok(logs.some((line) => line.includes('messages carry no action links: NOTIFY_LINK_SECRET is not set')));
    assert.deepEqual(settings(stub, { NOTIFY_LINK_SECRET: 'short' }).linksOff, ['NOTIFY_LINK_SECRET is shorter than 32 characters']);
  }),
);

Deno.test('logs of the actions and the links never name an address or a name', () => {
  assert.ok(logs.length > 5);
  for (const line of logs) assert.ok(!/@|Lovelace|Babbage/.test(line), line);
});
