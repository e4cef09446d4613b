import { describe, expect, it } from 'vitest';
import { throttledNotice, waitPhrase, type ThrottledCopy } from '../../../src/lib/forms/retry-wait';

const copy: ThrottledCopy = {
  title: 'Please wait',
  text: 'Please try again {wait}.',
  wait: {
    minute: 'in a minute',
    minutes: 'in {minutes} minutes',
    hour: 'in about an hour',
    hours: 'in about {hours} hours',
    tomorrow: 'tomorrow',
    later: 'later',
  },
};
const s = 1000;

describe('waitPhrase', () => {
  it.each([
    [1 * s, 'in a minute'],
    [60 * s, 'in a minute'],
    [61 * s, 'in 2 minutes'],
    // The per-address and per-client limits: within their 10-minute window.
    [540 * s, 'in 9 minutes'],
    [599 * s, 'in 10 minutes'],
    [54 * 60 * s, 'in 54 minutes'],
    [54 * 60 * s + 1, 'in about an hour'],
    // A full storage budget or the held rows' budget: 3,600 s.
    [3600 * s, 'in about an hour'],
    [89 * 60 * s, 'in about an hour'],
    [90 * 60 * s, 'in about 2 hours'],
    [5 * 3600 * s + 20 * 60 * s, 'in about 5 hours'],
    [19 * 3600 * s + 59 * 60 * s, 'in about 20 hours'],
    // The daily limit of one connection: up to 86,400 s.
    [20 * 3600 * s, 'tomorrow'],
    [86_400 * s, 'tomorrow'],
  ])('%i ms: %s', (ms, phrase) => {
    expect(waitPhrase(ms, copy.wait)).toBe(phrase);
  });

  it.each([[undefined], [null], [Number.NaN], [-5]])('says "later" when the answer gave no usable wait (%s)', (ms) => {
    expect(waitPhrase(ms, copy.wait)).toBe('later');
  });
});

describe('throttledNotice', () => {
  it('puts the phrase where the text says {wait}, and keeps the title', () => {
    expect(throttledNotice(copy, 3_600_000)).toEqual({ title: 'Please wait', text: 'Please try again in about an hour.' });
    expect(throttledNotice(copy, undefined)).toEqual({ title: 'Please wait', text: 'Please try again later.' });
  });
});
