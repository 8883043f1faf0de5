import { convert } from 'html-to-text';

// The text of a prospect's message: its text/plain part, or, for HTML-only mail, the HTML as text
// (html-to-text: quotations become "> " lines and headers such as "On … wrote:" stay lines of their own,
// so shared/mail/quoted.ts strips them as in plain mail). postal-mime leaves `text` empty for HTML-only
// mail. No I/O (here, not in shared/, because shared/ takes only the packages the layer check lists).

const HTML_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'hr', format: 'skip' },
  ],
};

export function bodyText(message: { text?: string | undefined; html?: string | undefined }): string {
  if (message.text?.trim()) return message.text;
  return message.html ? convert(message.html, HTML_OPTIONS) : '';
}
