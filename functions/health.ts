// GET /api/health: that this Worker answers with a valid configuration (an invalid one answers 503 before
// any route, functions/pipeline.ts), and which version answered, for gradual rollouts (docs/operations.md).
// No outbound call and no Durable Object: it stays as cheap as a static answer, so it can be polled often
// and cannot be used to make the site call Appwrite, FormSubmit or Gemini (docs/decisions/0024).

export interface HealthResponse {
  status: 'ok';
  /** The Worker version serving this request: its id, its tag (the commit it was uploaded from) and upload time. */
  version: { id: string; tag: string | null; uploadedAt: string | null } | null;
}

export function health(env: Partial<Pick<Env, 'CF_VERSION_METADATA'>>): HealthResponse {
  const v = env.CF_VERSION_METADATA;
  return {
    status: 'ok',
    version: v?.id ? { id: v.id, tag: v.tag || null, uploadedAt: v.timestamp || null } : null,
  };
}
