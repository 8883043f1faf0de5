// Business constants and limits (spec.md section 9, and limits we chose where the spec is silent).

/** Largest request body the API accepts (a career application with a long cover letter fits easily). */
export const MAX_BODY_BYTES = 64 * 1024;
