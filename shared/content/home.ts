// Copy of the home page. Numbers and the tagline come from shared/site.ts.
export const home = {
  hero: {
    eyebrow: 'Software agency in Accra, Ghana · Clients worldwide',
    title: 'We design, build and run the software your business grows on.',
    lead: 'Volta Labs brings engineers, designers and DevOps specialists together in one team. We launch your MVP within days, not weeks, and keep it fast, secure and ready to grow.',
    primaryCta: 'Book a free consultation',
    secondaryCta: 'Tell us about your project',
  },
  claimsLabel: 'Volta Labs in numbers',
  claims: [
    { key: 'clients', label: 'clients served' },
    { key: 'projects', label: 'projects delivered' },
    { key: 'countries', label: 'countries, one team' },
  ] as const,
  departments: {
    title: 'Four departments, one accountable team',
    intro: 'Bring us an idea, a design or a system that needs care. Each department has clear prices and timelines, and they work together on one plan.',
  },
  services: {
    title: 'What we build',
    intro: 'Thirteen services across software, design, web and DevOps. These are the ones clients ask for most.',
  },
  work: {
    title: 'Recent work',
    intro: 'From an Amsterdam cleaning company to a water company in Ghana: real projects, real results.',
  },
  process: {
    title: 'How we work',
    intro: 'A clear path from first call to launch, with something you can click every week.',
  },
  testimonials: {
    title: 'What our clients say',
  },
  cta: {
    title: 'Ready to launch?',
    text: 'Tell us what you are building. A strategist replies within 24 hours, or book a free 30-minute consultation now.',
  },
} as const;
