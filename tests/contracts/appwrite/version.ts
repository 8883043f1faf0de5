// Which published Appwrite description the contract test holds the stand-in to, and the response format's
// known changes between it and the format the `appwrite` SDK asks for (README.md beside this file).

/** Appwrite's own files, kept as published (server first: its operations win where both have one). */
export const SPEC_FILES = ['./open-api3-1.8.x-server.json', './open-api3-1.8.x-client.json'] as const;

/** The response format `appwrite` 27.0.0 sends as X-Appwrite-Response-Format. */
export const SDK_RESPONSE_FORMAT = '2.0.0';

/**
 * Model changes from the published 1.8.x description to response format 2.0.0, each with its evidence. Every
 * entry must still be needed: the contract test fails when the published schema alone already accepts what
 * the stand-in answers (then the entry is stale, e.g. after a newer description was dropped in).
 */
export const FORMAT_CHANGES: { schema: string; property: string; now: Record<string, unknown>; evidence: string }[] = [
  {
    schema: 'document',
    property: '$sequence',
    now: { type: 'string' },
    evidence: 'appwrite 27.0.0 types/models.d.ts Models.Document.$sequence: string; Appwrite Response/Model/Document.php casts it to a string',
  },

];

/** The component schemas with FORMAT_CHANGES applied (copies; the published objects stay as read). */
export function responseOverlay(schemas: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const out = { ...schemas };
  for (const change of FORMAT_CHANGES) {
    const base = out[change.schema];
    if (!base) throw new Error(`format change for ${change.schema}: no such schema in the description`);
    const properties = { ...(base.properties as Record<string, unknown>), [change.property]: change.now };
    out[change.schema] = { ...base, properties };
  }
  return out;
}

/**
 * Routes real Appwrite serves that its description leaves out (older paths kept as aliases, the OAuth
 * callback and redirect pages), each with the place in Appwrite's source (appwrite/appwrite) that serves
 * it; the stand-in serves them too. Anything else the stand-in serves outside the description is its own
 * (STAND_IN_ONLY).
 */
export const UNDESCRIBED_ROUTES: { method: string; path: string; evidence: string }[] = [
  ...['POST', 'PUT'].map((method) => ({ method, path: '/account/verification', evidence: "app/controllers/api/account.php ->alias('/v1/account/verification')" })),
  ...['POST', 'PUT'].map((method) => ({ method, path: '/account/verification/phone', evidence: "app/controllers/api/account.php ->alias('/v1/account/verification/phone')" })),
  ...['POST', 'PUT'].map((method) => ({ method, path: '/account/mfa/challenge', evidence: "Modules/Account/Http/Account/MFA/Challenges ->httpAlias('/v1/account/mfa/challenge')" })),
  { method: 'POST', path: '/account/jwt', evidence: "app/controllers/api/account.php ->alias('/v1/account/jwt')" },
  { method: 'POST', path: '/account/sessions/magic-url', evidence: "app/controllers/api/account.php ->alias('/v1/account/sessions/magic-url')" },
  { method: 'POST', path: '/account/sessions/phone', evidence: "app/controllers/api/account.php ->alias('/v1/account/sessions/phone')" },
  { method: 'GET', path: '/account/sessions/oauth2/callback/{provider}/{projectId}', evidence: "app/controllers/api/account.php Http::get('/v1/account/sessions/oauth2/callback/:provider/:projectId')" },
  { method: 'GET', path: '/account/sessions/oauth2/{provider}/redirect', evidence: "app/controllers/api/account.php Http::get('/v1/account/sessions/oauth2/:provider/redirect')" },
];

/** The stand-in's own routes: the sign-in page of its pretend OAuth provider. */
export const STAND_IN_ONLY = ['GET /__oauth/{provider}/authorize', 'POST /__oauth/{provider}/authorize'];
