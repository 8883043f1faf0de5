// The card-level fields of the six built-in portfolio projects: what lists, cards, testimonials and the
// route table need. It stays small because the route table (and so every page) imports it. The long
// case-study text is in portfolioStories.ts; portfolio.ts joins both into the spec's entity.
export type PortfolioCategory = 'web' | 'mobile' | 'e-commerce' | 'nonprofit';
/** The filter values of docs/product.md §6.3: the four categories and "all". */
export type PortfolioFilter = PortfolioCategory | 'all';

export const portfolioFilters: readonly { value: PortfolioFilter; label: string }[] = [
  { value: 'all', label: 'All projects' },
  { value: 'web', label: 'Web' },
  { value: 'mobile', label: 'Mobile' },
  { value: 'e-commerce', label: 'E-commerce' },
  { value: 'nonprofit', label: 'Nonprofit' },
];

export const categoryLabel = (c: PortfolioCategory): string =>
  portfolioFilters.find((f) => f.value === c)?.label ?? c;

export interface PortfolioCard {
  id: number;
  slug: string;
  title: string;
  /** One sentence for cards and the meta description. */
  description: string;
  /** Path of the project artwork under web/public. */
  image: string;
  imageAlt: string;
  url: string;
  client: string;
  /** City and country of the client. */
  location: string;
  technologies: string[];
  category: PortfolioCategory;
  /** The client's words about the project. */
  feedback: string;
  /** Who said it: name and role. */
  feedbackAuthor: string;
}

export const portfolioCards: readonly PortfolioCard[] = [
  {
    id: 1,
    slug: 'helder-cleaning-amsterdam',
    title: 'Helder Schoonmaak: instant quotes and online booking',
    description: 'A bilingual booking website for a cleaning company in Amsterdam, with instant quotes, online scheduling and payment by iDEAL or card.',
    image: '/images/portfolio/helder-cleaning-amsterdam.svg',
    imageAlt: 'The Helder Schoonmaak website on a laptop, showing the instant quote calculator and available cleaning slots',
    url: 'https://helderschoonmaak.nl',
    client: 'Helder Schoonmaak',
    location: 'Amsterdam, Netherlands',
    technologies: ['React', 'TypeScript', 'Cloudflare Workers', 'Stripe (iDEAL and cards)', 'Google Calendar API', 'Tailwind CSS'],
    category: 'web',
    feedback: 'Customers book while they are still on our website instead of waiting for a quote. Volta Labs understood our business after one call and delivered ahead of schedule.',
    feedbackAuthor: 'Marieke de Vries, Co-owner, Helder Schoonmaak',
  },
  {
    id: 2,
    slug: 'bright-steps-learning-foundation',
    title: 'Bright Steps: online giving that funds children’s reading clubs',
    description: 'A fast, donor-friendly website for a children’s education nonprofit in West Africa, with monthly giving, reading-club sponsorship and stories from the field.',
    image: '/images/portfolio/bright-steps-learning-foundation.svg',
    imageAlt: 'The Bright Steps Learning Foundation website on a laptop and phone, showing a donation form and a reading club story',
    url: 'https://brightstepsfoundation.org',
    client: 'Bright Steps Learning Foundation',
    location: 'Tamale, Ghana',
    technologies: ['WordPress', 'Custom block theme', 'Stripe', 'Paystack (mobile money)', 'Mailchimp', 'Cloudflare'],
    category: 'nonprofit',
    feedback: 'For the first time our donors can see the children they are helping, week by week. The site is so simple that our coordinators in the field update it themselves.',
    feedbackAuthor: 'Adwoa Mensah-Bonsu, Executive Director, Bright Steps Learning Foundation',
  },
  {
    id: 3,
    slug: 'sugarcraft-cakes-online-shop',
    title: 'Sugarcraft by Esi: a custom cake shop with deposits and delivery dates',
    description: 'An online shop for a custom cake business where customers design their cake, pick a delivery date and pay a deposit by mobile money or card.',
    image: '/images/portfolio/sugarcraft-cakes-online-shop.svg',
    imageAlt: 'The Sugarcraft by Esi shop on a phone and laptop, showing the step-by-step cake builder with a live price',
    url: 'https://sugarcraftbyesi.com',
    client: 'Sugarcraft by Esi',
    location: 'Accra, Ghana',
    technologies: ['Shopify', 'Liquid', 'JavaScript', 'Paystack', 'Google Maps Platform', 'Klaviyo'],
    category: 'e-commerce',
    feedback: 'I used to spend my nights answering messages. Now orders arrive complete, with the deposit paid. The cake builder is the part my customers talk about most.',
    feedbackAuthor: 'Esi Ankrah, Founder and Head Baker, Sugarcraft by Esi',
  },
  {
    id: 4,
    slug: 'aquapure-water-delivery-app',
    title: 'AquaPure Ghana: ordering and tracking water delivery from a phone',
    description: 'iOS and Android apps for a water company in Ghana: customers order bottled and dispenser water, pay with mobile money and track their delivery live.',
    image: '/images/portfolio/aquapure-water-delivery-app.svg',
    imageAlt: 'Two phones showing the AquaPure Ghana app: a reorder screen and a map tracking the delivery rider',
    url: 'https://aquapure.com.gh',
    client: 'AquaPure Ghana',
    location: 'Accra, Ghana',
    technologies: ['React Native', 'Expo', 'TypeScript', 'Node.js', 'PostgreSQL', 'Paystack', 'Google Maps Platform', 'Firebase Cloud Messaging'],
    category: 'mobile',
    feedback: 'Our call centre is calmer, our riders are safer carrying less cash, and customers love seeing exactly when their water will arrive. The Volta Labs team was with us on every rollout day.',
    feedbackAuthor: 'Kwabena Ofori-Atta, Operations Director, AquaPure Ghana',
  },
  {
    id: 5,
    slug: 'covenant-light-ministries-website',
    title: 'Covenant Light Ministries: sermons, live services and online giving',
    description: 'A new website for a Christian ministry in London with a searchable sermon library, live-streamed services, events and secure online giving.',
    image: '/images/portfolio/covenant-light-ministries-website.svg',
    imageAlt: 'The Covenant Light Ministries website on a laptop, showing a live service stream and the sermon library',
    url: 'https://covenantlight.org.uk',
    client: 'Covenant Light Ministries',
    location: 'London, United Kingdom',
    technologies: ['WordPress', 'Custom block theme', 'YouTube Live', 'Stripe', 'Mailchimp', 'Cloudflare'],
    category: 'nonprofit',
    feedback: 'Our members abroad finally feel part of Sunday worship, and our volunteers update the website without calling anyone. Volta Labs served us with patience and real care.',
    feedbackAuthor: 'Pastor Samuel Adjei, Senior Pastor, Covenant Light Ministries',
  },
  {
    id: 6,
    slug: 'house-of-grace-church-app',
    title: 'House of Grace: a church app for daily devotionals and prayer',
    description: 'A mobile app for a Christian ministry in Houston with daily devotionals, a moderated prayer wall, event sign-ups and giving.',
    image: '/images/portfolio/house-of-grace-church-app.svg',
    imageAlt: 'Two phones showing the House of Grace app: today’s devotional with audio and the community prayer wall',
    url: 'https://houseofgraceglobal.org',
    client: 'House of Grace Global Ministries',
    location: 'Houston, United States',
    technologies: ['React Native', 'Expo', 'TypeScript', 'Appwrite', 'Stripe', 'Firebase Cloud Messaging'],
    category: 'mobile',
    feedback: 'The app has become the first thing many of our members open in the morning. Volta Labs listened to our pastors and built something that feels like us.',
    feedbackAuthor: 'Rev. Dr. Grace Mensah-Williams, Founder, House of Grace Global Ministries',
  },
];
