// Small shapes shared by several content modules (types only, so that no code chunk is made of it).

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
