// Gemini's answers as JSON on the wire, typed by Google's own SDK (@google/genai): the SDK's response
// classes with their getters left out and each enum as the strings it stands for. The Gemini stand-in
// builds its answers as these types, so an answer the SDK does not describe fails `tsc`
// (tests/unit/gemini-contract.test.ts checks at run time that the SDK reads them back whole).
import type { BlockedReason, FinishReason, GenerateContentResponse } from '@google/genai';

/** A type as JSON: string enums become their values' union, getters and methods are dropped by the caller. */
export type Wire<T> = T extends string
  ? string extends T ? string : `${T}`
  : T extends number | boolean | null | undefined
    ? T
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

/** The getters of GenerateContentResponse (computed by the SDK, never sent) and what only the SDK adds. */
type ComputedBySdk = 'text' | 'data' | 'functionCalls' | 'executableCode' | 'codeExecutionResult' | 'initialPromptTokenCount' | 'sdkHttpResponse' | 'automaticFunctionCallingHistory';

/** One GenerateContentResponse (a whole answer, or one chunk of a streamed one) as Google sends it. */
export type GenerateContentWire = Wire<Omit<GenerateContentResponse, ComputedBySdk>>;
export type CandidateWire = NonNullable<GenerateContentWire['candidates']>[number];
export type PartWire = NonNullable<NonNullable<CandidateWire['content']>['parts']>[number];
export type FinishReasonWire = `${FinishReason}`;
export type BlockedReasonWire = `${BlockedReason}`;
