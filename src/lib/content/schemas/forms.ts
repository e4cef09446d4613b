/**
 * content/forms.yaml: every word the form islands and the sign-in card show.
 * The islands hold no copy; these strings reach them as props.
 */
import { z } from 'astro/zod';
import type { FormDefinition } from '../../forms/definition';
import { contactForm } from '../../forms/contact';
import { demoForm } from '../../forms/demo';
import { careersForm } from '../../forms/careers';
import { productTeamForm } from '../../forms/product-team';
import { shortText } from './common';

const fieldCopy = z
  .object({
    label: shortText(60).describe('The visible label bound to the field, e.g. "First Name".'),
    placeholder: z.string().max(120).optional().describe('Hint shown inside the empty field.'),
    invalid: shortText(200)
      .optional()
      .describe(
        'Shown under the field when the value does not have the expected form, e.g. "Enter an e-mail address such as name@example.com."',
      ),
  })
  .strict();
/** A field whose definition has a pattern: the message for a value that does not match is required. */
const patternFieldCopy = fieldCopy.required({ invalid: true });
/**
 * The hint inside a one-line field. An example answer there ("John", "you@example.com", "Your
 * company") reads as typed at a glance on a phone, and a visitor skips the field: a hint starts with
 * "e.g.," (the experience field's "e.g., 5 years, 2-3 years, 10+ years"), or there is none, since the
 * label names the field and `invalid` gives an example when one is needed.
 */
export const LINE_HINT = /^e\.g\., \S/;
const lineHint = z
  .string()
  .max(120)
  .regex(LINE_HINT, 'A hint inside a one-line field starts with "e.g., " so it cannot pass for a typed answer; or leave it out (the label names the field).')
  .optional()
  .describe('Hint shown inside the empty field, starting with "e.g., "; usually none: the label names the field. Never an example answer, which reads as typed.');
const lineFieldCopy = fieldCopy.extend({ placeholder: lineHint });
const linePatternFieldCopy = patternFieldCopy.extend({ placeholder: lineHint });
const noticeCopy = z
  .object({ title: shortText(60).describe('Bold first line of the notice.'), text: shortText(300) })
  .strict()
  .describe('A notice (toast): a title and a sentence.');
/** The placeholders of content/forms.yaml that the visitor's browser fills in; the build leaves them as written. */
export const formsRuntimeSlots = ['min', 'wait', 'minutes', 'hours'] as const;
/** When the database's throttle refuses a submission: the notice, with when to try again from its Retry-After (src/lib/forms/retry-wait.ts). */
const throttledCopy = z
  .object({
    title: shortText(60).describe('Bold first line of the notice.'),
    text: shortText(300)
      .regex(/\{wait\}/, 'Say when to try again with {wait}.')
      .describe('The sentence; {wait} is replaced by one of the phrases below, e.g. "Please try again {wait}, or write to us at {email.support}."'),
    wait: z
      .object({
        minute: shortText(60).describe('A wait of up to a minute, e.g. "in a minute".'),
        minutes: shortText(60)
          .regex(/\{minutes\}/, 'Use {minutes} for the number of minutes.')
          .describe('A wait of 2 to 54 minutes; {minutes} is the number, e.g. "in {minutes} minutes".'),
        hour: shortText(60).describe('A wait of about an hour (55 to 89 minutes), e.g. "in about an hour".'),
        hours: shortText(60)
          .regex(/\{hours\}/, 'Use {hours} for the number of hours.')
          .describe('A wait of 2 to 19 hours; {hours} is the number, e.g. "in about {hours} hours".'),
        tomorrow: shortText(60).describe('A wait of 20 hours or more, e.g. "tomorrow".'),
        later: shortText(60).describe('When the answer did not say how long, e.g. "later".'),
      })
      .strict()
      .describe('The phrases {wait} becomes, by how long the database asked to wait.'),
  })
  .strict()
  .describe(
    'Shown when the database refuses a submission because too many came from the same address or connection, or because its storage is full; the form keeps what was typed.',
  );
const fieldErrorsCopy = z
  .object({
    required: shortText(120).describe('Shown under a required field left empty, e.g. "Please fill in this field."'),
    choose: shortText(120).describe('Shown under a required list left on its empty option, e.g. "Please choose one of the options."'),
    tooShort: shortText(120).describe(
      'Shown under a field with fewer characters than it asks for (a new password); {min} is that number, e.g. "Please use at least {min} characters."',
    ),
  })
  .strict()
  .describe("Messages shown under a field whose value is missing or too short; a field's own `invalid` covers a value of the wrong form.");
const formButtons = {
  submit: shortText(40).describe('Text of the submit button.'),
  submitting: shortText(40).describe('Text of the submit button while sending, e.g. "Submitting...".'),
};
/** What a form island says when its code cannot load (src/lib/forms/recovery.ts), shown next to it. */
const pageUpdateCopy = z
  .object({
    offline: shortText(300).describe('Shown when the visitor pressed while offline and the script could not load; the page waits for the connection.'),
    reloaded: shortText(300).describe(
      'Shown after the page reloaded itself (a new version was published, or the script failed) when the press cannot be done by itself: what was typed is back; say what to press.',
    ),
    failed: shortText(300).describe('Shown when the script still cannot load after one reload: what the visitor can do instead.'),
    reload: shortText(40).describe('Button shown with `failed` that reloads the page, e.g. "Reload the page".'),
  })
  .strict()
  .describe('When the script of the form cannot load (a new version of the site was published meanwhile, or the connection dropped).');
/** The `fields` copy of a form: one entry per field of its definition (src/lib/forms/*.ts), no more, no fewer. */
const fieldsOf = <N extends string>(definition: FormDefinition<N>) =>
  z
    .object(
      Object.fromEntries(
        definition.fields.map((f) => {
          const oneLine = f.input === 'text' || f.input === 'email' || f.input === 'url';
          return [f.name, f.pattern ? (oneLine ? linePatternFieldCopy : patternFieldCopy) : oneLine ? lineFieldCopy : fieldCopy];
        }),
      ) as Record<N, typeof fieldCopy>,
    )
    .strict();

export const formsCopySchema = z
  .object({
    common: z
      .object({
        honeypot: shortText(80).describe(
          'Label of the hidden anti-spam field (people never see it; it tells screen-reader users to skip it).',
        ),
        optional: shortText(20).describe('Marker after the label of an optional field, e.g. "(optional)".'),
        noscript: shortText(300).describe('Shown instead of a working form when JavaScript is off.'),
        throttled: throttledCopy,
        fieldErrors: fieldErrorsCopy,
        dismiss: shortText(40).describe(
          'Name of the button that closes an error notice (read by screen readers; the button shows a cross), e.g. "Dismiss".',
        ),
        pageUpdate: pageUpdateCopy,
      })
      .strict(),
    contact: z.object({ fields: fieldsOf(contactForm), ...formButtons, success: noticeCopy, error: noticeCopy }).strict(),
    demo: z
      .object({
        fields: fieldsOf(demoForm),
        requestTypes: z
          .object({ demo: shortText(60), contact: shortText(60) })
          .strict()
          .describe('Labels of the two request types.'),
        ...formButtons,
        success: z.object({ title: shortText(60), demo: shortText(300), contact: shortText(300) }).strict(),
        error: noticeCopy,
      })
      .strict(),
    careers: z.object({ fields: fieldsOf(careersForm), ...formButtons, success: noticeCopy, error: noticeCopy }).strict(),
    'product-team': z
      .object({
        fields: fieldsOf(productTeamForm),
        ...formButtons,
        success: noticeCopy,
        error: noticeCopy,
      })
      .strict(),
    signIn: z
      .object({
        heading: shortText(80),
        intro: shortText(300),
        features: z.array(shortText(60)).max(6).describe('What a client finds after signing in.'),
        fields: z.object({ email: linePatternFieldCopy, password: lineFieldCopy }).strict(),
        ...formButtons,
        success: shortText(120).describe('Notice after a successful sign-in, before going to the home page.'),
        unexpectedError: shortText(120).describe('Notice when sign-in fails for a reason other than the service refusing it.'),
        signedInAs: shortText(80).describe('Shown before the e-mail address of a client who is already signed in.'),
        signOut: shortText(40),
        signingOut: shortText(40),
        signedOut: shortText(120).describe('Notice after signing out.'),
        signedOutHere: shortText(200).describe(
          'Notice after signing out when the sign-in service could not be reached: this browser is signed out, other devices may still be signed in.',
        ),
        pageUpdate: pageUpdateCopy,
        linkRefused: shortText(200).describe(
          'Notice when /login is opened with an old-style sign-in link (tokens in the address), which is not accepted.',
        ),
        forgot: z
          .object({
            link: shortText(40),
            heading: shortText(80),
            intro: shortText(300),
            ...formButtons,
            sent: shortText(300).describe(
              'Shown whether or not the address has an account, and also when the service refuses or limits the request, so it reveals nothing.',
            ),
            error: shortText(300).describe('Shown only when the sign-in service could not be reached at all.'),
            back: shortText(40),
          })
          .strict(),
        recovery: z
          .object({ heading: shortText(80), intro: shortText(300), field: lineFieldCopy, ...formButtons, success: shortText(120) })
          .strict()
          .describe('The form shown after following a password-reset link.'),
      })
      .strict(),
    teamSignIn: z
      .object({ heading: shortText(80), text: shortText(300), button: shortText(40).describe('Opens {url.teamAuth} in a new tab.') })
      .strict(),
  })
  .strict();
export type FormsCopy = z.infer<typeof formsCopySchema>;
