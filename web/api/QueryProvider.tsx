import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext.tsx';
import { newQueryClient } from './queries.ts';

/** One query cache per signed-in account: a sign-out or a change of account starts with an empty cache. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const owner = auth.status === 'signed-in' ? auth.user.$id : null;
  const [cache, setCache] = useState<{ owner: string | null; client: QueryClient }>(() => ({ owner, client: newQueryClient() }));
  if (cache.owner !== owner) {
    setCache({ owner, client: newQueryClient() });
  }
  return <QueryClientProvider client={cache.client}>{children}</QueryClientProvider>;
}
