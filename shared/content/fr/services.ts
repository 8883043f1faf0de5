import type { ServiceDetail } from '../serviceDetails.ts';
import type { ServiceSlug } from '../services.ts';

// The French text of each service page (shared/content/serviceDetails.ts), by the same keys. Durations come
// from the English module; `tools` is given only where a tool's label has an English word in it.
// Loaded with the service pages under /fr only (shared/i18n/frenchParts.ts). Typography: U+202F before the high punctuation marks and inside « ».
export type ServiceText = Omit<ServiceDetail, 'typicalWeeks' | 'tools'> & { tools?: string[] };

export const serviceTexts: Record<ServiceSlug, ServiceText> = {
  'web-development': {
    headline:
      'Nous développons des applications web, des portails clients et des outils internes aussi rapides sur un téléphone à Accra que sur un portable à Amsterdam — et que votre prochain développeur sera heureux de reprendre.',
    whatItIs: [
      'Le développement web, c’est l’ingénierie des logiciels qui tournent dans le navigateur\u202f: systèmes de réservation, tableaux de bord, places de marché, plateformes de formation, et les serveurs qui les font fonctionner. Nous travaillons avec React et TypeScript côté interface, Node.js côté serveur, déployés en périphérie de réseau ou dans le cloud, pour que les pages se chargent vite même sur un réseau mobile lent.',
      'Chaque projet part, dès les premiers jours, d’une première tranche fonctionnelle du produit. Vous voyez tôt un vrai logiciel, vous réagissez sur quelque chose de cliquable, et nous le faisons grandir par courtes itérations présentées en démonstration jusqu’à ce qu’il soit prêt pour vos clients.',
    ],
    idealFor: [
      'Les fondateurs qui doivent présenter un produit minimum viable à des utilisateurs ou à des investisseurs',
      'Les entreprises qui veulent remplacer tableurs, formulaires papier ou commandes WhatsApp par un vrai système',
      'Les équipes qui ont besoin d’un portail client, d’un tableau de bord ou d’un parcours de réservation relié à leurs outils',
      'Les sociétés dont l’application web actuelle est lente, fragile ou difficile à faire évoluer',
    ],
    deliverables: [
      'Une application web en production, déployée sur votre propre compte d’hébergement',
      'Le code source dans votre dépôt Git, avec un README qui permet à un nouveau développeur de démarrer en quelques minutes',
      'Des tests automatisés et une intégration continue qui les exécute à chaque modification',
      'Un espace d’administration pour gérer contenus, utilisateurs et commandes',
      'Une accessibilité vérifiée selon les WCAG 2.2 AA et un score de performance Lighthouse supérieur à 90 sur mobile',
      'Une présentation vidéo enregistrée et une séance de passation d’une heure avec votre équipe',
      'Trente jours de corrections gratuites après la mise en ligne',
    ],
    process: [
      { title: 'Appel de découverte', text: 'Trente minutes pour comprendre le problème, les utilisateurs et l’échéance. Sous deux jours ouvrés, vous recevez un périmètre écrit et un devis ferme.' },
      { title: 'Plan technique et prototype', text: 'Nous arrêtons ensemble le modèle de données, les intégrations et le premier parcours, et vous montrons un prototype cliquable avant toute ligne de code de production.' },
      { title: 'Développement en itérations hebdomadaires', text: 'Chaque semaine se conclut par une démonstration sur un lien de préproduction que vous pouvez partager. Entre deux itérations, les priorités restent les vôtres.' },
      { title: 'Mise en ligne', text: 'Tests de charge, revue d’accessibilité et de sécurité, migration des données, puis mise en ligne à la date qui convient à votre activité.' },
      { title: 'Passation et accompagnement', text: 'Vous recevez le code, les accès et la documentation, avec trente jours de corrections. Les formules de maintenance sont facultatives.' },
    ],
    timelineNote:
      'Un produit minimum viable centré sur un parcours principal demande en général quatre à six semaines. Une plateforme avec paiements, plusieurs rôles ou des intégrations à des systèmes existants en demande huit à douze.',
    faqs: [
      { question: 'Pouvez-vous reprendre une application web existante\u202f?', answer: 'Oui. Nous commençons par une semaine de revue du code, vous disons franchement ce qui mérite d’être conservé, puis nous l’améliorons pas à pas ou planifions une refonte.' },
      { question: 'Développez-vous aussi la partie serveur\u202f?', answer: 'Oui. Nous concevons la base de données et les API, connectons des prestataires de paiement comme Stripe et Paystack, et intégrons les outils que vous utilisez déjà.' },
      { question: 'L’application fonctionnera-t-elle avec une connexion lente\u202f?', answer: 'Oui. Nous fixons un budget de performance pour chaque page, pré-générons tout ce qui peut l’être et testons sur des réseaux mobiles bridés avant la mise en ligne.' },
    ],
  },

  'wordpress-development': {
    headline:
      'Des sites WordPress sur mesure\u202f: un thème conçu pour votre marque, des blocs que votre équipe modifie sans casser la mise en page, et la rapidité comme la sécurité qui manquent souvent à WordPress.',
    whatItIs: [
      'WordPress fait tourner une bonne part du web parce que les rédacteurs l’adorent. Plutôt que d’empiler des constructeurs de pages sur un modèle standard, nous développons des thèmes à blocs et des extensions sur mesure\u202f: votre site reste rapide, sûr et facile à mettre à jour pendant des années.',
      'Votre équipe dispose de blocs de contenu réutilisables pensés pour vos pages, de rôles utilisateurs cohérents et d’un éditeur qui montre ce que verront les visiteurs. Nous remettons aussi sur pied des sites WordPress devenus lents ou piratés.',
    ],
    idealFor: [
      'Les organisations dont l’équipe publie chaque semaine actualités, événements ou ressources',
      'Les Églises, écoles et associations qui veulent un site simple à modifier pour un budget modeste',
      'Les entreprises coincées avec un thème lent et des extensions qu’elles n’utilisent pas',
      'Les propriétaires de sites WordPress piratés ou vieillissants qui ont besoin d’une refonte propre',
    ],
    deliverables: [
      'Un thème à blocs sur mesure conçu pour votre marque, sans dépendance à un constructeur de pages',
      'Une bibliothèque de blocs de contenu réutilisables pour vos pages',
      'Formulaires de contact, inscription à la lettre d’information et listes d’événements ou de prédications selon vos besoins',
      'Cache, optimisation des images et renforcement de la sécurité configurés',
      'La reprise des contenus de votre ancien site, avec des redirections qui préservent votre référencement',
      'Un guide de l’éditeur et une séance de formation pour votre équipe',
      'Trente jours de corrections gratuites après la mise en ligne',
    ],
    process: [
      { title: 'Contenus et objectifs', text: 'Nous passons en revue votre site actuel, vos statistiques et vos contenus, puis convenons des pages, blocs et intégrations nécessaires.' },
      { title: 'Design', text: 'Nos designers réalisent dans Figma les mises en page clés, soumises à votre validation avant le développement.' },
      { title: 'Développement du thème et des blocs', text: 'Nous développons le thème et les blocs sur un site de préproduction où vous pouvez commencer à saisir vos contenus.' },
      { title: 'Migration et mise en ligne', text: 'Nous transférons vos contenus, posons les redirections, testons formulaires et vitesse, puis basculons le domaine sans interruption.' },
      { title: 'Formation', text: 'Une formation en direct et un guide écrit pour que votre équipe publie en confiance dès le premier jour.' },
    ],
    timelineNote:
      'Un site vitrine d’une dizaine de pages demande environ trois à quatre semaines. Un site plus vaste, avec espace membres, événements ou contenus multilingues, en demande six à huit.',
    tools: ['WordPress', 'PHP', 'Blocs Gutenberg', 'Advanced Custom Fields', 'WooCommerce', 'WP-CLI', 'Cloudflare'],
    faqs: [
      { question: 'Pourrons-nous modifier le site nous-mêmes\u202f?', answer: 'Oui. Chaque page est faite de blocs que votre équipe peut ajouter, réordonner et modifier, et nous formons vos rédacteurs avant la mise en ligne.' },
      { question: 'Utilisez-vous des constructeurs de pages comme Elementor\u202f?', answer: 'Nous développons plutôt des thèmes à blocs sur mesure\u202f: plus rapides, plus sûrs, et sans dépendance à une extension payante.' },
      { question: 'Pouvez-vous héberger le site pour nous\u202f?', answer: 'Nous l’installons à votre nom chez un hébergeur WordPress infogéré et pouvons assurer mises à jour et sauvegardes dans le cadre d’une formule de maintenance.' },
    ],
  },

  'mobile-app-development': {
    headline:
      'Des applications iOS et Android issues d’un seul code, pensées pour la vraie vie\u202f: réseau capricieux, téléphones anciens et clients qui paient par mobile money.',
    whatItIs: [
      'Nous développons des applications mobiles avec React Native et Expo\u202f: un seul code pour des applications natives sur iPhone et Android, pour un coût proche d’une seule. Elles utilisent l’appareil photo, la localisation, les notifications et le stockage sécurisé comme des applications écrites séparément pour chaque plateforme.',
      'Nous concevons pour l’usage réel du téléphone\u202f: des données disponibles hors ligne pour fonctionner avec un signal faible, des téléchargements légers et des paiements qui acceptent la carte comme MTN MoMo, Telecel Cash et AirtelTigo Money là où vos clients en ont besoin.',
    ],
    idealFor: [
      'Les entreprises dont les clients commandent, réservent ou paient depuis leur téléphone',
      'Les ministères et communautés qui veulent contenus quotidiens, notifications et dons dans une même application',
      'Les start-up qui valident un produit pensé d’abord pour le mobile auprès de vrais utilisateurs',
      'Les sociétés dotées d’une plateforme web qui ont désormais besoin d’une application compagnon',
    ],
    deliverables: [
      'Des applications iOS et Android publiées sur l’App Store et Google Play, sous vos comptes',
      'Un panneau d’administration web pour gérer contenus, utilisateurs et commandes',
      'Notifications push et mesure d’audience configurées',
      'Paiement par carte et par mobile money via Paystack, Flutterwave ou Stripe si nécessaire',
      'Le code source, la chaîne de compilation et les visuels des fiches des magasins d’applications vous sont remis',
      'Trente jours de corrections gratuites après la mise en ligne',
    ],
    process: [
      { title: 'Atelier produit', text: 'Nous définissons les parcours principaux, les données nécessaires et ce qui doit fonctionner hors ligne.' },
      { title: 'Un prototype sur votre téléphone', text: 'Un prototype cliquable à installer et à tester avec de vrais utilisateurs avant le développement.' },
      { title: 'Développement par itérations', text: 'Des versions de test chaque semaine via TestFlight et les tests internes de Google Play\u202f: vous suivez l’avancement sur votre propre appareil.' },
      { title: 'Publication sur les magasins', text: 'Nous préparons captures d’écran, informations de confidentialité et fiches, et accompagnons les applications pendant la validation d’Apple et de Google.' },
      { title: 'Lancement et améliorations', text: 'Pendant les premières semaines, nous surveillons plantages et usage, et livrons vite les correctifs.' },
    ],
    timelineNote:
      'Une application avec un parcours principal, une connexion et des notifications demande environ huit à dix semaines. Avec paiements, temps réel ou synchronisation hors ligne complexe, comptez jusqu’à seize.',
    faqs: [
      { question: 'Faut-il des applications distinctes pour iPhone et Android\u202f?', answer: 'Non. Un seul code React Native produit les deux applications\u202f: vous gagnez du temps et les fonctionnalités restent alignées sur les deux plateformes.' },
      { question: 'À qui appartiennent les fiches App Store et Google Play\u202f?', answer: 'À vous. Les applications sont publiées sous vos comptes développeur, et nous vous aidons à les créer si vous n’en avez pas encore.' },
      { question: 'L’application peut-elle accepter le mobile money\u202f?', answer: 'Oui. Nous intégrons des prestataires de paiement qui prennent en charge MTN MoMo, Telecel Cash et AirtelTigo Money en plus des cartes.' },
    ],
  },

  'ui-ux-design': {
    headline:
      'Des interfaces que vos clients comprennent au premier coup d’œil, fondées sur une recherche menée avec de vrais utilisateurs et livrées sous forme de système de design que vos développeurs réalisent à l’identique.',
    whatItIs: [
      'Le design UI/UX couvre la façon dont un produit fonctionne (l’expérience utilisateur) et son apparence (l’interface). Nous interrogeons vos utilisateurs, cartographions les parcours qui comptent, testons des esquisses très tôt et traduisons ces enseignements en écrans soignés et accessibles.',
      'Vous recevez bien plus que des images\u202f: un prototype cliquable, une bibliothèque de composants dans Figma et des spécifications écrites, pour que n’importe quelle équipe de développement, la nôtre ou la vôtre, réalise le produit tel qu’il a été conçu.',
    ],
    idealFor: [
      'Les fondateurs qui veulent tester une idée auprès d’utilisateurs avant de financer le développement',
      'Les produits riches en fonctionnalités mais aux utilisateurs perdus ou aux inscriptions rares',
      'Les équipes qui ont besoin d’un système de design cohérent entre web et mobile',
      'Les organisations qui préparent une refonte et veulent des preuves plutôt que des opinions',
    ],
    deliverables: [
      'Des entretiens utilisateurs et un court rapport de recherche avec les principaux enseignements',
      'Les parcours utilisateurs et les maquettes fonctionnelles des flux principaux',
      'Des écrans haute fidélité pour mobile et ordinateur',
      'Un prototype cliquable pour les tests et les démonstrations aux investisseurs',
      'Une bibliothèque de composants Figma avec couleurs, typographie et espacements',
      'Une revue d’accessibilité selon les WCAG 2.2 AA',
      'Des notes de passation pour les développeurs, écran par écran',
    ],
    process: [
      { title: 'Recherche', text: 'Atelier avec les parties prenantes, cinq à huit entretiens utilisateurs et analyse des statistiques et de la concurrence.' },
      { title: 'Parcours et maquettes', text: 'Nous cartographions les flux et esquissons des écrans basse fidélité\u202f: la structure est validée avant le détail visuel.' },
      { title: 'Design visuel', text: 'Des écrans haute fidélité à vos couleurs, construits à partir de composants réutilisables.' },
      { title: 'Prototype et tests', text: 'Nous testons le prototype cliquable avec de vrais utilisateurs et corrigeons ce qui les fait trébucher.' },
      { title: 'Passation', text: 'Le système de design, les spécifications et une présentation commentée avec vos développeurs.' },
    ],
    timelineNote:
      'Un parcours ciblé, comme l’inscription ou le paiement, demande deux à trois semaines. Un produit complet avec recherche et système de design en demande cinq à six.',
    tools: ['Figma', 'FigJam', 'Maze', 'Hotjar', 'Google Analytics', 'Stark (contrôle d’accessibilité)'],
    faqs: [
      { question: 'Réalisez-vous aussi ce que vous concevez\u202f?', answer: 'Oui. Nos développeurs peuvent le réaliser, et la passation est tout aussi complète si c’est votre équipe qui s’en charge.' },
      { question: 'Combien de séries de modifications sont comprises\u202f?', answer: 'Deux séries de modifications à chaque étape. Nous testons avec des utilisateurs pour que les décisions reposent sur des faits plutôt que sur des allers-retours sans fin.' },
      { question: 'Pouvez-vous améliorer un produit existant plutôt que de repartir de zéro\u202f?', answer: 'Oui. Nous commençons souvent par un audit UX qui recense les problèmes majeurs, puis les corrigeons par ordre d’impact.' },
    ],
  },

  ecommerce: {
    headline:
      'Des boutiques en ligne qui s’affichent en un clin d’œil, un paiement sans effort et les moyens de paiement que préfèrent vos clients, de la carte Visa à Amsterdam au MoMo à Accra.',
    whatItIs: [
      'Nous concevons et réalisons des boutiques en ligne sur Shopify, WooCommerce ou une vitrine découplée sur mesure, selon vos produits, votre budget et le degré de maîtrise souhaité. Chaque boutique est pensée autour du parcours d’achat\u202f: des fiches produits claires, un tunnel de commande court et des informations de livraison rassurantes.',
      'Nous relions la boutique aux outils qui font tourner votre activité\u202f: prestataires de paiement, transporteurs, stocks et comptabilité, e-mailing. Vous obtenez une boutique que votre équipe sait gérer et à laquelle vos clients font confiance.',
    ],
    idealFor: [
      'Les commerçants et artisans qui passent des commandes Instagram ou WhatsApp à une vraie boutique',
      'Les entreprises qui vendent des produits personnalisés ou sur commande, avec options et acomptes',
      'Les boutiques existantes aux pages lentes ou aux paniers abandonnés',
      'Les marques qui vendent à l’international, dans plusieurs devises',
    ],
    deliverables: [
      'Une boutique en ligne conçue et réalisée, avec fiches produits, collections et tunnel de commande',
      'Paiement par carte et par mobile money configuré et testé',
      'Zones de livraison, frais de port et taxes paramétrés',
      'Import de vos produits depuis vos tableurs ou votre ancienne boutique',
      'Notifications de commande, relances de panier abandonné et suivi des conversions',
      'Formation de votre équipe à la gestion des produits, des commandes et des remises',
      'Trente jours de corrections gratuites après la mise en ligne',
    ],
    process: [
      { title: 'Revue du catalogue et des opérations', text: 'Nous étudions vos produits, votre façon de préparer les commandes et la manière dont vos clients paient aujourd’hui.' },
      { title: 'Choix de la plateforme et design', text: 'Nous recommandons Shopify, WooCommerce ou une solution découplée, arguments à l’appui, puis concevons les pages clés.' },
      { title: 'Réalisation et intégrations', text: 'Nous réalisons la boutique et connectons paiement, livraison et e-mails sur un lien d’aperçu privé.' },
      { title: 'Commandes tests et ouverture', text: 'Nous passons de vraies commandes tests avec chaque moyen de paiement avant d’ouvrir les portes.' },
      { title: 'Croissance', text: 'Après l’ouverture, nous analysons avec vous les données de conversion et proposons des améliorations.' },
    ],
    timelineNote:
      'Une boutique de 100 produits au plus sur Shopify ou WooCommerce demande environ quatre à six semaines. Un configurateur de produits sur mesure, plusieurs devises ou une vitrine découplée en demandent huit à dix.',
    faqs: [
      { question: 'Shopify ou WooCommerce\u202f?', answer: 'Shopify se gère plus vite, avec moins de soucis techniques\u202f; WooCommerce offre plus de maîtrise et aucun abonnement mensuel à la plateforme. Nous en recommandons une après avoir vu vos produits et votre équipe.' },
      { question: 'Les clients peuvent-ils verser un acompte pour une commande personnalisée\u202f?', answer: 'Oui. Nous avons déjà réalisé des paiements en acompte et solde pour des produits sur commande, avec choix de la date de livraison.' },
      { question: 'La boutique acceptera-t-elle le mobile money\u202f?', answer: 'Oui. Paystack et Flutterwave acceptent le mobile money ghanéen en plus des cartes.' },
    ],
  },

  branding: {
    headline:
      'Une identité de marque qui dit qui vous êtes en un regard, et une charte qui la garde cohérente sur votre site, votre application, votre enseigne et vos réseaux sociaux.',
    whatItIs: [
      'L’identité de marque, c’est l’ensemble des choix qui rendent votre organisation reconnaissable\u202f: nom, logo, couleurs, typographie, images et manière de s’exprimer. Nous partons de votre public et de vos ambitions pour concevoir une identité singulière, pratique et prête pour le numérique.',
      'Chaque identité est éprouvée à taille réelle, du favicon au panneau d’affichage, et ses contrastes de couleurs sont vérifiés pour rester accessibles à l’écran.',
    ],
    idealFor: [
      'Les nouvelles entreprises et start-up qui préparent leur lancement',
      'Les organisations dont l’image s’est dispersée au fil des graphistes et des canaux',
      'Les ministères et associations qui ont besoin d’une présence cohérente et digne de confiance',
      'Les sociétés qui abordent de nouveaux marchés et veulent une marque qui voyage bien',
    ],
    deliverables: [
      'Une synthèse de stratégie de marque\u202f: public, positionnement et personnalité',
      'Un logo en versions principale, secondaire et icône, dans tous les formats nécessaires',
      'Une palette de couleurs aux combinaisons accessibles et un système typographique',
      'Une charte graphique au format PDF',
      'Des modèles pour les réseaux sociaux, des cartes de visite et du papier à en-tête',
      'Tous les fichiers sources, avec cession complète des droits',
    ],
    process: [
      { title: 'Atelier de marque', text: 'Une séance de travail sur votre public, vos concurrents, vos valeurs et vos ambitions à cinq ans.' },
      { title: 'Pistes créatives', text: 'Deux ou trois directions bien distinctes, chacune présentée en situation réelle.' },
      { title: 'Affinage', text: 'Nous développons la piste retenue au fil de deux séries de retours.' },
      { title: 'Charte et fichiers', text: 'Nous produisons l’ensemble des éléments et la charte qui explique comment les utiliser.' },
    ],
    timelineNote:
      'Un logo et une identité de base demandent deux à trois semaines. Un système de marque complet, avec charte et modèles, en demande quatre à six.',
    tools: ['Figma', 'Adobe Illustrator', 'Adobe InDesign', 'Google Fonts', 'Outils de contrôle des contrastes'],
    faqs: [
      { question: 'Le logo nous appartient-il\u202f?', answer: 'Oui. Dès le règlement de la facture finale, tous les droits sur l’identité et ses fichiers sources vous sont cédés.' },
      { question: 'Pouvez-vous moderniser notre logo plutôt que le remplacer\u202f?', answer: 'Oui. Beaucoup de clients ont besoin d’une évolution, pas d’une révolution, et nous vous dirons honnêtement laquelle vous convient.' },
      { question: 'Nous aidez-vous à trouver un nom\u202f?', answer: 'Oui. La création de nom peut s’ajouter à un projet d’identité, avec vérification de la disponibilité du nom de domaine et des comptes sur les réseaux sociaux.' },
    ],
  },

  'digital-marketing': {
    headline:
      'Des campagnes sur les moteurs de recherche, les réseaux sociaux et par e-mail qui vous amènent des clients, avec un rapport mensuel clair sur ce que chaque cedi, euro ou dollar a rapporté.',
    whatItIs: [
      'Le marketing digital, c’est la façon dont les personnes qui ont besoin de ce que vous vendez vous trouvent, vous font confiance et reviennent. Nous planifions et pilotons des campagnes sur Google, Meta et LinkedIn, rédigeons des séquences d’e-mails qui font mûrir vos prospects et mettons en place un suivi qui mesure chaque résultat.',
      'Nous commençons par ce que la plupart des campagnes négligent\u202f: une page d’atterrissage qui convertit, des statistiques fiables et un coût par prospect cible clair. Ce n’est qu’ensuite que nous dépensons votre budget publicitaire.',
    ],
    idealFor: [
      'Les entreprises qui ont un bon site mais trop peu de demandes',
      'Les sociétés de services qui veulent un flux régulier de prospects locaux',
      'Les boutiques en ligne qui doivent augmenter leurs ventes de façon rentable',
      'Les associations et ministères qui développent leur base de donateurs et de membres',
    ],
    deliverables: [
      'Un plan marketing\u202f: canaux, répartition du budget et coût par prospect visé',
      'Le suivi des conversions avec Google Analytics 4 et les pixels publicitaires',
      'La création et la gestion des campagnes sur Google Ads, Meta et LinkedIn',
      'Pages d’atterrissage et visuels publicitaires',
      'Des séquences d’e-mails de bienvenue et de relance',
      'Un rapport mensuel et un point téléphonique pour le commenter',
    ],
    process: [
      { title: 'Audit et plan', text: 'Nous étudions votre public, vos concurrents et vos résultats actuels, puis fixons ensemble objectifs et budget.' },
      { title: 'Suivi et pages d’atterrissage', text: 'Nous veillons à ce que chaque prospect et chaque vente soient mesurés avant de dépenser le moindre euro.' },
      { title: 'Lancement des campagnes', text: 'Des tests limités et maîtrisés de publics et de messages sur les canaux retenus.' },
      { title: 'Optimisation', text: 'Des ajustements chaque semaine\u202f: le budget va à ce qui marche, le reste s’arrête.' },
      { title: 'Bilan', text: 'Un rapport mensuel sans jargon\u202f: prospects, ventes, coûts et prochaines étapes.' },
    ],
    timelineNote:
      'La mise en place et les premières campagnes prennent trois à quatre semaines. Il faut ensuite six à huit semaines de données pour stabiliser le coût par prospect\u202f; beaucoup de clients poursuivent ensuite au mois.',
    faqs: [
      { question: 'Quel budget publicitaire prévoir\u202f?', answer: 'Cela dépend de votre marché et de vos marges. Le plan prévoit un budget de test, que nous n’augmentons qu’une fois le coût par prospect au bon niveau.' },
      { question: 'Le budget publicitaire est-il compris dans vos honoraires\u202f?', answer: 'Non. Les dépenses publicitaires sont réglées directement à Google, Meta ou LinkedIn depuis vos propres comptes\u202f: vous voyez toujours exactement où va l’argent.' },
      { question: 'Nous engagez-vous sur de longs contrats\u202f?', answer: 'Non. Après le projet de mise en place, la gestion se poursuit au mois, avec un préavis de 30\u00a0jours.' },
    ],
  },

  'seo-optimization': {
    headline:
      'Un référencement technique, éditorial et local qui vous place sous les yeux de ceux qui cherchent ce que vous proposez, et vous y maintient sans les astuces que les moteurs sanctionnent.',
    whatItIs: [
      'Le référencement naturel rend votre site facile à explorer, à comprendre et à classer pour les moteurs de recherche. Nous consolidons les fondations techniques (vitesse, indexation, données structurées), améliorons les pages qui comptent et vous aidons à publier des contenus qui répondent aux vraies questions de vos clients.',
      'Pour les entreprises locales, nous optimisons votre fiche d’établissement Google et vos annuaires locaux afin que vous apparaissiez quand quelqu’un cherche votre service à proximité. Chaque mois, un rapport clair réunit positions, trafic et demandes venues de la recherche.',
    ],
    idealFor: [
      'Les entreprises qui dépendent de leur visibilité sur Google',
      'Les sites qui ont perdu du trafic après une refonte ou une mise à jour d’un moteur de recherche',
      'Les entreprises de services locales face à la concurrence de leur ville',
      'Les organisations qui publient des contenus que personne ne trouve',
    ],
    deliverables: [
      'Un audit SEO technique complet avec une liste de corrections par priorité',
      'Corrections de vitesse, d’indexation, de plan du site et de données structurées appliquées',
      'Une recherche de mots-clés associée à vos pages',
      'L’optimisation des titres, intertitres et contenus de vos pages clés',
      'L’optimisation de votre fiche d’établissement Google et de vos annuaires locaux',
      'Un rapport mensuel de positions et de trafic, avec recommandations',
    ],
    process: [
      { title: 'Audit', text: 'Nous explorons votre site, étudions Search Console et vos statistiques, et classons les problèmes par impact. Vous pouvez commencer par notre audit SEO gratuit.' },
      { title: 'Consolider les fondations', text: 'D’abord la technique\u202f: vitesse, indexation, redirections, données structurées et ergonomie mobile.' },
      { title: 'Optimiser les pages clés', text: 'Attribution des mots-clés et réécriture des pages qui vous amènent des clients.' },
      { title: 'Contenus et présence locale', text: 'Un plan éditorial et des fiches locales qui construisent votre autorité dans la durée.' },
      { title: 'Mesurer et rendre compte', text: 'Un rapport mensuel sur les positions, le trafic et les demandes, avec les prochaines priorités.' },
    ],
    timelineNote:
      'Les corrections techniques et le travail sur les pages prennent quatre à six semaines. Les positions évoluent en général en deux à trois mois, davantage sur les requêtes concurrentielles.',
    tools: ['Google Search Console', 'Google Analytics 4', 'Screaming Frog', 'Ahrefs', 'PageSpeed Insights', 'Balisage Schema.org'],
    faqs: [
      { question: 'Pouvez-vous garantir la première place sur Google\u202f?', answer: 'Aucune agence honnête ne le peut. Nous garantissons le travail\u202f: un site techniquement sain, des pages optimisées et des comptes rendus transparents sur les résultats.' },
      { question: 'Quand verrons-nous des résultats\u202f?', answer: 'Les corrections techniques peuvent porter leurs fruits en quelques semaines\u202f; les gains de positions significatifs apparaissent en général en deux à trois mois.' },
      { question: 'Existe-t-il un point de départ gratuit\u202f?', answer: 'Oui. Demandez un audit SEO gratuit\u202f: nous vous enverrons la liste des corrections prioritaires pour votre site.' },
    ],
  },

  'cicd-pipeline': {
    headline:
      'Des chaînes automatisées qui compilent, testent et livrent chaque modification en quelques minutes\u202f: votre équipe livre plus souvent, avec moins de mauvaises surprises en pleine nuit.',
    whatItIs: [
      'L’intégration et la livraison continues (CI/CD) font que chaque modification du code est automatiquement compilée, testée et préparée pour la mise en production. Fini les envois manuels en croisant les doigts\u202f: les mises en production deviennent routinières, reproductibles et réversibles.',
      'Nous concevons la chaîne autour de votre technologie et de votre équipe\u202f: un retour rapide sur chaque demande de fusion, un environnement d’aperçu par branche, et un déploiement en production en un clic ou entièrement automatique, avec retour arrière possible.',
    ],
    idealFor: [
      'Les équipes qui déploient encore à la main ou par FTP',
      'Les produits dont chaque mise en production casse souvent quelque chose',
      'Les équipes en croissance qui veulent les mêmes contrôles de qualité à chaque modification',
      'Les sociétés qui préparent un audit exigeant une maîtrise des changements',
    ],
    deliverables: [
      'Des chaînes de compilation, de test, d’analyse de sécurité et de déploiement',
      'Des environnements d’aperçu pour les demandes de fusion',
      'Des mises en production par étapes, de la préproduction à la production, avec validations et retour arrière',
      'Des secrets gérés de façon sûre, jamais stockés dans le code',
      'La documentation de la chaîne et un guide d’exploitation pour votre équipe',
      'Une séance de formation au nouveau fonctionnement',
    ],
    process: [
      { title: 'État des lieux', text: 'Nous retraçons le chemin du code, de l’ordinateur du développeur à la production, et repérons les points douloureux.' },
      { title: 'Conception', text: 'Nous convenons avec votre équipe des branches, des environnements, des contrôles qualité et des validations de mise en production.' },
      { title: 'Mise en œuvre', text: 'Nous construisons la chaîne étape par étape, sans jamais interrompre vos mises en production actuelles.' },
      { title: 'Passation', text: 'Documentation, guide d’exploitation et séance avec vos développeurs.' },
    ],
    timelineNote:
      'Une chaîne pour une seule application demande deux à trois semaines. Plusieurs services, la publication d’applications mobiles ou des contrôles de conformité portent ce délai à six semaines.',
    faqs: [
      { question: 'Nous utilisons GitLab, pas GitHub. Est-ce un problème\u202f?', answer: 'Pas du tout. Nous travaillons avec GitHub Actions, GitLab CI, Bitbucket Pipelines et les autres outils d’intégration continue courants.' },
      { question: 'Pouvez-vous ajouter des tests à un projet qui n’en a aucun\u202f?', answer: 'Oui. Nous commençons par des tests de fumée sur les parcours les plus importants, pour que la chaîne vous protège dès le premier jour.' },
      { question: 'Nos mises en production s’arrêteront-elles pendant vos travaux\u202f?', answer: 'Non. Nous construisons la nouvelle chaîne en parallèle de votre processus actuel et ne basculons qu’une fois qu’elle a fait ses preuves.' },
    ],
  },

  'cloud-infrastructure': {
    headline:
      'Une infrastructure cloud sûre par défaut, décrite en code, dimensionnée pour votre trafic réel et chiffrée pour que la facture mensuelle ne réserve aucune surprise.',
    whatItIs: [
      'Nous concevons, construisons et migrons des environnements cloud sur AWS, Google Cloud, Azure et Cloudflare. Tout est décrit en code avec Terraform\u202f: les environnements se relisent, se reproduisent et se reconstruisent en quelques minutes.',
      'Nous prêtons la même attention à leur coût d’exploitation\u202f: ressources bien dimensionnées, mise à l’échelle automatique, budgets et alertes. Après notre revue, beaucoup de clients économisent une part sensible de leur facture mensuelle.',
    ],
    idealFor: [
      'Les start-up qui mettent en place leur infrastructure de production pour la première fois',
      'Les sociétés qui passent d’un serveur unique ou d’un hébergement mutualisé au cloud',
      'Les équipes dont la facture cloud a grimpé plus vite que leur trafic',
      'Les organisations qui ont besoin d’environnements de préproduction et de production séparés et sécurisés',
    ],
    deliverables: [
      'Un schéma d’architecture et un document de décision pour votre environnement',
      'L’infrastructure décrite en code, dans votre dépôt',
      'Réseau, identités et accès configurés selon le principe du moindre privilège',
      'Des sauvegardes automatiques, avec une procédure de restauration testée',
      'Budgets, alertes de coûts et rapport de dimensionnement',
      'La migration de vos applications et de vos données avec un minimum d’interruption',
    ],
    process: [
      { title: 'Revue', text: 'Nous étudions vos applications, votre trafic, vos données et vos coûts actuels.' },
      { title: 'Architecture', text: 'Nous proposons une architecture chiffrée et la validons avec vous.' },
      { title: 'Construction en code', text: 'La préproduction d’abord, puis la production, entièrement décrites en code.' },
      { title: 'Migration', text: 'Applications et données sont déplacées par étapes répétées à l’avance, avec un plan de retour arrière.' },
      { title: 'Optimisation', text: 'Après quelques semaines de trafic réel, nous ajustons le dimensionnement et passons la main.' },
    ],
    timelineNote:
      'Un nouvel environnement pour une application demande trois à quatre semaines. La migration de plusieurs applications avec leurs données en demande huit à dix.',
    faqs: [
      { question: 'Quel fournisseur cloud choisir\u202f?', answer: 'Cela dépend des compétences de votre équipe, de votre région et de vos services. Nous comparons les options, estimations de coûts à l’appui, avant d’en recommander une.' },
      { question: 'À qui appartiennent les comptes cloud\u202f?', answer: 'À vous. Tout est créé dans des comptes au nom de votre organisation, et nous travaillons avec des accès que vous pouvez révoquer à tout moment.' },
      { question: 'Pouvez-vous réduire notre facture cloud actuelle\u202f?', answer: 'En général, oui. Une revue des coûts met souvent au jour des ressources inutilisées, des instances surdimensionnées et des remises non exploitées.' },
    ],
  },

  'container-orchestration': {
    headline:
      'Des plateformes Docker et Kubernetes qui déploient vos services toujours de la même façon, suivent la demande et se rétablissent seules en cas de panne.',
    whatItIs: [
      'Un conteneur embarque une application avec tout ce dont elle a besoin\u202f: elle tourne à l’identique sur un portable, en test et en production. Les plateformes d’orchestration comme Kubernetes répartissent ces conteneurs sur plusieurs serveurs, les relancent en cas d’échec et ajoutent de la capacité quand le trafic augmente.',
      'Nous conteneurisons vos applications, mettons en place un Kubernetes managé, ou un service de conteneurs plus simple quand c’est plus adapté, et donnons à votre équipe une méthode de déploiement qui n’exige pas que chacun devienne expert de Kubernetes.',
    ],
    idealFor: [
      'Les produits composés de plusieurs services difficiles à déployer ensemble',
      'Les équipes confrontées à des pics de trafic qu’un seul serveur ne peut absorber',
      'Les sociétés qui utilisent déjà des conteneurs mais peinent à les rendre fiables',
      'Les organisations qui doivent faire tourner la même infrastructure dans plusieurs régions',
    ],
    deliverables: [
      'Des Dockerfiles prêts pour la production pour vos applications',
      'Un cluster Kubernetes managé ou un service de conteneurs, décrit en code',
      'Des manifestes de déploiement ou des charts Helm avec contrôles de santé et mise à l’échelle automatique',
      'Entrée réseau, certificats TLS et gestion des secrets configurés',
      'Un déploiement en mode GitOps',
      'Des guides d’exploitation pour les opérations courantes et une séance de formation',
    ],
    process: [
      { title: 'État des lieux', text: 'Nous étudions vos services, leurs dépendances et leur mode de déploiement actuel.' },
      { title: 'Conteneurisation', text: 'Nous écrivons des images légères et sûres, et les faisons tourner en local avec votre équipe.' },
      { title: 'Construction de la plateforme', text: 'Cluster, réseau, secrets et observabilité sont mis en place, décrits en code.' },
      { title: 'Migration des services', text: 'Les services migrent un par un, le trafic est basculé progressivement et le retour arrière reste prêt.' },
      { title: 'Passation', text: 'Guides d’exploitation, tableaux de bord et formation pour que votre équipe pilote la plateforme.' },
    ],
    timelineNote:
      'Conteneuriser et déployer deux ou trois services demande quatre à six semaines. Une plateforme plus vaste, avec de nombreux services ou plusieurs régions, peut en demander douze.',
    faqs: [
      { question: 'Avons-nous vraiment besoin de Kubernetes\u202f?', answer: 'Pas toujours. Pour un ou deux services, un service de conteneurs plus simple est souvent moins cher et plus facile, et nous vous le dirons.' },
      { question: 'Nos développeurs devront-ils apprendre Kubernetes\u202f?', answer: 'À peine. Nous leur donnons une méthode de déploiement simple et gardons les détails de la plateforme dans le code et les guides d’exploitation.' },
      { question: 'Pouvez-vous assurer le suivi de la plateforme après la mise en service\u202f?', answer: 'Oui. Nos formules de maintenance comprennent la supervision, les mises à niveau et une astreinte aux horaires convenus.' },
    ],
  },

  'monitoring-logging': {
    headline:
      'Tableaux de bord, alertes et journaux consultables qui montrent comment se portent vos systèmes et vos utilisateurs, et ne réveillent la bonne personne que lorsque c’est nécessaire.',
    whatItIs: [
      'La supervision vous dit quand quelque chose ne va pas\u202f; les journaux et le traçage vous disent pourquoi. Nous instrumentons vos applications et votre infrastructure, réunissons métriques, journaux et traces en un seul endroit et bâtissons des tableaux de bord autour de ce qui compte pour votre activité\u202f: inscriptions, commandes, paiements et temps de réponse.',
      'Les alertes sont réglées sur de vrais problèmes et accompagnées de consignes claires\u202f: votre équipe n’est pas noyée sous le bruit et sait exactement quoi faire à trois heures du matin.',
    ],
    idealFor: [
      'Les équipes qui apprennent les pannes par leurs clients',
      'Les produits aux erreurs intermittentes que personne n’arrive à reproduire',
      'Les sociétés liées à leurs clients par des engagements de niveau de service',
      'Les équipes techniques submergées d’alertes inutiles',
    ],
    deliverables: [
      'Métriques, journaux et traces collectés depuis vos applications et votre infrastructure',
      'Des tableaux de bord sur la santé des systèmes et les événements clés de votre activité',
      'Des règles d’alerte avec niveaux de gravité, acheminement et plannings d’astreinte',
      'Des contrôles de disponibilité depuis plusieurs régions, avec une page d’état publique',
      'Un guide d’intervention pour chaque alerte',
      'Une séance de formation à l’analyse des incidents',
    ],
    process: [
      { title: 'Définir ce qui compte', text: 'Nous convenons des parcours, des niveaux de service et des événements à surveiller.' },
      { title: 'Instrumenter', text: 'Nous ajoutons métriques, journaux structurés et traçage avec OpenTelemetry.' },
      { title: 'Tableaux de bord et alertes', text: 'Nous créons tableaux de bord et règles d’alerte, puis les ajustons sur le trafic réel.' },
      { title: 'S’entraîner', text: 'Un incident simulé avec votre équipe pour éprouver alertes et guides d’intervention.' },
    ],
    timelineNote:
      'La supervision d’une application demande deux à trois semaines. Plusieurs services, avec traçage et astreinte, jusqu’à six.',
    faqs: [
      { question: 'Faut-il utiliser des outils de supervision payants\u202f?', answer: 'Non. Nous pouvons nous appuyer sur des outils libres comme Grafana et Prometheus, ou sur des services managés quand ils vous font gagner du temps.' },
      { question: 'Pouvez-vous surveiller les services tiers dont nous dépendons\u202f?', answer: 'Oui. Nous ajoutons des contrôles sur les prestataires de paiement, l’envoi d’e-mails et vos autres dépendances, pour savoir quand le problème ne vient pas de chez vous.' },
      { question: 'Qui répond aux alertes\u202f?', answer: 'Votre équipe, nous dans le cadre d’une formule de maintenance, ou les deux. Nous configurons l’acheminement et les plannings en conséquence.' },
    ],
  },

  'security-compliance': {
    headline:
      'Revues de sécurité, durcissement et préparation à la conformité pour protéger les données de vos clients et réussir les audits qu’ils vous demandent.',
    whatItIs: [
      'Nous évaluons vos applications, vos comptes cloud et vos processus au regard des menaces courantes et des normes qui vous concernent, puis corrigeons ce que nous trouvons par ordre de risque\u202f: contrôle d’accès, chiffrement, analyse des dépendances et des conteneurs, sauvegardes et réponse aux incidents.',
      'Côté conformité, nous vous préparons au RGPD, à la loi ghanéenne sur la protection des données de 2012 (Act 843), à SOC 2 et à ISO 27001\u202f: politiques, preuves et mesures techniques, prêtes pour votre auditeur.',
    ],
    idealFor: [
      'Les start-up qui répondent aux questionnaires de sécurité de grands clients',
      'Les sociétés qui traitent des données personnelles ou de paiement',
      'Les organisations qui servent des clients européens soumis au RGPD',
      'Les équipes qui préparent un audit SOC 2 ou ISO 27001',
    ],
    deliverables: [
      'Un rapport d’évaluation de la sécurité, constats classés par niveau de risque',
      'La correction des constats critiques et élevés',
      'Des comptes cloud, des identités et des accès durcis',
      'L’analyse automatique des dépendances, des secrets et des conteneurs dans votre chaîne de livraison',
      'Des politiques de sécurité et un plan de réponse aux incidents',
      'Une analyse des écarts de conformité et la liste des preuves à réunir pour votre audit',
    ],
    process: [
      { title: 'Périmètre', text: 'Nous convenons des systèmes, des données et des normes concernés.' },
      { title: 'Évaluation', text: 'Revue des configurations, analyses automatisées et tests manuels des parcours clés.' },
      { title: 'Correction', text: 'Nous traitons d’abord les risques les plus élevés, avec vos développeurs.' },
      { title: 'Documentation', text: 'Les politiques, procédures et preuves que votre auditeur demandera.' },
      { title: 'Vérification', text: 'Nous retestons chaque correction et vous remettons un rapport de clôture.' },
    ],
    timelineNote:
      'La revue de sécurité et le durcissement d’une application demandent trois à quatre semaines. La préparation d’un audit SOC 2 ou ISO 27001, huit à douze.',
    faqs: [
      { question: 'S’agit-il d’un test d’intrusion\u202f?', answer: 'La mission comprend des tests ciblés de vos parcours clés. Pour un test d’intrusion certifié, nous travaillons avec des partenaires accrédités et corrigeons ce qu’ils relèvent.' },
      { question: 'Pouvez-vous nous mettre en conformité avec le RGPD\u202f?', answer: 'Nous mettons en œuvre les mesures techniques et organisationnelles et la documentation\u202f; votre conseil juridique confirme la position finale.' },
      { question: 'Signerez-vous un accord de confidentialité\u202f?', answer: 'Oui, avant d’accéder au moindre de vos systèmes. La confidentialité fait d’ailleurs partie de notre contrat client standard.' },
    ],
  },
};
