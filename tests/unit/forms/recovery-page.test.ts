/**
 * The browser side of recovery (src/lib/forms/recovery-page.ts): which fields
 * are kept (never a password, the spam trap or a button) and putting them back.
 * The form is a fake with the few properties the helpers read.
 */
import { describe, it, expect } from 'vitest';
import { fillFields, formFields } from '../../../src/lib/forms/recovery-page';

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
