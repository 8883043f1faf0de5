import type { PortfolioStory } from '../portfolioStories.ts';

// The French case studies of the portfolio (shared/content/portfolioStories.ts), by slug, with the
// technologies whose labels have English words in them. Card-level fields are in ./prose.ts.
// Loaded with its pages under /fr only (shared/i18n/frenchParts.ts).
export type PortfolioText = PortfolioStory & { technologies: string[] };

export const portfolioTexts: Record<string, PortfolioText> = {
  'helder-cleaning-amsterdam': {
    about: 'Helder Schoonmaak est une entreprise familiale de nettoyage\u202f: 25 agents interviennent chez des particuliers et dans des bureaux partout à Amsterdam. Nous avons conçu et réalisé son nouveau site et son système de réservation, en néerlandais et en anglais.',
    problem: 'Chaque réservation commençait par un appel ou un e-mail pour demander un prix. Les gérants passaient leurs soirées à rédiger des devis à la main, les clients attendaient une journée pour avoir une réponse et beaucoup réservaient entre-temps chez un concurrent. L’ancien site tenait en une seule page, datée sur téléphone, et ne disait rien des prix.',
    solution: 'Nous avons réalisé un site bilingue et rapide doté d’un calculateur de devis instantané\u202f: le client choisit le type de nettoyage, la surface de son logement et la fréquence souhaitée, voit aussitôt le prix et réserve un créneau synchronisé avec l’agenda partagé de l’équipe. Le paiement par iDEAL ou par carte se fait à la réservation, et un rappel automatique part la veille. Un espace d’administration simple permet au bureau d’ajuster prix, secteurs et disponibilités sans développeur.',
    impact: 'En trois mois, 62\u00a0% des réservations passaient par le site, les demandes de devis par téléphone avaient diminué de plus de moitié et les gérants avaient retrouvé leurs soirées. Avec les rappels, les rendez-vous manqués sont passés d’environ un sur dix à moins d’un sur quarante.',
    technologies: ['React', 'TypeScript', 'Cloudflare Workers', 'Stripe (iDEAL et cartes)', 'Google Calendar API', 'Tailwind CSS'],
  },
  'bright-steps-learning-foundation': {
    about: 'La Bright Steps Learning Foundation anime des clubs de lecture périscolaires pour les enfants de 6 à 12 ans dans des communautés rurales du nord du Ghana et du Togo. Elle forme des bénévoles locaux et fournit des livres en anglais, en français et en langues locales.',
    problem: 'La plupart des dons arrivaient par virement bancaire, organisés par e-mail, ce qui rendait les dons mensuels presque impossibles à gérer. L’ancien site était lent sur les connexions mobiles dont dépend l’équipe de terrain, et les bénévoles ne pouvaient pas le mettre à jour\u202f: les nouvelles des clubs de lecture parvenaient aux donateurs avec des mois de retard, quand elles leur parvenaient.',
    solution: 'Nous avons réalisé un nouveau site sur un thème WordPress à blocs sur mesure qui se charge vite même en 3G. Les donateurs donnent une fois ou chaque mois par carte via Stripe, ou par mobile money via Paystack au Ghana, et peuvent parrainer un club de lecture précis qui leur envoie des nouvelles chaque trimestre. Les coordinateurs de terrain publient de courts récits avec photos directement depuis leur téléphone grâce à un éditeur simplifié, et chaque don déclenche un e-mail de remerciement personnel.',
    impact: 'Les donateurs mensuels sont passés de 14 à 160 la première année. Les dons en ligne couvrent désormais les frais de fonctionnement de 38 clubs de lecture, et une page se charge en moins de deux secondes en moyenne sur une connexion mobile à Tamale.',
    technologies: ['WordPress', 'Thème à blocs sur mesure', 'Stripe', 'Paystack (mobile money)', 'Mailchimp', 'Cloudflare'],
  },
  'sugarcraft-cakes-online-shop': {
    about: 'Sugarcraft by Esi réalise sur commande des gâteaux de fête et de mariage à Accra, avec une équipe de six pâtissiers et décorateurs. Avant le projet, toutes les commandes arrivaient par messages Instagram et WhatsApp.',
    problem: 'Chaque commande demandait une longue conversation pour fixer parfums, tailles, décoration et date, et des détails se perdaient souvent d’un message à l’autre. Il fallait relancer les acomptes à la main, des doubles réservations survenaient en saison des mariages et les clients ne voyaient aucun prix sans le demander.',
    solution: 'Nous avons réalisé une boutique Shopify avec un configurateur de gâteau étape par étape\u202f: taille, génoise, garniture, décoration et message personnel, avec un prix qui se met à jour à chaque choix. Un calendrier ne propose que les dates que la cuisine peut encore honorer, selon sa capacité quotidienne. Le client verse un acompte de 50\u00a0% par mobile money ou par carte via Paystack, et le solde est demandé automatiquement avant la livraison. La cuisine reçoit chaque commande sous forme de fiche de production imprimable, avec tous les détails et un plan de livraison.',
    impact: 'En quatre mois, les commandes en ligne représentaient 70\u00a0% du total. Le panier moyen a augmenté de 24\u00a0% grâce à des options au prix clairement affiché, et la saison des mariages s’est déroulée sans une seule double réservation.',
    technologies: ['Shopify', 'Liquid', 'JavaScript', 'Paystack', 'Google Maps Platform', 'Klaviyo'],
  },
  'aquapure-water-delivery-app': {
    about: 'AquaPure Ghana produit de l’eau en bouteille, en sachet et en bonbonnes de 18,9 litres pour fontaines, et la livre aux particuliers, aux bureaux et aux commerces du Grand Accra et de Kumasi.',
    problem: 'Les commandes arrivaient par téléphone dans un centre d’appels débordé, les livreurs travaillaient sur des listes papier et les clients ignoraient quand leur eau arriverait. La plupart des paiements se faisaient en espèces à la livraison, ce qui ralentissait les rapprochements et exposait les livreurs.',
    solution: 'Nous avons réalisé des applications clients iOS et Android pour recommander en deux gestes, programmer des livraisons régulières pour les bureaux, payer par MTN MoMo, Telecel Cash ou carte et suivre son livreur sur une carte. Une application livreur regroupe les commandes en tournées efficaces et continue de fonctionner hors ligne quand le réseau décroche, et un tableau de bord web donne aux répartiteurs une vue en direct de chaque commande dans les deux villes.',
    impact: 'En six mois, 45\u00a0% des commandes passaient par l’application. Les espèces transportées par les livreurs ont baissé des deux tiers, et le nombre de livraisons par livreur et par jour est passé de 18 à 26 grâce à la planification des tournées.',
    technologies: ['React Native', 'Expo', 'TypeScript', 'Node.js', 'PostgreSQL', 'Paystack', 'Google Maps Platform', 'Firebase Cloud Messaging'],
  },
  'covenant-light-ministries-website': {
    about: 'Covenant Light Ministries est une Église multiculturelle du sud de Londres qui compte environ 600 membres et une communauté en ligne grandissante au Ghana, au Nigeria et aux États-Unis.',
    problem: 'Les prédications étaient dispersées entre YouTube, un hébergeur de podcasts et Facebook, et le site était rarement mis à jour car un seul bénévole savait le faire. Les dons en ligne passaient par une page tierce aux frais élevés, qui n’enregistrait pas les déclarations Gift Aid.',
    solution: 'Nous avons réalisé un site WordPress sur un thème à blocs sur mesure, avec une bibliothèque de prédications qui réunit vidéo, audio et notes, consultable par prédicateur, par série et par livre de la Bible. Les cultes du dimanche sont diffusés en direct sur la page d’accueil. Les dons via Stripe, ponctuels ou réguliers, se font en livres sterling et recueillent les déclarations Gift Aid des contribuables britanniques. Les bénévoles gèrent désormais eux-mêmes événements, annonces et mise en ligne des prédications.',
    impact: 'Le nombre de donateurs réguliers en ligne a triplé en neuf mois, les écoutes de prédications ont progressé de 80\u00a0% et l’équipe média publie le message de chaque dimanche moins de deux heures après la fin du culte.',
    technologies: ['WordPress', 'Thème à blocs sur mesure', 'YouTube Live', 'Stripe', 'Mailchimp', 'Cloudflare'],
  },
  'house-of-grace-church-app': {
    about: 'House of Grace Global Ministries est un ministère de Houston, au Texas, qui compte deux sites et une large communauté de membres qui suivent son enseignement en ligne.',
    problem: 'La méditation quotidienne partait sous forme d’un long e-mail que peu de gens ouvraient, les demandes de prière s’entassaient dans une boîte de réception saturée et les inscriptions aux événements passaient par des formulaires en ligne éparpillés. Les responsables n’avaient aucun lieu unique pour joindre leurs membres et prendre soin d’eux.',
    solution: 'Nous avons conçu et réalisé une application iOS et Android avec la méditation du jour, en version audio aussi, et une notification discrète le matin. Un mur de prière permet aux membres de partager leurs demandes et de prier les uns pour les autres\u202f; chaque message est relu par un modérateur avant de paraître. Les membres s’inscrivent aux événements, reçoivent des rappels et donnent via Stripe, et les responsables programment les méditations des semaines à l’avance depuis un tableau de bord web simple.',
    impact: 'Plus de 4\u202f000 membres ont installé l’application dans les trois premiers mois. Le lectorat de la méditation est passé d’environ 900 ouvertures d’e-mail à 2\u202f700 lecteurs quotidiens, et plus de 12\u202f000 prières ont été enregistrées sur le mur de prière la première année.',
    technologies: ['React Native', 'Expo', 'TypeScript', 'Appwrite', 'Stripe', 'Firebase Cloud Messaging'],
  },
};
