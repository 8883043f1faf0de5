// Small shapes shared by several content modules.

/** One step of a way of working ("Discover", "Build", ...). */
export interface ProcessStep {
  title: string;
  text: string;
}

/** A question and its answer. Answers are plain text (they also feed JSON-LD). */
export interface FaqItem {
  question: string;
  answer: string;
}

/** A range of weeks, both ends inclusive. */
export interface WeekRange {
  min: number;
  max: number;
}

/** "4–16 weeks" */
export function formatWeeks(w: WeekRange): string {
  return w.min === w.max ? `${w.min} weeks` : `${w.min}–${w.max} weeks`;
}
