import { lazy, useCallback } from 'react';
import { useAuth } from './AuthContext.tsx';
import { LazyPart } from '../hydration/LazyPart.tsx';

const AuthMessageDialog = lazy(() => import('./AuthMessageDialog.tsx'));

// The auth message modal of docs/product.md §4.3, shown while the auth state holds a message. Its code is
// fetched only when there is one.
export function AuthMessageModal() {
  const { authMessage, setAuthMessage } = useAuth();
  const close = useCallback(() => setAuthMessage(null), [setAuthMessage]);
  if (authMessage === null) return null;
  return (
    <LazyPart resetKey={authMessage}>
      <AuthMessageDialog message={authMessage} onClose={close} />
    </LazyPart>
  );
}
