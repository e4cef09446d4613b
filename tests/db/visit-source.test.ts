/**
 * Where a lead came from: the source columns of both form tables (supabase/schemas/
 * 10_form_tables.sql, 11_form_text_rules.sql) take what the forms send (src/lib/forms/visit-source.ts)
 * and refuse what a client forging its request could send instead: a 5 KB campaign, a javascript:
 * referrer, control characters, a referrer with its path and query, a path with a query. The
 * browser's rule and the database's are run on the same samples: a value the page would send is
 * one the database takes, so a lead is never lost to it.
 */
import { describe, expect, it } from 'vitest';
import { acceptable, SOURCE_COLUMNS } from '../../src/lib/forms/visit-source';
import type { TableName } from '../../src/lib/forms/definition';
import { sampleRow } from '../support/supabase/postgrest';
import { API_ROLES, databaseSuite } from './database';

const suite = databaseSuite({ resetLimits: true });
const TABLES: TableName[] = ['contact_submissions', 'job_applications'];
let counter = 0;
const send = (table: TableName, source: Record<string, string>, role: (typeof API_ROLES)[number] = 'anon') =>
  suite.insertAs(role, table, { ...sampleRow(table, `v${++counter}@example.com`), ...source });

const FULL = {
  sent_from: '/contact',
  landing_page: '/blog/launch-2026',
  referrer_origin: 'https://www.linkedin.com',
  utm_source: 'newsletter',
  utm_medium: 'e-mail',
  utm_campaign: 'Rückkehr 🚀',
};

/** Samples per rule: what the page would send and what a forged request could. */
const SAMPLES: Record<'path' | 'origin' | 'text', string[]> = {
  path: [
    '/',
    '/a/b-c_d.e~f',
    "/x'y",
    '/%E2%9C%93',
    '/a b',
    '/a?b=c',
    '/a#b',
    'a/b',
    '',
    '/<script>',
    '/\u0001',
    `/${'a'.repeat(299)}`,
    `/${'a'.repeat(300)}`,
  ],
  origin: [
    'https://www.google.com',
    'http://localhost:4321',
    'https://xn--bcher-kva.example',
    'https://[2001:db8::1]:8443',
    'https://news.example/path?q=1',
    'https://news.example/',
    'HTTPS://NEWS.EXAMPLE',
    'javascript:alert(1)',
    'ftp://files.example',
    'https://bücher.example',
    'null',
    '',
  ],
  text: [
    'newsletter',
    'Rückkehr 🚀',
    'javascript:alert(1)',
    'a\u0007b',
    '\u200b',
    ' ',
    'a\u202Eb',
    'x'.repeat(100),
    'x'.repeat(101),
    'x'.repeat(5000),
  ],
};

describe.each(API_ROLES)('as %s', (role) => {
  it.each(TABLES)('%s stores every source column as sent', async (table) => {
    const row = { ...sampleRow(table, `full${++counter}@example.com`), ...FULL };
    expect(await suite.insertAs(role, table, row)).toMatchObject({ ok: true });
    const { rows } = await suite.db.query(`select ${Object.keys(FULL).join(', ')} from public.${table} where id = $1`, [row.id]);
    expect(rows).toEqual([FULL]);
  });
});

describe('each source column', () => {
  for (const column of SOURCE_COLUMNS) {
    it(`${column.column}: the database takes exactly what the page would send (${column.rule}, at most ${column.maxLength})`, async () => {
      for (const table of TABLES) {
        for (const value of SAMPLES[column.rule]) {
          const page = acceptable(column, value) !== undefined;
          const result = await send(table, { [column.column]: value });
          expect({ value, stored: result.ok }, `${table}.${column.column}`).toEqual({ value, stored: page });
          if (!result.ok) expect(result.code).toBe('23514');
        }
      }
    });
  }

  it('refuses what a forged request sends, whatever the form: 5 KB campaign, javascript: referrer, control characters, a path and query', async () => {
    const forgeries: Record<string, string>[] = [
      { utm_campaign: 'x'.repeat(5000) },
      { referrer_origin: 'javascript:alert(1)' },
      { utm_source: 'bot\u0000' },
      { utm_medium: 'a\u001bb' },
      { referrer_origin: 'https://news.example/story?id=42&email=ada@example.com' },
      { landing_page: '/blog?utm_source=x' },
      { sent_from: 'https://corvana.example/contact' },
    ];
    for (const forged of forgeries) {
      for (const table of TABLES) {
        const result = await send(table, forged);
        expect(result.ok, `${table} ${JSON.stringify(forged).slice(0, 80)}`).toBe(false);
      }
    }
  });

  it('is optional: a row without any is stored, as from a visitor without JavaScript', async () => {
    for (const table of TABLES) expect(await send(table, {})).toMatchObject({ ok: true });
  });
});
