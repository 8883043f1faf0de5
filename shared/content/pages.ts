// Copy of the small pages.
export const successPage = {
  title: 'Thank you! Your message is on its way',
  lead: 'We have received it and a member of our team will get back to you.',
  reply: 'We’ll reply within 24 hours.',
  next: 'While you wait',
} as const;

export const notFoundPage = {
  title: 'Page not found',
  lead: 'Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.',
  linksTitle: 'Try one of these instead',
  links: [
    { href: '/', label: 'Home', text: 'Start again from our home page.' },
    { href: '/services', label: 'Services', text: 'Software, design, web and DevOps services with prices.' },
    { href: '/portfolio', label: 'Portfolio', text: 'Projects we have delivered for clients worldwide.' },
    { href: '/contact', label: 'Contact', text: 'Tell us what you need; we reply within 24 hours.' },
    { href: '/faq', label: 'FAQs', text: 'Answers about prices, timelines and process.' },
  ],
} as const;
