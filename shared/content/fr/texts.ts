/** A string for each of an English content module's strings, same keys and list lengths (readonly, so the English module is one too). */
export type Texts<T> = T extends string ? string : T extends readonly (infer U)[] ? readonly Texts<U>[] : { readonly [K in keyof T]: Texts<T[K]> };
