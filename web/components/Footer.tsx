import { site } from '../../shared/site.ts';

export function Footer() {
  return <footer className="border-t border-slate-200 py-8 text-center text-sm">© {site.footerYear} {site.name}. All rights reserved.</footer>;
}
