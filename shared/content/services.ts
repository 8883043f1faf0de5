import type { DepartmentId } from './departments.ts';

// The 13 services of docs/product.md §1, in footer order. This module stays small: the footer, and so
// every page's JavaScript, imports it. One-sentence summaries are in serviceSummaries.ts, the full page
// content in serviceDetails.ts.
export type ServiceSlug =
  | 'web-development' | 'wordpress-development' | 'mobile-app-development' | 'ui-ux-design' | 'ecommerce'
  | 'branding' | 'digital-marketing' | 'seo-optimization' | 'cicd-pipeline' | 'cloud-infrastructure'
  | 'container-orchestration' | 'monitoring-logging' | 'security-compliance';

export interface Service {
  slug: ServiceSlug;
  name: string;
  department: DepartmentId;
}

export const services: readonly Service[] = [
  { slug: 'web-development', name: 'Web Development', department: 'software' },
  { slug: 'wordpress-development', name: 'WordPress Development', department: 'web-design' },
  { slug: 'mobile-app-development', name: 'Mobile App Development', department: 'software' },
  { slug: 'ui-ux-design', name: 'UI/UX Design', department: 'uiux' },
  { slug: 'ecommerce', name: 'E-commerce', department: 'web-design' },
  { slug: 'branding', name: 'Branding', department: 'uiux' },
  { slug: 'digital-marketing', name: 'Digital Marketing', department: 'web-design' },
  { slug: 'seo-optimization', name: 'SEO Optimization', department: 'web-design' },
  { slug: 'cicd-pipeline', name: 'CI/CD Pipeline', department: 'devops' },
  { slug: 'cloud-infrastructure', name: 'Cloud Infrastructure', department: 'devops' },
  { slug: 'container-orchestration', name: 'Container Orchestration', department: 'devops' },
  { slug: 'monitoring-logging', name: 'Monitoring and Logging', department: 'devops' },
  { slug: 'security-compliance', name: 'Security and Compliance', department: 'devops' },
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
