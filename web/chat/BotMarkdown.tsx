import type { ReactNode } from 'react';
import { Markdown, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { link, safeHref, SiteLink } from './ChatParts.tsx';

// The assistant's answers as Markdown (lists, bold, links), turned into React elements by markdown-to-jsx:
// raw HTML in an answer stays text, images are not shown, and a link is followed only to a site path, an
// http(s) or a mailto address (SiteLink: other sites open in a new tab with rel="noopener noreferrer").

const options: MarkdownToJSX.Options = {
  disableParsingRawHTML: true,
  forceBlock: true,
  // Addresses the chat does not follow are dropped by the parser; SiteLink checks again.
  sanitizer: (value) => safeHref(value.trim()),
  overrides: {
    a: ({ href, children }: { href?: string; children?: ReactNode }) => <SiteLink href={href} className={link}>{children}</SiteLink>,
    img: () => null,
    p: { props: { className: 'my-1 first:mt-0 last:mb-0' } },
    ul: { props: { className: 'my-1 list-disc space-y-0.5 pl-5' } },
    ol: { props: { className: 'my-1 list-decimal space-y-0.5 pl-5' } },
    h1: { component: 'p', props: { className: 'my-1 font-semibold' } },
    h2: { component: 'p', props: { className: 'my-1 font-semibold' } },
    h3: { component: 'p', props: { className: 'my-1 font-semibold' } },
    h4: { component: 'p', props: { className: 'my-1 font-semibold' } },
    code: { props: { className: 'rounded bg-slate-200 px-1' } },
  },
};

// While an answer streams in, half-written markup (an unclosed ** or [link) is held back, not shown raw.
const streamingOptions: MarkdownToJSX.Options = { ...options, optimizeForStreaming: true };

export function BotMarkdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return <Markdown options={streaming ? streamingOptions : options}>{text}</Markdown>;
}
