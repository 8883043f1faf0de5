import { Hono } from 'hono';

// POST /api/forms/:kind — validated, queued, then acknowledged.
export const forms = new Hono<{ Bindings: Env }>();
