/** The contact form on /contact (definition: src/lib/forms/contact.ts). */
import { contactForm } from '../../lib/forms/contact';
import type { FormsCopy } from '../../lib/content/schemas';
import { SubmissionForm } from '../forms/SubmissionForm';

interface Props {
  copy: FormsCopy['contact'];
  common: FormsCopy['common'];
  labelledBy?: string;
}

export default function ContactForm({ copy, common, labelledBy }: Props) {
  return <SubmissionForm definition={contactForm} copy={copy} common={common} labelledBy={labelledBy} success={() => copy.success} />;
}
