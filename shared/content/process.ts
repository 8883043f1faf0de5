import type { ProcessStep } from './types.ts';

// How every project runs, from the first call to support (home and about pages).
export const agencyProcess: readonly ProcessStep[] = [
  { title: 'Free consultation', text: 'A 30-minute call about your goals, users, budget and deadline. Within two working days you receive a written scope and a fixed quote.' },
  { title: 'Prototype in days', text: 'Before production code, you click through a prototype of the core journey and test it with real users.' },
  { title: 'Build in weekly sprints', text: 'Every week ends with a demo on a link you can share. You can change priorities between sprints.' },
  { title: 'Launch', text: 'We test speed, accessibility and security, migrate your data and go live on a date that suits your business.' },
  { title: 'Support and grow', text: 'Thirty days of free fixes after launch, then optional support plans as your product grows.' },
];
