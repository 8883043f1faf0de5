// Facts about the agency that appear on many pages. Change them here, not in components.
export const site = {
  name: 'Volta Labs',
  legalName: 'Volta Labs Ltd.',
  tagline: 'Launch your MVP within days, not weeks. Crafted for speed and quality.',
  description:
    'Volta Labs is a software agency in Accra, Ghana, building web, mobile, design and DevOps work for clients worldwide.',
  email: 'hello@voltalabs.dev',
  phone: '+233 30 000 0000',
  address: { locality: 'Accra', country: 'GH', countryName: 'Ghana' },
  claims: { clients: '40+', projects: '50+', countries: '3+' },
  replyPromise: 'within 24 hours',
  affiliateCommission: '40%',
  footerYear: 2025,
  social: [
    { name: 'X', href: 'https://x.com/voltalabs' },
    { name: 'GitHub', href: 'https://github.com/voltalabs' },
    { name: 'Instagram', href: 'https://www.instagram.com/voltalabs' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/voltalabs' },
    { name: 'Upwork', href: 'https://www.upwork.com/agencies/voltalabs' },
  ],
} as const;
