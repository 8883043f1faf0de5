// The wire types refuse what Gemini does not send: each line below must fail `tsc` (npx tsc -b checks it).
import type { GenerateContentWire } from './wire.ts';

// @ts-expect-error a finish reason Gemini does not have
export const unknownReason: GenerateContentWire = { candidates: [{ finishReason: 'DONE' }] };
// @ts-expect-error a misnamed field (Gemini says usageMetadata)
export const misnamed: GenerateContentWire = { usage: { promptTokenCount: 1 } };
// @ts-expect-error a part field of the wrong type
export const wrongType: GenerateContentWire = { candidates: [{ content: { parts: [{ text: 42 }] } }] };
// What the stand-in sends is accepted.
export const streamed: GenerateContentWire = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }, { functionCall: { name: 'f', args: {} }, thoughtSignature: 'sig' }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 1, totalTokenCount: 43 },
  modelVersion: 'gemini-2.5-flash',
  responseId: 'r',
};
