/**
 * A click the page may take over: the main button, no modifier key (so "open in a new tab or window" and
 * "download" stay the browser's), and nothing else has handled it yet. Takes the DOM's and React's events.
 */
export const isPlainClick = (event: Pick<MouseEvent, 'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
