import type { AppwritePublicConfig } from '../../shared/config.ts';
import { withJwt } from '../auth/session.ts';

// Files the Worker answers with (a CSV export, a mail attachment) need the staff member's JWT, so a plain
// link cannot fetch them: fetched here, then saved under the name the Worker gave in Content-Disposition.
export async function downloadFile(
  config: AppwritePublicConfig,
  userId: string,
  send: (headers: Record<string, string>) => Promise<Response>,
  fallbackName: string,
  failure: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  let res: Response;
  try {
    res = await withJwt(config, userId, send);
  } catch {
    return { ok: false, message: 'We could not reach the site. Check your connection and try again.' };
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, message: body?.message ?? failure };
  }
  const blob = await res.blob();
  const disposition = res.headers.get('Content-Disposition') ?? '';
  // RFC 6266: filename* (UTF-8, percent-encoded) wins over the plain filename.
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = (utf8 ? decodeURIComponent(utf8) : /filename="([^"]+)"/.exec(disposition)?.[1]) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true };
}
