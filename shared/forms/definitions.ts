import type { FieldDef, FieldErrors, FormCheck, FormValues } from './fields.ts';
import { isCalendarDate, isTimeZone, todayIn } from './fields.ts';
import { kindInSentence, type FormKind } from '../submissionKinds.ts';
import {
  bookingTopicChoices, budgetChoices, careerAreaChoices, experienceChoices, serviceChoices, timeWindowChoices, timelineChoices,
} from './choices.ts';

// The five forms of the site (docs/product.md §5: their rules are ours). Field names are the
// keys of the JSON the SPA posts, of the queue message and of the e-mail FormSubmit sends to the team.

export { formKinds, isFormKind, type FormKind } from '../submissionKinds.ts';

export interface FormDef {
  kind: FormKind;
  fields: readonly FieldDef[];
  /** The e-mail subject staff see. */
  subject(values: FormValues): string;
  check?: FormCheck;
}

const name: FieldDef = { name: 'name', label: 'Full name', type: 'text', required: true, noun: 'your name', min: 2, max: 100, autoComplete: 'name' };
const email: FieldDef = { name: 'email', label: 'Email address', type: 'email', required: true, noun: 'your email address', max: 254, autoComplete: 'email' };
const phone: FieldDef = { name: 'phone', label: 'Phone number (optional)', type: 'tel', required: false, noun: 'your phone number', max: 30, autoComplete: 'tel', hint: 'With the country code, for example +233 24 123 4567.' };

const contact: FormDef = {
  kind: 'contact',
  fields: [
    name,
    email,
    phone,
    { name: 'company', label: 'Company (optional)', type: 'text', required: false, noun: 'your company', max: 120, autoComplete: 'organization' },
    { name: 'service', label: 'Service you are interested in', type: 'select', required: true, noun: 'a service', max: 60, options: serviceChoices },
    { name: 'budget', label: 'Budget', type: 'select', required: true, noun: 'a budget', max: 60, options: budgetChoices },
    { name: 'timeline', label: 'Timeline', type: 'select', required: true, noun: 'a timeline', max: 60, options: timelineChoices },
    { name: 'message', label: 'Your message', type: 'textarea', required: true, noun: 'a message', min: 10, max: 5000, rows: 6, hint: 'What would you like to build, and for whom?' },
  ],
  subject: (v) => `New ${kindInSentence('contact')} from ${v.name}`,
};

const career: FormDef = {
  kind: 'career',
  fields: [
    name,
    email,
    phone,
    { name: 'role', label: 'Role you are applying for (optional)', type: 'text', required: false, noun: 'the role', max: 120, hint: 'One of our open roles, or leave empty for an open application.' },
    { name: 'area', label: 'Position or area', type: 'select', required: true, noun: 'a position or area', max: 60, options: careerAreaChoices },
    { name: 'experience', label: 'Years of experience', type: 'select', required: true, noun: 'your years of experience', max: 60, options: experienceChoices },
    { name: 'portfolio', label: 'Portfolio or LinkedIn URL', type: 'url', required: true, noun: 'a link to your portfolio or LinkedIn profile', max: 300, autoComplete: 'url', placeholder: 'https://' },
    { name: 'cv', label: 'Link to your CV (optional)', type: 'url', required: false, noun: 'a link to your CV', max: 300, placeholder: 'https://', hint: 'A shared Google Drive, Dropbox or OneDrive link. We do not take file uploads.' },
    { name: 'coverLetter', label: 'Cover letter', type: 'textarea', required: true, noun: 'a cover letter', min: 50, max: 5000, rows: 8, hint: 'Tell us what you have built and why you want to join us.' },
  ],
  subject: (v) => `New ${kindInSentence('career')} from ${v.name} (${v.role || v.area})`,
};

const affiliate: FormDef = {
  kind: 'affiliate',
  fields: [
    name,
    email,
    { name: 'company', label: 'Website or company', type: 'text', required: true, noun: 'your website or company', max: 200, autoComplete: 'organization' },
    { name: 'country', label: 'Country', type: 'text', required: true, noun: 'your country', min: 2, max: 80, autoComplete: 'country-name' },
    { name: 'audience', label: 'Your audience and channels', type: 'textarea', required: true, noun: 'your audience and channels', min: 10, max: 2000, rows: 4, hint: 'For example: a newsletter for 3,000 founders, a LinkedIn following, client referrals.' },
    { name: 'referralPlan', label: 'How you plan to refer clients', type: 'textarea', required: true, noun: 'how you plan to refer clients', min: 10, max: 2000, rows: 4 },
  ],
  subject: (v) => `New ${kindInSentence('affiliate')} from ${v.name}`,
};

const seoAudit: FormDef = {
  kind: 'seo-audit',
  fields: [
    name,
    email,
    { name: 'website', label: 'Website URL', type: 'url', required: true, noun: 'the address of your website', max: 300, autoComplete: 'url', placeholder: 'https://' },
    { name: 'goals', label: 'Main goals or keywords', type: 'textarea', required: true, noun: 'your main goals or keywords', min: 3, max: 2000, rows: 4, hint: 'What should people find you for? What should they do on your site?' },
    { name: 'competitors', label: 'Competitors (optional)', type: 'textarea', required: false, noun: 'your competitors', max: 1000, rows: 3, hint: 'Websites you compete with, one per line.' },
  ],
  subject: (v) => `New ${kindInSentence('seo-audit')} for ${v.website} from ${v.name}`,
};

/** The preferred date may not be before today in the visitor's time zone, nor more than a year ahead. */
const bookingCheck: FormCheck = (values, now, fieldMessages) => {
  const date = values.date ?? '';
  if (!isCalendarDate(date)) return undefined;
  // Without a valid time zone, use the earliest "today" on Earth (UTC-12).
  const zone = isTimeZone(values.timeZone ?? '') ? values.timeZone! : 'Etc/GMT+12';
  const today = todayIn(zone, now);
  const errors: FieldErrors = {};
  if (date < today) errors.date = fieldMessages.datePast;
  else if (date > todayIn(zone, new Date(now.getTime() + 366 * 86_400_000))) errors.date = fieldMessages.dateTooFar;
  return errors;
};

const booking: FormDef = {
  kind: 'booking',
  fields: [
    name,
    email,
    { name: 'date', label: 'Preferred date', type: 'date', required: true, noun: 'a date', max: 10 },
    { name: 'timeWindow', label: 'Preferred time', type: 'select', required: true, noun: 'a time', max: 60, options: timeWindowChoices, hint: 'In your time zone.' },
    { name: 'timeZone', label: 'Your time zone', type: 'timezone', required: true, noun: 'your time zone', max: 64, hint: 'For example Africa/Accra, Europe/London or America/New_York.' },
    { name: 'topic', label: 'Topic', type: 'select', required: true, noun: 'a topic', max: 60, options: bookingTopicChoices },
    { name: 'notes', label: 'Notes (optional)', type: 'textarea', required: false, noun: 'notes', max: 2000, rows: 4, hint: 'Anything we should read before the call.' },
  ],
  subject: (v) => `New ${kindInSentence('booking')} from ${v.name} for ${v.date}`,
  check: bookingCheck,
};

export const formDefinitions: Record<FormKind, FormDef> = {
  contact,
  career,
  affiliate,
  'seo-audit': seoAudit,
  booking,
};
