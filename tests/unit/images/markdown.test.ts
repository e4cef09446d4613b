import { describe, it, expect } from 'vitest';
import { bodyPictures, withoutCode } from '../../../src/lib/images/markdown';

describe('bodyPictures', () => {
  it('finds each picture with its alt text, a decoration mark and its line', () => {
    const body = [
      'Intro text.',
      '',
      '![The team at the offsite](/images/team.jpg)',
      '',
      'A rule: ![](/images/rule.png "decorative") and ![ ](/images/no-alt.webp)',
      '![Escaped \\] bracket](</images/with space.jpg> "A title")',
      '<img src="/images/html.jpg" alt="Written as HTML">',
      "<img alt='' title='Decorative' src='/images/html-rule.png'>",
    ].join('\n');
    expect(bodyPictures(body)).toEqual([
      { src: '/images/team.jpg', alt: 'The team at the offsite', decorative: false, line: 3 },
      { src: '/images/rule.png', alt: '', decorative: true, line: 5 },
      { src: '/images/no-alt.webp', alt: '', decorative: false, line: 5 },
      { src: '/images/with space.jpg', alt: 'Escaped ] bracket', decorative: false, line: 6 },
      { src: '/images/html.jpg', alt: 'Written as HTML', decorative: false, line: 7 },
      { src: '/images/html-rule.png', alt: '', decorative: true, line: 8 },
    ]);
  });

  it('sees no picture in code, fenced or inline, and none in a link', () => {
    const body = [
      'Write `![alt](/images/x.jpg)` to show a picture.',
      '```markdown',
      '![alt](/images/in-fence.jpg)',
      '```',
      '~~~~',
      '```',
      '![alt](/images/in-tilde-fence.jpg)',
      '~~~~',
      'A [link](/images/brochure.jpg) is not a picture.',
      '![After the code](/images/after.jpg)',
    ].join('\n');
    expect(bodyPictures(body)).toEqual([{ src: '/images/after.jpg', alt: 'After the code', decorative: false, line: 10 }]);
  });
});

describe('withoutCode', () => {
  it('blanks code and keeps every line where it was', () => {
    const body = 'a `code` b\n```\nfenced\n```\nc';
    const blanked = withoutCode(body);
    expect(blanked.split('\n')).toHaveLength(5);
    expect(blanked).not.toMatch(/code|fenced/);
    expect(blanked.startsWith('a ')).toBe(true);
    expect(blanked.endsWith('\nc')).toBe(true);
  });
});
