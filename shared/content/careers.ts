import type { DepartmentId } from './departments.ts';
import type { ProcessStep } from './types.ts';

// The careers page: culture, benefits, hiring process and open roles.
export interface OpenRole {
  slug: string;
  title: string;
  department: DepartmentId;
  location: string;
  type: 'Full-time' | 'Part-time' | 'Contract';
  summary: string;
  responsibilities: string[];
  requirements: string[];
  niceToHave: string[];
}

export const careers = {
  hero: {
    title: 'Build software for the world from Ghana',
    lead: 'We are a small team that ships real products for clients in Africa, Europe and North America. We look for people who care about their craft, explain things plainly and enjoy helping clients succeed.',
  },
  culture: [
    { title: 'Ship, then improve', text: 'We put working software in front of clients every week. Small, finished steps beat big plans.' },
    { title: 'Own your work', text: 'Everyone talks to clients, makes decisions in their area and is trusted to do the right thing without being watched.' },
    { title: 'Learn on the job', text: 'Pairing, code and design reviews, a yearly learning budget and time to try new tools on real problems.' },
    { title: 'Respect people’s time', text: 'Flexible hours inside a shared core, few meetings, written updates, and no weekend work as a habit.' },
  ],
  benefits: [
    'Salaries reviewed every year against the Ghanaian and international market',
    'Private health insurance for you and your dependants',
    'A learning budget of USD 1,000 a year for courses, books and certifications',
    'A laptop of your choice and a home-office allowance',
    '24 days of paid leave plus Ghana’s public holidays',
    'Hybrid work from our Accra studio, or fully remote for many roles',
  ],
  hiringProcess: [
    { title: 'Apply', text: 'Send the application form with your CV and links to work you are proud of. We reply to every applicant within 10 working days.' },
    { title: 'Introductory call', text: 'A 30-minute conversation about you, the role and how we work.' },
    { title: 'Practical exercise', text: 'A short paid task or a walkthrough of your own past work, whichever you prefer.' },
    { title: 'Meet the team', text: 'A conversation with the people you would work with most, then a decision within a week.' },
  ] satisfies ProcessStep[],
  openApplication:
    'Don’t see your role? We are always glad to hear from talented engineers, designers and marketers. Send an open application and tell us where you would make a difference.',
} as const;

export const openRoles: readonly OpenRole[] = [
  {
    slug: 'senior-full-stack-engineer',
    title: 'Senior Full-Stack Engineer (React and Node.js)',
    department: 'software',
    location: 'Accra (hybrid) or remote within UTC−1 to UTC+3',
    type: 'Full-time',
    summary: 'Lead the build of client web applications from first prototype to launch, and help shape how our engineering team works.',
    responsibilities: [
      'Design and build web applications and APIs with React, TypeScript and Node.js',
      'Turn client goals into technical plans and realistic estimates',
      'Review code, mentor engineers and keep our standards for tests and accessibility high',
      'Demo progress to clients every week and explain trade-offs in plain language',
    ],
    requirements: [
      'Five or more years building production web applications',
      'Strong TypeScript, React and Node.js, and solid SQL',
      'Experience with automated testing and continuous integration',
      'Clear written and spoken English',
    ],
    niceToHave: ['Cloudflare Workers or other edge platforms', 'Payment integrations such as Stripe or Paystack', 'Client-facing agency experience'],
  },
  {
    slug: 'mobile-engineer',
    title: 'Mobile Engineer (React Native)',
    department: 'software',
    location: 'Accra (hybrid)',
    type: 'Full-time',
    summary: 'Build iOS and Android apps that work beautifully on every phone and every network, for clients across three continents.',
    responsibilities: [
      'Build features in React Native and Expo from design to store release',
      'Implement offline-first data, push notifications and mobile payments',
      'Automate builds and releases to TestFlight and Google Play',
      'Monitor crashes and performance after launch and fix issues quickly',
    ],
    requirements: [
      'Three or more years building mobile apps, at least one published with React Native',
      'Good TypeScript and a feel for mobile interaction design',
      'Experience with App Store and Google Play submission',
    ],
    niceToHave: ['Mobile money integrations', 'Native iOS or Android experience', 'Maps and location features'],
  },
  {
    slug: 'product-designer',
    title: 'Product Designer (UI/UX)',
    department: 'uiux',
    location: 'Remote (Africa or Europe time zones) or Accra',
    type: 'Full-time',
    summary: 'Research, design and test interfaces for web and mobile products, and build the design systems our developers rely on.',
    responsibilities: [
      'Plan and run user interviews and usability tests',
      'Design journeys, wireframes and high-fidelity screens in Figma',
      'Build and maintain component libraries and design tokens',
      'Present work to clients and work closely with engineers during the build',
    ],
    requirements: [
      'A portfolio showing research-led product design for web and mobile',
      'Expert Figma skills, including components and variables',
      'Working knowledge of accessibility (WCAG 2.2)',
    ],
    niceToHave: ['Brand identity work', 'Basic HTML and CSS', 'Experience designing for low-bandwidth users'],
  },
  {
    slug: 'devops-engineer',
    title: 'DevOps Engineer',
    department: 'devops',
    location: 'Accra (hybrid) or remote within UTC−1 to UTC+3',
    type: 'Full-time',
    summary: 'Set up and run the pipelines, cloud platforms and monitoring that keep our clients’ products fast and available.',
    responsibilities: [
      'Build CI/CD pipelines and infrastructure as code for client projects',
      'Operate Kubernetes and managed container platforms',
      'Set up monitoring, logging and alerting, and take part in a fair on-call rota',
      'Carry out security hardening and cost reviews',
    ],
    requirements: [
      'Three or more years in DevOps, SRE or platform engineering',
      'Hands-on Terraform and at least one major cloud (AWS, Google Cloud or Azure)',
      'Experience with Docker, Kubernetes and GitHub Actions or GitLab CI',
    ],
    niceToHave: ['CKA or cloud certifications', 'Security compliance work (SOC 2, ISO 27001)', 'Go or Python scripting'],
  },
  {
    slug: 'wordpress-developer',
    title: 'WordPress Developer',
    department: 'web-design',
    location: 'Remote within Ghana',
    type: 'Contract',
    summary: 'A six-month contract, with the option to extend, building custom block themes and WooCommerce stores for our web design clients.',
    responsibilities: [
      'Build custom block themes and plugins from Figma designs',
      'Set up WooCommerce stores with local and international payments',
      'Migrate content from old sites and keep search rankings intact',
      'Optimise speed and security on live WordPress sites',
    ],
    requirements: [
      'Two or more years of professional WordPress development',
      'Good PHP, JavaScript and modern CSS',
      'Experience with the block editor (Gutenberg)',
    ],
    niceToHave: ['WooCommerce and Paystack', 'Technical SEO', 'Experience training client editors'],
  },
];
