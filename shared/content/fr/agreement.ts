import type { agreement } from '../agreement.ts';
import type { Texts } from './texts.ts';
import { percentIn, usdIn } from '../../i18n/format.ts';

// The French text of the client services agreement (shared/content/agreement.ts): the same sections, by the
// same ids, and the same clauses in the same order. Loaded with its pages under /fr only (shared/i18n/frenchParts.ts).
export type AgreementText = Texts<typeof agreement>;

const pc = (n: number) => percentIn('fr', `${n}%`);

export const agreementText: AgreementText = {
  title: 'Contrat de prestation de services',
  effectiveDate: '1er mars 2025',
  intro:
    'Les présentes conditions s’appliquent à chaque projet que Volta Labs Ltd. («\u202fVolta Labs\u202f», «\u202fnous\u202f») réalise pour un client («\u202fvous\u202f»). Chaque projet fait également l’objet d’une proposition ou d’un cahier des charges qui décrit ce que nous livrerons, à quelle date et pour quel prix. Ensemble, ces documents constituent notre contrat avec vous. En cas de contradiction entre les deux, la proposition signée prévaut pour le projet concerné.',
  sections: [
    {
      id: 'scope',
      title: 'Périmètre des travaux',
      clauses: [
        'La proposition énumère les livrables, les jalons, les hypothèses et la date de mise en ligne de votre projet. Tout travail qui n’y est pas décrit sort de son périmètre et est traité comme une demande de modification.',
        'Vous vous engagez à fournir en temps utile les contenus, retours, décisions et accès à vos systèmes et comptes. Nous convenons des délais de retour au début du projet\u202f; si un élément arrive en retard, le calendrier est décalé d’autant.',
        'Nous pouvons faire appel à des sous-traitants soigneusement sélectionnés. Nous restons responsables de leur travail, et ils sont tenus aux mêmes obligations de confidentialité que notre équipe.',
      ],
    },
    {
      id: 'quotes-and-payment',
      title: 'Devis et conditions de paiement',
      clauses: [
        'Les devis sont valables 30\u00a0jours à compter de leur envoi. Les estimations de prix données sur notre site web, par notre assistant de discussion ou lors d’une consultation sont purement indicatives et n’engagent aucune des parties.',
        `Sauf mention contraire dans la proposition, les projets de moins de ${usdIn('fr', 10000)} sont facturés ${pc(50)} à la signature et ${pc(50)} à la mise en ligne. Les projets plus importants sont facturés ${pc(40)} à la signature, ${pc(30)} au jalon de mi-parcours et ${pc(30)} à la mise en ligne. Les services mensuels sont facturés d’avance, au début de chaque mois.`,
        'Les factures sont payables sous 14\u00a0jours par virement bancaire, par carte ou, au Ghana, par mobile money. Nous facturons en dollars américains, en euros, en livres sterling ou en cedis ghanéens, comme convenu dans la proposition. Les montants s’entendent hors taxes applicables, ajoutées lorsque la loi l’exige.',
        'Les frais de tiers, tels que l’hébergement, les noms de domaine, les licences logicielles, les frais des magasins d’applications et les budgets publicitaires, sont payés directement par vous ou nous sont remboursés à prix coûtant, avec votre accord préalable.',
        'Si une facture reste impayée plus de 14\u00a0jours après son échéance, nous pouvons suspendre les travaux après vous en avoir avisé par écrit 7\u00a0jours à l’avance. Le calendrier est prolongé de la durée de la suspension.',
      ],
    },
    {
      id: 'change-requests',
      title: 'Demandes de modification',
      clauses: [
        'Chaque partie peut proposer par écrit une modification du périmètre, du calendrier ou des livrables. Sous deux jours ouvrés, nous vous indiquons son incidence sur le prix et le calendrier.',
        'Nous ne commençons les travaux liés à une modification qu’après votre accord écrit\u202f; un e-mail suffit. Les modifications acceptées font alors partie de la proposition.',
        'Les petits ajustements qui prennent moins de deux heures au total par jalon sont inclus sans supplément.',
      ],
    },
    {
      id: 'acceptance',
      title: 'Vérification et réception',
      clauses: [
        'Vous disposez de 5\u00a0jours ouvrés pour vérifier chaque livrable de jalon et nous signaler par écrit tout écart par rapport à la proposition. Nous corrigeons ces écarts sans supplément et vous remettons à nouveau le livrable.',
        'Un livrable est réputé accepté dès que vous le confirmez par écrit, que la période de vérification s’achève sans remarque écrite ou que vous l’utilisez en production, selon ce qui survient en premier.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Propriété intellectuelle',
      clauses: [
        'Une fois toutes les factures d’un projet réglées, nous vous cédons l’ensemble des droits de propriété intellectuelle sur le code, les maquettes, les contenus et les autres livrables créés spécifiquement pour vous. D’ici là, vous pouvez utiliser les livrables pour les vérifier et les tester.',
        'Nous conservons les droits sur nos outils, bibliothèques et savoir-faire préexistants. Lorsqu’ils font partie de vos livrables, vous bénéficiez d’une licence perpétuelle, mondiale et gratuite pour les utiliser et les modifier dans le cadre de votre produit.',
        'Les composants open source restent soumis à leurs propres licences. Nous vous indiquons les licences applicables et n’intégrons pas, sans votre accord, de composants dont les conditions limiteraient votre usage commercial.',
        'Nous ne présentons votre projet dans notre portfolio et ne vous citons comme client qu’avec votre autorisation écrite, que vous pouvez retirer à tout moment.',
      ],
    },
    {
      id: 'confidentiality',
      title: 'Confidentialité',
      clauses: [
        'Chaque partie garde secrètes les informations confidentielles de l’autre et ne les utilise que pour le projet. Cela comprend les plans d’affaires, les données clients, le code source, les identifiants et les termes du présent contrat.',
        'Cette obligation ne s’applique pas aux informations devenues publiques sans faute de la partie qui les reçoit, à celles qu’elle détenait déjà légitimement, ni à celles que la loi l’oblige à divulguer.',
        'La confidentialité s’applique pendant toute la durée du projet et trois ans après sa fin, et sans limite de durée pour les identifiants et les données personnelles. Nous signons volontiers votre propre accord de confidentialité en complément.',
      ],
    },
    {
      id: 'data-protection',
      title: 'Protection des données',
      clauses: [
        'Lorsque nous traitons des données personnelles pour votre compte, nous le faisons uniquement sur vos instructions et conformément à la loi ghanéenne sur la protection des données de 2012 (Act 843) et, le cas échéant, au Règlement général sur la protection des données de l’UE et du Royaume-Uni. Un accord de traitement des données est disponible sur demande.',
        'Nous conservons les identifiants d’accès dans un gestionnaire de mots de passe chiffré, ne donnons accès qu’aux personnes qui travaillent sur votre projet, et restituons ou supprimons identifiants et données à la fin du projet.',
      ],
    },
    {
      id: 'warranty-and-support',
      title: 'Garantie et support',
      clauses: [
        'Pendant 30\u00a0jours après la mise en ligne, nous corrigeons gratuitement tout défaut par lequel un livrable ne fonctionne pas comme le décrit la proposition.',
        'La garantie ne couvre pas les modifications apportées par d’autres que nous, les défaillances de services tiers ou d’hébergements qui échappent à notre contrôle, ni les nouvelles fonctionnalités et demandes qui dépassent la proposition.',
        'À l’issue de la période de garantie, vous pouvez choisir un forfait de support mensuel. Ses délais de réponse, ses horaires et les travaux inclus sont précisés dans le forfait.',
        'Nous réalisons notre travail avec la compétence et le soin raisonnablement attendus. Au-delà des engagements du présent contrat et de la proposition, nous ne donnons aucune autre garantie, dans la mesure permise par la loi.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation de responsabilité',
      clauses: [
        'La responsabilité totale de chaque partie au titre d’un projet ou en lien avec celui-ci est limitée aux honoraires que vous avez versés pour ce projet au cours des 12\u00a0mois précédant le fait générateur de la réclamation.',
        'Aucune des parties n’est responsable des pertes indirectes ou consécutives, notamment les pertes de bénéfices, de chiffre d’affaires, de données ou de clientèle.',
        'Rien dans le présent contrat ne limite la responsabilité en cas de fraude, de décès ou de dommage corporel causé par une négligence, ni pour tout ce qui ne peut être limité par la loi.',
      ],
    },
    {
      id: 'termination',
      title: 'Résiliation',
      clauses: [
        'Chaque partie peut mettre fin à un projet pour quelque motif que ce soit, moyennant un préavis écrit de 14\u00a0jours.',
        'Chaque partie peut mettre fin à un projet immédiatement, par notification écrite, si l’autre commet un manquement grave et n’y remédie pas dans les 14\u00a0jours suivant la demande qui lui en est faite, ou si elle devient insolvable.',
        'En cas de résiliation, vous réglez les travaux réalisés jusqu’à la date de fin ainsi que les frais de tiers déjà engagés. L’acompte est imputé sur ces travaux. Nous vous remettons ensuite l’ensemble des travaux en cours, dont la propriété intellectuelle vous est transférée au paiement.',
        'Les clauses relatives au paiement, à la propriété intellectuelle, à la confidentialité, à la protection des données, à la responsabilité et au droit applicable continuent de s’appliquer après la résiliation.',
      ],
    },
    {
      id: 'governing-law',
      title: 'Droit applicable et litiges',
      clauses: [
        'Le présent contrat est régi par le droit de la République du Ghana.',
        'En cas de litige, les parties s’efforcent d’abord de bonne foi de le résoudre entre leurs représentants de direction dans un délai de 30\u00a0jours.',
        'À défaut de résolution, chaque partie peut soumettre le litige à une médiation puis, en cas d’échec, à un arbitrage à Accra en application de l’Alternative Dispute Resolution Act de 2010 (Act 798), en langue anglaise, devant un arbitre unique. Chaque partie conserve la possibilité de demander aux tribunaux du Ghana des mesures provisoires urgentes.',
      ],
    },
    {
      id: 'general',
      title: 'Dispositions générales',
      clauses: [
        'Nous intervenons en tant que prestataire indépendant\u202f; rien dans le présent contrat ne crée de relation de travail, d’association ou de coentreprise.',
        'Aucune des parties n’est responsable des retards causés par des événements échappant raisonnablement à son contrôle, tels que des coupures d’électricité ou de réseau, des catastrophes naturelles ou des décisions des autorités, à condition d’en informer l’autre partie sans délai.',
        'Les notifications sont envoyées par e-mail aux contacts désignés dans la proposition. Toute modification du présent contrat n’est valable que si elle est convenue par écrit entre les deux parties.',
        'Si une disposition est jugée invalide, le reste du contrat demeure en vigueur.',
      ],
    },
  ],
  questions: 'Des questions sur ces conditions\u202f? Écrivez-nous avant de signer\u202f: nous vous expliquerons chaque point en termes simples.',
};
