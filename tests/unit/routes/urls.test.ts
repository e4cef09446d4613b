import { describe, it, expect } from 'vitest';
import { absoluteUrl, normalizePath, isExternal } from '../../../src/lib/routes/urls';

describe('urls', () => {
  it('one trailing-slash rule', () => {
    expect(normalizePath('/about/')).toBe('/about');
    expect(normalizePath('/')).toBe('/');
    expect(absoluteUrl('https://x.example/', '/')).toBe('https://x.example/');
    expect(absoluteUrl('https://x.example', '/a/')).toBe('https://x.example/a');
  });
  it('tells external links apart', () => {
    expect(isExternal('/about')).toBe(false);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('https://acme.example/x', 'https://acme.example')).toBe(false);
    expect(isExternal('https://planner.acme.example', 'https://acme.example')).toBe(true);
  });
});
