import type { careers, OpenRole } from '../careers.ts';
import type { Texts } from './texts.ts';
import { usdIn } from '../../i18n/format.ts';

// The French text of the careers page (shared/content/careers.ts), by the same keys; the open roles by slug.
// Loaded with its pages under /fr only (shared/i18n/frenchParts.ts).
export type CareersText = Texts<typeof careers>;
export type RoleText = Texts<Pick<OpenRole, 'title' | 'location' | 'summary' | 'responsibilities' | 'requirements' | 'niceToHave'>>;

export const careersText: CareersText = {
  hero: {
    title: 'Concevoir des logiciels pour le monde entier, depuis le Ghana',
    lead: 'Nous sommes une petite équipe qui livre de vrais produits à des clients en Afrique, en Europe et en Amérique du Nord. Nous recherchons des personnes attachées à la qualité de leur travail, qui savent expliquer simplement et aiment contribuer à la réussite de leurs clients.',
  },
  culture: [
    { title: 'Livrer, puis améliorer', text: 'Chaque semaine, nos clients voient un logiciel qui fonctionne. De petites étapes terminées valent mieux que de grands plans.' },
    { title: 'Être maître de son travail', text: 'Chacun échange avec les clients, décide dans son domaine et dispose de notre confiance pour bien faire, sans surveillance.' },
    { title: 'Apprendre en travaillant', text: 'Travail en binôme, revues de code et de design, budget de formation annuel et du temps pour essayer de nouveaux outils sur de vrais problèmes.' },
    { title: 'Respecter le temps de chacun', text: 'Horaires souples autour d’une plage commune, peu de réunions, des points écrits et pas de travail le week-end par habitude.' },
  ],
  benefits: [
    'Des salaires revus chaque année au regard du marché ghanéen et international',
    'Une assurance santé privée pour vous et les personnes à votre charge',
    `Un budget de formation de ${usdIn('fr', 1000)} par an pour des cours, des livres et des certifications`,
    'L’ordinateur portable de votre choix et une indemnité pour équiper votre bureau à domicile',
    '24\u00a0jours de congés payés, en plus des jours fériés du Ghana',
    'Travail hybride depuis notre studio d’Accra, ou entièrement à distance pour de nombreux postes',
  ],
  hiringProcess: [
    { title: 'Candidater', text: 'Envoyez le formulaire de candidature avec votre CV et des liens vers des travaux dont vous êtes fier ou fière. Nous répondons à chaque candidature sous 10\u00a0jours ouvrés.' },
    { title: 'Premier échange', text: 'Une conversation de 30\u00a0minutes sur vous, le poste et notre façon de travailler.' },
    { title: 'Exercice pratique', text: 'Une courte mission rémunérée ou la présentation de l’un de vos projets passés, selon votre préférence.' },
    { title: 'Rencontre avec l’équipe', text: 'Un échange avec les personnes avec qui vous travaillerez le plus, puis une décision sous une semaine.' },
  ],
  openApplication:
    'Vous ne trouvez pas le poste qui vous correspond\u202f? Nous sommes toujours heureux d’échanger avec des ingénieurs, des designers et des spécialistes du marketing talentueux. Envoyez une candidature spontanée et dites-nous où vous feriez la différence.',
};

/** The contract types, as the role cards show them. */
export const roleTypeTexts: Record<OpenRole['type'], string> = { 'Full-time': 'Temps plein', 'Part-time': 'Temps partiel', Contract: 'Contrat' };

/** By role slug (shared/content/careers.ts openRoles). */
export const roleTexts: Record<string, RoleText> = {
  'senior-full-stack-engineer': {
    title: 'Ingénieur full-stack senior F/H (React et Node.js)',
    location: 'Accra (hybride) ou à distance, entre UTC−1 et UTC+3',
    summary: 'Pilotez le développement d’applications web pour nos clients, du premier prototype à la mise en ligne, et contribuez à façonner les méthodes de notre équipe technique.',
    responsibilities: [
      'Concevoir et développer des applications web et des API avec React, TypeScript et Node.js',
      'Traduire les objectifs des clients en plans techniques et en estimations réalistes',
      'Relire le code, accompagner les ingénieurs et maintenir un haut niveau d’exigence sur les tests et l’accessibilité',
      'Présenter l’avancement aux clients chaque semaine et expliquer les compromis en termes simples',
    ],
    requirements: [
      'Au moins cinq ans d’expérience dans le développement d’applications web en production',
      'Une excellente maîtrise de TypeScript, React et Node.js, et de solides bases en SQL',
      'Une expérience des tests automatisés et de l’intégration continue',
      'Un anglais clair, à l’écrit comme à l’oral',
    ],
    niceToHave: ['Cloudflare Workers ou d’autres plateformes edge', 'Des intégrations de paiement comme Stripe ou Paystack', 'Une expérience en agence, au contact des clients'],
  },
  'mobile-engineer': {
    title: 'Ingénieur mobile F/H (React Native)',
    location: 'Accra (hybride)',
    summary: 'Développez des applications iOS et Android qui fonctionnent parfaitement sur tous les téléphones et tous les réseaux, pour des clients sur trois continents.',
    responsibilities: [
      'Développer des fonctionnalités avec React Native et Expo, de la maquette à la publication sur les stores',
      'Mettre en place les données hors ligne, les notifications push et les paiements mobiles',
      'Automatiser les builds et les publications sur TestFlight et Google Play',
      'Surveiller les plantages et les performances après le lancement, et corriger rapidement les problèmes',
    ],
    requirements: [
      'Au moins trois ans d’expérience en développement mobile, dont une application publiée avec React Native',
      'Une bonne maîtrise de TypeScript et un sens du design d’interaction mobile',
      'Une expérience de la publication sur l’App Store et Google Play',
    ],
    niceToHave: ['Des intégrations de mobile money', 'Une expérience en natif iOS ou Android', 'Des fonctionnalités de cartographie et de géolocalisation'],
  },
  'product-designer': {
    title: 'Product designer UI/UX F/H',
    location: 'À distance (fuseaux horaires d’Afrique ou d’Europe) ou Accra',
    summary: 'Menez la recherche, concevez et testez des interfaces pour des produits web et mobiles, et construisez les design systems sur lesquels s’appuient nos développeurs.',
    responsibilities: [
      'Préparer et mener des entretiens utilisateurs et des tests d’utilisabilité',
      'Concevoir des parcours, des wireframes et des écrans haute fidélité dans Figma',
      'Créer et maintenir des bibliothèques de composants et des design tokens',
      'Présenter votre travail aux clients et collaborer étroitement avec les ingénieurs pendant le développement',
    ],
    requirements: [
      'Un portfolio montrant une conception de produits web et mobiles fondée sur la recherche',
      'Une maîtrise experte de Figma, composants et variables compris',
      'Une connaissance pratique de l’accessibilité (WCAG 2.2)',
    ],
    niceToHave: ['Des travaux d’identité de marque', 'Des bases en HTML et CSS', 'Une expérience de la conception pour des utilisateurs à faible bande passante'],
  },
  'devops-engineer': {
    title: 'Ingénieur DevOps F/H',
    location: 'Accra (hybride) ou à distance, entre UTC−1 et UTC+3',
    summary: 'Mettez en place et exploitez les pipelines, les plateformes cloud et la supervision qui gardent les produits de nos clients rapides et disponibles.',
    responsibilities: [
      'Construire des pipelines CI/CD et une infrastructure as code pour les projets clients',
      'Exploiter Kubernetes et des plateformes de conteneurs managées',
      'Mettre en place la supervision, les journaux et les alertes, et participer à un planning d’astreinte équitable',
      'Mener des actions de durcissement de la sécurité et des revues de coûts',
    ],
    requirements: [
      'Au moins trois ans d’expérience en DevOps, SRE ou ingénierie de plateforme',
      'Une pratique concrète de Terraform et d’au moins un grand cloud (AWS, Google Cloud ou Azure)',
      'Une expérience de Docker, de Kubernetes et de GitHub Actions ou GitLab CI',
    ],
    niceToHave: ['La certification CKA ou des certifications cloud', 'Des missions de conformité en sécurité (SOC 2, ISO 27001)', 'Des scripts en Go ou en Python'],
  },
  'wordpress-developer': {
    title: 'Développeur WordPress F/H',
    location: 'À distance, depuis le Ghana',
    summary: 'Un contrat de six mois, renouvelable, pour créer des thèmes en blocs sur mesure et des boutiques WooCommerce pour nos clients en conception web.',
    responsibilities: [
      'Créer des thèmes en blocs et des extensions sur mesure à partir de maquettes Figma',
      'Mettre en place des boutiques WooCommerce avec des paiements locaux et internationaux',
      'Migrer les contenus d’anciens sites en préservant leur référencement',
      'Optimiser la vitesse et la sécurité de sites WordPress en production',
    ],
    requirements: [
      'Au moins deux ans d’expérience professionnelle en développement WordPress',
      'Une bonne maîtrise de PHP, de JavaScript et du CSS moderne',
      'Une expérience de l’éditeur de blocs (Gutenberg)',
    ],
    niceToHave: ['WooCommerce et Paystack', 'Le SEO technique', 'Une expérience de la formation des rédacteurs côté client'],
  },
};
