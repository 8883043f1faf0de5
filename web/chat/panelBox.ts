// Shared by the launcher's placeholder (ChatLauncher.tsx) and the panel (ChatPanel.tsx), so one opens where the other was.

/** The panel's place and size: the whole screen on a phone, a card beside the page. */
export const PANEL_BOX = 'fixed inset-0 z-50 h-[100dvh] bg-white shadow-2xl sm:inset-auto sm:bottom-5 sm:right-5 sm:h-[min(40rem,calc(100dvh-2.5rem))] sm:w-[24rem] sm:rounded-2xl sm:border sm:border-slate-200';
