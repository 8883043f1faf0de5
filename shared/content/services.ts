import type { DepartmentId } from './departments.ts';

// The 13 services of spec.md section 1, in footer order. Page content is filled in per service.
export interface Service {
  slug: string;
  name: string;
  department: DepartmentId;
  /** One sentence for cards, meta descriptions and the footer. */
  summary: string;
}

export const services: readonly Service[] = [
  { slug: 'web-development', name: 'Web Development', department: 'software', summary: 'Fast, accessible web applications built with modern frameworks.' },
  { slug: 'wordpress-development', name: 'WordPress Development', department: 'web-design', summary: 'Custom WordPress themes and plugins your team can edit with ease.' },
  { slug: 'mobile-app-development', name: 'Mobile App Development', department: 'software', summary: 'Native-quality iOS and Android apps from one codebase.' },
  { slug: 'ui-ux-design', name: 'UI/UX Design', department: 'uiux', summary: 'Research-led interfaces that make products simple to use.' },
  { slug: 'ecommerce', name: 'E-commerce', department: 'web-design', summary: 'Online stores that load fast and convert.' },
  { slug: 'branding', name: 'Branding', department: 'uiux', summary: 'Identities, logos and brand systems that travel across every channel.' },
  { slug: 'digital-marketing', name: 'Digital Marketing', department: 'web-design', summary: 'Campaigns measured by leads and sales, not likes.' },
  { slug: 'seo-optimization', name: 'SEO Optimization', department: 'web-design', summary: 'Technical and content SEO that earns lasting search traffic.' },
  { slug: 'cicd-pipeline', name: 'CI/CD Pipeline', department: 'devops', summary: 'Automated build, test and release pipelines.' },
  { slug: 'cloud-infrastructure', name: 'Cloud Infrastructure', department: 'devops', summary: 'Cloud setups that are secure, observable and cost-aware.' },
  { slug: 'container-orchestration', name: 'Container Orchestration', department: 'devops', summary: 'Docker and Kubernetes platforms that scale with you.' },
  { slug: 'monitoring-logging', name: 'Monitoring and Logging', department: 'devops', summary: 'Dashboards, alerts and logs that catch problems before users do.' },
  { slug: 'security-compliance', name: 'Security and Compliance', department: 'devops', summary: 'Hardening, audits and compliance readiness.' },
];

export function serviceBySlug(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug);
}
