import type { about } from '../about.ts';

// The French text of the about and team pages (shared/content/about.ts, team.ts), by the same keys.
// Loaded with its pages under /fr only (shared/i18n/frenchParts.ts).
type Texts<T> = T extends string ? string : T extends readonly (infer U)[] ? Texts<U>[] : { -readonly [K in keyof T]: Texts<T[K]> };
export type AboutText = Texts<typeof about>;
export interface MemberText { role: string; location: string; bio: string; skills: string[] }

export const aboutText: AboutText = {
  hero: {
    eyebrow: 'À propos de Volta Labs',
    title: 'Une agence logicielle d’Accra qui travaille pour le monde entier',
    lead: 'Volta Labs conçoit, développe et exploite des sites web, des applications et des systèmes cloud pour des entreprises, des associations et des ministères au Ghana, en Europe et en Amérique du Nord.',
  },
  story: {
    title: 'Notre histoire',
    paragraphs: [
      'Volta Labs est née en 2019 dans un petit bureau d’Osu, à Accra, quand notre fondateur Kwame Asante et deux ingénieurs ont accepté leur premier client\u202f: une entreprise de logistique qui devait refaire son application de livraison en six semaines. Ils l’ont livrée en cinq, et ce client les a recommandés au suivant.',
      'Nous réunissons aujourd’hui quatre pôles — développement logiciel, design UI/UX, conception web et DevOps — qui travaillent comme une seule équipe. Parmi nos clients figurent une entreprise de nettoyage à Amsterdam, une association d’éducation pour les enfants, une pâtisserie sur mesure, un distributeur d’eau au Ghana et deux ministères chrétiens, sans compter tous ceux dont les projets restent confidentiels.',
      'Notre nom vient de la Volta, le fleuve dont le barrage d’Akosombo fournit une grande part de l’électricité du Ghana. Nous voulons être l’énergie des produits de nos clients\u202f: discrète, fiable et toujours disponible.',
    ],
  },
  mission: {
    title: 'Notre mission',
    text: 'Aider les organisations ambitieuses à lancer vite des logiciels utiles, sans rogner sur ce qui compte\u202f: la qualité, la sécurité, l’accessibilité et une passation soignée.',
  },
  values: {
    title: 'Nos valeurs',
    items: [
      { title: 'La vitesse, avec soin', text: 'Nous lançons un produit minimum viable en quelques jours, pas en quelques semaines, parce que nous gardons un périmètre serré et des contrôles qualité automatiques.' },
      { title: 'Le parler vrai', text: 'Devis fermes, délais honnêtes et démonstrations chaque semaine. Si quelque chose est menacé, vous l’apprenez d’abord par nous.' },
      { title: 'Tout vous appartient', text: 'Votre code, vos maquettes, vos comptes. Aucune dépendance, et une documentation que votre prochaine équipe appréciera.' },
      { title: 'Pensé pour la vraie vie', text: 'Rapide sur les réseaux lents, utilisable sur les téléphones anciens et accessible à tous\u202f: c’est ainsi que les gens utilisent vraiment les logiciels.' },
    ],
  },
  whyGhana: {
    title: 'Pourquoi travailler avec une équipe au Ghana',
    items: [
      'Le Ghana vit à l’heure GMT toute l’année\u202f: nos journées coïncident entièrement avec celles du Royaume-Uni, presque entièrement avec celles de l’Europe, et avec la matinée nord-américaine.',
      'L’anglais est notre langue de travail, et notre équipe a mené des projets pour des clients sur trois continents.',
      'Vous travaillez avec des ingénieurs et des designers expérimentés, à des tarifs adaptés aux start-up et aux associations.',
      'Nous connaissons les marchés africains de l’intérieur\u202f: mobile money, réseaux capricieux et utilisateurs qui passent d’abord par le mobile.',
    ],
  },
};

export const teamIntroText = {
  title: 'Les personnes derrière nos réalisations',
  lead: 'Ingénieurs, designers, spécialistes du web et du DevOps\u202f: la plupart d’entre nous à Accra, quelques-uns ailleurs au Ghana. Vous connaîtrez le nom de chaque personne qui travaille sur votre projet.',
};

/** By team member slug. */
export const memberTexts: Record<string, MemberText> = {
  'kwame-asante': { role: 'Fondateur et directeur général', location: 'Accra',
    bio: 'Kwame a passé huit ans à concevoir des systèmes de paiement et de logistique pour des entreprises au Ghana et aux Pays-Bas avant de fonder Volta Labs en 2019. Il relit encore chaque plan de projet et participe à la plupart des premiers appels.',
    skills: ['Stratégie produit', 'Architecture logicielle', 'Relations clients'] },
  'akosua-frimpong': { role: 'Directrice de la production', location: 'Accra',
    bio: 'Akosua veille à ce que chaque projet aboutisse dans les délais et le budget. Scrum Master certifiée, elle anime les démonstrations hebdomadaires, tient les clients informés et reste l’interlocutrice à appeler quand les priorités changent.',
    skills: ['Gestion de projet', 'Scrum', 'Communication client'] },
  'kofi-boateng': { role: 'Ingénieur logiciel principal', location: 'Accra',
    bio: 'Kofi dirige notre ingénierie web. Il a livré des plateformes de réservation, des tableaux de bord et des API utilisés par des centaines de milliers de personnes, et soigne les tests et la documentation autant que les fonctionnalités.',
    skills: ['React', 'TypeScript', 'Node.js', 'PostgreSQL'] },
  'nana-kwesi-appiah': { role: 'Ingénieur mobile senior', location: 'Kumasi (à distance)',
    bio: 'Nana développe nos applications iOS et Android avec React Native. Spécialiste des applications qui fonctionnent hors ligne et des paiements par mobile money, il a mené les applications de livraison d’AquaPure du prototype à la publication.',
    skills: ['React Native', 'Expo', 'Synchronisation hors ligne', 'Paiements mobiles'] },
  'ama-owusu': { role: 'Directrice du design', location: 'Accra',
    bio: 'Ama dirige la recherche, le design d’interface et l’identité de marque. Avant Volta Labs, elle a conçu des applications bancaires utilisées dans toute l’Afrique de l’Ouest. Pour elle, chaque choix de design doit résister à une conversation avec un vrai utilisateur.',
    skills: ['Recherche utilisateur', 'Design d’interface', 'Systèmes de design', 'Accessibilité'] },
  'dzifa-amenyo': { role: 'Designer produit et identité de marque', location: 'Ho (à distance)',
    bio: 'Dzifa conçoit des identités visuelles et des interfaces, des logos et chartes jusqu’aux écrans qui les portent. On lui doit le configurateur de gâteaux de Sugarcraft et l’identité de Bright Steps.',
    skills: ['Identité de marque', 'Figma', 'Illustration', 'Prototypage'] },
  'efua-quaye': { role: 'Responsable conception web', location: 'Accra',
    bio: 'Efua dirige nos sites web, nos réalisations WordPress et nos boutiques en ligne. Elle a mis en ligne plus de vingt sites pour des entreprises, des Églises et des associations, et forme chaque équipe cliente à gérer ses propres contenus.',
    skills: ['WordPress', 'Shopify', 'WooCommerce', 'Design adaptatif'] },
  'abena-ofori': { role: 'Spécialiste SEO et marketing digital', location: 'Accra',
    bio: 'Abena aide nos clients à être trouvés, puis choisis. Elle mène des audits SEO techniques, travaille le référencement local et les campagnes payantes, et rend compte des résultats chaque mois, sans jargon.',
    skills: ['SEO technique', 'Google Ads', 'Mesure d’audience', 'Stratégie de contenu'] },
  'yaw-darko': { role: 'Responsable DevOps', location: 'Accra',
    bio: 'Yaw conçoit les chaînes de livraison et les plateformes cloud sur lesquelles tournent nos clients. Certified Kubernetes Administrator et AWS Solutions Architect, il a pour habitude de faire baisser les factures cloud.',
    skills: ['Kubernetes', 'AWS', 'Terraform', 'CI/CD'] },
  'selorm-agbeko': { role: 'Ingénieur sécurité cloud', location: 'Accra',
    bio: 'Selorm veille à ce que les systèmes restent sûrs et observables. Il mène nos revues de sécurité et nos préparations à la conformité, et met en place la supervision qui réveille la bonne personne au bon moment.',
    skills: ['Revues de sécurité', 'Supervision', 'RGPD et Act 843', 'Réponse aux incidents'] },
};
