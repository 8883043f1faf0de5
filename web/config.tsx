import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { CONFIG_META_NAME, type PublicConfig } from '../shared/config.ts';

// Pages are prerendered without configuration (it is read at run time, docs/architecture.md §9). To hydrate without a
// mismatch, the first client render sees null too and the real value arrives right after hydration.
// Anything that depends on configuration therefore appears after hydration; `useConfigReady` tells
// "not known yet" (false) from "known to be absent" (true with a null config).
//
// Every change of a context above the pages happens in a transition. A page's Suspense boundary may still
// be dehydrated (its code loading) when the change arrives; React then waits for it to hydrate instead of
// throwing the prerendered page away and showing 'Loading...' (a large layout shift).
interface ConfigState {
  config: PublicConfig | null;
  ready: boolean;
}

const ConfigContext = createContext<ConfigState>({ config: null, ready: false });

export function ConfigProvider({ value, children }: { value: PublicConfig | null; children: ReactNode }) {
  const [state, setState] = useState<ConfigState>({ config: null, ready: false });
  useEffect(() => startTransition(() => setState({ config: value, ready: true })), [value]);
  return <ConfigContext.Provider value={state}>{children}</ConfigContext.Provider>;
}

export const useConfig = () => useContext(ConfigContext).config;
export const useConfigReady = () => useContext(ConfigContext).ready;

/** The Worker writes the public configuration into every HTML page (functions/site.ts). */
export function readConfigFromDocument(doc: Document): PublicConfig | null {
  const raw = doc.querySelector(`meta[name="${CONFIG_META_NAME}"]`)?.getAttribute('content');
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PublicConfig;
  } catch {
    return null;
  }
}
