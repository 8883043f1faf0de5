// Copy of the small pages.
export const successPage = {
  title: 'Thank you! Your message is on its way',
  lead: 'We have received it and a member of our team will get back to you.',
  reply: 'We’ll reply within 24 hours.',
  next: 'While you wait',
} as const;

/** The not-found page: its text is in the catalogs (shared/i18n/locales), under these message ids. */
export const notFoundPage = {
  links: [
    { href: '/', label: 'nav.home', text: 'notFound.link.home' },
    { href: '/services', label: 'nav.services', text: 'notFound.link.services' },
    { href: '/portfolio', label: 'nav.portfolio', text: 'notFound.link.portfolio' },
    { href: '/contact', label: 'nav.contact', text: 'notFound.link.contact' },
    { href: '/faq', label: 'nav.faqs', text: 'notFound.link.faqs' },
  ],
} as const;
