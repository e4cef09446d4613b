/**
 * The project's migrations on PGlite, prepared like a Supabase project
 * (tests/db/database.ts). As `anon` and as `authenticated`, the way PostgREST
 * runs a supabase-js insert:
 * every row the four forms build is stored; each form's fields, one by one, left
 * empty: the row is refused exactly when the definition requires the field (what
 * the served form requires, tests/build/forms.test.ts), so a field made optional
 * in a definition only, or required in it only, fails here; reading, changing and
 * deleting are refused; bad input is refused by the database itself; RLS is on;
 * and the Security-Advisor-equivalent checks find nothing.
 */
import { describe, it, expect } from 'vitest';
import { newRowId, toRow, type FieldDefinition, type FormDefinition, type TableName, type Values } from '../../src/lib/forms/definition';
import { contactForm } from '../../src/lib/forms/contact';
import { demoForm } from '../../src/lib/forms/demo';
import { careersForm } from '../../src/lib/forms/careers';
import { productTeamForm } from '../../src/lib/forms/product-team';
import { SOURCE_COLUMNS } from '../../src/lib/forms/visit-source';
import { securityFindings, LINT_NAMES } from './advisor';
import { API_ROLES as ROLES, databaseSuite, type ApiRole, type Row } from './database';

type Table = TableName;
const FORMS: FormDefinition[] = [contactForm, demoForm, careersForm, productTeamForm];

// These tests send the same addresses many times; the write limits have their own tests (throttle.test.ts).
const suite = databaseSuite({ resetLimits: true });

const as = (role: ApiRole, sql: string, params: unknown[] = []) => suite.runAs(role, sql, params);
const insert = (role: ApiRole, table: Table, row: object) => suite.insertAs(role, table, row);

async function stored(table: Table, id: string): Promise<Row | undefined> {
  const { rows } = await suite.db.query<Row>(`select * from public.${table} where id = $1`, [id]);
  return rows[0];
}

const contactState = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: '',
  message: 'Hello, we would like to talk.',
};
const careersState = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  expertise: 'Cybersecurity',
  experience: '10+ years',
  portfolio: '',
  coverLetter: 'I would like to join.',
};
const productState = {
  name: 'Alan Turing',
  email: 'alan@example.org',
  product: 'Newsbox',
  domain: 'Data Science & Analytics',
  experience: '5 years',
  portfolio: 'https://example.org/alan',
  coverLetter: 'Newsbox matters to me.',
};

/** A valid state of each form, every field filled (the optional ones too), by the form's one name. */
const filled: Record<FormDefinition['id'], Values<string>> = {
  contact: { ...contactState, company: 'Analytical Engines' },
  demo: { ...contactState, company: 'Analytical Engines', requestType: 'demo' },
  careers: { ...careersState, portfolio: 'https://grace.example.com' },
  'product-team': productState,
};

const contactRow = (values: Values<(typeof contactForm.fields)[number]['name']>, id: string) => toRow(contactForm, values, id);
const careersRow = (values: Values<(typeof careersForm.fields)[number]['name']>, id: string) => toRow(careersForm, values, id);

/** The rows of the four forms, built by the same definitions the islands use. */
const payloads = (): { name: string; table: Table; row: Row }[] => [
  { name: 'contact, no company', table: 'contact_submissions', row: contactRow(contactState, newRowId()) },
  {
    name: 'contact, with company',
    table: 'contact_submissions',
    row: contactRow({ ...contactState, company: 'Analytical Engines' }, newRowId()),
  },
  { name: 'demo request (demo)', table: 'contact_submissions', row: toRow(demoForm, { ...contactState, requestType: 'demo' }, newRowId()) },
  {
    name: 'demo request (contact, empty message)',
    table: 'contact_submissions',
    row: toRow(demoForm, { ...contactState, message: '', requestType: 'contact' }, newRowId()),
  },
  { name: 'careers, no portfolio', table: 'job_applications', row: careersRow(careersState, newRowId()) },
  {
    name: 'careers, with portfolio',
    table: 'job_applications',
    row: careersRow({ ...careersState, portfolio: 'https://grace.example.com' }, newRowId()),
  },
  { name: 'product team', table: 'job_applications', row: toRow(productTeamForm, productState, newRowId()) },
];

/** A value of exactly `length` characters that is otherwise valid for the field. */
function valueOf(field: Pick<FieldDefinition, 'input'>, length: number): string {
  if (field.input === 'email') return `${'a'.repeat(length - '@example.com'.length)}@example.com`;
  if (field.input === 'url') return `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;
  return 'x'.repeat(length);
}

/** Every field at its `maxLength` (a field without one gets a short value; radio groups keep their first value). */
function longest(form: FormDefinition): Values<string> {
  return Object.fromEntries(form.fields.map((f) => [f.name, f.values?.[0] ?? valueOf(f, f.maxLength ?? 20)]));
}

/** The columns a field maps to directly, with the field's bound: the CHECK must allow exactly that. */
const bounded = [
  ...new Map(
    FORMS.flatMap((form) =>
      form.fields
        .filter((f) => f.column && f.maxLength)
        .map((f) => [`${form.table}.${f.column}`, [form.table, f.column!, f.maxLength!, f] as const]),
    ),
  ).values(),
];

describe.each(ROLES)('as %s', (role) => {
  it.each(payloads().map((p) => [p.name, p] as const))('stores the %s payload exactly as sent', async (_name, { table, row }) => {
    const result = await insert(role, table, row);
    expect(result).toEqual({ ok: true, rows: [{ count: 1 }] });
    const saved = await stored(table, row.id as string);
    expect(saved).toMatchObject(row);
    expect(saved?.created_at).toBeInstanceOf(Date);
    if (table === 'contact_submissions') expect(saved?.status).toBe('new');
  });

  it('refuses a second insert with the same id (how a retry is recognised as already stored)', async () => {
    const row = contactRow(contactState, newRowId());
    expect((await insert(role, 'contact_submissions', row)).ok).toBe(true);
    const again = await insert(role, 'contact_submissions', row);
    expect(again).toMatchObject({ ok: false, code: '23505' });
    const { rows } = await suite.db.query(`select count(*)::int as n from public.contact_submissions where id = $1`, [row.id]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it.each([
    ['read contact submissions', 'select * from public.contact_submissions'],
    ['count contact submissions', 'select count(*) from public.contact_submissions'],
    ['read one column', 'select email from public.job_applications'],
    ['read applications', 'select * from public.job_applications'],
    ['change a submission', `update public.contact_submissions set status = 'done'`],
    ['change an application', `update public.job_applications set email = 'x@example.com'`],
    ['delete submissions', 'delete from public.contact_submissions'],
    ['delete applications', 'delete from public.job_applications'],
    ['empty a table', 'truncate public.job_applications'],
  ])('may not %s', async (_what, sql) => {
    expect(await as(role, sql)).toMatchObject({ ok: false, code: '42501' });
  });

  it('may not read back what it inserts (what .select() after .insert() would need)', async () => {
    const row = contactRow(contactState, newRowId());
    const result = await as(
      role,
      `insert into public.contact_submissions (id, first_name, last_name, email, message) values ($1, 'A', 'B', 'a@b.co', 'Hi') returning *`,
      [row.id],
    );
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('may not upsert (ON CONFLICT DO UPDATE needs UPDATE)', async () => {
    const row = contactRow(contactState, newRowId());
    const result = await as(
      role,
      `insert into public.contact_submissions (id, first_name, last_name, email, message) values ($1, 'A', 'B', 'a@b.co', 'Hi') on conflict (id) do update set message = 'x'`,
      [row.id],
    );
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  describe('refuses bad input', () => {
    const contact = () => ({ ...contactRow({ ...contactState, company: 'Acme' }, newRowId()) }) as Row;
    const job = () => ({ ...careersRow({ ...careersState, portfolio: 'https://example.com' }, newRowId()) }) as Row;
    const base = (table: Table) => (table === 'contact_submissions' ? contact() : job());

    it.each(bounded.map(([table, column, max, field]) => [table, column, max, field] as const))(
      "%s.%s: accepts %i characters (the field's maxLength), refuses one more",
      async (table, column, max, field) => {
        expect(await insert(role, table, { ...base(table), [column]: valueOf(field, max) })).toMatchObject({ ok: true });
        expect(await insert(role, table, { ...base(table), [column]: valueOf(field, max + 1) })).toMatchObject({
          ok: false,
          code: '23514',
        });
      },
    );

    // A radio group always holds one of its values: the visitor cannot leave it empty.
    const emptiable = FORMS.flatMap((form) =>
      form.fields.filter((f) => f.input !== 'radio').map((f) => [form.id, f.name, f.required ? 'refuses' : 'accepts', form, f] as const),
    );
    it.each(emptiable)('%s.%s left empty: the database %s the row, as the definition requires', async (_id, name, _what, form, field) => {
      const values = { ...filled[form.id], [name]: '' };
      expect(Object.keys(values).sort(), 'the filled state names every field').toEqual(form.fields.map((f) => f.name).sort());
      const result = await insert(role, form.table, toRow(form, values, newRowId()));
      if (field.required) expect(result, `${form.id}.${name} is required: the database must refuse it empty`).toMatchObject({ ok: false });
      else expect(result, `${form.id}.${name} is optional: the database must store the row without it`).toMatchObject({ ok: true });
    });

    it.each(FORMS.map((form) => [form.id, form] as const))('accepts the %s row with every field filled', async (_id, form) => {
      expect(await insert(role, form.table, toRow(form, filled[form.id], newRowId()))).toMatchObject({ ok: true });
    });

    it.each(FORMS.map((form) => [form.id, form] as const))(
      'accepts the %s row with every field at its maxLength (derived columns included)',
      async (_id, form) => {
        const row = toRow(form, longest(form), newRowId());
        expect(await insert(role, form.table, row)).toMatchObject({ ok: true });
      },
    );

    it("keeps a visitor's status at new whatever its length (only the team sets others)", async () => {
      expect(await insert(role, 'contact_submissions', { ...contact(), status: 'n'.repeat(30) })).toMatchObject({
        ok: false,
        code: '42501',
      });
    });

    it.each([
      'plainaddress',
      'no-at.example.com',
      'a@b',
      'a b@example.com',
      'a@exa mple.com',
      'a@@example.com',
      '@example.com',
      'a@example.',
      ' a@example.com',
      'a@example.com\n',
    ])('a malformed email %j', async (email) => {
      expect(await insert(role, 'contact_submissions', { ...contact(), email })).toMatchObject({ ok: false, code: '23514' });
      expect(await insert(role, 'job_applications', { ...job(), email })).toMatchObject({ ok: false, code: '23514' });
    });

    it.each([
      ['contact_submissions', 'first_name'],
      ['contact_submissions', 'last_name'],
      ['contact_submissions', 'email'],
      ['contact_submissions', 'message'],
      ['job_applications', 'full_name'],
      ['job_applications', 'email'],
      ['job_applications', 'expertise'],
      ['job_applications', 'experience'],
      ['job_applications', 'cover_letter'],
    ] as const)('%s without the required %s', async (table, column) => {
      const row = base(table);
      delete row[column];
      expect(await insert(role, table, row)).toMatchObject({ ok: false, code: '23502' });
      expect(await insert(role, table, { ...base(table), [column]: null })).toMatchObject({ ok: false, code: '23502' });
    });

    it.each([
      ['contact_submissions', 'first_name'],
      ['contact_submissions', 'message'],
      ['contact_submissions', 'company'],
      ['job_applications', 'full_name'],
      ['job_applications', 'cover_letter'],
      ['job_applications', 'experience'],
    ] as const)('%s.%s made only of spaces', async (table, column) => {
      expect(await insert(role, table, { ...base(table), [column]: '   ' })).toMatchObject({ ok: false, code: '23514' });
    });

    it.each(['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/x', 'example.com', 'https://exa mple.com'])(
      'a portfolio link that is not a web link: %j',
      async (portfolio_url) => {
        expect(await insert(role, 'job_applications', { ...job(), portfolio_url })).toMatchObject({ ok: false, code: '23514' });
      },
    );

    it('an unknown column', async () => {
      expect(await insert(role, 'contact_submissions', { ...contact(), phone: '123' })).toMatchObject({ ok: false, code: '42703' });
      expect(await insert(role, 'job_applications', { ...job(), salary: '1' })).toMatchObject({ ok: false, code: '42703' });
    });

    it('a column the forms never send (created_at)', async () => {
      const backdated = { ...contact(), created_at: '2000-01-01T00:00:00Z' };
      expect(await insert(role, 'contact_submissions', backdated)).toMatchObject({ ok: false, code: '42501' });
      expect(await insert(role, 'job_applications', { ...job(), created_at: '2000-01-01T00:00:00Z' })).toMatchObject({
        ok: false,
        code: '42501',
      });
    });

    it('a status other than new', async () => {
      const result = await insert(role, 'contact_submissions', { ...contact(), status: 'approved' });
      expect(result).toMatchObject({ ok: false, code: '42501' });
      if (!result.ok) expect(result.message).toMatch(/row-level security/);
    });

    it('an id that is not a uuid', async () => {
      expect(await insert(role, 'contact_submissions', { ...contact(), id: 'not-a-uuid' })).toMatchObject({ ok: false, code: '22P02' });
    });
  });
});

describe('the tables', () => {
  it('have row-level security enabled', async () => {
    const { rows } = await suite.db.query(
      `select relname, relrowsecurity from pg_class where relname in ('contact_submissions', 'job_applications') order by relname`,
    );
    expect(rows).toEqual([
      { relname: 'contact_submissions', relrowsecurity: true },
      { relname: 'job_applications', relrowsecurity: true },
    ]);
  });

  it('grant anon and authenticated INSERT on exactly the columns the forms send, and nothing else', async () => {
    const { rows } = await suite.db.query<{ grantee: string; table_name: string; privilege_type: string; column_name: string }>(
      `select grantee, table_name, privilege_type, column_name from information_schema.column_privileges
       where table_schema = 'public' and grantee in ('anon', 'authenticated') order by 1, 2, 3, 4`,
    );
    // With every column that says where the lead came from (src/lib/forms/visit-source.ts).
    const source = Object.fromEntries(SOURCE_COLUMNS.map(({ column }) => [column, 'x']));
    const sent = {
      contact_submissions: Object.keys(toRow(demoForm, { ...contactState, requestType: 'demo' }, newRowId(), source)).sort(),
      job_applications: Object.keys(toRow(careersForm, careersState, newRowId(), source)).sort(),
    };
    for (const grantee of ROLES) {
      for (const table of Object.keys(sent) as Table[]) {
        const granted = rows.filter((r) => r.grantee === grantee && r.table_name === table);
        expect(new Set(granted.map((r) => r.privilege_type))).toEqual(new Set(['INSERT']));
        expect(granted.map((r) => r.column_name).sort()).toEqual(sent[table]);
      }
    }
  });

  it.each(ROLES)('give %s no SELECT, UPDATE or DELETE privilege (has_table_privilege)', async (role) => {
    for (const table of ['contact_submissions', 'job_applications']) {
      const { rows } = await suite.db.query(
        `select has_table_privilege($1, $2, 'SELECT') as s, has_table_privilege($1, $2, 'UPDATE') as u,
                has_table_privilege($1, $2, 'DELETE') as d, has_table_privilege($1, $2, 'INSERT') as i`,
        [role, `public.${table}`],
      );
      // Table-level INSERT is false too: only the listed columns are granted.
      expect(rows).toEqual([{ s: false, u: false, d: false, i: false }]);
    }
  });

  it('let only the service role read submissions', async () => {
    const row = contactRow(contactState, newRowId());
    await insert('anon', 'contact_submissions', row);
    const { rows } = await suite.db.transaction(async (tx) => {
      await tx.exec('set local role service_role');
      return tx.query(`select email from public.contact_submissions where id = $1`, [row.id]);
    });
    expect(rows).toEqual([{ email: 'ada@example.com' }]);
  });
});

describe('security advisor equivalent', () => {
  it('finds nothing in the public schema', async () => {
    expect(await securityFindings(suite.db)).toEqual([]);
  });

  it('would catch each problem it looks for (checked on a deliberately bad schema)', async () => {
    const findings = await suite.db.transaction(async (tx) => {
      await tx.exec(`
        create table public.leaky (id int primary key, secret text);                 -- RLS off, default grants give anon SELECT
        create table public.no_key (x int);                                          -- no primary key, RLS off
        alter table public.no_key enable row level security;                         -- RLS on, no policy
        create table public.open_insert (id int primary key);
        alter table public.open_insert enable row level security;
        create policy anyone on public.open_insert for insert to anon with check (true);
        create table public.policy_only (id int primary key);
        create policy p on public.policy_only for select to anon using (true);     -- policy, RLS never enabled
        create function public.definer() returns int language sql security definer as 'select 1';
        create view public.owner_view as select id from public.leaky;
      `);
      const result = await securityFindings(tx);
      await tx.rollback();
      return result;
    });
    const lints = new Set(findings.map((f) => f.lint));
    expect([...lints].sort()).toEqual([...LINT_NAMES].sort());
    expect(findings).toContainEqual({ lint: 'rls_policy_always_true', object: 'open_insert.anyone' });
    expect(findings).toContainEqual({ lint: 'api_role_can_read_or_change', object: 'leaky (anon SELECT)' });
    // The rollback left the real schema clean.
    expect(await securityFindings(suite.db)).toEqual([]);
  });
});

describe('on a bare PostgreSQL (no pg_cron, pg_net or Vault)', () => {
  it('the migrations apply, a row is stored and waits in the outbox, and health names every missing part', async () => {
    const row = toRow(contactForm, contactState, newRowId());
    expect(await insert('anon', 'contact_submissions', row)).toEqual({ ok: true, rows: [{ count: 1 }] });
    const { rows: waiting } = await suite.db.query('select key, attempts from private.notify_outbox where row_id = $1', [row.id]);
    expect(waiting).toEqual([{ key: `row:contact_submissions:${row.id}`, attempts: 0 }]);
    const health = await suite.runAs('service_role', 'select item, ok, detail from public.form_health()');
    expect(health).toMatchObject({ ok: true });
    const report = Object.fromEntries((health as { rows: Row[] }).rows.map((r) => [r.item, r]));
    expect(report.pg_cron).toMatchObject({ ok: false, detail: expect.stringMatching(/^missing: nothing runs the drain/) });
    expect(report.pg_net).toMatchObject({
      ok: false,
      detail: 'missing: messages wait in the outbox (create extension pg_net with schema extensions)',
    });
    expect(report['vault secrets']).toMatchObject({ ok: false, detail: 'missing: Vault is not installed' });
    expect(report.drain).toMatchObject({ ok: false, detail: 'never run' });
    expect(report.storage).toMatchObject({ ok: true });
  });
});
