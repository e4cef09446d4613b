import { describe, expect, it } from 'vitest';
import { landingOf, referrerOrigin, rememberLanding, VISIT_KEY } from '../../../src/lib/forms/landing';
import { memoryStorage } from './memory-storage';

describe('the landing', () => {
  it('keeps the path, the external referrer’s origin and the campaign, nothing else of either address', () => {
    expect(
      landingOf(
        'https://corvana.example/blog/launch?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20launch&email=ada@example.com#top',
        'https://www.linkedin.com/feed/update/123?trk=share',
      ),
    ).toEqual({
      landing_page: '/blog/launch',
      referrer_origin: 'https://www.linkedin.com',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring launch',
    });
  });

  it('counts no referrer for this site itself, an app or a file, and nothing for a page without a query', () => {
    expect(referrerOrigin('https://corvana.example/about', 'https://corvana.example/contact')).toBeUndefined();
    expect(referrerOrigin('android-app://com.google.android.gm/', 'https://corvana.example/')).toBeUndefined();
    expect(referrerOrigin('file:///home/ada/x.html', 'https://corvana.example/')).toBeUndefined();
    expect(referrerOrigin('not a url', 'https://corvana.example/')).toBeUndefined();
    expect(referrerOrigin('', 'https://corvana.example/')).toBeUndefined();
    expect(referrerOrigin('https://Bücher.Example:8443/x', 'https://corvana.example/')).toBe('https://xn--bcher-kva.example:8443');
    expect(landingOf('https://corvana.example/', '')).toEqual({ landing_page: '/' });
  });

  it('keeps nothing blank (what is too long or malformed is left out when a form sends it: visit-source)', () => {
    expect(landingOf('https://corvana.example/x?utm_source=%20%20&utm_medium=&utm_campaign=launch', '')).toEqual({
      landing_page: '/x',
      utm_campaign: 'launch',
    });
  });

  it('is noted once per tab: later pages keep the first one', () => {
    const storage = memoryStorage();
    rememberLanding(storage, 'https://corvana.example/blog?utm_source=a', 'https://news.example/');
    rememberLanding(storage, 'https://corvana.example/contact?utm_source=b', '');
    expect(JSON.parse(storage.getItem(VISIT_KEY)!)).toEqual({
      landing_page: '/blog',
      referrer_origin: 'https://news.example',
      utm_source: 'a',
    });
  });

  it('without storage, or when storage throws, nothing is noted and nothing breaks', () => {
    expect(() => rememberLanding(undefined, 'https://corvana.example/', '')).not.toThrow();
    expect(() => rememberLanding(memoryStorage(true), 'https://corvana.example/', '')).not.toThrow();
  });
});
