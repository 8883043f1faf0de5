import { addCatalog } from './catalogs.ts';
import './enPages.ts';
import './enContent.ts';
import './enCompany.ts';
import * as fr from './fr.ts';
// The French parts (shared/i18n/frenchParts.ts), which the browser fetches page by page.
import './fr/prose.ts';
import './fr/services.ts';
import './fr/portfolio.ts';
import './fr/company.ts';
import './fr/faq.ts';
import './fr/careers.ts';
import './fr/affiliate.ts';
import './fr/agreement.ts';
import './fr/account.ts';
import './fr/forms.ts';
import { frenchFormWords } from './formWords.ts';
import './fr/chat.ts';
import './fr/content.ts';
import './fr/companyWords.ts';
import './fr/dashboard.ts';

// Every catalog at once, for code that renders any page (the prerenderer, the server render, tests).
// Never imported by the browser's code: there a French page loads its catalog on its own.
addCatalog('fr', fr.messages);
addCatalog('fr', frenchFormWords);
