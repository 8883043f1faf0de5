import type { DepartmentId } from '../departments.ts';
import type { ServiceSlug } from '../services.ts';
import type { PortfolioCategory } from '../portfolioCards.ts';
import type { ProcessStep } from '../types.ts';

// The French text of the content modules' prose (shared/content/*), by the same keys. Long text is kept as
// content rather than catalog messages (docs/decisions/0032-french-and-i18n.md); it travels in the French
// chunk only (shared/i18n/fr.ts). tests/unit/i18n-catalogs.test.ts keeps its keys in step with the English
// modules; tests/site/french.test.ts checks that no English sentence shows on a French page.
// Typography: narrow no-break space (U+202F) before ; : ! ? and inside « », no-break space (U+00A0) in "24 heures".

export interface Prose {
  departments: Record<DepartmentId, { name: string; summary: string; description: string }>;
  serviceSummaries: Record<ServiceSlug, string>;
  process: readonly ProcessStep[];
  categories: Record<PortfolioCategory, string>;
  /** By portfolio slug: the card-level fields. */
  portfolioCards: Record<string, { title: string; description: string; imageAlt: string; location: string; feedback: string; feedbackAuthor: string }>;
}

export const prose: Prose = {
  departments: {
    software: { name: 'Développement logiciel', summary: 'Des applications web et mobiles conçues pour être rapides, testées et faciles à faire évoluer.',
      description: 'Nos ingénieurs transforment une idée ou un prototype cliquable en logiciel de production\u202f: applications web, portails clients et applications iOS et Android, avec des tests automatisés et une passation soignée dès le premier jour.' },
    uiux: { name: 'Design UI/UX', summary: 'Recherche utilisateur, design d’interfaces et identité de marque pour des produits simples à utiliser et dignes de confiance.',
      description: 'Nos designers interrogent vos utilisateurs, cartographient les parcours qui comptent et conçoivent des interfaces et des identités visuelles que les développeurs peuvent réaliser exactement comme elles ont été dessinées.' },
    'web-design': { name: 'Conception web', summary: 'Sites vitrines, boutiques en ligne, et le travail de référencement et de marketing qui leur amène des visiteurs.',
      description: 'Notre équipe web conçoit et réalise des sites, des sites WordPress et des boutiques en ligne, puis aide vos clients à les trouver grâce au référencement naturel et à un marketing digital mesuré.' },
    devops: { name: 'DevOps', summary: 'Pipelines, plateformes cloud, supervision et sécurité pour que vos logiciels tournent sans interruption.',
      description: 'Nos spécialistes DevOps automatisent les mises en production, installent des plateformes cloud et de conteneurs, ajoutent une supervision qui alerte la bonne personne et renforcent vos systèmes en vue des audits et de la conformité.' },
  },
  serviceSummaries: {
    'web-development': 'Des applications web et des portails clients rapides et accessibles, développés avec React, TypeScript et Node.js.',
    'wordpress-development': 'Des thèmes et extensions WordPress sur mesure, rapides à charger et faciles à modifier par votre équipe.',
    'mobile-app-development': 'Des applications iOS et Android issues d’un seul code React Native, utilisables hors ligne et compatibles avec le paiement par mobile money.',
    'ui-ux-design': 'Un design d’interface fondé sur la recherche et des prototypes cliquables qui rendent vos produits simples à utiliser.',
    ecommerce: 'Des boutiques en ligne rapides, qui acceptent la carte bancaire et le mobile money et transforment les visiteurs en clients.',
    branding: 'Logos, identités visuelles et chartes graphiques cohérents sur chaque écran comme sur chaque devanture.',
    'digital-marketing': 'Des campagnes de recherche, sur les réseaux sociaux et par e-mail, mesurées en prospects et en ventes, pas en mentions «\u202fJ’aime\u202f».',
    'seo-optimization': 'Un référencement technique, éditorial et local qui vous apporte un trafic durable sur les recherches de vos clients.',
    'cicd-pipeline': 'Des chaînes de compilation, de test et de mise en production automatisées pour livrer chaque changement en toute sécurité, en quelques minutes.',
    'cloud-infrastructure': 'Des infrastructures cloud sûres et maîtrisées en coûts sur AWS, Google Cloud, Azure ou Cloudflare, décrites en code.',
    'container-orchestration': 'Des plateformes Docker et Kubernetes qui déploient, dimensionnent et réparent vos services automatiquement.',
    'monitoring-logging': 'Tableaux de bord, alertes et journaux consultables pour détecter les problèmes avant vos utilisateurs.',
    'security-compliance': 'Audits de sécurité, durcissement et préparation aux contrôles RGPD, Data Protection Act du Ghana, SOC\u00a02 et ISO\u00a027001.',
  },
  process: [
    { title: 'Consultation gratuite', text: 'Un appel de 30\u00a0minutes sur vos objectifs, vos utilisateurs, votre budget et votre échéance. Sous deux jours ouvrés, vous recevez un périmètre écrit et un devis ferme.' },
    { title: 'Un prototype en quelques jours', text: 'Avant tout code de production, vous parcourez un prototype du parcours principal et le testez avec de vrais utilisateurs.' },
    { title: 'Développement en sprints hebdomadaires', text: 'Chaque semaine se termine par une démonstration sur un lien que vous pouvez partager. Vous pouvez changer les priorités entre deux sprints.' },
    { title: 'Mise en ligne', text: 'Nous testons la vitesse, l’accessibilité et la sécurité, migrons vos données et mettons en ligne à la date qui convient à votre activité.' },
    { title: 'Suivi et croissance', text: 'Trente jours de corrections gratuites après la mise en ligne, puis des formules de maintenance facultatives à mesure que votre produit grandit.' },
  ],
  categories: { web: 'Web', mobile: 'Mobile', 'e-commerce': 'E-commerce', nonprofit: 'Associatif' },
  portfolioCards: {
    'helder-cleaning-amsterdam': {
      title: 'Helder Schoonmaak\u202f: devis instantanés et réservation en ligne',
      description: 'Un site de réservation bilingue pour une entreprise de nettoyage à Amsterdam, avec devis instantané, prise de rendez-vous en ligne et paiement par iDEAL ou carte.',
      imageAlt: 'Le site de Helder Schoonmaak sur un ordinateur portable, avec le calculateur de devis instantané et les créneaux de ménage disponibles',
      location: 'Amsterdam, Pays-Bas',
      feedback: 'Nos clients réservent pendant qu’ils sont encore sur notre site, au lieu d’attendre un devis. Volta Labs a compris notre métier en un seul appel et a livré en avance.',
      feedbackAuthor: 'Marieke de Vries, co-gérante, Helder Schoonmaak',
    },
    'bright-steps-learning-foundation': {
      title: 'Bright Steps\u202f: des dons en ligne qui financent des clubs de lecture pour enfants',
      description: 'Un site rapide et pensé pour les donateurs, pour une association d’éducation en Afrique de l’Ouest\u202f: dons mensuels, parrainage de clubs de lecture et récits du terrain.',
      imageAlt: 'Le site de la Bright Steps Learning Foundation sur un ordinateur et un téléphone, avec un formulaire de don et le récit d’un club de lecture',
      location: 'Tamale, Ghana',
      feedback: 'Pour la première fois, nos donateurs voient les enfants qu’ils aident, semaine après semaine. Le site est si simple que nos coordinateurs sur le terrain le mettent à jour eux-mêmes.',
      feedbackAuthor: 'Adwoa Mensah-Bonsu, directrice générale, Bright Steps Learning Foundation',
    },
    'sugarcraft-cakes-online-shop': {
      title: 'Sugarcraft by Esi\u202f: une pâtisserie sur mesure avec acomptes et dates de livraison',
      description: 'Une boutique en ligne pour des gâteaux sur mesure où les clients composent leur gâteau, choisissent une date de livraison et versent un acompte par mobile money ou carte.',
      imageAlt: 'La boutique Sugarcraft by Esi sur un téléphone et un ordinateur, avec le configurateur de gâteau étape par étape et son prix en direct',
      location: 'Accra, Ghana',
      feedback: 'Je passais mes nuits à répondre aux messages. Aujourd’hui, les commandes arrivent complètes, acompte payé. Le configurateur de gâteau est ce dont mes clients parlent le plus.',
      feedbackAuthor: 'Esi Ankrah, fondatrice et cheffe pâtissière, Sugarcraft by Esi',
    },
    'aquapure-water-delivery-app': {
      title: 'AquaPure Ghana\u202f: commander et suivre sa livraison d’eau depuis son téléphone',
      description: 'Des applications iOS et Android pour un distributeur d’eau au Ghana\u202f: les clients commandent de l’eau en bouteille ou en bonbonne, paient par mobile money et suivent leur livraison en direct.',
      imageAlt: 'Deux téléphones affichant l’application AquaPure Ghana\u202f: un écran de nouvelle commande et une carte qui suit le livreur',
      location: 'Accra, Ghana',
      feedback: 'Notre centre d’appels est plus serein, nos livreurs transportent moins d’espèces et sont plus en sécurité, et nos clients adorent savoir exactement quand leur eau arrivera. L’équipe de Volta Labs était à nos côtés à chaque journée de déploiement.',
      feedbackAuthor: 'Kwabena Ofori-Atta, directeur des opérations, AquaPure Ghana',
    },
    'covenant-light-ministries-website': {
      title: 'Covenant Light Ministries\u202f: prédications, cultes en direct et dons en ligne',
      description: 'Un nouveau site pour un ministère chrétien à Londres, avec une bibliothèque de prédications consultable, des cultes diffusés en direct, des événements et des dons en ligne sécurisés.',
      imageAlt: 'Le site de Covenant Light Ministries sur un ordinateur portable, avec un culte diffusé en direct et la bibliothèque de prédications',
      location: 'Londres, Royaume-Uni',
      feedback: 'Nos membres à l’étranger se sentent enfin partie prenante du culte du dimanche, et nos bénévoles mettent le site à jour sans appeler personne. Volta Labs nous a servis avec patience et une vraie attention.',
      feedbackAuthor: 'Pasteur Samuel Adjei, pasteur principal, Covenant Light Ministries',
    },
    'house-of-grace-church-app': {
      title: 'House of Grace\u202f: une application d’Église pour les méditations quotidiennes et la prière',
      description: 'Une application mobile pour un ministère chrétien à Houston, avec méditations quotidiennes, mur de prière modéré, inscriptions aux événements et dons.',
      imageAlt: 'Deux téléphones affichant l’application House of Grace\u202f: la méditation du jour avec son audio et le mur de prière de la communauté',
      location: 'Houston, États-Unis',
      feedback: 'L’application est devenue la première chose que beaucoup de nos membres ouvrent le matin. Volta Labs a écouté nos pasteurs et a construit quelque chose qui nous ressemble.',
      feedbackAuthor: 'Rév. Dr Grace Mensah-Williams, fondatrice, House of Grace Global Ministries',
    },
  },
};
