// Saves a file the Worker answered (it needs the staff member's JWT, so a plain link cannot ask for it)
// under the name its Content-Disposition gives, or `fallback`.
export async function saveResponse(res: Response, fallback: string): Promise<void> {
  const blob = await res.blob();
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = (utf8 ? decodeURIComponent(utf8) : /filename="([^"]+)"/.exec(disposition)?.[1]) ?? fallback;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
