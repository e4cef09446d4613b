/**
 * Text that is really text (supabase/migrations/*_form_text_rules*.sql): for
 * every column a visitor writes, each invisible-only string and each
 * forbidden character is refused by the database, ordinary text of many
 * scripts is accepted, and the browser pattern of the field that fills the
 * column (src/lib/forms/patterns.ts, applied as the browser applies it) says
 * the same as the database on every sample.
 */
import { describe, it, expect } from 'vitest';
import { newRowId, type TableName } from '../../src/lib/forms/definition';
import { contactForm } from '../../src/lib/forms/contact';
import { careersForm } from '../../src/lib/forms/careers';
import { EMAIL_PATTERN, LONG_TEXT_PATTERN, TEXT_PATTERN, URL_PATTERN, matchesPattern } from '../../src/lib/forms/patterns';
import { databaseSuite } from './database';

const suite = databaseSuite();

type Kind = 'text' | 'long' | 'email' | 'url';
interface Column {
  table: TableName;
  column: string;
  kind: Kind;
}

const COLUMNS: Column[] = [
  { table: 'contact_submissions', column: 'first_name', kind: 'text' },
  { table: 'contact_submissions', column: 'last_name', kind: 'text' },
  { table: 'contact_submissions', column: 'company', kind: 'text' },
  { table: 'contact_submissions', column: 'message', kind: 'long' },
  { table: 'contact_submissions', column: 'email', kind: 'email' },
  { table: 'job_applications', column: 'full_name', kind: 'text' },
  { table: 'job_applications', column: 'expertise', kind: 'text' },
  { table: 'job_applications', column: 'experience', kind: 'text' },
  { table: 'job_applications', column: 'cover_letter', kind: 'long' },
  { table: 'job_applications', column: 'email', kind: 'email' },
  { table: 'job_applications', column: 'portfolio_url', kind: 'url' },
];

const PATTERNS: Record<Kind, string> = { text: TEXT_PATTERN, long: LONG_TEXT_PATTERN, email: EMAIL_PATTERN, url: URL_PATTERN };

/** Whitespace and characters that show nothing, named: the database's locale must not decide about any of them. */
const INVISIBLE = {
  space: ' ',
  tab: '\t',
  newline: '\n',
  'carriage return': '\r',
  'U+00A0 no-break space': '\u00a0',
  'U+00AD soft hyphen': '\u00ad',
  'U+034F combining grapheme joiner': '\u034f',
  'U+061C Arabic letter mark': '\u061c',
  'U+115F Hangul choseong filler': '\u115f',
  'U+1160 Hangul jungseong filler': '\u1160',
  'U+1680 ogham space': '\u1680',
  'U+17B4 Khmer vowel inherent AQ': '\u17b4',
  'U+17B5 Khmer vowel inherent AA': '\u17b5',
  'U+180E Mongolian vowel separator': '\u180e',
  'U+2003 em space': '\u2003',
  'U+2009 thin space': '\u2009',
  'U+200B zero-width space': '\u200b',
  'U+200C zero-width non-joiner': '\u200c',
  'U+200D zero-width joiner': '\u200d',
  'U+200E left-to-right mark': '\u200e',
  'U+200F right-to-left mark': '\u200f',
  'U+2028 line separator': '\u2028',
  'U+2029 paragraph separator': '\u2029',
  'U+202E right-to-left override': '\u202e',
  'U+202F narrow no-break space': '\u202f',
  'U+205F medium mathematical space': '\u205f',
  'U+2060 word joiner': '\u2060',
  'U+2061 function application': '\u2061',
  'U+2064 invisible plus': '\u2064',
  'U+2066 left-to-right isolate': '\u2066',
  'U+2800 braille blank': '\u2800',
  'U+3000 ideographic space': '\u3000',
  'U+3164 Hangul filler': '\u3164',
  'U+FE0F variation selector 16': '\ufe0f',
  'U+FEFF byte-order mark': '\ufeff',
  'U+FFA0 halfwidth Hangul filler': '\uffa0',
  'U+FFF9 interlinear annotation anchor': '\ufff9',
  'U+FFFB interlinear annotation terminator': '\ufffb',
  'U+1BCA0 shorthand format letter overlap': '\u{1bca0}',
  'U+1D173 musical symbol begin beam': '\u{1d173}',
  'U+E0001 language tag': '\u{e0001}',
  'U+E0041 tag latin capital A': '\u{e0041}',
  'U+E007F cancel tag': '\u{e007f}',
  'U+E0100 variation selector 17': '\u{e0100}',
} as const;

/** Bidirectional embeddings, overrides and isolates: refused in names (they reorder what follows), kept in long texts. */
const BIDI_EMBEDDING = {
  'U+202A left-to-right embedding': '\u202a',
  'U+202B right-to-left embedding': '\u202b',
  'U+202D left-to-right override': '\u202d',
  'U+202E right-to-left override': '\u202e',
  'U+2066 left-to-right isolate': '\u2066',
  'U+2067 right-to-left isolate': '\u2067',
  'U+2069 pop directional isolate': '\u2069',
} as const;

/** Addresses whose domain is not dot-separated labels of letters, digits and inner hyphens. */
const BAD_DOMAINS = [
  'a@.b.c',
  'a@b..c',
  'a@b.c.',
  '-@-.-',
  'a@-b.c',
  'a@b-.c',
  'a@b.c-',
  'a@b_c.d',
  'x@y.z?cc=victim@example.com',
  'x@y.z,spy.example',
  'x@y.z/path',
  'x@y.z:25',
  'a@example\u3002com',
  'a@example\uff0ecom',
  'a@b',
  'a@@example.com',
  '@example.com',
] as const;

/** Addresses of every shape real people have, IDNs included. */
const GOOD_ADDRESSES = [
  'ada@example.com',
  'first.last+tag@sub.example.co.uk',
  'ÿ@example.org',
  'a@b.c',
  'x@xn--bcher-kva.example',
  'x@bücher.example',
  'x@例え.テスト',
  'x@my--host.example',
] as const;

/** Control characters other than tab and newline (which long texts may hold). */
const CONTROL = {
  'U+0001': '\u0001',
  'U+0007 bell': '\u0007',
  'U+0008 backspace': '\b',
  'U+000B vertical tab': '\u000b',
  'U+000C form feed': '\f',
  'carriage return': '\r',
  'U+001B escape': '\u001b',
  'U+001F': '\u001f',
  'U+007F delete': '\u007f',
  'U+0085 next line': '\u0085',
  'U+009F': '\u009f',
} as const;

const MARKUP = ['<', '>', '"', "'", '`'] as const;

/** A value the column accepts, with `inner` placed inside it. */
function valueWith(kind: Kind, inner: string): string {
  if (kind === 'email') return `ada${inner}x@example.com`;
  if (kind === 'url') return `https://example.com/a${inner}b`;
  return `Ada${inner}Lovelace`;
}

function rowWith({ table, column }: Column, value: string): Record<string, unknown> {
  const base =
    table === 'contact_submissions'
      ? { id: newRowId(), first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', company: null, message: 'Hello.' }
      : {
          id: newRowId(),
          full_name: 'Grace Hopper',
          email: 'grace@example.com',
          expertise: 'Cybersecurity',
          experience: '10 years',
          portfolio_url: null,
          cover_letter: 'Hi.',
        };
  return { ...base, [column]: value };
}

/** Whether the database stores `value` in the column (probed in a transaction that is rolled back). */
async function accepts(col: Column, value: string): Promise<boolean | string> {
  const result = await suite.insertAs('anon', col.table, rowWith(col, value), { rollback: true });
  if (result.ok) return true;
  // Only a refusal of the value itself counts; anything else is a broken test.
  return ['23514', '22P05'].includes(result.code) ? false : `${result.code}: ${result.message}`;
}

const label = (s: string) => JSON.stringify(s);

describe.each(COLUMNS.map((c) => [`${c.table}.${c.column}`, c] as const))('%s', (_name, col) => {
  it('accepts ordinary values', async () => {
    const samples: Record<Kind, string[]> = {
      text: [
        'Ada',
        'Zoë Ångström',
        "O'Brien & Söhne",
        '山田 太郎',
        'Łódź <3 GmbH',
        '10+ years',
        ' padded ',
        'محمد\u200f علي',
        'Ṣẹ̀gun Ọlá',
        'Kaveh\u200cZand',
        'नमस्ते',
        'Ana 👩\u200d💻',
        '홍길동',
      ],
      long: [
        'Hello.',
        'Line one\nLine two',
        'Col\tumn',
        '¿Qué tal? 👋',
        '"Quoted" <b>markup</b> stays text',
        'Flag: 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}',
        'Mixed \u2067עברית\u2069 text',
      ],
      email: [...GOOD_ADDRESSES],
      url: ['https://example.com', 'http://example.org/a?b=c&d=e#f', 'HTTPS://EXAMPLE.COM/Path'],
    };
    for (const value of samples[col.kind]) expect(await accepts(col, value), label(value)).toBe(true);
  });

  if (col.kind === 'text' || col.kind === 'long') {
    it.each(Object.entries(INVISIBLE))('refuses a value made only of %s', async (_what, ch) => {
      expect(await accepts(col, ch)).toBe(false);
      expect(await accepts(col, ch.repeat(3))).toBe(false);
    });

    it('refuses a mix of invisible characters', async () => {
      expect(await accepts(col, ' \u200b\u00a0\u3000\ufeff\u2060\u3164\u2800\u00ad\u{e0041} ')).toBe(false);
    });
  }

  if (col.kind === 'text') {
    it.each(Object.entries(BIDI_EMBEDDING))('refuses %s in a name, before or after its letters', async (_what, ch) => {
      expect(await accepts(col, valueWith(col.kind, ch))).toBe(false);
      expect(await accepts(col, `${ch}Ada`)).toBe(false);
    });
  }

  if (col.kind === 'long') {
    it.each(Object.entries(BIDI_EMBEDDING))('keeps %s in a long text, where mixed-direction writing uses it', async (_what, ch) => {
      expect(await accepts(col, valueWith(col.kind, ch))).toBe(true);
    });
  }

  if (col.kind === 'email') {
    it.each(BAD_DOMAINS)('refuses %s', async (value) => {
      expect(await accepts(col, value)).toBe(false);
    });
  }

  it.each(Object.entries(CONTROL))('refuses the control character %s', async (_what, ch) => {
    expect(await accepts(col, valueWith(col.kind, ch))).toBe(false);
  });

  it('refuses NUL', async () => {
    expect(await accepts(col, valueWith(col.kind, '\u0000'))).toBe(false);
  });

  if (col.kind === 'long') {
    it('accepts tab and newline inside the text', async () => {
      expect(await accepts(col, valueWith(col.kind, '\t'))).toBe(true);
      expect(await accepts(col, valueWith(col.kind, '\n'))).toBe(true);
    });
  } else {
    it('refuses tab and newline', async () => {
      expect(await accepts(col, valueWith(col.kind, '\t'))).toBe(false);
      expect(await accepts(col, valueWith(col.kind, '\n'))).toBe(false);
    });
  }

  if (col.kind === 'email' || col.kind === 'url') {
    it.each(Object.entries(INVISIBLE))('refuses %s anywhere in the value', async (_what, ch) => {
      expect(await accepts(col, valueWith(col.kind, ch))).toBe(false);
    });

    it.each(MARKUP)('refuses %s', async (ch) => {
      expect(await accepts(col, valueWith(col.kind, ch))).toBe(false);
    });
  }
});

describe('the browser patterns say what the database says', () => {
  /** Every sample above, and a few edge shapes, for every column. */
  const samples = (kind: Kind): string[] => {
    const inner = [...Object.values(INVISIBLE), ...Object.values(CONTROL), ...MARKUP, '\u0000', 'é', '字', '😀', '?', ',', '-', '.'];
    return [
      ...inner.map((ch) => valueWith(kind, ch)),
      ...Object.values(INVISIBLE),
      ...Object.values(INVISIBLE).map((ch) => ch + 'x' + ch),
      ...Object.values(BIDI_EMBEDDING).map((ch) => valueWith(kind, ch)),
      ...BAD_DOMAINS,
      ...GOOD_ADDRESSES,
      'محمد\u200f علي',
      'Kaveh\u200cZand',
      'Ana 👩\u200d💻',
      ' \u200b\u00a0\u3000\ufeff\u2060 ',
      'x',
      '\t\nx',
      'a@b',
      'a@b.c',
      '@example.com',
      'a@@example.com',
      'javascript:alert(1)',
      'ftp://example.com',
      'https://',
      'https://x',
      'HtTpS://x.y',
    ];
  };

  it.each(COLUMNS.map((c) => [`${c.table}.${c.column}`, c] as const))('%s', async (_name, col) => {
    const disagreements: string[] = [];
    for (const value of samples(col.kind)) {
      const database = await accepts(col, value);
      if (typeof database === 'string') throw new Error(`${label(value)}: ${database}`);
      // The browser does not check a pattern on an empty value; `required` covers those, and no sample is empty.
      const browser = matchesPattern(PATTERNS[col.kind], value);
      if (database !== browser) disagreements.push(`${label(value)}: database ${database}, browser ${browser}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('the forms use these patterns for these columns', () => {
    const byColumn = new Map([...contactForm.fields, ...careersForm.fields].map((f) => [f.column, f.pattern]));
    for (const col of COLUMNS) {
      if (col.column === 'expertise') continue; // a choice from a content list, not typed
      expect(byColumn.get(col.column), col.column).toBe(PATTERNS[col.kind]);
    }
  });

  it('every pattern compiles with the v flag, as browsers compile the pattern attribute', () => {
    for (const pattern of Object.values(PATTERNS)) expect(() => new RegExp(`^(?:${pattern})$`, 'v')).not.toThrow();
  });
});
