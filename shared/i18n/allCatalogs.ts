import { addCatalog } from './catalogs.ts';
import './enPages.ts';
import './enContent.ts';
import './enCompany.ts';
import { addProse } from '../content/proseRegistry.ts';
import * as fr from './fr.ts';

// Every catalog at once, for code that renders any page (the prerenderer, the server render, tests).
// Never imported by the browser's code: there a French page loads its catalog on its own.
addCatalog('fr', fr.messages);
addProse('fr', fr.prose);
