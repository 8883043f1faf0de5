import { BotMarkdown } from './BotMarkdown.tsx';
import { ChatParts, EstimateCard } from './ChatParts.tsx';
import type { ChatMessage } from './chatState.ts';
import { chatSay } from '../../shared/chat/text.ts';
import { useLocale } from '../i18n/i18n.ts';

// The conversation's lines as the panel's log shows them, and the typing indicator under them.

export function ChatMessages({ messages, name }: { messages: readonly ChatMessage[]; name: string }) {
  const locale = useLocale();
  const ui = (id: string, en: string, values?: Record<string, unknown>) => chatSay(locale, `chat.ui.${id}`, en, values);
  const speaker = (who: string) => ui('speaker', `${who}: `, { name: who });
  return messages.map((m) => m.live?.from === 'system' ? (
    <p key={m.id} data-type="system" className="px-2 text-center text-xs italic text-slate-600">{m.text}</p>
  ) : (
    <div key={m.id} data-type={m.type} data-status={m.status} data-from={m.live?.from} className={m.type === 'user' ? 'flex flex-col items-end' : 'flex flex-col items-start'}>
      {m.live?.from === 'staff' ? <span className="mb-0.5 text-xs font-semibold text-slate-700">{m.live.name ?? ui('ourTeam', 'Our team')}</span> : null}
      <div className={`max-w-[85%] break-words rounded-2xl px-3 py-2 text-sm ${m.markdown ? '' : 'whitespace-pre-line '}${
        m.type === 'user' ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-800'
      }`} data-streaming={m.streaming ? '' : undefined}>
        <span className="sr-only">{m.type === 'user' ? speaker(ui('you', 'You')) : m.live?.from === 'staff' ? '' : speaker(name)}</span>
        {m.markdown ? <BotMarkdown text={m.text} streaming={m.streaming} /> : m.text}
      </div>
      {m.estimate ? <div className="w-[85%]"><EstimateCard estimate={m.estimate} /></div> : null}
      {m.parts?.length ? <div className="w-[85%]"><ChatParts parts={m.parts} /></div> : null}
      {m.type === 'user' ? (
        <span className="mt-0.5 text-xs text-slate-600">{m.status === 'sending' ? ui('sending', 'Sending…') : m.status === 'sent' ? ui('sent', 'Sent') : ui('seen', 'Seen')}</span>
      ) : null}
    </div>
  ));
}

export function TypingIndicator({ who }: { who: string }) {
  const locale = useLocale();
  return (
    <div className="flex items-center gap-1 rounded-2xl bg-slate-100 px-3 py-3 w-fit" data-typing="">
      <span className="sr-only">{chatSay(locale, 'chat.ui.typing', `${who} is typing`, { name: who })}</span>
      <span aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-slate-500" />
      <span aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:150ms]" />
      <span aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:300ms]" />
    </div>
  );
}
