import type { DepartmentId } from './departments.ts';

// The people of Volta Labs. Avatars are drawn from initials; there are no photos.
export interface TeamMember {
  slug: string;
  name: string;
  role: string;
  /** The department they belong to, or "leadership" for people who run the company. */
  department: DepartmentId | 'leadership';
  location: string;
  bio: string;
  skills: string[];
}

export const team: readonly TeamMember[] = [
  {
    slug: 'kwame-asante',
    name: 'Kwame Asante',
    role: 'Founder and Managing Director',
    department: 'leadership',
    location: 'Accra',
    bio: 'Kwame spent eight years building payment and logistics systems for companies in Ghana and the Netherlands before founding Volta Labs in 2019. He still reviews every project plan and joins most first calls.',
    skills: ['Product strategy', 'Software architecture', 'Client partnerships'],
  },
  {
    slug: 'akosua-frimpong',
    name: 'Akosua Frimpong',
    role: 'Head of Delivery',
    department: 'leadership',
    location: 'Accra',
    bio: 'Akosua makes sure every project lands on time and on budget. A certified Scrum Master, she runs weekly demos, keeps clients informed and is the person to call when priorities change.',
    skills: ['Project management', 'Scrum', 'Client communication'],
  },
  {
    slug: 'kofi-boateng',
    name: 'Kofi Boateng',
    role: 'Lead Software Engineer',
    department: 'software',
    location: 'Accra',
    bio: 'Kofi leads our web engineering. He has shipped booking platforms, dashboards and APIs used by hundreds of thousands of people, and cares as much about tests and documentation as about features.',
    skills: ['React', 'TypeScript', 'Node.js', 'PostgreSQL'],
  },
  {
    slug: 'nana-kwesi-appiah',
    name: 'Nana Kwesi Appiah',
    role: 'Senior Mobile Engineer',
    department: 'software',
    location: 'Kumasi (remote)',
    bio: 'Nana builds our iOS and Android apps with React Native. He specialises in offline-first apps and mobile money payments, and led the AquaPure delivery apps from prototype to store launch.',
    skills: ['React Native', 'Expo', 'Offline sync', 'Mobile payments'],
  },
  {
    slug: 'ama-owusu',
    name: 'Ama Owusu',
    role: 'Head of Design',
    department: 'uiux',
    location: 'Accra',
    bio: 'Ama leads research, interface and brand design. Before Volta Labs she designed banking apps used across West Africa. She believes every design decision should survive a conversation with a real user.',
    skills: ['User research', 'Interface design', 'Design systems', 'Accessibility'],
  },
  {
    slug: 'dzifa-amenyo',
    name: 'Dzifa Amenyo',
    role: 'Product and Brand Designer',
    department: 'uiux',
    location: 'Ho (remote)',
    bio: 'Dzifa designs identities and product interfaces, from logos and guidelines to the screens that carry them. She designed the Sugarcraft cake builder and the Bright Steps identity.',
    skills: ['Branding', 'Figma', 'Illustration', 'Prototyping'],
  },
  {
    slug: 'efua-quaye',
    name: 'Efua Quaye',
    role: 'Web Design Lead',
    department: 'web-design',
    location: 'Accra',
    bio: 'Efua leads our websites, WordPress builds and online stores. She has launched more than twenty sites for businesses, churches and nonprofits, and trains every client team to edit their own content.',
    skills: ['WordPress', 'Shopify', 'WooCommerce', 'Responsive design'],
  },
  {
    slug: 'abena-ofori',
    name: 'Abena Ofori',
    role: 'SEO and Digital Marketing Specialist',
    department: 'web-design',
    location: 'Accra',
    bio: 'Abena helps clients get found and chosen. She runs technical SEO audits, local search and paid campaigns, and reports results in plain language every month.',
    skills: ['Technical SEO', 'Google Ads', 'Analytics', 'Content strategy'],
  },
  {
    slug: 'yaw-darko',
    name: 'Yaw Darko',
    role: 'DevOps Lead',
    department: 'devops',
    location: 'Accra',
    bio: 'Yaw designs the pipelines and cloud platforms our clients run on. He is a Certified Kubernetes Administrator and an AWS Solutions Architect, and has a habit of cutting cloud bills.',
    skills: ['Kubernetes', 'AWS', 'Terraform', 'CI/CD'],
  },
  {
    slug: 'selorm-agbeko',
    name: 'Selorm Agbeko',
    role: 'Cloud Security Engineer',
    department: 'devops',
    location: 'Accra',
    bio: 'Selorm keeps systems safe and observable. He leads our security reviews and compliance preparation and sets up the monitoring that wakes the right person at the right time.',
    skills: ['Security reviews', 'Monitoring', 'GDPR and Act 843', 'Incident response'],
  },
];

/** "Kwame Asante" → "KA" */
export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export const teamIntro = {
  title: 'The people behind the work',
  lead: 'Engineers, designers, web specialists and DevOps engineers, most of us in Accra and a few across Ghana. You will know the names of everyone who works on your project.',
} as const;
