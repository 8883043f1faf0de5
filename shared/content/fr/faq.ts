import type { FaqGroup } from '../faq.ts';

// The French FAQ (shared/content/faq.ts), by group id. "{prices}" and "{weeks}" stand for the departments'
// price ranges and timelines, written in French by the page (web/pages/FaqPage.tsx).
// Loaded with its pages under /fr only (shared/i18n/frenchParts.ts).
export type FaqText = Omit<FaqGroup, 'id'>;

export const faqTexts: Record<string, FaqText> = {
  prices: {
    title: 'Prix',
    items: [
      { question: 'Combien coûte un projet\u202f?', answer: 'Tout dépend du périmètre, mais nos prix habituels, en dollars américains, sont les suivants\u202f: {prices}. Après une consultation gratuite, vous recevez un devis ferme pour votre projet.' },
      { question: 'Travaillez-vous au forfait\u202f?', answer: 'Oui. La plupart des projets ont un prix forfaitaire fondé sur un périmètre convenu ensemble. Les travaux continus, comme le marketing, la maintenance ou les nouvelles fonctionnalités après la mise en ligne, peuvent être facturés au mois ou par sprint.' },
      { question: 'La première consultation est-elle gratuite\u202f?', answer: 'Oui. La consultation de 30\u00a0minutes est gratuite et sans engagement. Vous pouvez la réserver en ligne à tout moment.' },
      { question: 'Pouvez-vous me donner une estimation avant que nous en parlions\u202f?', answer: 'Oui. Demandez une estimation à notre assistant de discussion, ou envoyez-nous une courte description par le formulaire de contact\u202f: nous vous répondons sous 24\u00a0heures avec une fourchette.' },
    ],
  },
  timelines: {
    title: 'Délais',
    items: [
      { question: 'En combien de temps pouvez-vous lancer un produit minimum viable\u202f?', answer: 'Un prototype cliquable est en général prêt en quelques jours, et un produit minimum viable centré sur un parcours principal est le plus souvent mis en ligne en quatre à six semaines.' },
      { question: 'Combien de temps durent les projets\u202f?', answer: 'Nos délais habituels, par pôle\u202f: {weeks}. Votre devis comprend un planning semaine par semaine.' },
      { question: 'Qu’est-ce qui peut ralentir un projet\u202f?', answer: 'Des contenus livrés en retard, des retours tardifs et des changements de périmètre en sont les causes habituelles. Nous convenons des délais de retour dès le départ et signalons tout risque pour la date de mise en ligne dès que nous le voyons.' },
    ],
  },
  process: {
    title: 'Méthode',
    items: [
      { question: 'Comment démarrer\u202f?', answer: 'Réservez une consultation gratuite ou envoyez le formulaire de contact. Sous deux jours ouvrés après notre appel, vous recevez un périmètre écrit, un devis ferme et un planning.' },
      { question: 'Quelle implication attendez-vous de notre part\u202f?', answer: 'Prévoyez une démonstration de 30\u00a0minutes chaque semaine et des réponses rapides à nos questions. Un chef de projet dédié veille à la bonne organisation de l’ensemble.' },
      { question: 'Quelles technologies utilisez-vous\u202f?', answer: 'Surtout React, TypeScript et Node.js pour les applications web, React Native pour les applications mobiles, WordPress et Shopify pour les sites et les boutiques, et AWS, Google Cloud, Azure ou Cloudflare pour l’infrastructure. Nous choisissons ce qui convient à votre projet et à votre équipe.' },
    ],
  },
  payment: {
    title: 'Paiement',
    items: [
      { question: 'Comment se passent les paiements\u202f?', answer: 'Les projets de moins de 10\u202f000 dollars américains se règlent 50\u00a0% à la signature et 50\u00a0% à la mise en ligne. Les projets plus importants se règlent 40\u00a0% à la signature, 30\u00a0% à une étape intermédiaire et 30\u00a0% à la mise en ligne. Les factures sont payables sous 14\u00a0jours.' },
      { question: 'Quelles devises et quels moyens de paiement acceptez-vous\u202f?', answer: 'Nous facturons en dollars américains, en euros, en livres sterling ou en cedis ghanéens, et acceptons le virement bancaire, la carte et, au Ghana, le mobile money.' },
    ],
  },
  support: {
    title: 'Accompagnement',
    items: [
      { question: 'Que se passe-t-il après la mise en ligne\u202f?', answer: 'Chaque projet comprend trente jours de corrections gratuites après la mise en ligne. Ensuite, vous pouvez choisir une formule de maintenance mensuelle\u202f: mises à jour, supervision, sauvegardes et petites améliorations.' },
      { question: 'Pouvez-vous reprendre un projet réalisé par quelqu’un d’autre\u202f?', answer: 'Oui. Nous commençons par une courte revue du code et de l’infrastructure, et vous disons honnêtement ce qu’il faut garder, corriger ou remplacer.' },
    ],
  },
  'time-zones': {
    title: 'Fuseaux horaires',
    items: [
      { question: 'Vous êtes au Ghana. Comment travaillez-vous avec des clients dans d’autres fuseaux horaires\u202f?', answer: 'Le Ghana est à l’heure GMT (UTC+0) toute l’année\u202f: notre journée de travail coïncide entièrement avec celle du Royaume-Uni, presque entièrement avec celle de l’Europe continentale, et avec la matinée nord-américaine. Nous répondons à chaque message sous 24\u00a0heures et fixons les appels aux horaires qui vous conviennent.' },
      { question: 'Nous rencontrerons-nous en personne\u202f?', answer: 'La plupart des projets se déroulent à distance, en visioconférence. Nos clients d’Accra sont les bienvenus dans notre studio, et pour les projets importants, nous pouvons venir chez vous.' },
    ],
  },
  ownership: {
    title: 'Propriété',
    items: [
      { question: 'À qui appartiennent le code et les maquettes\u202f?', answer: 'À vous. Dès le règlement de la facture finale, tous les droits sur ce que nous créons pour vous vous sont cédés, et le code se trouve dans votre propre dépôt et sur vos propres comptes.' },
      { question: 'Signerez-vous un accord de confidentialité\u202f?', answer: 'Oui. La confidentialité fait partie de notre contrat client, et nous signons volontiers votre accord de confidentialité avant que vous ne partagiez les détails.' },
      { question: 'Pouvez-vous présenter notre projet dans votre portfolio\u202f?', answer: 'Uniquement avec votre accord. Si vous préférez garder le projet confidentiel, dites-le-nous\u202f: il n’apparaîtra pas sur notre site.' },
    ],
  },
};
