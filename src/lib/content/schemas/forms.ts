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
import { shortText, withSlots } from './common';

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
export const formsRuntimeSlots = ['min', 'wait', 'minutes', 'hours', 'when', 'count', 'email', 'done', 'digest', 'total', 'code'] as const;
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

/**
 * The team's actions page, /team-action (src/pages/team-action.astro): a link in a team message
 * opens it, and it says what the link will do before its one button does it. The page fills the
 * slots: {email} the sender's address, {count} a number of submissions ("one submission", "3
 * submissions"), {when} a date and time in the reader's time zone, {done} what a link did,
 * {digest} a digest's number, {total} how many of its submissions are held, {code} a refusal's code.
 */
const teamActionsCopy = z
  .object({
    intro: shortText(300).describe('Under the heading, on every view: what the page is for, and that nothing changes until the button is pressed.'),
    noscript: shortText(300).describe('Shown when JavaScript is off: the page cannot act without it.'),
    noLink: shortText(300).describe('The page opened without a link from a message (no #link=… in its address).'),
    checking: shortText(80).describe('While the page asks what the link would do, e.g. "Checking the link…".'),
    expires: withSlots(120, 'when').describe('When the link stops working, e.g. "This link works once, until {when}."'),
    submissions: z
      .object({
        one: shortText(60).describe('{count} for one, e.g. "one submission".'),
        many: withSlots(60, 'count').describe('{count} for several; {count} is the number, e.g. "{count} submissions".'),
      })
      .strict()
      .describe('How the page counts submissions in the sentences below.'),
    row: z
      .object({
        form: shortText(40).describe('Label of the form the submission came from.'),
        from: shortText(40).describe('Label of its sender (name and address).'),
        received: shortText(40).describe('Label of when it was stored.'),
        excerpt: shortText(40).describe('Label of the start of its message.'),
      })
      .strict()
      .describe('The labels of a submission shown on the page (the same fields as the team message).'),
    release: z
      .object({
        heading: shortText(80),
        what: shortText(400).describe('Exactly what releasing does.'),
        button: shortText(60),
        working: shortText(60).describe('On the button while the release is under way.'),
        done: withSlots(300, 'when').describe('After the release; {when} is when it was done.'),
      })
      .strict()
      .describe('A Release link: the held submission becomes a normal one, announced to the team as a new lead.'),
    erase: z
      .object({
        heading: shortText(80),
        what: withSlots(400, 'email').describe('Exactly what erasing does, and that it cannot be undone.'),
        stored: withSlots(200, 'count').describe('Above the list of what will be erased; {count} says how many.'),
        held: shortText(40).describe('In that list, for a submission held for review.'),
        notHeld: shortText(40).describe('In that list, for a submission that is not held.'),
        older: z
          .object({
            one: shortText(100).describe('Under the list when one more, older, is erased too.'),
            many: withSlots(100, 'count').describe('When {count} more are; {count} is the number.'),
          })
          .strict()
          .describe('The list shows the newest 50; this counts the rest.'),
        kept: z
          .object({
            one: shortText(200).describe('One submission of the address came after the message: the link keeps it.'),
            many: withSlots(200, 'count').describe('{count} came after it; {count} is the number.'),
          })
          .strict()
          .describe('A link erases only what was stored up to its message; this says what it keeps.'),
        confirm: shortText(80).describe('Label of the box where the address is typed again.'),
        hint: shortText(200).describe('Under that box.'),
        mismatch: withSlots(200, 'email').describe('When the typed address is not the one above.'),
        button: shortText(60),
        working: shortText(60),
        done: withSlots(300, 'when', 'count').describe('After erasing; {count} says how many were deleted.'),
      })
      .strict()
      .describe("An Erase sender link: one address's submissions stored up to the team's message are deleted."),
    list: z
      .object({
        heading: withSlots(80, 'digest'),
        intro: withSlots(300, 'total').describe('Above the list; {total} counts the held submissions, e.g. "12 submissions".'),
        none: shortText(300).describe('When none of the digest is held any more.'),
        release: shortText(40).describe('Link of each row to its Release page.'),
        erase: shortText(40).describe('Link of each row to its Erase sender page.'),
        more: shortText(40).describe('Button that shows the next rows.'),
        back: shortText(40).describe('Link from an action back to the list it was opened from.'),
      })
      .strict()
      .describe("A digest's link to all its held submissions."),
    done: z
      .object({
        release: shortText(100).describe('{done} for a release, e.g. "the submission was released".'),
        erase: withSlots(100, 'count').describe('{done} for an erasure, e.g. "{count} erased".'),
      })
      .strict(),
    refusals: z
      .object({
        link_malformed: shortText(300),
        link_invalid: shortText(300),
        link_expired: withSlots(300, 'when'),
        link_used: withSlots(300, 'when', 'done'),
        already_released: withSlots(300, 'when'),
        not_held: shortText(300),
        row_gone: shortText(300).describe('The submission no longer exists, and nobody erased it with a link (retention, or the web team).'),
        row_erased: withSlots(300, 'when').describe('The submission no longer exists: its sender was erased with a link.'),
        nothing_stored: shortText(300),
        nothing_seen: shortText(300).describe(
          "Nothing stored up to the team's message is left, though newer submissions are (the kept sentence follows).",
        ),
        sender_erased: withSlots(300, 'when'),
        digest_gone: shortText(300),
        address_mismatch: withSlots(300, 'email'),
        not_configured: shortText(300),
        unavailable: shortText(300),
        refused: withSlots(300, 'code').describe('Any other refusal of the request; {code} names it for the web team.'),
        network: shortText(300).describe('The request did not get through (offline, connection dropped).'),
      })
      .strict()
      .describe('What the page says when a link cannot act; every one of them says whether anything was done.'),
  })
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
    teamActions: teamActionsCopy.describe('The page a Release or Erase sender link of a team message opens (/team-action).'),
  })
  .strict();
export type FormsCopy = z.infer<typeof formsCopySchema>;
