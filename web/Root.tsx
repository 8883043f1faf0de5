import { StrictMode, type ReactNode } from 'react';
import { App } from './App.tsx';
import { AuthProvider } from './auth/AuthContext.tsx';
import { ConfigProvider } from './config.tsx';
import { BookingProvider } from './booking/BookingContext.tsx';
import type { PublicConfig } from '../shared/config.ts';

// Shared by the client entry and the prerenderer so that both render the same tree.
export function Root({ router, config }: { router: (app: ReactNode) => ReactNode; config: PublicConfig | null }) {
  return (
    <StrictMode>
      <ConfigProvider value={config}>
        <AuthProvider>
          <BookingProvider>{router(<App />)}</BookingProvider>
        </AuthProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
