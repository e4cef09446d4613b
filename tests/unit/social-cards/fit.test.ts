import { describe, it, expect } from 'vitest';
import { charWidth, fitTitle, textWidth, wrapText, type TitleBox } from '../../../src/lib/social-cards/fit';

const box: TitleBox = { width: 1040, height: 300, lineHeight: 1.15, sizes: [76, 68, 60, 52, 46, 40] };

describe('wrapText', () => {
  it('breaks at spaces, each line within the width', () => {
    const lines = wrapText('How telecommunications interoperability keeps distributed teams talking', 900, 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 60)).toBeLessThanOrEqual(900);
    expect(lines.join(' ')).toBe('How telecommunications interoperability keeps distributed teams talking');
  });

  it('breaks a word wider than the line where the line is full, losing no character', () => {
    const word = 'Supercalifragilisticexpialidocious';
    const lines = wrapText(`A ${word}`, 400, 60);
    expect(lines[0]).toBe('A');
    expect(lines.slice(1).join('')).toBe(word);
    for (const line of lines) expect(textWidth(line, 60)).toBeLessThanOrEqual(400);
  });

  it('breaks CJK between ideographs, which have no spaces', () => {
    const lines = wrapText('中文标题日本語のタイトル', 300, 60);
    expect(lines.length).toBe(3); // 12 ideographs of 60 px in lines of 300 px: 5, 5, 2
    expect(lines.join('')).toBe('中文标题日本語のタイトル');
  });
});

describe('fitTitle', () => {
  it('keeps a short title at the largest size on one line', () => {
    expect(fitTitle('Newsbox', box)).toEqual({ fontSize: 76, lines: ['Newsbox'], maxLines: 3 });
  });

  it('shrinks a long title until it fits the box, never more lines than the box holds', () => {
    const title = 'SUPERCALIFRAGILISTICEXPIALIDOCIOUS TELECOMMUNICATIONS INTEROPERABILITY';
    const fitted = fitTitle(title, box);
    expect(fitted.fontSize).toBe(60);
    expect(fitted.lines.length).toBeLessThanOrEqual(fitted.maxLines);
    expect(fitted.maxLines * fitted.fontSize * box.lineHeight).toBeLessThanOrEqual(box.height);
  });

  it('clamps at the smallest size what fits at none', () => {
    const fitted = fitTitle('W'.repeat(400), box);
    expect(fitted.fontSize).toBe(40);
    expect(fitted.lines.length).toBe(fitted.maxLines);
  });

  it('errs wide: capitals and wide letters count for more than narrow ones', () => {
    expect(charWidth('W')).toBeGreaterThan(charWidth('a'));
    expect(charWidth('a')).toBeGreaterThan(charWidth('i'));
    expect(charWidth('中')).toBe(1);
  });
});
