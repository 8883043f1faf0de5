import { lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { OAUTH_DEBUG_EVENT, readOAuthDebug } from './oauthDebug.ts';
import { LazyPart } from './LazyPart.tsx';

const DebugPanel = lazy(() => import('./DebugPanel.tsx'));

/** Shows the (lazily loaded) debug panel only while window.__OAUTH_DEBUG__ exists; see oauthDebug.ts. */
export function DebugPanelGate() {
  const { key } = useLocation();
  const [value, setValue] = useState<unknown>(undefined);
  useEffect(() => {
    const read = () => setValue(() => readOAuthDebug());
    read();
    window.addEventListener(OAUTH_DEBUG_EVENT, read);
    return () => window.removeEventListener(OAUTH_DEBUG_EVENT, read);
  }, [key]);
  if (value === undefined || value === null) return null;
  return (
    <LazyPart resetKey={key}>
      <DebugPanel value={value} />
    </LazyPart>
  );
}
