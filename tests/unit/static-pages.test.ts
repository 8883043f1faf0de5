import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFiles, staticPages } from '../../web/pageFiles.ts';
import type { PageKey } from '../../shared/routePaths.ts';

// A static page keeps its prerendered HTML on the page the browser loaded: its code never runs there
// (web/hydration/StaticHtml.tsx). So nothing in it, or in what it imports from web/, may hold state, run an
// effect, read a context or handle an event: on a first visit that part would silently do nothing. Reading
// the address (useParams, and the URL's language: useLocale, useI18n, useHref of web/i18n/i18n.ts) is
// allowed: the prerenderer rendered the same address.

const web = resolve(import.meta.dirname, '../../web');
/** What makes a component more than a function of the address. */
const LIVE = /\buse(?!(?:Params|Locale|I18n|Href)\b)[A-Z]\w*\s*\(|\buse\s*\(|\bon[A-Z][A-Za-z]*=\{|<form\b/g;

/** The files under web/ that `file` imports, directly or not, itself included. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = resolve(dirname(file), spec!);
    if (target.startsWith(web) && /\.tsx?$/.test(target) && existsSync(target)) closure(target, seen);
  }
  return seen;
}

/** Each file of the code of `entry` (a file under web/) that has something live, with what. StaticHtml itself,
 * which a part may import to wrap itself, is the mechanism, not the part. */
function liveFiles(entry: string): string[] {
  const mechanisms = ['hydration/StaticHtml.tsx', 'i18n/i18n.ts'];
  return [...closure(resolve(web, entry))].filter((file) => !mechanisms.includes(relative(web, file))).flatMap((file) => {
    const found = [...new Set([...readFileSync(file, 'utf8').matchAll(LIVE)].map((m) => m[0]))];
    return found.length ? [`${relative(web, file)}: ${found.join(' ')}`] : [];
  });
}

const liveParts = (page: PageKey) => liveFiles(`pages/${pageFiles[page]}.tsx`);

describe('static pages', () => {
  for (const page of staticPages) {
    it(`${page}: nothing in its code holds state, runs effects, reads context or handles events`, () => {
      expect(liveParts(page)).toEqual([]);
    });
  }

  it('every page whose code is a function of its address alone is listed as static', () => {
    const candidates = (Object.keys(pageFiles) as PageKey[]).filter((page) => liveParts(page).length === 0);
    expect(new Set(candidates)).toEqual(staticPages);
  });

  it('the check sees what makes a page live: the contact form and the portfolio filter', () => {
    expect(liveParts('contact').join('\n')).toMatch(/forms\/SubmissionForm\.tsx: .*useState\(.*<form/);
    expect(liveParts('portfolio').join('\n')).toMatch(/pages\/PortfolioPage\.tsx: .*onClick=\{/);
  });

  it("the frame's static parts have nothing live: the footer, the logo and the header's links (web/components/Header.tsx, MobileMenu.tsx)", () => {
    for (const part of ['components/Footer.tsx', 'components/NavLinks.tsx', 'components/Logo.tsx']) expect(liveFiles(part), part).toEqual([]);
    // What the header gives its static part: the logo and the links, with the path as a prop.
    const header = readFileSync(resolve(web, 'components/Header.tsx'), 'utf8');
    expect(header).toMatch(/<StaticHtml key=\{pathname\} name="header-nav"[^>]*>\s*<Logo \/>\s*<MainNav pathname=\{pathname\} \/>\s*<\/StaticHtml>/);
    const menu = readFileSync(resolve(web, 'components/MobileMenu.tsx'), 'utf8');
    expect(menu).toMatch(/<StaticHtml name="menu-logo"[^>]*>\s*<Logo \/>\s*<\/StaticHtml>/);
    expect(menu).toMatch(/<StaticHtml key=\{pathname\} name="menu-nav">\s*<MobileNav pathname=\{pathname\} \/>\s*<\/StaticHtml>/);
  });

  it('a form page has nothing live outside its form: its heading and aside keep their HTML (web/forms/FormPage.tsx)', () => {
    const formPages = (Object.keys(pageFiles) as PageKey[]).filter((page) =>
      readFileSync(resolve(web, `pages/${pageFiles[page]}.tsx`), 'utf8').includes("from '../forms/FormPage.tsx'"));
    expect(formPages.length).toBeGreaterThanOrEqual(4);
    for (const page of formPages) {
      const own = readFileSync(resolve(web, `pages/${pageFiles[page]}.tsx`), 'utf8');
      expect([...own.matchAll(LIVE)].map((m) => m[0]), page).toEqual([]);
    }
  });
});
