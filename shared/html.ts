// The one HTML escaper, for text and double-quoted attribute values of HTML (and XML text).
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ENTITIES[c]!);
