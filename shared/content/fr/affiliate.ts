import type { affiliate } from '../affiliate.ts';
import type { Texts } from './texts.ts';
import { site } from '../../site.ts';
import { percentIn, usdIn } from '../../i18n/format.ts';

// The French text of the partner programme page (shared/content/affiliate.ts), by the same keys; the
// commission is the site's, written the French way ("40 %"). Loaded with its pages under /fr only (shared/i18n/frenchParts.ts).
export type AffiliateText = Texts<typeof affiliate>;

const commission = percentIn('fr', site.affiliateCommission);

export const affiliateText: AffiliateText = {
  badge: `GAGNEZ ${commission}`,
  commission,
  hero: {
    title: `Recommandez Volta Labs à vos clients et touchez ${commission} de commission`,
    lead: `Vous connaissez une entreprise, une église ou une association qui a besoin d’un site web, d’une application ou d’une meilleure infrastructure cloud\u202f? Mettez-la en relation avec nous. Nous réalisons le travail\u202f; vous touchez ${commission} du montant de son premier projet.`,
  },
  howItWorks: [
    { title: 'Candidatez', text: 'Remplissez le formulaire de candidature partenaire. Nous l’examinons et vous répondons sous deux jours ouvrés.' },
    { title: 'Présentez-nous', text: 'Faites les présentations par e-mail, ou partagez votre lien de parrainage personnel avec votre entourage.' },
    { title: 'Nous réalisons', text: 'Nous menons la consultation, la proposition et le projet, et vous tenons informé de l’avancement si le client l’accepte.' },
    { title: 'Vous êtes rémunéré', text: `Vous recevez ${commission} de chaque paiement du client pour son premier projet, dans les 14\u00a0jours qui suivent chaque paiement.` },
  ],
  whoFor: [
    { title: 'Freelances et designers', text: 'Confiez-nous le développement que vous déclinez, tout en gardant la relation avec votre client.' },
    { title: 'Consultants et experts-comptables', text: 'Aidez vos clients à passer au numérique avec une équipe dont vous pouvez vous porter garant.' },
    { title: 'Agences de marketing et de relations presse', text: 'Proposez des sites web, des applications et du SEO sans recruter de développeurs.' },
    { title: 'Responsables associatifs et religieux', text: 'Mettez les organisations que vous servez en relation avec une équipe qui les comprend.' },
    { title: 'Nos anciens clients', text: 'Recommandez-nous à vos amis et partenaires, et soyez récompensé pour cela.' },
  ],
  example: {
    title: `${commission}, concrètement`,
    text: `Vous nous présentez une entreprise qui signe un projet de site web de ${usdIn('fr', 8000)}. Au fil du paiement de l’acompte puis de la facture finale, vous recevez ${usdIn('fr', 3200)} au total.`,
  },
  terms: [
    `La commission s’élève à ${commission} des honoraires du premier projet signé avec chaque client que vous recommandez, hors taxes, budgets publicitaires et frais de tiers comme l’hébergement ou les licences.`,
    'Une recommandation est prise en compte lorsque le client signe dans les 90\u00a0jours suivant votre mise en relation et n’était pas déjà en discussion avec nous.',
    'La commission est versée dans les 14\u00a0jours qui suivent chaque paiement du client, par virement bancaire ou mobile money, en dollars américains ou en cedis ghanéens.',
    'Le nombre de clients recommandés et le montant de vos gains ne sont pas plafonnés.',
    'Les partenaires ne peuvent ni acheter notre nom de marque en publicité sur les moteurs de recherche, ni se présenter comme membres de l’équipe de Volta Labs.',
  ],
  faqs: [
    { question: 'Dois-je vendre ou gérer le projet\u202f?', answer: 'Non. Vous faites la mise en relation\u202f; nous nous chargeons de la consultation, de la proposition, de la réalisation et du support.' },
    { question: 'Comment savoir si ma recommandation a bien été enregistrée\u202f?', answer: 'Nous confirmons chaque mise en relation par e-mail sous deux jours ouvrés et vous envoyons un relevé avec chaque versement.' },
    { question: 'L’inscription est-elle payante\u202f?', answer: 'Non. Le programme est gratuit, et vous pouvez le quitter à tout moment.' },
  ],
};
