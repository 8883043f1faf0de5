import type { ServiceSlug } from './services.ts';
import type { FaqItem, ProcessStep, WeekRange } from './types.ts';

// The page content of each of the 13 services. Only the service pages (and the server) import this
// module, so its size does not weigh on the home page.
export interface ServiceDetail {
  /** The lead paragraph under the page heading. */
  headline: string;
  /** "What it is": two or three paragraphs. */
  whatItIs: string[];
  /** Who the service is for. */
  idealFor: string[];
  /** "What you get": the deliverables the client receives. */
  deliverables: string[];
  /** "How we work". */
  process: ProcessStep[];
  /** Typical duration of a project of this kind; inside the department's range. */
  typicalWeeks: WeekRange;
  /** What makes a project shorter or longer. */
  timelineNote: string;
  /** Tools and technologies we use. */
  tools: string[];
  faqs: FaqItem[];
}

export const serviceDetails: Record<ServiceSlug, ServiceDetail> = {
  'web-development': {
    headline:
      'We build web applications, customer portals and internal tools that are fast on a phone in Accra and a laptop in Amsterdam, and that your next developer will be glad to inherit.',
    whatItIs: [
      'Web development is the engineering of software that runs in the browser: booking systems, dashboards, marketplaces, learning platforms and the back ends that power them. We build with React and TypeScript on the front end and Node.js on the server, deployed to the edge or the cloud, so pages load quickly even on slow mobile networks.',
      'Every project starts from a working slice of the product within the first days. You see real software early, give feedback on something you can click, and we grow it in short, demonstrated iterations until it is ready for your customers.',
    ],
    idealFor: [
      'Founders who need a minimum viable product in front of users or investors',
      'Businesses replacing spreadsheets, paper forms or WhatsApp orders with a proper system',
      'Teams that need a customer portal, dashboard or booking flow connected to existing tools',
      'Companies whose current web app is slow, fragile or hard to change',
    ],
    deliverables: [
      'A production web application deployed on your own hosting account',
      'Source code in your Git repository, with a README that gets a new developer running in minutes',
      'Automated tests and a continuous integration pipeline that runs them on every change',
      'An admin area for your team to manage content, users and orders',
      'Accessibility checked to WCAG 2.2 AA and Lighthouse performance above 90 on mobile',
      'A recorded walkthrough and a one-hour handover session for your team',
      '30 days of free bug fixes after launch',
    ],
    process: [
      { title: 'Discovery call', text: 'A 30-minute call to understand the problem, the users and the deadline. You get a written scope and a fixed quote within two working days.' },
      { title: 'Technical plan and prototype', text: 'We agree the data model, integrations and the first user journey, and show a clickable prototype before any production code is written.' },
      { title: 'Build in weekly iterations', text: 'Each week ends with a demo on a staging link you can share. Priorities are yours to change between iterations.' },
      { title: 'Launch', text: 'We load-test, run an accessibility and security review, migrate data and go live on a date that suits your business.' },
      { title: 'Handover and support', text: 'You receive the code, the credentials and the documentation, plus 30 days of bug fixes. Ongoing support plans are optional.' },
    ],
    typicalWeeks: { min: 4, max: 12 },
    timelineNote:
      'A focused MVP with one core user journey usually takes four to six weeks. Platforms with payments, several user roles or integrations with existing systems take eight to twelve.',
    tools: ['React', 'TypeScript', 'Node.js', 'Hono', 'PostgreSQL', 'Cloudflare Workers', 'Appwrite', 'Playwright'],
    faqs: [
      { question: 'Can you take over an existing web application?', answer: 'Yes. We start with a one-week code review, tell you plainly what is worth keeping, and then either improve it step by step or plan a rebuild.' },
      { question: 'Do you build the back end as well?', answer: 'Yes. We design the database and APIs, connect payment providers such as Stripe and Paystack, and integrate with the tools you already use.' },
      { question: 'Will the application work on slow connections?', answer: 'Yes. We set performance budgets for every page, prerender what we can and test on throttled mobile networks before launch.' },
    ],
  },

  'wordpress-development': {
    headline:
      'Custom WordPress sites with a theme built for your brand, blocks your team can edit without breaking the layout, and the speed and security WordPress is often missing.',
    whatItIs: [
      'WordPress runs a large share of the web because editors love it. We build custom block themes and plugins instead of piling page builders onto a stock template, so your site stays fast, secure and easy to update for years.',
      'Your team gets a set of reusable content blocks designed for your pages, sensible user roles and an editing experience that matches what visitors see. We also rescue existing WordPress sites that have become slow or been compromised.',
    ],
    idealFor: [
      'Organisations whose staff publish news, events or resources every week',
      'Churches, schools and nonprofits that need an easy-to-edit site on a modest budget',
      'Businesses stuck with a slow theme full of plugins they do not use',
      'Owners of hacked or outdated WordPress sites that need a clean rebuild',
    ],
    deliverables: [
      'A custom block theme designed for your brand, with no page-builder lock-in',
      'A library of reusable content blocks for your pages',
      'Contact forms, newsletter sign-up and event or sermon listings as needed',
      'Caching, image optimisation and security hardening configured',
      'Content migration from your old site with redirects that keep your search rankings',
      'An editor guide and a training session for your team',
      '30 days of free bug fixes after launch',
    ],
    process: [
      { title: 'Content and goals', text: 'We review your current site, analytics and content, and agree the pages, blocks and integrations you need.' },
      { title: 'Design', text: 'Our designers produce the key page layouts in Figma for your approval before development starts.' },
      { title: 'Theme and block development', text: 'We build the theme and blocks on a staging site where you can start entering content early.' },
      { title: 'Migration and launch', text: 'We move your content, set up redirects, test forms and speed, and switch the domain with no downtime.' },
      { title: 'Training', text: 'A live training session and a written guide so your team can publish with confidence from day one.' },
    ],
    typicalWeeks: { min: 3, max: 8 },
    timelineNote:
      'A brochure site of up to ten pages takes about three to four weeks. Larger sites with memberships, events or multilingual content take six to eight.',
    tools: ['WordPress', 'PHP', 'Gutenberg blocks', 'Advanced Custom Fields', 'WooCommerce', 'WP-CLI', 'Cloudflare'],
    faqs: [
      { question: 'Will we be able to edit the site ourselves?', answer: 'Yes. Every page is built from blocks your team can add, reorder and edit, and we train your editors before launch.' },
      { question: 'Do you use page builders such as Elementor?', answer: 'We build custom block themes instead. They are faster, more secure and do not tie you to a paid plugin.' },
      { question: 'Can you host the site for us?', answer: 'We set it up on a managed WordPress host in your name and can look after updates and backups on a support plan.' },
    ],
  },

  'mobile-app-development': {
    headline:
      'iOS and Android apps from one codebase, designed for real conditions: patchy networks, older phones and customers who pay with mobile money.',
    whatItIs: [
      'We build mobile apps with React Native and Expo, which gives you native apps for iPhone and Android from a single codebase, at roughly the cost of one. The apps use the device camera, location, notifications and secure storage just like apps written separately for each platform.',
      'We design for the way people actually use phones: offline-first data so the app works on a weak signal, small downloads, and payment flows that support cards as well as MTN MoMo, Telecel Cash and AirtelTigo Money where your customers need them.',
    ],
    idealFor: [
      'Businesses whose customers order, book or pay from their phones',
      'Ministries and communities that want daily content, notifications and giving in one app',
      'Startups validating a mobile-first product with real users',
      'Companies with a web platform that now need a companion app',
    ],
    deliverables: [
      'Apps for iOS and Android, published to the App Store and Google Play under your accounts',
      'An admin web panel to manage content, users and orders',
      'Push notifications and analytics configured',
      'Card and mobile money payments through Paystack, Flutterwave or Stripe where needed',
      'Source code, build pipeline and store listing assets handed over to you',
      '30 days of free bug fixes after launch',
    ],
    process: [
      { title: 'Product workshop', text: 'We define the core user journeys, the data the app needs and what must work offline.' },
      { title: 'Prototype on your phone', text: 'A clickable prototype you can install and test with real users before we build.' },
      { title: 'Build in iterations', text: 'Weekly test builds through TestFlight and Google Play internal testing, so you see progress on your own device.' },
      { title: 'Store submission', text: 'We prepare screenshots, privacy details and listings and guide the apps through Apple and Google review.' },
      { title: 'Launch and improve', text: 'We watch crash reports and usage in the first weeks and ship fixes quickly.' },
    ],
    typicalWeeks: { min: 8, max: 16 },
    timelineNote:
      'An app with one main flow, sign-in and notifications takes about eight to ten weeks. Apps with payments, real-time features or complex offline sync take up to sixteen.',
    tools: ['React Native', 'Expo', 'TypeScript', 'Appwrite', 'Firebase Cloud Messaging', 'Paystack', 'Sentry'],
    faqs: [
      { question: 'Do we need separate apps for iPhone and Android?', answer: 'No. One React Native codebase produces both apps, which saves time and keeps features in step on both platforms.' },
      { question: 'Who owns the App Store and Google Play listings?', answer: 'You do. The apps are published under your developer accounts, and we help you create them if you do not have them yet.' },
      { question: 'Can the app accept mobile money?', answer: 'Yes. We integrate payment providers that support MTN MoMo, Telecel Cash and AirtelTigo Money alongside cards.' },
    ],
  },

  'ui-ux-design': {
    headline:
      'Interfaces your customers understand at first glance, grounded in research with real users and delivered as a design system your developers can build exactly.',
    whatItIs: [
      'UI/UX design covers how a product works (the user experience) and how it looks (the user interface). We interview your users, map the journeys that matter, test early sketches and turn what we learn into polished, accessible screens.',
      'You receive more than pictures: a clickable prototype, a component library in Figma and written specifications, so that any development team, ours or yours, builds the product as designed.',
    ],
    idealFor: [
      'Founders who want to test an idea with users before paying for development',
      'Products with good features but confused users or low sign-up rates',
      'Teams that need a consistent design system across web and mobile',
      'Organisations preparing a redesign and wanting evidence, not opinions',
    ],
    deliverables: [
      'User interviews and a short research report with the key findings',
      'User journeys and wireframes for the core flows',
      'High-fidelity screens for mobile and desktop',
      'A clickable prototype for testing and investor demos',
      'A Figma component library with colours, type and spacing tokens',
      'An accessibility review against WCAG 2.2 AA',
      'Developer handover notes for every screen',
    ],
    process: [
      { title: 'Research', text: 'Stakeholder workshop, five to eight user interviews and a review of analytics and competitors.' },
      { title: 'Journeys and wireframes', text: 'We map the flows and sketch low-fidelity screens, agreeing structure before visual detail.' },
      { title: 'Visual design', text: 'High-fidelity screens in your brand, built from reusable components.' },
      { title: 'Prototype and test', text: 'We test the clickable prototype with real users and refine what trips them up.' },
      { title: 'Handover', text: 'The design system, specifications and a walkthrough with your developers.' },
    ],
    typicalWeeks: { min: 2, max: 6 },
    timelineNote:
      'A focused flow such as onboarding or checkout takes two to three weeks. A complete product with research and a design system takes five to six.',
    tools: ['Figma', 'FigJam', 'Maze', 'Hotjar', 'Google Analytics', 'Stark accessibility checker'],
    faqs: [
      { question: 'Do you also build what you design?', answer: 'Yes. Our developers can build it, and the handover is just as complete if your own team builds it.' },
      { question: 'How many revisions are included?', answer: 'Two rounds of revisions on every stage are included. We test with users so decisions rest on evidence rather than endless rounds.' },
      { question: 'Can you improve an existing product instead of starting over?', answer: 'Yes. We often start with a UX audit that lists the biggest problems and fixes them in order of impact.' },
    ],
  },

  ecommerce: {
    headline:
      'Online stores that load in a blink, make checkout effortless and take payment the way your customers prefer, from Visa in Amsterdam to MoMo in Accra.',
    whatItIs: [
      'We design and build online stores on Shopify, WooCommerce or a custom headless storefront, depending on your products, your budget and how much control you need. Every store is designed around the buying journey: clear product pages, a short checkout and reassuring delivery information.',
      'We connect the store to the tools that run your business: payment providers, delivery partners, stock and accounting, email marketing. You get a shop your staff can manage and customers trust.',
    ],
    idealFor: [
      'Retailers and makers moving from Instagram or WhatsApp orders to a real shop',
      'Businesses selling custom or made-to-order products that need options and deposits',
      'Existing stores with slow pages or abandoned checkouts',
      'Brands selling across borders in several currencies',
    ],
    deliverables: [
      'A designed and built online store with product, collection and checkout pages',
      'Payments by card and mobile money configured and tested',
      'Delivery zones, shipping rates and taxes set up',
      'Product import from your spreadsheets or old store',
      'Order notifications, abandoned-cart emails and analytics with conversion tracking',
      'Staff training on managing products, orders and discounts',
      '30 days of free bug fixes after launch',
    ],
    process: [
      { title: 'Catalogue and operations review', text: 'We look at your products, how you fulfil orders and how customers pay today.' },
      { title: 'Platform choice and design', text: 'We recommend Shopify, WooCommerce or headless with the reasons, then design the key pages.' },
      { title: 'Build and integrate', text: 'We build the store and connect payments, delivery and email on a private preview link.' },
      { title: 'Test orders and launch', text: 'We run real test orders with every payment method before opening the doors.' },
      { title: 'Grow', text: 'After launch we review conversion data with you and suggest improvements.' },
    ],
    typicalWeeks: { min: 4, max: 10 },
    timelineNote:
      'A store with up to 100 products on Shopify or WooCommerce takes about four to six weeks. Custom product builders, several currencies or a headless storefront take eight to ten.',
    tools: ['Shopify', 'WooCommerce', 'Next.js', 'Stripe', 'Paystack', 'Flutterwave', 'Klaviyo', 'Google Analytics 4'],
    faqs: [
      { question: 'Shopify or WooCommerce?', answer: 'Shopify is quicker to run with fewer technical worries; WooCommerce gives more control and no monthly platform fee. We recommend one after looking at your products and team.' },
      { question: 'Can customers pay a deposit for custom orders?', answer: 'Yes. We have built deposit and balance payments for made-to-order products, including date selection for delivery.' },
      { question: 'Will the store work with mobile money?', answer: 'Yes. Paystack and Flutterwave accept Ghanaian mobile money as well as cards.' },
    ],
  },

  branding: {
    headline:
      'A brand identity that says who you are in a glance, and guidelines that keep it consistent on your website, your app, your signboard and your social feeds.',
    whatItIs: [
      'Branding is the set of decisions that make your organisation recognisable: name, logo, colours, typography, imagery and tone of voice. We start from your audience and your ambitions and design an identity that is distinctive, practical and ready for digital use.',
      'Every identity we design is tested at real sizes, from a favicon to a billboard, and checked for colour contrast so it stays accessible on screen.',
    ],
    idealFor: [
      'New businesses and startups preparing to launch',
      'Organisations whose look has drifted across different designers and channels',
      'Ministries and nonprofits that need a trustworthy, consistent presence',
      'Companies entering new markets that need a brand that travels',
    ],
    deliverables: [
      'Brand strategy summary: audience, positioning and personality',
      'Logo in primary, secondary and icon versions, in every format you need',
      'Colour palette with accessible combinations and typography system',
      'Brand guidelines document in PDF',
      'Social media templates and business card and letterhead designs',
      'All source files, with full ownership transferred to you',
    ],
    process: [
      { title: 'Brand workshop', text: 'A working session on your audience, competitors, values and where you want to be in five years.' },
      { title: 'Concepts', text: 'Two or three distinct creative directions, each shown in real applications.' },
      { title: 'Refinement', text: 'We develop your chosen direction through two rounds of feedback.' },
      { title: 'Guidelines and assets', text: 'We produce the complete asset kit and the guidelines that explain how to use it.' },
    ],
    typicalWeeks: { min: 2, max: 6 },
    timelineNote:
      'A logo and core identity takes two to three weeks. A full brand system with guidelines and templates takes four to six.',
    tools: ['Figma', 'Adobe Illustrator', 'Adobe InDesign', 'Google Fonts', 'Contrast checkers'],
    faqs: [
      { question: 'Do we own the logo?', answer: 'Yes. Once the final invoice is paid, all rights to the identity and its source files transfer to you.' },
      { question: 'Can you refresh our existing logo instead of replacing it?', answer: 'Yes. Many clients need an evolution, not a revolution, and we will tell you honestly which one fits.' },
      { question: 'Do you help with naming?', answer: 'Yes. Naming can be added to a branding project, including checks on domain and social handle availability.' },
    ],
  },

  'digital-marketing': {
    headline:
      'Search, social and email campaigns that bring you customers, with clear monthly reports that show what each cedi, euro or dollar returned.',
    whatItIs: [
      'Digital marketing is how people who need what you sell find you, trust you and come back. We plan and run campaigns on Google, Meta and LinkedIn, write email sequences that nurture leads, and set up tracking so every result is measured.',
      'We begin with the basics most campaigns skip: a landing page that converts, analytics you can trust and a clear target cost per lead. Only then do we spend your advertising budget.',
    ],
    idealFor: [
      'Businesses with a good website but too few enquiries',
      'Service companies that want a steady flow of local leads',
      'Online stores that need to grow sales profitably',
      'Nonprofits and ministries growing their donor and member base',
    ],
    deliverables: [
      'A marketing plan with channels, budget split and target cost per lead',
      'Conversion tracking with Google Analytics 4 and advertising pixels',
      'Campaign setup and management on Google Ads, Meta and LinkedIn',
      'Landing pages and ad creative',
      'Email welcome and follow-up sequences',
      'A monthly report and review call',
    ],
    process: [
      { title: 'Audit and plan', text: 'We review your audience, competitors and current results, then agree goals and budget.' },
      { title: 'Tracking and landing pages', text: 'We make sure every lead and sale is measured before money is spent.' },
      { title: 'Launch campaigns', text: 'Small, controlled tests of audiences and messages across the chosen channels.' },
      { title: 'Optimise', text: 'Weekly adjustments: we move budget to what works and stop what does not.' },
      { title: 'Report', text: 'A plain-language monthly report with leads, sales, cost and next steps.' },
    ],
    typicalWeeks: { min: 3, max: 8 },
    timelineNote:
      'Set-up and the first campaigns take three to four weeks. Campaigns usually need six to eight weeks of data to reach a stable cost per lead, after which many clients continue monthly.',
    tools: ['Google Ads', 'Meta Ads Manager', 'LinkedIn Campaign Manager', 'Google Analytics 4', 'Google Tag Manager', 'Mailchimp', 'Looker Studio'],
    faqs: [
      { question: 'How much should we spend on advertising?', answer: 'It depends on your market and margins. We recommend a test budget in the plan and only scale it when the cost per lead is where it should be.' },
      { question: 'Is the advertising budget included in your fee?', answer: 'No. Ad spend is paid directly to Google, Meta or LinkedIn from your own accounts, so you always see exactly where it goes.' },
      { question: 'Do you lock us into long contracts?', answer: 'No. After the set-up project, ongoing management runs month to month with 30 days’ notice.' },
    ],
  },

  'seo-optimization': {
    headline:
      'Technical, on-page and local SEO that puts you in front of people searching for what you offer, and keeps you there without tricks that search engines punish.',
    whatItIs: [
      'Search engine optimisation makes your website easy for search engines to crawl, understand and rank. We fix the technical foundations (speed, indexing, structured data), improve the pages that matter and help you publish content that answers your customers’ real questions.',
      'For local businesses we optimise your Google Business Profile and local listings so that you appear when someone nearby searches for your service. Every month you see rankings, traffic and enquiries from search in one clear report.',
    ],
    idealFor: [
      'Businesses that depend on being found on Google',
      'Sites that lost traffic after a redesign or a search engine update',
      'Local service companies competing in their city',
      'Organisations publishing content that nobody finds',
    ],
    deliverables: [
      'A full technical SEO audit with a prioritised fix list',
      'Speed, indexing, sitemap and structured data fixes implemented',
      'Keyword research mapped to your pages',
      'On-page optimisation of titles, headings and content for key pages',
      'Google Business Profile and local listings optimisation',
      'Monthly ranking and traffic report with recommendations',
    ],
    process: [
      { title: 'Audit', text: 'We crawl your site, review Search Console and analytics, and list issues by impact. Start with our free SEO audit if you like.' },
      { title: 'Fix the foundations', text: 'Technical fixes first: speed, indexing, redirects, structured data and mobile usability.' },
      { title: 'Optimise key pages', text: 'Keyword mapping and rewrites for the pages that bring customers.' },
      { title: 'Content and local presence', text: 'A content plan and local listings that build authority over time.' },
      { title: 'Measure and report', text: 'Monthly reporting on rankings, traffic and enquiries, with the next priorities.' },
    ],
    typicalWeeks: { min: 4, max: 10 },
    timelineNote:
      'Technical fixes and on-page work take four to six weeks. Rankings typically move within two to three months, and competitive terms take longer.',
    tools: ['Google Search Console', 'Google Analytics 4', 'Screaming Frog', 'Ahrefs', 'PageSpeed Insights', 'Schema.org markup'],
    faqs: [
      { question: 'Can you guarantee first place on Google?', answer: 'No honest agency can. We guarantee the work: a technically sound site, optimised pages and transparent reporting on results.' },
      { question: 'How soon will we see results?', answer: 'Technical fixes can help within weeks; meaningful ranking gains usually show within two to three months.' },
      { question: 'Is there a free starting point?', answer: 'Yes. Request a free SEO audit and we will send you a prioritised list of fixes for your site.' },
    ],
  },

  'cicd-pipeline': {
    headline:
      'Automated pipelines that build, test and release every change in minutes, so your team ships more often with fewer late-night surprises.',
    whatItIs: [
      'Continuous integration and continuous delivery (CI/CD) means every code change is automatically built, tested and prepared for release. Instead of manual uploads and crossed fingers, releases become routine, repeatable and reversible.',
      'We design pipelines around your stack and your team: fast feedback on pull requests, preview environments for every branch, and one-click or fully automatic deployment to production with a rollback path.',
    ],
    idealFor: [
      'Teams still deploying by hand or over FTP',
      'Products where releases often break something',
      'Growing teams that need consistent quality checks on every change',
      'Companies preparing for audits that require change control',
    ],
    deliverables: [
      'Pipelines for build, test, security scanning and deployment',
      'Preview environments for pull requests',
      'Staged releases to staging and production with approvals and rollback',
      'Secrets managed securely, never stored in code',
      'Pipeline documentation and a runbook for your team',
      'A training session on the new workflow',
    ],
    process: [
      { title: 'Assess', text: 'We map how code gets from a laptop to production today and where it hurts.' },
      { title: 'Design', text: 'We agree branching, environments, quality gates and release approvals with your team.' },
      { title: 'Implement', text: 'We build the pipeline step by step, keeping your current releases working throughout.' },
      { title: 'Hand over', text: 'Documentation, a runbook and a session with your developers.' },
    ],
    typicalWeeks: { min: 2, max: 6 },
    timelineNote:
      'A pipeline for a single application takes two to three weeks. Several services, mobile app releases or compliance gates take up to six.',
    tools: ['GitHub Actions', 'GitLab CI', 'Docker', 'Terraform', 'Playwright', 'SonarQube', 'Fastlane'],
    faqs: [
      { question: 'We use GitLab, not GitHub. Is that a problem?', answer: 'Not at all. We work with GitHub Actions, GitLab CI, Bitbucket Pipelines and other common CI tools.' },
      { question: 'Can you add tests to a project that has none?', answer: 'Yes. We start with smoke tests on the most important journeys so the pipeline protects you from the first day.' },
      { question: 'Will our releases stop while you work?', answer: 'No. We build the new pipeline alongside your current process and switch over once it has proven itself.' },
    ],
  },

  'cloud-infrastructure': {
    headline:
      'Cloud infrastructure that is secure by default, written as code, sized for your real traffic and costed so the monthly bill holds no surprises.',
    whatItIs: [
      'We design, build and migrate cloud environments on AWS, Google Cloud, Azure and Cloudflare. Everything is defined as code with Terraform, so environments can be reviewed, reproduced and rebuilt in minutes.',
      'We pay equal attention to what it costs to run: right-sized resources, autoscaling, budgets and alerts. Many clients save a noticeable share of their monthly bill after our review.',
    ],
    idealFor: [
      'Startups setting up production infrastructure for the first time',
      'Companies moving from a single server or shared hosting to the cloud',
      'Teams whose cloud bill has grown faster than their traffic',
      'Organisations that need separate, secure staging and production environments',
    ],
    deliverables: [
      'An architecture diagram and decision record for your environment',
      'Infrastructure as code in your repository',
      'Networking, identity and access set up on least-privilege principles',
      'Automated backups with a tested restore procedure',
      'Cost budgets, alerts and a right-sizing report',
      'Migration of your applications and data with minimal downtime',
    ],
    process: [
      { title: 'Review', text: 'We review your applications, traffic, data and current costs.' },
      { title: 'Architecture', text: 'We propose an architecture with cost estimates and agree it with you.' },
      { title: 'Build as code', text: 'We build staging first, then production, entirely with infrastructure as code.' },
      { title: 'Migrate', text: 'We move applications and data in rehearsed steps, with a rollback plan.' },
      { title: 'Optimise', text: 'After a few weeks of real traffic we right-size and hand over.' },
    ],
    typicalWeeks: { min: 3, max: 10 },
    timelineNote:
      'A new environment for one application takes three to four weeks. Migrations of several applications with data take eight to ten.',
    tools: ['AWS', 'Google Cloud', 'Microsoft Azure', 'Cloudflare', 'Terraform', 'PostgreSQL', 'Redis'],
    faqs: [
      { question: 'Which cloud provider should we choose?', answer: 'It depends on your team’s skills, your region and your services. We compare options with real cost estimates before recommending one.' },
      { question: 'Who owns the cloud accounts?', answer: 'You do. Everything is created in accounts registered to your organisation, and we work with access you can revoke at any time.' },
      { question: 'Can you reduce our current cloud bill?', answer: 'Usually, yes. A cost review often finds idle resources, oversized instances and missing discounts.' },
    ],
  },

  'container-orchestration': {
    headline:
      'Docker and Kubernetes platforms that deploy your services the same way every time, scale with demand and recover on their own when something fails.',
    whatItIs: [
      'Containers package an application with everything it needs, so it runs identically on a laptop, in testing and in production. Orchestration platforms such as Kubernetes run those containers across servers, restart them when they fail and add capacity when traffic rises.',
      'We containerise your applications, set up managed Kubernetes or a simpler container service when that fits better, and give your team a deployment workflow that does not require everyone to become a Kubernetes expert.',
    ],
    idealFor: [
      'Products made of several services that are hard to deploy together',
      'Teams with traffic peaks that a single server cannot handle',
      'Companies running containers already but struggling with reliability',
      'Organisations that need to run the same stack in more than one region',
    ],
    deliverables: [
      'Production-ready Dockerfiles for your applications',
      'A managed Kubernetes cluster or container service, defined as code',
      'Deployment manifests or Helm charts with health checks and autoscaling',
      'Ingress, TLS certificates and secrets management configured',
      'A GitOps deployment workflow',
      'Runbooks for common operations and a training session',
    ],
    process: [
      { title: 'Assess', text: 'We review your services, their dependencies and how they are deployed today.' },
      { title: 'Containerise', text: 'We write lean, secure images and run them locally with your team.' },
      { title: 'Build the platform', text: 'We set up the cluster, networking, secrets and observability as code.' },
      { title: 'Migrate services', text: 'Services move one at a time, with traffic shifted gradually and rollback ready.' },
      { title: 'Hand over', text: 'Runbooks, dashboards and training so your team can operate the platform.' },
    ],
    typicalWeeks: { min: 4, max: 12 },
    timelineNote:
      'Containerising and deploying two or three services takes four to six weeks. Larger platforms with many services or several regions take up to twelve.',
    tools: ['Docker', 'Kubernetes', 'Helm', 'Argo CD', 'Amazon EKS', 'Google GKE', 'Terraform'],
    faqs: [
      { question: 'Do we really need Kubernetes?', answer: 'Not always. For one or two services a simpler container service is often cheaper and easier, and we will say so.' },
      { question: 'Will our developers need to learn Kubernetes?', answer: 'Only a little. We give them a simple deployment workflow and keep the platform details in code and runbooks.' },
      { question: 'Can you support the platform after launch?', answer: 'Yes. Our support plans include monitoring, upgrades and on-call help during agreed hours.' },
    ],
  },

  'monitoring-logging': {
    headline:
      'Dashboards, alerts and searchable logs that show how your systems and your users are doing, and wake the right person only when it matters.',
    whatItIs: [
      'Monitoring tells you when something is wrong; logging and tracing tell you why. We instrument your applications and infrastructure, collect metrics, logs and traces in one place and build dashboards around the things your business cares about: sign-ups, orders, payments and response times.',
      'Alerts are tuned to real problems with clear instructions attached, so your team is not drowned in noise and knows exactly what to do at three in the morning.',
    ],
    idealFor: [
      'Teams that learn about outages from their customers',
      'Products with intermittent errors that nobody can reproduce',
      'Companies with service level commitments to their clients',
      'Engineering teams overwhelmed by noisy alerts',
    ],
    deliverables: [
      'Metrics, logs and traces collected from your applications and infrastructure',
      'Dashboards for system health and key business events',
      'Alert rules with severities, routing and on-call schedules',
      'Uptime checks from several regions with a public status page',
      'A runbook for every alert',
      'A training session on investigating incidents',
    ],
    process: [
      { title: 'Define what matters', text: 'We agree the user journeys, service levels and business events to watch.' },
      { title: 'Instrument', text: 'We add metrics, structured logs and tracing with OpenTelemetry.' },
      { title: 'Dashboards and alerts', text: 'We build dashboards and alert rules, then tune them against real traffic.' },
      { title: 'Practise', text: 'A simulated incident with your team to test alerts and runbooks.' },
    ],
    typicalWeeks: { min: 2, max: 6 },
    timelineNote:
      'Monitoring for one application takes two to three weeks. Several services with tracing and on-call set-up take up to six.',
    tools: ['Grafana', 'Prometheus', 'Loki', 'OpenTelemetry', 'Sentry', 'Better Stack', 'PagerDuty'],
    faqs: [
      { question: 'Do we have to use paid monitoring tools?', answer: 'No. We can build on open-source tools such as Grafana and Prometheus, or managed services when they save you effort.' },
      { question: 'Can you monitor third-party services we depend on?', answer: 'Yes. We add checks for payment providers, email delivery and other dependencies so you know when the problem is not yours.' },
      { question: 'Who responds to alerts?', answer: 'Your team, us on a support plan, or both. We set up routing and schedules to match.' },
    ],
  },

  'security-compliance': {
    headline:
      'Security reviews, hardening and compliance preparation that protect your customers’ data and help you pass the audits your clients ask for.',
    whatItIs: [
      'We assess your applications, cloud accounts and processes against common threats and the standards that apply to you, then fix what we find in order of risk. That includes access control, encryption, dependency and container scanning, backups and incident response.',
      'For compliance, we prepare you for GDPR, Ghana’s Data Protection Act, 2012 (Act 843), SOC 2 and ISO 27001: policies, evidence and technical controls, ready for your auditor.',
    ],
    idealFor: [
      'Startups answering security questionnaires from larger clients',
      'Companies handling personal or payment data',
      'Organisations serving European customers under GDPR',
      'Teams preparing for a SOC 2 or ISO 27001 audit',
    ],
    deliverables: [
      'A security assessment report with findings ranked by risk',
      'Fixes for high and critical findings implemented',
      'Hardened cloud accounts, identity and access management',
      'Automated dependency, secret and container scanning in your pipeline',
      'Security policies and an incident response plan',
      'A compliance gap analysis and evidence checklist for your audit',
    ],
    process: [
      { title: 'Scope', text: 'We agree which systems, data and standards are in scope.' },
      { title: 'Assess', text: 'Configuration reviews, automated scanning and manual testing of key flows.' },
      { title: 'Remediate', text: 'We fix the highest risks first, working with your developers.' },
      { title: 'Document', text: 'Policies, procedures and evidence your auditor will ask for.' },
      { title: 'Verify', text: 'We retest every fix and give you a closing report.' },
    ],
    typicalWeeks: { min: 3, max: 12 },
    timelineNote:
      'A security review and hardening of one application takes three to four weeks. Preparation for a SOC 2 or ISO 27001 audit takes eight to twelve.',
    tools: ['OWASP ZAP', 'Trivy', 'Snyk', 'GitHub Advanced Security', 'AWS Security Hub', 'Vanta'],
    faqs: [
      { question: 'Is this a penetration test?', answer: 'It includes targeted testing of your key flows. For a formal penetration test certificate we work with accredited partners and fix what they find.' },
      { question: 'Can you make us compliant with GDPR?', answer: 'We implement the technical and organisational measures and documentation; your legal adviser confirms the final position.' },
      { question: 'Will you sign a non-disclosure agreement?', answer: 'Yes, before we see any of your systems. Confidentiality is also part of our standard client agreement.' },
    ],
  },
};

/** The page content of one service, or undefined for an unknown slug. */
export function serviceDetailBySlug(slug: string): ServiceDetail | undefined {
  return Object.hasOwn(serviceDetails, slug) ? serviceDetails[slug as ServiceSlug] : undefined;
}
