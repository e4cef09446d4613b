import { describe, expect, it } from 'vitest';
import { confirms, linkHash, readLink } from '../../../src/lib/team-actions/link';

const SIGNATURE = 'a'.repeat(43);
const ROW = '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01';

describe('readLink', () => {
  it('reads what each kind of link says it does, and when it stops working', () => {
    expect(readLink(`#link=r.${ROW}.1796205600.${SIGNATURE}`)).toEqual({
      token: `r.${ROW}.1796205600.${SIGNATURE}`,
      kind: 'release',
      subject: ROW,
      expires: 1796205600000,
    });
    const address = Buffer.from('Zoë@bücher.example').toString('base64url');
    expect(readLink(`#link=e.${address}.1796205600.${SIGNATURE}`)).toMatchObject({ kind: 'erase', subject: 'Zoë@bücher.example' });
    expect(readLink(`link=l.42.1796205600.${SIGNATURE}`)).toMatchObject({ kind: 'list', subject: '42' });
  });

  it('tells an address without a link from a malformed one', () => {
    for (const hash of ['', '#', '#main', '#top']) expect(readLink(hash), hash).toBe('none');
    for (const hash of [
      '#link=',
      '#link=r.x',
      `#link=x.${ROW}.1796205600.${SIGNATURE}`,
      `#link=r.${ROW.toUpperCase()}.1796205600.${SIGNATURE}`,
      `#link=r.${ROW}.soon.${SIGNATURE}`,
      `#link=r.${ROW}.1796205600.${SIGNATURE}x`,
      `#link=l.0.1796205600.${SIGNATURE}`,
      `#link=e.!!.1796205600.${SIGNATURE}`,
      `#link=e.${Buffer.from([0xff, 0xfe]).toString('base64url')}.1796205600.${SIGNATURE}`,
      `#link=e.${Buffer.from(' ada@example.com').toString('base64url')}.1796205600.${SIGNATURE}`,
    ])
      expect(readLink(hash), hash).toBe('malformed');
  });

  it('writes the fragment that opens a token', () => {
    expect(linkHash('l.42.1.x')).toBe('#link=l.42.1.x');
  });
});

describe('confirms', () => {
  it('takes the address as erase_submitter compares it: trimmed, capitals aside', () => {
    expect(confirms('  Ada@Example.COM ', 'ada@example.com')).toBe(true);
    expect(confirms('ada@example.co', 'ada@example.com')).toBe(false);
    expect(confirms('', 'ada@example.com')).toBe(false);
  });
});
