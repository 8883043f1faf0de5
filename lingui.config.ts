import { formKinds } from './shared/submissionKinds.ts';

// Lingui's catalogs (docs/decisions/0032-french-and-i18n.md), two per language. Messages have explicit ids; the English text
// is the `en` catalog's translation, so English and French are edited the same way. `npm run i18n:compile`
// turns both into TypeScript modules next to them (generated, not committed); --strict fails on a message
// missing from a catalog.
export default {
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [
    // What every page shows (the header, the footer, the mobile menu, cards): part of the app's code.
    { path: '<rootDir>/shared/i18n/locales/{locale}', include: ['web/components'] },
    // One page's own text: English loads with that page's code (shared/i18n/enPages.ts).
    { path: '<rootDir>/shared/i18n/pages/{locale}', include: ['web/pages'] },
    // The forms (shared/forms, web/forms): what every form page shares (errors, summary, sending), then one
    // catalog per form kind (its page, labels, hints, required messages and own choices), so a French form page
    // fetches only its own form's words (shared/i18n/frenchParts.ts). French only is read from them at run time
    // (English keeps its modules' text word for word, tests/unit/i18n-catalogs.test.ts compares).
    { path: '<rootDir>/shared/i18n/forms/{locale}', include: ['shared/forms', 'web/forms'] },
    ...formKinds.map((kind) => ({ path: `<rootDir>/shared/i18n/forms/${kind}/{locale}`, include: ['shared/forms', 'web/forms', 'web/pages'] })),
    // The success page's, which no form page shows.
    { path: '<rootDir>/shared/i18n/forms/success/{locale}', include: ['web/pages/SuccessPage.tsx', 'web/pages/ReplyBy.tsx'] },
    // The content pages' own text (service pages, portfolio, company pages): English loads with those pages
    // (shared/i18n/enContent.ts).
    { path: '<rootDir>/shared/i18n/content/{locale}', include: ['web/pages/ServicePage.tsx', 'web/pages/PortfolioPage.tsx', 'web/pages/PortfolioDetailPage.tsx', 'web/pages/AboutPage.tsx', 'web/pages/TeamPage.tsx', 'web/components/content/TeamCard.tsx', 'web/pages/FaqPage.tsx'] },
    // The careers, partner programme and agreement pages' own text: English loads with those pages
    // (shared/i18n/enCompany.ts); their long French text is shared/content/fr/{careers,affiliate,agreement}.ts.
    { path: '<rootDir>/shared/i18n/company/{locale}', include: ['web/pages/CareerPage.tsx', 'web/pages/AffiliatePage.tsx', 'web/pages/AgreementPage.tsx'] },
    // The chat's (panel, flows, local assistant): French is a French part that loads with the panel's code
    // (shared/i18n/fr/chat.ts) and, on the server, with the chat route (shared/chat/text.ts); English stays in the
    // chat's own modules.
    { path: '<rootDir>/shared/i18n/chat/{locale}', include: ['web/chat', 'shared/chat'] },
    // What any page or API answer may say (the error fallback, the rate-limit messages, the reply promise, the
    // Accra-time notes, the WhatsApp links' names, the chat launcher's name): French with the French chunk and, on
    // the server, where the rate limits answer (shared/i18n/common.ts).
    { path: '<rootDir>/shared/i18n/common/{locale}', include: ['web/components/ErrorBoundary.tsx', 'shared/messages.ts'] },
    // The e-mails to visitors (the acknowledgement): read by the Worker only (functions/promise/ack.ts), never
    // by a page; English stays the mail modules' own text (shared/ackMail.ts, shared/replyBy.ts).
    { path: '<rootDir>/shared/i18n/mail/{locale}', include: ['shared/ackMail.ts', 'shared/mail'] },
    // The account messages any page may show (signed in or out, session ended): French loads with the French chunk
    // (shared/i18n/fr.ts); English stays the code's own text (read through shared/i18n/say.ts).
    { path: '<rootDir>/shared/i18n/account/{locale}', include: ['web/auth'] },
    // The account pages' words (sign-in, sign-up, verify e-mail and phone, reset password) and those they share with
    // the dashboard (errors, form checks, field names): French is a French part (shared/i18n/fr/account.ts), fetched
    // with those pages and the French dashboard only.
    { path: '<rootDir>/shared/i18n/account/pages/{locale}', include: ['web/pages/SignInPage.tsx', 'web/pages/SignUpPage.tsx', 'web/pages/VerifyEmailPage.tsx', 'web/pages/VerifyPhonePage.tsx', 'web/pages/ResetPasswordPage.tsx'] },
    // The dashboard's panels: French is a French part fetched with the account area on /fr/dashboard only
    // (shared/i18n/fr/dashboard.ts, web/App.tsx).
    { path: '<rootDir>/shared/i18n/account/dashboard/{locale}', include: ['web/dashboard'] },
  ],
  compileNamespace: 'ts',
};
