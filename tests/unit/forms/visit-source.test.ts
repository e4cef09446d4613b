import { describe, expect, it } from 'vitest';
import { acceptable, acceptableValues, SOURCE_COLUMNS, sourceOf, VISIT_KEY as READ_KEY } from '../../../src/lib/forms/visit-source';
import { rememberLanding, VISIT_KEY } from '../../../src/lib/forms/landing';
import { memoryStorage } from './memory-storage';

const column = (name: string) => SOURCE_COLUMNS.find((c) => c.column === name)!;

describe('the source of a row', () => {
  it('is read under the key the landing is written under', () => {
    expect(READ_KEY).toBe(VISIT_KEY);
  });

  it('survives a storage that cannot even be reached', () => {
    expect(
      sourceOf(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }, '/contact'),
    ).toEqual({ sent_from: '/contact' });
  });

  it('leaves out what the database would refuse: control characters, a 5 KB campaign, a javascript: referrer', () => {
    const storage = memoryStorage();
    rememberLanding(
      storage,
      `https://corvana.example/blog?utm_source=%01bot&utm_medium=social&utm_campaign=${'x'.repeat(5000)}`,
      'javascript:alert(1)',
    );
    expect(sourceOf(() => storage, '/contact')).toEqual({ sent_from: '/contact', landing_page: '/blog', utm_medium: 'social' });
    expect(sourceOf(() => memoryStorage(true), '/contact')).toEqual({ sent_from: '/contact' });
  });

  it('is the page sent from and the landing as noted', () => {
    const storage = memoryStorage();
    rememberLanding(storage, 'https://corvana.example/blog?utm_campaign=launch', 'https://news.example/x');
    expect(sourceOf(() => storage, '/contact')).toEqual({
      sent_from: '/contact',
      landing_page: '/blog',
      referrer_origin: 'https://news.example',
      utm_campaign: 'launch',
    });
  });

  it('checks again what storage holds (the visitor can write it): forged or broken values are left out', () => {
    const storage = memoryStorage();
    storage.setItem(
      VISIT_KEY,
      JSON.stringify({
        landing_page: '/blog?q=secret',
        referrer_origin: 'https://evil.example/path?x=1',
        utm_source: 'javascript:alert(1)',
        utm_medium: 'a\u0007b',
        utm_campaign: 42,
        extra: 'x',
      }),
    );
    // A utm text is text: "javascript:alert(1)" is shown as such to the team, never followed.
    expect(sourceOf(() => storage, '/contact')).toEqual({ sent_from: '/contact', utm_source: 'javascript:alert(1)' });
    storage.setItem(VISIT_KEY, '[not json');
    expect(sourceOf(() => storage, '/contact')).toEqual({ sent_from: '/contact' });
    storage.setItem(VISIT_KEY, '["/blog"]');
    expect(sourceOf(() => storage, '/careers')).toEqual({ sent_from: '/careers' });
  });

  it('each rule takes what its column takes', () => {
    expect(acceptable(column('sent_from'), '/join-corvana')).toBe('/join-corvana');
    for (const refused of ['join', '/a b', '/a"b', "/a'b", '/a<b', `/${'a'.repeat(300)}`, '/a?b', '/a#b'])
      expect(acceptable(column('landing_page'), refused), refused).toBeUndefined();
    for (const origin of ['https://a.example', 'http://localhost:4321', 'https://[2001:db8::1]'])
      expect(acceptable(column('referrer_origin'), origin), origin).toBe(origin);
    for (const refused of [
      'https://a.example/',
      'https://a.example/p?q',
      'javascript:alert(1)',
      'HTTPS://A.EXAMPLE',
      'ftp://a.example',
      'null',
    ])
      expect(acceptable(column('referrer_origin'), refused), refused).toBeUndefined();
    for (const refused of ['\u200b', ' ', 'a\u202Eb', 'a\nb', 'x'.repeat(101)])
      expect(acceptable(column('utm_source'), refused)).toBeUndefined();
    expect(acceptableValues({ utm_source: 'Rückkehr 🚀', unknown: 'x' })).toEqual({ utm_source: 'Rückkehr 🚀' });
  });
});
