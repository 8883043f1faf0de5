import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext.tsx';
import { newQueryClient } from './queries.ts';

/** One query cache while the account areas are open, emptied when the signed-in account changes. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(newQueryClient);
  // The provider itself reads no context: re-rendering it on the session check would disturb the
  // hydration of the area's prerendered shell below it. A leaf beside the area watches the account.
  return (
    <QueryClientProvider client={client}>
      <ForgetOtherAccounts />
      {children}
    </QueryClientProvider>
  );
}

function ForgetOtherAccounts() {
  const auth = useAuth();
  const client = useQueryClient();
  const owner = auth.status === 'signed-in' ? auth.user.$id : auth.status === 'loading' ? undefined : null;
  const seen = useRef(owner);
  useEffect(() => {
    if (owner === undefined || owner === seen.current) return;
    // Signed out, or another account: nothing the previous one was shown stays in memory.
    if (seen.current !== undefined) client.clear();
    seen.current = owner;
  }, [owner, client]);
  return null;
}
