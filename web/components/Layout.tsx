import { Suspense, type ReactNode } from 'react';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { AuthMessageModal } from '../auth/AuthMessageModal.tsx';
import { DebugPanelGate } from '../debug/DebugPanelGate.tsx';
import { RouteEffects } from '../navigation/RouteEffects.tsx';
import { usePreloadedFont } from '../hydration/fonts.ts';
import { ChatLauncher } from '../chat/ChatLauncher.tsx';
import { Ready } from '../hydration/ready.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { LanguageSuggestion } from './LanguageSuggestion.tsx';
import { FooterWhatsAppLater } from '../whatsapp/later.tsx';
import { LightModeBar } from '../light/LightModeToggle.tsx';

// The frame of every page. Regions carry data-page-region so overlays can take them out of reach
// (web/overlay/focus.ts). Header, main (web/App.tsx) and footer are Suspense boundaries of their own, so that
// hydration, which runs in a transition (web/hydrate.tsx), can commit them apart and hydrates first the one a
// visitor touches (docs/decisions/0009-first-paint-from-html.md).
export function Layout({ children }: { children: ReactNode }) {
  usePreloadedFont();
  const i18n = useI18n();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-ink focus:shadow-lg"
      >
        {i18n._('frame.skip')}
      </a>
      <LanguageSuggestion />
      <Suspense fallback={null}>
        <Header />
        <Ready region="header" />
      </Suspense>
      <main id="main" tabIndex={-1} data-page-region="content" className="flex-1 outline-none">
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer>
          <FooterWhatsAppLater />
        </Footer>
        <LightModeBar />
        <Ready region="footer" />
      </Suspense>
      <AuthMessageModal />
      <DebugPanelGate />
      <RouteEffects />
      <ChatLauncher />
    </div>
  );
}
