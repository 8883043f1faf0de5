import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { CONFIG_META_NAME, type PublicConfig } from '../shared/config.ts';

// Pages are prerendered without configuration (it is read at run time, decision 8). To hydrate without a
// mismatch, the first client render sees null too and the real value arrives right after hydration.
const ConfigContext = createContext<PublicConfig | null>(null);

export function ConfigProvider({ value, children }: { value: PublicConfig | null; children: ReactNode }) {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => setConfig(value), [value]);
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export const useConfig = () => useContext(ConfigContext);

/** The Worker writes the public configuration into every HTML page (functions/html.ts). */
export function readConfigFromDocument(doc: Document): PublicConfig | null {
  const raw = doc.querySelector(`meta[name="${CONFIG_META_NAME}"]`)?.getAttribute('content');
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PublicConfig;
  } catch {
    return null;
  }
}
