import type { DepartmentId } from './departments.ts';

// The 13 services of spec.md section 1, in footer order. This module stays small: it is part of the
// route table and so of every page's JavaScript. The full page content is in serviceDetails.ts.
export type ServiceSlug =
  | 'web-development' | 'wordpress-development' | 'mobile-app-development' | 'ui-ux-design' | 'ecommerce'
  | 'branding' | 'digital-marketing' | 'seo-optimization' | 'cicd-pipeline' | 'cloud-infrastructure'
  | 'container-orchestration' | 'monitoring-logging' | 'security-compliance';

export interface Service {
  slug: ServiceSlug;
  name: string;
  department: DepartmentId;
  /** One sentence for cards, meta descriptions and the footer. */
  summary: string;
}

export const services: readonly Service[] = [
  { slug: 'web-development', name: 'Web Development', department: 'software', summary: 'Fast, accessible web applications and customer portals built with React, TypeScript and Node.js.' },
  { slug: 'wordpress-development', name: 'WordPress Development', department: 'web-design', summary: 'Custom WordPress themes and plugins that load fast and that your team can edit with ease.' },
  { slug: 'mobile-app-development', name: 'Mobile App Development', department: 'software', summary: 'iOS and Android apps from one React Native codebase, with offline support and mobile money payments.' },
  { slug: 'ui-ux-design', name: 'UI/UX Design', department: 'uiux', summary: 'Research-led interface design and clickable prototypes that make products simple to use.' },
  { slug: 'ecommerce', name: 'E-commerce', department: 'web-design', summary: 'Online stores that load fast, take card and mobile money payments and turn visitors into customers.' },
  { slug: 'branding', name: 'Branding', department: 'uiux', summary: 'Logos, identities and brand guidelines that look consistent on every screen and every shopfront.' },
  { slug: 'digital-marketing', name: 'Digital Marketing', department: 'web-design', summary: 'Search, social and email campaigns measured by leads and sales, not likes.' },
  { slug: 'seo-optimization', name: 'SEO Optimization', department: 'web-design', summary: 'Technical, on-page and local SEO that earns lasting search traffic for the queries your customers use.' },
  { slug: 'cicd-pipeline', name: 'CI/CD Pipeline', department: 'devops', summary: 'Automated build, test and release pipelines so every change ships safely in minutes.' },
  { slug: 'cloud-infrastructure', name: 'Cloud Infrastructure', department: 'devops', summary: 'Secure, cost-aware cloud setups on AWS, Google Cloud, Azure or Cloudflare, written as code.' },
  { slug: 'container-orchestration', name: 'Container Orchestration', department: 'devops', summary: 'Docker and Kubernetes platforms that deploy, scale and heal your services automatically.' },
  { slug: 'monitoring-logging', name: 'Monitoring and Logging', department: 'devops', summary: 'Dashboards, alerts and searchable logs that catch problems before your users do.' },
  { slug: 'security-compliance', name: 'Security and Compliance', department: 'devops', summary: 'Security reviews, hardening and audit readiness for GDPR, Ghana’s Data Protection Act, SOC 2 and ISO 27001.' },
];

export function serviceBySlug(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug);
}

export function servicesInDepartment(id: DepartmentId): Service[] {
  return services.filter((s) => s.department === id);
}

/** The services the home page features first. */
export const featuredServiceSlugs: readonly ServiceSlug[] = [
  'web-development', 'mobile-app-development', 'ui-ux-design', 'ecommerce', 'seo-optimization', 'cloud-infrastructure',
];
