import type { ServiceSlug } from './services.ts';

// One sentence per service, for cards, meta descriptions and structured data. Kept apart from
// services.ts so that the footer on every page does not carry them.
export const serviceSummaries: Record<ServiceSlug, string> = {
  'web-development': 'Fast, accessible web applications and customer portals built with React, TypeScript and Node.js.',
  'wordpress-development': 'Custom WordPress themes and plugins that load fast and that your team can edit with ease.',
  'mobile-app-development': 'iOS and Android apps from one React Native codebase, with offline support and mobile money payments.',
  'ui-ux-design': 'Research-led interface design and clickable prototypes that make products simple to use.',
  'ecommerce': 'Online stores that load fast, take card and mobile money payments and turn visitors into customers.',
  'branding': 'Logos, identities and brand guidelines that look consistent on every screen and every shopfront.',
  'digital-marketing': 'Search, social and email campaigns measured by leads and sales, not likes.',
  'seo-optimization': 'Technical, on-page and local SEO that earns lasting search traffic for the queries your customers use.',
  'cicd-pipeline': 'Automated build, test and release pipelines so every change ships safely in minutes.',
  'cloud-infrastructure': 'Secure, cost-aware cloud setups on AWS, Google Cloud, Azure or Cloudflare, written as code.',
  'container-orchestration': 'Docker and Kubernetes platforms that deploy, scale and heal your services automatically.',
  'monitoring-logging': 'Dashboards, alerts and searchable logs that catch problems before your users do.',
  'security-compliance': 'Security reviews, hardening and audit readiness for GDPR, Ghana’s Data Protection Act, SOC 2 and ISO 27001.',
};
