import { departments } from '../content/departments.ts';

// Choice lists of the forms. Service, Budget and Timeline are the lists of docs/product.md §8.5, word for word;
// the others are ours (the spec does not show the forms' rules).

export const serviceChoices = ['Web Development', 'Mobile App', 'SEO', 'Branding', 'Digital Marketing', 'Automation'] as const;
export const budgetChoices = ['Under $5k', '$5k - $10k', '$10k - $25k', '$25k+', 'Not sure yet'] as const;
export const timelineChoices = ['ASAP', '1-2 months', '3-6 months', 'Flexible timeline'] as const;

/** Job applications: the four departments, plus anything else. */
export const careerAreaChoices = [...departments.map((d) => d.name), 'Other'] as const;
export const experienceChoices = ['Less than 1 year', '1-2 years', '3-5 years', '6-10 years', 'More than 10 years'] as const;

export const bookingTopicChoices = [
  'A new project',
  'A price estimate',
  'Improving an existing product',
  'Technical advice',
  'Partnership',
  'Something else',
] as const;
/** In the visitor's own time zone. */
export const timeWindowChoices = [
  'Morning (09:00-12:00)',
  'Early afternoon (12:00-15:00)',
  'Late afternoon (15:00-18:00)',
  'Evening (18:00-20:00)',
  'Any time',
] as const;
