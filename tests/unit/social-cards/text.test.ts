import { describe, it, expect } from 'vitest';
import { cardTitle, hasUndrawableLetters, isRightToLeft, scriptsOf, stripEmoji } from '../../../src/lib/social-cards/text';

describe('stripEmoji', () => {
  it.each([
    ['Launch day 🚀', 'Launch day'],
    ['🎉 Party 🎉 time', 'Party time'],
    // A ZWJ family, a skin tone, a flag and a keycap: each goes whole, nothing of it left behind.
    ['Team 👨‍👩‍👧 and 👍🏽 from 🇩🇪 at #️⃣ 3', 'Team and from at # 3'],
    ['Heart ❤️ here', 'Heart here'],
  ])('removes the emoji of %j', (input, expected) => {
    expect(stripEmoji(input)).toBe(expected);
  });

  it('keeps text symbols, punctuation and every script', () => {
    expect(stripEmoji('Acme® Cloud™ © 2025 – “quoted” … 50% & more')).toBe('Acme® Cloud™ © 2025 – “quoted” … 50% & more');
    expect(stripEmoji('Ελληνικά кириллица 中文 日本語 한국어')).toBe('Ελληνικά кириллица 中文 日本語 한국어');
  });
});

describe('scripts', () => {
  it('names the scripts beyond basic Latin that a text needs, each once, in a fixed order', () => {
    expect(scriptsOf('Plain English, 100% ASCII')).toEqual([]);
    expect(scriptsOf('Zürich Ångström')).toEqual([]); // Latin-1: in the Latin font
    expect(scriptsOf('Łódź and Kraków')).toEqual(['latin-ext']);
    expect(scriptsOf('한국어 and 中文 and Ελληνικά and кириллица')).toEqual(['greek', 'cyrillic', 'han-kana', 'hangul']);
    expect(scriptsOf('カタカナ ひらがな')).toEqual(['han-kana']);
  });

  it('tells right-to-left titles and letters no card font draws', () => {
    expect(isRightToLeft('مرحبا')).toBe(true);
    expect(isRightToLeft('שלום world')).toBe(true);
    expect(isRightToLeft('Hello, world')).toBe(false);
    expect(hasUndrawableLetters('สวัสดี')).toBe(true); // Thai
    expect(hasUndrawableLetters('नमस्ते')).toBe(true); // Devanagari
    expect(hasUndrawableLetters('Ελληνικά 中文 한국어 Łódź')).toBe(false);
  });
});

describe('cardTitle', () => {
  it('drops the brand part, whichever side it is on, and the emoji', () => {
    expect(cardTitle('Newsbox: News Platform | Acme', 'Acme')).toBe('Newsbox: News Platform');
    expect(cardTitle('Acme | Things that work', 'Acme')).toBe('Things that work');
    expect(cardTitle('Careers at Acme — Join us 🚀', 'Acme')).toBe('Careers at Acme — Join us');
    expect(cardTitle('Acme', 'Acme')).toBe('Acme');
  });

  it('leaves no title for a right-to-left title, one in a script no font has, or one of emoji only', () => {
    expect(cardTitle('مرحبا بالعالم | Acme', 'Acme')).toBeUndefined();
    expect(cardTitle('สวัสดี | Acme', 'Acme')).toBeUndefined();
    expect(cardTitle('🚀🚀🚀', 'Acme')).toBeUndefined();
  });
});
