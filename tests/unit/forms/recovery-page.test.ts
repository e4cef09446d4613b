/**
 * The browser side of recovery (src/lib/forms/recovery-page.ts): which fields
 * are kept (never a password, the spam trap or a button), putting them back,
 * and what a reloaded page finds. The form is a fake with the few properties
 * the helpers read.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { fillFields, formFields, resumeIsland } from '../../../src/lib/forms/recovery-page';
import { draftKey } from '../../../src/lib/forms/early-input';

interface FakeControl {
  tagName: string;
  name: string;
  type: string;
  value: string;
  checked?: boolean;
  hidden?: boolean;
}

function fakeForm(controls: FakeControl[]) {
  const elements = controls.map((c) =>
    Object.assign(c, { closest: (selector: string) => (c.hidden && selector.includes('aria-hidden') ? {} : null) }),
  );
  return { form: { elements } as unknown as HTMLFormElement, controls: elements };
}

const controls = (): FakeControl[] => [
  { tagName: 'INPUT', name: 'email', type: 'email', value: 'ada@example.com' },
  { tagName: 'INPUT', name: 'password', type: 'password', value: 'correct horse' },
  { tagName: 'INPUT', name: 'website', type: 'text', value: 'spam', hidden: true },
  { tagName: 'TEXTAREA', name: 'message', type: 'textarea', value: 'Hello' },
  { tagName: 'SELECT', name: 'domain', type: 'select-one', value: 'Design' },
  { tagName: 'INPUT', name: 'requestType', type: 'radio', value: 'demo', checked: false },
  { tagName: 'INPUT', name: 'requestType', type: 'radio', value: 'contact', checked: true },
  { tagName: 'BUTTON', name: '', type: 'submit', value: '' },
];

describe('formFields', () => {
  it('reads the typed and chosen values, the checked radio, never the password or the spam trap', () => {
    expect(formFields(fakeForm(controls()).form)).toEqual({
      email: 'ada@example.com',
      message: 'Hello',
      domain: 'Design',
      requestType: 'contact',
    });
  });
});

describe('fillFields', () => {
  it('puts kept values back, checks the kept radio, and never writes a password', () => {
    const { form, controls: fields } = fakeForm(
      controls().map((c) => ({ ...c, value: c.type === 'radio' ? c.value : '', checked: false })),
    );
    fillFields(form, { email: 'grace@example.com', message: 'Hi', requestType: 'demo', password: 'leaked' });
    expect(fields.map((c) => [c.name, c.value, c.checked])).toEqual([
      ['email', 'grace@example.com', false],
      ['password', '', false],
      ['website', '', false],
      ['message', 'Hi', false],
      ['domain', '', false],
      ['requestType', 'demo', true],
      ['requestType', 'contact', false],
      ['', '', false],
    ]);
  });
});

describe('resumeIsland', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubSession(entries: Record<string, string>) {
    const data = new Map(Object.entries(entries));
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    });
    vi.stubGlobal('location', { pathname: '/contact' });
    return data;
  }
  const emptyForm = () => fakeForm(controls().map((c) => ({ ...c, value: c.type === 'radio' ? c.value : '', checked: false })));

  it('puts the draft back and hands over the press a recovery reload of this page left, once', () => {
    const press = { kind: 'submit', button: 0, validated: true };
    const data = stubSession({
      [draftKey('contact')]: JSON.stringify({ values: { message: 'Hello again' }, rowId: null }),
      'island-recovery:contact': JSON.stringify({ path: '/contact', press }),
    });
    const { form, controls: fields } = emptyForm();
    expect(resumeIsland(form, 'contact')).toEqual({ recovered: true, press });
    expect(fields.find((c) => c.name === 'message')?.value).toBe('Hello again');
    expect(data.has('island-recovery:contact')).toBe(false);
    expect(resumeIsland(form, 'contact')).toEqual({ recovered: false, press: null });
  });

  it('with only a draft: the fields come back, nothing to carry out', () => {
    stubSession({ [draftKey('contact')]: JSON.stringify({ values: { email: 'ada@example.com' } }) });
    const { form, controls: fields } = emptyForm();
    expect(resumeIsland(form, 'contact')).toEqual({ recovered: false, press: null });
    expect(fields.find((c) => c.name === 'email')?.value).toBe('ada@example.com');
  });
});
